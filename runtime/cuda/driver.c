/* driver.c — the CUDA driver API of libcuda.so.1 over the core: one
 * device, contexts as names for it, modules from PTX text, fatbinaries or
 * modules made by ptx2native, memory, launches, streams and events.  The
 * names are the ones nvcc's cuda.h maps the API to (cuMemAlloc_v2, ...);
 * the rest of NVIDIA's entry points are stubs (stubs.c). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define API CU_EXPORT

typedef unsigned long long CUdeviceptr;
typedef int CUdevice;
/* One device, one address space: contexts differ only as handles, so that
 * the per-thread context stack behaves as CUDA's does.  The primary context
 * is static; created ones are listed so that handles can be checked. */
typedef struct p2n_context {
    struct p2n_context *next; /* created contexts */
} * CUcontext;
typedef cu_module *CUmodule;
typedef cu_kernel *CUfunction;
typedef cu_stream *CUstream;
typedef cu_event *CUevent;

static struct p2n_context the_context; /* the primary context */
static CUcontext created;              /* contexts of cuCtxCreate, under cu_lock */
enum { CTX_STACK = 64 };
static _Thread_local CUcontext ctx_stack[CTX_STACK]; /* this thread's; top is current */
static _Thread_local int ctx_depth;
static int initialized;

#define current (ctx_depth ? ctx_stack[ctx_depth - 1] : NULL)

/* The runtime's error codes as the driver's. */
static int
drv(int e)
{
    switch (e) {
    case p2n_cudaErrorInvalidConfiguration:
    case p2n_cudaErrorInvalidPitchValue:
    case p2n_cudaErrorInvalidMemcpyDirection:
    case p2n_cudaErrorInvalidDevicePointer: return P2N_CU_ERROR_INVALID_VALUE;
    case p2n_cudaErrorInvalidDeviceFunction:
    case p2n_cudaErrorInvalidSymbol: return P2N_CU_ERROR_NOT_FOUND;
    default: return e;
    }
}

static int
need_init(void)
{
    return initialized ? 0 : P2N_CU_ERROR_NOT_INITIALIZED;
}

API int
cuInit(unsigned flags)
{
    initialized = 1;
    return 0;
}

/* The runtime API starts the driver and makes the primary context current
 * in the calling thread, as libcudart does (cudaSetDevice, cudaFree(0), and
 * any call that uses the device). */
void
cu_runtime_started(void)
{
    initialized = 1;
    if (!ctx_depth)
        ctx_stack[ctx_depth++] = &the_context;
}

API int
cuDriverGetVersion(int *v)
{
    if (!v)
        return P2N_CU_ERROR_INVALID_VALUE;
    *v = 13000;
    return 0;
}

API int
cuGetErrorString(int e, const char **s)
{
    if (!s)
        return P2N_CU_ERROR_INVALID_VALUE;
    *s = cu_error_string(e);
    return 0;
}

API int
cuGetErrorName(int e, const char **s)
{
    if (!s)
        return P2N_CU_ERROR_INVALID_VALUE;
    switch (e) {
    case 0: *s = "CUDA_SUCCESS"; break;
    case 1: *s = "CUDA_ERROR_INVALID_VALUE"; break;
    case 2: *s = "CUDA_ERROR_OUT_OF_MEMORY"; break;
    case 3: *s = "CUDA_ERROR_NOT_INITIALIZED"; break;
    case 100: *s = "CUDA_ERROR_NO_DEVICE"; break;
    case 101: *s = "CUDA_ERROR_INVALID_DEVICE"; break;
    case 200: *s = "CUDA_ERROR_INVALID_IMAGE"; break;
    case 201: *s = "CUDA_ERROR_INVALID_CONTEXT"; break;
    case 209: *s = "CUDA_ERROR_NO_BINARY_FOR_GPU"; break;
    case 218: *s = "CUDA_ERROR_INVALID_PTX"; break;
    case 301: *s = "CUDA_ERROR_FILE_NOT_FOUND"; break;
    case 400: *s = "CUDA_ERROR_INVALID_HANDLE"; break;
    case 500: *s = "CUDA_ERROR_NOT_FOUND"; break;
    case 600: *s = "CUDA_ERROR_NOT_READY"; break;
    case 700: *s = "CUDA_ERROR_ILLEGAL_ADDRESS"; break;
    case 701: *s = "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"; break;
    case 710: *s = "CUDA_ERROR_ASSERT"; break;
    case 714: *s = "CUDA_ERROR_HARDWARE_STACK_ERROR"; break;
    case 716: *s = "CUDA_ERROR_MISALIGNED_ADDRESS"; break;
    case 718: *s = "CUDA_ERROR_INVALID_PC"; break;
    case 719: *s = "CUDA_ERROR_LAUNCH_FAILED"; break;
    case 801: *s = "CUDA_ERROR_NOT_SUPPORTED"; break;
    case 999: *s = "CUDA_ERROR_UNKNOWN"; break;
    default: *s = NULL; return P2N_CU_ERROR_INVALID_VALUE;
    }
    return 0;
}

