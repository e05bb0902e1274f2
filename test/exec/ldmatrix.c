/* ldmatrix.sync.aligned.m8n8.b16 (ldmatrix.cu).  Matrix i row r is the row
 * whose address lane 8 i + r gives: input row 8 i + r.  Per the PTX ISA,
 * lane l receives in register i the elements (l / 4, 2 (l % 4)) and
 * (l / 4, 2 (l % 4) + 1) of matrix i, the first in the low half; with
 * .trans, the elements (2 (l % 4), l / 4) and (2 (l % 4) + 1, l / 4). */
#include "common.h"

static uint16_t in[32 * 8];

static uint16_t f2h(int x) /* |x| < 2048 */
{
    if (x == 0) return 0;
    int e;
    double m = frexp(fabs((double)x), &e);
    return (uint16_t)((x < 0 ? 0x8000 : 0) | (e + 14) << 10 | (int)((m * 2 - 1) * 1024));
}

static uint32_t elem(int i, int r, int c) { return in[(8 * i + r) * 8 + c]; }

static uint32_t expect(int i, int lane, int trans)
{
    int g = lane / 4, t = lane % 4;
    if (trans) return elem(i, 2 * t, g) | elem(i, 2 * t + 1, g) << 16;
    return elem(i, g, 2 * t) | elem(i, g, 2 * t + 1) << 16;
}

static void check(const char *cas, const uint32_t *out, int first, int num, int trans)
{
    uint32_t got[4 * 32], exp[4 * 32];
    for (int i = 0; i < num; i++)
        for (int l = 0; l < 32; l++) {
            got[i * 32 + l] = out[(first + i) * 32 + l];
            exp[i * 32 + l] = expect(i, l, trans);
        }
    CHECK_INT(cas, got, exp, num * 32);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "ldmatrix");
    uint32_t out[18 * 32];
    for (int i = 0; i < 32 * 8; i++) in[i] = (uint16_t)lcg();
    memset(out, 0, sizeof out);
    uint16_t *pin = in;
    uint32_t *pout = out;
    void *params[] = {&pin, &pout};
    if (launch("all", "ldm", d3(1, 1, 1), d3(32, 1, 1), 0, params)) {
        check("x1_shared", out, 0, 1, 0);
        check("x2_shared", out, 1, 2, 0);
        check("x4_shared", out, 3, 4, 0);
        check("x4_trans_shared", out, 7, 4, 1);
        check("x2_trans_shared_cta", out, 11, 2, 1);
        check("x1_trans_generic", out, 13, 1, 1);
        check("x4_generic", out, 14, 4, 0);
    }
    /* ldmatrix feeding mma: a matrix multiply of small integers, exact */
    static uint16_t a[256], bt[128];
    static int A[16][16], Bt[8][16];
    float d[128], exp[128];
    for (int i = 0; i < 16; i++)
        for (int k = 0; k < 16; k++) { A[i][k] = (int)(lcg() % 9) - 4; a[i * 16 + k] = f2h(A[i][k]); }
    for (int j = 0; j < 8; j++)
        for (int k = 0; k < 16; k++) { Bt[j][k] = (int)(lcg() % 9) - 4; bt[j * 16 + k] = f2h(Bt[j][k]); }
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 8; j++) {
            int s = 0;
            for (int k = 0; k < 16; k++) s += A[i][k] * Bt[j][k];
            exp[i * 8 + j] = (float)s;
        }
    uint16_t *pa = a, *pb = bt;
    float *pd = d;
    void *p2[] = {&pa, &pb, &pd};
    if (launch("feeds_mma", "ldm_mma", d3(1, 1, 1), d3(32, 1, 1), 0, p2))
        CHECK_EXACT("feeds_mma", d, exp, 128);
    return finish();
}
#if 0 // test-file ldmatrix.cu
// nvcc-flags: -arch=sm_80
// ldmatrix.sync.aligned.m8n8 .x1 .x2 .x4, with and without .trans, from
// .shared, .shared::cta and generic addresses.  Lane t gives the address of
// input row t, stored in shared memory at row (7 t) % 32; lanes whose
// address the form does not read give an address outside the block.
// ldm_mma needs sm_80 (mma.m16n8k16).
#define ROWP(t) (((t) * 7) % 32)

