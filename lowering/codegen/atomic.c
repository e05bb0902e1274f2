/* atomic.c — atom and red: one atomic read-modify-write (or compare and
 * swap) for each active lane, in lane order.
 *
 * Lanes that name one address (a uniform one) are combined first when the
 * operation allows it: an integer add, and, or, xor, min or max folds the
 * lanes' operands into one value (a vector reduction) and makes one atomic
 * operation; each lane's old value is the old value folded with the lanes
 * before it (an exclusive scan), what the lanes one after the other would
 * have seen.  A float add adds the lanes' operands to the old value in lane
 * order and stores the sum with one compare-and-swap, retried while another
 * thread got in between: the same sums, rounding for rounding, as one
 * atomic add a lane.  Where the analysis cannot prove the address uniform
 * these forms check at run time whether the active lanes' addresses are
 * one.  Other atomics, and lanes with addresses of their own, loop over
 * the active lanes.
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

/* A value a loop over the lanes reads one lane at a time: a scalar as it
 * is, a vector from an array it was stored to once (an extractelement at
 * a variable lane stores the whole vector again at every lane). */
typedef struct LaneVal {
    LLVMValueRef v; /* the scalar, or the array */
    LLVMTypeRef t;  /* the element type */
    bool arr;
} LaneVal;

static LaneVal
lane_val(Emit *e, LLVMValueRef v, const char *name)
{
    LaneVal r = {v, elem_type(v), emit_is_vec(v)};
    if (r.arr) {
        r.v = emit_alloca(e, LLVMTypeOf(v), name);
        LLVMBuildStore(e->b, v, r.v);
    }
    return r;
}

static LLVMValueRef
lane_read(Emit *e, LaneVal x, LLVMValueRef lane)
{
    return x.arr ? LLVMBuildLoad2(e->b, x.t, LLVMBuildGEP2(e->b, x.t, x.v, &lane, 1, ""), "") : x.v;
}

typedef struct AtomLanes {
    LaneVal ptr, b, c; /* address, operand, compare value (cas; v NULL if none) */
    PtxType ty;
    LLVMAtomicRMWBinOp op;
    LLVMAtomicOrdering ord;
} AtomLanes;

/* One lane's operation; its old value goes into that lane of acc (a
 * broadcast under a one-lane mask: no trip through memory, whose store
 * of one lane and load of the vector after the loop would not forward),
 * when there is one (not red). */
static LLVMValueRef
atom_lane(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx)
{
    AtomLanes *a = ctx;
    LLVMValueRef old = atom_one(e, lane_read(e, a->ptr, lane), lane_read(e, a->b, lane),
                                a->c.v ? lane_read(e, a->c, lane) : NULL, a->ty, a->op, a->ord);
    if (!acc) return NULL;
    LLVMValueRef bit = LLVMBuildShl(e->b, emit_u32(e, 1), lane, "");
    return LLVMBuildSelect(e->b, emit_mask_vec(e, bit), emit_splat(e, old), acc, "");
}

/* One atomic operation per active lane, in lane order: the old values
 * (want_old), a <32 x T>. */
static LLVMValueRef
atom_lanes(Emit *e, LLVMValueRef p, LLVMValueRef b, LLVMValueRef c, PtxType ty,
           LLVMAtomicRMWBinOp op, LLVMAtomicOrdering ord, bool want_old)
{
    LLVMTypeRef vt = LLVMVectorType(elem_type(b), WARP);
    AtomLanes al = {lane_val(e, p, "atom.ptr"),
                    lane_val(e, b, "atom.b"),
                    c ? lane_val(e, c, "atom.c") : (LaneVal){0},
                    ty,
                    op,
                    ord};
    return emit_for_each_lane(e, emit_cur_mask(e), want_old ? vt : NULL, atom_lane, &al);
}

/* ------------------------------------------------- lanes of one address */

static bool
foldable(LLVMAtomicRMWBinOp op)
{
    switch (op) {
    case LLVMAtomicRMWBinOpAdd:
    case LLVMAtomicRMWBinOpAnd:
    case LLVMAtomicRMWBinOpOr:
    case LLVMAtomicRMWBinOpXor:
    case LLVMAtomicRMWBinOpMin:
    case LLVMAtomicRMWBinOpMax:
    case LLVMAtomicRMWBinOpUMin:
    case LLVMAtomicRMWBinOpUMax: return true;
    default: return false;
    }
}

