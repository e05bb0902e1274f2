// A program run with P2N_PROFILE set (test/run.sh, t_cudart_profile): its
// module is translated to count its branches and the counts go to the
// file at exit.  One branch diverges in every warp: lanes with
// threadIdx.x % 4 == 0 take a loop the others skip.  The program checks
// its own results; run.sh checks the profile's counts.
#include <cstdio>

__global__ void quarter(const int *x, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = x[i];
    if (threadIdx.x % 4 == 0) {
#pragma unroll 1
        for (int j = 0; j < 3; j++)
            v = v * 3 + out[j];
    }
    out[i + 8] = v;
}

int main()
{
    const int ctas = 4, threads = 128, n = ctas * threads;
    int *x, *out;
    cudaMallocManaged(&x, n * sizeof(int));
    cudaMallocManaged(&out, (n + 8) * sizeof(int));
    for (int i = 0; i < n; i++)
        x[i] = i;
    for (int i = 0; i < 8; i++)
        out[i] = 0;
    quarter<<<ctas, threads>>>(x, out);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL launch: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int want = i % threads % 4 == 0 ? i * 27 : i;
        bad += out[i + 8] != want;
    }
    printf(bad ? "FAIL quarter: %d wrong\n" : "PASS quarter\n", bad);
    return bad != 0;
}
