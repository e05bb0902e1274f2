// Warp intrinsics: __shfl_sync (index, wrap-around, width 8), __shfl_up_sync,
// __shfl_down_sync, __shfl_xor_sync (a butterfly sum), __ballot_sync, __any_sync,
// __all_sync, __activemask in a divergent branch, __reduce_add_sync/min/max/and/or/xor,
// __match_any_sync, __popc/__ffs on ballots, a partial-mask ballot, and ballot/reduce/all
// where the two half-warps pass different member masks to the same instruction (each half
// is its own group, as cooperative groups' tiled_partition<16> compiles).
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

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

#define FULL 0xffffffffu
#define NOUT 19

__global__ void warp_ops(const int *in, int *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[g];
    int *o = out + g * NOUT;
    o[0] = __shfl_sync(FULL, v, 31 - lane);
    o[1] = __shfl_sync(FULL, v, lane + 5);             // index taken modulo 32
    o[2] = __shfl_sync(FULL, v, 2, 8);                 // lane 2 of each group of 8
    o[3] = __shfl_up_sync(FULL, v, 3);                 // lanes 0..2 keep their own value
    o[4] = __shfl_down_sync(FULL, v, 4);               // lanes 28..31 keep their own value
    int s = v;
    for (int m = 16; m > 0; m /= 2)
        s += __shfl_xor_sync(FULL, s, m);
    o[5] = s;
    unsigned b = __ballot_sync(FULL, v > 0);
    o[6] = (int)b;
    o[7] = __any_sync(FULL, v == 13) * 2 + __all_sync(FULL, v > -100);
    o[8] = __reduce_add_sync(FULL, (unsigned)v);
    o[9] = __reduce_min_sync(FULL, v);
    o[10] = __reduce_max_sync(FULL, v);
    o[11] = (int)(__reduce_and_sync(FULL, (unsigned)v | 0x10u) ^
                  (__reduce_or_sync(FULL, (unsigned)v & 0xff) << 8) ^
                  (__reduce_xor_sync(FULL, (unsigned)v) << 16));
    o[12] = (int)__match_any_sync(FULL, v & 3);
    o[13] = __popc(b) * 100 + __ffs(b);
    unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    o[16] = (int)__ballot_sync(half, v > 0);
    o[17] = (int)__reduce_add_sync(half, (unsigned)v);
    o[18] = __all_sync(half, v > -80) * 2 + __any_sync(half, v > 85);
    if (lane % 3 == 0) {
        unsigned am = __activemask();
        o[14] = (int)am;
        o[15] = (int)__ballot_sync(0x49249249u, v & 1);  // the lanes 0, 3, 6, ... only
    } else {
        o[14] = -1;
        o[15] = -1;
    }
}

int main()
{
    const int n = 4 * 128;
    int *hin = (int *)malloc(n * sizeof(int)), *hout = (int *)malloc(n * NOUT * sizeof(int));
    for (int i = 0; i < n; i++)
        hin[i] = (int)((i * 40503u) % 181) - 90;
    hin[37] = 13;
    int *din, *dout;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dout, n * NOUT * sizeof(int)));
    CK(cudaMemcpy(din, hin, n * sizeof(int), cudaMemcpyHostToDevice));
    warp_ops<<<4, 128>>>(din, dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(hout, dout, n * NOUT * sizeof(int), cudaMemcpyDeviceToHost));

    const char *names[NOUT] = {"shfl_reverse", "shfl_wrap",  "shfl_width8", "shfl_up",
                               "shfl_down",    "shfl_xor_butterfly", "ballot", "any_all",
                               "reduce_add",   "reduce_min", "reduce_max", "reduce_and_or_xor",
                               "match_any",    "popc_ffs",   "activemask_divergent",
                               "ballot_partial_mask", "ballot_half_masks", "reduce_add_half_masks",
                               "all_any_half_masks"};
    int bad[NOUT];
    for (int k = 0; k < NOUT; k++)
        bad[k] = -1;
    for (int i = 0; i < n; i++) {
        int w = i / 32 * 32, lane = i % 32;
        const int *x = hin + w;
        int want[NOUT];
        want[0] = x[31 - lane];
        want[1] = x[(lane + 5) % 32];
        want[2] = x[lane / 8 * 8 + 2];
        want[3] = lane >= 3 ? x[lane - 3] : x[lane];
        want[4] = lane + 4 < 32 ? x[lane + 4] : x[lane];
        int sum = 0, mn = x[0], mx = x[0], any13 = 0, all = 1;
        unsigned b = 0, andv = ~0u, orv = 0, xorv = 0, match = 0;
        for (int k = 0; k < 32; k++) {
            sum += x[k];
            mn = x[k] < mn ? x[k] : mn;
            mx = x[k] > mx ? x[k] : mx;
            b |= (unsigned)(x[k] > 0) << k;
            any13 |= x[k] == 13;
            all &= x[k] > -100;
            andv &= (unsigned)x[k] | 0x10u;
            orv |= (unsigned)x[k] & 0xff;
            xorv ^= (unsigned)x[k];
            if ((x[k] & 3) == (x[lane] & 3))
                match |= 1u << k;
        }
        want[5] = sum;
        want[6] = (int)b;
        want[7] = any13 * 2 + all;
        want[8] = sum;
        want[9] = mn;
        want[10] = mx;
        want[11] = (int)(andv ^ (orv << 8) ^ (xorv << 16));
        want[12] = (int)match;
        int popc = 0, ffs = 0;
        for (int k = 31; k >= 0; k--)
            if (b >> k & 1) {
                popc++;
                ffs = k + 1;
            }
        want[13] = popc * 100 + ffs;
        int h0 = lane < 16 ? 0 : 16, hsum = 0, hall = 1, hany = 0;
        unsigned hb = 0;
        for (int k = h0; k < h0 + 16; k++) {
            hb |= (unsigned)(x[k] > 0) << k;
            hsum += x[k];
            hall &= x[k] > -80;
            hany |= x[k] > 85;
        }
        want[16] = (int)hb;
        want[17] = hsum;
        want[18] = hall * 2 + hany;
        if (lane % 3 == 0) {
            want[14] = 0x49249249;
            unsigned pb = 0;
            for (int k = 0; k < 32; k += 3)
                pb |= (unsigned)(x[k] & 1) << k;
            want[15] = (int)pb;
        } else {
            want[14] = want[15] = -1;
        }
        for (int k = 0; k < NOUT; k++)
            if (bad[k] < 0 && hout[i * NOUT + k] != want[k]) {
                bad[k] = i;
                printf("  %s: thread %d got %#x, expected %#x\n", names[k], i,
                       hout[i * NOUT + k], want[k]);
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
