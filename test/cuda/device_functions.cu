// Non-inlined device functions, structs by value, recursion.
struct Pair {
    int a;
    float b;
    double c;
};
__device__ __noinline__ Pair make(int x)
{
    Pair p = {x, x * 0.5f, x * 0.25};
    return p;
}
__device__ __noinline__ float use(Pair p) { return p.a + p.b + p.c; }
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ int classify(int x)
{
    if (x & 1)
        return 3 * x;
    if (x & 2)
        return -x;
    return x + 100;
}
extern "C" __global__ void device_functions(float *o, int *r)
{
    int t = threadIdx.x;
    o[t] = use(make(t));
    r[t] = fib(t % 12) + ((t % 3) ? classify(t) : 0);
}
