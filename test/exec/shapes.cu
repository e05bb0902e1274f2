// Launch shapes and memory: partial warps, 2D and 3D blocks and grids,
// dynamic shared memory, local arrays with a varying index, a tiled matrix
// multiply and a block reduction with barriers in loops, early exit, warp
// shuffles and votes, atomics.  Reference: shapes.c.
extern "C" __global__ void scale(const float *x, float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + 1.0f;
}

extern "C" __global__ void grid3d(int *o)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
    o[(z * h + y) * w + x] = x + 100 * y + 10000 * z;
}

extern "C" __global__ void reverse(int *o)
{
    extern __shared__ int sh[];
    sh[threadIdx.x] = threadIdx.x * 3;
    __syncthreads();
    o[blockIdx.x * blockDim.x + threadIdx.x] = sh[blockDim.x - 1 - threadIdx.x];
}

extern "C" __global__ void local_array(const int *in, int *o, int n)
{
    int arr[64];
    for (int k = 0; k < 64; k++)
        arr[k] = k * n + threadIdx.x;
    o[threadIdx.x] = arr[(threadIdx.x * 7) % 64] + arr[in[threadIdx.x] & 63];
}

#define TILE 16
extern "C" __global__ void matmul(int n, const float *a, const float *b, float *c)
{
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = acc;
}

extern "C" __global__ void block_sum(const int *in, int *out, int n)
{
    __shared__ int s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (t < w)
            s[t] += s[t + w];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

extern "C" __global__ void early_exit(int *o, int limit)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = t * t;
    if (t >= limit)
        return;
    __syncthreads();
    o[t] = s[(t + 1) % limit];
}

extern "C" __global__ void warp_ops(const int *in, int *o)
{
    int t = threadIdx.x, v = in[t];
    unsigned all = 0xffffffffu;
    o[8 * t + 0] = __shfl_sync(all, v, 5);
    o[8 * t + 1] = __shfl_up_sync(all, v, 3);
    o[8 * t + 2] = __shfl_down_sync(all, v, 2, 8);
    o[8 * t + 3] = __shfl_xor_sync(all, v, 6);
    o[8 * t + 4] = (int)__ballot_sync(all, v & 1);
    o[8 * t + 5] = __all_sync(all, v > 0);
    o[8 * t + 6] = __any_sync(all, v == 77);
    o[8 * t + 7] = (int)__activemask();
}

extern "C" __global__ void atomics(const int *in, unsigned *hist, int *mx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&hist[in[i] & 15], 1u);
        atomicMax(mx, in[i]);
    }
}
