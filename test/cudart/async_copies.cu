// Asynchronous copies: cudaMemcpyAsync host to device, device to host, device to device,
// host to host and cudaMemcpyDefault, from pinned and pageable memory, cudaMemsetAsync,
// and the usual chunked pipeline over several streams.
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

__global__ void inc_mul(int *a, int n, int add, int mul)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (a[i] + add) * mul;
}

int main()
{
    const int n = 1 << 16;
    const size_t bytes = n * sizeof(int);
    int *pin_a, *pin_b, *page = (int *)malloc(bytes), *page2 = (int *)malloc(bytes);
    CK(cudaMallocHost(&pin_a, bytes));
    CK(cudaMallocHost(&pin_b, bytes));
    for (int i = 0; i < n; i++)
        pin_a[i] = page[i] = i * 3 - 77;
    int *d1, *d2;
    CK(cudaMalloc(&d1, bytes));
    CK(cudaMalloc(&d2, bytes));
    cudaStream_t s;
    CK(cudaStreamCreate(&s));

    // Pinned: H2D, kernel, D2D, kernel, D2H all queued on one stream, one sync at the end.
    CK(cudaMemcpyAsync(d1, pin_a, bytes, cudaMemcpyHostToDevice, s));
    inc_mul<<<n / 256, 256, 0, s>>>(d1, n, 1, 2);
    CK(cudaMemcpyAsync(d2, d1, bytes, cudaMemcpyDeviceToDevice, s));
    inc_mul<<<n / 256, 256, 0, s>>>(d2, n, 3, 5);
    CK(cudaMemcpyAsync(pin_b, d2, bytes, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (pin_b[i] != (((pin_a[i] + 1) * 2) + 3) * 5)
            bad = i;
    check("async_pinned_chain", bad < 0, "b[%d] = %d", bad, bad < 0 ? 0 : pin_b[bad]);

    // Pageable memory with async copies (synchronous for the host, still correct).
    CK(cudaMemcpyAsync(d1, page, bytes, cudaMemcpyHostToDevice, s));
    inc_mul<<<n / 256, 256, 0, s>>>(d1, n, -1, 3);
    CK(cudaMemcpyAsync(page2, d1, bytes, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (page2[i] != (page[i] - 1) * 3)
            bad = i;
    check("async_pageable", bad < 0, "page2[%d] = %d", bad, bad < 0 ? 0 : page2[bad]);

    // Host to host and default-kind async copies.
    memset(pin_b, 0, bytes);
    CK(cudaMemcpyAsync(pin_b, pin_a, bytes, cudaMemcpyHostToHost, s));
    CK(cudaStreamSynchronize(s));
    check("async_h2h", memcmp(pin_a, pin_b, bytes) == 0, "h2h differs");
    CK(cudaMemcpyAsync(d2, pin_a, bytes, cudaMemcpyDefault, s));
    CK(cudaMemcpyAsync(d1, d2, bytes / 2, cudaMemcpyDefault, s));
    CK(cudaMemsetAsync(d1 + n / 2, 0x01, bytes / 2, s));
    CK(cudaMemcpyAsync(pin_b, d1, bytes, cudaMemcpyDefault, s));
    CK(cudaStreamSynchronize(s));
    bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (pin_b[i] != (i < n / 2 ? pin_a[i] : 0x01010101))
            bad = i;
    check("async_default_and_memset", bad < 0, "b[%d] = %#x", bad, bad < 0 ? 0 : pin_b[bad]);

    // A pipeline: four streams each copy in a chunk, process it and copy it out.
    const int nstreams = 4, chunk = n / nstreams;
    cudaStream_t st[nstreams];
    for (int k = 0; k < nstreams; k++)
        CK(cudaStreamCreate(&st[k]));
    memset(pin_b, 0, bytes);
    for (int k = 0; k < nstreams; k++) {
        int off = k * chunk;
        CK(cudaMemcpyAsync(d1 + off, pin_a + off, chunk * sizeof(int), cudaMemcpyHostToDevice,
                           st[k]));
        inc_mul<<<chunk / 128, 128, 0, st[k]>>>(d1 + off, chunk, k, k + 2);
        CK(cudaMemcpyAsync(pin_b + off, d1 + off, chunk * sizeof(int), cudaMemcpyDeviceToHost,
                           st[k]));
    }
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    bad = -1;
    for (int i = 0; i < n && bad < 0; i++) {
        int k = i / chunk;
        if (pin_b[i] != (pin_a[i] + k) * (k + 2))
            bad = i;
    }
    check("async_pipeline_streams", bad < 0, "b[%d] = %d", bad, bad < 0 ? 0 : pin_b[bad]);

    // Async copies on the default stream (stream 0).
    CK(cudaMemsetAsync(d2, 0, bytes));
    CK(cudaMemcpyAsync(d2, pin_a, 64 * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpyAsync(pin_b, d2, 128 * sizeof(int), cudaMemcpyDeviceToHost, 0));
    CK(cudaStreamSynchronize(0));
    bool ok = memcmp(pin_b, pin_a, 64 * sizeof(int)) == 0;
    for (int i = 64; i < 128; i++)
        ok = ok && pin_b[i] == 0;
    check("async_default_stream", ok, "b[0] = %d b[64] = %d", pin_b[0], pin_b[64]);

    for (int k = 0; k < nstreams; k++)
        CK(cudaStreamDestroy(st[k]));
    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(pin_a));
    CK(cudaFreeHost(pin_b));
    CK(cudaFree(d1));
    CK(cudaFree(d2));
    free(page);
    free(page2);
    return failed;
}
