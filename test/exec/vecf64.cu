extern "C" __global__ void vd(int n, const double *a, const double *b, double *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    o[7 * i + 0] = __dadd_rn(a[i], b[i]);
    o[7 * i + 1] = __dsub_rn(a[i], b[i]);
    o[7 * i + 2] = __dmul_rn(a[i], b[i]);
    o[7 * i + 3] = a[i] / b[i];
    o[7 * i + 4] = sqrt(fabs(a[i]));
    o[7 * i + 5] = fmin(a[i], b[i]);
    o[7 * i + 6] = fma(a[i], b[i], -a[i]);
}
