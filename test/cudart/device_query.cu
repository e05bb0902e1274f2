// Device queries: cudaGetDeviceCount, cudaSetDevice/GetDevice, cudaGetDeviceProperties,
// cudaDeviceGetAttribute agreeing with the properties, cudaDriverGetVersion and
// cudaRuntimeGetVersion, an invalid device number, and a kernel launched at the limits the
// properties state.
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

__global__ void fill_ids(int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x; }

int main()
{
    int count = 0;
    CK(cudaGetDeviceCount(&count));
    check("device_count", count >= 1, "count %d", count);
    CK(cudaSetDevice(0));
    int dev = -1;
    CK(cudaGetDevice(&dev));
    check("get_device", dev == 0, "device %d", dev);
    cudaError_t e = cudaSetDevice(count + 5);
    check("set_invalid_device", e == cudaErrorInvalidDevice, "%s", cudaGetErrorName(e));
    cudaGetLastError();
    CK(cudaGetDevice(&dev));
    check("device_unchanged", dev == 0, "device %d", dev);

    cudaDeviceProp p;
    memset(&p, 0, sizeof p);
    CK(cudaGetDeviceProperties(&p, 0));
    printf("  device 0: %s, cc %d.%d, %d SMs\n", p.name, p.major, p.minor,
           p.multiProcessorCount);
    check("prop_name", p.name[0] != 0 && strnlen(p.name, sizeof p.name) < sizeof p.name,
          "empty or unterminated name");
    check("prop_warp_size", p.warpSize == 32, "warpSize %d", p.warpSize);
    check("prop_max_threads_per_block", p.maxThreadsPerBlock == 1024, "maxThreadsPerBlock %d",
          p.maxThreadsPerBlock);
    check("prop_max_threads_dim", p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[1] == 1024 &&
                                      p.maxThreadsDim[2] == 64,
          "%d %d %d", p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2]);
    check("prop_max_grid", p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535 &&
                               p.maxGridSize[2] == 65535,
          "%d %d %d", p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
    check("prop_shared", p.sharedMemPerBlock >= 48 * 1024 &&
                             p.sharedMemPerBlockOptin >= p.sharedMemPerBlock,
          "sharedMemPerBlock %zu optin %zu", p.sharedMemPerBlock, p.sharedMemPerBlockOptin);
    check("prop_counts", p.multiProcessorCount >= 1 && p.totalGlobalMem > 0 &&
                             p.totalConstMem >= 64 * 1024 && p.regsPerBlock > 0 &&
                             p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock,
          "SMs %d mem %zu const %zu regs %d", p.multiProcessorCount, p.totalGlobalMem,
          p.totalConstMem, p.regsPerBlock);
    check("prop_compute_capability", p.major >= 8, "cc %d.%d (the program is built for sm_80)",
          p.major, p.minor);
    check("prop_unified_addressing", p.unifiedAddressing == 1 && p.managedMemory == 1,
          "unified %d managed %d", p.unifiedAddressing, p.managedMemory);

    struct {
        cudaDeviceAttr a;
        int want;
        const char *name;
    } attrs[] = {
        {cudaDevAttrWarpSize, p.warpSize, "attr_warp_size"},
        {cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock, "attr_max_threads_per_block"},
        {cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0], "attr_max_block_dim_x"},
        {cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2], "attr_max_block_dim_z"},
        {cudaDevAttrMaxGridDimX, p.maxGridSize[0], "attr_max_grid_dim_x"},
        {cudaDevAttrMaxGridDimY, p.maxGridSize[1], "attr_max_grid_dim_y"},
        {cudaDevAttrMultiProcessorCount, p.multiProcessorCount, "attr_sm_count"},
        {cudaDevAttrMaxSharedMemoryPerBlock, (int)p.sharedMemPerBlock, "attr_shared_per_block"},
        {cudaDevAttrMaxSharedMemoryPerBlockOptin, (int)p.sharedMemPerBlockOptin,
         "attr_shared_optin"},
        {cudaDevAttrComputeCapabilityMajor, p.major, "attr_cc_major"},
        {cudaDevAttrComputeCapabilityMinor, p.minor, "attr_cc_minor"},
        {cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor,
         "attr_threads_per_sm"},
        {cudaDevAttrTotalConstantMemory, (int)p.totalConstMem, "attr_const_mem"},
        {cudaDevAttrL2CacheSize, p.l2CacheSize, "attr_l2"},
        {cudaDevAttrUnifiedAddressing, p.unifiedAddressing, "attr_unified"},
        {cudaDevAttrConcurrentKernels, p.concurrentKernels, "attr_concurrent_kernels"},
    };
    for (auto &a : attrs) {
        int v = -12345;
        CK(cudaDeviceGetAttribute(&v, a.a, 0));
        check(a.name, v == a.want, "attribute %d, property %d", v, a.want);
    }

    // Peer access of a device with itself: answered, and not possible.
    int can = -1;
    CK(cudaDeviceCanAccessPeer(&can, 0, 0));
    check("can_access_peer_self", can == 0, "canAccessPeer %d", can);

    int drv = 0, rt = 0;
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    printf("  driver %d, runtime %d\n", drv, rt);
    check("runtime_version", rt >= 12000 && rt % 10 == 0 && rt < 100000, "runtime %d", rt);
    check("driver_supports_runtime", drv >= rt / 1000 * 1000, "driver %d, runtime %d", drv, rt);

    // A launch at the stated limits runs: maxThreadsPerBlock threads, a wide 1D grid.
    int nb = 3000, nt = p.maxThreadsPerBlock;
    int *d, *h = (int *)malloc((size_t)nb * nt * sizeof(int));
    CK(cudaMalloc(&d, (size_t)nb * nt * sizeof(int)));
    fill_ids<<<nb, nt>>>(d);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h, d, (size_t)nb * nt * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < nb * nt && bad < 0; i++)
        if (h[i] != i / nt)
            bad = i;
    check("launch_at_limits", bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : h[bad]);

    CK(cudaDeviceSynchronize());
    CK(cudaFree(d));
    free(h);
    // cudaDeviceReset leaves a usable device behind.
    CK(cudaDeviceReset());
    CK(cudaMalloc(&d, 16 * sizeof(int)));
    fill_ids<<<4, 4>>>(d);
    int small[16] = {0};
    CK(cudaMemcpy(small, d, sizeof small, cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    check("usable_after_reset", small[5] == 1 && small[15] == 3, "out %d %d", small[5], small[15]);
    return failed;
}
