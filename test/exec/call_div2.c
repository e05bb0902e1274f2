/* call_div2.c — reference for call_div2.cu: the same functions in plain C,
 * one thread at a time. */
#include <stdio.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;

static int
inner(int x)
{
    if (x % 5 == 0)
        return x * 7;
    int s = 0;
    for (int i = 0; i < (x & 3); i++)
        s += i * x;
    return s > 20 ? s - 20 : s + x;
}

static int
outer(int x)
{
    if (x & 1)
        return inner(x) + 1;
    if (x & 2)
        return -inner(x / 2);
    int a = inner(x + 3);
    return (a & 4) ? a : a + inner(a & 15);
}

static int
rec(int n, int acc)
{
    if (n <= 0)
        return acc;
    if (n % 3 == 0)
        return rec(n - 1, acc + n);
    if (n & 1)
        return acc * 2 + rec(n - 2, acc + 1);
    return rec(n - 1, acc - 1) + 1;
}

static void
store_per_lane(int *out, int t)
{
    if (t & 2) {
        out[t] = t * 10;
        return;
    }
    if (t % 7 == 0)
        return;
    out[t] = outer(t) + 1000;
}

static void
check(const char *name, const int *got, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("FAIL exec/call_div2/%s: [%d] = %d, expected %d\n", name, i, got[i], want[i]);
            failed = 1;
            return;
        }
    printf("PASS exec/call_div2/%s\n", name);
}

static int
run(const char *k, unsigned threads, int *out)
{
    void *params[] = {&out};
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){1, 1, 1}, (p2n_dim3){threads, 1, 1}, 0, params);
    if (r != P2N_SUCCESS) {
        printf("FAIL exec/call_div2/%s: launch: %s\n", k, p2n_error_message());
        failed = 1;
    }
    return r == P2N_SUCCESS;
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_div2/load: %s\n", p2n_error_message());
        return 1;
    }
    enum { N = 96 };
    static int out[2 * N], want[2 * N];
    if (run("nested2", N, out)) {
        for (int t = 0; t < N; t++)
            want[t] = t % 3 != 0 ? outer(t) : t % 6 == 0 ? inner(t) * 2 : -1;
        check("nested2", out, want, N);
    }
    if (run("recursive", N, out)) {
        for (int t = 0; t < N; t++)
            want[t] = (t & 4) ? rec(t % 19, t) : 5;
        check("recursive", out, want, N);
    }
    for (int i = 0; i < 2 * N; i++)
        out[i] = want[i] = 12345;
    if (run("per_lane", N, out)) {
        for (int t = 0; t < N; t++) {
            want[t] = -2;
            if (t & 1) {
                store_per_lane(want, t);
            } else if (t & 8) {
                store_per_lane(want, t + 64);
                want[t] += 3;
            }
        }
        check("per_lane", out, want, 2 * N);
    }
    if (run("in_loop", N, out)) {
        for (int t = 0; t < N; t++) {
            int s = 0;
            for (int i = 0; i < t % 9; i++)
                s = ((i + t) & 1) ? s + outer(i + t) : s ^ inner(i * t);
            want[t] = s;
        }
        check("in_loop", out, want, N);
    }
    p2n_module_unload(mod);
    return failed;
}
#if 0 // test-file call_div2.cu
// nvcc-flags: -arch=sm_80
// Calls made inside divergent regions to callees that diverge and return
// early: nested two deep, recursive with per-lane depth, results written
// by the callee per lane, calls in a loop with a per-lane trip count.
// Reference: call_div2.c (issue 13, "Calls and indirect branches").

__device__ __noinline__ int inner(int x)
{
    if (x % 5 == 0)
        return x * 7; // early, some lanes
    int s = 0;
    for (int i = 0; i < (x & 3); i++) // per-lane trip count
        s += i * x;
    if (s > 20)
        return s - 20;
    return s + x;
}

__device__ __noinline__ int outer(int x)
{
    if (x & 1)
        return inner(x) + 1; // divergent call, early return
    if (x & 2)
        return -inner(x / 2);
    int a = inner(x + 3);
    if (a & 4)
        return a;
    return a + inner(a & 15);
}

