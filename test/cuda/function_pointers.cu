// Device function pointers chosen per lane, and virtual functions.
typedef int (*op_t)(int);
__device__ int add7(int x) { return x + 7; }
__device__ int mul3(int x) { return x * 3; }
__device__ op_t table[2] = {add7, mul3};
struct Base {
    __device__ virtual int f(int) const = 0;
};
struct A : Base {
    __device__ int f(int x) const override { return x + 1; }
};
struct B : Base {
    __device__ int f(int x) const override { return x * x; }
};
extern "C" __global__ void function_pointers(int *o)
{
    int t = threadIdx.x;
    A a;
    B b;
    const Base *objs[2] = {&a, &b};
    o[t] = table[t & 1](t) + objs[(t >> 1) & 1]->f(t);
}
