/* convert.c — cvt (integers, floats, halves, tf32, packing) and mov.
 */
#include "emit.h"

/* ----------------------------------------------------------------- cvt */

static LLVMValueRef
round_int(Emit *e, Mod rnd, LLVMValueRef x)
{
    switch (rnd) {
    case MOD_RNI: return call1(e, "llvm.roundeven", x);
    case MOD_RZI: return call1(e, "llvm.trunc", x);
    case MOD_RMI: return call1(e, "llvm.floor", x);
    case MOD_RPI: return call1(e, "llvm.ceil", x);
    default: return x;
    }
}

/* f32 -> bf16 bits with .rz .rm .rp: bf16 is the high half of an f32, so
 * .rz truncates and .rp/.rm add one to the magnitude when bits are dropped
 * on the side that rounds away from zero (positive for .rp, negative for
 * .rm).  NaN stays a quiet NaN. */
static LLVMValueRef
f32_to_bf16_dir(Emit *e, LLVMValueRef x, Mod rnd)
{
    bool vec = emit_is_vec(x);
    LLVMValueRef bits = LLVMBuildBitCast(e->b, x, like(e->t_i32, vec), "");
    LLVMValueRef h = LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), "");
    if (rnd != MOD_RZ) {
        LLVMValueRef dropped =
            LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, bits, cst(e, bits, 0, 0xffff), ""),
                          cst(e, bits, 0, 0), "");
        LLVMValueRef neg = LLVMBuildICmp(e->b, LLVMIntSLT, bits, cst(e, bits, 0, 0), "");
        LLVMValueRef away = rnd == MOD_RP ? LLVMBuildNot(e->b, neg, "") : neg;
        LLVMValueRef bump = LLVMBuildAnd(e->b, dropped, away, "");
        h = LLVMBuildAdd(e->b, h, LLVMBuildZExt(e->b, bump, LLVMTypeOf(h), ""), "");
    }
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
    h = LLVMBuildSelect(e->b, nan,
                        LLVMBuildOr(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), ""),
                                    cst(e, bits, 0, 0x40), ""),
                        h, "");
    return LLVMBuildTrunc(e->b, h, like(e->t_i16, vec), "");
}

/* f32 or f64 -> f16 with .rz .rm .rp: the nearest half, stepped by the
 * sign of the exact error (the difference of the source and that half is
 * exact in the source type). */
/* x (f32 or f64) to f16 bits, round to nearest even: from f64 through an
 * f32 rounded to odd, so rounding once. */
static LLVMValueRef
to_f16_nearest(Emit *e, LLVMValueRef x)
{
    return f32_to_f16_bits(e, elem_type(x) == e->t_f64 ? f64_to_f32_odd(e, x, NULL) : x);
}

/* x (f32 or f64) to f16 bits in a directed mode: the nearest, stepped one
 * ulp when the exact value lies on the mode's wrong side of it. */
