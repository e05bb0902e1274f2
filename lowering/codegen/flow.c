/* flow.c — control transfers (bra, brx, exit, ret, trap), the divergence
 * stack and its dispatchers, and lanes held at barriers.  A function runs
 * one warp, 32 lanes as SIMD with an active mask.
 *
 * Needs the CFG, ipdom, the uniformity results and the reconvergence plan.
 *
 * Control flow.  A uniform branch is a scalar branch.  A divergent branch
 * splits the running path's mask; when both sides have lanes, the lanes meet
 * again at the branch's reconvergence block R (its immediate
 * post-dominator), through a divergence stack of (block, mask, rpc) entries
 * like the SSY stack of NVIDIA hardware:
 *
 *   - the running path has a mask and an rpc, the block where it ends;
 *   - on divergence, if rpc != R, push the reconvergence entry
 *     (R, mask, rpc) and set rpc = R; then push the other side as a pending
 *     path (F, maskF, rpc) and run one side.  A side that is R itself is
 *     not pushed: its lanes wait in the reconvergence entry's mask.  When
 *     R is the function exit there is no reconvergence entry: lanes meet only
 *     when the function ends;
 *   - at the start of each block that is some branch's R, a path whose rpc
 *     is that block ends: pop the next entry and run it;
 *   - exit and ret take lanes out of every mask for good: popped masks are
 *     and-ed with ~exited, and empty entries are skipped.
 *
 * When all active lanes agree at run time nothing is pushed, and a kernel
 * with no divergent branch has no stack at all.  A loop whose exit diverges
 * reuses its reconvergence entry on every iteration (rpc == R), so the stack
 * does not grow with the trip count; its depth is bounded by 32 pending
 * paths (they have disjoint non-empty masks) plus the nesting of
 * reconvergence entries, checked at run time (P2N_KERR_STACK).
 */
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

/* ------------------------------------------------------- the stack */


static void
stack_push(Emit *e, LLVMValueRef pc, LLVMValueRef mask, LLVMValueRef rpc)
{
    LLVMValueRef sp = LLVMBuildLoad2(e->b, e->t_i32, e->fs.sp_slot, "sp");
    LLVMValueRef full =
        LLVMBuildICmp(e->b, LLVMIntUGE, sp, emit_u32(e, (uint64_t)e->fs.stack_cap), "");
    LLVMBasicBlockRef over = emit_new_block(e, "stack.overflow"), ok = emit_new_block(e, "push");
    LLVMBuildCondBr(e->b, full, over, ok);

    LLVMPositionBuilderAtEnd(e->b, over);
    emit_kernel_error(e, P2N_KERR_STACK, emit_mask(e), e->fs.in ? (uint32_t)e->fs.in->loc.line : 0);
    LLVMBuildBr(e->b, e->fs.return_bb);

    LLVMPositionBuilderAtEnd(e->b, ok);
    LLVMTypeRef at = LLVMArrayType(e->t_i32, (unsigned)e->fs.stack_cap);
    LLVMValueRef idx[] = {emit_u32(e, 0), sp};
    LLVMBuildStore(e->b, pc, LLVMBuildGEP2(e->b, at, e->fs.stk_pc, idx, 2, ""));
    LLVMBuildStore(e->b, mask, LLVMBuildGEP2(e->b, at, e->fs.stk_mask, idx, 2, ""));
    LLVMBuildStore(e->b, rpc, LLVMBuildGEP2(e->b, at, e->fs.stk_rpc, idx, 2, ""));
    LLVMBuildStore(e->b, LLVMBuildAdd(e->b, sp, emit_u32(e, 1), ""), e->fs.sp_slot);
}

/* Pops the top entry (sp: the depth, > 0): its pc, mask and rpc, and the
 * lanes gone meanwhile (exited, or returned from this .func). */
static void
stack_pop(Emit *e, LLVMValueRef sp, LLVMValueRef *pc, LLVMValueRef *m, LLVMValueRef *rpc,
          LLVMValueRef *gone)
{
    LLVMValueRef top = LLVMBuildSub(e->b, sp, emit_u32(e, 1), "");
    LLVMBuildStore(e->b, top, e->fs.sp_slot);
    LLVMTypeRef at = LLVMArrayType(e->t_i32, (unsigned)e->fs.stack_cap);
    LLVMValueRef idx[] = {emit_u32(e, 0), top};
    *pc = LLVMBuildLoad2(e->b, e->t_i32, LLVMBuildGEP2(e->b, at, e->fs.stk_pc, idx, 2, ""), "");
    *m = LLVMBuildLoad2(e->b, e->t_i32, LLVMBuildGEP2(e->b, at, e->fs.stk_mask, idx, 2, ""), "");
    *rpc = LLVMBuildLoad2(e->b, e->t_i32, LLVMBuildGEP2(e->b, at, e->fs.stk_rpc, idx, 2, ""), "");
    *gone = LLVMBuildOr(e->b, abi_warp_field(e, W_EXITED),
                        LLVMBuildLoad2(e->b, e->t_i32, e->fs.done_slot, ""), "");
}

/* A reconvergence entry's pc carries this bit in a function that may hold
 * lanes at a barrier (e->fs.nbar > 0): popping it moves held lanes whose path
 * ended at that block to the entry's rpc (see emit_barrier_arrival). */
enum { RECONV_BIT = 0x40000000 };

static bool
is_warp_sync(const Instr *in)
{
    return in->op == OP_BAR_WARP_SYNC;
}

static bool
is_cta_barrier(const Instr *in)
{
    return in->op == OP_BAR || in->op == OP_BARRIER;
}

/* Lanes held at calls (emit_call_arrival): the first call site with held
 * lanes runs its function once for them and for the lanes held at every
 * other call of the same function (their arguments copied in, their
 * results copied back); each then goes on after its own call.  Lanes held
 * at CTA barriers stay held.  Otherwise to `barriers`. */
