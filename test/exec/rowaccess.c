/* Shared-memory access shapes per row of the block (rowaccess.cu): tiled
 * matrix multiply in square blocks of several sizes, and per-row
 * broadcast, contiguous and untrusted accesses in blocks whose warps span
 * one, two, several or irregular rows, partial warps, masked lanes.
 * Inputs are small integers, so every result is exact in float.  wrap_u,
 * wrap_s: 32-bit indices that wrap inside a warp before mul.wide. */
#define _GNU_SOURCE /* MAP_NORESERVE */
#include <sys/mman.h>

#include "common.h"

static void mm(const char *cas, int n, unsigned t)
{
    size_t nn = (size_t)n * n;
    float *a = malloc(nn * 4), *b = malloc(nn * 4), *c = malloc(nn * 4), *r = malloc(nn * 4);
    for (size_t i = 0; i < nn; i++)
        a[i] = (float)(lcg() % 9), b[i] = (float)(lcg() % 7) - 3.0f, c[i] = -7.0f;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += (double)a[i * n + k] * b[k * n + j];
            r[i * n + j] = (float)s;
        }
    unsigned g = (unsigned)(n + (int)t - 1) / t;
    void *pp[] = {&n, &a, &b, &c};
    if (launch(cas, "matmul_dyn", d3(g, g, 1), d3(t, t, 1), 2 * t * t * 4, pp))
        CHECK_EXACT(cas, c, r, nn);
    free(a), free(b), free(c), free(r);
}

/* What thread (tx, ty) of block (bx, by) writes, as rows() computes it. */
static float
rows_ref(int w, int h, const float *in, int bw, int bh, int bx, int by, int tx, int ty)
{
#define SH(i) ((bx * bw + (i) % bw) < w && (by * bh + (i) / bw) < h \
                   ? in[(by * bh + (i) / bw) * w + bx * bw + (i) % bw] : -1.0f)
    int gx = bx * bw + tx, gy = by * bh + ty;
    float acc = 0.0f;
    for (int k = 0; k < bw; k++)
        acc += SH(ty * bw + k) * (float)(k + 1);
    for (int k = 0; k < bh; k++)
        acc += SH(k * bw + tx) * (float)(2 * k + 1);
    if ((gx + 2 * gy) % 3 != 0) {
        acc += 100.0f * SH(ty * bw);
        acc += 1000.0f * SH(ty * bw + tx);
    }
    acc += 10000.0f * SH(ty * bw + tx);
    acc += 0.5f * SH(ty & 1 ? ty * bw + tx : ty * bw + (bw - 1 - tx));
    return acc;
#undef SH
}

static void rows(const char *cas, int w, int h, unsigned bw, unsigned bh)
{
    size_t n = (size_t)w * h;
    float *in = malloc(n * 4), *out = malloc(n * 4), *r = malloc(n * 4);
    for (size_t i = 0; i < n; i++)
        in[i] = (float)(lcg() % 10), out[i] = -3.0f;
    unsigned gx = (unsigned)(w + (int)bw - 1) / bw, gy = (unsigned)(h + (int)bh - 1) / bh;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            r[y * w + x] = rows_ref(w, h, in, (int)bw, (int)bh, x / (int)bw, y / (int)bh, x % (int)bw, y % (int)bh);
    void *pp[] = {&w, &h, &in, &out};
    if (launch(cas, "rows", d3(gx, gy, 1), d3(bw, bh, 1), (size_t)bw * bh * 4, pp))
        CHECK_EXACT(cas, out, r, n);
    free(in), free(out), free(r);
}

/* Lanes 0..15 read 16 GiB above lanes 16..31: two pages mapped 16 GiB
 * apart in one reservation (PROT_NONE elsewhere). */
