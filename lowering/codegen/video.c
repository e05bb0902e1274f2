/* video.c — the video instructions (PTX ISA, "Video Instructions").
 *
 * Scalar: vadd vsub vabsdiff vmin vmax vshl vshr vset.
 *     vop.dtype.atype.btype{.sat}{.op2} d[.dsel], a[.asel], b[.bsel][, c]
 * a and b are a byte (.b0-.b3), a half-word (.h0 .h1) or the word,
 * sign- or zero-extended by their type; the operation is exact (in i64
 * here, wider than the manual's 34 bits); .sat clamps to the range of
 * dtype, or of the byte or half-word that .dsel names; then either the
 * secondary operation .add/.min/.max with c (extended by dtype), or the
 * merge of the low byte or half-word into that field of c (.dsel), or the
 * low 32 bits.  vshl/vshr shift by b, clamped to 32 (.clamp) or modulo 32
 * (.wrap); vset gives 1 or 0 (no dtype, no .sat).
 *
 * Where an H100 (CUDA 13) departs from that reading of the manual we
 * follow the GPU (test/exec/video_gpu.inc holds its results):
 *   - .sat into a .dsel byte or half-word is min(t mod 2^32, max) in
 *     unsigned arithmetic, max the field's largest value for dtype (0x7f,
 *     0x7fff for .s32; 0xff, 0xffff for .u32): a negative .s32 result gives
 *     the maximum, not the minimum;
 *   - .sat of a .s32 word clamps t wrapped to 34 bits (the manual's tmp
 *     width): vshl.s32.sat of a value shifted past bit 33 gives those bits;
 *   - .sat of a .u32 word does nothing: the low 32 bits, wrapped;
 *   - the .h1 merge takes bits 16-31 of the result in place, not its low
 *     half (.b1-.b3 and .h0 move the low bits up, as the manual says).
 * Observed: vadd.u32.u32.u32.sat, vsub.s32.sat into .b0, vmax.s32.sat
 * into .h0, vabsdiff.u32.sat and vset into .h1, vshl.s32.sat.clamp; the
 * other combinations follow the same rules, untested on a GPU.
 *
 * SIMD: vadd2 vsub2 vavrg2 vabsdiff2 vmin2 vmax2 vset2 on half-words and
 * the same on bytes (vop4).
 *     vopN.dtype.atype.btype{.sat} d[.mask], a[.asel], b[.bsel], c
 *     vopN.dtype.atype.btype.add   d[.mask], a[.asel], b[.bsel], c
 * Element i of a (of b) is the field of the 64-bit {b, a} that digit i of
 * .asel (.bsel) names, the last digit element 0 (defaults .h10/.b3210 and
 * .h32/.b7654); .sat clamps each result to the field's range; then either
 * the merge (field i of d is result i where .mask names i, else field i
 * of c) or .add (c plus the sum of the named results).  vavrg rounds half
 * away from zero; vsetN gives 1 or 0 per field.
 *
 * vmad, the manual's pseudo-code in 128 bits (not yet checked on a GPU):
 *     vmad.dtype.atype.btype{.po}{.sat}{.shr7|.shr15} d, {-}a[.asel], {-}b[.bsel], {-}c
 * signed = atype or btype .s32, or a negated product or c; t = a * b
 * (a, b extended as above); .po adds 1; else a negated product (exactly
 * one of -a, -b) is ~t + 1, else a negated c is ~c + 1 (the parser
 * rejects both, and either with .po); then + c (extended by signed, not by
 * dtype), >> 7 or 15 (arithmetic), .sat clamps to s32 if signed, else to
 * u32; d is the low 32 bits.
 */
#include <string.h>

#include "emit.h"

static LLVMTypeRef
i64_like(Emit *e, bool vec)
{
    return vec ? LLVMVectorType(e->t_i64, WARP) : e->t_i64;
}

static LLVMValueRef
k64(Emit *e, bool vec, int64_t v)
{
    LLVMValueRef c = LLVMConstInt(e->t_i64, (unsigned long long)v, 1);
    return vec ? emit_splat(e, c) : c;
}

/* Operand i as a zero-extended i64. */
static LLVMValueRef
word(Emit *e, const Instr *in, int i, bool vec)
{
    return LLVMBuildZExt(e->b, inst_operand(e, &in->opnd[i], TY_U32, vec), i64_like(e, vec), "");
}

