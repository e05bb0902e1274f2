// Separate compilation (-rdc=true), two files: rdc.cu (this one) and rdc/part.cu. Kernels
// here call a __device__ function defined in the other file and use a __device__ variable
// and a __constant__ array defined there; a kernel defined there is launched from here.
// rdc.flags holds the extra options; from the repository root:
//   nvcc -cudart shared -arch=sm_80 -rdc=true test/cudart/rdc/part.cu test/cudart/rdc.cu -o rdc
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

// Defined in rdc/part.cu.
extern __device__ int mix(int a, int b);
extern __device__ int calls;
extern __constant__ int weights[4];
__global__ void part_kernel(int *out, int n);
void part_host_setup(int base);  // host code in the other file too

__global__ void main_kernel(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = mix(in[i], weights[i % 4]);
}

static int host_mix(int a, int b) { return a * 3 - b + (a ^ b); }

int main()
{
    const int n = 5000;
    int w[4] = {5, -2, 9, 100};
    CK(cudaMemcpyToSymbol(weights, w, sizeof w));
    int zero = 0;
    CK(cudaMemcpyToSymbol(calls, &zero, sizeof zero));
    int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = i * 13 % 777 - 300;
    int *din, *dout;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dout, n * sizeof(int)));
    CK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
    main_kernel<<<(n + 127) / 128, 128>>>(din, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (r[i] != host_mix(h[i], w[i % 4]))
            bad = i;
    check("cross_file_device_function", bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : r[bad]);
    int c = -1;
    CK(cudaMemcpyFromSymbol(&c, calls, sizeof c));
    check("cross_file_device_variable", c == n, "calls = %d", c);

    part_host_setup(1000);  // writes weights from the other file's host code
    part_kernel<<<(n + 255) / 256, 256>>>(dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (r[i] != host_mix(i, 1000 + i % 4))
            bad = i;
    check("kernel_from_other_file", bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : r[bad]);
    CK(cudaMemcpyFromSymbol(&c, calls, sizeof c));
    check("calls_after_both", c == 2 * n, "calls = %d", c);

    CK(cudaFree(din));
    CK(cudaFree(dout));
    free(h);
    free(r);
    return failed;
}
