/* Atomics of many lanes to one address, which the translator combines
 * within a warp (one atomic operation a warp), in warps partly active: a
 * guard, a ragged last warp (blocks of 100 threads), a warp with one lane
 * left; and to the word of a thread's row (an address the translator
 * finds one only at run time, in blocks 32 wide, and not in blocks 16
 * wide).  The order of the threads' atomics is not defined, so the checks
 * hold for every order: the final value; and the old values the threads
 * got must chain into one serialization: sorted, each is the one before
 * it plus (or with, for atomicOr) that thread's operand -- for the float
 * adds with the rounding of each single add, computed here in C. */
#include "common.h"

#define N 4990
#define BLOCK 100
#define GRID ((N + BLOCK - 1) / BLOCK)

typedef struct Pair { double old, v; } Pair; /* exact for the u32, f32, f64 cases */
typedef struct Pair64 { uint64_t old, v; } Pair64;
static int by_old(const void *a, const void *b)
{
    double x = ((const Pair *)a)->old, y = ((const Pair *)b)->old;
    return (x > y) - (x < y);
}
static int by_old64(const void *a, const void *b)
{
    uint64_t x = ((const Pair64 *)a)->old, y = ((const Pair64 *)b)->old;
    return (x > y) - (x < y);
}
static int by_bits(const void *a, const void *b)
{
    int x = __builtin_popcount(*(const unsigned *)a), y = __builtin_popcount(*(const unsigned *)b);
    return (x > y) - (x < y);
}
/* 1-based index of the first break in the chain of k pairs sorted by old
 * (kind 0 integer add, 1 float add, 2 double add), 0 if none */
