#define T 32
extern "C" __global__ void transpose(int w, int h, const float *in, float *out)
{
    __shared__ float tile[T][T + 1];
    extern __shared__ int dyn[];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    for (int k = 0; k < T; k += blockDim.y)
        if (x < w && y + k < h) tile[threadIdx.y + k][threadIdx.x] = in[(y + k) * w + x];
    if (threadIdx.y == 0) dyn[threadIdx.x] = threadIdx.x * 3;
    __syncthreads();
    x = blockIdx.y * T + threadIdx.x; y = blockIdx.x * T + threadIdx.y;
    for (int k = 0; k < T; k += blockDim.y)
        if (x < h && y + k < w) out[(y + k) * h + x] = tile[threadIdx.x][threadIdx.y + k] + (float)dyn[(threadIdx.x + 1) % T];
}
