/* Carry chains (add.cc addc sub.cc subc mad.cc madc, .u32 .s32 .u64 .s64):
 * multi-word sums, differences and products against a word-by-word C
 * reference in which CC.CF is the carry out of the unsigned sum, and for
 * sub.cc/subc the borrow (a - b - CF, CF set when the exact difference is
 * negative), whatever the signedness of the instruction type. */
#include "common.h"

typedef unsigned __int128 u128;

int main(int argc, char **argv)
{
    setup(argc, argv, "carry");
    enum { N = 128 };
    static unsigned a[3 * N], b[3 * N], o[19 * N], e[19 * N];
    static unsigned long long q[6 * N], eq[6 * N];
    static u128 wa[N], wb[N], wo[2 * N], we[2 * N];
    const unsigned corner[] = {0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu};
    for (int i = 0; i < 3 * N; i++) {
        a[i] = lcg();
        b[i] = lcg();
        if (i < 3 * 36) { /* every pair of corner words, all three words alike */
            a[i] = corner[(i / 3) % 6];
            b[i] = corner[(i / 3) / 6];
        }
    }
    for (int i = 0; i < N; i++) {
        const unsigned *x = a + 3 * i, *y = b + 3 * i;
        unsigned *r = e + 19 * i;
        /* three-word add: the carry of each word into the next */
        unsigned cf = 0;
        for (int k = 0; k < 3; k++) {
            uint64_t s = (uint64_t)x[k] + y[k] + cf;
            r[k] = r[3 + k] = (unsigned)s;
            cf = (unsigned)(s >> 32);
        }
        /* three-word subtract with borrow */
        cf = 0;
        for (int k = 0; k < 3; k++) {
            int64_t d = (int64_t)x[k] - (int64_t)y[k] - (int64_t)cf;
            r[6 + k] = r[9 + k] = (unsigned)d;
            cf = d < 0;
        }
        /* 64x64 -> 128 product by schoolbook on 32-bit digits */
        uint64_t ax = ((uint64_t)x[1] << 32) | x[0], by = ((uint64_t)y[1] << 32) | y[0];
        u128 p = (u128)ax * by;
        for (int k = 0; k < 4; k++)
            r[12 + k] = (unsigned)(p >> (32 * k));
        /* signed: lo(a0*b0)+a1 sets CF; hi(a0*b0 signed)+b1+CF sets CF;
         * lo(a0*b0)+a1+CF */
        int64_t sp = (int64_t)(int32_t)x[0] * (int32_t)y[0];
        uint64_t t = (uint64_t)(uint32_t)sp + x[1];
        r[16] = (unsigned)t;
        cf = (unsigned)(t >> 32);
        t = (uint64_t)(uint32_t)((uint64_t)sp >> 32) + y[1] + cf;
        r[17] = (unsigned)t;
        cf = (unsigned)(t >> 32);
        r[18] = (unsigned)((uint32_t)sp + x[1] + cf);
        /* 64-bit forms */
        uint64_t z = ((uint64_t)x[2] << 32) | y[2];
        u128 s = (u128)ax + by;
        eq[6 * i] = (uint64_t)s;
        eq[6 * i + 1] = z + by + (uint64_t)(s >> 64);
        unsigned borrow = ax < by;
        eq[6 * i + 2] = ax - by;
        eq[6 * i + 3] = z - ax - borrow;
        u128 m = (u128)ax * by;
        u128 lo = (u128)(uint64_t)m + z;
        eq[6 * i + 4] = (uint64_t)lo;
        eq[6 * i + 5] = (uint64_t)(m >> 64) + z + (uint64_t)(lo >> 64);
        /* 128-bit integers */
        wa[i] = ((u128)x[2] << 96) | ((u128)y[0] << 64) | ((u128)x[1] << 32) | x[0];
        wb[i] = ((u128)y[2] << 96) | ((u128)x[0] << 64) | ((u128)y[1] << 32) | y[0];
        if (i < 36) { /* corners of the 128-bit range */
            wa[i] = i % 6 == 0 ? 0 : ~(u128)0 >> (i % 6);
            wb[i] = i / 6 == 0 ? 0 : (u128)1 << (127 - i / 6 * 21);
        }
        we[2 * i] = wa[i] + wb[i];
        we[2 * i + 1] = wa[i] - wb[i];
    }
    unsigned *pa = a, *pb = b, *po = o;
    unsigned long long *pq = q;
    void *p32[] = {&pa, &pb, &po, &pq};
    if (launch("carry32", "carry32", d3(N / 32, 1, 1), d3(32, 1, 1), 0, p32)) {
        const char *names[] = {"add.cc.u32", "add.cc.s32", "sub.cc.u32", "sub.cc.s32", "mad.cc.u32"};
        for (int c = 0; c < 5; c++) {
            int w = c == 4 ? 4 : 3;
            unsigned g[4 * N], x[4 * N];
            for (int i = 0; i < N; i++)
                for (int k = 0; k < w; k++) {
                    g[w * i + k] = o[19 * i + 3 * c + k];
                    x[w * i + k] = e[19 * i + 3 * c + k];
                }
            CHECK_INT(names[c], g, x, w * N);
        }
        unsigned g[3 * N], x[3 * N];
        for (int i = 0; i < N; i++)
            for (int k = 0; k < 3; k++) {
                g[3 * i + k] = o[19 * i + 16 + k];
                x[3 * i + k] = e[19 * i + 16 + k];
            }
        CHECK_INT("mad.cc.s32", g, x, 3 * N);
        const char *n64[] = {"add.cc.u64", "sub.cc.s64", "mad.cc.u64"};
        for (int c = 0; c < 3; c++) {
            unsigned long long g6[2 * N], x6[2 * N];
            for (int i = 0; i < N; i++)
                for (int k = 0; k < 2; k++) {
                    g6[2 * i + k] = q[6 * i + 2 * c + k];
                    x6[2 * i + k] = eq[6 * i + 2 * c + k];
                }
            CHECK_INT(n64[c], g6, x6, 2 * N);
        }
    }
    u128 *qa = wa, *qb = wb, *qo = wo;
    void *p128[] = {&qa, &qb, &qo};
    if (launch("int128", "carry128", d3(N / 32, 1, 1), d3(32, 1, 1), 0, p128)) {
        unsigned long long g[4 * N], x[4 * N];
        for (int i = 0; i < 2 * N; i++) {
            g[2 * i] = (unsigned long long)wo[i];
            g[2 * i + 1] = (unsigned long long)(wo[i] >> 64);
            x[2 * i] = (unsigned long long)we[i];
            x[2 * i + 1] = (unsigned long long)(we[i] >> 64);
        }
        CHECK_INT("int128", g, x, 4 * N);
    }
    unsigned u0 = 0x80000001u, u1 = 0x7fffffffu, m[N], mo[4 * N], me[4 * N];
    for (int i = 0; i < N; i++) {
        m[i] = i < 8 ? corner[i % 6] + (unsigned)(i / 6) : lcg();
        me[4 * i] = m[i] - u0;
        me[4 * i + 1] = u1 - u0 - (m[i] < u0);
        me[4 * i + 2] = m[i] + u0;
        me[4 * i + 3] = u1 + u0 + (unsigned)(((uint64_t)m[i] + u0) >> 32);
    }
    unsigned *pm = m, *pmo = mo;
    void *pmix[] = {&u0, &u1, &pm, &pmo};
    if (launch("mixed", "carry_mixed", d3(N / 32, 1, 1), d3(32, 1, 1), 0, pmix))
        CHECK_INT("mixed", mo, me, 4 * N);
    /* uniform: u0 - u1 borrows; u2 - u3 - 1 borrows again; u1 - u0 - 1 */
    int s0 = 5, s1 = 7, s2 = -3, s3 = 0x7fffffff;
    unsigned uo[4 * N], ue[4 * N];
    for (int i = 0; i < N; i++) {
        unsigned b0 = (unsigned)s0 < (unsigned)s1;
        int64_t d1 = (int64_t)(uint32_t)s2 - (uint32_t)s3 - b0;
        unsigned b1 = d1 < 0;
        ue[4 * i] = (unsigned)s0 - (unsigned)s1;
        ue[4 * i + 1] = (unsigned)d1;
        ue[4 * i + 2] = (unsigned)s1 - (unsigned)s0 - b1;
        ue[4 * i + 3] = m[i] + b0;
    }
    void *puni[] = {&s0, &s1, &s2, &s3, &pm, &uo};
    unsigned *puo = uo;
    puni[5] = &puo;
    if (launch("uniform", "carry_uniform", d3(N / 32, 1, 1), d3(32, 1, 1), 0, puni))
        CHECK_INT("uniform", uo, ue, 4 * N);
    return finish();
}
#if 0 // test-file carry.cu
// nvcc-flags: -arch=sm_80
// Carry chains: add.cc/addc/sub.cc/subc/mad.cc/madc with unsigned and signed
// types, 32- and 64-bit forms (__int128 arithmetic and inline asm).
#include <stdint.h>

