/* arith.c — integer and float arithmetic (add ... fma) and the math
 * functions (rcp sqrt rsqrt sin cos lg2 ex2 tanh), halves included.
 *
 * An instruction is scalar when its destination is uniform (its sources
 * then are too), and a <32 x T> vector operation otherwise, with uniform
 * sources splatted.  A write to a varying register in a block that may run
 * with some lanes off keeps the other lanes' values (a select on the mask).
 */
#include <math.h>
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

/* Float results: .ftz and .sat applied. */
static LLVMValueRef
ffinish(Emit *e, const Instr *in, LLVMValueRef r)
{
    if (instr_has_mod(in, MOD_FTZ))
        r = ftz(e, r);
    if (instr_has_mod(in, MOD_SAT))
        r = fsat(e, r);
    return r;
}

static void
fsources_ftz(Emit *e, const Instr *in, Ops *s, int n)
{
    if (instr_has_mod(in, MOD_FTZ))
        for (int i = 0; i < n; i++)
            s->a[i] = ftz(e, s->a[i]);
}

/* Integer saturating add/sub for .s32 .sat. */
static LLVMValueRef
int_sat(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b)
{
    return call2(e, name, a, b);
}

static LLVMValueRef
widen(Emit *e, LLVMValueRef v, bool sign)
{
    unsigned w = LLVMGetIntTypeWidth(elem_type(v));
    LLVMTypeRef t = like(LLVMIntTypeInContext(e->ctx, 2 * w), emit_is_vec(v));
    return sign ? LLVMBuildSExt(e->b, v, t, "") : LLVMBuildZExt(e->b, v, t, "");
}

static LLVMValueRef
high_half(Emit *e, LLVMValueRef wide, LLVMTypeRef narrow)
{
    unsigned w = LLVMGetIntTypeWidth(narrow);
    LLVMValueRef sh = LLVMBuildLShr(e->b, wide, cst(e, wide, 0, w), "");
    return LLVMBuildTrunc(e->b, sh, like(narrow, emit_is_vec(wide)), "");
}

/* mul and mad: .lo .hi .wide for integers; the product, then the addend. */
static LLVMValueRef
int_mul(Emit *e, const Instr *in, Ops *s, PtxType *out_ty)
{
    bool sign = type_signed(s->ty);
    *out_ty = s->ty;
    if (instr_has_mod(in, MOD_WIDE)) {
        LLVMValueRef p = LLVMBuildMul(e->b, widen(e, s->a[0], sign), widen(e, s->a[1], sign), "");
        *out_ty = type_bits(s->ty) == 16 ? (sign ? TY_S32 : TY_U32) : (sign ? TY_S64 : TY_U64);
        return p;
    }
    if (instr_has_mod(in, MOD_HI)) {
        LLVMValueRef p = LLVMBuildMul(e->b, widen(e, s->a[0], sign), widen(e, s->a[1], sign), "");
        return high_half(e, p, s->t);
    }
    return LLVMBuildMul(e->b, s->a[0], s->a[1], "");
}

/* add.cc addc sub.cc subc mad.lo.cc madc: the carry flag CC.CF lives in a
 * <32 x i1> slot; sub and subc take the borrow. */