static int chain(Pair *p, int k, double init, double final, int kind)
{
    qsort(p, (size_t)k, sizeof *p, by_old);
    double cur = init;
    for (int j = 0; j < k; j++) {
        if (p[j].old != cur) return j + 1;
        cur = kind == 1 ? (double)((float)cur + (float)p[j].v) : cur + p[j].v;
    }
    return cur == final ? 0 : k + 1;
}
static void check_chain(const char *cas, Pair *p, int k, double init, double final, int kind)
{
    char m[120];
    int bad = chain(p, k, init, final, kind);
    snprintf(m, sizeof m, "the old values break the chain at %d of %d", bad, k);
    report(cas, bad != 0, m);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "atom_warp");
    int n = N;
    static unsigned v[N], old[N];
    static Pair pr[N];
    /* add32: atomicAdd with the result (a guard: v % 3 != 0), a count, atomicSub */
    for (int i = 0; i < n; i++) v[i] = lcg() % 1000, old[i] = 0;
    unsigned acc[3] = {0, 0, 0x12345678u}, e1 = 0, e2 = 0x12345678u;
    unsigned *pv = v, *pacc = acc, *pold = old;
    void *a32[] = {&n, &pv, &pacc, &pold};
    if (launch("add32", "add32", d3(GRID, 1, 1), d3(BLOCK, 1, 1), 0, a32)) {
        int k = 0;
        double e0 = 0;
        for (int i = 0; i < n; i++) {
            if (v[i] % 3 != 0) pr[k].old = old[i], pr[k].v = v[i], k++, e0 += v[i];
            e1++, e2 -= v[i];
        }
        unsigned got[2] = {acc[1], acc[2]}, exp[2] = {e1, e2};
        CHECK_INT("add32_count_sub", got, exp, 2);
        check_chain("add32_old", pr, k, 0, acc[0], 0);
        report("add32_sum", acc[0] != (unsigned)e0, "wrong sum");
    }
    /* add64: 34-bit operands (carries into the high word) */
    static uint64_t v64[N], old64[N];
    static Pair64 p64[N];
    for (int i = 0; i < n; i++) v64[i] = ((uint64_t)lcg() << 2 | (lcg() & 3)) + 1, old64[i] = 0;
    uint64_t acc64[2] = {0, 5}, s0 = 0, s1 = 5;
    uint64_t *pv64 = v64, *pacc64 = acc64, *pold64 = old64;
    void *a64[] = {&n, &pv64, &pacc64, &pold64};
    if (launch("add64", "add64", d3(GRID, 1, 1), d3(BLOCK, 1, 1), 0, a64)) {
        int k = 0, bad = 0;
        for (int i = 0; i < n; i++) {
            if (i % 5 != 2) p64[k].old = old64[i], p64[k].v = v64[i], k++, s0 += v64[i];
            s1 += v64[i];
        }
        qsort(p64, (size_t)k, sizeof *p64, by_old64);
        uint64_t cur = 0;
        for (int j = 0; j < k && !bad; j++) {
            if (p64[j].old != cur) bad = j + 1;
            cur += p64[j].v;
        }
        uint64_t got[2] = {acc64[0], acc64[1]}, exp[2] = {s0, s1};
        CHECK_INT("add64_sums", got, exp, 2);
        report("add64_old", bad || cur != acc64[0], "the old values do not chain");
    }
    /* bits: and, or, xor, min, max (32 and 64 bits) to one word each */
    for (int i = 0; i < n; i++) v[i] = lcg(), old[i] = 0;
    unsigned b[12] = {0xffffffffu, 0, 0x0badf00du, 0x7fffffff, 0x80000000u, 0xffffffffu, 0, 0,
                      0xffffffffu, 0x7fffffff, 0, 0};
    unsigned eb[12];
    memcpy(eb, b, sizeof b);
    int64_t emin = INT64_MAX;
    uint64_t emax = 0;
    for (int i = 0; i < n; i++) {
        unsigned x = v[i];
        eb[0] &= x | 0x00ff0000u, eb[1] |= x & 0x0f0f0f0fu, eb[2] ^= x;
        if ((int)x < (int)eb[3]) eb[3] = x;
        if ((int)x > (int)eb[4]) eb[4] = x;
        if (x < eb[5]) eb[5] = x;
        if (x > eb[6]) eb[6] = x;
        eb[7] |= 1u << (x % 32);
        if ((int64_t)(int)x * 3 < emin) emin = (int64_t)(int)x * 3;
        if ((uint64_t)x << 20 > emax) emax = (uint64_t)x << 20;
    }
    memcpy(&eb[8], &emin, 8), memcpy(&eb[10], &emax, 8);
    unsigned *pb = b;
    void *ab[] = {&n, &pv, &pb, &pold};
    if (launch("bits", "bits", d3(GRID, 1, 1), d3(BLOCK, 1, 1), 0, ab)) {
        CHECK_INT("bits_final", b, eb, 12);
        /* atomicOr's old values: each thread whose bit was clear is the
         * first of its bit; they all lie inside one another */
        int first = 0, distinct = __builtin_popcount(eb[7]), nested = 0;
        for (int i = 0; i < n; i++) {
            if (!(old[i] >> (v[i] % 32) & 1)) first++;
            if ((old[i] | b[7]) != b[7]) nested++;
        }
        qsort(old, (size_t)n, sizeof *old, by_bits);
        for (int i = 1; i < n; i++)
            if ((old[i - 1] & old[i]) != old[i - 1]) nested++;
        char m[100];
        snprintf(m, sizeof m, "%d threads first to set their bit, %d bits", first, distinct);
        report("or_old_first", first != distinct, m);
        report("or_old_nested", nested, "old values not inside one another");
    }
    /* one_lane: lane 7 of each warp alone (the others returned) */
    for (int i = 0; i < n; i++) v[i] = lcg() % 1000 + 1, old[i] = 0;
    unsigned acc1[2] = {0, 0};
    unsigned *pacc1 = acc1;
    void *a1[] = {&n, &pv, &pacc1, &pold};
    if (launch("one_lane", "one_lane", d3(GRID, 1, 1), d3(BLOCK, 1, 1), 0, a1)) {
        int k = 0;
        unsigned e = 0;
        for (int i = 0; i < n; i++)
            if (i % BLOCK % 32 == 7) pr[k].old = old[i], pr[k].v = v[i], k++, e += v[i];
        report("one_lane_sum", acc1[1] != e, "wrong sum");
        check_chain("one_lane_old", pr, k, 0, acc1[0], 0);
    }
    /* add_f32: operands in [1, 2), no sum exact in every order: the old
     * values chain with the rounding of each add; integer weights (exact
     * in any order) for the second word */
    static float fv[N], fw[N], fold_[N];
    float fsum = 0;
    for (int i = 0; i < n; i++) {
        fv[i] = 1.0f + (float)(lcg() >> 8) * 0x1p-24f, fw[i] = (float)(lcg() % 16), fold_[i] = -1;
        fsum += fw[i];
    }
    float facc[2] = {0, 0.5f};
    float *pfv = fv, *pfw = fw, *pfacc = facc, *pfold = fold_;
    void *af[] = {&n, &pfv, &pfw, &pfacc, &pfold};
    if (launch("add_f32", "add_f32", d3(GRID, 1, 1), d3(BLOCK, 1, 1), 0, af)) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (i % 7 != 3) pr[k].old = fold_[i], pr[k].v = fv[i], k++;
        check_chain("add_f32_old", pr, k, 0, facc[0], 1);
        float e = 0.5f + fsum;
        CHECK_EXACT("add_f32_weights", &facc[1], &e, 1);
    }
    /* add_f64: operands in [1, 2) with 52-bit fractions */
    static double dv[N], dold[N];
    for (int i = 0; i < n; i++)
        dv[i] = 1.0 + (double)((uint64_t)lcg() << 20 ^ lcg()) * 0x1p-52, dold[i] = -1;
    double dacc[1] = {0};
    double *pdv = dv, *pdacc = dacc, *pdold = dold;
    void *ad[] = {&n, &pdv, &pdacc, &pdold};
    if (launch("add_f64", "add_f64", d3(GRID, 1, 1), d3(BLOCK, 1, 1), 0, ad)) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (i % 4 != 1) pr[k].old = dold[i], pr[k].v = dv[i], k++;
        check_chain("add_f64_old", pr, k, 0, dacc[0], 2);
    }
    /* rows: atomicAdd to the word of the thread's row, blocks 32x4 (one
     * address a warp at run time) and 16x8 (two) */
    static float rf[N], rfold[N];
    for (int i = 0; i < n; i++)
        v[i] = lcg() % 1000 + 1, rf[i] = 1.0f + (float)(lcg() >> 8) * 0x1p-24f;
    for (int shape = 0; shape < 2; shape++) {
        unsigned bx = shape ? 16 : 32, by = shape ? 8 : 4, racc[8] = {0};
        float rfacc[8] = {0};
        unsigned *pracc = racc;
        float *prf = rf, *prfacc = rfacc, *prfold = rfold;
        void *ar[] = {&n, &pv, &pracc, &pold, &prf, &prfacc, &prfold};
        const char *cas = shape ? "rows16" : "rows32";
        if (!launch(cas, "rows", d3((n + 127) / 128, 1, 1), d3(bx, by, 1), 0, ar))
            continue;
        for (unsigned y = 0; y < by; y++) {
            int k = 0, kf = 0;
            static Pair pf[N];
            for (int i = 0; i < n; i++)
                if ((unsigned)i / bx % by == y) {
                    pr[k].old = old[i], pr[k].v = v[i], k++;
                    pf[kf].old = rfold[i], pf[kf].v = rf[i], kf++;
                }
            char c1[40], c2[40];
            snprintf(c1, sizeof c1, "%s_row%u_u32", cas, y);
            snprintf(c2, sizeof c2, "%s_row%u_f32", cas, y);
            check_chain(c1, pr, k, 0, racc[y], 0);
            check_chain(c2, pf, kf, 0, rfacc[y], 1);
        }
    }
    return finish();
}
#if 0 // test-file atom_warp.cu
// Atomics of many lanes to one address (the lanes combined within the
// warp), in warps that are partly active: a guard, a ragged last warp, a
// warp with one lane left.
extern "C" __global__ void add32(int n, const unsigned *v, unsigned *acc, unsigned *old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (v[i] % 3 != 0)
        old[i] = atomicAdd(&acc[0], v[i]);
    atomicAdd(&acc[1], 1u);
    atomicSub(&acc[2], v[i]);
}
extern "C" __global__ void add64(int n, const unsigned long long *v, unsigned long long *acc,
                                 unsigned long long *old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (i % 5 != 2)
        old[i] = atomicAdd(&acc[0], v[i]);
    atomicAdd(&acc[1], v[i]);
}
extern "C" __global__ void bits(int n, const unsigned *v, unsigned *acc, unsigned *old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = v[i];
    atomicAnd(&acc[0], x | 0x00ff0000u);
    atomicOr(&acc[1], x & 0x0f0f0f0fu);
    atomicXor(&acc[2], x);
    atomicMin((int *)&acc[3], (int)x);
    atomicMax((int *)&acc[4], (int)x);
    atomicMin(&acc[5], x);
    atomicMax(&acc[6], x);
    old[i] = atomicOr(&acc[7], 1u << (x % 32));
    atomicMin((long long *)&acc[8], (long long)(int)x * 3);
    atomicMax((unsigned long long *)&acc[10], (unsigned long long)x << 20);
}
extern "C" __global__ void one_lane(int n, const unsigned *v, unsigned *acc, unsigned *old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || threadIdx.x % 32 != 7) return;
    old[i] = atomicAdd(&acc[0], v[i]);
    atomicAdd(&acc[1], v[i]);
}
extern "C" __global__ void add_f32(int n, const float *v, const float *w, float *acc, float *old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (i % 7 != 3)
        old[i] = atomicAdd(&acc[0], v[i]);
    atomicAdd(&acc[1], w[i]);
}
extern "C" __global__ void add_f64(int n, const double *v, double *acc, double *old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (i % 4 != 1)
        old[i] = atomicAdd(&acc[0], v[i]);
}
// The row's word: varying by analysis; one address for the whole warp
// when the block is 32 threads wide, two when it is 16.
extern "C" __global__ void rows(int n, const unsigned *v, unsigned *acc, unsigned *old,
                                const float *fv, float *facc, float *fold)
{
    int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    if (i >= n) return;
    old[i] = atomicAdd(&acc[threadIdx.y], v[i]);
    fold[i] = atomicAdd(&facc[threadIdx.y], fv[i]);
}
#endif // end of atom_warp.cu
#if 0 // test-file atom_warp.ptx
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

	// .globl	add32

