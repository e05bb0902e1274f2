/* Divergent loops that a warp may run with one lane (oneloop.c: their
 * scalar copy): a graph step in the shape of bfs (claim, a loop that ends
 * the kernel), a row walk whose values live on after its loop (rowsum)
 * and a loop of integer and float steps (mix).  The frontiers mix warps
 * with one lane in the loop, a few, a full warp, rows of 0 to 10 edges
 * (warps whose loop keeps one lane for its last rounds), and a part-full
 * last warp.  The expected values are
 * computed here from the CUDA source's meaning. */
#include "common.h"

enum { N = 1000, MAXDEG = 10, BLOCK = 128 };

static int row[N + 1], col[N * MAXDEG], val[N];

static void
graph(void)
{
    row[0] = 0;
    for (int v = 0; v < N; v++) {
        int deg = (v * 7 + v / 32) % (MAXDEG + 1);
        for (int e = 0; e < deg; e++)
            col[row[v] + e] = (int)(lcg() % N);
        row[v + 1] = row[v] + deg;
        val[v] = (int)(lcg() % 2001) - 1000;
    }
}

static unsigned
brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    return r;
}

/* the frontier of case k: which nodes are at the level */
static int
in_frontier(int k, int v)
{
    int w = v / 32, l = v % 32;
    switch (k) {
    case 0: return v % 97 == 5;                         /* one lane a warp, or none */
    case 1: return w == 3 || (w == 5 && (l == 0 || l == 31)) || v % 61 == 7; /* full, two, one */
    default: return 1;                                  /* every node */
    }
}

int main(int argc, char **argv)
{
    setup(argc, argv, "oneloop");
    graph();
    int level = 4;
    for (int k = 0; k < 3; k++) {
        int mark[N], want[N], flag = 0, wflag = 0;
        for (int v = 0; v < N; v++)
            mark[v] = in_frontier(k, v) ? level : v % 5 == 0 ? level - 1 : -1;
        memcpy(want, mark, sizeof want);
        for (int v = 0; v < N; v++)
            if (mark[v] == level)
                for (int e = row[v]; e < row[v + 1]; e++)
                    if (want[col[e]] == -1)
                        want[col[e]] = level + 1, wflag = 1;
        int n = N, *pr = row, *pc = col, *pm = mark, *pf = &flag;
        void *p[] = {&n, &pr, &pc, &pm, &level, &pf};
        char cas[32];
        snprintf(cas, sizeof cas, "claim%d", k);
        if (launch(cas, "claim", d3((N + BLOCK - 1) / BLOCK, 1, 1), d3(BLOCK, 1, 1), 0, p)) {
            CHECK_INT(cas, mark, want, N);
            snprintf(cas, sizeof cas, "claim%d_flag", k);
            CHECK_INT(cas, &flag, &wflag, 1);
        }
    }
    /* rowsum over the first n nodes: n = 1000 (a part-full last warp), 33
     * (a second warp of one lane) */
    int ns[] = {N, 33};
    for (int k = 0; k < 2; k++) {
        int n = ns[k];
        int sum[N], odd[N], last[N], ws[N], wo[N], wl[N];
        for (int v = 0; v < N; v++) {
            sum[v] = odd[v] = last[v] = ws[v] = wo[v] = wl[v] = -7;
            if (v >= n)
                continue;
            int s = 0, o = 0, l = -1;
            for (int e = row[v]; e < row[v + 1]; e++) {
                int x = val[col[e]];
                s += x * (e - row[v] + 1);
                o += x & 1;
                l = x;
            }
            ws[v] = s + v, wo[v] = o, wl[v] = l;
        }
        int *pr = row, *pc = col, *pv = val, *ps = sum, *po = odd, *pl = last;
        void *p[] = {&n, &pr, &pc, &pv, &ps, &po, &pl};
        char cas[32];
        snprintf(cas, sizeof cas, "rowsum_n%d", n);
        p2n_dim3 grid = d3((unsigned)(n + BLOCK - 1) / BLOCK, 1, 1);
        if (launch(cas, "rowsum", grid, d3(BLOCK, 1, 1), 0, p)) {
            CHECK_INT(cas, sum, ws, N);
            snprintf(cas, sizeof cas, "rowsum_n%d_odd", n);
            CHECK_INT(cas, odd, wo, N);
            snprintf(cas, sizeof cas, "rowsum_n%d_last", n);
            CHECK_INT(cas, last, wl, N);
        }
    }
    /* mix: most lanes run 0 to 4 rounds, lane 7 of each warp 40 (one lane
     * in the loop for its last 36); every node a warp of its own at n = 3 */
    int ms[] = {N, 3};
    for (int k = 0; k < 2; k++) {
        int n = ms[k], len[N];
        unsigned seed[N], out[N], want[N];
        float fout[N], fwant[N];
        for (int v = 0; v < N; v++) {
            len[v] = v % 32 == 7 || n < 32 ? 40 : v % 5;
            seed[v] = lcg();
            out[v] = want[v] = 7u;
            fout[v] = fwant[v] = -7.0f;
            if (v >= n)
                continue;
            unsigned x = seed[v];
            float f = 1.0f;
            for (int i = 0; i < len[v]; i++) {
                unsigned d = (x & 15) + 1;
                x = x / d + x % d * 977u + (unsigned)__builtin_popcount(x) +
                    (unsigned)__builtin_clz(x | 1);
                x ^= brev(x) >> 3;
                x += (x >> 5) & 0x3f;
                f = sqrtf(fmaf(f, 1.5f, (float)(x & 255)));
            }
            want[v] = x, fwant[v] = f;
        }
        int *pl = len;
        unsigned *pz = seed, *po = out;
        float *pf = fout;
        void *p[] = {&n, &pl, &pz, &po, &pf};
        char cas[32];
        snprintf(cas, sizeof cas, "mix_n%d", n);
        p2n_dim3 grid = d3((unsigned)(n + BLOCK - 1) / BLOCK, 1, 1);
        if (launch(cas, "mix", grid, d3(BLOCK, 1, 1), 0, p)) {
            CHECK_INT(cas, (int *)out, (int *)want, N);
            snprintf(cas, sizeof cas, "mix_n%d_f", n);
            CHECK_EXACT(cas, fout, fwant, N);
        }
    }
    return finish();
}
#if 0 // test-file oneloop.cu
// A graph step in the shape of bfs: a thread of the frontier walks its
// CSR row, claims unmarked nodes with atomicCAS, raises a flag.
extern "C" __global__ void claim(int n, const int *row, const int *col, int *mark, int level,
                                 int *flag)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || mark[v] != level)
        return;
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (mark[u] == -1 && atomicCAS(&mark[u], -1, level + 1) == -1)
            *flag = 1;
    }
}

