/* atomicAdd int and float histograms (float weights are small integers,
 * so the sum is exact in any order), atomicMax/Min, atomicInc with wrap,
 * atomicExch, and an atomicCAS loop (order-independent check: the count
 * of updates, via a commutative op). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "atomics");
    int n = 10000; int *v = malloc(n * 4); float *w = malloc(n * 4);
    for (int i = 0; i < n; i++) { v[i] = lcg() % 37; w[i] = (float)(lcg() % 16); }
    int h[37] = {0}, eh[37] = {0}; float fh[37] = {0}, efh[37] = {0};
    for (int i = 0; i < n; i++) { eh[v[i]]++; efh[v[i]] += w[i]; }
    int *ph = h; float *pf = fh; void *p[] = {&n, &v, &ph, &pf, &w};
    if (launch("hist", "hist", d3(40, 1, 1), d3(256, 1, 1), 0, p)) { CHECK_INT("hist_int", h, eh, 37); CHECK_EXACT("hist_float", fh, efh, 37); }
    for (int i = 0; i < n; i++) v[i] = (int)lcg();
    int mx = INT32_MIN, mn = INT32_MAX; unsigned inc = 0, wrap = 99; int ex[4] = {-1, -1, -1, -1};
    int emx = INT32_MIN, emn = INT32_MAX; for (int i = 0; i < n; i++) { if (v[i] > emx) emx = v[i]; if (v[i] < emn) emn = v[i]; }
    unsigned einc = 0; for (int i = 0; i < n; i++) einc = einc >= wrap ? 0 : einc + 1;
    int *pmx = &mx, *pmn = &mn, *pex = ex; unsigned *pinc = &inc; void *q[] = {&n, &v, &pmx, &pmn, &pinc, &pex, &wrap};
    if (launch("minmax", "minmax", d3(40, 1, 1), d3(250, 1, 1), 0, q)) {
        CHECK_INT("max", &mx, &emx, 1); CHECK_INT("min", &mn, &emn, 1); CHECK_INT("inc_wrap", &inc, &einc, 1);
        int bad = 0; for (int k = 0; k < 4; k++) if (ex[k] < 0 || ex[k] >= n || ex[k] % 4 != k) bad++;
        report("exch", bad, "a slot holds an index that never wrote it");
    }
    /* acc = acc*3 + v mod 2^64 is not commutative; use v = 0 and count via acc*3: 3^m. */
    int m = 300; for (int i = 0; i < m; i++) v[i] = 0;
    unsigned long long acc = 1, eacc = 1; for (int i = 0; i < m; i++) eacc *= 3;
    unsigned long long *pa = &acc; void *r[] = {&m, &v, &pa};
    if (launch("cas", "cas_mul", d3(3, 1, 1), d3(100, 1, 1), 0, r)) CHECK_INT("cas_loop", &acc, &eacc, 1);
    return finish();
}
