// Texture objects over every kind of resource: linear memory (tex1Dfetch),
// pitched 2D memory, 2D, 3D, layered and cube map arrays (tex2D, tex3D,
// tex2DLayered, texCubemap, texCubemapLayered), with point and linear
// filtering, unnormalized and normalized coordinates, each address mode,
// float and uchar4 read as normalized floats; cudaGetTextureObject*Desc.
//
// Expected values come from the CUDA programming guide's appendix "Texture
// Fetching", written out below: addressing (wrap and mirror only with
// normalized coordinates), point filtering T[floor(x)], linear filtering
// (1-a)T[i] + aT[i+1] with i = floor(x - 0.5), a = frac(x - 0.5).  The guide
// says the weights are held in 9-bit fixed point with 8 fraction bits, so
// each weight may be off by up to 1/256 from the exact one; the result is a
// convex combination of the texels read, so it moves by at most
// dims/256 * (max - min of those texels).  That is the tolerance for linear
// filtering; point filtering is exact.  Cube maps: the face and its
// coordinates are built backwards from the guide's "Cubemap Textures" table
// (see direction()), so the expected texel comes from the construction.
#include <cmath>
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

static unsigned lcg_state = 2024u;
static unsigned lcg() { return lcg_state = lcg_state * 1664525u + 1013904223u; }

enum { N = 256 };

// ------------------------------------------------------------------ kernels

__global__ void k_fetch(cudaTextureObject_t t, float *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) o[i] = tex1Dfetch<float>(t, i);
}
__global__ void k_fetch4(cudaTextureObject_t t, int4 *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) o[i] = tex1Dfetch<int4>(t, i);
}
__global__ void k_2d(cudaTextureObject_t t, const float4 *c, float *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    o[i] = tex2D<float>(t, c[i].x, c[i].y);
}
__global__ void k_2d4(cudaTextureObject_t t, const float4 *c, float4 *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    o[i] = tex2D<float4>(t, c[i].x, c[i].y);
}
__global__ void k_3d(cudaTextureObject_t t, const float4 *c, float *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    o[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}
__global__ void k_2dl(cudaTextureObject_t t, const float4 *c, float *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    o[i] = tex2DLayered<float>(t, c[i].x, c[i].y, (int)c[i].w);
}
__global__ void k_cube(cudaTextureObject_t t, const float4 *c, float4 *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    o[i] = texCubemap<float4>(t, c[i].x, c[i].y, c[i].z);
}
__global__ void k_cubel(cudaTextureObject_t t, const float4 *c, float4 *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    o[i] = texCubemapLayered<float4>(t, c[i].x, c[i].y, c[i].z, (int)c[i].w);
}

// ---------------------------------------------------------------- reference

struct Ref {
    const float *t;   // texels, `ch` floats each, row-major, slices (or layers) after each other
    int w, h, d, ch;  // d: 3D depth (1 otherwise)
    bool norm, linear;
    cudaTextureAddressMode m[3];
    float border[4];
};

static int ref_index(int i, int n, cudaTextureAddressMode m, bool norm)
{
    if (i >= 0 && i < n) return i;
    if (m == cudaAddressModeBorder) return -1;
    if (norm && m == cudaAddressModeWrap) return ((i % n) + n) % n;
    if (norm && m == cudaAddressModeMirror) {
        int r = ((i % (2 * n)) + 2 * n) % (2 * n);
        return r < n ? r : 2 * n - 1 - r;
    }
    return i < 0 ? 0 : n - 1;
}

// A coordinate in texel units: normalized ones wrap or mirror in [0,1) first.
static double ref_pos(float x, int n, cudaTextureAddressMode m, bool norm)
{
    if (!norm) return x;
    double f = floor((double)x), fr = x - f;
    if (m == cudaAddressModeWrap) return fr * n;
    if (m == cudaAddressModeMirror) return (((long)f & 1) ? 1 - fr : fr) * n;
    return (double)x * n;
}

static float ref_texel(const Ref &r, const int *ix, int nd, int layer, int c)
{
    int n[3] = {r.w, r.h, r.d}, at[3] = {0, 0, 0};
    for (int k = 0; k < nd; k++) {
        at[k] = ref_index(ix[k], n[k], r.m[k], r.norm);
        if (at[k] < 0) return r.border[c];
    }
    if (layer >= 0) at[2] = layer;
    return r.t[(((size_t)at[2] * r.h + at[1]) * r.w + at[0]) * r.ch + c];
}

// Channel c at x[0..nd); *tol gets the tolerance the 9-bit weights allow.
static double ref_fetch(const Ref &r, const float *x, int nd, int layer, int c, double *tol)
{
    int n[3] = {r.w, r.h, r.d};
    double p[3];
    for (int k = 0; k < nd; k++) p[k] = ref_pos(x[k], n[k], r.m[k], r.norm);
    *tol = 0;
    if (!r.linear) {
        int ix[3];
        for (int k = 0; k < nd; k++) ix[k] = (int)floor(p[k]);
        return ref_texel(r, ix, nd, layer, c);
    }
    int base[3];
    double a[3], sum = 0, lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < nd; k++) {
        double b = p[k] - 0.5;
        base[k] = (int)floor(b);
        a[k] = b - floor(b);
    }
    for (int corner = 0; corner < (1 << nd); corner++) {
        int ix[3];
        double wt = 1;
        for (int k = 0; k < nd; k++) {
            int up = (corner >> k) & 1;
            ix[k] = base[k] + up;
            wt *= up ? a[k] : 1 - a[k];
        }
        double v = ref_texel(r, ix, nd, layer, c);
        sum += wt * v;
        lo = fmin(lo, v), hi = fmax(hi, v);
    }
    *tol = nd / 256.0 * (hi - lo);
    return sum;
}

