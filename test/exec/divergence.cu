// Divergent control flow with per-lane trip counts and several exits, and
// single-precision subnormals with and without flushing (this file is
// built twice: divergence.ptx plain and divergence_ftz.ptx with -ftz=true;
// see divergence_ftz.cu).  Reference: divergence.c.
extern "C" __global__ void nested(int *out)
{
    int t = threadIdx.x, r = 0;
    if (t & 1) {
        if (t & 2)
            r = 1;
        else
            r = 2;
    } else {
        if (t & 4)
            r = 3;
        else {
            r = 4;
            if (t & 8)
                r = 5;
        }
    }
    out[t] = r;
}

extern "C" __global__ void collatz(int *out)
{
    int n = threadIdx.x + 1, steps = 0;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
    }
    out[threadIdx.x] = steps;
}

extern "C" __global__ void multi_exit(int *out, int k)
{
    int t = threadIdx.x;
    for (int i = 0; i < 100; i++) {
        if (i * t > k) {
            out[t] = i;
            return;
        }
        if (i + t == 70)
            break;
    }
    out[t] = -t;
}

// subnormal * 0.5 and subnormal + subnormal: kept, or flushed with -ftz
extern "C" __global__ void subnormal(const float *in, float *out)
{
    int t = threadIdx.x;
    out[2 * t] = in[t] * 0.5f;
    out[2 * t + 1] = in[t] + in[t];
}
