/* cvt to and from the narrow float formats (narrowcvt.ptx, hand-written):
 * every result against narrow_ref.h, which decodes every code of a
 * format from its bit layout and rounds by searching them all. */
#include "common.h"
#include "narrow_ref.h"

enum { NV = 6000 };

static float g_a[NV], g_b[NV];

static float fbits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* f32 pairs: every format's probe values, specials, randoms; a[i] and
 * b[i] differ so the packing order shows. */
static int make_inputs(void)
{
    static const NFmt *fs[] = {&NF_E4M3, &NF_E5M2, &NF_E2M3, &NF_E3M2, &NF_E2M1};
    int n = 0;
    for (int k = 0; k < 5; k++)
        n += nf_probe_values(fs[k], g_a + n, NV / 2 - n);
    float sp[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1e30f, -1e30f, 448.0f, 464.0f, 480.0f, -480.0f,
                  57344.0f, 61440.0f, 61439.0f, 65536.0f, 7.0f, 6.5f, 8.0f, 28.0f, 30.0f, 32.0f, 1e-40f, -1e-45f,
                  fbits(0x00400000), fbits(0x00400001), fbits(0x003fffff), fbits(0x7f000000), fbits(0x7f000001),
                  fbits(0x7f7fffff), fbits(0x00800000), fbits(0x3f800001), 0.75f, 1.5f, 3.0f};
    for (size_t k = 0; k < sizeof sp / sizeof sp[0]; k++)
        g_a[n++] = sp[k];
    while (n < NV) /* random f32 across the exponent range */
        g_a[n++] = fbits((lcg() & 0x80000000u) | ((lcg() % 200 + 27) << 23) | (lcg() & 0x7fffff));
    for (int i = 0; i < NV; i++)
        g_b[i] = g_a[(i * 7919 + 13) % NV];
    return NV;
}

static void check_f32(void)
{
    int n = make_inputs();
    uint16_t *o = calloc((size_t)n * 16, 2);
    float *pa = g_a, *pb = g_b;
    void *p[] = {&n, &pa, &pb, &o};
    if (!launch("f32", "nf_f32", d3((unsigned)(n + 127) / 128, 1, 1), d3(128, 1, 1), 0, p))
        return;
    static const NFmt *fs[] = {&NF_E4M3, &NF_E5M2, &NF_E2M3, &NF_E3M2, &NF_E2M1};
    for (int k = 0; k < 5; k++)
        for (int relu = 0; relu < 2; relu++) {
            int nb = 0, step = k == 4 ? 4 : 8;
            char m[200] = "", cas[64];
            for (int i = 0; i < n; i++) {
                unsigned exp = nf_encode(fs[k], g_a[i], relu) << step | nf_encode(fs[k], g_b[i], relu);
                unsigned got = o[16 * i + 2 * k + relu];
                if (got != exp && !nb++)
                    snprintf(m, sizeof m, "(%a, %a): got 0x%04x expected 0x%04x", g_a[i], g_b[i], got, exp);
            }
            snprintf(cas, sizeof cas, "%sx2.f32%s", fs[k]->name, relu ? ".relu" : "");
            report(cas, nb, m);
        }
    for (int up = 0; up < 2; up++)
        for (int sf = 0; sf < 2; sf++) {
            int nb = 0;
            char m[200] = "", cas[64];
            for (int i = 0; i < n; i++) {
                unsigned exp = ue8m0_encode_ref(g_a[i], up, sf) << 8 | ue8m0_encode_ref(g_b[i], up, sf);
                unsigned got = o[16 * i + 10 + 2 * up + sf];
                if (got != exp && !nb++)
                    snprintf(m, sizeof m, "(%a, %a): got 0x%04x expected 0x%04x", g_a[i], g_b[i], got, exp);
            }
            snprintf(cas, sizeof cas, "%s%s.ue8m0x2.f32", up ? "rp" : "rz", sf ? ".satfinite" : "");
            report(cas, nb, m);
        }
    free(o);
}

/* f16x2 and bf16x2 sources: every 16-bit pattern in each half. */
static void check_x2(void)
{
    int n = 65536;
    uint32_t *h = malloc((size_t)n * 4);
    uint16_t *o = calloc((size_t)n * 16, 2);
    for (int i = 0; i < n; i++)
        h[i] = (uint32_t)i | (uint32_t)(65535 - i) << 16;
    void *p[] = {&n, &h, &o};
    if (!launch("x2", "nf_x2", d3((unsigned)n / 256, 1, 1), d3(256, 1, 1), 0, p))
        return;
    static const NFmt *fs[] = {&NF_E4M3, &NF_E5M2, &NF_E2M1};
    for (int k = 0; k < 3; k++)
        for (int relu = 0; relu < 2; relu++) {
            int nb = 0, step = k == 2 ? 4 : 8;
            char m[200] = "", cas[64];
            for (int i = 0; i < n; i++) {
                double hi = ieee_value(h[i] >> 16, 5, 10), lo = ieee_value(h[i] & 0xffff, 5, 10);
                unsigned exp = nf_encode(fs[k], hi, relu) << step | nf_encode(fs[k], lo, relu);
                unsigned got = o[16 * i + 2 * k + relu];
                if (got != exp && !nb++)
                    snprintf(m, sizeof m, "0x%08x: got 0x%04x expected 0x%04x", h[i], got, exp);
            }
            snprintf(cas, sizeof cas, "%sx2.f16x2%s", fs[k]->name, relu ? ".relu" : "");
            report(cas, nb, m);
        }
    for (int up = 0; up < 2; up++)
        for (int sf = 0; sf < 2; sf++) {
            int nb = 0;
            char m[200] = "", cas[64];
            for (int i = 0; i < n; i++) {
                double hi = ieee_value(h[i] >> 16, 8, 7), lo = ieee_value(h[i] & 0xffff, 8, 7);
                unsigned exp = ue8m0_encode_ref(hi, up, sf) << 8 | ue8m0_encode_ref(lo, up, sf);
                unsigned got = o[16 * i + 6 + 2 * up + sf];
                if (got != exp && !nb++)
                    snprintf(m, sizeof m, "0x%08x: got 0x%04x expected 0x%04x", h[i], got, exp);
            }
            snprintf(cas, sizeof cas, "%s%s.ue8m0x2.bf16x2", up ? "rp" : "rz", sf ? ".satfinite" : "");
            report(cas, nb, m);
        }
    free(h);
    free(o);
}

