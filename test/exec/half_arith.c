/* half_arith.c — reference for half_arith.ptx, from first principles:
 * halves decoded by their bit layout into doubles (exact); a result is
 * rounded to the format by scaling it to the format's quantum and rounding
 * that with nearbyint (ties to even) or trunc/floor/ceil; fma goes through
 * glibc's fma() toward zero with the inexact flag as a sticky bit (round to
 * odd in double, which the final rounding keeps exact). */
#include <fenv.h>

#include "common.h"

typedef struct Fmt {
    int man, ebits, emin; /* fraction bits, exponent bits, exponent of the smallest normal */
} Fmt;
static const Fmt F16 = {10, 5, -14}, BF16 = {7, 8, -126};

#define ANY_NAN 0x10000u /* expected: any NaN */

static int emax(Fmt f) { return (1 << (f.ebits - 1)) - 1; }
static uint16_t inf_bits(Fmt f) { return (uint16_t)(((1u << f.ebits) - 1) << f.man); }

static double
dec(Fmt f, uint16_t h)
{
    int e = (h >> f.man) & ((1 << f.ebits) - 1), m = h & ((1 << f.man) - 1);
    double v = e == 0 ? ldexp(m, f.emin - f.man)
               : e == (1 << f.ebits) - 1 ? (m ? NAN : INFINITY)
                                         : ldexp(m | 1 << f.man, e - emax(f) - f.man);
    return (h & 0x8000) ? -v : v;
}

static uint16_t
ftz_in(Fmt f, uint16_t h) /* a subnormal becomes the zero of its sign */
{
    return (h & inf_bits(f)) == 0 ? h & 0x8000 : h;
}

/* x (not NaN) rounded in format f: dir 0 nearest even, 1 toward zero,
 * 2 down, 3 up */
static uint16_t
enc(Fmt f, double x, int dir)
{
    uint16_t s = signbit(x) ? 0x8000 : 0;
    double a = fabs(x);
    if (isinf(a))
        return s | inf_bits(f);
    if (a == 0)
        return s;
    int e;
    frexp(a, &e);
    e -= 1; /* 2^e <= a < 2^(e+1) */
    if (e < f.emin)
        e = f.emin;
    double q = ldexp(1, e - f.man), n = a / q;
    int away = dir == 3 ? !s : dir == 2 ? !!s : 0; /* the magnitude rounds up */
    double r = (dir == 0 ? nearbyint(n) : away ? ceil(n) : floor(n)) * q;
    if (r >= ldexp(1, emax(f) + 1))
        return dir == 0 || away ? s | inf_bits(f) : s | (uint16_t)(inf_bits(f) - 1);
    if (r < ldexp(1, f.emin))
        return s | (uint16_t)(r / ldexp(1, f.emin - f.man));
    frexp(r, &e);
    e -= 1;
    return s | (uint16_t)((e + emax(f)) << f.man) | (uint16_t)((r / ldexp(1, e - f.man)) - (1 << f.man));
}

static uint32_t
rn(Fmt f, double x)
{
    return isnan(x) ? ANY_NAN : enc(f, x, 0);
}

/* a*b+c rounded to odd in double: toward zero, the last bit set if inexact */
static double
fma_odd(double a, double b, double c)
{
    volatile double va = a, vb = b, vc = c;
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_INEXACT);
    double r = fma(va, vb, vc);
    int inexact = fetestexcept(FE_INEXACT);
    fesetround(FE_TONEAREST);
    if (inexact && !isnan(r)) {
        uint64_t u;
        memcpy(&u, &r, 8);
        u |= 1;
        memcpy(&r, &u, 8);
    }
    return r;
}

/* .sat: [0, 1]; NaN and -0 give +0 */
static double sat(double x) { return isnan(x) || x <= 0 ? 0.0 : x > 1 ? 1.0 : x; }

/* .satfinite: beyond the largest finite value (infinities too) gives it */
static uint32_t
satfinite(Fmt f, double x)
{
    if (isnan(x))
        return ANY_NAN;
    uint16_t r = enc(f, x, 0);
    return (r & 0x7fff) == inf_bits(f) ? (r & 0x8000) | (uint16_t)(inf_bits(f) - 1) : r;
}

