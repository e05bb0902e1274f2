/* saxpy/daxpy over partial warps and multi-CTA grids.  nvcc contracts
 * a*x+y into fma, so the reference uses fmaf/fma (exact, IEEE). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "saxpy");
    static const unsigned blocks[] = {1, 31, 33, 50, 1000};
    int n = 5000;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *e = malloc(n * sizeof *e);
    double *dx = malloc(n * sizeof *dx), *dy = malloc(n * sizeof *dy), *de = malloc(n * sizeof *de);
    for (int b = 0; b < 5; b++) {
        for (int i = 0; i < n; i++) {
            x[i] = (float)(int)(lcg() % 2001 - 1000) / 7.0f;
            y[i] = (float)(int)(lcg() % 2001 - 1000) / 3.0f;
            dx[i] = x[i] / 3.0; dy[i] = y[i] / 11.0;
        }
        float a = 2.5f; double da = -1.25;
        for (int i = 0; i < n; i++) { e[i] = fmaf(a, x[i], y[i]); de[i] = fma(da, dx[i], dy[i]); }
        unsigned bs = blocks[b];
        p2n_dim3 g = d3((n + bs - 1) / bs, 1, 1);
        char cas[32];
        void *p[] = {&n, &a, &x, &y};
        snprintf(cas, sizeof cas, "saxpy_b%u", bs);
        if (launch(cas, "saxpy", g, d3(bs, 1, 1), 0, p)) CHECK_EXACT(cas, y, e, n);
        void *q[] = {&n, &da, &dx, &dy};
        snprintf(cas, sizeof cas, "daxpy_b%u", bs);
        if (launch(cas, "daxpy", g, d3(bs, 1, 1), 0, q)) CHECK_EXACT(cas, dy, de, n);
    }
    return finish();
}