/* To f16x2 (bf16x2): every 16-bit code pair (the fp6 ones with their top
 * two bits clear; e2m1x2 reads the low byte). */
static void check_dec(void)
{
    int n = 65536;
    uint16_t *c = malloc((size_t)n * 2);
    uint32_t *o = calloc((size_t)n * 12, 4);
    for (int i = 0; i < n; i++)
        c[i] = (uint16_t)i;
    void *p[] = {&n, &c, &o};
    if (!launch("dec", "nf_dec", d3((unsigned)n / 256, 1, 1), d3(256, 1, 1), 0, p))
        return;
    static const NFmt *fs[] = {&NF_E4M3, &NF_E5M2, &NF_E2M3, &NF_E3M2, &NF_E2M1};
    for (int k = 0; k < 5; k++)
        for (int relu = 0; relu < 2; relu++) {
            int nb = 0, bits = nf_bits(fs[k]);
            char m[200] = "", cas[64];
            for (int i = 0; i < n; i++) {
                unsigned hi = (unsigned)i >> 8, lo = (unsigned)i & 0xff;
                if (k == 4)
                    hi = lo >> 4, lo &= 0xf;
                else if ((hi | lo) >> bits)
                    continue; /* fp6 in a byte: the top two bits clear */
                unsigned exp = nf_to_f16(fs[k], hi, relu) << 16 | nf_to_f16(fs[k], lo, relu);
                unsigned got = o[12 * i + 2 * k + relu];
                if (got != exp && !nb++)
                    snprintf(m, sizeof m, "0x%04x: got 0x%08x expected 0x%08x", i, got, exp);
            }
            snprintf(cas, sizeof cas, "f16x2.%sx2%s", fs[k]->name, relu ? ".relu" : "");
            report(cas, nb, m);
        }
    int nb = 0;
    char m[200] = "";
    for (int i = 0; i < n; i++) {
        unsigned hi = (unsigned)i >> 8, lo = (unsigned)i & 0xff;
        unsigned eh = hi == 255 ? 0x7fff : ieee_bits(ldexp(1.0, (int)hi - 127), 8, 7);
        unsigned el = lo == 255 ? 0x7fff : ieee_bits(ldexp(1.0, (int)lo - 127), 8, 7);
        if (o[12 * i + 10] != (eh << 16 | el) && !nb++)
            snprintf(m, sizeof m, "0x%04x: got 0x%08x expected 0x%08x", i, o[12 * i + 10], eh << 16 | el);
    }
    report("bf16x2.ue8m0x2", nb, m);
    free(c);
    free(o);
}

/* Uniform sources (kernel parameters): the scalar path. */
static void check_uniform(void)
{
    float a = -300.0f, b = 0.3f;
    uint32_t h = 0x4600bc00u; /* f16x2 {6.0, -1.0} */
    uint16_t o[8] = {0};
    uint16_t *po = o;
    void *p[] = {&a, &b, &h, &po};
    if (!launch("uniform", "nf_uni", d3(1, 1, 1), d3(64, 1, 1), 0, p))
        return;
    unsigned e4 = nf_encode(&NF_E4M3, a, 0) << 8 | nf_encode(&NF_E4M3, b, 0);
    uint16_t exp[8] = {
        (uint16_t)e4,
        (uint16_t)(nf_encode(&NF_E2M3, a, 1) << 8 | nf_encode(&NF_E2M3, b, 1)),
        (uint16_t)(nf_encode(&NF_E2M1, 6.0, 0) << 4 | nf_encode(&NF_E2M1, -1.0, 0)),
        (uint16_t)(ue8m0_encode_ref(a, 1, 1) << 8 | ue8m0_encode_ref(b, 1, 1)),
    };
    unsigned f = nf_to_f16(&NF_E5M2, e4 >> 8, 0) << 16 | nf_to_f16(&NF_E5M2, e4 & 0xff, 0);
    exp[4] = (uint16_t)f, exp[5] = (uint16_t)(f >> 16);
    unsigned u = exp[3];
    unsigned bf = ieee_bits(ldexp(1.0, (int)(u >> 8) - 127), 8, 7) << 16 | ieee_bits(ldexp(1.0, (int)(u & 0xff) - 127), 8, 7);
    exp[6] = (uint16_t)bf, exp[7] = (uint16_t)(bf >> 16);
    CHECK_INT("uniform", o, exp, 8);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "narrowcvt");
    check_f32();
    check_x2();
    check_dec();
    check_uniform();
    return finish();
}
