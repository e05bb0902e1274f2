/* bits.c — logic and bit operations: and or xor not cnot, shifts, popc clz
 * brev bfind bfe bfi, fclass (copysign testp), dp4a dp2a, bmsk szext, fns,
 * prmt, shf, lop3.
 */
#include "emit.h"

/* --------------------------------------------------------------- logic */

void
emit_logic(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    int n = in->op == OP_NOT || in->op == OP_CNOT ? 1 : 2;
    Ops s = sources(e, in, ty, n);
    LLVMValueRef r;
    switch (in->op) {
    case OP_AND: r = LLVMBuildAnd(e->b, s.a[0], s.a[1], ""); break;
    case OP_OR: r = LLVMBuildOr(e->b, s.a[0], s.a[1], ""); break;
    case OP_XOR: r = LLVMBuildXor(e->b, s.a[0], s.a[1], ""); break;
    case OP_NOT: r = LLVMBuildNot(e->b, s.a[0], ""); break;
    case OP_CNOT:
        r = LLVMBuildZExt(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, s.a[0], cst(e, s.a[0], 0, 0), ""),
                          LLVMTypeOf(s.a[0]), "");
        break;
    default: die("emit_logic");
    }
    inst_write(e, &in->opnd[0], ty, r);
}

/* shl, shr: shift amounts past the width give 0 (or the sign). */
void
emit_shift(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Ops s = sources(e, in, ty, 1);
    LLVMValueRef amt = inst_operand(e, &in->opnd[2], TY_U32, s.vec);
    unsigned w = LLVMGetIntTypeWidth(s.t);
    LLVMValueRef a = convert_bits(e, amt, s.t, false);
    if (w < 32)
        amt = LLVMBuildTrunc(e->b, amt, like(s.t, s.vec), ""), a = amt;
    LLVMValueRef big = LLVMBuildICmp(e->b, LLVMIntUGE, amt, cst(e, amt, 0, w), "");
    LLVMValueRef clamped = LLVMBuildSelect(e->b, big, cst(e, a, 0, w - 1), a, "");
    LLVMValueRef r;
    if (in->op == OP_SHL) {
        r = LLVMBuildSelect(e->b, big, cst(e, s.a[0], 0, 0),
                            LLVMBuildShl(e->b, s.a[0], clamped, ""), "");
    } else if (type_signed(ty)) {
        r = LLVMBuildAShr(e->b, s.a[0], clamped, "");
    } else {
        r = LLVMBuildSelect(e->b, big, cst(e, s.a[0], 0, 0),
                            LLVMBuildLShr(e->b, s.a[0], clamped, ""), "");
    }
    inst_write(e, &in->opnd[0], ty, r);
}

