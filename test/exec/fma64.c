/* fma64.c — reference for fma64.ptx: glibc's fma() under
 * fesetround(FE_TONEAREST / FE_TOWARDZERO / FE_DOWNWARD / FE_UPWARD), on
 * hand-picked edge cases (exact results, signed zeros, subnormal results,
 * overflow, products that underflow or overflow while the fma does not)
 * and many random and near-tie operands. */
#include <fenv.h>
#include <float.h>

#include "common.h"

static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

static double
fma_in(int mode, double a, double b, double c)
{
    volatile double va = a, vb = b, vc = c;
    fesetround(mode);
    volatile double r = fma(va, vb, vc);
    fesetround(FE_TONEAREST);
    return r;
}

static double
rnd(void) /* any sign and exponent, mostly ordinary */
{
    uint64_t u = (uint64_t)lcg() << 32 | lcg();
    int k = lcg() % 8;
    if (k < 5) /* exponent within 2^-60 .. 2^60 */
        u = (u & 0x800fffffffffffffull) | (uint64_t)(1023 - 60 + lcg() % 121) << 52;
    double d;
    memcpy(&d, &u, 8);
    return isnan(d) ? 1.5 : d;
}

enum { N = 4096 };

static void
edge_cases(double (*v)[3], int *n)
{
    const double M = DBL_MAX, m = 0x1p-1074;
    const double e[][3] = {
        {3, 5, -15}, {0.0, -1, 0.0}, {0.0, 1, -0.0}, {-0.0, 1, -0.0}, {-0.0, -1, -0.0}, {2, 3, 4},
        {1 + 0x1p-52, 1 + 0x1p-52, -1}, {1 + 0x1p-52, 1 - 0x1p-53, -1}, {0x1p-537, 0x1p-538, 0},
        {0x1p-537, -0x1p-538, 0}, {0x1p-600, 0x1p-600, 0}, {0x1p-600, 0x1p-600, 1}, {0x1p-600, -0x1p-600, 1},
        {0x1p-600, 0x1p-600, -1}, {-0x1p-600, 0x1p-600, -1}, {0x1p-600, 0x1p-600, m}, {0x1p-600, 0x1p-600, -m},
        {0x1p-1000, 0x1p-60, 0x1p-1050}, {0x1.8p-1000, 0x1.4p-60, -0x1p-1060}, {m, 0.5, 0}, {m, 0.5, m},
        {m, 0.75, -m}, {0x1p-1022, 0x1p-1, -0x1p-1023}, {0x1.0000000000001p-1022, 0x1.fffffffffffffp-1, -0x1p-1022},
        {M, 2, 0}, {M, 1, 0x1p970}, {M, 1, 0x1p969}, {M, 1, 0x1p968}, {-M, 1, -0x1p969}, {M, -1, -0x1p970},
        {0x1p600 * (1 + 0x1p-52), 0x1p424, -M}, {0x1p600, 0x1p424, -M}, {0x1.fffffffffffffp600, 0x1p424, -M},
        {-0x1.fffffffffffffp600, 0x1p424, M}, {0x1p600, 0x1p401, m}, {0x1p600, 0x1p401, -m}, {0x1p600, -0x1p401, m},
        {0x1p1023, 0x1p1, -M}, {M, M, -INFINITY}, {INFINITY, 0, 1}, {NAN, 1, 1}, {INFINITY, 1, -INFINITY},
        {INFINITY, 1, 1}, {-INFINITY, 1, 1}, {1e308, 10, -1e309}, {1, 1, 0x1p-60}, {1, 1, -0x1p-60}, {-1, 1, 0x1p-60},
        {0x1p-1074, 0x1p-1074, 1}, {0x1p-1074, -0x1p-1074, -1}, {0x1p-1074, 0x1p-1074, 0}, {0x1p-1074, -0x1p-1074, 0},
        {0x1p-1074, 0x1p-1074, 0x1p-1074}, {0x1p-1074, 0x1p-1074, -0x1p-1074}, {0x1p-1074, 0x1p-1074, 0x1p-900},
        {0x1p-700, 0x1p-700, 0x1p-801}, {0x1p-700, -0x1p-700, 0x1p-799},
    };
    for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
        memcpy(v[(*n)++], e[i], sizeof e[i]);
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "fma64");
    static double in[N][3], out[N][7];
    int n = 0;
    edge_cases(in, &n);
    while (n < N) {
        double a = rnd(), b = rnd(), c = rnd();
        switch (n % 6) {
        case 0: break;
        case 1: c = -(a * b); break;                          /* the product's rounding error is the result */
        case 2: c = -(a * b) * (1 + 0x1p-52 * (lcg() % 5)); break; /* near cancellation */
        case 3: a = ldexp(a, -500), b = ldexp(b, -500), c = ldexp(c, -1000); break; /* subnormal range */
        case 4: c = ldexp(1.0, (int)(lcg() % 100)) * (lcg() & 1 ? 1 : -1) + a * b; break; /* near ties */
        default: a = ldexp(a, 480), b = ldexp(b, 480), c = -(a * b); break; /* huge products */
        }
        in[n][0] = a, in[n][1] = b, in[n][2] = c;
        n++;
    }
    double *pi = &in[0][0], *po = &out[0][0];
    void *p[] = {&pi, &po};
    static const char *names[7] = {"fma_rn", "fma_rz", "fma_rm", "fma_rp", "mad_rz", "mad_rm", "mad_rp"};
    if (launch("launch", "fma64", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p)) {
        for (int k = 0; k < 7; k++) {
            int mode = modes[k < 4 ? k : k - 3], nbad = 0;
            char first[200] = "";
            for (int i = 0; i < N; i++) {
                double w = fma_in(mode, in[i][0], in[i][1], in[i][2]);
                if (!same_float_bits(out[i][k], w) && !nbad++)
                    snprintf(first, sizeof first, "fma(%a, %a, %a) = %a, expected %a", in[i][0], in[i][1], in[i][2],
                             out[i][k], w);
            }
            report(names[k], nbad, first);
        }
    }
    /* uniform operands: the first cases again, one launch each */
    int nbad = 0;
    char first[200] = "";
    for (int i = 0; i < 80; i++) {
        double u[4];
        double *pu = u;
        void *q[] = {&in[i][0], &in[i][1], &in[i][2], &pu};
        if (!launch("uniform", "fma64_uniform", d3(1, 1, 1), d3(32, 1, 1), 0, q))
            break;
        for (int k = 0; k < 4; k++) {
            double w = fma_in(modes[k], in[i][0], in[i][1], in[i][2]);
            if (!same_float_bits(u[k], w) && !nbad++)
                snprintf(first, sizeof first, "mode %d: fma(%a, %a, %a) = %a, expected %a", k, in[i][0], in[i][1],
                         in[i][2], u[k], w);
        }
    }
    report("uniform", nbad, first);
    return finish();
}
#if 0 // test-file fma64.ptx
// fma.f64 and mad.f64 with .rn .rz .rm .rp, varying and uniform operands.
// Hand-written; ptxas -arch=sm_75 accepts it.  Reference: fma64.c.
.version 7.0
.target sm_75
.address_size 64

