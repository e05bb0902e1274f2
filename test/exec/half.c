/* __float2half_rn (round to nearest even, overflow to inf, subnormal
 * halves), __half2float, __hadd, __hmul.  Reference: a bit-level
 * float->half conversion written here; half add/mul computed in double
 * (exact for halves) and rounded to half. */
#include "common.h"
static uint16_t f2h(double f) /* any double, rounded once */
{
    uint16_t s = signbit(f) ? 0x8000 : 0;
    if (isnan(f)) return s | 0x7e00;
    double a = fabs(f);
    if (a >= 65520.0) return s | 0x7c00;
    if (a <= ldexp(1, -25)) return s;          /* ties to even: 2^-25 -> 0 */
    int e; frexp(a, &e); e -= 1;              /* a = m * 2^e, 1 <= m < 2 */
    if (e < -14) e = -14;                      /* subnormal: fixed exponent */
    double q = ldexp(a, 10 - e);               /* units of the half ulp, exact */
    double r = nearbyint(q);                   /* ties to even */
    uint32_t m = (uint32_t)r;
    if (m >= 2048) { m >>= 1; e++; }
    if (m < 1024) return s | m;                /* subnormal */
    if (e > 15) return s | 0x7c00;
    return s | (uint16_t)((e + 15) << 10) | (m & 0x3ff);
}
static float h2f(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 0x3ff; float v;
    if (e == 31) v = m ? NAN : INFINITY;
    else if (e == 0) v = ldexpf((float)m, -24);
    else v = ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000) ? -v : v;
}
int main(int argc, char **argv)
{
    setup(argc, argv, "half");
    int n = 1000; float *a = malloc(n * 4), *b = malloc(n * 4), *o = malloc(3 * n * 4), *e = malloc(3 * n * 4);
    uint16_t *h = malloc(n * 2), *eh = malloc(n * 2);
    for (int i = 0; i < n; i++) {
        uint32_t u = lcg(); int ex = (int)(lcg() % 44) - 28;
        a[i] = ldexpf(1.0f + (float)(u >> 9) / 8388608.0f, ex) * ((u & 1) ? -1 : 1);
        b[i] = ldexpf(1.0f + (float)(lcg() >> 9) / 8388608.0f, (int)(lcg() % 20) - 8);
    }
    float sp[] = {65504.0f, 65519.0f, 65520.0f, 1e6f, -1e6f, 5.9604645e-8f, 2.9802322e-8f, 2.98023259e-8f, 0.0f, -0.0f, INFINITY, 1.0009765625f, 1.00048828125f, 1.00146484375f};
    for (int k = 0; k < 14; k++) a[k] = sp[k];
    for (int i = 0; i < n; i++) {
        uint16_t x = f2h(a[i]), y = f2h(b[i]); eh[i] = x;
        e[3*i] = h2f(x); e[3*i+1] = h2f(f2h((double)h2f(x) + h2f(y))); e[3*i+2] = h2f(f2h((double)h2f(x) * h2f(y)));
    }
    void *p[] = {&n, &a, &b, &h, &o};
    if (!launch("hops", "hops", d3(8, 1, 1), d3(128, 1, 1), 0, p)) return finish();
    CHECK_INT("float2half_rn", h, eh, n);
    float *g = malloc(n * 4), *x = malloc(n * 4);
    const char *nm[3] = {"half2float", "hadd", "hmul"};
    for (int k = 0; k < 3; k++) { for (int i = 0; i < n; i++) { g[i] = o[3*i+k]; x[i] = e[3*i+k]; } CHECK_EXACT(nm[k], g, x, n); }
    return finish();
}