static void
emit_carry(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    if (type_bits(ty) != 32 && type_bits(ty) != 64) {
        emit_unsupported(e, in->loc, "carry arithmetic of this type");
        return;
    }
    bool mad = in->op == OP_MAD || in->op == OP_MADC;
    Ops s = sources(e, in, ty, mad ? 3 : 2);
    bool use_cf = in->op == OP_ADDC || in->op == OP_SUBC || in->op == OP_MADC;
    bool set_cf = instr_has_mod(in, MOD_CC);
    bool sub = in->op == OP_SUB || in->op == OP_SUBC;
    LLVMValueRef a = s.a[0], b = s.a[1];
    if (mad) {
        if (instr_has_mod(in, MOD_HI)) {
            bool sg = type_signed(ty);
            a = high_half(e, LLVMBuildMul(e->b, widen(e, s.a[0], sg), widen(e, s.a[1], sg), ""),
                          s.t);
        } else {
            a = LLVMBuildMul(e->b, s.a[0], s.a[1], "");
        }
        b = s.a[2];
    }
    LLVMValueRef cf = NULL;
    if (use_cf) {
        LLVMValueRef c = LLVMBuildLoad2(e->b, e->t_v32i1, e->fs.carry_slot, "cf");
        cf = s.vec ? c : LLVMBuildExtractElement(e->b, c, LLVMConstInt(e->t_i32, 0, 0), "");
        cf = LLVMBuildZExt(e->b, cf, LLVMTypeOf(a), "");
    }
    const char *op = sub ? "llvm.usub.with.overflow" : "llvm.uadd.with.overflow";
    LLVMValueRef r1 = call2(e, op, a, b);
    LLVMValueRef r = LLVMBuildExtractValue(e->b, r1, 0, "");
    LLVMValueRef o = LLVMBuildExtractValue(e->b, r1, 1, "");
    if (cf) {
        LLVMValueRef r2 = call2(e, op, r, cf);
        r = LLVMBuildExtractValue(e->b, r2, 0, "");
        o = LLVMBuildOr(e->b, o, LLVMBuildExtractValue(e->b, r2, 1, ""), "");
    }
    if (set_cf) {
        LLVMValueRef old = LLVMBuildLoad2(e->b, e->t_v32i1, e->fs.carry_slot, "");
        LLVMValueRef nv = emit_splat(e, o);
        if (s.vec && e->fs.partial)
            nv = LLVMBuildSelect(e->b, emit_mask_vec(e, e->fs.imask ? e->fs.imask : emit_mask(e)),
                                 nv, old, "");
        LLVMBuildStore(e->b, nv, e->fs.carry_slot);
    }
    inst_write(e, &in->opnd[0], ty, r);
}

/* A canonical NaN shaped like v (f32 or f64; rounds to f16's and bf16's
 * canonical 0x7fff as well). */
static LLVMValueRef
canonical_nan(Emit *e, LLVMValueRef v)
{
    bool d = elem_type(v) == e->t_f64;
    LLVMValueRef bits = cst(e, LLVMBuildBitCast(e->b, v, shaped(v, d ? e->t_i64 : e->t_i32), ""), 0,
                            d ? 0x7fffffffffffffffull : 0x7fffffff);
    return LLVMBuildBitCast(e->b, bits, LLVMTypeOf(v), "");
}

/* min and max of floats (f32, f64, or halves widened to f32) as the ISA
 * writes them: (a < b) ? a : b, so equal operands (+0, -0) give b; a NaN
 * operand gives the other one (.NaN: a canonical NaN), two give a
 * canonical NaN.  .xorsign.abs compares magnitudes and gives a non-NaN
 * result the xor of the operands' signs. */
static LLVMValueRef
fminmax(Emit *e, const Instr *in, LLVMValueRef a, LLVMValueRef b, bool mx)
{
    bool xs = instr_has_mod(in, MOD_XORSIGN);
    LLVMTypeRef it = shaped(a, elem_type(a) == e->t_f64 ? e->t_i64 : e->t_i32);
    LLVMValueRef sign = NULL;
    if (xs) {
        LLVMValueRef ab = LLVMBuildBitCast(e->b, a, it, ""), bb = LLVMBuildBitCast(e->b, b, it, "");
        unsigned w = LLVMGetIntTypeWidth(elem_type(ab));
        sign =
            LLVMBuildAnd(e->b, LLVMBuildXor(e->b, ab, bb, ""), cst(e, ab, 0, 1ull << (w - 1)), "");
        a = call1(e, "llvm.fabs", a), b = call1(e, "llvm.fabs", b);
    }
    LLVMValueRef pick_a = LLVMBuildFCmp(e->b, mx ? LLVMRealOGT : LLVMRealOLT, a, b, "");
    LLVMValueRef r = LLVMBuildSelect(e->b, pick_a, a, b, "");
    LLVMValueRef bnan = LLVMBuildFCmp(e->b, LLVMRealUNO, b, b, ""),
                 anan = LLVMBuildFCmp(e->b, LLVMRealUNO, a, a, "");
    r = LLVMBuildSelect(e->b, bnan, a, r, "");
    LLVMValueRef nan = instr_has_mod(in, MOD_NANMOD) ? LLVMBuildOr(e->b, anan, bnan, "")
                                                     : LLVMBuildAnd(e->b, anan, bnan, "");
    if (xs) { /* r is not negative here */
        LLVMValueRef rb = LLVMBuildOr(e->b, LLVMBuildBitCast(e->b, r, it, ""), sign, "");
        r = LLVMBuildBitCast(e->b, rb, LLVMTypeOf(a), "");
    }
    return LLVMBuildSelect(e->b, nan, canonical_nan(e, r), r, "");
}

