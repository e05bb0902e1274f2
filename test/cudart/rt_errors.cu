// rt_errors: errors with CUDA's codes, names and texts — a bad launch
// configuration (cudaErrorInvalidConfiguration up to CUDA 12; NVIDIA's
// 13.0 runtime returns cudaErrorInvalidValue, seen on an H100), a bad copy direction, an unknown symbol or device, an
// entry point ptx2native does not implement, and kernels that fail: a
// device-side assert (cudaErrorAssert) and a trap (cudaErrorLaunchFailure),
// each sticky until cudaDeviceReset, and a store to an address the
// process may not touch (cudaErrorIllegalAddress), which does not take the
// process down.
#include <cassert>
#include <cstdio>
#include <cstring>

static int failures;
static void check(bool ok, const char *what, cudaError_t got)
{
    printf("%s errors/%s (%s)\n", ok ? "PASS" : "FAIL", what, cudaGetErrorName(got));
    failures += !ok;
}

__global__ void fill(int *p, int v)
{
    p[threadIdx.x] = v;
}

__global__ void asserts(int *p)
{
    assert(p[threadIdx.x] == 0);
}

__global__ void traps(int *p)
{
    if (threadIdx.x == 3)
        asm volatile("trap;");
    p[threadIdx.x] = 1;
}

__global__ void wild_store(int *p)
{
    p[threadIdx.x] = 1;
}

int not_a_symbol;

int main()
{
    int rt = 0;
    cudaRuntimeGetVersion(&rt);
    const cudaError_t bad_shape = rt >= 13000 ? cudaErrorInvalidValue : cudaErrorInvalidConfiguration;
    int *d;
    cudaMalloc(&d, 1024 * sizeof(int));

    fill<<<1, 2048>>>(d, 1);
    cudaError_t e = cudaGetLastError();
    check(e == bad_shape, "block-too-large", e);
    e = cudaGetLastError();
    check(e == cudaSuccess, "configuration-error-is-not-sticky", e);
    fill<<<dim3(1, 70000), 32>>>(d, 1);
    e = cudaGetLastError();
    check(e == bad_shape, "grid-y-too-large", e);
    fill<<<1, 32, 1 << 20>>>(d, 1);
    e = cudaGetLastError();
    check(e != cudaSuccess, "too-much-dynamic-shared-memory", e);
    e = cudaPeekAtLastError();
    check(e == cudaSuccess, "peek", e);

    int h;
    e = cudaMemcpy(&h, d, sizeof h, (cudaMemcpyKind)42);
    check(e == cudaErrorInvalidMemcpyDirection, "memcpy-direction", e);
    e = cudaMemcpyToSymbol(not_a_symbol, &h, sizeof h);
    check(e == cudaErrorInvalidSymbol, "unknown-symbol", e);
    e = cudaSetDevice(5);
    check(e == cudaErrorInvalidDevice, "set-device-5", e);
    cudaGraph_t g;
    e = cudaGraphCreate(&g, 0);
    check(e == cudaErrorNotSupported, "not-implemented-entry-point", e);
    cudaGetLastError();

    check(strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration), "cudaErrorInvalidConfiguration") == 0 &&
              strcmp(cudaGetErrorString(cudaErrorInvalidConfiguration), "invalid configuration argument") == 0 &&
              strcmp(cudaGetErrorName(cudaErrorAssert), "cudaErrorAssert") == 0 &&
              strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0 &&
              strcmp(cudaGetErrorName((cudaError_t)12345), "unrecognized error code") == 0,
          "names-and-texts", cudaSuccess);

    // a failed device-side assert
    cudaMemset(d, 0, 1024 * sizeof(int));
    fill<<<1, 1>>>(d + 5, 9);
    asserts<<<1, 32>>>(d);
    e = cudaDeviceSynchronize();
    check(e == cudaErrorAssert, "assert-at-synchronize", e);
    e = cudaGetLastError();
    check(e == cudaErrorAssert, "assert-is-sticky", e);
    e = cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    check(e == cudaErrorAssert, "assert-reported-by-memcpy", e);
    void *p = nullptr;
    e = cudaMalloc(&p, 16);
    check(e == cudaErrorAssert, "assert-reported-by-malloc", e);
    e = cudaDeviceReset();
    check(e == cudaSuccess, "reset", e);

    // after the reset the device works again
    fill<<<1, 32>>>(d, 4);
    e = cudaDeviceSynchronize();
    cudaMemcpy(&h, d + 31, sizeof h, cudaMemcpyDeviceToHost);
    check(e == cudaSuccess && h == 4, "works-after-reset", e);

    traps<<<1, 32>>>(d);
    e = cudaDeviceSynchronize();
    check(e == cudaErrorLaunchFailure, "trap", e);
    cudaDeviceReset();

    wild_store<<<2, 64>>>((int *)16); // the first page is never mapped
    e = cudaDeviceSynchronize();
    check(e == cudaErrorIllegalAddress, "illegal-address", e);
    cudaDeviceReset();
    cudaMalloc(&d, 64 * sizeof(int));
    fill<<<1, 64>>>(d, 5);
    e = cudaMemcpy(&h, d + 63, sizeof h, cudaMemcpyDeviceToHost);
    check(e == cudaSuccess && h == 5, "works-after-illegal-address", e);
    return failures != 0;
}
