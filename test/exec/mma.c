/* mma.sync.aligned (mma.cu): each form with one warp.  The fragment
 * layouts below are written from the PTX ISA's "Matrix fragments for mma"
 * tables, one function per table; the reference is a plain matrix
 * multiply in double.  Small-integer inputs make every result exact; one
 * f16 case has random fractions and compares with a tolerance. */
#include "common.h"

typedef void Place(int lane, int i, int *row, int *col);
#define G (lane >> 2) /* groupID */
#define T (lane % 4)  /* threadID_in_group */

/* f16 / bf16, m16n8k16 */
static void a_k16(int lane, int i, int *r, int *c) { *r = (i < 2 || (i >= 4 && i < 6)) ? G : G + 8; *c = T * 2 + (i & 1) + (i >= 4 ? 8 : 0); }
static void b_k16(int lane, int i, int *r, int *c) { *r = T * 2 + (i & 1) + (i >= 2 ? 8 : 0); *c = G; }
/* f16, m16n8k8 */
static void a_k8(int lane, int i, int *r, int *c) { *r = i < 2 ? G : G + 8; *c = T * 2 + (i & 1); }
static void b_k8(int lane, int i, int *r, int *c) { *r = T * 2 + (i & 1); *c = G; }
/* C and D of the m16n8 shapes (f32, f16, s32) */
static void c_m16(int lane, int i, int *r, int *c) { *r = i < 2 ? G : G + 8; *c = T * 2 + (i & 1); }
/* tf32, m16n8k8 */
static void a_tf32(int lane, int i, int *r, int *c) { *r = (i == 0 || i == 2) ? G : G + 8; *c = i < 2 ? T : T + 4; }
static void b_tf32(int lane, int i, int *r, int *c) { *r = i == 0 ? T : T + 4; *c = G; }
/* tf32, m16n8k4 */
static void a_tf32k4(int lane, int i, int *r, int *c) { *r = i == 0 ? G : G + 8; *c = T; }
static void b_tf32k4(int lane, int i, int *r, int *c) { (void)i; *r = T; *c = G; }
/* s8 / u8, m16n8k16 */
static void a_s8k16(int lane, int i, int *r, int *c) { *r = i < 4 ? G : G + 8; *c = T * 4 + (i & 3); }
static void b_s8k16(int lane, int i, int *r, int *c) { *r = T * 4 + (i & 3); *c = G; }
/* s8 / u8, m16n8k32 */
static void a_s8(int lane, int i, int *r, int *c) { *r = (i < 4 || (i >= 8 && i < 12)) ? G : G + 8; *c = T * 4 + (i & 3) + (i >= 8 ? 16 : 0); }
static void b_s8(int lane, int i, int *r, int *c) { *r = T * 4 + (i & 3) + (i >= 4 ? 16 : 0); *c = G; }
/* f64, m8n8k4 */
static void a_f64(int lane, int i, int *r, int *c) { (void)i; *r = G; *c = T; }
static void b_f64(int lane, int i, int *r, int *c) { (void)i; *r = T; *c = G; }
static void c_f64(int lane, int i, int *r, int *c) { *r = G; *c = T * 2 + i; }

enum { F16, BF16, TF32, F32, S8, U8, S32, F64 };
static const int bits_of[] = {16, 16, 32, 32, 8, 8, 32, 64};

static uint16_t f2h(double x) /* x exactly representable, normal or zero */
{
    if (x == 0) return 0;
    uint16_t s = x < 0 ? 0x8000 : 0;
    int e;
    double m = frexp(fabs(x), &e); /* [0.5, 1) */
    return (uint16_t)(s | (uint16_t)((e + 14) << 10) | (uint16_t)((m * 2 - 1) * 1024));
}
static double h2f(uint32_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
    return (h & 0x8000) ? -v : v;
}
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* element bits of value x in type t */
static uint64_t enc(int t, double x)
{
    switch (t) {
    case F16: return f2h(x);
    case BF16: return f2u((float)x) >> 16;
    case TF32: case F32: return f2u((float)x);
    case S8: case U8: return (uint8_t)(int)x;
    case S32: return (uint32_t)(int32_t)x;
    default: { uint64_t u; double d = x; memcpy(&u, &d, 8); return u; }
    }
}
static double dec(int t, uint64_t u)
{
    switch (t) {
    case F16: return h2f((uint32_t)u);
    case F32: return u2f((uint32_t)u);
    case S32: return (int32_t)(uint32_t)u;
    default: { double d; memcpy(&d, &u, 8); return d; }
    }
}