// Compares got[i*stride + c] with the reference at coordinates c4[i].
static void compare(const char *name, const Ref &r, const float4 *c4, const float *got, int nd,
                    bool layered, int nch, double abs_tol = 1e-5)
{
    int bad = 0;
    char msg[256] = "";
    for (int i = 0; i < N; i++)
        for (int c = 0; c < nch; c++) {
            float x[3] = {c4[i].x, c4[i].y, c4[i].z};
            double tol;
            double e = ref_fetch(r, x, nd, layered ? (int)c4[i].w : -1, c, &tol);
            double g = got[i * nch + c];
            if (!(fabs(g - e) <= tol + abs_tol * (1 + fabs(e)))) {
                if (!bad++)
                    snprintf(msg, sizeof msg, "[%d].%d at (%g, %g, %g): got %.9g expected %.9g (tolerance %.3g)", i,
                             c, x[0], x[1], x[2], g, e, tol);
            }
        }
    check(name, bad == 0, "%d mismatches, first %s", bad, msg);
}

// Coordinates in [lo, hi) texels on a 1/8 grid, 1/16 off it, so that no
// point-filtered coordinate lies on a texel boundary; divided by n when
// normalized (n a power of two: exact).
static float coord(double lo, double hi, int n, bool norm)
{
    int steps = (int)((hi - lo) * 8);
    double x = lo + (lcg() % steps) / 8.0 + 1.0 / 16;
    return (float)(norm ? x / n : x);
}

static cudaTextureDesc tex_desc(cudaTextureFilterMode f, bool norm, cudaTextureAddressMode m0,
                                cudaTextureAddressMode m1, cudaTextureAddressMode m2 = cudaAddressModeClamp)
{
    cudaTextureDesc t;
    memset(&t, 0, sizeof t);
    t.addressMode[0] = m0, t.addressMode[1] = m1, t.addressMode[2] = m2;
    t.filterMode = f;
    t.readMode = cudaReadModeElementType;
    t.normalizedCoords = norm;
    t.borderColor[0] = -7.5f, t.borderColor[1] = -6.5f, t.borderColor[2] = -5.5f, t.borderColor[3] = -4.5f;
    return t;
}

static float4 *d_coords, *d_out;

// ------------------------------------------------------------------- cases

