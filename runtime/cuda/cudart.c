/* cudart.c — the CUDA runtime API (libcudart.so.13 and, built with
 * CU_RUNTIME_VERSION 12080, libcudart.so.12) over the core in libcuda.so.1.
 *
 * nvcc's host code registers each translation unit's fatbinary, kernels
 * and variables at start-up (__cudaRegister*) and launches <<<>>> either
 * through __cudaGetKernel + __cudaLaunchKernel (CUDA 13) or through
 * cudaLaunchKernel with the host stub's address (CUDA 12).  Device
 * pointers are host pointers.  Entry points not written here come from
 * the generated stub table (stubs.c): they return cudaErrorNotSupported.
 * Memory and symbols are in cudart_mem.c, arrays and textures in
 * cudart_tex.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>

#include "core.h"

#ifndef CU_RUNTIME_VERSION
#define CU_RUNTIME_VERSION 13000
#endif
#define CU_DRIVER_VERSION 13000

typedef p2n_cuda_dim3 dim3;
typedef cu_stream *cudaStream_t;
typedef cu_event *cudaEvent_t;

#define API CU_EXPORT

static _Thread_local int last_error;

static int
ret(int e)
{
    if (e)
        last_error = e;
    return e;
}

int
cu_rt_error(int e)
{
    return ret(e);
}


static int launch_ex(cu_kernel *f, dim3 grid, dim3 block, void **args, size_t shmem,
                     cudaStream_t stream, bool cooperative);

static int
launch(cu_kernel *f, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t stream)
{
    return launch_ex(f, grid, block, args, shmem, stream, false);
}

static p2n_dim3
d3(dim3 d)
{
    return (p2n_dim3){d.x, d.y, d.z};
}

/* ---------------------------------------------------------- registration */

typedef struct {
    int magic;
    int version;
    const unsigned long long *data;
    void *filename_or_fatbins;
} fatbin_wrapper;

API void **
__cudaRegisterFatBinary(void *fat)
{
    const fatbin_wrapper *w = fat;
    cu_ptx ptx = {0};
    char err[256];
    if (!w || w->magic != 0x466243B1 || !w->data) {
        fprintf(stderr, "ptx2native: __cudaRegisterFatBinary: not a fatbinary wrapper\n");
    } else if (cu_fatbin_ptx(w->data, 0, &ptx, err, sizeof err) != 0 && w->version != 2 &&
               cu_verbose()) {
        fprintf(stderr, "ptx2native: %s\n", err);
    }
    cu_module *m = cu_module_new_ptx(ptx.text, ptx.len);
    free(ptx.text);
    if (!m) {
        fprintf(stderr, "ptx2native: out of memory registering a fatbinary\n");
        return NULL;
    }
    /* -rdc=true: the device-linked fatbinary (SASS only) comes with the
     * translation units' own fatbinaries, NULL-terminated; their PTX is
     * linked together */
    if (w && w->magic == 0x466243B1 && w->version == 2 && w->filename_or_fatbins) {
        for (void *const *f = w->filename_or_fatbins; *f; f++) {
            cu_ptx part;
            if (cu_fatbin_ptx(*f, 0, &part, err, sizeof err) == 0) {
                cu_module_add_ptx(m, part.text, part.len);
                free(part.text);
            } else if (cu_verbose()) {
                fprintf(stderr, "ptx2native: %s\n", err);
            }
        }
    }
    return (void **)m;
}

API void
__cudaRegisterFatBinaryEnd(void **handle)
{
    (void)handle;
}

API void
__cudaUnregisterFatBinary(void **handle)
{
    /* At exit: the modules stay loaded, as static destructors may still
     * launch work. */
    (void)handle;
}

API void
__cudaRegisterFunction(void **handle, const char *host_fn, char *device_fn, const char *device_name,
                       int thread_limit, void *tid, void *bid, void *bdim, void *gdim, int *wsize)
{
    if (handle)
        cu_kernel_add((cu_module *)handle, host_fn, device_fn ? device_fn : device_name);
}

API void
__cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name,
                  int ext, size_t size, int constant, int global)
{
    if (handle)
        cu_var_add((cu_module *)handle, host_var, device_address ? device_address : device_name,
                   size);
}