static LLVMValueRef
to_f16_dir(Emit *e, LLVMValueRef x, Mod rnd)
{
    LLVMValueRef h = to_f16_nearest(e, x), r = f16_bits_to_f32(e, h);
    if (elem_type(x) == e->t_f64)
        r = LLVMBuildFPExt(e->b, r, LLVMTypeOf(x), "");
    LLVMValueRef t = LLVMBuildFSub(e->b, x, r, ""),
                 z = cst(e, r, 0.0, 0); /* exact: the sign of x - r */
    LLVMValueRef tpos = LLVMBuildFCmp(e->b, LLVMRealOGT, t, z, ""),
                 tneg = LLVMBuildFCmp(e->b, LLVMRealOLT, t, z, "");
    LLVMValueRef rpos = LLVMBuildFCmp(e->b, LLVMRealOGT, r, z, ""),
                 rneg = LLVMBuildFCmp(e->b, LLVMRealOLT, r, z, "");
    LLVMValueRef up = rnd == MOD_RP   ? tpos
                      : rnd == MOD_RZ ? LLVMBuildAnd(e->b, rneg, tpos, "")
                                      : LLVMConstNull(LLVMTypeOf(tpos));
    LLVMValueRef down = rnd == MOD_RM   ? tneg
                        : rnd == MOD_RZ ? LLVMBuildAnd(e->b, rpos, tneg, "")
                                        : LLVMConstNull(LLVMTypeOf(tneg));
    /* one f16 ulp up or down, from the bits: zero steps to the smallest
     * subnormal of the direction's sign */
    LLVMValueRef zero = LLVMBuildFCmp(e->b, LLVMRealOEQ, r, z, "");
    LLVMValueRef inc = LLVMBuildAdd(e->b, h, cst(e, h, 0, 1), ""),
                 dec = LLVMBuildSub(e->b, h, cst(e, h, 0, 1), "");
    LLVMValueRef hup = LLVMBuildSelect(e->b, zero, cst(e, h, 0, 0x0001),
                                       LLVMBuildSelect(e->b, rpos, inc, dec, ""), "");
    LLVMValueRef hdown = LLVMBuildSelect(e->b, zero, cst(e, h, 0, 0x8001),
                                         LLVMBuildSelect(e->b, rpos, dec, inc, ""), "");
    h = LLVMBuildSelect(e->b, up, hup, h, "");
    return LLVMBuildSelect(e->b, down, hdown, h, "");
}

/* .satfinite on f16 or bf16 bits: an infinity (the input's, or one
 * rounding overflowed to) becomes the largest finite value of its sign. */
static LLVMValueRef
satfinite_half(Emit *e, LLVMValueRef h, bool bf16)
{
    LLVMValueRef mag = LLVMBuildAnd(e->b, h, cst(e, h, 0, 0x7fff), "");
    LLVMValueRef inf =
        LLVMBuildICmp(e->b, LLVMIntEQ, mag, cst(e, h, 0, bf16 ? 0x7f80 : 0x7c00), "");
    return LLVMBuildSelect(e->b, inf, LLVMBuildSub(e->b, h, cst(e, h, 0, 1), ""), h, "");
}

/* .satfinite and .relu on f16 or bf16 bits h converted from x: .relu
 * makes a negative result (-0 too) +0 and a NaN the canonical 0x7fff. */
static LLVMValueRef
half_finish(Emit *e, const Instr *in, LLVMValueRef x, LLVMValueRef h, bool bf16)
{
    if (instr_has_mod(in, MOD_SATFINITE))
        h = satfinite_half(e, h, bf16);
    if (instr_has_mod(in, MOD_RELU)) {
        LLVMValueRef neg = LLVMBuildICmp(e->b, LLVMIntSLT, h, cst(e, h, 0, 0), "");
        h = LLVMBuildSelect(e->b, neg, cst(e, h, 0, 0), h, "");
        LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
        h = LLVMBuildSelect(e->b, nan, cst(e, h, 0, 0x7fff), h, "");
    }
    return h;
}

/* f32 or f64 x to f16 bits (.rn or directed), .sat .satfinite .relu applied. */
static LLVMValueRef
to_f16_bits(Emit *e, const Instr *in, LLVMValueRef x, Mod rnd)
{
    if (instr_has_mod(in, MOD_SAT)) /* 0 and 1 are halves: clamping commutes with rounding */
        x = fsat(e, x);
    LLVMValueRef h = directed(rnd) ? to_f16_dir(e, x, rnd) : to_f16_nearest(e, x);
    return half_finish(e, in, x, h, false);
}

/* The exact value of an f16 (half) or bf16 (i16 bits) source, as an f32. */
static LLVMValueRef
half_src_to_f32(Emit *e, LLVMValueRef x, PtxType st)
{
    return st == TY_BF16 ? bf16_bits_to_f32(e, x) : half_to_f32(e, x);
}

