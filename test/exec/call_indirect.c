/* call_indirect.c — reference for call_indirect.ptx. */
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

static int failed;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_indirect/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static int
expect_values(const int *got, const int *want, int n, char *detail)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            sprintf(detail, "[%d] = %d, expected %d", i, got[i], want[i]);
            return 0;
        }
    return 1;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_indirect/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[96], want[96], *po = out;
    char detail[256];
    for (unsigned mode = 0; mode < 2; mode++) {
        void *p[] = {&po, &mode};
        memset(out, 0, sizeof out);
        p2n_result r = p2n_launch(m, "icall", (p2n_dim3){1, 1, 1}, (p2n_dim3){96, 1, 1}, 0, p);
        for (int t = 0; t < 96; t++)
            want[t] = t % 3 == 0 ? 2 * t : t % 3 == 1 ? t * t : (t > 50 ? 50 : -t);
        int ok = r == P2N_SUCCESS && expect_values(out, want, 96, detail);
        if (r != P2N_SUCCESS)
            snprintf(detail, sizeof detail, "launch: %s", p2n_error_message());
        report(mode ? "callprototype_table" : "calltargets", ok, detail);
    }
    unsigned bad = 2;
    void *pb[] = {&po, &bad};
    p2n_result r = p2n_launch(m, "icall", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, pb);
    snprintf(detail, sizeof detail, "got %d (%s)", r, p2n_error_message());
    report("bad_pointer", r == P2N_ERROR_BAD_FUNCTION && strstr(p2n_error_message(), "icall"), detail);

    for (unsigned sel = 0; sel < 2; sel++) {
        void *p[] = {&po, &sel};
        r = p2n_launch(m, "brx4", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
        for (int t = 0; t < 64; t++)
            want[t] = (sel ? 300 : 100 * (t % 4 + 1)) + t;
        int ok = r == P2N_SUCCESS && expect_values(out, want, 64, detail);
        report(sel ? "brx_uniform" : "brx_varying", ok, detail);
    }
    unsigned sel = 2;
    void *p2[] = {&po, &sel};
    r = p2n_launch(m, "brx4", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p2);
    snprintf(detail, sizeof detail, "got %d (%s)", r, p2n_error_message());
    report("brx_out_of_range", r == P2N_ERROR_BRANCH_RANGE, detail);
    p2n_module_unload(m);
    return failed;
}
