/* Warp reduction with __shfl_down_sync in a loop, and an 8-lane
 * segmented butterfly reduction with __shfl_xor_sync(width 8). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "warpreduce");
    int n = 512, *v = malloc(n * 4), *o = malloc(n / 32 * 4), *e = malloc(n / 32 * 4), *s = malloc(n * 4), *es = malloc(n * 4);
    for (int i = 0; i < n; i++) v[i] = (int)(lcg() % 2000) - 1000;
    for (int w = 0; w < n / 32; w++) { int a = 0; for (int l = 0; l < 32; l++) a += v[w*32+l]; e[w] = a; }
    for (int i = 0; i < n; i++) { int a = 0; for (int l = 0; l < 8; l++) a += v[(i & ~7) + l]; es[i] = a; }
    void *p[] = {&v, &o, &s};
    if (launch("wsum", "wsum", d3(4, 1, 1), d3(128, 1, 1), 0, p)) { CHECK_INT("shfl_down_sum", o, e, n / 32); CHECK_INT("xor8_sum", s, es, n); }
    return finish();
}
