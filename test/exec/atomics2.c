/* 64-bit atomicAdd (unsigned long long, double: exact sums of quarters),
 * atomicAdd/atomicSub on shared memory, merged into global per block. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "atomics2");
    int n = 5000, *v = malloc(n * 4);
    for (int i = 0; i < n; i++) v[i] = (int)(lcg() % 100000);
    unsigned long long u = 0, eu = 0; double d = 0, ed = 0; int h[16] = {0}, eh[16] = {0};
    for (int i = 0; i < n; i++) { eu += (unsigned long long)v[i] << 20; ed += v[i] * 0.25; eh[v[i] & 15]++; eh[(v[i] >> 4) & 15]--; }
    unsigned long long *pu = &u; double *pd = &d; int *ph = h; void *p[] = {&n, &v, &pu, &pd, &ph};
    if (launch("a64", "a64", d3(20, 1, 1), d3(256, 1, 1), 0, p)) {
        CHECK_INT("add_u64", &u, &eu, 1); CHECK_EXACT("add_f64", &d, &ed, 1); CHECK_INT("shared_add_sub", h, eh, 16);
    }
    return finish();
}
