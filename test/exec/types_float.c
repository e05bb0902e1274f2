/* types_float.c — reference for types_float.cu.  Integer arithmetic wraps
 * at the type's width (C's conversion rules); float results are IEEE
 * single operations in round-to-nearest, and directed roundings are
 * computed with fesetround, each compared bit for bit. */
#define _GNU_SOURCE
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

#pragma STDC FENV_ACCESS ON
/* GCC ignores FENV_ACCESS: without -frounding-math it may move an operation
 * across fesetround.  The directed-rounding references get it per function. */
#define ROUNDING __attribute__((noinline, optimize("rounding-math")))

static int failed;
static p2n_module *mod;
static uint32_t seed = 12345;

static uint32_t
lcg(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed;
}

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/types_float/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static int
launch(const char *k, int n, void **p)
{
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){(unsigned)(n + 63) / 64, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    if (r != P2N_SUCCESS)
        report(k, 0, p2n_error_message());
    return r == P2N_SUCCESS;
}

enum { N = 200 };

/* integer sums and products wrap (in C, through uint64_t: no signed overflow) */
#define WRAP(op, x, y) _Generic((x), float: (x) op (y), double: (x) op (y), default: (uint64_t)(x) op (uint64_t)(y))
#define TEST_VEC(T, NAME)                                                                                   \
    do {                                                                                                  \
        T a[N], b[N], s[N], pr[N], mx[N];                                                                 \
        for (int i = 0; i < N; i++)                                                                       \
            a[i] = (T)lcg(), b[i] = (T)(lcg() >> (i % 7));                                                \
        T *pa = a, *pb = b, *ps = s, *pp = pr, *pm = mx;                                                  \
        int n = N;                                                                                        \
        void *p[] = {&pa, &pb, &ps, &pp, &pm, &n};                                                        \
        if (launch(#NAME, N, p)) {                                                                        \
            int ok = 1;                                                                                   \
            char d[128] = "";                                                                             \
            for (int i = 0; ok && i < N; i++) {                                                           \
                T ws = (T)WRAP(+, a[i], b[i]), wp = (T)WRAP(*, a[i], b[i]), wm = a[i] > b[i] ? a[i] : b[i]; \
                ok = memcmp(&s[i], &ws, sizeof ws) == 0 && memcmp(&pr[i], &wp, sizeof wp) == 0 &&         \
                     memcmp(&mx[i], &wm, sizeof wm) == 0;                                                 \
                if (!ok)                                                                                  \
                    snprintf(d, sizeof d, "element %d", i);                                               \
            }                                                                                             \
            report(#NAME, ok, d);                                                                         \
        }                                                                                                 \
    } while (0)

static uint16_t
f2h(float f) /* round to nearest even; the values here are normal halves */
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000, exp = (x >> 23) & 0xff, man = x & 0x7fffff;
    if (exp == 0)
        return (uint16_t)sign;
    int e = (int)exp - 127 + 15;
    uint32_t m = man >> 13, rest = man & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (m & 1)))
        m++;
    if (m == 0x400)
        m = 0, e++;
    return (uint16_t)(sign | (uint32_t)e << 10 | m);
}

static float
h2f(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, x;
    if (e == 0)
        x = sign; /* no subnormal halves in this test */
    else
        x = sign | (e - 15 + 127) << 23 | m << 13;
    float f;
    memcpy(&f, &x, 4);
    return f;
}

static void
test_half(void)
{
    uint16_t a[N], b[N], s[N], pr[N];
    for (int i = 0; i < N; i++) {
        a[i] = f2h((float)((int)(lcg() % 2000) - 1000) / 16.0f);
        b[i] = f2h((float)((int)(lcg() % 2000) - 1000) / 32.0f + 0.5f);
    }
    uint16_t *pa = a, *pb = b, *ps = s, *pp = pr;
    int n = N;
    void *p[] = {&pa, &pb, &ps, &pp, &n};
    if (!launch("vec_f16", N, p))
        return;
    int ok = 1;
    char d[128] = "";
    for (int i = 0; ok && i < N; i++) {
        /* a half sum or product rounded once from the exact value: the
         * float result is exact for these operands, then one rounding */
        uint16_t ws = f2h(h2f(a[i]) + h2f(b[i])), wp = f2h(h2f(a[i]) * h2f(b[i]));
        ok = s[i] == ws && pr[i] == wp;
        if (!ok)
            snprintf(d, sizeof d, "element %d: %04x %04x, expected %04x %04x", i, s[i], pr[i], ws, wp);
    }
    report("vec_f16", ok, d);
}

static int
same(float x, float y)
{
    return memcmp(&x, &y, 4) == 0 || (isnan(x) && isnan(y));
}

