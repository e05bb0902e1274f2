/* Global accesses through lane-affine addresses (affine.cu): contiguous
 * under partial masks, with bases not aligned to a vector, in blocks whose
 * x is not a multiple of 32 (partial warps inside one row) or of 16; steps
 * of two elements and of minus one; %laneid; a 64-to-32-bit truncation;
 * 2-D blocks whose warps hold two or more rows, checkerboard masks; a
 * 32-bit index that wraps between active lanes of a partial mask.  Inputs
 * are small integers, so every result is exact. */
#define _GNU_SOURCE /* MAP_NORESERVE */
#include <sys/mman.h>

#include "common.h"

static void contig(const char *cas, int n, int off, unsigned b)
{
    size_t sz = (size_t)n + (size_t)off + 40;
    float *in = malloc(sz * 4), *out = malloc(sz * 4), *r = malloc(sz * 4);
    for (size_t i = 0; i < sz; i++)
        in[i] = (float)(lcg() % 100), out[i] = r[i] = -5.0f;
    for (int i = 0; i < n; i++)
        if (i % 3 != 1)
            r[i + off] = in[i + off] * 2.0f + 1.0f;
    void *pp[] = {&n, &off, &in, &out};
    if (launch(cas, "contig", d3(((unsigned)n + b - 1) / b, 1, 1), d3(b, 1, 1), 0, pp))
        CHECK_EXACT(cas, out, r, sz);
    free(in), free(out), free(r);
}

static void strided(const char *cas, int n, unsigned b)
{
    float *in = malloc((size_t)n * 2 * 4), *out = malloc((size_t)n * 3 * 4);
    float *r = malloc((size_t)n * 3 * 4);
    for (int i = 0; i < 2 * n; i++)
        in[i] = (float)(lcg() % 50);
    for (int i = 0; i < 3 * n; i++)
        out[i] = r[i] = 7.0f;
    for (int i = 0; i < n; i++) {
        r[i] = in[2 * i] + 10.0f * in[n - 1 - i];
        if (i % 5 == 2)
            r[n + 2 * i] = -1.0f;
    }
    void *pp[] = {&n, &in, &out};
    if (launch(cas, "strided", d3(((unsigned)n + b - 1) / b, 1, 1), d3(b, 1, 1), 0, pp))
        CHECK_EXACT(cas, out, r, (size_t)n * 3);
    free(in), free(out), free(r);
}

/* b a multiple of 32: warp w of the grid is threads 32w .. 32w + 31 */
static void lanes(const char *cas, unsigned g, unsigned b)
{
    size_t n = (size_t)g * b;
    int *in = malloc(n * 4), *out = malloc(n * 4), *r = malloc(n * 4);
    for (size_t i = 0; i < n; i++)
        in[i] = (int)(lcg() % 1000), out[i] = r[i] = -1;
    for (size_t i = 0; i < n; i++)
        if (i % 32 != 7)
            r[i] = in[i] + (int)(i % 32);
    void *pp[] = {&in, &out};
    if (launch(cas, "lanes", d3(g, 1, 1), d3(b, 1, 1), 0, pp))
        CHECK_INT(cas, out, r, n);
    free(in), free(out), free(r);
}

static void narrow(const char *cas, long long n, unsigned b)
{
    double *in = malloc((size_t)n * 8), *out = malloc((size_t)n * 8), *r = malloc((size_t)n * 8);
    for (long long i = 0; i < n; i++)
        in[i] = (double)(lcg() % 100), out[i] = r[i] = 0.5;
    for (long long i = 0; i < n; i++)
        if ((i & 4) == 0)
            r[i] = in[i] * 3.0;
    void *pp[] = {&n, &in, &out};
    if (launch(cas, "narrow", d3((unsigned)((n + b - 1) / b), 1, 1), d3(b, 1, 1), 0, pp))
        CHECK_EXACT(cas, out, r, (size_t)n);
    free(in), free(out), free(r);
}

