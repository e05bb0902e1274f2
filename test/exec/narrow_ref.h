/* narrow_ref.h — reference conversions for the narrow float formats of
 * PTX (e4m3, e5m2, e2m3, e3m2, e2m1, ue8m0), from their bit layouts:
 * decode every code, and round by searching all of them (nearest, ties to
 * the even code).  Shared by the exec tests narrowcvt and fp8_nv. */
#ifndef NARROW_REF_H
#define NARROW_REF_H
#include <math.h>
#include <stdint.h>

typedef struct {
    const char *name;
    int ebits, mbits;
    int nan_code; /* the code of NaN (the sign bit clear), -1: no NaN */
    int has_inf;  /* exponent all ones with mantissa 0 is infinity */
} NFmt;

static const NFmt NF_E4M3 = {"e4m3", 4, 3, 0x7f, 0}, NF_E5M2 = {"e5m2", 5, 2, 0x7f, 1},
                  NF_E2M3 = {"e2m3", 2, 3, -1, 0}, NF_E3M2 = {"e3m2", 3, 2, -1, 0}, NF_E2M1 = {"e2m1", 2, 1, -1, 0};

static int nf_bits(const NFmt *f) { return 1 + f->ebits + f->mbits; }

/* The magnitude of code c (sign ignored); NAN or INFINITY for those codes. */
static double nf_value(const NFmt *f, unsigned c)
{
    unsigned E = (c >> f->mbits) & ((1u << f->ebits) - 1), M = c & ((1u << f->mbits) - 1);
    int bias = (1 << (f->ebits - 1)) - 1;
    if (f->has_inf && E == (1u << f->ebits) - 1)
        return M ? NAN : INFINITY;
    if (!f->has_inf && f->nan_code >= 0 && (c & ((1u << (f->ebits + f->mbits)) - 1)) == (unsigned)f->nan_code)
        return NAN;
    if (E == 0)
        return ldexp((double)M, 1 - bias - f->mbits);
    return ldexp((double)((1u << f->mbits) + M), (int)E - bias - f->mbits);
}

/* cvt.rn.satfinite{.relu}: x to a code of f. */
static unsigned nf_encode(const NFmt *f, double x, int relu)
{
    unsigned nmag = 1u << (f->ebits + f->mbits), best = 0;
    if (isnan(x)) {
        if (f->nan_code >= 0)
            return (unsigned)f->nan_code;
        for (unsigned c = 0; c < nmag; c++) /* no NaN: the largest value, positive */
            if (nf_value(f, c) > nf_value(f, best))
                best = c;
        return best;
    }
    double ax = fabs(x), bd = INFINITY;
    for (unsigned c = 0; c < nmag; c++) {
        double v = nf_value(f, c);
        if (!isfinite(v))
            continue;
        /* past the largest value: that one (.satfinite; an infinity too) */
        double d = ax > 1e6 ? -v : fabs(v - ax);
        if (d < bd || (d == bd && !(c & 1)))
            best = c, bd = d;
    }
    if (signbit(x))
        return relu ? 0 : best | nmag;
    return best;
}

/* An exactly representable double as IEEE bits with ebits/mbits (f16:
 * 5/10, bf16: 8/7); NaN is the canonical all-ones-mantissa quiet NaN. */
static unsigned ieee_bits(double v, int ebits, int mbits)
{
    unsigned sign = signbit(v) ? 1u << (ebits + mbits) : 0, emax = (1u << ebits) - 1;
    int bias = (1 << (ebits - 1)) - 1;
    if (isnan(v))
        return (emax << mbits) | ((1u << mbits) - 1);
    if (isinf(v))
        return sign | emax << mbits;
    v = fabs(v);
    if (v == 0)
        return sign;
    int e;
    frexp(v, &e); /* v = m 2^e, m in [0.5, 1) */
    e -= 1;
    if (e < 1 - bias) /* subnormal */
        return sign | (unsigned)ldexp(v, bias - 1 + mbits);
    return sign | (unsigned)(e + bias) << mbits | ((unsigned)ldexp(v, mbits - e) & ((1u << mbits) - 1));
}

