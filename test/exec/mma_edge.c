/* mma_edge.ptx (hand-written): mma.m16n8k16 f32.f16 with B = all ones and
 * C = 2 from uniform registers, so D[i][j] = 2 + the sum of row i of A;
 * then D2 = D + that sum again; then the same under a guard that turns
 * lanes 16..31 off, whose registers keep -1.  The A and C/D fragment
 * layouts are the PTX ISA's tables for m16n8k16 with f16 inputs. */
#include "common.h"

static uint16_t f2h(int x) /* |x| < 2048 */
{
    if (x == 0) return 0;
    int e;
    double m = frexp(fabs((double)x), &e);
    return (uint16_t)((x < 0 ? 0x8000 : 0) | (e + 14) << 10 | (int)((m * 2 - 1) * 1024));
}

int main(int argc, char **argv)
{
    setup(argc, argv, "mma_edge");
    int A[16][16], rowsum[16] = {0};
    uint32_t a[4 * 32] = {0};
    float d[12 * 32];
    for (int i = 0; i < 16; i++)
        for (int k = 0; k < 16; k++) rowsum[i] += A[i][k] = (int)(lcg() % 9) - 4;
    for (int lane = 0; lane < 32; lane++)
        for (int i = 0; i < 8; i++) {
            int g = lane >> 2, t = lane % 4;
            int row = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8, col = t * 2 + (i & 1) + (i >= 4 ? 8 : 0);
            a[(i / 2) * 32 + lane] |= (uint32_t)f2h(A[row][col]) << (16 * (i % 2));
        }
    uint32_t *pa = a;
    float *pd = d;
    void *params[] = {&pa, &pd};
    if (!launch("all", "mma_edge", d3(1, 1, 1), d3(32, 1, 1), 0, params)) return finish();
    float exp[3][4 * 32], got[3][4 * 32];
    for (int lane = 0; lane < 32; lane++)
        for (int i = 0; i < 4; i++) {
            int row = i < 2 ? lane >> 2 : (lane >> 2) + 8; /* C/D: c0, c1 row groupID; c2, c3 + 8 */
            exp[0][i * 32 + lane] = (float)(2 + rowsum[row]);
            exp[1][i * 32 + lane] = (float)(2 + 2 * rowsum[row]);
            exp[2][i * 32 + lane] = lane < 16 ? (float)(2 + 2 * rowsum[row]) : -1.0f;
            for (int s = 0; s < 3; s++) got[s][i * 32 + lane] = d[(s * 4 + i) * 32 + lane];
        }
    CHECK_EXACT("uniform_b_c_in_place", got[0], exp[0], 128);
    CHECK_EXACT("uniform_b_c", got[1], exp[1], 128);
    CHECK_EXACT("guarded_half_warp", got[2], exp[2], 128);
    return finish();
}
