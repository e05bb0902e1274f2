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
#if 0 // test-file mma_edge.ptx
// Hand-written: mma.sync with uniform B and C registers (scalars that the
// lowering splats), D written over C, D apart from C, and under a per-lane
// guard (lanes 16..31 off: their D registers keep their values).
// Validated with ptxas -arch=sm_80.
.version 8.0
.target sm_80
.address_size 64

.visible .entry mma_edge(.param .u64 pa, .param .u64 pd)
{
	.reg .pred %p;
	.reg .b32 %r<8>;
	.reg .f32 %f<13>;
	.reg .b64 %rd<6>;

	ld.param.u64 %rd1, [pa];
	ld.param.u64 %rd2, [pd];
	mov.u32 %r0, %laneid;
	mul.wide.u32 %rd3, %r0, 4;
	add.u64 %rd4, %rd1, %rd3;
	ld.global.u32 %r1, [%rd4];
	ld.global.u32 %r2, [%rd4+128];
	ld.global.u32 %r3, [%rd4+256];
	ld.global.u32 %r4, [%rd4+384];
	mov.b32 %r5, 0x3C003C00;
	mov.f32 %f1, 0f40000000;
	mov.f32 %f2, 0f40000000;
	mov.f32 %f3, 0f40000000;
	mov.f32 %f4, 0f40000000;
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r5}, {%f1,%f2,%f3,%f4};
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f5,%f6,%f7,%f8}, {%r1,%r2,%r3,%r4}, {%r5,%r5}, {%f1,%f2,%f3,%f4};
	mov.f32 %f9, 0fBF800000;
	mov.f32 %f10, 0fBF800000;
	mov.f32 %f11, 0fBF800000;
	mov.f32 %f12, 0fBF800000;
	setp.lt.u32 %p, %r0, 16;
	@%p mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f9,%f10,%f11,%f12}, {%r1,%r2,%r3,%r4}, {%r5,%r5}, {%f1,%f2,%f3,%f4};
	add.u64 %rd5, %rd2, %rd3;
	st.global.f32 [%rd5], %f1;
	st.global.f32 [%rd5+128], %f2;
	st.global.f32 [%rd5+256], %f3;
	st.global.f32 [%rd5+384], %f4;
	st.global.f32 [%rd5+512], %f5;
	st.global.f32 [%rd5+640], %f6;
	st.global.f32 [%rd5+768], %f7;
	st.global.f32 [%rd5+896], %f8;
	st.global.f32 [%rd5+1024], %f9;
	st.global.f32 [%rd5+1152], %f10;
	st.global.f32 [%rd5+1280], %f11;
	st.global.f32 [%rd5+1408], %f12;
	ret;
}
#endif // end of mma_edge.ptx
