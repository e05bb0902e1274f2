/* The WMMA API (wmma.cu): f16 inputs, m16n16k16.  The fragments' layout
 * is the translator's own (PTX leaves it unspecified), so only what the
 * API promises is checked: D in memory against a plain C matrix multiply.
 * Small integers make every result exact. */
#include "common.h"

static uint16_t f2h(int x) /* |x| < 2048 */
{
    if (x == 0) return 0;
    uint16_t s = x < 0 ? 0x8000 : 0;
    int e;
    double m = frexp(fabs((double)x), &e);
    return (uint16_t)(s | (uint16_t)((e + 14) << 10) | (uint16_t)((m * 2 - 1) * 1024));
}
static double h2f(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
    return (h & 0x8000) ? -v : v;
}
static int small(void) { return (int)(lcg() % 9) - 4; }

int main(int argc, char **argv)
{
    setup(argc, argv, "wmma");
    enum { K = 48, LDA = 56, LDB = 48, LDC = 20 };
    static uint16_t a[16 * LDA], b[16 * LDB], a2[256], b2[256], d2[256];
    static int A[16][K], B[K][16], C[16][16];
    static float c[16 * LDC], d[16 * LDC];
    static double got[256], exp[256];
    for (int m = 0; m < 16; m++)
        for (int k = 0; k < K; k++) a[m * LDA + k] = f2h(A[m][k] = small());
    for (int k = 0; k < K; k++)
        for (int n = 0; n < 16; n++) b[n * LDB + k] = f2h(B[k][n] = small());
    for (int m = 0; m < 16; m++)
        for (int n = 0; n < 16; n++) c[m * LDC + n] = (float)(C[m][n] = (int)(lcg() % 201) - 100);
    uint16_t *pa = a, *pb = b;
    float *pc = c, *pd = d;
    int k = K, lda = LDA, ldb = LDB, ldc = LDC;
    void *p1[] = {&pa, &pb, &pc, &pd, &k, &lda, &ldb, &ldc};
    if (launch("f32_k48_layouts", "wmma_f32", d3(1, 1, 1), d3(32, 1, 1), 0, p1)) {
        for (int m = 0; m < 16; m++)
            for (int n = 0; n < 16; n++) {
                int s = C[m][n];
                for (int kk = 0; kk < K; kk++) s += A[m][kk] * B[kk][n];
                exp[m * 16 + n] = 2.0 * s;
                got[m * 16 + n] = d[n * LDC + m];
            }
        CHECK_EXACT("f32_k48_layouts", got, exp, 256);
    }
    /* f16: A col-major, B row-major, C = 1 */
    for (int m = 0; m < 16; m++)
        for (int kk = 0; kk < 16; kk++) a2[kk * 16 + m] = f2h(A[m][kk] = small());
    for (int kk = 0; kk < 16; kk++)
        for (int n = 0; n < 16; n++) b2[kk * 16 + n] = f2h(B[kk][n] = small());
    pa = a2, pb = b2;
    uint16_t *pd2 = d2;
    void *p2[] = {&pa, &pb, &pd2};
    if (launch("f16_shared", "wmma_f16", d3(1, 1, 1), d3(32, 1, 1), 0, p2)) {
        for (int m = 0; m < 16; m++)
            for (int n = 0; n < 16; n++) {
                int s = 1;
                for (int kk = 0; kk < 16; kk++) s += A[m][kk] * B[kk][n];
                exp[m * 16 + n] = s;
                got[m * 16 + n] = h2f(d2[m * 16 + n]);
            }
        CHECK_EXACT("f16_shared", got, exp, 256);
    }
    return finish();
}