/* .relu: negative results (and -0) become +0, NaN a canonical NaN */
static LLVMValueRef
frelu(Emit *e, LLVMValueRef r)
{
    LLVMValueRef neg = LLVMBuildFCmp(e->b, LLVMRealOLE, r, cst(e, r, 0.0, 0), "");
    r = LLVMBuildSelect(e->b, neg, cst(e, r, 0.0, 0), r, "");
    return LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealUNO, r, r, ""), canonical_nan(e, r), r,
                           "");
}

/* rcp sqrt rsqrt sin cos lg2 ex2 tanh of x (f32 or f64), to within
 * every .approx bound */
static LLVMValueRef
fmath(Emit *e, Opcode op, LLVMValueRef x)
{
    switch (op) {
    case OP_RCP: return LLVMBuildFDiv(e->b, cst(e, x, 1.0, 0), x, "");
    case OP_SQRT: return call1(e, "llvm.sqrt", x);
    case OP_RSQRT: return LLVMBuildFDiv(e->b, cst(e, x, 1.0, 0), call1(e, "llvm.sqrt", x), "");
    case OP_SIN: return call1(e, "llvm.sin", x);
    case OP_COS: return call1(e, "llvm.cos", x);
    case OP_LG2: return call1(e, "llvm.log2", x);
    case OP_EX2: return call1(e, "llvm.exp2", x);
    case OP_TANH: {
        /* tanh x = 1 - 2 / (exp(2x) + 1), exact at the ends; near 0, where
         * that cancels, x (1 - x^2 / 3) (relative error below x^4 / 7) */
        LLVMValueRef e2 = call1(e, "llvm.exp", LLVMBuildFMul(e->b, x, cst(e, x, 2.0, 0), ""));
        LLVMValueRef v =
            LLVMBuildFSub(e->b, cst(e, x, 1.0, 0),
                          LLVMBuildFDiv(e->b, cst(e, x, 2.0, 0),
                                        LLVMBuildFAdd(e->b, e2, cst(e, x, 1.0, 0), ""), ""),
                          "");
        LLVMValueRef x2 = LLVMBuildFMul(e->b, x, x, "");
        LLVMValueRef small =
            LLVMBuildFMul(e->b, x,
                          LLVMBuildFSub(e->b, cst(e, x, 1.0, 0),
                                        LLVMBuildFDiv(e->b, x2, cst(e, x, 3.0, 0), ""), ""),
                          "");
        LLVMValueRef near0 =
            LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", x), cst(e, x, 0.03, 0), "");
        return LLVMBuildSelect(e->b, near0, small, v, "");
    }
    default: die("fmath");
    }
}

/* add sub mul fma mad min max neg abs ex2 tanh on f16, bf16, f16x2, bf16x2: the
 * halves widened to f32 (a packed register is <2 x i16>, <64 x i16> for a
 * warp), computed there and rounded once to the half type.  add, sub and
 * mul are exact or correctly rounded in f32 and f32 has more than twice
 * the halves' precision plus two bits, so rounding again is innocuous;
 * fma adds the exact product in f64 and rounds to odd in f32 first. */