static void test_linear_memory()
{
    const int n = 1000;
    float *h = (float *)malloc(n * sizeof(float)), *back = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = (float)(i * 3 % 101) - 50.25f;
    // linear memory for a texture starts at a multiple of textureAlignment
    int align = 0;
    CK(cudaDeviceGetAttribute(&align, cudaDevAttrTextureAlignment, 0));
    char *raw, *raw4;
    float *d, *o;
    CK(cudaMalloc(&raw, n * sizeof(float) + align));
    d = (float *)(raw + (align - (size_t)raw % align) % align);
    CK(cudaMalloc(&o, n * sizeof(float)));
    CK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = d;
    r.res.linear.desc = cudaCreateChannelDesc<float>();
    r.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc td = tex_desc(cudaFilterModePoint, false, cudaAddressModeClamp, cudaAddressModeClamp);
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &r, &td, NULL));
    k_fetch<<<(n + 127) / 128, 128>>>(t, o, n);
    CK(cudaMemcpy(back, o, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; i++) bad += back[i] != h[i];
    check("linear_tex1Dfetch_float", bad == 0, "%d of %d differ", bad, n);

    // int4 elements: a four-channel signed 32-bit descriptor
    int4 *hi = (int4 *)malloc(n * sizeof(int4)), *bi = (int4 *)malloc(n * sizeof(int4)), *di, *oi;
    for (int i = 0; i < n; i++) hi[i] = make_int4(i, -i, i * 7, 1 << (i % 31));
    CK(cudaMalloc(&raw4, n * sizeof(int4) + align));
    di = (int4 *)(raw4 + (align - (size_t)raw4 % align) % align);
    CK(cudaMalloc(&oi, n * sizeof(int4)));
    CK(cudaMemcpy(di, hi, n * sizeof(int4), cudaMemcpyHostToDevice));
    r.res.linear.devPtr = di;
    r.res.linear.desc = cudaCreateChannelDesc<int4>();
    r.res.linear.sizeInBytes = n * sizeof(int4);
    cudaTextureObject_t t4;
    CK(cudaCreateTextureObject(&t4, &r, &td, NULL));
    k_fetch4<<<(n + 127) / 128, 128>>>(t4, oi, n);
    CK(cudaMemcpy(bi, oi, n * sizeof(int4), cudaMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < n; i++) bad += memcmp(&bi[i], &hi[i], sizeof(int4)) != 0;
    check("linear_tex1Dfetch_int4", bad == 0, "%d of %d differ", bad, n);
    CK(cudaDestroyTextureObject(t));
    CK(cudaDestroyTextureObject(t4));
    CK(cudaFree(raw));
    CK(cudaFree(o));
    CK(cudaFree(raw4));
    CK(cudaFree(oi));
    free(h), free(back), free(hi), free(bi);
}

// runs k_2d-shaped kernels: one float (or float4) per coordinate
static void launch_f(void (*k)(cudaTextureObject_t, const float4 *, float *), cudaTextureObject_t t,
                     const float4 *c, float *out)
{
    CK(cudaMemcpy(d_coords, c, N * sizeof(float4), cudaMemcpyHostToDevice));
    k<<<N / 128, 128>>>(t, d_coords, (float *)d_out);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, d_out, N * sizeof(float), cudaMemcpyDeviceToHost));
}

static void launch_f4(void (*k)(cudaTextureObject_t, const float4 *, float4 *), cudaTextureObject_t t,
                      const float4 *c, float *out)
{
    CK(cudaMemcpy(d_coords, c, N * sizeof(float4), cudaMemcpyHostToDevice));
    k<<<N / 128, 128>>>(t, d_coords, d_out);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, d_out, N * sizeof(float4), cudaMemcpyDeviceToHost));
}

