/* Narrowing branches (analysis/plan.c, plan_narrow): "if (c) { ... }"
 * regions whose lanes only leave for the if's end run with no divergence
 * stack; the lanes that skip wait in a slot.  A graph search step (bfs's
 * inner loop, an atomicCAS and a store to one flag inside two ifs),
 * nested ifs ending together and apart, a loop and an if/else inside a
 * narrowing region, a uniform branch inside one; every lane's result
 * against plain C. */
#include "common.h"

enum { N = 1024, DEG = 5 };

/* the graph: node v's edges go to DEG pseudo-random nodes, some of them
 * repeated (two lanes race for one node; either CAS wins, the label is
 * the same) */
static int row[N + 1], col[N * DEG];

static void ref_step(int *dist, int level, int *more)
{
    int next[N];
    memcpy(next, dist, sizeof next);
    for (int v = 0; v < N; v++) {
        if (dist[v] != level)
            continue;
        for (int e = row[v]; e < row[v + 1]; e++)
            if (next[col[e]] == -1) {
                next[col[e]] = level + 1;
                *more = 1;
            }
    }
    memcpy(dist, next, sizeof next);
}

/* shapes' C twin: cnt counts what the atomics add */
static int ref_shapes(const int *xs, int t, int k, int *cnt, int *o2, const int *perm)
{
    int x = xs[t], r = x;
    if (x & 1) { /* a, then b inside, ending together */
        r += xs[(x >> 4) & (N - 1)];
        cnt[0] += 1;
        if (x & 2) {
            r *= 5;
            cnt[1] += r & 7;
        }
    }
    if ((x & 4) && (x & 8) && x > k) { /* a chain of && */
        cnt[2] += 1;
        r -= 7;
    }
    if (x & 16) { /* an inner if that ends before the outer */
        if (x & 32) {
            r ^= xs[(x >> 3) & (N - 1)];
            cnt[3] += 1;
        }
        r += 11;
        cnt[4] += r & 3;
    }
    if (x & 64) /* a loop inside */
        for (int i = 0; i < (x & 7); i++)
            if (xs[(i * 37 + x) & (N - 1)] & 1)
                r += i * x;
    if (x & 128) { /* an if/else inside */
        if (x & 256) {
            r = r * 2 + xs[t ^ 1];
            cnt[5] += 1;
        } else {
            r = r / 2 - 1;
            cnt[6] += 1;
        }
    }
    if (x % 61 == 0) /* mostly one lane: a store through loaded data */
        o2[perm[t]] = r + 1;
    if (x % 3 == 0) { /* a uniform branch inside (k is a parameter), and a return */
        if (k > 50) {
            r += 1000;
            cnt[7] += 1;
        }
        if (x & 512)
            return r - 2000;
    }
    return r;
}

