/* mma_rn.c — reference for mma_rn.ptx: mma.sync.aligned.m8n8k4.f64 with
 * each rounding modifier (PTX ISA, "mma": .rn, the default, .rz, .rm, .rp
 * for .f64).  Small integers and quarters: every product and sum is exact,
 * so all four give A B + C.  Random values: each element is C plus the
 * products in k order, each step one fma rounded in the mode (the order
 * docs/lowering.md documents; the ISA fixes none), computed here with the
 * C library's fma under fesetround. */
#include <fenv.h>

#include "common.h"

static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
static const char *names[4] = {"rn", "rz", "rm", "rp"};

/* e[64 r + 8 m + n]: the chain of fmas rounded in mode r */
static void
reference(const double *a, const double *b, const double *c, double *e)
{
    for (int r = 0; r < 4; r++) {
        fesetround(modes[r]);
        for (int m = 0; m < 8; m++)
            for (int n = 0; n < 8; n++) {
                volatile double s = c[8 * m + n];
                for (int k = 0; k < 4; k++) {
                    volatile double x = a[4 * m + k], y = b[8 * k + n];
                    s = fma(x, y, s);
                }
                e[64 * r + 8 * m + n] = s;
            }
        fesetround(FE_TONEAREST);
    }
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "mma_rn");
    double a[32], b[32], c[64], d[256], e[256];
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 32; i++) {
            a[i] = round ? ((double)lcg() / 4294967296.0 - 0.5) * 3.0 : (int)(lcg() % 17) - 8;
            b[i] = round ? ((double)lcg() / 4294967296.0 - 0.5) / 7.0 : (int)(lcg() % 17) - 8;
        }
        for (int i = 0; i < 64; i++)
            c[i] = round ? (double)lcg() / 4294967296.0 - 0.5 : ((int)(lcg() % 101) - 50) * 0.25;
        reference(a, b, c, e);
        double *pa = a, *pb = b, *pc = c, *pd = d;
        void *q[] = {&pa, &pb, &pc, &pd};
        const char *cas = round ? "f64_rounded" : "f64_exact";
        if (!launch(cas, "mma_rn_f64", d3(1, 1, 1), d3(32, 1, 1), 0, q))
            continue;
        for (int r = 0; r < 4; r++) {
            char name[32];
            snprintf(name, sizeof name, "%s_%s", cas, names[r]);
            CHECK_EXACT(name, d + 64 * r, e + 64 * r, 64);
        }
        /* the random values do round: the modes differ somewhere */
        int differ = 0;
        for (int i = 0; i < 64; i++)
            differ += e[64 + i] != e[192 + i];
        if (round)
            report("f64_rounded_modes_differ", differ == 0, "rz and rp agree everywhere");
    }
    return finish();
}
#if 0 // test-file mma_rn.ptx
// mma on .f64 with each rounding modifier.  Hand-written; ptxas
// -arch=sm_80 accepts it.
// Reference: mma_rn.c.
.version 7.0
.target sm_80
.address_size 64

// one warp: d[64 r + i] = a b + c with mma.sync.aligned.m8n8k4.row.col.f64
// rounded .rn (r = 0), .rz (1), .rm (2), .rp (3)
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
	add.s64 %rd11, %rd4, %rd9;
	mma.sync.aligned.m8n8k4.row.col.rn.f64.f64.f64.f64 {%fd5, %fd6}, {%fd1}, {%fd2}, {%fd3, %fd4};
	st.global.f64 [%rd11], %fd5;
	st.global.f64 [%rd11+8], %fd6;
	mma.sync.aligned.m8n8k4.row.col.rz.f64.f64.f64.f64 {%fd5, %fd6}, {%fd1}, {%fd2}, {%fd3, %fd4};
	st.global.f64 [%rd11+512], %fd5;
	st.global.f64 [%rd11+520], %fd6;
	mma.sync.aligned.m8n8k4.row.col.rm.f64.f64.f64.f64 {%fd5, %fd6}, {%fd1}, {%fd2}, {%fd3, %fd4};
	st.global.f64 [%rd11+1024], %fd5;
	st.global.f64 [%rd11+1032], %fd6;
	mma.sync.aligned.m8n8k4.row.col.rp.f64.f64.f64.f64 {%fd5, %fd6}, {%fd1}, {%fd2}, {%fd3, %fd4};
	st.global.f64 [%rd11+1536], %fd5;
	st.global.f64 [%rd11+1544], %fd6;
	ret;
}
#endif // end of mma_rn.ptx
