// Device code of driver_api.cu. Not a program: driver_api.cu embeds the PTX of this file,
// generated with
//   nvcc -arch=sm_80 -ptx -x cu driver_api_kernels.cuh -o driver_api_kernels.ptx
// (see README.md). Regenerate and paste it into driver_api.cu when this file changes.

__device__ int counters[4];
__constant__ float table[8];

extern "C" __global__ void scale_add(float *x, const float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = a * table[i % 8] * x[i] + y[i];
}

// Parameters of several sizes and alignments (the `extra` buffer must lay them out the way
// the PTX .param space does).
extern "C" __global__ void mixed(char c, double d, short s, long long *out, int i)
{
    out[0] = c;
    out[1] = (long long)(d * 4);
    out[2] = s;
    out[3] = i;
    atomicAdd(&counters[threadIdx.x % 4], 1);
}

extern "C" __global__ void block_sum(const int *in, int *out)
{
    extern __shared__ int s[];
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k /= 2) {
        if (threadIdx.x < k)
            s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}
