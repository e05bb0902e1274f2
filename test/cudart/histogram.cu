// Histograms: 256 bins over bytes with per-block privatised shared-memory histograms merged
// with global atomics, a version with global atomics only, and a 1000-bin histogram of
// floats whose bins are computed the same way on host and device.
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

__global__ void hist_shared(const unsigned char *data, int n, unsigned *bins)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b])
            atomicAdd(&bins[b], local[b]);
}

__global__ void hist_global(const unsigned char *data, int n, unsigned *bins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&bins[data[i]], 1u);
}

__host__ __device__ int bin_of(float x, float lo, float hi, int nbins)
{
    int b = (int)((x - lo) / (hi - lo) * nbins);
    return b < 0 ? 0 : (b >= nbins ? nbins - 1 : b);
}

__global__ void hist_float(const float *x, int n, unsigned *bins, int nbins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&bins[bin_of(x[i], -4.0f, 4.0f, nbins)], 1u);
}

int main()
{
    const int n = 1 << 16;
    unsigned char *h = (unsigned char *)malloc(n);
    unsigned want[256] = {0}, got[256];
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        // skewed: many small values, so some bins are hot
        h[i] = (unsigned char)((s >> 16) % 7 == 0 ? (s >> 8) & 255 : (s >> 20) & 15);
        want[h[i]]++;
    }
    unsigned char *d;
    unsigned *dbins;
    CK(cudaMalloc(&d, n));
    CK(cudaMalloc(&dbins, 1000 * sizeof(unsigned)));
    CK(cudaMemcpy(d, h, n, cudaMemcpyHostToDevice));
    CK(cudaMemset(dbins, 0, 256 * sizeof(unsigned)));
    hist_shared<<<30, 256>>>(d, n, dbins);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got, dbins, sizeof got, cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int b = 0; b < 256 && bad < 0; b++)
        if (got[b] != want[b])
            bad = b;
    check("hist_shared_privatised", bad < 0, "bin %d = %u, expected %u", bad,
          bad < 0 ? 0 : got[bad], bad < 0 ? 0 : want[bad]);

    CK(cudaMemset(dbins, 0, 256 * sizeof(unsigned)));
    hist_global<<<(n + 255) / 256, 256>>>(d, n, dbins);
    CK(cudaMemcpy(got, dbins, sizeof got, cudaMemcpyDeviceToHost));
    bad = -1;
    for (int b = 0; b < 256 && bad < 0; b++)
        if (got[b] != want[b])
            bad = b;
    check("hist_global_atomics", bad < 0, "bin %d = %u, expected %u", bad,
          bad < 0 ? 0 : got[bad], bad < 0 ? 0 : want[bad]);

    // Floats: a sum of uniform values (roughly normal), 1000 bins over [-4, 4).
    const int nbins = 1000;
    float *hx = (float *)malloc(n * sizeof(float)), *dx;
    unsigned *wf = (unsigned *)calloc(nbins, sizeof(unsigned));
    unsigned *gf = (unsigned *)malloc(nbins * sizeof(unsigned));
    for (int i = 0; i < n; i++) {
        float acc = 0;
        for (int k = 0; k < 4; k++) {
            s = s * 1103515245u + 12345u;
            acc += (float)((s >> 8) & 0xffff) / 65536.0f - 0.5f;
        }
        hx[i] = acc * 1.5f;
        wf[bin_of(hx[i], -4.0f, 4.0f, nbins)]++;
    }
    CK(cudaMalloc(&dx, n * sizeof(float)));
    CK(cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemset(dbins, 0, nbins * sizeof(unsigned)));
    hist_float<<<(n + 127) / 128, 128>>>(dx, n, dbins, nbins);
    CK(cudaMemcpy(gf, dbins, nbins * sizeof(unsigned), cudaMemcpyDeviceToHost));
    bad = -1;
    unsigned total = 0;
    for (int b = 0; b < nbins; b++) {
        total += gf[b];
        if (bad < 0 && gf[b] != wf[b])
            bad = b;
    }
    check("hist_float_bins", bad < 0 && total == (unsigned)n, "bin %d = %u, expected %u (total %u)",
          bad, bad < 0 ? 0 : gf[bad], bad < 0 ? 0 : wf[bad], total);

    CK(cudaFree(d));
    CK(cudaFree(dbins));
    CK(cudaFree(dx));
    free(h);
    free(hx);
    free(wf);
    free(gf);
    return failed;
}
