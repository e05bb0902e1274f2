// nvcc-flags: -arch=sm_80
// Calls made inside divergent regions to callees that diverge and return
// early: nested two deep, recursive with per-lane depth, results written
// by the callee per lane, calls in a loop with a per-lane trip count.
// Reference: call_div2.c (issue 13, "Calls and indirect branches").

__device__ __noinline__ int inner(int x)
{
    if (x % 5 == 0)
        return x * 7; // early, some lanes
    int s = 0;
    for (int i = 0; i < (x & 3); i++) // per-lane trip count
        s += i * x;
    if (s > 20)
        return s - 20;
    return s + x;
}

__device__ __noinline__ int outer(int x)
{
    if (x & 1)
        return inner(x) + 1; // divergent call, early return
    if (x & 2)
        return -inner(x / 2);
    int a = inner(x + 3);
    if (a & 4)
        return a;
    return a + inner(a & 15);
}

extern "C" __global__ void nested2(int *out)
{
    int t = threadIdx.x;
    int r = -1;
    if (t % 3 != 0) // the call runs with part of the warp
        r = outer(t);
    else if (t % 6 == 0)
        r = inner(t) * 2;
    out[t] = r;
}

__device__ __noinline__ int rec(int n, int acc)
{
    if (n <= 0)
        return acc; // per-lane depth
    if (n % 3 == 0)
        return rec(n - 1, acc + n);
    if (n & 1)
        return acc * 2 + rec(n - 2, acc + 1);
    return rec(n - 1, acc - 1) + 1;
}

extern "C" __global__ void recursive(int *out)
{
    int t = threadIdx.x;
    out[t] = (t & 4) ? rec(t % 19, t) : 5;
}

__device__ __noinline__ void store_per_lane(int *out, int t)
{
    if (t & 2) {
        out[t] = t * 10;
        return;
    }
    if (t % 7 == 0)
        return; // writes nothing
    out[t] = outer(t) + 1000;
}

extern "C" __global__ void per_lane(int *out)
{
    int t = threadIdx.x;
    out[t] = -2;
    if (t & 1)
        store_per_lane(out, t);
    else if (t & 8)
        store_per_lane(out, t + 64) , out[t] += 3;
}

extern "C" __global__ void in_loop(int *out)
{
    int t = threadIdx.x;
    int s = 0;
    for (int i = 0; i < t % 9; i++) {
        if ((i + t) & 1)
            s += outer(i + t);
        else
            s ^= inner(i * t);
    }
    out[t] = s;
}
