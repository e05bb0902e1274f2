/* __shfl_sync/_up/_down/_xor with width 32 and 8 in full warps;
 * __ballot_sync, __all_sync, __any_sync, __activemask (after a
 * divergent branch).  Reference: PTX shfl.sync semantics (out-of-range
 * source lanes keep their own value; segments of width w). */
#include "common.h"
enum { N = 64 };
static int src_idx(int t, int mode, int b, int w)
{
    int base = t & ~(w - 1), lane = t & (w - 1), j;
    switch (mode) {
    case 0: j = b & (w - 1); return base + j + (t & ~31) * 0;
    case 1: j = lane - b; return j < 0 ? t : base + j;
    case 2: j = lane + b; return j >= w ? t : base + j;
    default: j = lane ^ b; return j >= w ? t : base + j;
    }
}
int main(int argc, char **argv)
{
    setup(argc, argv, "shfl");
    int in[N], o[8 * N], e[8 * N];
    for (int i = 0; i < N; i++) in[i] = (int)(lcg() % 1000) + 1;
    for (int t = 0; t < N; t++) {
        int warp = t & ~31, l = t & 31;
        e[0*N+t] = in[warp + ((l * 7) & 31)];
        e[1*N+t] = in[warp + src_idx(l, 1, 3, 32)];
        e[2*N+t] = in[warp + src_idx(l, 2, 5, 32)];
        e[3*N+t] = in[warp + src_idx(l, 3, 9, 32)];
        e[4*N+t] = in[warp + (l & ~7) + (((l & 15) + 3) & 7)];
        e[5*N+t] = in[warp + src_idx(l, 1, 2, 8)];
        e[6*N+t] = in[warp + src_idx(l, 2, 3, 8)];
        e[7*N+t] = in[warp + src_idx(l, 3, 5, 8)];
    }
    int *pi = in, *po = o; void *p[] = {&pi, &po};
    const char *nm[8] = {"idx32", "up32", "down32", "xor32", "idx8", "up8", "down8", "xor8"};
    if (launch("shfl", "shfl", d3(1, 1, 1), d3(N, 1, 1), 0, p))
        for (int k = 0; k < 8; k++) CHECK_INT(nm[k], o + k * N, e + k * N, N);
    in[5] = -1; in[40] = 950;
    for (int i = 32; i < 64; i++) if (in[i] > 900 && i != 40) in[i] = 10;
    for (int i = 0; i < 32; i++) if (in[i] > 900) in[i] = 11;
    unsigned vo[4 * N], ve[4 * N];
    for (int w = 0; w < 2; w++) {
        unsigned bal = 0, am = 0; int all = 1, any = 0;
        for (int l = 0; l < 32; l++) { int v = in[32*w+l]; if (v & 1) bal |= 1u << l; if (!(v > 0)) all = 0; if (v > 900) any = 1; if (v & 2) am |= 1u << l; }
        for (int l = 0; l < 32; l++) { int t = 32*w+l; ve[t] = bal; ve[N+t] = all; ve[2*N+t] = any; ve[3*N+t] = (in[t] & 2) ? am : 0xdead; }
    }
    unsigned *pv = vo; void *q[] = {&pi, &pv};
    const char *vn[4] = {"ballot", "all", "any", "activemask"};
    if (launch("vote", "vote", d3(1, 1, 1), d3(N, 1, 1), 0, q))
        for (int k = 0; k < 4; k++) CHECK_INT(vn[k], vo + k * N, ve + k * N, N);
    return finish();
}
