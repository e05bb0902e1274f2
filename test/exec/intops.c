/* intops.c — reference for intops.ptx, from the PTX ISA's definitions. */
#include <stdint.h>
#include <stdio.h>

#include "ptx2native.h"

static int32_t
byte(uint32_t x, int k, int sign)
{
    uint32_t b = (x >> (8 * k)) & 0xff;
    return sign ? (int32_t)(int8_t)b : (int32_t)b;
}

static int32_t
half(uint32_t x, int k, int sign)
{
    uint32_t h = (x >> (16 * k)) & 0xffff;
    return sign ? (int32_t)(int16_t)h : (int32_t)h;
}

static uint32_t
fns(uint32_t mask, uint32_t base, int32_t offset)
{
    if (offset == 0)
        return (mask >> base & 1) ? base : 0xffffffffu;
    int count = (offset < 0 ? -offset : offset) - 1, inc = offset > 0 ? 1 : -1;
    for (int pos = (int)base; pos >= 0 && pos < 32; pos += inc)
        if (mask >> pos & 1) {
            if (count == 0)
                return (uint32_t)pos;
            count--;
        }
    return 0xffffffffu;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/intops/load: %s\n", p2n_error_message());
        return 1;
    }
    enum { T = 96 };
    uint32_t in[3 * T], out[8 * T], *pi = in, *po = out, s = 7;
    for (int i = 0; i < 3 * T; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = s;
    }
    void *p[] = {&pi, &po};
    if (p2n_launch(m, "intops", (p2n_dim3){1, 1, 1}, (p2n_dim3){T, 1, 1}, 0, p) != P2N_SUCCESS) {
        printf("FAIL exec/intops/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[8] = {"dp4a_s32_s32", "dp4a_u32_s32", "dp2a_lo_s32_s32", "dp2a_hi_u32_u32",
                                   "bmsk_clamp", "bmsk_wrap", "szext_clamp_s32", "fns"};
    int bad[8] = {0};
    for (int t = 0; t < T; t++) {
        uint32_t a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2], w[8];
        int32_t acc = (int32_t)c, acc2 = (int32_t)c;
        for (int k = 0; k < 4; k++) {
            acc += byte(a, k, 1) * byte(b, k, 1);
            acc2 += byte(a, k, 0) * byte(b, k, 1);
        }
        w[0] = (uint32_t)acc, w[1] = (uint32_t)acc2;
        w[2] = (uint32_t)((int32_t)c + half(a, 0, 1) * byte(b, 0, 1) + half(a, 1, 1) * byte(b, 1, 1));
        w[3] = c + (uint32_t)(half(a, 0, 0) * byte(b, 2, 0)) + (uint32_t)(half(a, 1, 0) * byte(b, 3, 0));
        uint32_t pos = c & 63, len = (c >> 8) & 63;
        uint32_t cp = pos > 32 ? 32 : pos, cl = len > 32 ? 32 : len;
        w[4] = (uint32_t)((((uint64_t)1 << cl) - 1) << cp);
        w[5] = (uint32_t)((((uint64_t)1 << (len & 31)) - 1) << (pos & 31));
        w[6] = cl == 0 ? 0 : cl >= 32 ? a : (uint32_t)((int32_t)(a << (32 - cl)) >> (32 - cl));
        w[7] = fns(b, (c >> 16) & 31, (int32_t)((int32_t)c >> 24 & 7) - 3);
        for (int k = 0; k < 8; k++)
            if (out[8 * t + k] != w[k] && !bad[k]) {
                bad[k] = 1;
                printf("FAIL exec/intops/%s: thread %d: 0x%08x, expected 0x%08x\n", names[k], t, out[8 * t + k], w[k]);
            }
    }
    int failed = 0;
    for (int k = 0; k < 8; k++) {
        if (!bad[k])
            printf("PASS exec/intops/%s\n", names[k]);
        failed |= bad[k];
    }
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file intops.ptx
// dp4a, dp2a, bmsk, szext and fns on per-lane operands; hand-written,
// ptxas -arch=sm_75 accepts it.  Reference: intops.c.
.version 7.6
.target sm_75
.address_size 64

// out[8*t + k]: dp4a.s32.s32, dp4a.u32.s32, dp2a.lo.s32.s32, dp2a.hi.u32.u32,
// bmsk.clamp, bmsk.wrap, szext.clamp.s32, fns
.visible .entry intops(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 12;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r2, [%rd4];
	ld.global.u32 %r3, [%rd4+4];
	ld.global.u32 %r4, [%rd4+8];
	dp4a.s32.s32 %r5, %r2, %r3, %r4;
	dp4a.u32.s32 %r6, %r2, %r3, %r4;
	dp2a.lo.s32.s32 %r7, %r2, %r3, %r4;
	dp2a.hi.u32.u32 %r8, %r2, %r3, %r4;
	and.b32 %r9, %r4, 63;
	shr.u32 %r10, %r4, 8;
	and.b32 %r10, %r10, 63;
	bmsk.clamp.b32 %r11, %r9, %r10;
	bmsk.wrap.b32 %r12, %r9, %r10;
	szext.clamp.s32 %r13, %r2, %r10;
	shr.u32 %r14, %r4, 16;
	and.b32 %r14, %r14, 31;
	shr.s32 %r15, %r4, 24;
	and.b32 %r15, %r15, 7;
	sub.s32 %r15, %r15, 3;
	fns.b32 %r15, %r3, %r14, %r15;
	mul.wide.u32 %rd5, %r1, 32;
	add.s64 %rd6, %rd2, %rd5;
	st.global.u32 [%rd6], %r5;
	st.global.u32 [%rd6+4], %r6;
	st.global.u32 [%rd6+8], %r7;
	st.global.u32 [%rd6+12], %r8;
	st.global.u32 [%rd6+16], %r11;
	st.global.u32 [%rd6+20], %r12;
	st.global.u32 [%rd6+24], %r13;
	st.global.u32 [%rd6+28], %r15;
	ret;
}
#endif // end of intops.ptx