static void tile(const char *cas, int w, int h, unsigned bw, unsigned bh)
{
    size_t n = (size_t)w * h;
    float *in = malloc(n * 4), *out = malloc(n * 4), *r = malloc(n * 4);
    for (size_t i = 0; i < n; i++)
        in[i] = (float)(lcg() % 100), out[i] = r[i] = -2.0f;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (((x ^ y) & 1) == 0)
                r[y * w + x] = in[y * w + x] + (float)y;
    void *pp[] = {&w, &h, &in, &out};
    if (launch(cas, "tile", d3(((unsigned)w + bw - 1) / bw, ((unsigned)h + bh - 1) / bh, 1),
               d3(bw, bh, 1), 0, pp))
        CHECK_EXACT(cas, out, r, n);
    free(in), free(out), free(r);
}

/* u = lane + 0xfffffff8 wraps between lanes 7 and 8, inside a half of the
 * warp: lanes 0..7 read 16 GiB above lanes 8..31 (two pages mapped that
 * far apart), under masks (from memory, so that the load stays under its
 * branch) with every third lane off, with lanes 2 and 9 only, and with
 * every lane on. */
static void wrap_mask(void)
{
    const size_t pg = 4096, span = (size_t)1 << 34;
    char *a = mmap(NULL, span + 4 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (a == MAP_FAILED || mprotect(a, 2 * pg, PROT_READ | PROT_WRITE) ||
        mprotect(a + span, 3 * pg, PROT_READ | PROT_WRITE)) {
        printf("PASS exec/affine/wrap_mask # SKIP: cannot reserve 16 GiB of address space\n");
        return;
    }
    float *lo = (float *)(a + pg), *hi = (float *)(a + span + pg - 32);
    for (int i = 0; i < 64; i++)
        lo[i] = (float)(i + 1), hi[i] = (float)(-i - 1);
    for (int k = 0; k < 3; k++) {
        float out[32], exp[32], *outp = out;
        int on[32], *onp = on;
        for (int l = 0; l < 32; l++) {
            on[l] = k == 0 ? l % 3 != 0 : k == 1 ? l == 2 || l == 9 : 1;
            out[l] = 0.0f;
            exp[l] = on[l] ? (l < 8 ? hi[l] : lo[l - 8]) : 0.0f;
        }
        const float *base = lo;
        unsigned uoff = 0xfffffff8u;
        void *pp[] = {&base, &uoff, &onp, &outp};
        const char *cas = k == 0   ? "wrap_mask_thirds"
                          : k == 1 ? "wrap_mask_two_lanes"
                                   : "wrap_full_warp";
        if (launch(cas, "wrap_mask", d3(1, 1, 1), d3(32, 1, 1), 0, pp))
            CHECK_EXACT(cas, out, exp, 32);
    }
    munmap(a, span + 4 * pg);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "affine");
    contig("contig_32", 1000, 0, 32);
    contig("contig_32_misaligned", 1000, 1, 32);
    contig("contig_48", 1000, 3, 48);
    contig("contig_40", 777, 0, 40);
    contig("contig_20", 500, 2, 20);
    contig("contig_16", 300, 0, 16);
    contig("contig_96_tail", 100, 5, 96);
    strided("strided_32", 1000, 32);
    strided("strided_48", 333, 48);
    lanes("lanes_64", 3, 64);
    lanes("lanes_96", 2, 96);
    narrow("narrow_32", 1000, 32);
    narrow("narrow_40", 555, 40);
    tile("tile_16x16", 70, 45, 16, 16);
    tile("tile_8x4", 37, 21, 8, 4);
    tile("tile_24x3", 50, 13, 24, 3);
    tile("tile_16x2", 33, 9, 16, 2);
    wrap_mask();
    return finish();
}
#if 0 // test-file affine.cu
// Global accesses whose addresses the analysis knows per lane (lane-affine:
// uniform + step * %tid.x, or + step * %laneid), under partial masks, in
// blocks whose x is not a multiple of 32, in 2-D blocks of two rows a warp,
// with negative and non-unit steps, a 64-to-32-bit truncation, bases not
// aligned to a vector, and a 32-bit index that wraps between active lanes.
// test/exec/affine.c has the C references.
extern "C" __global__ void contig(int n, int off, const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && i % 3 != 1)
        out[i + off] = in[i + off] * 2.0f + 1.0f;
}
extern "C" __global__ void strided(int n, const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[2 * i] + 10.0f * in[n - 1 - i];
    if (i < n && i % 5 == 2)
        out[n + 2 * i] = -1.0f;
}
extern "C" __global__ void lanes(const int *in, int *out)
{
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (lane != 7)
        out[w * 32 + lane] = in[w * 32 + lane] + (int)lane;
}
extern "C" __global__ void narrow(long long n, const double *in, double *out)
{
    long long j = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    int k = (int)j;
    if (j < n && (k & 4) == 0)
        out[k] = in[k] * 3.0;
}
extern "C" __global__ void tile(int w, int h, const float *in, float *out)
{
    int gx = blockIdx.x * blockDim.x + threadIdx.x, gy = blockIdx.y * blockDim.y + threadIdx.y;
    if (gx < w && gy < h && ((gx ^ gy) & 1) == 0)
        out[gy * w + gx] = in[gy * w + gx] + (float)gy;
}
extern "C" __global__ void wrap_mask(const float *base, unsigned uoff, const int *on, float *out)
{
    unsigned l = threadIdx.x, u = l + uoff;
    if (on[l])
        out[l] = base[u];
}
#endif // end of affine.cu
#if 0 // test-file affine.ptx
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

	// .globl	contig

