/* call_extra.c — reference for call_extra.ptx + call_extra_weak.ptx. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

static int failed;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_extra/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_extra/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[192], *po = out;
    char d[300] = "";
    /* per-lane depth up to 7 * 30 = 210 < 256: every lane returns its depth */
    unsigned base = 30;
    void *p[] = {&po, &base};
    p2n_result r = p2n_launch(m, "deep", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++)
        if (out[t] != (t % 8) * 30) {
            ok = 0;
            snprintf(d, sizeof d, "[%d] = %d, expected %d", t, out[t], (t % 8) * 30);
        }
    if (r != P2N_SUCCESS)
        snprintf(d, sizeof d, "%s", p2n_error_message());
    report("per_lane_recursion_depth", ok, d);

    /* 7 * 40 = 280 calls deep: past the documented limit of 256 */
    base = 40;
    r = p2n_launch(m, "deep", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    snprintf(d, sizeof d, "got %d: %s", r, p2n_error_message());
    report("recursion_limit_is_a_launch_error", r == P2N_ERROR_STACK_OVERFLOW, d);

    uint64_t slot[64];
    uint64_t *ps = slot;
    void *q[] = {&po, &ps};
    memset(out, 0, sizeof out);
    r = p2n_launch(m, "fptr_memory", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, q);
    int a = r == P2N_SUCCESS, b = a, c = a;
    for (int t = 0; t < 64; t++) {
        a &= out[t] == 3 * t;
        b &= out[t + 64] == 3 * t;
        c &= out[t + 128] == t + 1000;
    }
    snprintf(d, sizeof d, "r=%d out[5]=%d out[69]=%d out[133]=%d %s", r, out[5], out[69], out[133], p2n_error_message());
    report("function_pointer_through_global_memory", a, d);
    report("call_uni_ret_uni", b, d);
    report("weak_resolves_to_strong", c, d);
    /* every lane stored the same function address */
    int same = 1;
    for (int t = 1; t < 64; t++)
        same &= slot[t] == slot[0] && slot[0] != 0;
    report("function_address_is_stable", same, "different addresses for one function");
    p2n_module_unload(m);
    return failed;
}
