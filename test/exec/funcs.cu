__device__ __noinline__ int clampsum(const int *v, int n, int lim)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] < 0) return -1000 - i;     /* early return, per lane */
        s += v[i];
        if (s > lim) return lim;
    }
    return s;
}
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ int f_add(int a, int b) { return a + b; }
__device__ __noinline__ int f_mul(int a, int b) { return a * b; }
__device__ __noinline__ int f_sub(int a, int b) { if (a < b) return 0; return a - b; }
typedef int (*binop)(int, int);
__device__ binop table[3] = {f_add, f_mul, f_sub};

extern "C" __global__ void divcall(const int *v, int *o)
{
    int t = threadIdx.x;
    if (t % 3 == 0) o[t] = clampsum(v + t * 8, 8, 300);
    else if (t % 3 == 1) o[t] = -clampsum(v + t * 8, 4, 100);
    else o[t] = 7;
}
extern "C" __global__ void recfib(int *o)
{
    o[threadIdx.x] = fib(threadIdx.x);
}
extern "C" __global__ void fnptr(const int *a, const int *b, int *o)
{
    int t = threadIdx.x;
    binop f = table[(a[t] + b[t]) % 3];
    o[t] = f(a[t], b[t]);
}
