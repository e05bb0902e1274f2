// CUDA arrays and surface objects: cudaMallocArray/cudaMalloc3DArray (2D, 3D,
// layered, cube map, cube map array), cudaArrayGetInfo, cudaGetChannelDesc,
// copies to, from and between arrays (cudaMemcpy2DToArray/FromArray with
// offsets, the 1D cudaMemcpyToArray/FromArray running on from row to row,
// cudaMemcpy2DArrayToArray, cudaMemcpy3D(Async) with positions and
// sub-boxes), copies that do not fit; surf2Dread/surf2Dwrite,
// surf2DLayeredwrite and surfCubemapwrite; and the driver API's arrays
// (cuArrayCreate, cuArray3DCreate, descriptors, cuMemcpy2D/3D with arrays,
// cuTexObjectCreate, cuSurfObjectCreate).  Expected values: a host copy of
// each array, updated by the same copies done with memcpy, and the
// Runtime/Driver API reference (offsets of 2D copies in bytes, of 3D copies
// in the array's elements; a surface's x in bytes).
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
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
#define CU(call)                                                                         \
    do {                                                                                 \
        CUresult r_ = (call);                                                            \
        if (r_ != CUDA_SUCCESS) {                                                        \
            const char *n_ = "?";                                                        \
            cuGetErrorName(r_, &n_);                                                     \
            printf("FAIL cuda_call: line %d: %s returned %s\n", __LINE__, #call, n_);    \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

static int count_diff(const void *a, const void *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    int d = 0;
    for (size_t i = 0; i < n; i++) d += p[i] != q[i];
    return d;
}

// ------------------------------------------------------------------ kernels

__global__ void surf_scale(cudaSurfaceObject_t in, cudaSurfaceObject_t out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) {
        float v = surf2Dread<float>(in, x * (int)sizeof(float), y);
        surf2Dwrite(v * 2.0f + (float)x, out, x * (int)sizeof(float), y);
    }
}
// reads around the edge with cudaBoundaryModeZero: zeros outside
__global__ void surf_edge(cudaSurfaceObject_t s, int w, int h, float *o)
{
    int i = threadIdx.x;
    int x = i % (w + 2) - 1, y = i / (w + 2) - 1;
    if (y <= h) o[i] = surf2Dread<float>(s, x * (int)sizeof(float), y, cudaBoundaryModeZero);
}
__global__ void surf_layers(cudaSurfaceObject_t s, int w, int h, int layers)
{
    int x = threadIdx.x, y = blockIdx.x, l = blockIdx.y;
    if (x < w && y < h && l < layers) surf2DLayeredwrite(x + 100 * y + 10000 * l, s, x * (int)sizeof(int), y, l);
}
__global__ void surf_faces(cudaSurfaceObject_t s, int w)
{
    int x = threadIdx.x, y = blockIdx.x, f = blockIdx.y;
    if (x < w && y < w) surfCubemapwrite(make_uchar4(x, y, f, 7), s, x * 4, y, f);
}
__global__ void tex_read(cudaTextureObject_t t, int w, int h, float *o)
{
    int x = threadIdx.x, y = blockIdx.x;
    if (x < w && y < h) o[y * w + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}

// ------------------------------------------------------------------- cases

static void test_info()
{
    cudaChannelFormatDesc f2 = cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindFloat), got;
    check("create_channel_desc", f2.x == 32 && f2.y == 32 && f2.z == 0 && f2.w == 0 && f2.f == cudaChannelFormatKindFloat,
          "%d %d %d %d %d", f2.x, f2.y, f2.z, f2.w, (int)f2.f);
    cudaArray_t a, l, c;
    CK(cudaMallocArray(&a, &f2, 64, 32));
    cudaExtent e;
    unsigned flags = 99;
    CK(cudaArrayGetInfo(&got, &e, &flags, a));
    check("array_info_2d", got.x == 32 && got.y == 32 && got.z == 0 && got.f == cudaChannelFormatKindFloat &&
                                e.width == 64 && e.height == 32 && e.depth == 0 && flags == 0,
          "desc %d %d %d kind %d extent %zu %zu %zu flags %u", got.x, got.y, got.z, (int)got.f, e.width, e.height,
          e.depth, flags);
    cudaChannelFormatDesc u8 = cudaCreateChannelDesc<uchar4>();
    CK(cudaMalloc3DArray(&l, &u8, make_cudaExtent(16, 0, 5), cudaArrayLayered));
    CK(cudaArrayGetInfo(&got, &e, &flags, l));
    check("array_info_1d_layered", got.x == 8 && got.w == 8 && got.f == cudaChannelFormatKindUnsigned && e.width == 16 &&
                                       e.height == 0 && e.depth == 5 && flags == cudaArrayLayered,
          "desc %d kind %d extent %zu %zu %zu flags %u", got.x, (int)got.f, e.width, e.height, e.depth, flags);
    CK(cudaMalloc3DArray(&c, &u8, make_cudaExtent(8, 8, 6), cudaArrayCubemap));
    CK(cudaGetChannelDesc(&got, c));
    CK(cudaArrayGetInfo(NULL, &e, &flags, c));
    check("array_info_cubemap", got.x == 8 && got.y == 8 && got.z == 8 && got.w == 8 && e.depth == 6 &&
                                    flags == cudaArrayCubemap,
          "desc %d %d %d %d depth %zu flags %u", got.x, got.y, got.z, got.w, e.depth, flags);
    // shapes the reference forbids: a cube map that is not square or not 6 faces
    cudaArray_t bad = NULL;
    cudaError_t r1 = cudaMalloc3DArray(&bad, &u8, make_cudaExtent(8, 4, 6), cudaArrayCubemap);
    cudaError_t r2 = cudaMalloc3DArray(&bad, &u8, make_cudaExtent(8, 8, 5), cudaArrayCubemap);
    cudaGetLastError();
    check("array_bad_cubemap_shapes", r1 != cudaSuccess && r2 != cudaSuccess, "%s %s", cudaGetErrorName(r1),
          cudaGetErrorName(r2));
    CK(cudaFreeArray(a));
    CK(cudaFreeArray(l));
    CK(cudaFreeArray(c));
}

static void test_copies_2d()
{
    const int W = 40, H = 12; // int elements
    static int model[H][W], back[H][W], host[H + 4][W + 9];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) model[y][x] = y * 1000 + x;
    cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
    cudaArray_t a, b;
    CK(cudaMallocArray(&a, &ci, W, H));
    CK(cudaMallocArray(&b, &ci, W, H));
    CK(cudaMemcpy2DToArray(a, 0, 0, model, W * sizeof(int), W * sizeof(int), H, cudaMemcpyHostToDevice));
    // a 7x5 rectangle from a wider host buffer into (x 3, y 4): offsets in bytes
    for (int y = 0; y < H + 4; y++)
        for (int x = 0; x < W + 9; x++) host[y][x] = -(y * 100 + x);
    CK(cudaMemcpy2DToArray(a, 3 * sizeof(int), 4, &host[1][2], (W + 9) * sizeof(int), 7 * sizeof(int), 5,
                           cudaMemcpyHostToDevice));
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 7; x++) model[4 + y][3 + x] = host[1 + y][2 + x];
    CK(cudaMemcpy2DFromArray(back, W * sizeof(int), a, 0, 0, W * sizeof(int), H, cudaMemcpyDeviceToHost));
    check("memcpy2d_to_array_rectangle", count_diff(back, model, sizeof model) == 0, "%d bytes differ",
          count_diff(back, model, sizeof model));
    // a rectangle back out of the array at an offset
    static int part[6][9];
    CK(cudaMemcpy2DFromArray(part, 9 * sizeof(int), a, 2 * sizeof(int), 3, 9 * sizeof(int), 6,
                             cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 9; x++) bad += part[y][x] != model[3 + y][2 + x];
    check("memcpy2d_from_array_rectangle", bad == 0, "%d differ", bad);
    // array to array: the whole of a, then a rectangle moved within b
    CK(cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, W * sizeof(int), H, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy2DArrayToArray(b, 10 * sizeof(int), 1, a, 0, 6, 5 * sizeof(int), 4, cudaMemcpyDeviceToDevice));
    static int mb[H][W];
    memcpy(mb, model, sizeof mb);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++) mb[1 + y][10 + x] = model[6 + y][x];
    CK(cudaMemcpy2DFromArray(back, W * sizeof(int), b, 0, 0, W * sizeof(int), H, cudaMemcpyDeviceToHost));
    check("memcpy2d_array_to_array", count_diff(back, mb, sizeof mb) == 0, "%d bytes differ",
          count_diff(back, mb, sizeof mb));
    // the 1D forms run on from the end of a row to the next row
    int line[100];
    for (int i = 0; i < 100; i++) line[i] = 7000000 + i;
    CK(cudaMemcpyToArray(a, 30 * sizeof(int), 2, line, sizeof line, cudaMemcpyHostToDevice));
    memcpy(&model[2][30], line, sizeof line); // rows are contiguous in the host model too
    int line_back[100];
    CK(cudaMemcpyFromArray(line_back, a, 30 * sizeof(int), 2, sizeof line_back, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy2DFromArray(back, W * sizeof(int), a, 0, 0, W * sizeof(int), H, cudaMemcpyDeviceToHost));
    check("memcpy_to_from_array_1d_across_rows",
          count_diff(back, model, sizeof model) == 0 && count_diff(line_back, line, sizeof line) == 0,
          "%d bytes differ", count_diff(back, model, sizeof model));
    // the Async forms on a stream, in order: host -> array -> array -> host
    cudaStream_t st;
    CK(cudaStreamCreate(&st));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) model[y][x] = 5000000 + y * W + x;
    CK(cudaMemcpy2DToArrayAsync(b, 0, 0, model, W * sizeof(int), W * sizeof(int), H, cudaMemcpyHostToDevice, st));
    CK(cudaMemcpy2DArrayToArray(a, 0, 0, b, 0, 0, W * sizeof(int), H, cudaMemcpyDeviceToDevice));
    memset(back, 0, sizeof back);
    CK(cudaMemcpy2DFromArrayAsync(back, W * sizeof(int), a, 0, 0, W * sizeof(int), H, cudaMemcpyDeviceToHost, st));
    CK(cudaStreamSynchronize(st));
    CK(cudaStreamDestroy(st));
    check("memcpy2d_array_async", count_diff(back, model, sizeof model) == 0, "%d bytes differ",
          count_diff(back, model, sizeof model));
    // copies that do not fit the array
    cudaError_t r1 = cudaMemcpy2DToArray(a, 35 * sizeof(int), 0, host, (W + 9) * sizeof(int), 6 * sizeof(int), 1,
                                         cudaMemcpyHostToDevice);
    cudaError_t r2 = cudaMemcpy2DFromArray(back, W * sizeof(int), a, 0, 8, W * sizeof(int), 5, cudaMemcpyDeviceToHost);
    cudaGetLastError();
    check("memcpy2d_array_out_of_bounds", r1 != cudaSuccess && r2 != cudaSuccess, "%s %s", cudaGetErrorName(r1),
          cudaGetErrorName(r2));
    CK(cudaFreeArray(a));
    CK(cudaFreeArray(b));
}