static void
release_calls(Emit *e, LLVMBasicBlockRef barriers)
{
    Cfg *c = e->fs.f->cfg;
    LLVMValueRef first = emit_u32(e, (uint64_t)e->fs.nbar);
    for (int k = e->fs.bar_resume.n - 1; k >= 0; k--)
        if (e->fs.bar_instr[k]->op == OP_CALL)
            first = LLVMBuildSelect(
                e->b,
                LLVMBuildICmp(e->b, LLVMIntNE, wk_load(e, e->fs.wk_mask, k), emit_u32(e, 0), ""),
                emit_u32(e, (uint64_t)k), first, "");
    LLVMValueRef sw = LLVMBuildSwitch(e->b, first, barriers, (unsigned)e->fs.nbar);
    for (int k = 0; k < e->fs.bar_resume.n; k++) {
        if (e->fs.bar_instr[k]->op != OP_CALL)
            continue;
        LLVMBasicBlockRef run = emit_new_block(e, "release.call");
        LLVMAddCase(sw, emit_u32(e, (uint64_t)k), run);
        LLVMPositionBuilderAtEnd(e->b, run);
        const HeldCall *h = &e->fs.bar_call[k];
        LLVMValueRef *lanes = arena_alloc(e->arena, sizeof *lanes * (size_t)e->fs.nbar);
        LLVMValueRef all = wk_load(e, e->fs.wk_mask, k);
        for (int j = 0; j < e->fs.bar_resume.n; j++) {
            lanes[j] = NULL;
            if (j == k || e->fs.bar_instr[j]->op != OP_CALL ||
                !call_held_compatible(e, h, &e->fs.bar_call[j]))
                continue;
            lanes[j] = wk_load(e, e->fs.wk_mask, j);
            call_held_copy(e, &e->fs.bar_call[j], h, lanes[j], false);
            all = LLVMBuildOr(e->b, all, lanes[j], "");
        }
        call_held_run(
            e, h, LLVMBuildAnd(e->b, all, LLVMBuildNot(e->b, abi_warp_field(e, W_EXITED), ""), ""));
        for (int j = 0; j < e->fs.bar_resume.n; j++) {
            if (!lanes[j] && j != k)
                continue;
            if (j != k)
                call_held_copy(e, h, &e->fs.bar_call[j], lanes[j], true);
            stack_push(e, emit_u32(e, (uint64_t)(c->nblocks + j)), wk_load(e, e->fs.wk_mask, j),
                       wk_load(e, e->fs.wk_rpc, j));
            wk_store(e, e->fs.wk_mask, j, emit_u32(e, 0));
        }
        LLVMValueRef w = LLVMBuildLoad2(e->b, e->t_i32, e->fs.wait_mask, "");
        LLVMBuildStore(e->b, LLVMBuildAnd(e->b, w, LLVMBuildNot(e->b, all, ""), ""),
                       e->fs.wait_mask);
        LLVMBuildBr(e->b, e->fs.dispatch_bb);
    }
    LLVMPositionBuilderAtEnd(e->b, barriers);
}

/* The lanes of `lanes` held at a bar.warp.sync have completed it: each
 * becomes a pending path that resumes after its instruction. */
static void
release_warp_syncs(Emit *e, LLVMValueRef lanes)
{
    Cfg *c = e->fs.f->cfg;
    for (int j = 0; j < e->fs.bar_resume.n; j++) {
        if (!is_warp_sync(e->fs.bar_instr[j]))
            continue;
        LLVMValueRef held = LLVMBuildAnd(e->b, wk_load(e, e->fs.wk_mask, j), lanes, "");
        LLVMBasicBlockRef push = emit_new_block(e, "warpsync.done"),
                          next = emit_new_block(e, "warpsync.next");
        LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, held, emit_u32(e, 0), ""), push, next);
        LLVMPositionBuilderAtEnd(e->b, push);
        LLVMValueRef keep = LLVMBuildNot(e->b, held, "");
        wk_store(e, e->fs.wk_mask, j, LLVMBuildAnd(e->b, wk_load(e, e->fs.wk_mask, j), keep, ""));
        LLVMBuildStore(
            e->b, LLVMBuildAnd(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.wait_mask, ""), keep, ""),
            e->fs.wait_mask);
        LLVMBuildStore(
            e->b,
            LLVMBuildAnd(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.wsync_mask, ""), keep, ""),
            e->fs.wsync_mask);
        stack_push(e, emit_u32(e, (uint64_t)(c->nblocks + j)), held, wk_load(e, e->fs.wk_rpc, j));
        LLVMBuildBr(e->b, next);
        LLVMPositionBuilderAtEnd(e->b, next);
    }
}

/* Every live lane of the warp holds at a barrier or has exited.  Lanes
 * held at a bar.warp.sync go on (their missing members wait at a CTA
 * barrier: a hang on a GPU, undefined).  The lanes of the first CTA
 * barrier (lowest index) with held lanes run it; those held at other
 * barriers are counted at theirs now (P2N_BAR_EARLY, in the same phase),
 * and become pending paths that run their barrier instruction later,
 * which then counts nothing and gives that phase's result. */
static void
emit_release(Emit *e)
{
    Cfg *c = e->fs.f->cfg;
    LLVMPositionBuilderAtEnd(e->b, e->fs.release_bb);
    release_warp_syncs(e, emit_u32(e, 0xffffffffu));
    release_calls(e, emit_new_block(e, "release.barriers"));
    LLVMValueRef first = emit_u32(e, (uint64_t)e->fs.nbar);
    for (int k = e->fs.bar_resume.n - 1; k >= 0; k--)
        if (is_cta_barrier(e->fs.bar_instr[k]))
            first = LLVMBuildSelect(
                e->b,
                LLVMBuildICmp(e->b, LLVMIntNE, wk_load(e, e->fs.wk_mask, k), emit_u32(e, 0), ""),
                emit_u32(e, (uint64_t)k), first, "");
    for (int k = 0; k < e->fs.bar_resume.n; k++) { /* the reachable ones */
        if (!is_cta_barrier(e->fs.bar_instr[k]))
            continue;
        LLVMBasicBlockRef arrive = emit_new_block(e, "release.arrive"),
                          next = emit_new_block(e, "release.next");
        LLVMValueRef held = wk_load(e, e->fs.wk_mask, k);
        LLVMValueRef other =
            LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntNE, held, emit_u32(e, 0), ""),
                         LLVMBuildICmp(e->b, LLVMIntNE, first, emit_u32(e, (uint64_t)k), ""), "");
        LLVMBuildCondBr(e->b, other, arrive, next);
        LLVMPositionBuilderAtEnd(e->b, arrive);
        const Instr *in = e->fs.in = e->fs.bar_instr[k];
        LLVMValueRef lanes =
            LLVMBuildAnd(e->b, held, LLVMBuildNot(e->b, abi_warp_field(e, W_EXITED), ""), "");
        LLVMValueRef pred = emit_u32(e, 0);
        if (instr_has_mod(in, MOD_RED) && in->nopnd > 0) /* bar.red: the lanes' predicate */
            pred = LLVMBuildAnd(
                e->b, emit_mask_i32(e, inst_operand(e, &in->opnd[in->nopnd - 1], TY_PRED, false)),
                lanes, "");
        LLVMValueRef args[] = {e->fs.warp,
                               emit_u32(e, P2N_BAR_EARLY),
                               wk_load(e, e->fs.wk_id, k),
                               wk_load(e, e->fs.wk_count, k),
                               lanes,
                               pred,
                               emit_u32(e, (uint64_t)in->loc.line)};
        LLVMBuildCall2(e->b, e->t_barrier_fn, abi_service(e, S_BARRIER), args, 7, "");
        emit_check_error(e);
        stack_push(e, emit_u32(e, (uint64_t)(c->nblocks + k)), held, wk_load(e, e->fs.wk_rpc, k));
        wk_store(e, e->fs.wk_mask, k, emit_u32(e, 0));
        LLVMBuildBr(e->b, next);
        LLVMPositionBuilderAtEnd(e->b, next);
    }
    LLVMBuildStore(e->b, emit_u32(e, 0), e->fs.wait_mask);
    LLVMValueRef sw = LLVMBuildSwitch(e->b, first, e->fs.dispatch_bb, (unsigned)e->fs.nbar);
    for (int k = 0; k < e->fs.bar_resume.n; k++)
        if (is_cta_barrier(e->fs.bar_instr[k]))
            LLVMAddCase(sw, emit_u32(e, (uint64_t)k), LLVMValueAsBasicBlock(e->fs.bar_resume.v[k]));
}

