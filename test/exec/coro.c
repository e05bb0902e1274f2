/* coro.c — kernels whose warps wait at barriers as coroutines (their
 * barriers are their own) against the same kernels with the barrier in a
 * called function (fibers) and against C: block sums with a barrier in a
 * loop and values live across it, bar.red, and a fault after a barrier
 * followed by a good launch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

enum { CTAS = 24, THREADS = 256, N = CTAS * THREADS };

static int failed;

static void
report(const char *name, int ok, const char *why)
{
    printf("%s exec/coro/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : why);
    failed |= !ok;
}

/* whether the shared object has a local symbol of this name: CoroSplit
 * names a coroutine's resume part NAME.resume */
static int
has_symbol(const char *path, const char *name)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t len = strlen(name) + 1, got = 0;
    int c, found = 0;
    while (!found && (c = fgetc(f)) != EOF) {
        got = c == (unsigned char)name[got] ? got + 1 : c == (unsigned char)name[0] ? 1 : 0;
        found = got == len;
    }
    fclose(f);
    return found;
}

/* The line of fault_after_barrier's global store in this file's PTX
 * section, which the module's line table gives (sections.sh keeps the
 * lines of the test file). */
static int
store_line(void)
{
    FILE *f = fopen(__FILE__, "r");
    char line[300];
    int n = 0, in = 0, found = 0;
    while (f && !found && fgets(line, sizeof line, f)) {
        n++;
        in |= strncmp(line, ".visible .entry fault_after_barrier(", 36) == 0;
        found = in && strncmp(line, "\tst.global.u32", 14) == 0;
    }
    if (f)
        fclose(f);
    return found ? n : -1;
}

/* what tree_sum mixes from a thread's value (PTX's shl: the bits of a
 * two's-complement shift, done here unsigned) */
static int
mix_of(int v)
{
    unsigned m = 0;
    for (int k = 0; k < 16; k++)
        m ^= (unsigned)(v * (k + 1) + k) << (k & 7);
    return (int)m;
}

static void
sums(p2n_module *m, const char *kernel, const int *x)
{
    static int sum[CTAS], mix[N];
    int *px = (int *)x, *ps = sum, *pm = mix;
    void *p[] = {&px, &ps, &pm};
    memset(sum, 0, sizeof sum);
    memset(mix, 0, sizeof mix);
    p2n_result r = p2n_launch(m, kernel, (p2n_dim3){CTAS, 1, 1}, (p2n_dim3){THREADS, 1, 1}, 0, p);
    char why[300] = "";
    for (int b = 0; r == P2N_SUCCESS && !*why && b < CTAS; b++) {
        int want = 0;
        for (int t = 0; t < THREADS; t++)
            want += x[b * THREADS + t];
        if (sum[b] != want)
            snprintf(why, sizeof why, "CTA %d: sum %d, expected %d", b, sum[b], want);
    }
    for (int i = 0; r == P2N_SUCCESS && !*why && i < N; i++)
        if (mix[i] != mix_of(x[i]))
            snprintf(why, sizeof why, "thread %d: %d live values give %#x, expected %#x", i, 16,
                     mix[i], mix_of(x[i]));
    if (r != P2N_SUCCESS)
        snprintf(why, sizeof why, "%s", p2n_error_message());
    char name[80];
    snprintf(name, sizeof name, "%s", kernel);
    report(name, !*why, why);
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/coro/load: %s\n", p2n_error_message());
        return 1;
    }
    size_t len = strlen(argv[1]);
    if (len < 4 || strcmp(argv[1] + len - 4, ".ptx") != 0) { /* not the reference interpreter's */
        report("tree_sum_is_a_coroutine", has_symbol(argv[1], "p2n.kernel.tree_sum.resume"),
               "no p2n.kernel.tree_sum.resume in the module");
        report("tree_sum_func_has_fibers",
               !has_symbol(argv[1], "p2n.kernel.tree_sum_func.resume"),
               "p2n.kernel.tree_sum_func.resume: a coroutine although its barrier is in a call");
    }

    static int x[N];
    srand(7);
    for (int i = 0; i < N; i++)
        x[i] = rand() % 2001 - 1000;
    sums(m, "tree_sum", x);
    sums(m, "tree_sum_func", x);

    /* bar.red: count of odd values, all below the limit, any zero, per CTA */
    static int out[3 * N];
    int *px = x, *po = out, limit = 990;
    x[5 * THREADS + 17] = 0; /* CTA 5 has a zero */
    void *p[] = {&px, &limit, &po};
    p2n_result r = p2n_launch(m, "votes", (p2n_dim3){CTAS, 1, 1}, (p2n_dim3){THREADS, 1, 1}, 0, p);
    char why[300] = "";
    for (int b = 0; r == P2N_SUCCESS && !*why && b < CTAS; b++) {
        int odd = 0, all = 1, any = 0;
        for (int t = 0; t < THREADS; t++) {
            int v = x[b * THREADS + t];
            odd += v & 1;
            all &= v < limit;
            any |= v == 0;
        }
        for (int t = 0; t < THREADS && !*why; t++) {
            const int *o = &out[3 * (b * THREADS + t)];
            if (o[0] != odd || o[1] != all || o[2] != any)
                snprintf(why, sizeof why, "CTA %d thread %d: %d %d %d, expected %d %d %d", b, t,
                         o[0], o[1], o[2], odd, all, any);
        }
    }
    if (r != P2N_SUCCESS)
        snprintf(why, sizeof why, "%s", p2n_error_message());
    report("bar_red", !*why, why);

    /* a fault after a barrier ends the launch; the next one runs */
    int bad = x[3 * THREADS + 40];
    int *nowhere = NULL;
    void *q[] = {&px, &bad, &po, &nowhere};
    r = p2n_launch(m, "fault_after_barrier", (p2n_dim3){CTAS, 1, 1}, (p2n_dim3){THREADS, 1, 1}, 0,
                   q);
    const char *msg = p2n_error_message();
    char at[40];
    snprintf(at, sizeof at, "coro.ptx:%d ", store_line());
    report("fault_after_barrier",
           r == P2N_ERROR_ILLEGAL_ADDRESS && strstr(msg, "fault_after_barrier") && strstr(msg, at),
           msg);
    sums(m, "tree_sum", x);
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file coro.cu
// Warps that wait at barriers: kernels whose barriers are their own run as
// coroutines; the *_func twins, whose barrier is in a called function, run
// as fibers.  Reference: coro.c (the same sums in C).

