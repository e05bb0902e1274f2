/* Integer truncation with sign/zero extension (cvt.s8/u8/s16/u16/s32/u32
 * back to 64 bits), and s64/u64/u32 to double/float, round to nearest
 * (C's default conversions are correctly rounded on this host). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "convert");
    enum { N = 128 };
    long long a[N], o[6 * N], e[6 * N]; double d[2 * N], ed[2 * N]; float f[2 * N], ef[2 * N];
    for (int t = 0; t < N; t++) a[t] = (long long)(((uint64_t)lcg() << 32) | lcg()) >> (lcg() % 64);
    a[0] = -1; a[1] = 0x80; a[2] = 0x8000; a[3] = 0x80000000ll; a[4] = INT64_MIN; a[5] = (1ll << 53) + 1; a[6] = (1ll << 24) + 1;
    for (int t = 0; t < N; t++) {
        long long x = a[t];
        e[6*t] = (int8_t)(uint8_t)x; e[6*t+1] = (uint8_t)x; e[6*t+2] = (int16_t)(uint16_t)x; e[6*t+3] = (uint16_t)x;
        e[6*t+4] = (int32_t)(uint32_t)x; e[6*t+5] = (uint32_t)x;
        ed[2*t] = (double)x; ed[2*t+1] = (double)(unsigned long long)x; ef[2*t] = (float)x; ef[2*t+1] = (float)(unsigned)x;
    }
    long long *pa = a, *po = o; double *pd = d; float *pf = f; void *p[] = {&pa, &po, &pd, &pf};
    if (!launch("cv", "cv", d3(1, 1, 1), d3(N, 1, 1), 0, p)) return finish();
    CHECK_INT("int_widths", o, e, 6 * N); CHECK_EXACT("to_double", d, ed, 2 * N); CHECK_EXACT("to_float", f, ef, 2 * N);
    return finish();
}
