// Structs by value through .param byte arrays (.param .align 8 .b8 p[24]),
// returned and passed, called under divergence.  Reference: call_struct.c.
struct Pair {
    int a;
    float b;
    double c;
};

__device__ __noinline__ Pair make(int x)
{
    Pair p = {x, x * 0.5f, x * 0.25};
    if (x & 1)
        p.a = -x; // a divergent path inside the callee
    return p;
}

__device__ __noinline__ double use(Pair p, int k) { return p.a * k + p.b + p.c; }

extern "C" __global__ void structs(double *out, int k)
{
    int t = threadIdx.x;
    double r = -1.0;
    if (t % 3 != 2)
        r = use(make(t), k);
    out[t] = r;
}
