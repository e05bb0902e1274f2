// nvcc-flags: -arch=sm_80
// Warp operations whose member mask is a proper subset of the warp, and
// differs per lane: cooperative_groups tiles of 16, 8 and 4 (ballot, any,
// all, cg::reduce, match, shfl), raw intrinsics with interleaved and
// uneven per-lane masks, __shfl_*_sync at every width, and votes on the
// lanes of a divergent branch or loop.  Every value read is defined by the
// CUDA programming guide and the PTX ISA.  Reference: warp_masks.c.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

enum { TILE_OUTS = 16, LANE_OUTS = 16, SHFL_OUTS = 6, DIV_OUTS = 4 };

template <unsigned T, typename P>
__device__ void tile_ops(cg::thread_block_tile<T, P> g, int v, unsigned *o, int n)
{
    int k = 0, pred = 0;
    o[k++ * n] = g.ballot(v & 1);
    o[k++ * n] = g.any(v > 90);
    o[k++ * n] = g.all(v > 8);
    o[k++ * n] = cg::reduce(g, v, cg::plus<int>());
    o[k++ * n] = cg::reduce(g, v - 50, cg::less<int>());
    o[k++ * n] = cg::reduce(g, v - 50, cg::greater<int>());
    o[k++ * n] = cg::reduce(g, ~((unsigned)v << 3), cg::bit_and<unsigned>());
    o[k++ * n] = cg::reduce(g, (unsigned)v << (g.thread_rank() % 5), cg::bit_or<unsigned>());
    o[k++ * n] = cg::reduce(g, (unsigned)v * 2654435761u, cg::bit_xor<unsigned>());
    o[k++ * n] = g.match_any(v % 4);
    o[k++ * n] = g.match_all(v / 50, pred);
    o[k++ * n] = pred;
    o[k++ * n] = g.shfl(v, (g.thread_rank() * 3 + 1) % T);
    o[k++ * n] = g.shfl_down(v, 1);
    o[k++ * n] = g.shfl_up(v, T / 2);
    o[k++ * n] = g.shfl_xor(v, T - 1);
}

extern "C" __global__ void tiles(const int *in, unsigned *out)
{
    cg::thread_block b = cg::this_thread_block();
    int t = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
    int v = in[t];
    tile_ops(cg::tiled_partition<16>(b), v, out + t, n);
    tile_ops(cg::tiled_partition<8>(b), v, out + t + TILE_OUTS * n, n);
    tile_ops(cg::tiled_partition<4>(b), v, out + t + 2 * TILE_OUTS * n, n);
}

// Raw intrinsics; each lane passes the mask of its own group: even and odd
// lanes (interleaved), and lanes 0..11 against 12..31 (uneven).
extern "C" __global__ void lanes(const int *in, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
    int lane = threadIdx.x & 31, v = in[t], k = 0, pred = 0;
    unsigned par = (lane & 1) ? 0xaaaaaaaau : 0x55555555u;
    unsigned blk = lane < 12 ? 0x00000fffu : 0xfffff000u;
    unsigned *o = out + t;
    o[k++ * n] = __ballot_sync(par, v & 1);
    o[k++ * n] = __any_sync(par, v > 90);
    o[k++ * n] = __all_sync(blk, v > 8);
    o[k++ * n] = __uni_sync(blk, lane < 12 ? 1 : v & 2);
    o[k++ * n] = __reduce_add_sync(par, v);
    o[k++ * n] = __reduce_min_sync(blk, v - 50);
    o[k++ * n] = __reduce_max_sync(par, (unsigned)v * 3u);
    o[k++ * n] = __reduce_and_sync(blk, ~((unsigned)v << 2));
    o[k++ * n] = __reduce_or_sync(par, (unsigned)v << (lane % 5));
    o[k++ * n] = __reduce_xor_sync(blk, (unsigned)v * 2654435761u);
    o[k++ * n] = __match_any_sync(par, v % 3);
    o[k++ * n] = __match_all_sync(blk, lane < 12 ? 7 : v, &pred);
    o[k++ * n] = pred;
    o[k++ * n] = __shfl_sync(par, v, (lane + 2) & 31);
    o[k++ * n] = __shfl_xor_sync(par, v, 6);
    o[k++ * n] = __shfl_sync(blk, v, lane < 12 ? 11 - lane : 43 - lane);
}

// __shfl_*_sync over the whole warp at width W: immediate and per-lane
// lanes and offsets, some past the width.
template <int W>
__device__ void shfl_width(int v, int lane, unsigned *o, int n)
{
    int k = 0;
    o[k++ * n] = __shfl_sync(0xffffffffu, v, (lane * 5 + 1) & 63, W);
    o[k++ * n] = __shfl_up_sync(0xffffffffu, v, 1, W);
    o[k++ * n] = __shfl_up_sync(0xffffffffu, v, lane % 3 + W / 4, W);
    o[k++ * n] = __shfl_down_sync(0xffffffffu, v, W / 2 + 1, W);
    o[k++ * n] = __shfl_down_sync(0xffffffffu, v, lane % 4, W);
    o[k++ * n] = __shfl_xor_sync(0xffffffffu, v, lane % 2 ? 9 : W - 1, W);
}

extern "C" __global__ void widths(const int *in, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
    int lane = threadIdx.x & 31, v = in[t];
    shfl_width<2>(v, lane, out + t, n);
    shfl_width<4>(v, lane, out + t + SHFL_OUTS * n, n);
    shfl_width<8>(v, lane, out + t + 2 * SHFL_OUTS * n, n);
    shfl_width<16>(v, lane, out + t + 3 * SHFL_OUTS * n, n);
    shfl_width<32>(v, lane, out + t + 4 * SHFL_OUTS * n, n);
}

// Only some lanes run: the votes see the lanes of their branch or of the
// loop's current trip (__activemask()).
extern "C" __global__ void diverge(const int *in, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
    int v = in[t];
    unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;
    if (v % 3 == 0) {
        unsigned am = __activemask();
        r0 = __ballot_sync(am, v & 1);
        r1 = __reduce_add_sync(am, v);
        r2 = __match_any_sync(am, v & 3);
    } else if (v % 3 == 1) {
        unsigned am = __activemask();
        r0 = __all_sync(am, v > 10);
        r1 = __shfl_sync(am, v, __ffs(am) - 1);
        r2 = __popc(am);
    }
    for (int i = 0; i < (v & 7); i++) {
        unsigned am = __activemask();
        r3 += __reduce_add_sync(am, i + 1) * (unsigned)__popc(__ballot_sync(am, (v + i) & 1));
        __syncwarp(am);
    }
    out[t] = r0;
    out[t + n] = r1;
    out[t + 2 * n] = r2;
    out[t + 3 * n] = r3;
}
