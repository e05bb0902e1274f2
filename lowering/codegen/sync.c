/* sync.c — bar and barrier (the runtime's barrier service), nanosleep,
 * membar and fence; the instructions that do nothing here.
 */
#include "emit.h"
#include "p2n_abi.h"

/* The barrier service; in a coroutine kernel, a wait it asks for
 * suspends the warp, and once resumed the service gives bar.red's result
 * (the other operations have none; the runtime's books on lanes counted
 * early are complete without that call). */
static LLVMValueRef
barrier_call(Emit *e, LLVMValueRef args[7], bool red)
{
    LLVMValueRef r = LLVMBuildCall2(e->b, e->t_barrier_fn, abi_service(e, S_BARRIER), args, 7, "");
    if (!e->fs.coro_frame)
        return r;
    if (!red) { /* no result to fetch: an error shows in w->error */
        coro_pause(e);
        return r;
    }
    LLVMBasicBlockRef waited, join;
    coro_wait(e, &waited, &join);
    args[1] = emit_u32(e, P2N_BAR_RESUME);
    LLVMValueRef after = LLVMBuildCall2(e->b, e->t_barrier_fn, abi_service(e, S_BARRIER), args, 7, "");
    LLVMBasicBlockRef resumed = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, join);
    LLVMPositionBuilderAtEnd(e->b, join);
    LLVMValueRef phi = LLVMBuildPhi(e->b, e->t_i32, "");
    LLVMValueRef vals[] = {r, after};
    LLVMBasicBlockRef from[] = {waited, resumed};
    LLVMAddIncoming(phi, vals, from, 2);
    return phi;
}

/* The nanosleep service: the warp yields, about ns; in a coroutine
 * kernel, by suspending. */
void
emit_yield(Emit *e, LLVMValueRef ns)
{
    LLVMValueRef args[] = {e->fs.warp, ns};
    LLVMBuildCall2(e->b, e->t_nanosleep_fn, abi_service(e, S_NANOSLEEP), args, 2, "");
    if (e->fs.coro_frame)
        coro_pause(e);
}

/* bar.sync / barrier.sync / bar.arrive / bar.red: the runtime schedules. */
void
emit_barrier(Emit *e, const Instr *in)
{
    if (in->op == OP_BAR && in->nmods > 0 && in->mods[0] == MOD_NONE)
        return;
    if (e->fs.cta_loop) { /* every barrier of the kernel is plain (ctaloop.c) */
        ctaloop_barrier(e, in);
        emit_check_error(e);
        return;
    }
    bool arrive = instr_has_mod(in, MOD_ARRIVE), red = instr_has_mod(in, MOD_RED);
    int first = red ? 1 : 0;
    LLVMValueRef id = inst_operand(e, &in->opnd[first], TY_U32, false);
    id = emit_first_lane(e, id);
    LLVMValueRef count = emit_u32(e, 0);
    LLVMValueRef pred = emit_u32(e, 0);
    uint32_t op = arrive ? P2N_BAR_ARRIVE : P2N_BAR_SYNC;
    int np = in->nopnd - first;
    if (red) {
        Mod rop = mod_of_class(in, MC_ATOMOP);
        op = rop == MOD_POPC ? P2N_BAR_RED_POPC : rop == MOD_AND ? P2N_BAR_RED_AND : P2N_BAR_RED_OR;
        const Operand *po = &in->opnd[in->nopnd - 1];
        pred = LLVMBuildAnd(e->b, emit_mask_i32(e, inst_operand(e, po, TY_PRED, false)),
                            emit_cur_mask(e), "");
        np--;
    }
    if (np >= 2)
        count = emit_first_lane(e, inst_operand(e, &in->opnd[first + 1], TY_U32, false));
    LLVMValueRef args[] = {e->fs.warp,
                           emit_u32(e, op),
                           id,
                           count,
                           emit_cur_mask(e),
                           pred,
                           emit_u32(e, (uint64_t)in->loc.line)};
    LLVMValueRef r = barrier_call(e, args, red);
    emit_check_error(e);
    if (red) {
        if (op == P2N_BAR_RED_POPC)
            inst_write(e, &in->opnd[0], TY_U32, r);
        else
            inst_write(e, &in->opnd[0], TY_PRED,
                       LLVMBuildICmp(e->b, LLVMIntNE, r, emit_u32(e, 0), ""));
    }
}

void
emit_nanosleep(Emit *e, const Instr *in)
{
    emit_yield(e, emit_first_lane(e, inst_operand(e, &in->opnd[0], TY_U32, false)));
    emit_check_error(e);
}

void
emit_fence(Emit *e, const Instr *in)
{
    LLVMBuildFence(e->b, LLVMAtomicOrderingSequentiallyConsistent, 0, "");
}

/* createpolicy: a cache policy the CPU has no use for */
void
emit_createpolicy(Emit *e, const Instr *in)
{
    inst_write(e, &in->opnd[0], TY_B64, LLVMConstInt(e->t_i64, 0, 0));
}

/* prefetches, cp.async's commits and waits (copies are synchronous), brkpt,
 * pmevent, griddepcontrol */
void
emit_nop(Emit *e, const Instr *in)
{
}