void
emit_bits(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Ops s = sources(e, in, ty, in->nopnd - 1);
    unsigned w = LLVMGetIntTypeWidth(s.t);
    LLVMValueRef r;
    PtxType rty = ty;
    switch (in->op) {
    case OP_POPC:
        r = call1(e, "llvm.ctpop", s.a[0]);
        rty = TY_U32;
        break;
    case OP_CLZ:
        r = call2(e, "llvm.ctlz", s.a[0], LLVMConstInt(e->t_i1, 0, 0));
        rty = TY_U32;
        break;
    case OP_BREV: r = call1(e, "llvm.bitreverse", s.a[0]); break;
    case OP_BFIND: {
        /* position of the most significant non-sign bit, 0xffffffff if none */
        LLVMValueRef x = s.a[0];
        if (type_signed(ty))
            x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, x, cst(e, x, 0, 0), ""),
                                LLVMBuildNot(e->b, x, ""), x, "");
        LLVMValueRef lz = call2(e, "llvm.ctlz", x, LLVMConstInt(e->t_i1, 0, 0));
        LLVMValueRef pos = LLVMBuildSub(e->b, cst(e, lz, 0, w - 1), lz, "");
        if (instr_has_mod(in, MOD_SHIFTAMT))
            pos = LLVMBuildSub(e->b, cst(e, lz, 0, w - 1), pos, "");
        LLVMValueRef none = LLVMBuildICmp(e->b, LLVMIntEQ, x, cst(e, x, 0, 0), "");
        r = LLVMBuildSelect(e->b, none, cst(e, pos, 0, ~0ull), pos, "");
        r = convert_bits(e, r, e->t_i32, false);
        rty = TY_U32;
        break;
    }
    case OP_BFE: {
        /* bfe d, a, pos, len (.u32 operands, their low 8 bits): bit i of d
         * is bit pos + i of a for i < len and pos + i < w, else the sign
         * bit: 0 for unsigned and len 0, else bit min(pos + len - 1, w - 1)
         * of a.  An arithmetic shift gives that past the top when
         * pos + len - 1 reaches it. */
        LLVMValueRef pos = inst_operand(e, &in->opnd[2], TY_U32, s.vec);
        LLVMValueRef len = inst_operand(e, &in->opnd[3], TY_U32, s.vec);
        pos = LLVMBuildAnd(e->b, pos, cst(e, pos, 0, 255), "");
        len = LLVMBuildAnd(e->b, len, cst(e, len, 0, 255), "");
        LLVMValueRef x = s.a[0];
        LLVMTypeRef T = LLVMTypeOf(x);
        bool sg = type_signed(ty);
        LLVMValueRef p =
            convert_bits(e, call2(e, "llvm.umin", pos, cst(e, pos, 0, w - 1)), s.t, false);
        LLVMValueRef l = convert_bits(e, call2(e, "llvm.umin", len, cst(e, len, 0, w)), s.t, false);
        LLVMValueRef sh = sg ? LLVMBuildAShr(e->b, x, p, "") : LLVMBuildLShr(e->b, x, p, "");
        if (!sg) /* a field starting past the top is empty */
            sh = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntUGE, pos, cst(e, pos, 0, w), ""),
                                 cst(e, x, 0, 0), sh, "");
        /* mask of l bits (l == w: all) */
        LLVMValueRef lw = LLVMBuildICmp(e->b, LLVMIntEQ, l, cst(e, l, 0, w), "");
        LLVMValueRef safe_l = LLVMBuildSelect(e->b, lw, cst(e, l, 0, 0), l, "");
        LLVMValueRef m = LLVMBuildSub(e->b, LLVMBuildShl(e->b, cst(e, x, 0, 1), safe_l, ""),
                                      cst(e, x, 0, 1), "");
        m = LLVMBuildSelect(e->b, lw, LLVMConstAllOnes(T), m, "");
        LLVMValueRef field = LLVMBuildAnd(e->b, sh, m, "");
        if (sg) {
            LLVMValueRef top =
                LLVMBuildAdd(e->b, pos, LLVMBuildSub(e->b, len, cst(e, len, 0, 1), ""), "");
            top = call2(e, "llvm.umin", top, cst(e, top, 0, w - 1));
            LLVMValueRef sbit =
                LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, x, convert_bits(e, top, s.t, false), ""),
                             cst(e, x, 0, 1), "");
            LLVMValueRef neg =
                LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntNE, sbit, cst(e, x, 0, 0), ""),
                             LLVMBuildICmp(e->b, LLVMIntNE, len, cst(e, len, 0, 0), ""), "");
            field = LLVMBuildSelect(
                e->b, neg, LLVMBuildOr(e->b, field, LLVMBuildNot(e->b, m, ""), ""), field, "");
            field =
                LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, len, cst(e, len, 0, 0), ""),
                                cst(e, x, 0, 0), field, "");
        }
        r = field;
        break;
    }
    case OP_BFI: {
        /* bfi d, a(insert), b(base), pos, len */
        LLVMValueRef pos = inst_operand(e, &in->opnd[3], TY_U32, s.vec);
        LLVMValueRef len = inst_operand(e, &in->opnd[4], TY_U32, s.vec);
        pos = LLVMBuildAnd(e->b, pos, cst(e, pos, 0, 255), "");
        len = LLVMBuildAnd(e->b, len, cst(e, len, 0, 255), "");
        LLVMValueRef a = s.a[0], b = s.a[1];
        LLVMValueRef big_p = LLVMBuildICmp(e->b, LLVMIntUGE, pos, cst(e, pos, 0, w), "");
        LLVMValueRef p =
            convert_bits(e, LLVMBuildSelect(e->b, big_p, cst(e, pos, 0, 0), pos, ""), s.t, false);
        LLVMValueRef l = convert_bits(e, call2(e, "llvm.umin", len, cst(e, len, 0, w)), s.t, false);
        LLVMValueRef lw = LLVMBuildICmp(e->b, LLVMIntEQ, l, cst(e, l, 0, w), "");
        LLVMValueRef m =
            LLVMBuildSub(e->b,
                         LLVMBuildShl(e->b, cst(e, a, 0, 1),
                                      LLVMBuildSelect(e->b, lw, cst(e, l, 0, 0), l, ""), ""),
                         cst(e, a, 0, 1), "");
        m = LLVMBuildSelect(e->b, lw, LLVMConstAllOnes(LLVMTypeOf(a)), m, "");
        m = LLVMBuildShl(e->b, m, p, "");
        LLVMValueRef ins = LLVMBuildAnd(e->b, LLVMBuildShl(e->b, a, p, ""), m, "");
        r = LLVMBuildOr(e->b, LLVMBuildAnd(e->b, b, LLVMBuildNot(e->b, m, ""), ""), ins, "");
        r = LLVMBuildSelect(e->b, big_p, b, r, "");
        break;
    }
    default: die("emit_bits");
    }
    inst_write(e, &in->opnd[0], rty, r);
}

