extern "C" __global__ void ee(int n, const int *v, int *cnt, int *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int x = v[t];
    if (x < 0) return;                 /* these lanes write nothing */
    if (x == 0) { o[t] = -1; return; }
    int s = 0;
    while (x > 1) { s++; if (x & 1) { if (s > 30) { o[t] = 999; atomicAdd(cnt, 1); return; } x = x * 3 + 1; } else x /= 2; }
    atomicAdd(cnt + 1, s);
    o[t] = s;
}
