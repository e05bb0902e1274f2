// 3D memory: cudaMalloc3D, cudaMemcpy3D host to device and back, a sub-box copy with
// source and destination positions, cudaMemset3D, cudaMemcpy3DAsync, a kernel on the
// pitched volume.
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

__global__ void add_coords(cudaPitchedPtr p, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (x < nx && y < ny && z < nz) {
        char *slice = (char *)p.ptr + (size_t)z * p.pitch * ny;
        int *row = (int *)(slice + y * p.pitch);
        row[x] += x + 100 * y + 10000 * z;
    }
}

int main()
{
    const int nx = 45, ny = 20, nz = 9;
    const size_t nvox = (size_t)nx * ny * nz;
    int *h = (int *)malloc(nvox * sizeof(int)), *b = (int *)malloc(nvox * sizeof(int));
    for (size_t i = 0; i < nvox; i++)
        h[i] = (int)(i * 37 % 1001);

    cudaExtent ext = make_cudaExtent(nx * sizeof(int), ny, nz);
    cudaPitchedPtr dp;
    CK(cudaMalloc3D(&dp, ext));
    check("malloc3d_pitch", dp.pitch >= nx * sizeof(int) && dp.xsize == nx * sizeof(int) &&
                                dp.ysize == (size_t)ny,
          "pitch %zu xsize %zu ysize %zu", dp.pitch, dp.xsize, dp.ysize);

    cudaMemcpy3DParms up = {};
    up.srcPtr = make_cudaPitchedPtr(h, nx * sizeof(int), nx, ny);
    up.dstPtr = dp;
    up.extent = ext;
    up.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&up));
    add_coords<<<dim3((nx + 15) / 16, (ny + 7) / 8, nz), dim3(16, 8)>>>(dp, nx, ny, nz);
    CK(cudaGetLastError());
    cudaMemcpy3DParms down = {};
    down.srcPtr = dp;
    down.dstPtr = make_cudaPitchedPtr(b, nx * sizeof(int), nx, ny);
    down.extent = ext;
    down.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&down));
    int bad = -1;
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) {
                size_t i = ((size_t)z * ny + y) * nx + x;
                if (bad < 0 && b[i] != h[i] + x + 100 * y + 10000 * z)
                    bad = (int)i;
            }
    check("memcpy3d_roundtrip", bad < 0, "b[%d] = %d", bad, bad < 0 ? 0 : b[bad]);

    // Sub-box: 10x4x3 voxels from (5,6,2) on the device to (1,2,3) of a zeroed host volume.
    int *box = (int *)calloc(nvox, sizeof(int));
    cudaMemcpy3DParms sub = {};
    sub.srcPtr = dp;
    sub.srcPos = make_cudaPos(5 * sizeof(int), 6, 2);
    sub.dstPtr = make_cudaPitchedPtr(box, nx * sizeof(int), nx, ny);
    sub.dstPos = make_cudaPos(1 * sizeof(int), 2, 3);
    sub.extent = make_cudaExtent(10 * sizeof(int), 4, 3);
    sub.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&sub));
    bad = -1;
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) {
                size_t i = ((size_t)z * ny + y) * nx + x;
                int want = 0;
                if (x >= 1 && x < 11 && y >= 2 && y < 6 && z >= 3 && z < 6) {
                    int sx = x - 1 + 5, sy = y - 2 + 6, sz = z - 3 + 2;
                    want = b[((size_t)sz * ny + sy) * nx + sx];
                }
                if (bad < 0 && box[i] != want)
                    bad = (int)i;
            }
    check("memcpy3d_subbox", bad < 0, "box[%d] = %d", bad, bad < 0 ? 0 : box[bad]);

    // cudaMemset3D on a sub-extent, read back with the async copy.
    cudaPitchedPtr inner = dp;
    inner.ptr = (char *)dp.ptr + dp.pitch * ny * 1 + dp.pitch * 1 + 2 * sizeof(int);
    CK(cudaMemset3D(inner, 0, make_cudaExtent(3 * sizeof(int), 2, 2)));
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    int *pin;
    CK(cudaMallocHost(&pin, nvox * sizeof(int)));
    cudaMemcpy3DParms da = down;
    da.dstPtr = make_cudaPitchedPtr(pin, nx * sizeof(int), nx, ny);
    CK(cudaMemcpy3DAsync(&da, s));
    CK(cudaStreamSynchronize(s));
    bad = -1;
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) {
                size_t i = ((size_t)z * ny + y) * nx + x;
                bool zeroed = x >= 2 && x < 5 && y >= 1 && y < 3 && z >= 1 && z < 3;
                int want = zeroed ? 0 : b[i];
                if (bad < 0 && pin[i] != want)
                    bad = (int)i;
            }
    check("memset3d_async_copy", bad < 0, "pin[%d] = %d", bad, bad < 0 ? 0 : pin[bad]);

    // Device to device into a second volume with a different pitch (tightly packed).
    int *tight;
    CK(cudaMalloc(&tight, nvox * sizeof(int)));
    cudaMemcpy3DParms dd = {};
    dd.srcPtr = dp;
    dd.dstPtr = make_cudaPitchedPtr(tight, nx * sizeof(int), nx, ny);
    dd.extent = ext;
    dd.kind = cudaMemcpyDeviceToDevice;
    CK(cudaMemcpy3D(&dd));
    CK(cudaMemcpy(b, tight, nvox * sizeof(int), cudaMemcpyDeviceToHost));
    check("memcpy3d_d2d", memcmp(b, pin, nvox * sizeof(int)) == 0, "d2d volume differs");

    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(pin));
    CK(cudaFree(dp.ptr));
    CK(cudaFree(tight));
    free(h);
    free(b);
    free(box);
    return failed;
}
