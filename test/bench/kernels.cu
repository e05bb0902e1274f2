// Benchmark kernels for `make bench`: a memory-bound stream, a divergent
// mandelbrot, and a shared-memory tiled matrix multiply with barriers.
// test/regen-ptx.sh compiles this file to kernels.ptx (nvcc -arch=sm_75).

extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
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
    float cr = x0 + px * dx, ci = y0 + py * dy;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < maxit && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
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
            acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = acc;
}
