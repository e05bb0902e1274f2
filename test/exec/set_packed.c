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
