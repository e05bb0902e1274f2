/* atomic.c — atom and red: one atomic read-modify-write (or compare and
 * swap) for each active lane, in lane order.
 */
#include "emit.h"

/* ---------------------------------------------------------------- atom */

static LLVMAtomicOrdering
ordering(const Instr *in)
{
    if (instr_has_mod(in, MOD_ACQ_REL))
        return LLVMAtomicOrderingAcquireRelease;
    if (instr_has_mod(in, MOD_ACQUIRE))
        return LLVMAtomicOrderingAcquire;
    if (instr_has_mod(in, MOD_RELEASE))
        return LLVMAtomicOrderingRelease;
    return LLVMAtomicOrderingMonotonic;
}

static bool
is_half(PtxType t)
{
    return t == TY_F16 || t == TY_BF16 || t == TY_F16X2 || t == TY_BF16X2;
}

static bool
atom_op(const Instr *in, PtxType ty, LLVMAtomicRMWBinOp *op, bool *cas)
{
    bool fl = type_kind(ty) == TK_FLOAT || is_half(ty);
    bool sg = type_kind(ty) == TK_SINT;
    *cas = false;
    for (int i = 0; i < in->nmods; i++) {
        switch (in->mods[i]) {
        case MOD_ADD: *op = fl ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; return true;
        case MOD_EXCH: *op = LLVMAtomicRMWBinOpXchg; return true;
        case MOD_AND: *op = LLVMAtomicRMWBinOpAnd; return true;
        case MOD_OR: *op = LLVMAtomicRMWBinOpOr; return true;
        case MOD_XOR: *op = LLVMAtomicRMWBinOpXor; return true;
        case MOD_MIN:
            *op = fl ? LLVMAtomicRMWBinOpFMin : sg ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
            return true;
        case MOD_MAX:
            *op = fl ? LLVMAtomicRMWBinOpFMax : sg ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
            return true;
#if LLVM_VERSION_MAJOR >= 16
        case MOD_INC: *op = LLVMAtomicRMWBinOpUIncWrap; return true;
        case MOD_DEC: *op = LLVMAtomicRMWBinOpUDecWrap; return true;
#endif
        case MOD_CAS: *cas = true; return true;
        default: break;
        }
    }
    return false;
}

/* One lane's atomic operation at p: old value.  Half types (bits in an
 * integer) add in a compare-and-swap loop, with our own rounding. */
static LLVMValueRef
atom_one(Emit *e, LLVMValueRef p, LLVMValueRef bv, LLVMValueRef cv, PtxType ty,
         LLVMAtomicRMWBinOp op, LLVMAtomicOrdering ord)
{
    if (cv) {
        LLVMAtomicOrdering o =
            ord == LLVMAtomicOrderingMonotonic ? ord : LLVMAtomicOrderingSequentiallyConsistent;
        return LLVMBuildExtractValue(
            e->b, LLVMBuildAtomicCmpXchg(e->b, p, bv, cv, o, LLVMAtomicOrderingMonotonic, 0), 0,
            "");
    }
    if (!is_half(ty) || op == LLVMAtomicRMWBinOpXchg)
        return LLVMBuildAtomicRMW(e->b, op, p, bv, ord, 0);
    LLVMTypeRef it = LLVMTypeOf(bv);
    LLVMValueRef first = LLVMBuildLoad2(e->b, it, p, "");
    LLVMSetOrdering(first, LLVMAtomicOrderingMonotonic);
    LLVMSetAlignment(first, (unsigned)LLVMABISizeOfType(e->td, it));
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b), loop = emit_new_block(e, "atom.cas"),
                      done = emit_new_block(e, "atom.cas.done");
    LLVMBuildBr(e->b, loop);
    LLVMPositionBuilderAtEnd(e->b, loop);
    LLVMValueRef old = LLVMBuildPhi(e->b, it, "");
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(e->b, p, old, inst_half_add(e, ty, old, bv), ord,
                                               LLVMAtomicOrderingMonotonic, 0);
    LLVMValueRef seen = LLVMBuildExtractValue(e->b, pair, 0, "");
    LLVMBasicBlockRef last = LLVMGetInsertBlock(e->b);
    LLVMAddIncoming(old, &first, &pre, 1);
    LLVMAddIncoming(old, &seen, &last, 1);
    LLVMBuildCondBr(e->b, LLVMBuildExtractValue(e->b, pair, 1, ""), done, loop);
    LLVMPositionBuilderAtEnd(e->b, done);
    return old;
}

typedef struct AtomLanes {
    LLVMValueRef ptr, b, c; /* per lane: address, operand, compare value (cas) */
    PtxType ty;
    LLVMAtomicRMWBinOp op;
    LLVMAtomicOrdering ord;
} AtomLanes;

static LLVMValueRef
atom_lane(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx)
{
    AtomLanes *a = ctx;
    LLVMValueRef p = LLVMBuildExtractElement(e->b, a->ptr, lane, "");
    LLVMValueRef old =
        atom_one(e, p, LLVMBuildExtractElement(e->b, a->b, lane, ""),
                 a->c ? LLVMBuildExtractElement(e->b, a->c, lane, "") : NULL, a->ty, a->op, a->ord);
    return LLVMBuildInsertElement(e->b, acc, old, lane, "");
}

/* atom and red: one atomic operation per active lane, in lane order; a
 * vector form (.v2 .v4 .v8) is one such operation per element. */
void
emit_atom(Emit *e, const Instr *in)
{
    bool red = in->op == OP_RED;
    PtxType ty = in->ntype > 0 ? in->type[in->ntype - 1] : TY_B32;
    LLVMAtomicRMWBinOp op = LLVMAtomicRMWBinOpAdd;
    bool cas;
    if (!atom_op(in, ty, &op, &cas) || (is_half(ty) && !cas && op != LLVMAtomicRMWBinOpFAdd &&
                                        op != LLVMAtomicRMWBinOpXchg)) {
        emit_unsupported(e, in->loc, "this atomic operation");
        return;
    }
    /* half types travel as their bits */
    PtxType vty = is_half(ty) ? (type_bits(ty) == 16 ? TY_B16 : TY_B32) : ty;
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, inst_llvm_type(e, vty));
    int a = red ? 0 : 1, n = in->vec > 1 ? in->vec : 1;
    LLVMValueRef ptr = mem_address(e, &in->opnd[a], access_space(in));
    if (!emit_is_vec(ptr))
        ptr = emit_splat(e, ptr);
    for (int i = 0; i < n; i++) {
        const Operand *bo = &in->opnd[a + 1], *d = red ? NULL : &in->opnd[0];
        if (n > 1 &&
            (bo->kind != OPD_VEC || bo->nsub != n || (d && (d->kind != OPD_VEC || d->nsub != n)))) {
            emit_unsupported(e, in->loc, "this form of vector atom");
            return;
        }
        LLVMValueRef b = inst_operand(e, n > 1 ? &bo->sub[i] : bo, vty, true);
        LLVMValueRef c = cas ? inst_operand(e, &in->opnd[a + 2], vty, true) : NULL;
        AtomLanes al = {offset_ptr(e, ptr, (int64_t)i * size), b, c, ty, op, ordering(in)};
        LLVMValueRef old = emit_for_each_lane(e, emit_cur_mask(e), LLVMTypeOf(b), atom_lane, &al);
        if (d)
            inst_write(e, n > 1 ? &d->sub[i] : d, vty, old);
    }
}
