// rt_memory: the memory API — every copy direction, memset, pitched and
// 3D copies, managed and pinned host memory, __constant__/__device__/
// __managed__ variables through the symbol calls, pointer attributes.
// Each result is compared with what the CPU computes.
#include <cstdio>
#include <cstring>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s memory/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

__constant__ int coeffs[4];
__device__ int counter;
__device__ float table[16] = {1, 2, 3};
__managed__ int managed_total;

__global__ void use_symbols(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = coeffs[i % 4] * i + (int)table[i % 3];
        atomicAdd(&counter, 1);
        atomicAdd(&managed_total, i);
    }
}

__global__ void add_rows(float *p, size_t pitch, int w, int h, float v)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h)
        ((float *)((char *)p + y * pitch))[x] += v;
}

int main()
{
    const int n = 1000;
    // all directions
    int host[n], back[n];
    for (int i = 0; i < n; i++)
        host[i] = i * 7 - 3;
    int *d1, *d2;
    check(cudaMalloc(&d1, sizeof host) == cudaSuccess && cudaMalloc(&d2, sizeof host) == cudaSuccess, "malloc");
    cudaMemcpy(d1, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemcpy(d2, d1, sizeof host, cudaMemcpyDeviceToDevice);
    memset(back, 0, sizeof back);
    cudaMemcpy(back, d2, sizeof host, cudaMemcpyDeviceToHost);
    check(memcmp(back, host, sizeof host) == 0, "memcpy-h2d-d2d-d2h");
    cudaMemcpy(back, host, sizeof host, cudaMemcpyDefault);
    check(memcmp(back, host, sizeof host) == 0, "memcpy-default");

    // memset: bytes
    cudaMemset(d1, 0xAB, sizeof host);
    cudaMemcpy(back, d1, sizeof host, cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int i = 0; i < n; i++)
        ok &= (unsigned)back[i] == 0xABABABABu;
    check(ok, "memset");

    // symbols
    int c[4] = {1, 2, 3, 4}, zero = 0;
    check(cudaMemcpyToSymbol(coeffs, c, sizeof c) == cudaSuccess, "memcpy-to-constant");
    cudaMemcpyToSymbol(counter, &zero, sizeof zero);
    use_symbols<<<(n + 127) / 128, 128>>>(d1, n);
    check(cudaDeviceSynchronize() == cudaSuccess, "launch-with-symbols");
    cudaMemcpy(back, d1, sizeof host, cudaMemcpyDeviceToHost);
    ok = true;
    long long want_total = 0;
    float t0[3] = {1, 2, 3};
    for (int i = 0; i < n; i++) {
        ok &= back[i] == c[i % 4] * i + (int)t0[i % 3];
        want_total += i;
    }
    check(ok, "constant-and-initialized-device-array");
    int cnt = -1;
    cudaMemcpyFromSymbol(&cnt, counter, sizeof cnt);
    check(cnt == n, "memcpy-from-device-variable");
    check(managed_total == (int)want_total, "managed-variable-read-on-host");
    int *pcounter = nullptr;
    size_t sz = 0;
    check(cudaGetSymbolAddress((void **)&pcounter, counter) == cudaSuccess && pcounter && *pcounter == n,
          "get-symbol-address");
    check(cudaGetSymbolSize(&sz, table) == cudaSuccess && sz == sizeof(float) * 16, "get-symbol-size");
    float t[16];
    cudaMemcpyFromSymbol(t, table, sizeof(float) * 2, sizeof(float)); // offset 1
    check(t[0] == 2 && t[1] == 3, "memcpy-from-symbol-offset");

    // pitched 2D
    const int w = 100, h = 7;
    float *pd;
    size_t pitch;
    check(cudaMallocPitch((void **)&pd, &pitch, w * sizeof(float), h) == cudaSuccess && pitch >= w * sizeof(float),
          "malloc-pitch");
    static float img[h][w], img2[h][w];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            img[y][x] = (float)(y * 1000 + x);
    cudaMemcpy2D(pd, pitch, img, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
    add_rows<<<dim3(1, h), 128>>>(pd, pitch, w, h, 0.5f);
    cudaMemcpy2D(img2, w * sizeof(float), pd, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost);
    ok = true;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            ok &= img2[y][x] == img[y][x] + 0.5f;
    check(ok, "memcpy2d-and-pitched-kernel");

    // 3D
    const int X = 5, Y = 4, Z = 3;
    static int vol[Z][Y][X], vol2[Z][Y][X];
    for (int z = 0; z < Z; z++)
        for (int y = 0; y < Y; y++)
            for (int x = 0; x < X; x++)
                vol[z][y][x] = z * 100 + y * 10 + x;
    cudaPitchedPtr dv;
    cudaExtent ext = make_cudaExtent(X * sizeof(int), Y, Z);
    check(cudaMalloc3D(&dv, ext) == cudaSuccess, "malloc3d");
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(vol, X * sizeof(int), X, Y);
    p.dstPtr = dv;
    p.extent = ext;
    p.kind = cudaMemcpyHostToDevice;
    cudaError_t e1 = cudaMemcpy3D(&p);
    cudaMemcpy3DParms q = {};
    q.srcPtr = dv;
    q.dstPtr = make_cudaPitchedPtr(vol2, X * sizeof(int), X, Y);
    q.extent = ext;
    q.kind = cudaMemcpyDeviceToHost;
    cudaError_t e2 = cudaMemcpy3D(&q);
    check(e1 == cudaSuccess && e2 == cudaSuccess && memcmp(vol, vol2, sizeof vol) == 0, "memcpy3d");

    // managed and pinned memory: the host reads the kernel's writes
    int *m;
    check(cudaMallocManaged(&m, n * sizeof(int)) == cudaSuccess, "malloc-managed");
    for (int i = 0; i < n; i++)
        m[i] = i;
    use_symbols<<<(n + 127) / 128, 128>>>(m, n);
    cudaDeviceSynchronize();
    ok = true;
    for (int i = 0; i < n; i++)
        ok &= m[i] == c[i % 4] * i + (int)t0[i % 3];
    check(ok, "managed-memory");
    int *pinned;
    check(cudaMallocHost(&pinned, 64) == cudaSuccess && cudaFreeHost(pinned) == cudaSuccess, "malloc-host");
    check(cudaHostAlloc(&pinned, 64, cudaHostAllocMapped) == cudaSuccess, "host-alloc");
    int *mapped = nullptr;
    check(cudaHostGetDevicePointer((void **)&mapped, pinned, 0) == cudaSuccess && mapped, "host-device-pointer");

    cudaPointerAttributes pa;
    check(cudaPointerGetAttributes(&pa, d1) == cudaSuccess && pa.type == cudaMemoryTypeDevice, "pointer-device");
    check(cudaPointerGetAttributes(&pa, m) == cudaSuccess && pa.type == cudaMemoryTypeManaged, "pointer-managed");
    check(cudaPointerGetAttributes(&pa, host) == cudaSuccess && pa.type == cudaMemoryTypeUnregistered,
          "pointer-unregistered");
    size_t fr = 0, total = 0;
    check(cudaMemGetInfo(&fr, &total) == cudaSuccess && total > 0 && fr <= total, "mem-get-info");
    check(cudaFree(d1) == cudaSuccess && cudaFree(d2) == cudaSuccess && cudaFree(m) == cudaSuccess, "free");
    check(cudaFree(host) != cudaSuccess, "free-of-a-host-pointer-fails");
    cudaGetLastError();
    return failures != 0;
}
