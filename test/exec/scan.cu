extern "C" __global__ void scan(const int *in, int *out)
{
    extern __shared__ int buf[];
    int t = threadIdx.x, n = blockDim.x;
    int *a = buf, *b = buf + n;
    a[t] = in[blockIdx.x * n + t];
    __syncthreads();
    for (int off = 1; off < n; off <<= 1) {
        b[t] = t >= off ? a[t] + a[t - off] : a[t];
        __syncthreads();
        int *tmp = a; a = b; b = tmp;
    }
    out[blockIdx.x * n + t] = a[t];
}
