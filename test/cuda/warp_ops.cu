// Warp shuffles, votes and (sm_80+) warp reductions.
extern "C" __global__ void warp_ops(int *p, float *f)
{
    int i = threadIdx.x;
    unsigned m = __activemask();
    p[i] = __shfl_sync(m, i, 3) + __shfl_up_sync(m, i, 1) + __shfl_down_sync(m, i, 2, 8) + __shfl_xor_sync(m, i, 5);
    p[i + 32] = __ballot_sync(m, i & 1) + __all_sync(m, i < 40) + __any_sync(m, i == 3);
    f[i] = __shfl_sync(m, f[i], 0);
#if __CUDA_ARCH__ >= 800
    p[i + 64] = __reduce_add_sync(m, i) + __reduce_max_sync(m, (unsigned)i) + __match_any_sync(m, i & 3);
#endif
}

extern "C" __global__ void warp_reduce(const float *in, float *out)
{
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(out, v);
}
