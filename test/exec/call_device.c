/* call_device.c — reference for call_device.cu. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_device/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    fflush(stdout);
    failed |= !ok;
}

static void
values(const char *k, unsigned threads, int (*ref)(int))
{
    int out[128], *po = out;
    char detail[256] = "";
    void *p[] = {&po};
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){1, 1, 1}, (p2n_dim3){threads, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    if (!ok)
        snprintf(detail, sizeof detail, "launch: %s", p2n_error_message());
    for (unsigned t = 0; ok && t < threads; t++)
        if (out[t] != ref((int)t)) {
            snprintf(detail, sizeof detail, "[%u] = %d, expected %d", t, out[t], ref((int)t));
            ok = 0;
        }
    report(k, ok, detail);
}

static int ref_fptr(int t)
{
    int k = (t * 7) % 3;
    return k == 0 ? t + 7 : k == 1 ? t * 3 : t ^ 5;
}
static int ref_virt(int t) { return t % 3 == 0 ? t * t : t % 3 == 1 ? t * (t + 1) / 2 : -t; }
static int ref_heap(int t) { return t * (t + 1) / 2; }

/* printf from divergent lanes: captured through a pipe, compared exactly.
 * Lanes print in lane order within a path; the path of lanes 0,3,6 runs
 * before lane 4's (the taken side first). */
static void
print_test(void)
{
    int fds[2];
    if (pipe(fds) != 0) {
        report("printf", 0, "pipe");
        return;
    }
    fflush(stdout);
    int saved = dup(1);
    dup2(fds[1], 1);
    int n = 7;
    void *p[] = {&n};
    p2n_result r = p2n_launch(mod, "print", (p2n_dim3){1, 1, 1}, (p2n_dim3){8, 1, 1}, 0, p);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(fds[1]);
    char buf[1024];
    ssize_t got = read(fds[0], buf, sizeof buf - 1);
    close(fds[0]);
    buf[got > 0 ? got : 0] = 0;
    const char *want = "lane 0 of 7: 0.00 ok 0\n"
                       "lane 3 of 7: 1.50 ok 33\n"
                       "lane 6 of 7: 3.00 ok 66\n"
                       "four    -4|4  |    42|3.14\n";
    char detail[1100];
    snprintf(detail, sizeof detail, "got [%s]", buf);
    report("printf", r == P2N_SUCCESS && strcmp(buf, want) == 0, detail);
}

