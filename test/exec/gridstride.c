/* Grid-stride loop with continue over 1e6 elements, 64-bit index and
 * sums, a grid far smaller than the data. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "gridstride");
    long long n = 1000000; int *a = malloc(n * 4); unsigned g = 13, b = 96; long long *p = malloc(g * b * 8), *e = calloc(g * b, 8);
    for (long long i = 0; i < n; i++) a[i] = (int)(lcg() % 100000);
    for (long long i = 0; i < n; i++) if (a[i] % 7) e[i % (g * b)] += a[i];
    void *pp[] = {&n, &a, &p};
    if (launch("gs", "gs", d3(g, 1, 1), d3(b, 1, 1), 0, pp)) CHECK_INT("partials", p, e, g * b);
    return finish();
}