static void test_copies_3d()
{
    const int W = 10, H = 6, D = 5; // short elements
    static short model[D][H][W], back[D][H][W], host[D][H][W];
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) model[z][y][x] = (short)(z * 1000 + y * 50 + x), host[z][y][x] = (short)-(z * 100 + y * 10 + x);
    cudaChannelFormatDesc cs = cudaCreateChannelDesc<short>();
    cudaArray_t a, b;
    CK(cudaMalloc3DArray(&a, &cs, make_cudaExtent(W, H, D)));
    CK(cudaMalloc3DArray(&b, &cs, make_cudaExtent(W, H, D)));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(model, W * sizeof(short), W, H);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    // a 4x3x2 box from the host buffer into the array at (5, 2, 3)
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(host, W * sizeof(short), W, H);
    p.srcPos = make_cudaPos(2 * sizeof(short), 1, 1); // bytes on a pointer's side
    p.dstArray = a;
    p.dstPos = make_cudaPos(5, 2, 3); // elements on an array's side
    p.extent = make_cudaExtent(4, 3, 2); // elements of the array
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) model[3 + z][2 + y][5 + x] = host[1 + z][1 + y][2 + x];
    // the array to a second array (3D, whole), then on a stream to pitched device memory
    memset(&p, 0, sizeof p);
    p.srcArray = a;
    p.dstArray = b;
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyDeviceToDevice;
    CK(cudaMemcpy3D(&p));
    cudaPitchedPtr dev;
    CK(cudaMalloc3D(&dev, make_cudaExtent(W * sizeof(short), H, D)));
    cudaStream_t st;
    CK(cudaStreamCreate(&st));
    memset(&p, 0, sizeof p);
    p.srcArray = b;
    p.dstPtr = dev;
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyDeviceToDevice;
    CK(cudaMemcpy3DAsync(&p, st));
    memset(&p, 0, sizeof p);
    p.srcPtr = dev;
    p.dstPtr = make_cudaPitchedPtr(back, W * sizeof(short), W, H);
    p.extent = make_cudaExtent(W * sizeof(short), H, D); // bytes: no array
    p.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3DAsync(&p, st));
    CK(cudaStreamSynchronize(st));
    check("memcpy3d_arrays_positions_async", count_diff(back, model, sizeof model) == 0, "%d bytes differ",
          count_diff(back, model, sizeof model));
    // a box that does not fit
    memset(&p, 0, sizeof p);
    p.srcArray = a;
    p.srcPos = make_cudaPos(8, 0, 0);
    p.dstPtr = make_cudaPitchedPtr(back, W * sizeof(short), W, H);
    p.extent = make_cudaExtent(4, 1, 1);
    p.kind = cudaMemcpyDeviceToHost;
    cudaError_t r = cudaMemcpy3D(&p);
    cudaGetLastError();
    check("memcpy3d_array_out_of_bounds", r != cudaSuccess, "%s", cudaGetErrorName(r));
    CK(cudaStreamDestroy(st));
    CK(cudaFree(dev.ptr));
    CK(cudaFreeArray(a));
    CK(cudaFreeArray(b));
}

