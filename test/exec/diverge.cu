extern "C" __global__ void nested(const int *v, int *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = v[t], r;
    if (x & 1) {
        if (x & 2) {
            r = x * 3;
            if (x & 4) r += 100; else r -= 100;
        } else {
            r = 0;
            for (int i = 0; i < (x & 15); i++) { if (i == 9) break; r += i; }
        }
    } else if (x & 8) {
        r = -x;
    } else {
        switch (x % 5) { case 0: r = 1; break; case 1: r = 11; break; case 2: r = 111; break; default: r = x / 3; }
    }
    o[t] = r;
}
extern "C" __global__ void shared_diverge(const int *v, int *o)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    if (v[t] % 4 == 0) atomicAdd(&s[v[t] % 128], 1);
    else if (v[t] % 4 == 1) atomicAdd(&s[t], 2);
    __syncthreads();
    o[blockIdx.x * 128 + t] = s[t];
}