/* cvt to f16 or bf16 (from any float or integer), and from them.  A half
 * source widens exactly to f32 first.  An integer source goes to f32
 * first: clamped to +-2^17 for f16 (exact, and every result past it is
 * the same); for bf16 in the same directed mode (directed roundings to a
 * grid and then to a coarser one within it compose) or, for .rn, toward
 * zero with the lowest bit set when inexact (round to odd), which leaves
 * the one rounding to bf16 correct.  From f64 to bf16 likewise. */
static void
emit_cvt_half(Emit *e, const Instr *in, PtxType dt, PtxType st, Mod rnd)
{
    bool irnd = rnd == MOD_RNI || rnd == MOD_RZI || rnd == MOD_RMI || rnd == MOD_RPI;
    bool to_half = dt == TY_F16 || dt == TY_BF16;
    if ((to_half && !(rnd == MOD_RN || directed(rnd) || (irnd && (st == TY_F16 || st == TY_BF16)) ||
                      (rnd == MOD_NONE && is_float(st)))) ||
        (!to_half && rnd != MOD_NONE && !irnd) || type_kind(dt) == TK_PACKED || dt == TY_TF32) {
        emit_unsupported(
            e, in->loc,
            arena_printf(e->arena, "cvt.%s.%s with this rounding", type_name(dt), type_name(st)));
        return;
    }
    Ops s = sources(e, in, st == TY_BF16 ? TY_B16 : st, 1);
    LLVMValueRef x = s.a[0];
    if (st == TY_F16 || st == TY_BF16) {
        x = half_src_to_f32(e, x, st);
        st = TY_F32;
    }
    if (!to_half) { /* from a half: exact in f32, then as from f32 */
        x = round_int(e, rnd, x);
        LLVMTypeRef T = like(inst_llvm_type(e, dt), s.vec);
        LLVMValueRef r;
        if (is_float(dt)) {
            r = dt == TY_F64 ? LLVMBuildFPExt(e->b, x, T, "") : x;
            r = instr_has_mod(in, MOD_FTZ) ? ftz(e, r) : r;
            r = instr_has_mod(in, MOD_SAT) ? fsat(e, r) : r;
        } else { /* saturating, NaN to 0 */
            LLVMTypeRef over[] = {T, LLVMTypeOf(x)};
            r = emit_intrinsic(e, type_signed(dt) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2,
                               &x, 1);
        }
        inst_write(e, &in->opnd[0], dt, r);
        return;
    }
    LLVMTypeRef F32 = like(e->t_f32, s.vec);
    if (irnd) {
        x = round_int(e, rnd, x); /* an integer of a half: exact */
        rnd = MOD_RN;
    }
    if (!is_float(st) && dt == TY_F16) {
        unsigned w = (unsigned)type_bits(st);
        if (w > 16) {
            LLVMValueRef lim = cst(e, x, 0, 1u << 17);
            x = type_signed(st) ? call2(e, "llvm.smax", call2(e, "llvm.smin", x, lim),
                                        LLVMBuildNeg(e->b, lim, ""))
                                : call2(e, "llvm.umin", x, lim);
        }
        x = type_signed(st) ? LLVMBuildSIToFP(e->b, x, F32, "") : LLVMBuildUIToFP(e->b, x, F32, "");
    } else if (!is_float(st)) {
        if (directed(rnd)) {
            x = directed_itof(e, x, st, F32, rnd);
        } else { /* round to odd */
            LLVMValueRef z = directed_itof(e, x, st, F32, MOD_RZ);
            LLVMTypeRef IT = LLVMTypeOf(x), over[] = {IT, F32};
            LLVMValueRef back = emit_intrinsic(
                e, type_signed(st) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2, &z, 1);
            LLVMValueRef inexact = LLVMBuildICmp(e->b, LLVMIntNE, back, x, "");
            LLVMValueRef zb = LLVMBuildBitCast(e->b, z, like(e->t_i32, s.vec), "");
            zb = LLVMBuildOr(e->b, zb, LLVMBuildZExt(e->b, inexact, LLVMTypeOf(zb), ""), "");
            x = LLVMBuildBitCast(e->b, zb, F32, "");
        }
    } else if (st == TY_F64 && dt == TY_BF16) {
        LLVMValueRef r32 = LLVMBuildFPTrunc(e->b, x, F32, "");
        LLVMValueRef t = LLVMBuildFSub(e->b, x, LLVMBuildFPExt(e->b, r32, LLVMTypeOf(x), ""), "");
        x = directed(rnd) ? round_dir(e, r32, t, rnd) : f64_to_f32_odd(e, x, NULL);
    }
    x = instr_has_mod(in, MOD_FTZ) ? ftz(e, x) : x;
    LLVMValueRef h;
    if (dt == TY_F16) {
        h = to_f16_bits(e, in, x, rnd);
    } else {
        if (instr_has_mod(in, MOD_SAT))
            x = fsat(e, x);
        h = half_finish(e, in, x,
                        directed(rnd) ? f32_to_bf16_dir(e, x, rnd) : f32_to_bf16_bits(e, x), true);
    }
    inst_write(e, &in->opnd[0], TY_B16, h);
}

