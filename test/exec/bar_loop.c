/* bar_loop.c — reference for bar_loop.cu: the loops simulated one
 * iteration at a time over the threads still in them (a thread reads its
 * neighbour's slot as the last barrier left it). */
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

enum { N = 96 };

static int failed;
static p2n_module *mod;

/* acc of every thread after the loop; in: which threads enter it; count:
 * add the number of threads in the iteration whose v is odd */
static void
simulate_count(const int *cnt, const int *in, int *acc, int count)
{
    int s[N], v[N], most = 0;
    for (int t = 0; t < N; t++) {
        acc[t] = s[t] = t * 5 + 1;
        if (in[t] && cnt[t] > most)
            most = cnt[t];
    }
    for (int i = 0; i < most; i++) {
        for (int t = 0; t < N; t++)
            if (in[t] && i < cnt[t])
                v[t] = s[(t + 1) % N];
        int c = 0;
        for (int t = 0; t < N; t++)
            c += count && in[t] && i < cnt[t] && (v[t] & 1);
        for (int t = 0; t < N; t++)
            if (in[t] && i < cnt[t])
                s[t] = acc[t] = acc[t] * 3 + v[t] + i + c;
    }
}

static void
simulate(const int *cnt, const int *in, int *acc)
{
    simulate_count(cnt, in, acc, 0);
}

static void
check(const char *name, const int *got, const int *want)
{
    for (int i = 0; i < N; i++)
        if (got[i] != want[i]) {
            printf("FAIL exec/bar_loop/%s: [%d] = %d, expected %d\n", name, i, got[i], want[i]);
            failed = 1;
            return;
        }
    printf("PASS exec/bar_loop/%s\n", name);
}