API void
__cudaRegisterManagedVar(void **handle, void **host_ptr_addr, char *device_address,
                         const char *device_name, int ext, size_t size, int constant, int global)
{
    if (!handle)
        return;
    cu_var *v = cu_var_add((cu_module *)handle, host_ptr_addr,
                           device_address ? device_address : device_name, size);
    if (v) {
        v->managed_ptr = host_ptr_addr;
        if (v->dev)
            *host_ptr_addr = v->dev;
    }
}

API char
__cudaInitModule(void **handle)
{
    return handle && cu_module_load((cu_module *)handle) == 0;
}

typedef struct {
    dim3 grid, block;
    size_t shmem;
    void *stream;
} call_config;

static _Thread_local call_config configs[32];
static _Thread_local unsigned nconfigs;

API unsigned
__cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, void *stream)
{
    if (nconfigs >= 32)
        return 1;
    configs[nconfigs++] = (call_config){grid, block, shmem, stream};
    return 0;
}

API int
__cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, void *stream)
{
    if (!nconfigs)
        return ret(p2n_cudaErrorMissingConfiguration);
    call_config c = configs[--nconfigs];
    *grid = c.grid;
    *block = c.block;
    *shmem = c.shmem;
    *(void **)stream = c.stream;
    return 0;
}

/* ------------------------------------------------------------- launches */

static int
launch_ex(cu_kernel *f, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t stream,
          bool cooperative)
{
    if (!f)
        return ret(p2n_cudaErrorInvalidDeviceFunction);
    if (!cu_stream_valid(stream))
        return ret(p2n_cudaErrorInvalidResourceHandle);
    CU_RT_STICKY();
    cu_launch l = {f, d3(grid), d3(block), shmem, args, cooperative};
    int e = cu_launch_kernel(stream, &l);
#if CU_RUNTIME_VERSION >= 13000
    /* NVIDIA's 13.0 runtime reports a bad shape as an invalid value
     * (CUDA 12: invalid configuration). */
    if (e == p2n_cudaErrorInvalidConfiguration)
        e = p2n_cudaErrorInvalidValue;
#endif
    return ret(e);
}

API int
__cudaGetKernel(void **kernel, const void *host_fn)
{
    if (!kernel)
        return ret(p2n_cudaErrorInvalidValue);
    *kernel = cu_kernel_by_host(host_fn);
    return *kernel ? 0 : ret(p2n_cudaErrorInvalidDeviceFunction);
}

API int
__cudaLaunchKernel(void *kernel, dim3 grid, dim3 block, void **args, size_t shmem,
                   cudaStream_t stream)
{
    return launch(kernel, grid, block, args, shmem, stream);
}

API int
__cudaLaunchKernel_ptsz(void *kernel, dim3 grid, dim3 block, void **args, size_t shmem,
                        cudaStream_t stream)
{
    return launch(kernel, grid, block, args, shmem, stream);
}

API int
cudaLaunchKernel(const void *fn, dim3 grid, dim3 block, void **args, size_t shmem,
                 cudaStream_t stream)
{
    return launch(cu_kernel_by_host(fn), grid, block, args, shmem, stream);
}

API int
cudaLaunchKernel_ptsz(const void *fn, dim3 grid, dim3 block, void **args, size_t shmem,
                      cudaStream_t stream)
{
    return cudaLaunchKernel(fn, grid, block, args, shmem, stream);
}

static int max_active_blocks(const cu_kernel *f, int block_size, size_t dyn);

API int
cudaLaunchCooperativeKernel(const void *fn, dim3 grid, dim3 block, void **args, size_t shmem,
                            cudaStream_t stream)
{
    cu_kernel *f = cu_kernel_by_host(fn);
    int e = cu_kernel_ready(f);
    if (e)
        return ret(e);
    /* every CTA must be resident at once: one per worker thread */
    uint64_t ncta = (uint64_t)grid.x * grid.y * grid.z;
    if (ncta > (uint64_t)cu_num_sms() *
                   (unsigned)max_active_blocks(f, (int)(block.x * block.y * block.z), shmem))
        return ret(p2n_cudaErrorCooperativeLaunchTooLarge);
    return launch_ex(f, grid, block, args, shmem, stream, true);
}

