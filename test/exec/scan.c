/* Inclusive prefix scan (Hillis-Steele) in dynamic shared memory with a
 * barrier per step, for block sizes 1, 31, 33, 50, 1000 (partial warps). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "scan");
    unsigned bs[] = {1, 31, 33, 50, 1000};
    for (int k = 0; k < 5; k++) {
        unsigned n = bs[k], g = 3; int *in = malloc(g * n * 4), *o = malloc(g * n * 4), *e = malloc(g * n * 4);
        for (unsigned i = 0; i < g * n; i++) in[i] = (int)(lcg() % 100) - 50;
        for (unsigned b = 0; b < g; b++) { int s = 0; for (unsigned t = 0; t < n; t++) { s += in[b*n+t]; e[b*n+t] = s; } }
        char cas[32]; snprintf(cas, sizeof cas, "block%u", n);
        void *p[] = {&in, &o};
        if (launch(cas, "scan", d3(g, 1, 1), d3(n, 1, 1), 2 * n * sizeof(int), p)) CHECK_INT(cas, o, e, g * n);
        free(in); free(o); free(e);
    }
    return finish();
}