/* Packs matrix x (rows x cols, row-major) into fragment words w[reg * 32 + lane]. */
static void pack(const double *x, int cols, int t, Place *pl, int nelem, uint64_t *w)
{
    int per = bits_of[t] >= 32 ? 1 : 32 / bits_of[t];
    memset(w, 0, sizeof *w * 32 * (size_t)(nelem / per));
    for (int lane = 0; lane < 32; lane++)
        for (int i = 0; i < nelem; i++) {
            int r, c;
            pl(lane, i, &r, &c);
            w[(i / per) * 32 + lane] |= enc(t, x[r * cols + c]) << (bits_of[t] * (i % per) % 64);
        }
}

typedef struct Form {
    const char *kernel;
    int m, n, k, ta, tb, tc, td; /* A's, B's, C's and D's types */
    Place *pa, *pb, *pc;
} Form;

static const Form forms[] = {
    {"f32_f16_k16", 16, 8, 16, F16, F16, F32, F32, a_k16, b_k16, c_m16},
    {"f16_f16_k16", 16, 8, 16, F16, F16, F16, F16, a_k16, b_k16, c_m16},
    {"f32_f16_k8", 16, 8, 8, F16, F16, F32, F32, a_k8, b_k8, c_m16},
    {"f16_f16_k8", 16, 8, 8, F16, F16, F16, F16, a_k8, b_k8, c_m16},
    {"f32_bf16_k16", 16, 8, 16, BF16, BF16, F32, F32, a_k16, b_k16, c_m16},
    {"f32_tf32_k8", 16, 8, 8, TF32, TF32, F32, F32, a_tf32, b_tf32, c_m16},
    {"s32_s8_k32", 16, 8, 32, S8, S8, S32, S32, a_s8, b_s8, c_m16},
    {"s32_u8_k32_sat", 16, 8, 32, U8, U8, S32, S32, a_s8, b_s8, c_m16},
    {"f64_k4", 8, 8, 4, F64, F64, F64, F64, a_f64, b_f64, c_f64},
    {"f32_tf32_k4", 16, 8, 4, TF32, TF32, F32, F32, a_tf32k4, b_tf32k4, c_m16},
    {"f32_bf16_k8", 16, 8, 8, BF16, BF16, F32, F32, a_k8, b_k8, c_m16},
    {"s32_s8u8_k16", 16, 8, 16, S8, U8, S32, S32, a_s8k16, b_s8k16, c_m16},
};

static double rnd_in(int t, int random)
{
    switch (t) {
    case S8: return (int)(lcg() % 256) - 128;
    case U8: return lcg() % 256;
    default: return random ? ((int)(lcg() % 4095) - 2047) / 1024.0 : (int)(lcg() % 17) - 8;
    }
}

/* Runs form f on random inputs; threads < 32 only checks that the launch
 * is safe (the result of a partial warp is undefined in PTX). */