/* min.f32 / max.f32 as the PTX ISA writes them: (a < b) ? a : b, the
 * other operand when one is NaN; so min(+0, -0) is -0 and min(-0, +0) +0 */
static float
ptx_min(float a, float b)
{
    return isnan(b) ? a : a < b ? a : b;
}

static float
ptx_max(float a, float b)
{
    return isnan(b) ? a : a > b ? a : b;
}

static void
test_edges(void)
{
    const float sub = 1e-40f; /* subnormal */
    float v[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, sub, -sub, 3.4e38f, 1e-38f, 2.5f, -7.25f};
    enum { K = sizeof v / sizeof v[0] };
    float a[K * K], b[K * K], out[8 * K * K];
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            a[i * K + j] = v[i], b[i * K + j] = v[j];
    float *pa = a, *pb = b, *po = out;
    int n = K * K;
    void *p[] = {&pa, &pb, &po, &n};
    if (!launch("float_edges", n, p))
        return;
    int ok = 1;
    char d[160] = "";
    for (int i = 0; ok && i < n; i++) {
        volatile float x = a[i], y = b[i];
        float want[8] = {x + y, x * y, x - y, x / y, ptx_min(x, y), ptx_max(x, y), sqrtf(x), fmaf(x, y, x)};
        for (int k = 0; ok && k < 8; k++)
            if (!same(out[8 * i + k], want[k])) {
                ok = 0;
                snprintf(d, sizeof d, "op %d on (%g, %g): got %g, expected %g", k, (double)x, (double)y,
                         (double)out[8 * i + k], (double)want[k]);
            }
    }
    report("float_edges_nan_inf_zero_subnormal", ok, d);
}

/* C references for the rounding intrinsics */
static int
f2i(float x, int mode)
{
    if (isnan(x))
        return 0;
    double r = mode == 0 ? nearbyint(x) : mode == 1 ? trunc(x) : mode == 2 ? floor(x) : ceil(x);
    return r >= 2147483647.0 ? 2147483647 : r <= -2147483648.0 ? (int)-2147483648.0 : (int)r;
}

ROUNDING static float
rounded(int mode, float (*op)(float, float), float x, float y)
{
    fesetround(mode);
    float r = op(x, y);
    fesetround(FE_TONEAREST);
    return r;
}
ROUNDING static float add(float x, float y) { volatile float a = x, b = y; return a + b; }
ROUNDING static float mul(float x, float y) { volatile float a = x, b = y; return a * b; }
ROUNDING static float dvd(float x, float y) { volatile float a = x, b = y; return a / b; }
ROUNDING static float
d2f(int mode, double x)
{
    fesetround(mode);
    volatile double v = x;
    volatile float r = (float)v; /* converted while the mode is set */
    fesetround(FE_TONEAREST);
    return r;
}
ROUNDING static float
ll2f(int mode, long long x)
{
    fesetround(mode);
    volatile long long v = x;
    volatile float r = (float)v; /* converted while the mode is set */
    fesetround(FE_TONEAREST);
    return r;
}

