extern "C" __global__ void collatz(int n, const unsigned *start, int *steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long x = start[i];
    int s = 0;
    while (x != 1) { x = (x & 1) ? 3 * x + 1 : x / 2; s++; }
    steps[i] = s;
}
extern "C" __global__ void find_first(int n, const int *v, int key, int *pos)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r = -1;
    for (int j = 0; j < 64; j++) {
        int x = v[i * 64 + j];
        if (x == key) { r = j; break; }
        if (x < 0) { pos[i] = -2 - j; return; }
    }
    pos[i] = r;
}
