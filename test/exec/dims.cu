extern "C" __global__ void ids(unsigned *o)
{
    unsigned bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
    unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    unsigned block = bx + gridDim.x * (by + gridDim.y * bz);
    unsigned thr = tx + blockDim.x * (ty + blockDim.y * tz);
    unsigned nt = blockDim.x * blockDim.y * blockDim.z;
    unsigned *p = o + 4 * (block * nt + thr);
    p[0] = tx | ty << 10 | tz << 20;
    p[1] = bx | by << 10 | bz << 20;
    p[2] = blockDim.x | blockDim.y << 10 | blockDim.z << 20;
    p[3] = gridDim.x | gridDim.y << 10 | gridDim.z << 20;
}
