/* elect_masks.c — reference for elect_masks.ptx.  The PTX ISA's
 * elect.sync elects one active lane of the member mask and gives every
 * member its %laneid (d) and true to it alone (p); which one is the
 * implementation's choice, the same for the same mask: the hardware (and
 * we) take the lowest.  Results here: d | p << 8. */
#include "common.h"

enum { N = 64 };

static uint32_t lowest(uint32_t m) { return (uint32_t)__builtin_ctz(m); }

int main(int argc, char **argv)
{
    setup(argc, argv, "elect_masks");
    uint32_t in[N], got[4 * N], e[4 * N];
    for (int t = 0; t < N; t++) in[t] = lcg();
    for (int t = 0; t < N; t++) {
        uint32_t lane = (uint32_t)t % 32, l8 = lowest(0xffu << (lane & 24));
        e[4 * t] = l8 | (uint32_t)(lane == l8) << 8;
        e[4 * t + 1] = lane < 16 ? 99 : lane == 16;
        uint32_t act = 0;
        for (int l = 0; l < 32; l++)
            if (in[t - (int)lane + l] % 3) act |= 1u << l;
        uint32_t m = act & (0xfu << (lane & 28));
        e[4 * t + 2] = in[t] % 3 ? lowest(m) | (uint32_t)(lane == lowest(m)) << 8 : 99;
        e[4 * t + 3] = lane;
    }
    const uint32_t *pi = in;
    uint32_t *po = got;
    void *params[] = {&pi, &po};
    if (launch("subsets", "k", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("subsets", got, e, 4 * N);
    return finish();
}
#if 0 // test-file elect_masks.ptx
// elect.sync with member masks that are a proper subset of the warp: per-
// lane tile masks (tiles of 8, every lane active; then tiles of 4 with some
// lanes inactive, member mask = activemask & tile), a uniform mask in a
// branch, and a sink destination.  Hand-written; ptxas -arch=sm_90
// accepts it (elect needs sm_90).  Reference: elect_masks.c.
.version 8.0
.target sm_90
.address_size 64

// 64 threads; out[4 tid + i]
.visible .entry k(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<8>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r3, [%rd4];
	mul.wide.u32 %rd5, %r1, 16;
	add.s64 %rd5, %rd2, %rd5;
	and.b32 %r2, %r1, 31;
	// tiles of 8, every lane active
	and.b32 %r4, %r2, 24;
	shl.b32 %r5, 255, %r4;
	elect.sync %r6|%p1, %r5;
	selp.u32 %r7, 1, 0, %p1;
	shl.b32 %r7, %r7, 8;
	or.b32 %r6, %r6, %r7;
	// lanes 16..31 with the uniform mask 0xffff0000, a sink destination
	mov.u32 %r8, 99;
	setp.lt.u32 %p2, %r2, 16;
	@%p2 bra HI_END;
	elect.sync _|%p3, 0xffff0000;
	selp.u32 %r8, 1, 0, %p3;
HI_END:
	// lanes with a % 3 != 0, tiles of 4: member mask = activemask & tile
	mov.u32 %r9, 99;
	rem.u32 %r10, %r3, 3;
	setp.eq.u32 %p4, %r10, 0;
	@%p4 bra T_END;
	activemask.b32 %r11;
	and.b32 %r12, %r2, 28;
	shl.b32 %r13, 15, %r12;
	and.b32 %r13, %r13, %r11;
	elect.sync %r9|%p5, %r13;
	selp.u32 %r14, 1, 0, %p5;
	shl.b32 %r14, %r14, 8;
	or.b32 %r9, %r9, %r14;
T_END:
	st.global.v4.u32 [%rd5], {%r6, %r8, %r9, %r2};
	ret;
}
#endif // end of elect_masks.ptx