/* The dispatcher: pop entries until one has live lanes, then run it; an
 * empty stack ends the function, or releases lanes held at barriers.  Its
 * switch has a case for every block a pushed entry can name, and for each
 * barrier instruction (nblocks + k). */
void
emit_dispatcher(Emit *e)
{
    Cfg *c = e->fs.f->cfg;
    LLVMPositionBuilderAtEnd(e->b, e->fs.dispatch_bb);
    LLVMValueRef sp = LLVMBuildLoad2(e->b, e->t_i32, e->fs.sp_slot, "sp");
    LLVMValueRef empty = LLVMBuildICmp(e->b, LLVMIntEQ, sp, emit_u32(e, 0), "");
    LLVMBasicBlockRef pop = emit_new_block(e, "pop"), drained = emit_new_block(e, "drained");
    LLVMBuildCondBr(e->b, empty, drained, pop);

    /* nothing pending: lanes held at a barrier go on (the others exited) */
    LLVMPositionBuilderAtEnd(e->b, drained);
    if (e->fs.nbar > 0) {
        LLVMValueRef held = LLVMBuildLoad2(e->b, e->t_i32, e->fs.wait_mask, "");
        LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, held, emit_u32(e, 0), ""),
                        e->fs.return_bb, e->fs.release_bb);
    } else {
        LLVMBuildBr(e->b, e->fs.return_bb);
    }

    LLVMPositionBuilderAtEnd(e->b, pop);
    LLVMValueRef pc, m, rpc, gone;
    stack_pop(e, sp, &pc, &m, &rpc, &gone);
    if (e->fs.nbar > 0) {
        /* a reconvergence entry popped before the lanes held at a barrier
         * came back to it: they no longer end their path there but at the
         * entry's rpc (they run its block on their own, as the others did) */
        LLVMValueRef isr =
            LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, pc, emit_u32(e, RECONV_BIT), ""),
                          emit_u32(e, 0), "");
        pc = LLVMBuildAnd(e->b, pc, emit_u32(e, ~(uint64_t)RECONV_BIT & 0xffffffffu), "");
        for (int k = 0; k < e->fs.nbar; k++) {
            LLVMValueRef r = wk_load(e, e->fs.wk_rpc, k);
            LLVMValueRef here =
                LLVMBuildAnd(e->b, isr, LLVMBuildICmp(e->b, LLVMIntEQ, r, pc, ""), "");
            wk_store(e, e->fs.wk_rpc, k, LLVMBuildSelect(e->b, here, rpc, r, ""));
        }
        /* lanes held at a barrier wait there */
        gone = LLVMBuildOr(e->b, gone, LLVMBuildLoad2(e->b, e->t_i32, e->fs.wait_mask, ""), "");
    }
    m = LLVMBuildAnd(e->b, m, LLVMBuildNot(e->b, gone, ""), "");
    LLVMValueRef none = LLVMBuildICmp(e->b, LLVMIntEQ, m, emit_u32(e, 0), "");
    LLVMBasicBlockRef run = emit_new_block(e, "resume");
    LLVMBuildCondBr(e->b, none, e->fs.dispatch_bb, run);

    LLVMPositionBuilderAtEnd(e->b, run);
    LLVMBuildStore(e->b, m, e->fs.mask_slot);
    LLVMBuildStore(e->b, rpc, e->fs.rpc_slot);
    LLVMValueRef sw = LLVMBuildSwitch(e->b, pc, e->fs.return_bb, 0);
    for (int i = 0; i < c->nblocks; i++) /* the blocks an entry can name */
        if (i != c->exit && c->blocks[i].rpo >= 0 && e->fs.pushable[i])
            LLVMAddCase(sw, emit_u32(e, (uint64_t)i), e->fs.bb_body[i]);
    for (int k = 0; k < e->fs.bar_go.n; k++)
        LLVMAddCase(sw, emit_u32(e, (uint64_t)(c->nblocks + k)),
                    LLVMValueAsBasicBlock(e->fs.bar_go.v[k]));
    if (e->fs.nbar > 0) {
        emit_release(e);
        LLVMPositionBuilderAtEnd(e->b, e->fs.wsync_bb);
        release_warp_syncs(e, LLVMBuildLoad2(e->b, e->t_i32, e->fs.wsync_lanes, ""));
        LLVMBuildBr(e->b, e->fs.dispatch_bb);
    }
}

/* ------------------------------------------------ dispatch per block */

/* The dispatcher of block b: pop entries until one has live lanes, then
 * run it, by a switch over site_pcs[b]; an empty stack ends the function.
 * An entry not in the list would be the plan's mistake: a launch error,
 * never a jump to the wrong place. */
LLVMBasicBlockRef
site_dispatch(Emit *e, int b)
{
    if (!e->fs.local_dispatch)
        return e->fs.dispatch_bb;
    if (e->fs.stackless)
        return e->fs.return_bb;
    if (e->fs.site_bb[b])
        return e->fs.site_bb[b];
    LLVMBuilderRef saved = e->b;
    e->b = LLVMCreateBuilderInContext(e->ctx);
    LLVMBasicBlockRef site = e->fs.site_bb[b] = emit_new_block(e, "dispatch");
    LLVMPositionBuilderAtEnd(e->b, site);
    LLVMValueRef sp = LLVMBuildLoad2(e->b, e->t_i32, e->fs.sp_slot, "sp");
    LLVMBasicBlockRef pop = emit_new_block(e, "pop"), run = emit_new_block(e, "resume");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, sp, emit_u32(e, 0), ""), e->fs.return_bb,
                    pop);

    LLVMPositionBuilderAtEnd(e->b, pop);
    LLVMValueRef pc, m, rpc, gone;
    stack_pop(e, sp, &pc, &m, &rpc, &gone);
    m = LLVMBuildAnd(e->b, m, LLVMBuildNot(e->b, gone, ""), "");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, m, emit_u32(e, 0), ""), site, run);

    LLVMPositionBuilderAtEnd(e->b, run);
    LLVMBuildStore(e->b, m, e->fs.mask_slot);
    LLVMBuildStore(e->b, rpc, e->fs.rpc_slot);
    if (!e->fs.bad_pc_bb) {
        e->fs.bad_pc_bb = emit_new_block(e, "dispatch.bad");
        LLVMPositionBuilderAtEnd(e->b, e->fs.bad_pc_bb);
        emit_kernel_error(e, P2N_KERR_INTERNAL, emit_u32(e, 0xffffffffu),
                          (uint32_t)e->fs.f->loc.line);
        LLVMBuildBr(e->b, e->fs.return_bb);
        LLVMPositionBuilderAtEnd(e->b, run);
    }
    LLVMValueRef sw = LLVMBuildSwitch(e->b, pc, e->fs.bad_pc_bb, (unsigned)e->fs.site_pcs[b].n);
    for (int i = 0; i < e->fs.site_pcs[b].n; i++)
        LLVMAddCase(sw, emit_u32(e, (uint64_t)e->fs.site_pcs[b].v[i]),
                    e->fs.bb_body[e->fs.site_pcs[b].v[i]]);
    LLVMDisposeBuilder(e->b);
    e->b = saved;
    return site;
}

