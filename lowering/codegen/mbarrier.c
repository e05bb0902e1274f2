/* mbarrier.c — mbarrier objects in shared memory, and
 * cp.async.mbarrier.arrive.
 *
 * An mbarrier is a 64-bit word of the CTA's shared memory, private to this
 * implementation (PTX leaves its layout opaque):
 *
 *   bits  0..20  pending arrivals of the current phase
 *   bits 21..41  expected arrivals of a phase
 *   bits 42..62  tx-count, 21-bit two's complement (expect_tx adds,
 *                complete_tx subtracts)
 *   bit  63      the current phase's parity
 *
 * A phase completes when no arrival and no tx-count is pending: the parity
 * flips, the pending count is reloaded with the expected one.  Each lane
 * acts in lane order (a CTA's warps are fibers of one thread, so nothing
 * else touches the word meanwhile).  An arrive returns a state: the word
 * before the arrival, as PTX says; a wait on a state (or on a parity) is
 * complete once the barrier's parity differs from it.  A wait that is not complete in some lane
 * yields the warp once (the nanosleep service), so the warps it waits for run, and tests again: a
 * loop around try_wait or test_wait makes progress on fibers. cp.async copies at once, so the
 * arrival it triggers has already happened: without .noinc the pending count it first adds is taken
 * back at once (nothing changes); with .noinc it is an arrival.
 */
#include "emit.h"
#include "p2n_abi.h"

enum { PEND_SHIFT = 0, EXP_SHIFT = 21, TX_SHIFT = 42, PHASE_SHIFT = 63 };
#define FIELD_MASK ((1ull << 21) - 1)

static LLVMValueRef
c64(Emit *e, uint64_t v)
{
    return LLVMConstInt(e->t_i64, v, 0);
}

static LLVMValueRef
field(Emit *e, LLVMValueRef w, int shift)
{
    return LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, w, c64(e, (uint64_t)shift), ""),
                        c64(e, FIELD_MASK), "");
}

static LLVMValueRef
set_field(Emit *e, LLVMValueRef w, int shift, LLVMValueRef v)
{
    LLVMValueRef cleared = LLVMBuildAnd(e->b, w, c64(e, ~(FIELD_MASK << shift)), "");
    LLVMValueRef bits = LLVMBuildShl(e->b, LLVMBuildAnd(e->b, v, c64(e, FIELD_MASK), ""),
                                     c64(e, (uint64_t)shift), "");
    return LLVMBuildOr(e->b, cleared, bits, "");
}

/* What one lane does to the word at p. */
typedef struct MbarOp {
    Opcode op;
    bool noinc;
    LLVMValueRef ptr, count, tx; /* <32 x ptr>; <32 x i64> arrivals and tx bytes (or NULL) */
} MbarOp;

/* The word after `arrive` arrivals and `tx` bytes (expected minus
 * completed); the parity flips when nothing is left pending. */
static LLVMValueRef
mbar_update(Emit *e, LLVMValueRef w, LLVMValueRef arrive, LLVMValueRef tx, bool drop)
{
    LLVMValueRef pend = LLVMBuildSub(e->b, field(e, w, PEND_SHIFT), arrive, "");
    w = set_field(e, w, PEND_SHIFT, pend);
    if (drop)
        w = set_field(e, w, EXP_SHIFT, LLVMBuildSub(e->b, field(e, w, EXP_SHIFT), arrive, ""));
    LLVMValueRef txv = LLVMBuildAdd(e->b, field(e, w, TX_SHIFT), tx, "");
    w = set_field(e, w, TX_SHIFT, txv);
    LLVMValueRef done =
        LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, field(e, w, PEND_SHIFT), c64(e, 0), ""),
                     LLVMBuildICmp(e->b, LLVMIntEQ, field(e, w, TX_SHIFT), c64(e, 0), ""), "");
    LLVMValueRef next = set_field(e, w, PEND_SHIFT, field(e, w, EXP_SHIFT));
    next = LLVMBuildXor(e->b, next, c64(e, 1ull << PHASE_SHIFT), "");
    return LLVMBuildSelect(e->b, done, next, w, "");
}

