/* elect_masks.c — reference for elect_masks.ptx.  The PTX ISA's
 * elect.sync elects one active lane of the member mask and gives every
 * member its %laneid (d) and true to it alone (p); which one is the
 * implementation's choice, the same for the same mask: the hardware (and
 * we) take the lowest.  Results here: d | p << 8. */
#include "common.h"

enum { N = 64 };

static uint32_t lowest(uint32_t m) { return (uint32_t)__builtin_ctz(m); }

int main(int argc, char **argv)
{
    setup(argc, argv, "elect_masks");
    uint32_t in[N], got[4 * N], e[4 * N];
    for (int t = 0; t < N; t++) in[t] = lcg();
    for (int t = 0; t < N; t++) {
        uint32_t lane = (uint32_t)t % 32, l8 = lowest(0xffu << (lane & 24));
        e[4 * t] = l8 | (uint32_t)(lane == l8) << 8;
        e[4 * t + 1] = lane < 16 ? 99 : lane == 16;
        uint32_t act = 0;
        for (int l = 0; l < 32; l++)
            if (in[t - (int)lane + l] % 3) act |= 1u << l;
        uint32_t m = act & (0xfu << (lane & 28));
        e[4 * t + 2] = in[t] % 3 ? lowest(m) | (uint32_t)(lane == lowest(m)) << 8 : 99;
        e[4 * t + 3] = lane;
    }
    const uint32_t *pi = in;
    uint32_t *po = got;
    void *params[] = {&pi, &po};
    if (launch("subsets", "k", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("subsets", got, e, 4 * N);
    return finish();
}
