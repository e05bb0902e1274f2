// Linked into one program with linked_a.cu (test/cli/linked.sh): the same
// kernel and variable names in both modules.
__device__ int base = 100;

extern "C" __global__ void k(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 3 * i - base;
}

extern "C" __global__ void twice(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && i % 2 == 0)
        out[i] *= 2;
}
