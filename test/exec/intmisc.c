/* min/max/abs (abs(INT_MIN) wraps), __mul64hi/__umul64hi, __ffs/__ffsll,
 * __popcll, __clzll, __brevll, __sad, __rhadd. */
#include "common.h"
static long long mulhi_s(int64_t x, int64_t y) { return (long long)(((__int128)x * y) >> 64); }
static long long mulhi_u(uint64_t x, uint64_t y) { return (long long)(uint64_t)(((unsigned __int128)x * y) >> 64); }
int main(int argc, char **argv)
{
    setup(argc, argv, "intmisc");
    enum { N = 64 };
    long long a[N], b[N], o[12 * N], e[12 * N];
    for (int t = 0; t < N; t++) { a[t] = (long long)(((uint64_t)lcg() << 32) | lcg()) >> (lcg() % 64); b[t] = (long long)(((uint64_t)lcg() << 32) | lcg()); }
    a[0] = 0; a[1] = INT32_MIN; a[2] = INT64_MIN; a[3] = -1; b[0] = INT32_MAX;
    for (int t = 0; t < N; t++) {
        long long x = a[t], y = b[t]; int xi = (int)x, yi = (int)y; long long *p = e + 12 * t; uint64_t ux = x;
        p[0] = xi < yi ? xi : yi; p[1] = xi > yi ? xi : yi; p[2] = xi == INT32_MIN ? INT32_MIN : (xi < 0 ? -xi : xi);
        p[3] = mulhi_s(x, y); p[4] = mulhi_u(x, y);
        int f = 0; for (int k = 0; k < 32; k++) if ((uint32_t)xi >> k & 1) { f = k + 1; break; } p[5] = f;
        f = 0; for (int k = 0; k < 64; k++) if (ux >> k & 1) { f = k + 1; break; } p[6] = f;
        f = 0; for (int k = 0; k < 64; k++) f += ux >> k & 1; p[7] = f;
        f = 0; while (f < 64 && !(ux >> (63 - f) & 1)) f++; p[8] = f;
        uint64_t r = 0; for (int k = 0; k < 64; k++) if (ux >> k & 1) r |= 1ull << (63 - k); p[9] = (long long)r;
        p[10] = (unsigned)((xi > yi ? (int64_t)xi - yi : (int64_t)yi - xi) + 5);
        p[11] = (int)(((int64_t)xi + yi + 1) >> 1);
    }
    long long *pa = a, *pb = b, *po = o; void *pp[] = {&pa, &pb, &po};
    if (!launch("im", "im", d3(1, 1, 1), d3(N, 1, 1), 0, pp)) return finish();
    const char *nm[12] = {"min", "max", "abs", "mul64hi", "umul64hi", "ffs", "ffsll", "popcll", "clzll", "brevll", "sad", "rhadd"};
    long long g[N], x[N];
    for (int k = 0; k < 12; k++) { for (int i = 0; i < N; i++) { g[i] = o[12*i+k]; x[i] = e[12*i+k]; } CHECK_INT(nm[k], g, x, N); }
    return finish();
}