static void test_pitch2d()
{
    const int W = 32, H = 16;
    float h[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) h[y][x] = (float)((x * 7 + y * 13) % 50);
    float *d;
    size_t pitch;
    CK(cudaMallocPitch(&d, &pitch, W * sizeof(float), H));
    CK(cudaMemcpy2D(d, pitch, h, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = d;
    r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r.res.pitch2D.width = W, r.res.pitch2D.height = H, r.res.pitch2D.pitchInBytes = pitch;
    struct {
        const char *name;
        cudaTextureFilterMode f;
        bool norm;
        cudaTextureAddressMode m;
    } cases[] = {{"pitch2d_point_clamp", cudaFilterModePoint, false, cudaAddressModeClamp},
                 {"pitch2d_point_border", cudaFilterModePoint, false, cudaAddressModeBorder},
                 {"pitch2d_linear_clamp", cudaFilterModeLinear, false, cudaAddressModeClamp},
                 {"pitch2d_linear_border", cudaFilterModeLinear, false, cudaAddressModeBorder},
                 {"pitch2d_linear_normalized_clamp", cudaFilterModeLinear, true, cudaAddressModeClamp}};
    for (auto &cs : cases) {
        cudaTextureDesc td = tex_desc(cs.f, cs.norm, cs.m, cs.m);
        cudaTextureObject_t t;
        CK(cudaCreateTextureObject(&t, &r, &td, NULL));
        float4 c[N];
        float o[N];
        for (int i = 0; i < N; i++)
            c[i] = make_float4(coord(-3, W + 3, W, cs.norm), coord(-3, H + 3, H, cs.norm), 0, 0);
        launch_f(k_2d, t, c, o);
        Ref ref = {&h[0][0], W, H, 1, 1, cs.norm, cs.f == cudaFilterModeLinear, {cs.m, cs.m, cs.m},
                   {td.borderColor[0]}};
        compare(cs.name, ref, c, o, 2, false, 1);
        CK(cudaDestroyTextureObject(t));
    }
    CK(cudaFree(d));
}

// A 2D array with normalized coordinates: wrap and mirror (point), wrap (linear).
static void test_array2d()
{
    const int W = 16, H = 8;
    float h[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) h[y][x] = (float)(x * 3 + y * 40 + (x * y) % 5);
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CK(cudaMallocArray(&a, &cd, W, H));
    CK(cudaMemcpy2DToArray(a, 0, 0, h, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    struct {
        const char *name;
        cudaTextureFilterMode f;
        cudaTextureAddressMode m0, m1;
    } cases[] = {{"array2d_point_wrap_mirror", cudaFilterModePoint, cudaAddressModeWrap, cudaAddressModeMirror},
                 {"array2d_point_mirror_border", cudaFilterModePoint, cudaAddressModeMirror, cudaAddressModeBorder},
                 {"array2d_linear_wrap", cudaFilterModeLinear, cudaAddressModeWrap, cudaAddressModeWrap}};
    for (auto &cs : cases) {
        cudaTextureDesc td = tex_desc(cs.f, true, cs.m0, cs.m1);
        cudaTextureObject_t t;
        CK(cudaCreateTextureObject(&t, &r, &td, NULL));
        float4 c[N];
        float o[N];
        for (int i = 0; i < N; i++) c[i] = make_float4(coord(-2 * W, 3 * W, W, true), coord(-2 * H, 3 * H, H, true), 0, 0);
        launch_f(k_2d, t, c, o);
        Ref ref = {&h[0][0], W, H, 1, 1, true, cs.f == cudaFilterModeLinear, {cs.m0, cs.m1, cs.m1},
                   {td.borderColor[0]}};
        compare(cs.name, ref, c, o, 2, false, 1);
        if (cs.f == cudaFilterModeLinear) { // the descriptors come back as given
            cudaResourceDesc rr;
            cudaTextureDesc tt;
            CK(cudaGetTextureObjectResourceDesc(&rr, t));
            CK(cudaGetTextureObjectTextureDesc(&tt, t));
            check("get_texture_object_descs",
                  rr.resType == cudaResourceTypeArray && rr.res.array.array == a &&
                      tt.filterMode == cudaFilterModeLinear && tt.normalizedCoords == 1 &&
                      tt.addressMode[1] == cudaAddressModeWrap && tt.borderColor[0] == -7.5f,
                  "resType %d filter %d norm %d", (int)rr.resType, (int)tt.filterMode, tt.normalizedCoords);
        }
        CK(cudaDestroyTextureObject(t));
    }
    CK(cudaFreeArray(a));
}

// uchar4 read as normalized floats, linear filtering.
static void test_uchar4()
{
    const int W = 16, H = 16;
    uchar4 h[H][W];
    static float f[H][W][4];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            h[y][x] = make_uchar4(x * 16, y * 16, (x * y) & 255, 255 - x - y);
            unsigned char v[4] = {h[y][x].x, h[y][x].y, h[y][x].z, h[y][x].w};
            for (int c = 0; c < 4; c++) f[y][x][c] = v[c] / 255.0f;
        }
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a;
    CK(cudaMallocArray(&a, &cd, W, H));
    CK(cudaMemcpy2DToArray(a, 0, 0, h, W * sizeof(uchar4), W * sizeof(uchar4), H, cudaMemcpyHostToDevice));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc td = tex_desc(cudaFilterModeLinear, false, cudaAddressModeClamp, cudaAddressModeClamp);
    td.readMode = cudaReadModeNormalizedFloat;
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &r, &td, NULL));
    float4 c[N];
    static float o[N * 4];
    for (int i = 0; i < N; i++) c[i] = make_float4(coord(-2, W + 2, W, false), coord(-2, H + 2, H, false), 0, 0);
    launch_f4(k_2d4, t, c, o);
    Ref ref = {&f[0][0][0], W, H, 1, 4, false, true, {cudaAddressModeClamp, cudaAddressModeClamp}, {0}};
    // 8-bit texels: one unit of the last place (1/255) more for the conversion
    compare("array2d_uchar4_normalized_linear", ref, c, o, 2, false, 4, 1.0 / 255);
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
}

static void test_array3d()
{
    const int W = 8, H = 8, D = 4;
    static float h[D][H][W];
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) h[z][y][x] = (float)(x + 10 * y + 100 * z);
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(W, H, D)));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float), W, H);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    for (int lin = 0; lin < 2; lin++) {
        cudaTextureDesc td = tex_desc(lin ? cudaFilterModeLinear : cudaFilterModePoint, false, cudaAddressModeClamp,
                                      cudaAddressModeBorder, cudaAddressModeClamp);
        cudaTextureObject_t t;
        CK(cudaCreateTextureObject(&t, &r, &td, NULL));
        float4 c[N];
        float o[N];
        for (int i = 0; i < N; i++)
            c[i] = make_float4(coord(-2, W + 2, W, false), coord(-2, H + 2, H, false), coord(-1, D + 1, D, false), 0);
        launch_f(k_3d, t, c, o);
        Ref ref = {&h[0][0][0], W, H, D, 1, false, lin != 0,
                   {cudaAddressModeClamp, cudaAddressModeBorder, cudaAddressModeClamp}, {td.borderColor[0]}};
        compare(lin ? "array3d_linear" : "array3d_point", ref, c, o, 3, false, 1);
        CK(cudaDestroyTextureObject(t));
    }
    CK(cudaFreeArray(a));
}

