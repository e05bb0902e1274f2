__device__ int counter;
__device__ float table[64];
__device__ int coef[4];
extern "C" __global__ void useglobals(int n, int *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    atomicAdd(&counter, t);
    table[t % 64] = (float)t * 0.5f;   /* last writer wins: each slot gets one writer */
    o[t] = coef[t % 4] * t + coef[(t + 1) % 4];
}
