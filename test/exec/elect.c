/* elect.c — reference for elect.ptx: the PTX ISA's elect.sync picks one
 * leader among the active lanes of membermask; the hardware (and we) take
 * the lowest, which every lane learns as d. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "elect");
    enum { N = 80 }; /* two full warps and a partial one */
    uint32_t out[2 * N], exp[2 * N];
    uint32_t *po = out;
    void *params[] = {&po};
    if (launch("leader", "k", d3(1, 1, 1), d3(N, 1, 1), 0, params)) {
        for (int t = 0; t < N; t++) {
            int lane = t % 32;
            exp[2 * t] = lane < 5 ? 99 : 5;
            exp[2 * t + 1] = lane < 5 ? 99 : lane == 5;
        }
        CHECK_INT("leader", out, exp, 2 * N);
    }
    return finish();
}
#if 0 // test-file elect.ptx
// elect.sync under a partial mask, and griddepcontrol (no-ops: launches
// are synchronous).  Hand-written; ptxas -arch=sm_90 accepts it.
// Reference: elect.c.
.version 8.0
.target sm_90
.address_size 64

// lanes t % 32 >= 5 of each warp elect; out[2t] = leader's laneid,
// out[2t+1] = 1 in the leader; the others write 99, 99
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	griddepcontrol.wait;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	mul.wide.u32 %rd2, %r1, 8;
	add.s64 %rd2, %rd1, %rd2;
	mov.u32 %r3, 99;
	mov.u32 %r4, 99;
	setp.lt.u32 %p1, %r2, 5;
	@%p1 bra OUT;
	elect.sync %r3|%p2, 0xffffffe0;
	selp.u32 %r4, 1, 0, %p2;
OUT:
	st.global.v2.u32 [%rd2], {%r3, %r4};
	griddepcontrol.launch_dependents;
	ret;
}
#endif // end of elect.ptx