static void
test_rounding(void)
{
    float a[N];
    double dd[N];
    long long ll[N];
    int ints[5 * N];
    float flts[9 * N];
    for (int i = 0; i < N; i++) {
        a[i] = ((int)(lcg() % 100000) - 50000) / 37.0f;
        if (i % 10 == 0)
            a[i] = (float)(i / 10) + 0.5f; /* ties */
        if (i == 1)
            a[i] = 3e9f; /* saturates */
        if (i == 2)
            a[i] = NAN;
        dd[i] = ((double)lcg() - 2147483648.0) / 3.0;
        ll[i] = (long long)((uint64_t)lcg() << 32 | lcg());
    }
    float *pa = a;
    double *pd = dd;
    long long *pl = ll;
    int *pi = ints;
    float *pf = flts;
    int n = N;
    void *p[] = {&pa, &pd, &pl, &pi, &pf, &n};
    if (!launch("rounding", N, p))
        return;
    int ok = 1;
    char d[200] = "";
    for (int i = 0; ok && i < N; i++) {
        float x = a[i];
        int wi[5] = {f2i(x, 0), f2i(x, 1), f2i(x, 2), f2i(x, 3),
                     isnan(x) ? 0 : x <= 0 ? 0 : x >= 4294967295.0f ? -1 : (int)(unsigned)nearbyint(x)};
        for (int k = 0; ok && k < 5; k++)
            if (ints[5 * i + k] != wi[k]) {
                ok = 0;
                snprintf(d, sizeof d, "int conversion %d of %.9g: got %d, expected %d", k, (double)x, ints[5 * i + k], wi[k]);
            }
        float wf[9] = {rounded(FE_TOWARDZERO, add, x, 0.1f), rounded(FE_DOWNWARD, add, x, 0.1f),
                       rounded(FE_UPWARD, add, x, 0.1f), rounded(FE_TOWARDZERO, mul, x, 3.3f),
                       rounded(FE_DOWNWARD, dvd, x, 3.0f), d2f(FE_TOWARDZERO, dd[i]), d2f(FE_UPWARD, dd[i]),
                       ll2f(FE_DOWNWARD, ll[i]), isnan(x) ? 0.0f : fminf(fmaxf(x, 0.0f), 1.0f)};
        for (int k = 0; ok && k < 9; k++)
            if (!same(flts[9 * i + k], wf[k])) {
                ok = 0;
                snprintf(d, sizeof d, "float rounding %d of element %d: got %.9g, expected %.9g", k, i,
                         (double)flts[9 * i + k], (double)wf[k]);
            }
    }
    report("every_rounding_intrinsic", ok, d);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/types_float/load: %s\n", p2n_error_message());
        return 1;
    }
    TEST_VEC(int8_t, vec_i8);
    TEST_VEC(uint8_t, vec_u8);
    TEST_VEC(int16_t, vec_i16);
    TEST_VEC(uint16_t, vec_u16);
    TEST_VEC(int32_t, vec_i32);
    TEST_VEC(uint32_t, vec_u32);
    TEST_VEC(int64_t, vec_i64);
    TEST_VEC(uint64_t, vec_u64);
    TEST_VEC(float, vec_f32);
    TEST_VEC(double, vec_f64);
    test_half();
    test_edges();
    test_rounding();
    p2n_module_unload(mod);
    return failed;
}
#if 0 // test-file types_float.cu
// Arithmetic over every integer width, float, double and half; float edge
// cases (NaN, infinities, signed zeros, subnormals); every rounding
// intrinsic.  Reference: types_float.c.
#include <cuda_fp16.h>
#include <stdint.h>

#define VEC(T, NAME)                                                                                   \
    extern "C" __global__ void NAME(const T *a, const T *b, T *sum, T *prod, T *mx, int n)             \
    {                                                                                                  \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                                 \
        if (i < n) {                                                                                   \
            sum[i] = (T)(a[i] + b[i]);                                                                 \
            prod[i] = (T)(a[i] * b[i]);                                                                \
            mx[i] = a[i] > b[i] ? a[i] : b[i];                                                         \
        }                                                                                              \
    }
VEC(int8_t, vec_i8)
VEC(uint8_t, vec_u8)
VEC(int16_t, vec_i16)
VEC(uint16_t, vec_u16)
VEC(int32_t, vec_i32)
VEC(uint32_t, vec_u32)
VEC(int64_t, vec_i64)
VEC(uint64_t, vec_u64)
VEC(float, vec_f32)
VEC(double, vec_f64)

extern "C" __global__ void vec_f16(const __half *a, const __half *b, __half *sum, __half *prod, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        sum[i] = __hadd(a[i], b[i]);
        prod[i] = __hmul(a[i], b[i]);
    }
}

// out[8*i + k]: a+b, a*b, a-b, a/b, fminf, fmaxf, sqrtf(a), fmaf(a,b,a)
extern "C" __global__ void float_edges(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    out[8 * i + 0] = x + y;
    out[8 * i + 1] = x * y;
    out[8 * i + 2] = x - y;
    out[8 * i + 3] = x / y;
    out[8 * i + 4] = fminf(x, y);
    out[8 * i + 5] = fmaxf(x, y);
    out[8 * i + 6] = sqrtf(x);
    out[8 * i + 7] = fmaf(x, y, x);
}

// ints[5*i + k]: float -> int with rn rz rd ru, and -> unsigned rn (saturating);
// flts[9*i + k]: rounding arithmetic and conversions
extern "C" __global__ void rounding(const float *a, const double *d, const long long *l, int *ints, float *flts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i];
    ints[5 * i + 0] = __float2int_rn(x);
    ints[5 * i + 1] = __float2int_rz(x);
    ints[5 * i + 2] = __float2int_rd(x);
    ints[5 * i + 3] = __float2int_ru(x);
    ints[5 * i + 4] = (int)__float2uint_rn(x);
    flts[9 * i + 0] = __fadd_rz(x, 0.1f);
    flts[9 * i + 1] = __fadd_rd(x, 0.1f);
    flts[9 * i + 2] = __fadd_ru(x, 0.1f);
    flts[9 * i + 3] = __fmul_rz(x, 3.3f);
    flts[9 * i + 4] = __fdiv_rd(x, 3.0f);
    flts[9 * i + 5] = __double2float_rz(d[i]);
    flts[9 * i + 6] = __double2float_ru(d[i]);
    flts[9 * i + 7] = __ll2float_rd(l[i]);
    flts[9 * i + 8] = __saturatef(x);
}
#endif // end of types_float.cu
#if 0 // test-file types_float.ptx
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

	// .globl	vec_i8

