/* libdevice math (expf, logf, sinf, cosf, exp, log) on |x| <= 10: not
 * correctly rounded, so compared with C's libm within a stated tolerance:
 * relative 4e-6 for float (a few ulp), 1e-14 for double (sin/cos: absolute). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "mathtol");
    int n = 2000; float *a = malloc(n * 4), *o = malloc(4 * n * 4), *e = malloc(4 * n * 4); double *d = malloc(n * 8), *od = malloc(2 * n * 8), *ed = malloc(2 * n * 8);
    for (int i = 0; i < n; i++) { a[i] = ((float)lcg() / 4294967296.0f - 0.5f) * 20.0f; d[i] = ((double)lcg() / 4294967296.0 - 0.5) * 20.0; }
    for (int i = 0; i < n; i++) { e[4*i] = expf(a[i]); e[4*i+1] = logf(fabsf(a[i]) + 1.0f); e[4*i+2] = sinf(a[i]); e[4*i+3] = cosf(a[i]); ed[2*i] = exp(d[i]); ed[2*i+1] = log(fabs(d[i]) + 1.0); }
    void *p[] = {&n, &a, &o, &d, &od};
    if (!launch("mt", "mt", d3(8, 1, 1), d3(256, 1, 1), 0, p)) return finish();
    const char *nm[4] = {"expf", "logf", "sinf", "cosf"}; float *g = malloc(n * 4), *x = malloc(n * 4);
    for (int k = 0; k < 4; k++) { for (int i = 0; i < n; i++) { g[i] = o[4*i+k]; x[i] = e[4*i+k]; } CHECK_TOL(nm[k], g, x, n, 4e-6); }
    double *gd = malloc(n * 8), *xd = malloc(n * 8); const char *dn[2] = {"exp", "log"};
    for (int k = 0; k < 2; k++) { for (int i = 0; i < n; i++) { gd[i] = od[2*i+k]; xd[i] = ed[2*i+k]; } CHECK_TOL(dn[k], gd, xd, n, 1e-14); }
    return finish();
}