.visible .entry add32(
	.param .u32 add32_param_0,
	.param .u64 add32_param_1,
	.param .u64 add32_param_2,
	.param .u64 add32_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<15>;
	.reg .b64 	%rd<16>;


	ld.param.u32 	%r3, [add32_param_0];
	ld.param.u64 	%rd4, [add32_param_1];
	ld.param.u64 	%rd6, [add32_param_2];
	ld.param.u64 	%rd5, [add32_param_3];
	cvta.to.global.u64 	%rd1, %rd6;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %ctaid.x;
	mov.u32 	%r6, %tid.x;
	mad.lo.s32 	%r1, %r5, %r4, %r6;
	setp.ge.s32 	%p1, %r1, %r3;
	@%p1 bra 	$L__BB0_4;

	cvta.to.global.u64 	%rd7, %rd4;
	cvt.s64.s32 	%rd2, %r1;
	mul.wide.s32 	%rd8, %r1, 4;
	add.s64 	%rd3, %rd7, %rd8;
	ld.global.u32 	%r2, [%rd3];
	mul.wide.u32 	%rd9, %r2, -1431655765;
	shr.u64 	%rd10, %rd9, 33;
	cvt.u32.u64 	%r7, %rd10;
	mul.lo.s32 	%r8, %r7, 3;
	sub.s32 	%r9, %r2, %r8;
	setp.eq.s32 	%p2, %r9, 0;
	@%p2 bra 	$L__BB0_3;

	atom.global.add.u32 	%r10, [%rd1], %r2;
	cvta.to.global.u64 	%rd11, %rd5;
	shl.b64 	%rd12, %rd2, 2;
	add.s64 	%rd13, %rd11, %rd12;
	st.global.u32 	[%rd13], %r10;

$L__BB0_3:
	add.s64 	%rd14, %rd1, 4;
	atom.global.add.u32 	%r11, [%rd14], 1;
	ld.global.u32 	%r12, [%rd3];
	neg.s32 	%r13, %r12;
	add.s64 	%rd15, %rd1, 8;
	atom.global.add.u32 	%r14, [%rd15], %r13;

$L__BB0_4:
	ret;

}
	// .globl	add64
