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