/* x op y for the integer ops of foldable() */
static LLVMValueRef
fold2(Emit *e, LLVMAtomicRMWBinOp op, LLVMValueRef x, LLVMValueRef y)
{
    switch (op) {
    case LLVMAtomicRMWBinOpAdd: return LLVMBuildAdd(e->b, x, y, "");
    case LLVMAtomicRMWBinOpAnd: return LLVMBuildAnd(e->b, x, y, "");
    case LLVMAtomicRMWBinOpOr: return LLVMBuildOr(e->b, x, y, "");
    case LLVMAtomicRMWBinOpXor: return LLVMBuildXor(e->b, x, y, "");
    case LLVMAtomicRMWBinOpMin: return call2(e, "llvm.smin", x, y);
    case LLVMAtomicRMWBinOpMax: return call2(e, "llvm.smax", x, y);
    case LLVMAtomicRMWBinOpUMin: return call2(e, "llvm.umin", x, y);
    default: return call2(e, "llvm.umax", x, y);
    }
}

/* op's identity in the integer type t */
static LLVMValueRef
fold_ident(LLVMAtomicRMWBinOp op, LLVMTypeRef t)
{
    unsigned bits = LLVMGetIntTypeWidth(t);
    switch (op) {
    case LLVMAtomicRMWBinOpAnd:
    case LLVMAtomicRMWBinOpUMin: return LLVMConstAllOnes(t);
    case LLVMAtomicRMWBinOpMin: return LLVMConstInt(t, ~0ull >> (65 - bits), 0);
    case LLVMAtomicRMWBinOpMax: return LLVMConstInt(t, 1ull << (bits - 1), 0);
    default: return LLVMConstNull(t);
    }
}

/* v's lanes moved up by `by`, identv's coming in at the bottom */
static LLVMValueRef
lanes_up(Emit *e, LLVMValueRef v, LLVMValueRef identv, unsigned by)
{
    LLVMValueRef idx[WARP];
    for (unsigned l = 0; l < WARP; l++)
        idx[l] = emit_u32(e, l >= by ? l - by : WARP + l);
    return LLVMBuildShuffleVector(e->b, v, identv, LLVMConstVector(idx, WARP), "");
}

/* Runs the block `go` makes only when some lane is active: no access at
 * all (no fault at a stray address) for an empty mask.  Returns the block
 * to join at; the builder is left in `go`. */
static LLVMBasicBlockRef
when_any(Emit *e, LLVMValueRef mask, LLVMBasicBlockRef *pre)
{
    LLVMBasicBlockRef go = emit_new_block(e, "atom.warp"),
                      join = emit_new_block(e, "atom.warp.done");
    *pre = LLVMGetInsertBlock(e->b);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, mask, emit_u32(e, 0), ""), go, join);
    LLVMPositionBuilderAtEnd(e->b, go);
    return join;
}

static LLVMValueRef
join_value(Emit *e, LLVMBasicBlockRef pre, LLVMValueRef v, LLVMBasicBlockRef join)
{
    LLVMBasicBlockRef last = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, join);
    LLVMPositionBuilderAtEnd(e->b, join);
    if (!v)
        return NULL;
    LLVMValueRef phi = LLVMBuildPhi(e->b, LLVMTypeOf(v), ""), none = LLVMGetPoison(LLVMTypeOf(v));
    LLVMAddIncoming(phi, &none, &pre, 1);
    LLVMAddIncoming(phi, &v, &last, 1);
    return phi;
}

/* An integer op of foldable() by the active lanes at one address p: one
 * atomic operation with the fold of their b; the old values (want_old)
 * from an exclusive scan (five shift-and-fold steps). */
static LLVMValueRef
atom_fold(Emit *e, LLVMValueRef p, LLVMValueRef b, LLVMAtomicRMWBinOp op, LLVMAtomicOrdering ord,
          bool want_old)
{
    LLVMValueRef mask = emit_cur_mask(e);
    LLVMValueRef identv = emit_splat(e, fold_ident(op, elem_type(b)));
    LLVMValueRef v = LLVMBuildSelect(e->b, emit_mask_vec(e, mask), b, identv, ""), total;
    static const char *const reduce[] = {
        [LLVMAtomicRMWBinOpAdd] = "llvm.vector.reduce.add",
        [LLVMAtomicRMWBinOpAnd] = "llvm.vector.reduce.and",
        [LLVMAtomicRMWBinOpOr] = "llvm.vector.reduce.or",
        [LLVMAtomicRMWBinOpXor] = "llvm.vector.reduce.xor",
        [LLVMAtomicRMWBinOpMax] = "llvm.vector.reduce.smax",
        [LLVMAtomicRMWBinOpMin] = "llvm.vector.reduce.smin",
        [LLVMAtomicRMWBinOpUMax] = "llvm.vector.reduce.umax",
        [LLVMAtomicRMWBinOpUMin] = "llvm.vector.reduce.umin",
    };
    if (want_old) { /* inclusive scan; its last lane is the total */
        for (unsigned by = 1; by < WARP; by <<= 1)
            v = fold2(e, op, v, lanes_up(e, v, identv, by));
        total = LLVMBuildExtractElement(e->b, v, emit_u32(e, WARP - 1), "");
        v = lanes_up(e, v, identv, 1);
    } else {
        LLVMTypeRef vt = LLVMTypeOf(v);
        total = emit_intrinsic(e, reduce[op], &vt, 1, &v, 1);
    }
    LLVMBasicBlockRef pre, join = when_any(e, mask, &pre);
    LLVMValueRef old = LLVMBuildAtomicRMW(e->b, op, p, total, ord, 0);
    old = join_value(e, pre, want_old ? old : NULL, join);
    return want_old ? fold2(e, op, emit_splat(e, old), v) : NULL;
}