int main(int argc, char **argv)
{
    setup(argc, argv, "narrow");
    /* row lengths 0..DEG: some nodes have no edges */
    row[0] = 0;
    for (int v = 0; v < N; v++)
        row[v + 1] = row[v] + (int)(lcg() % (DEG + 1));
    for (int e = 0; e < row[N]; e++)
        col[e] = (int)(lcg() % N);
    int dist[N], want[N];
    for (int v = 0; v < N; v++)
        dist[v] = want[v] = v % 97 == 0 ? 0 : -1;
    int level = 0, n = N, ok = 1;
    for (; level < 64; level++) {
        int more = 0, want_more = 0, *pd = dist, *pr = row, *pc = col, *pm = &more;
        void *p[] = {&n, &pr, &pc, &pd, &level, &pm};
        ref_step(want, level, &want_more);
        if (!launch("bfs_step", "bfs_step", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p)) {
            ok = 0;
            break;
        }
        if (more != want_more || memcmp(dist, want, sizeof dist) != 0) {
            printf("FAIL exec/narrow/bfs: level %d: more %d, want %d\n", level, more, want_more);
            ok = 0;
            g_fail = 1;
            break;
        }
        if (!more)
            break;
    }
    if (ok)
        CHECK_INT("bfs", dist, want, N);

    int x[N], o[N], e[N], o2[N], e2[N], perm[N], cnt[8], ecnt[8];
    for (int i = 0; i < N; i++) {
        x[i] = (int)(lcg() % 4096) - (i % 7 == 0 ? 2048 : 0);
        perm[i] = i;
    }
    for (int i = N - 1; i > 0; i--) {
        int j = (int)(lcg() % (unsigned)(i + 1)), tmp = perm[i];
        perm[i] = perm[j], perm[j] = tmp;
    }
    for (int k = 40; k <= 60; k += 20) {
        memset(cnt, 0, sizeof cnt), memset(ecnt, 0, sizeof ecnt);
        for (int i = 0; i < N; i++)
            o2[i] = e2[i] = -5;
        for (int i = 0; i < N; i++)
            e[i] = ref_shapes(x, i, k, ecnt, e2, perm);
        int *px = x, *po = o, *pc = cnt, *po2 = o2, *pp = perm;
        void *p[] = {&px, &po, &pc, &po2, &pp, &k};
        if (launch("shapes", "shapes", d3(N / 64, 1, 1), d3(64, 1, 1), 0, p)) {
            CHECK_INT(k > 50 ? "shapes_k60" : "shapes_k40", o, e, N);
            CHECK_INT(k > 50 ? "counts_k60" : "counts_k40", cnt, ecnt, 8);
            CHECK_INT(k > 50 ? "scatter_k60" : "scatter_k40", o2, e2, N);
        }
    }
    return finish();
}
#if 0 // test-file narrow.cu
extern "C" __global__ void bfs_step(int nodes, const int *row, const int *col, int *dist,
                                    int level, int *more)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nodes || dist[v] != level)
        return;
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (dist[u] == -1 && atomicCAS(&dist[u], -1, level + 1) == -1)
            *more = 1;
    }
}
extern "C" __global__ void shapes(const int *xs, int *o, int *cnt, int *o2, const int *perm,
                                  int k)
{
    enum { N = 1024 };
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = xs[t], r = x;
    if (x & 1) {
        r += xs[(x >> 4) & (N - 1)];
        atomicAdd(&cnt[0], 1);
        if (x & 2) {
            r *= 5;
            atomicAdd(&cnt[1], r & 7);
        }
    }
    if ((x & 4) && (x & 8) && x > k) {
        atomicAdd(&cnt[2], 1);
        r -= 7;
    }
    if (x & 16) {
        if (x & 32) {
            r ^= xs[(x >> 3) & (N - 1)];
            atomicAdd(&cnt[3], 1);
        }
        r += 11;
        atomicAdd(&cnt[4], r & 3);
    }
    if (x & 64)
        for (int i = 0; i < (x & 7); i++)
            if (xs[(i * 37 + x) & (N - 1)] & 1)
                r += i * x;
    if (x & 128) {
        if (x & 256) {
            r = r * 2 + xs[t ^ 1];
            atomicAdd(&cnt[5], 1);
        } else {
            r = r / 2 - 1;
            atomicAdd(&cnt[6], 1);
        }
    }
    if (x % 61 == 0)
        o2[perm[t]] = r + 1;
    if (x % 3 == 0) {
        if (k > 50) {
            r += 1000;
            atomicAdd(&cnt[7], 1);
        }
        if (x & 512) {
            o[t] = r - 2000;
            return;
        }
    }
    o[t] = r;
}
#endif // end of narrow.cu
#if 0 // test-file narrow.ptx
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

	// .globl	bfs_step

