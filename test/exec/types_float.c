/* types_float.c — reference for types_float.cu.  Integer arithmetic wraps
 * at the type's width (C's conversion rules); float results are IEEE
 * single operations in round-to-nearest, and directed roundings are
 * computed with fesetround, each compared bit for bit. */
#define _GNU_SOURCE
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

#pragma STDC FENV_ACCESS ON
/* GCC ignores FENV_ACCESS: without -frounding-math it may move an operation
 * across fesetround.  The directed-rounding references get it per function. */
#define ROUNDING __attribute__((noinline, optimize("rounding-math")))

static int failed;
static p2n_module *mod;
static uint32_t seed = 12345;

static uint32_t
lcg(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed;
}

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/types_float/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static int
launch(const char *k, int n, void **p)
{
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){(unsigned)(n + 63) / 64, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    if (r != P2N_SUCCESS)
        report(k, 0, p2n_error_message());
    return r == P2N_SUCCESS;
}

enum { N = 200 };

/* integer sums and products wrap (in C, through uint64_t: no signed overflow) */
#define WRAP(op, x, y) _Generic((x), float: (x) op (y), double: (x) op (y), default: (uint64_t)(x) op (uint64_t)(y))
#define TEST_VEC(T, NAME)                                                                                   \
    do {                                                                                                  \
        T a[N], b[N], s[N], pr[N], mx[N];                                                                 \
        for (int i = 0; i < N; i++)                                                                       \
            a[i] = (T)lcg(), b[i] = (T)(lcg() >> (i % 7));                                                \
        T *pa = a, *pb = b, *ps = s, *pp = pr, *pm = mx;                                                  \
        int n = N;                                                                                        \
        void *p[] = {&pa, &pb, &ps, &pp, &pm, &n};                                                        \
        if (launch(#NAME, N, p)) {                                                                        \
            int ok = 1;                                                                                   \
            char d[128] = "";                                                                             \
            for (int i = 0; ok && i < N; i++) {                                                           \
                T ws = (T)WRAP(+, a[i], b[i]), wp = (T)WRAP(*, a[i], b[i]), wm = a[i] > b[i] ? a[i] : b[i]; \
                ok = memcmp(&s[i], &ws, sizeof ws) == 0 && memcmp(&pr[i], &wp, sizeof wp) == 0 &&         \
                     memcmp(&mx[i], &wm, sizeof wm) == 0;                                                 \
                if (!ok)                                                                                  \
                    snprintf(d, sizeof d, "element %d", i);                                               \
            }                                                                                             \
            report(#NAME, ok, d);                                                                         \
        }                                                                                                 \
    } while (0)

static uint16_t
f2h(float f) /* round to nearest even; the values here are normal halves */
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000, exp = (x >> 23) & 0xff, man = x & 0x7fffff;
    if (exp == 0)
        return (uint16_t)sign;
    int e = (int)exp - 127 + 15;
    uint32_t m = man >> 13, rest = man & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (m & 1)))
        m++;
    if (m == 0x400)
        m = 0, e++;
    return (uint16_t)(sign | (uint32_t)e << 10 | m);
}

static float
h2f(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, x;
    if (e == 0)
        x = sign; /* no subnormal halves in this test */
    else
        x = sign | (e - 15 + 127) << 23 | m << 13;
    float f;
    memcpy(&f, &x, 4);
    return f;
}

static void
test_half(void)
{
    uint16_t a[N], b[N], s[N], pr[N];
    for (int i = 0; i < N; i++) {
        a[i] = f2h((float)((int)(lcg() % 2000) - 1000) / 16.0f);
        b[i] = f2h((float)((int)(lcg() % 2000) - 1000) / 32.0f + 0.5f);
    }
    uint16_t *pa = a, *pb = b, *ps = s, *pp = pr;
    int n = N;
    void *p[] = {&pa, &pb, &ps, &pp, &n};
    if (!launch("vec_f16", N, p))
        return;
    int ok = 1;
    char d[128] = "";
    for (int i = 0; ok && i < N; i++) {
        /* a half sum or product rounded once from the exact value: the
         * float result is exact for these operands, then one rounding */
        uint16_t ws = f2h(h2f(a[i]) + h2f(b[i])), wp = f2h(h2f(a[i]) * h2f(b[i]));
        ok = s[i] == ws && pr[i] == wp;
        if (!ok)
            snprintf(d, sizeof d, "element %d: %04x %04x, expected %04x %04x", i, s[i], pr[i], ws, wp);
    }
    report("vec_f16", ok, d);
}

static int
same(float x, float y)
{
    return memcmp(&x, &y, 4) == 0 || (isnan(x) && isnan(y));
}

/* min.f32 / max.f32 as the PTX ISA writes them: (a < b) ? a : b, the
 * other operand when one is NaN; so min(+0, -0) is -0 and min(-0, +0) +0 */
static float
ptx_min(float a, float b)
{
    return isnan(b) ? a : a < b ? a : b;
}

static float
ptx_max(float a, float b)
{
    return isnan(b) ? a : a > b ? a : b;
}

