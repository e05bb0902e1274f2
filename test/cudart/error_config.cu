// Launch-configuration errors and error reporting: too many threads per block, a block
// dimension or grid dimension over its limit, an empty grid, too much dynamic shared
// memory; cudaGetLastError clears, cudaPeekAtLastError does not; these errors are not
// sticky (the next launch works); cudaGetErrorName/String give NVIDIA's texts.
//
// The error for a bad block or grid shape depends on the runtime: CUDA 12 and earlier
// return cudaErrorInvalidConfiguration; the CUDA 13.0 runtime returns cudaErrorInvalidValue
// (seen on an H100, driver 580.159, for <<<>>>, cudaLaunchKernel and cudaLaunchKernelExC
// alike). The program expects the one that matches cudaRuntimeGetVersion.
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

__global__ void write_ones(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = 1;
}

__global__ void uses_shared(int *d)
{
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    d[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

static int *d_buf;

// Launches with the configuration, then checks that the launch failed with `want`, the
// buffer was not written, and the error was reported once.
static void bad_launch(const char *name, dim3 grid, dim3 block, size_t shmem, cudaError_t want)
{
    CK(cudaMemset(d_buf, 0, 4096 * sizeof(int)));
    CK(cudaDeviceSynchronize());
    if (shmem)
        uses_shared<<<grid, block, shmem>>>(d_buf);
    else
        write_ones<<<grid, block>>>(d_buf, 4096);
    cudaError_t peek = cudaPeekAtLastError();
    cudaError_t e = cudaGetLastError();
    cudaError_t again = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    int first = -1;
    CK(cudaMemcpy(&first, d_buf, sizeof first, cudaMemcpyDeviceToHost));
    check(name, e == want && peek == want && again == cudaSuccess && sync == cudaSuccess &&
                    first == 0,
          "got %s (peek %s, then %s, sync %s, d[0] %d), expected %s", cudaGetErrorName(e),
          cudaGetErrorName(peek), cudaGetErrorName(again), cudaGetErrorName(sync), first,
          cudaGetErrorName(want));
}

int main()
{
    CK(cudaMalloc(&d_buf, 4096 * sizeof(int)));
    int rt = 0;
    CK(cudaRuntimeGetVersion(&rt));
    cudaError_t shape = rt >= 13000 ? cudaErrorInvalidValue : cudaErrorInvalidConfiguration;
    bad_launch("block_2048_threads", dim3(1), dim3(2048), 0, shape);
    bad_launch("block_32x32x2", dim3(1), dim3(32, 32, 2), 0, shape);
    bad_launch("block_z_65", dim3(1), dim3(1, 1, 65), 0, shape);
    bad_launch("grid_y_65536", dim3(1, 65536), dim3(32), 0, shape);
    bad_launch("grid_zero", dim3(0), dim3(32), 0, shape);
    bad_launch("block_zero", dim3(4), dim3(0), 0, shape);
    bad_launch("shared_too_large", dim3(1), dim3(32), 1 << 20, cudaErrorInvalidValue);

    // Not sticky: a correct launch right after works.
    write_ones<<<16, 256>>>(d_buf, 4096);
    cudaError_t e = cudaGetLastError();
    cudaError_t s = cudaDeviceSynchronize();
    int *h = (int *)malloc(4096 * sizeof(int));
    CK(cudaMemcpy(h, d_buf, 4096 * sizeof(int), cudaMemcpyDeviceToHost));
    int sum = 0;
    for (int i = 0; i < 4096; i++)
        sum += h[i];
    check("good_launch_after_errors", e == cudaSuccess && s == cudaSuccess && sum == 4096,
          "%s %s sum %d", cudaGetErrorName(e), cudaGetErrorName(s), sum);

    // An invalid argument to an API call: the call returns the error and cudaGetLastError
    // reports it once.
    e = cudaMemcpy(h, d_buf, 16, (cudaMemcpyKind)77);
    cudaError_t last = cudaGetLastError();
    check("memcpy_bad_kind", e == cudaErrorInvalidMemcpyDirection &&
                                 last == cudaErrorInvalidMemcpyDirection,
          "%s, last %s", cudaGetErrorName(e), cudaGetErrorName(last));
    check("clean_after_get_last_error", cudaGetLastError() == cudaSuccess &&
                                            cudaPeekAtLastError() == cudaSuccess,
          "still an error pending");

    // NVIDIA's names and texts.
    struct {
        cudaError_t e;
        int value;
        const char *name, *text;
    } texts[] = {
        {cudaSuccess, 0, "cudaSuccess", "no error"},
        {cudaErrorInvalidValue, 1, "cudaErrorInvalidValue", "invalid argument"},
        {cudaErrorMemoryAllocation, 2, "cudaErrorMemoryAllocation", "out of memory"},
        {cudaErrorInvalidConfiguration, 9, "cudaErrorInvalidConfiguration",
         "invalid configuration argument"},
        {cudaErrorInvalidPitchValue, 12, "cudaErrorInvalidPitchValue", "invalid pitch argument"},
        {cudaErrorInvalidSymbol, 13, "cudaErrorInvalidSymbol", "invalid device symbol"},
        {cudaErrorInvalidDeviceFunction, 98, "cudaErrorInvalidDeviceFunction",
         "invalid device function"},
        {cudaErrorInvalidDevice, 101, "cudaErrorInvalidDevice", "invalid device ordinal"},
        {cudaErrorInvalidResourceHandle, 400, "cudaErrorInvalidResourceHandle",
         "invalid resource handle"},
        {cudaErrorNotReady, 600, "cudaErrorNotReady", "device not ready"},
        {cudaErrorIllegalAddress, 700, "cudaErrorIllegalAddress",
         "an illegal memory access was encountered"},
        {cudaErrorLaunchOutOfResources, 701, "cudaErrorLaunchOutOfResources",
         "too many resources requested for launch"},
        {cudaErrorAssert, 710, "cudaErrorAssert", "device-side assert triggered"},
        {cudaErrorLaunchFailure, 719, "cudaErrorLaunchFailure", "unspecified launch failure"},
        {cudaErrorCooperativeLaunchTooLarge, 720, "cudaErrorCooperativeLaunchTooLarge",
         "too many blocks in cooperative launch"},
        {cudaErrorNotSupported, 801, "cudaErrorNotSupported", "operation not supported"},
        {cudaErrorUnknown, 999, "cudaErrorUnknown", "unknown error"},
    };
    for (auto &t : texts) {
        char name[96];
        sprintf(name, "text_%s", t.name);
        const char *n = cudaGetErrorName(t.e), *str = cudaGetErrorString(t.e);
        check(name, (int)t.e == t.value && strcmp(n, t.name) == 0 && strcmp(str, t.text) == 0,
              "%d '%s' '%s'", (int)t.e, n, str);
    }
    const char *un = cudaGetErrorName((cudaError_t)12345);
    const char *us = cudaGetErrorString((cudaError_t)12345);
    check("text_unrecognized", strcmp(un, "unrecognized error code") == 0 &&
                                   strcmp(us, "unrecognized error code") == 0,
          "'%s' '%s'", un, us);

    CK(cudaFree(d_buf));
    free(h);
    return failed;
}
