/* fp8 conversions as nvcc emits them for cuda_fp8.h (fp8_nv.cu, sm_89):
 * float2 and half2 to e4m3x2/e5m2x2 and back, against narrow_ref.h. */
#include "common.h"
#include "narrow_ref.h"

static float fbits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

int main(int argc, char **argv)
{
    setup(argc, argv, "fp8_nv");
    enum { N = 4096 };
    static float a[N], b[N];
    static uint32_t h[N];
    static uint16_t o[4 * N];
    int n = nf_probe_values(&NF_E4M3, a, N / 2);
    n += nf_probe_values(&NF_E5M2, a + n, N - n);
    float sp[] = {INFINITY, -INFINITY, NAN, 1e9f, -1e9f, 0.0f, -0.0f, 1e-30f};
    for (size_t k = 0; k < sizeof sp / sizeof sp[0]; k++)
        a[n++] = sp[k];
    while (n < N)
        a[n++] = fbits((lcg() & 0x80000000u) | ((lcg() % 60 + 97) << 23) | (lcg() & 0x7fffff));
    for (int i = 0; i < N; i++) {
        b[i] = a[(i * 1237 + 5) % N];
        h[i] = lcg();
        if (i < 64) /* f16 infinities and NaNs */
            h[i] = (i & 1 ? 0x7c00u : 0xfc01u) | (uint32_t)(i * 977) << 16;
    }
    int nn = N;
    float *pa = a, *pb = b;
    uint32_t *ph = h;
    uint16_t *po = o;
    void *p[] = {&nn, &pa, &pb, &ph, &po};
    if (!launch("to_fp8", "to_fp8", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p))
        return finish();
    const NFmt *fs[] = {&NF_E4M3, &NF_E5M2};
    for (int k = 0; k < 2; k++) {
        int nb = 0, nb2 = 0;
        char m[200] = "", m2[200] = "", cas[64];
        for (int i = 0; i < N; i++) {
            unsigned e = nf_encode(fs[k], a[i], 0) << 8 | nf_encode(fs[k], b[i], 0);
            if (o[4 * i + k] != e && !nb++)
                snprintf(m, sizeof m, "(%a, %a): got 0x%04x expected 0x%04x", a[i], b[i], o[4 * i + k], e);
            e = nf_encode(fs[k], ieee_value(h[i] >> 16, 5, 10), 0) << 8 | nf_encode(fs[k], ieee_value(h[i] & 0xffff, 5, 10), 0);
            if (o[4 * i + 2 + k] != e && !nb2++)
                snprintf(m2, sizeof m2, "0x%08x: got 0x%04x expected 0x%04x", h[i], o[4 * i + 2 + k], e);
        }
        snprintf(cas, sizeof cas, "float2_to_%sx2", fs[k]->name);
        report(cas, nb, m);
        snprintf(cas, sizeof cas, "halfraw2_to_%sx2", fs[k]->name);
        report(cas, nb2, m2);
    }
    /* every code pair back to half2 */
    int nc = 65536;
    uint16_t *c = malloc(2 * (size_t)nc);
    uint32_t *r = malloc(8 * (size_t)nc);
    for (int i = 0; i < nc; i++)
        c[i] = (uint16_t)i;
    void *q[] = {&nc, &c, &r};
    if (launch("from_fp8", "from_fp8", d3((unsigned)nc / 256, 1, 1), d3(256, 1, 1), 0, q))
        for (int k = 0; k < 2; k++) {
            int nb = 0;
            char m[200] = "", cas[64];
            for (int i = 0; i < nc; i++) {
                unsigned e = nf_to_f16(fs[k], (unsigned)i >> 8, 0) << 16 | nf_to_f16(fs[k], (unsigned)i & 0xff, 0);
                if (r[2 * i + k] != e && !nb++)
                    snprintf(m, sizeof m, "0x%04x: got 0x%08x expected 0x%08x", i, r[2 * i + k], e);
            }
            snprintf(cas, sizeof cas, "%sx2_to_halfraw2", fs[k]->name);
            report(cas, nb, m);
        }
    free(c);
    free(r);
    return finish();
}
