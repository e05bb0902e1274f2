/* held_write.c — reference for held_write.ptx: each lane adds 10 in
 * each of its lane % 4 + 1 iterations to its lane number, then triples
 * that and adds its thread index; what other lanes do after the loop
 * does not change it. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "held_write");
    static const char *kernels[] = {"warpsync", "ctasync", "callsync"};
    for (int k = 0; k < 3; k++) {
        uint32_t out[64], exp[64], *po = out;
        void *params[] = {&po};
        for (int t = 0; t < 64; t++) {
            int l = t % 32;
            exp[t] = (uint32_t)((l + 10 * (l % 4 + 1)) * 3 + t);
            out[t] = 0;
        }
        if (launch(kernels[k], kernels[k], d3(1, 1, 1), d3(64, 1, 1), 0, params))
            CHECK_INT(kernels[k], out, exp, 64);
    }
    return finish();
}
#if 0 // test-file held_write.ptx
// Lanes that leave a loop (trip count lane % 4 + 1) run the code after it
// on their own while their warp-mates are held at a barrier in the loop;
// that code writes the loop's registers %r4 and %r6 (live across the
// barrier, not after the loop) in place, which must not reach the held
// lanes.  One kernel with bar.warp.sync, one with bar.sync, one with
// barrier.sync inside a function the loop calls.
// Hand-written.  Reference: held_write.c.
.version 7.0
.target sm_70
.address_size 64

.func wait()
{
	barrier.sync 0;
	ret;
}

.visible .entry warpsync(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r5, %r1, 31;
	and.b32 %r2, %r5, 3;
	add.u32 %r2, %r2, 1;
	mov.u32 %r3, 0;
	mov.u32 %r4, %r5;
L:
	add.u32 %r6, %r4, 10;
	bar.warp.sync -1;
	mov.u32 %r4, %r6;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, %r2;
	@%p1 bra L;
	mul.lo.u32 %r4, %r4, 3;
	mov.u32 %r6, %r1;
	add.u32 %r4, %r4, %r6;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}

.visible .entry ctasync(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r5, %r1, 31;
	and.b32 %r2, %r5, 3;
	add.u32 %r2, %r2, 1;
	mov.u32 %r3, 0;
	mov.u32 %r4, %r5;
L:
	add.u32 %r6, %r4, 10;
	bar.sync 0;
	mov.u32 %r4, %r6;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, %r2;
	@%p1 bra L;
	mul.lo.u32 %r4, %r4, 3;
	mov.u32 %r6, %r1;
	add.u32 %r4, %r4, %r6;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}

.visible .entry callsync(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r5, %r1, 31;
	and.b32 %r2, %r5, 3;
	add.u32 %r2, %r2, 1;
	mov.u32 %r3, 0;
	mov.u32 %r4, %r5;
L:
	add.u32 %r6, %r4, 10;
	call wait, ();
	mov.u32 %r4, %r6;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, %r2;
	@%p1 bra L;
	mul.lo.u32 %r4, %r4, 3;
	mov.u32 %r6, %r1;
	add.u32 %r4, %r4, %r6;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}
#endif // end of held_write.ptx
