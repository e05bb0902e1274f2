extern "C" __global__ void bits(const unsigned *a, const unsigned *b, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned x = a[i], y = b[i];
    o[8 * i + 0] = __umulhi(x, y);
    o[8 * i + 1] = (unsigned)__mulhi((int)x, (int)y);
    o[8 * i + 2] = __popc(x);
    o[8 * i + 3] = __clz(x);
    o[8 * i + 4] = __brev(x);
    o[8 * i + 5] = __byte_perm(x, y, y & 0x7777);
    o[8 * i + 6] = __funnelshift_l(x, y, i);
    o[8 * i + 7] = __funnelshift_r(x, y, i);
}
