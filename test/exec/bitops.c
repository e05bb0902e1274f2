/* __umulhi, __mulhi, __popc, __clz (incl. 0), __brev, __byte_perm,
 * __funnelshift_l/r with shift counts 0..63 (wrap mod 32 per PTX shf.wrap). */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "bitops");
    enum { N = 64 };
    unsigned a[N], b[N], o[8 * N], e[8 * N];
    for (int i = 0; i < N; i++) { a[i] = lcg(); b[i] = lcg(); }
    a[0] = 0; a[1] = 0xffffffffu; a[2] = 1; a[3] = 0x80000000u;
    for (int i = 0; i < N; i++) {
        unsigned x = a[i], y = b[i];
        e[8*i] = (unsigned)(((uint64_t)x * y) >> 32);
        e[8*i+1] = (unsigned)(uint32_t)(((int64_t)(int32_t)x * (int32_t)y) >> 32);
        int pc = 0; for (int k = 0; k < 32; k++) pc += (x >> k) & 1; e[8*i+2] = pc;
        int lz = 0; while (lz < 32 && !(x & (0x80000000u >> lz))) lz++; e[8*i+3] = lz;
        unsigned r = 0; for (int k = 0; k < 32; k++) if (x & (1u << k)) r |= 1u << (31 - k); e[8*i+4] = r;
        unsigned char bytes[8]; for (int k = 0; k < 4; k++) { bytes[k] = x >> (8*k); bytes[4+k] = y >> (8*k); }
        unsigned s = y & 0x7777, bp = 0; for (int k = 0; k < 4; k++) bp |= (unsigned)bytes[(s >> (4*k)) & 7] << (8*k);
        e[8*i+5] = bp;
        unsigned sh = i & 31; uint64_t cat = ((uint64_t)y << 32) | x;
        e[8*i+6] = (unsigned)((cat << sh) >> 32);
        e[8*i+7] = (unsigned)(cat >> sh);
    }
    unsigned *pa = a, *pb = b, *po = o; void *p[] = {&pa, &pb, &po};
    if (launch("bits", "bits", d3(2, 1, 1), d3(32, 1, 1), 0, p)) {
        const char *names[8] = {"umulhi", "mulhi", "popc", "clz", "brev", "byte_perm", "funnelshift_l", "funnelshift_r"};
        for (int k = 0; k < 8; k++) { unsigned g[N], x[N]; for (int i = 0; i < N; i++) { g[i] = o[8*i+k]; x[i] = e[8*i+k]; } CHECK_INT(names[k], g, x, N); }
    }
    return finish();
}
