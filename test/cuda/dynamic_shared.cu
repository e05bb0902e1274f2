// Dynamic shared memory (extern __shared__) and 2D/3D indexing.
extern "C" __global__ void reverse(int *o)
{
    extern __shared__ int sh[];
    sh[threadIdx.x] = threadIdx.x;
    __syncthreads();
    o[blockIdx.x * blockDim.x + threadIdx.x] = sh[blockDim.x - 1 - threadIdx.x];
}

extern "C" __global__ void grid3d(int *o)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
    o[(z * h + y) * w + x] = x + 100 * y + 10000 * z;
}