/* copysign.f d, a, b: b with the sign of a.  testp.op.f p, a (the ISA
 * counts +0 and -0 as normal). */
void
emit_fclass(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    if (in->op == OP_COPYSIGN) {
        Ops s = sources(e, in, ty, 2);
        inst_write(e, &in->opnd[0], ty, call2(e, "llvm.copysign", s.a[1], s.a[0]));
        return;
    }
    Ops s = sources(e, in, ty, 1);
    LLVMValueRef x = s.a[0], r;
    LLVMValueRef ax = call1(e, "llvm.fabs", x);
    double minnorm = ty == TY_F64 ? 2.2250738585072014e-308 : 1.17549435e-38;
    Mod m = mod_of_class(in, MC_MISC);
    switch (m) {
    case MOD_FINITE: r = LLVMBuildFCmp(e->b, LLVMRealOLT, ax, cst(e, ax, 1.0 / 0.0, 0), ""); break;
    case MOD_INFINITE:
        r = LLVMBuildFCmp(e->b, LLVMRealOEQ, ax, cst(e, ax, 1.0 / 0.0, 0), "");
        break;
    case MOD_NUMBER: r = LLVMBuildFCmp(e->b, LLVMRealORD, x, x, ""); break;
    case MOD_NOTANUMBER: r = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, ""); break;
    case MOD_NORMAL: /* zeros count as normal */
        r = LLVMBuildAnd(
            e->b,
            LLVMBuildOr(e->b, LLVMBuildFCmp(e->b, LLVMRealOGE, ax, cst(e, ax, minnorm, 0), ""),
                        LLVMBuildFCmp(e->b, LLVMRealOEQ, ax, cst(e, ax, 0.0, 0), ""), ""),
            LLVMBuildFCmp(e->b, LLVMRealOLT, ax, cst(e, ax, 1.0 / 0.0, 0), ""), "");
        break;
    case MOD_SUBNORMAL:
        r = LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, ax, cst(e, ax, minnorm, 0), ""),
                         LLVMBuildFCmp(e->b, LLVMRealONE, ax, cst(e, ax, 0.0, 0), ""), "");
        break;
    default: emit_unsupported(e, in->loc, "this testp class"); return;
    }
    inst_write(e, &in->opnd[0], TY_PRED, r);
}