__device__ __noinline__ void sync_in_func(void)
{
    __syncthreads();
}

// Per CTA, the sum of its 256 values by a tree in shared memory: a
// barrier in a loop.  Each thread also keeps 16 values live across every
// barrier.
extern "C" __global__ void tree_sum(const int *x, int *sum, int *mix)
{
    __shared__ int s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    int keep[16];
    for (int k = 0; k < 16; k++)
        keep[k] = x[i] * (k + 1) + k;
    s[t] = x[i];
    __syncthreads();
    for (int o = blockDim.x / 2; o > 0; o >>= 1) {
        if (t < o)
            s[t] += s[t + o];
        __syncthreads();
    }
    if (t == 0)
        sum[blockIdx.x] = s[0];
    int m = 0;
    for (int k = 0; k < 16; k++)
        m ^= keep[k] << (k & 7);
    mix[i] = m;
}

extern "C" __global__ void tree_sum_func(const int *x, int *sum, int *mix)
{
    __shared__ int s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    int keep[16];
    for (int k = 0; k < 16; k++)
        keep[k] = x[i] * (k + 1) + k;
    s[t] = x[i];
    sync_in_func();
    for (int o = blockDim.x / 2; o > 0; o >>= 1) {
        if (t < o)
            s[t] += s[t + o];
        sync_in_func();
    }
    if (t == 0)
        sum[blockIdx.x] = s[0];
    int m = 0;
    for (int k = 0; k < 16; k++)
        m ^= keep[k] << (k & 7);
    mix[i] = m;
}

// bar.red: how many threads of the CTA have an odd value, whether all
// are below `limit`, whether any is 0; each thread stores the three.
extern "C" __global__ void votes(const int *x, int limit, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = x[i];
    int n = __syncthreads_count(v & 1);
    int all = __syncthreads_and(v < limit);
    int any = __syncthreads_or(v == 0);
    out[3 * i] = n;
    out[3 * i + 1] = all;
    out[3 * i + 2] = any;
}

// After a barrier, the threads whose neighbour's value is `bad` store
// through `nowhere` (the host passes NULL): the launch fails.
extern "C" __global__ void fault_after_barrier(const int *x, int bad, int *out, int *nowhere)
{
    __shared__ int s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = x[i];
    __syncthreads();
    int *p = s[(t + 1) % blockDim.x] == bad ? nowhere : out;
    p[i] = s[(t + 1) % blockDim.x];
}
#endif // end of coro.cu
#if 0 // test-file coro.ptx
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

