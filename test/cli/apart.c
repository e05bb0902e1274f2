/* apart.c — runs the kernels of test/cli/apart.sh's module: k0..k79 each
 * store 1000 + their number, loop stores 0 + 1 + ... + (n - 1); k7 with a
 * null pointer fails naming the store's line ($LINE).  Prints one PASS/FAIL
 * line per check. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

static int failed;

static void
check(const char *name, int ok, const char *detail)
{
    printf("%s cli/apart/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

int
main(int argc, char **argv)
{
    p2n_module *mod;
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL cli/apart/load: %s\n", p2n_error_message());
        return 1;
    }
    p2n_set_num_threads(1);
    char detail[256] = "";
    int bad = 0;
    for (int k = 0; k < 80 && !bad; k++) {
        uint32_t out = 0;
        uint64_t p = (uint64_t)(uintptr_t)&out;
        void *params[] = {&p};
        char name[8];
        snprintf(name, sizeof name, "k%d", k);
        p2n_result r = p2n_launch(mod, name, (p2n_dim3){2, 1, 1}, (p2n_dim3){64, 1, 1}, 0, params);
        bad = r != P2N_SUCCESS || out != 1000u + (uint32_t)k;
        if (bad)
            snprintf(detail, sizeof detail, "%s: result %d, out %u (%s)", name, r, out,
                     r != P2N_SUCCESS ? p2n_error_message() : "");
    }
    check("tiny_kernels", !bad, detail);

    uint32_t sum = 0, n = 1000;
    uint64_t p = (uint64_t)(uintptr_t)&sum;
    void *lp[] = {&p, &n};
    p2n_result r = p2n_launch(mod, "loop", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, lp);
    snprintf(detail, sizeof detail, "result %d, sum %u", r, sum);
    check("loop", r == P2N_SUCCESS && sum == 499500u, detail);

    uint64_t null = 0;
    void *np[] = {&null};
    r = p2n_launch(mod, "k7", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, np);
    char at[64];
    snprintf(at, sizeof at, " at apart.ptx:%s (code at ", getenv("LINE") ? getenv("LINE") : "?");
    snprintf(detail, sizeof detail, "result %d; message: %s", r, p2n_error_message());
    check("null_store_line",
          r == P2N_ERROR_ILLEGAL_ADDRESS && strstr(p2n_error_message(), "kernel 'k7'") &&
              strstr(p2n_error_message(), at),
          detail);
    p2n_module_unload(mod);
    return failed;
}
