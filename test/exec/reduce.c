/* __syncthreads in a loop (tree reduction in shared memory), dynamic
 * shared memory (extern __shared__, sized at launch), and lanes that
 * return early after a barrier. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "reduce");
    int nb = 40; int *in = malloc(nb * 256 * 4), out[40], e[40];
    for (int i = 0; i < nb * 256; i++) in[i] = (int)(lcg() % 2001) - 1000;
    for (int b = 0; b < nb; b++) { int s = 0; for (int t = 0; t < 256; t++) s += in[b*256+t]; e[b] = s; }
    int *pout = out; void *p[] = {&in, &pout};
    if (launch("block_sum", "block_sum", d3(nb, 1, 1), d3(256, 1, 1), 0, p)) CHECK_INT("block_sum", out, e, nb);
    int n = 333, g = 5; float *fi = malloc(g * n * 4), *fo = malloc(g * n * 4), *fe = malloc(g * n * 4);
    for (int i = 0; i < g * n; i++) fi[i] = (float)lcg();
    for (int b = 0; b < g; b++) for (int t = 0; t < n; t++) fe[b*n+t] = fi[b*n + n-1-t];
    void *q[] = {&fi, &fo, &n};
    if (launch("dyn_shared", "dyn_reverse", d3(g, 1, 1), d3(n, 1, 1), n * sizeof(float), q)) CHECK_EXACT("dyn_shared", fo, fe, g * n);
    int ii[64], oo[64], ee[64], k = 37;
    for (int i = 0; i < 64; i++) { ii[i] = lcg() % 1000; oo[i] = ee[i] = -5; }
    for (int t = 0; t < k; t++) ee[t] = ii[t] * 2 + ii[(t + 1) % k] * 2;
    int *pi = ii, *po = oo; void *r[] = {&pi, &po, &k};
    if (launch("early_ret", "early_ret_sync", d3(1, 1, 1), d3(64, 1, 1), 0, r)) CHECK_INT("early_ret", oo, ee, 64);
    return finish();
}
