// atomicAdd on half types (and, for sm_90, on float2/float4): rounding of
// each add on its own address, and atomicity on one shared counter.
// nvcc emits atom.add.noftz.f16/f16x2 for sm_75 and compare-and-swap loops
// for bf16; for sm_90 (atom_half90.cu) atom.add.noftz.bf16/bf16x2 and
// vector atom.  Reference: atom_half.c.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

extern "C" __global__ void atom_half(int n, const float *v, __half *h, __nv_bfloat16 *b, __half2 *h2,
                                     __nv_bfloat162 *b2, __half *hc, __nv_bfloat16 *bc, float2 *f2,
                                     float4 *f4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = v[i];
    atomicAdd(&h[i], __float2half(x));
    atomicAdd(&b[i], __float2bfloat16(x));
    atomicAdd(&h2[i], __floats2half2_rn(x, -0.5f * x));
    atomicAdd(&b2[i], __floats2bfloat162_rn(x, 2.0f * x));
    atomicAdd(hc, __float2half(1.0f));
    atomicAdd(bc, __float2bfloat16(1.0f));
#if __CUDA_ARCH__ >= 900
    atomicAdd(&f2[i % 8], make_float2(1.0f, 2.0f));
    atomicAdd(&f4[i % 4], make_float4(1.0f, 0.5f, 0.25f, 4.0f));
#endif
}
