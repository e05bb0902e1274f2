// shared_per_kernel: each kernel's static shared memory is its own.
// Eight kernels of one module use 40 KB of __shared__ each (320 KB
// together, more than any block may have): each must launch and compute
// correctly.  cudaFuncGetAttributes gives each kernel's own static size
// (the CUDA Runtime API documents sharedSizeBytes as "the size in bytes of
// statically-allocated shared memory required by this function").  A
// __noinline__ device function reaches the dynamic shared memory
// (extern __shared__) from two kernels whose static parts differ in size,
// and neither part overwrites the other.
#include <cstdio>
#include <vector>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s shared-per-kernel/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

const int WORDS = 10 * 1024; // 40 KB of int

// out[blockIdx.x] = sum over i of (i * (K + 1)) % 7, through shared memory
template <int K> __global__ void big(int *out)
{
    __shared__ int buf[WORDS];
    for (int i = threadIdx.x; i < WORDS; i += blockDim.x)
        buf[i] = (i * (K + 1)) % 7;
    __syncthreads();
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < WORDS; i++)
            s += buf[WORDS - 1 - i];
        out[blockIdx.x] = s;
    }
}

extern __shared__ int dyn[];

__device__ __noinline__ void fill_dynamic(int n, int base)
{
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        dyn[i] = base + i;
}

// static part of S ints set to -1, dynamic part of n ints filled through
// fill_dynamic; then both are checked and the mismatches counted.
template <int S> __global__ void static_and_dynamic(int n, int *bad)
{
    __shared__ int st[S];
    for (int i = threadIdx.x; i < S; i += blockDim.x)
        st[i] = -1;
    __syncthreads();
    fill_dynamic(n, 1000 * (S + 1));
    __syncthreads();
    int wrong = 0;
    for (int i = threadIdx.x; i < S; i += blockDim.x)
        wrong += st[i] != -1;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        wrong += dyn[i] != 1000 * (S + 1) + i;
    atomicAdd(bad, wrong);
}

template <int K> static bool run_big(int *d, int nb)
{
    big<K><<<nb, 256>>>(d);
    std::vector<int> h(nb);
    cudaError_t e = cudaMemcpy(h.data(), d, nb * sizeof(int), cudaMemcpyDeviceToHost);
    int want = 0;
    for (int i = 0; i < WORDS; i++)
        want += (i * (K + 1)) % 7;
    bool ok = e == cudaSuccess;
    for (int b = 0; b < nb; b++)
        ok &= h[b] == want;
    cudaFuncAttributes a;
    ok &= cudaFuncGetAttributes(&a, big<K>) == cudaSuccess && a.sharedSizeBytes == WORDS * sizeof(int);
    return ok;
}

int main()
{
    const int nb = 4;
    int *d;
    cudaMalloc(&d, nb * sizeof(int));
    bool ok = run_big<0>(d, nb) && run_big<1>(d, nb) && run_big<2>(d, nb) && run_big<3>(d, nb) &&
              run_big<4>(d, nb) && run_big<5>(d, nb) && run_big<6>(d, nb) && run_big<7>(d, nb);
    check(ok, "eight-kernels-of-40KB-each");

    cudaFuncAttributes a1, a2;
    check(cudaFuncGetAttributes(&a1, static_and_dynamic<100>) == cudaSuccess && a1.sharedSizeBytes == 100 * sizeof(int) &&
              cudaFuncGetAttributes(&a2, static_and_dynamic<3000>) == cudaSuccess &&
              a2.sharedSizeBytes == 3000 * sizeof(int),
          "static-size-attributes");

    int *bad, hbad = -1;
    cudaMalloc(&bad, sizeof(int));
    cudaMemset(bad, 0, sizeof(int));
    const int n = 2000;
    static_and_dynamic<100><<<3, 128, n * sizeof(int)>>>(n, bad);
    static_and_dynamic<3000><<<3, 128, n * sizeof(int)>>>(n, bad);
    static_and_dynamic<100><<<2, 64, 10 * sizeof(int)>>>(10, bad);
    cudaError_t e = cudaMemcpy(&hbad, bad, sizeof(int), cudaMemcpyDeviceToHost);
    check(e == cudaSuccess && hbad == 0, "dynamic-after-each-kernels-static-part");
    return failures != 0;
}
