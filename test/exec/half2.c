/* __hadd2 / __hmul2 on packed half pairs (add.rn.f16x2, mul.rn.f16x2):
 * reference decodes halves, computes exactly in double, rounds once. */
#include "common.h"
static float h2f(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 0x3ff; float v;
    if (e == 31) v = m ? NAN : INFINITY; else if (e == 0) v = ldexpf((float)m, -24); else v = ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000) ? -v : v;
}
static uint16_t f2h(double f)
{
    uint16_t s = signbit(f) ? 0x8000 : 0; if (isnan(f)) return s | 0x7e00; double a = fabs(f);
    if (a >= 65520.0) return s | 0x7c00; if (a <= ldexp(1, -25)) return s;
    int e; frexp(a, &e); e -= 1; if (e < -14) e = -14;
    uint32_t m = (uint32_t)nearbyint(ldexp(a, 10 - e)); if (m >= 2048) { m >>= 1; e++; }
    if (m < 1024) return s | m; if (e > 15) return s | 0x7c00;
    return s | (uint16_t)((e + 15) << 10) | (m & 0x3ff);
}
int main(int argc, char **argv)
{
    setup(argc, argv, "half2");
    int n = 1000; uint16_t *a = malloc(n * 4), *b = malloc(n * 4), *o = malloc(n * 8), *e = malloc(n * 8);
    for (int i = 0; i < 2 * n; i++) { a[i] = lcg() & 0x7bff; a[i] |= (lcg() & 1) << 15; b[i] = (lcg() % 0x5000) | ((lcg() & 1) << 15); }
    for (int i = 0; i < n; i++) for (int h = 0; h < 2; h++) {
        e[4*i + h] = f2h((double)h2f(a[2*i+h]) + h2f(b[2*i+h])); e[4*i + 2 + h] = f2h((double)h2f(a[2*i+h]) * h2f(b[2*i+h]));
    }
    void *p[] = {&n, &a, &b, &o};
    if (!launch("h2", "h2", d3(4, 1, 1), d3(256, 1, 1), 0, p)) return finish();
    /* compare as values: NaN payloads are not checked (any NaN equals any NaN) */
    float *g = malloc(n * 16), *x = malloc(n * 16); for (int i = 0; i < 4 * n; i++) { g[i] = h2f(o[i]); x[i] = h2f(e[i]); }
    CHECK_EXACT("hadd2_hmul2", g, x, 4 * n);
    return finish();
}
