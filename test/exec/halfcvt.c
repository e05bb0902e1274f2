/* cvt from f16/bf16 with integer rounding, between f16 and bf16, and from
 * integers and f64 to f16/bf16 (halfcvt.ptx), against narrow_ref.h's
 * ieee_round/ieee_bits/ieee_value: every 16-bit pattern as the half
 * source; integers near the format's edges and random ones. */
#include <fenv.h>

#include "common.h"
#include "narrow_ref.h"

enum { N = 65536, K = 44 };

typedef uint64_t u64;

/* float to integer: rounded by mode (0 rni, 1 rzi, 2 rmi, 3 rpi), clamped
 * to [lo, hi]; NaN is 0 */
static u64 f2i(double v, int mode, long double lo, long double hi)
{
    if (isnan(v))
        return 0;
    long double r = mode == 0 ? nearbyintl(v) : mode == 1 ? truncl(v) : mode == 2 ? floorl(v) : ceill(v);
    r = r < lo ? lo : r > hi ? hi : r;
    return r < 0 ? (u64)(int64_t)r : (u64)r;
}

/* to f16 (5/10) or bf16 (8/7) bits; NaN as 0xffff (any NaN) */
static unsigned to16(long double v, int bf16, int mode, int sat)
{
    if (isnan(v))
        return 0xffff;
    if (sat) /* .sat: [0, 1] */
        v = v < 0 ? 0 : v > 1 ? 1 : v;
    return ieee_bits((double)ieee_round(v, bf16 ? 8 : 5, bf16 ? 7 : 10, mode, 0), bf16 ? 8 : 5, bf16 ? 7 : 10);
}

/* a float's integer part by mode, as a half of the same format */
static unsigned rint16(unsigned h, int bf16, int mode)
{
    double v = ieee_value(h, bf16 ? 8 : 5, bf16 ? 7 : 10);
    if (isnan(v))
        return 0xffff;
    double r = mode == 0 ? nearbyint(v) : mode == 1 ? trunc(v) : mode == 2 ? floor(v) : ceil(v);
    return ieee_bits(r, bf16 ? 8 : 5, bf16 ? 7 : 10);
}

/* bf16 a * b + c rounded once: the long double sum nudged one ulp toward
 * its TwoSum rest (so a sum on a bf16 midpoint falls on the right side);
 * .relu: negative is +0, NaN canonical */
static unsigned bf16_fma(unsigned a, unsigned b, unsigned c, int relu)
{
    long double p = (long double)ieee_value(a, 8, 7) * ieee_value(b, 8, 7), cc = ieee_value(c, 8, 7);
    long double sum = p + cc, bb = sum - p, err = (p - (sum - bb)) + (cc - bb);
    if (isnan(sum))
        return relu ? 0x7fff : 0xffff;
    if (isfinite(sum) && err != 0)
        sum = nextafterl(sum, err > 0 ? INFINITY : -INFINITY);
    unsigned r = ieee_bits((double)ieee_round(sum, 8, 7, 0, 0), 8, 7);
    return relu && r >> 15 ? 0 : r;
}

/* per half of bf16x2 registers: op 0 fma, 1 add, 2 mul (both exact in
 * long double before the one rounding) */
static u64 bf16x2(int op, uint32_t a, uint32_t b, uint32_t c)
{
    u64 r = 0;
    for (int i = 0; i < 2; i++) {
        unsigned x = a >> (16 * i) & 0xffff, y = b >> (16 * i) & 0xffff, z = c >> (16 * i) & 0xffff;
        unsigned v;
        if (op == 0) {
            v = bf16_fma(x, y, z, 0);
        } else {
            long double u = ieee_value(x, 8, 7), w = ieee_value(y, 8, 7), e = op == 1 ? u + w : u * w;
            v = isnan(e) ? 0xffff : ieee_bits((double)ieee_round(e, 8, 7, 0, 0), 8, 7);
        }
        r |= (u64)v << (16 * i);
    }
    return r;
}

