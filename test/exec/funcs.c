/* __noinline__ device functions called divergently with per-lane early
 * returns; recursion (fib(threadIdx.x), lanes recursing to different
 * depths); device function pointers chosen per lane from a table. */
#include "common.h"
static int clampsum(const int *v, int n, int lim)
{
    int s = 0;
    for (int i = 0; i < n; i++) { if (v[i] < 0) return -1000 - i; s += v[i]; if (s > lim) return lim; }
    return s;
}
static int fib(int n) { int a = 0, b = 1; for (int i = 0; i < n; i++) { int c = a + b; a = b; b = c; } return a; }
int main(int argc, char **argv)
{
    setup(argc, argv, "funcs");
    enum { N = 96 };
    int v[N * 8], o[N], e[N];
    for (int i = 0; i < N * 8; i++) v[i] = (lcg() % 23 == 0) ? -1 : (int)(lcg() % 80);
    for (int t = 0; t < N; t++) e[t] = t % 3 == 0 ? clampsum(v + t*8, 8, 300) : t % 3 == 1 ? -clampsum(v + t*8, 4, 100) : 7;
    int *pv = v, *po = o; void *p[] = {&pv, &po};
    if (launch("divcall", "divcall", d3(1, 1, 1), d3(N, 1, 1), 0, p)) CHECK_INT("divergent_calls", o, e, N);
    int f[25], ef[25]; for (int t = 0; t < 25; t++) ef[t] = fib(t);
    int *pf = f; void *q[] = {&pf};
    if (launch("fib", "recfib", d3(1, 1, 1), d3(25, 1, 1), 0, q)) CHECK_INT("recursive_fib", f, ef, 25);
    int a[N], b[N];
    for (int t = 0; t < N; t++) { a[t] = lcg() % 1000; b[t] = lcg() % 1000; int k = (a[t] + b[t]) % 3; e[t] = k == 0 ? a[t] + b[t] : k == 1 ? a[t] * b[t] : (a[t] < b[t] ? 0 : a[t] - b[t]); }
    int *pa = a, *pb = b; void *r[] = {&pa, &pb, &po};
    if (launch("fnptr", "fnptr", d3(1, 1, 1), d3(N, 1, 1), 0, r)) CHECK_INT("function_pointers", o, e, N);
    return finish();
}
