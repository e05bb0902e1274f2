/* coro.c — kernels whose warps wait without fibers.
 *
 * A kernel whose waits (bar.sync and its kin, nanosleep, mbarrier waits)
 * are all its own (abi_kernel_is_coro) is emitted as an LLVM coroutine of
 * the switched-resume kind.  Where the barrier or sleep service asks the
 * warp to wait (it sets w->suspend instead of switching fibers), the
 * kernel suspends: it returns to the scheduler, LLVM's CoroSplit having
 * kept in a frame what is live across the wait, and the scheduler later
 * resumes it through the frame (runtime/sched.c).  The frame comes from
 * the runtime's frame service, reused from CTA to CTA; the runtime never
 * destroys a frame, it drops it when the CTA ends.
 */
#include "emit.h"
#include "p2n_abi.h"

/* A call of coroutine intrinsic `name` (not overloaded unless over). */
static LLVMValueRef
coro_call(Emit *e, const char *name, LLVMTypeRef over, LLVMValueRef *args, int nargs)
{
    return emit_intrinsic(e, name, over ? &over : NULL, over ? 1 : 0, args, nargs);
}

static LLVMValueRef
token_none(Emit *e)
{
    return LLVMConstNull(LLVMTokenTypeInContext(e->ctx));
}

/* The coroutine's exits: coro.end, then the frame to the caller.  Its
 * third operand, a token, appeared in LLVM 17's coro.end; an older one
 * takes two. */
static void
emit_coro_end(Emit *e)
{
    unsigned id = LLVMLookupIntrinsicID("llvm.coro.end", 13);
    LLVMTypeRef t = LLVMIntrinsicGetType(e->ctx, id, NULL, 0);
    LLVMValueRef args[] = {e->fs.coro_frame, LLVMConstInt(e->t_i1, 0, 0), token_none(e)};
    coro_call(e, "llvm.coro.end", NULL, args, (int)LLVMCountParamTypes(t));
    LLVMBuildRet(e->b, e->fs.coro_frame);
}

/* In the kernel's entry, after its slots: the frame, from the runtime. */
void
coro_begin(Emit *e)
{
    e->has_coro = true;
    LLVMAddAttributeAtIndex(
        e->fs.fn, LLVMAttributeFunctionIndex,
        LLVMCreateEnumAttribute(e->ctx, LLVMGetEnumAttributeKindForName("presplitcoroutine", 17),
                                0));
    LLVMValueRef null = LLVMConstNull(e->t_ptr);
    /* an unused promise: without one, LLVM 19's CoroSplit crashes
     * describing the frame of a function of a C++ unit (debug.c's) */
    LLVMValueRef promise = emit_alloca(e, e->t_i8, "coro.promise");
    LLVMValueRef idargs[] = {emit_u32(e, 16), promise, null, null};
    e->fs.coro_id = coro_call(e, "llvm.coro.id", NULL, idargs, 4);
    LLVMValueRef need = coro_call(e, "llvm.coro.alloc", NULL, &e->fs.coro_id, 1);
    LLVMBasicBlockRef from = LLVMGetInsertBlock(e->b), alloc = emit_new_block(e, "coro.alloc"),
                      begin = emit_new_block(e, "coro.begin");
    LLVMBuildCondBr(e->b, need, alloc, begin);
    LLVMPositionBuilderAtEnd(e->b, alloc);
    /* the frame of the warp's previous CTA of this launch, which its CTA
     * loop left in w->frame (the same memory the service would give) */
    LLVMValueRef cached = abi_warp_field(e, W_FRAME);
    LLVMBasicBlockRef ask = emit_new_block(e, "coro.frame");
    LLVMBuildCondBr(e->b, LLVMBuildIsNull(e->b, cached, ""), ask, begin);
    LLVMPositionBuilderAtEnd(e->b, ask);
    LLVMValueRef size = coro_call(e, "llvm.coro.size", e->t_i64, NULL, 0);
    LLVMValueRef fargs[] = {e->fs.warp, size};
    LLVMValueRef mem = LLVMBuildCall2(e->b, e->t_frame_fn, abi_service(e, S_FRAME), fargs, 2, "");
    LLVMBuildBr(e->b, begin);
    LLVMPositionBuilderAtEnd(e->b, begin);
    LLVMValueRef phi = LLVMBuildPhi(e->b, e->t_ptr, "");
    LLVMValueRef vals[] = {null, cached, mem};
    LLVMBasicBlockRef froms[] = {from, alloc, ask};
    LLVMAddIncoming(phi, vals, froms, 3);
    LLVMValueRef bargs[] = {e->fs.coro_id, phi};
    e->fs.coro_frame = coro_call(e, "llvm.coro.begin", NULL, bargs, 2);

    LLVMBasicBlockRef here = LLVMGetInsertBlock(e->b);
    e->fs.coro_end_bb = emit_new_block(e, "coro.end");
    e->fs.coro_free_bb = emit_new_block(e, "coro.free");
    LLVMPositionBuilderAtEnd(e->b, e->fs.coro_end_bb);
    emit_coro_end(e);
    LLVMPositionBuilderAtEnd(e->b, e->fs.coro_free_bb);
    LLVMValueRef fr[] = {e->fs.coro_id, e->fs.coro_frame};
    coro_call(e, "llvm.coro.free", NULL, fr, 2); /* the runtime owns the memory */
    LLVMBuildBr(e->b, e->fs.coro_end_bb);
    LLVMPositionBuilderAtEnd(e->b, here);
}

