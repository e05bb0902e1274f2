/* call_div2.c — reference for call_div2.cu: the same functions in plain C,
 * one thread at a time. */
#include <stdio.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;

static int
inner(int x)
{
    if (x % 5 == 0)
        return x * 7;
    int s = 0;
    for (int i = 0; i < (x & 3); i++)
        s += i * x;
    return s > 20 ? s - 20 : s + x;
}

static int
outer(int x)
{
    if (x & 1)
        return inner(x) + 1;
    if (x & 2)
        return -inner(x / 2);
    int a = inner(x + 3);
    return (a & 4) ? a : a + inner(a & 15);
}

static int
rec(int n, int acc)
{
    if (n <= 0)
        return acc;
    if (n % 3 == 0)
        return rec(n - 1, acc + n);
    if (n & 1)
        return acc * 2 + rec(n - 2, acc + 1);
    return rec(n - 1, acc - 1) + 1;
}

static void
store_per_lane(int *out, int t)
{
    if (t & 2) {
        out[t] = t * 10;
        return;
    }
    if (t % 7 == 0)
        return;
    out[t] = outer(t) + 1000;
}

static void
check(const char *name, const int *got, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("FAIL exec/call_div2/%s: [%d] = %d, expected %d\n", name, i, got[i], want[i]);
            failed = 1;
            return;
        }
    printf("PASS exec/call_div2/%s\n", name);
}

static int
run(const char *k, unsigned threads, int *out)
{
    void *params[] = {&out};
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){1, 1, 1}, (p2n_dim3){threads, 1, 1}, 0, params);
    if (r != P2N_SUCCESS) {
        printf("FAIL exec/call_div2/%s: launch: %s\n", k, p2n_error_message());
        failed = 1;
    }
    return r == P2N_SUCCESS;
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_div2/load: %s\n", p2n_error_message());
        return 1;
    }
    enum { N = 96 };
    static int out[2 * N], want[2 * N];
    if (run("nested2", N, out)) {
        for (int t = 0; t < N; t++)
            want[t] = t % 3 != 0 ? outer(t) : t % 6 == 0 ? inner(t) * 2 : -1;
        check("nested2", out, want, N);
    }
    if (run("recursive", N, out)) {
        for (int t = 0; t < N; t++)
            want[t] = (t & 4) ? rec(t % 19, t) : 5;
        check("recursive", out, want, N);
    }
    for (int i = 0; i < 2 * N; i++)
        out[i] = want[i] = 12345;
    if (run("per_lane", N, out)) {
        for (int t = 0; t < N; t++) {
            want[t] = -2;
            if (t & 1) {
                store_per_lane(want, t);
            } else if (t & 8) {
                store_per_lane(want, t + 64);
                want[t] += 3;
            }
        }
        check("per_lane", out, want, 2 * N);
    }
    if (run("in_loop", N, out)) {
        for (int t = 0; t < N; t++) {
            int s = 0;
            for (int i = 0; i < t % 9; i++)
                s = ((i + t) & 1) ? s + outer(i + t) : s ^ inner(i * t);
            want[t] = s;
        }
        check("in_loop", out, want, N);
    }
    p2n_module_unload(mod);
    return failed;
}