/* x rounded to the IEEE format ebits/mbits (f16: 5/10, bf16: 8/7): mode 0
 * to nearest even, 1 toward zero, 2 down, 3 up, from the quantum
 * 2^(max(e, emin) - mbits) of x's binade (long double holds any 64-bit
 * integer exactly).  An overflow is infinity or the largest finite value
 * as the mode directs; with satfinite always the largest. */
static long double ieee_round(long double x, int ebits, int mbits, int mode, int satfinite)
{
    if (isnan(x))
        return x;
    int emin = 2 - (1 << (ebits - 1)), emax = (1 << (ebits - 1)) - 1;
    long double maxv = ldexpl(2.0L - ldexpl(1.0L, -mbits), emax);
    if (isinf(x))
        return satfinite ? copysignl(maxv, x) : x;
    if (x == 0)
        return x;
    int e;
    frexpl(x, &e);
    e -= 1;
    if (e < emin)
        e = emin;
    long double q = ldexpl(1.0L, e - mbits), y = x / q;
    long double r = (mode == 0 ? nearbyintl(y) : mode == 1 ? truncl(y) : mode == 2 ? floorl(y) : ceill(y)) * q;
    if (r == 0)
        r = copysignl(0.0L, x);
    if (fabsl(r) > maxv) {
        int to_inf = mode == 0 || (mode == 2 && x < 0) || (mode == 3 && x > 0);
        r = to_inf && !satfinite ? copysignl(INFINITY, x) : copysignl(maxv, x);
    }
    return r;
}

/* The value of IEEE bits (f16: 5/10, bf16: 8/7). */
static double ieee_value(unsigned b, int ebits, int mbits)
{
    unsigned E = (b >> mbits) & ((1u << ebits) - 1), M = b & ((1u << mbits) - 1);
    int bias = (1 << (ebits - 1)) - 1;
    double v = E == (1u << ebits) - 1 ? (M ? NAN : INFINITY)
             : E == 0                 ? ldexp((double)M, 1 - bias - mbits)
                                      : ldexp((double)((1u << mbits) + M), (int)E - bias - mbits);
    return (b >> (ebits + mbits)) & 1 ? -v : v;
}

/* cvt.rn{.relu}.f16x2.<f>: one code to f16 bits.  .relu: negative (-0
 * too) is +0; NaN is canonical (0x7fff) either way. */
static unsigned nf_to_f16(const NFmt *f, unsigned c, int relu)
{
    double v = nf_value(f, c);
    int neg = (c >> (f->ebits + f->mbits)) & 1;
    if (isnan(v))
        return 0x7fff;
    if (neg && relu)
        return 0;
    return ieee_bits(neg ? -v : v, 5, 10);
}

/* cvt.{rz,rp}{.satfinite}.ue8m0x2: the power of two 2^(c-127), c in
 * [0, 254], at or below (rz) or at or above (rp) |x|; 0 for the smallest;
 * 255 (NaN) for NaN and past the range, 254 with .satfinite. */
static unsigned ue8m0_encode_ref(double x, int up, int satfinite)
{
    if (isnan(x))
        return 0xff;
    double ax = fabs(x);
    int best = -1;
    for (int c = 0; c <= 254; c++) {
        double p = ldexp(1.0, c - 127);
        if (up ? p >= ax && best < 0 : p <= ax)
            best = c;
    }
    if (best < 0)
        best = up ? 255 : 0;
    if (!up && isinf(ax))
        best = 255;
    if (best == 255 && satfinite)
        best = 254;
    return (unsigned)best;
}

/* Inputs that probe a format: each code's value, the midpoints between
 * neighbours and one f32 ulp either side, of both signs. */
static int nf_probe_values(const NFmt *f, float *out, int max)
{
    int n = 0;
    unsigned nmag = 1u << (f->ebits + f->mbits);
    for (unsigned c = 0; c < nmag && n + 8 <= max; c++) {
        double v = nf_value(f, c), w = nf_value(f, c + 1);
        if (!isfinite(v))
            continue;
        double mid = isfinite(w) && c + 1 < nmag ? (v + w) / 2 : v * 1.0625 + 1e-3;
        float m = (float)mid, vals[4] = {(float)v, m, nextafterf(m, 0), nextafterf(m, INFINITY)};
        for (int k = 0; k < 4; k++)
            out[n++] = vals[k], out[n++] = -vals[k];
    }
    return n;
}
#endif