static cudaSurfaceObject_t surface(cudaArray_t a)
{
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaSurfaceObject_t s;
    CK(cudaCreateSurfaceObject(&s, &r));
    return s;
}

static void test_surfaces()
{
    const int W = 50, H = 9;
    static float in[H][W], out[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) in[y][x] = (float)(y * 64 + x);
    cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
    cudaArray_t a, b;
    CK(cudaMallocArray(&a, &cf, W, H, cudaArraySurfaceLoadStore));
    CK(cudaMallocArray(&b, &cf, W, H, cudaArraySurfaceLoadStore));
    CK(cudaMemcpy2DToArray(a, 0, 0, in, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
    cudaSurfaceObject_t sa = surface(a), sb = surface(b);
    surf_scale<<<dim3(2, H), 32>>>(sa, sb, W, H);
    CK(cudaGetLastError());
    CK(cudaMemcpy2DFromArray(out, W * sizeof(float), b, 0, 0, W * sizeof(float), H, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) bad += out[y][x] != in[y][x] * 2.0f + x;
    check("surf2d_read_write", bad == 0, "%d differ", bad);
    // cudaBoundaryModeZero: a ring of zeros around the surface
    const int E = (W + 2) * (H + 2);
    float *d_edge, edge[E];
    CK(cudaMalloc(&d_edge, E * sizeof(float)));
    surf_edge<<<1, E>>>(sa, W, H, d_edge);
    CK(cudaMemcpy(edge, d_edge, E * sizeof(float), cudaMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < E; i++) {
        int x = i % (W + 2) - 1, y = i / (W + 2) - 1;
        float e = x >= 0 && x < W && y >= 0 && y < H ? in[y][x] : 0.0f;
        bad += edge[i] != e;
    }
    check("surf2d_boundary_zero", bad == 0, "%d differ", bad);
    CK(cudaFree(d_edge));
    CK(cudaDestroySurfaceObject(sa));
    CK(cudaDestroySurfaceObject(sb));
    // a surface over an array made without cudaArraySurfaceLoadStore is refused
    cudaArray_t plain;
    CK(cudaMallocArray(&plain, &cf, W, H));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = plain;
    cudaSurfaceObject_t s;
    cudaError_t rc = cudaCreateSurfaceObject(&s, &r);
    cudaGetLastError();
    check("surface_needs_load_store_flag", rc != cudaSuccess, "%s", cudaGetErrorName(rc));
    CK(cudaFreeArray(plain));
    CK(cudaFreeArray(a));
    CK(cudaFreeArray(b));

    // layered: every layer written by surf2DLayeredwrite, read back by cudaMemcpy3D
    const int LW = 12, LH = 5, L = 3;
    static int lay[L][LH][LW];
    cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
    cudaArray_t la;
    CK(cudaMalloc3DArray(&la, &ci, make_cudaExtent(LW, LH, L), cudaArrayLayered | cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t ls = surface(la);
    surf_layers<<<dim3(LH, L), 32>>>(ls, LW, LH, L);
    CK(cudaGetLastError());
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = la;
    p.dstPtr = make_cudaPitchedPtr(lay, LW * sizeof(int), LW, LH);
    p.extent = make_cudaExtent(LW, LH, L);
    p.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&p));
    bad = 0;
    for (int l = 0; l < L; l++)
        for (int y = 0; y < LH; y++)
            for (int x = 0; x < LW; x++) bad += lay[l][y][x] != x + 100 * y + 10000 * l;
    check("surf2d_layered_write", bad == 0, "%d differ", bad);
    CK(cudaDestroySurfaceObject(ls));
    CK(cudaFreeArray(la));

    // cube map: face f is layer f
    const int CW = 4;
    static uchar4 faces[6][CW][CW];
    cudaChannelFormatDesc c4 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t ca;
    CK(cudaMalloc3DArray(&ca, &c4, make_cudaExtent(CW, CW, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t cs = surface(ca);
    surf_faces<<<dim3(CW, 6), 32>>>(cs, CW);
    CK(cudaGetLastError());
    memset(&p, 0, sizeof p);
    p.srcArray = ca;
    p.dstPtr = make_cudaPitchedPtr(faces, CW * sizeof(uchar4), CW, CW);
    p.extent = make_cudaExtent(CW, CW, 6);
    p.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&p));
    bad = 0;
    for (int f = 0; f < 6; f++)
        for (int y = 0; y < CW; y++)
            for (int x = 0; x < CW; x++) {
                uchar4 v = faces[f][y][x];
                bad += v.x != x || v.y != y || v.z != f || v.w != 7;
            }
    check("surf_cubemap_write", bad == 0, "%d differ", bad);
    CK(cudaDestroySurfaceObject(cs));
    CK(cudaFreeArray(ca));
}

// The driver API's arrays, used from a runtime program (its primary context).
static void test_driver()
{
    const int W = 24, H = 6;
    CU(cuInit(0));
    CUarray a;
    CUDA_ARRAY3D_DESCRIPTOR d3;
    memset(&d3, 0, sizeof d3);
    d3.Width = W, d3.Height = H, d3.Depth = 0, d3.Format = CU_AD_FORMAT_FLOAT, d3.NumChannels = 1;
    d3.Flags = CUDA_ARRAY3D_SURFACE_LDST;
    CU(cuArray3DCreate(&a, &d3));
    CUDA_ARRAY3D_DESCRIPTOR g3;
    CU(cuArray3DGetDescriptor(&g3, a));
    check("driver_array3d_descriptor", g3.Width == W && g3.Height == H && g3.Depth == 0 &&
                                           g3.Format == CU_AD_FORMAT_FLOAT && g3.NumChannels == 1 &&
                                           g3.Flags == CUDA_ARRAY3D_SURFACE_LDST,
          "%zu %zu %zu format %d channels %u flags %u", g3.Width, g3.Height, g3.Depth, (int)g3.Format,
          g3.NumChannels, g3.Flags);
    static float host[H][W + 3], back[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W + 3; x++) host[y][x] = (float)(y * 100 + x) + 0.5f;
    CUDA_MEMCPY2D c;
    memset(&c, 0, sizeof c);
    c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = host, c.srcPitch = (W + 3) * sizeof(float);
    c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = a;
    c.WidthInBytes = W * sizeof(float), c.Height = H;
    CU(cuMemcpy2D(&c));
    // a texture object over it, read by a runtime kernel at texel centres
    CUDA_RESOURCE_DESC rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = CU_RESOURCE_TYPE_ARRAY;
    rd.res.array.hArray = a;
    CUDA_TEXTURE_DESC td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
    td.filterMode = CU_TR_FILTER_MODE_POINT;
    CUtexObject t;
    CU(cuTexObjectCreate(&t, &rd, &td, NULL));
    float *d_o;
    CK(cudaMalloc(&d_o, W * H * sizeof(float)));
    tex_read<<<H, 32>>>(t, W, H, d_o);
    CK(cudaMemcpy(back, d_o, sizeof back, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) bad += back[y][x] != host[y][x];
    check("driver_memcpy2d_to_array_tex_object", bad == 0, "%d differ", bad);
    CU(cuTexObjectDestroy(t));
    // a surface object written by a kernel, read back by cuMemcpy2D from an offset
    CUsurfObject s;
    CU(cuSurfObjectCreate(&s, &rd));
    surf_scale<<<dim3(1, H), 32>>>(s, s, W, H);
    CK(cudaDeviceSynchronize());
    static float part[3][5];
    memset(&c, 0, sizeof c);
    c.srcMemoryType = CU_MEMORYTYPE_ARRAY, c.srcArray = a, c.srcXInBytes = 4 * sizeof(float), c.srcY = 2;
    c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = part, c.dstPitch = 5 * sizeof(float);
    c.WidthInBytes = 5 * sizeof(float), c.Height = 3;
    CU(cuMemcpy2D(&c));
    bad = 0;
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++) bad += part[y][x] != host[2 + y][4 + x] * 2.0f + (4 + x);
    check("driver_surf_object_memcpy2d_from_array", bad == 0, "%d differ", bad);
    CU(cuSurfObjectDestroy(s));
    // cuMemcpy3D from device memory into a 2D array of uchar2 made by cuArrayCreate
    CUarray b;
    CUDA_ARRAY_DESCRIPTOR d2;
    d2.Width = 8, d2.Height = 4, d2.Format = CU_AD_FORMAT_UNSIGNED_INT8, d2.NumChannels = 2;
    CU(cuArrayCreate(&b, &d2));
    CUDA_ARRAY_DESCRIPTOR g2;
    CU(cuArrayGetDescriptor(&g2, b));
    check("driver_array_descriptor",
          g2.Width == 8 && g2.Height == 4 && g2.Format == CU_AD_FORMAT_UNSIGNED_INT8 && g2.NumChannels == 2, "%zu %zu %d %u",
          g2.Width, g2.Height, (int)g2.Format, g2.NumChannels);
    unsigned char bytes[4][16], bb[4][16];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 16; x++) bytes[y][x] = (unsigned char)(y * 16 + x);
    CUdeviceptr dev;
    CU(cuMemAlloc(&dev, sizeof bytes));
    CU(cuMemcpyHtoD(dev, bytes, sizeof bytes));
    CUDA_MEMCPY3D m;
    memset(&m, 0, sizeof m);
    m.srcMemoryType = CU_MEMORYTYPE_DEVICE, m.srcDevice = dev, m.srcPitch = 16, m.srcHeight = 4;
    m.dstMemoryType = CU_MEMORYTYPE_ARRAY, m.dstArray = b;
    m.WidthInBytes = 16, m.Height = 4, m.Depth = 1;
    CU(cuMemcpy3D(&m));
    memset(&m, 0, sizeof m);
    m.srcMemoryType = CU_MEMORYTYPE_ARRAY, m.srcArray = b;
    m.dstMemoryType = CU_MEMORYTYPE_HOST, m.dstHost = bb, m.dstPitch = 16, m.dstHeight = 4;
    m.WidthInBytes = 16, m.Height = 4, m.Depth = 1;
    CU(cuMemcpy3D(&m));
    check("driver_memcpy3d_array_round_trip", memcmp(bb, bytes, sizeof bb) == 0, "%d bytes differ",
          count_diff(bb, bytes, sizeof bb));
    CU(cuMemFree(dev));
    CU(cuArrayDestroy(a));
    CU(cuArrayDestroy(b));
    CK(cudaFree(d_o));
}

int main()
{
    CK(cudaFree(0));
    test_info();
    test_copies_2d();
    test_copies_3d();
    test_surfaces();
    test_driver();
    return failed;
}