static LLVMValueRef
mbar_lane(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx)
{
    MbarOp *m = ctx;
    LLVMValueRef p = LLVMBuildExtractElement(e->b, m->ptr, lane, "");
    LLVMValueRef count = m->count ? LLVMBuildExtractElement(e->b, m->count, lane, "") : c64(e, 1);
    LLVMValueRef tx = m->tx ? LLVMBuildExtractElement(e->b, m->tx, lane, "") : c64(e, 0);
    LLVMValueRef w = LLVMBuildLoad2(e->b, e->t_i64, p, ""), nw;
    LLVMSetAlignment(w, 8);
    switch (m->op) {
    case OP_MBAR_INIT:
        nw = LLVMBuildOr(e->b, count, LLVMBuildShl(e->b, count, c64(e, EXP_SHIFT), ""), "");
        break;
    case OP_MBAR_INVAL: nw = c64(e, 0); break;
    case OP_MBAR_EXPECT_TX: nw = mbar_update(e, w, c64(e, 0), tx, false); break;
    case OP_MBAR_COMPLETE_TX:
        nw = mbar_update(e, w, c64(e, 0), LLVMBuildNeg(e->b, tx, ""), false);
        break;
    case OP_CP_ASYNC_MBAR_ARRIVE:
        nw = m->noinc ? mbar_update(e, w, c64(e, 1), c64(e, 0), false) : w;
        break;
    default: /* the arrives */
        nw = mbar_update(e, w, count, tx,
                         m->op == OP_MBAR_ARRIVE_DROP || m->op == OP_MBAR_ARRIVE_DROP_TX);
        break;
    }
    LLVMSetAlignment(LLVMBuildStore(e->b, nw, p), 8);
    return acc ? LLVMBuildInsertElement(e->b, acc, w, lane, "") : NULL;
}

/* Per lane: has the phase of `against` (a state, or a parity in bit 0 when
 * parity) completed? */
static LLVMValueRef
mbar_test(Emit *e, LLVMValueRef ptr, LLVMValueRef against, bool parity)
{
    LLVMValueRef mv = emit_mask_vec(e, emit_cur_mask(e));
    LLVMTypeRef vt = LLVMVectorType(e->t_i64, WARP), pt = LLVMVectorType(e->t_ptr, WARP);
    LLVMValueRef args[] = {ptr, LLVMConstInt(e->t_i32, 8, 0), mv, LLVMConstNull(vt)};
    LLVMTypeRef over[] = {vt, pt};
    LLVMValueRef w = emit_intrinsic(e, "llvm.masked.gather", over, 2, args, 4);
    LLVMValueRef one = emit_splat(e, c64(e, 1)), sh = emit_splat(e, c64(e, PHASE_SHIFT));
    LLVMValueRef want =
        parity ? LLVMBuildAnd(e->b, against, one, "") : LLVMBuildLShr(e->b, against, sh, "");
    return LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildLShr(e->b, w, sh, ""), want, "");
}

/* test_wait and try_wait: test; if some active lane's phase is still
 * pending, yield the warp once and test again. */