/* dp4a.atype.btype d, a, b, c: c + the dot product of the four bytes of a
 * and b (each signed or unsigned by its type); dp2a.lo/.hi: two 16-bit
 * halves of a with two bytes of b (the low or high pair). */
void
emit_dp(Emit *e, const Instr *in)
{
    if (in->ntype < 2) {
        emit_unsupported(e, in->loc, "this form of dp4a/dp2a");
        return;
    }
    bool sa = type_signed(in->type[0]), sb = type_signed(in->type[1]);
    Ops s = sources(e, in, TY_B32, 3);
    bool four = in->op == OP_DP4A;
    bool hi = instr_has_mod(in, MOD_HI);
    LLVMValueRef acc = s.a[2];
    int n = four ? 4 : 2;
    for (int k = 0; k < n; k++) {
        unsigned abits = four ? 8 : 16, ashift = abits * (unsigned)k;
        unsigned bshift = 8 * (unsigned)(four ? k : (hi ? k + 2 : k));
        LLVMValueRef a = LLVMBuildShl(e->b, s.a[0], cst(e, s.a[0], 0, 32 - abits - ashift), "");
        a = sa ? LLVMBuildAShr(e->b, a, cst(e, a, 0, 32 - abits), "")
               : LLVMBuildLShr(e->b, a, cst(e, a, 0, 32 - abits), "");
        LLVMValueRef b = LLVMBuildShl(e->b, s.a[1], cst(e, s.a[1], 0, 24 - bshift), "");
        b = sb ? LLVMBuildAShr(e->b, b, cst(e, b, 0, 24), "")
               : LLVMBuildLShr(e->b, b, cst(e, b, 0, 24), "");
        acc = LLVMBuildAdd(e->b, acc, LLVMBuildMul(e->b, a, b, ""), "");
    }
    inst_write(e, &in->opnd[0], TY_B32, acc);
}

/* bmsk.mode.b32 d, a, b: b ones from bit a (.clamp: a, b capped at 32;
 * .wrap: a, b taken mod 32).  szext.mode.type d, a, b: the low b bits of
 * a, sign- or zero-extended. */
void
emit_bmsk(Emit *e, const Instr *in)
{
    Ops s = sources(e, in, TY_U32, 2);
    LLVMValueRef a = s.a[0], b = s.a[1];
    bool wrap = instr_has_mod(in, MOD_WRAP);
    LLVMTypeRef T = LLVMTypeOf(a);
    LLVMTypeRef W = like(e->t_i64, s.vec);
    if (wrap) {
        a = LLVMBuildAnd(e->b, a, cst(e, a, 0, 31), "");
        b = LLVMBuildAnd(e->b, b, cst(e, b, 0, 31), "");
    } else {
        a = call2(e, "llvm.umin", a, cst(e, a, 0, 32));
        b = call2(e, "llvm.umin", b, cst(e, b, 0, 32));
    }
    LLVMValueRef a64 = LLVMBuildZExt(e->b, a, W, ""), b64 = LLVMBuildZExt(e->b, b, W, "");
    if (in->op == OP_BMSK) {
        /* ((1 << b) - 1) << a, in 64 bits, low 32 kept */
        LLVMValueRef m = LLVMBuildSub(e->b, LLVMBuildShl(e->b, cst(e, a64, 0, 1), b64, ""),
                                      cst(e, a64, 0, 1), "");
        m = LLVMBuildShl(e->b, m, a64, "");
        inst_write(e, &in->opnd[0], TY_B32, LLVMBuildTrunc(e->b, m, T, ""));
        return;
    }
    /* szext: keep the low b bits of the first source (a here is the value) */
    LLVMValueRef v = LLVMBuildZExt(e->b, s.a[0], W, "");
    LLVMValueRef keep = b64;
    LLVMValueRef sh = LLVMBuildSub(e->b, cst(e, v, 0, 64), keep, "");
    LLVMValueRef zero = LLVMBuildICmp(e->b, LLVMIntEQ, keep, cst(e, keep, 0, 0), "");
    LLVMValueRef safe = LLVMBuildSelect(e->b, zero, cst(e, sh, 0, 0), sh, "");
    LLVMValueRef r = LLVMBuildShl(e->b, v, safe, "");
    r = type_signed(itype(in)) ? LLVMBuildAShr(e->b, r, safe, "")
                               : LLVMBuildLShr(e->b, r, safe, "");
    r = LLVMBuildSelect(e->b, zero, cst(e, r, 0, 0), r, "");
    inst_write(e, &in->opnd[0], TY_B32, LLVMBuildTrunc(e->b, r, T, ""));
}

