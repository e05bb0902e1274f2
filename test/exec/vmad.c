/* vmad (vmad.cu) against a C reference written from the PTX ISA's
 * pseudo-code for it, in 128 bits:
 *   ta, tb: the byte, half-word or word of a and b, extended by atype
 *   (btype); signed = atype or btype .s32, or -a xor -b, or -c;
 *   t = ta * tb; .po: lsb = 1; else a negated product: t = ~t, lsb = 1;
 *   else a negated c: c = ~c, lsb = 1; t += ext(c, signed) + lsb;
 *   .shr7/.shr15 shift t right; .sat clamps to the s32 range if signed,
 *   else to u32; d = t mod 2^32.
 * Not yet compared with a GPU (test/exec/gpu/video_gpu.cu has these forms
 * among its probes, for a session with one). */
#include "common.h"

enum { N = 512, NV = 22 };

typedef __int128 i128;

static i128
ext(uint32_t x, const char *sel, int sign)
{
    int shift = 0, bits = 32;
    if (*sel == 'b') shift = 8 * (sel[1] - '0'), bits = 8;
    if (*sel == 'h') shift = 16 * (sel[1] - '0'), bits = 16;
    uint64_t f = ((uint64_t)x >> shift) & ((1ull << bits) - 1);
    if (sign && (f >> (bits - 1))) return (i128)f - ((i128)1 << bits);
    return (i128)f;
}

/* types "uss" (dtype atype btype); neg: "-a", "-b", "-c" in any mix; mods:
 * 'p' .po, 's' .sat, '7' .shr7, 'f' .shr15. */
static uint32_t
vmad(const char *types, const char *asel, const char *bsel, const char *neg, const char *mods,
     uint32_t a, uint32_t b, uint32_t c)
{
    int na = strstr(neg, "a") != NULL, nb = strstr(neg, "b") != NULL, nc = strstr(neg, "c") != NULL;
    int as = types[1] == 's', bs = types[2] == 's';
    int sign = as || bs || (na != nb) || nc, lsb = 0;
    i128 t = ext(a, asel, as) * ext(b, bsel, bs);
    if (strchr(mods, 'p'))
        lsb = 1;
    else if (na != nb)
        t = ~t, lsb = 1;
    else if (nc)
        c = ~c, lsb = 1;
    t += (sign ? (i128)(int32_t)c : (i128)c) + lsb;
    if (strchr(mods, '7')) t >>= 7;
    if (strchr(mods, 'f')) t >>= 15;
    if (strchr(mods, 's')) {
        i128 lo = sign ? INT32_MIN : 0, hi = sign ? INT32_MAX : (i128)UINT32_MAX;
        t = t < lo ? lo : t > hi ? hi : t;
    }
    return (uint32_t)t;
}

static uint32_t
expect(int k, uint32_t a, uint32_t b, uint32_t c)
{
    switch (k) {
    case 0:
        return vmad("uuu", "", "", "", "", a, b, c);
    case 1:
        return vmad("sss", "", "", "", "", a, b, c);
    case 2:
        return vmad("suu", "", "", "a", "", a, b, c);
    case 3:
        return vmad("suu", "", "", "c", "", a, b, c);
    case 4:
        return vmad("sss", "", "", "b", "", a, b, c);
    case 5:
        return vmad("sss", "", "", "ab", "", a, b, c);
    case 6:
        return vmad("uuu", "", "", "", "p", a, b, c);
    case 7:
        return vmad("sss", "", "", "", "s", a, b, c);
    case 8:
        return vmad("uuu", "", "", "", "s", a, b, c);
    case 9:
        return vmad("sus", "b0", "h1", "", "7", a, b, c);
    case 10:
        return vmad("uuu", "h0", "h0", "", "sf", a, b, c);
    case 11:
        return vmad("sss", "h1", "h0", "c", "sf", a, b, c);
    case 12:
        return vmad("uuu", "", "", "c", "s", a, b, c);
    case 13:
        return vmad("sss", "b1", "b2", "", "ps7", a, b, c);
    case 14:
        return vmad("usu", "h0", "", "", "s", a, b, c);
    case 15:
        return vmad("uuu", "", "", "a", "", a, b, c);
    case 16:
        return vmad("uss", "", "", "", "f", a, b, c);
    case 17:
        return vmad("suu", "", "", "a", "s", a, b, c);
    case 18:
        return vmad("uuu", "", "", "", "7", a, b, c);
    default:
        return vmad("ssu", "b3", "h1", "c", "s", a, b, c);
    }
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "vmad");
    static uint32_t a[N], b[N], c[N], o[NV * N], e[NV * N];
    const uint32_t corner[] = {0,          1,          0x7f,       0x80,
                               0xff,       0x7fff,     0x8000,     0xffff,
                               0x7fffffff, 0x80000000, 0x80000001, 0xffffffff,
                               0x01ff80fe, 0xfffe0002, 0x7fff8000, 0x80007fff};
    const int nc = (int)(sizeof corner / sizeof corner[0]);
    for (int i = 0; i < N; i++) {
        a[i] = i < nc * nc ? corner[i % nc] : lcg();
        b[i] = i < nc * nc ? corner[i / nc] : lcg();
        c[i] = i < nc * nc ? corner[(i * 7 + i / nc) % nc] : lcg();
    }
    uint32_t u = 0xfffe8001u, v = 0x9abcdef0u, w = 0x80000000u;
    for (int k = 0; k < 20; k++)
        for (int i = 0; i < N; i++)
            e[k * N + i] = expect(k, a[i], b[i], c[i]);
    for (int i = 0; i < N; i++) {
        e[20 * N + i] = vmad("sss", "", "h1", "c", "s7", a[i], b[i], w);
        e[21 * N + i] = vmad("sus", "h0", "", "a", "s", u, v, w);
    }
    uint32_t *pa = a, *pb = b, *pc = c, *po = o;
    void *p[] = {&pa, &pb, &pc, &po, &u, &v, &w};
    if (!launch("vmad", "vmad", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p)) return finish();
    static const char *names[NV] = {
        "u32",
        "s32",
        "neg_a",
        "neg_c",
        "neg_b",
        "neg_ab",
        "po",
        "s32.sat",
        "u32.sat",
        "shr7.sel",
        "sat.shr15.sel",
        "sat.shr15.neg_c",
        "u32.sat.neg_c",
        "po.sat.shr7.sel",
        "u32.s32.u32.sat",
        "u32.neg_a",
        "u32.s32.s32.shr15",
        "sat.neg_a",
        "u32.shr7",
        "sat.sel.neg_c",
        "uniform_c",
        "uniform",
    };
    for (int k = 0; k < NV; k++)
        CHECK_INT(names[k], o + k * N, e + k * N, N);
    return finish();
}
