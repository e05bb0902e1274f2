/* rt_spin.c — warp 0 spins with __nanosleep on a flag warp 1 sets. */
#include <stdio.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/rt_spin/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[16] = {0}, *po = out;
    void *p[] = {&po};
    p2n_result r = p2n_launch(m, "spin_wait", (p2n_dim3){8, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int b = 0; ok && b < 8; b++)
        ok = out[2 * b] == 42 + b;
    printf("%s exec/rt_spin/flag_from_other_warp%s%s\n", ok ? "PASS" : "FAIL", ok ? "" : ": ",
           ok ? "" : p2n_error_message());
    p2n_module_unload(m);
    return !ok;
}
