/* shfl.sync.idx uses only b[4:0] of the source lane (PTX ISA): a lane
 * number of 32 or more wraps, it is not out of range. */
extern "C" __global__ void shfl_hi(const int *in, int *o)
{
    int t = threadIdx.x;
    o[t] = __shfl_sync(0xffffffff, in[t], t + 35);
    o[32 + t] = __shfl_sync(0xffffffff, in[t], t + 43, 8);
}