.visible .entry vec_i8(
	.param .u64 vec_i8_param_0,
	.param .u64 vec_i8_param_1,
	.param .u64 vec_i8_param_2,
	.param .u64 vec_i8_param_3,
	.param .u64 vec_i8_param_4,
	.param .u32 vec_i8_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b16 	%rs<10>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_i8_param_0];
	ld.param.u64 	%rd2, [vec_i8_param_1];
	ld.param.u64 	%rd3, [vec_i8_param_2];
	ld.param.u64 	%rd4, [vec_i8_param_3];
	ld.param.u64 	%rd5, [vec_i8_param_4];
	ld.param.u32 	%r2, [vec_i8_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	cvt.s64.s32 	%rd9, %r1;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u8 	%rs1, [%rd11];
	ld.global.u8 	%rs2, [%rd10];
	add.s16 	%rs3, %rs1, %rs2;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.u8 	[%rd13], %rs3;
	ld.global.u8 	%rs4, [%rd11];
	ld.global.u8 	%rs5, [%rd10];
	mul.lo.s16 	%rs6, %rs4, %rs5;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.u8 	[%rd15], %rs6;
	ld.global.s8 	%rs7, [%rd11];
	ld.global.s8 	%rs8, [%rd10];
	setp.gt.s16 	%p2, %rs8, %rs7;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.u8 	%rs9, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.u8 	[%rd18], %rs9;

$L__BB0_2:
	ret;

}
	// .globl	vec_u8
.visible .entry vec_u8(
	.param .u64 vec_u8_param_0,
	.param .u64 vec_u8_param_1,
	.param .u64 vec_u8_param_2,
	.param .u64 vec_u8_param_3,
	.param .u64 vec_u8_param_4,
	.param .u32 vec_u8_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b16 	%rs<10>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_u8_param_0];
	ld.param.u64 	%rd2, [vec_u8_param_1];
	ld.param.u64 	%rd3, [vec_u8_param_2];
	ld.param.u64 	%rd4, [vec_u8_param_3];
	ld.param.u64 	%rd5, [vec_u8_param_4];
	ld.param.u32 	%r2, [vec_u8_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB1_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	cvt.s64.s32 	%rd9, %r1;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u8 	%rs1, [%rd11];
	ld.global.u8 	%rs2, [%rd10];
	add.s16 	%rs3, %rs1, %rs2;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.u8 	[%rd13], %rs3;
	ld.global.u8 	%rs4, [%rd11];
	ld.global.u8 	%rs5, [%rd10];
	mul.lo.s16 	%rs6, %rs4, %rs5;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.u8 	[%rd15], %rs6;
	ld.global.u8 	%rs7, [%rd11];
	ld.global.u8 	%rs8, [%rd10];
	setp.gt.u16 	%p2, %rs8, %rs7;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.u8 	%rs9, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.u8 	[%rd18], %rs9;

$L__BB1_2:
	ret;

}
	// .globl	vec_i16
.visible .entry vec_i16(
	.param .u64 vec_i16_param_0,
	.param .u64 vec_i16_param_1,
	.param .u64 vec_i16_param_2,
	.param .u64 vec_i16_param_3,
	.param .u64 vec_i16_param_4,
	.param .u32 vec_i16_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b16 	%rs<10>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_i16_param_0];
	ld.param.u64 	%rd2, [vec_i16_param_1];
	ld.param.u64 	%rd3, [vec_i16_param_2];
	ld.param.u64 	%rd4, [vec_i16_param_3];
	ld.param.u64 	%rd5, [vec_i16_param_4];
	ld.param.u32 	%r2, [vec_i16_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB2_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 2;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u16 	%rs1, [%rd11];
	ld.global.u16 	%rs2, [%rd10];
	add.s16 	%rs3, %rs1, %rs2;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.u16 	[%rd13], %rs3;
	ld.global.u16 	%rs4, [%rd11];
	ld.global.u16 	%rs5, [%rd10];
	mul.lo.s16 	%rs6, %rs4, %rs5;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.u16 	[%rd15], %rs6;
	ld.global.u16 	%rs7, [%rd11];
	ld.global.u16 	%rs8, [%rd10];
	setp.gt.s16 	%p2, %rs8, %rs7;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.u16 	%rs9, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.u16 	[%rd18], %rs9;

$L__BB2_2:
	ret;

}
	// .globl	vec_u16
