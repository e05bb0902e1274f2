/* fp8.c — cvt to and from the narrow floats (e4m3, e5m2, e2m3, e3m2,
 * e2m1) and ue8m0.
 */
#include "emit.h"

/* ------------------------------------------- fp8, fp6, fp4 and ue8m0
 *
 * A narrow float has a sign, ebits exponent bits (bias 2^(ebits-1) - 1,
 * so the smallest normal exponent is emin = 2 - 2^(ebits-1)) and mbits
 * mantissa bits.  A pair of them packs into two bytes (two nibbles for
 * e2m1x2), the first source or the upper half in the upper one. */
typedef struct Narrow {
    unsigned ebits, mbits;
    int emin;
    unsigned maxcode; /* the largest finite magnitude's code */
    int nan;          /* NaN's code; -1: none, NaN gives +maxcode */
    bool inf;         /* exponent all ones, mantissa 0 is infinity (e5m2) */
} Narrow;

const Narrow *
narrow_format(PtxType t)
{
    static const Narrow e4m3 = {4, 3, -6, 0x7e, 0x7f, false}, e5m2 = {5, 2, -14, 0x7b, 0x7f, true},
                        e2m3 = {2, 3, 0, 0x1f, -1, false}, e3m2 = {3, 2, -2, 0x1f, -1, false},
                        e2m1 = {2, 1, 0, 0x7, -1, false};
    switch (t) {
    case TY_E4M3X2: return &e4m3;
    case TY_E5M2X2: return &e5m2;
    case TY_E2M3X2: return &e2m3;
    case TY_E3M2X2: return &e3m2;
    case TY_E2M1X2: return &e2m1;
    default: return NULL;
    }
}

/* 2^k as an f32 (k within the normal range), shaped like k (i32). */
static LLVMValueRef
pow2f(Emit *e, LLVMValueRef k)
{
    LLVMValueRef b =
        LLVMBuildShl(e->b, LLVMBuildAdd(e->b, k, cst(e, k, 0, 127), ""), cst(e, k, 0, 23), "");
    return LLVMBuildBitCast(e->b, b, like(e->t_f32, emit_is_vec(k)), "");
}

/* f32 x to the code of format f, round to nearest even, .satfinite
 * (every form has it): n = |x| / 2^(max(e, emin) - mbits) rounded to an
 * integer is the significand at x's exponent e (or emin's when x is
 * subnormal there), and code = n + ((max(e, emin) - emin) << mbits) --
 * a carry out of the significand moves into the exponent field. */
static LLVMValueRef
narrow_encode(Emit *e, const Instr *in, const Narrow *f, LLVMValueRef x)
{
    LLVMValueRef ax = call1(e, "llvm.fabs", x);
    ax = call2(e, "llvm.minnum", ax,
               cst(e, ax, 1048576.0, 0)); /* 2^20: past every maximum; NaN too */
    LLVMValueRef bits = LLVMBuildBitCast(e->b, ax, like(e->t_i32, emit_is_vec(x)), "");
    LLVMValueRef ex = LLVMBuildSub(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 23), ""),
                                   cst(e, bits, 0, 127), "");
    ex = call2(e, "llvm.smax", ex, cst(e, ex, 0, (unsigned long long)(long long)f->emin));
    LLVMValueRef scale = pow2f(e, LLVMBuildSub(e->b, cst(e, ex, 0, f->mbits), ex, ""));
    LLVMValueRef n = call1(e, "llvm.roundeven", LLVMBuildFMul(e->b, ax, scale, ""));
    LLVMValueRef code = LLVMBuildFPToUI(e->b, n, LLVMTypeOf(bits), "");
    LLVMValueRef ef =
        LLVMBuildSub(e->b, ex, cst(e, ex, 0, (unsigned long long)(long long)f->emin), "");
    code = LLVMBuildAdd(e->b, code, LLVMBuildShl(e->b, ef, cst(e, ef, 0, f->mbits), ""), "");
    code = call2(e, "llvm.umin", code, cst(e, code, 0, f->maxcode));
    LLVMValueRef xb = LLVMBuildBitCast(e->b, x, LLVMTypeOf(bits), "");
    LLVMValueRef neg = LLVMBuildICmp(e->b, LLVMIntSLT, xb, cst(e, xb, 0, 0), "");
    LLVMValueRef sign = cst(e, code, 0, 1ull << (f->ebits + f->mbits));
    if (instr_has_mod(in, MOD_RELU)) /* a negative result (-0 too) is +0 */
        code = LLVMBuildSelect(e->b, neg, cst(e, code, 0, 0), code, "");
    else
        code = LLVMBuildSelect(e->b, neg, LLVMBuildOr(e->b, code, sign, ""), code, "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
    return LLVMBuildSelect(e->b, nan, cst(e, code, 0, f->nan >= 0 ? (unsigned)f->nan : f->maxcode),
                           code, "");
}

