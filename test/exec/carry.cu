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
