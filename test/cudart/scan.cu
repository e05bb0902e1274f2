// Prefix sums: a work-efficient (Blelloch) exclusive scan per block in shared memory, the
// block totals scanned recursively, offsets added back (any n, several levels); and an
// inclusive scan built from warp shuffles.
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

#define B 256            // threads per block
#define E (2 * B)        // elements per block

__global__ void scan_block(const int *in, int *out, int *sums, int n)
{
    __shared__ int s[E];
    int t = threadIdx.x, base = blockIdx.x * E;
    s[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0;
    s[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0;
    int off = 1;
    for (int d = E >> 1; d > 0; d >>= 1) {  // up-sweep
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
            s[bi] += s[ai];
        }
        off <<= 1;
    }
    if (t == 0) {
        if (sums)
            sums[blockIdx.x] = s[E - 1];
        s[E - 1] = 0;
    }
    for (int d = 1; d < E; d <<= 1) {  // down-sweep
        off >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
            int x = s[ai];
            s[ai] = s[bi];
            s[bi] += x;
        }
    }
    __syncthreads();
    if (base + 2 * t < n)
        out[base + 2 * t] = s[2 * t];
    if (base + 2 * t + 1 < n)
        out[base + 2 * t + 1] = s[2 * t + 1];
}

__global__ void add_offsets(int *data, const int *offsets, int n)
{
    int i = blockIdx.x * E + threadIdx.x;
    int o = offsets[blockIdx.x];
    if (i < n)
        data[i] += o;
    if (i + B < n)
        data[i + B] += o;
}

// Exclusive scan of d_in into d_out (n elements), recursive over the block sums.
static void scan(const int *d_in, int *d_out, int n)
{
    int nb = (n + E - 1) / E;
    int *d_sums, *d_sums_scanned;
    CK(cudaMalloc(&d_sums, nb * sizeof(int)));
    CK(cudaMalloc(&d_sums_scanned, nb * sizeof(int)));
    scan_block<<<nb, B>>>(d_in, d_out, d_sums, n);
    if (nb > 1) {
        scan(d_sums, d_sums_scanned, nb);
        add_offsets<<<nb, B>>>(d_out, d_sums_scanned, n);
    }
    CK(cudaGetLastError());
    CK(cudaFree(d_sums));
    CK(cudaFree(d_sums_scanned));
}

__global__ void warp_inclusive(const int *in, int *out, int n)
{
    __shared__ int warp_tot[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, w = threadIdx.x / 32;
    int v = i < n ? in[i] : 0;
    for (int d = 1; d < 32; d <<= 1) {
        int u = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d)
            v += u;
    }
    if (lane == 31)
        warp_tot[w] = v;
    __syncthreads();
    if (w == 0) {
        int tsum = lane < blockDim.x / 32 ? warp_tot[lane] : 0;
        for (int d = 1; d < 32; d <<= 1) {
            int u = __shfl_up_sync(0xffffffffu, tsum, d);
            if (lane >= d)
                tsum += u;
        }
        warp_tot[lane] = tsum;
    }
    __syncthreads();
    if (w > 0)
        v += warp_tot[w - 1];
    if (i < n)
        out[i] = v;  // inclusive within the block
}

int main()
{
    int sizes[] = {1, 511, 512, 513, 100000, 300001};
    for (int n : sizes) {
        int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
        for (int i = 0; i < n; i++)
            h[i] = (int)((i * 7u + 3) % 23) - 11;
        int *din, *dout;
        CK(cudaMalloc(&din, n * sizeof(int)));
        CK(cudaMalloc(&dout, n * sizeof(int)));
        CK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
        scan(din, dout, n);
        CK(cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
        int acc = 0, bad = -1;
        for (int i = 0; i < n && bad < 0; i++) {
            if (r[i] != acc)
                bad = i;
            acc += h[i];
        }
        char name[64];
        sprintf(name, "exclusive_scan_%d", n);
        check(name, bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : r[bad]);

        warp_inclusive<<<(n + 1023) / 1024, 1024>>>(din, dout, n);
        CK(cudaGetLastError());
        CK(cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
        bad = -1;
        acc = 0;
        for (int i = 0; i < n && bad < 0; i++) {
            if (i % 1024 == 0)
                acc = 0;
            acc += h[i];
            if (r[i] != acc)
                bad = i;
        }
        sprintf(name, "warp_inclusive_scan_%d", n);
        check(name, bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : r[bad]);
        CK(cudaFree(din));
        CK(cudaFree(dout));
        free(h);
        free(r);
    }
    return failed;
}
