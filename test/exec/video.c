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
#if 0 // test-file video.cu
// nvcc-flags: -arch=sm_80
// Video instructions: the SIMD families (vadd2 ... vset2, vadd4 ... vset4)
// with selectors, masks, .sat and .add, and the scalar ones (vadd vsub
// vabsdiff vmin vmax vshl vshr vset) with byte/half selectors, .sat, the
// secondary operations and the merge; through inline asm, plus what nvcc
// emits for __vabsdiffu4 and __vsadu4.
#define NF 40

#define V3(k, ins, ds, as, bs)                                                                   \
    asm(ins " %0" ds ", %1" as ", %2" bs ";" : "=r"(r) : "r"(x), "r"(y));                        \
    o[(k) * n + i] = r;
#define V4(k, ins, ds, as, bs)                                                                   \
    asm(ins " %0" ds ", %1" as ", %2" bs ", %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));            \
    o[(k) * n + i] = r;

extern "C" __global__ void video(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x, n = gridDim.x * blockDim.x;
    unsigned x = a[i], y = b[i], z = c[i], r;
    /* SIMD, half-words */
    V4(0, "vadd2.u32.u32.u32", "", "", "")
    V4(1, "vadd2.s32.s32.s32.sat", "", "", "")
    V4(2, "vsub2.u32.u32.u32.sat", "", "", "")
    V4(3, "vsub2.s32.s32.s32.sat", ".h0", ".h01", ".h23")
    V4(4, "vavrg2.u32.u32.u32", "", "", "")
    V4(5, "vavrg2.s32.s32.s32", ".h1", ".h10", ".h30")
    V4(6, "vabsdiff2.s32.s32.s32.sat", "", "", "")
    V4(7, "vmin2.s32.u32.u32.add", ".h10", ".h00", ".h22")
    V4(8, "vmax2.u32.s32.s32", "", ".h12", ".h03")
    V4(9, "vset2.s32.s32.lt", "", "", "")
    V4(10, "vset2.u32.u32.ge.add", "", "", "")
    /* SIMD, bytes */
    V4(11, "vadd4.u32.u32.u32.sat", "", "", "")
    V4(12, "vadd4.s32.s32.s32.sat", ".b20", ".b0123", ".b7654")
    V4(13, "vsub4.s32.s32.s32", "", "", "")
    V4(14, "vavrg4.u32.u32.u32", "", "", "")
    V4(15, "vavrg4.s32.s32.s32", ".b3210", "", ".b4567")
    V4(16, "vabsdiff4.u32.u32.u32.add", "", "", "")
    V4(17, "vmin4.s32.s32.s32.sat", "", "", "")
    V4(18, "vmax4.u32.u32.u32", ".b31", ".b5140", ".b2637")
    V4(19, "vset4.u32.u32.ne", "", "", "")
    V4(20, "vset4.s32.s32.gt.add", ".b321", "", "")
    /* scalar */
    V3(21, "vadd.u32.u32.u32.sat", "", "", "")
    V3(22, "vadd.s32.s32.s32.sat", "", "", "")
    V3(23, "vadd.s32.u32.s32.sat", "", ".b1", ".h1")
    V4(24, "vsub.s32.s32.u32.sat.add", "", "", ".b2")
    V4(25, "vabsdiff.u32.s32.s32.sat", ".h1", ".h0", ".h1")
    V4(26, "vmin.s32.s32.s32.max", "", ".b3", ".b0")
    V4(27, "vmax.u32.u32.u32.min", "", "", "")
    V4(28, "vsub.u32.u32.u32", ".b2", ".b1", ".b3")
    V4(29, "vsub.s32.s32.s32.sat", ".b0", ".h1", ".h0")
    V4(30, "vmax.s32.s32.s32.sat", ".h0", "", "")
    V3(31, "vset.u32.u32.lt", "", "", "")
    V4(32, "vset.s32.s32.ge.add", "", ".b1", ".b2")
    V4(33, "vset.s32.u32.eq", ".h1", ".h0", ".h0")
    y &= 63; /* shift counts around 32 */
    V3(34, "vshl.u32.u32.u32.clamp", "", "", "")
    V3(35, "vshr.s32.s32.u32.wrap", "", "", "")
    V3(36, "vshl.s32.s32.u32.sat.clamp", "", ".h0", "")
    V4(37, "vshr.u32.u32.u32.clamp.add", "", "", "")
    y = b[i];
    o[38 * n + i] = __vabsdiffu4(x, y);
    o[39 * n + i] = __vsadu4(x, y);
}
#endif // end of video.cu
#if 0 // test-file video.ptx
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

	// .globl	video

.visible .entry video(
	.param .u64 video_param_0,
	.param .u64 video_param_1,
	.param .u64 video_param_2,
	.param .u64 video_param_3
)
{
	.reg .b32 	%r<162>;
	.reg .b64 	%rd<55>;


	ld.param.u64 	%rd1, [video_param_0];
	ld.param.u64 	%rd2, [video_param_1];
	ld.param.u64 	%rd3, [video_param_2];
	ld.param.u64 	%rd4, [video_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r154, %tid.x;
	mov.u32 	%r155, %ctaid.x;
	mov.u32 	%r156, %ntid.x;
	mad.lo.s32 	%r157, %r155, %r156, %r154;
	mov.u32 	%r158, %nctaid.x;
	mul.lo.s32 	%r159, %r158, %r156;
	mul.wide.s32 	%rd9, %r157, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r2, [%rd10];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r3, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.u32 	%r4, [%rd12];
	// begin inline asm
	vadd2.u32.u32.u32 %r1, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.u32 	[%rd13], %r1;
	// begin inline asm
	vadd2.s32.s32.s32.sat %r5, %r2, %r3, %r4;
	// end inline asm
	add.s32 	%r160, %r157, %r159;
	mul.wide.s32 	%rd14, %r159, 4;
	add.s64 	%rd15, %rd13, %rd14;
	st.global.u32 	[%rd15], %r5;
	// begin inline asm
	vsub2.u32.u32.u32.sat %r9, %r2, %r3, %r4;
	// end inline asm
	add.s32 	%r161, %r160, %r159;
	mul.wide.s32 	%rd16, %r161, 4;
	add.s64 	%rd17, %rd5, %rd16;
	st.global.u32 	[%rd17], %r9;
	// begin inline asm
	vsub2.s32.s32.s32.sat %r13.h0, %r2.h01, %r3.h23, %r4;
	// end inline asm
	add.s64 	%rd18, %rd17, %rd14;
	st.global.u32 	[%rd18], %r13;
	// begin inline asm
	vavrg2.u32.u32.u32 %r17, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd19, %rd18, %rd14;
	st.global.u32 	[%rd19], %r17;
	// begin inline asm
	vavrg2.s32.s32.s32 %r21.h1, %r2.h10, %r3.h30, %r4;
	// end inline asm
	add.s64 	%rd20, %rd19, %rd14;
	st.global.u32 	[%rd20], %r21;
	// begin inline asm
	vabsdiff2.s32.s32.s32.sat %r25, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd21, %rd20, %rd14;
	st.global.u32 	[%rd21], %r25;
	// begin inline asm
	vmin2.s32.u32.u32.add %r29.h10, %r2.h00, %r3.h22, %r4;
	// end inline asm
	add.s64 	%rd22, %rd21, %rd14;
	st.global.u32 	[%rd22], %r29;
	// begin inline asm
	vmax2.u32.s32.s32 %r33, %r2.h12, %r3.h03, %r4;
	// end inline asm
	add.s64 	%rd23, %rd22, %rd14;
	st.global.u32 	[%rd23], %r33;
	// begin inline asm
	vset2.s32.s32.lt %r37, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd24, %rd23, %rd14;
	st.global.u32 	[%rd24], %r37;
	// begin inline asm
	vset2.u32.u32.ge.add %r41, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd25, %rd24, %rd14;
	st.global.u32 	[%rd25], %r41;
	// begin inline asm
	vadd4.u32.u32.u32.sat %r45, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd26, %rd25, %rd14;
	st.global.u32 	[%rd26], %r45;
	// begin inline asm
	vadd4.s32.s32.s32.sat %r49.b20, %r2.b0123, %r3.b7654, %r4;
	// end inline asm
	add.s64 	%rd27, %rd26, %rd14;
	st.global.u32 	[%rd27], %r49;
	// begin inline asm
	vsub4.s32.s32.s32 %r53, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd28, %rd27, %rd14;
	st.global.u32 	[%rd28], %r53;
	// begin inline asm
	vavrg4.u32.u32.u32 %r57, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd29, %rd28, %rd14;
	st.global.u32 	[%rd29], %r57;
	// begin inline asm
	vavrg4.s32.s32.s32 %r61.b3210, %r2, %r3.b4567, %r4;
	// end inline asm
	add.s64 	%rd30, %rd29, %rd14;
	st.global.u32 	[%rd30], %r61;
	// begin inline asm
	vabsdiff4.u32.u32.u32.add %r65, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd31, %rd30, %rd14;
	st.global.u32 	[%rd31], %r65;
	// begin inline asm
	vmin4.s32.s32.s32.sat %r69, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd32, %rd31, %rd14;
	st.global.u32 	[%rd32], %r69;
	// begin inline asm
	vmax4.u32.u32.u32 %r73.b31, %r2.b5140, %r3.b2637, %r4;
	// end inline asm
	add.s64 	%rd33, %rd32, %rd14;
	st.global.u32 	[%rd33], %r73;
	// begin inline asm
	vset4.u32.u32.ne %r77, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd34, %rd33, %rd14;
	st.global.u32 	[%rd34], %r77;
	// begin inline asm
	vset4.s32.s32.gt.add %r81.b321, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd35, %rd34, %rd14;
	st.global.u32 	[%rd35], %r81;
	// begin inline asm
	vadd.u32.u32.u32.sat %r85, %r2, %r3;
	// end inline asm
	add.s64 	%rd36, %rd35, %rd14;
	st.global.u32 	[%rd36], %r85;
	// begin inline asm
	vadd.s32.s32.s32.sat %r88, %r2, %r3;
	// end inline asm
	add.s64 	%rd37, %rd36, %rd14;
	st.global.u32 	[%rd37], %r88;
	// begin inline asm
	vadd.s32.u32.s32.sat %r91, %r2.b1, %r3.h1;
	// end inline asm
	add.s64 	%rd38, %rd37, %rd14;
	st.global.u32 	[%rd38], %r91;
	// begin inline asm
	vsub.s32.s32.u32.sat.add %r94, %r2, %r3.b2, %r4;
	// end inline asm
	add.s64 	%rd39, %rd38, %rd14;
	st.global.u32 	[%rd39], %r94;
	// begin inline asm
	vabsdiff.u32.s32.s32.sat %r98.h1, %r2.h0, %r3.h1, %r4;
	// end inline asm
	add.s64 	%rd40, %rd39, %rd14;
	st.global.u32 	[%rd40], %r98;
	// begin inline asm
	vmin.s32.s32.s32.max %r102, %r2.b3, %r3.b0, %r4;
	// end inline asm
	add.s64 	%rd41, %rd40, %rd14;
	st.global.u32 	[%rd41], %r102;
	// begin inline asm
	vmax.u32.u32.u32.min %r106, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd42, %rd41, %rd14;
	st.global.u32 	[%rd42], %r106;
	// begin inline asm
	vsub.u32.u32.u32 %r110.b2, %r2.b1, %r3.b3, %r4;
	// end inline asm
	add.s64 	%rd43, %rd42, %rd14;
	st.global.u32 	[%rd43], %r110;
	// begin inline asm
	vsub.s32.s32.s32.sat %r114.b0, %r2.h1, %r3.h0, %r4;
	// end inline asm
	add.s64 	%rd44, %rd43, %rd14;
	st.global.u32 	[%rd44], %r114;
	// begin inline asm
	vmax.s32.s32.s32.sat %r118.h0, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd45, %rd44, %rd14;
	st.global.u32 	[%rd45], %r118;
	// begin inline asm
	vset.u32.u32.lt %r122, %r2, %r3;
	// end inline asm
	add.s64 	%rd46, %rd45, %rd14;
	st.global.u32 	[%rd46], %r122;
	// begin inline asm
	vset.s32.s32.ge.add %r125, %r2.b1, %r3.b2, %r4;
	// end inline asm
	add.s64 	%rd47, %rd46, %rd14;
	st.global.u32 	[%rd47], %r125;
	// begin inline asm
	vset.s32.u32.eq %r129.h1, %r2.h0, %r3.h0, %r4;
	// end inline asm
	add.s64 	%rd48, %rd47, %rd14;
	st.global.u32 	[%rd48], %r129;
	and.b32  	%r144, %r3, 63;
	// begin inline asm
	vshl.u32.u32.u32.clamp %r133, %r2, %r144;
	// end inline asm
	add.s64 	%rd49, %rd48, %rd14;
	st.global.u32 	[%rd49], %r133;
	// begin inline asm
	vshr.s32.s32.u32.wrap %r136, %r2, %r144;
	// end inline asm
	add.s64 	%rd50, %rd49, %rd14;
	st.global.u32 	[%rd50], %r136;
	// begin inline asm
	vshl.s32.s32.u32.sat.clamp %r139, %r2.h0, %r144;
	// end inline asm
	add.s64 	%rd51, %rd50, %rd14;
	st.global.u32 	[%rd51], %r139;
	// begin inline asm
	vshr.u32.u32.u32.clamp.add %r142, %r2, %r144, %r4;
	// end inline asm
	add.s64 	%rd52, %rd51, %rd14;
	st.global.u32 	[%rd52], %r142;
	ld.global.u32 	%r148, [%rd11];
	mov.u32 	%r150, 0;
	mov.u32 	%r146, %r150;
	// begin inline asm
	vabsdiff4.u32.u32.u32 %r146,%r2,%r148,%r146;
	// end inline asm
	add.s64 	%rd53, %rd52, %rd14;
	st.global.u32 	[%rd53], %r146;
	// begin inline asm
	vabsdiff4.u32.u32.u32.add %r150,%r2,%r148,%r150;
	// end inline asm
	add.s64 	%rd54, %rd53, %rd14;
	st.global.u32 	[%rd54], %r150;
	ret;

}

#endif // end of video.ptx
