/* Stencil-shaped accesses through 32-bit indices widened to 64 bits that
 * wrap inside a half of a warp (wrapidx.cu; the full-warp fast path's
 * wrap check, found once for each widened value and read by every access
 * through it: docs/lowering.md "Wrap flags").  Blocks of 16 x 2,
 * a warp two rows of 16.  Each case has a warp where one widened index
 * wraps inside a half and the other does not, so that a check shared
 * wrongly between them, or one of the wrong sign or signedness, reads the
 * wrong memory: signed indices (mul.wide.s32) i and j = i - w at offsets
 * -1, 0 and +1 from i; -i for an i of step minus one; unsigned indices
 * (mul.wide.u32) u and u + w; and (by hand) a 64-bit index written from i
 * in one row and from i - 2w in the other (a write under a partial mask
 * keeps the old lanes, and its flag their doubt).  The indices lie near 2^31 (signed) or 2^32
 * (unsigned): two windows of a 16 GiB reservation hold what they reach.
 * Inputs are small integers, so every result is exact.  (Translating
 * wrap_signed at -O1 and -O2 once crashed LLVM's machine scheduler: the
 * slow-path address copies of sink.c broke dominance.) */
#define _GNU_SOURCE /* MAP_NORESERVE */
#include <stdint.h>
#include <sys/mman.h>

#include "common.h"

#define PG ((size_t)4096)
#define SPAN ((size_t)1 << 34)
#define LOW_N (2 * PG / 4)  /* floats in the low window: [a, a + 2 pages) */
#define HIGH_N (3 * PG / 4) /* the high one: [a + 16 GiB - 1 page, + 3 pages) */

typedef struct {
    char *a;
    float *low, *high;
} Win;