API int
cudaLaunchCooperativeKernel_ptsz(const void *fn, dim3 grid, dim3 block, void **args, size_t shmem,
                                 cudaStream_t stream)
{
    return cudaLaunchCooperativeKernel(fn, grid, block, args, shmem, stream);
}

/* cudaLaunchKernelEx (the C++ template in cuda_runtime.h) and the C form:
 * a launch with a list of attributes.  Cooperative launches as
 * cudaLaunchCooperativeKernel; a launch-completion event is recorded
 * after the kernel (all its blocks have begun by then); hints that
 * change no result (cache policy, priority, scheduling, memory sync
 * domains, programmatic serialization: the next kernel simply waits)
 * are accepted.  Clusters of more than one CTA and programmatic events
 * are not supported: every CTA is a cluster of its own here. */
API int
cudaLaunchKernelExC(const p2n_cudaLaunchConfig *c, const void *fn, void **args)
{
    if (!c || (c->numAttrs && !c->attrs))
        return ret(p2n_cudaErrorInvalidValue);
    bool cooperative = false;
    p2n_cudaEvent_t done = NULL;
    for (unsigned i = 0; i < c->numAttrs; i++) {
        const p2n_cudaLaunchAttribute *a = &c->attrs[i];
        switch (a->id) {
        case p2n_cudaLaunchAttributeCooperative: cooperative = a->val.cooperative != 0; break;
        case p2n_cudaLaunchAttributeClusterDimension:
            if ((uint64_t)a->val.clusterDim.x * a->val.clusterDim.y * a->val.clusterDim.z > 1)
                return ret(p2n_cudaErrorNotSupported);
            break;
        case p2n_cudaLaunchAttributeLaunchCompletionEvent:
            done = a->val.launchCompletionEvent.event;
            break;
        case p2n_cudaLaunchAttributeIgnore:
        case p2n_cudaLaunchAttributeAccessPolicyWindow:
        case p2n_cudaLaunchAttributeSynchronizationPolicy:
        case p2n_cudaLaunchAttributeClusterSchedulingPolicyPreference:
        case p2n_cudaLaunchAttributeProgrammaticStreamSerialization:
        case p2n_cudaLaunchAttributePriority:
        case p2n_cudaLaunchAttributeMemSyncDomainMap:
        case p2n_cudaLaunchAttributeMemSyncDomain:
        case p2n_cudaLaunchAttributePreferredClusterDimension:
        case p2n_cudaLaunchAttributePreferredSharedMemoryCarveout: break;
        default: return ret(p2n_cudaErrorNotSupported);
        }
    }
    int e = cooperative ? cudaLaunchCooperativeKernel(fn, c->gridDim, c->blockDim, args,
                                                      c->dynamicSmemBytes, c->stream)
                        : cudaLaunchKernel(fn, c->gridDim, c->blockDim, args,
                                           c->dynamicSmemBytes, c->stream);
    if (!e && done)
        e = ret(cu_event_record(done, c->stream));
    return e;
}

API int
cudaLaunchKernelExC_ptsz(const p2n_cudaLaunchConfig *c, const void *fn, void **args)
{
    return cudaLaunchKernelExC(c, fn, args);
}

API int
cudaLaunchHostFunc(cudaStream_t s, void (*fn)(void *), void *data)
{
    if (!cu_stream_valid(s))
        return ret(p2n_cudaErrorInvalidResourceHandle);
    return ret(cu_host_func(s, fn, data));
}

API int
cudaStreamAddCallback(cudaStream_t s, void (*fn)(cudaStream_t, int, void *), void *data,
                      unsigned flags)
{
    if (!cu_stream_valid(s))
        return ret(p2n_cudaErrorInvalidResourceHandle);
    return ret(cu_stream_callback(s, fn, data));
}

/* ----------------------------------------------------------------- errors */

API int
cudaGetLastError(void)
{
    int e = last_error;
    last_error = 0;
    return e ? e : cu_sticky_error();
}

API int
cudaPeekAtLastError(void)
{
    return last_error ? last_error : cu_sticky_error();
}