// in: per thread 3 f64 (a, b, c); out: per thread fma.rn, fma.rz, fma.rm,
// fma.rp, mad.rz, mad.rm, mad.rp of them
.visible .entry fma64(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .f64 %d<12>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.s32 %r1, %r2, %r3, %r1;
	mul.wide.u32 %rd3, %r1, 24;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.f64 %d1, [%rd4];
	ld.global.f64 %d2, [%rd4+8];
	ld.global.f64 %d3, [%rd4+16];
	fma.rn.f64 %d4, %d1, %d2, %d3;
	fma.rz.f64 %d5, %d1, %d2, %d3;
	fma.rm.f64 %d6, %d1, %d2, %d3;
	fma.rp.f64 %d7, %d1, %d2, %d3;
	mad.rz.f64 %d8, %d1, %d2, %d3;
	mad.rm.f64 %d9, %d1, %d2, %d3;
	mad.rp.f64 %d10, %d1, %d2, %d3;
	mul.wide.u32 %rd3, %r1, 56;
	add.s64 %rd5, %rd2, %rd3;
	st.global.f64 [%rd5], %d4;
	st.global.f64 [%rd5+8], %d5;
	st.global.f64 [%rd5+16], %d6;
	st.global.f64 [%rd5+24], %d7;
	st.global.f64 [%rd5+32], %d8;
	st.global.f64 [%rd5+40], %d9;
	st.global.f64 [%rd5+48], %d10;
	ret;
}

// the same with uniform operands (scalar code): out[0..3] = rn rz rm rp
.visible .entry fma64_uniform(.param .f64 a, .param .f64 b, .param .f64 c, .param .u64 out)
{
	.reg .f64 %d<8>;
	.reg .b64 %rd<2>;
	ld.param.f64 %d1, [a];
	ld.param.f64 %d2, [b];
	ld.param.f64 %d3, [c];
	ld.param.u64 %rd1, [out];
	fma.rn.f64 %d4, %d1, %d2, %d3;
	fma.rz.f64 %d5, %d1, %d2, %d3;
	fma.rm.f64 %d6, %d1, %d2, %d3;
	fma.rp.f64 %d7, %d1, %d2, %d3;
	st.global.f64 [%rd1], %d4;
	st.global.f64 [%rd1+8], %d5;
	st.global.f64 [%rd1+16], %d6;
	st.global.f64 [%rd1+24], %d7;
	ret;
}
#endif // end of fma64.ptx
