// The smallest ordinary CUDA program: vector addition with cudaMalloc, cudaMemcpy, a
// <<<blocks, threads>>> launch, cudaGetLastError and cudaDeviceSynchronize, in float and
// double, with a grid-stride loop variant.
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

template <typename T> __global__ void vadd(const T *a, const T *b, T *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

template <typename T> __global__ void vadd_stride(const T *a, const T *b, T *c, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        c[i] = a[i] + b[i];
}

template <typename T> static void run(const char *name, bool stride)
{
    const int n = 1 << 16;
    size_t bytes = n * sizeof(T);
    T *a = (T *)malloc(bytes), *b = (T *)malloc(bytes), *c = (T *)malloc(bytes);
    for (int i = 0; i < n; i++) {
        a[i] = (T)(i % 1000) * (T)0.5;
        b[i] = (T)(i / 1000) - (T)17.25;
    }
    T *da, *db, *dc;
    CK(cudaMalloc(&da, bytes));
    CK(cudaMalloc(&db, bytes));
    CK(cudaMalloc(&dc, bytes));
    CK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
    if (stride)
        vadd_stride<T><<<37, 96>>>(da, db, dc, n);
    else
        vadd<T><<<(n + 255) / 256, 256>>>(da, db, dc, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (c[i] != a[i] + b[i])
            bad = i;
    check(name, bad < 0, "c[%d] = %g, expected %g", bad, bad < 0 ? 0.0 : (double)c[bad],
          bad < 0 ? 0.0 : (double)(a[bad] + b[bad]));
    CK(cudaFree(da));
    CK(cudaFree(db));
    CK(cudaFree(dc));
    free(a);
    free(b);
    free(c);
}

int main()
{
    run<float>("vector_add_float", false);
    run<double>("vector_add_double", false);
    run<float>("vector_add_grid_stride", true);
    run<int>("vector_add_int", true);
    return failed;
}