/* ---------------------------------------------------------------- device */

API int
cuDeviceGetCount(int *n)
{
    if (!n)
        return P2N_CU_ERROR_INVALID_VALUE;
    *n = 1;
    return need_init();
}

API int
cuDeviceGet(CUdevice *d, int ordinal)
{
    if (!d)
        return P2N_CU_ERROR_INVALID_VALUE;
    if (ordinal != 0)
        return P2N_CU_ERROR_INVALID_DEVICE;
    *d = 0;
    return need_init();
}

API int
cuDeviceGetName(char *name, int len, CUdevice d)
{
    if (!name || len <= 0)
        return P2N_CU_ERROR_INVALID_VALUE;
    snprintf(name, (size_t)len, "ptx2native (CPU model)");
    return d == 0 ? 0 : P2N_CU_ERROR_INVALID_DEVICE;
}

API int
cuDeviceGetUuid(p2n_cudaUUID *u, CUdevice d)
{
    if (!u)
        return P2N_CU_ERROR_INVALID_VALUE;
    memcpy(u->bytes, "ptx2native-cpu-0", 16);
    return 0;
}

API int
cuDeviceGetUuid_v2(p2n_cudaUUID *u, CUdevice d)
{
    return cuDeviceGetUuid(u, d);
}

API int
cuDeviceTotalMem_v2(size_t *bytes, CUdevice d)
{
    if (!bytes)
        return P2N_CU_ERROR_INVALID_VALUE;
    size_t free_bytes;
    cu_mem_info(&free_bytes, bytes);
    return 0;
}

API int
cuDeviceGetAttribute(int *v, int attr, CUdevice d)
{
    /* the runtime's attribute numbers are the driver's */
    if (!v)
        return P2N_CU_ERROR_INVALID_VALUE;
    if (d != 0)
        return P2N_CU_ERROR_INVALID_DEVICE;
    switch (attr) {
    case p2n_cudaDevAttrMaxThreadsPerBlock: *v = 1024; break;
    case p2n_cudaDevAttrMaxBlockDimX:
    case p2n_cudaDevAttrMaxBlockDimY: *v = 1024; break;
    case p2n_cudaDevAttrMaxBlockDimZ: *v = 64; break;
    case p2n_cudaDevAttrMaxGridDimX: *v = 0x7fffffff; break;
    case p2n_cudaDevAttrMaxGridDimY:
    case p2n_cudaDevAttrMaxGridDimZ: *v = 65535; break;
    case p2n_cudaDevAttrMaxSharedMemoryPerBlock: *v = 48 * 1024; break;
    case p2n_cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = (int)P2N_MAX_SHARED_BYTES - 1024; break;
    case p2n_cudaDevAttrMaxSharedMemoryPerMultiprocessor: *v = (int)P2N_MAX_SHARED_BYTES; break;
    case p2n_cudaDevAttrTotalConstantMemory: *v = 65536; break;
    case p2n_cudaDevAttrWarpSize: *v = 32; break;
    case p2n_cudaDevAttrMaxRegistersPerBlock:
    case p2n_cudaDevAttrMaxRegistersPerMultiprocessor: *v = 65536; break;
    case p2n_cudaDevAttrClockRate: *v = 1000000; break;
    case p2n_cudaDevAttrMultiProcessorCount: *v = (int)cu_num_sms(); break;
    case p2n_cudaDevAttrComputeCapabilityMajor: *v = 8; break;
    case p2n_cudaDevAttrComputeCapabilityMinor: *v = 0; break;
    case p2n_cudaDevAttrMaxThreadsPerMultiProcessor: *v = 2048; break;
    case p2n_cudaDevAttrMaxBlocksPerMultiprocessor: *v = 32; break;
    case p2n_cudaDevAttrIntegrated:
    case p2n_cudaDevAttrCanMapHostMemory:
    case p2n_cudaDevAttrUnifiedAddressing:
    case p2n_cudaDevAttrManagedMemory:
    case p2n_cudaDevAttrConcurrentKernels:
    case p2n_cudaDevAttrCooperativeLaunch: *v = 1; break;
    default: *v = 0; break;
    }
    return 0;
}