static void
emit_half_arith(Emit *e, const Instr *in, PtxType ty)
{
    bool packed = ty == TY_F16X2 || ty == TY_BF16X2, bf = ty == TY_BF16 || ty == TY_BF16X2;
    int nsrc = in->nopnd - 1;
    Opcode op = in->op;
    if (!(op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_FMA || op == OP_MAD ||
          op == OP_NEG || op == OP_ABS || op == OP_EX2 || op == OP_TANH ||
          ((op == OP_MIN || op == OP_MAX) && nsrc == 2))) {
        emit_unsupported(e, in->loc,
                         arena_printf(e->arena, "%s.%s", opcode_name(op), type_name(ty)));
        return;
    }
    if (!plain_rounding(e, in))
        return;
    LLVMTypeRef ht = bf ? e->t_bf16 : e->t_f16;
    Ops s = sources(e, in, packed ? TY_B32 : ty, nsrc);
    LLVMValueRef h[3], x[3];
    bool ftz_on = instr_has_mod(in, MOD_FTZ);
    for (int i = 0; i < nsrc; i++) {
        LLVMTypeRef it =
            packed ? LLVMVectorType(e->t_i16, s.vec ? 2 * WARP : 2) : like(e->t_i16, s.vec);
        h[i] = LLVMBuildBitCast(e->b, s.a[i], it, "");
        if (ftz_on)
            h[i] = half_ftz_bits(e, h[i], bf);
        x[i] = LLVMBuildBitCast(e->b, h[i], shaped(h[i], ht), "");
        x[i] = half_to_f32(e, x[i]);
    }
    LLVMValueRef r, bits;
    if (op == OP_NEG || op == OP_ABS) { /* the sign bit only */
        bits = op == OP_NEG ? LLVMBuildXor(e->b, h[0], cst(e, h[0], 0, 0x8000), "")
                            : LLVMBuildAnd(e->b, h[0], cst(e, h[0], 0, 0x7fff), "");
    } else {
        switch (op) {
        case OP_ADD: r = LLVMBuildFAdd(e->b, x[0], x[1], ""); break;
        case OP_SUB: r = LLVMBuildFSub(e->b, x[0], x[1], ""); break;
        case OP_MUL: r = LLVMBuildFMul(e->b, x[0], x[1], ""); break;
        case OP_MIN:
        case OP_MAX: r = fminmax(e, in, x[0], x[1], op == OP_MAX); break;
        case OP_EX2:
        case OP_TANH: r = fmath(e, op, x[0]); break;
        default: { /* fma mad */
            LLVMTypeRef dt = shaped(x[0], e->t_f64);
            LLVMValueRef a = LLVMBuildFPExt(e->b, x[0], dt, ""),
                         b = LLVMBuildFPExt(e->b, x[1], dt, "");
            LLVMValueRef c = LLVMBuildFPExt(e->b, x[2], dt, "");
            LLVMValueRef p = LLVMBuildFMul(e->b, a, b, ""); /* exact */
            LLVMValueRef sum = LLVMBuildFAdd(e->b, p, c, "");
            r = f64_to_f32_odd(e, sum, two_sum_err(e, p, c, sum));
            break;
        }
        }
        if (instr_has_mod(in, MOD_RELU))
            r = frelu(e, r);
        if (instr_has_mod(in, MOD_SAT))
            r = fsat(e, r);
        bits = bf ? f32_to_bf16_bits(e, r) : f32_to_f16_bits(e, r);
    }
    if (ftz_on)
        bits = half_ftz_bits(e, bits, bf);
    inst_write(e, &in->opnd[0], packed ? TY_B32 : TY_B16,
               LLVMBuildBitCast(e->b, bits, packed ? like(e->t_i32, s.vec) : LLVMTypeOf(bits), ""));
}

