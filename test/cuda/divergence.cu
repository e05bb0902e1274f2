// Divergent control flow: nested if/else, per-lane loops, multi-exit loops,
// early exit before a barrier.
extern "C" __global__ void divergence(int *out, int k)
{
    __shared__ int s[256];
    int t = threadIdx.x, r = 0;
    if (t & 1) {
        if (t & 2)
            r = 1;
        else
            r = 2;
    } else if (t & 4) {
        r = 3;
    }
    int n = t + 1, steps = 0;
    while (n != 1 && steps < 1000) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
    }
    for (int i = 0; i < 100; i++) {
        if (i * t > k)
            break;
        if (i + t == 70) {
            out[t] = -1;
            return;
        }
    }
    s[t] = r + steps;
    if (t >= blockDim.x - 8)
        return;
    __syncthreads();
    out[t] = s[(t + 1) % (blockDim.x - 8)];
}
