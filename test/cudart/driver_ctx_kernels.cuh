// Device code of driver_ctx.cu. Not a program: driver_ctx.cu embeds the PTX of this file,
// generated with
//   nvcc -arch=sm_80 -ptx -x cu driver_ctx_kernels.cuh -o driver_ctx_kernels.ptx
// (see README.md). Regenerate and paste it into driver_ctx.cu when this file changes.

extern "C" __global__ void iota_plus(int *out, int base, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = base + i;
}