/* Where a divergent transfer's lanes meet, as the analysis computed it. */
static int
reconvergence_of(Emit *e, int instr)
{
    return plan_reconvergence(e->fs.f, e->fs.fi, instr);
}

/* ------------------------------------------------------------ branches */

/* Lanes that diverge toward reconvergence block R: unless the running path
 * already ends at R, push the reconvergence entry (R, mask, rpc) and make R
 * the path's end.  Returns the rpc the sides run with.  With R the function
 * exit there is no entry: lanes meet only when the function ends. */
static LLVMValueRef
enter_region(Emit *e, int R, LLVMValueRef mask)
{
    LLVMValueRef rpc = LLVMBuildLoad2(e->b, e->t_i32, e->fs.rpc_slot, "rpc");
    if (R < 0 || R == e->fs.f->cfg->exit)
        return rpc;
    LLVMValueRef rc = emit_u32(e, (uint64_t)R);
    LLVMBasicBlockRef push = emit_new_block(e, "push.reconv"), go = emit_new_block(e, "paths");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, rpc, rc, ""), go, push);
    LLVMPositionBuilderAtEnd(e->b, push);
    stack_push(e, e->fs.nbar > 0 ? emit_u32(e, (uint64_t)R | RECONV_BIT) : rc, mask, rpc);
    LLVMBuildStore(e->b, rc, e->fs.rpc_slot);
    LLVMBuildBr(e->b, go);
    LLVMPositionBuilderAtEnd(e->b, go);
    return rc;
}

/* taken_lanes: the lanes taking a branch to `taken` (i32); the others go
 * to `other`.  lane_masks gives the mask m and the lanes of each side, mt
 * and mf; split_lanes jumps straight to a side when all active lanes
 * agree, and otherwise leaves the builder in a block where they split. */
static void
lane_masks(Emit *e, LLVMValueRef taken_lanes, LLVMValueRef *m, LLVMValueRef *mt, LLVMValueRef *mf)
{
    *m = emit_mask(e);
    *mt = LLVMBuildAnd(e->b, *m, taken_lanes, "mt");
    *mf = LLVMBuildAnd(e->b, *m, LLVMBuildNot(e->b, taken_lanes, ""), "mf");
}

static void
split_lanes(Emit *e, int taken, int other, LLVMValueRef mt, LLVMValueRef mf)
{
    LLVMBasicBlockRef split = emit_new_block(e, "diverge"), some = emit_new_block(e, "some");
    LLVMValueRef zero = emit_u32(e, 0);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, mt, zero, ""), e->fs.bb[other], some);
    LLVMPositionBuilderAtEnd(e->b, some);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, mf, zero, ""), e->fs.bb[taken], split);
    LLVMPositionBuilderAtEnd(e->b, split);
}

static void
emit_divergent_branch(Emit *e, LLVMValueRef taken_lanes, int taken, int other, int R)
{
    LLVMValueRef m, mt, mf;
    lane_masks(e, taken_lanes, &m, &mt, &mf);
    split_lanes(e, taken, other, mt, mf);
    LLVMValueRef rpc = enter_region(e, R, m);
    if (taken == R) {
        LLVMBuildStore(e->b, mf, e->fs.mask_slot);
        LLVMBuildBr(e->b, e->fs.bb[other]);
    } else if (other == R) {
        LLVMBuildStore(e->b, mt, e->fs.mask_slot);
        LLVMBuildBr(e->b, e->fs.bb[taken]);
    } else {
        stack_push(e, emit_u32(e, (uint64_t)other), mf, rpc);
        LLVMBuildStore(e->b, mt, e->fs.mask_slot);
        LLVMBuildBr(e->b, e->fs.bb[taken]);
    }
}

/* A divergent bra with an exit side (exit_side: "if (i >= n) return;"):
 * the lanes that take that side leave the launch here, as an exit would,
 * and the others go on to block `other` with nothing pushed, so no lane
 * waits anywhere for them (a barrier after it holds nothing). */
static void
emit_exit_branch(Emit *e, LLVMValueRef taken_lanes, bool taken_leaves, int other)
{
    LLVMValueRef m = emit_mask(e);
    LLVMValueRef leaving =
        LLVMBuildAnd(e->b, m, taken_leaves ? taken_lanes : LLVMBuildNot(e->b, taken_lanes, ""), "");
    leave(e, false, leaving);
    LLVMValueRef rest = LLVMBuildAnd(e->b, m, LLVMBuildNot(e->b, leaving, ""), "");
    LLVMBuildStore(e->b, rest, e->fs.mask_slot);
    LLVMValueRef none = LLVMBuildICmp(e->b, LLVMIntEQ, rest, emit_u32(e, 0), "");
    LLVMBuildCondBr(e->b, none, e->fs.bb[e->fs.f->cfg->exit], e->fs.bb[other]);
}

/* A divergent bra whose sides are single blocks that only lead to R (an
 * if, or an if/else, of straight-line code: plan_linear) runs its sides
 * one after the other, with no stack entry and no dispatcher: the taken
 * side with its lanes, then the other side with its own, then R with all
 * of them.  The branch keeps its mask m and the other side's lanes mf in
 * two slots; the taken side ends by going on to the other side when mf
 * has lanes, else to R, and the other side ends at R, each restoring m
 * first (linear_side_end).  When all lanes agree the same blocks run, and
 * the slots say so.  The lanes of the side that runs second keep their
 * values through the first, as they would waiting on the stack (the
 * writes of a side merge under its mask where a register is live into
 * the other side or R).  A predicated branch (plan.c: short sides that
 * only compute registers) has no branch around its sides: each runs under
 * its mask, empty or not. */
