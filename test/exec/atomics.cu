extern "C" __global__ void hist(int n, const int *v, int *h, float *fh, const float *w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(&h[v[i]], 1);
    atomicAdd(&fh[v[i]], w[i]);
}
extern "C" __global__ void minmax(int n, const int *v, int *mx, int *mn, unsigned *inc, int *exch, unsigned wrap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicMax(mx, v[i]);
    atomicMin(mn, v[i]);
    atomicInc(inc, wrap);
    atomicExch(&exch[i % 4], i);
}
extern "C" __global__ void cas_mul(int n, const int *v, unsigned long long *acc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long old = *acc, assumed;
    do {
        assumed = old;
        old = atomicCAS(acc, assumed, assumed * 3 + v[i]);
    } while (old != assumed);
}
