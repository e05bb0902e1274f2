/* Nested per-lane loops with continue, break, a goto out of two loops
 * and a do-while; blocks of 33 (partial second warp). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "loops");
    enum { N = 33 * 9 };
    int v[N], o[N], e[N];
    for (int i = 0; i < N; i++) v[i] = (int)(lcg() % 5000);
    for (int t = 0; t < N; t++) {
        int x = v[t], s = 0, out = 0;
        for (int i = 0; i < x % 13 && !out; i++) {
            if (i % 3 == 1) continue;
            for (int j = i; j < x % 7 + i; j++) { if (j == 9) break; s += i * j + 1; }
            if (s > 200) out = 1;
        }
        if (!out) s = -s;
        do { s += 1000; x >>= 2; } while (x > 3);
        e[t] = s;
    }
    int *pv = v, *po = o; void *p[] = {&pv, &po};
    if (launch("lp", "lp", d3(9, 1, 1), d3(33, 1, 1), 0, p)) CHECK_INT("nested_loops", o, e, N);
    return finish();
}
