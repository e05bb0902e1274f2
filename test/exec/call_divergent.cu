// Calls under divergence: early divergent returns, nested calls three deep
// with divergence at each level, per-lane recursion, exit inside a function
// followed by a barrier in the kernel.  Reference: call_divergent.c.

__device__ __noinline__ int classify(int x)
{
    if (x & 1)
        return x * 3; // odd lanes return here
    if (x & 2)
        return -x; // then these
    return x + 100;
}

extern "C" __global__ void early_ret(int *out)
{
    int t = threadIdx.x;
    out[t] = (t % 3) ? classify(t) : 7; // only some lanes call
}

__device__ __noinline__ int level3(int x) { return (x % 5 == 0) ? x * 2 : x + 1; }
__device__ __noinline__ int level2(int x)
{
    if (x % 3 == 0)
        return level3(x) + 1000;
    return level3(x + 1) - 1000;
}
__device__ __noinline__ int level1(int x)
{
    int r = 0;
    if (x & 1)
        r = level2(x);
    else
        r = level2(x / 2) * 2;
    return r;
}

extern "C" __global__ void nested3(int *out) { out[threadIdx.x] = level1(threadIdx.x); }

__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

extern "C" __global__ void recursion(int *out) { out[threadIdx.x] = fib(threadIdx.x % 16); }

__device__ __noinline__ void maybe_exit(int t)
{
    if (t % 4 == 3)
        asm volatile("exit;");
}

// Lanes with t % 4 == 3 leave inside maybe_exit; the barrier must not wait
// for them, and the others see every surviving neighbour's write.
extern "C" __global__ void exit_in_func(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = -1;
    __syncthreads();
    maybe_exit(t);
    s[t] = t * 10;
    __syncthreads();
    int n = (t + 1) % blockDim.x;
    out[t] = s[n];
}