/* The kernel returns: from a coroutine, through coro.end. */
void
coro_return(Emit *e)
{
    LLVMBuildBr(e->b, e->fs.coro_end_bb);
}

/* After a service call that may have set w->suspend: when it did,
 * suspend.  Leaves the builder where the warp resumes, for the caller to
 * finish the service there and branch to *join; *waited is the block
 * where the no-wait path branches to *join. */
void
coro_wait(Emit *e, LLVMBasicBlockRef *waited, LLVMBasicBlockRef *join)
{
    LLVMValueRef asked = abi_warp_field(e, W_SUSPEND);
    LLVMBasicBlockRef suspend = emit_new_block(e, "coro.suspend");
    *join = emit_new_block(e, "coro.join");
    *waited = LLVMGetInsertBlock(e->b);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, asked, emit_u32(e, 0), ""), suspend,
                    *join);
    LLVMPositionBuilderAtEnd(e->b, suspend);
    coro_suspend(e);
}

/* Suspends the warp here, unconditionally; leaves the builder where it
 * resumes. */
void
coro_suspend(Emit *e)
{
    LLVMBasicBlockRef resumed = emit_new_block(e, "coro.resumed");
    LLVMValueRef sargs[] = {token_none(e), LLVMConstInt(e->t_i1, 0, 0)};
    LLVMValueRef how = coro_call(e, "llvm.coro.suspend", NULL, sargs, 2);
    LLVMValueRef sw = LLVMBuildSwitch(e->b, how, e->fs.coro_end_bb, 2);
    LLVMAddCase(sw, LLVMConstInt(e->t_i8, 0, 0), resumed);
    LLVMAddCase(sw, LLVMConstInt(e->t_i8, 1, 0), e->fs.coro_free_bb);
    LLVMPositionBuilderAtEnd(e->b, resumed);
    /* resumed from elsewhere in the scheduler: the stack below, where the
     * frames of the .funcs it calls go, starts anew */
    mem_entry_prologue(e);
}

/* The same where the service has no result to give: the two paths meet
 * at once. */
void
coro_pause(Emit *e)
{
    LLVMBasicBlockRef waited, join;
    coro_wait(e, &waited, &join);
    LLVMBuildBr(e->b, join);
    LLVMPositionBuilderAtEnd(e->b, join);
}
