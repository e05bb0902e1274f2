/* func_barrier.c — reference for func_barrier.ptx: after the barrier,
 * thread t reads what thread t ^ 32 stored. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "func_barrier");
    static const char *kernels[] = {"direct", "indirect"};
    for (int k = 0; k < 2; k++) {
        uint32_t out[64], exp[64], *po = out;
        void *params[] = {&po};
        if (!launch(kernels[k], kernels[k], d3(1, 1, 1), d3(64, 1, 1), 0, params))
            continue;
        for (uint32_t t = 0; t < 64; t++)
            exp[t] = t ^ 32;
        CHECK_INT(kernels[k], out, exp, 64);
    }
    return finish();
}
#if 0 // test-file func_barrier.ptx
// bar.sync inside a .func, called directly and through a pointer: the
// kernel must run its warps as fibers although it has no barrier itself.
// Hand-written; ptxas -arch=sm_75 accepts it.  Reference: func_barrier.c.
.version 7.5
.target sm_75
.address_size 64
.func sync_and_read(.param .b64 p)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b32 s[64];
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 2;
	mov.u32 %r3, s;
	add.u32 %r3, %r3, %r2;
	st.shared.u32 [%r3], %r1;
	bar.sync 0;
	xor.b32 %r2, %r2, 128;
	mov.u32 %r3, s;
	add.u32 %r3, %r3, %r2;
	ld.shared.u32 %r1, [%r3];
	mul.wide.u32 %rd2, %r1, 1;
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd3, %rd1, %rd3;
	cvt.u32.u64 %r1, %rd2;
	st.global.u32 [%rd3], %r1;
	ret;
}
// the barrier is only in the callee
.visible .entry direct(.param .u64 out)
{
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	{
	.param .b64 a;
	st.param.b64 [a], %rd1;
	call sync_and_read, (a);
	}
	ret;
}

// ... reached through a function pointer
.visible .entry indirect(.param .u64 out)
{
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [out];
	mov.u64 %rd2, sync_and_read;
	{
	.param .b64 a;
	st.param.b64 [a], %rd1;
	proto: .callprototype _ (.param .b64 _);
	call %rd2, (a), proto;
	}
	ret;
}
#endif // end of func_barrier.ptx
