extern "C" __global__ void sv(const int *v, int *o)
{
    int t = threadIdx.x, x = v[blockIdx.x * blockDim.x + t];
    int c = __syncthreads_count(x > 50);
    int a = __syncthreads_and(x > 0);
    int r = __syncthreads_or(x > 98);
    o[blockIdx.x * blockDim.x + t] = c * 4 + (a ? 2 : 0) + (r ? 1 : 0);
}