static uint32_t
relu(Fmt f, double x)
{
    return isnan(x) ? 0x7fff : x <= 0 ? 0 : enc(f, x, 0);
}

/* min/max as the ISA writes them: (a < b) ? a : b; a NaN gives the other,
 * two NaNs (or any with .NaN) the canonical NaN; .xorsign.abs */
static uint32_t
minmax(Fmt f, uint16_t a, uint16_t b, int mx, int nanmode, int xorsign)
{
    uint16_t sign = (a ^ b) & 0x8000;
    if (xorsign)
        a &= 0x7fff, b &= 0x7fff;
    double x = dec(f, a), y = dec(f, b);
    if ((isnan(x) && isnan(y)) || (nanmode && (isnan(x) || isnan(y))))
        return 0x7fff;
    uint16_t r = isnan(y) ? a : isnan(x) ? b : (mx ? x > y : x < y) ? a : b;
    return xorsign ? r | sign : r;
}

enum { T = 128, NOUT = 22 };

static uint16_t
pick(uint32_t t, int k, const uint16_t *special, int nspecial, int bf)
{
    if (t < 48)
        return special[(t * (k + 3) + (uint32_t)k * 5 + t / 7) % (uint32_t)nspecial];
    uint32_t s = lcg();
    if (t < 80)
        return (uint16_t)(s >> 16); /* any encoding */
    /* ordinary magnitudes, either sign */
    uint16_t lo = bf ? 0x3c00 : 0x3000, span = bf ? 0x0800 : 0x1800;
    return (uint16_t)(lo + (s >> 16) % span) ^ (uint16_t)((s & 1) << 15);
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "half_arith");
    static const uint16_t sp16[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0xfbff,
                                    0x7c00, 0xfc00, 0x7e00, 0x7d00, 0x3555, 0x4200, 0xc900, 0x1400, 0x3800, 0x5bff};
    static const uint16_t spb[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80, 0x7f7f, 0xff7f,
                                   0x7f80, 0xff80, 0x7fc0, 0x7fa0, 0x3eab, 0x4040, 0xc120, 0x0a00, 0x3f00, 0x5f7f};
    uint32_t in[6 * T], out[NOUT * T];
    for (uint32_t t = 0; t < T; t++)
        for (int k = 0; k < 6; k++) {
            int bf = k >= 3;
            uint16_t lo = pick(t, 2 * k, bf ? spb : sp16, 20, bf), hi = pick(t, 2 * k + 1, bf ? spb : sp16, 20, bf);
            in[6 * t + k] = lo | (uint32_t)hi << 16;
        }
    /* fma where the product is a tie of the half format and c tips it:
     * rounding a*b+c to f32 first would land on the tie */
    for (uint32_t t = 112; t < T; t++) {
        uint32_t neg = t & 1 ? 0x8000 : 0, tiny = t & 2 ? 0x0001 : 0x0002;
        uint32_t c16 = (t & 4 ? tiny : 0x0200) | neg, cb = (t & 4 ? 0x2180 : 0x0001) | neg;
        in[6 * t + 0] = 0x3c01 | 0x3c03u << 16, in[6 * t + 1] = 0x3e00 | 0xbe00u << 16;
        in[6 * t + 2] = c16 | (c16 ^ 0x8000) << 16;
        in[6 * t + 3] = 0x3f81 | 0x3f83u << 16, in[6 * t + 4] = 0x3fc0 | 0xbfc0u << 16;
        in[6 * t + 5] = cb | (cb ^ 0x8000) << 16;
    }
    uint32_t *pi = in, *po = out;
    void *params[] = {&pi, &po};
    static const char *names[NOUT] = {
        "add_f16x2", "sub_f16x2", "mul_f16x2", "fma_f16x2", "fma_ftz_sat_f16x2", "fma_relu_f16x2",
        "min_f16x2", "max_ftz_nan_f16x2", "neg_f16x2", "abs_ftz_f16x2", "add_ftz_sat_f16_mul_f16",
        "fma_f16_min_xorsign_abs_f16", "add_bf16x2", "sub_bf16x2", "mul_bf16x2", "fma_bf16x2",
        "fma_relu_bf16x2", "min_bf16x2", "max_nan_bf16x2", "neg_bf16x2", "abs_bf16x2",
        "fma_bf16_max_xorsign_abs_bf16"};
    if (launch("launch", "half_arith", d3(1, 1, 1), d3(T, 1, 1), 0, params)) {
        int nbad[NOUT] = {0};
        char first[NOUT][160];
        for (uint32_t t = 0; t < T; t++) {
            for (int o = 0; o < NOUT; o++) {
                for (int h = 0; h < 2; h++) {
                    int bf = o >= 12;
                    Fmt f = bf ? BF16 : F16;
                    uint16_t a = (uint16_t)(in[6 * t + 3 * bf] >> 16 * h), b = (uint16_t)(in[6 * t + 3 * bf + 1] >> 16 * h),
                             c = (uint16_t)(in[6 * t + 3 * bf + 2] >> 16 * h);
                    uint16_t fa = ftz_in(f, a), fb = ftz_in(f, b), fc = ftz_in(f, c);
                    double x = dec(f, a), y = dec(f, b), z = dec(f, c);
                    uint32_t w;
                    switch (o) {
                    case 0: case 12: w = rn(f, x + y); break;
                    case 1: case 13: w = rn(f, x - y); break;
                    case 2: case 14: w = rn(f, x * y); break;
                    case 3: case 15: w = rn(f, fma_odd(x, y, z)); break;
                    case 4: w = enc(f, sat(fma_odd(dec(f, fa), dec(f, fb), dec(f, fc))), 0); w = ftz_in(f, (uint16_t)w); break;
                    case 5: case 16: w = relu(f, fma_odd(x, y, z)); break;
                    case 6: case 17: w = minmax(f, a, b, 0, 0, 0); break;
                    case 7: w = ftz_in(f, (uint16_t)minmax(f, fa, fb, 1, 1, 0)); break;
                    case 18: w = minmax(f, a, b, 1, 1, 0); break;
                    case 8: case 19: w = a ^ 0x8000u; break;
                    case 9: w = fa & 0x7fffu; break;
                    case 20: w = a & 0x7fffu; break;
                    case 10:
                        w = h ? rn(f, x * y) : ftz_in(f, enc(f, sat(dec(f, fa) + dec(f, fb)), 0));
                        break;
                    case 11: w = h ? minmax(f, a, b, 0, 0, 1) : rn(f, fma_odd(x, y, z)); break;
                    default: w = h ? minmax(f, a, b, 1, 0, 1) : rn(f, fma_odd(x, y, z)); break;
                    }
                    uint16_t got = (uint16_t)(out[NOUT * t + o] >> 16 * h);
                    int ok = w == ANY_NAN ? isnan(dec(f, got)) : got == w;
                    if (!ok && !nbad[o]++)
                        snprintf(first[o], sizeof first[o], "thread %u half %d: a 0x%04x b 0x%04x c 0x%04x: got 0x%04x expected 0x%04x",
                                 t, h, a, b, c, got, w);
                }
            }
        }
        for (int o = 0; o < NOUT; o++)
            report(names[o], nbad[o], first[o]);
    }

    /* cvt to f16 from f64 in every mode, and from f32 with .sat */
    double xs[T];
    static const double hard[] = {1 + 0x1p-11 + 0x1p-40, 1 + 0x1p-11 - 0x1p-40, -(1 + 0x1p-11 + 0x1p-40), 65519.99999,
                                  65520.0, -65520.0, 1e6, -1e6, 0x1p-25 + 0x1p-60, 0x1p-25, -0x1p-25, 0x1p-26,
                                  0x1.ffcp-15, 0.0, -0.0, INFINITY, -INFINITY, NAN, 0.5, 1.0 + 0x1p-30, 65504.0,
                                  0x1p-24, -0x1.8p-24, 3e-5};
    enum { NH = sizeof hard / sizeof hard[0] };
    for (int t = 0; t < T; t++) {
        uint32_t s = lcg();
        xs[t] = t < NH ? hard[t] : ldexp((double)s / 4294967296.0 - 0.5, (int)(lcg() % 48) - 28);
    }
    double *px = xs;
    uint32_t ov[10 * T];
    uint32_t *pv = ov;
    void *cp[] = {&px, &pv};
    if (launch("cvt_launch", "cvt_f16", d3(1, 1, 1), d3(T, 1, 1), 0, cp)) {
        static const char *cn[10] = {"cvt_rn_rz_f16_f64", "cvt_rm_rp_f16_f64", "cvt_rn_sat_f16_f32", "cvt_f64_f16",
                                    "cvt_rn_relu_f16_bf16_f32", "cvt_rn_bf16_f64", "cvt_rn_relu_f16x2_f32",
                                    "cvt_rn_relu_bf16x2_f32", "cvt_rn_satfinite_f16_bf16_f32",
                                    "cvt_rn_satfinite_f16x2_f32"};
        int nbad[10] = {0};
        char first[10][160];
        for (int t = 0; t < T; t++) {
            double x = xs[t];
            float xf = (float)x;
            uint32_t w[10][2];
            for (int k = 0; k < 4; k++)
                w[k / 2][k % 2] = isnan(x) ? ANY_NAN : enc(F16, x, k);
            w[2][0] = w[2][1] = enc(F16, sat(xf), 0);
            w[4][0] = relu(F16, xf), w[4][1] = relu(BF16, xf);
            w[5][0] = rn(BF16, x), w[5][1] = 0;
            w[6][1] = relu(F16, xf), w[6][0] = relu(F16, -xf);
            w[7][1] = relu(BF16, xf), w[7][0] = relu(BF16, -xf);
            w[8][0] = satfinite(F16, xf), w[8][1] = satfinite(BF16, xf * 0x1p120f);
            w[9][1] = satfinite(F16, xf), w[9][0] = satfinite(F16, -xf);
            for (int k = 0; k < 10; k++)
                for (int h = 0; h < 2; h++) {
                    if (k == 3)
                        continue;
                    Fmt f = ((k == 4 || k == 8) && h) || k == 5 || k == 7 ? BF16 : F16;
                    uint16_t got = (uint16_t)(ov[10 * t + k] >> 16 * h);
                    int ok = w[k][h] == ANY_NAN ? isnan(dec(f, got)) : got == w[k][h];
                    if (!ok && !nbad[k]++)
                        snprintf(first[k], sizeof first[k], "x = %.17g half %d: got 0x%04x expected 0x%04x", x, h, got, w[k][h]);
                }
            float back, want = (float)dec(F16, (uint16_t)ov[10 * t]);
            memcpy(&back, &ov[10 * t + 3], 4);
            if (!same_float_bits(back, want) && !nbad[3]++)
                snprintf(first[3], sizeof first[3], "x = %.17g: got %.9g expected %.9g", x, (double)back, (double)want);
        }
        for (int k = 0; k < 10; k++)
            report(cn[k], nbad[k], first[k]);
    }

    /* uniform operands: the first lanes' f16x2 / bf16x2 inputs, one launch each */
    int nbad = 0;
    char first[200] = "";
    for (int t = 0; t < 48; t++) {
        uint32_t a = in[6 * t + (t & 1 ? 3 : 0)], b = in[6 * t + (t & 1 ? 4 : 1)], c = in[6 * t + (t & 1 ? 5 : 2)], u[4];
        uint32_t *pu = u;
        void *q[] = {&a, &b, &c, &pu};
        if (!launch("uniform", "half_uniform", d3(1, 1, 1), d3(32, 1, 1), 0, q))
            break;
        for (int k = 0; k < 4; k++)
            for (int h = 0; h < 2; h++) {
                Fmt f = k == 1 || k == 3 ? BF16 : F16;
                uint16_t x = (uint16_t)(a >> 16 * h), y = (uint16_t)(b >> 16 * h), z = (uint16_t)(c >> 16 * h);
                uint32_t w = k < 2 ? rn(f, fma_odd(dec(f, x), dec(f, y), dec(f, z)))
                             : k == 2 ? minmax(f, x, y, 0, 1, 0)
                                      : (dec(f, x) < dec(f, y) ? 0xffffu : 0);
                uint16_t got = (uint16_t)(u[k] >> 16 * h);
                int ok = w == ANY_NAN ? isnan(dec(f, got)) : got == w;
                if (!ok && !nbad++)
                    snprintf(first, sizeof first, "out %d half %d: a 0x%08x b 0x%08x c 0x%08x: got 0x%04x expected 0x%04x",
                             k, h, a, b, c, got, w);
            }
    }
    report("uniform", nbad, first);
    return finish();
}
#if 0 // test-file half_arith.ptx
// f16, bf16, f16x2 and bf16x2 arithmetic: add sub mul fma (.ftz .sat
// .relu), min max (.ftz .NaN .xorsign.abs), neg abs, and cvt between f16
// and f64/f32 (.relu .sat .satfinite).  Hand-written; ptxas -arch=sm_90 accepts it.
// Reference: half_arith.c.
.version 8.1
.target sm_90
.address_size 64

