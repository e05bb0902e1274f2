// Local arrays indexed by a varying index (kept in local memory).
extern "C" __global__ void local_arrays(int *o, int n)
{
    int arr[64];
    for (int k = 0; k < 64; k++)
        arr[k] = k * n + threadIdx.x;
    o[threadIdx.x] = arr[(threadIdx.x * 7) % 64] + arr[o[threadIdx.x] & 63];
}
