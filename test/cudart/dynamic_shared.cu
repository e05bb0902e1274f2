// Dynamic shared memory (extern __shared__): several arrays of different types carved out of
// one allocation, sizes chosen at launch, the dynamic part together with static __shared__
// arrays, a templated kernel that reinterprets the extern buffer per type, and a block-wide
// sort through shared memory.
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

// Layout: double d[n] | int i[n] | char c[n] in one dynamic allocation.
__global__ void carve(const double *in, double *out, int n)
{
    extern __shared__ double dyn[];
    double *d = dyn;
    int *iv = (int *)(d + n);
    char *cv = (char *)(iv + n);
    __shared__ int static_count;
    int t = threadIdx.x;
    if (t == 0)
        static_count = 0;
    __syncthreads();
    for (int k = t; k < n; k += blockDim.x) {
        d[k] = in[blockIdx.x * n + k];
        iv[k] = (int)d[k];
        cv[k] = (char)(k & 0x7f);
        atomicAdd(&static_count, 1);
    }
    __syncthreads();
    for (int k = t; k < n; k += blockDim.x) {
        int j = n - 1 - k;
        out[blockIdx.x * n + k] = d[j] + iv[(j + 1) % n] + cv[j] + static_count;
    }
}

template <typename T> __global__ void block_sort(T *data)
{
    extern __shared__ unsigned char raw[];
    T *s = reinterpret_cast<T *>(raw);
    int t = threadIdx.x, n = blockDim.x;
    s[t] = data[blockIdx.x * n + t];
    __syncthreads();
    // Odd-even transposition sort, n phases.
    for (int phase = 0; phase < n; phase++) {
        int i = 2 * t + (phase & 1);
        T a = s[0], b = s[0];
        bool swap = false;
        if (i + 1 < n && t < n / 2) {
            a = s[i];
            b = s[i + 1];
            swap = b < a;
        }
        __syncthreads();
        if (swap) {
            s[i] = b;
            s[i + 1] = a;
        }
        __syncthreads();
    }
    data[blockIdx.x * n + t] = s[t];
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main()
{
    const int blocks = 6;
    int sizes[] = {1, 31, 100, 1000, 2000};
    for (int n : sizes) {
        double *hin = (double *)malloc(blocks * n * sizeof(double));
        double *hout = (double *)malloc(blocks * n * sizeof(double));
        for (int i = 0; i < blocks * n; i++)
            hin[i] = (i * 17) % 1009 + 0.5;
        double *din, *dout;
        CK(cudaMalloc(&din, blocks * n * sizeof(double)));
        CK(cudaMalloc(&dout, blocks * n * sizeof(double)));
        CK(cudaMemcpy(din, hin, blocks * n * sizeof(double), cudaMemcpyHostToDevice));
        size_t shmem = n * (sizeof(double) + sizeof(int) + sizeof(char));
        carve<<<blocks, 128, shmem>>>(din, dout, n);
        CK(cudaGetLastError());
        CK(cudaMemcpy(hout, dout, blocks * n * sizeof(double), cudaMemcpyDeviceToHost));
        int bad = -1;
        for (int b = 0; b < blocks && bad < 0; b++)
            for (int k = 0; k < n && bad < 0; k++) {
                int j = n - 1 - k;
                double want = hin[b * n + j] + (int)hin[b * n + (j + 1) % n] + (j & 0x7f) + n;
                if (hout[b * n + k] != want)
                    bad = b * n + k;
            }
        char name[64];
        sprintf(name, "carved_arrays_%d", n);
        check(name, bad < 0, "out[%d] = %g", bad, bad < 0 ? 0 : hout[bad]);
        CK(cudaFree(din));
        CK(cudaFree(dout));
        free(hin);
        free(hout);
    }

    // The same extern buffer as int and as double in two instantiations.
    const int nt = 256;
    int *hi = (int *)malloc(blocks * nt * sizeof(int)), *hi2 = (int *)malloc(blocks * nt * sizeof(int));
    double *hd = (double *)malloc(blocks * nt * sizeof(double));
    double *hd2 = (double *)malloc(blocks * nt * sizeof(double));
    for (int i = 0; i < blocks * nt; i++) {
        hi[i] = (int)((i * 2654435761u) >> 7) - (1 << 23);
        hd[i] = ((i * 7919) % 4099) * 0.125 - 100;
    }
    int *di;
    double *dd;
    CK(cudaMalloc(&di, blocks * nt * sizeof(int)));
    CK(cudaMalloc(&dd, blocks * nt * sizeof(double)));
    CK(cudaMemcpy(di, hi, blocks * nt * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dd, hd, blocks * nt * sizeof(double), cudaMemcpyHostToDevice));
    block_sort<int><<<blocks, nt, nt * sizeof(int)>>>(di);
    block_sort<double><<<blocks, nt, nt * sizeof(double)>>>(dd);
    CK(cudaGetLastError());
    CK(cudaMemcpy(hi2, di, blocks * nt * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hd2, dd, blocks * nt * sizeof(double), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++) {
        qsort(hi + b * nt, nt, sizeof(int), cmp_int);
        qsort(hd + b * nt, nt, sizeof(double), cmp_double);
    }
    check("block_sort_int", memcmp(hi, hi2, blocks * nt * sizeof(int)) == 0, "not sorted");
    check("block_sort_double", memcmp(hd, hd2, blocks * nt * sizeof(double)) == 0, "not sorted");

    CK(cudaFree(di));
    CK(cudaFree(dd));
    free(hi);
    free(hi2);
    free(hd);
    free(hd2);
    return failed;
}
