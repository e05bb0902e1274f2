extern "C" __global__ void block_sum(const int *in, int *out)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (int w = 128; w > 0; w >>= 1) {
        if (t < w) s[t] += s[t + w];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}
extern "C" __global__ void dyn_reverse(const float *in, float *out, int n)
{
    extern __shared__ float d[];
    int t = threadIdx.x;
    d[t] = in[blockIdx.x * n + t];
    __syncthreads();
    out[blockIdx.x * n + t] = d[n - 1 - t];
}
extern "C" __global__ void early_ret_sync(const int *in, int *out, int n)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t] * 2;
    __syncthreads();
    if (t >= n) return;          /* lanes leave after the last barrier */
    out[t] = s[t] + s[(t + 1) % n];
}
