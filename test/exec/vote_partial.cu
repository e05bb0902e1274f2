extern "C" __global__ void vp(const int *v, unsigned *o)
{
    int t = threadIdx.x, x = v[t];
    unsigned r = 0;
    if (x % 3 == 0) {
        unsigned m = __activemask();
        r = __ballot_sync(m, x & 1);
        if (x % 2 == 0) r ^= __activemask() << 1;
    } else if (x % 3 == 1) {
        r = __any_sync(__activemask(), x > 95) ? 0xaaaa : 0x5555;
    }
    o[t] = r;
}
