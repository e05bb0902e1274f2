extern "C" __global__ void wsum(const int *v, int *o, int *seg)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = v[t];
    for (int off = 16; off > 0; off >>= 1) x += __shfl_down_sync(0xffffffff, x, off);
    if ((threadIdx.x & 31) == 0) o[t / 32] = x;
    int y = v[t];
    for (int off = 4; off > 0; off >>= 1) y += __shfl_xor_sync(0xffffffff, y, off, 8);
    seg[t] = y;
}
