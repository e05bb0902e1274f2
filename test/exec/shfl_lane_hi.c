/* __shfl_sync with a source lane >= 32: PTX takes b[4:0], so lane
 * t+35 reads lane (t+3)&31; with width 8, lane (t&~7)|((t+40)&7). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "shfl_lane_hi");
    int in[32], o[64], e[64];
    for (int i = 0; i < 32; i++) in[i] = 1000 + (int)(lcg() % 1000);
    for (int t = 0; t < 32; t++) { e[t] = in[(t + 35) & 31]; e[32 + t] = in[(t & ~7) | ((t + 43) & 7)]; }
    int *pi = in, *po = o; void *p[] = {&pi, &po};
    if (launch("hi", "shfl_hi", d3(1, 1, 1), d3(32, 1, 1), 0, p)) { CHECK_INT("idx32_lane_ge32", o, e, 32); CHECK_INT("idx8_lane_ge32", o + 32, e + 32, 32); }
    return finish();
}
