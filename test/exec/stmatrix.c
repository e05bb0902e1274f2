/* stmatrix.sync.aligned.m8n8.b16 (stmatrix.cu).  Matrix i row r goes to the
 * row whose address lane 8 i + r gives: output row 8 i + r.  Per the PTX
 * ISA, register i of lane l holds the elements (l / 4, 2 (l % 4)) and
 * (l / 4, 2 (l % 4) + 1) of matrix i, the first in the low half; with
 * .trans, the elements (2 (l % 4), l / 4) and (2 (l % 4) + 1, l / 4). */
#include "common.h"

int main(int argc, char **argv)
{
    static const struct { const char *name; int num, trans; } cases[] = {
        {"x1_shared", 1, 0}, {"x2_trans_shared", 2, 1}, {"x4_shared_cta", 4, 0}, {"x4_trans_shared", 4, 1},
    };
    setup(argc, argv, "stmatrix");
    uint32_t in[16 * 32];
    uint16_t out[4 * 256];
    for (int i = 0; i < 16 * 32; i++) in[i] = lcg();
    memset(out, 0, sizeof out);
    uint32_t *pin = in;
    uint16_t *pout = out;
    void *params[] = {&pin, &pout};
    if (!launch("all", "stm", d3(1, 1, 1), d3(32, 1, 1), 0, params)) return finish();
    for (int k = 0; k < 4; k++) {
        uint16_t exp[256];
        memset(exp, 0xff, sizeof exp);
        for (int i = 0; i < cases[k].num; i++)
            for (int l = 0; l < 32; l++) {
                uint32_t w = in[(k * 4 + i) * 32 + l];
                int g = l / 4, t = l % 4;
                for (int h = 0; h < 2; h++) {
                    int r = cases[k].trans ? 2 * t + h : g, c = cases[k].trans ? g : 2 * t + h;
                    exp[(8 * i + r) * 8 + c] = (uint16_t)(w >> (16 * h));
                }
            }
        CHECK_INT(cases[k].name, out + k * 256, exp, 256);
    }
    return finish();
}