static void
test_edges(void)
{
    const float sub = 1e-40f; /* subnormal */
    float v[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, sub, -sub, 3.4e38f, 1e-38f, 2.5f, -7.25f};
    enum { K = sizeof v / sizeof v[0] };
    float a[K * K], b[K * K], out[8 * K * K];
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++)
            a[i * K + j] = v[i], b[i * K + j] = v[j];
    float *pa = a, *pb = b, *po = out;
    int n = K * K;
    void *p[] = {&pa, &pb, &po, &n};
    if (!launch("float_edges", n, p))
        return;
    int ok = 1;
    char d[160] = "";
    for (int i = 0; ok && i < n; i++) {
        volatile float x = a[i], y = b[i];
        float want[8] = {x + y, x * y, x - y, x / y, ptx_min(x, y), ptx_max(x, y), sqrtf(x), fmaf(x, y, x)};
        for (int k = 0; ok && k < 8; k++)
            if (!same(out[8 * i + k], want[k])) {
                ok = 0;
                snprintf(d, sizeof d, "op %d on (%g, %g): got %g, expected %g", k, (double)x, (double)y,
                         (double)out[8 * i + k], (double)want[k]);
            }
    }
    report("float_edges_nan_inf_zero_subnormal", ok, d);
}

/* C references for the rounding intrinsics */
static int
f2i(float x, int mode)
{
    if (isnan(x))
        return 0;
    double r = mode == 0 ? nearbyint(x) : mode == 1 ? trunc(x) : mode == 2 ? floor(x) : ceil(x);
    return r >= 2147483647.0 ? 2147483647 : r <= -2147483648.0 ? (int)-2147483648.0 : (int)r;
}

ROUNDING static float
rounded(int mode, float (*op)(float, float), float x, float y)
{
    fesetround(mode);
    float r = op(x, y);
    fesetround(FE_TONEAREST);
    return r;
}
ROUNDING static float add(float x, float y) { volatile float a = x, b = y; return a + b; }
ROUNDING static float mul(float x, float y) { volatile float a = x, b = y; return a * b; }
ROUNDING static float dvd(float x, float y) { volatile float a = x, b = y; return a / b; }
ROUNDING static float
d2f(int mode, double x)
{
    fesetround(mode);
    volatile double v = x;
    volatile float r = (float)v; /* converted while the mode is set */
    fesetround(FE_TONEAREST);
    return r;
}
ROUNDING static float
ll2f(int mode, long long x)
{
    fesetround(mode);
    volatile long long v = x;
    volatile float r = (float)v; /* converted while the mode is set */
    fesetround(FE_TONEAREST);
    return r;
}

static void
test_rounding(void)
{
    float a[N];
    double dd[N];
    long long ll[N];
    int ints[5 * N];
    float flts[9 * N];
    for (int i = 0; i < N; i++) {
        a[i] = ((int)(lcg() % 100000) - 50000) / 37.0f;
        if (i % 10 == 0)
            a[i] = (float)(i / 10) + 0.5f; /* ties */
        if (i == 1)
            a[i] = 3e9f; /* saturates */
        if (i == 2)
            a[i] = NAN;
        dd[i] = ((double)lcg() - 2147483648.0) / 3.0;
        ll[i] = (long long)((uint64_t)lcg() << 32 | lcg());
    }
    float *pa = a;
    double *pd = dd;
    long long *pl = ll;
    int *pi = ints;
    float *pf = flts;
    int n = N;
    void *p[] = {&pa, &pd, &pl, &pi, &pf, &n};
    if (!launch("rounding", N, p))
        return;
    int ok = 1;
    char d[200] = "";
    for (int i = 0; ok && i < N; i++) {
        float x = a[i];
        int wi[5] = {f2i(x, 0), f2i(x, 1), f2i(x, 2), f2i(x, 3),
                     isnan(x) ? 0 : x <= 0 ? 0 : x >= 4294967295.0f ? -1 : (int)(unsigned)nearbyint(x)};
        for (int k = 0; ok && k < 5; k++)
            if (ints[5 * i + k] != wi[k]) {
                ok = 0;
                snprintf(d, sizeof d, "int conversion %d of %.9g: got %d, expected %d", k, (double)x, ints[5 * i + k], wi[k]);
            }
        float wf[9] = {rounded(FE_TOWARDZERO, add, x, 0.1f), rounded(FE_DOWNWARD, add, x, 0.1f),
                       rounded(FE_UPWARD, add, x, 0.1f), rounded(FE_TOWARDZERO, mul, x, 3.3f),
                       rounded(FE_DOWNWARD, dvd, x, 3.0f), d2f(FE_TOWARDZERO, dd[i]), d2f(FE_UPWARD, dd[i]),
                       ll2f(FE_DOWNWARD, ll[i]), isnan(x) ? 0.0f : fminf(fmaxf(x, 0.0f), 1.0f)};
        for (int k = 0; ok && k < 9; k++)
            if (!same(flts[9 * i + k], wf[k])) {
                ok = 0;
                snprintf(d, sizeof d, "float rounding %d of element %d: got %.9g, expected %.9g", k, i,
                         (double)flts[9 * i + k], (double)wf[k]);
            }
    }
    report("every_rounding_intrinsic", ok, d);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/types_float/load: %s\n", p2n_error_message());
        return 1;
    }
    TEST_VEC(int8_t, vec_i8);
    TEST_VEC(uint8_t, vec_u8);
    TEST_VEC(int16_t, vec_i16);
    TEST_VEC(uint16_t, vec_u16);
    TEST_VEC(int32_t, vec_i32);
    TEST_VEC(uint32_t, vec_u32);
    TEST_VEC(int64_t, vec_i64);
    TEST_VEC(uint64_t, vec_u64);
    TEST_VEC(float, vec_f32);
    TEST_VEC(double, vec_f64);
    test_half();
    test_edges();
    test_rounding();
    p2n_module_unload(mod);
    return failed;
}