extern "C" __global__ void ldm(const unsigned short *in, unsigned *out)
{
    __shared__ __align__(16) unsigned short s[32 * 8];
    int l = threadIdx.x;
    for (int j = 0; j < 8; j++)
        s[ROWP(l) * 8 + j] = in[l * 8 + j];
    __syncthreads();
    unsigned base = (unsigned)__cvta_generic_to_shared(s);
    unsigned row = base + ROWP(l) * 16, bad = base + 0x100000;
    unsigned r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(l < 8 ? row : bad));
    out[0 * 32 + l] = r0;
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
                 : "=r"(r0), "=r"(r1) : "r"(l < 16 ? row : bad));
    out[1 * 32 + l] = r0; out[2 * 32 + l] = r1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(row));
    out[3 * 32 + l] = r0; out[4 * 32 + l] = r1; out[5 * 32 + l] = r2; out[6 * 32 + l] = r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(row));
    out[7 * 32 + l] = r0; out[8 * 32 + l] = r1; out[9 * 32 + l] = r2; out[10 * 32 + l] = r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%0,%1}, [%2];"
                 : "=r"(r0), "=r"(r1) : "r"(l < 16 ? row : bad));
    out[11 * 32 + l] = r0; out[12 * 32 + l] = r1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.b16 {%0}, [%1];" : "=r"(r0) : "l"(&s[ROWP(l & 7) * 8]));
    out[13 * 32 + l] = r0;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "l"(&s[ROWP(l) * 8]));
    out[14 * 32 + l] = r0; out[15 * 32 + l] = r1; out[16 * 32 + l] = r2; out[17 * 32 + l] = r3;
}

// The pattern of CUTLASS and Triton kernels: A (16 x 16, row-major) and
// B's transpose (8 x 16) through shared memory, ldmatrix .x4 and .x2 into
// the fragments of mma.m16n8k16, D (16 x 8) stored row-major.
extern "C" __global__ void ldm_mma(const unsigned short *a, const unsigned short *bt, float *d)
{
    __shared__ __align__(16) unsigned short sa[16 * 16], sb[8 * 16];
    int l = threadIdx.x;
    for (int i = l; i < 256; i += 32)
        sa[i] = a[i];
    for (int i = l; i < 128; i += 32)
        sb[i] = bt[i];
    __syncthreads();
    unsigned pa = (unsigned)__cvta_generic_to_shared(&sa[(l % 16) * 16 + 8 * (l / 16)]);
    unsigned pb = (unsigned)__cvta_generic_to_shared(&sb[(l % 8) * 16 + 8 * ((l / 8) % 2)]);
    unsigned a0, a1, a2, a3, b0, b1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(b0), "=r"(b1) : "r"(pb));
    float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%0,%1,%2,%3};"
                 : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    int g = l / 4, t = l % 4;
    d[g * 8 + 2 * t] = d0;
    d[g * 8 + 2 * t + 1] = d1;
    d[(g + 8) * 8 + 2 * t] = d2;
    d[(g + 8) * 8 + 2 * t + 1] = d3;
}
#endif // end of ldmatrix.cu
#if 0 // test-file ldmatrix.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_80
.address_size 64

	// .globl	ldm
// _ZZ3ldmE1s has been demoted
// _ZZ7ldm_mmaE2sa has been demoted
// _ZZ7ldm_mmaE2sb has been demoted