.visible .entry add64(
	.param .u32 add64_param_0,
	.param .u64 add64_param_1,
	.param .u64 add64_param_2,
	.param .u64 add64_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<17>;


	ld.param.u32 	%r2, [add64_param_0];
	ld.param.u64 	%rd4, [add64_param_1];
	ld.param.u64 	%rd6, [add64_param_2];
	ld.param.u64 	%rd5, [add64_param_3];
	cvta.to.global.u64 	%rd1, %rd6;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB1_4;

	cvta.to.global.u64 	%rd7, %rd4;
	mul.hi.s32 	%r6, %r1, 1717986919;
	shr.u32 	%r7, %r6, 31;
	shr.s32 	%r8, %r6, 1;
	add.s32 	%r9, %r8, %r7;
	mul.lo.s32 	%r10, %r9, 5;
	sub.s32 	%r11, %r1, %r10;
	setp.eq.s32 	%p2, %r11, 2;
	cvt.s64.s32 	%rd2, %r1;
	mul.wide.s32 	%rd8, %r1, 8;
	add.s64 	%rd3, %rd7, %rd8;
	@%p2 bra 	$L__BB1_3;

	ld.global.u64 	%rd9, [%rd3];
	atom.global.add.u64 	%rd10, [%rd1], %rd9;
	cvta.to.global.u64 	%rd11, %rd5;
	shl.b64 	%rd12, %rd2, 3;
	add.s64 	%rd13, %rd11, %rd12;
	st.global.u64 	[%rd13], %rd10;

$L__BB1_3:
	add.s64 	%rd14, %rd1, 8;
	ld.global.u64 	%rd15, [%rd3];
	atom.global.add.u64 	%rd16, [%rd14], %rd15;

$L__BB1_4:
	ret;

}
	// .globl	bits
