/* compare.c — setp, set, selp and slct: compares of integers, floats and
 * packed halves, combined with a predicate.
 */
#include "emit.h"

/* ------------------------------------------------------------- compare */

static LLVMValueRef
compare(Emit *e, const Instr *in, Mod cmp, PtxType ty, LLVMValueRef a, LLVMValueRef b)
{
    if (is_float(ty)) {
        LLVMRealPredicate p;
        switch (cmp) {
        case MOD_EQ: p = LLVMRealOEQ; break;
        case MOD_NE: p = LLVMRealONE; break;
        case MOD_LT: p = LLVMRealOLT; break;
        case MOD_LE: p = LLVMRealOLE; break;
        case MOD_GT: p = LLVMRealOGT; break;
        case MOD_GE: p = LLVMRealOGE; break;
        case MOD_EQU: p = LLVMRealUEQ; break;
        case MOD_NEU: p = LLVMRealUNE; break;
        case MOD_LTU: p = LLVMRealULT; break;
        case MOD_LEU: p = LLVMRealULE; break;
        case MOD_GTU: p = LLVMRealUGT; break;
        case MOD_GEU: p = LLVMRealUGE; break;
        case MOD_NUM: p = LLVMRealORD; break;
        case MOD_NAN: p = LLVMRealUNO; break;
        default: emit_unsupported(e, in->loc, "this comparison"); return a;
        }
        if (is_half_elem(e, elem_type(a))) {
            bool bf = elem_type(a) == e->t_bf16;
            LLVMValueRef ab = LLVMBuildBitCast(e->b, a, shaped(a, e->t_i16), "");
            LLVMValueRef bb = LLVMBuildBitCast(e->b, b, shaped(b, e->t_i16), "");
            if (instr_has_mod(in, MOD_FTZ))
                ab = half_ftz_bits(e, ab, bf), bb = half_ftz_bits(e, bb, bf);
            a = bf ? bf16_bits_to_f32(e, ab) : f16_bits_to_f32(e, ab);
            b = bf ? bf16_bits_to_f32(e, bb) : f16_bits_to_f32(e, bb);
        } else if (instr_has_mod(in, MOD_FTZ)) {
            a = ftz(e, a), b = ftz(e, b);
        }
        return LLVMBuildFCmp(e->b, p, a, b, "");
    }
    bool sg = type_signed(ty);
    LLVMIntPredicate p;
    switch (cmp) {
    case MOD_EQ: p = LLVMIntEQ; break;
    case MOD_NE: p = LLVMIntNE; break;
    case MOD_LT: p = sg ? LLVMIntSLT : LLVMIntULT; break;
    case MOD_LE: p = sg ? LLVMIntSLE : LLVMIntULE; break;
    case MOD_GT: p = sg ? LLVMIntSGT : LLVMIntUGT; break;
    case MOD_GE: p = sg ? LLVMIntSGE : LLVMIntUGE; break;
    case MOD_LO: p = LLVMIntULT; break;
    case MOD_LS: p = LLVMIntULE; break;
    case MOD_HI: p = LLVMIntUGT; break;
    case MOD_HS: p = LLVMIntUGE; break;
    default: emit_unsupported(e, in->loc, "this comparison"); return a;
    }
    return LLVMBuildICmp(e->b, p, a, b, "");
}

LLVMValueRef
combine(Emit *e, Mod op, LLVMValueRef a, LLVMValueRef c)
{
    switch (op) {
    case MOD_AND: return LLVMBuildAnd(e->b, a, c, "");
    case MOD_OR: return LLVMBuildOr(e->b, a, c, "");
    case MOD_XOR: return LLVMBuildXor(e->b, a, c, "");
    default: return a;
    }
}

static Mod
cmp_mod(const Instr *in)
{
    for (int i = 0; i < in->nmods; i++)
        if (mod_classes(in->mods[i]) & MC_CMP)
            return in->mods[i];
    return MOD_NONE;
}

static Mod
bool_mod(const Instr *in)
{
    bool seen_cmp = false;
    for (int i = 0; i < in->nmods; i++) {
        if (!seen_cmp && (mod_classes(in->mods[i]) & MC_CMP)) {
            seen_cmp = true;
            continue;
        }
        if (in->mods[i] == MOD_AND || in->mods[i] == MOD_OR || in->mods[i] == MOD_XOR)
            return in->mods[i];
    }
    return MOD_NONE;
}

/* setp.CMP[.BOOL].f16x2 p|q, a, b[, c]: p from the low halves, q from the
 * high ones.  set.CMP[.BOOL].D.f16x2 d, a, b[, c]: each half of d is 1.0
 * (in D = f16x2 or bf16x2) or 0xffff (D = u32, s32) where its comparison
 * holds, else 0.  Each register is two halves: <2 x half>, or <64 x half>
 * for a warp (lane l's halves at 2l and 2l+1). */
