/* ldmatrix .trans into registers split into .b16 halves and packed again
 * (ldmatrix_b16.cu).  Matrix i row r is the row whose address lane 8 i + r
 * gives (input row 8 i + r); with .trans, lane l receives in register i
 * the elements (2 (l % 4), l / 4) and (2 (l % 4) + 1, l / 4) of matrix i,
 * the first in the low half (PTX ISA, ldmatrix). */
#include "common.h"

static uint16_t in[4 * 64];

static uint32_t elem(int i, int r, int c) { return in[(8 * i + r) * 8 + c]; }

int main(int argc, char **argv)
{
    setup(argc, argv, "ldmatrix_b16");
    for (int k = 0; k < 4 * 64; k++)
        in[k] = (uint16_t)(lcg() >> 16);
    static uint32_t out[12 * 32], e[12 * 32];
    for (int i = 0; i < 4; i++)
        for (int l = 0; l < 32; l++) {
            uint32_t lo = elem(i, 2 * (l % 4), l / 4), hi = elem(i, 2 * (l % 4) + 1, l / 4);
            e[(3 * i) * 32 + l] = lo | hi << 16;
            e[(3 * i + 1) * 32 + l] = hi | lo << 16;
            e[(3 * i + 2) * 32 + l] = (lo * 3 + hi) & 0xffff;
        }
    uint16_t *pi = in;
    uint32_t *po = out;
    void *p[] = {&pi, &po};
    if (launch("ldm_b16", "ldm_b16", d3(1, 1, 1), d3(32, 1, 1), 0, p)) {
        const char *names[] = {"trans", "pack", "halves"};
        for (int c = 0; c < 3; c++) {
            uint32_t g[4 * 32], x[4 * 32];
            for (int i = 0; i < 4; i++)
                for (int l = 0; l < 32; l++) {
                    g[i * 32 + l] = out[(3 * i + c) * 32 + l];
                    x[i * 32 + l] = e[(3 * i + c) * 32 + l];
                }
            CHECK_INT(names[c], g, x, 4 * 32);
        }
    }
    return finish();
}
