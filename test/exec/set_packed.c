/* set_packed.c — reference for set_packed.ptx: halves decoded by their
 * bit layout, the comparisons by their definitions in the PTX ISA
 * (ordered ones false on NaN, unordered ones true), 1.0 of the destination
 * type or all ones for an integer destination, per half. */
#include "common.h"

static double
h2d(uint16_t h, int bf)
{
    int man = bf ? 7 : 10, eb = bf ? 8 : 5, bias = bf ? 127 : 15;
    int e = (h >> man) & ((1 << eb) - 1), m = h & ((1 << man) - 1);
    double v = e == 0 ? ldexp(m, 1 - bias - man) : e == (1 << eb) - 1 ? (m ? NAN : INFINITY) : ldexp(m | 1 << man, e - bias - man);
    return (h & 0x8000) ? -v : v;
}

static uint16_t
flush(uint16_t h, int bf) /* .ftz: a subnormal is a zero */
{
    return (h & (bf ? 0x7f80 : 0x7c00)) == 0 ? h & 0x8000 : h;
}

enum { EQ, NE, LT, LE, GT, GE, EQU, NEU, LTU, LEU, GTU, GEU, NUM, NAN_ };

static int
cmp(int k, double x, double y)
{
    int un = isnan(x) || isnan(y);
    switch (k) {
    case EQ: return !un && x == y;
    case NE: return !un && x != y;
    case LT: return !un && x < y;
    case LE: return !un && x <= y;
    case GT: return !un && x > y;
    case GE: return !un && x >= y;
    case EQU: return un || x == y;
    case NEU: return un || x != y;
    case LTU: return un || x < y;
    case LEU: return un || x <= y;
    case GTU: return un || x > y;
    case GEU: return un || x >= y;
    case NUM: return !un;
    default: return un;
    }
}

/* per half of a, b: the comparison k (bf: bf16 halves), combined with p by
 * op (0 none, 1 and, 2 or, 3 xor), as `one` or 0 in each half */
static uint32_t
packed(uint32_t a, uint32_t b, int k, int bf, int ftz, int op, int p, uint32_t one)
{
    uint32_t r = 0;
    for (int h = 0; h < 2; h++) {
        uint16_t x = (uint16_t)(a >> 16 * h), y = (uint16_t)(b >> 16 * h);
        if (ftz)
            x = flush(x, bf), y = flush(y, bf);
        int t = cmp(k, h2d(x, bf), h2d(y, bf));
        t = op == 1 ? t && p : op == 2 ? t || p : op == 3 ? t != p : t;
        r |= t ? one << 16 * h : 0;
    }
    return r;
}

enum { T = 128, NOUT = 68 };

