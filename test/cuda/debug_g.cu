// Built with -G: full debug information (.section .debug_* blocks).
// nvcc-flags: -G
extern "C" __global__ void scale_debug(float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] *= a;
}
