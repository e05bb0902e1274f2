/* cvt f32 -> f16, bf16 (single and packed pairs) with .rz, .relu and
 * .satfinite (halfpack.ptx).  Reference: narrow_ref.h's ieee_round (the
 * value scaled by its quantum, rounded to an integer and scaled back) and
 * ieee_bits (the bit layout). */
#include <fenv.h>

#include "common.h"
#include "narrow_ref.h"

enum { N = 4096 };

/* The 16 bits of the result; NaN is reported as 0xffff (any NaN). */
static unsigned ref16(double x, int bf16, int rz, int relu, int satfinite)
{
    int eb = bf16 ? 8 : 5, mb = bf16 ? 7 : 10;
    if (isnan(x))
        return relu ? 0x7fff : 0xffff;
    double r = (double)ieee_round(x, eb, mb, rz, satfinite);
    if (relu && signbit(r))
        r = 0.0;
    return ieee_bits(r, eb, mb);
}

/* Any NaN as 0xffff, but with .relu only the canonical 0x7fff is right. */
static unsigned any_nan16(unsigned h, int bf16, int relu)
{
    unsigned exp_all = bf16 ? 0x7f80 : 0x7c00;
    return !relu && (h & exp_all) == exp_all && (h & (bf16 ? 0x7f : 0x3ff)) ? 0xffff : h;
}

int main(int argc, char **argv)
{
    setup(argc, argv, "halfpack");
    fesetround(FE_TONEAREST);
    static float a[N], b[N];
    static uint32_t o[12 * N];
    int n = 0;
    /* around the f16 and bf16 grids: ties, off-ties, the top and the bottom */
    for (int k = 0; k < 400; k++) {
        uint32_t u = lcg();
        float f16ish = ldexpf((float)(1024 + (u & 1023)) + 0.5f * (float)((u >> 10) % 3), (int)((u >> 12) % 46) - 36);
        a[n++] = u >> 31 ? -f16ish : f16ish;
        uint32_t bits = (lcg() & 0xffff0000u) | ((u >> 13) % 3 == 0 ? 0x8000u : lcg() & 0xffffu);
        memcpy(&a[n++], &bits, 4);
    }
    float sp[] = {65504.0f, 65519.0f, 65520.0f, 65536.0f, -65520.0f, 1e30f, -1e30f, INFINITY, -INFINITY, NAN,
                  0.0f, -0.0f, 5.9604645e-8f, 2.9802322e-8f, 2.98023259e-8f, -1e-10f, 3.4028235e38f, -3.39e38f,
                  1e-39f, -1e-45f};
    for (size_t k = 0; k < sizeof sp / sizeof sp[0]; k++)
        a[n++] = sp[k];
    while (n < N) {
        uint32_t bits = lcg();
        memcpy(&a[n++], &bits, 4);
    }
    for (int i = 0; i < N; i++)
        b[i] = a[(i * 2741 + 1) % N];
    int nn = N;
    float *pa = a, *pb = b;
    uint32_t *po = o;
    void *p[] = {&nn, &pa, &pb, &po};
    if (!launch("halfpack", "halfpack", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p))
        return finish();
    /* form: bf16, rz, relu, satfinite, pair */
    static const struct { const char *name; int bf16, rz, relu, sf, pair; } forms[] = {
        {"rz.f16x2", 0, 1, 0, 0, 1}, {"rn.relu.satfinite.f16x2", 0, 0, 1, 1, 1},
        {"rz.relu.satfinite.f16x2", 0, 1, 1, 1, 1}, {"rz.bf16x2", 1, 1, 0, 0, 1},
        {"rn.satfinite.bf16x2", 1, 0, 0, 1, 1}, {"rz.relu.bf16x2", 1, 1, 1, 0, 1},
        {"rn.relu.satfinite.f16", 0, 0, 1, 1, 0}, {"rz.satfinite.bf16", 1, 1, 0, 1, 0},
        {"rn.satfinite.relu.bf16", 1, 0, 1, 1, 0}, {"rz.relu.f16", 0, 1, 1, 0, 0},
        {"rn.satfinite.f16", 0, 0, 0, 1, 0}, {"rn.relu.bf16", 1, 0, 1, 0, 0},
    };
    for (int k = 0; k < 12; k++) {
        int nb = 0;
        char m[200] = "";
        for (int i = 0; i < N; i++) {
            unsigned hi = ref16(a[i], forms[k].bf16, forms[k].rz, forms[k].relu, forms[k].sf);
            unsigned lo = ref16(b[i], forms[k].bf16, forms[k].rz, forms[k].relu, forms[k].sf);
            unsigned exp = forms[k].pair ? hi << 16 | lo : hi, got = o[12 * i + k];
            int bf = forms[k].bf16, r = forms[k].relu;
            unsigned g = forms[k].pair ? any_nan16(got >> 16, bf, r) << 16 | any_nan16(got & 0xffff, bf, r)
                                       : any_nan16(got & 0xffff, bf, r);
            if (g != exp && !nb++)
                snprintf(m, sizeof m, "(%a, %a): got 0x%08x expected 0x%08x", a[i], b[i], got, exp);
        }
        report(forms[k].name, nb, m);
    }
    return finish();
}
#if 0 // test-file halfpack.ptx
//
// halfpack.ptx - hand-written: cvt to f16, bf16, f16x2 and bf16x2 from f32
// with .rz, .relu and .satfinite.  Checked with: ptxas -arch=sm_90
//
.version 8.6
.target sm_90
.address_size 64