// _ZZ8tree_sumE1s has been demoted
// _ZZ13tree_sum_funcE1s has been demoted
// _ZZ19fault_after_barrierE1s has been demoted

.func _Z12sync_in_funcv()
{



	bar.sync 	0;
	ret;

}
	// .globl	tree_sum
.visible .entry tree_sum(
	.param .u64 tree_sum_param_0,
	.param .u64 tree_sum_param_1,
	.param .u64 tree_sum_param_2
)
{
	.reg .pred 	%p<5>;
	.reg .b32 	%r<56>;
	.reg .b64 	%rd<14>;
	// demoted variable
	.shared .align 4 .b8 _ZZ8tree_sumE1s[1024];

	ld.param.u64 	%rd4, [tree_sum_param_0];
	ld.param.u64 	%rd2, [tree_sum_param_1];
	ld.param.u64 	%rd3, [tree_sum_param_2];
	cvta.to.global.u64 	%rd5, %rd4;
	mov.u32 	%r7, %ntid.x;
	mov.u32 	%r8, %ctaid.x;
	mov.u32 	%r1, %tid.x;
	mad.lo.s32 	%r9, %r8, %r7, %r1;
	cvt.s64.s32 	%rd1, %r9;
	mul.wide.s32 	%rd6, %r9, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u32 	%r2, [%rd7];
	shl.b32 	%r10, %r1, 2;
	mov.u32 	%r11, _ZZ8tree_sumE1s;
	add.s32 	%r3, %r11, %r10;
	st.shared.u32 	[%r3], %r2;
	bar.sync 	0;
	shr.u32 	%r55, %r7, 1;
	setp.eq.s32 	%p1, %r55, 0;
	@%p1 bra 	$L__BB1_4;

$L__BB1_1:
	setp.ge.s32 	%p2, %r1, %r55;
	@%p2 bra 	$L__BB1_3;

	shl.b32 	%r12, %r55, 2;
	add.s32 	%r13, %r3, %r12;
	ld.shared.u32 	%r14, [%r3];
	ld.shared.u32 	%r15, [%r13];
	add.s32 	%r16, %r14, %r15;
	st.shared.u32 	[%r3], %r16;

$L__BB1_3:
	bar.sync 	0;
	shr.u32 	%r55, %r55, 1;
	setp.ne.s32 	%p3, %r55, 0;
	@%p3 bra 	$L__BB1_1;

$L__BB1_4:
	setp.ne.s32 	%p4, %r1, 0;
	@%p4 bra 	$L__BB1_6;

	ld.shared.u32 	%r17, [_ZZ8tree_sumE1s];
	cvta.to.global.u64 	%rd8, %rd2;
	mul.wide.u32 	%rd9, %r8, 4;
	add.s64 	%rd10, %rd8, %rd9;
	st.global.u32 	[%rd10], %r17;

$L__BB1_6:
	mad.lo.s32 	%r19, %r2, 9, 8;
	shl.b32 	%r20, %r2, 2;
	or.b32  	%r21, %r20, 2;
	xor.b32  	%r22, %r21, %r2;
	mad.lo.s32 	%r23, %r2, 3, %r19;
	xor.b32  	%r24, %r23, %r22;
	shl.b32 	%r25, %r2, 5;
	or.b32  	%r26, %r25, 24;
	xor.b32  	%r27, %r26, %r24;
	mad.lo.s32 	%r28, %r2, 80, 64;
	xor.b32  	%r29, %r28, %r27;
	mad.lo.s32 	%r30, %r2, 192, 160;
	xor.b32  	%r31, %r30, %r29;
	mul.lo.s32 	%r32, %r2, 448;
	add.s32 	%r33, %r32, 384;
	xor.b32  	%r34, %r33, %r31;
	shl.b32 	%r35, %r2, 10;
	or.b32  	%r36, %r35, 896;
	xor.b32  	%r37, %r36, %r34;
	xor.b32  	%r38, %r19, %r37;
	mad.lo.s32 	%r39, %r2, 20, 18;
	xor.b32  	%r40, %r39, %r38;
	mad.lo.s32 	%r41, %r2, 44, 40;
	xor.b32  	%r42, %r41, %r40;
	mad.lo.s32 	%r43, %r2, 96, 88;
	xor.b32  	%r44, %r43, %r42;
	mad.lo.s32 	%r45, %r2, 208, 192;
	xor.b32  	%r46, %r45, %r44;
	add.s32 	%r47, %r32, 416;
	xor.b32  	%r48, %r47, %r46;
	shl.b32 	%r49, %r2, 6;
	sub.s32 	%r50, %r36, %r49;
	xor.b32  	%r51, %r50, %r48;
	shl.b32 	%r52, %r2, 11;
	or.b32  	%r53, %r52, 1920;
	xor.b32  	%r54, %r53, %r51;
	cvta.to.global.u64 	%rd11, %rd3;
	shl.b64 	%rd12, %rd1, 2;
	add.s64 	%rd13, %rd11, %rd12;
	st.global.u32 	[%rd13], %r54;
	ret;

}
	// .globl	tree_sum_func