static p2n_result
run(const char *k, int *out, const int *cnt)
{
    for (int i = 0; i < N; i++)
        out[i] = -1;
    void *params[] = {&out, &cnt};
    return p2n_launch(mod, k, (p2n_dim3){2, 1, 1}, (p2n_dim3){N, 1, 1}, 0, params);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/bar_loop/load: %s\n", p2n_error_message());
        return 1;
    }
    /* per-lane trip counts: some 0, every warp mixed; then a warp whose
     * lanes all have one count but differs from the other warps */
    int cnts[2][N], out[N], want[N], acc[N], all[N], some[N];
    unsigned x = 12345;
    for (int t = 0; t < N; t++) {
        x = x * 1103515245u + 12345u;
        cnts[0][t] = (int)((x >> 16) % 9);
        cnts[1][t] = t < 32 ? 2 : t < 64 ? 7 : 0;
        all[t] = 1;
        some[t] = t % 3 != 0;
    }
    for (int c = 0; c < 2; c++) {
        const int *cnt = cnts[c];
        char name[64];
        simulate(cnt, all, acc);
        snprintf(name, sizeof name, "exit_ret_%d", c);
        if (run("exit_ret", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = cnt[t] > 0 ? acc[t] : -1;
            check(name, out, want);
        }
        snprintf(name, sizeof name, "exit_more_%d", c);
        if (run("exit_more", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = acc[t] * 2 + 1 + ((acc[t] & 1) ? 7 : 0);
            check(name, out, want);
        }
        snprintf(name, sizeof name, "exit_bar_%d", c);
        if (run("exit_bar", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = acc[t] ^ 0x55;
            check(name, out, want);
        }
        simulate(cnt, some, acc);
        snprintf(name, sizeof name, "in_if_%d", c);
        if (run("in_if", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            check(name, out, acc);
        }
        snprintf(name, sizeof name, "one_side_%d", c);
        if (run("one_side", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = 1000 + ((cnt[t] & 1) ? ((cnt[t ^ 2] & 1) ? (t ^ 2) * 7 : -5) : -t);
            check(name, out, want);
        }
        simulate_count(cnt, all, acc, 1);
        snprintf(name, sizeof name, "count_loop_%d", c);
        if (run("count_loop", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            check(name, out, acc);
        }
    }
    /* one warp at barrier 1, two at barrier 2, all waiting for every thread */
    p2n_result r = run("deadlock", out, cnts[0]);
    if (r == P2N_ERROR_DEADLOCK && strstr(p2n_error_message(), "deadlock"))
        printf("PASS exec/bar_loop/deadlock_two_barriers\n");
    else {
        printf("FAIL exec/bar_loop/deadlock_two_barriers: result %d (%s), expected P2N_ERROR_DEADLOCK\n", (int)r,
               p2n_error_message());
        failed = 1;
    }
    /* the module still works after the failed launch */
    simulate(cnts[0], all, acc);
    if (run("exit_bar", out, cnts[0]) == P2N_SUCCESS) {
        for (int t = 0; t < N; t++)
            want[t] = acc[t] ^ 0x55;
        check("after_deadlock", out, want);
    } else {
        printf("FAIL exec/bar_loop/after_deadlock: %s\n", p2n_error_message());
        failed = 1;
    }
    p2n_module_unload(mod);
    return failed;
}
#if 0 // test-file bar_loop.cu
// nvcc-flags: -arch=sm_80
// __syncthreads() inside loops whose trip count differs per lane (issue 13,
// "Barriers and lanes that leave a loop").  Lanes that leave the loop must
// not hold up the barrier their warp-mates wait at: they run on until they
// exit or reach a barrier themselves (bar.sync counts threads, and a thread
// that exited no longer counts).  The data flow is race-free under that
// rule: a lane reads its neighbour's slot one barrier after the neighbour
// last wrote it.  (On a GPU these shapes are undefined for the .aligned
// bar.sync; an H100 hangs on them: docs/runtime.md states the rule
// ptx2native follows.)  Reference: bar_loop.c.

// the loop exit branches to a block that only does ret
extern "C" __global__ void exit_ret(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    for (int i = 0; i < n; i++) {
        int v = s[(t + 1) % blockDim.x];
        __syncthreads();
        acc = acc * 3 + v + i;
        s[t] = acc;
        out[t] = acc;
        __syncthreads();
    }
}

// the loop exit runs more code before ret
extern "C" __global__ void exit_more(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    int i = 0;
    while (i < n) {
        int v = s[(t + 1) % blockDim.x];
        __syncthreads();
        acc = acc * 3 + v + i;
        s[t] = acc;
        __syncthreads();
        i++;
    }
    out[t] = acc * 2 + 1;
    if (acc & 1)
        out[t] += 7;
}

// the loop exit reaches a second barrier
extern "C" __global__ void exit_bar(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    for (int i = 0; i < n; i++) {
        int v = s[(t + 1) % blockDim.x];
        __syncthreads();
        acc = acc * 3 + v + i;
        s[t] = acc;
        __syncthreads();
    }
    __syncthreads();
    out[t] = acc ^ 0x55;
}

// the loop inside a divergent if, a barrier after the if
extern "C" __global__ void in_if(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    if (t % 3 != 0) {
        for (int i = 0; i < n; i++) {
            int v = s[(t + 1) % blockDim.x];
            __syncthreads();
            acc = acc * 3 + v + i;
            s[t] = acc;
            __syncthreads();
        }
    }
    __syncthreads();
    out[t] = acc;
}

// a real deadlock: the first warp waits at barrier 1 for every thread,
// the others at barrier 2; no thread exits
extern "C" __global__ void deadlock(int *out, const int *cnt)
{
    if (threadIdx.x < 32)
        asm volatile("bar.sync 1;");
    else
        asm volatile("bar.sync 2;");
    out[threadIdx.x] = 1;
}

// a barrier on one side of a divergent if: the other side's lanes run on
// to the code after the if and exit, and no longer count
extern "C" __global__ void one_side(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    if (cnt[t] & 1) {
        s[t] = t * 7;
        __syncthreads();
        out[t] = (cnt[t ^ 2] & 1) ? s[t ^ 2] : -5;
    } else {
        out[t] = -t;
    }
    out[t] += 1000;
}

// __syncthreads_count in the loop: it counts the threads still in it
extern "C" __global__ void count_loop(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    for (int i = 0; i < n; i++) {
        int v = s[(t + 1) % blockDim.x];
        int c = __syncthreads_count(v & 1);
        acc = acc * 3 + v + i + c;
        s[t] = acc;
        __syncthreads();
    }
    out[t] = acc;
}
#endif // end of bar_loop.cu
#if 0 // test-file bar_loop.ptx
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

	// .globl	exit_ret
// _ZZ8exit_retE1s has been demoted
// _ZZ9exit_moreE1s has been demoted
// _ZZ8exit_barE1s has been demoted
// _ZZ5in_ifE1s has been demoted
// _ZZ8one_sideE1s has been demoted
// _ZZ10count_loopE1s has been demoted

.visible .entry exit_ret(
	.param .u64 exit_ret_param_0,
	.param .u64 exit_ret_param_1
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<89>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ8exit_retE1s[512];

	ld.param.u64 	%rd3, [exit_ret_param_0];
	ld.param.u64 	%rd4, [exit_ret_param_1];
	cvta.to.global.u64 	%rd5, %rd4;
	mov.u32 	%r33, %tid.x;
	cvt.s64.s32 	%rd1, %r33;
	mul.wide.s32 	%rd6, %r33, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u32 	%r1, [%rd7];
	mad.lo.s32 	%r82, %r33, 5, 1;
	shl.b32 	%r34, %r33, 2;
	mov.u32 	%r35, _ZZ8exit_retE1s;
	add.s32 	%r3, %r35, %r34;
	st.shared.u32 	[%r3], %r82;
	bar.sync 	0;
	setp.lt.s32 	%p1, %r1, 1;
	@%p1 bra 	$L__BB0_7;

	cvt.u32.u64 	%r37, %rd1;
	add.s32 	%r38, %r37, 1;
	mov.u32 	%r39, %ntid.x;
	rem.u32 	%r40, %r38, %r39;
	shl.b32 	%r41, %r40, 2;
	add.s32 	%r4, %r35, %r41;
	cvta.to.global.u64 	%rd8, %rd3;
	shl.b64 	%rd9, %rd1, 2;
	add.s64 	%rd2, %rd8, %rd9;
	and.b32  	%r88, %r1, 3;
	add.s32 	%r43, %r1, -1;
	setp.lt.u32 	%p2, %r43, 3;
	mov.u32 	%r84, 0;
	@%p2 bra 	$L__BB0_5;

	sub.s32 	%r83, %r1, %r88;
	mov.u32 	%r76, 0;
	mov.u32 	%r80, -6;
	mov.u32 	%r79, -135;
	mov.u32 	%r78, 6;
	mov.u32 	%r77, 9;
	mov.u32 	%r84, %r76;

$L__BB0_3:
	ld.shared.u32 	%r50, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r51, %r82, 3, %r50;
	add.s32 	%r52, %r84, %r51;
	st.shared.u32 	[%r3], %r52;
	st.global.u32 	[%rd2], %r52;
	bar.sync 	0;
	ld.shared.u32 	%r53, [%r4];
	bar.sync 	0;
	mul.lo.s32 	%r54, %r50, 3;
	mad.lo.s32 	%r55, %r82, 9, %r54;
	add.s32 	%r56, %r76, %r55;
	add.s32 	%r57, %r84, %r56;
	add.s32 	%r58, %r57, %r53;
	add.s32 	%r59, %r58, 1;
	st.shared.u32 	[%r3], %r59;
	st.global.u32 	[%rd2], %r59;
	bar.sync 	0;
	ld.shared.u32 	%r60, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r61, %r59, 3, %r84;
	add.s32 	%r62, %r61, %r60;
	add.s32 	%r63, %r62, 2;
	st.shared.u32 	[%r3], %r63;
	st.global.u32 	[%rd2], %r63;
	bar.sync 	0;
	ld.shared.u32 	%r64, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r65, %r82, 81, %r64;
	mad.lo.s32 	%r66, %r50, 27, %r65;
	mad.lo.s32 	%r67, %r53, 9, %r66;
	mad.lo.s32 	%r15, %r60, 3, %r67;
	add.s32 	%r68, %r77, %r78;
	add.s32 	%r69, %r68, %r84;
	add.s32 	%r70, %r69, %r15;
	add.s32 	%r82, %r70, 3;
	st.shared.u32 	[%r3], %r82;
	st.global.u32 	[%rd2], %r82;
	bar.sync 	0;
	add.s32 	%r84, %r84, 4;
	add.s32 	%r80, %r80, 12;
	add.s32 	%r79, %r79, 144;
	add.s32 	%r78, %r78, 12;
	add.s32 	%r77, %r77, 144;
	add.s32 	%r76, %r76, 12;
	add.s32 	%r83, %r83, -4;
	setp.ne.s32 	%p3, %r83, 0;
	@%p3 bra 	$L__BB0_3;

	add.s32 	%r71, %r15, %r84;
	add.s32 	%r72, %r71, %r79;
	add.s32 	%r73, %r72, %r80;
	add.s32 	%r82, %r73, -1;

$L__BB0_5:
	setp.eq.s32 	%p4, %r88, 0;
	@%p4 bra 	$L__BB0_7;

$L__BB0_6:
	.pragma "nounroll";
	ld.shared.u32 	%r74, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r75, %r82, 3, %r74;
	add.s32 	%r82, %r84, %r75;
	st.shared.u32 	[%r3], %r82;
	st.global.u32 	[%rd2], %r82;
	bar.sync 	0;
	add.s32 	%r84, %r84, 1;
	add.s32 	%r88, %r88, -1;
	setp.ne.s32 	%p5, %r88, 0;
	@%p5 bra 	$L__BB0_6;

$L__BB0_7:
	ret;

}
	// .globl	exit_more
.visible .entry exit_more(
	.param .u64 exit_more_param_0,
	.param .u64 exit_more_param_1
)
{
	.reg .pred 	%p<7>;
	.reg .b32 	%r<100>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ9exit_moreE1s[512];

	ld.param.u64 	%rd2, [exit_more_param_0];
	ld.param.u64 	%rd3, [exit_more_param_1];
	mov.u32 	%r37, %tid.x;
	cvt.s64.s32 	%rd1, %r37;
	cvta.to.global.u64 	%rd4, %rd3;
	mul.wide.s32 	%rd5, %r37, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r1, [%rd6];
	mad.lo.s32 	%r99, %r37, 5, 1;
	shl.b32 	%r38, %r37, 2;
	mov.u32 	%r39, _ZZ9exit_moreE1s;
	add.s32 	%r3, %r39, %r38;
	st.shared.u32 	[%r3], %r99;
	bar.sync 	0;
	setp.lt.s32 	%p1, %r1, 1;
	@%p1 bra 	$L__BB1_8;

	cvt.u32.u64 	%r42, %rd1;
	add.s32 	%r43, %r42, 1;
	mov.u32 	%r44, %ntid.x;
	rem.u32 	%r45, %r43, %r44;
	shl.b32 	%r46, %r45, 2;
	add.s32 	%r4, %r39, %r46;
	and.b32  	%r98, %r1, 3;
	add.s32 	%r48, %r1, -1;
	setp.lt.u32 	%p2, %r48, 3;
	mov.u32 	%r94, 0;
	@%p2 bra 	$L__BB1_5;

	sub.s32 	%r92, %r1, %r98;
	mov.u32 	%r85, 0;
	mov.u32 	%r89, -6;
	mov.u32 	%r88, -135;
	mov.u32 	%r87, 6;
	mov.u32 	%r86, 9;
	mov.u32 	%r94, %r85;

$L__BB1_3:
	ld.shared.u32 	%r55, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r56, %r99, 3, %r55;
	add.s32 	%r57, %r94, %r56;
	st.shared.u32 	[%r3], %r57;
	bar.sync 	0;
	ld.shared.u32 	%r58, [%r4];
	bar.sync 	0;
	mul.lo.s32 	%r59, %r55, 3;
	mad.lo.s32 	%r60, %r99, 9, %r59;
	add.s32 	%r61, %r85, %r60;
	add.s32 	%r62, %r94, %r61;
	add.s32 	%r63, %r62, %r58;
	add.s32 	%r64, %r63, 1;
	st.shared.u32 	[%r3], %r64;
	bar.sync 	0;
	ld.shared.u32 	%r65, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r66, %r64, 3, %r94;
	add.s32 	%r67, %r66, %r65;
	add.s32 	%r68, %r67, 2;
	st.shared.u32 	[%r3], %r68;
	bar.sync 	0;
	ld.shared.u32 	%r69, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r70, %r99, 81, %r69;
	mad.lo.s32 	%r71, %r55, 27, %r70;
	mad.lo.s32 	%r72, %r58, 9, %r71;
	mad.lo.s32 	%r15, %r65, 3, %r72;
	add.s32 	%r73, %r86, %r87;
	add.s32 	%r74, %r73, %r94;
	add.s32 	%r75, %r74, %r15;
	add.s32 	%r99, %r75, 3;
	st.shared.u32 	[%r3], %r99;
	bar.sync 	0;
	add.s32 	%r94, %r94, 4;
	add.s32 	%r89, %r89, 12;
	add.s32 	%r88, %r88, 144;
	add.s32 	%r87, %r87, 12;
	add.s32 	%r86, %r86, 144;
	add.s32 	%r85, %r85, 12;
	add.s32 	%r92, %r92, -4;
	setp.ne.s32 	%p3, %r92, 0;
	@%p3 bra 	$L__BB1_3;

	add.s32 	%r76, %r15, %r94;
	add.s32 	%r77, %r76, %r88;
	add.s32 	%r78, %r77, %r89;
	add.s32 	%r99, %r78, -1;

$L__BB1_5:
	setp.eq.s32 	%p4, %r98, 0;
	@%p4 bra 	$L__BB1_8;

$L__BB1_6:
	.pragma "nounroll";
	ld.shared.u32 	%r79, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r31, %r99, 3, %r79;
	add.s32 	%r99, %r94, %r31;
	st.shared.u32 	[%r3], %r99;
	bar.sync 	0;
	add.s32 	%r94, %r94, 1;
	add.s32 	%r98, %r98, -1;
	setp.ne.s32 	%p5, %r98, 0;
	@%p5 bra 	$L__BB1_6;

	add.s32 	%r80, %r31, %r94;
	add.s32 	%r99, %r80, -1;

$L__BB1_8:
	and.b32  	%r81, %r99, 1;
	setp.eq.b32 	%p6, %r81, 1;
	selp.b32 	%r82, 8, 1, %p6;
	shl.b32 	%r83, %r99, 1;
	add.s32 	%r84, %r83, %r82;
	cvta.to.global.u64 	%rd7, %rd2;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r84;
	ret;

}
	// .globl	exit_bar
.visible .entry exit_bar(
	.param .u64 exit_bar_param_0,
	.param .u64 exit_bar_param_1
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<97>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ8exit_barE1s[512];

	ld.param.u64 	%rd2, [exit_bar_param_0];
	ld.param.u64 	%rd3, [exit_bar_param_1];
	mov.u32 	%r37, %tid.x;
	cvt.s64.s32 	%rd1, %r37;
	cvta.to.global.u64 	%rd4, %rd3;
	mul.wide.s32 	%rd5, %r37, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r1, [%rd6];
	mad.lo.s32 	%r96, %r37, 5, 1;
	shl.b32 	%r38, %r37, 2;
	mov.u32 	%r39, _ZZ8exit_barE1s;
	add.s32 	%r3, %r39, %r38;
	st.shared.u32 	[%r3], %r96;
	bar.sync 	0;
	setp.lt.s32 	%p1, %r1, 1;
	@%p1 bra 	$L__BB2_8;

	cvt.u32.u64 	%r42, %rd1;
	add.s32 	%r43, %r42, 1;
	mov.u32 	%r44, %ntid.x;
	rem.u32 	%r45, %r43, %r44;
	shl.b32 	%r46, %r45, 2;
	add.s32 	%r4, %r39, %r46;
	and.b32  	%r95, %r1, 3;
	add.s32 	%r48, %r1, -1;
	setp.lt.u32 	%p2, %r48, 3;
	mov.u32 	%r91, 0;
	@%p2 bra 	$L__BB2_5;

	sub.s32 	%r89, %r1, %r95;
	mov.u32 	%r82, 0;
	mov.u32 	%r86, -6;
	mov.u32 	%r85, -135;
	mov.u32 	%r84, 6;
	mov.u32 	%r83, 9;
	mov.u32 	%r91, %r82;

$L__BB2_3:
	ld.shared.u32 	%r55, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r56, %r96, 3, %r55;
	add.s32 	%r57, %r91, %r56;
	st.shared.u32 	[%r3], %r57;
	bar.sync 	0;
	ld.shared.u32 	%r58, [%r4];
	bar.sync 	0;
	mul.lo.s32 	%r59, %r55, 3;
	mad.lo.s32 	%r60, %r96, 9, %r59;
	add.s32 	%r61, %r82, %r60;
	add.s32 	%r62, %r91, %r61;
	add.s32 	%r63, %r62, %r58;
	add.s32 	%r64, %r63, 1;
	st.shared.u32 	[%r3], %r64;
	bar.sync 	0;
	ld.shared.u32 	%r65, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r66, %r64, 3, %r91;
	add.s32 	%r67, %r66, %r65;
	add.s32 	%r68, %r67, 2;
	st.shared.u32 	[%r3], %r68;
	bar.sync 	0;
	ld.shared.u32 	%r69, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r70, %r96, 81, %r69;
	mad.lo.s32 	%r71, %r55, 27, %r70;
	mad.lo.s32 	%r72, %r58, 9, %r71;
	mad.lo.s32 	%r15, %r65, 3, %r72;
	add.s32 	%r73, %r83, %r84;
	add.s32 	%r74, %r73, %r91;
	add.s32 	%r75, %r74, %r15;
	add.s32 	%r96, %r75, 3;
	st.shared.u32 	[%r3], %r96;
	bar.sync 	0;
	add.s32 	%r91, %r91, 4;
	add.s32 	%r86, %r86, 12;
	add.s32 	%r85, %r85, 144;
	add.s32 	%r84, %r84, 12;
	add.s32 	%r83, %r83, 144;
	add.s32 	%r82, %r82, 12;
	add.s32 	%r89, %r89, -4;
	setp.ne.s32 	%p3, %r89, 0;
	@%p3 bra 	$L__BB2_3;

	add.s32 	%r76, %r15, %r91;
	add.s32 	%r77, %r76, %r85;
	add.s32 	%r78, %r77, %r86;
	add.s32 	%r96, %r78, -1;

$L__BB2_5:
	setp.eq.s32 	%p4, %r95, 0;
	@%p4 bra 	$L__BB2_8;

$L__BB2_6:
	.pragma "nounroll";
	ld.shared.u32 	%r79, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r31, %r96, 3, %r79;
	add.s32 	%r96, %r91, %r31;
	st.shared.u32 	[%r3], %r96;
	bar.sync 	0;
	add.s32 	%r91, %r91, 1;
	add.s32 	%r95, %r95, -1;
	setp.ne.s32 	%p5, %r95, 0;
	@%p5 bra 	$L__BB2_6;

	add.s32 	%r80, %r31, %r91;
	add.s32 	%r96, %r80, -1;

$L__BB2_8:
	bar.sync 	0;
	cvta.to.global.u64 	%rd7, %rd2;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	xor.b32  	%r81, %r96, 85;
	st.global.u32 	[%rd9], %r81;
	ret;

}
	// .globl	in_if
.visible .entry in_if(
	.param .u64 in_if_param_0,
	.param .u64 in_if_param_1
)
{
	.reg .pred 	%p<8>;
	.reg .b32 	%r<101>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ5in_ifE1s[512];

	ld.param.u64 	%rd2, [in_if_param_0];
	ld.param.u64 	%rd3, [in_if_param_1];
	mov.u32 	%r37, %tid.x;
	cvt.s64.s32 	%rd1, %r37;
	cvta.to.global.u64 	%rd4, %rd3;
	mul.wide.s32 	%rd5, %r37, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r1, [%rd6];
	mad.lo.s32 	%r100, %r37, 5, 1;
	shl.b32 	%r38, %r37, 2;
	mov.u32 	%r39, _ZZ5in_ifE1s;
	add.s32 	%r3, %r39, %r38;
	st.shared.u32 	[%r3], %r100;
	bar.sync 	0;
	mul.hi.s32 	%r40, %r37, 1431655766;
	shr.u32 	%r41, %r40, 31;
	add.s32 	%r42, %r40, %r41;
	mul.lo.s32 	%r43, %r42, 3;
	sub.s32 	%r44, %r37, %r43;
	setp.eq.s32 	%p1, %r44, 0;
	setp.lt.s32 	%p2, %r1, 1;
	or.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB3_8;

	cvt.u32.u64 	%r47, %rd1;
	add.s32 	%r48, %r47, 1;
	mov.u32 	%r49, %ntid.x;
	rem.u32 	%r50, %r48, %r49;
	shl.b32 	%r51, %r50, 2;
	add.s32 	%r4, %r39, %r51;
	and.b32  	%r99, %r1, 3;
	add.s32 	%r53, %r1, -1;
	setp.lt.u32 	%p4, %r53, 3;
	mov.u32 	%r95, 0;
	@%p4 bra 	$L__BB3_5;

	sub.s32 	%r93, %r1, %r99;
	mov.u32 	%r86, 0;
	mov.u32 	%r90, -6;
	mov.u32 	%r89, -135;
	mov.u32 	%r88, 6;
	mov.u32 	%r87, 9;
	mov.u32 	%r95, %r86;

$L__BB3_3:
	ld.shared.u32 	%r60, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r61, %r100, 3, %r60;
	add.s32 	%r62, %r95, %r61;
	st.shared.u32 	[%r3], %r62;
	bar.sync 	0;
	ld.shared.u32 	%r63, [%r4];
	bar.sync 	0;
	mul.lo.s32 	%r64, %r60, 3;
	mad.lo.s32 	%r65, %r100, 9, %r64;
	add.s32 	%r66, %r86, %r65;
	add.s32 	%r67, %r95, %r66;
	add.s32 	%r68, %r67, %r63;
	add.s32 	%r69, %r68, 1;
	st.shared.u32 	[%r3], %r69;
	bar.sync 	0;
	ld.shared.u32 	%r70, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r71, %r69, 3, %r95;
	add.s32 	%r72, %r71, %r70;
	add.s32 	%r73, %r72, 2;
	st.shared.u32 	[%r3], %r73;
	bar.sync 	0;
	ld.shared.u32 	%r74, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r75, %r100, 81, %r74;
	mad.lo.s32 	%r76, %r60, 27, %r75;
	mad.lo.s32 	%r77, %r63, 9, %r76;
	mad.lo.s32 	%r15, %r70, 3, %r77;
	add.s32 	%r78, %r87, %r88;
	add.s32 	%r79, %r78, %r95;
	add.s32 	%r80, %r79, %r15;
	add.s32 	%r100, %r80, 3;
	st.shared.u32 	[%r3], %r100;
	bar.sync 	0;
	add.s32 	%r95, %r95, 4;
	add.s32 	%r90, %r90, 12;
	add.s32 	%r89, %r89, 144;
	add.s32 	%r88, %r88, 12;
	add.s32 	%r87, %r87, 144;
	add.s32 	%r86, %r86, 12;
	add.s32 	%r93, %r93, -4;
	setp.ne.s32 	%p5, %r93, 0;
	@%p5 bra 	$L__BB3_3;

	add.s32 	%r81, %r15, %r95;
	add.s32 	%r82, %r81, %r89;
	add.s32 	%r83, %r82, %r90;
	add.s32 	%r100, %r83, -1;

$L__BB3_5:
	setp.eq.s32 	%p6, %r99, 0;
	@%p6 bra 	$L__BB3_8;

$L__BB3_6:
	.pragma "nounroll";
	ld.shared.u32 	%r84, [%r4];
	bar.sync 	0;
	mad.lo.s32 	%r31, %r100, 3, %r84;
	add.s32 	%r100, %r95, %r31;
	st.shared.u32 	[%r3], %r100;
	bar.sync 	0;
	add.s32 	%r95, %r95, 1;
	add.s32 	%r99, %r99, -1;
	setp.ne.s32 	%p7, %r99, 0;
	@%p7 bra 	$L__BB3_6;

	add.s32 	%r85, %r31, %r95;
	add.s32 	%r100, %r85, -1;

$L__BB3_8:
	bar.sync 	0;
	cvta.to.global.u64 	%rd7, %rd2;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r100;
	ret;

}
	// .globl	deadlock
.visible .entry deadlock(
	.param .u64 deadlock_param_0,
	.param .u64 deadlock_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [deadlock_param_0];
	mov.u32 	%r1, %tid.x;
	setp.lt.u32 	%p1, %r1, 32;
	@%p1 bra 	$L__BB4_2;
	bra.uni 	$L__BB4_1;

$L__BB4_2:
	// begin inline asm
	bar.sync 1;
	// end inline asm
	bra.uni 	$L__BB4_3;

$L__BB4_1:
	// begin inline asm
	bar.sync 2;
	// end inline asm

$L__BB4_3:
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.u32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	mov.u32 	%r2, 1;
	st.global.u32 	[%rd4], %r2;
	ret;

}
	// .globl	one_side
.visible .entry one_side(
	.param .u64 one_side_param_0,
	.param .u64 one_side_param_1
)
{
	.reg .pred 	%p<9>;
	.reg .b32 	%r<22>;
	.reg .b64 	%rd<13>;
	// demoted variable
	.shared .align 4 .b8 _ZZ8one_sideE1s[512];

	ld.param.u64 	%rd3, [one_side_param_0];
	ld.param.u64 	%rd4, [one_side_param_1];
	mov.u32 	%r5, %tid.x;
	cvt.s64.s32 	%rd1, %r5;
	cvta.to.global.u64 	%rd2, %rd4;
	mul.wide.s32 	%rd5, %r5, 4;
	add.s64 	%rd6, %rd2, %rd5;
	ld.global.u32 	%r6, [%rd6];
	and.b32  	%r7, %r6, 1;
	setp.eq.b32 	%p1, %r7, 1;
	mov.pred 	%p2, 0;
	xor.pred  	%p3, %p1, %p2;
	not.pred 	%p4, %p3;
	@%p4 bra 	$L__BB5_3;
	bra.uni 	$L__BB5_1;

$L__BB5_3:
	cvt.u32.u64 	%r19, %rd1;
	neg.s32 	%r21, %r19;
	bra.uni 	$L__BB5_4;

$L__BB5_1:
	cvt.u32.u64 	%r9, %rd1;
	mul.lo.s32 	%r10, %r9, 7;
	shl.b32 	%r11, %r9, 2;
	mov.u32 	%r12, _ZZ8one_sideE1s;
	add.s32 	%r13, %r12, %r11;
	st.shared.u32 	[%r13], %r10;
	bar.sync 	0;
	xor.b32  	%r1, %r9, 2;
	mul.wide.s32 	%rd7, %r9, 4;
	xor.b64  	%rd8, %rd7, 8;
	add.s64 	%rd9, %rd2, %rd8;
	ld.global.u32 	%r14, [%rd9];
	and.b32  	%r15, %r14, 1;
	setp.eq.b32 	%p5, %r15, 1;
	xor.pred  	%p7, %p5, %p2;
	not.pred 	%p8, %p7;
	mov.u32 	%r21, -5;
	@%p8 bra 	$L__BB5_4;

	shl.b32 	%r16, %r1, 2;
	add.s32 	%r18, %r12, %r16;
	ld.shared.u32 	%r21, [%r18];

$L__BB5_4:
	add.s32 	%r20, %r21, 1000;
	cvta.to.global.u64 	%rd10, %rd3;
	shl.b64 	%rd11, %rd1, 2;
	add.s64 	%rd12, %rd10, %rd11;
	st.global.u32 	[%rd12], %r20;
	ret;

}
	// .globl	count_loop
.visible .entry count_loop(
	.param .u64 count_loop_param_0,
	.param .u64 count_loop_param_1
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<114>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ10count_loopE1s[512];

	ld.param.u64 	%rd2, [count_loop_param_0];
	ld.param.u64 	%rd3, [count_loop_param_1];
	cvta.to.global.u64 	%rd4, %rd3;
	mov.u32 	%r37, %tid.x;
	cvt.s64.s32 	%rd1, %r37;
	mul.wide.s32 	%rd5, %r37, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r1, [%rd6];
	mad.lo.s32 	%r113, %r37, 5, 1;
	shl.b32 	%r38, %r37, 2;
	mov.u32 	%r39, _ZZ10count_loopE1s;
	add.s32 	%r3, %r39, %r38;
	st.shared.u32 	[%r3], %r113;
	bar.sync 	0;
	setp.lt.s32 	%p1, %r1, 1;
	@%p1 bra 	$L__BB6_8;

	cvt.u32.u64 	%r42, %rd1;
	add.s32 	%r43, %r42, 1;
	mov.u32 	%r44, %ntid.x;
	rem.u32 	%r45, %r43, %r44;
	shl.b32 	%r46, %r45, 2;
	add.s32 	%r4, %r39, %r46;
	and.b32  	%r112, %r1, 3;
	add.s32 	%r48, %r1, -1;
	setp.lt.u32 	%p2, %r48, 3;
	mov.u32 	%r108, 0;
	@%p2 bra 	$L__BB6_5;

	sub.s32 	%r106, %r1, %r112;
	mov.u32 	%r99, 0;
	mov.u32 	%r103, -6;
	mov.u32 	%r102, -135;
	mov.u32 	%r101, 6;
	mov.u32 	%r100, 9;
	mov.u32 	%r108, %r99;

$L__BB6_3:
	ld.shared.u32 	%r55, [%r4];
	and.b32  	%r56, %r55, 1;
	{ 
	.reg .pred 	%p1; 
	setp.ne.u32 	%p1, %r56, 0; 
	bar.red.popc.u32 	%r57, 0, %p1; 
	}
	add.s32 	%r58, %r57, %r55;
	mad.lo.s32 	%r59, %r113, 3, %r58;
	add.s32 	%r60, %r108, %r59;
	st.shared.u32 	[%r3], %r60;
	bar.sync 	0;
	ld.shared.u32 	%r61, [%r4];
	and.b32  	%r62, %r61, 1;
	{ 
	.reg .pred 	%p1; 
	setp.ne.u32 	%p1, %r62, 0; 
	bar.red.popc.u32 	%r63, 0, %p1; 
	}
	mul.lo.s32 	%r64, %r57, 3;
	mad.lo.s32 	%r65, %r113, 9, %r64;
	mad.lo.s32 	%r66, %r55, 3, %r65;
	add.s32 	%r67, %r99, %r66;
	add.s32 	%r68, %r108, %r67;
	add.s32 	%r69, %r68, %r61;
	add.s32 	%r70, %r69, %r63;
	add.s32 	%r71, %r70, 1;
	st.shared.u32 	[%r3], %r71;
	bar.sync 	0;
	ld.shared.u32 	%r72, [%r4];
	and.b32  	%r73, %r72, 1;
	{ 
	.reg .pred 	%p1; 
	setp.ne.u32 	%p1, %r73, 0; 
	bar.red.popc.u32 	%r74, 0, %p1; 
	}
	mad.lo.s32 	%r75, %r71, 3, %r108;
	add.s32 	%r76, %r75, %r72;
	add.s32 	%r77, %r76, %r74;
	add.s32 	%r78, %r77, 2;
	st.shared.u32 	[%r3], %r78;
	bar.sync 	0;
	ld.shared.u32 	%r79, [%r4];
	and.b32  	%r80, %r79, 1;
	{ 
	.reg .pred 	%p1; 
	setp.ne.u32 	%p1, %r80, 0; 
	bar.red.popc.u32 	%r81, 0, %p1; 
	}
	add.s32 	%r82, %r81, %r79;
	mad.lo.s32 	%r83, %r113, 81, %r82;
	mad.lo.s32 	%r84, %r58, 27, %r83;
	mad.lo.s32 	%r85, %r63, 9, %r84;
	mad.lo.s32 	%r86, %r61, 9, %r85;
	mad.lo.s32 	%r87, %r74, 3, %r86;
	mad.lo.s32 	%r15, %r72, 3, %r87;
	add.s32 	%r88, %r100, %r101;
	add.s32 	%r89, %r88, %r108;
	add.s32 	%r90, %r89, %r15;
	add.s32 	%r113, %r90, 3;
	st.shared.u32 	[%r3], %r113;
	bar.sync 	0;
	add.s32 	%r108, %r108, 4;
	add.s32 	%r103, %r103, 12;
	add.s32 	%r102, %r102, 144;
	add.s32 	%r101, %r101, 12;
	add.s32 	%r100, %r100, 144;
	add.s32 	%r99, %r99, 12;
	add.s32 	%r106, %r106, -4;
	setp.ne.s32 	%p3, %r106, 0;
	@%p3 bra 	$L__BB6_3;

	add.s32 	%r91, %r15, %r108;
	add.s32 	%r92, %r91, %r102;
	add.s32 	%r93, %r92, %r103;
	add.s32 	%r113, %r93, -1;

$L__BB6_5:
	setp.eq.s32 	%p4, %r112, 0;
	@%p4 bra 	$L__BB6_8;

$L__BB6_6:
	.pragma "nounroll";
	ld.shared.u32 	%r94, [%r4];
	and.b32  	%r95, %r94, 1;
	{ 
	.reg .pred 	%p1; 
	setp.ne.u32 	%p1, %r95, 0; 
	bar.red.popc.u32 	%r96, 0, %p1; 
	}
	add.s32 	%r97, %r96, %r94;
	mad.lo.s32 	%r31, %r113, 3, %r97;
	add.s32 	%r113, %r108, %r31;
	st.shared.u32 	[%r3], %r113;
	bar.sync 	0;
	add.s32 	%r108, %r108, 1;
	add.s32 	%r112, %r112, -1;
	setp.ne.s32 	%p5, %r112, 0;
	@%p5 bra 	$L__BB6_6;

	add.s32 	%r98, %r31, %r108;
	add.s32 	%r113, %r98, -1;

$L__BB6_8:
	cvta.to.global.u64 	%rd7, %rd2;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r113;
	ret;

}

#endif // end of bar_loop.ptx