extern "C" __global__ void nested2(int *out)
{
    int t = threadIdx.x;
    int r = -1;
    if (t % 3 != 0) // the call runs with part of the warp
        r = outer(t);
    else if (t % 6 == 0)
        r = inner(t) * 2;
    out[t] = r;
}

__device__ __noinline__ int rec(int n, int acc)
{
    if (n <= 0)
        return acc; // per-lane depth
    if (n % 3 == 0)
        return rec(n - 1, acc + n);
    if (n & 1)
        return acc * 2 + rec(n - 2, acc + 1);
    return rec(n - 1, acc - 1) + 1;
}

extern "C" __global__ void recursive(int *out)
{
    int t = threadIdx.x;
    out[t] = (t & 4) ? rec(t % 19, t) : 5;
}

__device__ __noinline__ void store_per_lane(int *out, int t)
{
    if (t & 2) {
        out[t] = t * 10;
        return;
    }
    if (t % 7 == 0)
        return; // writes nothing
    out[t] = outer(t) + 1000;
}

extern "C" __global__ void per_lane(int *out)
{
    int t = threadIdx.x;
    out[t] = -2;
    if (t & 1)
        store_per_lane(out, t);
    else if (t & 8)
        store_per_lane(out, t + 64) , out[t] += 3;
}

extern "C" __global__ void in_loop(int *out)
{
    int t = threadIdx.x;
    int s = 0;
    for (int i = 0; i < t % 9; i++) {
        if ((i + t) & 1)
            s += outer(i + t);
        else
            s ^= inner(i * t);
    }
    out[t] = s;
}
#endif // end of call_div2.cu
#if 0 // test-file call_div2.ptx
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


.func  (.param .b32 func_retval0) _Z5inneri(
	.param .b32 _Z5inneri_param_0
)
{
	.reg .pred 	%p<5>;
	.reg .b32 	%r<29>;


	ld.param.u32 	%r13, [_Z5inneri_param_0];
	mul.hi.s32 	%r14, %r13, 1717986919;
	shr.u32 	%r15, %r14, 31;
	shr.s32 	%r16, %r14, 1;
	add.s32 	%r17, %r16, %r15;
	mul.lo.s32 	%r18, %r17, 5;
	sub.s32 	%r19, %r13, %r18;
	setp.eq.s32 	%p1, %r19, 0;
	@%p1 bra 	$L__BB0_7;

	and.b32  	%r1, %r13, 3;
	setp.eq.s32 	%p2, %r1, 0;
	mov.u32 	%r27, 0;
	@%p2 bra 	$L__BB0_4;

	mov.u32 	%r24, 0;
	mov.u32 	%r25, %r24;
	mov.u32 	%r27, %r24;

$L__BB0_3:
	add.s32 	%r27, %r24, %r27;
	add.s32 	%r24, %r24, %r13;
	add.s32 	%r25, %r25, 1;
	setp.lt.u32 	%p3, %r25, %r1;
	@%p3 bra 	$L__BB0_3;

$L__BB0_4:
	setp.gt.s32 	%p4, %r27, 20;
	@%p4 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_5;

$L__BB0_6:
	add.s32 	%r28, %r27, -20;
	bra.uni 	$L__BB0_8;

$L__BB0_7:
	mul.lo.s32 	%r28, %r13, 7;
	bra.uni 	$L__BB0_8;

$L__BB0_5:
	add.s32 	%r28, %r27, %r13;

$L__BB0_8:
	st.param.b32 	[func_retval0+0], %r28;
	ret;

}
.func  (.param .b32 func_retval0) _Z5outeri(
	.param .b32 _Z5outeri_param_0
)
{
	.reg .pred 	%p<7>;
	.reg .b32 	%r<19>;


	ld.param.u32 	%r6, [_Z5outeri_param_0];
	and.b32  	%r7, %r6, 1;
	setp.eq.b32 	%p1, %r7, 1;
	mov.pred 	%p2, 0;
	xor.pred  	%p3, %p1, %p2;
	not.pred 	%p4, %p3;
	@%p4 bra 	$L__BB1_2;
	bra.uni 	$L__BB1_1;

$L__BB1_2:
	and.b32  	%r9, %r6, 2;
	setp.eq.s32 	%p5, %r9, 0;
	@%p5 bra 	$L__BB1_4;
	bra.uni 	$L__BB1_3;

$L__BB1_4:
	add.s32 	%r14, %r6, 3;
	{ // callseq 2, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r14;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5inneri, 
	(
	param0
	);
	ld.param.b32 	%r18, [retval0+0];
	} // callseq 2
	and.b32  	%r15, %r18, 4;
	setp.ne.s32 	%p6, %r15, 0;
	@%p6 bra 	$L__BB1_6;

	and.b32  	%r16, %r18, 15;
	{ // callseq 3, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r16;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5inneri, 
	(
	param0
	);
	ld.param.b32 	%r17, [retval0+0];
	} // callseq 3
	add.s32 	%r18, %r17, %r18;
	bra.uni 	$L__BB1_6;

$L__BB1_1:
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r6;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5inneri, 
	(
	param0
	);
	ld.param.b32 	%r8, [retval0+0];
	} // callseq 0
	add.s32 	%r18, %r8, 1;
	bra.uni 	$L__BB1_6;