static void wrap(void)
{
    const size_t pg = 4096, span = (size_t)1 << 34;
    char *a = mmap(NULL, span + 4 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a == MAP_FAILED || mprotect(a, 2 * pg, PROT_READ | PROT_WRITE) ||
        mprotect(a + span, 3 * pg, PROT_READ | PROT_WRITE)) {
        printf("PASS exec/rowaccess/wrap # SKIP: cannot reserve 16 GiB of address space\n");
        return;
    }
    float *lo = (float *)(a + pg), *hi = (float *)(a + span + pg - 64);
    for (int i = 0; i < 1024; i++)
        lo[i] = (float)(i + 1), hi[i] = (float)(-i - 1);
    float out[32], exp[32], *outp = out;
    for (int l = 0; l < 32; l++)
        exp[l] = l < 16 ? hi[l] : lo[l - 16];
    /* unsigned: u = l - 16 wraps between lanes 15 and 16 */
    const float *base = lo;
    unsigned uoff = 0xfffffff0u;
    void *pu[] = {&base, &uoff, &outp};
    memset(out, 0, sizeof out);
    if (launch("wrap_unsigned", "wrap_u", d3(1, 1, 1), d3(32, 1, 1), 0, pu))
        CHECK_EXACT("wrap_unsigned", out, exp, 32);
    /* signed: i = l + 0x7ffffff0 wraps to negative at lane 16 */
    const float *sbase = (const float *)((char *)lo + ((size_t)1 << 33));
    int soff = 0x7ffffff0;
    void *ps[] = {&sbase, &soff, &outp};
    memset(out, 0, sizeof out);
    if (launch("wrap_signed", "wrap_s", d3(1, 1, 1), d3(32, 1, 1), 0, ps))
        CHECK_EXACT("wrap_signed", out, exp, 32);
    munmap(a, span + 4 * pg);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "rowaccess");
    mm("matmul_16x16", 64, 16);
    mm("matmul_16x16_partial_tiles", 40, 16);
    mm("matmul_24x24", 48, 24);
    mm("matmul_24x24_partial_tiles", 50, 24);
    mm("matmul_8x8", 40, 8);
    mm("matmul_32x32", 64, 32);
    mm("matmul_4x4", 9, 4);
    rows("rows_16x16", 64, 48, 16, 16);
    rows("rows_16x16_masked", 37, 29, 16, 16);
    rows("rows_8x32", 40, 70, 8, 32);
    rows("rows_32x8", 70, 40, 32, 8);
    rows("rows_24x24", 50, 50, 24, 24);
    rows("rows_20x3_partial_warp", 45, 10, 20, 3);
    rows("rows_48x2", 100, 5, 48, 2);
    rows("rows_5x7", 23, 19, 5, 7);
    rows("rows_64x1", 200, 3, 64, 1);
    wrap();
    return finish();
}
#if 0 // test-file rowaccess.cu
// Shared-memory accesses whose addresses have a known shape per row of the
// block (the same in a row, or contiguous in it), in blocks whose warps
// span one, two or more rows, partial warps and masked lanes; and shapes
// the analysis must not trust (a loop with a per-lane trip count, an index
// chosen per row parity).  test/exec/rowaccess.c has the C references.

// C = A * B, n x n, tiles of blockDim.x x blockDim.x (square blocks), any n.
extern "C" __global__ void matmul_dyn(int n, const float *a, const float *b, float *c)
{
    extern __shared__ float sh[];
    int t = blockDim.x;
    float *ta = sh, *tb = sh + t * t;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * t + ty, col = blockIdx.x * t + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += t) {
        ta[ty * t + tx] = row < n && k0 + tx < n ? a[row * n + k0 + tx] : 0.0f;
        tb[ty * t + tx] = k0 + ty < n && col < n ? b[(k0 + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < t; k++)
            acc += ta[ty * t + k] * tb[k * t + tx];
        __syncthreads();
    }
    if (row < n && col < n)
        c[row * n + col] = acc;
}

// One block of any shape over a w x h image.
extern "C" __global__ void rows(int w, int h, const float *in, float *out)
{
    extern __shared__ float sh[];
    int bw = blockDim.x, bh = blockDim.y, tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * bw + tx, gy = blockIdx.y * bh + ty;
    bool inside = gx < w && gy < h;
    sh[ty * bw + tx] = inside ? in[gy * w + gx] : -1.0f;
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < bw; k++)
        acc += sh[ty * bw + k] * (float)(k + 1);
    for (int k = 0; k < bh; k++)
        acc += sh[k * bw + tx] * (float)(2 * k + 1);
    if ((gx + 2 * gy) % 3 != 0) {
        acc += 100.0f * sh[ty * bw];
        acc += 1000.0f * sh[ty * bw + tx];
    }
    // a per-lane trip count: j ends equal to tx in every lane
    int j = 0;
    while (j < tx)
        j++;
    acc += 10000.0f * sh[ty * bw + j];
    // steps that differ per row
    int idx = ty & 1 ? ty * bw + tx : ty * bw + (bw - 1 - tx);
    acc += 0.5f * sh[idx];
    if (inside)
        out[gy * w + gx] = acc;
}

