// Linked into one program with linked_b.cu (test/cli/linked.sh): the same
// kernel and variable names in both modules.
__device__ int base = 7;

extern "C" __global__ void k(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = i * i + base;
}
