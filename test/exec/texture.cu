// nvcc-flags: -arch=sm_80
// Texture and surface objects: tex1D/tex2D/tex3D/layered with float
// coordinates, tex1Dfetch, tex2Dgather (tld4), surf1D/2Dread/write (suld/sust),
// and txq/suq; test/exec/texture.c creates the objects and checks results.
extern "C" __global__ void fetch1d(cudaTextureObject_t t, const float *x, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex1D<float4>(t, x[i]);
}
extern "C" __global__ void fetch1di(cudaTextureObject_t t, int *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex1Dfetch<int>(t, i - 3);
}
extern "C" __global__ void fetch2d(cudaTextureObject_t t, const float *x, const float *y, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2D<float4>(t, x[i], y[i]);
}
extern "C" __global__ void fetch2du(cudaTextureObject_t t, const float *x, const float *y, uint4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2D<uint4>(t, x[i], y[i]);
}
extern "C" __global__ void fetch3d(cudaTextureObject_t t, const float *x, const float *y, const float *z, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex3D<float>(t, x[i], y[i], z[i]);
}
extern "C" __global__ void fetch2dl(cudaTextureObject_t t, const float *x, const float *y, const int *l, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2DLayered<float>(t, x[i], y[i], l[i]);
}
extern "C" __global__ void fetch1dl(cudaTextureObject_t t, const float *x, const int *l, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex1DLayered<float>(t, x[i], l[i]);
}
extern "C" __global__ void gather(cudaTextureObject_t t, const float *x, const float *y, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2Dgather<float4>(t, x[i], y[i], 1);
}
// s: a 2D surface of unsigned (w x h); d: the same shape; x in elements.
extern "C" __global__ void surf2d(cudaSurfaceObject_t s, cudaSurfaceObject_t d, unsigned *z, unsigned *c)
{
    int x = threadIdx.x, y = blockIdx.x;
    unsigned v = surf2Dread<unsigned>(s, x * 4, y);
    surf2Dwrite<unsigned>(v * 3 + 1, d, x * 4, y);
    // out of range by two elements: zero, then clamp
    z[y * blockDim.x + x] = surf2Dread<unsigned>(s, (x - 2) * 4, y + 1, cudaBoundaryModeZero);
    c[y * blockDim.x + x] = surf2Dread<unsigned>(s, (x + 2) * 4, y - 1, cudaBoundaryModeClamp);
}
// s: a 1D surface of uchar4; reverses the bytes of each element into d.
extern "C" __global__ void surf1d(cudaSurfaceObject_t s, cudaSurfaceObject_t d)
{
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    uchar4 c = surf1Dread<uchar4>(s, x * 4);
    surf1Dwrite(make_uchar4(c.w, c.z, c.y, c.x), d, x * 4);
}
extern "C" __global__ void trapping(cudaSurfaceObject_t s, int x)
{
    surf1Dwrite<unsigned>(7u, s, x * 4);
}
extern "C" __global__ void query(cudaTextureObject_t t, cudaSurfaceObject_t s, int *o)
{
    asm("txq.width.b32 %0, [%1];" : "=r"(o[0]) : "l"(t));
    asm("txq.height.b32 %0, [%1];" : "=r"(o[1]) : "l"(t));
    asm("txq.normalized_coords.b32 %0, [%1];" : "=r"(o[2]) : "l"(t));
    asm("txq.filter_mode.b32 %0, [%1];" : "=r"(o[3]) : "l"(t));
    asm("suq.width.b32 %0, [%1];" : "=r"(o[4]) : "l"(s));
    asm("suq.height.b32 %0, [%1];" : "=r"(o[5]) : "l"(s));
}
// Only some lanes fetch (divergent or predicated tex); the others keep -1.
extern "C" __global__ void fetch_some(cudaTextureObject_t t, int *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int v = -1;
    if (i % 3 == 0)
        v = tex1Dfetch<int>(t, i) + 1000;
    o[i] = v;
}
// 3D and layered surfaces, 64-bit elements, and stores out of range under
// .zero (dropped) and .clamp (to the nearest element).
extern "C" __global__ void surf_more(cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, cudaSurfaceObject_t s64,
                                     long long *o)
{
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    int v = surf3Dread<int>(s3, x * 4, y, z);
    surf3Dwrite<int>(v + 100, s3, x * 4, y, z);
    float f = surf2DLayeredread<float>(sl, x * 4, y, z);
    surf2DLayeredwrite<float>(f * 2.0f, sl, x * 4, y, z);
    if (y == 0 && z == 0) {
        long long q = surf1Dread<long long>(s64, x * 8);
        o[x] = q;
        surf1Dwrite<long long>(q + 1, s64, (x + 4) * 8, cudaBoundaryModeZero);
        if (x == 3)
            surf1Dwrite<long long>(-q, s64, -16, cudaBoundaryModeClamp);
    }
}
