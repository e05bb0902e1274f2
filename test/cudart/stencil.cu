// Stencils: a 1D radius-3 stencil with a shared-memory halo, and a 2D 5-point stencil on
// 16x16 shared tiles with halos, iterated with two buffers (Jacobi style) over a grid whose
// size is not a multiple of the tile. Integer arithmetic, compared exactly with the CPU.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int failed = 0;
static void check(const char *name, bool ok, const char *fmt, ...)
{
    if (ok) {
        printf("PASS %s\n", name);
        return;
    }
    failed = 1;
    printf("FAIL %s: ", name);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}
#define CK(call)                                                                         \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            printf("FAIL cuda_call: line %d: %s returned %s\n", __LINE__, #call,         \
                   cudaGetErrorName(e_));                                                \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

#define R 3
#define BS 128

__global__ void stencil1d(const int *in, int *out, int n)
{
    __shared__ int s[BS + 2 * R];
    int g = blockIdx.x * BS + threadIdx.x, l = threadIdx.x + R;
    s[l] = g < n ? in[g] : 0;
    if (threadIdx.x < R) {
        int left = g - R, right = g + BS;
        s[l - R] = left >= 0 && left < n ? in[left] : 0;
        s[l + BS] = right < n ? in[right] : 0;
    }
    __syncthreads();
    if (g < n) {
        int acc = 0;
        for (int k = -R; k <= R; k++)
            acc += s[l + k] * (R + 1 - (k < 0 ? -k : k));
        out[g] = acc;
    }
}

#define T 16
__global__ void jacobi(const int *in, int *out, int w, int h)
{
    __shared__ int s[T + 2][T + 2];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    auto at = [&](int xx, int yy) { return xx >= 0 && xx < w && yy >= 0 && yy < h ? in[yy * w + xx] : 0; };
    s[ly][lx] = at(x, y);
    if (threadIdx.x == 0)
        s[ly][0] = at(x - 1, y);
    if (threadIdx.x == T - 1)
        s[ly][T + 1] = at(x + 1, y);
    if (threadIdx.y == 0)
        s[0][lx] = at(x, y - 1);
    if (threadIdx.y == T - 1)
        s[T + 1][lx] = at(x, y + 1);
    __syncthreads();
    if (x < w && y < h)
        out[y * w + x] = (4 * s[ly][lx] + s[ly - 1][lx] + s[ly + 1][lx] + s[ly][lx - 1] + s[ly][lx + 1]) / 8;
}

static int host_at(const int *a, int w, int h, int x, int y)
{
    return x >= 0 && x < w && y >= 0 && y < h ? a[y * w + x] : 0;
}

int main()
{
    // 1D
    const int n = (1 << 16) + 5;
    int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = (i * 97) % 201 - 100;
    int *din, *dout;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dout, n * sizeof(int)));
    CK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
    stencil1d<<<(n + BS - 1) / BS, BS>>>(din, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++) {
        int acc = 0;
        for (int k = -R; k <= R; k++) {
            int j = i + k;
            acc += (j >= 0 && j < n ? h[j] : 0) * (R + 1 - (k < 0 ? -k : k));
        }
        if (r[i] != acc)
            bad = i;
    }
    check("stencil_1d_radius3", bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : r[bad]);

    // 2D, 20 iterations
    const int w = 203, hh = 117, iters = 20;
    int *a = (int *)malloc(w * hh * sizeof(int)), *b = (int *)malloc(w * hh * sizeof(int));
    for (int i = 0; i < w * hh; i++)
        a[i] = ((i * 31) % 1000) * 64;
    int *da, *db;
    CK(cudaMalloc(&da, w * hh * sizeof(int)));
    CK(cudaMalloc(&db, w * hh * sizeof(int)));
    CK(cudaMemcpy(da, a, w * hh * sizeof(int), cudaMemcpyHostToDevice));
    dim3 block(T, T), grid((w + T - 1) / T, (hh + T - 1) / T);
    for (int it = 0; it < iters; it++) {
        jacobi<<<grid, block>>>(da, db, w, hh);
        int *tmp = da;
        da = db;
        db = tmp;
    }
    CK(cudaGetLastError());
    int *g = (int *)malloc(w * hh * sizeof(int));
    CK(cudaMemcpy(g, da, w * hh * sizeof(int), cudaMemcpyDeviceToHost));
    for (int it = 0; it < iters; it++) {
        for (int y = 0; y < hh; y++)
            for (int x = 0; x < w; x++)
                b[y * w + x] = (4 * a[y * w + x] + host_at(a, w, hh, x, y - 1) +
                                host_at(a, w, hh, x, y + 1) + host_at(a, w, hh, x - 1, y) +
                                host_at(a, w, hh, x + 1, y)) / 8;
        int *tmp = a;
        a = b;
        b = tmp;
    }
    bad = -1;
    for (int i = 0; i < w * hh && bad < 0; i++)
        if (g[i] != a[i])
            bad = i;
    check("stencil_2d_jacobi", bad < 0, "cell %d = %d, expected %d", bad, bad < 0 ? 0 : g[bad],
          bad < 0 ? 0 : a[bad]);

    CK(cudaFree(din));
    CK(cudaFree(dout));
    CK(cudaFree(da));
    CK(cudaFree(db));
    free(h);
    free(r);
    free(a);
    free(b);
    free(g);
    return failed;
}