// A row walk whose values live on after the loop: a weighted sum of the
// neighbours' values, how many of them are odd, and the last one seen.
extern "C" __global__ void rowsum(int n, const int *row, const int *col, const int *val,
                                  int *sum, int *odd, int *last)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int s = 0, k = 0, l = -1;
#pragma unroll 1
    for (int e = row[v]; e < row[v + 1]; e++) {
        int x = val[col[e]];
        s += x * (e - row[v] + 1);
        if (x & 1)
            k++;
        l = x;
    }
    sum[v] = s + v;
    odd[v] = k;
    last[v] = l;
}

// A per-thread loop of integer and float steps (division, remainder, bit
// counts, bit reversal, a bit field, fmaf, sqrtf) whose trip count differs
// by lane; its results live on after the loop.
extern "C" __global__ void mix(int n, const int *len, const unsigned *seed, unsigned *out,
                               float *fout)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    unsigned x = seed[v];
    float f = 1.0f;
#pragma unroll 1
    for (int i = 0; i < len[v]; i++) {
        unsigned d = (x & 15) + 1;
        x = x / d + x % d * 977u + __popc(x) + __clz(x | 1);
        x ^= __brev(x) >> 3;
        x += (x >> 5) & 0x3f;
        f = sqrtf(fmaf(f, 1.5f, (float)(x & 255)));
    }
    out[v] = x;
    fout[v] = f;
}
#endif // end of oneloop.cu
#if 0 // test-file oneloop.ptx
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

	// .globl	claim

