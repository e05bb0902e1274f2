/* func_bar_div.c — reference for func_bar_div.ptx, from the PTX ISA's
 * barrier.sync (not .aligned: the lanes of a warp may arrive at different
 * times; it waits for the non-exited threads of the CTA).  swap stores its
 * argument at s[tid], waits, and returns s[tid ^ 32], what thread tid ^ 32
 * passed (swap2 adds 1000).  halves: thread u passes u * 10 + 2 below lane
 * 16, u * 10 + 1 above; one_side: lanes < 16 pass u * 10, the others
 * store 7 and exit, which releases the barrier for them.  two_funcs: a
 * call of swap and one of swap2 meet at the barrier; ptx2native cannot
 * run lanes outside a call before it returns (docs/runtime.md), so there
 * the launch must fail with P2N_ERROR_DEADLOCK and say why, never give
 * other results.  loop: thread t calls swap_twice (store, barrier, load,
 * barrier) lane % 3 times with t * 10 + i and sums what it gets, the value
 * of thread t ^ 32, which has the same lane and so the same trip count. */
#include "common.h"

enum { N = 64 };

/* kernel k: the GPU's results, or (two_funcs) the documented error */
static void
run(const char *k, const uint32_t *exp, int may_be_unsupported)
{
    uint32_t out[N], *po = out;
    void *params[] = {&po};
    memset(out, 0, sizeof out);
    p2n_result r = p2n_launch(g_mod, k, d3(1, 1, 1), d3(N, 1, 1), 0, params);
    char name[64];
    if (r == P2N_SUCCESS) {
        CHECK_INT(k, out, exp, N);
    } else if (may_be_unsupported && r == P2N_ERROR_DEADLOCK &&
               strstr(p2n_error_message(), "called by part of a warp is not supported")) {
        snprintf(name, sizeof name, "%s_unsupported", k);
        report(name, 0, "");
    } else {
        report(k, 1, p2n_error_message());
    }
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "func_bar_div");
    uint32_t exp[N];
    for (int t = 0; t < N; t++) {
        int u = t ^ 32;
        exp[t] = (uint32_t)(u * 10 + (u % 32 < 16 ? 2 : 1));
    }
    run("halves", exp, 0);
    for (int t = 0; t < N; t++)
        exp[t] = t % 32 < 16 ? (uint32_t)((t ^ 32) * 10) : 7;
    run("one_side", exp, 0);
    for (int t = 0; t < N; t++) {
        int u = t ^ 32;
        exp[t] = (uint32_t)(u * 10 + (u % 32 < 16 ? 1002 : 1));
    }
    run("two_funcs", exp, 1);
    for (int t = 0; t < N; t++) {
        int u = t ^ 32, acc = 0;
        for (int i = 0; i < t % 32 % 3; i++)
            acc += u * 10 + i;
        exp[t] = (uint32_t)acc;
    }
    run("loop", exp, 0);
    return finish();
}
