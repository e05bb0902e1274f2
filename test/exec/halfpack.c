/* cvt f32 -> f16, bf16 (single and packed pairs) with .rz, .relu and
 * .satfinite (halfpack.ptx).  Reference: narrow_ref.h's ieee_round (the
 * value scaled by its quantum, rounded to an integer and scaled back) and
 * ieee_bits (the bit layout). */
#include <fenv.h>

#include "common.h"
#include "narrow_ref.h"

enum { N = 4096 };

/* The 16 bits of the result; NaN is reported as 0xffff (any NaN). */
static unsigned ref16(double x, int bf16, int rz, int relu, int satfinite)
{
    int eb = bf16 ? 8 : 5, mb = bf16 ? 7 : 10;
    if (isnan(x))
        return relu ? 0x7fff : 0xffff;
    double r = (double)ieee_round(x, eb, mb, rz, satfinite);
    if (relu && signbit(r))
        r = 0.0;
    return ieee_bits(r, eb, mb);
}

/* Any NaN as 0xffff, but with .relu only the canonical 0x7fff is right. */
static unsigned any_nan16(unsigned h, int bf16, int relu)
{
    unsigned exp_all = bf16 ? 0x7f80 : 0x7c00;
    return !relu && (h & exp_all) == exp_all && (h & (bf16 ? 0x7f : 0x3ff)) ? 0xffff : h;
}

int main(int argc, char **argv)
{
    setup(argc, argv, "halfpack");
    fesetround(FE_TONEAREST);
    static float a[N], b[N];
    static uint32_t o[12 * N];
    int n = 0;
    /* around the f16 and bf16 grids: ties, off-ties, the top and the bottom */
    for (int k = 0; k < 400; k++) {
        uint32_t u = lcg();
        float f16ish = ldexpf((float)(1024 + (u & 1023)) + 0.5f * (float)((u >> 10) % 3), (int)((u >> 12) % 46) - 36);
        a[n++] = u >> 31 ? -f16ish : f16ish;
        uint32_t bits = (lcg() & 0xffff0000u) | ((u >> 13) % 3 == 0 ? 0x8000u : lcg() & 0xffffu);
        memcpy(&a[n++], &bits, 4);
    }
    float sp[] = {65504.0f, 65519.0f, 65520.0f, 65536.0f, -65520.0f, 1e30f, -1e30f, INFINITY, -INFINITY, NAN,
                  0.0f, -0.0f, 5.9604645e-8f, 2.9802322e-8f, 2.98023259e-8f, -1e-10f, 3.4028235e38f, -3.39e38f,
                  1e-39f, -1e-45f};
    for (size_t k = 0; k < sizeof sp / sizeof sp[0]; k++)
        a[n++] = sp[k];
    while (n < N) {
        uint32_t bits = lcg();
        memcpy(&a[n++], &bits, 4);
    }
    for (int i = 0; i < N; i++)
        b[i] = a[(i * 2741 + 1) % N];
    int nn = N;
    float *pa = a, *pb = b;
    uint32_t *po = o;
    void *p[] = {&nn, &pa, &pb, &po};
    if (!launch("halfpack", "halfpack", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p))
        return finish();
    /* form: bf16, rz, relu, satfinite, pair */
    static const struct { const char *name; int bf16, rz, relu, sf, pair; } forms[] = {
        {"rz.f16x2", 0, 1, 0, 0, 1}, {"rn.relu.satfinite.f16x2", 0, 0, 1, 1, 1},
        {"rz.relu.satfinite.f16x2", 0, 1, 1, 1, 1}, {"rz.bf16x2", 1, 1, 0, 0, 1},
        {"rn.satfinite.bf16x2", 1, 0, 0, 1, 1}, {"rz.relu.bf16x2", 1, 1, 1, 0, 1},
        {"rn.relu.satfinite.f16", 0, 0, 1, 1, 0}, {"rz.satfinite.bf16", 1, 1, 0, 1, 0},
        {"rn.satfinite.relu.bf16", 1, 0, 1, 1, 0}, {"rz.relu.f16", 0, 1, 1, 0, 0},
        {"rn.satfinite.f16", 0, 0, 0, 1, 0}, {"rn.relu.bf16", 1, 0, 1, 0, 0},
    };
    for (int k = 0; k < 12; k++) {
        int nb = 0;
        char m[200] = "";
        for (int i = 0; i < N; i++) {
            unsigned hi = ref16(a[i], forms[k].bf16, forms[k].rz, forms[k].relu, forms[k].sf);
            unsigned lo = ref16(b[i], forms[k].bf16, forms[k].rz, forms[k].relu, forms[k].sf);
            unsigned exp = forms[k].pair ? hi << 16 | lo : hi, got = o[12 * i + k];
            int bf = forms[k].bf16, r = forms[k].relu;
            unsigned g = forms[k].pair ? any_nan16(got >> 16, bf, r) << 16 | any_nan16(got & 0xffff, bf, r)
                                       : any_nan16(got & 0xffff, bf, r);
            if (g != exp && !nb++)
                snprintf(m, sizeof m, "(%a, %a): got 0x%08x expected 0x%08x", a[i], b[i], got, exp);
        }
        report(forms[k].name, nb, m);
    }
    return finish();
}