/* The `bits`-bit field of x at bit `shift`, sign- or zero-extended. */
static LLVMValueRef
field(Emit *e, LLVMValueRef x, bool vec, int shift, int bits, bool sign)
{
    x = LLVMBuildShl(e->b, x, k64(e, vec, 64 - shift - bits), "");
    return sign ? LLVMBuildAShr(e->b, x, k64(e, vec, 64 - bits), "")
                : LLVMBuildLShr(e->b, x, k64(e, vec, 64 - bits), "");
}

static LLVMValueRef
smin(Emit *e, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, a, b, ""), a, b, "");
}

static LLVMValueRef
smax(Emit *e, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSGT, a, b, ""), a, b, "");
}

/* Clamps x to the range of a `bits`-bit signed or unsigned integer. */
static LLVMValueRef
clamp(Emit *e, LLVMValueRef x, bool vec, int bits, bool sign)
{
    int64_t lo = sign ? -(INT64_C(1) << (bits - 1)) : 0;
    int64_t hi = sign ? (INT64_C(1) << (bits - 1)) - 1 : (INT64_C(1) << bits) - 1;
    return smin(e, smax(e, x, k64(e, vec, lo)), k64(e, vec, hi));
}

static bool
is_sint(PtxType t)
{
    return type_kind(t) == TK_SINT;
}

static bool
is_vset(Opcode op)
{
    return op == OP_VSET || op == OP_VSET2 || op == OP_VSET4;
}

static LLVMIntPredicate
vset_pred(const Instr *in, bool *ok)
{
    *ok = true;
    for (int i = 0; i < in->nmods; i++)
        switch (in->mods[i]) {
        case MOD_EQ: return LLVMIntEQ;
        case MOD_NE: return LLVMIntNE;
        case MOD_LT: return LLVMIntSLT;
        case MOD_LE: return LLVMIntSLE;
        case MOD_GT: return LLVMIntSGT;
        case MOD_GE: return LLVMIntSGE;
        default: break;
        }
    *ok = false;
    return LLVMIntEQ;
}

/* The operation on two extended values (every family member but vshl/vshr). */
static LLVMValueRef
video_op(Emit *e, const Instr *in, LLVMValueRef a, LLVMValueRef b, bool vec)
{
    bool ok;
    switch (in->op) {
    case OP_VADD:
    case OP_VADD2:
    case OP_VADD4: return LLVMBuildAdd(e->b, a, b, "");
    case OP_VSUB:
    case OP_VSUB2:
    case OP_VSUB4: return LLVMBuildSub(e->b, a, b, "");
    case OP_VABSDIFF:
    case OP_VABSDIFF2:
    case OP_VABSDIFF4: {
        LLVMValueRef d = LLVMBuildSub(e->b, a, b, "");
        return smax(e, d, LLVMBuildNeg(e->b, d, ""));
    }
    case OP_VMIN:
    case OP_VMIN2:
    case OP_VMIN4: return smin(e, a, b);
    case OP_VMAX:
    case OP_VMAX2:
    case OP_VMAX4: return smax(e, a, b);
    case OP_VAVRG2:
    case OP_VAVRG4: { /* (s + 1) >> 1 when s >= 0, else s >> 1 */
        LLVMValueRef s = LLVMBuildAdd(e->b, a, b, "");
        LLVMValueRef up =
            LLVMBuildAShr(e->b, LLVMBuildAdd(e->b, s, k64(e, vec, 1), ""), k64(e, vec, 1), "");
        LLVMValueRef down = LLVMBuildAShr(e->b, s, k64(e, vec, 1), "");
        return LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSGE, s, k64(e, vec, 0), ""), up,
                               down, "");
    }
    default: { /* vset, vset2, vset4 */
        LLVMIntPredicate p = vset_pred(in, &ok);
        return LLVMBuildZExt(e->b, LLVMBuildICmp(e->b, p, a, b, ""), i64_like(e, vec), "");
    }
    }
}

static bool
varying(Emit *e, const Instr *in)
{
    bool vec = false;
    for (int i = 0; i < in->nopnd; i++)
        vec |= operand_varying(e, &in->opnd[i]);
    return vec;
}

/* A scalar selector: field shift and width (whole word: 0, 32); false if
 * it is not one of .b0-.b3 .h0 .h1. */
