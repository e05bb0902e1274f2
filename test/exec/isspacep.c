/* isspacep.c — reference for isspacep.ptx, from the PTX definition: a
 * generic address lies in exactly one state space, so an address of
 * category c (global, shared, local, const, param) sets bit c alone. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "isspacep");
    uint32_t buf[64] = {0}, out[64 + 5 + 64];
    memset(out, 0xff, sizeof out);
    uint32_t *pb = buf, *po = out;
    void *params[] = {&pb, &po};
    if (launch("classify", "k", d3(1, 1, 1), d3(64, 1, 1), 0, params)) {
        uint32_t exp[64];
        for (int t = 0; t < 64; t++)
            exp[t] = 1u << (t % 5);
        CHECK_INT("varying", out, exp, 64);
        /* lane 0 with uniform addresses: global, shared, a const address
         * asked as local (no), const, param */
        uint32_t uexp[5] = {1, 1, 0, 1, 1};
        CHECK_INT("uniform", out + 64, uexp, 5);
        /* a .func's own local frame, and its caller's local window */
        uint32_t fexp[64];
        for (int t = 0; t < 64; t++)
            fexp[t] = 4u | 4u << 8;
        CHECK_INT("func_frames", out + 69, fexp, 64);
    }
    return finish();
}
#if 0 // test-file isspacep.ptx
// isspacep on generic addresses of every window: global, shared, local
// (the kernel's and a .func's own frame), const and kernel param, with
// varying and uniform addresses.  Hand-written; ptxas -arch=sm_75 accepts
// it.  Reference: isspacep.c (category i gives bit i).
.version 7.7
.target sm_75
.address_size 64

.const .align 4 .u32 cv[4] = {1, 2, 3, 4};
.shared .align 4 .u32 sh[64];

// bits: global, shared, local, const, param
.func (.reg .b32 r) classify(.reg .b64 a)
{
	.reg .pred %p<6>;
	.reg .b32 %b<6>;
	isspacep.global %p1, a;
	isspacep.shared %p2, a;
	isspacep.local %p3, a;
	isspacep.const %p4, a;
	isspacep.param %p5, a;
	selp.b32 %b1, 1, 0, %p1;
	selp.b32 %b2, 2, 0, %p2;
	selp.b32 %b3, 4, 0, %p3;
	selp.b32 %b4, 8, 0, %p4;
	selp.b32 %b5, 16, 0, %p5;
	or.b32 r, %b1, %b2;
	or.b32 r, r, %b3;
	or.b32 r, r, %b4;
	or.b32 r, r, %b5;
	ret;
}

// r: classify(own local frame) | classify(the caller's local address) << 8
.func (.reg .b32 r) frames(.reg .b64 callers)
{
	.local .align 4 .b8 mine[16];
	.reg .b64 %rd<2>;
	.reg .b32 %c<3>;
	mov.u64 %rd1, mine;
	cvta.local.u64 %rd1, %rd1;
	call (%c1), classify, (%rd1);
	call (%c2), classify, (callers);
	shl.b32 %c2, %c2, 8;
	or.b32 r, %c1, %c2;
	ret;
}

// out[0..63]: lane t classifies an address of category t % 5;
// out[64..68]: the same with uniform addresses; out[69..132]: frames()
.visible .entry k(.param .u64 buf, .param .u64 out)
{
	.local .align 4 .b8 loc[16];
	.reg .pred %p<6>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<20>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	ld.param.u64 %rd2, [out];
	cvta.to.global.u64 %rd2, %rd2;
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	// one address of each category
	add.s64 %rd10, %rd1, %rd3;
	mov.u64 %rd11, sh;
	cvta.shared.u64 %rd11, %rd11;
	mov.u64 %rd12, loc;
	cvta.local.u64 %rd12, %rd12;
	mov.u64 %rd13, cv;
	cvta.const.u64 %rd13, %rd13;
	add.s64 %rd13, %rd13, 8;
	mov.u64 %rd14, out;
	cvta.param.u64 %rd14, %rd14;
	// lane t: category t % 5
	rem.u32 %r2, %r1, 5;
	mov.u64 %rd5, %rd10;
	setp.eq.u32 %p1, %r2, 1;
	selp.b64 %rd5, %rd11, %rd5, %p1;
	setp.eq.u32 %p1, %r2, 2;
	selp.b64 %rd5, %rd12, %rd5, %p1;
	setp.eq.u32 %p1, %r2, 3;
	selp.b64 %rd5, %rd13, %rd5, %p1;
	setp.eq.u32 %p1, %r2, 4;
	selp.b64 %rd5, %rd14, %rd5, %p1;
	call (%r3), classify, (%rd5);
	add.s64 %rd6, %rd2, %rd3;
	st.global.u32 [%rd6], %r3;
	call (%r4), frames, (%rd12);
	st.global.u32 [%rd6+276], %r4;
	setp.ne.u32 %p2, %r1, 0;
	@%p2 bra DONE;
	// uniform addresses, lane 0 only
	isspacep.global %p3, %rd1;
	selp.b32 %r5, 1, 0, %p3;
	st.global.u32 [%rd2+256], %r5;
	isspacep.shared %p3, %rd11;
	selp.b32 %r5, 1, 0, %p3;
	st.global.u32 [%rd2+260], %r5;
	isspacep.const %p3, %rd13;
	selp.b32 %r5, 1, 0, %p3;
	st.global.u32 [%rd2+268], %r5;
	isspacep.param %p3, %rd14;
	selp.b32 %r5, 1, 0, %p3;
	st.global.u32 [%rd2+272], %r5;
	isspacep.local %p3, %rd13;
	selp.b32 %r5, 1, 0, %p3;
	st.global.u32 [%rd2+264], %r5;
DONE:
	ret;
}
#endif // end of isspacep.ptx
