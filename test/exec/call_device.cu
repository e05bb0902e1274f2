// nvcc-generated indirect calls and device runtime calls: function pointers
// chosen per lane, virtual functions, printf from divergent lanes (exact
// output), malloc/free per lane, and a failing assert.  Reference:
// call_device.c.
#include <cassert>
#include <cstdio>

typedef int (*op_t)(int);
__device__ int add7(int x) { return x + 7; }
__device__ int mul3(int x) { return x * 3; }
__device__ int xor5(int x) { return x ^ 5; }
__device__ op_t ops[3] = {add7, mul3, xor5};

extern "C" __global__ void fptr(int *out)
{
    int t = threadIdx.x;
    op_t f = ops[(t * 7) % 3];
    out[t] = f(t);
}

struct Shape {
    __device__ virtual int area(int x) const = 0;
};
struct Square : Shape {
    __device__ int area(int x) const override { return x * x; }
};
struct Triangle : Shape {
    __device__ int area(int x) const override { return x * (x + 1) / 2; }
};
struct Negative : Shape {
    __device__ int area(int x) const override { return -x; }
};

extern "C" __global__ void virt(int *out)
{
    Square s;
    Triangle tr;
    Negative n;
    const Shape *shapes[3] = {&s, &tr, &n};
    int t = threadIdx.x;
    out[t] = shapes[t % 3]->area(t);
}

extern "C" __global__ void print(int n)
{
    int t = threadIdx.x;
    if (t % 3 == 0)
        printf("lane %d of %d: %.2f %s %x\n", t, n, t * 0.5, "ok", t * 17);
    else if (t == 4)
        printf("four %5d|%-3d|%*d|%.*f\n", -4, 4, 6, 42, 2, 3.14159);
}

extern "C" __global__ void heap(int *out)
{
    int t = threadIdx.x;
    int *p = (int *)malloc(sizeof(int) * (t + 1));
    for (int k = 0; k <= t; k++)
        p[k] = k;
    int s = 0;
    for (int k = 0; k <= t; k++)
        s += p[k];
    free(p);
    out[t] = s;
}

extern "C" __global__ void check_positive(const int *in)
{
    assert(in[threadIdx.x] > 0);
}