/* fns.b32 d, mask, base, offset: the bit position of the offset-th set bit
 * of mask counting from base (forward for offset > 0, backward for < 0,
 * offset 1 the first at or after base), or 0xffffffff.  A loop over the
 * 32 bits, per lane. */
void
emit_fns(Emit *e, const Instr *in)
{
    Ops s = sources(e, in, TY_B32, 3);
    LLVMValueRef mask = s.a[0], base = s.a[1], off = s.a[2];
    LLVMValueRef none = cst(e, mask, 0, 0xffffffffu);
    LLVMValueRef result = none, found = cst(e, mask, 0, 0);
    LLVMValueRef fwd = LLVMBuildICmp(e->b, LLVMIntSGT, off, cst(e, off, 0, 0), "");
    LLVMValueRef need = LLVMBuildSelect(e->b, fwd, off, LLVMBuildNeg(e->b, off, ""), "");
    /* offset 0: base itself if its bit is set */
    LLVMValueRef zero_off = LLVMBuildICmp(e->b, LLVMIntEQ, off, cst(e, off, 0, 0), "");
    need = LLVMBuildSelect(e->b, zero_off, cst(e, need, 0, 1), need, "");
    for (unsigned k = 0; k < 32; k++) {
        /* forward: position base + k; backward: base - k (offset 0: only k = 0) */
        LLVMValueRef kk = cst(e, base, 0, k);
        LLVMValueRef pos = LLVMBuildSelect(e->b, fwd, LLVMBuildAdd(e->b, base, kk, ""),
                                           LLVMBuildSub(e->b, base, kk, ""), "");
        LLVMValueRef inrange = LLVMBuildICmp(e->b, LLVMIntULT, pos, cst(e, pos, 0, 32), "");
        if (k > 0)
            inrange = LLVMBuildAnd(e->b, inrange, LLVMBuildNot(e->b, zero_off, ""), "");
        LLVMValueRef bit = LLVMBuildAnd(
            e->b, LLVMBuildLShr(e->b, mask, LLVMBuildAnd(e->b, pos, cst(e, pos, 0, 31), ""), ""),
            cst(e, mask, 0, 1), "");
        LLVMValueRef set = LLVMBuildAnd(
            e->b, inrange, LLVMBuildICmp(e->b, LLVMIntNE, bit, cst(e, bit, 0, 0), ""), "");
        found = LLVMBuildAdd(e->b, found, LLVMBuildZExt(e->b, set, LLVMTypeOf(found), ""), "");
        LLVMValueRef hit =
            LLVMBuildAnd(e->b, set, LLVMBuildICmp(e->b, LLVMIntEQ, found, need, ""), "");
        hit = LLVMBuildAnd(e->b, hit, LLVMBuildICmp(e->b, LLVMIntEQ, result, none, ""), "");
        result = LLVMBuildSelect(e->b, hit, pos, result, "");
    }
    inst_write(e, &in->opnd[0], TY_B32, result);
}