.visible .entry claim(
	.param .u32 claim_param_0,
	.param .u64 claim_param_1,
	.param .u64 claim_param_2,
	.param .u64 claim_param_3,
	.param .u32 claim_param_4,
	.param .u64 claim_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .b32 	%r<21>;
	.reg .b64 	%rd<21>;


	ld.param.u32 	%r7, [claim_param_0];
	ld.param.u64 	%rd9, [claim_param_1];
	ld.param.u64 	%rd10, [claim_param_2];
	ld.param.u64 	%rd12, [claim_param_3];
	ld.param.u32 	%r6, [claim_param_4];
	ld.param.u64 	%rd11, [claim_param_5];
	cvta.to.global.u64 	%rd1, %rd12;
	mov.u32 	%r8, %ntid.x;
	mov.u32 	%r9, %ctaid.x;
	mov.u32 	%r10, %tid.x;
	mad.lo.s32 	%r1, %r9, %r8, %r10;
	setp.ge.s32 	%p1, %r1, %r7;
	@%p1 bra 	$L__BB0_8;

	cvt.s64.s32 	%rd2, %r1;
	mul.wide.s32 	%rd13, %r1, 4;
	add.s64 	%rd14, %rd1, %rd13;
	ld.global.u32 	%r11, [%rd14];
	setp.ne.s32 	%p2, %r11, %r6;
	@%p2 bra 	$L__BB0_8;

	cvta.to.global.u64 	%rd15, %rd9;
	shl.b64 	%rd16, %rd2, 2;
	add.s64 	%rd3, %rd15, %rd16;
	ld.global.u32 	%r20, [%rd3];
	ld.global.u32 	%r12, [%rd3+4];
	setp.ge.s32 	%p3, %r20, %r12;
	@%p3 bra 	$L__BB0_8;

	cvta.to.global.u64 	%rd17, %rd10;
	mul.wide.s32 	%rd18, %r20, 4;
	add.s64 	%rd20, %rd17, %rd18;
	cvta.to.global.u64 	%rd5, %rd11;

$L__BB0_4:
	ld.global.u32 	%r13, [%rd20];
	mul.wide.s32 	%rd19, %r13, 4;
	add.s64 	%rd7, %rd1, %rd19;
	ld.global.u32 	%r14, [%rd7];
	setp.ne.s32 	%p4, %r14, -1;
	@%p4 bra 	$L__BB0_7;

	mov.u32 	%r15, -1;
	add.s32 	%r19, %r6, 1;
	atom.global.cas.b32 	%r16, [%rd7], %r15, %r19;
	setp.ne.s32 	%p5, %r16, -1;
	@%p5 bra 	$L__BB0_7;

	mov.u32 	%r17, 1;
	st.global.u32 	[%rd5], %r17;

$L__BB0_7:
	add.s32 	%r20, %r20, 1;
	add.s64 	%rd20, %rd20, 4;
	ld.global.u32 	%r18, [%rd3+4];
	setp.lt.s32 	%p6, %r20, %r18;
	@%p6 bra 	$L__BB0_4;

$L__BB0_8:
	ret;

}
	// .globl	rowsum
.visible .entry rowsum(
	.param .u32 rowsum_param_0,
	.param .u64 rowsum_param_1,
	.param .u64 rowsum_param_2,
	.param .u64 rowsum_param_3,
	.param .u64 rowsum_param_4,
	.param .u64 rowsum_param_5,
	.param .u64 rowsum_param_6
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<36>;
	.reg .b64 	%rd<24>;


	ld.param.u32 	%r16, [rowsum_param_0];
	ld.param.u64 	%rd4, [rowsum_param_1];
	ld.param.u64 	%rd5, [rowsum_param_2];
	ld.param.u64 	%rd6, [rowsum_param_3];
	ld.param.u64 	%rd7, [rowsum_param_4];
	ld.param.u64 	%rd8, [rowsum_param_5];
	ld.param.u64 	%rd9, [rowsum_param_6];
	mov.u32 	%r17, %ntid.x;
	mov.u32 	%r18, %ctaid.x;
	mov.u32 	%r19, %tid.x;
	mad.lo.s32 	%r1, %r18, %r17, %r19;
	setp.ge.s32 	%p1, %r1, %r16;
	@%p1 bra 	$L__BB1_5;

	cvt.s64.s32 	%rd1, %r1;
	cvta.to.global.u64 	%rd10, %rd4;
	mul.wide.s32 	%rd11, %r1, 4;
	add.s64 	%rd12, %rd10, %rd11;
	ld.global.u32 	%r2, [%rd12+4];
	ld.global.u32 	%r30, [%rd12];
	setp.ge.s32 	%p2, %r30, %r2;
	mov.u32 	%r35, -1;
	mov.u32 	%r33, 0;
	mov.u32 	%r34, %r33;
	@%p2 bra 	$L__BB1_4;

	cvta.to.global.u64 	%rd2, %rd6;
	cvta.to.global.u64 	%rd3, %rd5;
	mov.u32 	%r34, 0;
	mov.u32 	%r29, 1;
	mov.u32 	%r33, %r34;

$L__BB1_3:
	.pragma "nounroll";
	mul.wide.s32 	%rd13, %r30, 4;
	add.s64 	%rd14, %rd3, %rd13;
	ld.global.u32 	%r26, [%rd14];
	mul.wide.s32 	%rd15, %r26, 4;
	add.s64 	%rd16, %rd2, %rd15;
	ld.global.u32 	%r35, [%rd16];
	mad.lo.s32 	%r33, %r29, %r35, %r33;
	and.b32  	%r27, %r35, 1;
	add.s32 	%r34, %r34, %r27;
	add.s32 	%r29, %r29, 1;
	add.s32 	%r30, %r30, 1;
	setp.lt.s32 	%p3, %r30, %r2;
	@%p3 bra 	$L__BB1_3;

$L__BB1_4:
	cvta.to.global.u64 	%rd17, %rd7;
	shl.b64 	%rd18, %rd1, 2;
	add.s64 	%rd19, %rd17, %rd18;
	add.s32 	%r28, %r33, %r1;
	st.global.u32 	[%rd19], %r28;
	cvta.to.global.u64 	%rd20, %rd8;
	add.s64 	%rd21, %rd20, %rd18;
	st.global.u32 	[%rd21], %r34;
	cvta.to.global.u64 	%rd22, %rd9;
	add.s64 	%rd23, %rd22, %rd18;
	st.global.u32 	[%rd23], %r35;

$L__BB1_5:
	ret;

}
	// .globl	mix
