// cp.async (through cuda_pipeline.h, as CUDA C++ code uses it): a block
// stages 16-byte chunks of global memory into shared memory, the last ones
// partly zero-filled, waits, synchronises, and reads them back reversed.
// nvcc-flags: -arch=sm_80
#include <cuda_pipeline.h>

extern "C" __global__ void stage(const int4 *in, int n, int *out)
{
    __shared__ int4 tile[128];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    // chunk i has 16 bytes; past n ints the rest is zero-filled
    int valid = n - 4 * i;
    size_t zfill = valid >= 4 ? 0 : valid <= 0 ? 16 : 16 - 4 * valid;
    __pipeline_memcpy_async(&tile[t], &in[i], 16, zfill);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    int4 v = tile[blockDim.x - 1 - t];
    out[i] = v.x + 2 * v.y + 3 * v.z + 4 * v.w;
}
