/* divergence.c — reference for divergence.cu (and, built with FTZ defined,
 * divergence_ftz.cu). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

#ifndef FTZ
#define FTZ 0
#define NAME "divergence"
#endif

static int failed;

static void
check(const char *k, const int *got, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("FAIL exec/%s/%s: [%d] = %d, expected %d\n", NAME, k, i, got[i], want[i]);
            failed = 1;
            return;
        }
    printf("PASS exec/%s/%s\n", NAME, k);
}

static float
flush(float x)
{
    return FTZ && fabsf(x) < 1.17549435e-38f ? copysignf(0.0f, x) : x;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/%s/load: %s\n", NAME, p2n_error_message());
        return 1;
    }
    int out[96], want[96], *po = out, k = 150;
    void *p1[] = {&po}, *p2[] = {&po, &k};
    p2n_dim3 one = {1, 1, 1}, b96 = {96, 1, 1};
    if (p2n_launch(m, "nested", one, b96, 0, p1) == P2N_SUCCESS) {
        for (int t = 0; t < 96; t++)
            want[t] = (t & 1) ? ((t & 2) ? 1 : 2) : ((t & 4) ? 3 : ((t & 8) ? 5 : 4));
        check("nested_divergence", out, want, 96);
    }
    if (p2n_launch(m, "collatz", one, b96, 0, p1) == P2N_SUCCESS) {
        for (int t = 0; t < 96; t++) {
            int n = t + 1, s = 0;
            while (n != 1)
                n = (n & 1) ? 3 * n + 1 : n / 2, s++;
            want[t] = s;
        }
        check("per_lane_trip_counts", out, want, 96);
    }
    if (p2n_launch(m, "multi_exit", one, b96, 0, p2) == P2N_SUCCESS) {
        for (int t = 0; t < 96; t++) {
            want[t] = -t;
            for (int i = 0; i < 100; i++) {
                if (i * t > k) {
                    want[t] = i;
                    break;
                }
                if (i + t == 70)
                    break;
            }
        }
        check("multi_exit_loop", out, want, 96);
    }
    float in[32], fo[64], *pin = in, *pfo = fo;
    for (int t = 0; t < 32; t++)
        in[t] = (t % 2 ? -1.0f : 1.0f) * 1e-39f * (float)(t + 1) + (t >= 28 ? 1.0f : 0.0f);
    void *p3[] = {&pin, &pfo};
    if (p2n_launch(m, "subnormal", one, (p2n_dim3){32, 1, 1}, 0, p3) == P2N_SUCCESS) {
        int ok = 1;
        for (int t = 0; ok && t < 32; t++) {
            float x = flush(in[t]);
            float w0 = flush(x * 0.5f), w1 = flush(x + x);
            ok = memcmp(&fo[2 * t], &w0, 4) == 0 && memcmp(&fo[2 * t + 1], &w1, 4) == 0;
            if (!ok)
                printf("FAIL exec/%s/subnormals: element %d: %g %g, expected %g %g\n", NAME, t, (double)fo[2 * t],
                       (double)fo[2 * t + 1], (double)w0, (double)w1);
        }
        failed |= !ok;
        if (ok)
            printf("PASS exec/%s/%s\n", NAME, FTZ ? "subnormals_flushed" : "subnormals_kept");
    }
    p2n_module_unload(m);
    return failed;
}
