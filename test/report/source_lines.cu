// source_lines.cu — .file/.loc carried into the report (test/cli/source_map.sh):
// the report names this file and the line of each branch below, and the
// kernel's C++ name demangled.
// nvcc-flags: -lineinfo
namespace demo {

template <typename T>
__global__ void scale(T *v, int n, T k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) // source-map: uniform-or-divergent bounds check
        return;
    if (threadIdx.x & 1) // source-map: divergent odd lanes
        atomicAdd(&v[0], v[i] * k);
    else
        v[i] = v[i] + k;
    __syncthreads(); // source-map: barrier
}

template __global__ void scale<float>(float *, int, float);

} // namespace demo