void
emit_arith(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    const Operand *d = &in->opnd[0];
    int nsrc = in->nopnd - 1;
    if (instr_has_mod(in, MOD_CC) || in->op == OP_ADDC || in->op == OP_SUBC || in->op == OP_MADC) {
        emit_carry(e, in);
        return;
    }
    if (ty == TY_F16 || ty == TY_BF16 || ty == TY_F16X2 || ty == TY_BF16X2) {
        emit_half_arith(e, in, ty);
        return;
    }
    /* u16x2 s16x2: add, and min/max (.relu on s16x2) per half */
    bool ipacked = ty == TY_U16X2 || ty == TY_S16X2;
    if (ipacked && !(in->op == OP_ADD || in->op == OP_MIN || in->op == OP_MAX)) {
        emit_unsupported(e, in->loc,
                         arena_printf(e->arena, "%s.%s", opcode_name(in->op), type_name(ty)));
        return;
    }
    Ops s = sources(e, in, ipacked ? TY_B32 : ty, nsrc);
    if (ipacked) /* two halves a register: <2 x i16>, or <64 x i16> a warp */
        for (int i = 0; i < nsrc; i++)
            s.a[i] =
                LLVMBuildBitCast(e->b, s.a[i], LLVMVectorType(e->t_i16, s.vec ? 2 * WARP : 2), "");
    bool f = is_float(ty);
    bool sign = type_signed(ty) || ty == TY_S16X2;
    LLVMValueRef r = NULL;
    PtxType rty = ty;
    if (f) {
        fsources_ftz(e, in, &s, nsrc);
        Mod rm = mod_of_class(in, MC_ROUND);
        if (directed(rm) && (ty == TY_F32 || ty == TY_F64)) {
            r = directed_op(e, in, in->op, rm, s.a, ty == TY_F64);
            inst_write(e, d, ty, ffinish(e, in, r));
            return;
        }
        if (!plain_rounding(e, in))
            return;
    }
    switch (in->op) {
    case OP_ADD:
        r = f ? LLVMBuildFAdd(e->b, s.a[0], s.a[1], "")
            : instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.sadd.sat", s.a[0], s.a[1])
                                   : LLVMBuildAdd(e->b, s.a[0], s.a[1], "");
        break;
    case OP_SUB:
        r = f ? LLVMBuildFSub(e->b, s.a[0], s.a[1], "")
            : instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.ssub.sat", s.a[0], s.a[1])
                                   : LLVMBuildSub(e->b, s.a[0], s.a[1], "");
        break;
    case OP_MUL:
        r = f ? LLVMBuildFMul(e->b, s.a[0], s.a[1], "") : int_mul(e, in, &s, &rty);
        break;
    case OP_MAD:
    case OP_FMA:
        if (f) {
            r = call3(e, "llvm.fma", s.a[0], s.a[1], s.a[2]);
        } else {
            r = int_mul(e, in, &s, &rty);
            LLVMValueRef c = rty != ty ? inst_operand(e, &in->opnd[3], rty, s.vec) : s.a[2];
            r = instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.sadd.sat", r, c)
                                           : LLVMBuildAdd(e->b, r, c, "");
        }
        break;
    case OP_MUL24:
    case OP_MAD24: {
        /* 24-bit operands: the low 24 bits, sign- or zero-extended */
        for (int i = 0; i < 2; i++) {
            LLVMValueRef sh = cst(e, s.a[i], 0, 8);
            s.a[i] = sign ? LLVMBuildAShr(e->b, LLVMBuildShl(e->b, s.a[i], sh, ""), sh, "")
                          : LLVMBuildAnd(e->b, s.a[i], cst(e, s.a[i], 0, 0xffffff), "");
        }
        LLVMValueRef p;
        if (instr_has_mod(in, MOD_HI)) {
            p = LLVMBuildMul(e->b, widen(e, s.a[0], sign), widen(e, s.a[1], sign), "");
            p = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, p, cst(e, p, 0, 16), ""), like(s.t, s.vec),
                               "");
        } else {
            p = LLVMBuildMul(e->b, s.a[0], s.a[1], "");
        }
        if (in->op != OP_MAD24)
            r = p;
        else /* .sat: mad24.hi.sat.s32 clamps the sum */
            r = instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.sadd.sat", p, s.a[2])
                                           : LLVMBuildAdd(e->b, p, s.a[2], "");
        break;
    }
    case OP_SAD: {
        LLVMValueRef lt = LLVMBuildICmp(e->b, sign ? LLVMIntSLT : LLVMIntULT, s.a[0], s.a[1], "");
        LLVMValueRef diff = LLVMBuildSelect(e->b, lt, LLVMBuildSub(e->b, s.a[1], s.a[0], ""),
                                            LLVMBuildSub(e->b, s.a[0], s.a[1], ""), "");
        r = LLVMBuildAdd(e->b, diff, s.a[2], "");
        break;
    }
    case OP_DIV:
        if (f) {
            r = LLVMBuildFDiv(e->b, s.a[0], s.a[1], "");
        } else {
            /* PTX: x / 0 is all ones for unsigned; never a host trap.  Lanes
             * that are off divide by 1. */
            LLVMValueRef zero = cst(e, s.a[1], 0, 0);
            LLVMValueRef isz = LLVMBuildICmp(e->b, LLVMIntEQ, s.a[1], zero, "");
            LLVMValueRef safe = LLVMBuildSelect(e->b, isz, cst(e, s.a[1], 0, 1), s.a[1], "");
            if (sign) { /* INT_MIN / -1 overflows: PTX gives INT_MIN */
                unsigned w = LLVMGetIntTypeWidth(s.t);
                LLVMValueRef m1 = LLVMBuildICmp(e->b, LLVMIntEQ, safe, cst(e, safe, 0, ~0ull), "");
                safe = LLVMBuildSelect(e->b, m1, cst(e, safe, 0, 1), safe, "");
                LLVMValueRef q = LLVMBuildSDiv(e->b, s.a[0], safe, "");
                q = LLVMBuildSelect(e->b, m1, LLVMBuildNeg(e->b, s.a[0], ""), q, "");
                (void)w;
                r = LLVMBuildSelect(e->b, isz, cst(e, q, 0, ~0ull), q, "");
            } else {
                LLVMValueRef q = LLVMBuildUDiv(e->b, s.a[0], safe, "");
                r = LLVMBuildSelect(e->b, isz, cst(e, q, 0, ~0ull), q, "");
            }
        }
        break;
    case OP_REM: {
        LLVMValueRef zero = cst(e, s.a[1], 0, 0);
        LLVMValueRef isz = LLVMBuildICmp(e->b, LLVMIntEQ, s.a[1], zero, "");
        LLVMValueRef safe = LLVMBuildSelect(e->b, isz, cst(e, s.a[1], 0, 1), s.a[1], "");
        if (sign) {
            LLVMValueRef m1 = LLVMBuildICmp(e->b, LLVMIntEQ, safe, cst(e, safe, 0, ~0ull), "");
            safe = LLVMBuildSelect(e->b, m1, cst(e, safe, 0, 1), safe, "");
            r = LLVMBuildSRem(e->b, s.a[0], safe, ""); /* x % -1 == 0 == x % 1 */
        } else {
            r = LLVMBuildURem(e->b, s.a[0], safe, "");
        }
        r = LLVMBuildSelect(e->b, isz, s.a[0], r, "");
        break;
    }
    case OP_ABS:
        r = f ? call1(e, "llvm.fabs", s.a[0])
              : call2(e, "llvm.abs", s.a[0], LLVMConstInt(e->t_i1, 0, 0));
        if (!f) { /* llvm.abs's second operand must be a scalar constant */
        }
        break;
    case OP_NEG: r = f ? LLVMBuildFNeg(e->b, s.a[0], "") : LLVMBuildNeg(e->b, s.a[0], ""); break;
    case OP_MIN:
    case OP_MAX: {
        bool mx = in->op == OP_MAX;
        if (nsrc == 3 && !f) {
            emit_unsupported(e, in->loc,
                             arena_printf(e->arena, "%s.%s with three sources", opcode_name(in->op),
                                          type_name(ty)));
            return;
        }
        if (f && instr_has_mod(in, MOD_ABS) && !instr_has_mod(in, MOD_XORSIGN))
            for (int i = 0; i < nsrc; i++)
                s.a[i] = call1(e, "llvm.fabs", s.a[i]);
        if (f) {
            r = fminmax(e, in, s.a[0], s.a[1], mx);
            if (nsrc == 3)
                r = fminmax(e, in, r, s.a[2], mx);
        } else {
            r = call2(e,
                      mx ? (sign ? "llvm.smax" : "llvm.umax") : (sign ? "llvm.smin" : "llvm.umin"),
                      s.a[0], s.a[1]);
        }
        if (instr_has_mod(in, MOD_RELU))
            r = f ? call2(e, "llvm.maxnum", r, cst(e, r, 0.0, 0))
                  : call2(e, "llvm.smax", r, cst(e, r, 0, 0));
        break;
    }
    default: die("emit_arith: %s", opcode_name(in->op));
    }
    if (f)
        r = ffinish(e, in, r);
    if (ipacked)
        r = LLVMBuildBitCast(e->b, r, like(e->t_i32, s.vec), "");
    else if (!f && instr_has_mod(in, MOD_SAT) && in->op != OP_ADD && in->op != OP_SUB &&
             in->op != OP_MAD && !(in->op == OP_MAD24 && instr_has_mod(in, MOD_HI) && sign)) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "%s.sat", opcode_name(in->op)));
        return;
    }
    inst_write(e, d, rty, r);
}

