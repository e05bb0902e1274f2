/* double + - * / sqrt fmin fma (IEEE, exact), with NaN/inf/zero rows. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "vecf64");
    int n = 3000; double *a = malloc(n * 8), *b = malloc(n * 8), *o = malloc(7 * n * 8), *e = malloc(7 * n * 8);
    for (int i = 0; i < n; i++) { a[i] = ldexp((double)lcg() * 4294967296.0 + lcg(), (int)(lcg() % 200) - 164) * ((lcg() & 1) ? -1 : 1); b[i] = ldexp((double)lcg() + 1, (int)(lcg() % 100) - 80); }
    double sp[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 4.9e-324, 1.0};
    for (int k = 0; k < 7; k++) { a[k] = sp[k]; b[7 + k] = sp[k]; }
    for (int i = 0; i < n; i++) { volatile double x = a[i], y = b[i];
        e[7*i] = x + y; e[7*i+1] = x - y; e[7*i+2] = x * y; e[7*i+3] = x / y; e[7*i+4] = sqrt(fabs(x));
        e[7*i+5] = isnan(x) ? y : isnan(y) ? x : x < y ? x : y; e[7*i+6] = fma(x, y, -x); }
    void *p[] = {&n, &a, &b, &o};
    if (!launch("vd", "vd", d3(12, 1, 1), d3(256, 1, 1), 0, p)) return finish();
    const char *nm[7] = {"add", "sub", "mul", "div", "sqrt", "fmin", "fma"};
    double *g = malloc(n * 8), *x = malloc(n * 8);
    for (int k = 0; k < 7; k++) { for (int i = 0; i < n; i++) { g[i] = o[7*i+k]; x[i] = e[7*i+k]; } CHECK_EXACT(nm[k], g, x, n); }
    return finish();
}