.visible .entry bits(
	.param .u32 bits_param_0,
	.param .u64 bits_param_1,
	.param .u64 bits_param_2,
	.param .u64 bits_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<23>;


	ld.param.u32 	%r2, [bits_param_0];
	ld.param.u64 	%rd1, [bits_param_1];
	ld.param.u64 	%rd2, [bits_param_2];
	ld.param.u64 	%rd3, [bits_param_3];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB2_2;

	cvta.to.global.u64 	%rd4, %rd2;
	cvta.to.global.u64 	%rd5, %rd1;
	mul.wide.s32 	%rd6, %r1, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u32 	%r6, [%rd7];
	or.b32  	%r7, %r6, 16711680;
	atom.global.and.b32 	%r8, [%rd4], %r7;
	and.b32  	%r9, %r6, 252645135;
	add.s64 	%rd8, %rd4, 4;
	atom.global.or.b32 	%r10, [%rd8], %r9;
	add.s64 	%rd9, %rd4, 8;
	atom.global.xor.b32 	%r11, [%rd9], %r6;
	add.s64 	%rd10, %rd4, 12;
	atom.global.min.s32 	%r12, [%rd10], %r6;
	add.s64 	%rd11, %rd4, 16;
	atom.global.max.s32 	%r13, [%rd11], %r6;
	add.s64 	%rd12, %rd4, 20;
	atom.global.min.u32 	%r14, [%rd12], %r6;
	add.s64 	%rd13, %rd4, 24;
	atom.global.max.u32 	%r15, [%rd13], %r6;
	and.b32  	%r16, %r6, 31;
	mov.u32 	%r17, 1;
	shl.b32 	%r18, %r17, %r16;
	add.s64 	%rd14, %rd4, 28;
	atom.global.or.b32 	%r19, [%rd14], %r18;
	cvta.to.global.u64 	%rd15, %rd3;
	add.s64 	%rd16, %rd15, %rd6;
	st.global.u32 	[%rd16], %r19;
	add.s64 	%rd17, %rd4, 32;
	mul.wide.s32 	%rd18, %r6, 3;
	atom.global.min.s64 	%rd19, [%rd17], %rd18;
	add.s64 	%rd20, %rd4, 40;
	mul.wide.u32 	%rd21, %r6, 1048576;
	atom.global.max.u64 	%rd22, [%rd20], %rd21;

$L__BB2_2:
	ret;

}
	// .globl	one_lane