/* f (f32 bits) rounded to an integer by mode, as f32 bits: .ftz flushes a
 * subnormal input to zero of its sign first; .sat clamps to [0, 1], NaN
 * and -0 to +0;
 * any NaN result reads 0xffffffff */
static u64 rint32(uint32_t fb, int mode, int ftz, int sat)
{
    float f;
    memcpy(&f, &fb, 4);
    if (ftz && fpclassify(f) == FP_SUBNORMAL)
        f = copysignf(0.0f, f);
    float r = mode == 0 ? nearbyintf(f) : mode == 1 ? truncf(f) : mode == 2 ? floorf(f) : ceilf(f);
    if (sat)
        r = !(r > 0) ? 0.0f : r > 1 ? 1.0f : r; /* NaN and -0 too */
    if (isnan(r))
        return 0xffffffffu;
    uint32_t u;
    memcpy(&u, &r, 4);
    return u;
}

/* min/max of a and b (exactly representable in the format, f16 5/10, bf16
 * 8/7, f32 8/23): .NaN makes a NaN operand win, else the other operand
 * does; .xorsign.abs compares magnitudes and signs the result with a's
 * sign xor b's.  NaN: 0xffffffff; two zeros of different signs (either
 * may come out): ANYZERO. */
#define ANYZERO 0xfffffffeu
static u64 minmax_ref(double a, double b, int mx, int nan, int xs, int eb, int mb)
{
    int neg = signbit(a) != signbit(b);
    if (xs)
        a = fabs(a), b = fabs(b);
    double r;
    if (isnan(a) || isnan(b))
        r = nan || (isnan(a) && isnan(b)) ? NAN : isnan(a) ? b : a;
    else if (a == 0 && b == 0 && signbit(a) != signbit(b))
        return ANYZERO;
    else
        r = (a < b) != mx ? a : b;
    if (isnan(r))
        return 0xffffffffu;
    if (xs)
        r = neg ? -fabs(r) : fabs(r);
    if (eb == 8 && mb == 23) {
        float f = (float)r;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    return ieee_bits(r, eb, mb);
}

/* per half of two f16x2 (bf16x2 when bf16) registers */
static u64 minmax2(uint32_t a, uint32_t b, int bf16, int mx, int nan, int xs)
{
    int eb = bf16 ? 8 : 5, mb = bf16 ? 7 : 10;
    u64 r = 0;
    for (int i = 0; i < 2; i++) {
        u64 v = minmax_ref(ieee_value(a >> (16 * i) & 0xffff, eb, mb), ieee_value(b >> (16 * i) & 0xffff, eb, mb),
                           mx, nan, xs, eb, mb);
        r |= (v == 0xffffffffu ? 0xffff : v == ANYZERO ? 0xfffe : v) << (16 * i);
    }
    return r;
}

static u64 expected(int k, unsigned h, int32_t x, u64 X, double D)
{
    float f32;
    uint32_t lo = (uint32_t)X;
    memcpy(&f32, &lo, 4);
    double fh = ieee_value(h, 5, 10), bh = ieee_value(h, 8, 7);
    switch (k) {
    case 0: return f2i(fh, 0, -32768, 32767) & 0xffff;
    case 1: return f2i(fh, 1, 0, 255);
    case 2: return f2i(fh, 2, -9223372036854775808.0L, 9223372036854775807.0L);
    case 3: return f2i(fh, 3, 0, 4294967295.0L);
    case 4: return f2i(bh, 0, -2147483648.0L, 2147483647.0L) & 0xffffffffu;
    case 5: return rint16(h, 0, 3);
    case 6: return rint16(h, 1, 2);
    case 7: return rint16(h, 0, 1);
    case 8: return to16(bh, 0, 0, 0);
    case 9: return to16(bh, 0, 1, 0);
    case 10: return to16(fh, 1, 0, 0);
    case 11: { float f = (float)bh; uint32_t u; memcpy(&u, &f, 4); return isnan(bh) ? 0xffffffffu : u; }
    case 12: return to16(x, 0, 0, 0);
    case 13: return to16(x, 0, 1, 0);
    case 14: return to16(x, 0, 2, 0);
    case 15: return to16(X, 0, 3, 0);
    case 16: return to16(x, 1, 0, 0);
    case 17: return to16(X, 1, 1, 0);
    case 18: return to16(x, 1, 3, 0);
    case 19: return to16((int64_t)X, 1, 2, 0);
    case 20: return to16(X, 1, 0, 0);
    case 21: return to16((int16_t)x, 0, 0, 0);
    case 22: return to16(x, 0, 0, 1);
    case 23: return to16(D, 1, 0, 0);
    case 24: return to16(D, 1, 2, 0);
    case 25: return f2i(bh, 1, -32768, 32767) & 0xffff;
    case 26: return f2i(fh, 0, 0, 18446744073709551615.0L);
    case 27: return to16(D, 0, 3, 0);
    case 28: return bf16_fma(h, (uint32_t)x & 0xffff, (uint32_t)x >> 16, 0);
    case 29: return bf16_fma(h, (uint32_t)x & 0xffff, (uint32_t)x >> 16, 1);
    case 30: return bf16x2(0, h | (uint32_t)x << 16, (uint32_t)x, (uint32_t)x >> 16 | h << 16);
    case 31: return bf16x2(1, h | (uint32_t)x << 16, (uint32_t)x >> 16 | h << 16, 0);
    case 32: return bf16x2(2, h | (uint32_t)x << 16, (uint32_t)x, 0);
    case 33: return rint32(lo, 0, 1, 1);
    case 34: { double r = floor(D); u64 u; memcpy(&u, &r, 8); return isnan(D) ? ~0ull : u; }
    case 35: return rint32(lo, 3, 1, 0);
    case 36: return f2i(D, 1, -2147483648.0L, 2147483647.0L) & 0xffffffffu;
    case 37: return f2i(D, 0, -9223372036854775808.0L, 9223372036854775807.0L);
    case 38: return f2i(f32, 3, 0, 18446744073709551615.0L);
    case 39: return rint32(lo, 3, 0, 0);
    case 40: return minmax_ref(f32, (float)D, 0, 1, 0, 8, 23);
    case 41: return minmax_ref(f32, (float)D, 1, 0, 1, 8, 23);
    case 42: return minmax2((uint32_t)x, (uint32_t)x >> 16 | h << 16, 0, 0, 1, 1);
    case 43: return minmax2(h | (uint32_t)x << 16, (uint32_t)x, 1, 1, 1, 0);
    }
    return 0;
}

static const char *names[K] = {
    "rni.s16.f16", "rzi.u8.f16", "rmi.s64.f16", "rpi.u32.f16", "rni.s32.bf16", "rpi.f16.f16", "rmi.bf16.bf16",
    "rzi.f16.f16", "rn.f16.bf16", "rz.f16.bf16", "rn.bf16.f16", "f32.bf16", "rn.f16.s32", "rz.f16.s32",
    "rm.f16.s32", "rp.f16.u64", "rn.bf16.s32", "rz.bf16.u64", "rp.bf16.s32", "rm.bf16.s64", "rn.bf16.u64",
    "rn.f16.s16", "rn.sat.f16.s32", "rn.bf16.f64", "rm.bf16.f64", "rzi.s16.bf16", "rni.u64.f16", "rp.f16.f64",
    "fma.rn.bf16", "fma.rn.relu.bf16", "fma.rn.bf16x2", "add.rn.bf16x2", "mul.rn.bf16x2",
    "rni.ftz.sat.f32.f32", "rmi.f64.f64", "rpi.ftz.f32.f32", "rzi.s32.f64", "rni.s64.f64", "rpi.u64.f32",
    "rpi.f32.f32", "min.NaN.f32", "max.xorsign.abs.f32", "min.NaN.xorsign.abs.f16x2", "max.NaN.bf16x2",
};

/* bits each result was stored with */
static int width(int k)
{
    if (k == 2 || k == 26 || k == 34 || k == 37 || k == 38)
        return 64;
    return k == 3 || k == 4 || k == 11 || k >= 30 ? 32 : 16;
}

/* a 16-bit result that is a NaN of f16 (bf16 when bf16) reads as 0xffff */
static int half_result(int k) { return k >= 5 && k != 11 && k != 25 && k != 26 && k < 33; }
static int bf16_result(int k) { return k == 6 || k == 10 || (k >= 16 && k <= 20) || k == 23 || k == 24 || (k >= 28 && k <= 32); }

static u64 norm(int k, u64 g)
{
    int w = width(k);
    g = w == 64 ? g : g & ((1ull << w) - 1);
    if ((k == 11 || k == 33 || k == 35 || k == 39 || k == 40 || k == 41) && (g & 0x7f800000u) == 0x7f800000u &&
        (g & 0x7fffff))
        return 0xffffffffu;
    if (k == 42 || k == 43) { /* two halves: NaN as 0xffff */
        u64 r = 0;
        for (int i = 0; i < 2; i++) {
            unsigned v = g >> (16 * i) & 0xffff, e = k == 43 ? 0x7f80 : 0x7c00, m = k == 43 ? 0x7f : 0x3ff;
            if ((v & e) == e && (v & m))
                v = 0xffff;
            r |= (u64)v << (16 * i);
        }
        return r;
    }
    if (k == 34 && (g & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (g & 0xfffffffffffffull))
        return ~0ull;
    if (k >= 30 && k <= 32) /* two bf16 */
        return norm(28, g & 0xffff) | norm(28, g >> 16) << 16;
    if (half_result(k) && k != 29) { /* .relu: only the canonical NaN */
        unsigned e = bf16_result(k) ? 0x7f80 : 0x7c00, m = bf16_result(k) ? 0x7f : 0x3ff;
        if ((g & e) == e && (g & m))
            return 0xffff;
    }
    return g;
}

/* the result of form k for input i matches, NaNs and either-zeros allowed */
static int matches(int k, unsigned h, int32_t x, u64 X, double D, u64 got, u64 *exp)
{
    u64 e = expected(k, h, x, X, D), g = norm(k, got);
    if (e == ANYZERO && (g & 0x7fffffff) == 0)
        e = g;
    for (int hf = 0; hf < 2 && k >= 42; hf++) /* per half */
        if ((e >> (16 * hf) & 0xffff) == 0xfffe && (g >> (16 * hf) & 0x7fff) == 0)
            e = (e & ~(0xffffull << (16 * hf))) | (g & 0xffffull << (16 * hf));
    *exp = e;
    return g == e;
}

int main(int argc, char **argv)
{
    setup(argc, argv, "halfcvt");
    fesetround(FE_TONEAREST);
    static uint16_t h[N];
    static int32_t x[N];
    static u64 X[N], out[(size_t)K * N];
    static double D[N];
    for (int i = 0; i < N; i++) {
        h[i] = (uint16_t)i;
        uint32_t r = lcg();
        /* near the f16 top (65504, 65520), bf16 steps, small values */
        switch (i % 4) {
        case 0: x[i] = (int32_t)(65500 + lcg() % 40) * (r & 1 ? -1 : 1); break;
        case 1: x[i] = (int32_t)((lcg() % 4096) << (lcg() % 20)) * (r & 1 ? -1 : 1); break;
        case 2: x[i] = (int32_t)(lcg() % 70000) - 35000; break;
        default: x[i] = (int32_t)lcg(); break;
        }
        u64 v = (u64)lcg() << 32 | lcg();
        X[i] = i % 3 == 0 ? v >> (lcg() % 64) : i % 3 == 1 ? ((u64)(lcg() % 512 + 1) << (lcg() % 55)) + (lcg() % 3) - 1 : v;
        u64 db = (u64)lcg() << 32 | lcg();
        u64 top = (db & 0x8000000000000000ull) | (u64)(1023 + (int)(lcg() % 200) - 100) << 52;
        if (i % 4 == 1) /* a bf16 tie, or just off one */
            db = top | (u64)(lcg() & 0xff) << 44 | (lcg() % 3 ? 0 : lcg() % 16);
        else if (i % 4 == 3) /* just below a tie, where rounding to f32 first would make one */
            db = top | (u64)(lcg() & 0x7f) << 45 | (((1ull << 44) - 1) - lcg() % 4);
        memcpy(&D[i], &db, 8);
    }
    int n = N;
    uint16_t *ph = h;
    int32_t *px = x;
    u64 *pX = X, *po = out;
    double *pD = D;
    void *p[] = {&n, &ph, &px, &pX, &pD, &po};
    if (!launch("halfcvt", "halfcvt", d3(N / 256, 1, 1), d3(256, 1, 1), 0, p))
        return finish();
    for (int k = 0; k < K; k++) {
        int nb = 0;
        char m[220] = "";
        for (int i = 0; i < N; i++) {
            u64 e, g = out[(size_t)K * i + k];
            if (!matches(k, h[i], x[i], X[i], D[i], g, &e) && !nb++)
                snprintf(m, sizeof m, "h=%#x x=%d X=%#llx D=%a: got %#llx expected %#llx", h[i], x[i], (unsigned long long)X[i], D[i],
                         (unsigned long long)norm(k, g), (unsigned long long)e);
        }
        report(names[k], nb, m);
    }
    /* uniform sources: one launch per input, every result checked */
    int nbu = 0;
    char mu[240] = "";
    for (int i = 0; i < 400; i++) {
        int j = (int)((unsigned)i * 163u % N);
        uint16_t hh = h[j];
        int32_t xx = x[j];
        u64 XX = X[j], o[K], *pu = o;
        double DD = D[j];
        void *q[] = {&hh, &xx, &XX, &DD, &pu};
        memset(o, 0, sizeof o);
        if (!launch("uniform", "halfcvt_uni", d3(1, 1, 1), d3(32, 1, 1), 0, q))
            return finish();
        for (int k = 0; k < K; k++) {
            u64 e;
            if (!matches(k, hh, xx, XX, DD, o[k], &e) && !nbu++)
                snprintf(mu, sizeof mu, "%s h=%#x x=%d X=%#llx D=%a: got %#llx expected %#llx", names[k], hh, xx,
                         (unsigned long long)XX, DD, (unsigned long long)norm(k, o[k]), (unsigned long long)e);
        }
    }
    report("uniform", nbu, mu);
    return finish();
}
#if 0 // test-file halfcvt.ptx
//
// halfcvt.ptx - written for this test: cvt from f16 and bf16 with integer
// rounding (to integers and to themselves), between f16 and bf16, from
// integers (8 to 64 bits) and f64 to f16 and bf16 in every rounding mode,
// bf16/bf16x2 fma, add, mul, f32/f64 integer rounding with .ftz/.sat, and
// min/max with .NaN and .xorsign.abs.
// Thread i reads h (16 bits: f16 or bf16), x (32 bits), X (64 bits; its
// low half also as an f32), an f64 and
// writes 44 results, each in its own 8-byte slot; halfcvt_uni takes them
// as parameters (uniform: scalar code).
// Checked with: ptxas -arch=sm_90 halfcvt.ptx
//
.version 8.7
.target sm_90
.address_size 64

.visible .entry halfcvt(.param .u32 hc_n, .param .u64 hc_h, .param .u64 hc_x, .param .u64 hc_X, .param .u64 hc_D, .param .u64 hc_out)
{
	.reg .pred 	%p<2>;
	.reg .b16 	%h<5>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<12>;
	.reg .f32 	%f<4>;
	.reg .f64 	%fd<3>;

	ld.param.u32 	%r5, [hc_n];
	mov.u32 	%r6, %ctaid.x;
	mov.u32 	%r7, %ntid.x;
	mov.u32 	%r8, %tid.x;
	mad.lo.s32 	%r9, %r6, %r7, %r8;
	setp.ge.u32 	%p1, %r9, %r5;
	@%p1 bra 	$L_done;
	ld.param.u64 	%rd5, [hc_h];
	ld.param.u64 	%rd6, [hc_x];
	ld.param.u64 	%rd7, [hc_X];
	ld.param.u64 	%rd8, [hc_out];
	cvta.to.global.u64 	%rd5, %rd5;
	cvta.to.global.u64 	%rd6, %rd6;
	cvta.to.global.u64 	%rd7, %rd7;
	cvta.to.global.u64 	%rd8, %rd8;
	mul.wide.u32 	%rd9, %r9, 2;
	add.s64 	%rd9, %rd5, %rd9;
	ld.global.b16 	%h1, [%rd9];
	mul.wide.u32 	%rd9, %r9, 4;
	add.s64 	%rd9, %rd6, %rd9;
	ld.global.b32 	%r1, [%rd9];
	cvt.u16.u32 	%h2, %r1;
	mov.b32 	{%h0, %h4}, %r1;
	mov.b32 	%r2, {%h1, %h2};
	mov.b32 	%r3, {%h4, %h1};
	mul.wide.u32 	%rd9, %r9, 8;
	add.s64 	%rd9, %rd7, %rd9;
	ld.global.b64 	%rd1, [%rd9];
	ld.param.u64 	%rd4, [hc_D];
	cvta.to.global.u64 	%rd4, %rd4;
	mul.wide.u32 	%rd9, %r9, 8;
	add.s64 	%rd9, %rd4, %rd9;
	ld.global.f64 	%fd1, [%rd9];
	cvt.u32.u64 	%r4, %rd1;
	mov.b32 	%f2, %r4;
	cvt.rn.f32.f64 	%f3, %fd1;
	mul.wide.u32 	%rd9, %r9, 352;
	add.s64 	%rd10, %rd8, %rd9;
	cvt.rni.s16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+0], %h3;
	cvt.rzi.u8.f16 	%h3, %h1;
	st.global.b16 	[%rd10+8], %h3;
	cvt.rmi.s64.f16 	%rd11, %h1;
	st.global.b64 	[%rd10+16], %rd11;
	cvt.rpi.u32.f16 	%r11, %h1;
	st.global.b32 	[%rd10+24], %r11;
	cvt.rni.s32.bf16 	%r11, %h1;
	st.global.b32 	[%rd10+32], %r11;
	cvt.rpi.f16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+40], %h3;
	cvt.rmi.bf16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+48], %h3;
	cvt.rzi.f16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+56], %h3;
	cvt.rn.f16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+64], %h3;
	cvt.rz.f16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+72], %h3;
	cvt.rn.bf16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+80], %h3;
	cvt.f32.bf16 	%f1, %h1;
	st.global.f32 	[%rd10+88], %f1;
	cvt.rn.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+96], %h3;
	cvt.rz.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+104], %h3;
	cvt.rm.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+112], %h3;
	cvt.rp.f16.u64 	%h3, %rd1;
	st.global.b16 	[%rd10+120], %h3;
	cvt.rn.bf16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+128], %h3;
	cvt.rz.bf16.u64 	%h3, %rd1;
	st.global.b16 	[%rd10+136], %h3;
	cvt.rp.bf16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+144], %h3;
	cvt.rm.bf16.s64 	%h3, %rd1;
	st.global.b16 	[%rd10+152], %h3;
	cvt.rn.bf16.u64 	%h3, %rd1;
	st.global.b16 	[%rd10+160], %h3;
	cvt.rn.f16.s16 	%h3, %h2;
	st.global.b16 	[%rd10+168], %h3;
	cvt.rn.sat.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+176], %h3;
	cvt.rn.bf16.f64 	%h3, %fd1;
	st.global.b16 	[%rd10+184], %h3;
	cvt.rm.bf16.f64 	%h3, %fd1;
	st.global.b16 	[%rd10+192], %h3;
	cvt.rzi.s16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+200], %h3;
	cvt.rni.u64.f16 	%rd11, %h1;
	st.global.b64 	[%rd10+208], %rd11;
	cvt.rp.f16.f64 	%h3, %fd1;
	st.global.b16 	[%rd10+216], %h3;
	fma.rn.bf16 	%h3, %h1, %h2, %h4;
	st.global.b16 	[%rd10+224], %h3;
	fma.rn.relu.bf16 	%h3, %h1, %h2, %h4;
	st.global.b16 	[%rd10+232], %h3;
	fma.rn.bf16x2 	%r11, %r2, %r1, %r3;
	st.global.b32 	[%rd10+240], %r11;
	add.rn.bf16x2 	%r11, %r2, %r3;
	st.global.b32 	[%rd10+248], %r11;
	mul.rn.bf16x2 	%r11, %r2, %r1;
	st.global.b32 	[%rd10+256], %r11;
	cvt.rni.ftz.sat.f32.f32 	%f1, %f2;
	st.global.f32 	[%rd10+264], %f1;
	cvt.rmi.f64.f64 	%fd2, %fd1;
	st.global.f64 	[%rd10+272], %fd2;
	cvt.rpi.ftz.f32.f32 	%f1, %f2;
	st.global.f32 	[%rd10+280], %f1;
	cvt.rzi.s32.f64 	%r11, %fd1;
	st.global.b32 	[%rd10+288], %r11;
	cvt.rni.s64.f64 	%rd11, %fd1;
	st.global.b64 	[%rd10+296], %rd11;
	cvt.rpi.u64.f32 	%rd11, %f2;
	st.global.b64 	[%rd10+304], %rd11;
	cvt.rpi.f32.f32 	%f1, %f2;
	st.global.f32 	[%rd10+312], %f1;
	min.NaN.f32 	%f1, %f2, %f3;
	st.global.f32 	[%rd10+320], %f1;
	max.xorsign.abs.f32 	%f1, %f2, %f3;
	st.global.f32 	[%rd10+328], %f1;
	min.NaN.xorsign.abs.f16x2 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+336], %r11;
	max.NaN.bf16x2 	%r11, %r2, %r1;
	st.global.b32 	[%rd10+344], %r11;