API int
cuDeviceComputeCapability(int *major, int *minor, CUdevice d)
{
    if (!major || !minor)
        return P2N_CU_ERROR_INVALID_VALUE;
    *major = 8;
    *minor = 0;
    return 0;
}

/* --------------------------------------------------------------- contexts */

static bool
ctx_valid(CUcontext ctx)
{
    if (ctx == &the_context)
        return true;
    cu_lock();
    CUcontext c = created;
    while (c && c != ctx)
        c = c->next;
    cu_unlock();
    return c != NULL;
}

API int
cuCtxCreate_v2(CUcontext *ctx, unsigned flags, CUdevice d)
{
    if (!ctx)
        return P2N_CU_ERROR_INVALID_VALUE;
    if (need_init())
        return need_init();
    if (d != 0)
        return P2N_CU_ERROR_INVALID_DEVICE;
    if (ctx_depth == CTX_STACK)
        return P2N_CU_ERROR_INVALID_VALUE;
    CUcontext c = calloc(1, sizeof *c);
    if (!c)
        return P2N_CU_ERROR_OUT_OF_MEMORY;
    cu_lock();
    c->next = created;
    created = c;
    cu_unlock();
    ctx_stack[ctx_depth++] = c;
    *ctx = c;
    return 0;
}

API int
cuCtxCreate_v3(CUcontext *ctx, void *params, int n, unsigned flags, CUdevice d)
{
    return cuCtxCreate_v2(ctx, flags, d);
}

API int
cuCtxCreate_v4(CUcontext *ctx, void *params, unsigned flags, CUdevice d)
{
    return cuCtxCreate_v2(ctx, flags, d);
}

/* Destroys a created context; it leaves this thread's stack (other
 * threads must not use it after, as with CUDA). */
API int
cuCtxDestroy_v2(CUcontext ctx)
{
    if (!ctx || ctx == &the_context || !ctx_valid(ctx))
        return P2N_CU_ERROR_INVALID_CONTEXT;
    cu_device_sync();
    cu_lock();
    for (CUcontext *p = &created; *p; p = &(*p)->next)
        if (*p == ctx) {
            *p = ctx->next;
            break;
        }
    cu_unlock();
    int k = 0;
    for (int i = 0; i < ctx_depth; i++)
        if (ctx_stack[i] != ctx)
            ctx_stack[k++] = ctx_stack[i];
    ctx_depth = k;
    free(ctx);
    return 0;
}

API int
cuCtxGetCurrent(CUcontext *ctx)
{
    if (!ctx)
        return P2N_CU_ERROR_INVALID_VALUE;
    *ctx = current;
    return need_init();
}

/* Replaces the top of this thread's stack (NULL: unbinds it). */
API int
cuCtxSetCurrent(CUcontext ctx)
{
    if (ctx && !ctx_valid(ctx))
        return P2N_CU_ERROR_INVALID_CONTEXT;
    if (!ctx) {
        if (ctx_depth)
            ctx_depth--;
    } else if (ctx_depth) {
        ctx_stack[ctx_depth - 1] = ctx;
    } else {
        ctx_stack[ctx_depth++] = ctx;
    }
    return 0;
}

API int
cuCtxPushCurrent_v2(CUcontext ctx)
{
    if (!ctx || !ctx_valid(ctx))
        return P2N_CU_ERROR_INVALID_CONTEXT;
    if (ctx_depth == CTX_STACK)
        return P2N_CU_ERROR_INVALID_VALUE;
    ctx_stack[ctx_depth++] = ctx;
    return 0;
}

API int
cuCtxPopCurrent_v2(CUcontext *ctx)
{
    if (!ctx_depth)
        return P2N_CU_ERROR_INVALID_CONTEXT;
    CUcontext top = ctx_stack[--ctx_depth];
    if (ctx)
        *ctx = top;
    return 0;
}