API const char *
cudaGetErrorString(int e)
{
    return cu_error_string(e);
}

API const char *
cudaGetErrorName(int e)
{
    return cu_error_name(e);
}

/* ----------------------------------------------------------------- device */

API int
cudaGetDeviceCount(int *n)
{
    if (!n)
        return ret(p2n_cudaErrorInvalidValue);
    *n = 1;
    return 0;
}

API int
cudaSetDevice(int d)
{
    if (d != 0)
        return ret(p2n_cudaErrorInvalidDevice);
    cu_runtime_started();
    return 0;
}

API int
cudaInitDevice(int d, unsigned flags, unsigned rflags)
{
    return cudaSetDevice(d);
}

API int
cudaGetDevice(int *d)
{
    if (!d)
        return ret(p2n_cudaErrorInvalidValue);
    *d = 0;
    return 0;
}

API int
cudaChooseDevice(int *d, const void *prop)
{
    return cudaGetDevice(d);
}

API int
cudaSetDeviceFlags(unsigned flags)
{
    return 0;
}

API int
cudaGetDeviceFlags(unsigned *flags)
{
    if (!flags)
        return ret(p2n_cudaErrorInvalidValue);
    *flags = 0;
    return 0;
}

static size_t
total_memory(void)
{
    struct sysinfo si;
    return sysinfo(&si) == 0 ? (size_t)si.totalram * si.mem_unit : (size_t)1 << 32;
}

#define NAME "ptx2native (CPU model)"

/* The fields CUDA 12's and 13's layouts share, filled the same way. */
#define FILL_COMMON(p)                                                                             \
    do {                                                                                           \
        memset(p, 0, sizeof *p);                                                                   \
        snprintf(p->name, sizeof p->name, "%s", NAME);                                             \
        memcpy(p->uuid.bytes, "ptx2native-cpu-0", 16);                                             \
        p->totalGlobalMem = total_memory();                                                        \
        p->sharedMemPerBlock = 48 * 1024;                                                          \
        p->regsPerBlock = 65536;                                                                   \
        p->warpSize = 32;                                                                          \
        p->memPitch = INT_MAX;                                                                     \
        p->maxThreadsPerBlock = 1024;                                                              \
        p->maxThreadsDim[0] = 1024, p->maxThreadsDim[1] = 1024;                                    \
        p->maxThreadsDim[2] = 64;                                                                  \
        p->maxGridSize[0] = INT_MAX, p->maxGridSize[1] = 65535;                                    \
        p->maxGridSize[2] = 65535;                                                                 \
        p->totalConstMem = 65536;                                                                  \
        p->major = 8, p->minor = 0;                                                                \
        p->textureAlignment = 512, p->texturePitchAlignment = 32;                                  \
        p->multiProcessorCount = (int)cu_num_sms();                                                \
        p->integrated = 1, p->canMapHostMemory = 1;                                                \
        p->surfaceAlignment = 512;                                                                 \
        p->concurrentKernels = 1;                                                                  \
        p->asyncEngineCount = 1, p->unifiedAddressing = 1;                                         \
        p->memoryBusWidth = 64, p->l2CacheSize = 4 << 20;                                          \
        p->maxThreadsPerMultiProcessor = 2048;                                                     \
        p->globalL1CacheSupported = 1, p->localL1CacheSupported = 1;                               \
        p->sharedMemPerMultiprocessor = P2N_MAX_SHARED_BYTES;                                      \
        p->regsPerMultiprocessor = 65536;                                                          \
        p->managedMemory = 1, p->hostNativeAtomicSupported = 1;                                    \
        p->pageableMemoryAccess = 1, p->concurrentManagedAccess = 1;                               \
        p->canUseHostPointerForRegisteredMem = 1;                                                  \
        p->cooperativeLaunch = 1;                                                                  \
        p->sharedMemPerBlockOptin = P2N_MAX_SHARED_BYTES - 1024;                                   \
        p->pageableMemoryAccessUsesHostPageTables = 1;                                             \
        p->directManagedMemAccessFromHost = 1;                                                     \
        p->maxBlocksPerMultiProcessor = 32;                                                        \
        p->reservedSharedMemPerBlock = 1024;                                                       \
        p->hostRegisterSupported = 1;                                                              \
    } while (0)

