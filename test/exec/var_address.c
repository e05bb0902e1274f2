/* Variables of every state space as addresses with offsets, and their
 * addresses taken by mov (var_address.ptx): each word a thread writes,
 * computed in C from the PTX by hand. */
#include "common.h"

int main(int argc, char **argv)
{
    setup(argc, argv, "var_address");
    enum { T = 32 };
    static uint32_t in[8 * T], out[16 * T];
    for (int i = 0; i < 8 * T; i++)
        in[i] = lcg();
    struct { uint64_t a; uint32_t b, c; } s = {0x1122334455667788ull, 0xcafef00du, 7};
    uint32_t *pi = in, *po = out;
    void *p[] = {&pi, &po, &s};
    if (!launch("var_address", "var_address", d3(1, 1, 1), d3(T, 1, 1), 0, p))
        return finish();
    uint32_t g[8 * T], x[8 * T];
    int n = 0;
    for (int t = 0; t < T; t++)
        for (int k = 0; k < 8; k++, n++) {
            g[n] = out[16 * t + k];
            x[n] = in[8 * t + k];
        }
    CHECK_INT("cp.async.smem_buf", g, x, n);
    const struct { const char *name; int word; } cases[] = {
        {"ld.shared.smem_buf+off", 8}, {"local_x+4.and.mov", 9}, {"gvar+8.cvar+4", 10}, {"mov.gvar", 11},
        {"mov.svar", 12}, {"param+8", 13}, {"svar+4", 14},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int w = cases[c].word;
        n = 0;
        for (int t = 0; t < T; t++) {
            uint32_t want;
            switch (w) {
            case 8: want = in[16 + 1] + in[16 + 5]; break;
            case 9: want = (uint32_t)(t + 1000 + t); break;
            case 10: want = 33 + 200; break;
            case 11: want = 44; break;
            case 12: if (t == T - 1) continue; want = 3u * (uint32_t)(t + 1); break; /* svar[32] is never written */
            case 13: want = s.b; break;
            default: want = 0 + 3; break;
            }
            g[n] = out[16 * t + w];
            x[n++] = want;
        }
        CHECK_INT(cases[c].name, g, x, n);
    }
    return finish();
}