static void
emit_linear_branch(Emit *e, LLVMValueRef taken_lanes, int taken, int other, int R, int idx)
{
    LLVMValueRef m, mt, mf;
    lane_masks(e, taken_lanes, &m, &mt, &mf);
    e->fs.lin_m[idx] = emit_alloca(e, e->t_i32, "lin.m");
    e->fs.lin_mf[idx] = emit_alloca(e, e->t_i32, "lin.mf");
    LLVMBuildStore(e->b, m, e->fs.lin_m[idx]);
    LLVMBuildStore(e->b, other == R ? emit_u32(e, 0) : mf, e->fs.lin_mf[idx]);
    if (!e->fs.predicated[idx])
        split_lanes(e, taken, other, mt, mf);
    LLVMBuildStore(e->b, taken == R ? mf : mt, e->fs.mask_slot);
    LLVMBuildBr(e->b, e->fs.bb[taken == R ? other : taken]);
}

/* The end of side block b of linear branch i (e->fs.lin_branch[b] = i + 1). */
void
linear_side_end(Emit *e, int b)
{
    int i = e->fs.lin_branch[b] - 1;
    const Cfg *c = e->fs.f->cfg;
    const Instr *in = &e->fs.f->instrs.v[i];
    int xb = c->block_of[i], R = reconvergence_of(e, i);
    int taken = e->fs.f->cfg->block_of[e->fs.f->labels.v[in->opnd[0].label].instr];
    int other = c->blocks[xb].succ[0] == taken ? c->blocks[xb].succ[1] : c->blocks[xb].succ[0];
    LLVMValueRef m = LLVMBuildLoad2(e->b, e->t_i32, e->fs.lin_m[i], "");
    if (b == taken && other != R && e->fs.predicated[i]) {
        LLVMBuildStore(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.lin_mf[i], ""), e->fs.mask_slot);
        LLVMBuildBr(e->b, e->fs.bb[other]);
        return;
    }
    if (b == taken && other != R) {
        LLVMValueRef mf = LLVMBuildLoad2(e->b, e->t_i32, e->fs.lin_mf[i], "");
        LLVMValueRef more = LLVMBuildICmp(e->b, LLVMIntNE, mf, emit_u32(e, 0), "");
        LLVMBuildStore(e->b, LLVMBuildSelect(e->b, more, mf, m, ""), e->fs.mask_slot);
        LLVMBuildCondBr(e->b, more, e->fs.bb[other], e->fs.bb[R]);
        return;
    }
    LLVMBuildStore(e->b, m, e->fs.mask_slot);
    LLVMBuildBr(e->b, e->fs.bb[R]);
}

/* A narrowing branch (plan.c, plan_narrow): the lanes that take its side
 * S run it, those that take the side that is R wait there, kept in the
 * outer branch's slot, with nothing pushed.  The outer branch stores its
 * mask in the slot; an inner one's R is its group's join (narrow_enter),
 * which takes the slot's mask back, as does every edge from the region
 * to R. */
static void
emit_narrow_branch(Emit *e, LLVMValueRef taken_lanes, int taken, int other, int R, int idx)
{
    LLVMValueRef m, mt, mf;
    lane_masks(e, taken_lanes, &m, &mt, &mf);
    int S = taken == R ? other : taken;
    LLVMValueRef ms = taken == R ? mf : mt;
    if (e->fs.narrow[idx] == NARROW_OUTER)
        LLVMBuildStore(e->b, m, e->fs.narrow_slot[idx]);
    LLVMBasicBlockRef some = emit_new_block(e, "narrow");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, ms, emit_u32(e, 0), ""), e->fs.bb[R],
                    some);
    LLVMPositionBuilderAtEnd(e->b, some);
    LLVMBuildStore(e->b, ms, e->fs.mask_slot);
    LLVMBuildBr(e->b, e->fs.bb[S]);
}

/* The slot and the join of each outer narrowing branch. */
void
narrow_setup(Emit *e)
{
    const Func *f = e->fs.f;
    e->fs.narrow_slot =
        arena_alloc(e->arena, sizeof *e->fs.narrow_slot * ((size_t)f->instrs.n + 1));
    e->fs.narrow_join =
        arena_alloc(e->arena, sizeof *e->fs.narrow_join * ((size_t)f->instrs.n + 1));
    if (!e->fs.narrow_group)
        return;
    LLVMBuilderRef saved = e->b;
    e->b = LLVMCreateBuilderInContext(e->ctx);
    for (int i = 0; i < f->instrs.n; i++) {
        if (e->fs.narrow[i] != NARROW_OUTER)
            continue;
        e->fs.narrow_slot[i] = emit_alloca(e, e->t_i32, "narrow.m");
        e->fs.narrow_join[i] = emit_new_block(e, "narrow.join");
        LLVMPositionBuilderAtEnd(e->b, e->fs.narrow_join[i]);
        LLVMBuildStore(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.narrow_slot[i], ""),
                       e->fs.mask_slot);
        LLVMBuildBr(e->b, e->fs.bb[reconvergence_of(e, i)]);
    }
    LLVMDisposeBuilder(e->b);
    e->b = saved;
}

/* While block b of a narrowing region is emitted, its edges to the
 * region's R go to the group's join. */
void
narrow_enter(Emit *e, int b)
{
    int g = e->fs.narrow_group ? e->fs.narrow_group[b] - 1 : -1;
    if (g >= 0) {
        int R = reconvergence_of(e, g);
        e->fs.narrow_real = e->fs.bb[R];
        e->fs.bb[R] = e->fs.narrow_join[g];
    }
}

void
narrow_leave(Emit *e, int b)
{
    int g = e->fs.narrow_group ? e->fs.narrow_group[b] - 1 : -1;
    if (g >= 0)
        e->fs.bb[reconvergence_of(e, g)] = e->fs.narrow_real;
}

static LLVMValueRef
guard_value(Emit *e, const Instr *in)
{
    Operand g = {.kind = OPD_REG, .reg = in->guard};
    LLVMValueRef p = inst_operand(e, &g, TY_PRED, false);
    if (in->guard_neg)
        p = LLVMBuildNot(e->b, p, "");
    return p;
}

static bool
guard_varying(Emit *e, const Instr *in)
{
    return in->guard >= 0 && e->fs.fi->reg_varying[in->guard];
}

static int
label_block(Emit *e, const Operand *o)
{
    const Label *l = &e->fs.f->labels.v[o->label];
    return e->fs.f->cfg->block_of[l->instr];
}