.visible .entry ldm(
	.param .u64 ldm_param_0,
	.param .u64 ldm_param_1
)
{
	.reg .pred 	%p<3>;
	.reg .b16 	%rs<9>;
	.reg .b32 	%r<43>;
	.reg .b64 	%rd<14>;
	// demoted variable
	.shared .align 16 .b8 _ZZ3ldmE1s[512];

	ld.param.u64 	%rd3, [ldm_param_0];
	ld.param.u64 	%rd4, [ldm_param_1];
	cvta.to.global.u64 	%rd5, %rd3;
	mov.u32 	%r24, %tid.x;
	shl.b32 	%r25, %r24, 3;
	mul.lo.s32 	%r26, %r24, 7;
	shr.s32 	%r27, %r26, 31;
	shr.u32 	%r28, %r27, 27;
	add.s32 	%r29, %r26, %r28;
	and.b32  	%r30, %r29, -32;
	sub.s32 	%r31, %r26, %r30;
	shl.b32 	%r32, %r31, 3;
	mul.wide.s32 	%rd6, %r25, 2;
	add.s64 	%rd7, %rd5, %rd6;
	shl.b32 	%r33, %r31, 4;
	mov.u32 	%r34, _ZZ3ldmE1s;
	ld.global.u16 	%rs1, [%rd7+2];
	ld.global.u16 	%rs2, [%rd7];
	ld.global.u16 	%rs3, [%rd7+6];
	ld.global.u16 	%rs4, [%rd7+4];
	ld.global.u16 	%rs5, [%rd7+10];
	ld.global.u16 	%rs6, [%rd7+8];
	ld.global.u16 	%rs7, [%rd7+14];
	ld.global.u16 	%rs8, [%rd7+12];
	mov.b32 	%r35, {%rs8, %rs7};
	mov.b32 	%r36, {%rs6, %rs5};
	mov.b32 	%r37, {%rs4, %rs3};
	mov.b32 	%r38, {%rs2, %rs1};
	add.s32 	%r10, %r34, %r33;
	st.shared.v4.u32 	[%r10], {%r38, %r37, %r36, %r35};
	cvta.to.global.u64 	%rd8, %rd4;
	bar.sync 	0;
	setp.lt.s32 	%p1, %r24, 8;
	add.s32 	%r39, %r34, 1048576;
	selp.b32 	%r2, %r10, %r39, %p1;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%r2];
	// end inline asm
	mul.wide.s32 	%rd9, %r24, 4;
	add.s64 	%rd10, %rd8, %rd9;
	st.global.u32 	[%rd10], %r1;
	setp.lt.s32 	%p2, %r24, 16;
	selp.b32 	%r18, %r10, %r39, %p2;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r3,%r4}, [%r18];
	// end inline asm
	st.global.u32 	[%rd10+128], %r3;
	st.global.u32 	[%rd10+256], %r4;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r6,%r7,%r8,%r9}, [%r10];
	// end inline asm
	st.global.u32 	[%rd10+384], %r6;
	st.global.u32 	[%rd10+512], %r7;
	st.global.u32 	[%rd10+640], %r8;
	st.global.u32 	[%rd10+768], %r9;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r11,%r12,%r13,%r14}, [%r10];
	// end inline asm
	st.global.u32 	[%rd10+896], %r11;
	st.global.u32 	[%rd10+1024], %r12;
	st.global.u32 	[%rd10+1152], %r13;
	st.global.u32 	[%rd10+1280], %r14;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%r16,%r17}, [%r18];
	// end inline asm
	st.global.u32 	[%rd10+1408], %r16;
	st.global.u32 	[%rd10+1536], %r17;
	and.b32  	%r40, %r24, 7;
	mul.lo.s32 	%r41, %r40, 56;
	and.b32  	%r42, %r41, 248;
	{ .reg .b64 %tmp;
	  cvt.u64.u32 	%tmp, %r34;
	  cvta.shared.u64 	%rd11, %tmp; }
	mul.wide.u32 	%rd12, %r42, 2;
	add.s64 	%rd1, %rd11, %rd12;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x1.trans.b16 {%r19}, [%rd1];
	// end inline asm
	st.global.u32 	[%rd10+1664], %r19;
	mul.wide.s32 	%rd13, %r32, 2;
	add.s64 	%rd2, %rd11, %rd13;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x4.b16 {%r20,%r21,%r22,%r23}, [%rd2];
	// end inline asm
	st.global.u32 	[%rd10+1792], %r20;
	st.global.u32 	[%rd10+1920], %r21;
	st.global.u32 	[%rd10+2048], %r22;
	st.global.u32 	[%rd10+2176], %r23;
	ret;

}
	// .globl	ldm_mma
