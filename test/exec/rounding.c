/* Every rounding-mode intrinsic; references computed in C by exact means:
 * the operation under fesetround on volatile operands (IEEE correctly
 * rounds + * / sqrt and conversions in every mode). */
#include "common.h"
#include <fenv.h>
#pragma STDC FENV_ACCESS ON
static float op(int k, float x, float y, double d, int iv, long long lv, int mode)
{
    volatile float vx = x, vy = y, r; volatile double vd = d; volatile int vi = iv; volatile long long vl = lv;
    fesetround(mode);
    switch (k) {
    case 0: r = vx + vy; break;
    case 1: r = vx * vy; break;
    case 2: r = vx / vy; break;
    case 3: r = sqrtf(fabsf(vx)); break;
    case 4: r = (float)vd; break;
    case 5: r = (float)vi; break;
    default: r = (float)vl; break;
    }
    fesetround(FE_TONEAREST);
    return r;
}
static int f2i(float x, int mode)
{
    /* cvt.rni/rzi/rmi/rpi.s32.f32: round in float, saturate, NaN -> 0 */
    if (isnan(x)) return 0;
    double r = mode == 0 ? nearbyint(x) : mode == 1 ? trunc(x) : mode == 2 ? floor(x) : ceil(x);
    if (r >= 2147483647.0) return INT32_MAX;
    if (r <= -2147483648.0) return INT32_MIN;
    return (int)r;
}
int main(int argc, char **argv)
{
    setup(argc, argv, "rounding");
    int n = 512;
    float *a = malloc(n * 4), *b = malloc(n * 4), *of = malloc(14 * n * 4), *ef = malloc(14 * n * 4);
    double *d = malloc(n * 8); int *iv = malloc(n * 4), *oi = malloc(4 * n * 4), *ei = malloc(4 * n * 4); long long *lv = malloc(n * 8);
    for (int i = 0; i < n; i++) {
        uint32_t u = lcg(); int e = (int)(lcg() % 60) - 30;
        a[i] = ldexpf((float)(int)(u >> 8) / (float)(1 << 23) - 1.0f, e) * ((u & 1) ? -1 : 1);
        b[i] = ldexpf(1.0f + (float)(lcg() >> 9) / (float)(1 << 23), (int)(lcg() % 20) - 10) * ((lcg() & 1) ? -1 : 1);
        d[i] = ((double)lcg() * 4294967296.0 + lcg()) / 18446744073709551616.0 * ldexp(1.0, (int)(lcg() % 40) - 20) * ((lcg() & 1) ? -1 : 1);
        iv[i] = (int)lcg();
        lv[i] = (long long)(((uint64_t)lcg() << 32) | lcg()) >> (lcg() % 40);
    }
    /* halfway and saturating cases for float2int */
    float sp[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 3e9f, -3e9f, NAN, INFINITY, -INFINITY, 2147483520.0f, -2147483648.0f, 0.0f, -0.0f};
    for (int k = 0; k < 15; k++) a[k] = sp[k];
    iv[0] = INT32_MAX; iv[1] = INT32_MIN; iv[2] = 16777217; iv[3] = -16777217;
    for (int i = 0; i < n; i++) {
        for (int m = 0; m < 4; m++) ei[4*i+m] = f2i(a[i], m);
        float *e = ef + 14 * i;
        e[0] = op(0, a[i], b[i], 0, 0, 0, FE_TOWARDZERO); e[1] = op(0, a[i], b[i], 0, 0, 0, FE_DOWNWARD); e[2] = op(0, a[i], b[i], 0, 0, 0, FE_UPWARD);
        e[3] = op(1, a[i], b[i], 0, 0, 0, FE_DOWNWARD); e[4] = op(2, a[i], b[i], 0, 0, 0, FE_UPWARD); e[5] = op(3, a[i], 0, 0, 0, 0, FE_DOWNWARD);
        e[6] = op(4, 0, 0, d[i], 0, 0, FE_TOWARDZERO); e[7] = op(4, 0, 0, d[i], 0, 0, FE_DOWNWARD); e[8] = op(4, 0, 0, d[i], 0, 0, FE_UPWARD);
        e[9] = op(5, 0, 0, 0, iv[i], 0, FE_TOWARDZERO); e[10] = op(5, 0, 0, 0, iv[i], 0, FE_DOWNWARD); e[11] = op(5, 0, 0, 0, iv[i], 0, FE_UPWARD);
        e[12] = op(6, 0, 0, 0, 0, lv[i], FE_DOWNWARD); e[13] = op(1, a[i], b[i], 0, 0, 0, FE_TONEAREST);
    }
    void *p[] = {&n, &a, &b, &d, &iv, &lv, &of, &oi};
    if (!launch("rnd", "rnd", d3(4, 1, 1), d3(128, 1, 1), 0, p)) return finish();
    const char *in[4] = {"float2int_rn", "float2int_rz", "float2int_rd", "float2int_ru"};
    int *gi = malloc(n * 4), *xi = malloc(n * 4); float *gf = malloc(n * 4), *xf = malloc(n * 4);
    for (int m = 0; m < 4; m++) { for (int i = 0; i < n; i++) { gi[i] = oi[4*i+m]; xi[i] = ei[4*i+m]; } CHECK_INT(in[m], gi, xi, n); }
    const char *fn[14] = {"fadd_rz", "fadd_rd", "fadd_ru", "fmul_rd", "fdiv_ru", "fsqrt_rd", "double2float_rz", "double2float_rd",
                          "double2float_ru", "int2float_rz", "int2float_rd", "int2float_ru", "ll2float_rd", "fmul_rn"};
    for (int m = 0; m < 14; m++) { for (int i = 0; i < n; i++) { gf[i] = of[14*i+m]; xf[i] = ef[14*i+m]; } CHECK_EXACT(fn[m], gf, xf, n); }
    return finish();
}
#if 0 // test-file rounding.cu
extern "C" __global__ void rnd(int n, const float *a, const float *b, const double *d, const int *iv, const long long *lv, float *of, int *oi)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    oi[4 * i + 0] = __float2int_rn(x);
    oi[4 * i + 1] = __float2int_rz(x);
    oi[4 * i + 2] = __float2int_rd(x);
    oi[4 * i + 3] = __float2int_ru(x);
    float *o = of + 14 * i;
    o[0] = __fadd_rz(x, y);
    o[1] = __fadd_rd(x, y);
    o[2] = __fadd_ru(x, y);
    o[3] = __fmul_rd(x, y);
    o[4] = __fdiv_ru(x, y);
    o[5] = __fsqrt_rd(fabsf(x));
    o[6] = __double2float_rz(d[i]);
    o[7] = __double2float_rd(d[i]);
    o[8] = __double2float_ru(d[i]);
    o[9] = __int2float_rz(iv[i]);
    o[10] = __int2float_rd(iv[i]);
    o[11] = __int2float_ru(iv[i]);
    o[12] = __ll2float_rd(lv[i]);
    o[13] = __fmul_rn(x, y);
}
#endif // end of rounding.cu
#if 0 // test-file rounding.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_75
.address_size 64

	// .globl	rnd

