/* longblock.c — runs test/cli/longblock.sh's kernels (N diamonds; M
 * rounds of accesses) on 64 threads, 8 floats each, and compares every
 * float with the same arithmetic in C.  The accesses kernel runs in
 * blocks of 64 threads (full warps) and of 48 (a half-empty second warp:
 * the accesses' partial-mask paths).  Prints PASS/FAIL lines. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

enum { THREADS = 64 };

/* The accesses kernel on `threads` threads: column c of thread t at
 * q[64 * c + t]; threads past the block leave their columns alone. */
static int
accesses(p2n_module *mod, int m, int threads)
{
    static float q[8 * THREADS], want[8 * THREADS];
    for (int i = 0; i < 8 * THREADS; i++)
        q[i] = want[i] = 0.25f * (float)(i % 29) - 3.0f;
    for (int t = 0; t < threads; t++) {
        float f[8];
        for (int c = 0; c < 8; c++)
            f[c] = want[THREADS * c + t];
        for (int k = 0; k < m; k++) {
            float x = want[THREADS * (3 * k % 8) + t];
            f[k % 8] = k % 2 == 0 ? f[k % 8] + x : f[k % 8] - x;
            if (k % 4 == 3)
                want[THREADS * (5 * k % 8) + t] = f[k % 8];
        }
        for (int c = 0; c < 8; c++)
            want[THREADS * c + t] = f[c];
    }
    uint64_t p = (uint64_t)(uintptr_t)q;
    void *params[] = {&p};
    p2n_result r =
        p2n_launch(mod, "accesses", (p2n_dim3){1, 1, 1}, (p2n_dim3){(uint32_t)threads, 1, 1}, 0, params);
    int bad = -1;
    for (int i = 0; i < 8 * THREADS && bad < 0; i++)
        if (memcmp(&q[i], &want[i], sizeof(float)) != 0)
            bad = i;
    if (r != P2N_SUCCESS)
        printf("FAIL cli/longblock/accesses_%d: %s\n", threads, p2n_error_message());
    else if (bad >= 0)
        printf("FAIL cli/longblock/accesses_%d: element %d is %a, want %a\n", threads, bad, q[bad],
               want[bad]);
    else
        printf("PASS cli/longblock/accesses_%d\n", threads);
    return r != P2N_SUCCESS || bad >= 0;
}

int
main(int argc, char **argv)
{
    p2n_module *mod;
    if (argc < 3 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL cli/longblock/load: %s\n", p2n_error_message());
        return 1;
    }
    int n = atoi(argv[2]);
    static float data[THREADS * 8], want[THREADS * 8];
    for (int i = 0; i < THREADS * 8; i++)
        data[i] = want[i] = 1.0f + (float)(i % 13) / 8.0f;
    for (int t = 0; t < THREADS; t++) {
        float *f = &want[8 * t];
        for (int k = 0; k < n; k++) {
            int v = k % 8;
            /* thread t's lane is t % 32 only for %tid.x < 32: the kernel
             * compares %tid.x itself */
            if ((unsigned)t < (unsigned)(1 + k % 31))
                f[v] = f[v] * f[(v + 3) % 8];
            else
                f[v] = f[v] + f[(v + 1) % 8];
        }
    }
    uint64_t p = (uint64_t)(uintptr_t)data;
    void *params[] = {&p};
    p2n_result r = p2n_launch(mod, "diamonds", (p2n_dim3){1, 1, 1}, (p2n_dim3){THREADS, 1, 1}, 0, params);
    int bad = -1;
    for (int i = 0; i < THREADS * 8 && bad < 0; i++)
        if (memcmp(&data[i], &want[i], sizeof(float)) != 0)
            bad = i;
    if (r != P2N_SUCCESS)
        printf("FAIL cli/longblock/run: %s\n", p2n_error_message());
    else if (bad >= 0)
        printf("FAIL cli/longblock/results: element %d is %a, want %a\n", bad, data[bad], want[bad]);
    else
        printf("PASS cli/longblock/results\n");
    int failed = r != P2N_SUCCESS || bad >= 0;
    int m = argc > 3 ? atoi(argv[3]) : 0;
    for (int threads = THREADS; m > 0 && threads >= 48; threads -= 16)
        failed |= accesses(mod, m, threads);
    p2n_module_unload(mod);
    return failed;
}