extern "C" __global__ void carry128(const __int128 *a, const __int128 *b, __int128 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[2 * i] = a[i] + b[i];
    o[2 * i + 1] = a[i] - b[i];
}

// 96-bit sums and differences of three 32-bit words, then a 64x64->128
// product built from mad.lo.cc/madc.hi chains; 64-bit mad.cc/madc.
extern "C" __global__ void carry32(const unsigned *a, const unsigned *b, unsigned *o,
                                    unsigned long long *q)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned a0 = a[3 * i], a1 = a[3 * i + 1], a2 = a[3 * i + 2];
    unsigned b0 = b[3 * i], b1 = b[3 * i + 1], b2 = b[3 * i + 2];
    unsigned *r = o + 19 * i;
    asm("add.cc.u32 %0, %3, %6;\n\taddc.cc.u32 %1, %4, %7;\n\taddc.u32 %2, %5, %8;"
        : "=r"(r[0]), "=r"(r[1]), "=r"(r[2])
        : "r"(a0), "r"(a1), "r"(a2), "r"(b0), "r"(b1), "r"(b2));
    asm("add.cc.s32 %0, %3, %6;\n\taddc.cc.s32 %1, %4, %7;\n\taddc.s32 %2, %5, %8;"
        : "=r"(r[3]), "=r"(r[4]), "=r"(r[5])
        : "r"(a0), "r"(a1), "r"(a2), "r"(b0), "r"(b1), "r"(b2));
    asm("sub.cc.u32 %0, %3, %6;\n\tsubc.cc.u32 %1, %4, %7;\n\tsubc.u32 %2, %5, %8;"
        : "=r"(r[6]), "=r"(r[7]), "=r"(r[8])
        : "r"(a0), "r"(a1), "r"(a2), "r"(b0), "r"(b1), "r"(b2));
    asm("sub.cc.s32 %0, %3, %6;\n\tsubc.cc.s32 %1, %4, %7;\n\tsubc.s32 %2, %5, %8;"
        : "=r"(r[9]), "=r"(r[10]), "=r"(r[11])
        : "r"(a0), "r"(a1), "r"(a2), "r"(b0), "r"(b1), "r"(b2));
    // (a1:a0) * (b1:b0), 128 bits in r[12..15]
    asm("{\n\t"
        "mul.lo.u32 %0, %4, %6;\n\t"
        "mul.hi.u32 %1, %4, %6;\n\t"
        "mad.lo.cc.u32 %1, %5, %6, %1;\n\t"
        "madc.hi.u32 %2, %5, %6, 0;\n\t"
        "mad.lo.cc.u32 %1, %4, %7, %1;\n\t"
        "madc.hi.cc.u32 %2, %4, %7, %2;\n\t"
        "addc.u32 %3, 0, 0;\n\t"
        "mad.lo.cc.u32 %2, %5, %7, %2;\n\t"
        "madc.hi.u32 %3, %5, %7, %3;\n\t"
        "}"
        : "=r"(r[12]), "=&r"(r[13]), "=&r"(r[14]), "=&r"(r[15])
        : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
    // signed mad chains: mad.lo.cc.s32, madc.hi.cc.s32, madc.lo.s32
    asm("mad.lo.cc.s32 %0, %3, %4, %5;\n\tmadc.hi.cc.s32 %1, %3, %4, %6;\n\tmadc.lo.s32 %2, %3, %4, %5;"
        : "=r"(r[16]), "=r"(r[17]), "=r"(r[18])
        : "r"(a0), "r"(b0), "r"(a1), "r"(b1));
    // 64-bit chains: u64 add.cc/addc.cc/addc, s64 sub.cc/subc, mad.lo.cc.u64/madc.hi.u64
    unsigned long long x = ((unsigned long long)a1 << 32) | a0, y = ((unsigned long long)b1 << 32) | b0;
    unsigned long long z = ((unsigned long long)a2 << 32) | b2, s0, s1, d0, d1, m0, m1;
    asm("add.cc.u64 %0, %2, %3;\n\taddc.u64 %1, %4, %3;" : "=l"(s0), "=l"(s1) : "l"(x), "l"(y), "l"(z));
    asm("sub.cc.s64 %0, %2, %3;\n\tsubc.s64 %1, %4, %2;" : "=l"(d0), "=l"(d1) : "l"(x), "l"(y), "l"(z));
    asm("mad.lo.cc.u64 %0, %2, %3, %4;\n\tmadc.hi.u64 %1, %2, %3, %4;" : "=l"(m0), "=l"(m1) : "l"(x), "l"(y), "l"(z));
    q += 6 * i;
    q[0] = s0; q[1] = s1; q[2] = d0; q[3] = d1; q[4] = m0; q[5] = m1;
}

