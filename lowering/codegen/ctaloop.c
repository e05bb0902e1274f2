/* ctaloop.c — a CTA loop for coroutine kernels whose barriers are plain.
 *
 * A coroutine kernel (coro.c) waits at a barrier by asking the runtime's
 * barrier service, which counts the arrival and has the warp suspend; the
 * scheduler resumes the warps once all have arrived (runtime/sched.c).
 * Where every wait of a kernel is a bar.sync (barrier.sync) of the whole
 * CTA with a constant id, and none may hold lanes (no barrier in a
 * divergent region, function.c: every live lane of a warp arrives
 * together), there is nothing to count: the barrier completes when every
 * thread that has not exited has arrived, so when every warp that has not
 * ended waits at barrier id, it is complete (for the .aligned forms the
 * PTX rules even make the control flow to it CTA-uniform).  Such a
 * kernel gets a CTA loop of its own, p2n.cta.NAME (p2n_cta_fn,
 * runtime/p2n_abi.h), which runs every warp from its start to its first
 * barrier, then resumes every warp to its next, and so on, in warp order
 * (as the scheduler does), counting nothing and calling no service: the
 * work-group loops of PoCL and CuPBoP, with LLVM's coroutine frames for
 * the values live across a barrier.
 *
 * The kernel and its loop agree through w->suspend: the loop sets it to
 * LOOP_MARK before it runs a warp, and a barrier then writes its code
 * (bar_code) there and suspends at once; run by the runtime (w->suspend
 * 0), the same barrier asks the service as any coroutine's does.  When
 * warps wait at different barriers (a deadlock on a GPU too), the loop
 * leaves: it has each waiting warp arrive through the service and
 * returns P2N_CTA_LEFT, and the runtime's scheduler takes over, naming
 * the deadlock as it would have.
 */
#include "emit.h"
#include "p2n_abi.h"

/* w->suspend while the CTA loop runs the warp (even: no bar_code) */
enum { LOOP_MARK = 2 };

/* Barrier id's code, written to w->suspend where the warp waits: odd,
 * the id in bits 1-4, the PTX line (for the runtime's messages) above. */
static uint32_t
bar_code(uint32_t id, uint32_t line)
{
    if (line >= 1u << 27) line = 0;
    return 1u | id << 1 | line << 5;
}

/* A barrier the CTA loop can complete by itself: bar.sync or
 * barrier.sync (no arrive, no reduction) of the whole CTA (no count) at a
 * constant id, not predicated.  barrier.sync without .aligned may be
 * reached by different instructions in different warps, and by the lanes
 * of a warp at different times; the loop counts by id, and in a kernel
 * whose barriers hold no lanes every live lane of a warp arrives at once. */
static bool
plain_barrier(const Instr *in)
{
    if (in->op != OP_BAR && in->op != OP_BARRIER)
        return false;
    if (in->nmods > 0 && in->mods[0] == MOD_NONE) /* what emit_barrier skips */
        return false;
    return !instr_has_mod(in, MOD_ARRIVE) && !instr_has_mod(in, MOD_RED) && in->guard < 0 &&
           in->nopnd == 1 && in->opnd[0].kind == OPD_IMM && in->opnd[0].imm >= 0 &&
           in->opnd[0].imm < 16;
}

/* Whether kernel f, being emitted as a coroutine whose barriers hold no
 * lanes, gets a CTA loop: its waits are all plain barriers (nanosleep and
 * the mbarrier waits yield to the scheduler, which the loop is not). */
bool
ctaloop_wanted(Emit *e, const Func *f)
{
    if (!e->fs.coro_frame || e->fs.nbar > 0)
        return false;
    bool any = false;
    for (int i = 0; i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        switch (in->op) {
        case OP_BAR:
        case OP_BARRIER:
            if (!plain_barrier(in))
                return false;
            any = true;
            break;
        case OP_NANOSLEEP:
        case OP_MBAR_TEST_WAIT:
        case OP_MBAR_TRY_WAIT:
            return false;
        default:
            break;
        }
    }
    return any;
}

/* A plain barrier in a kernel with a CTA loop: under the loop, its code
 * to w->suspend and suspend; under the runtime, the barrier service. */