.visible .entry ldm_mma(
	.param .u64 ldm_mma_param_0,
	.param .u64 ldm_mma_param_1,
	.param .u64 ldm_mma_param_2
)
{
	.reg .pred 	%p<11>;
	.reg .b16 	%rs<11>;
	.reg .f32 	%f<9>;
	.reg .b32 	%r<111>;
	.reg .b64 	%rd<31>;
	// demoted variable
	.shared .align 16 .b8 _ZZ7ldm_mmaE2sa[512];
	// demoted variable
	.shared .align 16 .b8 _ZZ7ldm_mmaE2sb[256];

	ld.param.u64 	%rd16, [ldm_mma_param_0];
	ld.param.u64 	%rd17, [ldm_mma_param_1];
	ld.param.u64 	%rd15, [ldm_mma_param_2];
	cvta.to.global.u64 	%rd1, %rd16;
	cvta.to.global.u64 	%rd2, %rd17;
	mov.u32 	%r1, %tid.x;
	setp.gt.s32 	%p1, %r1, 255;
	@%p1 bra 	$L__BB1_7;

	max.s32 	%r34, %r1, 224;
	add.s32 	%r35, %r34, 31;
	sub.s32 	%r2, %r35, %r1;
	shr.u32 	%r36, %r2, 5;
	add.s32 	%r37, %r36, 1;
	and.b32  	%r101, %r37, 3;
	setp.eq.s32 	%p2, %r101, 0;
	mov.u32 	%r102, %r1;
	@%p2 bra 	$L__BB1_4;

	shl.b32 	%r38, %r1, 1;
	mov.u32 	%r39, _ZZ7ldm_mmaE2sa;
	add.s32 	%r99, %r39, %r38;
	mul.wide.s32 	%rd18, %r1, 2;
	add.s64 	%rd27, %rd1, %rd18;
	mov.u32 	%r102, %r1;

$L__BB1_3:
	.pragma "nounroll";
	ld.global.u16 	%rs1, [%rd27];
	st.shared.u16 	[%r99], %rs1;
	add.s32 	%r102, %r102, 32;
	add.s32 	%r99, %r99, 64;
	add.s64 	%rd27, %rd27, 64;
	add.s32 	%r101, %r101, -1;
	setp.ne.s32 	%p3, %r101, 0;
	@%p3 bra 	$L__BB1_3;

$L__BB1_4:
	setp.lt.u32 	%p4, %r2, 96;
	@%p4 bra 	$L__BB1_7;

	add.s32 	%r104, %r102, -128;
	shl.b32 	%r40, %r102, 1;
	mov.u32 	%r41, _ZZ7ldm_mmaE2sa;
	add.s32 	%r42, %r41, %r40;
	add.s32 	%r103, %r42, 128;
	mul.wide.s32 	%rd19, %r102, 2;
	add.s64 	%rd20, %rd1, %rd19;
	add.s64 	%rd28, %rd20, 128;

$L__BB1_6:
	ld.global.u16 	%rs2, [%rd28+-128];
	st.shared.u16 	[%r103+-128], %rs2;
	ld.global.u16 	%rs3, [%rd28+-64];
	st.shared.u16 	[%r103+-64], %rs3;
	ld.global.u16 	%rs4, [%rd28];
	st.shared.u16 	[%r103], %rs4;
	ld.global.u16 	%rs5, [%rd28+64];
	st.shared.u16 	[%r103+64], %rs5;
	add.s32 	%r103, %r103, 256;
	add.s64 	%rd28, %rd28, 256;
	add.s32 	%r104, %r104, 128;
	setp.lt.s32 	%p5, %r104, 128;
	@%p5 bra 	$L__BB1_6;

$L__BB1_7:
	setp.gt.s32 	%p6, %r1, 127;
	@%p6 bra 	$L__BB1_14;

	max.s32 	%r43, %r1, 96;
	add.s32 	%r44, %r43, 31;
	sub.s32 	%r18, %r44, %r1;
	shr.u32 	%r45, %r18, 5;
	add.s32 	%r46, %r45, 1;
	and.b32  	%r107, %r46, 3;
	setp.eq.s32 	%p7, %r107, 0;
	mov.u32 	%r108, %r1;
	@%p7 bra 	$L__BB1_11;

	shl.b32 	%r47, %r1, 1;
	mov.u32 	%r48, _ZZ7ldm_mmaE2sb;
	add.s32 	%r105, %r48, %r47;
	mul.wide.s32 	%rd21, %r1, 2;
	add.s64 	%rd29, %rd2, %rd21;
	mov.u32 	%r108, %r1;

$L__BB1_10:
	.pragma "nounroll";
	ld.global.u16 	%rs6, [%rd29];
	st.shared.u16 	[%r105], %rs6;
	add.s32 	%r108, %r108, 32;
	add.s32 	%r105, %r105, 64;
	add.s64 	%rd29, %rd29, 64;
	add.s32 	%r107, %r107, -1;
	setp.ne.s32 	%p8, %r107, 0;
	@%p8 bra 	$L__BB1_10;

$L__BB1_11:
	setp.lt.u32 	%p9, %r18, 96;
	@%p9 bra 	$L__BB1_14;

	add.s32 	%r110, %r108, -128;
	shl.b32 	%r49, %r108, 1;
	mov.u32 	%r50, _ZZ7ldm_mmaE2sb;
	add.s32 	%r51, %r50, %r49;
	add.s32 	%r109, %r51, 128;
	mul.wide.s32 	%rd22, %r108, 2;
	add.s64 	%rd23, %rd2, %rd22;
	add.s64 	%rd30, %rd23, 128;

$L__BB1_13:
	ld.global.u16 	%rs7, [%rd30+-128];
	st.shared.u16 	[%r109+-128], %rs7;
	ld.global.u16 	%rs8, [%rd30+-64];
	st.shared.u16 	[%r109+-64], %rs8;
	ld.global.u16 	%rs9, [%rd30];
	st.shared.u16 	[%r109], %rs9;
	ld.global.u16 	%rs10, [%rd30+64];
	st.shared.u16 	[%r109+64], %rs10;
	add.s32 	%r109, %r109, 256;
	add.s64 	%rd30, %rd30, 256;
	add.s32 	%r110, %r110, 128;
	setp.lt.s32 	%p10, %r110, 0;
	@%p10 bra 	$L__BB1_13;

$L__BB1_14:
	bar.sync 	0;
	shr.s32 	%r66, %r1, 31;
	shr.u32 	%r67, %r66, 28;
	add.s32 	%r68, %r1, %r67;
	and.b32  	%r69, %r68, 134217712;
	sub.s32 	%r70, %r1, %r69;
	shl.b32 	%r71, %r70, 4;
	shr.u32 	%r72, %r68, 1;
	and.b32  	%r73, %r72, 2147483640;
	add.s32 	%r74, %r71, %r73;
	shl.b32 	%r75, %r74, 1;
	mov.u32 	%r76, _ZZ7ldm_mmaE2sa;
	add.s32 	%r56, %r76, %r75;
	shr.u32 	%r77, %r66, 29;
	add.s32 	%r78, %r1, %r77;
	and.b32  	%r79, %r78, 134217720;
	sub.s32 	%r80, %r1, %r79;
	shl.b32 	%r81, %r80, 4;
	shr.u32 	%r82, %r78, 31;
	shr.s32 	%r83, %r78, 3;
	add.s32 	%r84, %r83, %r82;
	and.b32  	%r85, %r84, 268435454;
	sub.s32 	%r86, %r83, %r85;
	shl.b32 	%r87, %r86, 3;
	add.s32 	%r88, %r87, %r81;
	shl.b32 	%r89, %r88, 1;
	mov.u32 	%r90, _ZZ7ldm_mmaE2sb;
	add.s32 	%r59, %r90, %r89;
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r52,%r53,%r54,%r55}, [%r56];
	// end inline asm
	// begin inline asm
	ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r57,%r58}, [%r59];
	// end inline asm
	mov.f32 	%f1, 0f00000000;
	mov.f32 	%f2, %f1;
	mov.f32 	%f3, %f1;
	mov.f32 	%f4, %f1;
	// begin inline asm
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r52,%r53,%r54,%r55}, {%r57,%r58}, {%f1,%f2,%f3,%f4};
	// end inline asm
	shr.u32 	%r91, %r66, 30;
	add.s32 	%r92, %r1, %r91;
	shl.b32 	%r93, %r92, 1;
	and.b32  	%r94, %r93, -8;
	and.b32  	%r95, %r92, 2147483644;
	sub.s32 	%r96, %r1, %r95;
	shl.b32 	%r97, %r96, 1;
	add.s32 	%r98, %r94, %r97;
	cvta.to.global.u64 	%rd24, %rd15;
	mul.wide.s32 	%rd25, %r98, 4;
	add.s64 	%rd26, %rd24, %rd25;
	st.global.f32 	[%rd26], %f1;
	st.global.f32 	[%rd26+4], %f2;
	st.global.f32 	[%rd26+256], %f3;
	st.global.f32 	[%rd26+260], %f4;
	ret;

}

#endif // end of ldmatrix.ptx