.visible .entry contig(
	.param .u32 contig_param_0,
	.param .u32 contig_param_1,
	.param .u64 contig_param_2,
	.param .u64 contig_param_3
)
{
	.reg .pred 	%p<4>;
	.reg .f32 	%f<3>;
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<8>;


	ld.param.u32 	%r3, [contig_param_0];
	ld.param.u32 	%r2, [contig_param_1];
	ld.param.u64 	%rd1, [contig_param_2];
	ld.param.u64 	%rd2, [contig_param_3];
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	mov.u32 	%r6, %tid.x;
	mad.lo.s32 	%r1, %r4, %r5, %r6;
	setp.ge.s32 	%p1, %r1, %r3;
	mul.hi.s32 	%r7, %r1, 1431655766;
	shr.u32 	%r8, %r7, 31;
	add.s32 	%r9, %r7, %r8;
	mul.lo.s32 	%r10, %r9, 3;
	sub.s32 	%r11, %r1, %r10;
	setp.eq.s32 	%p2, %r11, 1;
	or.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd3, %rd1;
	add.s32 	%r12, %r1, %r2;
	mul.wide.s32 	%rd4, %r12, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.f32 	%f1, [%rd5];
	fma.rn.f32 	%f2, %f1, 0f40000000, 0f3F800000;
	cvta.to.global.u64 	%rd6, %rd2;
	add.s64 	%rd7, %rd6, %rd4;
	st.global.f32 	[%rd7], %f2;

$L__BB0_2:
	ret;

}
	// .globl	strided