int
main(int argc, char **argv)
{
    setup(argc, argv, "set_packed");
    static const uint16_t f16[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x3c01, 0x7bff};
    static const uint16_t bf[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0x3f81, 0x7f7f};
    enum { K = 11 };
    static uint32_t in[4 * T], out[NOUT * T];
    for (uint32_t t = 0; t < T; t++) {
        uint32_t i = t % K, j = (t / K) % K, i2 = lcg() % K, j2 = lcg() % K;
        in[4 * t] = f16[i] | (uint32_t)f16[i2] << 16;
        in[4 * t + 1] = f16[j] | (uint32_t)f16[j2] << 16;
        in[4 * t + 2] = bf[i] | (uint32_t)bf[i2] << 16;
        in[4 * t + 3] = bf[j] | (uint32_t)bf[j2] << 16;
    }
    uint32_t *pi = in, *po = out;
    void *params[] = {&pi, &po};
    static const char *cn[14] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
    static const char *dn[4] = {"f16x2_f16x2", "u32_f16x2", "bf16x2_bf16x2", "s32_bf16x2"};
    static const char *xn[12] = {"lt_ftz_f16x2_f16x2", "eq_and_f16x2_f16x2", "ne_or_not_u32_bf16x2", "gt_xor_s32_f16x2",
                                 "ltu_ftz_u32_f16x2", "lt_f16_f16", "geu_u32_f16", "le_ftz_s32_f16",
                                 "le_bf16_bf16", "nan_u16_bf16", "gt_f16_f32", "neu_and_bf16_f32"};
    if (!launch("launch", "set_packed", d3(1, 1, 1), d3(T, 1, 1), 0, params))
        return finish();
    for (int o = 0; o < NOUT; o++) {
        int nbad = 0;
        char first[200] = "";
        for (uint32_t t = 0; t < T; t++) {
            uint32_t fa = in[4 * t], fb = in[4 * t + 1], ba = in[4 * t + 2], bb = in[4 * t + 3], w;
            int p = t & 1;
            double x16 = h2d((uint16_t)fa, 0), y16 = h2d((uint16_t)fb, 0), xb = h2d((uint16_t)ba, 1), yb = h2d((uint16_t)bb, 1);
            if (o < 56) {
                int form = o / 14, k = o % 14, isbf = form >= 2;
                uint32_t one = form == 0 ? 0x3c00 : form == 2 ? 0x3f80 : 0xffff;
                w = packed(isbf ? ba : fa, isbf ? bb : fb, k, isbf, 0, 0, 0, one);
            } else {
                switch (o) {
                case 56: w = packed(fa, fb, LT, 0, 1, 0, 0, 0x3c00); break;
                case 57: w = packed(fa, fb, EQ, 0, 0, 1, p, 0x3c00); break;
                case 58: w = packed(ba, bb, NE, 1, 0, 2, !p, 0xffff); break;
                case 59: w = packed(fa, fb, GT, 0, 0, 3, p, 0xffff); break;
                case 60: w = packed(fa, fb, LTU, 0, 1, 0, 0, 0xffff); break;
                case 61: w = cmp(LT, x16, y16) ? 0x3c00 : 0; break;
                case 62: w = cmp(GEU, x16, y16) ? 0xffffffff : 0; break;
                case 63: w = cmp(LE, h2d(flush((uint16_t)fa, 0), 0), h2d(flush((uint16_t)fb, 0), 0)) ? 0xffffffff : 0; break;
                case 64: w = cmp(LE, xb, yb) ? 0x3f80 : 0; break;
                case 65: w = cmp(NAN_, xb, yb) ? 0xffff : 0; break;
                case 66: w = cmp(GT, x16, y16) ? 0x3c00 : 0; break;
                default: w = cmp(NEU, x16, y16) && p ? 0x3f80 : 0; break;
                }
            }
            if (out[NOUT * t + o] != w && !nbad++)
                snprintf(first, sizeof first, "thread %u: a 0x%08x b 0x%08x (bf16 0x%08x 0x%08x): got 0x%08x expected 0x%08x",
                         t, fa, fb, ba, bb, out[NOUT * t + o], w);
        }
        char name[64];
        if (o < 56)
            snprintf(name, sizeof name, "%s_%s", cn[o % 14], dn[o / 14]);
        else
            snprintf(name, sizeof name, "%s", xn[o - 56]);
        report(name, nbad, first);
    }
    return finish();
}
#if 0 // test-file set_packed.ptx
// set with packed and scalar half types: every comparison into f16x2,
// u32, bf16x2 and s32 destinations, .ftz, the boolean forms, and scalar
// f16/bf16 sources and destinations.  Hand-written (the lines were
// generated by listing the forms); ptxas -arch=sm_90 accepts it.
// Reference: set_packed.c.
.version 7.8
.target sm_90
.address_size 64

