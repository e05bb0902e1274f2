/* call_reg_params.c — reference for call_reg_params.ptx. */
#include <stdio.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_reg_params/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[64], *po = out;
    void *p[] = {&po};
    p2n_result r = p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++) {
        int a = t, b = 2 * t, want = (t & 3) == 3 ? -1 : a < 10 ? a * b : a + b;
        if (out[t] != want) {
            printf("FAIL exec/call_reg_params/divergent_reg_call: [%d] = %d, expected %d\n", t, out[t], want);
            ok = 0;
        }
    }
    if (r != P2N_SUCCESS)
        printf("FAIL exec/call_reg_params/divergent_reg_call: %s\n", p2n_error_message());
    else if (ok)
        printf("PASS exec/call_reg_params/divergent_reg_call\n");
    p2n_module_unload(m);
    return !ok;
}
