extern "C" __global__ void mt(int n, const float *a, float *o, const double *d, double *od)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i];
    o[4 * i] = expf(x); o[4 * i + 1] = logf(fabsf(x) + 1.0f); o[4 * i + 2] = sinf(x); o[4 * i + 3] = cosf(x);
    double y = d[i];
    od[2 * i] = exp(y); od[2 * i + 1] = log(fabs(y) + 1.0);
}
