// rt_driver_per_thread: the driver API in a program built with
// --default-stream per-thread (rt_driver_per_thread.flags), where cuda.h
// maps cuMemcpyHtoD, cuMemsetD32, cuLaunchKernel, cuStreamSynchronize, ...
// to their _ptds / _ptsz names and a null stream is the per-thread default
// stream.  The kernel comes from this file through cudaGetFuncBySymbol;
// every result is checked against values computed on the host.
#include <cuda.h>
#include <cstdio>
#include <cstring>
#include <vector>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s driver-per-thread/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

__global__ void scale_add(unsigned *p, unsigned n, unsigned a, unsigned b)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = p[i] * a + b;
}

static void CUDA_CB host_fn(void *data)
{
    *(int *)data += 1;
}

int main()
{
    check(cuInit(0) == CUDA_SUCCESS, "init");
    CUdevice dev;
    CUcontext ctx;
    cuDeviceGet(&dev, 0);
    check(cuDevicePrimaryCtxRetain(&ctx, dev) == CUDA_SUCCESS && cuCtxSetCurrent(ctx) == CUDA_SUCCESS, "context");

    const unsigned n = 2048;
    std::vector<unsigned> h(n), got(n), want(n);
    for (unsigned i = 0; i < n; i++)
        h[i] = i * 3 + 1;
    CUdeviceptr d, e;
    cuMemAlloc(&d, n * 4);
    cuMemAlloc(&e, n * 4);
    check(cuMemcpyHtoD(d, h.data(), n * 4) == CUDA_SUCCESS, "memcpy-htod");
    check(cuMemsetD8(e, 0x11, n * 4) == CUDA_SUCCESS && cuMemsetD16(e, 0x2233, 8) == CUDA_SUCCESS &&
              cuMemsetD32(e + 64, 0xabcdef01u, 4) == CUDA_SUCCESS,
          "memset-d8-d16-d32");
    cuMemcpyDtoH(got.data(), e, n * 4);
    bool ok = got[0] == 0x22332233u && got[3] == 0x22332233u && got[4] == 0x11111111u;
    for (unsigned i = 16; i < 20; i++)
        ok &= got[i] == 0xabcdef01u;
    ok &= got[20] == 0x11111111u && got[n - 1] == 0x11111111u;
    check(ok, "memset-values");

    // the kernel through the driver API, on the per-thread default stream
    CUfunction f;
    check(cudaGetFuncBySymbol(&f, (const void *)scale_add) == cudaSuccess, "get-func");
    unsigned nn = n, a = 5, b = 7;
    void *params[] = {&d, &nn, &a, &b};
    check(cuLaunchKernel(f, n / 256, 1, 1, 256, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS, "launch");
    int calls = 0;
    check(cuLaunchHostFunc(nullptr, host_fn, &calls) == CUDA_SUCCESS, "host-func");
    CUevent ev;
    cuEventCreate(&ev, CU_EVENT_DEFAULT);
    check(cuEventRecord(ev, nullptr) == CUDA_SUCCESS, "event-record");
    CUstream s;
    cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
    check(cuStreamWaitEvent(s, ev, 0) == CUDA_SUCCESS, "stream-wait-event");
    check(cuMemcpyDtoDAsync(e, d, n * 4, s) == CUDA_SUCCESS, "memcpy-dtod-async");
    check(cuMemsetD32Async(d, 0, n, s) == CUDA_SUCCESS && cuMemsetD8Async(d, 0x01, 4, s) == CUDA_SUCCESS,
          "memset-async");
    check(cuMemcpyDtoHAsync(got.data(), e, n * 4, s) == CUDA_SUCCESS, "memcpy-dtoh-async");
    check(cuStreamSynchronize(s) == CUDA_SUCCESS && cuStreamSynchronize(nullptr) == CUDA_SUCCESS &&
              cuStreamQuery(nullptr) == CUDA_SUCCESS,
          "synchronize-query");
    for (unsigned i = 0; i < n; i++)
        want[i] = h[i] * 5 + 7;
    check(got == want && calls == 1, "kernel-then-copy-in-order");

    // plain copies back: cuMemcpy, cuMemcpyDtoD, cuMemcpyHtoDAsync
    unsigned first = 0;
    cuMemcpyDtoH(&first, d, 4);
    check(first == 0x01010101u, "memset-async-values");
    check(cuMemcpyDtoD(d, e, n * 4) == CUDA_SUCCESS && cuMemcpy(e, d, n * 4) == CUDA_SUCCESS, "memcpy-dtod");
    check(cuMemcpyHtoDAsync(d, h.data(), 16, nullptr) == CUDA_SUCCESS &&
              cuMemcpyAsync(e + 16, d, 16, nullptr) == CUDA_SUCCESS,
          "memcpy-async");
    cuStreamSynchronize(nullptr);
    cuMemcpyDtoH(got.data(), e, n * 4);
    ok = true;
    for (unsigned i = 0; i < n; i++)
        ok &= got[i] == (i >= 4 && i < 8 ? h[i - 4] : want[i]);
    check(ok, "copies-values");
    cuStreamDestroy(s);
    cuEventDestroy(ev);
    cuMemFree(d);
    cuMemFree(e);
    return failures != 0;
}
