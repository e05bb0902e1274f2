extern "C" __global__ void a64(int n, const int *v, unsigned long long *u, double *d, int *sh_out)
{
    __shared__ int h[16];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 16) h[threadIdx.x] = 0;
    __syncthreads();
    if (t < n) {
        atomicAdd(u, (unsigned long long)v[t] << 20);
        atomicAdd(d, (double)v[t] * 0.25);
        atomicAdd(&h[v[t] & 15], 1);
        atomicSub(&h[(v[t] >> 4) & 15], 1);
    }
    __syncthreads();
    if (threadIdx.x < 16) atomicAdd(&sh_out[threadIdx.x], h[threadIdx.x]);
}