// 32-bit indices that wrap inside a warp before mul.wide: the lanes'
// addresses are 16 GiB apart on either side of the wrap (the host maps
// both places), so one vector access from the first lane would be wrong.
extern "C" __global__ void wrap_u(const float *base, unsigned off, float *out)
{
    unsigned u = threadIdx.x + off;
    out[threadIdx.x] = base[u];
}

extern "C" __global__ void wrap_s(const float *base, int off, float *out)
{
    int i = (int)threadIdx.x + off;
    out[threadIdx.x] = base[i];
}
#endif // end of rowaccess.cu
#if 0 // test-file rowaccess.ptx
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

	// .globl	matmul_dyn
.extern .shared .align 16 .b8 sh[];

.visible .entry matmul_dyn(
	.param .u32 matmul_dyn_param_0,
	.param .u64 matmul_dyn_param_1,
	.param .u64 matmul_dyn_param_2,
	.param .u64 matmul_dyn_param_3
)
{
	.reg .pred 	%p<18>;
	.reg .f32 	%f<45>;
	.reg .b32 	%r<65>;
	.reg .b64 	%rd<13>;


	ld.param.u32 	%r30, [matmul_dyn_param_0];
	ld.param.u64 	%rd3, [matmul_dyn_param_1];
	ld.param.u64 	%rd4, [matmul_dyn_param_2];
	ld.param.u64 	%rd5, [matmul_dyn_param_3];
	mov.u32 	%r1, %ntid.x;
	mov.u32 	%r31, %ctaid.y;
	mov.u32 	%r2, %tid.y;
	mad.lo.s32 	%r3, %r31, %r1, %r2;
	mov.u32 	%r32, %ctaid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r32, %r1, %r4;
	setp.lt.s32 	%p1, %r30, 1;
	mov.f32 	%f43, 0f00000000;
	@%p1 bra 	$L__BB0_15;

	mul.lo.s32 	%r34, %r1, %r1;
	mul.lo.s32 	%r6, %r3, %r30;
	mul.lo.s32 	%r7, %r2, %r1;
	add.s32 	%r35, %r7, %r4;
	shl.b32 	%r36, %r35, 2;
	mov.u32 	%r37, sh;
	add.s32 	%r8, %r37, %r36;
	shl.b32 	%r38, %r34, 2;
	add.s32 	%r9, %r8, %r38;
	add.s32 	%r10, %r34, %r4;
	add.s32 	%r11, %r1, -1;
	and.b32  	%r12, %r1, 3;
	sub.s32 	%r13, %r1, %r12;
	shl.b32 	%r39, %r10, 2;
	add.s32 	%r14, %r37, %r39;
	shl.b32 	%r15, %r1, 2;
	cvta.to.global.u64 	%rd1, %rd3;
	cvta.to.global.u64 	%rd2, %rd4;
	mov.f32 	%f16, 0f00000000;
	mov.u32 	%r60, 0;
	mov.f32 	%f43, %f16;

$L__BB0_2:
	add.s32 	%r17, %r60, %r4;
	setp.ge.s32 	%p2, %r17, %r30;
	setp.ge.s32 	%p3, %r3, %r30;
	or.pred  	%p4, %p3, %p2;
	mov.f32 	%f38, %f16;
	@%p4 bra 	$L__BB0_4;

	add.s32 	%r40, %r17, %r6;
	mul.wide.s32 	%rd6, %r40, 4;
	add.s64 	%rd7, %rd1, %rd6;
	ld.global.f32 	%f38, [%rd7];

$L__BB0_4:
	st.shared.f32 	[%r8], %f38;
	add.s32 	%r18, %r60, %r2;
	setp.ge.s32 	%p5, %r18, %r30;
	setp.ge.s32 	%p6, %r5, %r30;
	mov.f32 	%f39, 0f00000000;
	or.pred  	%p7, %p6, %p5;
	@%p7 bra 	$L__BB0_6;

	mad.lo.s32 	%r41, %r18, %r30, %r5;
	mul.wide.s32 	%rd8, %r41, 4;
	add.s64 	%rd9, %rd2, %rd8;
	ld.global.f32 	%f39, [%rd9];

$L__BB0_6:
	st.shared.f32 	[%r9], %f39;
	bar.sync 	0;
	setp.lt.s32 	%p8, %r1, 1;
	@%p8 bra 	$L__BB0_14;

	setp.lt.u32 	%p9, %r11, 3;
	mov.u32 	%r64, 0;
	@%p9 bra 	$L__BB0_10;

	mov.u32 	%r64, 0;
	mov.u32 	%r62, %r13;
	mov.u32 	%r63, %r14;

$L__BB0_9:
	add.s32 	%r44, %r64, %r7;
	shl.b32 	%r45, %r44, 2;
	add.s32 	%r47, %r37, %r45;
	ld.shared.f32 	%f20, [%r63];
	ld.shared.f32 	%f21, [%r47];
	fma.rn.f32 	%f22, %f21, %f20, %f43;
	add.s32 	%r48, %r63, %r15;
	ld.shared.f32 	%f23, [%r48];
	ld.shared.f32 	%f24, [%r47+4];
	fma.rn.f32 	%f25, %f24, %f23, %f22;
	add.s32 	%r49, %r48, %r15;
	ld.shared.f32 	%f26, [%r49];
	ld.shared.f32 	%f27, [%r47+8];
	fma.rn.f32 	%f28, %f27, %f26, %f25;
	add.s32 	%r50, %r49, %r15;
	add.s32 	%r63, %r50, %r15;
	ld.shared.f32 	%f29, [%r50];
	ld.shared.f32 	%f30, [%r47+12];
	fma.rn.f32 	%f43, %f30, %f29, %f28;
	add.s32 	%r64, %r64, 4;
	add.s32 	%r62, %r62, -4;
	setp.ne.s32 	%p10, %r62, 0;
	@%p10 bra 	$L__BB0_9;

$L__BB0_10:
	setp.eq.s32 	%p11, %r12, 0;
	@%p11 bra 	$L__BB0_14;

	setp.eq.s32 	%p12, %r12, 1;
	add.s32 	%r51, %r64, %r7;
	shl.b32 	%r52, %r51, 2;
	add.s32 	%r26, %r37, %r52;
	mad.lo.s32 	%r54, %r64, %r1, %r10;
	shl.b32 	%r55, %r54, 2;
	add.s32 	%r27, %r37, %r55;
	ld.shared.f32 	%f31, [%r27];
	ld.shared.f32 	%f32, [%r26];
	fma.rn.f32 	%f43, %f32, %f31, %f43;
	@%p12 bra 	$L__BB0_14;

	setp.eq.s32 	%p13, %r12, 2;
	add.s32 	%r28, %r27, %r15;
	ld.shared.f32 	%f33, [%r28];
	ld.shared.f32 	%f34, [%r26+4];
	fma.rn.f32 	%f43, %f34, %f33, %f43;
	@%p13 bra 	$L__BB0_14;

	add.s32 	%r58, %r28, %r15;
	ld.shared.f32 	%f35, [%r58];
	ld.shared.f32 	%f36, [%r26+8];
	fma.rn.f32 	%f43, %f36, %f35, %f43;

$L__BB0_14:
	bar.sync 	0;
	add.s32 	%r60, %r60, %r1;
	setp.lt.s32 	%p14, %r60, %r30;
	@%p14 bra 	$L__BB0_2;

$L__BB0_15:
	setp.ge.s32 	%p15, %r5, %r30;
	setp.ge.s32 	%p16, %r3, %r30;
	or.pred  	%p17, %p16, %p15;
	@%p17 bra 	$L__BB0_17;

	mad.lo.s32 	%r59, %r3, %r30, %r5;
	cvta.to.global.u64 	%rd10, %rd5;
	mul.wide.s32 	%rd11, %r59, 4;
	add.s64 	%rd12, %rd10, %rd11;
	st.global.f32 	[%rd12], %f43;

$L__BB0_17:
	ret;

}
	// .globl	rows