/* A float add by the active lanes at one address p: their b added to the
 * old value in lane order, the sum stored by one compare-and-swap of the
 * bits, and again from the value it found while another thread got in
 * between.  The old values (want_old) are the partial sums, one a lane. */
static LLVMValueRef
atom_fadd(Emit *e, LLVMValueRef p, LLVMValueRef b, LLVMAtomicOrdering ord, bool want_old)
{
    LLVMValueRef mask = emit_cur_mask(e);
    LLVMTypeRef ft = elem_type(b), at = LLVMArrayType2(ft, WARP);
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, ft);
    LLVMTypeRef it = LLVMIntTypeInContext(e->ctx, 8 * size);
    LLVMValueRef res = want_old ? emit_alloca(e, at, "atom.old") : NULL;
    LLVMBasicBlockRef pre, join = when_any(e, mask, &pre);
    LLVMValueRef first = LLVMBuildLoad2(e->b, it, p, "");
    LLVMSetOrdering(first, LLVMAtomicOrderingMonotonic);
    LLVMSetAlignment(first, size);
    LLVMBasicBlockRef go = LLVMGetInsertBlock(e->b), retry = emit_new_block(e, "atom.fadd"),
                      head = emit_new_block(e, "fadd.lanes"), body = emit_new_block(e, "fadd.lane"),
                      cas = emit_new_block(e, "fadd.cas"),
                      done = emit_new_block(e, "atom.fadd.done");
    LLVMBuildBr(e->b, retry);
    LLVMPositionBuilderAtEnd(e->b, retry);
    LLVMValueRef old = LLVMBuildPhi(e->b, it, "");
    LLVMValueRef oldf = LLVMBuildBitCast(e->b, old, ft, "");
    LLVMBuildBr(e->b, head);
    /* the lanes in order (a loop over the set bits of the mask) */
    LLVMPositionBuilderAtEnd(e->b, head);
    LLVMValueRef left = LLVMBuildPhi(e->b, e->t_i32, "left"), acc = LLVMBuildPhi(e->b, ft, "sum");
    LLVMAddIncoming(left, &mask, &retry, 1);
    LLVMAddIncoming(acc, &oldf, &retry, 1);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, left, emit_u32(e, 0), ""), cas, body);
    LLVMPositionBuilderAtEnd(e->b, body);
    LLVMValueRef args[] = {left, LLVMConstInt(e->t_i1, 1, 0)};
    LLVMTypeRef i32 = e->t_i32;
    LLVMValueRef lane = emit_intrinsic(e, "llvm.cttz", &i32, 1, args, 2);
    if (res) {
        LLVMValueRef idx[] = {LLVMConstInt(e->t_i64, 0, 0), lane};
        LLVMBuildStore(e->b, acc, LLVMBuildGEP2(e->b, at, res, idx, 2, ""));
    }
    LLVMValueRef nacc = LLVMBuildFAdd(e->b, acc, LLVMBuildExtractElement(e->b, b, lane, ""), "");
    LLVMValueRef nleft = LLVMBuildAnd(e->b, left, LLVMBuildSub(e->b, left, emit_u32(e, 1), ""), "");
    LLVMAddIncoming(left, &nleft, &body, 1);
    LLVMAddIncoming(acc, &nacc, &body, 1);
    LLVMBuildBr(e->b, head);
    /* the sum, if nobody wrote since */
    LLVMPositionBuilderAtEnd(e->b, cas);
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(e->b, p, old, LLVMBuildBitCast(e->b, acc, it, ""),
                                               ord, LLVMAtomicOrderingMonotonic, 0);
    LLVMValueRef seen = LLVMBuildExtractValue(e->b, pair, 0, "");
    LLVMAddIncoming(old, &first, &go, 1);
    LLVMAddIncoming(old, &seen, &cas, 1);
    LLVMBuildCondBr(e->b, LLVMBuildExtractValue(e->b, pair, 1, ""), done, retry);
    LLVMPositionBuilderAtEnd(e->b, done);
    LLVMValueRef v = NULL;
    if (res) {
        v = LLVMBuildLoad2(e->b, LLVMVectorType(ft, WARP), res, "");
        LLVMSetAlignment(v, size);
    }
    return join_value(e, pre, v, join);
}

