// Device memory: cudaMalloc/cudaFree, cudaMemcpy in every direction (explicit kinds and
// cudaMemcpyDefault), cudaMemset, cudaMemGetInfo, allocation failure and its error code.
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

__global__ void square(const int *in, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (long long)in[i] * in[i];
}

int main()
{
    const int n = 1 << 16;
    int *h = (int *)malloc(n * sizeof(int)), *h2 = (int *)malloc(n * sizeof(int));
    long long *hl = (long long *)malloc(n * sizeof(long long));
    for (int i = 0; i < n; i++)
        h[i] = (int)(i * 2654435761u) >> 8;

    int *d1, *d2;
    long long *dl;
    CK(cudaMalloc(&d1, n * sizeof(int)));
    CK(cudaMalloc(&d2, n * sizeof(int)));
    CK(cudaMalloc(&dl, n * sizeof(long long)));
    check("malloc_distinct", d1 != d2 && d1 && d2, "d1 %p d2 %p", (void *)d1, (void *)d2);
    check("malloc_aligned", ((uintptr_t)d1 % 256) == 0 && ((uintptr_t)dl % 256) == 0,
          "d1 %p dl %p", (void *)d1, (void *)dl);

    CK(cudaMemcpy(d1, h, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d2, d1, n * sizeof(int), cudaMemcpyDeviceToDevice));
    memset(h2, 0, n * sizeof(int));
    CK(cudaMemcpy(h2, d2, n * sizeof(int), cudaMemcpyDeviceToHost));
    check("memcpy_h2d_d2d_d2h", memcmp(h, h2, n * sizeof(int)) == 0, "round trip differs");

    // Host to host through cudaMemcpy.
    memset(h2, 0, n * sizeof(int));
    CK(cudaMemcpy(h2, h, n * sizeof(int), cudaMemcpyHostToHost));
    check("memcpy_h2h", memcmp(h, h2, n * sizeof(int)) == 0, "h2h differs");

    // cudaMemcpyDefault infers the direction from the pointers.
    for (int i = 0; i < n; i++)
        h[i] = i ^ 0x5555;
    CK(cudaMemcpy(d1, h, n * sizeof(int), cudaMemcpyDefault));
    CK(cudaMemcpy(d2 + 10, d1 + 20, 1000 * sizeof(int), cudaMemcpyDefault));
    memset(h2, 0, n * sizeof(int));
    CK(cudaMemcpy(h2, d2, n * sizeof(int), cudaMemcpyDefault));
    bool ok = true;
    for (int i = 0; i < 1000; i++)
        ok = ok && h2[10 + i] == h[20 + i];
    check("memcpy_default_offsets", ok, "partial copy wrong");

    // A kernel on the data.
    square<<<(n + 255) / 256, 256>>>(d1, dl, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(hl, dl, n * sizeof(long long), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (hl[i] != (long long)h[i] * h[i])
            bad = i;
    check("kernel_on_copied_data", bad < 0, "out[%d] = %lld", bad, bad < 0 ? 0 : hl[bad]);

    // cudaMemset sets bytes; partial ranges leave the rest alone.
    CK(cudaMemset(d1, 0x5a, n * sizeof(int)));
    CK(cudaMemset((char *)d1 + 4 * 100 + 1, 0, 6));
    CK(cudaMemcpy(h2, d1, n * sizeof(int), cudaMemcpyDeviceToHost));
    ok = true;
    for (int i = 0; i < n; i++) {
        int want = 0x5a5a5a5a;
        if (i == 100)
            want = 0x5a;  // bytes 401..403 cleared (little endian: the upper three)
        if (i == 101)
            want = 0x5a000000;  // bytes 404..406 cleared, 407 kept
        if (h2[i] != want) {
            if (ok)
                printf("  memset: h2[%d] = %08x, want %08x\n", i, h2[i], want);
            ok = false;
        }
    }
    check("memset_bytes", ok, "memset pattern wrong");

    // cudaMemGetInfo: sane numbers, and an allocation of 64 MiB (at most a quarter of what is
    // free) works.
    size_t freeb = 0, total = 0;
    CK(cudaMemGetInfo(&freeb, &total));
    check("mem_get_info", total > 0 && freeb > 0 && freeb <= total, "free %zu total %zu", freeb,
          total);
    size_t big = freeb / 4 < ((size_t)64 << 20) ? freeb / 4 : ((size_t)64 << 20);
    char *dbig = nullptr;
    cudaError_t e = cudaMalloc(&dbig, big);
    check("malloc_large", e == cudaSuccess && dbig, "cudaMalloc(%zu) = %s", big,
          cudaGetErrorName(e));
    if (e == cudaSuccess) {
        CK(cudaMemset(dbig, 1, big));
        char tail[16];
        CK(cudaMemcpy(tail, dbig + big - 16, 16, cudaMemcpyDeviceToHost));
        check("malloc_large_usable", tail[0] == 1 && tail[15] == 1, "tail %d %d", tail[0],
              tail[15]);
        CK(cudaFree(dbig));
    }

    // An impossible allocation fails with cudaErrorMemoryAllocation, which cudaGetLastError
    // then reports once and clears.
    void *huge = nullptr;
    e = cudaMalloc(&huge, (size_t)1 << 60);
    check("malloc_too_big", e == cudaErrorMemoryAllocation, "cudaMalloc(2^60) = %s",
          cudaGetErrorName(e));
    cudaError_t last = cudaGetLastError();
    cudaError_t last2 = cudaGetLastError();
    check("malloc_error_last_error", last == cudaErrorMemoryAllocation && last2 == cudaSuccess,
          "last %s then %s", cudaGetErrorName(last), cudaGetErrorName(last2));
    check("error_string_memory", strcmp(cudaGetErrorString(cudaErrorMemoryAllocation),
                                        "out of memory") == 0,
          "'%s'", cudaGetErrorString(cudaErrorMemoryAllocation));
    // Everything still works afterwards.
    CK(cudaMemcpy(h2, d2 + 10, sizeof(int), cudaMemcpyDeviceToHost));
    check("usable_after_failure", h2[0] == h[20], "%d", h2[0]);

    CK(cudaFree(nullptr));
    CK(cudaFree(d1));
    CK(cudaFree(d2));
    CK(cudaFree(dl));
    free(h);
    free(h2);
    free(hl);
    return failed;
}
