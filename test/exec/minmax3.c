/* minmax3.c — reference for minmax3.ptx: the ISA's two-source rule
 * ((a < b) ? a : b; a NaN gives the other operand, two NaNs or any with .NaN
 * the canonical NaN) applied to (a, b) and then c; .abs on every source;
 * .ftz flushes subnormal sources and results. */
#include "common.h"

static uint32_t
bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float
canon(void)
{
    uint32_t u = 0x7fffffff;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static float
mm(float a, float b, int mx, int nanmode)
{
    if ((isnan(a) && isnan(b)) || (nanmode && (isnan(a) || isnan(b))))
        return canon();
    return isnan(b) ? a : isnan(a) ? b : (mx ? a > b : a < b) ? a : b;
}

static float
ftz(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

static float
mm3(float a, float b, float c, int mx, int nanmode, int abs_, int ftz_)
{
    if (ftz_)
        a = ftz(a), b = ftz(b), c = ftz(c);
    if (abs_)
        a = fabsf(a), b = fabsf(b), c = fabsf(c);
    float r = mm(mm(a, b, mx, nanmode), c, mx, nanmode);
    return ftz_ ? ftz(r) : r;
}

enum { T = 96 };

int
main(int argc, char **argv)
{
    setup(argc, argv, "minmax3");
    static const float sp[] = {0.0f, -0.0f, 1e-40f, -1e-40f, 1.0f, -2.0f, INFINITY, -INFINITY, NAN};
    enum { K = sizeof sp / sizeof sp[0] };
    float in[3 * T], out[4 * T];
    for (int t = 0; t < T; t++)
        for (int k = 0; k < 3; k++)
            in[3 * t + k] = t < 64 ? sp[(t * (k + 2) + k * t / 9) % K] : ((float)(lcg() >> 8) / 16777216.0f - 0.5f) * 10.0f;
    float *pi = in, *po = out;
    void *p[] = {&pi, &po};
    if (!launch("launch", "minmax3", d3(1, 1, 1), d3(T, 1, 1), 0, p))
        return finish();
    static const char *names[4] = {"min_f32_3", "max_nan_f32_3", "min_abs_f32_3", "max_ftz_nan_abs_f32_3"};
    for (int k = 0; k < 4; k++) {
        int nbad = 0;
        char first[160] = "";
        for (int t = 0; t < T; t++) {
            float a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2];
            float w = mm3(a, b, c, k & 1, k & 1, k >= 2, k == 3);
            if (bits(out[4 * t + k]) != bits(w) && !nbad++)
                snprintf(first, sizeof first, "(%a, %a, %a): got %a, want %a", (double)a, (double)b, (double)c,
                         (double)out[4 * t + k], (double)w);
        }
        report(names[k], nbad, first);
    }
    return finish();
}
#if 0 // test-file minmax3.ptx
// Three-source min and max on f32 (.NaN, .abs, .ftz).  Hand-written;
// ptxas -arch=sm_100 accepts it.  Reference: minmax3.c.
.version 8.8
.target sm_100
.address_size 64

// in: per thread 3 f32; out: per thread min, max.NaN, min.abs, max.ftz.NaN.abs
.visible .entry minmax3(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<2>;
	.reg .f32 %f<8>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 12;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.f32 %f1, [%rd4];
	ld.global.f32 %f2, [%rd4+4];
	ld.global.f32 %f3, [%rd4+8];
	min.f32 %f4, %f1, %f2, %f3;
	max.NaN.f32 %f5, %f1, %f2, %f3;
	min.abs.f32 %f6, %f1, %f2, %f3;
	max.ftz.NaN.abs.f32 %f7, %f1, %f2, %f3;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd5, %rd2, %rd3;
	st.global.f32 [%rd5], %f4;
	st.global.f32 [%rd5+4], %f5;
	st.global.f32 [%rd5+8], %f6;
	st.global.f32 [%rd5+12], %f7;
	ret;
}
#endif // end of minmax3.ptx