static bool
scalar_sel(const char *sel, int *shift, int *bits)
{
    *shift = 0, *bits = 32;
    if (!sel)
        return true;
    if (strlen(sel) != 2)
        return false;
    if (sel[0] == 'b' && sel[1] <= '3')
        return *shift = 8 * (sel[1] - '0'), *bits = 8, true;
    if (sel[0] == 'h' && sel[1] <= '1')
        return *shift = 16 * (sel[1] - '0'), *bits = 16, true;
    return false;
}

static Mod
op2_of(const Instr *in)
{
    for (int i = 0; i < in->nmods; i++)
        if (in->mods[i] == MOD_ADD || in->mods[i] == MOD_MIN || in->mods[i] == MOD_MAX)
            return in->mods[i];
    return MOD_NONE;
}

static void
unsupported(Emit *e, const Instr *in)
{
    emit_unsupported(e, in->loc, arena_printf(e->arena, "this form of '%s'", opcode_name(in->op)));
}

/* The scalar .sat as an H100 computes it (see the top): a .dsel field
 * takes the unsigned minimum of the result's low 32 bits and the field's
 * maximum; a .s32 word clamps the result wrapped to 34 bits; a .u32 word
 * is the result's low 32 bits. */
static LLVMValueRef
scalar_sat(Emit *e, LLVMValueRef t, bool vec, bool field, int bits, bool sign)
{
    if (field) {
        LLVMValueRef lo = LLVMBuildAnd(e->b, t, k64(e, vec, 0xffffffff), "");
        LLVMValueRef hi =
            k64(e, vec, sign ? (INT64_C(1) << (bits - 1)) - 1 : (INT64_C(1) << bits) - 1);
        return smin(e, lo, hi);
    }
    if (!sign)
        return t;
    t = LLVMBuildAShr(e->b, LLVMBuildShl(e->b, t, k64(e, vec, 30), ""), k64(e, vec, 30), "");
    return clamp(e, t, vec, 32, true);
}

static void
emit_scalar(Emit *e, const Instr *in)
{
    bool vset = in->op == OP_VSET, shift_op = in->op == OP_VSHL || in->op == OP_VSHR;
    int nt = vset ? 2 : 3;
    Mod op2 = op2_of(in);
    bool sat = instr_has_mod(in, MOD_SAT), clampm = instr_has_mod(in, MOD_CLAMP),
         wrap = instr_has_mod(in, MOD_WRAP);
    const char *dsel = in->opnd[0].sel;
    int ash, abits, bsh, bbits, dsh, dbits;
    bool ok = in->ntype == nt && scalar_sel(in->opnd[1].sel, &ash, &abits) &&
              scalar_sel(in->opnd[2].sel, &bsh, &bbits) && scalar_sel(dsel, &dsh, &dbits) &&
              (in->nopnd == 4) == (op2 != MOD_NONE || dsel) && !(op2 != MOD_NONE && dsel) &&
              (shift_op ? clampm != wrap && in->type[2] == TY_U32 : !clampm && !wrap) &&
              !(vset && sat);
    for (int i = 0; i < in->ntype; i++)
        ok &= in->type[i] == TY_U32 || in->type[i] == TY_S32;
    if (!ok) {
        unsupported(e, in);
        return;
    }
    PtxType dt = vset ? TY_U32 : in->type[0], at = in->type[nt - 2], bt = in->type[nt - 1];
    bool vec = varying(e, in);
    LLVMValueRef a = field(e, word(e, in, 1, vec), vec, ash, abits, is_sint(at));
    LLVMValueRef b = field(e, word(e, in, 2, vec), vec, bsh, bbits, is_sint(bt));
    LLVMValueRef t;
    if (shift_op) {
        LLVMValueRef n =
            wrap ? LLVMBuildAnd(e->b, b, k64(e, vec, 31), "") : smin(e, b, k64(e, vec, 32));
        t = in->op == OP_VSHL ? LLVMBuildShl(e->b, a, n, "") : LLVMBuildAShr(e->b, a, n, "");
    } else {
        t = video_op(e, in, a, b, vec);
    }
    if (sat)
        t = scalar_sat(e, t, vec, dsel != NULL, dbits, is_sint(dt));
    if (op2 != MOD_NONE) {
        LLVMValueRef c = field(e, word(e, in, 3, vec), vec, 0, 32, is_sint(dt));
        t = op2 == MOD_ADD   ? LLVMBuildAdd(e->b, t, c, "")
            : op2 == MOD_MIN ? smin(e, t, c)
                             : smax(e, t, c);
    } else if (dsel) {
        int64_t m = ((INT64_C(1) << dbits) - 1) << dsh;
        LLVMValueRef c = LLVMBuildAnd(e->b, word(e, in, 3, vec), k64(e, vec, ~m & 0xffffffff), "");
        if (strcmp(dsel, "h1") != 0) /* the GPU keeps .h1's bits in place (see the top) */
            t = LLVMBuildShl(e->b, t, k64(e, vec, dsh), "");
        t = LLVMBuildAnd(e->b, t, k64(e, vec, m), "");
        t = LLVMBuildOr(e->b, t, c, "");
    }
    inst_write(e, &in->opnd[0], TY_U32,
               LLVMBuildTrunc(e->b, t, vec ? LLVMVectorType(e->t_i32, WARP) : e->t_i32, ""));
}