.visible .entry bfs_step(
	.param .u32 bfs_step_param_0,
	.param .u64 bfs_step_param_1,
	.param .u64 bfs_step_param_2,
	.param .u64 bfs_step_param_3,
	.param .u32 bfs_step_param_4,
	.param .u64 bfs_step_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .b32 	%r<21>;
	.reg .b64 	%rd<21>;


	ld.param.u32 	%r7, [bfs_step_param_0];
	ld.param.u64 	%rd9, [bfs_step_param_1];
	ld.param.u64 	%rd10, [bfs_step_param_2];
	ld.param.u64 	%rd12, [bfs_step_param_3];
	ld.param.u32 	%r6, [bfs_step_param_4];
	ld.param.u64 	%rd11, [bfs_step_param_5];
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
	// .globl	shapes
.visible .entry shapes(
	.param .u64 shapes_param_0,
	.param .u64 shapes_param_1,
	.param .u64 shapes_param_2,
	.param .u64 shapes_param_3,
	.param .u64 shapes_param_4,
	.param .u32 shapes_param_5
)
{
	.reg .pred 	%p<21>;
	.reg .b32 	%r<93>;
	.reg .b64 	%rd<39>;


	ld.param.u64 	%rd8, [shapes_param_0];
	ld.param.u64 	%rd5, [shapes_param_1];
	ld.param.u64 	%rd9, [shapes_param_2];
	ld.param.u64 	%rd6, [shapes_param_3];
	ld.param.u64 	%rd7, [shapes_param_4];
	ld.param.u32 	%r27, [shapes_param_5];
	cvta.to.global.u64 	%rd1, %rd9;
	mov.u32 	%r28, %ntid.x;
	mov.u32 	%r29, %ctaid.x;
	mov.u32 	%r30, %tid.x;
	mad.lo.s32 	%r31, %r29, %r28, %r30;
	cvt.s64.s32 	%rd2, %r31;
	cvta.to.global.u64 	%rd3, %rd8;
	mul.wide.s32 	%rd10, %r31, 4;
	add.s64 	%rd11, %rd3, %rd10;
	ld.global.u32 	%r1, [%rd11];
	and.b32  	%r32, %r1, 1;
	setp.eq.b32 	%p1, %r32, 1;
	mov.pred 	%p2, 0;
	xor.pred  	%p3, %p1, %p2;
	not.pred 	%p4, %p3;
	mov.u32 	%r89, %r1;
	@%p4 bra 	$L__BB1_3;

	shr.u32 	%r33, %r1, 2;
	cvt.u64.u32 	%rd12, %r33;
	and.b64  	%rd13, %rd12, 4092;
	add.s64 	%rd14, %rd3, %rd13;
	ld.global.u32 	%r34, [%rd14];
	add.s32 	%r89, %r34, %r1;
	atom.global.add.u32 	%r35, [%rd1], 1;
	and.b32  	%r36, %r1, 2;
	setp.eq.s32 	%p5, %r36, 0;
	@%p5 bra 	$L__BB1_3;

	mul.lo.s32 	%r89, %r89, 5;
	and.b32  	%r37, %r89, 7;
	add.s64 	%rd15, %rd1, 4;
	atom.global.add.u32 	%r38, [%rd15], %r37;

$L__BB1_3:
	and.b32  	%r39, %r1, 12;
	setp.ne.s32 	%p6, %r39, 12;
	setp.le.s32 	%p7, %r1, %r27;
	or.pred  	%p8, %p7, %p6;
	@%p8 bra 	$L__BB1_5;

	add.s64 	%rd16, %rd1, 8;
	atom.global.add.u32 	%r40, [%rd16], 1;
	add.s32 	%r89, %r89, -7;

$L__BB1_5:
	and.b32  	%r41, %r1, 16;
	setp.eq.s32 	%p9, %r41, 0;
	@%p9 bra 	$L__BB1_9;

	and.b32  	%r42, %r1, 32;
	setp.eq.s32 	%p10, %r42, 0;
	@%p10 bra 	$L__BB1_8;

	shr.u32 	%r43, %r1, 1;
	cvt.u64.u32 	%rd17, %r43;
	and.b64  	%rd18, %rd17, 4092;
	add.s64 	%rd19, %rd3, %rd18;
	ld.global.u32 	%r44, [%rd19];
	xor.b32  	%r89, %r44, %r89;
	add.s64 	%rd20, %rd1, 12;
	atom.global.add.u32 	%r45, [%rd20], 1;

$L__BB1_8:
	add.s32 	%r89, %r89, 11;
	and.b32  	%r46, %r89, 3;
	add.s64 	%rd21, %rd1, 16;
	atom.global.add.u32 	%r47, [%rd21], %r46;

$L__BB1_9:
	and.b32  	%r48, %r1, 64;
	setp.eq.s32 	%p11, %r48, 0;
	@%p11 bra 	$L__BB1_13;

	and.b32  	%r11, %r1, 7;
	setp.eq.s32 	%p12, %r11, 0;
	@%p12 bra 	$L__BB1_13;

	mov.u32 	%r85, 0;
	mov.u32 	%r86, %r1;
	mov.u32 	%r87, %r85;

$L__BB1_12:
	shl.b32 	%r51, %r86, 2;
	cvt.u64.u32 	%rd22, %r51;
	and.b64  	%rd23, %rd22, 4092;
	add.s64 	%rd24, %rd3, %rd23;
	ld.global.u32 	%r52, [%rd24];
	and.b32  	%r53, %r52, 1;
	setp.eq.b32 	%p13, %r53, 1;
	add.s32 	%r54, %r89, %r85;
	selp.b32 	%r89, %r54, %r89, %p13;
	add.s32 	%r86, %r86, 37;
	add.s32 	%r85, %r85, %r1;
	add.s32 	%r87, %r87, 1;
	setp.lt.u32 	%p14, %r87, %r11;
	@%p14 bra 	$L__BB1_12;

$L__BB1_13:
	and.b32  	%r55, %r1, 128;
	setp.eq.s32 	%p15, %r55, 0;
	@%p15 bra 	$L__BB1_17;

	and.b32  	%r56, %r1, 256;
	setp.eq.s32 	%p16, %r56, 0;
	@%p16 bra 	$L__BB1_16;
	bra.uni 	$L__BB1_15;

$L__BB1_16:
	shr.u32 	%r61, %r89, 31;
	add.s32 	%r62, %r89, %r61;
	shr.s32 	%r63, %r62, 1;
	add.s32 	%r89, %r63, -1;
	add.s64 	%rd29, %rd1, 24;
	atom.global.add.u32 	%r64, [%rd29], 1;
	bra.uni 	$L__BB1_17;

$L__BB1_15:
	cvt.u32.u64 	%r57, %rd2;
	mul.wide.s32 	%rd25, %r57, 4;
	xor.b64  	%rd26, %rd25, 4;
	add.s64 	%rd27, %rd3, %rd26;
	ld.global.u32 	%r58, [%rd27];
	shl.b32 	%r59, %r89, 1;
	add.s32 	%r89, %r58, %r59;
	add.s64 	%rd28, %rd1, 20;
	atom.global.add.u32 	%r60, [%rd28], 1;

$L__BB1_17:
	mul.hi.s32 	%r65, %r1, 1126548799;
	shr.u32 	%r66, %r65, 31;
	shr.s32 	%r67, %r65, 4;
	add.s32 	%r68, %r67, %r66;
	mul.lo.s32 	%r69, %r68, 61;
	sub.s32 	%r70, %r1, %r69;
	setp.ne.s32 	%p17, %r70, 0;
	@%p17 bra 	$L__BB1_19;

	add.s32 	%r71, %r89, 1;
	cvta.to.global.u64 	%rd30, %rd7;
	shl.b64 	%rd31, %rd2, 2;
	add.s64 	%rd32, %rd30, %rd31;
	ld.global.u32 	%r72, [%rd32];
	cvta.to.global.u64 	%rd33, %rd6;
	mul.wide.s32 	%rd34, %r72, 4;
	add.s64 	%rd35, %rd33, %rd34;
	st.global.u32 	[%rd35], %r71;

$L__BB1_19:
	mul.hi.s32 	%r73, %r1, 1431655766;
	shr.u32 	%r74, %r73, 31;
	add.s32 	%r75, %r73, %r74;
	mul.lo.s32 	%r76, %r75, 3;
	sub.s32 	%r77, %r1, %r76;
	setp.ne.s32 	%p18, %r77, 0;
	cvta.to.global.u64 	%rd36, %rd5;
	shl.b64 	%rd37, %rd2, 2;
	add.s64 	%rd4, %rd36, %rd37;
	@%p18 bra 	$L__BB1_24;

	setp.lt.s32 	%p19, %r27, 51;
	@%p19 bra 	$L__BB1_22;

	add.s32 	%r89, %r89, 1000;
	add.s64 	%rd38, %rd1, 28;
	atom.global.add.u32 	%r78, [%rd38], 1;

$L__BB1_22:
	and.b32  	%r79, %r1, 512;
	setp.eq.s32 	%p20, %r79, 0;
	@%p20 bra 	$L__BB1_24;
	bra.uni 	$L__BB1_23;

$L__BB1_24:
	st.global.u32 	[%rd4], %r89;
	bra.uni 	$L__BB1_25;

$L__BB1_23:
	add.s32 	%r80, %r89, -2000;
	st.global.u32 	[%rd4], %r80;

$L__BB1_25:
	ret;

}

#endif // end of narrow.ptx
