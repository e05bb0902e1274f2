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