.visible .entry vec_u16(
	.param .u64 vec_u16_param_0,
	.param .u64 vec_u16_param_1,
	.param .u64 vec_u16_param_2,
	.param .u64 vec_u16_param_3,
	.param .u64 vec_u16_param_4,
	.param .u32 vec_u16_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b16 	%rs<10>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_u16_param_0];
	ld.param.u64 	%rd2, [vec_u16_param_1];
	ld.param.u64 	%rd3, [vec_u16_param_2];
	ld.param.u64 	%rd4, [vec_u16_param_3];
	ld.param.u64 	%rd5, [vec_u16_param_4];
	ld.param.u32 	%r2, [vec_u16_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB3_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 2;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u16 	%rs1, [%rd11];
	ld.global.u16 	%rs2, [%rd10];
	add.s16 	%rs3, %rs1, %rs2;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.u16 	[%rd13], %rs3;
	ld.global.u16 	%rs4, [%rd11];
	ld.global.u16 	%rs5, [%rd10];
	mul.lo.s16 	%rs6, %rs4, %rs5;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.u16 	[%rd15], %rs6;
	ld.global.u16 	%rs7, [%rd11];
	ld.global.u16 	%rs8, [%rd10];
	setp.gt.u16 	%p2, %rs8, %rs7;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.u16 	%rs9, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.u16 	[%rd18], %rs9;

$L__BB3_2:
	ret;

}
	// .globl	vec_i32
.visible .entry vec_i32(
	.param .u64 vec_i32_param_0,
	.param .u64 vec_i32_param_1,
	.param .u64 vec_i32_param_2,
	.param .u64 vec_i32_param_3,
	.param .u64 vec_i32_param_4,
	.param .u32 vec_i32_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<15>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_i32_param_0];
	ld.param.u64 	%rd2, [vec_i32_param_1];
	ld.param.u64 	%rd3, [vec_i32_param_2];
	ld.param.u64 	%rd4, [vec_i32_param_3];
	ld.param.u64 	%rd5, [vec_i32_param_4];
	ld.param.u32 	%r2, [vec_i32_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB4_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 4;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u32 	%r6, [%rd11];
	ld.global.u32 	%r7, [%rd10];
	add.s32 	%r8, %r6, %r7;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.u32 	[%rd13], %r8;
	ld.global.u32 	%r9, [%rd11];
	ld.global.u32 	%r10, [%rd10];
	mul.lo.s32 	%r11, %r9, %r10;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.u32 	[%rd15], %r11;
	ld.global.u32 	%r12, [%rd11];
	ld.global.u32 	%r13, [%rd10];
	setp.gt.s32 	%p2, %r13, %r12;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.u32 	%r14, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.u32 	[%rd18], %r14;

$L__BB4_2:
	ret;

}
	// .globl	vec_u32
.visible .entry vec_u32(
	.param .u64 vec_u32_param_0,
	.param .u64 vec_u32_param_1,
	.param .u64 vec_u32_param_2,
	.param .u64 vec_u32_param_3,
	.param .u64 vec_u32_param_4,
	.param .u32 vec_u32_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<15>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_u32_param_0];
	ld.param.u64 	%rd2, [vec_u32_param_1];
	ld.param.u64 	%rd3, [vec_u32_param_2];
	ld.param.u64 	%rd4, [vec_u32_param_3];
	ld.param.u64 	%rd5, [vec_u32_param_4];
	ld.param.u32 	%r2, [vec_u32_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB5_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 4;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u32 	%r6, [%rd11];
	ld.global.u32 	%r7, [%rd10];
	add.s32 	%r8, %r6, %r7;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.u32 	[%rd13], %r8;
	ld.global.u32 	%r9, [%rd11];
	ld.global.u32 	%r10, [%rd10];
	mul.lo.s32 	%r11, %r9, %r10;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.u32 	[%rd15], %r11;
	ld.global.u32 	%r12, [%rd11];
	ld.global.u32 	%r13, [%rd10];
	setp.gt.u32 	%p2, %r13, %r12;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.u32 	%r14, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.u32 	[%rd18], %r14;

$L__BB5_2:
	ret;

}
	// .globl	vec_i64