static void test_layered()
{
    const int W = 8, H = 8, L = 3;
    static float h[L][H][W];
    for (int l = 0; l < L; l++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) h[l][y][x] = (float)(x * 2 + y * 20 + l * 300);
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(W, H, L), cudaArrayLayered));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float), W, H);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, H, L);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    for (int lin = 0; lin < 2; lin++) {
        cudaTextureDesc td = tex_desc(lin ? cudaFilterModeLinear : cudaFilterModePoint, false, cudaAddressModeBorder,
                                      cudaAddressModeClamp);
        cudaTextureObject_t t;
        CK(cudaCreateTextureObject(&t, &r, &td, NULL));
        float4 c[N];
        float o[N];
        for (int i = 0; i < N; i++)
            c[i] = make_float4(coord(-2, W + 2, W, false), coord(-2, H + 2, H, false), 0, (float)(i % L));
        launch_f(k_2dl, t, c, o);
        Ref ref = {&h[0][0][0], W, H, 1, 1, false, lin != 0, {cudaAddressModeBorder, cudaAddressModeClamp},
                   {td.borderColor[0]}};
        compare(lin ? "layered2d_linear" : "layered2d_point", ref, c, o, 2, true, 1);
        CK(cudaDestroyTextureObject(t));
    }
    CK(cudaFreeArray(a));
}

// The direction along face f's major axis, of length m, that lands at face
// coordinates (u, v) in [0,1]: the guide's table (face 0 +x: s = -z/m,
// t = -y/m; 1 -x: s = z/m, t = -y/m; 2 +y: s = x/m, t = z/m; 3 -y: s = x/m,
// t = -z/m; 4 +z: s = x/m, t = -y/m; 5 -z: s = -x/m, t = -y/m; u = (s+1)/2,
// v = (t+1)/2) solved for (x, y, z).
static float4 direction(int f, double u, double v, double m, float w)
{
    double s = 2 * u - 1, t = 2 * v - 1, d[3];
    switch (f) {
    case 0: d[0] = m, d[1] = -t * m, d[2] = -s * m; break;
    case 1: d[0] = -m, d[1] = -t * m, d[2] = s * m; break;
    case 2: d[0] = s * m, d[1] = m, d[2] = t * m; break;
    case 3: d[0] = s * m, d[1] = -m, d[2] = -t * m; break;
    case 4: d[0] = s * m, d[1] = -t * m, d[2] = m; break;
    default: d[0] = -s * m, d[1] = -t * m, d[2] = -m; break;
    }
    return make_float4((float)d[0], (float)d[1], (float)d[2], w);
}

static const double lengths[] = {1.0, 2.0, 0.5, 3.0, 0.75};

