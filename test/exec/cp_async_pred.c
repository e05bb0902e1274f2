/* cp_async_pred.c — reference for cp_async_pred.ptx: ignore-src true
 * copies zeros; the cache policy changes nothing. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "cp_async_pred");
    enum { T = 60 };
    uint32_t in[T], in2[2 * T], out[T], exp[T];
    for (int i = 0; i < T; i++)
        in[i] = lcg() % 1000, in2[2 * i] = lcg() % 1000, in2[2 * i + 1] = lcg() % 1000;
    uint32_t *pi = in, *pi2 = in2, *po = out;
    void *params[] = {&pi, &pi2, &po};
    if (launch("ignore_src", "k", d3(1, 1, 1), d3(T, 1, 1), 0, params)) {
        for (int t = 0; t < T; t++)
            exp[t] = (t % 3 == 0 ? 0 : in[t]) + in2[2 * t] + in2[2 * t + 1];
        CHECK_INT("ignore_src", out, exp, T);
    }
    return finish();
}
#if 0 // test-file cp_async_pred.ptx
// cp.async with an ignore-src predicate (zero-fill when true) and 4- and
// 8-byte copies with a cache-policy operand.  Hand-written; ptxas
// -arch=sm_80 accepts it.  Reference: cp_async_pred.c.
.version 7.5
.target sm_80
.address_size 64

// out[t] = (t % 3 == 0 ? 0 : in[t]) + in2[2t] + in2[2t+1], staged in shared
.visible .entry k(.param .u64 in, .param .u64 in2, .param .u64 out)
{
	.shared .align 8 .b8 s4[256];
	.shared .align 8 .b8 s8[512];
	.reg .pred %p<2>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [in2];
	ld.param.u64 %rd3, [out];
	mov.u32 %r1, %tid.x;
	rem.u32 %r2, %r1, 3;
	setp.eq.u32 %p1, %r2, 0;
	mul.wide.u32 %rd4, %r1, 4;
	add.s64 %rd5, %rd1, %rd4;
	mov.u32 %r3, s4;
	shl.b32 %r4, %r1, 2;
	add.u32 %r3, %r3, %r4;
	cp.async.ca.shared.global [%r3], [%rd5], 4, %p1;
	mul.wide.u32 %rd6, %r1, 8;
	add.s64 %rd7, %rd2, %rd6;
	mov.u32 %r5, s8;
	shl.b32 %r6, %r1, 3;
	add.u32 %r5, %r5, %r6;
	createpolicy.fractional.L2::evict_last.b64 %rd8, 1.0;
	cp.async.ca.shared.global.L2::cache_hint [%r5], [%rd7], 8, %rd8;
	cp.async.wait_all;
	ld.shared.u32 %r7, [%r3];
	ld.shared.v2.u32 {%r8, %r9}, [%r5];
	add.u32 %r10, %r7, %r8;
	add.u32 %r10, %r10, %r9;
	add.s64 %rd9, %rd3, %rd4;
	st.global.u32 [%rd9], %r10;
	ret;
}
#endif // end of cp_async_pred.ptx
