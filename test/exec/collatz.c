/* Loops with per-lane trip counts (collatz) and multi-exit loops
 * (break, early return) in a partial warp and several CTAs. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "collatz");
    int n = 1000; unsigned *st = malloc(n * 4); int *s = malloc(n * 4), *e = malloc(n * 4);
    for (int i = 0; i < n; i++) st[i] = 1 + lcg() % 100000;
    for (int i = 0; i < n; i++) { unsigned long long x = st[i]; int c = 0; while (x != 1) { x = (x & 1) ? 3*x+1 : x/2; c++; } e[i] = c; }
    void *p[] = {&n, &st, &s};
    if (launch("collatz", "collatz", d3(20, 1, 1), d3(50, 1, 1), 0, p)) CHECK_INT("collatz", s, e, n);
    int m = 200, key = 7; int *v = malloc(m * 64 * 4), *pos = malloc(m * 4), *ep = malloc(m * 4);
    for (int i = 0; i < m * 64; i++) { unsigned r = lcg() % 300; v[i] = r < 3 ? -1 : (int)(r % 100); }
    for (int i = 0; i < m; i++) { int r = -1; for (int j = 0; j < 64; j++) { int x = v[i*64+j]; if (x == key) { r = j; break; } if (x < 0) { r = -2 - j; break; } } ep[i] = r; }
    void *q[] = {&m, &v, &key, &pos};
    if (launch("multi_exit", "find_first", d3(7, 1, 1), d3(31, 1, 1), 0, q)) CHECK_INT("multi_exit", pos, ep, m);
    return finish();
}
