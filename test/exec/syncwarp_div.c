/* syncwarp_div.c — reference for syncwarp_div.cu.  From the PTX ISA
 * (bar.warp.sync waits until every thread of its member mask has executed
 * a bar.warp.sync, and orders the memory accesses around it) and the CUDA
 * guide (non-exited threads named in the mask must execute a
 * corresponding __syncwarp()): each value below is the one written before
 * the sync that precedes its read, whichever side of the branch wrote it. */
#include "common.h"

enum { N = 64, SENT = 0x5eed };

static int in[2 * N];

int main(int argc, char **argv)
{
    setup(argc, argv, "syncwarp_div");
    for (int t = 0; t < 2 * N; t++) in[t] = (int)(lcg() % 1000);
    const int *pi = in;
    static int got[2 * N], e[2 * N];
    int *po = got;
    void *params[] = {&pi, &po};

    /* ifelse: two blocks of 64; in block 1 lanes 28..31 of each warp exit */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int b = 0; b < 2; b++) {
        const int *a = in + b * N;
        int lim = b == 1 ? 28 : 32;
        for (int t = 0; t < N; t++) {
            int lane = t % 32;
            if (lane >= lim)
                continue;
            if (lane < 16)
                e[b * N + t] = lane + 16 < lim ? a[t] * 3 + 1 + a[t + 16] : -1;
            else
                e[b * N + t] = a[t - 16] * 3 + 1;
        }
    }
    if (launch("ifelse", "ifelse", d3(2, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("ifelse", got, e, 2 * N);

    /* three: group 1 (lane % 3 == 1) holds in[t-1] + 1 */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int t = 0; t < N; t++) {
        int lane = t % 32;
        switch (lane % 3) {
        case 0: e[t] = lane < 31 ? in[t] + 1 : -1; break;
        case 1: e[t] = in[t - 1] + 1; break;
        default: e[t] = (in[t - 2] + 1) * 2; break;
        }
    }
    if (launch("three", "three", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("three", got, e, 2 * N);

    /* subset: lanes 0..15 read their pair's value; the others compute alone */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int t = 0; t < N; t++)
        e[t] = t % 32 < 16 ? in[t ^ 1] + 5 : in[t] * 7;
    if (launch("subset", "subset", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("subset", got, e, 2 * N);
    /* loop: iteration by iteration, the lanes still in it (i < n) write
     * their value, then read their pair's latest one */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    {
        int sh[N] = {0}, v[N];
        for (int t = 0; t < N; t++) v[t] = in[t];
        for (int i = 0; i < 4; i++) {
            for (int t = 0; t < N; t++)
                if (i < t % 4 + 1) sh[t] = v[t];
            for (int t = 0; t < N; t++)
                if (i < t % 4 + 1) v[t] = sh[t ^ 1] + i;
        }
        for (int t = 0; t < N; t++) e[t] = v[t];
    }
    if (launch("loop", "loop", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("loop", got, e, 2 * N);

    /* mixed: lanes with lane % 3 != 0 read the value of the lane of their
     * group below; after the barrier, add the other warp's v */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    {
        int v[N];
        for (int t = 0; t < N; t++) v[t] = t % 32 % 3 == 0 ? 1 : in[t - t % 32 % 3] + 2;
        for (int t = 0; t < N; t++) e[t] = v[t] * 1000 + v[t ^ 32];
    }
    if (launch("mixed", "mixed", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("mixed", got, e, 2 * N);

    /* infunc: lanes with bit 2 clear read what lane ^ 4 passed, plus 9 */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int t = 0; t < N; t++) e[t] = t & 4 ? 0 : in[t ^ 4] + 9;
    if (launch("infunc", "infunc", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("infunc", got, e, 2 * N);
    return finish();
}
#if 0 // test-file syncwarp_div.cu
// __syncwarp() on the divergent paths of a warp (independent thread
// scheduling, sm_70+): the lanes of every side meet at the syncs and
// exchange values through shared memory.  Reference: syncwarp_div.c.

// lanes 0..15 write, sync twice and read what the upper half wrote between
// the syncs; lanes 16..31 sync, read the lower half's value, write, sync.
// In block 1, lanes 28..31 exit first (they are not waited for).
extern "C" __global__ void ifelse(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, lim = blockIdx.x == 1 ? 28 : 32;
    const int *a = in + blockIdx.x * blockDim.x;
    if (lane >= lim)
        return;
    int v;
    if (lane < 16) {
        s[t] = a[t] * 3 + 1;
        __syncwarp();
        __syncwarp();
        v = lane + 16 < lim ? s[t + 16] : -1;
    } else {
        __syncwarp();
        v = s[t - 16];
        s[t] = v + a[t];
        __syncwarp();
    }
    out[blockIdx.x * blockDim.x + t] = v;
}

// three groups by lane % 3, each with its two __syncwarp() calls at other
// points: group 0 writes, group 1 adds one to its left neighbour's value
// between the syncs, groups 0 and 2 read that after the second.
extern "C" __global__ void three(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, g = lane % 3, v;
    if (g == 0) {
        s[t] = in[t];
        __syncwarp();
        __syncwarp();
        v = lane < 31 ? s[t + 1] : -1;
    } else if (g == 1) {
        __syncwarp();
        s[t] = s[t - 1] + 1;
        __syncwarp();
        v = s[t];
    } else {
        __syncwarp();
        __syncwarp();
        v = s[t - 1] * 2;
    }
    out[t] = v;
}

// a member mask that names only the lanes on the running path: lanes
// 0..15 exchange among themselves while lanes 16..31 take another path
// without any sync (they are not members, so they are not waited for).
extern "C" __global__ void subset(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, v;
    if (lane < 16) {
        s[t] = in[t] + 5;
        __syncwarp(0xffff);
        v = s[t ^ 1];
    } else {
        v = in[t] * 7;
    }
    out[t] = v;
}

// a loop whose trip count differs per lane (1..4 by lane % 4), two
// __syncwarp() in it: a lane that left the loop stores its value and
// exits, so it is no longer waited for; the lanes still in the loop read
// their pair's latest value.
extern "C" __global__ void loop(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, n = lane % 4 + 1, v = in[t];
    for (int i = 0; i < n; i++) {
        s[t] = v;
        __syncwarp();
        v = s[t ^ 1] + i;
        __syncwarp();
    }
    out[t] = v;
}

// the two sides of a branch meet at __syncwarp(), then all warps at a
// barrier: each thread adds the value of a thread of the other warp.
extern "C" __global__ void mixed(const int *in, int *out)
{
    __shared__ int s[64], r[64];
    int t = threadIdx.x, lane = t & 31, v;
    if (lane % 3 == 0) {
        s[t] = in[t];
        __syncwarp();
        v = 1;
    } else {
        __syncwarp();
        v = s[t - lane % 3] + 2;
    }
    r[t] = v;
    __syncthreads();
    out[t] = v * 1000 + r[t ^ 32];
}

// the exchange of ifelse inside a function that the whole warp calls
__device__ __noinline__ int exchange(int *s, int t, int x)
{
    int lane = t & 31, v;
    if (lane & 4) {
        s[t] = x;
        __syncwarp();
        v = 0;
    } else {
        __syncwarp();
        v = s[t ^ 4];
    }
    return v;
}

extern "C" __global__ void infunc(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    out[t] = exchange(s, t, in[t] + 9);
}
#endif // end of syncwarp_div.cu
#if 0 // test-file syncwarp_div.ptx
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

// _ZZ6ifelseE1s has been demoted
// _ZZ5threeE1s has been demoted
// _ZZ6subsetE1s has been demoted
// _ZZ4loopE1s has been demoted
// _ZZ5mixedE1s has been demoted
// _ZZ5mixedE1r has been demoted
// _ZZ6infuncE1s has been demoted

.func  (.param .b32 func_retval0) _Z8exchangePiii(
	.param .b32 _Z8exchangePiii_param_0,
	.param .b32 _Z8exchangePiii_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<15>;
	// demoted variable
	.shared .align 4 .b8 _ZZ6infuncE1s[256];

	ld.param.u32 	%r3, [_Z8exchangePiii_param_0];
	ld.param.u32 	%r4, [_Z8exchangePiii_param_1];
	and.b32  	%r5, %r3, 4;
	setp.eq.s32 	%p1, %r5, 0;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	bar.warp.sync 	-1;
	shl.b32 	%r10, %r3, 2;
	xor.b32  	%r11, %r10, 16;
	mov.u32 	%r12, _ZZ6infuncE1s;
	add.s32 	%r13, %r12, %r11;
	ld.shared.u32 	%r14, [%r13];
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	shl.b32 	%r7, %r3, 2;
	mov.u32 	%r8, _ZZ6infuncE1s;
	add.s32 	%r9, %r8, %r7;
	mov.u32 	%r14, 0;
	st.shared.u32 	[%r9], %r4;
	bar.warp.sync 	-1;

$L__BB0_3:
	st.param.b32 	[func_retval0+0], %r14;
	ret;

}
	// .globl	ifelse
.visible .entry ifelse(
	.param .u64 ifelse_param_0,
	.param .u64 ifelse_param_1
)
{
	.reg .pred 	%p<5>;
	.reg .b32 	%r<22>;
	.reg .b64 	%rd<12>;
	// demoted variable
	.shared .align 4 .b8 _ZZ6ifelseE1s[256];

	ld.param.u64 	%rd3, [ifelse_param_0];
	ld.param.u64 	%rd4, [ifelse_param_1];
	mov.u32 	%r1, %tid.x;
	and.b32  	%r2, %r1, 31;
	mov.u32 	%r8, %ctaid.x;
	setp.eq.s32 	%p1, %r8, 1;
	selp.b32 	%r3, 28, 32, %p1;
	mov.u32 	%r9, %ntid.x;
	mul.lo.s32 	%r10, %r8, %r9;
	cvt.u64.u32 	%rd1, %r10;
	setp.ge.u32 	%p2, %r2, %r3;
	@%p2 bra 	$L__BB1_6;

	setp.lt.u32 	%p3, %r2, 16;
	shl.b32 	%r11, %r1, 2;
	mov.u32 	%r12, _ZZ6ifelseE1s;
	add.s32 	%r4, %r12, %r11;
	cvt.s64.s32 	%rd5, %r1;
	add.s64 	%rd6, %rd1, %rd5;
	cvta.to.global.u64 	%rd7, %rd3;
	shl.b64 	%rd8, %rd6, 2;
	add.s64 	%rd2, %rd7, %rd8;
	@%p3 bra 	$L__BB1_3;
	bra.uni 	$L__BB1_2;

$L__BB1_3:
	ld.global.u32 	%r16, [%rd2];
	mad.lo.s32 	%r17, %r16, 3, 1;
	st.shared.u32 	[%r4], %r17;
	mov.u32 	%r21, -1;
	bar.warp.sync 	-1;
	bar.warp.sync 	-1;
	add.s32 	%r18, %r2, 16;
	setp.ge.u32 	%p4, %r18, %r3;
	@%p4 bra 	$L__BB1_5;

	ld.shared.u32 	%r21, [%r4+64];
	bra.uni 	$L__BB1_5;

$L__BB1_2:
	bar.warp.sync 	-1;
	ld.shared.u32 	%r21, [%r4+-64];
	ld.global.u32 	%r13, [%rd2];
	add.s32 	%r14, %r13, %r21;
	st.shared.u32 	[%r4], %r14;
	bar.warp.sync 	-1;

$L__BB1_5:
	cvt.u32.u64 	%r19, %rd1;
	add.s32 	%r20, %r19, %r1;
	cvta.to.global.u64 	%rd9, %rd4;
	mul.wide.u32 	%rd10, %r20, 4;
	add.s64 	%rd11, %rd9, %rd10;
	st.global.u32 	[%rd11], %r21;

$L__BB1_6:
	ret;

}
	// .globl	three
.visible .entry three(
	.param .u64 three_param_0,
	.param .u64 three_param_1
)
{
	.reg .pred 	%p<4>;
	.reg .b16 	%rs<6>;
	.reg .b32 	%r<18>;
	.reg .b64 	%rd<9>;
	// demoted variable
	.shared .align 4 .b8 _ZZ5threeE1s[256];

	ld.param.u64 	%rd1, [three_param_0];
	ld.param.u64 	%rd2, [three_param_1];
	mov.u32 	%r1, %tid.x;
	and.b32  	%r2, %r1, 31;
	cvt.u16.u32 	%rs2, %r2;
	mul.wide.u16 	%r8, %rs2, -21845;
	shr.u32 	%r9, %r8, 17;
	cvt.u16.u32 	%rs3, %r9;
	mul.lo.s16 	%rs4, %rs3, 3;
	sub.s16 	%rs1, %rs2, %rs4;
	setp.eq.s16 	%p1, %rs1, 0;
	shl.b32 	%r10, %r1, 2;
	mov.u32 	%r11, _ZZ5threeE1s;
	add.s32 	%r3, %r11, %r10;
	@%p1 bra 	$L__BB2_4;

	and.b16  	%rs5, %rs1, 255;
	setp.eq.s16 	%p2, %rs5, 1;
	@%p2 bra 	$L__BB2_3;
	bra.uni 	$L__BB2_2;

$L__BB2_3:
	bar.warp.sync 	-1;
	ld.shared.u32 	%r13, [%r3+-4];
	add.s32 	%r14, %r13, 1;
	st.shared.u32 	[%r3], %r14;
	bar.warp.sync 	-1;
	ld.shared.u32 	%r17, [%r3];
	bra.uni 	$L__BB2_6;

$L__BB2_4:
	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.u32 	%r16, [%rd5];
	st.shared.u32 	[%r3], %r16;
	mov.u32 	%r17, -1;
	bar.warp.sync 	-1;
	bar.warp.sync 	-1;
	setp.eq.s32 	%p3, %r2, 31;
	@%p3 bra 	$L__BB2_6;

	ld.shared.u32 	%r17, [%r3+4];
	bra.uni 	$L__BB2_6;

$L__BB2_2:
	bar.warp.sync 	-1;
	bar.warp.sync 	-1;
	ld.shared.u32 	%r12, [%r3+-4];
	shl.b32 	%r17, %r12, 1;

$L__BB2_6:
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.s32 	%rd7, %r1, 4;
	add.s64 	%rd8, %rd6, %rd7;
	st.global.u32 	[%rd8], %r17;
	ret;

}
	// .globl	subset
.visible .entry subset(
	.param .u64 subset_param_0,
	.param .u64 subset_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<15>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ6subsetE1s[256];

	ld.param.u64 	%rd3, [subset_param_0];
	ld.param.u64 	%rd2, [subset_param_1];
	mov.u32 	%r5, %tid.x;
	and.b32  	%r6, %r5, 16;
	setp.eq.s32 	%p1, %r6, 0;
	cvt.s64.s32 	%rd1, %r5;
	cvta.to.global.u64 	%rd4, %rd3;
	mul.wide.s32 	%rd5, %r5, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r1, [%rd6];
	@%p1 bra 	$L__BB3_2;
	bra.uni 	$L__BB3_1;

$L__BB3_2:
	cvt.u32.u64 	%r7, %rd1;
	shl.b32 	%r8, %r7, 2;
	mov.u32 	%r9, _ZZ6subsetE1s;
	add.s32 	%r10, %r9, %r8;
	add.s32 	%r11, %r1, 5;
	st.shared.u32 	[%r10], %r11;
	bar.warp.sync 	65535;
	xor.b32  	%r12, %r8, 4;
	add.s32 	%r13, %r9, %r12;
	ld.shared.u32 	%r14, [%r13];
	bra.uni 	$L__BB3_3;

$L__BB3_1:
	mul.lo.s32 	%r14, %r1, 7;

$L__BB3_3:
	cvta.to.global.u64 	%rd7, %rd2;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r14;
	ret;

}
	// .globl	loop
.visible .entry loop(
	.param .u64 loop_param_0,
	.param .u64 loop_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<22>;
	.reg .b64 	%rd<10>;
	// demoted variable
	.shared .align 4 .b8 _ZZ4loopE1s[256];

	ld.param.u64 	%rd3, [loop_param_0];
	ld.param.u64 	%rd4, [loop_param_1];
	cvta.to.global.u64 	%rd1, %rd4;
	mov.u32 	%r14, %tid.x;
	and.b32  	%r1, %r14, 3;
	cvt.s64.s32 	%rd2, %r14;
	cvta.to.global.u64 	%rd5, %rd3;
	mul.wide.s32 	%rd6, %r14, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u32 	%r21, [%rd7];
	shl.b32 	%r15, %r14, 2;
	mov.u32 	%r16, _ZZ4loopE1s;
	add.s32 	%r3, %r16, %r15;
	xor.b32  	%r17, %r15, 4;
	add.s32 	%r4, %r16, %r17;
	mov.u32 	%r20, 0;
	mov.u32 	%r19, -1;

$L__BB4_1:
	st.shared.u32 	[%r3], %r21;
	bar.warp.sync 	-1;
	ld.shared.u32 	%r8, [%r4];
	add.s32 	%r21, %r20, %r8;
	bar.warp.sync 	-1;
	add.s32 	%r20, %r20, 1;
	add.s32 	%r19, %r19, 1;
	setp.lt.u32 	%p1, %r19, %r1;
	@%p1 bra 	$L__BB4_1;

	shl.b64 	%rd8, %rd2, 2;
	add.s64 	%rd9, %rd1, %rd8;
	add.s32 	%r18, %r8, %r19;
	st.global.u32 	[%rd9], %r18;
	ret;

}
	// .globl	mixed
.visible .entry mixed(
	.param .u64 mixed_param_0,
	.param .u64 mixed_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b16 	%rs<6>;
	.reg .b32 	%r<26>;
	.reg .b64 	%rd<9>;
	// demoted variable
	.shared .align 4 .b8 _ZZ5mixedE1s[256];
	// demoted variable
	.shared .align 4 .b8 _ZZ5mixedE1r[256];

	ld.param.u64 	%rd1, [mixed_param_0];
	ld.param.u64 	%rd2, [mixed_param_1];
	mov.u32 	%r1, %tid.x;
	cvt.u16.u32 	%rs2, %r1;
	and.b16  	%rs3, %rs2, 31;
	mul.wide.u16 	%r4, %rs3, -21845;
	shr.u32 	%r5, %r4, 17;
	cvt.u16.u32 	%rs4, %r5;
	mul.lo.s16 	%rs5, %rs4, 3;
	sub.s16 	%rs1, %rs3, %rs5;
	setp.eq.s16 	%p1, %rs1, 0;
	@%p1 bra 	$L__BB5_2;

	cvt.u32.u16 	%r6, %rs1;
	and.b32  	%r7, %r6, 255;
	bar.warp.sync 	-1;
	sub.s32 	%r8, %r1, %r7;
	shl.b32 	%r9, %r8, 2;
	mov.u32 	%r10, _ZZ5mixedE1s;
	add.s32 	%r11, %r10, %r9;
	ld.shared.u32 	%r12, [%r11];
	add.s32 	%r25, %r12, 2;
	bra.uni 	$L__BB5_3;

$L__BB5_2:
	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.u32 	%r14, [%rd5];
	shl.b32 	%r15, %r1, 2;
	mov.u32 	%r16, _ZZ5mixedE1s;
	add.s32 	%r17, %r16, %r15;
	st.shared.u32 	[%r17], %r14;
	bar.warp.sync 	-1;
	mov.u32 	%r25, 1;

$L__BB5_3:
	shl.b32 	%r18, %r1, 2;
	mov.u32 	%r19, _ZZ5mixedE1r;
	add.s32 	%r20, %r19, %r18;
	st.shared.u32 	[%r20], %r25;
	bar.sync 	0;
	xor.b32  	%r21, %r18, 128;
	add.s32 	%r22, %r19, %r21;
	ld.shared.u32 	%r23, [%r22];
	mad.lo.s32 	%r24, %r25, 1000, %r23;
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.s32 	%rd7, %r1, 4;
	add.s64 	%rd8, %rd6, %rd7;
	st.global.u32 	[%rd8], %r24;
	ret;

}
	// .globl	infunc
.visible .entry infunc(
	.param .u64 infunc_param_0,
	.param .u64 infunc_param_1
)
{
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<8>;


	ld.param.u64 	%rd1, [infunc_param_0];
	ld.param.u64 	%rd2, [infunc_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r1, %tid.x;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r2, [%rd6];
	add.s32 	%r3, %r2, 9;
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r1;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r3;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z8exchangePiii, 
	(
	param0, 
	param1
	);
	ld.param.b32 	%r4, [retval0+0];
	} // callseq 0
	add.s64 	%rd7, %rd3, %rd5;
	st.global.u32 	[%rd7], %r4;
	ret;

}

#endif // end of syncwarp_div.ptx