/* The code c (i32) of format f as f16 bits: its value is exact in f16;
 * a NaN is the canonical 0x7fff; .relu makes a negative value +0. */
static LLVMValueRef
narrow_decode(Emit *e, const Instr *in, const Narrow *f, LLVMValueRef c)
{
    unsigned emask = (1u << f->ebits) - 1, mmask = (1u << f->mbits) - 1;
    LLVMValueRef E = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, c, cst(e, c, 0, f->mbits), ""),
                                  cst(e, c, 0, emask), "");
    LLVMValueRef M = LLVMBuildAnd(e->b, c, cst(e, c, 0, mmask), "");
    LLVMValueRef normal = LLVMBuildICmp(e->b, LLVMIntNE, E, cst(e, E, 0, 0), "");
    LLVMValueRef sig = LLVMBuildSelect(
        e->b, normal, LLVMBuildOr(e->b, M, cst(e, M, 0, 1u << f->mbits), ""), M, "");
    /* value = sig * 2^(max(E, 1) - 1 + emin - mbits) */
    LLVMValueRef k = LLVMBuildAdd(
        e->b, call2(e, "llvm.umax", E, cst(e, E, 0, 1)),
        cst(e, E, 0, (unsigned long long)(long long)(f->emin - 1 - (int)f->mbits)), "");
    bool vec = emit_is_vec(c);
    LLVMValueRef v =
        LLVMBuildFMul(e->b, LLVMBuildUIToFP(e->b, sig, like(e->t_f32, vec), ""), pow2f(e, k), "");
    LLVMValueRef h = f32_to_f16_bits(e, v);
    LLVMTypeRef H = LLVMTypeOf(h);
    if (f->inf) {
        LLVMValueRef top = LLVMBuildICmp(e->b, LLVMIntEQ, E, cst(e, E, 0, emask), "");
        LLVMValueRef isinf =
            LLVMBuildAnd(e->b, top, LLVMBuildICmp(e->b, LLVMIntEQ, M, cst(e, M, 0, 0), ""), "");
        h = LLVMBuildSelect(e->b, isinf, cst(e, h, 0, 0x7c00), h, "");
    }
    LLVMValueRef neg = LLVMBuildICmp(
        e->b, LLVMIntNE, LLVMBuildAnd(e->b, c, cst(e, c, 0, 1u << (f->ebits + f->mbits)), ""),
        cst(e, c, 0, 0), "");
    if (instr_has_mod(in, MOD_RELU))
        h = LLVMBuildSelect(e->b, neg, LLVMConstNull(H), h, "");
    else
        h = LLVMBuildOr(e->b, h,
                        LLVMBuildSelect(e->b, neg, cst(e, h, 0, 0x8000), LLVMConstNull(H), ""), "");
    if (f->nan >= 0) {
        LLVMValueRef mag =
            LLVMBuildAnd(e->b, c, cst(e, c, 0, (1u << (f->ebits + f->mbits)) - 1), "");
        LLVMValueRef nan =
            f->inf ? LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, E, cst(e, E, 0, emask), ""),
                                  LLVMBuildICmp(e->b, LLVMIntNE, M, cst(e, M, 0, 0), ""), "")
                   : LLVMBuildICmp(e->b, LLVMIntEQ, mag, cst(e, mag, 0, (unsigned)f->nan), "");
        h = LLVMBuildSelect(e->b, nan, cst(e, h, 0, 0x7fff), h, "");
    }
    return h;
}

/* ue8m0: a biased exponent alone, 2^(c - 127); 0xff is NaN.  From f32 x
 * (bf16 widens exactly): .rz keeps x's exponent field (2^-127 for zero
 * and the smallest values), .rp adds one when x is above that power of
 * two.  The sign is ignored.  Past 2^127 is NaN, .satfinite: 0xfe. */
static LLVMValueRef
ue8m0_encode(Emit *e, const Instr *in, Mod rnd, LLVMValueRef x)
{
    LLVMValueRef b = LLVMBuildBitCast(e->b, x, like(e->t_i32, emit_is_vec(x)), "");
    b = LLVMBuildAnd(e->b, b, cst(e, b, 0, 0x7fffffff), "");
    LLVMValueRef c = LLVMBuildLShr(e->b, b, cst(e, b, 0, 23), "");
    LLVMValueRef nan = LLVMBuildICmp(e->b, LLVMIntUGT, b, cst(e, b, 0, 0x7f800000), "");
    if (rnd == MOD_RP) {
        LLVMValueRef frac =
            LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, b, cst(e, b, 0, 0x7fffff), ""),
                          cst(e, b, 0, 0), "");
        LLVMValueRef above =
            LLVMBuildICmp(e->b, LLVMIntUGT, b, cst(e, b, 0, 0x00400000), ""); /* > 2^-127 */
        LLVMValueRef up = LLVMBuildAnd(e->b, LLVMBuildAnd(e->b, frac, above, ""),
                                       LLVMBuildNot(e->b, nan, ""), "");
        c = LLVMBuildAdd(e->b, c, LLVMBuildZExt(e->b, up, LLVMTypeOf(c), ""), "");
    }
    if (instr_has_mod(in, MOD_SATFINITE)) {
        LLVMValueRef over =
            LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, c, cst(e, c, 0, 0xff), ""),
                         LLVMBuildNot(e->b, nan, ""), "");
        c = LLVMBuildSelect(e->b, over, cst(e, c, 0, 0xfe), c, "");
    }
    return c;
}