void
emit_bra(Emit *e, const Instr *in, int idx, int next)
{
    int target = label_block(e, &in->opnd[0]);
    if (in->guard < 0) {
        LLVMBuildBr(e->b, e->fs.bb[target]);
        return;
    }
    LLVMValueRef p = guard_value(e, in);
    BranchClass cls = e->fs.fi->branch[idx];
    bool split = cls == BR_DIVERGENT && guard_varying(e, in);
    if (e->prof_slot) /* --profile */
        abi_profile_count(e, idx, emit_mask(e), split ? emit_mask_i32(e, p) : NULL);
    if (split) {
        int xs = exit_side(e->fs.f, e->fs.fi, idx);
        if (e->fs.linear[idx])
            emit_linear_branch(e, emit_mask_i32(e, p), target, next, reconvergence_of(e, idx), idx);
        else if (xs >= 0)
            emit_exit_branch(e, emit_mask_i32(e, p), xs == target, xs == target ? next : target);
        else if (e->fs.narrow[idx])
            emit_narrow_branch(e, emit_mask_i32(e, p), target, next, reconvergence_of(e, idx), idx);
        else
            emit_divergent_branch(e, emit_mask_i32(e, p), target, next, reconvergence_of(e, idx));
        return;
    }
    /* uniform: proven, or declared (.uni: the first active lane decides) */
    p = emit_first_lane(e, p);
    LLVMBuildCondBr(e->b, p, e->fs.bb[target], e->fs.bb[next]);
}

/* exit (and ret from an entry): the lanes leave the launch for good.  ret
 * from a .func: the lanes wait, in done_slot, until no lane of the call is
 * left running; then the function returns. */
void
leave(Emit *e, bool ret, LLVMValueRef leaving)
{
    if (ret)
        call_store_reg_results(e, e->fs.f, leaving);
    LLVMValueRef ex = ret ? e->fs.done_slot : abi_warp_field_ptr(e, W_EXITED);
    LLVMValueRef old = LLVMBuildLoad2(e->b, e->t_i32, ex, "");
    LLVMBuildStore(e->b, LLVMBuildOr(e->b, old, leaving, ""), ex);
}

void
emit_exit(Emit *e, const Instr *in, int next)
{
    LLVMValueRef m = emit_mask(e);
    LLVMValueRef leaving = m;
    if (in->guard >= 0)
        leaving = LLVMBuildAnd(e->b, m, emit_mask_i32(e, guard_value(e, in)), "");
    leave(e, in->op == OP_RET && !e->fs.f->is_entry, leaving);
    if (in->guard < 0) {
        LLVMBuildBr(e->b, e->fs.bb[e->fs.f->cfg->exit]);
        return;
    }
    LLVMValueRef rest = LLVMBuildAnd(e->b, m, LLVMBuildNot(e->b, leaving, ""), "");
    LLVMBuildStore(e->b, rest, e->fs.mask_slot);
    LLVMValueRef none = LLVMBuildICmp(e->b, LLVMIntEQ, rest, emit_u32(e, 0), "");
    LLVMBuildCondBr(e->b, none, e->fs.bb[e->fs.f->cfg->exit], e->fs.bb[next]);
}

void
emit_trap(Emit *e, const Instr *in, int next)
{
    LLVMBasicBlockRef trap = emit_new_block(e, "trap"), cont = NULL;
    LLVMValueRef lanes = emit_mask(e);
    if (in->guard >= 0) {
        lanes = LLVMBuildAnd(e->b, lanes, emit_mask_i32(e, guard_value(e, in)), "");
        cont = e->fs.bb[next];
        LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, lanes, emit_u32(e, 0), ""), trap,
                        cont);
    } else {
        LLVMBuildBr(e->b, trap);
    }
    LLVMPositionBuilderAtEnd(e->b, trap);
    emit_kernel_error(e, P2N_KERR_TRAP, lanes, (uint32_t)in->loc.line);
    LLVMBuildBr(e->b, e->fs.return_bb);
}

/* brx.idx: an index past the target list is a launch error for the lanes
 * that take it.  A uniform index is one switch.  A varying one groups the
 * active lanes by target block: every other target is pushed as a pending
 * path (reconverging at the branch's ipdom, like bra) and the first active
 * lane's target runs now.  A guarded brx.idx sends the lanes whose guard
 * is false to the next block: one more target, chosen by an index of n. */
