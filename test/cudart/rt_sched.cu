// rt_sched: how the pool hands out CTAs (runtime/pool.c), with more worker
// threads than the machine has CPUs (P2N_NUM_THREADS=6, set before the
// first CUDA call), so threads sleep and wake instead of spinning.
//  - every CTA of a grid runs exactly once: 1-D and 2-D grids of odd sizes,
//    launched again and again (threads steal from each other's shares);
//  - a grid of one CTA per multiprocessor runs all at once: each CTA waits
//    for all the others to arrive (a plain and a cooperative launch).
// Expected values from first principles: a count of 1 per CTA; every CTA
// sees the whole grid arrive.
#include <cstdio>
#include <cstdlib>
#include <vector>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s sched/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

__global__ void count_ctas(unsigned *count)
{
    if (threadIdx.x == 0) {
        unsigned id = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
        atomicAdd(&count[id], 1u);
    }
}

// Each CTA arrives, then waits (a bounded while) until the whole grid has:
// seen[b] is 1 when CTA b saw everyone, 0 when it gave up.
__global__ void all_at_once(unsigned *arrived, unsigned *seen)
{
    if (threadIdx.x != 0)
        return;
    atomicAdd(arrived, 1u);
    volatile unsigned *a = arrived;
    int tries = 0;
    while (*a < gridDim.x && tries < 5000) {
        __nanosleep(1000);
        tries++;
    }
    seen[blockIdx.x] = *a >= gridDim.x;
}

static bool once_each(dim3 grid, int launches)
{
    size_t n = (size_t)grid.x * grid.y * grid.z;
    unsigned *count;
    if (cudaMalloc(&count, n * sizeof(unsigned)) != cudaSuccess)
        return false;
    cudaMemset(count, 0, n * sizeof(unsigned));
    for (int i = 0; i < launches; i++)
        count_ctas<<<grid, 32>>>(count);
    bool ok = cudaDeviceSynchronize() == cudaSuccess;
    std::vector<unsigned> h(n);
    cudaMemcpy(h.data(), count, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (size_t i = 0; ok && i < n; i++)
        ok = h[i] == (unsigned)launches;
    cudaFree(count);
    return ok;
}

static bool together(int blocks, bool cooperative)
{
    unsigned *arrived, *seen;
    cudaMalloc(&arrived, sizeof(unsigned));
    cudaMalloc(&seen, blocks * sizeof(unsigned));
    bool ok = true;
    for (int round = 0; ok && round < 10; round++) {
        cudaMemset(arrived, 0, sizeof(unsigned));
        cudaMemset(seen, 0, blocks * sizeof(unsigned));
        void *args[] = {&arrived, &seen};
        cudaError_t e = cooperative
                            ? cudaLaunchCooperativeKernel((void *)all_at_once, blocks, 32, args, 0, nullptr)
                            : cudaLaunchKernel((void *)all_at_once, blocks, 32, args, 0, nullptr);
        ok = e == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess;
        std::vector<unsigned> h(blocks);
        cudaMemcpy(h.data(), seen, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost);
        for (int b = 0; ok && b < blocks; b++)
            ok = h[b] == 1;
    }
    cudaFree(arrived);
    cudaFree(seen);
    return ok;
}

int main()
{
    setvbuf(stdout, nullptr, _IOLBF, 0); /* each line out before a hang */
    setenv("P2N_NUM_THREADS", "6", 1);
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    check(sms == 6, "six_threads");
    check(once_each(dim3(2, 1, 1), 50), "once_each_2");
    check(once_each(dim3(7, 1, 1), 50), "once_each_7");
    check(once_each(dim3(100003, 1, 1), 3), "once_each_100003");
    check(once_each(dim3(333, 37, 3), 3), "once_each_3d");
    check(together(sms, false), "all_at_once");
    check(together(sms, true), "all_at_once_cooperative");
    check(together(2, false), "two_at_once");
    return failures != 0;
}
