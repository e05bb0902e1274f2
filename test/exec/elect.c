/* elect.c — reference for elect.ptx: the PTX ISA's elect.sync picks one
 * leader among the active lanes of membermask; the hardware (and we) take
 * the lowest, which every lane learns as d. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "elect");
    enum { N = 80 }; /* two full warps and a partial one */
    uint32_t out[2 * N], exp[2 * N];
    uint32_t *po = out;
    void *params[] = {&po};
    if (launch("leader", "k", d3(1, 1, 1), d3(N, 1, 1), 0, params)) {
        for (int t = 0; t < N; t++) {
            int lane = t % 32;
            exp[2 * t] = lane < 5 ? 99 : 5;
            exp[2 * t + 1] = lane < 5 ? 99 : lane == 5;
        }
        CHECK_INT("leader", out, exp, 2 * N);
    }
    return finish();
}