static void run(const Form *f, const char *cas, int random, int threads)
{
    enum { MAXE = 16 * 32 };
    double A[MAXE], B[MAXE], C[MAXE], D[MAXE], got[MAXE];
    uint64_t wa[MAXE], wb[MAXE], wc[MAXE], wd[MAXE];
    int na = f->m * f->k / 32, nb = f->k * f->n / 32, nc = f->m * f->n / 32;
    for (int i = 0; i < f->m * f->k; i++) A[i] = rnd_in(f->ta, random);
    for (int i = 0; i < f->k * f->n; i++) B[i] = rnd_in(f->tb, random);
    for (int i = 0; i < f->m * f->n; i++) {
        C[i] = f->tc == S32 ? (double)((int32_t)lcg() / 4) : (int)(lcg() % 201) - 100;
        if (f->ta == U8 && i % 3 == 0) C[i] = 2147483647.0 - (i % 2) * 1000; /* saturates */
    }
    for (int i = 0; i < f->m; i++)
        for (int j = 0; j < f->n; j++) {
            double s = C[i * f->n + j];
            for (int k = 0; k < f->k; k++) s += A[i * f->k + k] * B[k * f->n + j];
            if (f->ta == S8) s = (double)(int32_t)(uint32_t)(int64_t)s; /* wraps */
            if (f->ta == U8) s = s > 2147483647.0 ? 2147483647.0 : s;
            D[i * f->n + j] = s;
        }
    pack(A, f->k, f->ta, f->pa, na, wa);
    pack(B, f->n, f->tb, f->pb, nb, wb);
    pack(C, f->n, f->tc, f->pc, nc, wc);
    int wide = f->ta == F64;
    /* 32-bit words for every type but f64 */
    uint32_t a32[MAXE], b32[MAXE], c32[MAXE], d32[MAXE];
    for (int i = 0; i < MAXE; i++) a32[i] = (uint32_t)wa[i], b32[i] = (uint32_t)wb[i], c32[i] = (uint32_t)wc[i];
    memset(wd, 0, sizeof wd);
    memset(d32, 0, sizeof d32);
    void *pa = wide ? (void *)wa : (void *)a32, *pb = wide ? (void *)wb : (void *)b32;
    void *pc = wide ? (void *)wc : (void *)c32, *pd = wide ? (void *)wd : (void *)d32;
    void *params[] = {&pa, &pb, &pc, &pd};
    if (!launch(cas, f->kernel, d3(1, 1, 1), d3((unsigned)threads, 1, 1), 0, params)) return;
    if (threads < 32) { report(cas, 0, ""); return; }
    int per = bits_of[f->td] >= 32 ? 1 : 32 / bits_of[f->td];
    for (int lane = 0; lane < 32; lane++)
        for (int i = 0; i < nc; i++) {
            int r, c;
            f->pc(lane, i, &r, &c);
            uint64_t w = wide ? wd[(i / per) * 32 + lane] : d32[(i / per) * 32 + lane];
            uint64_t bits = per > 1 ? (w >> (bits_of[f->td] * (i % per))) & 0xffff : w;
            got[r * f->n + c] = dec(f->td, bits);
        }
    if (random) CHECK_TOL(cas, got, D, f->m * f->n, 1e-6);
    else CHECK_EXACT(cas, got, D, f->m * f->n);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "mma");
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) run(&forms[i], forms[i].kernel, 0, 32);
    run(&forms[0], "f32_f16_k16_random", 1, 32);
    run(&forms[0], "partial_warp_launches", 0, 20);
    return finish();
}
#if 0 // test-file mma.cu
// nvcc-flags: -arch=sm_80
// mma.sync through inline PTX, one warp: each lane loads its fragment
// registers (register r of lane l at word r * 32 + l), runs one mma and
// stores D the same way.  mma.c packs and unpacks the fragments.
#define R(p, i) (p)[(i) * 32 + threadIdx.x]

// f16 inputs: A 4 regs, B 2, C/D 4 f32 regs (k16) or 2 f16x2 regs
extern "C" __global__ void f32_f16_k16(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)), "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f16_f16_k16(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *d)
{
    unsigned d0, d1;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
                 : "=r"(d0), "=r"(d1)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "r"(R(c, 0)), "r"(R(c, 1)));
    R(d, 0) = d0; R(d, 1) = d1;
}

extern "C" __global__ void f32_f16_k8(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)),
                   "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f16_f16_k8(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *d)
{
    unsigned d0, d1;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%5,%6};"
                 : "=r"(d0), "=r"(d1)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "r"(R(c, 0)), "r"(R(c, 1)));
    R(d, 0) = d0; R(d, 1) = d1;
}

