// Two-module linking, half A: a kernel calling an .extern function and
// reading an .extern variable that call_link_b.cu defines.
// nvcc-flags: -rdc=true
extern __device__ int scale;
extern __device__ int helper(int x);
static __device__ __noinline__ int local_fn(int x) { return x + 1; }
extern "C" __global__ void k(int *o) { o[threadIdx.x] = helper(threadIdx.x) * scale + local_fn(0); }