#if CU_RUNTIME_VERSION >= 13000
API int
cudaGetDeviceProperties(p2n_cudaDeviceProp13 *p, int d)
{
    if (!p)
        return ret(p2n_cudaErrorInvalidValue);
    if (d != 0)
        return ret(p2n_cudaErrorInvalidDevice);
    FILL_COMMON(p);
    return 0;
}
#else
API int
cudaGetDeviceProperties_v2(p2n_cudaDeviceProp12 *p, int d)
{
    if (!p)
        return ret(p2n_cudaErrorInvalidValue);
    if (d != 0)
        return ret(p2n_cudaErrorInvalidDevice);
    FILL_COMMON(p);
    p->clockRate = 1000000;
    p->memoryClockRate = 1000000;
    p->deviceOverlap = 1;
    p->singleToDoublePrecisionPerfRatio = 2;
    return 0;
}

API int
cudaGetDeviceProperties(p2n_cudaDeviceProp12 *p, int d)
{
    return cudaGetDeviceProperties_v2(p, d);
}
#endif

API int
cudaDeviceGetAttribute(int *value, int attr, int d)
{
    if (!value)
        return ret(p2n_cudaErrorInvalidValue);
    if (d != 0)
        return ret(p2n_cudaErrorInvalidDevice);
    p2n_cudaDeviceProp12 p;
    FILL_COMMON((&p));
    int v;
    switch (attr) {
    case p2n_cudaDevAttrMaxThreadsPerBlock: v = p.maxThreadsPerBlock; break;
    case p2n_cudaDevAttrMaxBlockDimX: v = p.maxThreadsDim[0]; break;
    case p2n_cudaDevAttrMaxBlockDimY: v = p.maxThreadsDim[1]; break;
    case p2n_cudaDevAttrMaxBlockDimZ: v = p.maxThreadsDim[2]; break;
    case p2n_cudaDevAttrMaxGridDimX: v = p.maxGridSize[0]; break;
    case p2n_cudaDevAttrMaxGridDimY: v = p.maxGridSize[1]; break;
    case p2n_cudaDevAttrMaxGridDimZ: v = p.maxGridSize[2]; break;
    case p2n_cudaDevAttrMaxSharedMemoryPerBlock: v = (int)p.sharedMemPerBlock; break;
    case p2n_cudaDevAttrTotalConstantMemory: v = (int)p.totalConstMem; break;
    case p2n_cudaDevAttrWarpSize: v = 32; break;
    case p2n_cudaDevAttrMaxPitch: v = INT_MAX; break;
    case p2n_cudaDevAttrMaxRegistersPerBlock: v = p.regsPerBlock; break;
    case p2n_cudaDevAttrClockRate: v = 1000000; break;
    case p2n_cudaDevAttrMemoryClockRate: v = 1000000; break;
    case p2n_cudaDevAttrTextureAlignment: v = 512; break;
    case p2n_cudaDevAttrTexturePitchAlignment: v = 32; break;
    case p2n_cudaDevAttrSurfaceAlignment: v = 512; break;
    case p2n_cudaDevAttrGpuOverlap: v = 1; break;
    case p2n_cudaDevAttrMultiProcessorCount: v = p.multiProcessorCount; break;
    case p2n_cudaDevAttrIntegrated: v = 1; break;
    case p2n_cudaDevAttrCanMapHostMemory: v = 1; break;
    case p2n_cudaDevAttrConcurrentKernels: v = 1; break;
    case p2n_cudaDevAttrGlobalMemoryBusWidth: v = p.memoryBusWidth; break;
    case p2n_cudaDevAttrL2CacheSize: v = p.l2CacheSize; break;
    case p2n_cudaDevAttrMaxThreadsPerMultiProcessor: v = p.maxThreadsPerMultiProcessor; break;
    case p2n_cudaDevAttrAsyncEngineCount: v = 1; break;
    case p2n_cudaDevAttrUnifiedAddressing: v = 1; break;
    case p2n_cudaDevAttrComputeCapabilityMajor: v = p.major; break;
    case p2n_cudaDevAttrComputeCapabilityMinor: v = p.minor; break;
    case p2n_cudaDevAttrGlobalL1CacheSupported:
    case p2n_cudaDevAttrLocalL1CacheSupported: v = 1; break;
    case p2n_cudaDevAttrMaxSharedMemoryPerMultiprocessor:
        v = (int)p.sharedMemPerMultiprocessor;
        break;
    case p2n_cudaDevAttrMaxRegistersPerMultiprocessor: v = p.regsPerMultiprocessor; break;
    case p2n_cudaDevAttrManagedMemory:
    case p2n_cudaDevAttrHostNativeAtomicSupported:
    case p2n_cudaDevAttrPageableMemoryAccess:
    case p2n_cudaDevAttrConcurrentManagedAccess:
    case p2n_cudaDevAttrCanUseHostPointerForRegisteredMem:
    case p2n_cudaDevAttrCooperativeLaunch:
    case p2n_cudaDevAttrHostRegisterSupported:
    case p2n_cudaDevAttrPageableMemoryAccessUsesHostPageTables:
    case p2n_cudaDevAttrDirectManagedMemAccessFromHost: v = 1; break;
    case p2n_cudaDevAttrSingleToDoublePrecisionPerfRatio: v = 2; break;
    case p2n_cudaDevAttrMaxSharedMemoryPerBlockOptin: v = (int)p.sharedMemPerBlockOptin; break;
    case p2n_cudaDevAttrMaxBlocksPerMultiprocessor: v = p.maxBlocksPerMultiProcessor; break;
    case p2n_cudaDevAttrReservedSharedMemoryPerBlock: v = (int)p.reservedSharedMemPerBlock; break;
    default: v = 0; break; /* no such feature: PCI ids, ECC, TCC, pools, ... */
    }
    *value = v;
    return 0;
}

