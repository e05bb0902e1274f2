// Integer intrinsics: bit counts, permutes, funnel shifts, high products.
extern "C" __global__ void integer_ops(int *p, unsigned long long *q)
{
    int i = threadIdx.x;
    p[i] = __popc(i) + __clz(i) + __brev(i) + __ffs(i) + __byte_perm(i, i * 7, 0x5140) +
           __funnelshift_l(i, i * 3, i) + __funnelshift_rc(i, 5, i) + __mulhi(i, 12345) + __sad(i, 7, 3) +
           __usad(i, 9, 1) + __mul24(i, 77) + __rhadd(i, 3);
    q[i] = __umul64hi(q[i], 99ull) + __popcll(q[i]) + __clzll(q[i]) + (q[i] / (i + 1)) + (q[i] % 7);
}
