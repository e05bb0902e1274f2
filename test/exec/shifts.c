/* Shifts by counts >= the width, as PTX defines them (shl/shr clamp the
 * count: shl -> 0, shr.u -> 0, shr.s -> sign fill), via inline PTX, and
 * __funnelshift_lc (clamped count). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "shifts");
    enum { N = 96 };
    unsigned a[N], s[N], o[4 * N], e[4 * N]; unsigned long long o64[2 * N], e64[2 * N];
    for (int t = 0; t < N; t++) { a[t] = lcg(); s[t] = t < 70 ? (unsigned)t : lcg(); }
    a[33] |= 0x80000000u; a[40] |= 0x80000000u; a[65] |= 0x80000000u;
    for (int t = 0; t < N; t++) {
        unsigned x = a[t], n = s[t];
        e[4*t] = n >= 32 ? 0 : x << n; e[4*t+1] = n >= 32 ? 0 : x >> n;
        e[4*t+2] = n >= 32 ? ((x >> 31) ? 0xffffffffu : 0) : (unsigned)(((int32_t)x < 0) ? ~(~x >> n) : x >> n);
        unsigned c = n > 32 ? 32 : n; uint64_t cat = ((uint64_t)~x << 32) | x; e[4*t+3] = (unsigned)((c == 0 ? cat : cat << c) >> 32);
        uint64_t y = ((uint64_t)x << 32) | n;
        e64[2*t] = n >= 64 ? 0 : y << n;
        e64[2*t+1] = n >= 64 ? ((y >> 63) ? ~0ull : 0) : ((int64_t)y < 0 ? ~(~y >> n) : y >> n);
    }
    unsigned *pa = a, *ps = s, *po = o; unsigned long long *pq = o64; void *p[] = {&pa, &ps, &po, &pq};
    if (!launch("sh", "sh", d3(1, 1, 1), d3(N, 1, 1), 0, p)) return finish();
    const char *nm[4] = {"shl_b32", "shr_u32", "shr_s32", "funnelshift_lc"};
    unsigned g[N], x[N];
    for (int k = 0; k < 4; k++) { for (int i = 0; i < N; i++) { g[i] = o[4*i+k]; x[i] = e[4*i+k]; } CHECK_INT(nm[k], g, x, N); }
    unsigned long long g6[N], x6[N];
    for (int k = 0; k < 2; k++) { for (int i = 0; i < N; i++) { g6[i] = o64[2*i+k]; x6[i] = e64[2*i+k]; } CHECK_INT(k ? "shr_s64" : "shl_b64", g6, x6, N); }
    return finish();
}