.visible .entry one_lane(
	.param .u32 one_lane_param_0,
	.param .u64 one_lane_param_1,
	.param .u64 one_lane_param_2,
	.param .u64 one_lane_param_3
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<11>;
	.reg .b64 	%rd<11>;


	ld.param.u32 	%r2, [one_lane_param_0];
	ld.param.u64 	%rd1, [one_lane_param_1];
	ld.param.u64 	%rd2, [one_lane_param_2];
	ld.param.u64 	%rd3, [one_lane_param_3];
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	and.b32  	%r6, %r5, 31;
	setp.ne.s32 	%p2, %r6, 7;
	or.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB3_2;

	cvta.to.global.u64 	%rd4, %rd2;
	cvta.to.global.u64 	%rd5, %rd1;
	mul.wide.s32 	%rd6, %r1, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u32 	%r7, [%rd7];
	atom.global.add.u32 	%r8, [%rd4], %r7;
	cvta.to.global.u64 	%rd8, %rd3;
	add.s64 	%rd9, %rd8, %rd6;
	st.global.u32 	[%rd9], %r8;
	ld.global.u32 	%r9, [%rd7];
	add.s64 	%rd10, %rd4, 4;
	atom.global.add.u32 	%r10, [%rd10], %r9;

$L__BB3_2:
	ret;

}
	// .globl	add_f32
.visible .entry add_f32(
	.param .u32 add_f32_param_0,
	.param .u64 add_f32_param_1,
	.param .u64 add_f32_param_2,
	.param .u64 add_f32_param_3,
	.param .u64 add_f32_param_4
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<5>;
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<16>;


	ld.param.u32 	%r2, [add_f32_param_0];
	ld.param.u64 	%rd3, [add_f32_param_1];
	ld.param.u64 	%rd4, [add_f32_param_2];
	ld.param.u64 	%rd6, [add_f32_param_3];
	ld.param.u64 	%rd5, [add_f32_param_4];
	cvta.to.global.u64 	%rd1, %rd6;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB4_4;

	mul.hi.s32 	%r6, %r1, -1840700269;
	add.s32 	%r7, %r6, %r1;
	shr.u32 	%r8, %r7, 31;
	shr.s32 	%r9, %r7, 2;
	add.s32 	%r10, %r9, %r8;
	mul.lo.s32 	%r11, %r10, 7;
	sub.s32 	%r12, %r1, %r11;
	setp.eq.s32 	%p2, %r12, 3;
	cvt.s64.s32 	%rd2, %r1;
	@%p2 bra 	$L__BB4_3;

	cvta.to.global.u64 	%rd7, %rd3;
	shl.b64 	%rd8, %rd2, 2;
	add.s64 	%rd9, %rd7, %rd8;
	ld.global.f32 	%f1, [%rd9];
	atom.global.add.f32 	%f2, [%rd1], %f1;
	cvta.to.global.u64 	%rd10, %rd5;
	add.s64 	%rd11, %rd10, %rd8;
	st.global.f32 	[%rd11], %f2;

$L__BB4_3:
	add.s64 	%rd12, %rd1, 4;
	cvta.to.global.u64 	%rd13, %rd4;
	shl.b64 	%rd14, %rd2, 2;
	add.s64 	%rd15, %rd13, %rd14;
	ld.global.f32 	%f3, [%rd15];
	atom.global.add.f32 	%f4, [%rd12], %f3;

$L__BB4_4:
	ret;

}
	// .globl	add_f64