.visible .entry tree_sum_func(
	.param .u64 tree_sum_func_param_0,
	.param .u64 tree_sum_func_param_1,
	.param .u64 tree_sum_func_param_2
)
{
	.reg .pred 	%p<5>;
	.reg .b32 	%r<56>;
	.reg .b64 	%rd<14>;
	// demoted variable
	.shared .align 4 .b8 _ZZ13tree_sum_funcE1s[1024];

	ld.param.u64 	%rd4, [tree_sum_func_param_0];
	ld.param.u64 	%rd2, [tree_sum_func_param_1];
	ld.param.u64 	%rd3, [tree_sum_func_param_2];
	cvta.to.global.u64 	%rd5, %rd4;
	mov.u32 	%r7, %ntid.x;
	mov.u32 	%r8, %ctaid.x;
	mov.u32 	%r1, %tid.x;
	mad.lo.s32 	%r9, %r8, %r7, %r1;
	cvt.s64.s32 	%rd1, %r9;
	mul.wide.s32 	%rd6, %r9, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u32 	%r2, [%rd7];
	shl.b32 	%r10, %r1, 2;
	mov.u32 	%r11, _ZZ13tree_sum_funcE1s;
	add.s32 	%r3, %r11, %r10;
	st.shared.u32 	[%r3], %r2;
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	call.uni 
	_Z12sync_in_funcv, 
	(
	);
	} // callseq 0
	shr.u32 	%r55, %r7, 1;
	setp.eq.s32 	%p1, %r55, 0;
	@%p1 bra 	$L__BB2_4;

$L__BB2_1:
	setp.ge.s32 	%p2, %r1, %r55;
	@%p2 bra 	$L__BB2_3;

	shl.b32 	%r12, %r55, 2;
	add.s32 	%r13, %r3, %r12;
	ld.shared.u32 	%r14, [%r3];
	ld.shared.u32 	%r15, [%r13];
	add.s32 	%r16, %r14, %r15;
	st.shared.u32 	[%r3], %r16;

$L__BB2_3:
	{ // callseq 1, 0
	.reg .b32 temp_param_reg;
	call.uni 
	_Z12sync_in_funcv, 
	(
	);
	} // callseq 1
	shr.u32 	%r55, %r55, 1;
	setp.ne.s32 	%p3, %r55, 0;
	@%p3 bra 	$L__BB2_1;

$L__BB2_4:
	setp.ne.s32 	%p4, %r1, 0;
	@%p4 bra 	$L__BB2_6;

	ld.shared.u32 	%r17, [_ZZ13tree_sum_funcE1s];
	cvta.to.global.u64 	%rd8, %rd2;
	mul.wide.u32 	%rd9, %r8, 4;
	add.s64 	%rd10, %rd8, %rd9;
	st.global.u32 	[%rd10], %r17;

$L__BB2_6:
	mad.lo.s32 	%r19, %r2, 9, 8;
	shl.b32 	%r20, %r2, 2;
	or.b32  	%r21, %r20, 2;
	xor.b32  	%r22, %r21, %r2;
	mad.lo.s32 	%r23, %r2, 3, %r19;
	xor.b32  	%r24, %r23, %r22;
	shl.b32 	%r25, %r2, 5;
	or.b32  	%r26, %r25, 24;
	xor.b32  	%r27, %r26, %r24;
	mad.lo.s32 	%r28, %r2, 80, 64;
	xor.b32  	%r29, %r28, %r27;
	mad.lo.s32 	%r30, %r2, 192, 160;
	xor.b32  	%r31, %r30, %r29;
	mul.lo.s32 	%r32, %r2, 448;
	add.s32 	%r33, %r32, 384;
	xor.b32  	%r34, %r33, %r31;
	shl.b32 	%r35, %r2, 10;
	or.b32  	%r36, %r35, 896;
	xor.b32  	%r37, %r36, %r34;
	xor.b32  	%r38, %r19, %r37;
	mad.lo.s32 	%r39, %r2, 20, 18;
	xor.b32  	%r40, %r39, %r38;
	mad.lo.s32 	%r41, %r2, 44, 40;
	xor.b32  	%r42, %r41, %r40;
	mad.lo.s32 	%r43, %r2, 96, 88;
	xor.b32  	%r44, %r43, %r42;
	mad.lo.s32 	%r45, %r2, 208, 192;
	xor.b32  	%r46, %r45, %r44;
	add.s32 	%r47, %r32, 416;
	xor.b32  	%r48, %r47, %r46;
	shl.b32 	%r49, %r2, 6;
	sub.s32 	%r50, %r36, %r49;
	xor.b32  	%r51, %r50, %r48;
	shl.b32 	%r52, %r2, 11;
	or.b32  	%r53, %r52, 1920;
	xor.b32  	%r54, %r53, %r51;
	cvta.to.global.u64 	%rd11, %rd3;
	shl.b64 	%rd12, %rd1, 2;
	add.s64 	%rd13, %rd11, %rd12;
	st.global.u32 	[%rd13], %r54;
	ret;

}
	// .globl	votes