/* prmt.b32 d, a, b, c: byte i of d is byte (c >> 4i) & 7 of {b, a}, or its
 * sign replicated when bit 3 is set.  A mode picks one of four such
 * selectors (none with bit 3) by c[1:0]; the table holds them, 16 bits
 * each, lowest for c[1:0] = 0. */
void
emit_prmt(Emit *e, const Instr *in)
{
    static const struct { Mod mode; uint64_t sel; } modes[] = {
        {MOD_F4E, 0x6543543243213210ull}, /* forward 4 extract */
        {MOD_B4E, 0x0123701267015670ull}, /* backward 4 extract */
        {MOD_RC8, 0x3333222211110000ull}, /* replicate byte c[1:0] */
        {MOD_ECL, 0x3333322232113210ull}, /* edge clamp left */
        {MOD_ECR, 0x3210221011100000ull}, /* edge clamp right */
        {MOD_RC16, 0x3232101032321010ull}, /* replicate half c[0] */
    };
    Mod mode = mod_of_class(in, MC_MISC);
    Ops s = sources(e, in, TY_B32, 3);
    LLVMTypeRef i64 = like(e->t_i64, s.vec);
    if (mode != MOD_NONE) {
        size_t k = 0;
        while (k < sizeof modes / sizeof modes[0] && modes[k].mode != mode)
            k++;
        if (k == sizeof modes / sizeof modes[0]) {
            emit_unsupported(e, in->loc, arena_printf(e->arena, "prmt.%s", mod_name(mode)));
            return;
        }
        LLVMValueRef sh = LLVMBuildShl(e->b, LLVMBuildAnd(e->b, s.a[2], cst(e, s.a[2], 0, 3), ""),
                                       cst(e, s.a[2], 0, 4), "");
        LLVMValueRef tab = cst(e, LLVMBuildZExt(e->b, s.a[2], i64, ""), 0, modes[k].sel);
        s.a[2] =
            LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, tab, LLVMBuildZExt(e->b, sh, i64, ""), ""),
                           LLVMTypeOf(s.a[2]), "");
        s.a[2] = LLVMBuildAnd(e->b, s.a[2], cst(e, s.a[2], 0, 0xffff), "");
    }
    LLVMValueRef both =
        LLVMBuildOr(e->b,
                    LLVMBuildShl(e->b, LLVMBuildZExt(e->b, s.a[1], i64, ""),
                                 cst(e, LLVMBuildZExt(e->b, s.a[1], i64, ""), 0, 32), ""),
                    LLVMBuildZExt(e->b, s.a[0], i64, ""), "");
    LLVMValueRef r = cst(e, s.a[0], 0, 0);
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef sel =
            LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, s.a[2], cst(e, s.a[2], 0, 4 * i), ""),
                         cst(e, s.a[2], 0, 15), "");
        LLVMValueRef idx = LLVMBuildAnd(e->b, sel, cst(e, sel, 0, 7), "");
        LLVMValueRef byte = LLVMBuildTrunc(
            e->b,
            LLVMBuildLShr(
                e->b, both,
                LLVMBuildZExt(e->b, LLVMBuildShl(e->b, idx, cst(e, idx, 0, 3), ""), i64, ""), ""),
            like(e->t_i32, s.vec), "");
        byte = LLVMBuildAnd(e->b, byte, cst(e, byte, 0, 0xff), "");
        LLVMValueRef signb = LLVMBuildAnd(e->b, byte, cst(e, byte, 0, 0x80), "");
        LLVMValueRef rep =
            LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntNE, signb, cst(e, signb, 0, 0), ""),
                            cst(e, byte, 0, 0xff), cst(e, byte, 0, 0), "");
        LLVMValueRef msb = LLVMBuildICmp(
            e->b, LLVMIntNE, LLVMBuildAnd(e->b, sel, cst(e, sel, 0, 8), ""), cst(e, sel, 0, 0), "");
        byte = LLVMBuildSelect(e->b, msb, rep, byte, "");
        r = LLVMBuildOr(e->b, r, LLVMBuildShl(e->b, byte, cst(e, byte, 0, 8 * i), ""), "");
    }
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel shift of {b:a}. */
void
emit_shf(Emit *e, const Instr *in)
{
    Ops s = sources(e, in, TY_B32, 3);
    LLVMValueRef n = s.a[2];
    if (instr_has_mod(in, MOD_CLAMP))
        n = call2(e, "llvm.umin", n, cst(e, n, 0, 32));
    else
        n = LLVMBuildAnd(e->b, n, cst(e, n, 0, 31), "");
    LLVMValueRef r;
    bool right = instr_has_mod(in, MOD_R);
    if (right)
        r = call3(e, "llvm.fshr", s.a[1], s.a[0], n);
    else
        r = call3(e, "llvm.fshl", s.a[1], s.a[0], n);
    /* fsh* take the amount modulo 32; clamp at 32 gives the other word */
    if (instr_has_mod(in, MOD_CLAMP)) {
        LLVMValueRef is32 = LLVMBuildICmp(e->b, LLVMIntEQ, n, cst(e, n, 0, 32), "");
        r = LLVMBuildSelect(e->b, is32, right ? s.a[1] : s.a[0], r, "");
        if (!right) /* shf.l by 32: the high word is a */
            r = LLVMBuildSelect(e->b, is32, s.a[0], r, "");
    }
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* lop3.b32 d, a, b, c, immLut: d = LUT[(a,b,c) bits].
 * lop3.{or,and}.b32 d|p, a, b, c, immLut, q: also p = (d != 0) op q. */
void
emit_lop3(Emit *e, const Instr *in)
{
    Mod bop = mod_of_class(in, MC_BOOL);
    bool pair = in->opnd[0].kind == OPD_PAIR;
    if (in->opnd[4].kind != OPD_IMM || in->nopnd != (bop != MOD_NONE ? 6 : 5) ||
        pair != (bop != MOD_NONE)) {
        emit_unsupported(e, in->loc, "this form of lop3");
        return;
    }
    Ops s = sources(e, in, TY_B32, 3);
    if (pair) {
        s.vec |= e->fs.fi->reg_varying[in->opnd[0].sub[1].reg] || operand_varying(e, &in->opnd[5]);
        for (int i = 0; i < 3; i++)
            s.a[i] = s.vec ? emit_splat(e, s.a[i]) : s.a[i];
    }
    unsigned lut = (unsigned)in->opnd[4].imm & 0xff;
    LLVMValueRef r = cst(e, s.a[0], 0, 0);
    for (unsigned i = 0; i < 8; i++) {
        if (!(lut >> i & 1))
            continue;
        LLVMValueRef a = (i & 4) ? s.a[0] : LLVMBuildNot(e->b, s.a[0], "");
        LLVMValueRef b = (i & 2) ? s.a[1] : LLVMBuildNot(e->b, s.a[1], "");
        LLVMValueRef c = (i & 1) ? s.a[2] : LLVMBuildNot(e->b, s.a[2], "");
        r = LLVMBuildOr(e->b, r, LLVMBuildAnd(e->b, a, LLVMBuildAnd(e->b, b, c, ""), ""), "");
    }
    if (!pair) {
        inst_write(e, &in->opnd[0], TY_B32, r);
        return;
    }
    LLVMValueRef nz = LLVMBuildICmp(e->b, LLVMIntNE, r, cst(e, r, 0, 0), "");
    LLVMValueRef q = inst_operand(e, &in->opnd[5], TY_PRED, s.vec);
    inst_write(e, &in->opnd[0].sub[0], TY_B32, r);
    inst_write(e, &in->opnd[0].sub[1], TY_PRED, combine(e, bop, nz, q));
}
