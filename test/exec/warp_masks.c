/* warp_masks.c — reference for warp_masks.cu.  Each warp operation is
 * computed lane by lane from its definition: the CUDA programming guide
 * for the intrinsics and cooperative_groups (tile results are relative to
 * the tile: bit r is thread_rank r), the PTX ISA's shfl.sync pseudo-code
 * for the shuffles, with c = ((32 - width) << 8) | clamp as the guide's
 * intrinsics pass it (clamp 0 for up, 31 for the others). */
#include "common.h"

enum { NB = 2, BS = 64, N = NB * BS };
enum { TILE_OUTS = 16, LANE_OUTS = 16, SHFL_OUTS = 6, DIV_OUTS = 4 };
enum { UP, DOWN, BFLY, IDX };

static int in[N];

/* ------------------------------------------------ lane-set primitives */

static int has(unsigned m, int l) { return (m >> l) & 1; }

/* lanes of the warp of thread t */
static int val(int t, int l) { return in[t / 32 * 32 + l]; }

static unsigned ballot(unsigned m, const int *pred)
{
    unsigned r = 0;
    for (int l = 0; l < 32; l++)
        if (has(m, l) && pred[l]) r |= 1u << l;
    return r;
}

static unsigned match_any(unsigned m, const long long *x, int me)
{
    unsigned r = 0;
    for (int l = 0; l < 32; l++)
        if (has(m, l) && x[l] == x[me]) r |= 1u << l;
    return r;
}

/* match.all: the mask when every member holds the same value, else 0 */
static unsigned match_all(unsigned m, const long long *x, int me, int *pred)
{
    *pred = match_any(m, x, me) == m;
    return *pred ? m : 0;
}

enum { ADD, SMIN, SMAX, UMAX, AND, OR, XOR };
static unsigned reduce(int op, unsigned m, const unsigned *x)
{
    int first = 1;
    unsigned r = 0;
    for (int l = 0; l < 32; l++) {
        if (!has(m, l)) continue;
        unsigned y = x[l];
        if (first) { r = y; first = 0; continue; }
        switch (op) {
        case ADD: r += y; break;
        case SMIN: r = (int)y < (int)r ? y : r; break;
        case SMAX: r = (int)y > (int)r ? y : r; break;
        case UMAX: r = y > r ? y : r; break;
        case AND: r &= y; break;
        case OR: r |= y; break;
        case XOR: r ^= y; break;
        }
    }
    return r;
}

/* The PTX ISA's shfl.sync: the value lane `lane` receives from x[] */
static unsigned shfl(int mode, const unsigned *x, int lane, unsigned b, unsigned c, int *pval)
{
    int bval = b & 31, clamp = c & 31, seg = (c >> 8) & 31;
    int maxl = (lane & seg) | (clamp & ~seg), minl = lane & seg, j = 0, p = 0;
    switch (mode) {
    case UP: j = lane - bval; p = j >= maxl; break;
    case DOWN: j = lane + bval; p = j <= maxl; break;
    case BFLY: j = lane ^ bval; p = j <= maxl; break;
    case IDX: j = minl | (bval & ~seg); p = j <= maxl; break;
    }
    if (!p) j = lane;
    if (pval) *pval = p;
    return x[j];
}

/* the intrinsics' c for width w */
static unsigned cw(int mode, int w) { return ((32u - (unsigned)w) << 8) | (mode == UP ? 0 : 31); }

/* --------------------------------------------------------------- tiles */

static void ref_tiles(unsigned *e)
{
    static const int sizes[] = {16, 8, 4};
    for (int s = 0; s < 3; s++) {
        int T = sizes[s];
        unsigned *o = e + s * TILE_OUTS * N;
        for (int t = 0; t < N; t++) {
            int lane = t % 32, base = lane & ~(T - 1), rank = lane - base;
            unsigned m = (T == 32 ? ~0u : ((1u << T) - 1)) << base;
            int p1[32], p2[32], p3[32], pred;
            long long k4[32], k50[32];
            unsigned x[32], smin[32], andv[32], orv[32], xorv[32];
            for (int l = 0; l < 32; l++) {
                int v = val(t, l);
                p1[l] = v & 1, p2[l] = v > 90, p3[l] = v > 8;
                k4[l] = v % 4, k50[l] = v / 50;
                x[l] = (unsigned)v, smin[l] = (unsigned)(v - 50);
                andv[l] = ~((unsigned)v << 3), orv[l] = (unsigned)v << ((l & (T - 1)) % 5);
                xorv[l] = (unsigned)v * 2654435761u;
            }
            int k = 0;
            o[k++ * N + t] = ballot(m, p1) >> base;
            o[k++ * N + t] = ballot(m, p2) != 0;
            o[k++ * N + t] = ballot(m, p3) == m;
            o[k++ * N + t] = reduce(ADD, m, x);
            o[k++ * N + t] = reduce(SMIN, m, smin);
            o[k++ * N + t] = reduce(SMAX, m, smin);
            o[k++ * N + t] = reduce(AND, m, andv);
            o[k++ * N + t] = reduce(OR, m, orv);
            o[k++ * N + t] = reduce(XOR, m, xorv);
            o[k++ * N + t] = match_any(m, k4, lane) >> base;
            o[k++ * N + t] = match_all(m, k50, lane, &pred) >> base;
            o[k++ * N + t] = (unsigned)pred;
            o[k++ * N + t] = x[base + (rank * 3 + 1) % T];
            o[k++ * N + t] = rank + 1 < T ? x[lane + 1] : x[lane];
            o[k++ * N + t] = rank >= T / 2 ? x[lane - T / 2] : x[lane];
            o[k++ * N + t] = x[base + (rank ^ (T - 1))];
        }
    }
}

/* --------------------------------------------------------------- lanes */

static void ref_lanes(unsigned *e)
{
    for (int t = 0; t < N; t++) {
        int lane = t % 32, pred;
        unsigned par = (lane & 1) ? 0xaaaaaaaau : 0x55555555u;
        unsigned blk = lane < 12 ? 0x00000fffu : 0xfffff000u;
        int p1[32], p2[32], p3[32], p4[32];
        long long k3[32], k7[32];
        unsigned x[32], smin[32], umax[32], andv[32], orv[32], xorv[32];
        for (int l = 0; l < 32; l++) {
            int v = val(t, l);
            p1[l] = v & 1, p2[l] = v > 90, p3[l] = v > 8, p4[l] = (l < 12 ? 1 : v & 2) != 0;
            k3[l] = v % 3, k7[l] = l < 12 ? 7 : v;
            x[l] = (unsigned)v, smin[l] = (unsigned)(v - 50), umax[l] = (unsigned)v * 3u;
            andv[l] = ~((unsigned)v << 2), orv[l] = (unsigned)v << (l % 5);
            xorv[l] = (unsigned)v * 2654435761u;
        }
        unsigned b4 = ballot(blk, p4);
        int k = 0;
        unsigned *o = e;
        o[k++ * N + t] = ballot(par, p1);
        o[k++ * N + t] = ballot(par, p2) != 0;
        o[k++ * N + t] = ballot(blk, p3) == blk;
        o[k++ * N + t] = b4 == blk || b4 == 0;
        o[k++ * N + t] = reduce(ADD, par, x);
        o[k++ * N + t] = reduce(SMIN, blk, smin);
        o[k++ * N + t] = reduce(UMAX, par, umax);
        o[k++ * N + t] = reduce(AND, blk, andv);
        o[k++ * N + t] = reduce(OR, par, orv);
        o[k++ * N + t] = reduce(XOR, blk, xorv);
        o[k++ * N + t] = match_any(par, k3, lane);
        o[k++ * N + t] = match_all(blk, k7, lane, &pred);
        o[k++ * N + t] = (unsigned)pred;
        o[k++ * N + t] = shfl(IDX, x, lane, (unsigned)(lane + 2) & 31, cw(IDX, 32), NULL);
        o[k++ * N + t] = shfl(BFLY, x, lane, 6, cw(BFLY, 32), NULL);
        o[k++ * N + t] = shfl(IDX, x, lane, lane < 12 ? 11u - lane : 43u - lane, cw(IDX, 32), NULL);
    }
}