static int win_open(Win *w, float first)
{
    w->a = mmap(NULL, SPAN + 3 * PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (w->a == MAP_FAILED || mprotect(w->a, 2 * PG, PROT_READ | PROT_WRITE) ||
        mprotect(w->a + SPAN - PG, 3 * PG, PROT_READ | PROT_WRITE))
        return 0;
    w->low = (float *)w->a, w->high = (float *)(w->a + SPAN - PG);
    for (size_t k = 0; k < LOW_N; k++)
        w->low[k] = first + (float)k;
    for (size_t k = 0; k < HIGH_N; k++)
        w->high[k] = first + 3000.0f + (float)k;
    return 1;
}

/* The element idx of an array whose element 0 is at base (idx may be
 * negative), as the kernel's 64-bit address arithmetic finds it. */
static float *at(char *base, int64_t idx)
{
    return (float *)(uintptr_t)((uint64_t)(uintptr_t)base + (uint64_t)idx * 4u);
}

/* Compares both windows of out with those of exp. */
static void win_check(const char *cas, Win *out, Win *exp)
{
    char c[100];
    snprintf(c, sizeof c, "%s_low", cas);
    CHECK_EXACT(c, out->low, exp->low, LOW_N);
    snprintf(c, sizeof c, "%s_high", cas);
    CHECK_EXACT(c, out->high, exp->high, HIGH_N);
}

enum { SIGNED, DOWN, UNSIGNED };

/* One kernel of wrapidx.cu over rows 0 .. 2 * gy - 1 of width w, its
 * arrays' element 0 at byte `zero` of the reservations: a + 8 GiB + 1 page
 * for indices near 2^31 (signed: -2^31 and 2^31 - 1; unsigned: 2^31),
 * a + 1 page for unsigned ones near 2^32. */
static void run(const char *cas, int kind, int w, uint32_t off, unsigned gy, size_t zero,
                Win *in, Win *out, Win *exp)
{
    char *ib = in->a + zero, *ob = out->a + zero, *eb = exp->a + zero;
    for (size_t k = 0; k < LOW_N; k++)
        out->low[k] = exp->low[k] = -1.0f;
    for (size_t k = 0; k < HIGH_N; k++)
        out->high[k] = exp->high[k] = -1.0f;
    for (unsigned y = 0; y < 2 * gy; y++)
        for (unsigned x = 0; x < 16; x++) {
            if (kind == SIGNED) {
                int32_t i = (int32_t)(off + (uint32_t)y * (uint32_t)w + x);
                int32_t j = (int32_t)((uint32_t)i - (uint32_t)w);
                *at(eb, i) = *at(ib, i) + 2.0f * *at(ib, (int64_t)i + 1) +
                             4.0f * *at(ib, (int64_t)i - 1) + 8.0f * *at(ib, j);
            } else if (kind == DOWN) {
                int64_t l = -(int64_t)(int32_t)(off + (uint32_t)y * (uint32_t)w - x);
                *at(eb, l) = *at(ib, l) + 2.0f * *at(ib, l - 1) + 4.0f * *at(ib, l + 1);
            } else {
                uint32_t u = off + y * (uint32_t)w + x, v = u + (uint32_t)w;
                *at(eb, u) = *at(ib, u) + 2.0f * *at(ib, (int64_t)u + 1) + 4.0f * *at(ib, v);
            }
        }
    const char *k = kind == SIGNED ? "wrap_signed" : kind == DOWN ? "wrap_down" : "wrap_unsigned";
    void *pp[] = {&w, &off, &ib, &ob};
    if (launch(cas, k, d3(1, gy, 1), d3(16, 2, 1), 0, pp))
        win_check(cas, out, exp);
}

/* wrap_merge (by hand): lanes of row 0 read element i = off + x, lanes of
 * row 1 element i - 2w = off - w + x, through one 64-bit register. */
static void merge(const char *cas, int w, uint32_t off, Win *in)
{
    char *ib = in->a + SPAN / 2 + PG;
    float out[32], exp[32], *outp = out;
    for (int l = 0; l < 32; l++) {
        int32_t i = (int32_t)(off + (uint32_t)(l / 16) * (uint32_t)w + (uint32_t)(l % 16));
        out[l] = -1.0f;
        exp[l] = *at(ib, l < 16 ? i : (int32_t)((uint32_t)i - 2u * (uint32_t)w));
    }
    void *pp[] = {&w, &off, &ib, &outp};
    if (launch(cas, "wrap_merge", d3(1, 1, 1), d3(16, 2, 1), 0, pp))
        CHECK_EXACT(cas, out, exp, 32);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "wrapidx");
    Win in, out, exp;
    if (!win_open(&in, 1.0f) || !win_open(&out, 0.0f) || !win_open(&exp, 0.0f)) {
        printf("PASS exec/wrapidx # SKIP: cannot reserve 3 x 16 GiB of address space\n");
        return finish();
    }
    /* i wraps between lanes 20 and 21 (warp 0), j = i - 16 between lanes 4
     * and 5 of warp 1 */
    size_t mid = SPAN / 2 + PG;
    run("signed_16", SIGNED, 16, 0x80000000u - 21, 2, mid, &in, &out, &exp);
    /* w = 40: i wraps in warp 0's second half, j in warp 1's first */
    run("signed_40", SIGNED, 40, 0x80000000u - 49, 2, mid, &in, &out, &exp);
    /* between lanes 15 and 16: no wrap inside a half */
    run("signed_halves", SIGNED, 16, 0x80000000u - 16, 2, mid, &in, &out, &exp);
    /* a step of -1, negated (a step of +1 through a source of -1): from
     * -2^31 (lane 21) to 2^31 - 1 (lane 22) */
    run("down_16", DOWN, 16, 0x80000000u + 5 - 16, 2, mid, &in, &out, &exp);
    /* w = 0: both rows alike, both halves wrap between lanes 5 and 6 */
    run("down_rows_alike", DOWN, 0, 0x80000000u + 5, 1, mid, &in, &out, &exp);
    /* u + 16 wraps at 2^32 between lanes 22 and 23 of warp 0, u there in
     * warp 1 (lanes 6 and 7) */
    run("unsigned_16", UNSIGNED, 16, 0u - 39, 2, PG, &in, &out, &exp);
    /* signed order would see 0x7fffffff -> 0x80000000 as a wrap: none for
     * unsigned indices (the slow path is right too; the result must be) */
    run("unsigned_2g", UNSIGNED, 16, 0x80000000u - 21, 2, mid, &in, &out, &exp);
    /* row 0: i wraps between lanes 4 and 5; row 1: i - 32 has no wrap */
    merge("merge", 16, 0x80000000u - 5, &in);
    munmap(in.a, SPAN + 3 * PG), munmap(out.a, SPAN + 3 * PG), munmap(exp.a, SPAN + 3 * PG);
    return finish();
}
#if 0 // test-file wrapidx.cu
// Stencil-shaped accesses through 32-bit indices widened to 64 bits that
// wrap inside a half of a warp (the emitter's wrap flags: one check per
// widened value, value.c).
// Blocks of 16 x 2: a warp is two rows of 16.
// test/exec/wrapidx.c has the C references.
extern "C" __global__ void wrap_signed(int w, unsigned off, const float *in, float *out)
{
    int x = threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    int i = (int)(off + (unsigned)(y * w + x));
    int j = (int)((unsigned)i - (unsigned)w);
    long long l = i;
    out[l] = in[l] + 2.0f * in[l + 1] + 4.0f * in[l - 1] + 8.0f * in[j];
}
extern "C" __global__ void wrap_down(int w, unsigned off, const float *in, float *out)
{
    int x = threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    int i = (int)(off + (unsigned)(y * w) - (unsigned)x);
    long long l = -(long long)i; // a step of +1 from one of -1
    out[l] = in[l] + 2.0f * in[l - 1] + 4.0f * in[l + 1];
}
extern "C" __global__ void wrap_unsigned(int w, unsigned off, const float *in, float *out)
{
    unsigned x = threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned u = off + y * w + x, v = u + (unsigned)w;
    out[u] = in[u] + 2.0f * in[(unsigned long long)u + 1] + 4.0f * in[v];
}
#endif // end of wrapidx.cu
#if 0 // test-file wrapidx.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_75
.address_size 64

	// .globl	wrap_signed