void
ctaloop_barrier(Emit *e, const Instr *in)
{
    uint32_t id = (uint32_t)in->opnd[0].imm, line = (uint32_t)in->loc.line;
    LLVMBasicBlockRef loop = emit_new_block(e, "bar.loop"), svc = emit_new_block(e, "bar.service"),
                      join = emit_new_block(e, "bar.done");
    LLVMValueRef mode = abi_warp_field(e, W_SUSPEND);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, mode, emit_u32(e, LOOP_MARK), ""), loop,
                    svc);

    LLVMPositionBuilderAtEnd(e->b, loop);
    LLVMBuildStore(e->b, emit_u32(e, bar_code(id, line)), abi_warp_field_ptr(e, W_SUSPEND));
    coro_suspend(e);
    LLVMBuildBr(e->b, join);

    LLVMPositionBuilderAtEnd(e->b, svc);
    LLVMValueRef args[] = {e->fs.warp,       emit_u32(e, P2N_BAR_SYNC), emit_u32(e, id),
                           emit_u32(e, 0),   emit_cur_mask(e),          emit_u32(e, 0),
                           emit_u32(e, line)};
    LLVMBuildCall2(e->b, e->t_barrier_fn, abi_service(e, S_BARRIER), args, 7, "");
    coro_pause(e);
    LLVMBuildBr(e->b, join);
    LLVMPositionBuilderAtEnd(e->b, join);
}

/* ------------------------------------------------------------ the loop */

typedef struct Loop {
    LLVMValueRef first, n, stride, current; /* p2n_cta_fn's parameters */
    LLVMValueRef i, any, all;               /* i32 slots: note_wait's */
} Loop;

static LLVMValueRef
load32(Emit *e, LLVMValueRef slot)
{
    return LLVMBuildLoad2(e->b, e->t_i32, slot, "");
}

/* Warp i's p2n_warp; e->fs.warp becomes it, for abi_warp_field. */
static LLVMValueRef
warp_at(Emit *e, Loop *l, LLVMValueRef i)
{
    LLVMValueRef off = LLVMBuildMul(e->b, LLVMBuildZExt(e->b, i, e->t_i64, ""), l->stride, "");
    return e->fs.warp = LLVMBuildGEP2(e->b, e->t_i8, l->first, &off, 1, "w");
}

/* Whether the warp (e->fs.warp) waits at a barrier: w->suspend holds a
 * bar_code; LOOP_MARK there after a run means it ended. */
static LLVMValueRef
waits(Emit *e, LLVMValueRef s)
{
    return LLVMBuildTrunc(e->b, s, e->t_i1, "waits");
}

/* After a warp ran: its key, 0 when it ended (w->suspend LOOP_MARK),
 * else its bar_code's low bits with LOOP_MARK's flipped (odd, and one
 * for each id), goes into the OR and the AND of the keys of the warps
 * that wait.  Every waiting warp waits at one barrier when the two are
 * equal; none waits when the OR is 0.  Four operations a warp, where
 * keeping the first key and comparing took a dozen. */
static void
note_wait(Emit *e, Loop *l)
{
    LLVMValueRef s = abi_warp_field(e, W_SUSPEND), zero = emit_u32(e, 0);
    LLVMValueRef key = LLVMBuildAnd(e->b, LLVMBuildXor(e->b, s, emit_u32(e, LOOP_MARK), ""),
                                    emit_u32(e, 31), "key");
    LLVMBuildStore(e->b, LLVMBuildOr(e->b, load32(e, l->any), key, ""), l->any);
    LLVMValueRef k = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, key, zero, ""),
                                     emit_u32(e, 31), key, "");
    LLVMBuildStore(e->b, LLVMBuildAnd(e->b, load32(e, l->all), k, ""), l->all);
}

/* Before a round of warps: no key yet. */
static void
clear_keys(Emit *e, Loop *l)
{
    LLVMBuildStore(e->b, emit_u32(e, 0), l->any);
    LLVMBuildStore(e->b, emit_u32(e, 31), l->all);
}

/* Before warp i (e->fs.warp) runs: marked as the loop's, and the one
 * running. */
