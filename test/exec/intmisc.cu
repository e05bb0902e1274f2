extern "C" __global__ void im(const long long *a, const long long *b, long long *o)
{
    int t = threadIdx.x;
    long long x = a[t], y = b[t];
    int xi = (int)x, yi = (int)y;
    long long *p = o + 12 * t;
    p[0] = min(xi, yi); p[1] = max(xi, yi); p[2] = abs(xi);
    p[3] = __mul64hi(x, y); p[4] = (long long)__umul64hi(x, y);
    p[5] = __ffs(xi); p[6] = __ffsll(x); p[7] = __popcll(x); p[8] = __clzll(x);
    p[9] = (long long)__brevll(x); p[10] = __sad(xi, yi, 5u); p[11] = __rhadd(xi, yi);
}