.visible .entry wrap_signed(
	.param .u32 wrap_signed_param_0,
	.param .u32 wrap_signed_param_1,
	.param .u64 wrap_signed_param_2,
	.param .u64 wrap_signed_param_3
)
{
	.reg .f32 	%f<8>;
	.reg .b32 	%r<11>;
	.reg .b64 	%rd<10>;


	ld.param.u32 	%r1, [wrap_signed_param_0];
	ld.param.u32 	%r2, [wrap_signed_param_1];
	ld.param.u64 	%rd1, [wrap_signed_param_2];
	ld.param.u64 	%rd2, [wrap_signed_param_3];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r3, %tid.x;
	mov.u32 	%r4, %ctaid.y;
	mov.u32 	%r5, %ntid.y;
	mov.u32 	%r6, %tid.y;
	mad.lo.s32 	%r7, %r4, %r5, %r6;
	mad.lo.s32 	%r8, %r7, %r1, %r3;
	add.s32 	%r9, %r8, %r2;
	sub.s32 	%r10, %r9, %r1;
	mul.wide.s32 	%rd5, %r9, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];
	ld.global.f32 	%f2, [%rd6+4];
	fma.rn.f32 	%f3, %f2, 0f40000000, %f1;
	ld.global.f32 	%f4, [%rd6+-4];
	fma.rn.f32 	%f5, %f4, 0f40800000, %f3;
	mul.wide.s32 	%rd7, %r10, 4;
	add.s64 	%rd8, %rd4, %rd7;
	ld.global.f32 	%f6, [%rd8];
	fma.rn.f32 	%f7, %f6, 0f41000000, %f5;
	add.s64 	%rd9, %rd3, %rd5;
	st.global.f32 	[%rd9], %f7;
	ret;

}
	// .globl	wrap_down
.visible .entry wrap_down(
	.param .u32 wrap_down_param_0,
	.param .u32 wrap_down_param_1,
	.param .u64 wrap_down_param_2,
	.param .u64 wrap_down_param_3
)
{
	.reg .f32 	%f<6>;
	.reg .b32 	%r<10>;
	.reg .b64 	%rd<8>;


	ld.param.u32 	%r1, [wrap_down_param_0];
	ld.param.u32 	%r2, [wrap_down_param_1];
	ld.param.u64 	%rd1, [wrap_down_param_2];
	ld.param.u64 	%rd2, [wrap_down_param_3];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r3, %tid.x;
	mov.u32 	%r4, %ctaid.y;
	mov.u32 	%r5, %ntid.y;
	mov.u32 	%r6, %tid.y;
	mad.lo.s32 	%r7, %r4, %r5, %r6;
	sub.s32 	%r8, %r2, %r3;
	mad.lo.s32 	%r9, %r7, %r1, %r8;
	mul.wide.s32 	%rd5, %r9, 4;
	sub.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];
	ld.global.f32 	%f2, [%rd6+-4];
	fma.rn.f32 	%f3, %f2, 0f40000000, %f1;
	ld.global.f32 	%f4, [%rd6+4];
	fma.rn.f32 	%f5, %f4, 0f40800000, %f3;
	sub.s64 	%rd7, %rd3, %rd5;
	st.global.f32 	[%rd7], %f5;
	ret;

}
	// .globl	wrap_unsigned
