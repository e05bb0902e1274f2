extern "C" __global__ void vf(int n, const float *a, const float *b, float *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    o[5 * i + 0] = __fadd_rn(a[i], b[i]);
    o[5 * i + 1] = __fsub_rn(a[i], b[i]);
    o[5 * i + 2] = __fmul_rn(a[i], b[i]);
    o[5 * i + 3] = a[i] / b[i];
    o[5 * i + 4] = sqrtf(fabsf(a[i]));
}
