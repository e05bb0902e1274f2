/* call_divergent.c — reference for call_divergent.cu, from first principles. */
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;

static void
check(const char *name, const int *got, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("FAIL exec/call_divergent/%s: [%d] = %d, expected %d\n", name, i, got[i], want[i]);
            failed = 1;
            return;
        }
    printf("PASS exec/call_divergent/%s\n", name);
}

static int
run(const char *k, unsigned threads, int *out)
{
    void *params[] = {&out};
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){1, 1, 1}, (p2n_dim3){threads, 1, 1}, 0, params);
    if (r != P2N_SUCCESS) {
        printf("FAIL exec/call_divergent/%s: launch: %s\n", k, p2n_error_message());
        failed = 1;
    }
    return r == P2N_SUCCESS;
}

static int l3(int x) { return x % 5 == 0 ? x * 2 : x + 1; }
static int l2(int x) { return x % 3 == 0 ? l3(x) + 1000 : l3(x + 1) - 1000; }
static int l1(int x) { return (x & 1) ? l2(x) : l2(x / 2) * 2; }
static int fibc(int n) { return n < 2 ? n : fibc(n - 1) + fibc(n - 2); }

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_divergent/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[128], want[128];
    if (run("early_ret", 96, out)) {
        for (int t = 0; t < 96; t++)
            want[t] = (t % 3) ? ((t & 1) ? t * 3 : (t & 2) ? -t : t + 100) : 7;
        check("early_ret", out, want, 96);
    }
    if (run("nested3", 64, out)) {
        for (int t = 0; t < 64; t++)
            want[t] = l1(t);
        check("nested3", out, want, 64);
    }
    if (run("recursion", 64, out)) {
        for (int t = 0; t < 64; t++)
            want[t] = fibc(t % 16);
        check("recursion", out, want, 64);
    }
    memset(out, 0x55, sizeof out);
    if (run("exit_in_func", 128, out)) {
        for (int t = 0; t < 128; t++) {
            int n = (t + 1) % 128;
            want[t] = n % 4 == 3 ? -1 : n * 10;
        }
        /* lanes that exited store nothing: their out[] keeps 0x55555555 */
        for (int t = 0; t < 128; t++)
            if (t % 4 == 3)
                want[t] = 0x55555555;
        check("exit_in_func", out, want, 128);
    }
    p2n_module_unload(mod);
    return failed;
}
