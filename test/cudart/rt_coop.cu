// rt_coop: cudaLaunchCooperativeKernel with cooperative groups'
// grid.sync(): each round reads what every other CTA wrote in the round
// before, so a missing grid barrier gives wrong sums.  The grid is sized
// from the occupancy calls, as CUDA's samples do; one CTA more than that
// is refused with cudaErrorCooperativeLaunchTooLarge.
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s coop/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

// a[i] <- a[i] + a[(i + shift) % n] for rounds rounds, double-buffered
__global__ void rounds(int *a, int *b, int n, int nrounds)
{
    cg::grid_group g = cg::this_grid();
    for (int r = 0; r < nrounds; r++) {
        int shift = 1 + r * 37;
        for (int i = g.thread_rank(); i < n; i += g.size())
            b[i] = a[i] + a[(i + shift) % n];
        g.sync();
        int *t = a;
        a = b;
        b = t;
    }
}

int main()
{
    int sms = 0, per_sm = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rounds, 64, 0);
    int blocks = sms * per_sm;
    check(blocks >= 1, "occupancy");
    const int n = 1000, nrounds = 6;
    std::vector<int> h(n), want(n), tmp(n);
    for (int i = 0; i < n; i++)
        h[i] = want[i] = i % 17 - 8;
    for (int r = 0; r < nrounds; r++) {
        int shift = 1 + r * 37;
        for (int i = 0; i < n; i++)
            tmp[i] = want[i] + want[(i + shift) % n];
        want.swap(tmp);
    }
    int *a, *b;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, n * sizeof(int));
    cudaMemcpy(a, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    int nn = n, nr = nrounds;
    void *args[] = {&a, &b, &nn, &nr};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)rounds, blocks, 64, args, 0, nullptr);
    cudaError_t s = cudaDeviceSynchronize();
    check(e == cudaSuccess && s == cudaSuccess, "launch");
    cudaMemcpy(h.data(), nrounds % 2 ? b : a, n * sizeof(int), cudaMemcpyDeviceToHost);
    check(h == want, "grid-sync-rounds");
    e = cudaLaunchCooperativeKernel((void *)rounds, blocks + 1, 64, args, 0, nullptr);
    check(e == cudaErrorCooperativeLaunchTooLarge, "too-large");
    cudaGetLastError();
    return failures != 0;
}