/* rcp sqrt rsqrt sin cos lg2 ex2 tanh: .approx within PTX's bounds is the
 * exact result here (and correctly rounded .rn is exact too). */
void
emit_math(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    if (ty == TY_F16 || ty == TY_BF16 || ty == TY_F16X2 || ty == TY_BF16X2) {
        emit_half_arith(e, in, ty);
        return;
    }
    if (!is_float(ty)) {
        emit_unsupported(e, in->loc,
                         arena_printf(e->arena, "%s.%s", opcode_name(in->op), type_name(ty)));
        return;
    }
    Mod r = mod_of_class(in, MC_ROUND);
    Ops s = sources(e, in, ty, 1);
    fsources_ftz(e, in, &s, 1);
    if (directed(r) && (in->op == OP_SQRT || in->op == OP_RCP)) {
        s.a[1] = s.a[2] = NULL;
        LLVMValueRef v = directed_op(e, in, in->op, r, s.a, ty == TY_F64);
        inst_write(e, &in->opnd[0], ty, ffinish(e, in, v));
        return;
    }
    if (r != MOD_NONE && r != MOD_RN) {
        plain_rounding(e, in);
        return;
    }
    inst_write(e, &in->opnd[0], ty, ffinish(e, in, fmath(e, in->op, s.a[0])));
}
