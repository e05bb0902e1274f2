// fp8 conversions through cuda_fp8.h, as a CUDA program writes them:
// float2 and half2 to e4m3x2/e5m2x2 (satfinite) and back to half2.
// nvcc-flags: -arch=sm_89
#include <cuda_fp8.h>

extern "C" __global__ void to_fp8(int n, const float *a, const float *b, const unsigned *h, unsigned short *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float2 v = make_float2(b[i], a[i]); // .x is the low byte
    __half2_raw r;
    r.x = (unsigned short)(h[i] & 0xffff);
    r.y = (unsigned short)(h[i] >> 16);
    o[4 * i + 0] = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E4M3);
    o[4 * i + 1] = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E5M2);
    o[4 * i + 2] = __nv_cvt_halfraw2_to_fp8x2(r, __NV_SATFINITE, __NV_E4M3);
    o[4 * i + 3] = __nv_cvt_halfraw2_to_fp8x2(r, __NV_SATFINITE, __NV_E5M2);
}

extern "C" __global__ void from_fp8(int n, const unsigned short *c, unsigned *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half2_raw e4 = __nv_cvt_fp8x2_to_halfraw2(c[i], __NV_E4M3);
    __half2_raw e5 = __nv_cvt_fp8x2_to_halfraw2(c[i], __NV_E5M2);
    o[2 * i + 0] = (unsigned)e4.x | (unsigned)e4.y << 16;
    o[2 * i + 1] = (unsigned)e5.x | (unsigned)e5.y << 16;
}