/* The lanes of one address p combined (atom_fold, atom_fadd). */
static LLVMValueRef
atom_combined(Emit *e, LLVMValueRef p, LLVMValueRef b, LLVMAtomicRMWBinOp op,
              LLVMAtomicOrdering ord, bool want_old)
{
    return op == LLVMAtomicRMWBinOpFAdd ? atom_fadd(e, p, b, ord, want_old)
                                        : atom_fold(e, p, b, op, ord, want_old);
}

/* Addresses that the analysis could not prove the same may still be one
 * at run time (the row of a block 32 threads wide, a bin every lane
 * chose): then the lanes are combined too, else each lane goes on its
 * own. */
static LLVMValueRef
atom_same_or_lanes(Emit *e, LLVMValueRef p, LLVMValueRef b, PtxType ty, LLVMAtomicRMWBinOp op,
                   LLVMAtomicOrdering ord, bool want_old)
{
    LLVMValueRef mask = emit_cur_mask(e);
    LLVMValueRef first = LLVMBuildExtractElement(e->b, p, emit_lowest_lane(e, mask), "");
    LLVMValueRef eq = emit_mask_i32(e, LLVMBuildICmp(e->b, LLVMIntEQ, p, emit_splat(e, first), ""));
    LLVMValueRef same = LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildAnd(e->b, eq, mask, ""), mask, "");
    LLVMBasicBlockRef one_bb = emit_new_block(e, "atom.one"),
                      lanes_bb = emit_new_block(e, "atom.lanes"),
                      join = emit_new_block(e, "atom.join");
    LLVMBuildCondBr(e->b, same, one_bb, lanes_bb);
    LLVMPositionBuilderAtEnd(e->b, one_bb);
    LLVMValueRef o1 = atom_combined(e, first, b, op, ord, want_old);
    LLVMBasicBlockRef end1 = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, join);
    LLVMPositionBuilderAtEnd(e->b, lanes_bb);
    LLVMValueRef o2 = atom_lanes(e, p, b, NULL, ty, op, ord, want_old);
    LLVMBasicBlockRef end2 = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, join);
    LLVMPositionBuilderAtEnd(e->b, join);
    if (!want_old)
        return NULL;
    LLVMValueRef old = LLVMBuildPhi(e->b, LLVMTypeOf(o1), "");
    LLVMAddIncoming(old, &o1, &end1, 1);
    LLVMAddIncoming(old, &o2, &end2, 1);
    return old;
}

/* atom and red: one atomic operation per active lane, in lane order, or
 * its equal for lanes of one address (above); a vector form (.v2 .v4 .v8)
 * is one such operation per element. */
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
    bool one = !emit_is_vec(ptr); /* every lane's address is the same */
    for (int i = 0; i < n; i++) {
        const Operand *bo = &in->opnd[a + 1], *d = red ? NULL : &in->opnd[0];
        if (n > 1 &&
            (bo->kind != OPD_VEC || bo->nsub != n || (d && (d->kind != OPD_VEC || d->nsub != n)))) {
            emit_unsupported(e, in->loc, "this form of vector atom");
            return;
        }
        const Operand *bi = n > 1 ? &bo->sub[i] : bo, *co = cas ? &in->opnd[a + 2] : NULL;
        LLVMValueRef p = offset_ptr(e, ptr, (int64_t)i * size), old;
        bool combine = !cas && (foldable(op) || (op == LLVMAtomicRMWBinOpFAdd && !is_half(ty)));
        /* the combining forms take b as a vector; the lane loop reads a
         * uniform b or c as a scalar */
        LLVMValueRef b = inst_operand(e, bi, vty, combine || operand_varying(e, bi));
        if (combine && one) {
            old = atom_combined(e, p, b, op, ordering(in), d != NULL);
        } else if (combine) {
            old = atom_same_or_lanes(e, p, b, ty, op, ordering(in), d != NULL);
        } else {
            LLVMValueRef c = co ? inst_operand(e, co, vty, operand_varying(e, co)) : NULL;
            old = atom_lanes(e, p, b, c, ty, op, ordering(in), d != NULL);
        }
        if (d)
            inst_write(e, n > 1 ? &d->sub[i] : d, vty, old);
    }
}
