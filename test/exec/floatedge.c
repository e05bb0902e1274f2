/* NaN, +-0, infinities, denormals through add/mul/div/sqrt/fma (IEEE exact,
 * denormals preserved without -ftz), fminf/fmaxf with NaN (the other
 * operand), __saturatef (NaN -> 0), cvt.rni.sat.u32 (__float2uint_rn:
 * negative -> 0, NaN -> 0, big -> UINT_MAX), and comparisons with NaN. */
#include "common.h"
static float vals[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 1e-40f, -1e-40f, 1.4e-45f,
                       1.1754942e-38f, 3.4028235e38f, 0.5f, 2.5f, 1e10f, -7.25f, 0.9999999f, 4294967040.0f, 2.0f, 1e-20f};
enum { V = sizeof vals / sizeof vals[0] };
static unsigned f2u(float x)
{
    if (isnan(x) || x <= 0) return 0;
    double r = nearbyint(x);
    return r >= 4294967295.0 ? 0xffffffffu : (unsigned)r;
}
int main(int argc, char **argv)
{
    setup(argc, argv, "floatedge");
    int n = V * V; float *a = malloc(n * 4), *b = malloc(n * 4), *o = malloc(8 * n * 4), *e = malloc(8 * n * 4);
    unsigned *u = malloc(3 * n * 4), *eu = malloc(3 * n * 4);
    for (int i = 0; i < V; i++) for (int j = 0; j < V; j++) { a[i*V+j] = vals[i]; b[i*V+j] = vals[j]; }
    for (int i = 0; i < n; i++) {
        volatile float x = a[i], y = b[i];
        e[8*i] = x + y; e[8*i+1] = x * y; e[8*i+2] = x / y;
        e[8*i+3] = isnan(x) ? y : isnan(y) ? x : (x == y ? (signbit(x) ? x : y) : (x < y ? x : y));
        e[8*i+4] = isnan(x) ? y : isnan(y) ? x : (x == y ? (signbit(x) ? y : x) : (x > y ? x : y));
        e[8*i+5] = sqrtf(x);
        e[8*i+6] = isnan(x) ? 0.0f : x <= 0 ? 0.0f : x >= 1 ? 1.0f : x;
        e[8*i+7] = fmaf(x, y, 1.0f);
        eu[3*i] = f2u(x);
        eu[3*i+1] = (x < y) | ((x == y) << 1) | ((x != y) << 2) | ((x >= y) << 3);
        eu[3*i+2] = isnan(x) ? 0 : x >= 2147483648.0f ? 0x7fffffffu : x <= -2147483648.0f ? 0x80000000u : (unsigned)(int)x;
    }
    void *p[] = {&n, &a, &b, &o, &u};
    if (!launch("fedge", "fedge", d3(4, 1, 1), d3(100, 1, 1), 0, p)) return finish();
    const char *nm[8] = {"add", "mul", "div", "fminf", "fmaxf", "sqrt", "saturatef", "fma"};
    float *g = malloc(n * 4), *x = malloc(n * 4);
    for (int k = 0; k < 8; k++) { for (int i = 0; i < n; i++) { g[i] = o[8*i+k]; x[i] = e[8*i+k];
        /* min/max of +0 and -0: PTX does not promise which zero; accept either */
        if ((k == 3 || k == 4) && a[i] == 0 && b[i] == 0 && g[i] == 0) g[i] = x[i]; } CHECK_EXACT(nm[k], g, x, n); }
    const char *un[3] = {"float2uint_rn_sat", "compare_nan", "float2int_rz_sat"};
    unsigned *gu = malloc(n * 4), *xu = malloc(n * 4);
    for (int k = 0; k < 3; k++) { for (int i = 0; i < n; i++) { gu[i] = u[3*i+k]; xu[i] = eu[3*i+k]; } CHECK_INT(un[k], gu, xu, n); }
    return finish();
}
