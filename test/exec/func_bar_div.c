/* func_bar_div.c — reference for func_bar_div.ptx, from the PTX ISA's
 * barrier.sync (not .aligned: the lanes of a warp may arrive at different
 * times; it waits for the non-exited threads of the CTA).  swap stores its
 * argument at s[tid], waits, and returns s[tid ^ 32], what thread tid ^ 32
 * passed (swap2 adds 1000).  halves: thread u passes u * 10 + 2 below lane
 * 16, u * 10 + 1 above; one_side: lanes < 16 pass u * 10, the others
 * store 7 and exit, which releases the barrier for them.  two_funcs: a
 * call of swap and one of swap2 meet at the barrier; ptx2native cannot
 * run lanes outside a call before it returns (docs/runtime.md), so there
 * the launch must fail with P2N_ERROR_DEADLOCK and say why, never give
 * other results.  loop: thread t calls swap_twice (store, barrier, load,
 * barrier) lane % 3 times with t * 10 + i and sums what it gets, the value
 * of thread t ^ 32, which has the same lane and so the same trip count. */
#include "common.h"

enum { N = 64 };

/* kernel k: the GPU's results, or (two_funcs) the documented error */
static void
run(const char *k, const uint32_t *exp, int may_be_unsupported)
{
    uint32_t out[N], *po = out;
    void *params[] = {&po};
    memset(out, 0, sizeof out);
    p2n_result r = p2n_launch(g_mod, k, d3(1, 1, 1), d3(N, 1, 1), 0, params);
    char name[64];
    if (r == P2N_SUCCESS) {
        CHECK_INT(k, out, exp, N);
    } else if (may_be_unsupported && r == P2N_ERROR_DEADLOCK &&
               strstr(p2n_error_message(), "called by part of a warp is not supported")) {
        snprintf(name, sizeof name, "%s_unsupported", k);
        report(name, 0, "");
    } else {
        report(k, 1, p2n_error_message());
    }
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "func_bar_div");
    uint32_t exp[N];
    for (int t = 0; t < N; t++) {
        int u = t ^ 32;
        exp[t] = (uint32_t)(u * 10 + (u % 32 < 16 ? 2 : 1));
    }
    run("halves", exp, 0);
    for (int t = 0; t < N; t++)
        exp[t] = t % 32 < 16 ? (uint32_t)((t ^ 32) * 10) : 7;
    run("one_side", exp, 0);
    for (int t = 0; t < N; t++) {
        int u = t ^ 32;
        exp[t] = (uint32_t)(u * 10 + (u % 32 < 16 ? 1002 : 1));
    }
    run("two_funcs", exp, 1);
    for (int t = 0; t < N; t++) {
        int u = t ^ 32, acc = 0;
        for (int i = 0; i < t % 32 % 3; i++)
            acc += u * 10 + i;
        exp[t] = (uint32_t)acc;
    }
    run("loop", exp, 0);
    return finish();
}
#if 0 // test-file func_bar_div.ptx
// A barrier inside a .func called under divergence: valid under
// independent thread scheduling (barrier.sync is not .aligned; every
// non-exited thread of the CTA arrives at barrier 0).  halves: both sides
// call the same function; one_side: only lanes < 16 call it, the others
// exit; two_funcs: the sides call two functions (not supported by
// ptx2native, docs/runtime.md); loop: a call in a loop whose trip count
// differs per lane (lane % 3), lanes that left it exit.  Hand-written.  Reference: func_bar_div.c.
.version 7.0
.target sm_70
.address_size 64

.shared .align 4 .b32 s[64];

// stores v at s[tid], waits at the barrier, returns s[tid ^ 32]
.func (.param .b32 r) swap(.param .b32 v)
{
	.reg .b32 %r<8>;
	ld.param.u32 %r5, [v];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 2;
	mov.u32 %r3, s;
	add.u32 %r4, %r3, %r2;
	st.shared.u32 [%r4], %r5;
	barrier.sync 0;
	xor.b32 %r2, %r2, 128;
	add.u32 %r4, %r3, %r2;
	ld.shared.u32 %r6, [%r4];
	st.param.b32 [r], %r6;
	ret;
}