.visible .entry strided(
	.param .u32 strided_param_0,
	.param .u64 strided_param_1,
	.param .u64 strided_param_2
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<18>;
	.reg .b64 	%rd<13>;


	ld.param.u32 	%r2, [strided_param_0];
	ld.param.u64 	%rd2, [strided_param_1];
	ld.param.u64 	%rd3, [strided_param_2];
	cvta.to.global.u64 	%rd1, %rd3;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r4, %r3, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB1_2;

	cvta.to.global.u64 	%rd4, %rd2;
	shl.b32 	%r6, %r1, 1;
	mul.wide.s32 	%rd5, %r6, 4;
	add.s64 	%rd6, %rd4, %rd5;
	not.b32 	%r7, %r1;
	add.s32 	%r8, %r7, %r2;
	mul.wide.s32 	%rd7, %r8, 4;
	add.s64 	%rd8, %rd4, %rd7;
	ld.global.f32 	%f1, [%rd8];
	ld.global.f32 	%f2, [%rd6];
	fma.rn.f32 	%f3, %f1, 0f41200000, %f2;
	mul.wide.s32 	%rd9, %r1, 4;
	add.s64 	%rd10, %rd1, %rd9;
	st.global.f32 	[%rd10], %f3;

$L__BB1_2:
	mul.hi.s32 	%r9, %r1, 1717986919;
	shr.u32 	%r10, %r9, 31;
	shr.s32 	%r11, %r9, 1;
	add.s32 	%r12, %r11, %r10;
	mul.lo.s32 	%r13, %r12, 5;
	sub.s32 	%r14, %r1, %r13;
	setp.ne.s32 	%p3, %r14, 2;
	or.pred  	%p4, %p1, %p3;
	@%p4 bra 	$L__BB1_4;

	shl.b32 	%r15, %r1, 1;
	add.s32 	%r16, %r15, %r2;
	mul.wide.s32 	%rd11, %r16, 4;
	add.s64 	%rd12, %rd1, %rd11;
	mov.u32 	%r17, -1082130432;
	st.global.u32 	[%rd12], %r17;

$L__BB1_4:
	ret;

}
	// .globl	lanes
.visible .entry lanes(
	.param .u64 lanes_param_0,
	.param .u64 lanes_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<11>;
	.reg .b64 	%rd<8>;


	ld.param.u64 	%rd1, [lanes_param_0];
	ld.param.u64 	%rd2, [lanes_param_1];
	// begin inline asm
	mov.u32 %r2, %laneid;
	// end inline asm
	setp.eq.s32 	%p1, %r2, 7;
	@%p1 bra 	$L__BB2_2;

	cvta.to.global.u64 	%rd3, %rd1;
	mov.u32 	%r3, %tid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	mad.lo.s32 	%r6, %r4, %r5, %r3;
	and.b32  	%r7, %r6, -32;
	add.s32 	%r8, %r2, %r7;
	mul.wide.u32 	%rd4, %r8, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.u32 	%r9, [%rd5];
	add.s32 	%r10, %r9, %r2;
	cvta.to.global.u64 	%rd6, %rd2;
	add.s64 	%rd7, %rd6, %rd4;
	st.global.u32 	[%rd7], %r10;

$L__BB2_2:
	ret;

}
	// .globl	narrow
.visible .entry narrow(
	.param .u64 narrow_param_0,
	.param .u64 narrow_param_1,
	.param .u64 narrow_param_2
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<4>;
	.reg .f64 	%fd<3>;
	.reg .b64 	%rd<15>;


	ld.param.u64 	%rd4, [narrow_param_0];
	ld.param.u64 	%rd2, [narrow_param_1];
	ld.param.u64 	%rd3, [narrow_param_2];
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mul.wide.u32 	%rd5, %r1, %r2;
	mov.u32 	%r3, %tid.x;
	cvt.u64.u32 	%rd6, %r3;
	add.s64 	%rd1, %rd5, %rd6;
	setp.ge.s64 	%p1, %rd1, %rd4;
	shr.u64 	%rd7, %rd1, 2;
	and.b64  	%rd8, %rd7, 1;
	setp.eq.b64 	%p2, %rd8, 1;
	or.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB3_2;

	cvta.to.global.u64 	%rd9, %rd2;
	shl.b64 	%rd10, %rd1, 32;
	shr.s64 	%rd11, %rd10, 29;
	add.s64 	%rd12, %rd9, %rd11;
	ld.global.f64 	%fd1, [%rd12];
	mul.f64 	%fd2, %fd1, 0d4008000000000000;
	cvta.to.global.u64 	%rd13, %rd3;
	add.s64 	%rd14, %rd13, %rd11;
	st.global.f64 	[%rd14], %fd2;

$L__BB3_2:
	ret;

}
	// .globl	tile
