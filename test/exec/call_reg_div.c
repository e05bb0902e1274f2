/* call_reg_div.c — reference for call_reg_div.ptx, one thread at a time. */
#include <stdint.h>
#include <stdio.h>

#include "ptx2native.h"

static int32_t
rec(int32_t n, int32_t acc)
{
    if (n <= 0)
        return acc;
    if (n & 1)
        return (int32_t)((uint32_t)acc * 2u + (uint32_t)rec(n - 2, acc + 1));
    return rec(n - 1, acc - 1) + 1;
}

static uint32_t
leaf(uint32_t x)
{
    return x % 5 == 0 ? x * 7u : x + 3u;
}

static uint32_t
mid(uint32_t x)
{
    if (x & 1)
        return leaf(x) + 100u;
    if (x & 2)
        return 0u - leaf(x >> 1);
    return 0;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_reg_div/load: %s\n", p2n_error_message());
        return 1;
    }
    int32_t out[7 * 64], *po = out;
    for (int i = 0; i < 7 * 64; i++)
        out[i] = -3;
    void *p[] = {&po};
    if (p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p) != P2N_SUCCESS) {
        printf("FAIL exec/call_reg_div/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[] = {"recursion", "two_levels", "predicated_then_brx", "nested_predicated_brx", "fall_off_end", "join_varying", "join_uniform"};
    int failed = 0;
    for (int k = 0; k < 7; k++) {
        int ok = 1;
        for (uint32_t t = 0; t < 64 && ok; t++) {
            uint32_t w, p2 = t & 1, i = t % 3;
            if (k == 0) {
                w = (t & 4) ? (uint32_t)rec((int32_t)(t % 19), (int32_t)t) : 5u;
            } else if (k == 1) {
                w = t % 3 ? mid(t) : (uint32_t)-1;
            } else if (k == 2) {
                w = p2 ? mid(t) : 1000u;
                if (i == 0)
                    w += 1;
                else if (i == 1)
                    w = p2 ? leaf(w + 20) : w + 20;
                else
                    w <<= 1;
            } else if (k == 5) {
                w = t % 3 ? ((t & 1) ? 5 : 3 * t) : (uint32_t)-4;
            } else if (k == 6) {
                w = t % 3 ? ((t & 1) ? 5 : 9) : (uint32_t)-4;
            } else if (k == 4) {
                w = (t & 6) ? ((t & 1) ? 2 * t : t + 1) : (uint32_t)-3;
            } else if (t >= 40) {
                w = 7;
            } else {
                w = p2 ? (uint32_t)rec((int32_t)i, (int32_t)t) : 1000u;
                if (i == 0)
                    w += 3;
                if (i <= 1 && !p2)
                    w = mid(w);
                w += 5;
            }
            if ((uint32_t)out[k * 64 + t] != w) {
                printf("FAIL exec/call_reg_div/%s: [%u] = %d, expected %d\n", names[k], t, out[k * 64 + t], (int32_t)w);
                ok = 0;
            }
        }
        if (ok)
            printf("PASS exec/call_reg_div/%s\n", names[k]);
        failed |= !ok;
    }
    p2n_module_unload(m);
    return failed;
}