/* cvt.{rna,rn,rz}.tf32.f32: the f32 with a 10-bit mantissa, in 32 bits
 * whose low 13 are zero (ties away from zero for .rna, to even for .rn). */
static void
emit_cvt_tf32(Emit *e, const Instr *in, Mod rnd)
{
    if (rnd != MOD_RNA && rnd != MOD_RN && rnd != MOD_RZ) {
        emit_unsupported(e, in->loc, "this rounding of cvt.tf32.f32");
        return;
    }
    Ops s = sources(e, in, TY_F32, 1);
    LLVMValueRef bits = LLVMBuildBitCast(e->b, s.a[0], like(e->t_i32, s.vec), "");
    LLVMValueRef add = cst(e, bits, 0, 0);
    if (rnd == MOD_RNA)
        add = cst(e, bits, 0, 0x1000);
    else if (rnd == MOD_RN) /* 0xfff plus the bit that would be kept */
        add = LLVMBuildAdd(e->b, cst(e, bits, 0, 0xfff),
                           LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 13), ""),
                                        cst(e, bits, 0, 1), ""),
                           "");
    LLVMValueRef r =
        LLVMBuildAnd(e->b, LLVMBuildAdd(e->b, bits, add, ""), cst(e, bits, 0, 0xffffe000u), "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, s.a[0], s.a[0], "");
    r = LLVMBuildSelect(e->b, nan, bits, r, ""); /* NaN stays NaN */
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* cvt.{rn,rz}{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: a to the
 * upper half, b to the lower. */
static void
emit_cvt_pack(Emit *e, const Instr *in, PtxType dt, Mod rnd)
{
    if (rnd != MOD_RN && rnd != MOD_RZ) {
        emit_unsupported(e, in->loc,
                         arena_printf(e->arena, "cvt.%s.%s.f32",
                                      rnd == MOD_NONE ? "(none)" : mod_name(rnd), type_name(dt)));
        return;
    }
    Ops s = sources(e, in, TY_F32, 2);
    LLVMValueRef h[2];
    for (int i = 0; i < 2; i++) {
        LLVMValueRef x = s.a[i];
        if (dt == TY_BF16X2) {
            if (instr_has_mod(in, MOD_SAT))
                x = fsat(e, x);
            h[i] = half_finish(e, in, x,
                               rnd == MOD_RZ ? f32_to_bf16_dir(e, x, rnd) : f32_to_bf16_bits(e, x),
                               true);
        } else {
            h[i] = to_f16_bits(e, in, x, rnd);
        }
        h[i] = LLVMBuildZExt(e->b, h[i], like(e->t_i32, s.vec), "");
    }
    LLVMValueRef r = LLVMBuildOr(e->b, LLVMBuildShl(e->b, h[0], cst(e, h[0], 0, 16), ""), h[1], "");
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* cvt.pack.sat.{u16,s16}.s32 d, a, b and cvt.pack.sat.{u8,s8}.s32.b32
 * d, a, b, c: a and b clamped to the narrow type's range; b in the low
 * field, a in the next; c fills the bits above them (its low bits first). */
void
emit_cvt_pack_int(Emit *e, const Instr *in)
{
    PtxType dt = in->type[0];
    int w = type_bits(dt);
    bool byte = w == 8;
    if (in->ntype != (byte ? 3 : 2) || in->type[1] != TY_S32 || (w != 8 && w != 16) ||
        in->nopnd != (byte ? 4 : 3) || !instr_has_mod(in, MOD_SAT)) {
        emit_unsupported(e, in->loc, "this form of cvt.pack");
        return;
    }
    Ops s = sources(e, in, TY_S32, in->nopnd - 1);
    bool sign = type_kind(dt) == TK_SINT;
    long long lo = sign ? -(1ll << (w - 1)) : 0, hi = sign ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
    LLVMValueRef f[2];
    for (int i = 0; i < 2; i++) {
        LLVMValueRef x = s.a[i], cl = cst(e, x, 0, (unsigned long long)lo),
                     ch = cst(e, x, 0, (unsigned long long)hi);
        x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, x, cl, ""), cl, x, "");
        x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSGT, x, ch, ""), ch, x, "");
        f[i] = LLVMBuildAnd(e->b, x, cst(e, x, 0, (1ull << w) - 1), "");
    }
    LLVMValueRef r =
        LLVMBuildOr(e->b, LLVMBuildShl(e->b, f[0], cst(e, f[0], 0, (unsigned)w), ""), f[1], "");
    if (byte)
        r = LLVMBuildOr(e->b, r, LLVMBuildShl(e->b, s.a[2], cst(e, s.a[2], 0, 16), ""), "");
    inst_write(e, &in->opnd[0], TY_B32, r);
}

