extern "C" __global__ void shfl(const int *in, int *o)
{
    int t = threadIdx.x;
    int v = in[t];
    int n = blockDim.x;
    o[0 * n + t] = __shfl_sync(0xffffffff, v, (t * 7) & 31);
    o[1 * n + t] = __shfl_up_sync(0xffffffff, v, 3);
    o[2 * n + t] = __shfl_down_sync(0xffffffff, v, 5);
    o[3 * n + t] = __shfl_xor_sync(0xffffffff, v, 9);
    o[4 * n + t] = __shfl_sync(0xffffffff, v, (t & 15) + 3, 8);
    o[5 * n + t] = __shfl_up_sync(0xffffffff, v, 2, 8);
    o[6 * n + t] = __shfl_down_sync(0xffffffff, v, 3, 8);
    o[7 * n + t] = __shfl_xor_sync(0xffffffff, v, 5, 8);
}
extern "C" __global__ void vote(const int *in, unsigned *o)
{
    int t = threadIdx.x;
    int v = in[t];
    int n = blockDim.x;
    o[0 * n + t] = __ballot_sync(0xffffffff, v & 1);
    o[1 * n + t] = __all_sync(0xffffffff, v > 0);
    o[2 * n + t] = __any_sync(0xffffffff, v > 900);
    unsigned am = 0xdead;
    if (v & 2) am = __activemask();
    o[3 * n + t] = (v & 2) ? am : 0xdead;
}
