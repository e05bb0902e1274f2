// Benchmark kernels for `make bench` (test/bench/bench.sh).  Each has an
// OpenMP C twin in omp.c and an OpenCL C twin in kernels.cl computing the
// same thing in the same floating-point order, so the outputs are bitwise
// equal: fused multiply-adds are written out (fmaf) and nvcc contracts
// nothing else.  test/regen-ptx.sh compiles this file to kernels.ptx.
// nvcc-flags: -fmad=false

// y = a * x + y: memory bandwidth.
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = fmaf(a, x[i], y[i]);
}

// *sum += the n values of x: one value a thread, a warp sum by shuffles,
// the warps' sums through shared memory and a barrier, one atomicAdd a CTA
// (blocks of 256 threads).
extern "C" __global__ void reduce(int n, const unsigned *x, unsigned long long *sum)
{
    __shared__ unsigned warp_sum[8];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = i < n ? x[i] : 0;
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x % 32 == 0)
        warp_sum[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < blockDim.x / 32 ? warp_sum[threadIdx.x] : 0;
        for (int o = 4; o > 0; o >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0)
            atomicAdd(sum, (unsigned long long)v);
    }
}

// Iterations until escape, per pixel; lanes of a warp leave the loop at
// different times.
extern "C" __global__ void mandelbrot(int w, int h, float x0, float y0, float dx, float dy,
                                      int maxit, int *out)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y;
    if (px >= w || py >= h)
        return;
    float cr = fmaf((float)px, dx, x0), ci = fmaf((float)py, dy, y0);
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < maxit && fmaf(zr, zr, zi * zi) <= 4.0f) {
        float t = fmaf(zr, zr, fmaf(-zi, zi, cr));
        zi = fmaf(2.0f * zr, zi, ci);
        zr = t;
        it++;
    }
    out[py * w + px] = it;
}

#define TILE 16

// C = A * B for n x n matrices, n a multiple of TILE; blocks of TILE x TILE.
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
            acc = fmaf(ta[threadIdx.y][k], tb[k][threadIdx.x], acc);
        __syncthreads();
    }
    c[row * n + col] = acc;
}

// One step of the hotspot thermal stencil (after Rodinia's): each cell
// from itself, its four neighbours (the cell itself past an edge) and its
// power.  w x h cells, blocks of 16 x 16.
extern "C" __global__ void hotspot(int w, int h, const float *temp, const float *power, float *out,
                                   float cap, float rx, float ry, float rz, float amb)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    int i = y * w + x;
    float t = temp[i];
    float n = y > 0 ? temp[i - w] : t;
    float s = y < h - 1 ? temp[i + w] : t;
    float e = x < w - 1 ? temp[i + 1] : t;
    float wst = x > 0 ? temp[i - 1] : t;
    float d = power[i] + (n + s - 2.0f * t) * ry + (e + wst - 2.0f * t) * rx + (amb - t) * rz;
    out[i] = t + cap * d;
}

// One level of a breadth-first search over a graph in CSR form: every node
// at distance `level` labels its unlabelled (-1) neighbours level + 1 and
// sets *more.  The host launches it for level 0, 1, ... until *more stays 0.
extern "C" __global__ void bfs(int nodes, const int *row, const int *col, int *dist, int level,
                               int *more)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nodes || dist[v] != level)
        return;
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (dist[u] == -1 && atomicCAS(&dist[u], -1, level + 1) == -1)
            *more = 1;
    }
}

// Launch latency.
extern "C" __global__ void empty(void)
{
}
