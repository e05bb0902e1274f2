/* Video instructions (video.cu) against a C reference written from the
 * PTX ISA's description of them:
 *   SIMD vopN: element i of a (of b) is the field of the 64-bit {b, a}
 *   named by digit i, counted from the right, of .asel (.bsel), sign- or
 *   zero-extended by atype (btype); the operation on the extended values;
 *   .sat clamps to the field's signed (dtype .s32) or unsigned range; the
 *   merge puts result i in field i of d where .mask names i and field i
 *   of c elsewhere; .add gives c plus the named results.
 *   Scalar vop: byte, half-word or word of a and b, extended by type; the
 *   operation, exact; .sat clamps to dtype's range, or to the byte or
 *   half-word of .dsel; then .add/.min/.max with c or the merge into the
 *   .dsel field of c, else the low 32 bits.  vshl/vshr shift by b clamped
 *   to 32 (.clamp) or modulo 32 (.wrap); vset is 1 or 0.
 * Where an H100 (CUDA 13) departs from the manual, the scalar .sat and
 * the .h1 merge, this reference follows the GPU (lowering/emit_video.c):
 * .sat into a .dsel field is the unsigned minimum of the low 32 bits and
 * the field's maximum, a .s32 word clamps t wrapped to 34 bits, a .u32
 * word wraps; .h1 takes bits 16-31 of the result in place.
 * Besides, the kernel runs on the GPU's own inputs and outputs
 * (video_gpu.inc): every form must give what the H100 gave. */
#include <string.h>

#include "common.h"
#include "video_gpu.inc"

enum { N = 512, NF = 40 };
enum { ADD, SUB, AVRG, ABSDIFF, MIN, MAX, SHL, SHR, LT, GE, NE, GT, EQ };

static int64_t ext(uint64_t x, int shift, int bits, int sign)
{
    uint64_t f = (x >> shift) & ((1ull << bits) - 1);
    if (sign && (f >> (bits - 1)))
        return (int64_t)f - (int64_t)(1ull << bits);
    return (int64_t)f;
}

static int64_t lim(int64_t t, int bits, int sign)
{
    int64_t lo = sign ? -((int64_t)1 << (bits - 1)) : 0;
    int64_t hi = sign ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    return t < lo ? lo : t > hi ? hi : t;
}

static int64_t op(int o, int64_t a, int64_t b)
{
    switch (o) {
    case ADD: return a + b;
    case SUB: return a - b;
    case AVRG: return a + b >= 0 ? (a + b + 1) / 2 : -((-(a + b)) / 2 + ((-(a + b)) % 2)); /* half away from zero */
    case ABSDIFF: return a > b ? a - b : b - a;
    case MIN: return a < b ? a : b;
    case MAX: return a > b ? a : b;
    case LT: return a < b;
    case GE: return a >= b;
    case NE: return a != b;
    case GT: return a > b;
    default: return a == b;
    }
}

/* sel: digits from the right, element 0 first; mask "": every element. */
static uint32_t simd(int n, int o, int dsign, int asign, int bsign, int sat, int add, const char *mask,
                     const char *asel, const char *bsel, uint32_t a, uint32_t b, uint32_t c)
{
    int fw = 32 / n;
    uint64_t ab = (uint64_t)b << 32 | a;
    if (!*asel) asel = n == 2 ? "10" : "3210";
    if (!*bsel) bsel = n == 2 ? "32" : "7654";
    int keep[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) keep[i] = !*mask;
    for (const char *m = mask; *m; m++) keep[*m - '0'] = 1;
    uint32_t d = add ? c : 0;
    for (int i = 0; i < n; i++) {
        int64_t va = ext(ab, fw * (asel[n - 1 - i] - '0'), fw, asign);
        int64_t vb = ext(ab, fw * (bsel[n - 1 - i] - '0'), fw, bsign);
        int64_t t = op(o, va, vb);
        if (sat) t = lim(t, fw, dsign);
        if (add) { if (keep[i]) d += (uint32_t)t; continue; }
        uint32_t f = keep[i] ? (uint32_t)t : c >> (fw * i);
        d |= (f & ((1u << fw) - 1)) << (fw * i);
    }
    return d;
}

/* sel "": the word; "b2", "h1": a byte or half-word.  op2: 0, '+', '<', '>'. */
static void sel_field(const char *s, int *shift, int *bits)
{
    *shift = 0, *bits = 32;
    if (*s == 'b') *shift = 8 * (s[1] - '0'), *bits = 8;
    if (*s == 'h') *shift = 16 * (s[1] - '0'), *bits = 16;
}