// in: per lane 4 u32: f16x2 a, b, bf16x2 a, b; out: per lane 68 u32
.visible .entry set_packed(.param .u64 in, .param .u64 out)
{
	.reg .b16 %h<7>;
	.reg .b32 %r<12>;
	.reg .f32 %f<3>;
	.reg .pred %p<2>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r9, %r1, 1;
	setp.ne.u32 %p1, %r9, 0;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.b32 %r2, [%rd4];
	ld.global.b32 %r3, [%rd4+4];
	ld.global.b32 %r4, [%rd4+8];
	ld.global.b32 %r5, [%rd4+12];
	mov.b32 {%h1, %h6}, %r2;
	mov.b32 {%h2, %h6}, %r3;
	mov.b32 {%h3, %h6}, %r4;
	mov.b32 {%h4, %h6}, %r5;
	cvt.f32.f16 %f1, %h1;
	cvt.f32.f16 %f2, %h2;
	mul.wide.u32 %rd3, %r1, 272;
	add.s64 %rd5, %rd2, %rd3;
	set.eq.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+0], %r10;
	set.ne.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+4], %r10;
	set.lt.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+8], %r10;
	set.le.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+12], %r10;
	set.gt.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+16], %r10;
	set.ge.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+20], %r10;
	set.equ.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+24], %r10;
	set.neu.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+28], %r10;
	set.ltu.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+32], %r10;
	set.leu.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+36], %r10;
	set.gtu.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+40], %r10;
	set.geu.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+44], %r10;
	set.num.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+48], %r10;
	set.nan.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+52], %r10;
	set.eq.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+56], %r10;
	set.ne.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+60], %r10;
	set.lt.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+64], %r10;
	set.le.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+68], %r10;
	set.gt.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+72], %r10;
	set.ge.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+76], %r10;
	set.equ.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+80], %r10;
	set.neu.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+84], %r10;
	set.ltu.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+88], %r10;
	set.leu.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+92], %r10;
	set.gtu.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+96], %r10;
	set.geu.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+100], %r10;
	set.num.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+104], %r10;
	set.nan.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+108], %r10;
	set.eq.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+112], %r10;
	set.ne.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+116], %r10;
	set.lt.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+120], %r10;
	set.le.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+124], %r10;
	set.gt.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+128], %r10;
	set.ge.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+132], %r10;
	set.equ.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+136], %r10;
	set.neu.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+140], %r10;
	set.ltu.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+144], %r10;
	set.leu.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+148], %r10;
	set.gtu.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+152], %r10;
	set.geu.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+156], %r10;
	set.num.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+160], %r10;
	set.nan.bf16x2.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+164], %r10;
	set.eq.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+168], %r10;
	set.ne.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+172], %r10;
	set.lt.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+176], %r10;
	set.le.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+180], %r10;
	set.gt.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+184], %r10;
	set.ge.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+188], %r10;
	set.equ.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+192], %r10;
	set.neu.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+196], %r10;
	set.ltu.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+200], %r10;
	set.leu.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+204], %r10;
	set.gtu.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+208], %r10;
	set.geu.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+212], %r10;
	set.num.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+216], %r10;
	set.nan.s32.bf16x2 %r10, %r4, %r5;
	st.global.b32 [%rd5+220], %r10;
	set.lt.ftz.f16x2.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+224], %r10;
	set.eq.and.f16x2.f16x2 %r10, %r2, %r3, %p1;
	st.global.b32 [%rd5+228], %r10;
	set.ne.or.u32.bf16x2 %r10, %r4, %r5, !%p1;
	st.global.b32 [%rd5+232], %r10;
	set.gt.xor.s32.f16x2 %r10, %r2, %r3, %p1;
	st.global.b32 [%rd5+236], %r10;
	set.ltu.ftz.u32.f16x2 %r10, %r2, %r3;
	st.global.b32 [%rd5+240], %r10;
	set.lt.f16.f16 %h5, %h1, %h2;
	cvt.u32.u16 %r10, %h5;
	st.global.b32 [%rd5+244], %r10;
	set.geu.u32.f16 %r10, %h1, %h2;
	st.global.b32 [%rd5+248], %r10;
	set.le.ftz.s32.f16 %r10, %h1, %h2;
	st.global.b32 [%rd5+252], %r10;
	set.le.bf16.bf16 %h5, %h3, %h4;
	cvt.u32.u16 %r10, %h5;
	st.global.b32 [%rd5+256], %r10;
	set.nan.u16.bf16 %h5, %h3, %h4;
	cvt.u32.u16 %r10, %h5;
	st.global.b32 [%rd5+260], %r10;
	set.gt.f16.f32 %h5, %f1, %f2;
	cvt.u32.u16 %r10, %h5;
	st.global.b32 [%rd5+264], %r10;
	set.neu.and.bf16.f32 %h5, %f1, %f2, %p1;
	cvt.u32.u16 %r10, %h5;
	st.global.b32 [%rd5+268], %r10;
	ret;
}
#endif // end of set_packed.ptx