.visible .entry rnd(
	.param .u32 rnd_param_0,
	.param .u64 rnd_param_1,
	.param .u64 rnd_param_2,
	.param .u64 rnd_param_3,
	.param .u64 rnd_param_4,
	.param .u64 rnd_param_5,
	.param .u64 rnd_param_6,
	.param .u64 rnd_param_7
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<18>;
	.reg .b32 	%r<15>;
	.reg .f64 	%fd<4>;
	.reg .b64 	%rd<27>;


	ld.param.u32 	%r2, [rnd_param_0];
	ld.param.u64 	%rd1, [rnd_param_1];
	ld.param.u64 	%rd2, [rnd_param_2];
	ld.param.u64 	%rd3, [rnd_param_3];
	ld.param.u64 	%rd4, [rnd_param_4];
	ld.param.u64 	%rd5, [rnd_param_5];
	ld.param.u64 	%rd6, [rnd_param_6];
	ld.param.u64 	%rd7, [rnd_param_7];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd8, %rd3;
	cvta.to.global.u64 	%rd9, %rd1;
	mul.wide.s32 	%rd10, %r1, 4;
	add.s64 	%rd11, %rd9, %rd10;
	cvta.to.global.u64 	%rd12, %rd2;
	add.s64 	%rd13, %rd12, %rd10;
	ld.global.f32 	%f1, [%rd13];
	ld.global.f32 	%f2, [%rd11];
	cvt.rni.s32.f32 	%r6, %f2;
	shl.b32 	%r7, %r1, 2;
	cvta.to.global.u64 	%rd14, %rd7;
	mul.wide.s32 	%rd15, %r7, 4;
	add.s64 	%rd16, %rd14, %rd15;
	st.global.u32 	[%rd16], %r6;
	cvt.rzi.s32.f32 	%r8, %f2;
	st.global.u32 	[%rd16+4], %r8;
	cvt.rmi.s32.f32 	%r9, %f2;
	st.global.u32 	[%rd16+8], %r9;
	cvt.rpi.s32.f32 	%r10, %f2;
	st.global.u32 	[%rd16+12], %r10;
	mul.lo.s32 	%r11, %r1, 14;
	cvta.to.global.u64 	%rd17, %rd6;
	mul.wide.s32 	%rd18, %r11, 4;
	add.s64 	%rd19, %rd17, %rd18;
	add.rz.f32 	%f3, %f2, %f1;
	st.global.f32 	[%rd19], %f3;
	add.rm.f32 	%f4, %f2, %f1;
	st.global.f32 	[%rd19+4], %f4;
	add.rp.f32 	%f5, %f2, %f1;
	st.global.f32 	[%rd19+8], %f5;
	mul.rm.f32 	%f6, %f2, %f1;
	st.global.f32 	[%rd19+12], %f6;
	div.rp.f32 	%f7, %f2, %f1;
	st.global.f32 	[%rd19+16], %f7;
	abs.f32 	%f8, %f2;
	sqrt.rm.f32 	%f9, %f8;
	st.global.f32 	[%rd19+20], %f9;
	mul.wide.s32 	%rd20, %r1, 8;
	add.s64 	%rd21, %rd8, %rd20;
	ld.global.f64 	%fd1, [%rd21];
	cvt.rz.f32.f64 	%f10, %fd1;
	st.global.f32 	[%rd19+24], %f10;
	ld.global.f64 	%fd2, [%rd21];
	cvt.rm.f32.f64 	%f11, %fd2;
	st.global.f32 	[%rd19+28], %f11;
	ld.global.f64 	%fd3, [%rd21];
	cvt.rp.f32.f64 	%f12, %fd3;
	st.global.f32 	[%rd19+32], %f12;
	cvta.to.global.u64 	%rd22, %rd4;
	add.s64 	%rd23, %rd22, %rd10;
	ld.global.u32 	%r12, [%rd23];
	cvt.rz.f32.s32 	%f13, %r12;
	st.global.f32 	[%rd19+36], %f13;
	ld.global.u32 	%r13, [%rd23];
	cvt.rm.f32.s32 	%f14, %r13;
	st.global.f32 	[%rd19+40], %f14;
	ld.global.u32 	%r14, [%rd23];
	cvt.rp.f32.s32 	%f15, %r14;
	st.global.f32 	[%rd19+44], %f15;
	cvta.to.global.u64 	%rd24, %rd5;
	add.s64 	%rd25, %rd24, %rd20;
	ld.global.u64 	%rd26, [%rd25];
	cvt.rm.f32.s64 	%f16, %rd26;
	st.global.f32 	[%rd19+48], %f16;
	mul.rn.f32 	%f17, %f2, %f1;
	st.global.f32 	[%rd19+52], %f17;

$L__BB0_2:
	ret;

}

#endif // end of rounding.ptx