.visible .entry mix(
	.param .u32 mix_param_0,
	.param .u64 mix_param_1,
	.param .u64 mix_param_2,
	.param .u64 mix_param_3,
	.param .u64 mix_param_4
)
{
	.reg .pred 	%p<4>;
	.reg .f32 	%f<11>;
	.reg .b32 	%r<34>;
	.reg .b64 	%rd<16>;


	ld.param.u32 	%r9, [mix_param_0];
	ld.param.u64 	%rd2, [mix_param_1];
	ld.param.u64 	%rd3, [mix_param_2];
	ld.param.u64 	%rd4, [mix_param_3];
	ld.param.u64 	%rd5, [mix_param_4];
	mov.u32 	%r10, %ntid.x;
	mov.u32 	%r11, %ctaid.x;
	mov.u32 	%r12, %tid.x;
	mad.lo.s32 	%r1, %r11, %r10, %r12;
	setp.ge.s32 	%p1, %r1, %r9;
	@%p1 bra 	$L__BB2_5;

	cvta.to.global.u64 	%rd6, %rd2;
	cvt.s64.s32 	%rd1, %r1;
	cvta.to.global.u64 	%rd7, %rd3;
	mul.wide.s32 	%rd8, %r1, 4;
	add.s64 	%rd9, %rd7, %rd8;
	ld.global.u32 	%r33, [%rd9];
	add.s64 	%rd10, %rd6, %rd8;
	ld.global.u32 	%r3, [%rd10];
	setp.lt.s32 	%p2, %r3, 1;
	mov.f32 	%f10, 0f3F800000;
	@%p2 bra 	$L__BB2_4;

	mov.f32 	%f10, 0f3F800000;
	mov.u32 	%r31, 0;

$L__BB2_3:
	.pragma "nounroll";
	and.b32  	%r14, %r33, 15;
	add.s32 	%r15, %r14, 1;
	div.u32 	%r16, %r33, %r15;
	mul.lo.s32 	%r17, %r16, %r15;
	sub.s32 	%r18, %r33, %r17;
	or.b32  	%r19, %r33, 1;
	clz.b32 	%r20, %r19;
	popc.b32 	%r21, %r33;
	add.s32 	%r22, %r20, %r21;
	add.s32 	%r23, %r22, %r16;
	mad.lo.s32 	%r24, %r18, 977, %r23;
	brev.b32 	%r25, %r24;
	shr.u32 	%r26, %r25, 3;
	xor.b32  	%r27, %r26, %r24;
	shr.u32 	%r28, %r27, 5;
	and.b32  	%r29, %r28, 63;
	add.s32 	%r33, %r29, %r27;
	and.b32  	%r30, %r33, 255;
	cvt.rn.f32.u32 	%f6, %r30;
	mov.f32 	%f7, 0f3FC00000;
	fma.rn.f32 	%f8, %f10, %f7, %f6;
	sqrt.rn.f32 	%f10, %f8;
	add.s32 	%r31, %r31, 1;
	setp.lt.s32 	%p3, %r31, %r3;
	@%p3 bra 	$L__BB2_3;

$L__BB2_4:
	cvta.to.global.u64 	%rd11, %rd4;
	shl.b64 	%rd12, %rd1, 2;
	add.s64 	%rd13, %rd11, %rd12;
	st.global.u32 	[%rd13], %r33;
	cvta.to.global.u64 	%rd14, %rd5;
	add.s64 	%rd15, %rd14, %rd12;
	st.global.f32 	[%rd15], %f10;

$L__BB2_5:
	ret;

}

#endif // end of oneloop.ptx