.visible .entry halfpack(.param .u32 hp_n, .param .u64 hp_a, .param .u64 hp_b, .param .u64 hp_o)
{
	.reg .pred 	%p<2>;
	.reg .b16 	%h<8>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	.reg .f32 	%f<4>;

	ld.param.u32 	%r1, [hp_n];
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r2, %r3, %r4;
	setp.ge.u32 	%p1, %r5, %r1;
	@%p1 bra 	$L_done;
	ld.param.u64 	%rd1, [hp_a];
	ld.param.u64 	%rd2, [hp_b];
	ld.param.u64 	%rd3, [hp_o];
	cvta.to.global.u64 	%rd1, %rd1;
	cvta.to.global.u64 	%rd2, %rd2;
	cvta.to.global.u64 	%rd3, %rd3;
	mul.wide.u32 	%rd4, %r5, 4;
	add.s64 	%rd5, %rd1, %rd4;
	ld.global.f32 	%f1, [%rd5];
	add.s64 	%rd5, %rd2, %rd4;
	ld.global.f32 	%f2, [%rd5];
	mul.wide.u32 	%rd4, %r5, 48;
	add.s64 	%rd6, %rd3, %rd4;
	cvt.rz.f16x2.f32 	%r6, %f1, %f2;
	st.global.b32 	[%rd6+0], %r6;
	cvt.rn.relu.satfinite.f16x2.f32 	%r7, %f1, %f2;
	st.global.b32 	[%rd6+4], %r7;
	cvt.rz.relu.satfinite.f16x2.f32 	%r8, %f1, %f2;
	st.global.b32 	[%rd6+8], %r8;
	cvt.rz.bf16x2.f32 	%r9, %f1, %f2;
	st.global.b32 	[%rd6+12], %r9;
	cvt.rn.satfinite.bf16x2.f32 	%r10, %f1, %f2;
	st.global.b32 	[%rd6+16], %r10;
	cvt.rz.relu.bf16x2.f32 	%r11, %f1, %f2;
	st.global.b32 	[%rd6+20], %r11;
	cvt.rn.relu.satfinite.f16.f32 	%h1, %f1;
	st.global.b16 	[%rd6+24], %h1;
	cvt.rz.satfinite.bf16.f32 	%h2, %f1;
	st.global.b16 	[%rd6+28], %h2;
	cvt.rn.satfinite.relu.bf16.f32 	%h3, %f1;
	st.global.b16 	[%rd6+32], %h3;
	cvt.rz.relu.f16.f32 	%h4, %f1;
	st.global.b16 	[%rd6+36], %h4;
	cvt.rn.satfinite.f16.f32 	%h5, %f1;
	st.global.b16 	[%rd6+40], %h5;
	cvt.rn.relu.bf16.f32 	%h6, %f1;
	st.global.b16 	[%rd6+44], %h6;

$L_done:
	ret;
}
#endif // end of halfpack.ptx
