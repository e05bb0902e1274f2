/* atom_half.c — reference for atom_half.cu (and, with SM90 defined, for
 * atom_half90.cu): each add rounded to nearest even in its format (f16
 * through the compiler's _Float16, bf16 from its bit layout); a counter of
 * 1.0 adds stops at 256 in bf16, whose 8-bit significand rounds 256 + 1
 * back to 256 (a tie, to even). */
#include "common.h"

#ifndef SM90
#define NAME "atom_half"
#else
#define NAME "atom_half90"
#endif

static uint16_t
f2h(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t b;
    memcpy(&b, &h, 2);
    return b;
}

static float
h2f(uint16_t b)
{
    _Float16 h;
    memcpy(&h, &b, 2);
    return (float)h;
}

static uint16_t
f2bf(float f) /* round to nearest even; finite values */
{
    uint32_t x;
    memcpy(&x, &f, 4);
    return (uint16_t)((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

static float
bf2f(uint16_t b)
{
    uint32_t x = (uint32_t)b << 16;
    float f;
    memcpy(&f, &x, 4);
    return f;
}

int
main(int argc, char **argv)
{
    setup(argc, argv, NAME);
    enum { N = 1000 };
    static float v[N];
    static uint16_t h[N], b[N], eh[N], eb[N];
    static uint32_t h2[N], b2[N], eh2[N], eb2[N];
    uint16_t hc = 0, bc = 0;
    float f2[8][2] = {{0}}, f4[4][4] = {{0}};
    for (int i = 0; i < N; i++) {
        v[i] = (float)((int)(lcg() % 20001) - 10000) / 997.0f;
        h[i] = f2h((float)((int)(lcg() % 2001) - 1000) / 37.0f);
        b[i] = f2bf((float)((int)(lcg() % 2001) - 1000) / 37.0f);
        h2[i] = lcg() & 0x3bff3bff; /* finite halves of magnitude < 1 */
        b2[i] = lcg() & 0x3f7f3f7f;
        float x = v[i];
        eh[i] = f2h(h2f(h[i]) + h2f(f2h(x)));
        eb[i] = f2bf(bf2f(b[i]) + bf2f(f2bf(x)));
        eh2[i] = f2h(h2f((uint16_t)h2[i]) + h2f(f2h(x))) |
                 (uint32_t)f2h(h2f((uint16_t)(h2[i] >> 16)) + h2f(f2h(-0.5f * x))) << 16;
        eb2[i] = f2bf(bf2f((uint16_t)b2[i]) + bf2f(f2bf(x))) |
                 (uint32_t)f2bf(bf2f((uint16_t)(b2[i] >> 16)) + bf2f(f2bf(2.0f * x))) << 16;
    }
    int n = N;
    float *pv = v, *pf2 = &f2[0][0], *pf4 = &f4[0][0];
    uint16_t *ph = h, *pb = b, *phc = &hc, *pbc = &bc;
    uint32_t *ph2 = h2, *pb2 = b2;
    void *params[] = {&n, &pv, &ph, &pb, &ph2, &pb2, &phc, &pbc, &pf2, &pf4};
    if (launch("add", "atom_half", d3((N + 127) / 128, 1, 1), d3(128, 1, 1), 0, params)) {
        CHECK_INT("f16_rounding", h, eh, N);
        CHECK_INT("bf16_rounding", b, eb, N);
        CHECK_INT("f16x2_rounding", h2, eh2, N);
        CHECK_INT("bf16x2_rounding", b2, eb2, N);
        uint16_t counters[2] = {hc, bc}, want[2] = {f2h((float)N), f2bf(256.0f)};
        CHECK_INT("counters", counters, want, 2);
#ifdef SM90
        float ef2[8][2], ef4[4][4];
        for (int i = 0; i < 8; i++)
            ef2[i][0] = N / 8, ef2[i][1] = 2 * (N / 8);
        for (int i = 0; i < 4; i++)
            ef4[i][0] = N / 4, ef4[i][1] = 0.5f * (N / 4), ef4[i][2] = 0.25f * (N / 4), ef4[i][3] = 4.0f * (N / 4);
        CHECK_EXACT("v2_f32", &f2[0][0], &ef2[0][0], 16);
        CHECK_EXACT("v4_f32", &f4[0][0], &ef4[0][0], 16);
#endif
    }
    return finish();
}