// swap, plus 1000
.func (.param .b32 r) swap2(.param .b32 v)
{
	.reg .b32 %r<8>;
	ld.param.u32 %r5, [v];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 2;
	mov.u32 %r3, s;
	add.u32 %r4, %r3, %r2;
	st.shared.u32 [%r4], %r5;
	barrier.sync 0;
	xor.b32 %r2, %r2, 128;
	add.u32 %r4, %r3, %r2;
	ld.shared.u32 %r6, [%r4];
	add.u32 %r6, %r6, 1000;
	st.param.b32 [r], %r6;
	ret;
}

.visible .entry halves(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	mul.lo.u32 %r3, %r1, 10;
	setp.lt.u32 %p1, %r2, 16;
	@%p1 bra LO;
	add.u32 %r4, %r3, 1;
	{
	.param .b32 a;
	.param .b32 b;
	st.param.b32 [a], %r4;
	call (b), swap, (a);
	ld.param.b32 %r5, [b];
	}
	bra JOIN;
LO:
	add.u32 %r4, %r3, 2;
	{
	.param .b32 a;
	.param .b32 b;
	st.param.b32 [a], %r4;
	call (b), swap, (a);
	ld.param.b32 %r5, [b];
	}
JOIN:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r5;
	ret;
}

.visible .entry two_funcs(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	mul.lo.u32 %r3, %r1, 10;
	setp.lt.u32 %p1, %r2, 16;
	@%p1 bra LO;
	add.u32 %r4, %r3, 1;
	{
	.param .b32 a;
	.param .b32 b;
	st.param.b32 [a], %r4;
	call (b), swap, (a);
	ld.param.b32 %r5, [b];
	}
	bra JOIN;
LO:
	add.u32 %r4, %r3, 2;
	{
	.param .b32 a;
	.param .b32 b;
	st.param.b32 [a], %r4;
	call (b), swap2, (a);
	ld.param.b32 %r5, [b];
	}
JOIN:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r5;
	ret;
}

// lanes >= 16 store 7 and exit; lanes < 16 call swap
.visible .entry one_side(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	mul.lo.u32 %r3, %r1, 10;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	setp.lt.u32 %p1, %r2, 16;
	@%p1 bra LO;
	mov.u32 %r5, 7;
	bra JOIN;
LO:
	{
	.param .b32 a;
	.param .b32 b;
	st.param.b32 [a], %r3;
	call (b), swap, (a);
	ld.param.b32 %r5, [b];
	}
JOIN:
	st.global.u32 [%rd3], %r5;
	ret;
}

// swap between two barriers, so that a loop may call it again
.func (.param .b32 r) swap_twice(.param .b32 v)
{
	.reg .b32 %r<8>;
	ld.param.u32 %r5, [v];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 2;
	mov.u32 %r3, s;
	add.u32 %r4, %r3, %r2;
	st.shared.u32 [%r4], %r5;
	barrier.sync 0;
	xor.b32 %r2, %r2, 128;
	add.u32 %r4, %r3, %r2;
	ld.shared.u32 %r6, [%r4];
	barrier.sync 0;
	st.param.b32 [r], %r6;
	ret;
}

// lane % 3 iterations, each adding what swap_twice returns for tid * 10 + i
.visible .entry loop(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	rem.u32 %r6, %r2, 3;
	mul.lo.u32 %r3, %r1, 10;
	mov.u32 %r5, 0;
	mov.u32 %r7, 0;
	setp.ge.u32 %p1, %r7, %r6;
	@%p1 bra DONE;
L:
	add.u32 %r4, %r3, %r7;
	{
	.param .b32 a;
	.param .b32 b;
	st.param.b32 [a], %r4;
	call (b), swap_twice, (a);
	ld.param.b32 %r8, [b];
	}
	add.u32 %r5, %r5, %r8;
	add.u32 %r7, %r7, 1;
	setp.lt.u32 %p2, %r7, %r6;
	@%p2 bra L;
DONE:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r5;
	ret;
}
#endif // end of func_bar_div.ptx