API int
cuCtxGetDevice(CUdevice *d)
{
    if (!d)
        return P2N_CU_ERROR_INVALID_VALUE;
    *d = 0;
    return 0;
}

API int
cuCtxSynchronize(void)
{
    return drv(cu_device_sync());
}

/* No profiler is attached: these succeed and do nothing. */
API int
cuProfilerStart(void)
{
    return 0;
}

API int
cuProfilerStop(void)
{
    return 0;
}

API int
cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice d)
{
    if (!ctx)
        return P2N_CU_ERROR_INVALID_VALUE;
    *ctx = &the_context;
    return need_init();
}

API int
cuDevicePrimaryCtxRelease_v2(CUdevice d)
{
    return 0;
}

API int
cuDevicePrimaryCtxReset_v2(CUdevice d)
{
    cu_device_sync();
    cu_reset();
    return 0;
}

API int
cuDevicePrimaryCtxSetFlags_v2(CUdevice d, unsigned flags)
{
    return 0;
}

API int
cuDevicePrimaryCtxGetState(CUdevice d, unsigned *flags, int *active)
{
    if (flags)
        *flags = 0;
    if (active)
        *active = 1;
    return 0;
}

/* ---------------------------------------------------------------- modules */

API int
cuModuleLoad(CUmodule *m, const char *path)
{
    if (!m || !path)
        return P2N_CU_ERROR_INVALID_VALUE;
    return drv(cu_module_from_file(m, path));
}

API int
cuModuleLoadData(CUmodule *m, const void *image)
{
    if (!m || !image)
        return P2N_CU_ERROR_INVALID_VALUE;
    /* an ELF image's size is its section header table's end */
    size_t size = 0;
    const unsigned char *p = image;
    if (memcmp(p, "\177ELF", 4) == 0) {
        uint64_t shoff;
        uint16_t shentsize, shnum;
        memcpy(&shoff, p + 0x28, 8);
        memcpy(&shentsize, p + 0x3a, 2);
        memcpy(&shnum, p + 0x3c, 2);
        size = shoff + (size_t)shentsize * shnum;
    }
    return drv(cu_module_from_image(m, image, size));
}

API int
cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, void *options, void **values)
{
    return cuModuleLoadData(m, image);
}

API int
cuModuleLoadFatBinary(CUmodule *m, const void *fatbin)
{
    return cuModuleLoadData(m, fatbin);
}

API int
cuModuleUnload(CUmodule m)
{
    if (!m)
        return P2N_CU_ERROR_INVALID_HANDLE;
    cu_device_sync();
    cu_module_unload(m);
    return 0;
}

API int
cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name)
{
    if (!f || !m || !name)
        return P2N_CU_ERROR_INVALID_VALUE;
    *f = cu_kernel_by_name(m, name);
    return *f ? 0 : P2N_CU_ERROR_NOT_FOUND;
}

API int
cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule m, const char *name)
{
    if (!m || !name)
        return P2N_CU_ERROR_INVALID_VALUE;
    void *a;
    size_t n;
    int e = cu_var_by_name(m, name, &a, &n);
    if (e)
        return drv(e) == p2n_cudaErrorSymbolNotFound ? P2N_CU_ERROR_NOT_FOUND : drv(e);
    if (dptr)
        *dptr = (CUdeviceptr)(uintptr_t)a;
    if (bytes)
        *bytes = n;
    return 0;
}

/* ---------------------------------------------------------------- memory */

#define PTR(d) ((void *)(uintptr_t)(d))

API int
cuMemAlloc_v2(CUdeviceptr *d, size_t n)
{
    if (!d || !n)
        return P2N_CU_ERROR_INVALID_VALUE;
    void *p = cu_alloc(n, p2n_cudaMemoryTypeDevice);
    *d = (CUdeviceptr)(uintptr_t)p;
    return p ? 0 : P2N_CU_ERROR_OUT_OF_MEMORY;
}

API int
cuMemAllocManaged(CUdeviceptr *d, size_t n, unsigned flags)
{
    if (!d || !n)
        return P2N_CU_ERROR_INVALID_VALUE;
    void *p = cu_alloc(n, p2n_cudaMemoryTypeManaged);
    *d = (CUdeviceptr)(uintptr_t)p;
    return p ? 0 : P2N_CU_ERROR_OUT_OF_MEMORY;
}