void
emit_brx(Emit *e, const Instr *in, int idx, int next)
{
    Cfg *c = e->fs.f->cfg;
    const Label *tl = &e->fs.f->labels.v[in->opnd[1].label];
    int n = tl->ntargets;
    bool vguard = guard_varying(e, in);
    bool vary = (operand_varying(e, &in->opnd[0]) || vguard) &&
                e->fs.fi->branch[idx] == BR_DIVERGENT && !in->uni;
    LLVMValueRef m = emit_mask(e);
    if (in->guard >= 0 && !vary) { /* a uniform guard (or .uni): a branch around */
        LLVMBasicBlockRef go = emit_new_block(e, "brx.guard");
        LLVMBuildCondBr(e->b, emit_first_lane(e, guard_value(e, in)), go, e->fs.bb[next]);
        LLVMPositionBuilderAtEnd(e->b, go);
    }
    LLVMValueRef index = inst_operand(e, &in->opnd[0], TY_U32, vary);
    LLVMValueRef taking = m; /* the lanes that branch through the table */
    int nt = n;
    if (vary && in->guard >= 0) {
        LLVMValueRef g = guard_value(e, in);
        taking = LLVMBuildAnd(e->b, m, emit_mask_i32(e, g), "");
        index = LLVMBuildSelect(e->b, emit_is_vec(g) ? g : emit_splat(e, g), index,
                                emit_splat(e, emit_u32(e, (uint64_t)n)), "");
        nt = n + 1;
    }
    LLVMValueRef first = emit_first_lane(e, index);
    LLVMBasicBlockRef bad = emit_new_block(e, "brx.range");

    if (vary) {
        /* out of range in any lane that takes the branch: the launch fails */
        LLVMValueRef out = LLVMBuildAnd(
            e->b, taking,
            emit_mask_i32(e, LLVMBuildICmp(e->b, LLVMIntUGE, index,
                                           emit_splat(e, emit_u32(e, (uint64_t)n)), "")),
            "");
        LLVMBasicBlockRef inrange = emit_new_block(e, "brx.ok");
        LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, out, emit_u32(e, 0), ""), bad,
                        inrange);
        LLVMPositionBuilderAtEnd(e->b, inrange);
        LLVMValueRef same = LLVMBuildAnd(
            e->b, m,
            emit_mask_i32(e, LLVMBuildICmp(e->b, LLVMIntEQ, index, emit_splat(e, first), "")), "");
        LLVMBasicBlockRef split = emit_new_block(e, "brx.split"),
                          one = emit_new_block(e, "brx.one");
        LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, same, m, ""), one, split);

        LLVMPositionBuilderAtEnd(e->b, split);
        int R = reconvergence_of(e, idx);
        LLVMValueRef rpc = enter_region(e, R, m);
        /* the lanes of each distinct target block (the guard's fall-through
         * last) */
        int *blocks = arena_alloc(e->arena, sizeof *blocks * (size_t)(nt + 1));
        for (int i = 0; i < n; i++)
            blocks[i] = label_block(e, &tl->targets[i]);
        if (nt > n)
            blocks[n] = next;
        LLVMValueRef firstblk = NULL; /* the block id the first lane goes to */
        for (int i = 0; i < nt; i++) {
            bool seen = false;
            for (int j = 0; j < i; j++)
                seen |= blocks[j] == blocks[i];
            if (seen)
                continue;
            LLVMValueRef lanes = emit_u32(e, 0);
            for (int j = i; j < nt; j++)
                if (blocks[j] == blocks[i])
                    lanes = LLVMBuildOr(
                        e->b, lanes,
                        emit_mask_i32(e,
                                      LLVMBuildICmp(e->b, LLVMIntEQ, index,
                                                    emit_splat(e, emit_u32(e, (uint64_t)j)), "")),
                        "");
            lanes = LLVMBuildAnd(e->b, lanes, m, "");
            LLVMValueRef mine = LLVMBuildICmp(
                e->b, LLVMIntNE,
                LLVMBuildAnd(e->b, lanes,
                             LLVMBuildAnd(e->b, same, LLVMBuildNeg(e->b, same, ""), ""), ""),
                emit_u32(e, 0), "");
            /* not the first lane's target, has lanes, and is not R: pending */
            if (blocks[i] != R) {
                LLVMValueRef want =
                    LLVMBuildAnd(e->b, LLVMBuildNot(e->b, mine, ""),
                                 LLVMBuildICmp(e->b, LLVMIntNE, lanes, emit_u32(e, 0), ""), "");
                LLVMBasicBlockRef pb = emit_new_block(e, "brx.push"),
                                  nb = emit_new_block(e, "brx.next");
                LLVMBuildCondBr(e->b, want, pb, nb);
                LLVMPositionBuilderAtEnd(e->b, pb);
                stack_push(e, emit_u32(e, (uint64_t)blocks[i]), lanes, rpc);
                LLVMBuildBr(e->b, nb);
                LLVMPositionBuilderAtEnd(e->b, nb);
            }
            LLVMValueRef bid = emit_u32(e, (uint64_t)blocks[i]);
            firstblk = firstblk ? LLVMBuildSelect(e->b, mine, bid, firstblk, "") : bid;
            LLVMBuildStore(e->b,
                           LLVMBuildSelect(e->b, mine, lanes,
                                           LLVMBuildLoad2(e->b, e->t_i32, e->fs.mask_slot, ""), ""),
                           e->fs.mask_slot);
        }
        LLVMValueRef sw = LLVMBuildSwitch(e->b, firstblk, e->fs.bb[c->exit], (unsigned)nt);
        for (int i = 0; i < nt; i++) {
            bool seen = false;
            for (int j = 0; j < i; j++)
                seen |= blocks[j] == blocks[i];
            if (!seen)
                LLVMAddCase(sw, emit_u32(e, (uint64_t)blocks[i]), e->fs.bb[blocks[i]]);
        }
        LLVMPositionBuilderAtEnd(e->b, one);
    }
    LLVMValueRef sw = LLVMBuildSwitch(e->b, first, bad, (unsigned)nt);
    for (int i = 0; i < n; i++)
        LLVMAddCase(sw, emit_u32(e, (uint64_t)i), e->fs.bb[label_block(e, &tl->targets[i])]);
    if (nt > n)
        LLVMAddCase(sw, emit_u32(e, (uint64_t)n), e->fs.bb[next]);
    LLVMPositionBuilderAtEnd(e->b, bad);
    emit_kernel_error(e, P2N_KERR_BRX_RANGE, taking, (uint32_t)in->loc.line);
    LLVMBuildBr(e->b, e->fs.return_bb);
}

/* ------------------------------------------------------------- blocks */

/* A barrier reached while other lanes of the warp are elsewhere (pending
 * paths on the divergence stack, or parked at a reconvergence point the
 * running path has not reached yet, e.g. lanes that left a loop whose
 * other lanes reach a bar.sync in it): the arriving lanes are held, at
 * barrier k in wk_mask[k], and the others run first until they exit or
 * reach a barrier too.  A reconvergence entry popped meanwhile moves the
 * held lanes' path end to its own (the dispatcher), so lanes that left a
 * loop go on past its exit on their own.  Once every live lane holds or
 * exited, emit_release lets them go.  With nothing pending and nothing held
 * this is one compare. */
void
emit_barrier_arrival(Emit *e, const Instr *in)
{
    int k = e->fs.bar_resume.n;
    LLVMBasicBlockRef resume = emit_new_block(e, "barrier.resume"),
                      go = emit_new_block(e, "barrier.go");
    LLVMBasicBlockRef hold = emit_new_block(e, "barrier.hold");
    vec_push(e->arena, &e->fs.bar_resume, LLVMBasicBlockAsValue(resume));
    e->fs.bar_instr[k] = in;

    LLVMValueRef sp = LLVMBuildLoad2(e->b, e->t_i32, e->fs.sp_slot, "");
    LLVMValueRef held = LLVMBuildLoad2(e->b, e->t_i32, e->fs.wait_mask, "");
    LLVMValueRef alone =
        LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildOr(e->b, sp, held, ""), emit_u32(e, 0), "");
    LLVMBuildCondBr(e->b, alone, go, hold);

    LLVMPositionBuilderAtEnd(e->b, hold);
    LLVMValueRef m = emit_mask(e);
    LLVMValueRef waiting = LLVMBuildOr(e->b, held, m, "");
    LLVMBuildStore(e->b, waiting, e->fs.wait_mask);
    wk_store(e, e->fs.wk_mask, k, LLVMBuildOr(e->b, wk_load(e, e->fs.wk_mask, k), m, ""));
    wk_store(e, e->fs.wk_rpc, k, LLVMBuildLoad2(e->b, e->t_i32, e->fs.rpc_slot, ""));
    /* the barrier's id and thread count, should these lanes only arrive */
    int first = instr_has_mod(in, MOD_RED) ? 1 : 0, np = in->nopnd - first - (first ? 1 : 0);
    LLVMValueRef id = emit_u32(e, 0), count = emit_u32(e, 0);
    if (np >= 1)
        id = emit_first_lane(e, inst_operand(e, &in->opnd[first], TY_U32, false));
    if (np >= 2)
        count = emit_first_lane(e, inst_operand(e, &in->opnd[first + 1], TY_U32, false));
    wk_store(e, e->fs.wk_id, k, id);
    wk_store(e, e->fs.wk_count, k, count);
    LLVMValueRef gone = LLVMBuildOr(e->b, abi_warp_field(e, W_EXITED),
                                    LLVMBuildLoad2(e->b, e->t_i32, e->fs.done_slot, ""), "");
    LLVMValueRef live = LLVMBuildAnd(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.entry_mask, ""),
                                     LLVMBuildNot(e->b, gone, ""), "");
    LLVMValueRef missing = LLVMBuildAnd(e->b, live, LLVMBuildNot(e->b, waiting, ""), "");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, missing, emit_u32(e, 0), ""),
                    e->fs.release_bb, e->fs.dispatch_bb);

    /* released to run the barrier */
    LLVMPositionBuilderAtEnd(e->b, resume);
    LLVMValueRef rm = LLVMBuildAnd(e->b, wk_load(e, e->fs.wk_mask, k),
                                   LLVMBuildNot(e->b, abi_warp_field(e, W_EXITED), ""), "");
    LLVMBuildStore(e->b, rm, e->fs.mask_slot);
    LLVMBuildStore(e->b, wk_load(e, e->fs.wk_rpc, k), e->fs.rpc_slot);
    wk_store(e, e->fs.wk_mask, k, emit_u32(e, 0));
    LLVMBuildBr(e->b, go);
    LLVMPositionBuilderAtEnd(e->b, go);
    vec_push(e->arena, &e->fs.bar_go, LLVMBasicBlockAsValue(go));
}

