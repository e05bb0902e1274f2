/* Local arrays indexed by per-lane varying indices: a 200-int array (too
 * big for registers, in .local) and a volatile one. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "localarr");
    int n = 100; int *idx = malloc(n * 20 * 4), *o = malloc(n * 4), *e = malloc(n * 4);
    for (int i = 0; i < n * 20; i++) idx[i] = lcg() % 200;
    for (int t = 0; t < n; t++) {
        unsigned a[200];
        for (int i = 0; i < 200; i++) a[i] = (unsigned)(i * t);
        for (int k = 0; k < 20; k++) { int j = idx[t*20+k]; a[j] += a[(j * 7 + k) % 200] + k; }
        unsigned s = 0; for (int k = 0; k < 20; k++) s = s * 31 + a[idx[t*20 + (19 - k)]];
        e[t] = (int)s;
    }
    void *p[] = {&n, &idx, &o};
    if (launch("large", "sieve", d3(4, 1, 1), d3(31, 1, 1), 0, p)) CHECK_INT("large_local", o, e, n);
    for (int t = 0; t < n; t++) { int v[16]; for (int i = 0; i < 16; i++) v[i] = t + i; v[t % 16] = -1; int s = 0; for (int i = 0; i < 16; i++) s += v[(i + t) % 16] * (i + 1); e[t] = s; }
    void *q[] = {&n, &o};
    if (launch("volatile", "vol", d3(2, 1, 1), d3(50, 1, 1), 0, q)) CHECK_INT("volatile_local", o, e, n);
    return finish();
}