// A borrow set by varying operands, consumed by subc/addc on uniform ones.
extern "C" __global__ void carry_mixed(unsigned u0, unsigned u1, const unsigned *a, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned lo, hi, lo2, hi2;
    asm("sub.cc.s32 %0, %2, %3;\n\tsubc.s32 %1, %4, %3;" : "=r"(lo), "=r"(hi) : "r"(a[i]), "r"(u0), "r"(u1));
    asm("add.cc.s32 %0, %2, %3;\n\taddc.s32 %1, %4, %3;" : "=r"(lo2), "=r"(hi2) : "r"(a[i]), "r"(u0), "r"(u1));
    o[4 * i] = lo;
    o[4 * i + 1] = hi;
    o[4 * i + 2] = lo2;
    o[4 * i + 3] = hi2;
}

// Uniform chains (kernel parameters only), then a varying addc reading the
// carry a uniform sub.cc left.
extern "C" __global__ void carry_uniform(int u0, int u1, int u2, int u3, const unsigned *a, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned lo, mid, hi, v;
    asm("sub.cc.s32 %0, %3, %4;\n\tsubc.cc.s32 %1, %5, %6;\n\tsubc.s32 %2, %4, %3;"
        : "=r"(lo), "=r"(mid), "=r"(hi) : "r"(u0), "r"(u1), "r"(u2), "r"(u3));
    asm("sub.cc.s32 %0, %1, %2;\n\taddc.s32 %0, %3, 0;" : "=r"(v) : "r"(u0), "r"(u1), "r"(a[i]));
    o[4 * i] = lo;
    o[4 * i + 1] = mid;
    o[4 * i + 2] = hi;
    o[4 * i + 3] = v;
}
#endif // end of carry.cu
#if 0 // test-file carry.ptx
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

	// .globl	carry128

