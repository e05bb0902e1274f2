// rt_device: what the device says about itself (properties, attributes,
// versions) and about kernels (function attributes, occupancy), and the
// opt-in to more dynamic shared memory, checked against the values the
// CUDA layer documents (docs/cuda.md) and the machine's CPU count.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s device/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

__global__ void __launch_bounds__(128) bounded(float *p)
{
    __shared__ float s[256];
    s[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = s[127 - threadIdx.x];
}

__global__ void big_shared(int *out, int n)
{
    extern __shared__ int buf[];
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        buf[i] = i;
    __syncthreads();
    int sum = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        sum += buf[n - 1 - i];
    atomicAdd(out, sum);
}

int main()
{
    int count = 0, dev = -1;
    check(cudaGetDeviceCount(&count) == cudaSuccess && count == 1, "count");
    check(cudaSetDevice(0) == cudaSuccess && cudaGetDevice(&dev) == cudaSuccess && dev == 0, "set-get");
    cudaDeviceProp p;
    memset(&p, 0xff, sizeof p);
    check(cudaGetDeviceProperties(&p, 0) == cudaSuccess, "properties");
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    const char *env = getenv("P2N_NUM_THREADS");
    if (env && *env)
        cpus = atol(env);
    check(strcmp(p.name, "ptx2native (CPU model)") == 0, "name");
    check(p.warpSize == 32 && p.maxThreadsPerBlock == 1024 && p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[2] == 64 &&
              p.maxGridSize[1] == 65535,
          "limits");
    check(p.multiProcessorCount == cpus, "multiprocessors-are-worker-threads");
    check(p.sharedMemPerBlock == 48 * 1024 && p.sharedMemPerBlockOptin > p.sharedMemPerBlock, "shared-memory");
    check(p.totalGlobalMem > 0 && p.managedMemory == 1 && p.unifiedAddressing == 1, "memory");
    int v = 0;
    cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0);
    check(v == p.multiProcessorCount, "attribute-multiprocessors");
    cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0);
    check(v == 32, "attribute-warp-size");
    int major = 0, minor = -1;
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
    cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0);
    check(major == p.major && minor == p.minor && major >= 7, "attribute-compute-capability");
    int rt = 0, drv = 0;
    check(cudaRuntimeGetVersion(&rt) == cudaSuccess && rt == CUDART_VERSION / 1000 * 1000 &&
              cudaDriverGetVersion(&drv) == cudaSuccess && drv >= rt,
          "versions");

    cudaFuncAttributes fa;
    check(cudaFuncGetAttributes(&fa, bounded) == cudaSuccess, "func-attributes");
    check(fa.sharedSizeBytes == 256 * sizeof(float), "func-static-shared");
    check(fa.maxThreadsPerBlock == 128, "func-launch-bounds");
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, bounded, 128, 0) == cudaSuccess && blocks > 0,
          "occupancy");
    int min_grid = 0, block = 0;
    check(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, big_shared, 0, 0) == cudaSuccess && block > 0 &&
              block <= 1024 && block % 32 == 0 && min_grid > 0,
          "occupancy-block-size");

    // 100 KiB of dynamic shared memory after opting in
    const int n = 100 * 1024 / sizeof(int);
    int *d, sum = 0;
    cudaMalloc(&d, sizeof(int));
    cudaMemset(d, 0, sizeof(int));
    check(cudaFuncSetAttribute(big_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, n * sizeof(int)) ==
              cudaSuccess,
          "set-max-dynamic-shared");
    big_shared<<<1, 256, n * sizeof(int)>>>(d, n);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(&sum, d, sizeof(int), cudaMemcpyDeviceToHost);
    long long want = (long long)n * (n - 1) / 2;
    check(e == cudaSuccess && cudaGetLastError() == cudaSuccess && sum == (int)want, "launch-with-100KiB-shared");
    check(cudaDeviceSynchronize() == cudaSuccess && cudaDeviceReset() == cudaSuccess, "synchronize-reset");
    return failures != 0;
}