API int
cuMemAllocPitch_v2(CUdeviceptr *d, size_t *pitch, size_t width, size_t height, unsigned elem)
{
    if (!d || !pitch)
        return P2N_CU_ERROR_INVALID_VALUE;
    *pitch = (width + 511) & ~(size_t)511;
    return cuMemAlloc_v2(d, *pitch * (height ? height : 1));
}

API int
cuMemFree_v2(CUdeviceptr d)
{
    cu_device_sync();
    return drv(cu_free(PTR(d)));
}

API int
cuMemAllocHost_v2(void **p, size_t n)
{
    if (!p)
        return P2N_CU_ERROR_INVALID_VALUE;
    *p = cu_alloc(n, p2n_cudaMemoryTypeHost);
    return *p ? 0 : P2N_CU_ERROR_OUT_OF_MEMORY;
}

API int
cuMemHostAlloc(void **p, size_t n, unsigned flags)
{
    return cuMemAllocHost_v2(p, n);
}

API int
cuMemFreeHost(void *p)
{
    cu_device_sync();
    return drv(cu_free(p));
}

API int
cuMemHostGetDevicePointer_v2(CUdeviceptr *d, void *p, unsigned flags)
{
    if (!d)
        return P2N_CU_ERROR_INVALID_VALUE;
    *d = (CUdeviceptr)(uintptr_t)p;
    return 0;
}

API int
cuMemGetInfo_v2(size_t *free_bytes, size_t *total)
{
    cu_mem_info(free_bytes, total);
    return 0;
}

API int
cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
    return drv(cu_memcpy(NULL, PTR(dst), PTR(src), n, false));
}

API int
cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s)
{
    if (!cu_stream_valid(s))
        return P2N_CU_ERROR_INVALID_HANDLE;
    return drv(cu_memcpy(s, PTR(dst), PTR(src), n, true));
}

API int
cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n)
{
    return drv(cu_memcpy(NULL, PTR(dst), src, n, false));
}

API int
cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n)
{
    return drv(cu_memcpy(NULL, dst, PTR(src), n, false));
}

API int
cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
    return cuMemcpy(dst, src, n);
}

API int
cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, CUstream s)
{
    return cuMemcpyAsync(dst, (CUdeviceptr)(uintptr_t)src, n, s);
}

API int
cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, CUstream s)
{
    return cuMemcpyAsync((CUdeviceptr)(uintptr_t)dst, src, n, s);
}

API int
cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s)
{
    return cuMemcpyAsync(dst, src, n, s);
}

API int
cuMemsetD8_v2(CUdeviceptr d, unsigned char v, size_t n)
{
    return drv(cu_memset(NULL, PTR(d), v, 1, n, false));
}

API int
cuMemsetD16_v2(CUdeviceptr d, unsigned short v, size_t n)
{
    return drv(cu_memset(NULL, PTR(d), v, 2, n, false));
}

API int
cuMemsetD32_v2(CUdeviceptr d, unsigned v, size_t n)
{
    return drv(cu_memset(NULL, PTR(d), (int)v, 4, n, false));
}

API int
cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, CUstream s)
{
    return drv(cu_memset(s, PTR(d), v, 1, n, true));
}

API int
cuMemsetD32Async(CUdeviceptr d, unsigned v, size_t n, CUstream s)
{
    return drv(cu_memset(s, PTR(d), (int)v, 4, n, true));
}

/* ---------------------------------------------------------------- launch */

API int
cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
               unsigned bz, unsigned smem, CUstream s, void **params, void **extra)
{
    if (!f)
        return P2N_CU_ERROR_INVALID_HANDLE;
    if (!cu_stream_valid(s))
        return P2N_CU_ERROR_INVALID_HANDLE;
    int e = cu_kernel_ready(f);
    if (e)
        return drv(e);
    void *ptrs[256];
    if (!params && extra) { /* one buffer laid out as the .param space */
        const char *buf = NULL;
        size_t size = 0;
        for (size_t i = 0; extra[i] != P2N_CU_LAUNCH_PARAM_END; i += 2) {
            if (extra[i] == P2N_CU_LAUNCH_PARAM_BUFFER_POINTER)
                buf = extra[i + 1];
            else if (extra[i] == P2N_CU_LAUNCH_PARAM_BUFFER_SIZE)
                size = *(const size_t *)extra[i + 1];
            else
                return P2N_CU_ERROR_INVALID_VALUE;
        }
        const p2n_kernel_desc *k = f->k;
        if (!buf || k->nparams > 256 || size < k->param_bytes)
            return P2N_CU_ERROR_INVALID_VALUE;
        for (uint32_t i = 0; i < k->nparams; i++)
            ptrs[i] = (void *)(buf + k->params[i].offset);
        params = ptrs;
    } else if (params && extra) {
        return P2N_CU_ERROR_INVALID_VALUE;
    }
    cu_launch l = {f, {gx, gy, gz}, {bx, by, bz}, smem, params, false};
    return drv(cu_launch_kernel(s, &l));
}

