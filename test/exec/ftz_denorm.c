/* -ftz=true: denormal inputs and results of add.ftz/mul.ftz/min.ftz are
 * flushed to sign-preserving zero. */
#include "common.h"
static float flush(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }
int main(int argc, char **argv)
{
    setup(argc, argv, "ftz_denorm");
    float a[] = {1e-40f, -1e-40f, 1e-38f, 1.0f, 1e-20f, -1e-39f, 3.0f, 1.1754944e-38f};
    float b[] = {0.0f, 1e-40f, -5e-39f, 1e-40f, 1e-20f, 2.0f, -1e-41f, 0.5f};
    int n = 8; float o[24], e[24];
    for (int i = 0; i < n; i++) {
        volatile float x = flush(a[i]), y = flush(b[i]);
        e[3*i] = flush(x + y); e[3*i+1] = flush(x * y); e[3*i+2] = flush(fminf(x, y));
        if (e[3*i+2] == 0 && x == 0 && y == 0) e[3*i+2] = signbit(x) ? x : y;
    }
    float *pa = a, *pb = b, *po = o; void *p[] = {&n, &pa, &pb, &po};
    if (!launch("ftz", "ftz", d3(1, 1, 1), d3(8, 1, 1), 0, p)) return finish();
    /* fminf of two zeros of different sign: either zero is allowed */
    for (int i = 0; i < n; i++) if (o[3*i+2] == 0 && e[3*i+2] == 0) o[3*i+2] = e[3*i+2];
    CHECK_EXACT("flushed", o, e, 24);
    return finish();
}
