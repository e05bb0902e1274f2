// Atomics of every kind nvcc emits.
extern "C" __global__ void atomics(int *p, unsigned *u, float *f, double *d, unsigned long long *l)
{
    int i = threadIdx.x;
    atomicAdd(p, i);
    atomicSub(p + 1, i);
    atomicMax(p + 2, i);
    atomicMin(p + 3, -i);
    atomicExch(p + 4, i);
    atomicCAS(p + 5, 0, i);
    atomicAnd(p + 6, i);
    atomicOr(p + 7, i);
    atomicXor(p + 8, i);
    atomicInc(u, 17u);
    atomicDec(u + 1, 17u);
    atomicAdd(f, 0.5f);
    atomicAdd(d, 0.25);
    atomicAdd(l, 3ull);
    atomicCAS(l + 1, 0ull, (unsigned long long)i);
}

extern "C" __global__ void histogram(const unsigned char *in, int n, unsigned *bins)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[in[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        atomicAdd(&bins[b], local[b]);
}
