/* half_extra.c — reference for half_extra.ptx, from first principles:
 * halves decoded by their bit layout, directed roundings by searching
 * every finite half, tf32 and bf16 by rounding the f32 bit pattern. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

static float
h2f(uint16_t h) /* IEEE binary16, subnormals included */
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000) ? -v : v;
}

static float
bf2f(uint16_t b)
{
    uint32_t x = (uint32_t)b << 16;
    float f;
    memcpy(&f, &x, 4);
    return f;
}

static uint16_t
f2bf(float f) /* round to nearest even; no NaN here */
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t lsb = (x >> 16) & 1;
    return (uint16_t)((x + 0x7fff + lsb) >> 16);
}

/* the half nearest x in the given direction: -1 down, 0 toward zero, +1 up */
static uint16_t
directed_half(float x, int dir)
{
    uint16_t best = 0;
    int found = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        float v = h2f((uint16_t)h);
        if (isnan(v))
            continue;
        int ok = dir < 0 ? v <= x : dir > 0 ? v >= x : (x >= 0 ? v <= x && v >= 0 : v >= x && v <= 0);
        if (!ok)
            continue;
        if ((v == 0.0f) && (signbit(v) != signbit(x)) && x != 0.0f)
            continue; /* the zero of x's sign */
        float bv = h2f(best);
        int better = !found || (dir < 0 ? v > bv : dir > 0 ? v < bv : fabsf(v) > fabsf(bv));
        if (better)
            best = (uint16_t)h, found = 1;
    }
    return best;
}

