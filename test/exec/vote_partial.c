/* Votes inside divergent branches with the __activemask() of the branch:
 * the ballot covers only the active lanes; nested activemask. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "vote_partial");
    enum { N = 96 };
    int v[N]; unsigned o[N], e[N];
    for (int i = 0; i < N; i++) v[i] = (int)(lcg() % 100);
    for (int w = 0; w < N / 32; w++) {
        unsigned m0 = 0, bal = 0, m2 = 0, m1 = 0; int any = 0;
        for (int l = 0; l < 32; l++) { int x = v[w*32+l]; if (x % 3 == 0) { m0 |= 1u << l; if (x & 1) bal |= 1u << l; if (x % 2 == 0) m2 |= 1u << l; } if (x % 3 == 1) { m1 |= 1u << l; if (x > 95) any = 1; } }
        for (int l = 0; l < 32; l++) { int x = v[w*32+l]; e[w*32+l] = x % 3 == 0 ? (x % 2 == 0 ? bal ^ (m2 << 1) : bal) : x % 3 == 1 ? (any ? 0xaaaa : 0x5555) : 0; }
        (void)m0; (void)m1;
    }
    int *pv = v; unsigned *po = o; void *p[] = {&pv, &po};
    if (launch("vp", "vp", d3(1, 1, 1), d3(N, 1, 1), 0, p)) CHECK_INT("divergent_votes", o, e, N);
    return finish();
}
