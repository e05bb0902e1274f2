// cudaLaunchCooperativeKernel with grid.sync(): a grid-wide two-phase computation (every
// block reads what every other block wrote before the barrier), repeated over several
// rounds, with the grid sized from cudaOccupancyMaxActiveBlocksPerMultiprocessor.
#include <cooperative_groups.h>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

static int failed = 0;
static void check(const char *name, bool ok, const char *fmt, ...)
{
    if (ok) {
        printf("PASS %s\n", name);
        return;
    }
    failed = 1;
    printf("FAIL %s: ", name);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}
#define CK(call)                                                                         \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            printf("FAIL cuda_call: line %d: %s returned %s\n", __LINE__, #call,         \
                   cudaGetErrorName(e_));                                                \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

// Each round: every thread adds its right neighbour's value (in another block for the last
// thread of a block), through two buffers separated by grid syncs.
__global__ void rounds(int *a, int *b, int n, int nrounds, int *grid_info)
{
    cg::grid_group grid = cg::this_grid();
    unsigned i = grid.thread_rank();
    if (i == 0) {
        grid_info[0] = (int)grid.size();
        grid_info[1] = (int)grid.is_valid();
        grid_info[2] = (int)grid.num_blocks();
    }
    for (int r = 0; r < nrounds; r++) {
        if (i < (unsigned)n)
            b[i] = a[i] + a[(i + 1 + r) % n];
        grid.sync();
        if (i < (unsigned)n)
            a[i] = b[i] % 100003;
        grid.sync();
    }
}

int main()
{
    int dev = 0, coop = 0, sms = 0;
    CK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    check("cooperative_supported", coop == 1, "cudaDevAttrCooperativeLaunch = %d", coop);
    int per_sm = 0;
    const int threads = 128;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rounds, threads, 0));
    check("occupancy", per_sm >= 1, "%d blocks per SM", per_sm);
    int nblocks = sms * per_sm;
    if (nblocks > 16)
        nblocks = 16;  // small and fixed is enough (and fast on a CPU)
    const int n = nblocks * threads, nrounds = 5;

    int *h = (int *)malloc(n * sizeof(int)), *ref = (int *)malloc(n * sizeof(int));
    int *tmp = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = ref[i] = (i * 131) % 1000;
    for (int r = 0; r < nrounds; r++) {
        for (int i = 0; i < n; i++)
            tmp[i] = ref[i] + ref[(i + 1 + r) % n];
        for (int i = 0; i < n; i++)
            ref[i] = tmp[i] % 100003;
    }
    int *da, *db, *dinfo, info[3];
    CK(cudaMalloc(&da, n * sizeof(int)));
    CK(cudaMalloc(&db, n * sizeof(int)));
    CK(cudaMalloc(&dinfo, sizeof info));
    CK(cudaMemcpy(da, h, n * sizeof(int), cudaMemcpyHostToDevice));
    int nn = n, nr = nrounds;
    void *args[] = {&da, &db, &nn, &nr, &dinfo};
    CK(cudaLaunchCooperativeKernel((void *)rounds, dim3(nblocks), dim3(threads), args, 0, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h, da, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(info, dinfo, sizeof info, cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (h[i] != ref[i])
            bad = i;
    check("grid_sync_rounds", bad < 0, "a[%d] = %d, expected %d", bad, bad < 0 ? 0 : h[bad],
          bad < 0 ? 0 : ref[bad]);
    check("grid_group_info", info[0] == n && info[1] == 1 && info[2] == nblocks,
          "size %d valid %d blocks %d", info[0], info[1], info[2]);

    // On a stream, twice in a row.
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    for (int i = 0; i < n; i++)
        h[i] = i % 7;
    CK(cudaMemcpyAsync(da, h, n * sizeof(int), cudaMemcpyHostToDevice, s));
    nr = 1;
    CK(cudaLaunchCooperativeKernel((void *)rounds, dim3(nblocks), dim3(threads), args, 0, s));
    CK(cudaLaunchCooperativeKernel((void *)rounds, dim3(nblocks), dim3(threads), args, 0, s));
    CK(cudaMemcpyAsync(h, da, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i++)
        ref[i] = i % 7;
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < n; i++)
            tmp[i] = ref[i] + ref[(i + 1) % n];
        for (int i = 0; i < n; i++)
            ref[i] = tmp[i] % 100003;
    }
    bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (h[i] != ref[i])
            bad = i;
    check("cooperative_on_stream", bad < 0, "a[%d] = %d, expected %d", bad, bad < 0 ? 0 : h[bad],
          bad < 0 ? 0 : ref[bad]);

    // A grid larger than can be resident is refused.
    cudaError_t e = cudaLaunchCooperativeKernel((void *)rounds, dim3(sms * per_sm * 4 + 1),
                                                dim3(threads), args, 0, 0);
    check("cooperative_too_large", e == cudaErrorCooperativeLaunchTooLarge, "%s",
          cudaGetErrorName(e));
    cudaGetLastError();

    CK(cudaStreamDestroy(s));
    CK(cudaFree(da));
    CK(cudaFree(db));
    CK(cudaFree(dinfo));
    free(h);
    free(ref);
    free(tmp);
    return failed;
}