// in: per lane 6 u32: f16x2 a, b, c, bf16x2 a, b, c
// out: per lane 22 u32, in the order of the instructions below
.visible .entry half_arith(.param .u64 in, .param .u64 out)
{
	.reg .b16 %h<16>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 24;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.b32 %r2, [%rd4];
	ld.global.b32 %r3, [%rd4+4];
	ld.global.b32 %r4, [%rd4+8];
	ld.global.b32 %r5, [%rd4+12];
	ld.global.b32 %r6, [%rd4+16];
	ld.global.b32 %r7, [%rd4+20];
	mul.wide.u32 %rd3, %r1, 88;
	add.s64 %rd5, %rd2, %rd3;
	add.rn.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5], %r10;
	sub.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+4], %r10;
	mul.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+8], %r10;
	fma.rn.f16x2 %r10, %r2, %r3, %r4;
	st.global.b32 [%rd5+12], %r10;
	fma.rn.ftz.sat.f16x2 %r10, %r2, %r3, %r4;
	st.global.b32 [%rd5+16], %r10;
	fma.rn.relu.f16x2 %r10, %r2, %r3, %r4;
	st.global.b32 [%rd5+20], %r10;
	min.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+24], %r10;
	max.ftz.NaN.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+28], %r10;
	neg.f16x2 %r10, %r2;
	st.global.b32 [%rd5+32], %r10;
	abs.ftz.f16x2 %r10, %r2;
	st.global.b32 [%rd5+36], %r10;
	mov.b32 {%h1, %h2}, %r2;
	mov.b32 {%h3, %h4}, %r3;
	mov.b32 {%h5, %h6}, %r4;
	add.ftz.sat.f16 %h7, %h1, %h3;
	mul.rn.f16 %h8, %h2, %h4;
	mov.b32 %r10, {%h7, %h8};
	st.global.b32 [%rd5+40], %r10;
	fma.rn.f16 %h7, %h1, %h3, %h5;
	min.xorsign.abs.f16 %h8, %h2, %h4;
	mov.b32 %r10, {%h7, %h8};
	st.global.b32 [%rd5+44], %r10;
	add.rn.bf16x2 %r10, %r5, %r6;
	st.global.b32 [%rd5+48], %r10;
	sub.rn.bf16x2 %r10, %r5, %r6;
	st.global.b32 [%rd5+52], %r10;
	mul.rn.bf16x2 %r10, %r5, %r6;
	st.global.b32 [%rd5+56], %r10;
	fma.rn.bf16x2 %r10, %r5, %r6, %r7;
	st.global.b32 [%rd5+60], %r10;
	fma.rn.relu.bf16x2 %r10, %r5, %r6, %r7;
	st.global.b32 [%rd5+64], %r10;
	min.bf16x2 %r10, %r5, %r6;
	st.global.b32 [%rd5+68], %r10;
	max.NaN.bf16x2 %r10, %r5, %r6;
	st.global.b32 [%rd5+72], %r10;
	neg.bf16x2 %r10, %r5;
	st.global.b32 [%rd5+76], %r10;
	abs.bf16x2 %r10, %r5;
	st.global.b32 [%rd5+80], %r10;
	mov.b32 {%h1, %h2}, %r5;
	mov.b32 {%h3, %h4}, %r6;
	mov.b32 {%h5, %h6}, %r7;
	fma.rn.bf16 %h7, %h1, %h3, %h5;
	max.xorsign.abs.bf16 %h8, %h2, %h4;
	mov.b32 %r10, {%h7, %h8};
	st.global.b32 [%rd5+84], %r10;
	ret;
}