void
emit_cvt(Emit *e, const Instr *in)
{
    if (in->ntype < 2) {
        emit_unsupported(e, in->loc, "this form of cvt");
        return;
    }
    PtxType dt = in->type[0], st = in->type[1];
    Mod rnd = mod_of_class(in, MC_ROUND);
    bool sat = instr_has_mod(in, MOD_SAT);
    if (rnd == MOD_RS) {
        emit_unsupported(e, in->loc, "stochastic rounding (cvt.rs)");
        return;
    }
    bool pair = st == TY_F32 &&
                (dt == TY_F16X2 || dt == TY_BF16X2 || dt == TY_UE8M0X2 || narrow_format(dt));
    if (in->nopnd != (pair ? 3 : 2)) {
        emit_unsupported(e, in->loc,
                         arena_printf(e->arena, "cvt.%s.%s with %d operands", type_name(dt),
                                      type_name(st), in->nopnd));
        return;
    }
    if ((dt == TY_F16X2 || dt == TY_BF16X2) && st == TY_F32 && in->nopnd == 3) {
        emit_cvt_pack(e, in, dt, rnd);
        return;
    }
    if (dt == TY_UE8M0X2 || st == TY_UE8M0X2 || narrow_format(dt) || narrow_format(st)) {
        emit_cvt_narrow(e, in, dt, st, rnd);
        return;
    }
    if (dt == TY_TF32 && st == TY_F32) {
        emit_cvt_tf32(e, in, rnd);
        return;
    }
    if (dt == TY_F16 || dt == TY_BF16 || st == TY_F16 || st == TY_BF16) {
        emit_cvt_half(e, in, dt, st, rnd);
        return;
    }
    Ops s = sources(e, in, st, 1);
    LLVMValueRef x = s.a[0];
    LLVMTypeRef T = like(inst_llvm_type(e, dt), s.vec);
    bool fd = is_float(dt), fs = is_float(st);
    bool half = dt == TY_F16 || dt == TY_BF16 || st == TY_F16 || st == TY_BF16 || dt == TY_TF32 ||
                st == TY_TF32;
    if (type_kind(dt) == TK_PACKED || type_kind(st) == TK_PACKED ||
        (half && !(rnd == MOD_NONE || rnd == MOD_RN))) {
        emit_unsupported(
            e, in->loc,
            arena_printf(e->arena, "cvt.%s.%s with this rounding", type_name(dt), type_name(st)));
        return;
    }
    if (fs && instr_has_mod(in, MOD_FTZ))
        x = ftz(e, x);
    LLVMValueRef r;
    if (fd && fs) {
        x = round_int(e, rnd, x);
        unsigned db = (unsigned)type_bits(dt), sb = (unsigned)type_bits(st);
        if (directed(rnd) && db < sb && dt == TY_F32) {
            r = LLVMBuildFPTrunc(e->b, x, T, "");
            LLVMValueRef t = LLVMBuildFSub(e->b, x, LLVMBuildFPExt(e->b, r, LLVMTypeOf(x), ""), "");
            r = round_dir(e, r, t, rnd);
        } else if (directed(rnd) && db < sb) {
            emit_unsupported(e, in->loc,
                             arena_printf(e->arena, "cvt.%s.%s.%s", mod_name(rnd), type_name(dt),
                                          type_name(st)));
            return;
        } else {
            r = db < sb   ? LLVMBuildFPTrunc(e->b, x, T, "")
                : db > sb ? LLVMBuildFPExt(e->b, x, T, "")
                          : x;
        }
        if (instr_has_mod(in, MOD_FTZ))
            r = ftz(e, r);
        if (sat)
            r = fsat(e, r);
    } else if (fd) { /* integer to float */
        if (directed(rnd) && (dt == TY_F32 || dt == TY_F64)) {
            r = directed_itof(e, x, st, T, rnd);
        } else if (rnd != MOD_NONE && rnd != MOD_RN) {
            emit_unsupported(e, in->loc,
                             arena_printf(e->arena, "cvt.%s.%s.%s", mod_name(rnd), type_name(dt),
                                          type_name(st)));
            return;
        } else {
            r = type_signed(st) ? LLVMBuildSIToFP(e->b, x, T, "") : LLVMBuildUIToFP(e->b, x, T, "");
        }
        if (sat)
            r = fsat(e, r);
    } else if (fs) { /* float to integer: saturating, NaN to 0 */
        x = round_int(e, rnd == MOD_NONE ? MOD_RZI : rnd, x);
        LLVMTypeRef over[] = {T, LLVMTypeOf(x)};
        LLVMValueRef args[] = {x};
        r = emit_intrinsic(e, type_signed(dt) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2,
                           args, 1);
    } else { /* integer to integer: truncate or extend; .sat clamps */
        unsigned db = (unsigned)type_bits(dt), sb = (unsigned)type_bits(st);
        if (sat) {
            /* clamp x into the destination range, in the wider type */
            unsigned w = db > sb ? db : sb;
            LLVMTypeRef W = like(LLVMIntTypeInContext(e->ctx, w), s.vec);
            LLVMValueRef xw = sb < w ? (type_signed(st) ? LLVMBuildSExt(e->b, x, W, "")
                                                        : LLVMBuildZExt(e->b, x, W, ""))
                                     : x;
            bool ds = type_signed(dt), ss = type_signed(st);
            unsigned long long hi =
                ds ? (1ull << (db - 1)) - 1 : (db == 64 ? ~0ull : (1ull << db) - 1);
            unsigned long long lo =
                ds ? ~0ull << (db - 1) : 0; /* -2^(db-1), without a signed overflow */
            if (db < w || (ds != ss)) {
                LLVMValueRef hiv = cst(e, xw, 0, hi), lov = cst(e, xw, 0, lo);
                if (ss) { /* past the top only when narrower */
                    if (db < sb)
                        xw = call2(e, "llvm.smin", xw, hiv);
                    xw = call2(e, "llvm.smax", xw, lov);
                } else {
                    xw = call2(e, "llvm.umin", xw, hiv);
                }
            }
            r = db < w ? LLVMBuildTrunc(e->b, xw, T, "") : xw;
        } else if (db < sb) {
            r = LLVMBuildTrunc(e->b, x, T, "");
        } else if (db > sb) {
            r = type_signed(st) ? LLVMBuildSExt(e->b, x, T, "") : LLVMBuildZExt(e->b, x, T, "");
        } else {
            r = x;
        }
    }
    inst_write(e, &in->opnd[0], dt, r);
}

