extern "C" __global__ void cv(const long long *a, long long *o, double *d, float *f)
{
    int t = threadIdx.x;
    long long x = a[t];
    o[6 * t + 0] = (signed char)x;
    o[6 * t + 1] = (unsigned char)x;
    o[6 * t + 2] = (short)x;
    o[6 * t + 3] = (unsigned short)x;
    o[6 * t + 4] = (int)x;
    o[6 * t + 5] = (unsigned)x;
    d[2 * t] = (double)x;
    d[2 * t + 1] = (double)(unsigned long long)x;
    f[2 * t] = (float)x;
    f[2 * t + 1] = (float)(unsigned)x;
}
