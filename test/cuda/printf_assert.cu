// Device printf, assert, malloc and free.
#include <cassert>
#include <cstdio>
extern "C" __global__ void report(const int *v, int n)
{
    int i = threadIdx.x;
    if (i < n && v[i] < 0)
        printf("thread %d: negative value %d (%f)\n", i, v[i], v[i] * 0.5);
    assert(i < 1024);
}

extern "C" __global__ void heap(int *out)
{
    int *p = (int *)malloc(64 * sizeof(int));
    if (p) {
        p[threadIdx.x % 64] = threadIdx.x;
        out[threadIdx.x] = p[threadIdx.x % 64];
        free(p);
    }
}
