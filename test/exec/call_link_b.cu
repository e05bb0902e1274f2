// Two-module linking, half B: defines what call_link_a.cu declares .extern.
// nvcc-flags: -rdc=true
__device__ int scale = 3;
static __device__ __noinline__ int local_fn(int x) { return x + 1000; }
__device__ int helper(int x) { return local_fn(x) + (x & 1 ? 10 : 20); }
