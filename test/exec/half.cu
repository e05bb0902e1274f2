#include <cuda_fp16.h>
extern "C" __global__ void hops(int n, const float *a, const float *b, __half *h, float *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = __float2half_rn(a[i]), y = __float2half_rn(b[i]);
    h[i] = x;
    o[3 * i + 0] = __half2float(x);
    o[3 * i + 1] = __half2float(__hadd(x, y));
    o[3 * i + 2] = __half2float(__hmul(x, y));
}
