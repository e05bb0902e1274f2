// A kernel whose assert() fails in one thread: the next synchronisation returns
// cudaErrorAssert with NVIDIA's name and text, cudaGetLastError reports it, and the error is
// sticky, as on a GPU. (The device prints the failed assertion on stderr.)
#include <cassert>
#include <cstdarg>
#include <cstdint>
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

__global__ void maybe_fail(int *out, int bad_block, int bad_thread)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 1;
    assert(!(blockIdx.x == bad_block && threadIdx.x == bad_thread));
}

int main()
{
    const int nb = 8, nt = 64;
    int *d, h[nb * nt];
    CK(cudaMalloc(&d, sizeof h));
    // First a clean run of the same kernel: no failure.
    CK(cudaMemset(d, 0, sizeof h));
    maybe_fail<<<nb, nt>>>(d, -1, -1);
    cudaError_t e = cudaDeviceSynchronize();
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int sum = 0;
    for (int i = 0; i < nb * nt; i++)
        sum += h[i];
    check("clean_run", e == cudaSuccess && sum == nb * nt, "%s, sum %d", cudaGetErrorName(e), sum);

    fflush(stdout);
    maybe_fail<<<nb, nt>>>(d, 3, 5);
    cudaError_t launch = cudaGetLastError();
    e = cudaDeviceSynchronize();
    check("launch_accepted", launch == cudaSuccess || launch == cudaErrorAssert, "launch %s",
          cudaGetErrorName(launch));
    check("sync_error", e == cudaErrorAssert, "cudaDeviceSynchronize = %s, expected cudaErrorAssert",
          cudaGetErrorName(e));
    cudaError_t last = cudaGetLastError();
    check("get_last_error", last == cudaErrorAssert, "cudaGetLastError = %s", cudaGetErrorName(last));
    check("error_name", strcmp(cudaGetErrorName(e), "cudaErrorAssert") == 0, "'%s'",
          cudaGetErrorName(e));
    check("error_string", strcmp(cudaGetErrorString(e), "device-side assert triggered") == 0, "'%s'",
          cudaGetErrorString(e));
    // Sticky: the context is unusable from now on and every call says so.
    cudaError_t again = cudaDeviceSynchronize();
    void *p = nullptr;
    cudaError_t m = cudaMalloc(&p, 16);
    check("sticky", again == cudaErrorAssert && m == cudaErrorAssert, "sync again %s, cudaMalloc %s",
          cudaGetErrorName(again), cudaGetErrorName(m));
    return failed;
}
