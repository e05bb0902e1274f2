// Kernel attributes and occupancy: cudaFuncGetAttributes (static shared size, thread limit),
// cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize) followed by a launch that
// uses the larger dynamic shared memory, cudaOccupancyMaxActiveBlocksPerMultiprocessor and
// cudaOccupancyMaxPotentialBlockSize, a kernel with __launch_bounds__.
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

__global__ void static_shared(const float *in, float *out)
{
    __shared__ float tile[512];
    tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

// Sums 16384 ints (64 KiB) staged through dynamic shared memory.
__global__ void big_dynamic(const int *in, int *out, int n)
{
    extern __shared__ int buf[];
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        buf[i] = in[i] * 2;
    __syncthreads();
    if (threadIdx.x == 0) {
        long long s = 0;
        for (int i = 0; i < n; i++)
            s += buf[n - 1 - i] * (long long)(i % 3);
        out[blockIdx.x] = (int)s;
    }
}

__global__ void __launch_bounds__(128) bounded(int *out) { out[threadIdx.x] = threadIdx.x; }

int main()
{
    cudaFuncAttributes fa;
    memset(&fa, 0, sizeof fa);
    CK(cudaFuncGetAttributes(&fa, static_shared));
    check("static_shared_size", fa.sharedSizeBytes >= 512 * sizeof(float) &&
                                    fa.sharedSizeBytes < 48 * 1024,
          "sharedSizeBytes %zu", fa.sharedSizeBytes);
    check("max_threads", fa.maxThreadsPerBlock > 0 && fa.maxThreadsPerBlock <= 1024,
          "maxThreadsPerBlock %d", fa.maxThreadsPerBlock);
    check("ptx_binary_version", fa.ptxVersion >= 80 || fa.binaryVersion >= 80,
          "ptx %d binary %d", fa.ptxVersion, fa.binaryVersion);
    CK(cudaFuncGetAttributes(&fa, bounded));
    check("launch_bounds", fa.maxThreadsPerBlock > 0 && fa.maxThreadsPerBlock <= 128,
          "maxThreadsPerBlock %d", fa.maxThreadsPerBlock);

    // Launching bounded with more threads than its bound fails.
    int *dout;
    CK(cudaMalloc(&dout, 1024 * sizeof(int)));
    // (cudaErrorInvalidValue from NVIDIA's CUDA 13.0 runtime on an H100; older runtimes
    // report it as a configuration or resource error.)
    int rt = 0;
    CK(cudaRuntimeGetVersion(&rt));
    bounded<<<1, 256>>>(dout);
    cudaError_t e = cudaGetLastError();
    check("launch_bounds_exceeded",
          rt >= 13000 ? e == cudaErrorInvalidValue
                      : (e == cudaErrorInvalidValue || e == cudaErrorLaunchOutOfResources ||
                         e == cudaErrorInvalidConfiguration),
          "%s", cudaGetErrorName(e));
    bounded<<<1, 128>>>(dout);
    CK(cudaGetLastError());

    // static_shared actually works.
    const int nb = 8, nt = 512;
    float *din, *dres, hin[nb * nt], hres[nb * nt];
    for (int i = 0; i < nb * nt; i++)
        hin[i] = (float)i;
    CK(cudaMalloc(&din, sizeof hin));
    CK(cudaMalloc(&dres, sizeof hres));
    CK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
    static_shared<<<nb, nt>>>(din, dres);
    CK(cudaMemcpy(hres, dres, sizeof hres, cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < nb * nt && bad < 0; i++)
        if (hres[i] != hin[(i / nt) * nt + (i % nt + 1) % nt])
            bad = i;
    check("static_shared_kernel", bad < 0, "out[%d] = %g", bad, bad < 0 ? 0 : hres[bad]);

    // 64 KiB of dynamic shared memory needs the opt-in attribute.
    const int n = 16384;
    size_t shmem = n * sizeof(int);
    int optin = 0;
    CK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    if ((size_t)optin < shmem) {
        printf("FAIL dynamic_shared_optin: device allows only %d bytes\n", optin);
        return 1;
    }
    CK(cudaFuncSetAttribute(big_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int)shmem));
    CK(cudaFuncGetAttributes(&fa, big_dynamic));
    check("max_dynamic_shared_attribute", fa.maxDynamicSharedSizeBytes == (int)shmem,
          "maxDynamicSharedSizeBytes %d", fa.maxDynamicSharedSizeBytes);
    int *hbig = (int *)malloc(shmem), *dbig, hsum[2];
    for (int i = 0; i < n; i++)
        hbig[i] = (i * 7) % 1000 - 500;
    CK(cudaMalloc(&dbig, shmem));
    CK(cudaMemcpy(dbig, hbig, shmem, cudaMemcpyHostToDevice));
    big_dynamic<<<2, 256, shmem>>>(dbig, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(hsum, dout, sizeof hsum, cudaMemcpyDeviceToHost));
    long long want = 0;
    for (int i = 0; i < n; i++)
        want += hbig[n - 1 - i] * 2 * (long long)(i % 3);
    check("dynamic_shared_64k", hsum[0] == (int)want && hsum[1] == (int)want, "got %d %d, want %lld",
          hsum[0], hsum[1], want);

    // More than the opt-in maximum is refused.
    e = cudaFuncSetAttribute(big_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             optin + 4096);
    check("set_attribute_too_large", e == cudaErrorInvalidValue, "%s", cudaGetErrorName(e));
    cudaGetLastError();

    // Occupancy.
    int blocks = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, static_shared, 256, 0));
    int per_sm = 0;
    CK(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, 0));
    check("occupancy_blocks", blocks >= 1 && blocks * 256 <= per_sm, "%d blocks of 256 (%d per SM)",
          blocks, per_sm);
    int blocks_big = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_big, big_dynamic, 256, shmem));
    check("occupancy_shared_limited", blocks_big >= 1 && blocks_big <= blocks,
          "%d blocks with 64 KiB (%d without)", blocks_big, blocks);
    int min_grid = 0, block_size = 0;
    CK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block_size, static_shared, 0, 0));
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    check("potential_block_size", block_size > 0 && block_size <= 1024 && block_size % 32 == 0 &&
                                      min_grid >= sms,
          "block %d grid %d (%d SMs)", block_size, min_grid, sms);
    CK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block_size, bounded, 0, 0));
    check("potential_block_size_bounded", block_size > 0 && block_size <= 128,
          "block %d", block_size);

    CK(cudaFree(dout));
    CK(cudaFree(din));
    CK(cudaFree(dres));
    CK(cudaFree(dbig));
    free(hbig);
    return failed;
}
