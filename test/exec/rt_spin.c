/* rt_spin.c — warp 0 spins with __nanosleep on a flag warp 1 sets. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/rt_spin/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[32] = {0}, *po = out; /* sleepy writes one int a thread */
    void *p[] = {&po};
    p2n_result r = p2n_launch(m, "spin_wait", (p2n_dim3){8, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int b = 0; ok && b < 8; b++)
        ok = out[2 * b] == 42 + b;
    printf("%s exec/rt_spin/flag_from_other_warp%s%s\n", ok ? "PASS" : "FAIL", ok ? "" : ": ",
           ok ? "" : p2n_error_message());

    /* 4 x 0.5 ms in a one-warp CTA: at least 1.8 ms must pass */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    r = p2n_launch(m, "sleepy", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, p);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) * 1e-6;
    int slept = r == P2N_SUCCESS && ms >= 1.8;
    printf("%s exec/rt_spin/nanosleep_sleeps_in_a_lone_warp%s", slept ? "PASS" : "FAIL", slept ? "\n" : "");
    if (!slept)
        printf(": %.3f ms for 4 x 0.5 ms (%s)\n", ms, p2n_error_message());
    p2n_module_unload(m);
    return !(ok && slept);
}