.visible .entry carry128(
	.param .u64 carry128_param_0,
	.param .u64 carry128_param_1,
	.param .u64 carry128_param_2
)
{
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<32>;


	ld.param.u64 	%rd1, [carry128_param_0];
	ld.param.u64 	%rd2, [carry128_param_1];
	ld.param.u64 	%rd3, [carry128_param_2];
	cvta.to.global.u64 	%rd4, %rd3;
	cvta.to.global.u64 	%rd5, %rd2;
	cvta.to.global.u64 	%rd6, %rd1;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd7, %r4, 16;
	add.s64 	%rd8, %rd6, %rd7;
	ld.global.v2.u64 	{%rd9, %rd10}, [%rd8];
	add.s64 	%rd13, %rd5, %rd7;
	ld.global.v2.u64 	{%rd14, %rd15}, [%rd13];
	shl.b32 	%r5, %r4, 1;
	mul.wide.s32 	%rd18, %r5, 16;
	add.s64 	%rd19, %rd4, %rd18;
	add.cc.s64 	%rd20, %rd14, %rd9;
	addc.cc.s64 	%rd21, %rd15, %rd10;
	st.global.v2.u64 	[%rd19], {%rd20, %rd21};
	ld.global.v2.u64 	{%rd22, %rd23}, [%rd8];
	ld.global.v2.u64 	{%rd26, %rd27}, [%rd13];
	sub.cc.s64 	%rd30, %rd22, %rd26;
	subc.cc.s64 	%rd31, %rd23, %rd27;
	st.global.v2.u64 	[%rd19+16], {%rd30, %rd31};
	ret;

}
	// .globl	carry32
