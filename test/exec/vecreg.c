/* Vector registers (vecreg.ptx): every word each thread writes, from the
 * 16 input bytes of that thread, computed in C. */
#include "common.h"

int main(int argc, char **argv)
{
    setup(argc, argv, "vecreg");
    enum { T = 64 };
    static unsigned char in[16 * T];
    static uint32_t out[32 * T], e[32 * T];
    for (int i = 0; i < 16 * T; i++)
        in[i] = (unsigned char)(lcg() >> 24);
    for (int i = 3; i < 16 * T; i += 4) /* finite floats of moderate size */
        in[i] = (unsigned char)(0x3c + (in[i] & 7));
    for (int t = 0; t < T; t++) {
        const unsigned char *b = in + 16 * t;
        uint32_t *x = e + 32 * t;
        uint32_t w[4];
        float f[4];
        memcpy(w, b, 16);
        memcpy(f, b, 16);
        for (int k = 0; k < 4; k++)
            x[k] = w[3 - k];
        volatile float y = f[1] * f[2]; /* mul, add, sub: each rounded to float */
        volatile float s = y + f[0];
        float r = s - f[3];
        memcpy(&x[4], &r, 4);
        for (int k = 0; k < 4; k++)
            x[8 + k] = w[(k + 1) % 4];
        x[12] = w[3];
        x[13] = w[2];
        x[14] = w[2];
        x[15] = w[3];
        x[16] = w[0];
        x[17] = w[1];
        double d[2];
        memcpy(d, b, 16);
        d[1] += 1.0;
        memcpy(&x[18], &d[1], 8);
        memcpy(&x[20], &d[0], 8);
        uint16_t h[4], hr[4];
        memcpy(h, b, 8);
        for (int k = 0; k < 4; k++)
            hr[k] = h[3 - k];
        memcpy(&x[22], hr, 8);
        uint16_t h2[2];
        memcpy(h2, b + 4, 4);
        x[24] = (uint32_t)h2[1] | (uint32_t)h2[0] << 16;
        x[25] = (uint32_t)b[12] + b[13] + b[14] + b[15];
        x[26] = w[1];
        x[27] = w[0];
    }
    unsigned char *pi = in;
    uint32_t *po = out;
    void *p[] = {&pi, &po};
    if (launch("vecreg", "vecreg", d3(1, 1, 1), d3(T, 1, 1), 0, p)) {
        const struct { const char *name; int lo, hi; } cases[] = {
            {"v4.f32.rgba", 0, 4}, {"v4.f32.elements", 4, 5}, {"mov.v4.u32", 8, 12}, {"v2.s32", 12, 14},
            {"v2.u64", 14, 18}, {"v2.f64", 18, 22}, {"v4.u16", 22, 24}, {"v2.b16.pack", 24, 25},
            {"v4.u8", 25, 26}, {"v2.u32.unpack", 26, 28},
        };
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            uint32_t g[8 * T], x[8 * T];
            int n = 0;
            for (int t = 0; t < T; t++)
                for (int k = cases[c].lo; k < cases[c].hi; k++, n++) {
                    g[n] = out[32 * t + k];
                    x[n] = e[32 * t + k];
                }
            CHECK_INT(cases[c].name, g, x, n);
        }
    }
    return finish();
}
