extern "C" __global__ void sieve(int n, const int *idx, int *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int a[200];
    for (int i = 0; i < 200; i++) a[i] = i * t;
    for (int k = 0; k < 20; k++) { int j = idx[t * 20 + k]; a[j] += a[(j * 7 + k) % 200] + k; }
    int s = 0;
    for (int k = 0; k < 20; k++) s = s * 31 + a[idx[t * 20 + (19 - k)]];
    o[t] = s;
}
extern "C" __global__ void vol(int n, int *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    volatile int v[16];
    for (int i = 0; i < 16; i++) v[i] = t + i;
    v[t % 16] = -1;
    int s = 0;
    for (int i = 0; i < 16; i++) s += v[(i + t) % 16] * (i + 1);
    o[t] = s;
}
