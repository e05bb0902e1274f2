// rt_cudart12: a program built as a CUDA 12 toolkit builds it
// (rt_cudart12.flags): linked against libcudart.so.12 (-cudart none and our
// runtime/cuda/libcudart.so.12), and with <<<>>> compiled the CUDA 12 way
// (-Xcompiler -D__NV_LEGACY_LAUNCH, which nvcc 13's crt/host_runtime.h
// honours in the host stubs):
// __cudaPushCallConfiguration, then in the host stub
// __cudaPopCallConfiguration and cudaLaunchKernel with the stub's address,
// instead of CUDA 13's __cudaGetKernel and __cudaLaunchKernel.  It loads
// with the libcudart.so.12 symbol versions and reports a 12.x runtime.  A
// bad block shape is cudaErrorInvalidConfiguration, as CUDA 12 runtimes
// return it (test/cudart/README.md, "Checked on a GPU").
#include <cstdio>
#include <cstring>

// CUDA 12's name for cudaGetDeviceProperties, which CUDA 13's headers lack
extern "C" cudaError_t cudaGetDeviceProperties_v2(void *prop, int device);

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s cudart12/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

__device__ int offset_by[2];

__global__ void affine(const int *x, int *y, int n, int a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + offset_by[i & 1];
}

int main()
{
    int v = 0;
    check(cudaRuntimeGetVersion(&v) == cudaSuccess && v >= 12000 && v < 13000, "runtime-version-12");
    // cudaDeviceProp of CUDA 12 begins with char name[256], as CUDA 13's
    static char prop[4096];
    check(cudaGetDeviceProperties_v2(prop, 0) == cudaSuccess && strcmp(prop, "ptx2native (CPU model)") == 0,
          "device-properties-v2");

    const int n = 1000;
    static int x[n], y[n];
    for (int i = 0; i < n; i++)
        x[i] = i * 3 - 700;
    int off[2] = {5, -9};
    int *dx, *dy;
    cudaMalloc(&dx, sizeof x);
    cudaMalloc(&dy, sizeof y);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    check(cudaMemcpyToSymbol(offset_by, off, sizeof off) == cudaSuccess, "to-symbol");

    affine<<<(n + 127) / 128, 128>>>(dx, dy, n, 2);
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    bool ok = cudaGetLastError() == cudaSuccess;
    for (int i = 0; i < n; i++)
        ok &= y[i] == 2 * x[i] + off[i & 1];
    check(ok, "triple-chevron");

    // on a stream, then cudaLaunchKernel called by hand
    cudaStream_t s;
    cudaStreamCreate(&s);
    affine<<<(n + 63) / 64, 64, 0, s>>>(dx, dy, n, -4);
    cudaMemcpyAsync(y, dy, sizeof y, cudaMemcpyDeviceToHost, s);
    cudaError_t se = cudaStreamSynchronize(s);
    ok = se == cudaSuccess;
    for (int i = 0; i < n; i++)
        ok &= y[i] == -4 * x[i] + off[i & 1];
    check(ok, "triple-chevron-on-stream");
    const int *cx = dx;
    int nn = n, a = 7;
    void *args[] = {&cx, &dy, &nn, &a};
    cudaError_t le = cudaLaunchKernel((const void *)affine, dim3((n + 255) / 256), dim3(256), args, 0, s);
    cudaMemcpyAsync(y, dy, sizeof y, cudaMemcpyDeviceToHost, s);
    se = cudaStreamSynchronize(s);
    ok = le == cudaSuccess && se == cudaSuccess;
    for (int i = 0; i < n; i++)
        ok &= y[i] == 7 * x[i] + off[i & 1];
    check(ok, "cudaLaunchKernel");

    affine<<<1, 2048>>>(dx, dy, n, 1);
    check(cudaGetLastError() == cudaErrorInvalidConfiguration, "bad-block-invalid-configuration");
    check(cudaDeviceSynchronize() == cudaSuccess, "not-sticky");
    cudaStreamDestroy(s);
    return failures != 0;
}