.visible .entry add_f64(
	.param .u32 add_f64_param_0,
	.param .u64 add_f64_param_1,
	.param .u64 add_f64_param_2,
	.param .u64 add_f64_param_3
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<11>;
	.reg .f64 	%fd<3>;
	.reg .b64 	%rd<10>;


	ld.param.u32 	%r2, [add_f64_param_0];
	ld.param.u64 	%rd1, [add_f64_param_1];
	ld.param.u64 	%rd2, [add_f64_param_2];
	ld.param.u64 	%rd3, [add_f64_param_3];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	shr.s32 	%r6, %r1, 31;
	shr.u32 	%r7, %r6, 30;
	add.s32 	%r8, %r1, %r7;
	and.b32  	%r9, %r8, -4;
	sub.s32 	%r10, %r1, %r9;
	setp.eq.s32 	%p2, %r10, 1;
	or.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB5_2;

	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 8;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f64 	%fd1, [%rd6];
	cvta.to.global.u64 	%rd7, %rd2;
	atom.global.add.f64 	%fd2, [%rd7], %fd1;
	cvta.to.global.u64 	%rd8, %rd3;
	add.s64 	%rd9, %rd8, %rd5;
	st.global.f64 	[%rd9], %fd2;

$L__BB5_2:
	ret;

}
	// .globl	rows
.visible .entry rows(
	.param .u32 rows_param_0,
	.param .u64 rows_param_1,
	.param .u64 rows_param_2,
	.param .u64 rows_param_3,
	.param .u64 rows_param_4,
	.param .u64 rows_param_5,
	.param .u64 rows_param_6
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<3>;
	.reg .b32 	%r<11>;
	.reg .b64 	%rd<21>;


	ld.param.u32 	%r3, [rows_param_0];
	ld.param.u64 	%rd1, [rows_param_1];
	ld.param.u64 	%rd2, [rows_param_2];
	ld.param.u64 	%rd3, [rows_param_3];
	ld.param.u64 	%rd4, [rows_param_4];
	ld.param.u64 	%rd5, [rows_param_5];
	ld.param.u64 	%rd6, [rows_param_6];
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.y;
	mov.u32 	%r1, %tid.y;
	mad.lo.s32 	%r6, %r4, %r5, %r1;
	mov.u32 	%r7, %ntid.x;
	mov.u32 	%r8, %tid.x;
	mad.lo.s32 	%r2, %r6, %r7, %r8;
	setp.ge.s32 	%p1, %r2, %r3;
	@%p1 bra 	$L__BB6_2;

	cvta.to.global.u64 	%rd7, %rd1;
	cvta.to.global.u64 	%rd8, %rd2;
	mul.wide.u32 	%rd9, %r1, 4;
	add.s64 	%rd10, %rd8, %rd9;
	mul.wide.s32 	%rd11, %r2, 4;
	add.s64 	%rd12, %rd7, %rd11;
	ld.global.u32 	%r9, [%rd12];
	atom.global.add.u32 	%r10, [%rd10], %r9;
	cvta.to.global.u64 	%rd13, %rd3;
	add.s64 	%rd14, %rd13, %rd11;
	st.global.u32 	[%rd14], %r10;
	cvta.to.global.u64 	%rd15, %rd5;
	add.s64 	%rd16, %rd15, %rd9;
	cvta.to.global.u64 	%rd17, %rd4;
	add.s64 	%rd18, %rd17, %rd11;
	ld.global.f32 	%f1, [%rd18];
	atom.global.add.f32 	%f2, [%rd16], %f1;
	cvta.to.global.u64 	%rd19, %rd6;
	add.s64 	%rd20, %rd19, %rd11;
	st.global.f32 	[%rd20], %f2;

$L__BB6_2:
	ret;

}

#endif // end of atom_warp.ptx
