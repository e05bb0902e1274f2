/* Variables of every state space as addresses with offsets, and their
 * addresses taken by mov (var_address.ptx): each word a thread writes,
 * computed in C from the PTX by hand. */
#include "common.h"

int main(int argc, char **argv)
{
    setup(argc, argv, "var_address");
    enum { T = 32 };
    static uint32_t in[8 * T], out[16 * T];
    for (int i = 0; i < 8 * T; i++)
        in[i] = lcg();
    struct { uint64_t a; uint32_t b, c; } s = {0x1122334455667788ull, 0xcafef00du, 7};
    uint32_t *pi = in, *po = out;
    void *p[] = {&pi, &po, &s};
    if (!launch("var_address", "var_address", d3(1, 1, 1), d3(T, 1, 1), 0, p))
        return finish();
    uint32_t g[8 * T], x[8 * T];
    int n = 0;
    for (int t = 0; t < T; t++)
        for (int k = 0; k < 8; k++, n++) {
            g[n] = out[16 * t + k];
            x[n] = in[8 * t + k];
        }
    CHECK_INT("cp.async.smem_buf", g, x, n);
    const struct { const char *name; int word; } cases[] = {
        {"ld.shared.smem_buf+off", 8}, {"local_x+4.and.mov", 9}, {"gvar+8.cvar+4", 10}, {"mov.gvar", 11},
        {"mov.svar", 12}, {"param+8", 13}, {"svar+4", 14},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int w = cases[c].word;
        n = 0;
        for (int t = 0; t < T; t++) {
            uint32_t want;
            switch (w) {
            case 8: want = in[16 + 1] + in[16 + 5]; break;
            case 9: want = (uint32_t)(t + 1000 + t); break;
            case 10: want = 33 + 200; break;
            case 11: want = 44; break;
            case 12: if (t == T - 1) continue; want = 3u * (uint32_t)(t + 1); break; /* svar[32] is never written */
            case 13: want = s.b; break;
            default: want = 0 + 3; break;
            }
            g[n] = out[16 * t + w];
            x[n++] = want;
        }
        CHECK_INT(cases[c].name, g, x, n);
    }
    return finish();
}
#if 0 // test-file var_address.ptx
// Variables of every state space as addresses, with offsets: cp.async to
// [smem_buf] and [smem_buf+16], ld/st through [local_x+4], [gvar+8],
// [cvar+4], [svar+4] and a .param struct at [p+8]; and their addresses
// taken with mov (mov.u64 %rd, local_x) then used through a register.
// Hand-written (ptxas-clean).  out gets 16 words per thread.
.version 8.0
.target sm_80
.address_size 64

.global .align 8 .u32 gvar[4] = {11, 22, 33, 44};
.const .align 4 .u32 cvar[4] = {100, 200, 300, 400};

.visible .entry var_address(.param .u64 in, .param .u64 out, .param .align 8 .b8 s[16])
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<16>;
	.reg .pred %p;
	.local .align 4 .b8 local_x[16];
	.shared .align 16 .b8 smem_buf[1056];
	.shared .align 4 .u32 svar[64];

	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	// each thread copies its 32 input bytes into smem_buf + 32 + 32 tid with
	// two 16-byte cp.async through a register holding the variable's address
	mul.wide.u32 %rd3, %r1, 32;
	add.s64 %rd4, %rd1, %rd3;
	mov.u32 %r2, smem_buf;
	mul.lo.u32 %r3, %r1, 32;
	add.u32 %r2, %r2, %r3;
	cp.async.ca.shared.global [%r2+32], [%rd4], 16;
	cp.async.cg.shared.global [%r2+48], [%rd4+16], 16;
	// thread 0 also copies thread 2's 32 bytes to [smem_buf] and [smem_buf+16]
	setp.eq.u32 %p, %r1, 0;
	@%p cp.async.ca.shared.global [smem_buf], [%rd1+64], 16;
	@%p cp.async.ca.shared.global [smem_buf+16], [%rd1+80], 16;
	cp.async.wait_all;
	bar.sync 0;
	mul.wide.u32 %rd5, %r1, 64;
	add.s64 %rd6, %rd2, %rd5;
	// words 0-7: the thread's 32 bytes back from shared memory
	ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%r2+32];
	st.global.v4.u32 [%rd6], {%r4, %r5, %r6, %r7};
	ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%r2+48];
	st.global.v4.u32 [%rd6+16], {%r4, %r5, %r6, %r7};
	// word 8: [smem_buf+4] + [smem_buf+20] (thread 2's words 1 and 5)
	ld.shared.u32 %r4, [smem_buf+4];
	ld.shared.u32 %r5, [smem_buf+20];
	add.u32 %r4, %r4, %r5;
	st.global.u32 [%rd6+32], %r4;
	// word 9: local_x[1] written through [local_x+4], read back through
	// the address mov.u64 gives, made generic
	add.u32 %r6, %r1, 1000;
	st.local.u32 [local_x+4], %r6;
	st.local.u32 [local_x+8], %r1;
	mov.u64 %rd7, local_x;
	ld.local.u32 %r7, [%rd7+4];
	cvta.local.u64 %rd8, %rd7;
	ld.u32 %r8, [%rd8+8];
	add.u32 %r7, %r7, %r8;
	st.global.u32 [%rd6+36], %r7;
	// word 10: gvar[2] + cvar[1] through [gvar+8] and [cvar+4]
	ld.global.u32 %r9, [gvar+8];
	ld.const.u32 %r10, [cvar+4];
	add.u32 %r9, %r9, %r10;
	st.global.u32 [%rd6+40], %r9;
	// word 11: gvar[3] through the address mov.u64 gives
	mov.u64 %rd9, gvar;
	ld.global.u32 %r11, [%rd9+12];
	st.global.u32 [%rd6+44], %r11;
	// word 12: svar[tid+1] after every thread wrote svar[tid] = 3 tid
	// through [svar+4]-relative addresses: the address from mov.u32
	mov.u32 %r12, svar;
	shl.b32 %r13, %r1, 2;
	add.u32 %r12, %r12, %r13;
	mul.lo.u32 %r14, %r1, 3;
	st.shared.u32 [%r12], %r14;
	bar.sync 0;
	ld.shared.u32 %r14, [%r12+4];
	st.global.u32 [%rd6+48], %r14;
	// word 13: the second word of the .param struct, [s+8]
	ld.param.u32 %r15, [s+8];
	st.global.u32 [%rd6+52], %r15;
	// word 14: svar[0] through [svar] and svar[1] through [svar+4]
	ld.shared.u32 %r4, [svar];
	ld.shared.u32 %r5, [svar+4];
	add.u32 %r4, %r4, %r5;
	st.global.u32 [%rd6+56], %r4;
	ret;
}
#endif // end of var_address.ptx