static void test_cubemap()
{
    const int W = 8, L = 2; // two cubes for the layered case
    static float h[L][6][W][W][4];
    for (int l = 0; l < L; l++)
        for (int f = 0; f < 6; f++)
            for (int y = 0; y < W; y++)
                for (int x = 0; x < W; x++)
                    for (int c = 0; c < 4; c++) h[l][f][y][x][c] = (float)(l * 1000 + f * 100 + y * 10 + x + c * 0.25);
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float4>();
    cudaArray_t cube, cubes;
    CK(cudaMalloc3DArray(&cube, &cd, make_cudaExtent(W, W, 6), cudaArrayCubemap));
    CK(cudaMalloc3DArray(&cubes, &cd, make_cudaExtent(W, W, 6 * L), cudaArrayCubemap | cudaArrayLayered));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float4), W, W);
    p.dstArray = cube;
    p.extent = make_cudaExtent(W, W, 6);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    p.dstArray = cubes;
    p.extent = make_cudaExtent(W, W, 6 * L);
    CK(cudaMemcpy3D(&p));
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = cube;
    float4 c[N];
    static float o[N * 4], e[N * 4];

    // point filtering at texel centres: the texel itself
    cudaTextureDesc td = tex_desc(cudaFilterModePoint, true, cudaAddressModeClamp, cudaAddressModeClamp);
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &r, &td, NULL));
    for (int i = 0; i < N; i++) {
        int f = i % 6, x = (i / 6) % W, y = (i / 48) % W;
        c[i] = direction(f, (x + 0.5) / W, (y + 0.5) / W, lengths[i % 5], 0);
        for (int k = 0; k < 4; k++) e[i * 4 + k] = h[0][f][y][x][k];
    }
    launch_f4(k_cube, t, c, o);
    int bad = 0;
    for (int i = 0; i < N * 4; i++) bad += o[i] != e[i];
    check("cubemap_point_faces", bad == 0, "%d of %d values differ", bad, N * 4);
    CK(cudaDestroyTextureObject(t));

    // linear filtering inside the faces (a cube map without seamless
    // filtering is only defined there): a second object over the same array
    td = tex_desc(cudaFilterModeLinear, true, cudaAddressModeClamp, cudaAddressModeClamp);
    CK(cudaCreateTextureObject(&t, &r, &td, NULL));
    double u[N], v[N];
    for (int i = 0; i < N; i++) {
        u[i] = 0.2 + 0.6 * (lcg() % 1000) / 1000.0, v[i] = 0.2 + 0.6 * (lcg() % 1000) / 1000.0;
        c[i] = direction(i % 6, u[i], v[i], lengths[i % 5], 0);
    }
    launch_f4(k_cube, t, c, o);
    bad = 0;
    char msg[200] = "";
    for (int i = 0; i < N; i++) {
        int f = i % 6;
        float face_c[4] = {(float)u[i], (float)v[i], 0, 0};
        Ref ref = {&h[0][f][0][0][0], W, W, 1, 4, true, true, {cudaAddressModeClamp, cudaAddressModeClamp}, {0}};
        for (int k = 0; k < 4; k++) {
            double tol, ex = ref_fetch(ref, face_c, 2, -1, k, &tol);
            // the direction's float rounding moves (u, v) by ~1e-7 texels
            tol += 1e-3;
            if (!(fabs(o[i * 4 + k] - ex) <= tol)) {
                if (!bad++) snprintf(msg, sizeof msg, "[%d].%d got %.9g expected %.9g", i, k, o[i * 4 + k], ex);
            }
        }
    }
    check("cubemap_linear_inside_faces", bad == 0, "%d mismatches, first %s", bad, msg);
    CK(cudaDestroyTextureObject(t));

    // cube map array: texCubemapLayered with the cube index
    r.res.array.array = cubes;
    td = tex_desc(cudaFilterModePoint, true, cudaAddressModeClamp, cudaAddressModeClamp);
    CK(cudaCreateTextureObject(&t, &r, &td, NULL));
    for (int i = 0; i < N; i++) {
        int l = (i / 3) % L, f = i % 6, x = (i / 6) % W, y = (i / 48) % W;
        c[i] = direction(f, (x + 0.5) / W, (y + 0.5) / W, lengths[i % 5], (float)l);
        for (int k = 0; k < 4; k++) e[i * 4 + k] = h[l][f][y][x][k];
    }
    launch_f4(k_cubel, t, c, o);
    bad = 0;
    for (int i = 0; i < N * 4; i++) bad += o[i] != e[i];
    check("cubemap_layered_point", bad == 0, "%d of %d values differ", bad, N * 4);
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(cube));
    CK(cudaFreeArray(cubes));
}

int main()
{
    CK(cudaMalloc(&d_coords, N * sizeof(float4)));
    CK(cudaMalloc(&d_out, N * sizeof(float4)));
    test_linear_memory();
    test_pitch2d();
    test_array2d();
    test_uchar4();
    test_array3d();
    test_layered();
    test_cubemap();
    CK(cudaFree(d_coords));
    CK(cudaFree(d_out));
    return failed;
}