/* -------------------------------------------------------------- widths */

static void ref_widths(unsigned *e)
{
    static const int ws[] = {2, 4, 8, 16, 32};
    for (int s = 0; s < 5; s++) {
        int W = ws[s];
        unsigned *o = e + s * SHFL_OUTS * N;
        for (int t = 0; t < N; t++) {
            int lane = t % 32, k = 0;
            unsigned x[32];
            for (int l = 0; l < 32; l++) x[l] = (unsigned)val(t, l);
            o[k++ * N + t] = shfl(IDX, x, lane, (unsigned)(lane * 5 + 1) & 63, cw(IDX, W), NULL);
            o[k++ * N + t] = shfl(UP, x, lane, 1, cw(UP, W), NULL);
            o[k++ * N + t] = shfl(UP, x, lane, (unsigned)(lane % 3 + W / 4), cw(UP, W), NULL);
            o[k++ * N + t] = shfl(DOWN, x, lane, (unsigned)(W / 2 + 1), cw(DOWN, W), NULL);
            o[k++ * N + t] = shfl(DOWN, x, lane, (unsigned)(lane % 4), cw(DOWN, W), NULL);
            o[k++ * N + t] = shfl(BFLY, x, lane, lane % 2 ? 9u : (unsigned)W - 1, cw(BFLY, W), NULL);
        }
    }
}

/* ------------------------------------------------------------- diverge */

static void ref_diverge(unsigned *e)
{
    for (int w = 0; w < N / 32; w++) {
        const int *v = in + 32 * w;
        unsigned m0 = 0, m1 = 0;
        int p[32], p10[32];
        unsigned x[32];
        long long k3[32];
        for (int l = 0; l < 32; l++) {
            if (v[l] % 3 == 0) m0 |= 1u << l;
            if (v[l] % 3 == 1) m1 |= 1u << l;
            p[l] = v[l] & 1, p10[l] = v[l] > 10, x[l] = (unsigned)v[l], k3[l] = v[l] & 3;
        }
        for (int l = 0; l < 32; l++) {
            int t = 32 * w + l;
            unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;
            if (has(m0, l)) {
                r0 = ballot(m0, p), r1 = reduce(ADD, m0, x), r2 = match_any(m0, k3, l);
            } else if (has(m1, l)) {
                r0 = ballot(m1, p10) == m1;
                for (int j = 0; j < 32; j++) if (has(m1, j)) { r1 = x[j]; break; }
                r2 = (unsigned)__builtin_popcount(m1);
            }
            for (int i = 0; i < (v[l] & 7); i++) {
                unsigned am = 0, bal = 0;
                for (int j = 0; j < 32; j++)
                    if (i < (v[j] & 7)) {
                        am |= 1u << j;
                        if ((v[j] + i) & 1) bal |= 1u << j;
                    }
                r3 += (unsigned)(__builtin_popcount(am) * (i + 1)) * (unsigned)__builtin_popcount(bal);
            }
            e[t] = r0, e[t + N] = r1, e[t + 2 * N] = r2, e[t + 3 * N] = r3;
        }
    }
}

/* ---------------------------------------------------------------- main */

static void run(const char *cas, const char *kernel, int nout, void (*ref)(unsigned *))
{
    size_t n = (size_t)nout * N;
    unsigned *got = calloc(n, sizeof *got), *exp = calloc(n, sizeof *exp);
    const int *pi = in;
    unsigned *po = got;
    void *params[] = {&pi, &po};
    ref(exp);
    if (launch(cas, kernel, d3(NB, 1, 1), d3(BS, 1, 1), 0, params))
        CHECK_INT(cas, got, exp, n);
    free(got);
    free(exp);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "warp_masks");
    for (int i = 0; i < N; i++) in[i] = (int)(lcg() % 100);
    for (int i = 96; i < 112; i++) in[i] = 50 + in[i] % 50; /* a tile of 16 that matches all */
    for (int i = 12; i < 32; i++) in[i] |= 2;                /* a uniform vote in lanes 12..31 */
    run("tiles", "tiles", 3 * TILE_OUTS, ref_tiles);
    run("lanes", "lanes", LANE_OUTS, ref_lanes);
    run("widths", "widths", 5 * SHFL_OUTS, ref_widths);
    run("diverge", "diverge", DIV_OUTS, ref_diverge);
    return finish();
}
#if 0 // test-file warp_masks.cu
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
#endif // end of warp_masks.cu
#if 0 // test-file warp_masks.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_80
.address_size 64

	// .globl	tiles
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std3__443_GLOBAL__N__da36a38e_13_warp_masks_cu_tiles6ignoreE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std3__45__cpo5beginE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std3__45__cpo3endE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std3__45__cpo6cbeginE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std3__45__cpo4cendE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std3__419piecewise_constructE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std3__48in_placeE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std6ranges3__45__cpo4swapE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std6ranges3__45__cpo9iter_moveE[1];
.global .align 1 .b8 _ZN41_INTERNAL_da36a38e_13_warp_masks_cu_tiles4cuda3std6ranges3__45__cpo7advanceE[1];