extern "C" __global__ void f32_bf16_k16(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)), "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f32_tf32_k8(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)), "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void s32_s8_k32(const unsigned *a, const unsigned *b, const int *c, int *d)
{
    int d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "r"(R(c, 0)), "r"(R(c, 1)), "r"(R(c, 2)), "r"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void s32_u8_k32_sat(const unsigned *a, const unsigned *b, const int *c, int *d)
{
    int d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
                 "{%8,%9}, {%10,%11,%12,%13};"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "r"(R(c, 0)), "r"(R(c, 1)), "r"(R(c, 2)), "r"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f64_k4(const double *a, const double *b, const double *c, double *d)
{
    double d0, d1;
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};"
                 : "=d"(d0), "=d"(d1)
                 : "d"(R(a, 0)), "d"(R(b, 0)), "d"(R(c, 0)), "d"(R(c, 1)));
    R(d, 0) = d0; R(d, 1) = d1;
}

extern "C" __global__ void f32_tf32_k4(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)),
                   "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f32_bf16_k8(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)),
                   "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void s32_s8u8_k16(const unsigned *a, const unsigned *b, const int *c, int *d)
{
    int d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "r"(R(c, 0)), "r"(R(c, 1)), "r"(R(c, 2)),
                   "r"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}
#endif // end of mma.cu
#if 0 // test-file mma.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_80
.address_size 64

	// .globl	f32_f16_k16

.visible .entry f32_f16_k16(
	.param .u64 f32_f16_k16_param_0,
	.param .u64 f32_f16_k16_param_1,
	.param .u64 f32_f16_k16_param_2,
	.param .u64 f32_f16_k16_param_3
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f32_f16_k16_param_0];
	ld.param.u64 	%rd2, [f32_f16_k16_param_1];
	ld.param.u64 	%rd3, [f32_f16_k16_param_2];
	ld.param.u64 	%rd4, [f32_f16_k16_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r7, %tid.x;
	mul.wide.u32 	%rd9, %r7, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r1, [%rd10];
	ld.global.u32 	%r2, [%rd10+128];
	ld.global.u32 	%r3, [%rd10+256];
	ld.global.u32 	%r4, [%rd10+384];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r5, [%rd11];
	ld.global.u32 	%r6, [%rd11+128];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.f32 	%f5, [%rd12];
	ld.global.f32 	%f6, [%rd12+128];
	ld.global.f32 	%f7, [%rd12+256];
	ld.global.f32 	%f8, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.f32 	[%rd13], %f1;
	st.global.f32 	[%rd13+128], %f2;
	st.global.f32 	[%rd13+256], %f3;
	st.global.f32 	[%rd13+384], %f4;
	ret;

}
	// .globl	f16_f16_k16
.visible .entry f16_f16_k16(
	.param .u64 f16_f16_k16_param_0,
	.param .u64 f16_f16_k16_param_1,
	.param .u64 f16_f16_k16_param_2,
	.param .u64 f16_f16_k16_param_3
)
{
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f16_f16_k16_param_0];
	ld.param.u64 	%rd2, [f16_f16_k16_param_1];
	ld.param.u64 	%rd3, [f16_f16_k16_param_2];
	ld.param.u64 	%rd4, [f16_f16_k16_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r11, %tid.x;
	mul.wide.u32 	%rd9, %r11, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r3, [%rd10];
	ld.global.u32 	%r4, [%rd10+128];
	ld.global.u32 	%r5, [%rd10+256];
	ld.global.u32 	%r6, [%rd10+384];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r7, [%rd11];
	ld.global.u32 	%r8, [%rd11+128];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.u32 	%r9, [%rd12];
	ld.global.u32 	%r10, [%rd12+128];
	// begin inline asm
	mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r1,%r2}, {%r3,%r4,%r5,%r6}, {%r7,%r8}, {%r9,%r10};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.u32 	[%rd13], %r1;
	st.global.u32 	[%rd13+128], %r2;
	ret;

}
	// .globl	f32_f16_k8