/* ----------------------------------------------------------------- mov */

void
emit_mov(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    const Operand *d = &in->opnd[0], *a = &in->opnd[1];
    if (in->vec > 1) { /* mov.v4.f32 {a, b, c, d}, {e, f, g, h}: every source read first */
        if (d->kind != OPD_VEC || a->kind != OPD_VEC || d->nsub != in->vec || a->nsub != in->vec) {
            emit_unsupported(
                e, in->loc,
                arena_printf(e->arena, "mov.v%d without %d-element operands", in->vec, in->vec));
            return;
        }
        LLVMValueRef v[4];
        for (int i = 0; i < in->vec; i++)
            v[i] = inst_operand(e, &a->sub[i], ty, operand_varying(e, &d->sub[i]));
        for (int i = 0; i < in->vec; i++)
            inst_write(e, &d->sub[i], ty, v[i]);
        return;
    }
    if (d->kind == OPD_VEC) { /* unpack: mov.b64 {lo, hi}, x */
        bool vec = operand_varying(e, a) || operand_varying(e, d);
        LLVMValueRef x = inst_operand(e, a, ty, vec);
        unsigned part = (unsigned)type_bits(ty) / (unsigned)d->nsub;
        LLVMTypeRef pt = like(LLVMIntTypeInContext(e->ctx, part), vec);
        x = convert_bits(e, x, LLVMIntTypeInContext(e->ctx, (unsigned)type_bits(ty)), false);
        for (int i = 0; i < d->nsub; i++) {
            LLVMValueRef p = LLVMBuildTrunc(
                e->b, LLVMBuildLShr(e->b, x, cst(e, x, 0, part * (unsigned)i), ""), pt, "");
            inst_write(e, &d->sub[i], part == 16 ? TY_B16 : part == 32 ? TY_B32 : TY_B8, p);
        }
        return;
    }
    if (a->kind == OPD_VEC) { /* pack: mov.b64 x, {lo, hi} */
        bool vec = operand_varying(e, a) || operand_varying(e, d);
        unsigned part = (unsigned)type_bits(ty) / (unsigned)a->nsub;
        PtxType pty = part == 16 ? TY_B16 : part == 32 ? TY_B32 : TY_B8;
        LLVMTypeRef wt = like(LLVMIntTypeInContext(e->ctx, (unsigned)type_bits(ty)), vec);
        LLVMValueRef r = LLVMConstNull(wt);
        for (int i = 0; i < a->nsub; i++) {
            LLVMValueRef p = LLVMBuildZExt(e->b, inst_operand(e, &a->sub[i], pty, vec), wt, "");
            r = LLVMBuildOr(e->b, r, LLVMBuildShl(e->b, p, cst(e, p, 0, part * (unsigned)i), ""),
                            "");
        }
        inst_write(e, d, ty, r);
        return;
    }
    if (a->kind == OPD_FUNC) {
        LLVMValueRef fn = a->func->has_body ? call_function_address(e, a->func) : NULL;
        if (!fn) {
            emit_unsupported(e, in->loc,
                             arena_printf(e->arena, "the address of '%s'", a->func->name));
            return;
        }
        inst_write(e, d, ty, LLVMBuildPtrToInt(e->b, fn, e->t_i64, ""));
        return;
    }
    bool vec = operand_varying(e, d);
    inst_write(e, d, ty, inst_operand(e, a, ty, vec));
}