/* A SIMD selector of n elements ("h10", "b7654"): digit i from the right
 * is element i's field; false if malformed. */
static bool
simd_sel(const char *sel, const char *dflt, int n, int fields[4])
{
    if (!sel)
        sel = dflt;
    if ((int)strlen(sel) != n + 1 || sel[0] != dflt[0])
        return false;
    for (int i = 0; i < n; i++)
        fields[i] = sel[n - i] - '0';
    return true;
}

/* The mask: which of the n elements the result keeps; false if malformed. */
static bool
simd_mask(const char *sel, char letter, int n, bool keep[4])
{
    for (int i = 0; i < n; i++)
        keep[i] = !sel;
    if (!sel)
        return true;
    size_t len = strlen(sel);
    if (sel[0] != letter || len < 2 || len > (size_t)n + 1)
        return false;
    for (size_t i = 1; i < len; i++) {
        int k = sel[i] - '0';
        if (k >= n || keep[k])
            return false;
        keep[k] = true;
    }
    return true;
}

static void
emit_simd(Emit *e, const Instr *in)
{
    bool four = in->op >= OP_VADD4, vset = is_vset(in->op);
    int n = four ? 4 : 2, fw = 32 / n, nt = vset ? 2 : 3;
    bool add = instr_has_mod(in, MOD_ADD), sat = instr_has_mod(in, MOD_SAT);
    int fa[4], fb[4];
    bool keep[4];
    bool ok = in->ntype == nt && !(add && sat) && !(vset && sat) && op2_of(in) != MOD_MIN &&
              op2_of(in) != MOD_MAX && simd_sel(in->opnd[1].sel, four ? "b3210" : "h10", n, fa) &&
              simd_sel(in->opnd[2].sel, four ? "b7654" : "h32", n, fb) &&
              simd_mask(in->opnd[0].sel, four ? 'b' : 'h', n, keep);
    for (int i = 0; i < in->ntype; i++)
        ok &= in->type[i] == TY_U32 || in->type[i] == TY_S32;
    if (!ok) {
        unsupported(e, in);
        return;
    }
    PtxType dt = vset ? TY_U32 : in->type[0], at = in->type[nt - 2], bt = in->type[nt - 1];
    bool vec = varying(e, in);
    LLVMValueRef ab = LLVMBuildOr(e->b, word(e, in, 1, vec),
                                  LLVMBuildShl(e->b, word(e, in, 2, vec), k64(e, vec, 32), ""), "");
    LLVMValueRef c = word(e, in, 3, vec);
    LLVMValueRef d = add ? c : k64(e, vec, 0);
    for (int i = 0; i < n; i++) {
        LLVMValueRef va = field(e, ab, vec, fw * fa[i], fw, is_sint(at));
        LLVMValueRef vb = field(e, ab, vec, fw * fb[i], fw, is_sint(bt));
        LLVMValueRef t = video_op(e, in, va, vb, vec);
        if (sat)
            t = clamp(e, t, vec, fw, is_sint(dt));
        if (add) {
            if (keep[i])
                d = LLVMBuildAdd(e->b, d, t, "");
            continue;
        }
        LLVMValueRef f = keep[i] ? t : LLVMBuildLShr(e->b, c, k64(e, vec, fw * i), "");
        f = LLVMBuildAnd(e->b, f, k64(e, vec, (INT64_C(1) << fw) - 1), "");
        d = LLVMBuildOr(e->b, d, LLVMBuildShl(e->b, f, k64(e, vec, fw * i), ""), "");
    }
    inst_write(e, &in->opnd[0], TY_U32,
               LLVMBuildTrunc(e->b, d, vec ? LLVMVectorType(e->t_i32, WARP) : e->t_i32, ""));
}