.visible .entry f32_f16_k8(
	.param .u64 f32_f16_k8_param_0,
	.param .u64 f32_f16_k8_param_1,
	.param .u64 f32_f16_k8_param_2,
	.param .u64 f32_f16_k8_param_3
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f32_f16_k8_param_0];
	ld.param.u64 	%rd2, [f32_f16_k8_param_1];
	ld.param.u64 	%rd3, [f32_f16_k8_param_2];
	ld.param.u64 	%rd4, [f32_f16_k8_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r4, %tid.x;
	mul.wide.u32 	%rd9, %r4, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r1, [%rd10];
	ld.global.u32 	%r2, [%rd10+128];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r3, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.f32 	%f5, [%rd12];
	ld.global.f32 	%f6, [%rd12+128];
	ld.global.f32 	%f7, [%rd12+256];
	ld.global.f32 	%f8, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.f32 	[%rd13], %f1;
	st.global.f32 	[%rd13+128], %f2;
	st.global.f32 	[%rd13+256], %f3;
	st.global.f32 	[%rd13+384], %f4;
	ret;

}
	// .globl	f16_f16_k8
.visible .entry f16_f16_k8(
	.param .u64 f16_f16_k8_param_0,
	.param .u64 f16_f16_k8_param_1,
	.param .u64 f16_f16_k8_param_2,
	.param .u64 f16_f16_k8_param_3
)
{
	.reg .b32 	%r<9>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f16_f16_k8_param_0];
	ld.param.u64 	%rd2, [f16_f16_k8_param_1];
	ld.param.u64 	%rd3, [f16_f16_k8_param_2];
	ld.param.u64 	%rd4, [f16_f16_k8_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r8, %tid.x;
	mul.wide.u32 	%rd9, %r8, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r3, [%rd10];
	ld.global.u32 	%r4, [%rd10+128];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r5, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.u32 	%r6, [%rd12];
	ld.global.u32 	%r7, [%rd12+128];
	// begin inline asm
	mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%r1,%r2}, {%r3,%r4}, {%r5}, {%r6,%r7};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.u32 	[%rd13], %r1;
	st.global.u32 	[%rd13+128], %r2;
	ret;

}
	// .globl	f32_bf16_k16
.visible .entry f32_bf16_k16(
	.param .u64 f32_bf16_k16_param_0,
	.param .u64 f32_bf16_k16_param_1,
	.param .u64 f32_bf16_k16_param_2,
	.param .u64 f32_bf16_k16_param_3
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f32_bf16_k16_param_0];
	ld.param.u64 	%rd2, [f32_bf16_k16_param_1];
	ld.param.u64 	%rd3, [f32_bf16_k16_param_2];
	ld.param.u64 	%rd4, [f32_bf16_k16_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r7, %tid.x;
	mul.wide.u32 	%rd9, %r7, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r1, [%rd10];
	ld.global.u32 	%r2, [%rd10+128];
	ld.global.u32 	%r3, [%rd10+256];
	ld.global.u32 	%r4, [%rd10+384];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r5, [%rd11];
	ld.global.u32 	%r6, [%rd11+128];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.f32 	%f5, [%rd12];
	ld.global.f32 	%f6, [%rd12+128];
	ld.global.f32 	%f7, [%rd12+256];
	ld.global.f32 	%f8, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.f32 	[%rd13], %f1;
	st.global.f32 	[%rd13+128], %f2;
	st.global.f32 	[%rd13+256], %f3;
	st.global.f32 	[%rd13+384], %f4;
	ret;

}
	// .globl	f32_tf32_k8
.visible .entry f32_tf32_k8(
	.param .u64 f32_tf32_k8_param_0,
	.param .u64 f32_tf32_k8_param_1,
	.param .u64 f32_tf32_k8_param_2,
	.param .u64 f32_tf32_k8_param_3
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f32_tf32_k8_param_0];
	ld.param.u64 	%rd2, [f32_tf32_k8_param_1];
	ld.param.u64 	%rd3, [f32_tf32_k8_param_2];
	ld.param.u64 	%rd4, [f32_tf32_k8_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r7, %tid.x;
	mul.wide.u32 	%rd9, %r7, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r1, [%rd10];
	ld.global.u32 	%r2, [%rd10+128];
	ld.global.u32 	%r3, [%rd10+256];
	ld.global.u32 	%r4, [%rd10+384];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r5, [%rd11];
	ld.global.u32 	%r6, [%rd11+128];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.f32 	%f5, [%rd12];
	ld.global.f32 	%f6, [%rd12+128];
	ld.global.f32 	%f7, [%rd12+256];
	ld.global.f32 	%f8, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.f32 	[%rd13], %f1;
	st.global.f32 	[%rd13+128], %f2;
	st.global.f32 	[%rd13+256], %f3;
	st.global.f32 	[%rd13+384], %f4;
	ret;

}
	// .globl	s32_s8_k32