.visible .entry tile(
	.param .u32 tile_param_0,
	.param .u32 tile_param_1,
	.param .u64 tile_param_2,
	.param .u64 tile_param_3
)
{
	.reg .pred 	%p<8>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<14>;
	.reg .b64 	%rd<8>;


	ld.param.u32 	%r3, [tile_param_0];
	ld.param.u32 	%r4, [tile_param_1];
	ld.param.u64 	%rd1, [tile_param_2];
	ld.param.u64 	%rd2, [tile_param_3];
	mov.u32 	%r5, %ctaid.x;
	mov.u32 	%r6, %ntid.x;
	mov.u32 	%r7, %tid.x;
	mad.lo.s32 	%r1, %r5, %r6, %r7;
	mov.u32 	%r8, %ntid.y;
	mov.u32 	%r9, %ctaid.y;
	mov.u32 	%r10, %tid.y;
	mad.lo.s32 	%r2, %r9, %r8, %r10;
	setp.ge.s32 	%p1, %r1, %r3;
	setp.ge.s32 	%p2, %r2, %r4;
	or.pred  	%p3, %p1, %p2;
	and.b32  	%r11, %r2, 1;
	setp.eq.b32 	%p4, %r11, 1;
	and.b32  	%r12, %r1, 1;
	setp.eq.b32 	%p5, %r12, 1;
	xor.pred  	%p6, %p5, %p4;
	or.pred  	%p7, %p3, %p6;
	@%p7 bra 	$L__BB4_2;

	cvta.to.global.u64 	%rd3, %rd1;
	mad.lo.s32 	%r13, %r2, %r3, %r1;
	mul.wide.s32 	%rd4, %r13, 4;
	add.s64 	%rd5, %rd3, %rd4;
	cvt.rn.f32.s32 	%f1, %r2;
	ld.global.f32 	%f2, [%rd5];
	add.f32 	%f3, %f2, %f1;
	cvta.to.global.u64 	%rd6, %rd2;
	add.s64 	%rd7, %rd6, %rd4;
	st.global.f32 	[%rd7], %f3;

$L__BB4_2:
	ret;

}
	// .globl	wrap_mask
.visible .entry wrap_mask(
	.param .u64 wrap_mask_param_0,
	.param .u32 wrap_mask_param_1,
	.param .u64 wrap_mask_param_2,
	.param .u64 wrap_mask_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<14>;


	ld.param.u64 	%rd2, [wrap_mask_param_0];
	ld.param.u32 	%r2, [wrap_mask_param_1];
	ld.param.u64 	%rd4, [wrap_mask_param_2];
	ld.param.u64 	%rd3, [wrap_mask_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	mov.u32 	%r1, %tid.x;
	cvt.u64.u32 	%rd1, %r1;
	mul.wide.u32 	%rd6, %r1, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.u32 	%r3, [%rd7];
	setp.eq.s32 	%p1, %r3, 0;
	@%p1 bra 	$L__BB5_2;

	cvta.to.global.u64 	%rd8, %rd2;
	add.s32 	%r4, %r1, %r2;
	mul.wide.u32 	%rd9, %r4, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.f32 	%f1, [%rd10];
	cvta.to.global.u64 	%rd11, %rd3;
	shl.b64 	%rd12, %rd1, 2;
	add.s64 	%rd13, %rd11, %rd12;
	st.global.f32 	[%rd13], %f1;

$L__BB5_2:
	ret;

}

#endif // end of affine.ptx
