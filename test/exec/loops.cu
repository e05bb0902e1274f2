extern "C" __global__ void lp(const int *v, int *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = v[t], s = 0;
    for (int i = 0; i < x % 13; i++) {
        if (i % 3 == 1) continue;
        for (int j = i; j < x % 7 + i; j++) {
            if (j == 9) break;
            s += i * j + 1;
        }
        if (s > 200) goto out;
    }
    s = -s;
out:
    do { s += 1000; x >>= 2; } while (x > 3);
    o[t] = s;
}
