extern "C" __global__ void sh(const unsigned *a, const unsigned *s, unsigned *o, unsigned long long *o64)
{
    int t = threadIdx.x;
    unsigned x = a[t], n = s[t], r;
    asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(n)); o[4 * t + 0] = r;
    asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(n)); o[4 * t + 1] = r;
    asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(n)); o[4 * t + 2] = r;
    o[4 * t + 3] = __funnelshift_lc(x, ~x, n);
    unsigned long long y = ((unsigned long long)x << 32) | n, q;
    asm("shl.b64 %0, %1, %2;" : "=l"(q) : "l"(y), "r"(n)); o64[2 * t] = q;
    asm("shr.s64 %0, %1, %2;" : "=l"(q) : "l"(y), "r"(n)); o64[2 * t + 1] = q;
}
