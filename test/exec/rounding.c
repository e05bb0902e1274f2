/* Every rounding-mode intrinsic; references computed in C by exact means:
 * the operation under fesetround on volatile operands (IEEE correctly
 * rounds + * / sqrt and conversions in every mode). */
#include "common.h"
#include <fenv.h>
#pragma STDC FENV_ACCESS ON
static float op(int k, float x, float y, double d, int iv, long long lv, int mode)
{
    volatile float vx = x, vy = y, r; volatile double vd = d; volatile int vi = iv; volatile long long vl = lv;
    fesetround(mode);
    switch (k) {
    case 0: r = vx + vy; break;
    case 1: r = vx * vy; break;
    case 2: r = vx / vy; break;
    case 3: r = sqrtf(fabsf(vx)); break;
    case 4: r = (float)vd; break;
    case 5: r = (float)vi; break;
    default: r = (float)vl; break;
    }
    fesetround(FE_TONEAREST);
    return r;
}
static int f2i(float x, int mode)
{
    /* cvt.rni/rzi/rmi/rpi.s32.f32: round in float, saturate, NaN -> 0 */
    if (isnan(x)) return 0;
    double r = mode == 0 ? nearbyint(x) : mode == 1 ? trunc(x) : mode == 2 ? floor(x) : ceil(x);
    if (r >= 2147483647.0) return INT32_MAX;
    if (r <= -2147483648.0) return INT32_MIN;
    return (int)r;
}
int main(int argc, char **argv)
{
    setup(argc, argv, "rounding");
    int n = 512;
    float *a = malloc(n * 4), *b = malloc(n * 4), *of = malloc(14 * n * 4), *ef = malloc(14 * n * 4);
    double *d = malloc(n * 8); int *iv = malloc(n * 4), *oi = malloc(4 * n * 4), *ei = malloc(4 * n * 4); long long *lv = malloc(n * 8);
    for (int i = 0; i < n; i++) {
        uint32_t u = lcg(); int e = (int)(lcg() % 60) - 30;
        a[i] = ldexpf((float)(int)(u >> 8) / (float)(1 << 23) - 1.0f, e) * ((u & 1) ? -1 : 1);
        b[i] = ldexpf(1.0f + (float)(lcg() >> 9) / (float)(1 << 23), (int)(lcg() % 20) - 10) * ((lcg() & 1) ? -1 : 1);
        d[i] = ((double)lcg() * 4294967296.0 + lcg()) / 18446744073709551616.0 * ldexp(1.0, (int)(lcg() % 40) - 20) * ((lcg() & 1) ? -1 : 1);
        iv[i] = (int)lcg();
        lv[i] = (long long)(((uint64_t)lcg() << 32) | lcg()) >> (lcg() % 40);
    }
    /* halfway and saturating cases for float2int */
    float sp[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 3e9f, -3e9f, NAN, INFINITY, -INFINITY, 2147483520.0f, -2147483648.0f, 0.0f, -0.0f};
    for (int k = 0; k < 15; k++) a[k] = sp[k];
    iv[0] = INT32_MAX; iv[1] = INT32_MIN; iv[2] = 16777217; iv[3] = -16777217;
    for (int i = 0; i < n; i++) {
        for (int m = 0; m < 4; m++) ei[4*i+m] = f2i(a[i], m);
        float *e = ef + 14 * i;
        e[0] = op(0, a[i], b[i], 0, 0, 0, FE_TOWARDZERO); e[1] = op(0, a[i], b[i], 0, 0, 0, FE_DOWNWARD); e[2] = op(0, a[i], b[i], 0, 0, 0, FE_UPWARD);
        e[3] = op(1, a[i], b[i], 0, 0, 0, FE_DOWNWARD); e[4] = op(2, a[i], b[i], 0, 0, 0, FE_UPWARD); e[5] = op(3, a[i], 0, 0, 0, 0, FE_DOWNWARD);
        e[6] = op(4, 0, 0, d[i], 0, 0, FE_TOWARDZERO); e[7] = op(4, 0, 0, d[i], 0, 0, FE_DOWNWARD); e[8] = op(4, 0, 0, d[i], 0, 0, FE_UPWARD);
        e[9] = op(5, 0, 0, 0, iv[i], 0, FE_TOWARDZERO); e[10] = op(5, 0, 0, 0, iv[i], 0, FE_DOWNWARD); e[11] = op(5, 0, 0, 0, iv[i], 0, FE_UPWARD);
        e[12] = op(6, 0, 0, 0, 0, lv[i], FE_DOWNWARD); e[13] = op(1, a[i], b[i], 0, 0, 0, FE_TONEAREST);
    }
    void *p[] = {&n, &a, &b, &d, &iv, &lv, &of, &oi};
    if (!launch("rnd", "rnd", d3(4, 1, 1), d3(128, 1, 1), 0, p)) return finish();
    const char *in[4] = {"float2int_rn", "float2int_rz", "float2int_rd", "float2int_ru"};
    int *gi = malloc(n * 4), *xi = malloc(n * 4); float *gf = malloc(n * 4), *xf = malloc(n * 4);
    for (int m = 0; m < 4; m++) { for (int i = 0; i < n; i++) { gi[i] = oi[4*i+m]; xi[i] = ei[4*i+m]; } CHECK_INT(in[m], gi, xi, n); }
    const char *fn[14] = {"fadd_rz", "fadd_rd", "fadd_ru", "fmul_rd", "fdiv_ru", "fsqrt_rd", "double2float_rz", "double2float_rd",
                          "double2float_ru", "int2float_rz", "int2float_rd", "int2float_ru", "ll2float_rd", "fmul_rn"};
    for (int m = 0; m < 14; m++) { for (int i = 0; i < n; i++) { gf[i] = of[14*i+m]; xf[i] = ef[14*i+m]; } CHECK_EXACT(fn[m], gf, xf, n); }
    return finish();
}