static void
mark_running(Emit *e, Loop *l, LLVMValueRef i)
{
    LLVMBuildStore(e->b, emit_u32(e, LOOP_MARK), abi_warp_field_ptr(e, W_SUSPEND));
    LLVMBuildStore(e->b, i, l->current);
}

/* i = 0; body(i) for i < n; then to `after`.  Leaves the builder in the
 * body with i loaded; the caller ends the body by branching to *next. */
static LLVMValueRef
for_warps(Emit *e, Loop *l, const char *name, LLVMBasicBlockRef *next, LLVMBasicBlockRef after)
{
    LLVMBasicBlockRef body = emit_new_block(e, name);
    *next = emit_new_block(e, "next");
    LLVMBuildStore(e->b, emit_u32(e, 0), l->i);
    LLVMBuildBr(e->b, body);
    LLVMPositionBuilderAtEnd(e->b, *next);
    LLVMValueRef i1 = LLVMBuildAdd(e->b, load32(e, l->i), emit_u32(e, 1), "");
    LLVMBuildStore(e->b, i1, l->i);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntULT, i1, l->n, ""), body, after);
    LLVMPositionBuilderAtEnd(e->b, body);
    return load32(e, l->i);
}

/* Branches to fail when the warp failed, else goes on in a new block. */
static void
check_failed(Emit *e, LLVMBasicBlockRef fail)
{
    LLVMBasicBlockRef ok = emit_new_block(e, "ok");
    LLVMValueRef err = abi_warp_field(e, W_ERROR);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, err, LLVMConstInt(e->t_i32, 0, 0), ""),
                    fail, ok);
    LLVMPositionBuilderAtEnd(e->b, ok);
}

/* Warps waiting at different barriers: each arrives at its own through
 * the barrier service; an ended warp's frame becomes NULL. */
static void
emit_leave(Emit *e, Loop *l, LLVMBasicBlockRef fail)
{
    LLVMBasicBlockRef next, done = emit_new_block(e, "left");
    LLVMValueRef i = for_warps(e, l, "leave", &next, done);
    warp_at(e, l, i);
    LLVMValueRef s = abi_warp_field(e, W_SUSPEND);
    LLVMBasicBlockRef arrive = emit_new_block(e, "arrive"), ended = emit_new_block(e, "ended");
    LLVMBuildCondBr(e->b, waits(e, s), arrive, ended);
    LLVMPositionBuilderAtEnd(e->b, ended);
    LLVMBuildStore(e->b, LLVMConstNull(e->t_ptr), abi_warp_field_ptr(e, W_FRAME));
    LLVMBuildBr(e->b, next);

    LLVMPositionBuilderAtEnd(e->b, arrive);
    LLVMBuildStore(e->b, emit_u32(e, 0), abi_warp_field_ptr(e, W_SUSPEND));
    LLVMBuildStore(e->b, i, l->current);
    LLVMValueRef live = LLVMBuildAnd(e->b, abi_warp_field(e, W_MASK),
                                     LLVMBuildNot(e->b, abi_warp_field(e, W_EXITED), ""), "");
    LLVMValueRef args[] = {
        e->fs.warp,
        emit_u32(e, P2N_BAR_SYNC),
        LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, s, emit_u32(e, 1), ""), emit_u32(e, 15), ""),
        emit_u32(e, 0),
        live,
        emit_u32(e, 0),
        LLVMBuildLShr(e->b, s, emit_u32(e, 5), "")};
    LLVMBuildCall2(e->b, e->t_barrier_fn, abi_service(e, S_BARRIER), args, 7, "");
    check_failed(e, fail);
    LLVMBuildBr(e->b, next);

    LLVMPositionBuilderAtEnd(e->b, done);
    LLVMBuildRet(e->b, emit_u32(e, P2N_CTA_LEFT));
}

/* p2n.cta.NAME for kernel (a coroutine of kernel f): see above and
 * p2n_cta_fn. */
