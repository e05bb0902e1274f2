/* redux_f32.c — reference for redux_f32.ptx, from the PTX ISA's
 * redux.sync: for .f32, +0.0 > -0.0; .abs takes the inputs' absolute
 * values; without .NaN only non-NaN inputs count and the result is the
 * canonical NaN (0x7fffffff) when all are NaN; with .NaN it is the
 * canonical NaN when any input is. */
#include "common.h"

enum { N = 64, CANON = 0x7fffffff };

static float in[N];

static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static int less(float a, float b) { return a < b || (a == b && signbit(a) && !signbit(b)); }

static uint32_t fold(int first, int n, int max, int abs_, int nan_mode)
{
    int have = 0, saw_nan = 0;
    float r = 0;
    for (int i = first; i < first + n; i++) {
        float x = abs_ ? fabsf(in[i]) : in[i];
        if (isnan(x)) { saw_nan = 1; continue; }
        if (!have || (max ? less(r, x) : less(x, r))) r = x;
        have = 1;
    }
    return (nan_mode && saw_nan) || !have ? CANON : bits(r);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "redux_f32");
    for (int i = 0; i < N; i++) in[i] = (float)(int)(lcg() % 2001 - 1000) / 8.0f;
    in[8 + 3] = NAN;                                       /* tile 1: one NaN */
    for (int i = 16; i < 24; i++) in[i] = -NAN;            /* tile 2: all NaN */
    for (int i = 24; i < 32; i++) in[i] = i % 2 ? -0.0f : 0.0f; /* tile 3: zeros */
    in[32] = INFINITY, in[33] = -INFINITY, in[34] = NAN;   /* tile 4 */
    for (int i = 40; i < 48; i++) in[i] = -fabsf(in[i]) - 1; /* tile 5: negative */
    for (int i = 48; i < 56; i++) in[i] = i % 3 ? -0.0f : NAN; /* tile 6 */
    uint32_t got[8 * N], e[8 * N];
    for (int t = 0; t < N; t++) {
        int base = t & ~7, k = 0;
        for (int nan_mode = 0; nan_mode < 2; nan_mode++) {
            e[8 * t + k++] = fold(base, 8, 0, 0, nan_mode);
            e[8 * t + k++] = fold(base, 8, 1, 0, nan_mode);
            e[8 * t + k++] = fold(base, 8, 0, 1, nan_mode);
            if (!nan_mode) e[8 * t + k++] = fold(base, 8, 1, 1, 0);
        }
        e[8 * t + 7] = fold(t & ~31, 32, 1, 1, 1);
    }
    const float *pi = in;
    uint32_t *po = got;
    void *params[] = {&pi, &po};
    if (launch("tiles", "k", d3(1, 1, 1), d3(N, 1, 1), 0, params)) CHECK_INT("tiles", got, e, 8 * N);
    return finish();
}