.visible .entry wrap_unsigned(
	.param .u32 wrap_unsigned_param_0,
	.param .u32 wrap_unsigned_param_1,
	.param .u64 wrap_unsigned_param_2,
	.param .u64 wrap_unsigned_param_3
)
{
	.reg .f32 	%f<6>;
	.reg .b32 	%r<11>;
	.reg .b64 	%rd<10>;


	ld.param.u32 	%r1, [wrap_unsigned_param_0];
	ld.param.u32 	%r2, [wrap_unsigned_param_1];
	ld.param.u64 	%rd1, [wrap_unsigned_param_2];
	ld.param.u64 	%rd2, [wrap_unsigned_param_3];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r3, %tid.x;
	mov.u32 	%r4, %ctaid.y;
	mov.u32 	%r5, %ntid.y;
	mov.u32 	%r6, %tid.y;
	mad.lo.s32 	%r7, %r4, %r5, %r6;
	add.s32 	%r8, %r3, %r2;
	mad.lo.s32 	%r9, %r7, %r1, %r8;
	add.s32 	%r10, %r9, %r1;
	mul.wide.u32 	%rd5, %r9, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];
	ld.global.f32 	%f2, [%rd6+4];
	fma.rn.f32 	%f3, %f2, 0f40000000, %f1;
	mul.wide.u32 	%rd7, %r10, 4;
	add.s64 	%rd8, %rd4, %rd7;
	ld.global.f32 	%f4, [%rd8];
	fma.rn.f32 	%f5, %f4, 0f40800000, %f3;
	add.s64 	%rd9, %rd3, %rd5;
	st.global.f32 	[%rd9], %f5;
	ret;

}

#endif // end of wrapidx.ptx
#if 0 // test-file wrapidx_hand.ptx
// By hand: a 64-bit index written from i = off + w * %tid.y + %tid.x in
// every lane, then from i - 2w in the lanes of row 1 (under a partial
// mask), and read by one access with every lane on.
.version 9.0
.target sm_75
.address_size 64

.visible .entry wrap_merge(
	.param .u32 wrap_merge_w,
	.param .u32 wrap_merge_off,
	.param .u64 wrap_merge_in,
	.param .u64 wrap_merge_out
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<10>;
	.reg .b64 	%rd<10>;

	ld.param.u32 	%r1, [wrap_merge_w];
	ld.param.u32 	%r2, [wrap_merge_off];
	ld.param.u64 	%rd1, [wrap_merge_in];
	ld.param.u64 	%rd2, [wrap_merge_out];
	mov.u32 	%r3, %tid.x;
	mov.u32 	%r4, %tid.y;
	mad.lo.s32 	%r5, %r4, %r1, %r3;
	add.s32 	%r6, %r5, %r2;
	shl.b32 	%r9, %r1, 1;
	sub.s32 	%r7, %r6, %r9;
	cvt.s64.s32 	%rd3, %r6;
	setp.ne.u32 	%p1, %r4, 1;
	@%p1 bra 	$L__skip;
	cvt.s64.s32 	%rd3, %r7;
$L__skip:
	shl.b64 	%rd4, %rd3, 2;
	add.s64 	%rd5, %rd1, %rd4;
	ld.global.f32 	%f1, [%rd5];
	mad.lo.s32 	%r8, %r4, 16, %r3;
	mul.wide.u32 	%rd6, %r8, 4;
	add.s64 	%rd7, %rd2, %rd6;
	st.global.f32 	[%rd7], %f1;
	ret;
}
#endif // end of wrapidx_hand.ptx