.visible .entry carry32(
	.param .u64 carry32_param_0,
	.param .u64 carry32_param_1,
	.param .u64 carry32_param_2,
	.param .u64 carry32_param_3
)
{
	.reg .b32 	%r<59>;
	.reg .b64 	%rd<37>;


	ld.param.u64 	%rd16, [carry32_param_0];
	ld.param.u64 	%rd17, [carry32_param_1];
	ld.param.u64 	%rd18, [carry32_param_2];
	ld.param.u64 	%rd19, [carry32_param_3];
	cvta.to.global.u64 	%rd20, %rd19;
	cvta.to.global.u64 	%rd21, %rd18;
	cvta.to.global.u64 	%rd22, %rd17;
	cvta.to.global.u64 	%rd23, %rd16;
	mov.u32 	%r52, %tid.x;
	mov.u32 	%r53, %ctaid.x;
	mov.u32 	%r54, %ntid.x;
	mad.lo.s32 	%r55, %r53, %r54, %r52;
	mul.lo.s32 	%r56, %r55, 3;
	mul.wide.s32 	%rd24, %r56, 4;
	add.s64 	%rd25, %rd23, %rd24;
	ld.global.u32 	%r4, [%rd25];
	ld.global.u32 	%r5, [%rd25+4];
	ld.global.u32 	%r6, [%rd25+8];
	add.s64 	%rd26, %rd22, %rd24;
	ld.global.u32 	%r7, [%rd26];
	ld.global.u32 	%r8, [%rd26+4];
	ld.global.u32 	%r9, [%rd26+8];
	mul.lo.s32 	%r57, %r55, 19;
	mul.wide.s32 	%rd27, %r57, 4;
	add.s64 	%rd28, %rd21, %rd27;
	// begin inline asm
	add.cc.u32 %r1, %r4, %r7;
	addc.cc.u32 %r2, %r5, %r8;
	addc.u32 %r3, %r6, %r9;
	// end inline asm
	st.global.u32 	[%rd28], %r1;
	st.global.u32 	[%rd28+4], %r2;
	st.global.u32 	[%rd28+8], %r3;
	// begin inline asm
	add.cc.s32 %r10, %r4, %r7;
	addc.cc.s32 %r11, %r5, %r8;
	addc.s32 %r12, %r6, %r9;
	// end inline asm
	st.global.u32 	[%rd28+12], %r10;
	st.global.u32 	[%rd28+16], %r11;
	st.global.u32 	[%rd28+20], %r12;
	// begin inline asm
	sub.cc.u32 %r19, %r4, %r7;
	subc.cc.u32 %r20, %r5, %r8;
	subc.u32 %r21, %r6, %r9;
	// end inline asm
	st.global.u32 	[%rd28+24], %r19;
	st.global.u32 	[%rd28+28], %r20;
	st.global.u32 	[%rd28+32], %r21;
	// begin inline asm
	sub.cc.s32 %r28, %r4, %r7;
	subc.cc.s32 %r29, %r5, %r8;
	subc.s32 %r30, %r6, %r9;
	// end inline asm
	st.global.u32 	[%rd28+36], %r28;
	st.global.u32 	[%rd28+40], %r29;
	st.global.u32 	[%rd28+44], %r30;
	// begin inline asm
	{
	mul.lo.u32 %r37, %r4, %r7;
	mul.hi.u32 %r38, %r4, %r7;
	mad.lo.cc.u32 %r38, %r5, %r7, %r38;
	madc.hi.u32 %r39, %r5, %r7, 0;
	mad.lo.cc.u32 %r38, %r4, %r8, %r38;
	madc.hi.cc.u32 %r39, %r4, %r8, %r39;
	addc.u32 %r40, 0, 0;
	mad.lo.cc.u32 %r39, %r5, %r8, %r39;
	madc.hi.u32 %r40, %r5, %r8, %r40;
	}
	// end inline asm
	st.global.u32 	[%rd28+48], %r37;
	st.global.u32 	[%rd28+52], %r38;
	st.global.u32 	[%rd28+56], %r39;
	st.global.u32 	[%rd28+60], %r40;
	// begin inline asm
	mad.lo.cc.s32 %r45, %r4, %r7, %r5;
	madc.hi.cc.s32 %r46, %r4, %r7, %r8;
	madc.lo.s32 %r47, %r4, %r7, %r5;
	// end inline asm
	st.global.u32 	[%rd28+64], %r45;
	st.global.u32 	[%rd28+68], %r46;
	st.global.u32 	[%rd28+72], %r47;
	cvt.u64.u32 	%rd29, %r5;
	cvt.u64.u32 	%rd30, %r4;
	bfi.b64 	%rd3, %rd29, %rd30, 32, 32;
	cvt.u64.u32 	%rd31, %r8;
	cvt.u64.u32 	%rd32, %r7;
	bfi.b64 	%rd4, %rd31, %rd32, 32, 32;
	cvt.u64.u32 	%rd33, %r6;
	cvt.u64.u32 	%rd34, %r9;
	bfi.b64 	%rd5, %rd33, %rd34, 32, 32;
	// begin inline asm
	add.cc.u64 %rd1, %rd3, %rd4;
	addc.u64 %rd2, %rd5, %rd4;
	// end inline asm
	// begin inline asm
	sub.cc.s64 %rd6, %rd3, %rd4;
	subc.s64 %rd7, %rd5, %rd3;
	// end inline asm
	// begin inline asm
	mad.lo.cc.u64 %rd11, %rd3, %rd4, %rd5;
	madc.hi.u64 %rd12, %rd3, %rd4, %rd5;
	// end inline asm
	mul.lo.s32 	%r58, %r55, 6;
	mul.wide.s32 	%rd35, %r58, 8;
	add.s64 	%rd36, %rd20, %rd35;
	st.global.u64 	[%rd36], %rd1;
	st.global.u64 	[%rd36+8], %rd2;
	st.global.u64 	[%rd36+16], %rd6;
	st.global.u64 	[%rd36+24], %rd7;
	st.global.u64 	[%rd36+32], %rd11;
	st.global.u64 	[%rd36+40], %rd12;
	ret;

}
	// .globl	carry_mixed