.visible .entry rows(
	.param .u32 rows_param_0,
	.param .u32 rows_param_1,
	.param .u64 rows_param_2,
	.param .u64 rows_param_3
)
{
	.reg .pred 	%p<22>;
	.reg .f32 	%f<70>;
	.reg .b32 	%r<145>;
	.reg .b64 	%rd<9>;


	ld.param.u32 	%r61, [rows_param_0];
	ld.param.u32 	%r62, [rows_param_1];
	ld.param.u64 	%rd1, [rows_param_2];
	ld.param.u64 	%rd2, [rows_param_3];
	mov.u32 	%r63, %ctaid.x;
	mov.u32 	%r1, %ntid.x;
	mov.u32 	%r2, %tid.x;
	mad.lo.s32 	%r3, %r63, %r1, %r2;
	mov.u32 	%r64, %ctaid.y;
	mov.u32 	%r4, %ntid.y;
	mov.u32 	%r5, %tid.y;
	mad.lo.s32 	%r6, %r64, %r4, %r5;
	setp.lt.s32 	%p2, %r3, %r61;
	setp.lt.s32 	%p3, %r6, %r62;
	and.pred  	%p1, %p2, %p3;
	mov.f32 	%f58, 0fBF800000;
	not.pred 	%p4, %p1;
	@%p4 bra 	$L__BB1_2;

	cvta.to.global.u64 	%rd3, %rd1;
	mad.lo.s32 	%r65, %r6, %r61, %r3;
	mul.wide.s32 	%rd4, %r65, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.f32 	%f58, [%rd5];

$L__BB1_2:
	mul.lo.s32 	%r7, %r5, %r1;
	add.s32 	%r66, %r7, %r2;
	shl.b32 	%r67, %r66, 2;
	mov.u32 	%r68, sh;
	add.s32 	%r8, %r68, %r67;
	st.shared.f32 	[%r8], %f58;
	bar.sync 	0;
	setp.lt.s32 	%p5, %r1, 1;
	mov.f32 	%f68, 0f00000000;
	@%p5 bra 	$L__BB1_9;

	add.s32 	%r70, %r1, -1;
	and.b32  	%r130, %r1, 3;
	setp.lt.u32 	%p6, %r70, 3;
	mov.f32 	%f68, 0f00000000;
	mov.u32 	%r127, 0;
	@%p6 bra 	$L__BB1_6;

	shl.b32 	%r72, %r7, 2;
	add.s32 	%r74, %r68, %r72;
	add.s32 	%r125, %r74, 8;
	sub.s32 	%r11, %r130, %r1;
	mov.f32 	%f68, 0f00000000;
	mov.u32 	%r127, 0;

$L__BB1_5:
	add.s32 	%r75, %r127, 1;
	cvt.rn.f32.s32 	%f25, %r75;
	ld.shared.f32 	%f26, [%r125+-8];
	fma.rn.f32 	%f27, %f26, %f25, %f68;
	add.s32 	%r76, %r127, 2;
	cvt.rn.f32.s32 	%f28, %r76;
	ld.shared.f32 	%f29, [%r125+-4];
	fma.rn.f32 	%f30, %f29, %f28, %f27;
	add.s32 	%r77, %r127, 3;
	cvt.rn.f32.s32 	%f31, %r77;
	ld.shared.f32 	%f32, [%r125];
	fma.rn.f32 	%f33, %f32, %f31, %f30;
	add.s32 	%r127, %r127, 4;
	cvt.rn.f32.s32 	%f34, %r127;
	ld.shared.f32 	%f35, [%r125+4];
	fma.rn.f32 	%f68, %f35, %f34, %f33;
	add.s32 	%r125, %r125, 16;
	add.s32 	%r78, %r11, %r127;
	setp.ne.s32 	%p7, %r78, 0;
	@%p7 bra 	$L__BB1_5;

$L__BB1_6:
	setp.eq.s32 	%p8, %r130, 0;
	@%p8 bra 	$L__BB1_9;

	add.s32 	%r129, %r127, 1;
	add.s32 	%r79, %r127, %r7;
	shl.b32 	%r80, %r79, 2;
	add.s32 	%r128, %r68, %r80;

$L__BB1_8:
	.pragma "nounroll";
	cvt.rn.f32.s32 	%f36, %r129;
	ld.shared.f32 	%f37, [%r128];
	fma.rn.f32 	%f68, %f37, %f36, %f68;
	add.s32 	%r129, %r129, 1;
	add.s32 	%r128, %r128, 4;
	add.s32 	%r130, %r130, -1;
	setp.ne.s32 	%p9, %r130, 0;
	@%p9 bra 	$L__BB1_8;

$L__BB1_9:
	setp.lt.s32 	%p10, %r4, 1;
	@%p10 bra 	$L__BB1_16;

	add.s32 	%r83, %r4, -1;
	and.b32  	%r137, %r4, 3;
	setp.lt.u32 	%p11, %r83, 3;
	mov.u32 	%r134, 0;
	@%p11 bra 	$L__BB1_13;

	shl.b32 	%r86, %r2, 2;
	add.s32 	%r131, %r68, %r86;
	sub.s32 	%r27, %r137, %r4;
	shl.b32 	%r28, %r1, 2;
	mov.u32 	%r134, 0;
	mov.u32 	%r132, 7;

$L__BB1_12:
	add.s32 	%r88, %r132, -6;
	cvt.rn.f32.s32 	%f39, %r88;
	ld.shared.f32 	%f40, [%r131];
	fma.rn.f32 	%f41, %f40, %f39, %f68;
	add.s32 	%r89, %r131, %r28;
	add.s32 	%r90, %r132, -4;
	cvt.rn.f32.s32 	%f42, %r90;
	ld.shared.f32 	%f43, [%r89];
	fma.rn.f32 	%f44, %f43, %f42, %f41;
	add.s32 	%r91, %r89, %r28;
	add.s32 	%r92, %r132, -2;
	cvt.rn.f32.s32 	%f45, %r92;
	ld.shared.f32 	%f46, [%r91];
	fma.rn.f32 	%f47, %f46, %f45, %f44;
	add.s32 	%r93, %r91, %r28;
	add.s32 	%r131, %r93, %r28;
	cvt.rn.f32.s32 	%f48, %r132;
	ld.shared.f32 	%f49, [%r93];
	fma.rn.f32 	%f68, %f49, %f48, %f47;
	add.s32 	%r132, %r132, 8;
	add.s32 	%r134, %r134, 4;
	add.s32 	%r94, %r27, %r134;
	setp.ne.s32 	%p12, %r94, 0;
	@%p12 bra 	$L__BB1_12;

$L__BB1_13:
	setp.eq.s32 	%p13, %r137, 0;
	@%p13 bra 	$L__BB1_16;

	shl.b32 	%r95, %r134, 1;
	or.b32  	%r136, %r95, 1;
	mad.lo.s32 	%r96, %r1, %r134, %r2;
	shl.b32 	%r97, %r96, 2;
	add.s32 	%r135, %r68, %r97;
	shl.b32 	%r38, %r1, 2;

$L__BB1_15:
	.pragma "nounroll";
	cvt.rn.f32.s32 	%f50, %r136;
	ld.shared.f32 	%f51, [%r135];
	fma.rn.f32 	%f68, %f51, %f50, %f68;
	add.s32 	%r136, %r136, 2;
	add.s32 	%r135, %r135, %r38;
	add.s32 	%r137, %r137, -1;
	setp.ne.s32 	%p14, %r137, 0;
	@%p14 bra 	$L__BB1_15;

$L__BB1_16:
	shl.b32 	%r99, %r6, 1;
	add.s32 	%r100, %r99, %r3;
	mul.hi.s32 	%r101, %r100, 1431655766;
	shr.u32 	%r102, %r101, 31;
	add.s32 	%r103, %r101, %r102;
	mul.lo.s32 	%r104, %r103, 3;
	sub.s32 	%r105, %r100, %r104;
	setp.eq.s32 	%p15, %r105, 0;
	@%p15 bra 	$L__BB1_18;

	shl.b32 	%r106, %r7, 2;
	add.s32 	%r108, %r68, %r106;
	ld.shared.f32 	%f52, [%r108];
	fma.rn.f32 	%f53, %f52, 0f42C80000, %f68;
	ld.shared.f32 	%f54, [%r8];
	fma.rn.f32 	%f68, %f54, 0f447A0000, %f53;

$L__BB1_18:
	mov.u32 	%r141, 0;
	max.s32 	%r45, %r2, 0;
	add.s32 	%r111, %r45, 1;
	and.b32  	%r143, %r111, 3;
	setp.lt.u32 	%p16, %r45, 3;
	@%p16 bra 	$L__BB1_22;

	sub.s32 	%r138, %r45, %r143;
	mov.u32 	%r144, -1;

$L__BB1_20:
	add.s32 	%r144, %r144, 4;
	add.s32 	%r138, %r138, -4;
	setp.ne.s32 	%p17, %r138, -1;
	@%p17 bra 	$L__BB1_20;

	add.s32 	%r141, %r144, 1;

$L__BB1_22:
	setp.eq.s32 	%p18, %r143, 0;
	@%p18 bra 	$L__BB1_25;

	add.s32 	%r144, %r141, -1;

$L__BB1_24:
	.pragma "nounroll";
	add.s32 	%r144, %r144, 1;
	add.s32 	%r143, %r143, -1;
	setp.ne.s32 	%p19, %r143, 0;
	@%p19 bra 	$L__BB1_24;

$L__BB1_25:
	add.s32 	%r113, %r144, %r7;
	shl.b32 	%r114, %r113, 2;
	add.s32 	%r116, %r68, %r114;
	ld.shared.f32 	%f55, [%r116];
	fma.rn.f32 	%f56, %f55, 0f461C4000, %f68;
	and.b32  	%r117, %r5, 1;
	setp.eq.b32 	%p20, %r117, 1;
	not.b32 	%r118, %r2;
	add.s32 	%r119, %r1, %r118;
	selp.b32 	%r120, %r2, %r119, %p20;
	add.s32 	%r121, %r120, %r7;
	shl.b32 	%r122, %r121, 2;
	add.s32 	%r123, %r68, %r122;
	ld.shared.f32 	%f57, [%r123];
	fma.rn.f32 	%f19, %f57, 0f3F000000, %f56;
	@%p4 bra 	$L__BB1_27;

	mad.lo.s32 	%r124, %r6, %r61, %r3;
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.s32 	%rd7, %r124, 4;
	add.s64 	%rd8, %rd6, %rd7;
	st.global.f32 	[%rd8], %f19;

$L__BB1_27:
	ret;

}
	// .globl	wrap_u