API int
cuFuncGetAttribute(int *v, int attr, CUfunction f)
{
    if (!v || !f)
        return P2N_CU_ERROR_INVALID_VALUE;
    int e = cu_kernel_ready(f);
    if (e)
        return drv(e);
    const p2n_kernel_desc *k = f->k;
    switch (attr) {
    case P2N_CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *v = 1024; break;
    case P2N_CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *v = (int)k->static_smem; break;
    case P2N_CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *v = 0; break;
    case P2N_CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *v = (int)k->local_bytes; break;
    case P2N_CU_FUNC_ATTRIBUTE_NUM_REGS: *v = 32; break;
    case P2N_CU_FUNC_ATTRIBUTE_PTX_VERSION:
    case P2N_CU_FUNC_ATTRIBUTE_BINARY_VERSION: *v = 80; break;
    case P2N_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
        *v = f->max_dynamic_smem ? f->max_dynamic_smem : 48 * 1024 - (int)k->static_smem;
        break;
    default: *v = 0; break;
    }
    return 0;
}

API int
cuFuncSetAttribute(CUfunction f, int attr, int v)
{
    if (!f)
        return P2N_CU_ERROR_INVALID_HANDLE;
    if (attr == P2N_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
        if (v < 0 || v > (int)P2N_MAX_SHARED_BYTES - 1024)
            return P2N_CU_ERROR_INVALID_VALUE;
        f->max_dynamic_smem = v;
    }
    return 0;
}

/* -------------------------------------------------------- streams, events */

API int
cuStreamCreate(CUstream *s, unsigned flags)
{
    if (!s)
        return P2N_CU_ERROR_INVALID_VALUE;
    return drv(cu_stream_create(s, flags));
}

API int
cuStreamCreateWithPriority(CUstream *s, unsigned flags, int priority)
{
    return cuStreamCreate(s, flags);
}

API int
cuStreamDestroy_v2(CUstream s)
{
    return drv(cu_stream_destroy(s));
}

API int
cuStreamSynchronize(CUstream s)
{
    if (!cu_stream_valid(s))
        return P2N_CU_ERROR_INVALID_HANDLE;
    return drv(cu_stream_sync(s));
}

API int
cuStreamQuery(CUstream s)
{
    if (!cu_stream_valid(s))
        return P2N_CU_ERROR_INVALID_HANDLE;
    return drv(cu_stream_query(s));
}

API int
cuStreamWaitEvent(CUstream s, CUevent e, unsigned flags)
{
    return drv(cu_stream_wait_event(s, e));
}

API int
cuLaunchHostFunc(CUstream s, void (*fn)(void *), void *data)
{
    if (!cu_stream_valid(s))
        return P2N_CU_ERROR_INVALID_HANDLE;
    return drv(cu_host_func(s, fn, data));
}

API int
cuEventCreate(CUevent *e, unsigned flags)
{
    return drv(cu_event_create(e, flags));
}

API int
cuEventDestroy_v2(CUevent e)
{
    return drv(cu_event_destroy(e));
}

API int
cuEventRecord(CUevent e, CUstream s)
{
    return drv(cu_event_record(e, s));
}

API int
cuEventSynchronize(CUevent e)
{
    return drv(cu_event_sync(e));
}

API int
cuEventQuery(CUevent e)
{
    return drv(cu_event_query(e));
}

API int
cuEventElapsedTime(float *ms, CUevent a, CUevent b)
{
    return drv(cu_event_elapsed(ms, a, b));
}

API int
cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b)
{
    return cuEventElapsedTime(ms, a, b);
}

/* ------------------------------------------------------------ proc address */

/* cuGetProcAddress(symbol, &fn, cudaVersion, flags, &status): the newest
 * versioned form of symbol we have (_v4 ... _v2), then the plain name. */
