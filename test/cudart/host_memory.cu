// Page-locked host memory: cudaMallocHost, cudaHostAlloc (mapped), cudaHostGetDevicePointer,
// cudaHostRegister/Unregister, cudaFreeHost; kernels reading and writing host memory through
// the device pointer (zero copy); cudaPointerGetAttributes on each kind of pointer.
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

__global__ void triple(const int *in, int *out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = 3 * in[i] + 1;
}

static int first_bad(const int *in, const int *out, int n)
{
    for (int i = 0; i < n; i++)
        if (out[i] != 3 * in[i] + 1)
            return i;
    return -1;
}

int main()
{
    const int n = 1 << 16;

    // cudaMallocHost buffers used with ordinary copies.
    int *pin_in, *pin_out, *d_in, *d_out;
    CK(cudaMallocHost(&pin_in, n * sizeof(int)));
    CK(cudaMallocHost((void **)&pin_out, n * sizeof(int)));
    for (int i = 0; i < n; i++)
        pin_in[i] = i * 31 - 1000;
    CK(cudaMalloc(&d_in, n * sizeof(int)));
    CK(cudaMalloc(&d_out, n * sizeof(int)));
    CK(cudaMemcpy(d_in, pin_in, n * sizeof(int), cudaMemcpyHostToDevice));
    triple<<<64, 256>>>(d_in, d_out, n);
    CK(cudaMemcpy(pin_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = first_bad(pin_in, pin_out, n);
    check("malloc_host_copies", bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : pin_out[bad]);

    // cudaHostAlloc mapped: the kernel works on host memory directly.
    int *map_in, *map_out, *dmap_in, *dmap_out;
    CK(cudaHostAlloc(&map_in, n * sizeof(int), cudaHostAllocMapped));
    CK(cudaHostAlloc(&map_out, n * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable));
    unsigned flags = 0;
    CK(cudaHostGetFlags(&flags, map_out));
    // (NVIDIA's runtime reports cudaHostAllocMapped but not cudaHostAllocPortable here.)
    check("host_get_flags", (flags & cudaHostAllocMapped) != 0, "flags %#x", flags);
    for (int i = 0; i < n; i++) {
        map_in[i] = n - i;
        map_out[i] = -1;
    }
    CK(cudaHostGetDevicePointer(&dmap_in, map_in, 0));
    CK(cudaHostGetDevicePointer(&dmap_out, map_out, 0));
    triple<<<32, 128>>>(dmap_in, dmap_out, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    bad = first_bad(map_in, map_out, n);
    check("host_alloc_mapped_zero_copy", bad < 0, "out[%d] = %d", bad,
          bad < 0 ? 0 : map_out[bad]);

    // cudaHostRegister on malloc'd memory, mapped, then used by a kernel and by async copies.
    int *reg = (int *)malloc(n * sizeof(int));
    int *reg_out = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        reg[i] = (i * 7919) % 10007;
    CK(cudaHostRegister(reg, n * sizeof(int), cudaHostRegisterMapped));
    CK(cudaHostRegister(reg_out, n * sizeof(int), cudaHostRegisterDefault));
    int *dreg;
    CK(cudaHostGetDevicePointer(&dreg, reg, 0));
    triple<<<16, 256>>>(dreg, d_out, n);
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpyAsync(reg_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    bad = first_bad(reg, reg_out, n);
    check("host_register", bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : reg_out[bad]);
    CK(cudaHostUnregister(reg));
    CK(cudaHostUnregister(reg_out));
    // Still ordinary memory afterwards.
    reg[0] = 42;
    check("after_unregister", reg[0] == 42 && reg_out[1] == 3 * reg[1] + 1, "reg_out[1] = %d",
          reg_out[1]);

    // Pointer attributes tell the kinds apart.
    cudaPointerAttributes a;
    CK(cudaPointerGetAttributes(&a, d_in));
    check("attributes_device", a.type == cudaMemoryTypeDevice && a.devicePointer == d_in,
          "type %d", (int)a.type);
    CK(cudaPointerGetAttributes(&a, pin_in));
    check("attributes_host", a.type == cudaMemoryTypeHost && a.hostPointer == pin_in, "type %d",
          (int)a.type);
    CK(cudaPointerGetAttributes(&a, map_in));
    check("attributes_mapped", a.type == cudaMemoryTypeHost && a.devicePointer == dmap_in,
          "type %d devptr %p", (int)a.type, a.devicePointer);
    int local = 0;
    CK(cudaPointerGetAttributes(&a, &local));
    check("attributes_unregistered", a.type == cudaMemoryTypeUnregistered, "type %d",
          (int)a.type);

    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(pin_in));
    CK(cudaFreeHost(pin_out));
    CK(cudaFreeHost(map_in));
    CK(cudaFreeHost(map_out));
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    free(reg);
    free(reg_out);
    return failed;
}