.visible .entry wrap_u(
	.param .u64 wrap_u_param_0,
	.param .u32 wrap_u_param_1,
	.param .u64 wrap_u_param_2
)
{
	.reg .f32 	%f<2>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<9>;


	ld.param.u64 	%rd1, [wrap_u_param_0];
	ld.param.u32 	%r1, [wrap_u_param_1];
	ld.param.u64 	%rd2, [wrap_u_param_2];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r2, %tid.x;
	add.s32 	%r3, %r2, %r1;
	mul.wide.u32 	%rd5, %r3, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];
	mul.wide.u32 	%rd7, %r2, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.f32 	[%rd8], %f1;
	ret;

}
	// .globl	wrap_s
.visible .entry wrap_s(
	.param .u64 wrap_s_param_0,
	.param .u32 wrap_s_param_1,
	.param .u64 wrap_s_param_2
)
{
	.reg .f32 	%f<2>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<9>;


	ld.param.u64 	%rd1, [wrap_s_param_0];
	ld.param.u32 	%r1, [wrap_s_param_1];
	ld.param.u64 	%rd2, [wrap_s_param_2];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r2, %tid.x;
	add.s32 	%r3, %r2, %r1;
	mul.wide.s32 	%rd5, %r3, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];
	mul.wide.u32 	%rd7, %r2, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.f32 	[%rd8], %f1;
	ret;

}

#endif // end of rowaccess.ptx
