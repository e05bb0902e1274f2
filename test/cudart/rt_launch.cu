// rt_launch: launches with arguments passed by value (a struct with a
// double), on the default stream and on a created one (the arguments are
// copied at the launch), and cudaLaunchKernel called with the kernel's
// host address and an argument array: the way nvcc 12 compiles <<<>>>.
#include <cstdio>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s launch/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

struct pair {
    int a;
    double b;
};

__global__ void combine(int n, pair p, const int *x, double *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = p.a * x[i] + p.b;
}

int main()
{
    const int n = 3000;
    static int x[n];
    static double y[n];
    for (int i = 0; i < n; i++)
        x[i] = i - 100;
    int *dx;
    double *dy;
    cudaMalloc(&dx, sizeof x);
    cudaMalloc(&dy, sizeof y);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);

    pair p = {3, 0.25};
    combine<<<(n + 127) / 128, 128>>>(n, p, dx, dy);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    bool ok = e == cudaSuccess;
    for (int i = 0; i < n; i++)
        ok &= y[i] == 3.0 * (i - 100) + 0.25;
    check(ok, "default-stream");

    cudaStream_t s;
    cudaStreamCreate(&s);
    pair q = {-2, 1.5};
    combine<<<(n + 255) / 256, 256, 0, s>>>(n, q, dx, dy);
    q.a = 1000; // the launch copied the arguments already
    cudaMemcpyAsync(y, dy, sizeof y, cudaMemcpyDeviceToHost, s);
    e = cudaStreamSynchronize(s);
    ok = e == cudaSuccess;
    for (int i = 0; i < n; i++)
        ok &= y[i] == -2.0 * (i - 100) + 1.5;
    check(ok, "stream-arguments-copied-at-launch");

    int nn = n;
    pair r = {5, -1.0};
    void *args[] = {&nn, &r, &dx, &dy};
    e = cudaLaunchKernel((const void *)combine, dim3((n + 63) / 64), dim3(64), args, 0, nullptr);
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    ok = e == cudaSuccess;
    for (int i = 0; i < n; i++)
        ok &= y[i] == 5.0 * (i - 100) - 1.0;
    check(ok, "cudaLaunchKernel-by-hand");
    e = cudaLaunchKernel((const void *)main, dim3(1), dim3(1), args, 0, nullptr);
    check(e == cudaErrorInvalidDeviceFunction, "not-a-kernel");
    cudaGetLastError();
    cudaStreamDestroy(s);
    return failures != 0;
}
