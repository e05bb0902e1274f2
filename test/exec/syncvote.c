/* __syncthreads_count/_and/_or (bar.red) over blocks of 50 and 1000. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "syncvote");
    unsigned bs[] = {50, 1000, 33};
    for (int k = 0; k < 3; k++) {
        unsigned n = bs[k], g = 4; int *v = malloc(g * n * 4), *o = malloc(g * n * 4), *e = malloc(g * n * 4);
        for (unsigned i = 0; i < g * n; i++) v[i] = (int)(lcg() % 100);
        for (unsigned i = 0; i < n; i++) v[i] = 1 + (int)(lcg() % 90);      /* block 0: all > 0, none > 98 */
        for (unsigned b = 0; b < g; b++) {
            int c = 0, a = 1, r = 0;
            for (unsigned t = 0; t < n; t++) { int x = v[b*n+t]; c += x > 50; a &= x > 0; r |= x > 98; }
            for (unsigned t = 0; t < n; t++) e[b*n+t] = c * 4 + (a ? 2 : 0) + (r ? 1 : 0);
        }
        char cas[32]; snprintf(cas, sizeof cas, "block%u", n);
        void *p[] = {&v, &o};
        if (launch(cas, "sv", d3(g, 1, 1), d3(n, 1, 1), 0, p)) CHECK_INT(cas, o, e, g * n);
    }
    return finish();
}