static void
emit_mbar_wait(Emit *e, const Instr *in, LLVMValueRef ptr)
{
    bool parity = instr_has_mod(in, MOD_PARITY);
    LLVMValueRef against =
        LLVMBuildZExt(e->b, inst_operand(e, &in->opnd[2], parity ? TY_U32 : TY_B64, true),
                      LLVMVectorType(e->t_i64, WARP), "");
    LLVMValueRef ok = mbar_test(e, ptr, against, parity);
    LLVMValueRef mask = emit_cur_mask(e);
    LLVMValueRef all = LLVMBuildICmp(e->b, LLVMIntEQ,
                                     LLVMBuildAnd(e->b, emit_mask_i32(e, ok), mask, ""), mask, "");
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b), wait = emit_new_block(e, "mbar.yield"),
                      done = emit_new_block(e, "mbar.tested");
    LLVMBuildCondBr(e->b, all, done, wait);
    LLVMPositionBuilderAtEnd(e->b, wait);
    emit_yield(e, emit_u32(e, 0));
    LLVMValueRef again = mbar_test(e, ptr, against, parity);
    LLVMBasicBlockRef wait_end = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, done);
    LLVMPositionBuilderAtEnd(e->b, done);
    LLVMValueRef r = LLVMBuildPhi(e->b, LLVMTypeOf(ok), "");
    LLVMValueRef vals[] = {ok, again};
    LLVMBasicBlockRef from[] = {pre, wait_end};
    LLVMAddIncoming(r, vals, from, 2);
    inst_write(e, &in->opnd[0], TY_PRED, r);
}

static LLVMValueRef
lanes_u64(Emit *e, const Operand *o)
{
    return LLVMBuildZExt(e->b, inst_operand(e, o, TY_U32, true), LLVMVectorType(e->t_i64, WARP),
                         "");
}

void
mbarrier_emit(Emit *e, const Instr *in)
{
    if (in->op == OP_MBAR_PENDING_COUNT) {
        bool vec = operand_varying(e, &in->opnd[1]);
        LLVMValueRef s = inst_operand(e, &in->opnd[1], TY_B64, vec);
        LLVMValueRef sh = LLVMConstInt(e->t_i64, PEND_SHIFT, 0),
                     m = LLVMConstInt(e->t_i64, FIELD_MASK, 0);
        LLVMValueRef pend =
            LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, s, vec ? emit_splat(e, sh) : sh, ""),
                         vec ? emit_splat(e, m) : m, "");
        LLVMTypeRef t32 = vec ? LLVMVectorType(e->t_i32, WARP) : e->t_i32;
        inst_write(e, &in->opnd[0], TY_U32, LLVMBuildTrunc(e->b, pend, t32, ""));
        return;
    }
    bool has_dst = !(opcode_flags(in->op) & OF_NODST);
    const Operand *addr = &in->opnd[has_dst ? 1 : 0];
    LLVMValueRef ptr = mem_address(e, addr, SP_SHARED);
    if (!emit_is_vec(ptr))
        ptr = emit_splat(e, ptr);
    if (in->op == OP_MBAR_TEST_WAIT || in->op == OP_MBAR_TRY_WAIT) {
        emit_mbar_wait(e, in, ptr);
        return;
    }
    MbarOp m = {in->op, instr_has_mod(in, MOD_NOINC), ptr, NULL, NULL};
    switch (in->op) {
    case OP_MBAR_INIT: m.count = lanes_u64(e, &in->opnd[1]); break;
    case OP_MBAR_EXPECT_TX:
    case OP_MBAR_COMPLETE_TX: m.tx = lanes_u64(e, &in->opnd[1]); break;
    case OP_MBAR_ARRIVE_TX:
    case OP_MBAR_ARRIVE_DROP_TX: m.tx = lanes_u64(e, &in->opnd[2]); break;
    case OP_MBAR_ARRIVE:
    case OP_MBAR_ARRIVE_DROP:
        if (in->nopnd > 2)
            m.count = lanes_u64(e, &in->opnd[2]);
        break;
    default: break;
    }
    LLVMTypeRef acc_t = has_dst ? LLVMVectorType(e->t_i64, WARP) : NULL;
    LLVMValueRef states = emit_for_each_lane(e, emit_cur_mask(e), acc_t, mbar_lane, &m);
    if (has_dst && in->opnd[0].kind != OPD_SINK)
        inst_write(e, &in->opnd[0], TY_B64, states);
}
