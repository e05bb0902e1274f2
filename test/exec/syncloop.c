/* __syncthreads in a loop whose trip count is read from memory (uniform
 * per CTA, different across CTAs), 1000-thread blocks, double-buffered
 * shared array.  Values are dyadic and few steps, so results are exact. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "syncloop");
    int g = 4, n = 1000, iters[4] = {0, 1, 3, 6};
    float *d = malloc(g * n * 4), *e = malloc(g * n * 4), *c = malloc(n * 4), *nx = malloc(n * 4);
    for (int i = 0; i < g * n; i++) d[i] = (float)(int)(lcg() % 256);
    for (int b = 0; b < g; b++) {
        memcpy(c, d + b * n, n * 4);
        for (int it = 0; it < iters[b]; it++) {
            for (int t = 0; t < n; t++) { float l = t > 0 ? c[t-1] : 0, r = t < n - 1 ? c[t+1] : 0; nx[t] = 0.5f * c[t] + 0.25f * (l + r); }
            memcpy(c, nx, n * 4);
        }
        memcpy(e + b * n, c, n * 4);
    }
    int *pi = iters; void *p[] = {&pi, &d};
    if (launch("relax", "relax", d3(g, 1, 1), d3(n, 1, 1), 0, p)) CHECK_EXACT("relax", d, e, g * n);
    return finish();
}