static uint32_t scalar(int o, int dsign, int asign, int bsign, int sat, int op2, int mode, const char *dsel,
                       const char *asel, const char *bsel, uint32_t a, uint32_t b, uint32_t c)
{
    int ash, abits, bsh, bbits, dsh, dbits;
    sel_field(asel, &ash, &abits);
    sel_field(bsel, &bsh, &bbits);
    sel_field(dsel, &dsh, &dbits);
    int64_t ta = ext(a, ash, abits, asign), tb = ext(b, bsh, bbits, bsign), t;
    if (o == SHL || o == SHR) {
        int64_t s = mode == 'c' ? (tb > 32 ? 32 : tb) : (tb & 31);
        if (o == SHL) t = s >= 63 ? 0 : (int64_t)((uint64_t)ta << s);
        else t = s >= 63 ? (ta < 0 ? -1 : 0) : ta >> s;
    } else {
        t = op(o, ta, tb);
    }
    if (sat && *dsel) /* the H100's rules (lowering/emit_video.c) */
        t = (uint32_t)t < (uint64_t)lim(INT64_MAX, dbits, dsign) ? (uint32_t)t : lim(INT64_MAX, dbits, dsign);
    else if (sat && dsign)
        t = lim(ext((uint64_t)t, 0, 34, 1), 32, 1);
    int64_t tc = ext(c, 0, 32, dsign);
    if (op2 == '+') return (uint32_t)(t + tc);
    if (op2 == '<') return (uint32_t)(t < tc ? t : tc);
    if (op2 == '>') return (uint32_t)(t > tc ? t : tc);
    if (*dsel) {
        uint32_t m = (uint32_t)(((1ull << dbits) - 1) << dsh);
        if (!strcmp(dsel, "h1")) /* in place on the H100 */
            return ((uint32_t)t & m) | (c & ~m);
        return (((uint32_t)t << dsh) & m) | (c & ~m);
    }
    return (uint32_t)t;
}

static uint32_t expect(int k, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t b6 = b & 63;
    switch (k) {
    case 0: return simd(2, ADD, 0, 0, 0, 0, 0, "", "", "", a, b, c);
    case 1: return simd(2, ADD, 1, 1, 1, 1, 0, "", "", "", a, b, c);
    case 2: return simd(2, SUB, 0, 0, 0, 1, 0, "", "", "", a, b, c);
    case 3: return simd(2, SUB, 1, 1, 1, 1, 0, "0", "01", "23", a, b, c);
    case 4: return simd(2, AVRG, 0, 0, 0, 0, 0, "", "", "", a, b, c);
    case 5: return simd(2, AVRG, 1, 1, 1, 0, 0, "1", "10", "30", a, b, c);
    case 6: return simd(2, ABSDIFF, 1, 1, 1, 1, 0, "", "", "", a, b, c);
    case 7: return simd(2, MIN, 1, 0, 0, 0, 1, "10", "00", "22", a, b, c);
    case 8: return simd(2, MAX, 0, 1, 1, 0, 0, "", "12", "03", a, b, c);
    case 9: return simd(2, LT, 0, 1, 1, 0, 0, "", "", "", a, b, c);
    case 10: return simd(2, GE, 0, 0, 0, 0, 1, "", "", "", a, b, c);
    case 11: return simd(4, ADD, 0, 0, 0, 1, 0, "", "", "", a, b, c);
    case 12: return simd(4, ADD, 1, 1, 1, 1, 0, "20", "0123", "7654", a, b, c);
    case 13: return simd(4, SUB, 1, 1, 1, 0, 0, "", "", "", a, b, c);
    case 14: return simd(4, AVRG, 0, 0, 0, 0, 0, "", "", "", a, b, c);
    case 15: return simd(4, AVRG, 1, 1, 1, 0, 0, "3210", "", "4567", a, b, c);
    case 16: return simd(4, ABSDIFF, 0, 0, 0, 0, 1, "", "", "", a, b, c);
    case 17: return simd(4, MIN, 1, 1, 1, 1, 0, "", "", "", a, b, c);
    case 18: return simd(4, MAX, 0, 0, 0, 0, 0, "31", "5140", "2637", a, b, c);
    case 19: return simd(4, NE, 0, 0, 0, 0, 0, "", "", "", a, b, c);
    case 20: return simd(4, GT, 0, 1, 1, 0, 1, "321", "", "", a, b, c);
    case 21: return scalar(ADD, 0, 0, 0, 1, 0, 0, "", "", "", a, b, c);
    case 22: return scalar(ADD, 1, 1, 1, 1, 0, 0, "", "", "", a, b, c);
    case 23: return scalar(ADD, 1, 0, 1, 1, 0, 0, "", "b1", "h1", a, b, c);
    case 24: return scalar(SUB, 1, 1, 0, 1, '+', 0, "", "", "b2", a, b, c);
    case 25: return scalar(ABSDIFF, 0, 1, 1, 1, 0, 0, "h1", "h0", "h1", a, b, c);
    case 26: return scalar(MIN, 1, 1, 1, 0, '>', 0, "", "b3", "b0", a, b, c);
    case 27: return scalar(MAX, 0, 0, 0, 0, '<', 0, "", "", "", a, b, c);
    case 28: return scalar(SUB, 0, 0, 0, 0, 0, 0, "b2", "b1", "b3", a, b, c);
    case 29: return scalar(SUB, 1, 1, 1, 1, 0, 0, "b0", "h1", "h0", a, b, c);
    case 30: return scalar(MAX, 1, 1, 1, 1, 0, 0, "h0", "", "", a, b, c);
    case 31: return scalar(LT, 0, 0, 0, 0, 0, 0, "", "", "", a, b, c);
    case 32: return scalar(GE, 0, 1, 1, 0, '+', 0, "", "b1", "b2", a, b, c);
    case 33: return scalar(EQ, 0, 1, 0, 0, 0, 0, "h1", "h0", "h0", a, b, c);
    case 34: return scalar(SHL, 0, 0, 0, 0, 0, 'c', "", "", "", a, b6, c);
    case 35: return scalar(SHR, 1, 1, 0, 0, 0, 'w', "", "", "", a, b6, c);
    case 36: return scalar(SHL, 1, 1, 0, 1, 0, 'c', "", "h0", "", a, b6, c);
    case 37: return scalar(SHR, 0, 0, 0, 0, '+', 'c', "", "", "", a, b6, c);
    case 38: return simd(4, ABSDIFF, 0, 0, 0, 0, 0, "", "", "", a, b, 0);
    default: return simd(4, ABSDIFF, 0, 0, 0, 0, 1, "", "", "", a, b, 0);
    }
}

