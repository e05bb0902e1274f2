extern "C" __global__ void divs(const int *a, const int *b, int *q, int *r, long long *q64)
{
    int i = threadIdx.x;
    q[i] = a[i] / b[i];
    r[i] = a[i] % b[i];
    q64[i] = (long long)a[i] * b[i];
}