.visible .entry vec_i64(
	.param .u64 vec_i64_param_0,
	.param .u64 vec_i64_param_1,
	.param .u64 vec_i64_param_2,
	.param .u64 vec_i64_param_3,
	.param .u64 vec_i64_param_4,
	.param .u32 vec_i64_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<28>;


	ld.param.u64 	%rd1, [vec_i64_param_0];
	ld.param.u64 	%rd2, [vec_i64_param_1];
	ld.param.u64 	%rd3, [vec_i64_param_2];
	ld.param.u64 	%rd4, [vec_i64_param_3];
	ld.param.u64 	%rd5, [vec_i64_param_4];
	ld.param.u32 	%r2, [vec_i64_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB6_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 8;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u64 	%rd12, [%rd11];
	ld.global.u64 	%rd13, [%rd10];
	add.s64 	%rd14, %rd12, %rd13;
	cvta.to.global.u64 	%rd15, %rd3;
	add.s64 	%rd16, %rd15, %rd9;
	st.global.u64 	[%rd16], %rd14;
	ld.global.u64 	%rd17, [%rd11];
	ld.global.u64 	%rd18, [%rd10];
	mul.lo.s64 	%rd19, %rd17, %rd18;
	cvta.to.global.u64 	%rd20, %rd4;
	add.s64 	%rd21, %rd20, %rd9;
	st.global.u64 	[%rd21], %rd19;
	ld.global.u64 	%rd22, [%rd11];
	ld.global.u64 	%rd23, [%rd10];
	setp.gt.s64 	%p2, %rd23, %rd22;
	selp.b64 	%rd24, %rd7, %rd6, %p2;
	add.s64 	%rd25, %rd24, %rd9;
	ld.global.u64 	%rd26, [%rd25];
	add.s64 	%rd27, %rd8, %rd9;
	st.global.u64 	[%rd27], %rd26;

$L__BB6_2:
	ret;

}
	// .globl	vec_u64
.visible .entry vec_u64(
	.param .u64 vec_u64_param_0,
	.param .u64 vec_u64_param_1,
	.param .u64 vec_u64_param_2,
	.param .u64 vec_u64_param_3,
	.param .u64 vec_u64_param_4,
	.param .u32 vec_u64_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<28>;


	ld.param.u64 	%rd1, [vec_u64_param_0];
	ld.param.u64 	%rd2, [vec_u64_param_1];
	ld.param.u64 	%rd3, [vec_u64_param_2];
	ld.param.u64 	%rd4, [vec_u64_param_3];
	ld.param.u64 	%rd5, [vec_u64_param_4];
	ld.param.u32 	%r2, [vec_u64_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB7_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 8;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.u64 	%rd12, [%rd11];
	ld.global.u64 	%rd13, [%rd10];
	add.s64 	%rd14, %rd12, %rd13;
	cvta.to.global.u64 	%rd15, %rd3;
	add.s64 	%rd16, %rd15, %rd9;
	st.global.u64 	[%rd16], %rd14;
	ld.global.u64 	%rd17, [%rd11];
	ld.global.u64 	%rd18, [%rd10];
	mul.lo.s64 	%rd19, %rd17, %rd18;
	cvta.to.global.u64 	%rd20, %rd4;
	add.s64 	%rd21, %rd20, %rd9;
	st.global.u64 	[%rd21], %rd19;
	ld.global.u64 	%rd22, [%rd11];
	ld.global.u64 	%rd23, [%rd10];
	setp.gt.u64 	%p2, %rd23, %rd22;
	selp.b64 	%rd24, %rd7, %rd6, %p2;
	add.s64 	%rd25, %rd24, %rd9;
	ld.global.u64 	%rd26, [%rd25];
	add.s64 	%rd27, %rd8, %rd9;
	st.global.u64 	[%rd27], %rd26;

$L__BB7_2:
	ret;

}
	// .globl	vec_f32
.visible .entry vec_f32(
	.param .u64 vec_f32_param_0,
	.param .u64 vec_f32_param_1,
	.param .u64 vec_f32_param_2,
	.param .u64 vec_f32_param_3,
	.param .u64 vec_f32_param_4,
	.param .u32 vec_f32_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<10>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_f32_param_0];
	ld.param.u64 	%rd2, [vec_f32_param_1];
	ld.param.u64 	%rd3, [vec_f32_param_2];
	ld.param.u64 	%rd4, [vec_f32_param_3];
	ld.param.u64 	%rd5, [vec_f32_param_4];
	ld.param.u32 	%r2, [vec_f32_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB8_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 4;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.f32 	%f1, [%rd11];
	ld.global.f32 	%f2, [%rd10];
	add.f32 	%f3, %f2, %f1;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.f32 	[%rd13], %f3;
	ld.global.f32 	%f4, [%rd11];
	ld.global.f32 	%f5, [%rd10];
	mul.f32 	%f6, %f5, %f4;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.f32 	[%rd15], %f6;
	ld.global.f32 	%f7, [%rd11];
	ld.global.f32 	%f8, [%rd10];
	setp.gt.f32 	%p2, %f8, %f7;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.f32 	%f9, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.f32 	[%rd18], %f9;

$L__BB8_2:
	ret;

}
	// .globl	vec_f64
.visible .entry vec_f64(
	.param .u64 vec_f64_param_0,
	.param .u64 vec_f64_param_1,
	.param .u64 vec_f64_param_2,
	.param .u64 vec_f64_param_3,
	.param .u64 vec_f64_param_4,
	.param .u32 vec_f64_param_5
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<6>;
	.reg .f64 	%fd<10>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [vec_f64_param_0];
	ld.param.u64 	%rd2, [vec_f64_param_1];
	ld.param.u64 	%rd3, [vec_f64_param_2];
	ld.param.u64 	%rd4, [vec_f64_param_3];
	ld.param.u64 	%rd5, [vec_f64_param_4];
	ld.param.u32 	%r2, [vec_f64_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB9_2;

	cvta.to.global.u64 	%rd6, %rd2;
	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd5;
	mul.wide.s32 	%rd9, %r1, 8;
	add.s64 	%rd10, %rd7, %rd9;
	add.s64 	%rd11, %rd6, %rd9;
	ld.global.f64 	%fd1, [%rd11];
	ld.global.f64 	%fd2, [%rd10];
	add.f64 	%fd3, %fd2, %fd1;
	cvta.to.global.u64 	%rd12, %rd3;
	add.s64 	%rd13, %rd12, %rd9;
	st.global.f64 	[%rd13], %fd3;
	ld.global.f64 	%fd4, [%rd11];
	ld.global.f64 	%fd5, [%rd10];
	mul.f64 	%fd6, %fd5, %fd4;
	cvta.to.global.u64 	%rd14, %rd4;
	add.s64 	%rd15, %rd14, %rd9;
	st.global.f64 	[%rd15], %fd6;
	ld.global.f64 	%fd7, [%rd11];
	ld.global.f64 	%fd8, [%rd10];
	setp.gt.f64 	%p2, %fd8, %fd7;
	selp.b64 	%rd16, %rd7, %rd6, %p2;
	add.s64 	%rd17, %rd16, %rd9;
	ld.global.f64 	%fd9, [%rd17];
	add.s64 	%rd18, %rd8, %rd9;
	st.global.f64 	[%rd18], %fd9;

$L__BB9_2:
	ret;

}
	// .globl	vec_f16
.visible .entry vec_f16(
	.param .u64 vec_f16_param_0,
	.param .u64 vec_f16_param_1,
	.param .u64 vec_f16_param_2,
	.param .u64 vec_f16_param_3,
	.param .u32 vec_f16_param_4
)
{
	.reg .pred 	%p<2>;
	.reg .b16 	%rs<7>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [vec_f16_param_0];
	ld.param.u64 	%rd2, [vec_f16_param_1];
	ld.param.u64 	%rd3, [vec_f16_param_2];
	ld.param.u64 	%rd4, [vec_f16_param_3];
	ld.param.u32 	%r2, [vec_f16_param_4];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB10_2;

	cvta.to.global.u64 	%rd5, %rd1;
	mul.wide.s32 	%rd6, %r1, 2;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u16 	%rs2, [%rd7];
	cvta.to.global.u64 	%rd8, %rd2;
	add.s64 	%rd9, %rd8, %rd6;
	ld.global.u16 	%rs3, [%rd9];
	// begin inline asm
	{add.f16 %rs1,%rs2,%rs3;
}
	// end inline asm
	cvta.to.global.u64 	%rd10, %rd3;
	add.s64 	%rd11, %rd10, %rd6;
	st.global.u16 	[%rd11], %rs1;
	ld.global.u16 	%rs5, [%rd7];
	ld.global.u16 	%rs6, [%rd9];
	// begin inline asm
	{mul.f16 %rs4,%rs5,%rs6;
}
	// end inline asm
	cvta.to.global.u64 	%rd12, %rd4;
	add.s64 	%rd13, %rd12, %rd6;
	st.global.u16 	[%rd13], %rs4;

$L__BB10_2:
	ret;

}
	// .globl	float_edges
.visible .entry float_edges(
	.param .u64 float_edges_param_0,
	.param .u64 float_edges_param_1,
	.param .u64 float_edges_param_2,
	.param .u32 float_edges_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<11>;
	.reg .b32 	%r<7>;
	.reg .b64 	%rd<12>;


	ld.param.u64 	%rd1, [float_edges_param_0];
	ld.param.u64 	%rd2, [float_edges_param_1];
	ld.param.u64 	%rd3, [float_edges_param_2];
	ld.param.u32 	%r2, [float_edges_param_3];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB11_2;

	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	cvta.to.global.u64 	%rd7, %rd2;
	add.s64 	%rd8, %rd7, %rd5;
	ld.global.f32 	%f1, [%rd8];
	ld.global.f32 	%f2, [%rd6];
	add.f32 	%f3, %f2, %f1;
	shl.b32 	%r6, %r1, 3;
	cvta.to.global.u64 	%rd9, %rd3;
	mul.wide.s32 	%rd10, %r6, 4;
	add.s64 	%rd11, %rd9, %rd10;
	st.global.f32 	[%rd11], %f3;
	mul.f32 	%f4, %f2, %f1;
	st.global.f32 	[%rd11+4], %f4;
	sub.f32 	%f5, %f2, %f1;
	st.global.f32 	[%rd11+8], %f5;
	div.rn.f32 	%f6, %f2, %f1;
	st.global.f32 	[%rd11+12], %f6;
	min.f32 	%f7, %f2, %f1;
	st.global.f32 	[%rd11+16], %f7;
	max.f32 	%f8, %f2, %f1;
	st.global.f32 	[%rd11+20], %f8;
	sqrt.rn.f32 	%f9, %f2;
	st.global.f32 	[%rd11+24], %f9;
	fma.rn.f32 	%f10, %f2, %f1, %f2;
	st.global.f32 	[%rd11+28], %f10;

$L__BB11_2:
	ret;

}
	// .globl	rounding
.visible .entry rounding(
	.param .u64 rounding_param_0,
	.param .u64 rounding_param_1,
	.param .u64 rounding_param_2,
	.param .u64 rounding_param_3,
	.param .u64 rounding_param_4,
	.param .u32 rounding_param_5
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<14>;
	.reg .b32 	%r<13>;
	.reg .f64 	%fd<3>;
	.reg .b64 	%rd<21>;


	ld.param.u64 	%rd1, [rounding_param_0];
	ld.param.u64 	%rd2, [rounding_param_1];
	ld.param.u64 	%rd3, [rounding_param_2];
	ld.param.u64 	%rd4, [rounding_param_3];
	ld.param.u64 	%rd5, [rounding_param_4];
	ld.param.u32 	%r2, [rounding_param_5];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB12_2;

	cvta.to.global.u64 	%rd6, %rd5;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mul.wide.s32 	%rd9, %r1, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.f32 	%f1, [%rd10];
	cvt.rni.s32.f32 	%r6, %f1;
	mul.lo.s32 	%r7, %r1, 5;
	cvta.to.global.u64 	%rd11, %rd4;
	mul.wide.s32 	%rd12, %r7, 4;
	add.s64 	%rd13, %rd11, %rd12;
	st.global.u32 	[%rd13], %r6;
	cvt.rzi.s32.f32 	%r8, %f1;
	st.global.u32 	[%rd13+4], %r8;
	cvt.rmi.s32.f32 	%r9, %f1;
	st.global.u32 	[%rd13+8], %r9;
	cvt.rpi.s32.f32 	%r10, %f1;
	st.global.u32 	[%rd13+12], %r10;
	cvt.rni.u32.f32 	%r11, %f1;
	st.global.u32 	[%rd13+16], %r11;
	mov.f32 	%f2, 0f3DCCCCCD;
	add.rz.f32 	%f3, %f1, %f2;
	mul.lo.s32 	%r12, %r1, 9;
	mul.wide.s32 	%rd14, %r12, 4;
	add.s64 	%rd15, %rd6, %rd14;
	st.global.f32 	[%rd15], %f3;
	add.rm.f32 	%f4, %f1, %f2;
	st.global.f32 	[%rd15+4], %f4;
	add.rp.f32 	%f5, %f1, %f2;
	st.global.f32 	[%rd15+8], %f5;
	mov.f32 	%f6, 0f40533333;
	mul.rz.f32 	%f7, %f1, %f6;
	st.global.f32 	[%rd15+12], %f7;
	mov.f32 	%f8, 0f40400000;
	div.rm.f32 	%f9, %f1, %f8;
	st.global.f32 	[%rd15+16], %f9;
	mul.wide.s32 	%rd16, %r1, 8;
	add.s64 	%rd17, %rd7, %rd16;
	ld.global.f64 	%fd1, [%rd17];
	cvt.rz.f32.f64 	%f10, %fd1;
	st.global.f32 	[%rd15+20], %f10;
	ld.global.f64 	%fd2, [%rd17];
	cvt.rp.f32.f64 	%f11, %fd2;
	st.global.f32 	[%rd15+24], %f11;
	cvta.to.global.u64 	%rd18, %rd3;
	add.s64 	%rd19, %rd18, %rd16;
	ld.global.u64 	%rd20, [%rd19];
	cvt.rm.f32.s64 	%f12, %rd20;
	st.global.f32 	[%rd15+28], %f12;
	cvt.sat.f32.f32 	%f13, %f1;
	st.global.f32 	[%rd15+32], %f13;

$L__BB12_2:
	ret;

}

#endif // end of types_float.ptx
