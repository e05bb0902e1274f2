/* atomicCAS loop with a break (float max through int bits), contended by
 * many threads of many CTAs on 8 slots. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "casfloat");
    int n = 20000; float *a = malloc(n * 4), m[8], e[8];
    for (int i = 0; i < n; i++) a[i] = ((float)lcg() / 4294967296.0f - 0.7f) * 1000.0f;
    for (int k = 0; k < 8; k++) m[k] = e[k] = -1e30f;
    for (int i = 0; i < n; i++) if (a[i] > e[i % 8]) e[i % 8] = a[i];
    float *pm = m; void *p[] = {&n, &a, &pm};
    if (launch("fmax", "fmaxk", d3(79, 1, 1), d3(256, 1, 1), 0, p)) CHECK_EXACT("cas_float_max", m, e, 8);
    return finish();
}
