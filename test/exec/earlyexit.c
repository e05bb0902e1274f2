/* Lanes leaving the kernel early at several points (before any work, at
 * the start, from inside a loop) while the others keep going. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "earlyexit");
    int n = 777, *v = malloc(n * 4), *o = malloc(n * 4), *e = malloc(n * 4), cnt[2] = {0, 0}, ec[2] = {0, 0};
    for (int i = 0; i < n; i++) { unsigned r = lcg() % 10; v[i] = r == 0 ? -5 : r == 1 ? 0 : (int)(lcg() % 500) + 1; o[i] = e[i] = 12345; }
    for (int t = 0; t < n; t++) {
        int x = v[t]; if (x < 0) continue; if (x == 0) { e[t] = -1; continue; }
        int s = 0, done = 0;
        while (x > 1) { s++; if (x & 1) { if (s > 30) { e[t] = 999; ec[0]++; done = 1; break; } x = x * 3 + 1; } else x /= 2; }
        if (!done) { ec[1] += s; e[t] = s; }
    }
    int *pc = cnt; void *p[] = {&n, &v, &pc, &o};
    if (launch("ee", "ee", d3(16, 1, 1), d3(50, 1, 1), 0, p)) { CHECK_INT("outputs", o, e, n); CHECK_INT("counts", cnt, ec, 2); }
    return finish();
}