static void
assert_test(void)
{
    int in[64], *pi = in;
    for (int t = 0; t < 64; t++)
        in[t] = t == 37 ? -1 : t + 1;
    void *p[] = {&pi};
    p2n_result r = p2n_launch(mod, "check_positive", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    const char *msg = p2n_error_message();
    char detail[600];
    snprintf(detail, sizeof detail, "result %d, message: %s", r, msg);
    report("assert", r == P2N_ERROR_ASSERT && strstr(msg, "call_device.cu") && strstr(msg, "in[threadIdx.x] > 0") &&
                         strstr(msg, "check_positive") && strstr(msg, "(37,0,0)"),
           detail);
    for (int t = 0; t < 64; t++)
        in[t] = t + 1;
    r = p2n_launch(mod, "check_positive", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    report("assert_holds", r == P2N_SUCCESS, p2n_error_message());
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_device/load: %s\n", p2n_error_message());
        return 1;
    }
    values("fptr", 96, ref_fptr);
    values("virt", 96, ref_virt);
    values("heap", 40, ref_heap);
    print_test();
    assert_test();
    p2n_module_unload(mod);
    return failed;
}
#if 0 // test-file call_device.cu
// nvcc-generated indirect calls and device runtime calls: function pointers
// chosen per lane, virtual functions, printf from divergent lanes (exact
// output), malloc/free per lane, and a failing assert.  Reference:
// call_device.c.
#include <cassert>
#include <cstdio>

typedef int (*op_t)(int);
__device__ int add7(int x) { return x + 7; }
__device__ int mul3(int x) { return x * 3; }
__device__ int xor5(int x) { return x ^ 5; }
__device__ op_t ops[3] = {add7, mul3, xor5};

extern "C" __global__ void fptr(int *out)
{
    int t = threadIdx.x;
    op_t f = ops[(t * 7) % 3];
    out[t] = f(t);
}

struct Shape {
    __device__ virtual int area(int x) const = 0;
};
struct Square : Shape {
    __device__ int area(int x) const override { return x * x; }
};
struct Triangle : Shape {
    __device__ int area(int x) const override { return x * (x + 1) / 2; }
};
struct Negative : Shape {
    __device__ int area(int x) const override { return -x; }
};

extern "C" __global__ void virt(int *out)
{
    Square s;
    Triangle tr;
    Negative n;
    const Shape *shapes[3] = {&s, &tr, &n};
    int t = threadIdx.x;
    out[t] = shapes[t % 3]->area(t);
}

extern "C" __global__ void print(int n)
{
    int t = threadIdx.x;
    if (t % 3 == 0)
        printf("lane %d of %d: %.2f %s %x\n", t, n, t * 0.5, "ok", t * 17);
    else if (t == 4)
        printf("four %5d|%-3d|%*d|%.*f\n", -4, 4, 6, 42, 2, 3.14159);
}

extern "C" __global__ void heap(int *out)
{
    int t = threadIdx.x;
    int *p = (int *)malloc(sizeof(int) * (t + 1));
    for (int k = 0; k <= t; k++)
        p[k] = k;
    int s = 0;
    for (int k = 0; k <= t; k++)
        s += p[k];
    free(p);
    out[t] = s;
}

extern "C" __global__ void check_positive(const int *in)
{
    assert(in[threadIdx.x] > 0);
}
#endif // end of call_device.cu
#if 0 // test-file call_device.ptx
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

.func  (.param .b32 func_retval0) _Z4add7i
(
	.param .b32 _Z4add7i_param_0
)
;
.func  (.param .b32 func_retval0) _Z4mul3i
(
	.param .b32 _Z4mul3i_param_0
)
;
.func  (.param .b32 func_retval0) _Z4xor5i
(
	.param .b32 _Z4xor5i_param_0
)
;
.func  (.param .b32 func_retval0) _ZNK6Square4areaEi
(
	.param .b64 _ZNK6Square4areaEi_param_0,
	.param .b32 _ZNK6Square4areaEi_param_1
)
;
.func  (.param .b32 func_retval0) _ZNK8Triangle4areaEi
(
	.param .b64 _ZNK8Triangle4areaEi_param_0,
	.param .b32 _ZNK8Triangle4areaEi_param_1
)
;
.func  (.param .b32 func_retval0) _ZNK8Negative4areaEi
(
	.param .b64 _ZNK8Negative4areaEi_param_0,
	.param .b32 _ZNK8Negative4areaEi_param_1
)
;
.extern .func  (.param .b32 func_retval0) vprintf
(
	.param .b64 vprintf_param_0,
	.param .b64 vprintf_param_1
)
;
.extern .func  (.param .b64 func_retval0) malloc
(
	.param .b64 malloc_param_0
)
;
.extern .func free
(
	.param .b64 free_param_0
)
;
.extern .func __assertfail
(
	.param .b64 __assertfail_param_0,
	.param .b64 __assertfail_param_1,
	.param .b32 __assertfail_param_2,
	.param .b64 __assertfail_param_3,
	.param .b64 __assertfail_param_4
)
;
.global .align 8 .u64 ops[3] = {_Z4add7i, _Z4mul3i, _Z4xor5i};
.global .align 8 .u64 _ZTV6Square[3] = {0, 0, _ZNK6Square4areaEi};
.global .align 8 .u64 _ZTV8Triangle[3] = {0, 0, _ZNK8Triangle4areaEi};
.global .align 8 .u64 _ZTV8Negative[3] = {0, 0, _ZNK8Negative4areaEi};
.global .align 1 .b8 __unnamed_1[33] = {118, 111, 105, 100, 32, 99, 104, 101, 99, 107, 95, 112, 111, 115, 105, 116, 105, 118, 101, 40, 99, 111, 110, 115, 116, 32, 105, 110, 116, 32, 42, 41};
.global .align 1 .b8 $str[27] = {108, 97, 110, 101, 32, 37, 100, 32, 111, 102, 32, 37, 100, 58, 32, 37, 46, 50, 102, 32, 37, 115, 32, 37, 120, 10};
.global .align 1 .b8 $str$1[3] = {111, 107};
.global .align 1 .b8 $str$2[24] = {102, 111, 117, 114, 32, 37, 53, 100, 124, 37, 45, 51, 100, 124, 37, 42, 100, 124, 37, 46, 42, 102, 10};
.global .align 1 .b8 $str$3[20] = {105, 110, 91, 116, 104, 114, 101, 97, 100, 73, 100, 120, 46, 120, 93, 32, 62, 32, 48};
.global .align 1 .b8 $str$4[15] = {99, 97, 108, 108, 95, 100, 101, 118, 105, 99, 101, 46, 99, 117};

.func  (.param .b32 func_retval0) _Z4add7i(
	.param .b32 _Z4add7i_param_0
)
{
	.reg .b32 	%r<3>;


	ld.param.u32 	%r1, [_Z4add7i_param_0];
	add.s32 	%r2, %r1, 7;
	st.param.b32 	[func_retval0+0], %r2;
	ret;

}
.func  (.param .b32 func_retval0) _Z4mul3i(
	.param .b32 _Z4mul3i_param_0
)
{
	.reg .b32 	%r<3>;


	ld.param.u32 	%r1, [_Z4mul3i_param_0];
	mul.lo.s32 	%r2, %r1, 3;
	st.param.b32 	[func_retval0+0], %r2;
	ret;

}
.func  (.param .b32 func_retval0) _Z4xor5i(
	.param .b32 _Z4xor5i_param_0
)
{
	.reg .b32 	%r<3>;


	ld.param.u32 	%r1, [_Z4xor5i_param_0];
	xor.b32  	%r2, %r1, 5;
	st.param.b32 	[func_retval0+0], %r2;
	ret;

}
.func  (.param .b32 func_retval0) _ZNK6Square4areaEi(
	.param .b64 _ZNK6Square4areaEi_param_0,
	.param .b32 _ZNK6Square4areaEi_param_1
)
{
	.reg .b32 	%r<3>;


	ld.param.u32 	%r1, [_ZNK6Square4areaEi_param_1];
	mul.lo.s32 	%r2, %r1, %r1;
	st.param.b32 	[func_retval0+0], %r2;
	ret;

}
.func  (.param .b32 func_retval0) _ZNK8Triangle4areaEi(
	.param .b64 _ZNK8Triangle4areaEi_param_0,
	.param .b32 _ZNK8Triangle4areaEi_param_1
)
{
	.reg .b32 	%r<7>;


	ld.param.u32 	%r1, [_ZNK8Triangle4areaEi_param_1];
	add.s32 	%r2, %r1, 1;
	mul.lo.s32 	%r3, %r2, %r1;
	shr.u32 	%r4, %r3, 31;
	add.s32 	%r5, %r3, %r4;
	shr.s32 	%r6, %r5, 1;
	st.param.b32 	[func_retval0+0], %r6;
	ret;

}
.func  (.param .b32 func_retval0) _ZNK8Negative4areaEi(
	.param .b64 _ZNK8Negative4areaEi_param_0,
	.param .b32 _ZNK8Negative4areaEi_param_1
)
{
	.reg .b32 	%r<3>;


	ld.param.u32 	%r1, [_ZNK8Negative4areaEi_param_1];
	neg.s32 	%r2, %r1;
	st.param.b32 	[func_retval0+0], %r2;
	ret;

}
	// .globl	fptr
.visible .entry fptr(
	.param .u64 fptr_param_0
)
{
	.reg .b32 	%r<9>;
	.reg .b64 	%rd<9>;


	ld.param.u64 	%rd1, [fptr_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	mul.lo.s32 	%r2, %r1, 7;
	mul.hi.s32 	%r3, %r2, 1431655766;
	shr.u32 	%r4, %r3, 31;
	add.s32 	%r5, %r3, %r4;
	mul.lo.s32 	%r6, %r5, 3;
	sub.s32 	%r7, %r2, %r6;
	mul.wide.s32 	%rd3, %r7, 8;
	mov.u64 	%rd4, ops;
	add.s64 	%rd5, %rd4, %rd3;
	ld.global.u64 	%rd6, [%rd5];
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b32 param0;
	st.param.b32 	[param0+0], %r1;
	.param .b32 retval0;
	prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
	call (retval0), 
	%rd6, 
	(
	param0
	)
	, prototype_0;
	ld.param.b32 	%r8, [retval0+0];
	} // callseq 0
	mul.wide.s32 	%rd7, %r1, 4;
	add.s64 	%rd8, %rd2, %rd7;
	st.global.u32 	[%rd8], %r8;
	ret;

}
	// .globl	virt
.visible .entry virt(
	.param .u64 virt_param_0
)
{
	.local .align 8 .b8 	__local_depot7[48];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<27>;


	mov.u64 	%SPL, __local_depot7;
	cvta.local.u64 	%SP, %SPL;
	ld.param.u64 	%rd1, [virt_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	add.u64 	%rd3, %SP, 0;
	add.u64 	%rd4, %SPL, 0;
	add.u64 	%rd5, %SP, 8;
	add.u64 	%rd6, %SPL, 8;
	add.u64 	%rd7, %SP, 16;
	add.u64 	%rd8, %SPL, 16;
	add.u64 	%rd10, %SPL, 24;
	mov.u64 	%rd11, _ZTV6Square;
	cvta.global.u64 	%rd12, %rd11;
	add.s64 	%rd13, %rd12, 16;
	st.local.u64 	[%rd4], %rd13;
	mov.u64 	%rd14, _ZTV8Triangle;
	cvta.global.u64 	%rd15, %rd14;
	add.s64 	%rd16, %rd15, 16;
	st.local.u64 	[%rd6], %rd16;
	mov.u64 	%rd17, _ZTV8Negative;
	cvta.global.u64 	%rd18, %rd17;
	add.s64 	%rd19, %rd18, 16;
	st.local.u64 	[%rd8], %rd19;
	st.local.u64 	[%rd10], %rd3;
	st.local.u64 	[%rd10+8], %rd5;
	st.local.u64 	[%rd10+16], %rd7;
	mov.u32 	%r1, %tid.x;
	mul.hi.s32 	%r2, %r1, 1431655766;
	shr.u32 	%r3, %r2, 31;
	add.s32 	%r4, %r2, %r3;
	mul.lo.s32 	%r5, %r4, 3;
	sub.s32 	%r6, %r1, %r5;
	mul.wide.s32 	%rd20, %r6, 8;
	add.s64 	%rd21, %rd10, %rd20;
	ld.local.u64 	%rd22, [%rd21];
	ld.u64 	%rd23, [%rd22];
	ld.u64 	%rd24, [%rd23];
	{ // callseq 1, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd22;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r1;
	.param .b32 retval0;
	prototype_1 : .callprototype (.param .b32 _) _ (.param .b64 _, .param .b32 _);
	call (retval0), 
	%rd24, 
	(
	param0, 
	param1
	)
	, prototype_1;
	ld.param.b32 	%r7, [retval0+0];
	} // callseq 1
	mul.wide.s32 	%rd25, %r1, 4;
	add.s64 	%rd26, %rd2, %rd25;
	st.global.u32 	[%rd26], %r7;
	ret;

}
	// .globl	print
.visible .entry print(
	.param .u32 print_param_0
)
{
	.local .align 16 .b8 	__local_depot8[32];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;
	.reg .pred 	%p<3>;
	.reg .b32 	%r<16>;
	.reg .f64 	%fd<3>;
	.reg .b64 	%rd<12>;


	mov.u64 	%SPL, __local_depot8;
	cvta.local.u64 	%SP, %SPL;
	ld.param.u32 	%r2, [print_param_0];
	add.u64 	%rd2, %SP, 0;
	add.u64 	%rd1, %SPL, 0;
	mov.u32 	%r1, %tid.x;
	mul.hi.s32 	%r3, %r1, 1431655766;
	shr.u32 	%r4, %r3, 31;
	add.s32 	%r5, %r3, %r4;
	mul.lo.s32 	%r6, %r5, 3;
	sub.s32 	%r7, %r1, %r6;
	setp.eq.s32 	%p1, %r7, 0;
	@%p1 bra 	$L__BB8_3;

	setp.ne.s32 	%p2, %r1, 4;
	@%p2 bra 	$L__BB8_4;

	mov.u32 	%r8, 42;
	mov.u32 	%r9, 6;
	mov.u32 	%r10, 4;
	mov.u32 	%r11, -4;
	st.local.v4.u32 	[%rd1], {%r11, %r10, %r9, %r8};
	mov.u32 	%r12, 2;
	st.local.u32 	[%rd1+16], %r12;
	mov.u64 	%rd3, 4614256650576692846;
	st.local.u64 	[%rd1+24], %rd3;
	mov.u64 	%rd4, $str$2;
	cvta.global.u64 	%rd5, %rd4;
	{ // callseq 2, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd5;
	.param .b64 param1;
	st.param.b64 	[param1+0], %rd2;
	.param .b32 retval0;
	call.uni (retval0), 
	vprintf, 
	(
	param0, 
	param1
	);
	ld.param.b32 	%r13, [retval0+0];
	} // callseq 2
	bra.uni 	$L__BB8_4;

$L__BB8_3:
	cvt.rn.f64.s32 	%fd1, %r1;
	mul.f64 	%fd2, %fd1, 0d3FE0000000000000;
	st.local.v2.u32 	[%rd1], {%r1, %r2};
	st.local.f64 	[%rd1+8], %fd2;
	mov.u64 	%rd7, $str$1;
	cvta.global.u64 	%rd8, %rd7;
	st.local.u64 	[%rd1+16], %rd8;
	mul.lo.s32 	%r14, %r1, 17;
	st.local.u32 	[%rd1+24], %r14;
	mov.u64 	%rd9, $str;
	cvta.global.u64 	%rd10, %rd9;
	{ // callseq 3, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd10;
	.param .b64 param1;
	st.param.b64 	[param1+0], %rd2;
	.param .b32 retval0;
	call.uni (retval0), 
	vprintf, 
	(
	param0, 
	param1
	);
	ld.param.b32 	%r15, [retval0+0];
	} // callseq 3

$L__BB8_4:
	ret;

}
	// .globl	heap
.visible .entry heap(
	.param .u64 heap_param_0
)
{
	.reg .pred 	%p<11>;
	.reg .b32 	%r<64>;
	.reg .b64 	%rd<23>;


	ld.param.u64 	%rd12, [heap_param_0];
	mov.u32 	%r1, %tid.x;
	add.s32 	%r2, %r1, 1;
	mul.wide.s32 	%rd13, %r2, 4;
	{ // callseq 4, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd13;
	.param .b64 retval0;
	call.uni (retval0), 
	malloc, 
	(
	param0
	);
	ld.param.b64 	%rd1, [retval0+0];
	} // callseq 4
	setp.lt.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB9_7;

	and.b32  	%r54, %r2, 3;
	setp.lt.u32 	%p2, %r1, 3;
	mov.u32 	%r52, 0;
	@%p2 bra 	$L__BB9_4;

	sub.s32 	%r50, %r1, %r54;
	mov.u32 	%r52, 0;
	mov.u64 	%rd19, %rd1;

$L__BB9_3:
	st.u32 	[%rd19], %r52;
	add.s32 	%r33, %r52, 1;
	st.u32 	[%rd19+4], %r33;
	add.s32 	%r34, %r52, 2;
	st.u32 	[%rd19+8], %r34;
	add.s32 	%r35, %r52, 3;
	st.u32 	[%rd19+12], %r35;
	add.s32 	%r52, %r52, 4;
	add.s64 	%rd19, %rd19, 16;
	add.s32 	%r50, %r50, -4;
	setp.ne.s32 	%p3, %r50, -1;
	@%p3 bra 	$L__BB9_3;

$L__BB9_4:
	setp.eq.s32 	%p4, %r54, 0;
	@%p4 bra 	$L__BB9_7;

	mul.wide.s32 	%rd14, %r52, 4;
	add.s64 	%rd20, %rd1, %rd14;

$L__BB9_6:
	.pragma "nounroll";
	st.u32 	[%rd20], %r52;
	add.s32 	%r52, %r52, 1;
	add.s64 	%rd20, %rd20, 4;
	add.s32 	%r54, %r54, -1;
	setp.ne.s32 	%p5, %r54, 0;
	@%p5 bra 	$L__BB9_6;

$L__BB9_7:
	mov.u32 	%r63, 0;
	@%p1 bra 	$L__BB9_14;

	and.b32  	%r62, %r2, 3;
	setp.lt.u32 	%p7, %r1, 3;
	mov.u32 	%r59, 0;
	mov.u32 	%r63, %r59;
	@%p7 bra 	$L__BB9_11;

	sub.s32 	%r55, %r1, %r62;
	mov.u32 	%r59, 0;
	mov.u64 	%rd21, %rd1;

$L__BB9_10:
	ld.u32 	%r42, [%rd21];
	add.s32 	%r43, %r42, %r63;
	ld.u32 	%r44, [%rd21+4];
	add.s32 	%r45, %r44, %r43;
	ld.u32 	%r46, [%rd21+8];
	add.s32 	%r47, %r46, %r45;
	ld.u32 	%r48, [%rd21+12];
	add.s32 	%r63, %r48, %r47;
	add.s32 	%r59, %r59, 4;
	add.s64 	%rd21, %rd21, 16;
	add.s32 	%r55, %r55, -4;
	setp.ne.s32 	%p8, %r55, -1;
	@%p8 bra 	$L__BB9_10;

$L__BB9_11:
	setp.eq.s32 	%p9, %r62, 0;
	@%p9 bra 	$L__BB9_14;

	mul.wide.s32 	%rd15, %r59, 4;
	add.s64 	%rd22, %rd1, %rd15;

$L__BB9_13:
	.pragma "nounroll";
	ld.u32 	%r49, [%rd22];
	add.s32 	%r63, %r49, %r63;
	add.s64 	%rd22, %rd22, 4;
	add.s32 	%r62, %r62, -1;
	setp.ne.s32 	%p10, %r62, 0;
	@%p10 bra 	$L__BB9_13;

$L__BB9_14:
	{ // callseq 5, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd1;
	call.uni 
	free, 
	(
	param0
	);
	} // callseq 5
	cvta.to.global.u64 	%rd16, %rd12;
	mul.wide.s32 	%rd17, %r1, 4;
	add.s64 	%rd18, %rd16, %rd17;
	st.global.u32 	[%rd18], %r63;
	ret;

}
	// .globl	check_positive
.visible .entry check_positive(
	.param .u64 check_positive_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<11>;


	ld.param.u64 	%rd1, [check_positive_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	ld.global.u32 	%r2, [%rd4];
	setp.gt.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB10_2;

	mov.u64 	%rd5, $str$3;
	cvta.global.u64 	%rd6, %rd5;
	mov.u64 	%rd7, $str$4;
	cvta.global.u64 	%rd8, %rd7;
	mov.u64 	%rd9, __unnamed_1;
	cvta.global.u64 	%rd10, %rd9;
	{ // callseq 6, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd6;
	.param .b64 param1;
	st.param.b64 	[param1+0], %rd8;
	.param .b32 param2;
	st.param.b32 	[param2+0], 183;
	.param .b64 param3;
	st.param.b64 	[param3+0], %rd10;
	.param .b64 param4;
	st.param.b64 	[param4+0], 1;
	call.uni 
	__assertfail, 
	(
	param0, 
	param1, 
	param2, 
	param3, 
	param4
	);
	} // callseq 6

$L__BB10_2:
	ret;

}

#endif // end of call_device.ptx
