// nvcc-flags: -ftz=true
/* compiled with -ftz=true (see test/regen-ptx.sh): .ftz on f32 ops */
extern "C" __global__ void ftz(int n, const float *a, const float *b, float *o)
{
    int i = threadIdx.x;
    if (i >= n) return;
    o[3 * i + 0] = a[i] + b[i];
    o[3 * i + 1] = a[i] * b[i];
    o[3 * i + 2] = fminf(a[i], b[i]);
}