$L__BB1_3:
	shr.u32 	%r10, %r6, 31;
	add.s32 	%r11, %r6, %r10;
	shr.s32 	%r12, %r11, 1;
	{ // callseq 1, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r12;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5inneri, 
	(
	param0
	);
	ld.param.b32 	%r13, [retval0+0];
	} // callseq 1
	neg.s32 	%r18, %r13;

$L__BB1_6:
	st.param.b32 	[func_retval0+0], %r18;
	ret;

}
.func  (.param .b32 func_retval0) _Z3recii(
	.param .b32 _Z3recii_param_0,
	.param .b32 _Z3recii_param_1
)
{
	.reg .pred 	%p<8>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<3>;


	ld.param.u32 	%r2, [_Z3recii_param_0];
	ld.param.u32 	%r23, [_Z3recii_param_1];
	setp.lt.s32 	%p1, %r2, 1;
	@%p1 bra 	$L__BB2_6;

$L__BB2_1:
	mul.wide.u32 	%rd1, %r2, -1431655765;
	shr.u64 	%rd2, %rd1, 33;
	cvt.u32.u64 	%r10, %rd2;
	mul.lo.s32 	%r11, %r10, 3;
	sub.s32 	%r12, %r2, %r11;
	setp.eq.s32 	%p2, %r12, 0;
	@%p2 bra 	$L__BB2_5;
	bra.uni 	$L__BB2_2;

$L__BB2_5:
	add.s32 	%r5, %r2, -1;
	add.s32 	%r23, %r23, %r2;
	setp.gt.s32 	%p7, %r2, 1;
	mov.u32 	%r2, %r5;
	@%p7 bra 	$L__BB2_1;
	bra.uni 	$L__BB2_6;

$L__BB2_2:
	and.b32  	%r13, %r2, 1;
	setp.eq.b32 	%p3, %r13, 1;
	mov.pred 	%p4, 0;
	xor.pred  	%p5, %p3, %p4;
	not.pred 	%p6, %p5;
	@%p6 bra 	$L__BB2_4;
	bra.uni 	$L__BB2_3;

$L__BB2_4:
	add.s32 	%r18, %r2, -1;
	add.s32 	%r19, %r23, -1;
	{ // callseq 5, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r18;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r19;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z3recii, 
	(
	param0, 
	param1
	);
	ld.param.b32 	%r20, [retval0+0];
	} // callseq 5
	add.s32 	%r23, %r20, 1;
	bra.uni 	$L__BB2_6;

$L__BB2_3:
	shl.b32 	%r14, %r23, 1;
	add.s32 	%r15, %r23, 1;
	add.s32 	%r16, %r2, -2;
	{ // callseq 4, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r16;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r15;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z3recii, 
	(
	param0, 
	param1
	);
	ld.param.b32 	%r17, [retval0+0];
	} // callseq 4
	add.s32 	%r23, %r17, %r14;

$L__BB2_6:
	st.param.b32 	[func_retval0+0], %r23;
	ret;

}
.func _Z14store_per_lanePii(
	.param .b64 _Z14store_per_lanePii_param_0,
	.param .b32 _Z14store_per_lanePii_param_1
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd2, [_Z14store_per_lanePii_param_0];
	ld.param.u32 	%r1, [_Z14store_per_lanePii_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	and.b32  	%r2, %r1, 2;
	setp.eq.s32 	%p1, %r2, 0;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd1, %rd3, %rd4;
	@%p1 bra 	$L__BB3_2;
	bra.uni 	$L__BB3_1;

$L__BB3_2:
	mul.hi.s32 	%r4, %r1, -1840700269;
	add.s32 	%r5, %r4, %r1;
	shr.u32 	%r6, %r5, 31;
	shr.s32 	%r7, %r5, 2;
	add.s32 	%r8, %r7, %r6;
	mul.lo.s32 	%r9, %r8, 7;
	sub.s32 	%r10, %r1, %r9;
	setp.eq.s32 	%p2, %r10, 0;
	@%p2 bra 	$L__BB3_4;

	{ // callseq 6, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r1;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5outeri, 
	(
	param0
	);
	ld.param.b32 	%r11, [retval0+0];
	} // callseq 6
	add.s32 	%r12, %r11, 1000;
	st.global.u32 	[%rd1], %r12;
	bra.uni 	$L__BB3_4;

$L__BB3_1:
	mul.lo.s32 	%r3, %r1, 10;
	st.global.u32 	[%rd1], %r3;

$L__BB3_4:
	ret;

}
	// .globl	nested2
.visible .entry nested2(
	.param .u64 nested2_param_0
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<18>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [nested2_param_0];
	mov.u32 	%r1, %tid.x;
	mul.hi.s32 	%r5, %r1, 1431655766;
	shr.u32 	%r6, %r5, 31;
	add.s32 	%r7, %r5, %r6;
	mul.lo.s32 	%r8, %r7, 3;
	sub.s32 	%r9, %r1, %r8;
	setp.eq.s32 	%p1, %r9, 0;
	@%p1 bra 	$L__BB4_2;

	{ // callseq 7, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r1;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5outeri, 
	(
	param0
	);
	ld.param.b32 	%r17, [retval0+0];
	} // callseq 7
	bra.uni 	$L__BB4_4;

$L__BB4_2:
	mul.hi.s32 	%r11, %r1, 715827883;
	shr.u32 	%r12, %r11, 31;
	add.s32 	%r13, %r11, %r12;
	mul.lo.s32 	%r14, %r13, 6;
	sub.s32 	%r15, %r1, %r14;
	setp.ne.s32 	%p2, %r15, 0;
	mov.u32 	%r17, -1;
	@%p2 bra 	$L__BB4_4;

	{ // callseq 8, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r1;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5inneri, 
	(
	param0
	);
	ld.param.b32 	%r16, [retval0+0];
	} // callseq 8
	shl.b32 	%r17, %r16, 1;

$L__BB4_4:
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.s32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r17;
	ret;

}
	// .globl	recursive
.visible .entry recursive(
	.param .u64 recursive_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [recursive_param_0];
	mov.u32 	%r1, %tid.x;
	and.b32  	%r5, %r1, 4;
	setp.eq.s32 	%p1, %r5, 0;
	mov.u32 	%r12, 5;
	@%p1 bra 	$L__BB5_2;

	mul.hi.s32 	%r6, %r1, 1808407283;
	shr.u32 	%r7, %r6, 31;
	shr.s32 	%r8, %r6, 3;
	add.s32 	%r9, %r8, %r7;
	mul.lo.s32 	%r10, %r9, 19;
	sub.s32 	%r11, %r1, %r10;
	{ // callseq 9, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r11;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r1;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z3recii, 
	(
	param0, 
	param1
	);
	ld.param.b32 	%r12, [retval0+0];
	} // callseq 9

$L__BB5_2:
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.s32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r12;
	ret;

}
	// .globl	per_lane
.visible .entry per_lane(
	.param .u64 per_lane_param_0
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd2, [per_lane_param_0];
	cvta.to.global.u64 	%rd3, %rd2;
	mov.u32 	%r1, %tid.x;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd1, %rd3, %rd4;
	mov.u32 	%r2, -2;
	st.global.u32 	[%rd1], %r2;
	and.b32  	%r3, %r1, 1;
	setp.eq.b32 	%p1, %r3, 1;
	mov.pred 	%p2, 0;
	xor.pred  	%p3, %p1, %p2;
	not.pred 	%p4, %p3;
	@%p4 bra 	$L__BB6_2;
	bra.uni 	$L__BB6_1;

$L__BB6_2:
	and.b32  	%r4, %r1, 8;
	setp.eq.s32 	%p5, %r4, 0;
	@%p5 bra 	$L__BB6_4;

	add.s32 	%r5, %r1, 64;
	{ // callseq 11, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd2;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r5;
	call.uni 
	_Z14store_per_lanePii, 
	(
	param0, 
	param1
	);
	} // callseq 11
	ld.global.u32 	%r6, [%rd1];
	add.s32 	%r7, %r6, 3;
	st.global.u32 	[%rd1], %r7;
	bra.uni 	$L__BB6_4;

$L__BB6_1:
	{ // callseq 10, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd2;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r1;
	call.uni 
	_Z14store_per_lanePii, 
	(
	param0, 
	param1
	);
	} // callseq 10

$L__BB6_4:
	ret;

}
	// .globl	in_loop
.visible .entry in_loop(
	.param .u64 in_loop_param_0
)
{
	.reg .pred 	%p<7>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [in_loop_param_0];
	mov.u32 	%r1, %tid.x;
	mul.hi.s32 	%r15, %r1, 954437177;
	shr.u32 	%r16, %r15, 31;
	shr.s32 	%r17, %r15, 1;
	add.s32 	%r18, %r17, %r16;
	mul.lo.s32 	%r19, %r18, 9;
	sub.s32 	%r2, %r1, %r19;
	setp.lt.s32 	%p1, %r2, 1;
	mov.u32 	%r29, 0;
	@%p1 bra 	$L__BB7_6;

	mov.u32 	%r26, 0;
	mov.u32 	%r27, %r1;
	mov.u32 	%r28, %r26;
	mov.u32 	%r29, %r26;

$L__BB7_2:
	and.b32  	%r23, %r27, 1;
	setp.eq.b32 	%p2, %r23, 1;
	mov.pred 	%p3, 0;
	xor.pred  	%p4, %p2, %p3;
	not.pred 	%p5, %p4;
	@%p5 bra 	$L__BB7_4;
	bra.uni 	$L__BB7_3;

$L__BB7_4:
	{ // callseq 13, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r26;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5inneri, 
	(
	param0
	);
	ld.param.b32 	%r25, [retval0+0];
	} // callseq 13
	xor.b32  	%r29, %r25, %r29;
	bra.uni 	$L__BB7_5;

$L__BB7_3:
	{ // callseq 12, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r27;
	.param .b32 retval0;
	call.uni (retval0), 
	_Z5outeri, 
	(
	param0
	);
	ld.param.b32 	%r24, [retval0+0];
	} // callseq 12
	add.s32 	%r29, %r24, %r29;

$L__BB7_5:
	add.s32 	%r27, %r27, 1;
	add.s32 	%r26, %r26, %r1;
	add.s32 	%r28, %r28, 1;
	setp.lt.s32 	%p6, %r28, %r2;
	@%p6 bra 	$L__BB7_2;

$L__BB7_6:
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.s32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r29;
	ret;

}

#endif // end of call_div2.ptx
