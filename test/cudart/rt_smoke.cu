// rt_smoke: the smallest complete program — allocate, copy, launch with
// <<<>>>, copy back, compare with the CPU.  Also the program the cache
// tests of t_cudart run (cudart/cache-hit, cudart/cache-race).
#include <cstdio>

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

int main()
{
    const int n = 10000;
    static float x[n], y[n], want[n];
    for (int i = 0; i < n; i++) {
        x[i] = (float)i;
        y[i] = (float)(n - i);
        want[i] = 2.5f * x[i] + y[i];
    }
    float *dx, *dy;
    cudaMalloc(&dx, sizeof x);
    cudaMalloc(&dy, sizeof y);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.5f, dx, dy);
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += y[i] != want[i];
    printf("%s smoke/launch (%s)\n", launch == cudaSuccess && sync == cudaSuccess ? "PASS" : "FAIL",
           cudaGetErrorString(sync));
    printf("%s smoke/saxpy (%d of %d wrong)\n", bad ? "FAIL" : "PASS", bad, n);
    cudaFree(dx);
    cudaFree(dy);
    return bad != 0 || launch != cudaSuccess || sync != cudaSuccess;
}