API int
cuGetProcAddress_v2(const char *symbol, void **fn, int version, unsigned long long flags,
                    int *status)
{
    if (!symbol || !fn)
        return P2N_CU_ERROR_INVALID_VALUE;
    Dl_info info;
    void *self = NULL;
    if (dladdr((void *)cuGetProcAddress_v2, &info))
        self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
    *fn = NULL;
    char name[256];
    for (int v = 4; v >= 1 && self && !*fn; v--) {
        if (v > 1)
            snprintf(name, sizeof name, "%s_v%d", symbol, v);
        else
            snprintf(name, sizeof name, "%s", symbol);
        *fn = dlsym(self, name);
    }
    if (self)
        dlclose(self);
    if (status)
        *status = *fn ? 0 : 1; /* CU_GET_PROC_ADDRESS_SUCCESS / SYMBOL_NOT_FOUND */
    return *fn ? 0 : P2N_CU_ERROR_NOT_FOUND;
}

API int
cuGetProcAddress(const char *symbol, void **fn, int version, unsigned long long flags)
{
    return cuGetProcAddress_v2(symbol, fn, version, flags, NULL);
}

/* -------------------------------------- per-thread default stream forms */

/* With CUDA_API_PER_THREAD_DEFAULT_STREAM (nvcc --default-stream
 * per-thread) cuda.h maps these calls to their _ptds / _ptsz names; a
 * null stream is then the per-thread default stream, which this layer
 * orders as the legacy one, so each is the plain call. */

API int
cuMemcpy_ptds(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
    return cuMemcpy(dst, src, n);
}

API int
cuMemcpyAsync_ptsz(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s)
{
    return cuMemcpyAsync(dst, src, n, s);
}

API int
cuMemcpyHtoD_v2_ptds(CUdeviceptr dst, const void *src, size_t n)
{
    return cuMemcpyHtoD_v2(dst, src, n);
}

API int
cuMemcpyDtoH_v2_ptds(void *dst, CUdeviceptr src, size_t n)
{
    return cuMemcpyDtoH_v2(dst, src, n);
}

API int
cuMemcpyDtoD_v2_ptds(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
    return cuMemcpyDtoD_v2(dst, src, n);
}

API int
cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr dst, const void *src, size_t n, CUstream s)
{
    return cuMemcpyHtoDAsync_v2(dst, src, n, s);
}

API int
cuMemcpyDtoHAsync_v2_ptsz(void *dst, CUdeviceptr src, size_t n, CUstream s)
{
    return cuMemcpyDtoHAsync_v2(dst, src, n, s);
}

API int
cuMemcpyDtoDAsync_v2_ptsz(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s)
{
    return cuMemcpyDtoDAsync_v2(dst, src, n, s);
}

API int
cuMemsetD8_v2_ptds(CUdeviceptr d, unsigned char v, size_t n)
{
    return cuMemsetD8_v2(d, v, n);
}

API int
cuMemsetD16_v2_ptds(CUdeviceptr d, unsigned short v, size_t n)
{
    return cuMemsetD16_v2(d, v, n);
}

API int
cuMemsetD32_v2_ptds(CUdeviceptr d, unsigned v, size_t n)
{
    return cuMemsetD32_v2(d, v, n);
}

API int
cuMemsetD8Async_ptsz(CUdeviceptr d, unsigned char v, size_t n, CUstream s)
{
    return cuMemsetD8Async(d, v, n, s);
}

API int
cuMemsetD32Async_ptsz(CUdeviceptr d, unsigned v, size_t n, CUstream s)
{
    return cuMemsetD32Async(d, v, n, s);
}

API int
cuLaunchKernel_ptsz(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                    unsigned by, unsigned bz, unsigned smem, CUstream s, void **params,
                    void **extra)
{
    return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem, s, params, extra);
}

API int
cuLaunchHostFunc_ptsz(CUstream s, void (*fn)(void *), void *data)
{
    return cuLaunchHostFunc(s, fn, data);
}

API int
cuStreamSynchronize_ptsz(CUstream s)
{
    return cuStreamSynchronize(s);
}

API int
cuStreamQuery_ptsz(CUstream s)
{
    return cuStreamQuery(s);
}

API int
cuStreamWaitEvent_ptsz(CUstream s, CUevent e, unsigned flags)
{
    return cuStreamWaitEvent(s, e, flags);
}

API int
cuEventRecord_ptsz(CUevent e, CUstream s)
{
    return cuEventRecord(e, s);
}
