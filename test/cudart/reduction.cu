// Reductions: a shared-memory tree reduction per block followed by a second pass over the
// block sums (ints, exact), a warp-shuffle reduction with one atomicAdd per warp, and a
// float sum compared with a double-precision CPU sum within a tolerance.
#include <cmath>
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

template <int BS> __global__ void block_sum(const long long *in, long long *out, int n)
{
    __shared__ long long s[BS];
    int t = threadIdx.x;
    long long acc = 0;
    for (int i = blockIdx.x * BS * 2 + t; i < n; i += gridDim.x * BS * 2) {
        acc += in[i];
        if (i + BS < n)
            acc += in[i + BS];
    }
    s[t] = acc;
    __syncthreads();
    for (int stride = BS / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

__global__ void warp_sum(const int *in, int n, unsigned long long *total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long v = i < n ? (unsigned long long)(long long)in[i] : 0;
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, d);
    if (threadIdx.x % 32 == 0)
        atomicAdd(total, v);
}

__global__ void float_sum(const float *in, int n, float *out)
{
    extern __shared__ float sf[];
    float acc = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        acc += in[i];
    sf[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride)
            sf[threadIdx.x] += sf[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(out, sf[0]);
}

int main()
{
    const int n = (1 << 16) + 123;
    long long *h = (long long *)malloc(n * sizeof(long long));
    int *hi = (int *)malloc(n * sizeof(int));
    float *hf = (float *)malloc(n * sizeof(float));
    long long want = 0;
    double wantf = 0;
    for (int i = 0; i < n; i++) {
        h[i] = ((long long)i * 1000003) % 2000001 - 1000000 + ((long long)(i % 5) << 33);
        hi[i] = (int)(h[i] % 100000);
        hf[i] = (float)((i % 1000) * 0.001);
        want += h[i];
        wantf += hf[i];
    }
    long long *d, *dpart, *dtotal;
    const int BS = 256, blocks = 64;
    CK(cudaMalloc(&d, n * sizeof(long long)));
    CK(cudaMalloc(&dpart, blocks * sizeof(long long)));
    CK(cudaMalloc(&dtotal, sizeof(long long)));
    CK(cudaMemcpy(d, h, n * sizeof(long long), cudaMemcpyHostToDevice));
    block_sum<BS><<<blocks, BS>>>(d, dpart, n);
    block_sum<BS><<<1, BS>>>(dpart, dtotal, blocks);
    CK(cudaGetLastError());
    long long got = 0;
    CK(cudaMemcpy(&got, dtotal, sizeof got, cudaMemcpyDeviceToHost));
    check("tree_reduction_i64", got == want, "%lld, expected %lld", got, want);

    int *di;
    unsigned long long *dws, ws = 0;
    CK(cudaMalloc(&di, n * sizeof(int)));
    CK(cudaMalloc(&dws, sizeof ws));
    CK(cudaMemcpy(di, hi, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemset(dws, 0, sizeof ws));
    warp_sum<<<(n + 255) / 256, 256>>>(di, n, dws);
    CK(cudaMemcpy(&ws, dws, sizeof ws, cudaMemcpyDeviceToHost));
    long long wanti = 0;
    for (int i = 0; i < n; i++)
        wanti += hi[i];
    check("warp_shuffle_reduction", (long long)ws == wanti, "%lld, expected %lld", (long long)ws,
          wanti);

    float *df, *dfo, fo = 0;
    CK(cudaMalloc(&df, n * sizeof(float)));
    CK(cudaMalloc(&dfo, sizeof(float)));
    CK(cudaMemcpy(df, hf, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemset(dfo, 0, sizeof(float)));
    float_sum<<<32, 512, 512 * sizeof(float)>>>(df, n, dfo);
    CK(cudaMemcpy(&fo, dfo, sizeof fo, cudaMemcpyDeviceToHost));
    check("float_reduction", fabs(fo - wantf) <= 1e-4 * wantf, "%.6f, expected %.6f", fo, wantf);

    CK(cudaFree(d));
    CK(cudaFree(dpart));
    CK(cudaFree(dtotal));
    CK(cudaFree(di));
    CK(cudaFree(dws));
    CK(cudaFree(df));
    CK(cudaFree(dfo));
    free(h);
    free(hi);
    free(hf);
    return failed;
}