static void
emit_setp_packed(Emit *e, const Instr *in, PtxType ty, Mod cmp, Mod bop)
{
    const Operand *d = &in->opnd[0];
    bool set = in->op == OP_SET;
    PtxType dty = set ? in->type[0] : TY_PRED;
    if (set ? (d->kind != OPD_REG || !(dty == ty || dty == TY_U32 || dty == TY_S32))
            : d->kind != OPD_PAIR) {
        emit_unsupported(e, in->loc,
                         set ? arena_printf(e->arena, "set.%s.%s", type_name(dty), type_name(ty))
                             : arena_printf(e->arena, "%s.%s without a p|q pair",
                                            opcode_name(in->op), type_name(ty)));
        return;
    }
    bool vec = set ? e->fs.fi->reg_varying[d->reg]
                   : e->fs.fi->reg_varying[d->sub[0].reg] || e->fs.fi->reg_varying[d->sub[1].reg];
    for (int i = 1; i < in->nopnd; i++)
        vec |= operand_varying(e, &in->opnd[i]);
    LLVMTypeRef ht = ty == TY_F16X2 ? e->t_f16 : e->t_bf16;
    unsigned n = vec ? 2 * WARP : 2;
    LLVMValueRef a = LLVMBuildBitCast(e->b, inst_operand(e, &in->opnd[1], TY_B32, vec),
                                      LLVMVectorType(ht, n), "");
    LLVMValueRef b = LLVMBuildBitCast(e->b, inst_operand(e, &in->opnd[2], TY_B32, vec),
                                      LLVMVectorType(ht, n), "");
    LLVMValueRef r = compare(e, in, cmp, TY_F32, a, b);
    LLVMValueRef halves[2];
    for (int h = 0; h < 2; h++) {
        LLVMValueRef idx[WARP];
        for (unsigned l = 0; l < n / 2; l++)
            idx[l] = LLVMConstInt(e->t_i32, 2 * l + (unsigned)h, 0);
        halves[h] = vec ? LLVMBuildShuffleVector(e->b, r, LLVMGetUndef(LLVMTypeOf(r)),
                                                 LLVMConstVector(idx, WARP), "")
                        : LLVMBuildExtractElement(e->b, r, idx[0], "");
    }
    LLVMValueRef c = in->nopnd > 3 ? inst_operand(e, &in->opnd[3], TY_PRED, vec) : NULL;
    for (int h = 0; h < 2; h++)
        halves[h] = c ? combine(e, bop, halves[h], c) : halves[h];
    if (!set) {
        for (int h = 0; h < 2; h++)
            inst_write(e, &d->sub[h], TY_PRED, halves[h]);
        return;
    }
    LLVMTypeRef it = like(e->t_i32, vec);
    unsigned long long one = dty == TY_F16X2 ? 0x3c00 : dty == TY_BF16X2 ? 0x3f80 : 0xffff;
    LLVMValueRef v = LLVMConstNull(it);
    for (int h = 0; h < 2; h++) {
        LLVMValueRef x =
            LLVMBuildSelect(e->b, halves[h], cst(e, v, 0, one << 16 * h), LLVMConstNull(it), "");
        v = LLVMBuildOr(e->b, v, x, "");
    }
    inst_write(e, d, TY_B32, v);
}

/* setp.CMP[.BOOL].T p[|q], a, b[, c]  and  set.CMP[.BOOL].D.T d, a, b[, c] */
void
emit_setp(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Mod cmp = cmp_mod(in), bop = bool_mod(in);
    bool set = in->op == OP_SET;
    if (ty == TY_F16X2 || ty == TY_BF16X2) {
        emit_setp_packed(e, in, ty, cmp, bop);
        return;
    }
    PtxType dty = set ? in->type[0] : TY_PRED;
    const Operand *d = &in->opnd[0];
    Ops s = {.ty = ty, .t = inst_llvm_type(e, ty)};
    s.vec = d->kind == OPD_PAIR ? e->fs.fi->reg_varying[d->sub[0].reg] : operand_varying(e, d);
    for (int i = 1; i < in->nopnd; i++)
        s.vec |= operand_varying(e, &in->opnd[i]);
    LLVMValueRef a = inst_operand(e, &in->opnd[1], ty, s.vec);
    LLVMValueRef b = inst_operand(e, &in->opnd[2], ty, s.vec);
    LLVMValueRef c = in->nopnd > 3 ? inst_operand(e, &in->opnd[3], TY_PRED, s.vec) : NULL;
    LLVMValueRef r = compare(e, in, cmp, ty, a, b);
    LLVMValueRef p = c ? combine(e, bop, r, c) : r;
    if (set) {
        LLVMTypeRef dt = inst_llvm_type(e, dty);
        LLVMValueRef one = is_float(dty) ? LLVMConstReal(dt, 1.0) : LLVMConstInt(dt, ~0ull, 0);
        LLVMValueRef v = LLVMBuildSelect(e->b, p, s.vec ? emit_splat(e, one) : one,
                                         LLVMConstNull(like(dt, s.vec)), "");
        inst_write(e, d, dty, v);
        return;
    }
    if (d->kind == OPD_PAIR) {
        inst_write(e, &d->sub[0], TY_PRED, p);
        LLVMValueRef nr = LLVMBuildNot(e->b, r, "");
        inst_write(e, &d->sub[1], TY_PRED, c ? combine(e, bop, nr, c) : nr);
        return;
    }
    inst_write(e, d, TY_PRED, p);
}

void
emit_selp(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Ops s = sources(e, in, ty, 2);
    s.vec |= operand_varying(e, &in->opnd[3]);
    if (s.vec)
        s.a[0] = emit_splat(e, s.a[0]), s.a[1] = emit_splat(e, s.a[1]);
    LLVMValueRef c;
    if (in->op == OP_SELP) {
        c = inst_operand(e, &in->opnd[3], TY_PRED, s.vec);
    } else { /* slct.d.s: c >= 0 */
        PtxType cty = in->type[1];
        LLVMValueRef cv = inst_operand(e, &in->opnd[3], cty, s.vec);
        c = is_float(cty)
                ? LLVMBuildFCmp(e->b, LLVMRealOGE, instr_has_mod(in, MOD_FTZ) ? ftz(e, cv) : cv,
                                cst(e, cv, 0.0, 0), "")
                : LLVMBuildICmp(e->b, LLVMIntSGE, cv, cst(e, cv, 0, 0), "");
        ty = in->type[0];
    }
    inst_write(e, &in->opnd[0], ty, LLVMBuildSelect(e->b, c, s.a[0], s.a[1], ""));
}
