/* ldmatrix.sync.aligned.m8n8.b16 (ldmatrix.cu).  Matrix i row r is the row
 * whose address lane 8 i + r gives: input row 8 i + r.  Per the PTX ISA,
 * lane l receives in register i the elements (l / 4, 2 (l % 4)) and
 * (l / 4, 2 (l % 4) + 1) of matrix i, the first in the low half; with
 * .trans, the elements (2 (l % 4), l / 4) and (2 (l % 4) + 1, l / 4). */
#include "common.h"

static uint16_t in[32 * 8];

static uint16_t f2h(int x) /* |x| < 2048 */
{
    if (x == 0) return 0;
    int e;
    double m = frexp(fabs((double)x), &e);
    return (uint16_t)((x < 0 ? 0x8000 : 0) | (e + 14) << 10 | (int)((m * 2 - 1) * 1024));
}

static uint32_t elem(int i, int r, int c) { return in[(8 * i + r) * 8 + c]; }

static uint32_t expect(int i, int lane, int trans)
{
    int g = lane / 4, t = lane % 4;
    if (trans) return elem(i, 2 * t, g) | elem(i, 2 * t + 1, g) << 16;
    return elem(i, g, 2 * t) | elem(i, g, 2 * t + 1) << 16;
}

static void check(const char *cas, const uint32_t *out, int first, int num, int trans)
{
    uint32_t got[4 * 32], exp[4 * 32];
    for (int i = 0; i < num; i++)
        for (int l = 0; l < 32; l++) {
            got[i * 32 + l] = out[(first + i) * 32 + l];
            exp[i * 32 + l] = expect(i, l, trans);
        }
    CHECK_INT(cas, got, exp, num * 32);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "ldmatrix");
    uint32_t out[18 * 32];
    for (int i = 0; i < 32 * 8; i++) in[i] = (uint16_t)lcg();
    memset(out, 0, sizeof out);
    uint16_t *pin = in;
    uint32_t *pout = out;
    void *params[] = {&pin, &pout};
    if (launch("all", "ldm", d3(1, 1, 1), d3(32, 1, 1), 0, params)) {
        check("x1_shared", out, 0, 1, 0);
        check("x2_shared", out, 1, 2, 0);
        check("x4_shared", out, 3, 4, 0);
        check("x4_trans_shared", out, 7, 4, 1);
        check("x2_trans_shared_cta", out, 11, 2, 1);
        check("x1_trans_generic", out, 13, 1, 1);
        check("x4_generic", out, 14, 4, 0);
    }
    /* ldmatrix feeding mma: a matrix multiply of small integers, exact */
    static uint16_t a[256], bt[128];
    static int A[16][16], Bt[8][16];
    float d[128], exp[128];
    for (int i = 0; i < 16; i++)
        for (int k = 0; k < 16; k++) { A[i][k] = (int)(lcg() % 9) - 4; a[i * 16 + k] = f2h(A[i][k]); }
    for (int j = 0; j < 8; j++)
        for (int k = 0; k < 16; k++) { Bt[j][k] = (int)(lcg() % 9) - 4; bt[j * 16 + k] = f2h(Bt[j][k]); }
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 8; j++) {
            int s = 0;
            for (int k = 0; k < 16; k++) s += A[i][k] * Bt[j][k];
            exp[i * 8 + j] = (float)s;
        }
    uint16_t *pa = a, *pb = bt;
    float *pd = d;
    void *p2[] = {&pa, &pb, &pd};
    if (launch("feeds_mma", "ldm_mma", d3(1, 1, 1), d3(32, 1, 1), 0, p2))
        CHECK_EXACT("feeds_mma", d, exp, 128);
    return finish();
}