static LLVMValueRef
splat_if(Emit *e, bool vec, LLVMValueRef c)
{
    return vec ? emit_splat(e, c) : c;
}

static void
emit_vmad(Emit *e, const Instr *in)
{
    bool sat = instr_has_mod(in, MOD_SAT), po = instr_has_mod(in, MOD_PO);
    bool shr7 = instr_has_mod(in, MOD_SHR7), shr15 = instr_has_mod(in, MOD_SHR15);
    int ash, abits, bsh, bbits;
    bool ok = in->ntype == 3 && in->nopnd == 4 && !(shr7 && shr15) && !in->opnd[0].sel &&
              !in->opnd[3].sel && scalar_sel(in->opnd[1].sel, &ash, &abits) &&
              scalar_sel(in->opnd[2].sel, &bsh, &bbits);
    for (int i = 0; i < in->ntype; i++)
        ok &= in->type[i] == TY_U32 || in->type[i] == TY_S32;
    bool cmp;
    vset_pred(in, &cmp);
    ok &= !cmp && op2_of(in) == MOD_NONE && !instr_has_mod(in, MOD_CLAMP) &&
          !instr_has_mod(in, MOD_WRAP);
    if (!ok) {
        unsupported(e, in);
        return;
    }
    bool vec = varying(e, in), na = in->opnd[1].minus, nb = in->opnd[2].minus,
         nc = in->opnd[3].minus;
    bool sign = is_sint(in->type[1]) || is_sint(in->type[2]) || na != nb || nc;
    LLVMTypeRef t128 = LLVMInt128TypeInContext(e->ctx);
    LLVMTypeRef ty = vec ? LLVMVectorType(t128, WARP) : t128;
#define K128(v) splat_if(e, vec, LLVMConstInt(t128, (unsigned long long)(v), 1))
    LLVMValueRef a = field(e, word(e, in, 1, vec), vec, ash, abits, is_sint(in->type[1]));
    LLVMValueRef b = field(e, word(e, in, 2, vec), vec, bsh, bbits, is_sint(in->type[2]));
    LLVMValueRef t =
        LLVMBuildMul(e->b, LLVMBuildSExt(e->b, a, ty, ""), LLVMBuildSExt(e->b, b, ty, ""), "");
    LLVMValueRef c = inst_operand(e, &in->opnd[3], TY_U32, vec);
    bool lsb = po || na != nb || nc;
    if (!po && na != nb)
        t = LLVMBuildNot(e->b, t, "");
    else if (!po && nc)
        c = LLVMBuildNot(e->b, c, "");
    c = sign ? LLVMBuildSExt(e->b, c, ty, "") : LLVMBuildZExt(e->b, c, ty, "");
    t = LLVMBuildAdd(e->b, LLVMBuildAdd(e->b, t, c, ""), K128(lsb), "");
    if (shr7 || shr15) t = LLVMBuildAShr(e->b, t, K128(shr7 ? 7 : 15), "");
    if (sat) {
        LLVMValueRef lo = sign ? K128(INT32_MIN) : K128(0),
                     hi = sign ? K128(INT32_MAX) : K128(UINT32_MAX);
        t = smin(e, smax(e, t, lo), hi);
    }
#undef K128
    inst_write(e, &in->opnd[0], TY_U32,
               LLVMBuildTrunc(e->b, t, vec ? LLVMVectorType(e->t_i32, WARP) : e->t_i32, ""));
}

void
video_emit(Emit *e, const Instr *in)
{
    if (in->op == OP_VMAD) {
        emit_vmad(e, in);
        return;
    }
    if (is_vset(in->op)) {
        bool ok;
        vset_pred(in, &ok);
        if (!ok) {
            unsupported(e, in);
            return;
        }
    }
    if (in->op >= OP_VADD2)
        emit_simd(e, in);
    else
        emit_scalar(e, in);
}
