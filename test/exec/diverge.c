/* Divergent if/else, nested divergence with a loop with break and a
 * switch; a divergent region between two barriers. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "diverge");
    enum { N = 640 };
    int v[N], o[N], e[N];
    for (int i = 0; i < N; i++) v[i] = (int)(lcg() % 10000);
    for (int t = 0; t < N; t++) {
        int x = v[t], r;
        if (x & 1) {
            if (x & 2) { r = x * 3; r += (x & 4) ? 100 : -100; }
            else { r = 0; for (int i = 0; i < (x & 15) && i != 9; i++) r += i; }
        } else if (x & 8) r = -x;
        else { int m = x % 5; r = m == 0 ? 1 : m == 1 ? 11 : m == 2 ? 111 : x / 3; }
        e[t] = r;
    }
    int *pv = v, *po = o; void *p[] = {&pv, &po};
    if (launch("nested", "nested", d3(10, 1, 1), d3(64, 1, 1), 0, p)) CHECK_INT("nested", o, e, N);
    for (int b = 0; b < 5; b++) {
        int s[128] = {0};
        for (int t = 0; t < 128; t++) if (v[b*128+t] % 4 == 0) s[v[b*128+t] % 128]++;
        for (int t = 0; t < 128; t++) if (v[b*128+t] % 4 == 1) s[t] += 2;
        for (int t = 0; t < 128; t++) e[b*128+t] = s[t];
    }
    /* the kernel reads v[t] of block 0 only: give every block the same input */
    for (int b = 0; b < 5; b++) for (int t = 0; t < 128; t++) e[b*128+t] = e[t];
    if (launch("shared", "shared_diverge", d3(5, 1, 1), d3(128, 1, 1), 0, p)) CHECK_INT("between_barriers", o, e, N);
    return finish();
}
