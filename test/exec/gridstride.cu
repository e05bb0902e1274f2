extern "C" __global__ void gs(long long n, const int *a, long long *partial)
{
    long long s = 0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
        if (a[i] % 7 == 0) continue;
        s += a[i];
    }
    partial[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