.visible .entry s32_s8_k32(
	.param .u64 s32_s8_k32_param_0,
	.param .u64 s32_s8_k32_param_1,
	.param .u64 s32_s8_k32_param_2,
	.param .u64 s32_s8_k32_param_3
)
{
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [s32_s8_k32_param_0];
	ld.param.u64 	%rd2, [s32_s8_k32_param_1];
	ld.param.u64 	%rd3, [s32_s8_k32_param_2];
	ld.param.u64 	%rd4, [s32_s8_k32_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r15, %tid.x;
	mul.wide.u32 	%rd9, %r15, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r5, [%rd10];
	ld.global.u32 	%r6, [%rd10+128];
	ld.global.u32 	%r7, [%rd10+256];
	ld.global.u32 	%r8, [%rd10+384];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r9, [%rd11];
	ld.global.u32 	%r10, [%rd11+128];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.u32 	%r11, [%rd12];
	ld.global.u32 	%r12, [%rd12+128];
	ld.global.u32 	%r13, [%rd12+256];
	ld.global.u32 	%r14, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1,%r2,%r3,%r4}, {%r5,%r6,%r7,%r8}, {%r9,%r10}, {%r11,%r12,%r13,%r14};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.u32 	[%rd13], %r1;
	st.global.u32 	[%rd13+128], %r2;
	st.global.u32 	[%rd13+256], %r3;
	st.global.u32 	[%rd13+384], %r4;
	ret;

}
	// .globl	s32_u8_k32_sat
.visible .entry s32_u8_k32_sat(
	.param .u64 s32_u8_k32_sat_param_0,
	.param .u64 s32_u8_k32_sat_param_1,
	.param .u64 s32_u8_k32_sat_param_2,
	.param .u64 s32_u8_k32_sat_param_3
)
{
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [s32_u8_k32_sat_param_0];
	ld.param.u64 	%rd2, [s32_u8_k32_sat_param_1];
	ld.param.u64 	%rd3, [s32_u8_k32_sat_param_2];
	ld.param.u64 	%rd4, [s32_u8_k32_sat_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r15, %tid.x;
	mul.wide.u32 	%rd9, %r15, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r5, [%rd10];
	ld.global.u32 	%r6, [%rd10+128];
	ld.global.u32 	%r7, [%rd10+256];
	ld.global.u32 	%r8, [%rd10+384];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r9, [%rd11];
	ld.global.u32 	%r10, [%rd11+128];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.u32 	%r11, [%rd12];
	ld.global.u32 	%r12, [%rd12+128];
	ld.global.u32 	%r13, [%rd12+256];
	ld.global.u32 	%r14, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32 {%r1,%r2,%r3,%r4}, {%r5,%r6,%r7,%r8}, {%r9,%r10}, {%r11,%r12,%r13,%r14};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.u32 	[%rd13], %r1;
	st.global.u32 	[%rd13+128], %r2;
	st.global.u32 	[%rd13+256], %r3;
	st.global.u32 	[%rd13+384], %r4;
	ret;

}
	// .globl	f64_k4
.visible .entry f64_k4(
	.param .u64 f64_k4_param_0,
	.param .u64 f64_k4_param_1,
	.param .u64 f64_k4_param_2,
	.param .u64 f64_k4_param_3
)
{
	.reg .b32 	%r<2>;
	.reg .f64 	%fd<7>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f64_k4_param_0];
	ld.param.u64 	%rd2, [f64_k4_param_1];
	ld.param.u64 	%rd3, [f64_k4_param_2];
	ld.param.u64 	%rd4, [f64_k4_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd9, %r1, 8;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.f64 	%fd3, [%rd10];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.f64 	%fd4, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.f64 	%fd5, [%rd12];
	ld.global.f64 	%fd6, [%rd12+256];
	// begin inline asm
	mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd1,%fd2}, {%fd3}, {%fd4}, {%fd5,%fd6};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.f64 	[%rd13], %fd1;
	st.global.f64 	[%rd13+256], %fd2;
	ret;

}
	// .globl	f32_tf32_k4
