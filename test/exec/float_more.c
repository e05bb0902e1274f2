/* float_more.c — reference for float_more.ptx: halves decoded by their bit
 * layout; ex2 and tanh against glibc's exp2 and tanh in double, within one
 * ulp of the half format (tighter than the ISA's bounds) and tanh.approx.f32
 * within the ISA's 2^-10.987 relative error; min/max as the ISA writes them
 * ((a < b) ? a : b, NaN rules, .NaN, .xorsign.abs) bit for bit; testp by
 * fpclassify (zeros are normal for the ISA). */
#include "common.h"

static double
h2d(uint16_t h, int bf)
{
    int man = bf ? 7 : 10, eb = bf ? 8 : 5, bias = bf ? 127 : 15;
    int e = (h >> man) & ((1 << eb) - 1), m = h & ((1 << man) - 1);
    double v = e == 0 ? ldexp(m, 1 - bias - man) : e == (1 << eb) - 1 ? (m ? NAN : INFINITY) : ldexp(m | 1 << man, e - bias - man);
    return (h & 0x8000) ? -v : v;
}

/* got (a half) within one ulp of the format at r */
static int
near_half(uint16_t got, double r, int bf)
{
    double g = h2d(got, bf);
    if (isnan(r) || isnan(g))
        return isnan(r) && isnan(g);
    double max = bf ? 0x1.fep127 : 65504.0;
    if (isinf(r) || isinf(g)) /* at or beyond the largest half: inf or the largest */
        return fabs(r) >= max && (isinf(g) || fabs(g) == max) && signbit(g) == signbit(r);
    int e;
    frexp(r, &e);
    int emin = bf ? -126 : -14, man = bf ? 7 : 10;
    double ulp = ldexp(1, (e - 1 < emin ? emin : e - 1) - man);
    return fabs(g - r) <= ulp;
}