.visible .entry carry_mixed(
	.param .u32 carry_mixed_param_0,
	.param .u32 carry_mixed_param_1,
	.param .u64 carry_mixed_param_2,
	.param .u64 carry_mixed_param_3
)
{
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<9>;


	ld.param.u32 	%r4, [carry_mixed_param_0];
	ld.param.u32 	%r5, [carry_mixed_param_1];
	ld.param.u64 	%rd1, [carry_mixed_param_2];
	ld.param.u64 	%rd2, [carry_mixed_param_3];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r11, %tid.x;
	mov.u32 	%r12, %ctaid.x;
	mov.u32 	%r13, %ntid.x;
	mad.lo.s32 	%r14, %r12, %r13, %r11;
	mul.wide.s32 	%rd5, %r14, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r3, [%rd6];
	// begin inline asm
	sub.cc.s32 %r1, %r3, %r4;
	subc.s32 %r2, %r5, %r4;
	// end inline asm
	// begin inline asm
	add.cc.s32 %r6, %r3, %r4;
	addc.s32 %r7, %r5, %r4;
	// end inline asm
	shl.b32 	%r15, %r14, 2;
	mul.wide.s32 	%rd7, %r15, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.u32 	[%rd8], %r1;
	st.global.u32 	[%rd8+4], %r2;
	st.global.u32 	[%rd8+8], %r6;
	st.global.u32 	[%rd8+12], %r7;
	ret;

}
	// .globl	carry_uniform
.visible .entry carry_uniform(
	.param .u32 carry_uniform_param_0,
	.param .u32 carry_uniform_param_1,
	.param .u32 carry_uniform_param_2,
	.param .u32 carry_uniform_param_3,
	.param .u64 carry_uniform_param_4,
	.param .u64 carry_uniform_param_5
)
{
	.reg .b32 	%r<17>;
	.reg .b64 	%rd<9>;


	ld.param.u32 	%r4, [carry_uniform_param_0];
	ld.param.u32 	%r5, [carry_uniform_param_1];
	ld.param.u32 	%r6, [carry_uniform_param_2];
	ld.param.u32 	%r7, [carry_uniform_param_3];
	ld.param.u64 	%rd1, [carry_uniform_param_4];
	ld.param.u64 	%rd2, [carry_uniform_param_5];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r12, %tid.x;
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r12;
	// begin inline asm
	sub.cc.s32 %r1, %r4, %r5;
	subc.cc.s32 %r2, %r6, %r7;
	subc.s32 %r3, %r5, %r4;
	// end inline asm
	mul.wide.s32 	%rd5, %r15, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r11, [%rd6];
	// begin inline asm
	sub.cc.s32 %r8, %r4, %r5;
	addc.s32 %r8, %r11, 0;
	// end inline asm
	shl.b32 	%r16, %r15, 2;
	mul.wide.s32 	%rd7, %r16, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.u32 	[%rd8], %r1;
	st.global.u32 	[%rd8+4], %r2;
	st.global.u32 	[%rd8+8], %r3;
	st.global.u32 	[%rd8+12], %r8;
	ret;

}

#endif // end of carry.ptx