.visible .entry f32_tf32_k4(
	.param .u64 f32_tf32_k4_param_0,
	.param .u64 f32_tf32_k4_param_1,
	.param .u64 f32_tf32_k4_param_2,
	.param .u64 f32_tf32_k4_param_3
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f32_tf32_k4_param_0];
	ld.param.u64 	%rd2, [f32_tf32_k4_param_1];
	ld.param.u64 	%rd3, [f32_tf32_k4_param_2];
	ld.param.u64 	%rd4, [f32_tf32_k4_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r4, %tid.x;
	mul.wide.u32 	%rd9, %r4, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r1, [%rd10];
	ld.global.u32 	%r2, [%rd10+128];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r3, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.f32 	%f5, [%rd12];
	ld.global.f32 	%f6, [%rd12+128];
	ld.global.f32 	%f7, [%rd12+256];
	ld.global.f32 	%f8, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.f32 	[%rd13], %f1;
	st.global.f32 	[%rd13+128], %f2;
	st.global.f32 	[%rd13+256], %f3;
	st.global.f32 	[%rd13+384], %f4;
	ret;

}
	// .globl	f32_bf16_k8
.visible .entry f32_bf16_k8(
	.param .u64 f32_bf16_k8_param_0,
	.param .u64 f32_bf16_k8_param_1,
	.param .u64 f32_bf16_k8_param_2,
	.param .u64 f32_bf16_k8_param_3
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [f32_bf16_k8_param_0];
	ld.param.u64 	%rd2, [f32_bf16_k8_param_1];
	ld.param.u64 	%rd3, [f32_bf16_k8_param_2];
	ld.param.u64 	%rd4, [f32_bf16_k8_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r4, %tid.x;
	mul.wide.u32 	%rd9, %r4, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r1, [%rd10];
	ld.global.u32 	%r2, [%rd10+128];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r3, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.f32 	%f5, [%rd12];
	ld.global.f32 	%f6, [%rd12+128];
	ld.global.f32 	%f7, [%rd12+256];
	ld.global.f32 	%f8, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.f32 	[%rd13], %f1;
	st.global.f32 	[%rd13+128], %f2;
	st.global.f32 	[%rd13+256], %f3;
	st.global.f32 	[%rd13+384], %f4;
	ret;

}
	// .globl	s32_s8u8_k16
.visible .entry s32_s8u8_k16(
	.param .u64 s32_s8u8_k16_param_0,
	.param .u64 s32_s8u8_k16_param_1,
	.param .u64 s32_s8u8_k16_param_2,
	.param .u64 s32_s8u8_k16_param_3
)
{
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd1, [s32_s8u8_k16_param_0];
	ld.param.u64 	%rd2, [s32_s8u8_k16_param_1];
	ld.param.u64 	%rd3, [s32_s8u8_k16_param_2];
	ld.param.u64 	%rd4, [s32_s8u8_k16_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r12, %tid.x;
	mul.wide.u32 	%rd9, %r12, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r5, [%rd10];
	ld.global.u32 	%r6, [%rd10+128];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r7, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.u32 	%r8, [%rd12];
	ld.global.u32 	%r9, [%rd12+128];
	ld.global.u32 	%r10, [%rd12+256];
	ld.global.u32 	%r11, [%rd12+384];
	// begin inline asm
	mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32 {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%r7}, {%r8,%r9,%r10,%r11};
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.u32 	[%rd13], %r1;
	st.global.u32 	[%rd13+128], %r2;
	st.global.u32 	[%rd13+256], %r3;
	st.global.u32 	[%rd13+384], %r4;
	ret;

}

#endif // end of mma.ptx