static float
bits_f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t
f_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float
ftz32(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

static float
minmax32(float a, float b, int mx, int nanmode, int xorsign)
{
    uint32_t sign = (f_bits(a) ^ f_bits(b)) & 0x80000000u;
    if (xorsign)
        a = fabsf(a), b = fabsf(b);
    if ((isnan(a) && isnan(b)) || (nanmode && (isnan(a) || isnan(b))))
        return bits_f(0x7fffffff);
    float r = isnan(b) ? a : isnan(a) ? b : (mx ? a > b : a < b) ? a : b;
    return xorsign ? bits_f(f_bits(r) | sign) : r;
}

static double
minmax64(double a, double b, int mx)
{
    if (isnan(a) && isnan(b)) {
        uint64_t u = 0x7fffffffffffffffull;
        memcpy(&a, &u, 8);
        return a;
    }
    return isnan(b) ? a : isnan(a) ? b : (mx ? a > b : a < b) ? a : b;
}

static uint32_t
classes(int c, int shift) /* c: fpclassify of the value in its own type */
{
    uint32_t r = (c != FP_INFINITE && c != FP_NAN) | (c == FP_INFINITE) << 1 | (c != FP_NAN) << 2 | (c == FP_NAN) << 3 |
                 (c == FP_NORMAL || c == FP_ZERO) << 4 | (c == FP_SUBNORMAL) << 5;
    return r << shift;
}

enum { T = 128 };

int
main(int argc, char **argv)
{
    setup(argc, argv, "float_more");
    static const uint16_t sp16[] = {0x0000, 0x8000, 0x0001, 0x83ff, 0x7c00, 0xfc00, 0x7e00, 0x4c00, 0x4bff, 0xce40, 0xcf00, 0x2000};
    static const uint16_t spb[] = {0x0000, 0x8000, 0x0001, 0x807f, 0x7f80, 0xff80, 0x7fc0, 0x4300, 0x42fe, 0xc2fc, 0xc310, 0x2000};
    static const float spf[] = {0.0f, -0.0f, 1e-40f, -1e-40f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 2.5f, -2.5f, 1e-6f, 3e38f};
    static const double spd[] = {0.0, -0.0, 1e-310, -1e-310, INFINITY, -INFINITY, NAN, 1.0, -1.0, 2.5, -2.5, 1e-300, 1e308};
    enum { K16 = sizeof sp16 / 2, KF = sizeof spf / 4, KD = sizeof spd / 8 };
    static unsigned char in[32 * T];
    static uint32_t out[24 * T];
    for (int t = 0; t < T; t++) {
        uint16_t h[4];
        for (int k = 0; k < 4; k++) {
            int bf = k >= 2;
            float v = ((float)(lcg() >> 8) / 16777216.0f - 0.5f) * (t % 3 == 0 ? 40.0f : t % 3 == 1 ? 6.0f : 0.2f);
            uint32_t u = f_bits(v); /* to the half by truncation: any half will do */
            h[k] = t < 24 ? (bf ? spb : sp16)[(t + 5 * k) % K16]
                   : bf   ? (uint16_t)(u >> 16)
                          : (uint16_t)((u >> 16 & 0x8000) | (fabsf(v) < 0x1p-14f ? 0 : (uint16_t)(((u >> 23 & 0xff) - 112) << 10 | (u >> 13 & 0x3ff))));
        }
        uint32_t x16 = h[0] | (uint32_t)h[1] << 16, xb = h[2] | (uint32_t)h[3] << 16;
        float a = t < 2 * KF ? spf[t % KF] : ((float)(lcg() >> 8) / 16777216.0f - 0.5f) * 8.0f;
        float b = t < 2 * KF ? spf[(t / KF + t) % KF] : t % 4 == 0 ? -a : ((float)(lcg() >> 8) / 16777216.0f - 0.5f) * 8.0f;
        if (t >= 2 * KF && t % 7 == 0)
            a *= 1e-3f; /* small arguments of tanh */
        double c = t < 2 * KD ? spd[t % KD] : ((double)lcg() / 4294967296.0 - 0.5) * 1e3;
        double d = t < 2 * KD ? spd[(t / KD + 2 * t) % KD] : t % 4 == 1 ? -c : ((double)lcg() / 4294967296.0 - 0.5) * 1e3;
        unsigned char *p = in + 32 * t;
        memcpy(p, &x16, 4), memcpy(p + 4, &xb, 4), memcpy(p + 8, &a, 4), memcpy(p + 12, &b, 4), memcpy(p + 16, &c, 8),
            memcpy(p + 24, &d, 8);
    }
    unsigned char *pi = in;
    uint32_t *po = out;
    void *params[] = {&pi, &po};
    if (!launch("launch", "float_more", d3(1, 1, 1), d3(T, 1, 1), 0, params))
        return finish();
    static const char *names[] = {"ex2_f16x2", "tanh_f16x2", "ex2_ftz_bf16x2", "tanh_bf16x2", "ex2_f16_tanh_f16",
                                  "ex2_ftz_bf16_tanh_bf16", "tanh_f32", "min_nan_f32", "max_nan_f32",
                                  "min_xorsign_abs_f32", "max_ftz_nan_xorsign_abs_f32", "copysign_f32", "testp",
                                  "min_f64", "max_f64", "copysign_f64"};
    enum { NC = sizeof names / sizeof names[0] };
    int nbad[NC] = {0};
    char first[NC][160];
    for (int t = 0; t < T; t++) {
        const unsigned char *p = in + 32 * t;
        uint32_t x16, xb;
        float a, b;
        double c, d;
        memcpy(&x16, p, 4), memcpy(&xb, p + 4, 4), memcpy(&a, p + 8, 4), memcpy(&b, p + 12, 4), memcpy(&c, p + 16, 8),
            memcpy(&d, p + 24, 8);
        const uint32_t *o = out + 24 * t;
        for (int k = 0; k < 6; k++) {
            for (int h = 0; h < 2; h++) {
                int bf = k == 2 || k == 3 || k == 5;
                int tanh_op = k == 1 || k == 3 || ((k == 4 || k == 5) && h == 1);
                uint16_t x = (uint16_t)((bf ? xb : x16) >> 16 * h), got = (uint16_t)(o[k] >> 16 * h);
                int ftz = bf && !tanh_op; /* ex2.approx.ftz.bf16 */
                if (ftz && (x & 0x7f80) == 0)
                    x &= 0x8000;
                double r = tanh_op ? tanh(h2d(x, bf)) : exp2(h2d(x, bf));
                int ok = near_half(got, r, bf) || (ftz && fabs(r) < 0x1p-126 && (got & 0x7fff) == 0);
                if (!ok && !nbad[k]++)
                    snprintf(first[k], sizeof first[k], "x = 0x%04x (%g): got 0x%04x (%g), want %g", x, h2d(x, bf), got,
                             h2d(got, bf), r);
            }
        }
        float g = bits_f(o[6]);
        double r = tanh((double)a);
        if (!((isnan(r) && isnan(g)) || fabs(g - r) <= exp2(-10.987) * fabs(r) || (r == 0 && g == 0)) && !nbad[6]++)
            snprintf(first[6], sizeof first[6], "tanh(%a) = %a, want %a", (double)a, (double)g, r);
        float w[5] = {minmax32(a, b, 0, 1, 0), minmax32(a, b, 1, 1, 0), minmax32(a, b, 0, 0, 1),
                      ftz32(minmax32(ftz32(a), ftz32(b), 1, 1, 1)), copysignf(b, a)};
        for (int k = 0; k < 5; k++)
            if (o[7 + k] != f_bits(w[k]) && !nbad[7 + k]++)
                snprintf(first[7 + k], sizeof first[7 + k], "a %a b %a: got 0x%08x, want 0x%08x", (double)a, (double)b,
                         o[7 + k], f_bits(w[k]));
        uint32_t cl = classes(fpclassify(a), 0) | classes(fpclassify(c), 8);
        if (o[12] != cl && !nbad[12]++)
            snprintf(first[12], sizeof first[12], "a %a c %a: got 0x%x, want 0x%x", (double)a, c, o[12], cl);
        double wd[3] = {minmax64(c, d, 0), minmax64(c, d, 1), copysign(d, c)};
        for (int k = 0; k < 3; k++) {
            double gd;
            memcpy(&gd, o + 16 + 2 * k, 8);
            if (memcmp(&gd, &wd[k], 8) && !nbad[13 + k]++)
                snprintf(first[13 + k], sizeof first[13 + k], "c %a d %a: got %a, want %a", c, d, gd, wd[k]);
        }
    }
    for (int k = 0; k < NC; k++)
        report(names[k], nbad[k], first[k]);
    return finish();
}
#if 0 // test-file float_more.ptx
// ex2 and tanh on f16, f16x2, bf16, bf16x2 and tanh.approx.f32; min/max
// with .NaN and .xorsign.abs on f32, min/max.f64, copysign, testp on every
// class.  Hand-written; ptxas -arch=sm_90 accepts it.  Reference:
// float_more.c.
.version 7.8
.target sm_90
.address_size 64

// in: per lane u32 f16x2 x, u32 bf16x2 x, f32 a, f32 b, f64 c, f64 d
// out: per lane 16 u32 (see float_more.c) and 4 f64
.visible .entry float_more(.param .u64 in, .param .u64 out)
{
	.reg .b16 %h<8>;
	.reg .b32 %r<12>;
	.reg .f32 %f<8>;
	.reg .f64 %d<8>;
	.reg .pred %p<8>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 32;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.b32 %r2, [%rd4];
	ld.global.b32 %r3, [%rd4+4];
	ld.global.f32 %f1, [%rd4+8];
	ld.global.f32 %f2, [%rd4+12];
	ld.global.f64 %d1, [%rd4+16];
	ld.global.f64 %d2, [%rd4+24];
	mul.wide.u32 %rd3, %r1, 96;
	add.s64 %rd5, %rd2, %rd3;
	ex2.approx.f16x2 %r4, %r2;
	st.global.b32 [%rd5], %r4;
	tanh.approx.f16x2 %r4, %r2;
	st.global.b32 [%rd5+4], %r4;
	ex2.approx.ftz.bf16x2 %r4, %r3;
	st.global.b32 [%rd5+8], %r4;
	tanh.approx.bf16x2 %r4, %r3;
	st.global.b32 [%rd5+12], %r4;
	mov.b32 {%h1, %h2}, %r2;
	mov.b32 {%h3, %h4}, %r3;
	ex2.approx.f16 %h5, %h1;
	tanh.approx.f16 %h6, %h2;
	mov.b32 %r4, {%h5, %h6};
	st.global.b32 [%rd5+16], %r4;
	ex2.approx.ftz.bf16 %h5, %h3;
	tanh.approx.bf16 %h6, %h4;
	mov.b32 %r4, {%h5, %h6};
	st.global.b32 [%rd5+20], %r4;
	tanh.approx.f32 %f3, %f1;
	st.global.f32 [%rd5+24], %f3;
	min.NaN.f32 %f3, %f1, %f2;
	st.global.f32 [%rd5+28], %f3;
	max.NaN.f32 %f3, %f1, %f2;
	st.global.f32 [%rd5+32], %f3;
	min.xorsign.abs.f32 %f3, %f1, %f2;
	st.global.f32 [%rd5+36], %f3;
	max.ftz.NaN.xorsign.abs.f32 %f3, %f1, %f2;
	st.global.f32 [%rd5+40], %f3;
	copysign.f32 %f3, %f1, %f2;
	st.global.f32 [%rd5+44], %f3;
	// testp on a: bits 0..5 finite infinite number notanumber normal subnormal, on c: bits 8..13
	testp.finite.f32 %p1, %f1;
	selp.u32 %r5, 1, 0, %p1;
	testp.infinite.f32 %p1, %f1;
	selp.u32 %r6, 2, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.number.f32 %p1, %f1;
	selp.u32 %r6, 4, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.notanumber.f32 %p1, %f1;
	selp.u32 %r6, 8, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.normal.f32 %p1, %f1;
	selp.u32 %r6, 16, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.subnormal.f32 %p1, %f1;
	selp.u32 %r6, 32, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.finite.f64 %p1, %d1;
	selp.u32 %r6, 256, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.infinite.f64 %p1, %d1;
	selp.u32 %r6, 512, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.number.f64 %p1, %d1;
	selp.u32 %r6, 1024, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.notanumber.f64 %p1, %d1;
	selp.u32 %r6, 2048, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.normal.f64 %p1, %d1;
	selp.u32 %r6, 4096, 0, %p1;
	or.b32 %r5, %r5, %r6;
	testp.subnormal.f64 %p1, %d1;
	selp.u32 %r6, 8192, 0, %p1;
	or.b32 %r5, %r5, %r6;
	st.global.b32 [%rd5+48], %r5;
	min.f64 %d3, %d1, %d2;
	st.global.f64 [%rd5+64], %d3;
	max.f64 %d3, %d1, %d2;
	st.global.f64 [%rd5+72], %d3;
	copysign.f64 %d3, %d1, %d2;
	st.global.f64 [%rd5+80], %d3;
	ret;
}
#endif // end of float_more.ptx