.visible .entry votes(
	.param .u64 votes_param_0,
	.param .u32 votes_param_1,
	.param .u64 votes_param_2
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<14>;
	.reg .b64 	%rd<9>;


	ld.param.u64 	%rd1, [votes_param_0];
	ld.param.u32 	%r1, [votes_param_1];
	ld.param.u64 	%rd2, [votes_param_2];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r2, %r3, %r4;
	mul.wide.s32 	%rd5, %r5, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r6, [%rd6];
	and.b32  	%r7, %r6, 1;
	{ 
	.reg .pred 	%p1; 
	setp.ne.u32 	%p1, %r7, 0; 
	bar.red.popc.u32 	%r8, 0, %p1; 
	}
	setp.lt.s32 	%p1, %r6, %r1;
	selp.u32 	%r9, 1, 0, %p1;
	{ 
	.reg .pred 	%p1; 
	.reg .pred 	%p2; 
	setp.ne.u32 	%p1, %r9, 0; 
	bar.red.and.pred 	%p2, 0, %p1; 
	selp.u32 	%r10, 1, 0, %p2; 
	}
	setp.eq.s32 	%p2, %r6, 0;
	selp.u32 	%r11, 1, 0, %p2;
	{ 
	.reg .pred 	%p1; 
	.reg .pred 	%p2; 
	setp.ne.u32 	%p1, %r11, 0; 
	bar.red.or.pred 	%p2, 0, %p1; 
	selp.u32 	%r12, 1, 0, %p2; 
	}
	mul.lo.s32 	%r13, %r5, 3;
	mul.wide.s32 	%rd7, %r13, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.u32 	[%rd8], %r8;
	st.global.u32 	[%rd8+4], %r10;
	st.global.u32 	[%rd8+8], %r12;
	ret;

}
	// .globl	fault_after_barrier
.visible .entry fault_after_barrier(
	.param .u64 fault_after_barrier_param_0,
	.param .u32 fault_after_barrier_param_1,
	.param .u64 fault_after_barrier_param_2,
	.param .u64 fault_after_barrier_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<15>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ19fault_after_barrierE1s[1024];

	ld.param.u64 	%rd1, [fault_after_barrier_param_0];
	ld.param.u32 	%r1, [fault_after_barrier_param_1];
	ld.param.u64 	%rd2, [fault_after_barrier_param_2];
	ld.param.u64 	%rd3, [fault_after_barrier_param_3];
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mad.lo.s32 	%r5, %r3, %r4, %r2;
	mul.wide.s32 	%rd5, %r5, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r6, [%rd6];
	shl.b32 	%r7, %r2, 2;
	mov.u32 	%r8, _ZZ19fault_after_barrierE1s;
	add.s32 	%r9, %r8, %r7;
	st.shared.u32 	[%r9], %r6;
	bar.sync 	0;
	add.s32 	%r10, %r2, 1;
	rem.u32 	%r11, %r10, %r4;
	shl.b32 	%r12, %r11, 2;
	add.s32 	%r13, %r8, %r12;
	ld.shared.u32 	%r14, [%r13];
	setp.eq.s32 	%p1, %r14, %r1;
	selp.b64 	%rd7, %rd3, %rd2, %p1;
	cvta.to.global.u64 	%rd8, %rd7;
	add.s64 	%rd9, %rd8, %rd5;
	st.global.u32 	[%rd9], %r14;
	ret;

}

#endif // end of coro.ptx