static uint32_t
tf32_rna(float x)
{
    /* round |x| to 11 significant bits, ties away from zero */
    if (x == 0.0f || isinf(x))
        return 0; /* not used */
    int e;
    float m = frexpf(fabsf(x), &e); /* 0.5 <= m < 1 */
    float r = ldexpf(floorf(ldexpf(m, 11) + 0.5f), e - 11);
    r = copysignf(r, x);
    uint32_t b;
    memcpy(&b, &r, 4);
    return b;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/half_extra/load: %s\n", p2n_error_message());
        return 1;
    }
    enum { T = 64 };
    unsigned char in[24 * T];
    uint32_t out[8 * T];
    uint32_t s = 3;
    for (int t = 0; t < T; t++) {
        unsigned char *p = in + 24 * t;
        uint16_t ha[2], hb[2];
        for (int k = 0; k < 2; k++) {
            s = s * 1664525u + 1013904223u;
            ha[k] = (uint16_t)(0x3000 + (s >> 20) % 0x1800) ^ (uint16_t)((s & 1) << 15);
            s = s * 1664525u + 1013904223u;
            hb[k] = (uint16_t)(0x3000 + (s >> 20) % 0x1800) ^ (uint16_t)((s & 1) << 15);
        }
        if (t == 5)
            hb[0] = ha[0]; /* equal: not less */
        uint32_t a = ha[0] | (uint32_t)ha[1] << 16, b = hb[0] | (uint32_t)hb[1] << 16;
        s = s * 1664525u + 1013904223u;
        float x = ((float)(s >> 8) / 16777216.0f - 0.5f) * (t < 60 ? 3000.0f : 200000.0f); /* a few overflow */
        uint16_t bf[3];
        for (int k = 0; k < 3; k++) {
            s = s * 1664525u + 1013904223u;
            bf[k] = f2bf(((float)(s >> 8) / 16777216.0f - 0.5f) * 64.0f);
        }
        int16_t n = (int16_t)(t * 37 - 1000), mm = (int16_t)(t % 5 - 2); /* m == 0 in some lanes */
        uint32_t nm = (uint16_t)n | (uint32_t)(uint16_t)mm << 16;
        memcpy(p, &a, 4), memcpy(p + 4, &b, 4), memcpy(p + 8, &x, 4), memcpy(p + 12, bf, 6), memset(p + 18, 0, 2),
            memcpy(p + 20, &nm, 4);
    }
    unsigned char *pi = in;
    uint32_t *po = out;
    void *params[] = {&pi, &po};
    p2n_result r = p2n_launch(m, "half_extra", (p2n_dim3){1, 1, 1}, (p2n_dim3){T, 1, 1}, 0, params);
    if (r != P2N_SUCCESS) {
        printf("FAIL exec/half_extra/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[] = {"setp_f16x2_low", "setp_f16x2_high", "cvt_rz_f16", "cvt_rm_f16", "cvt_rp_f16",
                                  "cvt_rna_tf32", "bf16_add_mul", "bf16_fma_and_div_by_zero"};
    int bad[8] = {0};
    for (int t = 0; t < T; t++) {
        const unsigned char *p = in + 24 * t;
        uint32_t a, b, nm;
        float x;
        uint16_t bf[3];
        memcpy(&a, p, 4), memcpy(&b, p + 4, 4), memcpy(&x, p + 8, 4), memcpy(bf, p + 12, 6), memcpy(&nm, p + 20, 4);
        uint32_t w[8];
        w[0] = h2f((uint16_t)a) < h2f((uint16_t)b);
        w[1] = h2f((uint16_t)(a >> 16)) < h2f((uint16_t)(b >> 16));
        w[2] = directed_half(x, 0);
        w[3] = directed_half(x, -1);
        w[4] = directed_half(x, +1);
        if (fabsf(x) > 65504.0f) { /* beyond the largest half: rz keeps the largest, the outward mode gives inf */
            w[2] = x > 0 ? 0x7bff : 0xfbff;
            w[3] = x > 0 ? 0x7bff : 0xfc00;
            w[4] = x > 0 ? 0x7c00 : 0xfbff;
        }
        w[5] = tf32_rna(x);
        float fa = bf2f(bf[0]), fb = bf2f(bf[1]), fc = bf2f(bf[2]);
        w[6] = f2bf(fa + fb) | (uint32_t)f2bf(fa * fb) << 16; /* exact in f32, then one rounding */
        int16_t n = (int16_t)(nm & 0xffff), mm = (int16_t)(nm >> 16);
        int q = mm ? n / mm : 0;
        w[7] = f2bf((float)((double)fa * fb + fc)) | (uint32_t)(uint16_t)q << 16;
        for (int k = 0; k < 8; k++)
            if (out[8 * t + k] != w[k] && !bad[k]) {
                bad[k] = 1;
                printf("FAIL exec/half_extra/%s: thread %d: 0x%08x, expected 0x%08x (x = %.9g)\n", names[k], t,
                       out[8 * t + k], w[k], (double)x);
            }
    }
    int failed = 0;
    for (int k = 0; k < 8; k++) {
        if (!bad[k])
            printf("PASS exec/half_extra/%s\n", names[k]);
        failed |= bad[k];
    }

    /* cvt.{rz,rm,rp}.bf16.f32 against a search over every finite bf16 */
    float xs[T];
    uint32_t bo[3 * T];
    for (int t = 0; t < T; t++) {
        s = s * 1664525u + 1013904223u;
        xs[t] = ((float)(s >> 8) / 16777216.0f - 0.5f) * 1000.0f;
    }
    xs[0] = 1.0f, xs[1] = -2.5f, xs[2] = 3.4e38f, xs[3] = -3.4e38f; /* exact, and beyond the largest bf16 */
    float *px = xs;
    uint32_t *pb = bo;
    void *bp[] = {&px, &pb};
    r = p2n_launch(m, "bf16_round", (p2n_dim3){1, 1, 1}, (p2n_dim3){T, 1, 1}, 0, bp);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < T; t++)
        for (int dir = -1; ok && dir <= 1; dir++) {
            float x = xs[t];
            uint16_t best = 0;
            int found = 0;
            for (uint32_t h = 0; h < 65536; h++) {
                float v = bf2f((uint16_t)h);
                if (isnan(v) || (v == 0.0f && signbit(v) != signbit(x)))
                    continue;
                int fits = dir < 0 ? v <= x : dir > 0 ? v >= x : (x >= 0 ? v <= x && v >= 0 : v >= x && v <= 0);
                float bv = bf2f(best);
                if (fits && (!found || (dir < 0 ? v > bv : dir > 0 ? v < bv : fabsf(v) > fabsf(bv))))
                    best = (uint16_t)h, found = 1;
            }
            uint32_t got = bo[3 * t + (dir == 0 ? 0 : dir < 0 ? 1 : 2)];
            if (got != best) {
                printf("FAIL exec/half_extra/cvt_directed_bf16: x = %.9g mode %d: 0x%04x, expected 0x%04x\n",
                       (double)x, dir, got, best);
                ok = 0;
            }
        }
    if (ok)
        printf("PASS exec/half_extra/cvt_directed_bf16\n");
    failed |= !ok;

    /* the same from f64, with values between bf16 (and f32) neighbours */
    double ds[T];
    for (int t = 0; t < T; t++) {
        s = s * 1664525u + 1013904223u;
        ds[t] = ((double)s / 4294967296.0 - 0.5) * 300.0 + (t % 4 == 0 ? 1e-12 : 0.0);
    }
    ds[0] = 1.0 + 1e-12, ds[1] = -1.0 - 1e-12, ds[2] = 3.0, ds[3] = 1e300;
    double *pd = ds;
    void *dp[] = {&pd, &pb};
    r = p2n_launch(m, "bf16_round64", (p2n_dim3){1, 1, 1}, (p2n_dim3){T, 1, 1}, 0, dp);
    ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < T; t++)
        for (int dir = -1; ok && dir <= 1; dir++) {
            double x = ds[t];
            uint16_t best = 0;
            int found = 0;
            for (uint32_t h = 0; h < 65536; h++) {
                double v = bf2f((uint16_t)h);
                if (isnan(v) || (v == 0.0 && signbit(v) != signbit(x)))
                    continue;
                int fits = dir < 0 ? v <= x : dir > 0 ? v >= x : (x >= 0 ? v <= x && v >= 0 : v >= x && v <= 0);
                double bv = bf2f(best);
                if (fits && (!found || (dir < 0 ? v > bv : dir > 0 ? v < bv : fabs(v) > fabs(bv))))
                    best = (uint16_t)h, found = 1;
            }
            uint32_t got = bo[3 * t + (dir == 0 ? 0 : dir < 0 ? 1 : 2)];
            if (got != best) {
                printf("FAIL exec/half_extra/cvt_directed_bf16_from_f64: x = %.17g mode %d: 0x%04x, expected 0x%04x\n",
                       x, dir, got, best);
                ok = 0;
            }
        }
    if (ok)
        printf("PASS exec/half_extra/cvt_directed_bf16_from_f64\n");
    failed |= !ok;
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file half_extra.ptx
// Packed half compares, directed rounding to f16, tf32, bf16 arithmetic,
// and integer division by zero (no trap, in active or inactive lanes).
// Hand-written; ptxas -arch=sm_90 accepts it.  Reference: half_extra.c.
.version 7.8
.target sm_90
.address_size 64