API int
cudaDriverGetVersion(int *v)
{
    if (!v)
        return ret(p2n_cudaErrorInvalidValue);
    *v = CU_DRIVER_VERSION;
    return 0;
}

API int
cudaRuntimeGetVersion(int *v)
{
    if (!v)
        return ret(p2n_cudaErrorInvalidValue);
    *v = CU_RUNTIME_VERSION;
    return 0;
}

API int
cudaDeviceSynchronize(void)
{
    return ret(cu_device_sync());
}

API int
cudaThreadSynchronize(void)
{
    return cudaDeviceSynchronize();
}

API int
cudaDeviceReset(void)
{
    cu_device_sync();
    cu_reset();
    last_error = 0;
    return 0;
}

/* No profiler is attached: starting and stopping profiling succeed and do
 * nothing, as with NVIDIA's runtime when no profiling tool runs. */
API int
cudaProfilerStart(void)
{
    return 0;
}

API int
cudaProfilerStop(void)
{
    return 0;
}

API int
cudaThreadExit(void)
{
    return cudaDeviceReset();
}

API int
cudaDeviceCanAccessPeer(int *can, int d, int peer)
{
    if (!can)
        return ret(p2n_cudaErrorInvalidValue);
    *can = 0;
    return 0;
}

API int
cudaDeviceEnablePeerAccess(int peer, unsigned flags)
{
    return 0;
}

API int
cudaDeviceDisablePeerAccess(int peer)
{
    return 0;
}

API int
cudaDeviceSetCacheConfig(int c)
{
    return 0;
}

API int
cudaDeviceGetCacheConfig(int *c)
{
    if (c)
        *c = 0;
    return 0;
}

API int
cudaDeviceSetSharedMemConfig(int c)
{
    return 0;
}

API int
cudaFuncSetCacheConfig(const void *fn, int c)
{
    return 0;
}

API int
cudaFuncSetSharedMemConfig(const void *fn, int c)
{
    return 0;
}

static size_t limits[8] = {1024, 1 << 20, 8 << 20, 2, 2048, 0, 64, 0};

API int
cudaDeviceSetLimit(int limit, size_t value)
{
    if (limit < 0 || limit >= 8)
        return ret(p2n_cudaErrorNotSupported);
    limits[limit] = value;
    return 0;
}

API int
cudaDeviceGetLimit(size_t *value, int limit)
{
    if (!value || limit < 0 || limit >= 8)
        return ret(p2n_cudaErrorInvalidValue);
    *value = limits[limit];
    return 0;
}

