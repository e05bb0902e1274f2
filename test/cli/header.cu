// Kernels for test/cli/header.sh (ptx2native --header) and the demangled
// names in launch errors.  test/cli/header.ptx is
//     nvcc -arch=sm_80 -ptx header.cu -o header.ptx
struct Pair {
    int a;
    float b;
};

__global__ void scale(float *x, int n, float k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= k;
}

namespace ns {
template <typename T> __global__ void fill(T *x, unsigned n, T v)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = v + (T)i;
}
template __global__ void fill<int>(int *, unsigned, int);
} // namespace ns

extern "C" __global__ void add_pair(int *out, Pair p)
{
    out[threadIdx.x] = p.a + (int)p.b + (int)threadIdx.x;
}

extern "C" __global__ void mix(long long *out, long long step, short s, unsigned char c, double d)
{
    out[threadIdx.x] = step * threadIdx.x + s + c + (long long)d;
}

// mode 0: trap; 1: store through p (the host passes a bad address)
__global__ void boom(int *p, int mode)
{
    if (mode == 0)
        __trap();
    *p = 1;
}

// Warp 0 waits at barrier 0, warp 1 at barrier 1: a deadlock.
__global__ void stuck(int *p)
{
    if (threadIdx.x < 32)
        asm volatile("bar.sync 0;");
    else
        asm volatile("bar.sync 1;");
    p[threadIdx.x] = 1;
}
