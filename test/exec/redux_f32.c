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
#if 0 // test-file redux_f32.ptx
// redux.sync.min/max{.abs}{.NaN}.f32 (sm_100a) over tiles of 8 lanes, each
// lane passing its tile's member mask: NaN inputs (ignored, or the
// canonical NaN with .NaN; all NaN gives the canonical NaN), +0.0 above
// -0.0, infinities, .abs.  Hand-written; ptxas -arch=sm_100a accepts it.
// Reference: redux_f32.c.
.version 8.6
.target sm_100a
.address_size 64

// 64 threads; out[8 tid + i] = the bits of result i
.visible .entry k(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .f32 %f<12>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.f32 %f1, [%rd4];
	mul.wide.u32 %rd5, %r1, 32;
	add.s64 %rd5, %rd2, %rd5;
	and.b32 %r2, %r1, 24;
	shl.b32 %r3, 255, %r2;
	redux.sync.min.f32 %f2, %f1, %r3;
	redux.sync.max.f32 %f3, %f1, %r3;
	redux.sync.min.abs.f32 %f4, %f1, %r3;
	redux.sync.max.abs.f32 %f5, %f1, %r3;
	redux.sync.min.NaN.f32 %f6, %f1, %r3;
	redux.sync.max.NaN.f32 %f7, %f1, %r3;
	redux.sync.min.abs.NaN.f32 %f8, %f1, %r3;
	redux.sync.max.abs.NaN.f32 %f9, %f1, 0xffffffff;
	st.global.v4.f32 [%rd5], {%f2, %f3, %f4, %f5};
	st.global.v4.f32 [%rd5+16], {%f6, %f7, %f8, %f9};
	ret;
}
#endif // end of redux_f32.ptx
