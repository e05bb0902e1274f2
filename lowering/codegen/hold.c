/* hold.c — lanes held under divergence: the per-barrier slots of held
 * lanes, and the arrival of a call that may wait at a barrier
 * (docs/lowering.md, "Control flow and reconvergence").  Below both the
 * control flow (flow.c), which releases held lanes, and the calls
 * (call.c), which hold them.
 */
#include "emit.h"
#include "p2n_abi.h"

static LLVMValueRef
wk_slot(Emit *e, LLVMValueRef arr, LLVMValueRef k)
{
    LLVMTypeRef at = LLVMArrayType(e->t_i32, (unsigned)e->fs.nbar);
    LLVMValueRef idx[] = {emit_u32(e, 0), k};
    return LLVMBuildGEP2(e->b, at, arr, idx, 2, "");
}

LLVMValueRef
wk_load(Emit *e, LLVMValueRef arr, int k)
{
    return LLVMBuildLoad2(e->b, e->t_i32, wk_slot(e, arr, emit_u32(e, (uint64_t)k)), "");
}

void
wk_store(Emit *e, LLVMValueRef arr, int k, LLVMValueRef v)
{
    LLVMBuildStore(e->b, v, wk_slot(e, arr, emit_u32(e, (uint64_t)k)));
}

/* A call to a function that may wait at a barrier (call_holds), made while
 * live lanes of the warp are elsewhere: lanes outside a call cannot run
 * until it returns, so a barrier inside it would wait for them forever.
 * The lanes are held, like lanes at a barrier, until every live lane holds
 * or exited; then release_calls runs the function once for the lanes of
 * every held call of it (if (lane < 16) f(a); else f(b);).  With every
 * live lane here, the call is made at once. */
int
emit_call_arrival(Emit *e, const HeldCall *h)
{
    int k = e->fs.bar_resume.n;
    LLVMBasicBlockRef here = LLVMGetInsertBlock(e->b), resume = emit_new_block(e, "call.resume");
    LLVMBasicBlockRef go = emit_new_block(e, "call.go"), hold = emit_new_block(e, "call.hold");
    vec_push(e->arena, &e->fs.bar_resume, LLVMBasicBlockAsValue(resume));
    e->fs.bar_instr[k] = h->in;
    e->fs.bar_call[k] = *h;
    LLVMPositionBuilderAtEnd(e->b, resume); /* unused: held calls resume after the call */
    LLVMBuildUnreachable(e->b);
    LLVMPositionBuilderAtEnd(e->b, here);

    LLVMValueRef m = emit_mask(e);
    LLVMValueRef gone = LLVMBuildOr(e->b, abi_warp_field(e, W_EXITED),
                                    LLVMBuildLoad2(e->b, e->t_i32, e->fs.done_slot, ""), "");
    LLVMValueRef live = LLVMBuildAnd(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.entry_mask, ""),
                                     LLVMBuildNot(e->b, gone, ""), "");
    LLVMValueRef elsewhere = LLVMBuildAnd(e->b, live, LLVMBuildNot(e->b, m, ""), "");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, elsewhere, emit_u32(e, 0), ""), go, hold);

    LLVMPositionBuilderAtEnd(e->b, hold);
    LLVMValueRef waiting =
        LLVMBuildOr(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.wait_mask, ""), m, "");
    LLVMBuildStore(e->b, waiting, e->fs.wait_mask);
    wk_store(e, e->fs.wk_mask, k, LLVMBuildOr(e->b, wk_load(e, e->fs.wk_mask, k), m, ""));
    wk_store(e, e->fs.wk_rpc, k, LLVMBuildLoad2(e->b, e->t_i32, e->fs.rpc_slot, ""));
    LLVMValueRef idle = LLVMBuildAnd(e->b, live, LLVMBuildNot(e->b, waiting, ""), "");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, idle, emit_u32(e, 0), ""),
                    e->fs.release_bb, e->fs.dispatch_bb);

    LLVMPositionBuilderAtEnd(e->b, go);
    vec_push(e->arena, &e->fs.bar_go,
             LLVMBasicBlockAsValue(go)); /* call_emit sets the block after the call */
    return k;
}
