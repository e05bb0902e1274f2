// Half precision: __half, __half2 and bfloat16 arithmetic and conversions.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
extern "C" __global__ void halves(__half *h, __half2 *h2, __nv_bfloat16 *b, float *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half x = h[i];
    h[i] = __hadd(x, __hmul(x, __float2half(2.0f)));
    h2[i] = __hfma2(h2[i], h2[i], __floats2half2_rn(1.0f, -1.0f));
    b[i] = __float2bfloat16(__bfloat162float(b[i]) * 3.0f);
    if (__hlt(h[i], __float2half(1.0f)))
        h[i] = __hneg(h[i]);
    f[i] = __half2float(h[i]) + __low2float(h2[i]) + __high2float(h2[i]);
}