API int
cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
    if (least)
        *least = 0;
    if (greatest)
        *greatest = 0;
    return 0;
}

API int
cudaDeviceGetPCIBusId(char *id, int len, int d)
{
    if (!id || len <= 0)
        return ret(p2n_cudaErrorInvalidValue);
    snprintf(id, (size_t)len, "0000:00:00.0");
    return 0;
}

/* ---------------------------------------------------------------- streams */

API int
cudaStreamCreate(cudaStream_t *s)
{
    if (!s)
        return ret(p2n_cudaErrorInvalidValue);
    return ret(cu_stream_create(s, 0));
}

API int
cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags)
{
    if (!s)
        return ret(p2n_cudaErrorInvalidValue);
    return ret(cu_stream_create(s, flags));
}

API int
cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int priority)
{
    return cudaStreamCreateWithFlags(s, flags);
}

API int
cudaStreamDestroy(cudaStream_t s)
{
    return ret(cu_stream_destroy(s));
}

API int
cudaStreamSynchronize(cudaStream_t s)
{
    if (!cu_stream_valid(s))
        return ret(p2n_cudaErrorInvalidResourceHandle);
    return ret(cu_stream_sync(s));
}

API int
cudaStreamQuery(cudaStream_t s)
{
    if (!cu_stream_valid(s))
        return ret(p2n_cudaErrorInvalidResourceHandle);
    int e = cu_stream_query(s);
    return e == p2n_cudaErrorNotReady ? e : ret(e);
}

API int
cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags)
{
    return ret(cu_stream_wait_event(s, e));
}

API int
cudaStreamGetFlags(cudaStream_t s, unsigned *flags)
{
    if (!flags)
        return ret(p2n_cudaErrorInvalidValue);
    if (!cu_stream_valid(s))
        return ret(p2n_cudaErrorInvalidResourceHandle);
    *flags = cu_stream_flags(s);
    return 0;
}

API int
cudaStreamGetPriority(cudaStream_t s, int *priority)
{
    if (!priority)
        return ret(p2n_cudaErrorInvalidValue);
    *priority = 0;
    return 0;
}

/* ----------------------------------------------------------------- events */

API int
cudaEventCreate(cudaEvent_t *e)
{
    return ret(cu_event_create(e, 0));
}

API int
cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags)
{
    return ret(cu_event_create(e, flags));
}

API int
cudaEventDestroy(cudaEvent_t e)
{
    return ret(cu_event_destroy(e));
}

API int
cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    return ret(cu_event_record(e, s));
}

API int
cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s, unsigned flags)
{
    return ret(cu_event_record(e, s));
}

API int
cudaEventSynchronize(cudaEvent_t e)
{
    return ret(cu_event_sync(e));
}

API int
cudaEventQuery(cudaEvent_t e)
{
    int r = cu_event_query(e);
    return r == p2n_cudaErrorNotReady ? r : ret(r);
}

API int
cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
    return ret(cu_event_elapsed(ms, a, b));
}

API int
cudaEventElapsedTime_v2(float *ms, cudaEvent_t a, cudaEvent_t b)
{
    return cudaEventElapsedTime(ms, a, b);
}

/* -------------------------------------------------------------- functions */

static int
max_active_blocks(const cu_kernel *f, int block_size, size_t dyn)
{
    /* A multiprocessor is a worker thread, which runs one CTA at a time;
     * so a grid sized from this is all resident, as cooperative launches
     * (grid.sync()) need. */
    if (block_size <= 0 || block_size > 1024)
        return 0;
    size_t smem = ((f->k ? f->k->static_smem : 0) + 15) / 16 * 16 + dyn;
    return dyn <= P2N_MAX_SHARED_BYTES && smem <= P2N_MAX_SHARED_BYTES ? 1 : 0; /* no wrapped sum */
}