LLVMValueRef
ctaloop_emit(Emit *e, const Func *f, LLVMValueRef kernel)
{
    LLVMTypeRef pt[] = {e->t_ptr, e->t_i32, e->t_i64, e->t_ptr};
    LLVMTypeRef ft = LLVMFunctionType(e->t_i32, pt, 4, 0);
    LLVMValueRef fn = LLVMAddFunction(e->mod, arena_printf(e->arena, "p2n.cta.%s", f->name), ft);
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    e->fs.fn = fn;
    LLVMSetCurrentDebugLocation2(e->b, NULL);
    Loop l = {.first = LLVMGetParam(fn, 0),
              .n = LLVMGetParam(fn, 1),
              .stride = LLVMGetParam(fn, 2),
              .current = LLVMGetParam(fn, 3)};
    LLVMBasicBlockRef entry = emit_new_block(e, "entry"), check = emit_new_block(e, "check"),
                      fail = emit_new_block(e, "fail");
    LLVMPositionBuilderAtEnd(e->b, entry);
    l.i = LLVMBuildAlloca(e->b, e->t_i32, "i");
    l.any = LLVMBuildAlloca(e->b, e->t_i32, "any");
    l.all = LLVMBuildAlloca(e->b, e->t_i32, "all");
    clear_keys(e, &l);

    /* every warp from its start */
    LLVMBasicBlockRef next;
    LLVMValueRef i = for_warps(e, &l, "start", &next, check);
    LLVMValueRef w = warp_at(e, &l, i);
    mark_running(e, &l, i);
    LLVMValueRef frame = LLVMBuildCall2(e->b, e->t_coro_fn, kernel, &w, 1, "frame");
    /* not inlined: the kernel's line table is its own (this has none) */
    LLVMAddCallSiteAttribute(
        frame, LLVMAttributeFunctionIndex,
        LLVMCreateEnumAttribute(e->ctx, LLVMGetEnumAttributeKindForName("noinline", 8), 0));
    LLVMBuildStore(e->b, frame, abi_warp_field_ptr(e, W_FRAME));
    check_failed(e, fail);
    note_wait(e, &l);
    LLVMBuildBr(e->b, next);

    /* all at one barrier: it is complete, every waiting warp goes on;
     * none waiting: the CTA is done */
    LLVMPositionBuilderAtEnd(e->b, check);
    LLVMBasicBlockRef leave = emit_new_block(e, "leave.start"), phase = emit_new_block(e, "phase"),
                      done = emit_new_block(e, "done");
    LLVMBasicBlockRef some = emit_new_block(e, "some");
    LLVMValueRef any = load32(e, l.any);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, any, emit_u32(e, 0), ""), done, some);
    LLVMPositionBuilderAtEnd(e->b, some);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, any, load32(e, l.all), ""), phase, leave);
    LLVMPositionBuilderAtEnd(e->b, done);
    LLVMBuildRet(e->b, emit_u32(e, 0));
    LLVMPositionBuilderAtEnd(e->b, fail);
    LLVMBuildRet(e->b, emit_u32(e, 0));

    LLVMPositionBuilderAtEnd(e->b, phase);
    clear_keys(e, &l);
    i = for_warps(e, &l, "resume", &next, check);
    warp_at(e, &l, i);
    LLVMBasicBlockRef run = emit_new_block(e, "run");
    LLVMBuildCondBr(e->b, waits(e, abi_warp_field(e, W_SUSPEND)), run, next);
    LLVMPositionBuilderAtEnd(e->b, run);
    mark_running(e, &l, i);
    frame = abi_warp_field(e, W_FRAME);
    LLVMValueRef resume = LLVMBuildLoad2(e->b, e->t_ptr, frame, "resume");
    LLVMTypeRef rt = LLVMFunctionType(e->t_void, &e->t_ptr, 1, 0);
    LLVMValueRef call = LLVMBuildCall2(e->b, rt, resume, &frame, 1, "");
    LLVMSetInstructionCallConv(call, LLVMFastCallConv); /* as LLVM's coro.resume */
    check_failed(e, fail);
    note_wait(e, &l);
    LLVMBuildBr(e->b, next);

    LLVMPositionBuilderAtEnd(e->b, leave);
    emit_leave(e, &l, fail);
    e->fs.fn = NULL;
    e->fs.warp = NULL;
    return fn;
}
