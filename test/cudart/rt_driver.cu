// rt_driver: a driver-API program (libcuda.so.1): a module from PTX text
// and from a file, a kernel found by name, a .global variable, memory,
// cuLaunchKernel with kernelParams and with extra, streams, events, error
// names, function attributes, cuGetProcAddress.  The PTX is written here
// by hand (it passes ptxas -arch=sm_80).  Built with -lcuda (rt_driver.flags).
#include <cuda.h>
#include <cstdio>
#include <cstring>

static const char ptx[] = R"(
.version 8.0
.target sm_80
.address_size 64

.global .align 4 .u32 gcount;

.visible .entry scale(.param .u64 p, .param .u32 n, .param .f32 a)
{
    .reg .pred %p<2>;
    .reg .b32 %r<7>;
    .reg .b64 %rd<5>;
    .reg .f32 %f<3>;
    ld.param.u64 %rd1, [p];
    ld.param.u32 %r1, [n];
    ld.param.f32 %f1, [a];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.f32 %f2, [%rd4];
    mul.f32 %f2, %f2, %f1;
    st.global.f32 [%rd4], %f2;
    atom.global.add.u32 %r6, [gcount], 1;
DONE:
    ret;
}
)";

static int failures;
static void check(bool ok, const char *what, CUresult r)
{
    const char *name = nullptr;
    cuGetErrorName(r, &name);
    printf("%s driver/%s (%s)\n", ok ? "PASS" : "FAIL", what, name ? name : "?");
    failures += !ok;
}

int main()
{
    CUresult r = cuInit(0);
    check(r == CUDA_SUCCESS, "init", r);
    CUdevice dev;
    int count = 0;
    r = cuDeviceGetCount(&count);
    check(r == CUDA_SUCCESS && count == 1, "device-count", r);
    r = cuDeviceGet(&dev, 0);
    char name[128];
    cuDeviceGetName(name, sizeof name, dev);
    check(r == CUDA_SUCCESS && strcmp(name, "ptx2native (CPU model)") == 0, "device-name", r);
    int warp = 0;
    r = cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev);
    check(r == CUDA_SUCCESS && warp == 32, "device-attribute", r);
    CUcontext ctx, cur = nullptr;
    r = cuCtxCreate(&ctx, nullptr, 0, dev);
    cuCtxGetCurrent(&cur);
    check(r == CUDA_SUCCESS && cur == ctx, "context", r);

    CUmodule mod;
    r = cuModuleLoadData(&mod, ptx);
    check(r == CUDA_SUCCESS, "module-from-ptx-text", r);
    CUfunction fn;
    r = cuModuleGetFunction(&fn, mod, "scale");
    check(r == CUDA_SUCCESS, "get-function", r);
    CUfunction missing;
    r = cuModuleGetFunction(&missing, mod, "no_such_kernel");
    check(r == CUDA_ERROR_NOT_FOUND, "get-missing-function", r);
    CUdeviceptr gcount;
    size_t gsize = 0;
    r = cuModuleGetGlobal(&gcount, &gsize, mod, "gcount");
    check(r == CUDA_SUCCESS && gsize == 4, "get-global", r);

    const unsigned n = 1000;
    float h[n], out[n];
    for (unsigned i = 0; i < n; i++)
        h[i] = (float)i;
    CUdeviceptr d;
    r = cuMemAlloc(&d, sizeof h);
    check(r == CUDA_SUCCESS, "mem-alloc", r);
    cuMemcpyHtoD(d, h, sizeof h);
    cuMemsetD32(gcount, 0, 1);
    unsigned nn = n;
    float a = 3.0f;
    void *params[] = {&d, &nn, &a};
    r = cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr);
    check(r == CUDA_SUCCESS && cuCtxSynchronize() == CUDA_SUCCESS, "launch-kernel-params", r);

    // the same through `extra`: one buffer laid out as the .param space
    struct {
        CUdeviceptr p;
        unsigned n;
        float a;
    } buf = {d, n, 0.5f};
    size_t bufsize = sizeof buf;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &bufsize, CU_LAUNCH_PARAM_END};
    CUstream s;
    cuStreamCreate(&s, 0);
    CUevent e0, e1;
    cuEventCreate(&e0, 0);
    cuEventCreate(&e1, 0);
    cuEventRecord(e0, s);
    r = cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, s, nullptr, extra);
    cuEventRecord(e1, s);
    check(r == CUDA_SUCCESS && cuStreamSynchronize(s) == CUDA_SUCCESS, "launch-kernel-extra-on-stream", r);
    float ms = -1;
    r = cuEventElapsedTime(&ms, e0, e1);
    check(r == CUDA_SUCCESS && ms >= 0, "event-elapsed", r);
    cuMemcpyDtoH(out, d, sizeof out);
    bool ok = true;
    for (unsigned i = 0; i < n; i++)
        ok &= out[i] == (float)i * 3.0f * 0.5f;
    check(ok, "results", CUDA_SUCCESS);
    unsigned cnt = 0;
    cuMemcpyDtoH(&cnt, gcount, 4);
    check(cnt == 2 * n, "global-variable-counted", CUDA_SUCCESS);

    r = cuLaunchKernel(fn, 1, 1, 1, 2048, 1, 1, 0, nullptr, params, nullptr);
    check(r == CUDA_ERROR_INVALID_VALUE, "bad-block-size", r);

    int v = 0;
    r = cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn);
    check(r == CUDA_SUCCESS && v == 1024, "func-attribute", r);
    const char *s1 = nullptr, *s2 = nullptr;
    cuGetErrorName(CUDA_ERROR_INVALID_VALUE, &s1);
    cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &s2);
    check(s1 && strcmp(s1, "CUDA_ERROR_INVALID_VALUE") == 0 && s2 && *s2, "error-name-and-string", CUDA_SUCCESS);

    void *pfn = nullptr;
    CUdriverProcAddressQueryResult qr;
    r = cuGetProcAddress("cuMemAlloc", &pfn, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &qr);
    CUdeviceptr d2 = 0;
    bool called = pfn && ((CUresult(*)(CUdeviceptr *, size_t))pfn)(&d2, 64) == CUDA_SUCCESS && d2;
    check(r == CUDA_SUCCESS && called, "get-proc-address", r);

    // a module from a file
    const char *path = "/tmp/p2n_rt_driver.ptx";
    FILE *f = fopen(path, "w");
    fputs(ptx, f);
    fclose(f);
    CUmodule mod2;
    r = cuModuleLoad(&mod2, path);
    remove(path);
    check(r == CUDA_SUCCESS, "module-from-file", r);
    r = cuModuleUnload(mod2);
    check(r == CUDA_SUCCESS, "module-unload", r);

    cuMemFree(d);
    cuMemFree(d2);
    cuStreamDestroy(s);
    cuEventDestroy(e0);
    cuEventDestroy(e1);
    cuModuleUnload(mod);
    r = cuCtxDestroy(ctx);
    check(r == CUDA_SUCCESS, "context-destroy", r);
    return failures != 0;
}
