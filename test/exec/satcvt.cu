extern "C" __global__ void sat(int n, const float *a, const double *d, unsigned *u, int *s, long long *l, unsigned long long *ul)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    u[i] = __float2uint_rz(a[i]);
    s[i] = __double2int_rz(d[i]);
    l[i] = __float2ll_rz(a[i]);
    ul[i] = __double2ull_rn(d[i]);
}