.visible .entry tiles(
	.param .u64 tiles_param_0,
	.param .u64 tiles_param_1
)
{
	.reg .pred 	%p<64>;
	.reg .b16 	%rs<9>;
	.reg .b32 	%r<388>;
	.reg .b64 	%rd<57>;


	ld.param.u64 	%rd1, [tiles_param_0];
	ld.param.u64 	%rd2, [tiles_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r76, %ctaid.x;
	mov.u32 	%r77, %ntid.x;
	mov.u32 	%r78, %tid.x;
	mad.lo.s32 	%r79, %r76, %r77, %r78;
	mov.u32 	%r80, %nctaid.x;
	mul.lo.s32 	%r81, %r80, %r77;
	mul.wide.s32 	%rd5, %r79, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r82, [%rd6];
	add.s64 	%rd7, %rd3, %rd5;
	mov.u32 	%r83, 1;
	// begin inline asm
	mov.u32 %r1, %laneid;
	// end inline asm
	and.b32  	%r84, %r1, -16;
	mov.u32 	%r85, 65535;
	shl.b32 	%r86, %r85, %r84;
	and.b32  	%r87, %r82, 1;
	setp.eq.b32 	%p1, %r87, 1;
	mov.u32 	%r88, 3;
	vote.sync.ballot.b32 	%r89, %p1, %r86;
	// begin inline asm
	mov.u32 %r2, %laneid;
	// end inline asm
	and.b32  	%r90, %r2, -16;
	shr.u32 	%r91, %r89, %r90;
	st.global.u32 	[%rd7], %r91;
	setp.gt.s32 	%p3, %r82, 90;
	// begin inline asm
	mov.u32 %r3, %laneid;
	// end inline asm
	and.b32  	%r92, %r3, -16;
	shl.b32 	%r93, %r85, %r92;
	vote.sync.ballot.b32 	%r94, %p3, %r93;
	setp.ne.s32 	%p5, %r94, 0;
	selp.u32 	%r95, 1, 0, %p5;
	mul.wide.s32 	%rd8, %r81, 4;
	mov.u32 	%r96, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r95;
	setp.gt.s32 	%p6, %r82, 8;
	mov.u32 	%r97, 8;
	// begin inline asm
	mov.u32 %r4, %laneid;
	// end inline asm
	and.b32  	%r98, %r4, -16;
	shl.b32 	%r99, %r85, %r98;
	vote.sync.ballot.b32 	%r100, %p6, %r99;
	// begin inline asm
	mov.u32 %r5, %laneid;
	// end inline asm
	and.b32  	%r101, %r5, -16;
	shl.b32 	%r102, %r85, %r101;
	setp.eq.s32 	%p8, %r100, %r102;
	selp.u32 	%r103, 1, 0, %p8;
	add.s64 	%rd10, %rd9, %rd8;
	st.global.u32 	[%rd10], %r103;
	// begin inline asm
	mov.u32 %r6, %laneid;
	// end inline asm
	and.b32  	%r104, %r6, -16;
	shl.b32 	%r105, %r85, %r104;
	redux.sync.add.s32 %r106, %r82, %r105;
	add.s64 	%rd11, %rd10, %rd8;
	st.global.u32 	[%rd11], %r106;
	add.s32 	%r107, %r82, -50;
	// begin inline asm
	mov.u32 %r7, %laneid;
	// end inline asm
	and.b32  	%r108, %r7, -16;
	shl.b32 	%r109, %r85, %r108;
	redux.sync.min.s32 %r110, %r107, %r109;
	add.s64 	%rd12, %rd11, %rd8;
	st.global.u32 	[%rd12], %r110;
	// begin inline asm
	mov.u32 %r8, %laneid;
	// end inline asm
	and.b32  	%r111, %r8, -16;
	shl.b32 	%r112, %r85, %r111;
	redux.sync.max.s32 %r113, %r107, %r112;
	add.s64 	%rd13, %rd12, %rd8;
	st.global.u32 	[%rd13], %r113;
	shl.b32 	%r114, %r82, 3;
	not.b32 	%r115, %r114;
	// begin inline asm
	mov.u32 %r9, %laneid;
	// end inline asm
	and.b32  	%r116, %r9, -16;
	shl.b32 	%r117, %r85, %r116;
	redux.sync.and.b32 %r118, %r115, %r117;
	add.s64 	%rd14, %rd13, %rd8;
	st.global.u32 	[%rd14], %r118;
	mov.u32 	%r119, %tid.y;
	mov.u32 	%r120, %tid.z;
	mov.u32 	%r121, %ntid.y;
	mad.lo.s32 	%r122, %r121, %r120, %r119;
	mad.lo.s32 	%r123, %r122, %r77, %r78;
	and.b32  	%r124, %r123, 15;
	mov.u32 	%r125, 15;
	cvt.u16.u32 	%rs1, %r124;
	mul.wide.u16 	%r126, %rs1, -13107;
	shr.u32 	%r127, %r126, 18;
	cvt.u16.u32 	%rs2, %r127;
	mul.lo.s16 	%rs3, %rs2, 5;
	sub.s16 	%rs4, %rs1, %rs3;
	cvt.u32.u16 	%r128, %rs4;
	shl.b32 	%r129, %r82, %r128;
	// begin inline asm
	mov.u32 %r10, %laneid;
	// end inline asm
	and.b32  	%r130, %r10, -16;
	shl.b32 	%r131, %r85, %r130;
	redux.sync.or.b32 %r132, %r129, %r131;
	add.s64 	%rd15, %rd14, %rd8;
	st.global.u32 	[%rd15], %r132;
	mul.lo.s32 	%r133, %r82, -1640531535;
	// begin inline asm
	mov.u32 %r11, %laneid;
	// end inline asm
	and.b32  	%r134, %r11, -16;
	shl.b32 	%r135, %r85, %r134;
	redux.sync.xor.b32 %r136, %r133, %r135;
	add.s64 	%rd16, %rd15, %rd8;
	st.global.u32 	[%rd16], %r136;
	shr.s32 	%r137, %r82, 31;
	shr.u32 	%r138, %r137, 30;
	add.s32 	%r139, %r82, %r138;
	and.b32  	%r140, %r139, -4;
	sub.s32 	%r141, %r82, %r140;
	mov.u32 	%r142, 4;
	// begin inline asm
	mov.u32 %r12, %laneid;
	// end inline asm
	and.b32  	%r143, %r12, -16;
	shl.b32 	%r144, %r85, %r143;
	match.any.sync.b32 	%r145, %r141, %r144;
	// begin inline asm
	mov.u32 %r13, %laneid;
	// end inline asm
	and.b32  	%r146, %r13, -16;
	shr.u32 	%r147, %r145, %r146;
	add.s64 	%rd17, %rd16, %rd8;
	st.global.u32 	[%rd17], %r147;
	mul.hi.s32 	%r148, %r82, 1374389535;
	shr.u32 	%r149, %r148, 31;
	shr.s32 	%r150, %r148, 4;
	add.s32 	%r151, %r150, %r149;
	// begin inline asm
	mov.u32 %r14, %laneid;
	// end inline asm
	and.b32  	%r152, %r14, -16;
	shl.b32 	%r153, %r85, %r152;
	match.all.sync.b32 	%r154|%p9, %r151, %r153;
	selp.u32 	%r155, 1, 0, %p9;
	// begin inline asm
	mov.u32 %r15, %laneid;
	// end inline asm
	and.b32  	%r156, %r15, -16;
	shr.u32 	%r157, %r154, %r156;
	add.s64 	%rd18, %rd17, %rd8;
	st.global.u32 	[%rd18], %r157;
	add.s64 	%rd19, %rd18, %rd8;
	st.global.u32 	[%rd19], %r155;
	mad.lo.s32 	%r158, %r124, 3, 1;
	and.b32  	%r159, %r158, 15;
	// begin inline asm
	mov.u32 %r16, %laneid;
	// end inline asm
	and.b32  	%r160, %r16, -16;
	shl.b32 	%r161, %r85, %r160;
	mov.u32 	%r162, 4127;
	shfl.sync.idx.b32 	%r163|%p10, %r82, %r159, %r162, %r161;
	add.s64 	%rd20, %rd19, %rd8;
	st.global.u32 	[%rd20], %r163;
	// begin inline asm
	mov.u32 %r17, %laneid;
	// end inline asm
	and.b32  	%r164, %r17, -16;
	shl.b32 	%r165, %r85, %r164;
	shfl.sync.down.b32 	%r166|%p11, %r82, %r83, %r162, %r165;
	add.s64 	%rd21, %rd20, %rd8;
	st.global.u32 	[%rd21], %r166;
	// begin inline asm
	mov.u32 %r18, %laneid;
	// end inline asm
	and.b32  	%r167, %r18, -16;
	shl.b32 	%r168, %r85, %r167;
	mov.u32 	%r169, 4096;
	shfl.sync.up.b32 	%r170|%p12, %r82, %r97, %r169, %r168;
	add.s64 	%rd22, %rd21, %rd8;
	st.global.u32 	[%rd22], %r170;
	// begin inline asm
	mov.u32 %r19, %laneid;
	// end inline asm
	and.b32  	%r171, %r19, -16;
	shl.b32 	%r172, %r85, %r171;
	shfl.sync.bfly.b32 	%r173|%p13, %r82, %r125, %r162, %r172;
	add.s64 	%rd23, %rd22, %rd8;
	st.global.u32 	[%rd23], %r173;
	// begin inline asm
	mov.u32 %r20, %laneid;
	// end inline asm
	and.b32  	%r174, %r20, -8;
	mov.u32 	%r175, 255;
	shl.b32 	%r176, %r175, %r174;
	vote.sync.ballot.b32 	%r177, %p1, %r176;
	// begin inline asm
	mov.u32 %r21, %laneid;
	// end inline asm
	and.b32  	%r178, %r21, -8;
	shr.u32 	%r179, %r177, %r178;
	add.s64 	%rd24, %rd23, %rd8;
	st.global.u32 	[%rd24], %r179;
	// begin inline asm
	mov.u32 %r22, %laneid;
	// end inline asm
	and.b32  	%r180, %r22, -8;
	shl.b32 	%r181, %r175, %r180;
	vote.sync.ballot.b32 	%r182, %p3, %r181;
	setp.ne.s32 	%p16, %r182, 0;
	selp.u32 	%r183, 1, 0, %p16;
	add.s64 	%rd25, %rd24, %rd8;
	st.global.u32 	[%rd25], %r183;
	// begin inline asm
	mov.u32 %r23, %laneid;
	// end inline asm
	and.b32  	%r184, %r23, -8;
	shl.b32 	%r185, %r175, %r184;
	vote.sync.ballot.b32 	%r186, %p6, %r185;
	// begin inline asm
	mov.u32 %r24, %laneid;
	// end inline asm
	and.b32  	%r187, %r24, -8;
	shl.b32 	%r188, %r175, %r187;
	setp.eq.s32 	%p18, %r186, %r188;
	selp.u32 	%r189, 1, 0, %p18;
	add.s64 	%rd26, %rd25, %rd8;
	st.global.u32 	[%rd26], %r189;
	// begin inline asm
	mov.u32 %r25, %laneid;
	// end inline asm
	and.b32  	%r190, %r25, -8;
	shl.b32 	%r191, %r175, %r190;
	mov.u32 	%r192, 6175;
	shfl.sync.bfly.b32 	%r193|%p19, %r82, %r142, %r192, %r191;
	add.s32 	%r194, %r193, %r82;
	// begin inline asm
	mov.u32 %r26, %laneid;
	// end inline asm
	and.b32  	%r195, %r26, -8;
	shl.b32 	%r196, %r175, %r195;
	shfl.sync.bfly.b32 	%r197|%p20, %r194, %r96, %r192, %r196;
	add.s32 	%r198, %r197, %r194;
	// begin inline asm
	mov.u32 %r27, %laneid;
	// end inline asm
	and.b32  	%r199, %r27, -8;
	shl.b32 	%r200, %r175, %r199;
	shfl.sync.bfly.b32 	%r201|%p21, %r198, %r83, %r192, %r200;
	add.s32 	%r202, %r201, %r198;
	add.s64 	%rd27, %rd26, %rd8;
	st.global.u32 	[%rd27], %r202;
	// begin inline asm
	mov.u32 %r28, %laneid;
	// end inline asm
	and.b32  	%r203, %r28, -8;
	shl.b32 	%r204, %r175, %r203;
	shfl.sync.bfly.b32 	%r205|%p22, %r107, %r142, %r192, %r204;
	min.s32 	%r206, %r205, %r107;
	// begin inline asm
	mov.u32 %r29, %laneid;
	// end inline asm
	and.b32  	%r207, %r29, -8;
	shl.b32 	%r208, %r175, %r207;
	shfl.sync.bfly.b32 	%r209|%p23, %r206, %r96, %r192, %r208;
	min.s32 	%r210, %r209, %r206;
	// begin inline asm
	mov.u32 %r30, %laneid;
	// end inline asm
	and.b32  	%r211, %r30, -8;
	shl.b32 	%r212, %r175, %r211;
	shfl.sync.bfly.b32 	%r213|%p24, %r210, %r83, %r192, %r212;
	min.s32 	%r214, %r213, %r210;
	add.s64 	%rd28, %rd27, %rd8;
	st.global.u32 	[%rd28], %r214;
	// begin inline asm
	mov.u32 %r31, %laneid;
	// end inline asm
	and.b32  	%r215, %r31, -8;
	shl.b32 	%r216, %r175, %r215;
	shfl.sync.bfly.b32 	%r217|%p25, %r107, %r142, %r192, %r216;
	max.s32 	%r218, %r107, %r217;
	// begin inline asm
	mov.u32 %r32, %laneid;
	// end inline asm
	and.b32  	%r219, %r32, -8;
	shl.b32 	%r220, %r175, %r219;
	shfl.sync.bfly.b32 	%r221|%p26, %r218, %r96, %r192, %r220;
	max.s32 	%r222, %r218, %r221;
	// begin inline asm
	mov.u32 %r33, %laneid;
	// end inline asm
	and.b32  	%r223, %r33, -8;
	shl.b32 	%r224, %r175, %r223;
	shfl.sync.bfly.b32 	%r225|%p27, %r222, %r83, %r192, %r224;
	max.s32 	%r226, %r222, %r225;
	add.s64 	%rd29, %rd28, %rd8;
	st.global.u32 	[%rd29], %r226;
	// begin inline asm
	mov.u32 %r34, %laneid;
	// end inline asm
	and.b32  	%r227, %r34, -8;
	shl.b32 	%r228, %r175, %r227;
	shfl.sync.bfly.b32 	%r229|%p28, %r115, %r142, %r192, %r228;
	and.b32  	%r230, %r229, %r115;
	// begin inline asm
	mov.u32 %r35, %laneid;
	// end inline asm
	and.b32  	%r231, %r35, -8;
	shl.b32 	%r232, %r175, %r231;
	shfl.sync.bfly.b32 	%r233|%p29, %r230, %r96, %r192, %r232;
	and.b32  	%r234, %r233, %r230;
	// begin inline asm
	mov.u32 %r36, %laneid;
	// end inline asm
	and.b32  	%r235, %r36, -8;
	shl.b32 	%r236, %r175, %r235;
	shfl.sync.bfly.b32 	%r237|%p30, %r234, %r83, %r192, %r236;
	and.b32  	%r238, %r237, %r234;
	add.s64 	%rd30, %rd29, %rd8;
	st.global.u32 	[%rd30], %r238;
	and.b32  	%r239, %r123, 7;
	mov.u32 	%r240, 7;
	cvt.u16.u32 	%rs5, %r239;
	mul.wide.u16 	%r241, %rs5, -13107;
	shr.u32 	%r242, %r241, 18;
	cvt.u16.u32 	%rs6, %r242;
	mul.lo.s16 	%rs7, %rs6, 5;
	sub.s16 	%rs8, %rs5, %rs7;
	cvt.u32.u16 	%r243, %rs8;
	shl.b32 	%r244, %r82, %r243;
	// begin inline asm
	mov.u32 %r37, %laneid;
	// end inline asm
	and.b32  	%r245, %r37, -8;
	shl.b32 	%r246, %r175, %r245;
	shfl.sync.bfly.b32 	%r247|%p31, %r244, %r142, %r192, %r246;
	or.b32  	%r248, %r247, %r244;
	// begin inline asm
	mov.u32 %r38, %laneid;
	// end inline asm
	and.b32  	%r249, %r38, -8;
	shl.b32 	%r250, %r175, %r249;
	shfl.sync.bfly.b32 	%r251|%p32, %r248, %r96, %r192, %r250;
	or.b32  	%r252, %r251, %r248;
	// begin inline asm
	mov.u32 %r39, %laneid;
	// end inline asm
	and.b32  	%r253, %r39, -8;
	shl.b32 	%r254, %r175, %r253;
	shfl.sync.bfly.b32 	%r255|%p33, %r252, %r83, %r192, %r254;
	or.b32  	%r256, %r255, %r252;
	add.s64 	%rd31, %rd30, %rd8;
	st.global.u32 	[%rd31], %r256;
	// begin inline asm
	mov.u32 %r40, %laneid;
	// end inline asm
	and.b32  	%r257, %r40, -8;
	shl.b32 	%r258, %r175, %r257;
	shfl.sync.bfly.b32 	%r259|%p34, %r133, %r142, %r192, %r258;
	xor.b32  	%r260, %r259, %r133;
	// begin inline asm
	mov.u32 %r41, %laneid;
	// end inline asm
	and.b32  	%r261, %r41, -8;
	shl.b32 	%r262, %r175, %r261;
	shfl.sync.bfly.b32 	%r263|%p35, %r260, %r96, %r192, %r262;
	xor.b32  	%r264, %r263, %r260;
	// begin inline asm
	mov.u32 %r42, %laneid;
	// end inline asm
	and.b32  	%r265, %r42, -8;
	shl.b32 	%r266, %r175, %r265;
	shfl.sync.bfly.b32 	%r267|%p36, %r264, %r83, %r192, %r266;
	xor.b32  	%r268, %r267, %r264;
	add.s64 	%rd32, %rd31, %rd8;
	st.global.u32 	[%rd32], %r268;
	// begin inline asm
	mov.u32 %r43, %laneid;
	// end inline asm
	and.b32  	%r269, %r43, -8;
	shl.b32 	%r270, %r175, %r269;
	match.any.sync.b32 	%r271, %r141, %r270;
	// begin inline asm
	mov.u32 %r44, %laneid;
	// end inline asm
	and.b32  	%r272, %r44, -8;
	shr.u32 	%r273, %r271, %r272;
	add.s64 	%rd33, %rd32, %rd8;
	st.global.u32 	[%rd33], %r273;
	// begin inline asm
	mov.u32 %r45, %laneid;
	// end inline asm
	and.b32  	%r274, %r45, -8;
	shl.b32 	%r275, %r175, %r274;
	match.all.sync.b32 	%r276|%p37, %r151, %r275;
	selp.u32 	%r277, 1, 0, %p37;
	// begin inline asm
	mov.u32 %r46, %laneid;
	// end inline asm
	and.b32  	%r278, %r46, -8;
	shr.u32 	%r279, %r276, %r278;
	add.s64 	%rd34, %rd33, %rd8;
	st.global.u32 	[%rd34], %r279;
	add.s64 	%rd35, %rd34, %rd8;
	st.global.u32 	[%rd35], %r277;
	mad.lo.s32 	%r280, %r239, 3, 1;
	and.b32  	%r281, %r280, 7;
	// begin inline asm
	mov.u32 %r47, %laneid;
	// end inline asm
	and.b32  	%r282, %r47, -8;
	shl.b32 	%r283, %r175, %r282;
	shfl.sync.idx.b32 	%r284|%p38, %r82, %r281, %r192, %r283;
	add.s64 	%rd36, %rd35, %rd8;
	st.global.u32 	[%rd36], %r284;
	// begin inline asm
	mov.u32 %r48, %laneid;
	// end inline asm
	and.b32  	%r285, %r48, -8;
	shl.b32 	%r286, %r175, %r285;
	shfl.sync.down.b32 	%r287|%p39, %r82, %r83, %r192, %r286;
	add.s64 	%rd37, %rd36, %rd8;
	st.global.u32 	[%rd37], %r287;
	// begin inline asm
	mov.u32 %r49, %laneid;
	// end inline asm
	and.b32  	%r288, %r49, -8;
	shl.b32 	%r289, %r175, %r288;
	mov.u32 	%r290, 6144;
	shfl.sync.up.b32 	%r291|%p40, %r82, %r142, %r290, %r289;
	add.s64 	%rd38, %rd37, %rd8;
	st.global.u32 	[%rd38], %r291;
	// begin inline asm
	mov.u32 %r50, %laneid;
	// end inline asm
	and.b32  	%r292, %r50, -8;
	shl.b32 	%r293, %r175, %r292;
	shfl.sync.bfly.b32 	%r294|%p41, %r82, %r240, %r192, %r293;
	add.s64 	%rd39, %rd38, %rd8;
	st.global.u32 	[%rd39], %r294;
	shl.b32 	%r295, %r81, 5;
	mul.wide.s32 	%rd40, %r295, 4;
	add.s64 	%rd41, %rd7, %rd40;
	// begin inline asm
	mov.u32 %r51, %laneid;
	// end inline asm
	and.b32  	%r296, %r51, -4;
	shl.b32 	%r297, %r125, %r296;
	vote.sync.ballot.b32 	%r298, %p1, %r297;
	// begin inline asm
	mov.u32 %r52, %laneid;
	// end inline asm
	and.b32  	%r299, %r52, -4;
	shr.u32 	%r300, %r298, %r299;
	st.global.u32 	[%rd41], %r300;
	// begin inline asm
	mov.u32 %r53, %laneid;
	// end inline asm
	and.b32  	%r301, %r53, -4;
	shl.b32 	%r302, %r125, %r301;
	vote.sync.ballot.b32 	%r303, %p3, %r302;
	setp.ne.s32 	%p44, %r303, 0;
	selp.u32 	%r304, 1, 0, %p44;
	add.s64 	%rd42, %rd41, %rd8;
	st.global.u32 	[%rd42], %r304;
	// begin inline asm
	mov.u32 %r54, %laneid;
	// end inline asm
	and.b32  	%r305, %r54, -4;
	shl.b32 	%r306, %r125, %r305;
	vote.sync.ballot.b32 	%r307, %p6, %r306;
	// begin inline asm
	mov.u32 %r55, %laneid;
	// end inline asm
	and.b32  	%r308, %r55, -4;
	shl.b32 	%r309, %r125, %r308;
	setp.eq.s32 	%p46, %r307, %r309;
	selp.u32 	%r310, 1, 0, %p46;
	add.s64 	%rd43, %rd42, %rd8;
	st.global.u32 	[%rd43], %r310;
	// begin inline asm
	mov.u32 %r56, %laneid;
	// end inline asm
	and.b32  	%r311, %r56, -4;
	shl.b32 	%r312, %r125, %r311;
	mov.u32 	%r313, 7199;
	shfl.sync.bfly.b32 	%r314|%p47, %r82, %r96, %r313, %r312;
	add.s32 	%r315, %r314, %r82;
	// begin inline asm
	mov.u32 %r57, %laneid;
	// end inline asm
	and.b32  	%r316, %r57, -4;
	shl.b32 	%r317, %r125, %r316;
	shfl.sync.bfly.b32 	%r318|%p48, %r315, %r83, %r313, %r317;
	add.s32 	%r319, %r318, %r315;
	add.s64 	%rd44, %rd43, %rd8;
	st.global.u32 	[%rd44], %r319;
	// begin inline asm
	mov.u32 %r58, %laneid;
	// end inline asm
	and.b32  	%r320, %r58, -4;
	shl.b32 	%r321, %r125, %r320;
	shfl.sync.bfly.b32 	%r322|%p49, %r107, %r96, %r313, %r321;
	min.s32 	%r323, %r322, %r107;
	// begin inline asm
	mov.u32 %r59, %laneid;
	// end inline asm
	and.b32  	%r324, %r59, -4;
	shl.b32 	%r325, %r125, %r324;
	shfl.sync.bfly.b32 	%r326|%p50, %r323, %r83, %r313, %r325;
	min.s32 	%r327, %r326, %r323;
	add.s64 	%rd45, %rd44, %rd8;
	st.global.u32 	[%rd45], %r327;
	// begin inline asm
	mov.u32 %r60, %laneid;
	// end inline asm
	and.b32  	%r328, %r60, -4;
	shl.b32 	%r329, %r125, %r328;
	shfl.sync.bfly.b32 	%r330|%p51, %r107, %r96, %r313, %r329;
	max.s32 	%r331, %r107, %r330;
	// begin inline asm
	mov.u32 %r61, %laneid;
	// end inline asm
	and.b32  	%r332, %r61, -4;
	shl.b32 	%r333, %r125, %r332;
	shfl.sync.bfly.b32 	%r334|%p52, %r331, %r83, %r313, %r333;
	max.s32 	%r335, %r331, %r334;
	add.s64 	%rd46, %rd45, %rd8;
	st.global.u32 	[%rd46], %r335;
	// begin inline asm
	mov.u32 %r62, %laneid;
	// end inline asm
	and.b32  	%r336, %r62, -4;
	shl.b32 	%r337, %r125, %r336;
	shfl.sync.bfly.b32 	%r338|%p53, %r115, %r96, %r313, %r337;
	and.b32  	%r339, %r338, %r115;
	// begin inline asm
	mov.u32 %r63, %laneid;
	// end inline asm
	and.b32  	%r340, %r63, -4;
	shl.b32 	%r341, %r125, %r340;
	shfl.sync.bfly.b32 	%r342|%p54, %r339, %r83, %r313, %r341;
	and.b32  	%r343, %r342, %r339;
	add.s64 	%rd47, %rd46, %rd8;
	st.global.u32 	[%rd47], %r343;
	and.b32  	%r344, %r123, 3;
	shl.b32 	%r345, %r82, %r344;
	// begin inline asm
	mov.u32 %r64, %laneid;
	// end inline asm
	and.b32  	%r346, %r64, -4;
	shl.b32 	%r347, %r125, %r346;
	shfl.sync.bfly.b32 	%r348|%p55, %r345, %r96, %r313, %r347;
	or.b32  	%r349, %r348, %r345;
	// begin inline asm
	mov.u32 %r65, %laneid;
	// end inline asm
	and.b32  	%r350, %r65, -4;
	shl.b32 	%r351, %r125, %r350;
	shfl.sync.bfly.b32 	%r352|%p56, %r349, %r83, %r313, %r351;
	or.b32  	%r353, %r352, %r349;
	add.s64 	%rd48, %rd47, %rd8;
	st.global.u32 	[%rd48], %r353;
	// begin inline asm
	mov.u32 %r66, %laneid;
	// end inline asm
	and.b32  	%r354, %r66, -4;
	shl.b32 	%r355, %r125, %r354;
	shfl.sync.bfly.b32 	%r356|%p57, %r133, %r96, %r313, %r355;
	xor.b32  	%r357, %r356, %r133;
	// begin inline asm
	mov.u32 %r67, %laneid;
	// end inline asm
	and.b32  	%r358, %r67, -4;
	shl.b32 	%r359, %r125, %r358;
	shfl.sync.bfly.b32 	%r360|%p58, %r357, %r83, %r313, %r359;
	xor.b32  	%r361, %r360, %r357;
	add.s64 	%rd49, %rd48, %rd8;
	st.global.u32 	[%rd49], %r361;
	// begin inline asm
	mov.u32 %r68, %laneid;
	// end inline asm
	and.b32  	%r362, %r68, -4;
	shl.b32 	%r363, %r125, %r362;
	match.any.sync.b32 	%r364, %r141, %r363;
	// begin inline asm
	mov.u32 %r69, %laneid;
	// end inline asm
	and.b32  	%r365, %r69, -4;
	shr.u32 	%r366, %r364, %r365;
	add.s64 	%rd50, %rd49, %rd8;
	st.global.u32 	[%rd50], %r366;
	// begin inline asm
	mov.u32 %r70, %laneid;
	// end inline asm
	and.b32  	%r367, %r70, -4;
	shl.b32 	%r368, %r125, %r367;
	match.all.sync.b32 	%r369|%p59, %r151, %r368;
	selp.u32 	%r370, 1, 0, %p59;
	// begin inline asm
	mov.u32 %r71, %laneid;
	// end inline asm
	and.b32  	%r371, %r71, -4;
	shr.u32 	%r372, %r369, %r371;
	add.s64 	%rd51, %rd50, %rd8;
	st.global.u32 	[%rd51], %r372;
	add.s64 	%rd52, %rd51, %rd8;
	st.global.u32 	[%rd52], %r370;
	sub.s32 	%r373, %r83, %r344;
	and.b32  	%r374, %r373, 3;
	// begin inline asm
	mov.u32 %r72, %laneid;
	// end inline asm
	and.b32  	%r375, %r72, -4;
	shl.b32 	%r376, %r125, %r375;
	shfl.sync.idx.b32 	%r377|%p60, %r82, %r374, %r313, %r376;
	add.s64 	%rd53, %rd52, %rd8;
	st.global.u32 	[%rd53], %r377;
	// begin inline asm
	mov.u32 %r73, %laneid;
	// end inline asm
	and.b32  	%r378, %r73, -4;
	shl.b32 	%r379, %r125, %r378;
	shfl.sync.down.b32 	%r380|%p61, %r82, %r83, %r313, %r379;
	add.s64 	%rd54, %rd53, %rd8;
	st.global.u32 	[%rd54], %r380;
	// begin inline asm
	mov.u32 %r74, %laneid;
	// end inline asm
	and.b32  	%r381, %r74, -4;
	shl.b32 	%r382, %r125, %r381;
	mov.u32 	%r383, 7168;
	shfl.sync.up.b32 	%r384|%p62, %r82, %r96, %r383, %r382;
	add.s64 	%rd55, %rd54, %rd8;
	st.global.u32 	[%rd55], %r384;
	// begin inline asm
	mov.u32 %r75, %laneid;
	// end inline asm
	and.b32  	%r385, %r75, -4;
	shl.b32 	%r386, %r125, %r385;
	shfl.sync.bfly.b32 	%r387|%p63, %r82, %r88, %r313, %r386;
	add.s64 	%rd56, %rd55, %rd8;
	st.global.u32 	[%rd56], %r387;
	ret;

}
	// .globl	lanes
.visible .entry lanes(
	.param .u64 lanes_param_0,
	.param .u64 lanes_param_1
)
{
	.reg .pred 	%p<16>;
	.reg .b16 	%rs<5>;
	.reg .b32 	%r<55>;
	.reg .b64 	%rd<24>;


	ld.param.u64 	%rd1, [lanes_param_0];
	ld.param.u64 	%rd2, [lanes_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r1, %r2, %r3;
	mov.u32 	%r5, %nctaid.x;
	mul.lo.s32 	%r6, %r5, %r2;
	and.b32  	%r7, %r3, 31;
	mov.u32 	%r8, 31;
	mul.wide.s32 	%rd5, %r4, 4;
	add.s64 	%rd6, %rd4, %rd5;
	and.b32  	%r9, %r3, 1;
	setp.eq.b32 	%p1, %r9, 1;
	selp.b32 	%r10, -1431655766, 1431655765, %p1;
	setp.lt.u32 	%p2, %r7, 12;
	selp.b32 	%r11, 4095, -4096, %p2;
	add.s64 	%rd7, %rd3, %rd5;
	ld.global.u32 	%r12, [%rd6];
	and.b32  	%r13, %r12, 1;
	setp.eq.b32 	%p3, %r13, 1;
	vote.sync.ballot.b32 	%r14, %p3, %r10;
	st.global.u32 	[%rd7], %r14;
	setp.gt.s32 	%p5, %r12, 90;
	vote.sync.any.pred 	%p6, %p5, %r10;
	selp.u32 	%r16, 1, 0, %p6;
	mul.wide.s32 	%rd8, %r6, 4;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r16;
	setp.gt.s32 	%p7, %r12, 8;
	vote.sync.all.pred 	%p8, %p7, %r11;
	selp.u32 	%r18, 1, 0, %p8;
	add.s64 	%rd10, %rd9, %rd8;
	st.global.u32 	[%rd10], %r18;
	shr.u32 	%r19, %r12, 1;
	and.b32  	%r20, %r19, 1;
	setp.eq.b32 	%p9, %r20, 1;
	or.pred  	%p10, %p2, %p9;
	vote.sync.uni.pred 	%p11, %p10, %r11;
	selp.u32 	%r22, 1, 0, %p11;
	add.s64 	%rd11, %rd10, %rd8;
	st.global.u32 	[%rd11], %r22;
	redux.sync.add.s32 %r23, %r12, %r10;
	add.s64 	%rd12, %rd11, %rd8;
	st.global.u32 	[%rd12], %r23;
	add.s32 	%r24, %r12, -50;
	redux.sync.min.s32 %r25, %r24, %r11;
	add.s64 	%rd13, %rd12, %rd8;
	st.global.u32 	[%rd13], %r25;
	mul.lo.s32 	%r26, %r12, 3;
	redux.sync.max.u32 %r27, %r26, %r10;
	add.s64 	%rd14, %rd13, %rd8;
	st.global.u32 	[%rd14], %r27;
	shl.b32 	%r28, %r12, 2;
	not.b32 	%r29, %r28;
	mov.u32 	%r30, 6;
	redux.sync.and.b32 %r31, %r29, %r11;
	add.s64 	%rd15, %rd14, %rd8;
	st.global.u32 	[%rd15], %r31;
	cvt.u16.u32 	%rs1, %r7;
	mul.wide.u16 	%r32, %rs1, -13107;
	shr.u32 	%r33, %r32, 18;
	cvt.u16.u32 	%rs2, %r33;
	mul.lo.s16 	%rs3, %rs2, 5;
	sub.s16 	%rs4, %rs1, %rs3;
	cvt.u32.u16 	%r34, %rs4;
	shl.b32 	%r35, %r12, %r34;
	redux.sync.or.b32 %r36, %r35, %r10;
	add.s64 	%rd16, %rd15, %rd8;
	st.global.u32 	[%rd16], %r36;
	mul.lo.s32 	%r37, %r12, -1640531535;
	redux.sync.xor.b32 %r38, %r37, %r11;
	add.s64 	%rd17, %rd16, %rd8;
	st.global.u32 	[%rd17], %r38;
	mul.hi.s32 	%r39, %r12, 1431655766;
	shr.u32 	%r40, %r39, 31;
	add.s32 	%r41, %r39, %r40;
	mul.lo.s32 	%r42, %r41, 3;
	sub.s32 	%r43, %r12, %r42;
	match.any.sync.b32 	%r44, %r43, %r10;
	add.s64 	%rd18, %rd17, %rd8;
	st.global.u32 	[%rd18], %r44;
	selp.b32 	%r45, 7, %r12, %p2;
	match.all.sync.b32 	%r46|%p12, %r45, %r11;
	selp.u32 	%r47, 1, 0, %p12;
	add.s64 	%rd19, %rd18, %rd8;
	st.global.u32 	[%rd19], %r46;
	add.s64 	%rd20, %rd19, %rd8;
	st.global.u32 	[%rd20], %r47;
	add.s32 	%r48, %r3, 2;
	and.b32  	%r49, %r48, 31;
	shfl.sync.idx.b32 	%r50|%p13, %r12, %r49, %r8, %r10;
	add.s64 	%rd21, %rd20, %rd8;
	st.global.u32 	[%rd21], %r50;
	shfl.sync.bfly.b32 	%r51|%p14, %r12, %r30, %r8, %r10;
	add.s64 	%rd22, %rd21, %rd8;
	st.global.u32 	[%rd22], %r51;
	selp.b32 	%r52, 11, 43, %p2;
	sub.s32 	%r53, %r52, %r7;
	shfl.sync.idx.b32 	%r54|%p15, %r12, %r53, %r8, %r11;
	add.s64 	%rd23, %rd22, %rd8;
	st.global.u32 	[%rd23], %r54;
	ret;

}
	// .globl	widths
.visible .entry widths(
	.param .u64 widths_param_0,
	.param .u64 widths_param_1
)
{
	.reg .pred 	%p<32>;
	.reg .b16 	%rs<5>;
	.reg .b32 	%r<75>;
	.reg .b64 	%rd<41>;


	ld.param.u64 	%rd1, [widths_param_0];
	ld.param.u64 	%rd2, [widths_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r1, %r2, %r3;
	mov.u32 	%r5, %nctaid.x;
	mul.lo.s32 	%r6, %r5, %r2;
	and.b32  	%r7, %r3, 31;
	mov.u32 	%r8, 31;
	mul.wide.s32 	%rd5, %r4, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r9, [%rd6];
	add.s64 	%rd7, %rd3, %rd5;
	mov.u32 	%r10, 5;
	mad.lo.s32 	%r11, %r7, 5, 1;
	mov.u32 	%r12, 1;
	and.b32  	%r13, %r11, 63;
	mov.u32 	%r14, 0;
	mov.u32 	%r15, 7711;
	mov.u32 	%r16, -1;
	shfl.sync.idx.b32 	%r17|%p1, %r9, %r13, %r15, %r16;
	st.global.u32 	[%rd7], %r17;
	mov.u32 	%r18, 7680;
	shfl.sync.up.b32 	%r19|%p2, %r9, %r12, %r18, %r16;
	mul.wide.s32 	%rd8, %r6, 4;
	mov.u32 	%r20, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r19;
	cvt.u16.u32 	%rs1, %r7;
	mul.wide.u16 	%r21, %rs1, -21845;
	shr.u32 	%r22, %r21, 17;
	cvt.u16.u32 	%rs2, %r22;
	mul.lo.s16 	%rs3, %rs2, 3;
	sub.s16 	%rs4, %rs1, %rs3;
	cvt.u32.u16 	%r23, %rs4;
	shfl.sync.up.b32 	%r24|%p3, %r9, %r23, %r18, %r16;
	add.s64 	%rd10, %rd9, %rd8;
	st.global.u32 	[%rd10], %r24;
	shfl.sync.down.b32 	%r25|%p4, %r9, %r20, %r15, %r16;
	add.s64 	%rd11, %rd10, %rd8;
	st.global.u32 	[%rd11], %r25;
	and.b32  	%r26, %r3, 3;
	mov.u32 	%r27, 3;
	shfl.sync.down.b32 	%r28|%p5, %r9, %r26, %r15, %r16;
	add.s64 	%rd12, %rd11, %rd8;
	st.global.u32 	[%rd12], %r28;
	and.b32  	%r29, %r3, 1;
	setp.eq.b32 	%p6, %r29, 1;
	selp.b32 	%r30, 9, 1, %p6;
	mov.u32 	%r31, 9;
	shfl.sync.bfly.b32 	%r32|%p7, %r9, %r30, %r15, %r16;
	add.s64 	%rd13, %rd12, %rd8;
	st.global.u32 	[%rd13], %r32;
	mov.u32 	%r33, 7199;
	shfl.sync.idx.b32 	%r34|%p8, %r9, %r13, %r33, %r16;
	add.s64 	%rd14, %rd13, %rd8;
	st.global.u32 	[%rd14], %r34;
	mov.u32 	%r35, 7168;
	shfl.sync.up.b32 	%r36|%p9, %r9, %r12, %r35, %r16;
	add.s64 	%rd15, %rd14, %rd8;
	st.global.u32 	[%rd15], %r36;
	add.s32 	%r37, %r23, 1;
	shfl.sync.up.b32 	%r38|%p10, %r9, %r37, %r35, %r16;
	add.s64 	%rd16, %rd15, %rd8;
	st.global.u32 	[%rd16], %r38;
	shfl.sync.down.b32 	%r39|%p11, %r9, %r27, %r33, %r16;
	add.s64 	%rd17, %rd16, %rd8;
	st.global.u32 	[%rd17], %r39;
	shfl.sync.down.b32 	%r40|%p12, %r9, %r26, %r33, %r16;
	add.s64 	%rd18, %rd17, %rd8;
	st.global.u32 	[%rd18], %r40;
	selp.b32 	%r41, 9, 3, %p6;
	shfl.sync.bfly.b32 	%r42|%p13, %r9, %r41, %r33, %r16;
	add.s64 	%rd19, %rd18, %rd8;
	st.global.u32 	[%rd19], %r42;
	mul.lo.s32 	%r43, %r6, 12;
	mul.wide.s32 	%rd20, %r43, 4;
	add.s64 	%rd21, %rd7, %rd20;
	mov.u32 	%r44, 6175;
	shfl.sync.idx.b32 	%r45|%p14, %r9, %r13, %r44, %r16;
	st.global.u32 	[%rd21], %r45;
	mov.u32 	%r46, 6144;
	shfl.sync.up.b32 	%r47|%p15, %r9, %r12, %r46, %r16;
	add.s64 	%rd22, %rd21, %rd8;
	st.global.u32 	[%rd22], %r47;
	add.s32 	%r48, %r23, 2;
	shfl.sync.up.b32 	%r49|%p16, %r9, %r48, %r46, %r16;
	add.s64 	%rd23, %rd22, %rd8;
	st.global.u32 	[%rd23], %r49;
	shfl.sync.down.b32 	%r50|%p17, %r9, %r10, %r44, %r16;
	add.s64 	%rd24, %rd23, %rd8;
	st.global.u32 	[%rd24], %r50;
	shfl.sync.down.b32 	%r51|%p18, %r9, %r26, %r44, %r16;
	add.s64 	%rd25, %rd24, %rd8;
	st.global.u32 	[%rd25], %r51;
	selp.b32 	%r52, 9, 7, %p6;
	shfl.sync.bfly.b32 	%r53|%p19, %r9, %r52, %r44, %r16;
	add.s64 	%rd26, %rd25, %rd8;
	st.global.u32 	[%rd26], %r53;
	mul.lo.s32 	%r54, %r6, 18;
	mul.wide.s32 	%rd27, %r54, 4;
	add.s64 	%rd28, %rd7, %rd27;
	mov.u32 	%r55, 4127;
	shfl.sync.idx.b32 	%r56|%p20, %r9, %r13, %r55, %r16;
	st.global.u32 	[%rd28], %r56;
	mov.u32 	%r57, 4096;
	shfl.sync.up.b32 	%r58|%p21, %r9, %r12, %r57, %r16;
	add.s64 	%rd29, %rd28, %rd8;
	st.global.u32 	[%rd29], %r58;
	or.b32  	%r59, %r23, 4;
	shfl.sync.up.b32 	%r60|%p22, %r9, %r59, %r57, %r16;
	add.s64 	%rd30, %rd29, %rd8;
	st.global.u32 	[%rd30], %r60;
	shfl.sync.down.b32 	%r61|%p23, %r9, %r31, %r55, %r16;
	add.s64 	%rd31, %rd30, %rd8;
	st.global.u32 	[%rd31], %r61;
	shfl.sync.down.b32 	%r62|%p24, %r9, %r26, %r55, %r16;
	add.s64 	%rd32, %rd31, %rd8;
	st.global.u32 	[%rd32], %r62;
	selp.b32 	%r63, 9, 15, %p6;
	shfl.sync.bfly.b32 	%r64|%p25, %r9, %r63, %r55, %r16;
	add.s64 	%rd33, %rd32, %rd8;
	st.global.u32 	[%rd33], %r64;
	mul.lo.s32 	%r65, %r6, 24;
	mul.wide.s32 	%rd34, %r65, 4;
	add.s64 	%rd35, %rd7, %rd34;
	shfl.sync.idx.b32 	%r66|%p26, %r9, %r13, %r8, %r16;
	st.global.u32 	[%rd35], %r66;
	shfl.sync.up.b32 	%r67|%p27, %r9, %r12, %r14, %r16;
	add.s64 	%rd36, %rd35, %rd8;
	st.global.u32 	[%rd36], %r67;
	or.b32  	%r68, %r23, 8;
	shfl.sync.up.b32 	%r69|%p28, %r9, %r68, %r14, %r16;
	add.s64 	%rd37, %rd36, %rd8;
	st.global.u32 	[%rd37], %r69;
	mov.u32 	%r70, 17;
	shfl.sync.down.b32 	%r71|%p29, %r9, %r70, %r8, %r16;
	add.s64 	%rd38, %rd37, %rd8;
	st.global.u32 	[%rd38], %r71;
	shfl.sync.down.b32 	%r72|%p30, %r9, %r26, %r8, %r16;
	add.s64 	%rd39, %rd38, %rd8;
	st.global.u32 	[%rd39], %r72;
	selp.b32 	%r73, 9, 31, %p6;
	shfl.sync.bfly.b32 	%r74|%p31, %r9, %r73, %r8, %r16;
	add.s64 	%rd40, %rd39, %rd8;
	st.global.u32 	[%rd40], %r74;
	ret;

}
	// .globl	diverge
.visible .entry diverge(
	.param .u64 diverge_param_0,
	.param .u64 diverge_param_1
)
{
	.reg .pred 	%p<12>;
	.reg .b32 	%r<60>;
	.reg .b64 	%rd<16>;


	ld.param.u64 	%rd3, [diverge_param_0];
	ld.param.u64 	%rd2, [diverge_param_1];
	mov.u32 	%r1, %ntid.x;
	mov.u32 	%r21, %ctaid.x;
	mov.u32 	%r22, %tid.x;
	mad.lo.s32 	%r23, %r21, %r1, %r22;
	cvt.s64.s32 	%rd1, %r23;
	cvta.to.global.u64 	%rd4, %rd3;
	mul.wide.s32 	%rd5, %r23, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r56, [%rd6];
	mul.hi.s32 	%r24, %r56, 1431655766;
	shr.u32 	%r25, %r24, 31;
	add.s32 	%r26, %r24, %r25;
	mul.lo.s32 	%r27, %r26, 3;
	sub.s32 	%r3, %r56, %r27;
	setp.eq.s32 	%p1, %r3, 0;
	@%p1 bra 	$L__BB3_3;

	setp.ne.s32 	%p2, %r3, 1;
	mov.u32 	%r53, 0;
	mov.u32 	%r54, %r53;
	mov.u32 	%r55, %r53;
	@%p2 bra 	$L__BB3_4;

	// begin inline asm
	activemask.b32 %r31;
	// end inline asm
	setp.gt.s32 	%p3, %r56, 10;
	vote.sync.all.pred 	%p4, %p3, %r31;
	selp.u32 	%r53, 1, 0, %p4;
	brev.b32 	%r33, %r31;
	bfind.shiftamt.u32 	%r34, %r33;
	mov.u32 	%r35, 31;
	shfl.sync.idx.b32 	%r54|%p5, %r56, %r34, %r35, %r31;
	popc.b32 	%r55, %r31;
	bra.uni 	$L__BB3_4;

$L__BB3_3:
	// begin inline asm
	activemask.b32 %r36;
	// end inline asm
	and.b32  	%r37, %r56, 1;
	setp.eq.b32 	%p6, %r37, 1;
	vote.sync.ballot.b32 	%r53, %p6, %r36;
	redux.sync.add.s32 %r54, %r56, %r36;
	and.b32  	%r38, %r56, 3;
	match.any.sync.b32 	%r55, %r38, %r36;

$L__BB3_4:
	and.b32  	%r13, %r56, 7;
	setp.eq.s32 	%p8, %r13, 0;
	mov.u32 	%r59, 0;
	@%p8 bra 	$L__BB3_7;

	mov.u32 	%r57, 0;
	mov.u32 	%r59, %r57;

$L__BB3_6:
	// begin inline asm
	activemask.b32 %r42;
	// end inline asm
	add.s32 	%r57, %r57, 1;
	redux.sync.add.s32 %r43, %r57, %r42;
	and.b32  	%r44, %r56, 1;
	setp.eq.b32 	%p9, %r44, 1;
	vote.sync.ballot.b32 	%r45, %p9, %r42;
	popc.b32 	%r46, %r45;
	mad.lo.s32 	%r59, %r46, %r43, %r59;
	bar.warp.sync 	%r42;
	add.s32 	%r56, %r56, 1;
	setp.lt.u32 	%p11, %r57, %r13;
	@%p11 bra 	$L__BB3_6;

$L__BB3_7:
	cvta.to.global.u64 	%rd7, %rd2;
	mov.u32 	%r47, %nctaid.x;
	mul.lo.s32 	%r48, %r47, %r1;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %r53;
	cvt.u32.u64 	%r49, %rd1;
	add.s32 	%r50, %r49, %r48;
	mul.wide.s32 	%rd10, %r48, 4;
	add.s64 	%rd11, %rd9, %rd10;
	st.global.u32 	[%rd11], %r54;
	add.s32 	%r51, %r50, %r48;
	mul.wide.s32 	%rd12, %r51, 4;
	add.s64 	%rd13, %rd7, %rd12;
	st.global.u32 	[%rd13], %r55;
	add.s32 	%r52, %r51, %r48;
	mul.wide.s32 	%rd14, %r52, 4;
	add.s64 	%rd15, %rd7, %rd14;
	st.global.u32 	[%rd15], %r59;
	ret;

}

#endif // end of warp_masks.ptx