// in: per lane {u32 f16x2 a, u32 f16x2 b, f32 x, u16 bf16 a, b, c, u16 pad, i32 (n | m << 16)}
// out: per lane 8 u32: p, q (setp.lt.f16x2), rz, rm, rp (cvt f16 bits), tf32,
//      bf16 (a+b) | (a*b) << 16, bf16 fma(a, b, c) | (n / m) << 16 (16 bits)
.visible .entry half_extra(.param .u64 in, .param .u64 out)
{
	.reg .b16 %h<8>;
	.reg .b32 %r<16>;
	.reg .f32 %f<2>;
	.reg .pred %p<4>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 24;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.b32 %r2, [%rd4];
	ld.global.b32 %r3, [%rd4+4];
	ld.global.f32 %f1, [%rd4+8];
	ld.global.b16 %h1, [%rd4+12];
	ld.global.b16 %h2, [%rd4+14];
	ld.global.b16 %h3, [%rd4+16];
	ld.global.b32 %r12, [%rd4+20];
	setp.lt.f16x2 %p1|%p2, %r2, %r3;
	selp.u32 %r4, 1, 0, %p1;
	selp.u32 %r5, 1, 0, %p2;
	cvt.rz.f16.f32 %h4, %f1;
	cvt.rm.f16.f32 %h5, %f1;
	cvt.rp.f16.f32 %h6, %f1;
	cvt.u32.u16 %r6, %h4;
	cvt.u32.u16 %r7, %h5;
	cvt.u32.u16 %r8, %h6;
	cvt.rna.tf32.f32 %r9, %f1;
	add.rn.bf16 %h4, %h1, %h2;
	mul.rn.bf16 %h5, %h1, %h2;
	fma.rn.bf16 %h6, %h1, %h2, %h3;
	mov.b32 %r10, {%h4, %h5};
	cvt.u32.u16 %r11, %h6;
	// n / m with m == 0 in some lanes: no trap; quotient kept only where m != 0
	cvt.s32.s16 %r13, %r12;
	shr.s32 %r14, %r12, 16;
	div.s32 %r15, %r13, %r14;
	setp.ne.s32 %p3, %r14, 0;
	selp.b32 %r15, %r15, 0, %p3;
	@!%p3 div.s32 %r13, %r13, %r14;
	shl.b32 %r15, %r15, 16;
	or.b32 %r11, %r11, %r15;
	mul.wide.u32 %rd3, %r1, 32;
	add.s64 %rd5, %rd2, %rd3;
	st.global.u32 [%rd5], %r4;
	st.global.u32 [%rd5+4], %r5;
	st.global.u32 [%rd5+8], %r6;
	st.global.u32 [%rd5+12], %r7;
	st.global.u32 [%rd5+16], %r8;
	st.global.u32 [%rd5+20], %r9;
	st.global.u32 [%rd5+24], %r10;
	st.global.u32 [%rd5+28], %r11;
	ret;
}