API int
cudaFuncGetAttributes(p2n_cudaFuncAttributes *a, const void *fn)
{
    if (!a)
        return ret(p2n_cudaErrorInvalidValue);
    cu_kernel *f = cu_kernel_by_host(fn);
    int e = cu_kernel_ready(f);
    if (e)
        return ret(e);
    const p2n_kernel_desc *k = f->k;
    memset(a, 0, sizeof *a);
    a->sharedSizeBytes = k->static_smem;
    a->localSizeBytes = k->local_bytes;
    a->maxThreadsPerBlock = 1024;
    if (k->maxntid[0]) {
        unsigned m = k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1) *
                     (k->maxntid[2] ? k->maxntid[2] : 1);
        if (m < 1024)
            a->maxThreadsPerBlock = (int)m;
    }
    a->numRegs = 32;
    a->ptxVersion = 80;
    a->binaryVersion = 80;
    a->maxDynamicSharedSizeBytes =
        f->max_dynamic_smem ? f->max_dynamic_smem : 48 * 1024 - (int)k->static_smem;
    a->preferredShmemCarveout = -1;
    return 0;
}

API int
cudaFuncSetAttribute(const void *fn, int attr, int value)
{
    cu_kernel *f = cu_kernel_by_host(fn);
    if (!f)
        return ret(p2n_cudaErrorInvalidDeviceFunction);
    if (attr == p2n_cudaFuncAttributeMaxDynamicSharedMemorySize) {
        if (value < 0 || value > (int)(P2N_MAX_SHARED_BYTES - 1024))
            return ret(p2n_cudaErrorInvalidValue);
        f->max_dynamic_smem = value;
    }
    return 0;
}

API int
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *fn, int block_size,
                                                       size_t dyn, unsigned flags)
{
    if (!n)
        return ret(p2n_cudaErrorInvalidValue);
    cu_kernel *f = cu_kernel_by_host(fn);
    int e = cu_kernel_ready(f);
    if (e)
        return ret(e);
    *n = max_active_blocks(f, block_size, dyn);
    return 0;
}

API int
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *fn, int block_size, size_t dyn)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n, fn, block_size, dyn, 0);
}

API int
cudaOccupancyAvailableDynamicSMemPerBlock(size_t *smem, const void *fn, int nblocks, int block_size)
{
    if (!smem || nblocks <= 0)
        return ret(p2n_cudaErrorInvalidValue);
    *smem = (P2N_MAX_SHARED_BYTES - 1024) / (size_t)nblocks;
    return 0;
}

API int
cudaGetFuncBySymbol(void **out, const void *fn)
{
    return __cudaGetKernel(out, fn);
}

/* ------------------------------------- per-thread default stream forms */

/* Built with --default-stream per-thread, a program calls these _ptds and
 * _ptsz names.  Stream 0 is then the per-thread default stream, which
 * this layer orders as the legacy one (see docs/cuda.md, Execution), so
 * each is the plain call. */

API int
cudaLaunchHostFunc_ptsz(cudaStream_t s, void (*fn)(void *), void *data)
{
    return cudaLaunchHostFunc(s, fn, data);
}

API int
cudaStreamAddCallback_ptsz(cudaStream_t s, void (*fn)(cudaStream_t, int, void *), void *data,
                           unsigned flags)
{
    return cudaStreamAddCallback(s, fn, data, flags);
}

API int
cudaStreamSynchronize_ptsz(cudaStream_t s)
{
    return cudaStreamSynchronize(s);
}

API int
cudaStreamQuery_ptsz(cudaStream_t s)
{
    return cudaStreamQuery(s);
}

API int
cudaStreamWaitEvent_ptsz(cudaStream_t s, cudaEvent_t e, unsigned flags)
{
    return cudaStreamWaitEvent(s, e, flags);
}

API int
cudaStreamGetFlags_ptsz(cudaStream_t s, unsigned *flags)
{
    return cudaStreamGetFlags(s, flags);
}

API int
cudaStreamGetPriority_ptsz(cudaStream_t s, int *priority)
{
    return cudaStreamGetPriority(s, priority);
}

API int
cudaEventRecord_ptsz(cudaEvent_t e, cudaStream_t s)
{
    return cudaEventRecord(e, s);
}

API int
cudaEventRecordWithFlags_ptsz(cudaEvent_t e, cudaStream_t s, unsigned flags)
{
    return cudaEventRecordWithFlags(e, s, flags);
}
