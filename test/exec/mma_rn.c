/* mma_rn.c — reference for mma_rn.ptx: mma.sync.aligned.m8n8k4.rn.f64
 * (PTX ISA, "mma": .rn is the default rounding of the .f64 forms), D =
 * A B + C with small integers and quarters, so every product and sum is
 * exact whatever the rounding. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "mma_rn");
    /* D = A B + C, A 8x4 (row), B 4x8 (col), C and D 8x8 */
    double a[32], b[32], c[64], d[64], e[64];
    for (int i = 0; i < 32; i++) {
        a[i] = (double)((int)(lcg() % 17) - 8);
        b[i] = (double)((int)(lcg() % 17) - 8);
    }
    for (int i = 0; i < 64; i++)
        c[i] = (double)((int)(lcg() % 101) - 50) * 0.25;
    for (int m = 0; m < 8; m++)
        for (int n = 0; n < 8; n++) {
            double s = c[8 * m + n];
            for (int k = 0; k < 4; k++)
                s += a[4 * m + k] * b[8 * k + n];
            e[8 * m + n] = s;
        }
    double *pa = a, *pb = b, *pcc = c, *pdd = d;
    void *q[] = {&pa, &pb, &pcc, &pdd};
    if (launch("mma_rn", "mma_rn_f64", d3(1, 1, 1), d3(32, 1, 1), 0, q))
        CHECK_EXACT("mma_rn_f64", d, e, 64);
    return finish();
}
#if 0 // test-file mma_rn.ptx
// mma .rn on .f64.  Hand-written; ptxas -arch=sm_80 accepts it.
// Reference: mma_rn.c.
.version 7.0
.target sm_80
.address_size 64

// one warp: d = a b + c with mma.sync.aligned.m8n8k4.row.col.rn.f64
// (a: A[g][t], b: B[t][g], c and d: C[g][2t + i], g = lane / 4, t = lane % 4)
.visible .entry mma_rn_f64(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<16>;
	.reg .f64 %fd<8>;
	ld.param.u64 %rd1, [a];
	ld.param.u64 %rd2, [b];
	ld.param.u64 %rd3, [c];
	ld.param.u64 %rd4, [d];
	mov.u32 %r1, %laneid;
	shr.u32 %r2, %r1, 2;
	and.b32 %r3, %r1, 3;
	mad.lo.u32 %r4, %r2, 4, %r3;
	mul.wide.u32 %rd5, %r4, 8;
	add.s64 %rd6, %rd1, %rd5;
	ld.global.f64 %fd1, [%rd6];
	mad.lo.u32 %r5, %r3, 8, %r2;
	mul.wide.u32 %rd7, %r5, 8;
	add.s64 %rd8, %rd2, %rd7;
	ld.global.f64 %fd2, [%rd8];
	mad.lo.u32 %r6, %r2, 8, %r3;
	add.u32 %r6, %r6, %r3;
	mul.wide.u32 %rd9, %r6, 8;
	add.s64 %rd10, %rd3, %rd9;
	ld.global.f64 %fd3, [%rd10];
	ld.global.f64 %fd4, [%rd10+8];
	mma.sync.aligned.m8n8k4.row.col.rn.f64.f64.f64.f64 {%fd5, %fd6}, {%fd1}, {%fd2}, {%fd3, %fd4};
	add.s64 %rd11, %rd4, %rd9;
	st.global.f64 [%rd11], %fd5;
	st.global.f64 [%rd11+8], %fd6;
	ret;
}
#endif // end of mma_rn.ptx
