// Math library and fast intrinsics, single and double precision.
extern "C" __global__ void math_f32(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i];
    a[i] = sinf(x) + cosf(x) + expf(x) + logf(x + 2) + sqrtf(x) + rsqrtf(x + 1) + powf(x, 1.5f) + tanhf(x) +
           __sinf(x) + __expf(x) + atan2f(x, 2) + erff(x) + floorf(x) + fmodf(x, 3) + fminf(x, 1) + fabsf(x);
}

extern "C" __global__ void math_f64(double *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double y = d[i];
    d[i] = sin(y) + exp(y) + log(y + 2) + sqrt(y) + pow(y, 2.5) + cbrt(y) + fma(y, y, 1.0) + ceil(y);
}