$L_done:
	ret;
}

// The same with every source a kernel parameter: uniform, scalar code.
.visible .entry halfcvt_uni(.param .b16 hcu_h, .param .u32 hcu_x, .param .u64 hcu_X, .param .f64 hcu_D, .param .u64 hcu_out)
{
	.reg .b16 	%h<5>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<12>;
	.reg .f32 	%f<4>;
	.reg .f64 	%fd<3>;

	ld.param.b16 	%h1, [hcu_h];
	ld.param.u32 	%r1, [hcu_x];
	ld.param.u64 	%rd1, [hcu_X];
	ld.param.f64 	%fd1, [hcu_D];
	ld.param.u64 	%rd10, [hcu_out];
	cvta.to.global.u64 	%rd10, %rd10;
	cvt.u16.u32 	%h2, %r1;
	mov.b32 	{%h0, %h4}, %r1;
	mov.b32 	%r2, {%h1, %h2};
	mov.b32 	%r3, {%h4, %h1};
	cvt.u32.u64 	%r4, %rd1;
	mov.b32 	%f2, %r4;
	cvt.rn.f32.f64 	%f3, %fd1;
	cvt.rni.s16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+0], %h3;
	cvt.rzi.u8.f16 	%h3, %h1;
	st.global.b16 	[%rd10+8], %h3;
	cvt.rmi.s64.f16 	%rd11, %h1;
	st.global.b64 	[%rd10+16], %rd11;
	cvt.rpi.u32.f16 	%r11, %h1;
	st.global.b32 	[%rd10+24], %r11;
	cvt.rni.s32.bf16 	%r11, %h1;
	st.global.b32 	[%rd10+32], %r11;
	cvt.rpi.f16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+40], %h3;
	cvt.rmi.bf16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+48], %h3;
	cvt.rzi.f16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+56], %h3;
	cvt.rn.f16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+64], %h3;
	cvt.rz.f16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+72], %h3;
	cvt.rn.bf16.f16 	%h3, %h1;
	st.global.b16 	[%rd10+80], %h3;
	cvt.f32.bf16 	%f1, %h1;
	st.global.f32 	[%rd10+88], %f1;
	cvt.rn.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+96], %h3;
	cvt.rz.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+104], %h3;
	cvt.rm.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+112], %h3;
	cvt.rp.f16.u64 	%h3, %rd1;
	st.global.b16 	[%rd10+120], %h3;
	cvt.rn.bf16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+128], %h3;
	cvt.rz.bf16.u64 	%h3, %rd1;
	st.global.b16 	[%rd10+136], %h3;
	cvt.rp.bf16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+144], %h3;
	cvt.rm.bf16.s64 	%h3, %rd1;
	st.global.b16 	[%rd10+152], %h3;
	cvt.rn.bf16.u64 	%h3, %rd1;
	st.global.b16 	[%rd10+160], %h3;
	cvt.rn.f16.s16 	%h3, %h2;
	st.global.b16 	[%rd10+168], %h3;
	cvt.rn.sat.f16.s32 	%h3, %r1;
	st.global.b16 	[%rd10+176], %h3;
	cvt.rn.bf16.f64 	%h3, %fd1;
	st.global.b16 	[%rd10+184], %h3;
	cvt.rm.bf16.f64 	%h3, %fd1;
	st.global.b16 	[%rd10+192], %h3;
	cvt.rzi.s16.bf16 	%h3, %h1;
	st.global.b16 	[%rd10+200], %h3;
	cvt.rni.u64.f16 	%rd11, %h1;
	st.global.b64 	[%rd10+208], %rd11;
	cvt.rp.f16.f64 	%h3, %fd1;
	st.global.b16 	[%rd10+216], %h3;
	fma.rn.bf16 	%h3, %h1, %h2, %h4;
	st.global.b16 	[%rd10+224], %h3;
	fma.rn.relu.bf16 	%h3, %h1, %h2, %h4;
	st.global.b16 	[%rd10+232], %h3;
	fma.rn.bf16x2 	%r11, %r2, %r1, %r3;
	st.global.b32 	[%rd10+240], %r11;
	add.rn.bf16x2 	%r11, %r2, %r3;
	st.global.b32 	[%rd10+248], %r11;
	mul.rn.bf16x2 	%r11, %r2, %r1;
	st.global.b32 	[%rd10+256], %r11;
	cvt.rni.ftz.sat.f32.f32 	%f1, %f2;
	st.global.f32 	[%rd10+264], %f1;
	cvt.rmi.f64.f64 	%fd2, %fd1;
	st.global.f64 	[%rd10+272], %fd2;
	cvt.rpi.ftz.f32.f32 	%f1, %f2;
	st.global.f32 	[%rd10+280], %f1;
	cvt.rzi.s32.f64 	%r11, %fd1;
	st.global.b32 	[%rd10+288], %r11;
	cvt.rni.s64.f64 	%rd11, %fd1;
	st.global.b64 	[%rd10+296], %rd11;
	cvt.rpi.u64.f32 	%rd11, %f2;
	st.global.b64 	[%rd10+304], %rd11;
	cvt.rpi.f32.f32 	%f1, %f2;
	st.global.f32 	[%rd10+312], %f1;
	min.NaN.f32 	%f1, %f2, %f3;
	st.global.f32 	[%rd10+320], %f1;
	max.xorsign.abs.f32 	%f1, %f2, %f3;
	st.global.f32 	[%rd10+328], %f1;
	min.NaN.xorsign.abs.f16x2 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+336], %r11;
	max.NaN.bf16x2 	%r11, %r2, %r1;
	st.global.b32 	[%rd10+344], %r11;
	ret;
}
#endif // end of halfcvt.ptx
