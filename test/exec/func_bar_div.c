/* func_bar_div.c — reference for func_bar_div.ptx: with independent thread
 * scheduling both halves of each warp call swap, all 64 threads arrive at
 * its barrier.sync 0 (non-aligned: the lanes of a warp may arrive at
 * different times), and thread t returns what thread t ^ 32 stored, the
 * value (t ^ 32) * 10 + 2 for a lane below 16, + 1 above.  ptx2native
 * cannot run lanes outside a call before it returns (docs/runtime.md):
 * there the launch must fail with P2N_ERROR_DEADLOCK and a message that
 * says why, never give other results. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "func_bar_div");
    uint32_t out[64], exp[64], *po = out;
    void *params[] = {&po};
    for (int t = 0; t < 64; t++) {
        int u = t ^ 32;
        exp[t] = (uint32_t)(u * 10 + (u % 32 < 16 ? 2 : 1));
        out[t] = 0;
    }
    p2n_result r = p2n_launch(g_mod, "halves", d3(1, 1, 1), d3(64, 1, 1), 0, params);
    if (r == P2N_SUCCESS)
        CHECK_INT("halves", out, exp, 64);
    else if (r == P2N_ERROR_DEADLOCK && strstr(p2n_error_message(), "called by part of a warp is not supported"))
        printf("PASS exec/func_bar_div/halves_unsupported\n");
    else
        report("halves", 1, p2n_error_message());
    return finish();
}