int main(int argc, char **argv)
{
    setup(argc, argv, "video");
    static uint32_t a[N], b[N], c[N], o[NF * N], e[NF * N];
    /* corner bytes and half-words: 0, 1, the signed and unsigned extremes */
    const uint32_t corner[] = {0, 0x00010001u, 0x7f7f7f7fu, 0x80808080u, 0xffffffffu, 0x7fff8000u,
                               0x80007fffu, 0x01ff80feu, 0xfffe0002u, 0x00000020u, 0x0000001fu, 0x00000021u};
    const int nc = (int)(sizeof corner / sizeof corner[0]);
    for (int i = 0; i < N; i++) {
        a[i] = i < nc * nc ? corner[i % nc] : lcg();
        b[i] = i < nc * nc ? corner[i / nc] : lcg();
        c[i] = lcg();
        if (i % 7 == 0 && i >= nc * nc)
            b[i] = a[i] ^ (lcg() & 0x00ff00ffu); /* some equal fields */
    }
    for (int k = 0; k < NF; k++)
        for (int i = 0; i < N; i++)
            e[k * N + i] = expect(k, a[i], b[i], c[i]);
    uint32_t *pa = a, *pb = b, *pc = c, *po = o;
    void *p[] = {&pa, &pb, &pc, &po};
    if (!launch("video", "video", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p))
        return finish();
    static const char *names[NF] = {
        "vadd2.u32", "vadd2.s32.sat", "vsub2.u32.sat", "vsub2.s32.sat.sel", "vavrg2.u32", "vavrg2.s32.sel",
        "vabsdiff2.s32.sat", "vmin2.add.sel", "vmax2.sel", "vset2.lt", "vset2.ge.add", "vadd4.u32.sat",
        "vadd4.s32.sat.sel", "vsub4.s32", "vavrg4.u32", "vavrg4.s32.sel", "vabsdiff4.add", "vmin4.s32.sat",
        "vmax4.sel", "vset4.ne", "vset4.gt.add", "vadd.u32.sat", "vadd.s32.sat", "vadd.sel.sat",
        "vsub.sat.add", "vabsdiff.merge.h1", "vmin.max", "vmax.min", "vsub.merge.b2", "vsub.sat.merge.b0",
        "vmax.sat.merge.h0", "vset.lt", "vset.ge.add", "vset.eq.merge", "vshl.clamp", "vshr.s32.wrap",
        "vshl.sat.clamp", "vshr.clamp.add", "__vabsdiffu4", "__vsadu4",
    };
    for (int k = 0; k < NF; k++)
        CHECK_INT(names[k], o + k * N, e + k * N, N);

    /* the H100's table: the same kernel on its inputs */
    static uint32_t ga[GPU_ROWS], gb[GPU_ROWS], gc[GPU_ROWS], go[NF * GPU_ROWS], ge[NF * GPU_ROWS],
        gr[NF * GPU_ROWS];
    for (int i = 0; i < GPU_ROWS; i++) {
        ga[i] = gpu_rows[i][0], gb[i] = gpu_rows[i][1], gc[i] = gpu_rows[i][2];
        for (int k = 0; k < NF; k++) {
            ge[k * GPU_ROWS + i] = gpu_rows[i][3 + k];
            gr[k * GPU_ROWS + i] = expect(k, ga[i], gb[i], gc[i]);
        }
    }
    pa = ga, pb = gb, pc = gc, po = go;
    if (!launch("video", "video", d3(GPU_ROWS / 64, 1, 1), d3(64, 1, 1), 0, p))
        return finish();
    char name[64];
    for (int k = 0; k < NF; k++) {
        snprintf(name, sizeof name, "h100.%s", names[k]);
        CHECK_INT(name, go + k * GPU_ROWS, ge + k * GPU_ROWS, GPU_ROWS);
        snprintf(name, sizeof name, "h100.reference.%s", names[k]);
        CHECK_INT(name, gr + k * GPU_ROWS, ge + k * GPU_ROWS, GPU_ROWS);
    }
    return finish();
}
