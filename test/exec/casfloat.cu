__device__ float atomicMaxFloat(float *addr, float v)
{
    int *p = (int *)addr, old = *p, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(p, assumed, __float_as_int(v));
    } while (old != assumed);
    return __int_as_float(old);
}
extern "C" __global__ void fmaxk(int n, const float *a, float *m)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicMaxFloat(&m[i % 8], a[i]);
}
