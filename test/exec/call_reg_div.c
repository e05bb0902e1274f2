/* call_reg_div.c — reference for call_reg_div.ptx, one thread at a time. */
#include <stdint.h>
#include <stdio.h>

#include "ptx2native.h"

static int32_t
rec(int32_t n, int32_t acc)
{
    if (n <= 0)
        return acc;
    if (n & 1)
        return (int32_t)((uint32_t)acc * 2u + (uint32_t)rec(n - 2, acc + 1));
    return rec(n - 1, acc - 1) + 1;
}

static uint32_t
leaf(uint32_t x)
{
    return x % 5 == 0 ? x * 7u : x + 3u;
}

static uint32_t
mid(uint32_t x)
{
    if (x & 1)
        return leaf(x) + 100u;
    if (x & 2)
        return 0u - leaf(x >> 1);
    return 0;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_reg_div/load: %s\n", p2n_error_message());
        return 1;
    }
    int32_t out[7 * 64], *po = out;
    for (int i = 0; i < 7 * 64; i++)
        out[i] = -3;
    void *p[] = {&po};
    if (p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p) != P2N_SUCCESS) {
        printf("FAIL exec/call_reg_div/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[] = {"recursion", "two_levels", "predicated_then_brx", "nested_predicated_brx", "fall_off_end", "join_varying", "join_uniform"};
    int failed = 0;
    for (int k = 0; k < 7; k++) {
        int ok = 1;
        for (uint32_t t = 0; t < 64 && ok; t++) {
            uint32_t w, p2 = t & 1, i = t % 3;
            if (k == 0) {
                w = (t & 4) ? (uint32_t)rec((int32_t)(t % 19), (int32_t)t) : 5u;
            } else if (k == 1) {
                w = t % 3 ? mid(t) : (uint32_t)-1;
            } else if (k == 2) {
                w = p2 ? mid(t) : 1000u;
                if (i == 0)
                    w += 1;
                else if (i == 1)
                    w = p2 ? leaf(w + 20) : w + 20;
                else
                    w <<= 1;
            } else if (k == 5) {
                w = t % 3 ? ((t & 1) ? 5 : 3 * t) : (uint32_t)-4;
            } else if (k == 6) {
                w = t % 3 ? ((t & 1) ? 5 : 9) : (uint32_t)-4;
            } else if (k == 4) {
                w = (t & 6) ? ((t & 1) ? 2 * t : t + 1) : (uint32_t)-3;
            } else if (t >= 40) {
                w = 7;
            } else {
                w = p2 ? (uint32_t)rec((int32_t)i, (int32_t)t) : 1000u;
                if (i == 0)
                    w += 3;
                if (i <= 1 && !p2)
                    w = mid(w);
                w += 5;
            }
            if ((uint32_t)out[k * 64 + t] != w) {
                printf("FAIL exec/call_reg_div/%s: [%u] = %d, expected %d\n", names[k], t, out[k * 64 + t], (int32_t)w);
                ok = 0;
            }
        }
        if (ok)
            printf("PASS exec/call_reg_div/%s\n", names[k]);
        failed |= !ok;
    }
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file call_reg_div.ptx
// .func with .reg parameters and results called inside divergent regions,
// the callees diverging and returning early: recursion with per-lane
// depth, two levels of calls, a call whose result register is the
// caller's own result, predicated calls followed by brx.idx, and functions
// that fall off their end (a .reg result, a kernel's lanes exiting).
// Hand-written; ptxas -arch=sm_80 accepts it.  Reference: call_reg_div.c
// (issue 13).
.version 7.5
.target sm_80
.address_size 64

// rec(n, acc) = n <= 0 ? acc : n odd ? 2 acc + rec(n - 2, acc + 1) : rec(n - 1, acc - 1) + 1
.func (.reg .b32 r) rec(.reg .b32 n, .reg .b32 acc)
{
	.reg .pred %p;
	.reg .b32 %t, %u;
	setp.le.s32 %p, n, 0;
	@%p bra DONE;
	and.b32 %t, n, 1;
	setp.eq.u32 %p, %t, 0;
	@%p bra EVEN;
	sub.s32 %t, n, 2;
	add.s32 %u, acc, 1;
	call (r), rec, (%t, %u);
	mad.lo.s32 r, acc, 2, r;
	ret;
EVEN:
	sub.s32 %t, n, 1;
	sub.s32 %u, acc, 1;
	call (%t), rec, (%t, %u);
	add.s32 r, %t, 1;
	ret;
DONE:
	mov.b32 r, acc;
	ret;
}

// leaf(x) = x % 5 == 0 ? 7 x : x + 3, the early lanes leaving first
.func (.reg .b32 r) leaf(.reg .b32 x)
{
	.reg .pred %p;
	.reg .b32 %t;
	mul.lo.s32 r, x, 7;
	rem.u32 %t, x, 5;
	setp.eq.u32 %p, %t, 0;
	@%p ret;
	add.s32 r, x, 3;
	ret;
}

// mid(x) = x & 1 ? leaf(x) + 100 : x & 2 ? -leaf(x / 2) : 0
.func (.reg .b32 r) mid(.reg .b32 x)
{
	.reg .pred %p;
	.reg .b32 %t;
	mov.u32 r, 0;
	and.b32 %t, x, 1;
	setp.ne.u32 %p, %t, 0;
	@%p bra ODD;
	and.b32 %t, x, 2;
	setp.eq.u32 %p, %t, 0;
	@%p ret;
	shr.u32 %t, x, 1;
	call (%t), leaf, (%t);
	neg.s32 r, %t;
	ret;
ODD:
	call (r), leaf, (x);
	add.s32 r, r, 100;
}

// tailf(x) = x odd ? 2 x : x + 1, ending in a label: no ret at all
.func (.reg .b32 r) tailf(.reg .b32 x)
{
	.reg .pred %p;
	.reg .b32 %t;
	mul.lo.s32 r, x, 2;
	and.b32 %t, x, 1;
	setp.ne.u32 %p, %t, 0;
	@%p bra END;
	add.s32 r, x, 1;
END:
}

// join(x) = x odd ? 5 : 3 x, both sides meeting at one ret
.func (.reg .b32 r) join(.reg .b32 x)
{
	.reg .pred %p;
	.reg .b32 %t;
	and.b32 %t, x, 1;
	setp.ne.u32 %p, %t, 0;
	@%p bra ODDJ;
	mul.lo.s32 r, x, 3;
	bra.uni RJ;
ODDJ:
	mov.u32 r, 5;
RJ:
	ret;
}

// join2(x) = x odd ? 5 : 9: each side writes the same value to all its lanes
.func (.reg .b32 r) join2(.reg .b32 x)
{
	.reg .pred %p;
	.reg .b32 %t;
	and.b32 %t, x, 1;
	setp.ne.u32 %p, %t, 0;
	@%p bra ODDJ2;
	mov.u32 r, 9;
	bra.uni RJ2;
ODDJ2:
	mov.u32 r, 5;
RJ2:
	ret;
}

// out[k * 64 + tid]
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<4>;
	.reg .pred %p<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;

	// 0: recursion, called by lanes with tid & 4 only
	mov.u32 %r2, 5;
	and.b32 %r3, %r1, 4;
	setp.eq.u32 %p1, %r3, 0;
	@%p1 bra R0;
	rem.u32 %r4, %r1, 19;
	call (%r2), rec, (%r4, %r1);
R0:
	st.global.u32 [%rd3], %r2;

	// 1: two levels, called by lanes tid % 3 != 0
	mov.u32 %r5, -1;
	rem.u32 %r3, %r1, 3;
	setp.eq.u32 %p1, %r3, 0;
	@%p1 bra R1;
	call (%r5), mid, (%r1);
R1:
	st.global.u32 [%rd3+256], %r5;

	// 2: predicated call, then brx.idx on tid % 3
	mov.u32 %r6, 1000;
	and.b32 %r3, %r1, 1;
	setp.ne.u32 %p2, %r3, 0;
	rem.u32 %r7, %r1, 3;
TB: .branchtargets B0, B1, B2;
	@%p2 call (%r6), mid, (%r1);
	brx.idx %r7, TB;
B0:
	add.s32 %r6, %r6, 1;
	bra.uni J;
B1:
	add.s32 %r6, %r6, 20;
	@%p2 call (%r6), leaf, (%r6);
	bra.uni J;
B2:
	shl.b32 %r6, %r6, 1;
J:
	st.global.u32 [%rd3+512], %r6;

	// 3: the same under an outer divergent branch (lanes tid < 40)
	mov.u32 %r8, 7;
	setp.ge.u32 %p3, %r1, 40;
	@%p3 bra R3;
	mov.u32 %r8, 1000;
TB3: .branchtargets C0, C1, C2;
	@%p2 call (%r8), rec, (%r7, %r1);
	brx.idx %r7, TB3;
C0:
	add.s32 %r8, %r8, 3;
C1:
	@!%p2 call (%r8), mid, (%r8);
C2:
	add.s32 %r8, %r8, 5;
R3:
	st.global.u32 [%rd3+768], %r8;

	// 5, 6: results written on both sides of a divergent branch, returned
	// at their join; called by lanes tid % 3 != 0
	mov.u32 %r11, -4;
	rem.u32 %r3, %r1, 3;
	setp.eq.u32 %p1, %r3, 0;
	@%p1 bra R5;
	call (%r11), join, (%r1);
R5:
	st.global.u32 [%rd3+1280], %r11;
	mov.u32 %r11, -4;
	@%p1 bra R6;
	call (%r11), join2, (%r1);
R6:
	st.global.u32 [%rd3+1536], %r11;

	// 4: a .func that ends in a label, called by lanes (tid & 6) != 0; the
	// kernel ends in a label too
	and.b32 %r9, %r1, 6;
	setp.eq.u32 %p1, %r9, 0;
	@%p1 bra KEND;
	call (%r10), tailf, (%r1);
	st.global.u32 [%rd3+1024], %r10;
KEND:
}
#endif // end of call_reg_div.ptx