/* cvt to and from the narrow formats.  Conversions to them take two f32
 * (d = {a, b}), or one f16x2 or bf16x2 register (upper half to the upper
 * element); from them, one register to f16x2 (bf16x2 for ue8m0x2). */
void
emit_cvt_narrow(Emit *e, const Instr *in, PtxType dt, PtxType st, Mod rnd)
{
    const char *form = arena_printf(e->arena, "cvt.%s.%s", type_name(dt), type_name(st));
    bool to = dt == TY_UE8M0X2 || narrow_format(dt);
    PtxType nt = to ? dt : st;
    const Narrow *f = narrow_format(nt);
    bool ok = f ? rnd == MOD_RN && (!to || instr_has_mod(in, MOD_SATFINITE))
                : to ? rnd == MOD_RZ || rnd == MOD_RP : rnd == MOD_RN;
    if (to)
        ok &= in->nopnd == 3 ? st == TY_F32
              : f   ? st == TY_F16X2 && (nt == TY_E4M3X2 || nt == TY_E5M2X2 || nt == TY_E2M1X2)
                    : st == TY_BF16X2;
    else
        ok &=
            in->nopnd == 2 && dt == (f ? TY_F16X2 : TY_BF16X2) && !instr_has_mod(in, MOD_SATFINITE);
    if (!ok || (!f && instr_has_mod(in, MOD_RELU)) || instr_has_mod(in, MOD_FTZ) ||
        instr_has_mod(in, MOD_SAT)) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "this form of %s", form));
        return;
    }
    unsigned step = nt == TY_E2M1X2 ? 4 : 8; /* bits a packed element takes */
    PtxType wt = nt == TY_E2M1X2 ? TY_B8 : TY_B16;
    if (to) {
        LLVMValueRef x[2];
        bool vec;
        if (in->nopnd == 3) {
            Ops s = sources(e, in, TY_F32, 2);
            x[0] = s.a[0], x[1] = s.a[1], vec = s.vec;
        } else { /* halves of an f16x2 or bf16x2, widened exactly */
            Ops s = sources(e, in, TY_B32, 1);
            vec = s.vec;
            for (int i = 0; i < 2; i++) {
                LLVMValueRef h = LLVMBuildTrunc(
                    e->b, LLVMBuildLShr(e->b, s.a[0], cst(e, s.a[0], 0, i ? 0 : 16), ""),
                    like(e->t_i16, vec), "");
                x[i] = st == TY_BF16X2 ? bf16_bits_to_f32(e, h) : f16_bits_to_f32(e, h);
            }
        }
        LLVMValueRef c[2];
        for (int i = 0; i < 2; i++)
            c[i] = f ? narrow_encode(e, in, f, x[i]) : ue8m0_encode(e, in, rnd, x[i]);
        LLVMValueRef r =
            LLVMBuildOr(e->b, LLVMBuildShl(e->b, c[0], cst(e, c[0], 0, step), ""), c[1], "");
        inst_write(e, &in->opnd[0], wt,
                   LLVMBuildTrunc(e->b, r, like(inst_llvm_type(e, wt), vec), ""));
        return;
    }
    Ops s = sources(e, in, wt, 1);
    LLVMValueRef w = LLVMBuildZExt(e->b, s.a[0], like(e->t_i32, s.vec), "");
    LLVMValueRef h[2];
    for (int i = 0; i < 2; i++) {
        LLVMValueRef c = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, w, cst(e, w, 0, i ? 0 : step), ""),
                                      cst(e, w, 0, (1u << step) - 1), "");
        if (f) {
            h[i] = narrow_decode(e, in, f, c);
        } else { /* ue8m0 to bf16: c << 7; 0 is 2^-127, a bf16 subnormal */
            LLVMValueRef b = LLVMBuildShl(e->b, c, cst(e, c, 0, 7), "");
            b = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, c, cst(e, c, 0, 0), ""),
                                cst(e, c, 0, 0x40), b, "");
            b = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, c, cst(e, c, 0, 0xff), ""),
                                cst(e, c, 0, 0x7fff), b, "");
            h[i] = LLVMBuildTrunc(e->b, b, like(e->t_i16, s.vec), "");
        }
        h[i] = LLVMBuildZExt(e->b, h[i], like(e->t_i32, s.vec), "");
    }
    inst_write(e, &in->opnd[0], TY_B32,
               LLVMBuildOr(e->b, LLVMBuildShl(e->b, h[0], cst(e, h[0], 0, 16), ""), h[1], ""));
}
