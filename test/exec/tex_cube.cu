// nvcc-flags: -arch=sm_80
// Cube map textures: texCubemap (tex.cube) and texCubemapLayered
// (tex.acube); test/exec/tex_cube.c creates the objects and checks results.
extern "C" __global__ void cube(cudaTextureObject_t t, const float *x, const float *y, const float *z, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = texCubemap<float4>(t, x[i], y[i], z[i]);
}
extern "C" __global__ void cube1(cudaTextureObject_t t, const float *x, const float *y, const float *z, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = texCubemap<float>(t, x[i], y[i], z[i]);
}
extern "C" __global__ void acube(cudaTextureObject_t t, const float *x, const float *y, const float *z, const int *l,
                                 float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = texCubemapLayered<float4>(t, x[i], y[i], z[i], l[i]);
}