// out[8t..8t+7]: cvt.{rn|rz}.f16.f64 of x[t] (low | high half),
// cvt.{rm|rp}.f16.f64, cvt.rn.sat.f16.f32 of (f32)x[t] (twice), the rn
// half widened to f64 and narrowed to f32 (an f32), cvt.rn.relu.f16.f32 |
// cvt.rn.relu.bf16.f32 of (f32)x[t], cvt.rn.bf16.f64 of x[t] (low half),
// cvt.rn.relu.f16x2.f32 and .bf16x2.f32 of (f32)x[t] (high) and its
// negation (low), cvt.rn.satfinite.f16.f32 of (f32)x[t] |
// cvt.rn.satfinite.bf16.f32 of (f32)x[t] * 2^120, cvt.rn.satfinite.f16x2.f32
// of (f32)x[t] and its negation
.visible .entry cvt_f16(.param .u64 xs, .param .u64 out)
{
	.reg .b16 %h<9>;
	.reg .b32 %r<11>;
	.reg .f32 %f<4>;
	.reg .f64 %d<3>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [xs];
	ld.param.u64 %rd2, [out];
	mov.u32 %r6, %tid.x;
	mul.wide.u32 %rd3, %r6, 8;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.f64 %d1, [%rd4];
	cvt.rn.f16.f64 %h1, %d1;
	cvt.rz.f16.f64 %h2, %d1;
	cvt.rm.f16.f64 %h3, %d1;
	cvt.rp.f16.f64 %h4, %d1;
	cvt.rn.f32.f64 %f1, %d1;
	cvt.rn.sat.f16.f32 %h5, %f1;
	cvt.f64.f16 %d2, %h1;
	cvt.rn.f32.f64 %f2, %d2;
	cvt.rn.relu.f16.f32 %h6, %f1;
	cvt.rn.relu.bf16.f32 %h7, %f1;
	mov.b32 %r4, {%h6, %h7};
	cvt.rn.bf16.f64 %h8, %d1;
	cvt.u32.u16 %r5, %h8;
	neg.f32 %f3, %f1;
	cvt.rn.relu.f16x2.f32 %r7, %f1, %f3;
	cvt.rn.relu.bf16x2.f32 %r8, %f1, %f3;
	cvt.rn.satfinite.f16.f32 %h6, %f1;
	mul.f32 %f2, %f1, 0f7B800000;
	cvt.rn.satfinite.bf16.f32 %h7, %f2;
	mov.b32 %r9, {%h6, %h7};
	cvt.rn.satfinite.f16x2.f32 %r10, %f1, %f3;
	cvt.rn.f32.f64 %f2, %d2;
	mul.wide.u32 %rd3, %r6, 40;
	add.s64 %rd5, %rd2, %rd3;
	mov.b32 %r1, {%h1, %h2};
	mov.b32 %r2, {%h3, %h4};
	mov.b32 %r3, {%h5, %h5};
	st.global.b32 [%rd5], %r1;
	st.global.b32 [%rd5+4], %r2;
	st.global.b32 [%rd5+8], %r3;
	st.global.f32 [%rd5+12], %f2;
	st.global.b32 [%rd5+16], %r4;
	st.global.b32 [%rd5+20], %r5;
	st.global.b32 [%rd5+24], %r7;
	st.global.b32 [%rd5+28], %r8;
	st.global.b32 [%rd5+32], %r9;
	st.global.b32 [%rd5+36], %r10;
	ret;
}

// uniform operands (scalar code): out[0..3] = fma.rn.f16x2, fma.rn.bf16x2,
// min.NaN.f16x2, set.lt.u32.bf16x2 of a, b, c
.visible .entry half_uniform(.param .b32 a, .param .b32 b, .param .b32 c, .param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<2>;
	ld.param.b32 %r1, [a];
	ld.param.b32 %r2, [b];
	ld.param.b32 %r3, [c];
	ld.param.u64 %rd1, [out];
	fma.rn.f16x2 %r4, %r1, %r2, %r3;
	fma.rn.bf16x2 %r5, %r1, %r2, %r3;
	min.NaN.f16x2 %r6, %r1, %r2;
	set.lt.u32.bf16x2 %r7, %r1, %r2;
	st.global.b32 [%rd1], %r4;
	st.global.b32 [%rd1+4], %r5;
	st.global.b32 [%rd1+8], %r6;
	st.global.b32 [%rd1+12], %r7;
	ret;
}
#endif // end of half_arith.ptx