// out[3t + k]: cvt.rz/.rm/.rp.bf16.f32 of x[t] (bits in the low 16)
.visible .entry bf16_round(.param .u64 xs, .param .u64 out)
{
	.reg .b16 %h<4>;
	.reg .b32 %r<5>;
	.reg .f32 %f1;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [xs];
	ld.param.u64 %rd2, [out];
	mov.u32 %r4, %tid.x;
	mul.wide.u32 %rd3, %r4, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.f32 %f1, [%rd4];
	cvt.rz.bf16.f32 %h1, %f1;
	cvt.rm.bf16.f32 %h2, %f1;
	cvt.rp.bf16.f32 %h3, %f1;
	cvt.u32.u16 %r1, %h1;
	cvt.u32.u16 %r2, %h2;
	cvt.u32.u16 %r3, %h3;
	mul.wide.u32 %rd3, %r4, 12;
	add.s64 %rd5, %rd2, %rd3;
	st.global.u32 [%rd5], %r1;
	st.global.u32 [%rd5+4], %r2;
	st.global.u32 [%rd5+8], %r3;
	ret;
}

// out[3t + k]: cvt.rz/.rm/.rp.bf16.f64 of x[t]
.visible .entry bf16_round64(.param .u64 xs, .param .u64 out)
{
	.reg .b16 %h<4>;
	.reg .b32 %r<5>;
	.reg .f64 %d1;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [xs];
	ld.param.u64 %rd2, [out];
	mov.u32 %r4, %tid.x;
	mul.wide.u32 %rd3, %r4, 8;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.f64 %d1, [%rd4];
	cvt.rz.bf16.f64 %h1, %d1;
	cvt.rm.bf16.f64 %h2, %d1;
	cvt.rp.bf16.f64 %h3, %d1;
	cvt.u32.u16 %r1, %h1;
	cvt.u32.u16 %r2, %h2;
	cvt.u32.u16 %r3, %h3;
	mul.wide.u32 %rd3, %r4, 12;
	add.s64 %rd5, %rd2, %rd3;
	st.global.u32 [%rd5], %r1;
	st.global.u32 [%rd5+4], %r2;
	st.global.u32 [%rd5+8], %r3;
	ret;
}
#endif // end of half_extra.ptx