/* bar.warp.sync waits until every non-exited lane of its member mask has
 * executed a bar.warp.sync (the same one or another, as the two sides of
 * a branch each with its own __syncwarp()).  Members all on the running
 * path: nothing to wait for.  Otherwise the running lanes are held, like
 * lanes at a barrier, and the others run; once every live member holds at
 * a bar.warp.sync, all the held members go on as pending paths (wsync_bb).
 * Members outside the function's call, or that returned from it, are not
 * waited for. */
void
emit_warp_sync_arrival(Emit *e, const Instr *in)
{
    int k = e->fs.bar_resume.n;
    LLVMBasicBlockRef here = LLVMGetInsertBlock(e->b),
                      resume = emit_new_block(e, "warpsync.resume");
    LLVMBasicBlockRef go = emit_new_block(e, "warpsync.go"),
                      hold = emit_new_block(e, "warpsync.hold");
    LLVMBasicBlockRef done = emit_new_block(e, "warpsync.complete"),
                      wait = emit_new_block(e, "warpsync.wait");
    vec_push(e->arena, &e->fs.bar_resume, LLVMBasicBlockAsValue(resume));
    e->fs.bar_instr[k] = in;
    LLVMPositionBuilderAtEnd(e->b, resume); /* unused: completed lanes resume at go */
    LLVMBuildUnreachable(e->b);
    LLVMPositionBuilderAtEnd(e->b, here);

    /* the members any running lane names */
    LLVMValueRef m = emit_mask(e);
    const Operand *mo = &in->opnd[0];
    LLVMValueRef members;
    if (operand_varying(e, mo)) {
        LLVMValueRef v = inst_operand(e, mo, TY_B32, true);
        v = LLVMBuildSelect(e->b, emit_mask_vec(e, m), v, LLVMConstNull(LLVMTypeOf(v)), "");
        LLVMTypeRef vt = LLVMTypeOf(v);
        members = emit_intrinsic(e, "llvm.vector.reduce.or", &vt, 1, &v, 1);
    } else {
        members = inst_operand(e, mo, TY_B32, false);
    }
    LLVMValueRef gone = LLVMBuildOr(e->b, abi_warp_field(e, W_EXITED),
                                    LLVMBuildLoad2(e->b, e->t_i32, e->fs.done_slot, ""), "");
    LLVMValueRef live = LLVMBuildAnd(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.entry_mask, ""),
                                     LLVMBuildNot(e->b, gone, ""), "");
    members = LLVMBuildAnd(e->b, members, live, "members");
    LLVMValueRef elsewhere = LLVMBuildAnd(e->b, members, LLVMBuildNot(e->b, m, ""), "");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, elsewhere, emit_u32(e, 0), ""), go, hold);

    LLVMPositionBuilderAtEnd(e->b, hold);
    LLVMValueRef waiting =
        LLVMBuildOr(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.wait_mask, ""), m, "");
    LLVMBuildStore(e->b, waiting, e->fs.wait_mask);
    LLVMValueRef arrived =
        LLVMBuildOr(e->b, LLVMBuildLoad2(e->b, e->t_i32, e->fs.wsync_mask, ""), m, "");
    LLVMBuildStore(e->b, arrived, e->fs.wsync_mask);
    wk_store(e, e->fs.wk_mask, k, LLVMBuildOr(e->b, wk_load(e, e->fs.wk_mask, k), m, ""));
    wk_store(e, e->fs.wk_rpc, k, LLVMBuildLoad2(e->b, e->t_i32, e->fs.rpc_slot, ""));
    LLVMValueRef missing = LLVMBuildAnd(e->b, members, LLVMBuildNot(e->b, arrived, ""), "");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, missing, emit_u32(e, 0), ""), done, wait);

    /* every live member holds at a bar.warp.sync: they all go on */
    LLVMPositionBuilderAtEnd(e->b, done);
    LLVMBuildStore(e->b, members, e->fs.wsync_lanes);
    LLVMBuildBr(e->b, e->fs.wsync_bb);

    /* some member is elsewhere: run the others (or release, when every
     * live lane holds somewhere) */
    LLVMPositionBuilderAtEnd(e->b, wait);
    LLVMValueRef idle = LLVMBuildAnd(e->b, live, LLVMBuildNot(e->b, waiting, ""), "");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, idle, emit_u32(e, 0), ""),
                    e->fs.release_bb, e->fs.dispatch_bb);

    LLVMPositionBuilderAtEnd(e->b, go);
    vec_push(e->arena, &e->fs.bar_go, LLVMBasicBlockAsValue(go));
}

/* Runs `in` only when its guard holds: a uniform guard is a branch around
 * it; a varying guard narrows the instruction's mask. */
void
emit_guarded(Emit *e, const Instr *in)
{
    e->fs.imask = NULL;
    if (in->guard < 0 || (opcode_flags(in->op) & OF_TERM)) {
        inst_emit(e, in);
        return;
    }
    if (guard_varying(e, in)) {
        LLVMValueRef g = emit_mask_i32(e, guard_value(e, in));
        e->fs.imask = LLVMBuildAnd(e->b, emit_mask(e), g, "imask");
        bool was = e->fs.partial;
        e->fs.partial = true;
        inst_emit(e, in);
        e->fs.partial = was;
        e->fs.imask = NULL;
        return;
    }
    LLVMBasicBlockRef then = emit_new_block(e, "guard"), cont = emit_new_block(e, "cont");
    LLVMBuildCondBr(e->b, guard_value(e, in), then, cont);
    LLVMPositionBuilderAtEnd(e->b, then);
    inst_emit(e, in);
    LLVMBuildBr(e->b, cont);
    LLVMPositionBuilderAtEnd(e->b, cont);
}
