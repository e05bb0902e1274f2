// Cooperative groups inside a block: thread_block (sync, thread_rank, group_index),
// tiled_partition<16> and <8> with ballot/any/all/shfl/shfl_down and cg::reduce (plus,
// greater, bit_and), tile meta_group_rank, a dynamic tiled_partition(block, 4), and
// coalesced_threads() in a divergent branch.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
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

#define NT 128
#define NOUT 12

// out[thread * NOUT + k] for k < NOUT.
__global__ void groups(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[g];
    int *o = out + g * NOUT;

    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    o[0] = (int)block.thread_rank() + 1000 * (int)block.group_index().x;
    o[1] = (int)t16.meta_group_rank() * 100 + (int)t16.thread_rank();
    o[2] = (int)t16.ballot(v > 0);                       // 16-bit mask within the tile
    o[3] = t16.any(v == 7) * 2 + t16.all(v != 0);
    o[4] = cg::reduce(t16, v, cg::plus<int>());
    o[5] = cg::reduce(t8, v, cg::greater<int>());
    o[6] = cg::reduce(t8, (unsigned)v | 1u, cg::bit_and<unsigned>());
    o[7] = t8.shfl(v, 7 - (int)t8.thread_rank());       // reversed within the tile of 8
    int s = v;
    for (int d = t8.size() / 2; d > 0; d /= 2)
        s += t8.shfl_down(s, d);
    o[8] = t8.thread_rank() == 0 ? s : -1;

    cg::thread_group t4 = cg::tiled_partition(block, 4);
    o[9] = (int)t4.thread_rank() + 10 * (int)t4.size();

    // Block-wide: the sum through shared memory after block.sync().
    __shared__ int part[NT / 16];
    if (t16.thread_rank() == 0)
        part[t16.meta_group_rank()] = o[4];
    block.sync();
    int bsum = 0;
    for (int k = 0; k < NT / 16; k++)
        bsum += part[k];
    o[10] = bsum;

    if (v % 3 == 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        o[11] = (int)active.size() * 100 + (int)active.thread_rank();
    } else {
        o[11] = -1;
    }
}

int main()
{
    const int blocks = 4, n = blocks * NT;
    int *hin = (int *)malloc(n * sizeof(int)), *hout = (int *)malloc(n * NOUT * sizeof(int));
    for (int i = 0; i < n; i++)
        hin[i] = (int)((i * 2654435761u) >> 20) % 21 - 10;  // -10..10, some zeros and sevens
    hin[5] = 7;
    int *din, *dout;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dout, n * NOUT * sizeof(int)));
    CK(cudaMemcpy(din, hin, n * sizeof(int), cudaMemcpyHostToDevice));
    groups<<<blocks, NT>>>(din, dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(hout, dout, n * NOUT * sizeof(int), cudaMemcpyDeviceToHost));

    const char *names[NOUT] = {"block_rank",   "tile16_ranks",  "tile16_ballot", "tile16_any_all",
                               "tile16_reduce_plus", "tile8_reduce_greater", "tile8_reduce_and",
                               "tile8_shfl", "tile8_shfl_down", "dynamic_tile4", "block_sync_sum",
                               "coalesced_threads"};
    int bad[NOUT];
    for (int k = 0; k < NOUT; k++)
        bad[k] = -1;
    for (int i = 0; i < n; i++) {
        int b = i / NT, t = i % NT;
        int b16 = b * NT + t / 16 * 16, b8 = b * NT + t / 8 * 8, w32 = b * NT + t / 32 * 32;
        int want[NOUT];
        want[0] = t + 1000 * b;
        want[1] = (t / 16) * 100 + t % 16;
        unsigned ballot = 0;
        int any7 = 0, allnz = 1, sum16 = 0;
        for (int k = 0; k < 16; k++) {
            int v = hin[b16 + k];
            ballot |= (unsigned)(v > 0) << k;
            any7 |= v == 7;
            allnz &= v != 0;
            sum16 += v;
        }
        want[2] = (int)ballot;
        want[3] = any7 * 2 + allnz;
        want[4] = sum16;
        int mx = hin[b8], sum8 = 0;
        unsigned andv = ~0u;
        for (int k = 0; k < 8; k++) {
            mx = hin[b8 + k] > mx ? hin[b8 + k] : mx;
            andv &= (unsigned)hin[b8 + k] | 1u;
            sum8 += hin[b8 + k];
        }
        want[5] = mx;
        want[6] = (int)andv;
        want[7] = hin[b8 + 7 - t % 8];
        want[8] = t % 8 == 0 ? sum8 : -1;
        want[9] = t % 4 + 40;
        int bsum = 0;
        for (int k = 0; k < NT; k++)
            bsum += hin[b * NT + k];
        want[10] = bsum;
        // coalesced_threads: the active lanes of the warp taking the branch.
        if (hin[i] % 3 == 0) {
            int cnt = 0, rank = 0;
            for (int k = 0; k < 32; k++)
                if (hin[w32 + k] % 3 == 0) {
                    if (w32 + k < i)
                        rank++;
                    cnt++;
                }
            want[11] = cnt * 100 + rank;
        } else {
            want[11] = -1;
        }
        for (int k = 0; k < NOUT; k++)
            if (bad[k] < 0 && hout[i * NOUT + k] != want[k]) {
                bad[k] = i;
                printf("  %s: thread %d got %d, expected %d\n", names[k], i, hout[i * NOUT + k],
                       want[k]);
            }
    }
    for (int k = 0; k < NOUT; k++)
        check(names[k], bad[k] < 0, "first wrong thread %d", bad[k]);

    CK(cudaFree(din));
    CK(cudaFree(dout));
    free(hin);
    free(hout);
    return failed;
}
