/* function.c — lower_module: the module's functions one by one, each
 * block's instructions in order (guards, watchdogs, the transfers of
 * flow.c, the others through the dispatch table of dispatch.c).
 *
 * Needs the CFG, ipdom, the uniformity results and the reconvergence plan
 * of every function (analysis/).
 */
#include <stddef.h>
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

/* The watchdog at a loop's head: one relaxed load of the launch's stop
 * flag (its address is loop-invariant); when set, the kernel reports
 * P2N_KERR_TIMEOUT and returns, as after any service error. */
static void
emit_watchdog(Emit *e, uint32_t line)
{
    LLVMValueRef flag = LLVMBuildLoad2(e->b, e->t_i32, abi_warp_field(e, W_STOP), "stop");
    LLVMSetOrdering(flag, LLVMAtomicOrderingMonotonic);
    LLVMSetAlignment(flag, 4);
    LLVMValueRef set = LLVMBuildICmp(e->b, LLVMIntNE, flag, emit_u32(e, 0), "");
    LLVMBasicBlockRef stop = emit_new_block(e, "watchdog"), go = emit_new_block(e, "loop");
    LLVMValueRef br = LLVMBuildCondBr(e->b, set, stop, go);
    /* rarely taken: keep the loop's code straight */
    LLVMValueRef w[] = {LLVMMDStringInContext(e->ctx, "branch_weights", 14),
                        LLVMConstInt(e->t_i32, 1, 0), LLVMConstInt(e->t_i32, 1u << 20, 0)};
    LLVMSetMetadata(br, LLVMGetMDKindIDInContext(e->ctx, "prof", 4),
                    LLVMMDNodeInContext(e->ctx, w, 3));
    LLVMPositionBuilderAtEnd(e->b, stop);
    emit_kernel_error(e, P2N_KERR_TIMEOUT, emit_mask(e), line);
    LLVMBuildBr(e->b, e->fs.return_bb);
    LLVMPositionBuilderAtEnd(e->b, go);
}

static void emit_block_body(Emit *e, int b);

/* Block b; with a dispatcher per block, its jumps to the function's exit
 * (exit, ret, falling off the end) go to b's dispatcher, made only if
 * some jump needs it. */
static void
emit_block(Emit *e, int b)
{
    int exit = e->fs.f->cfg->exit;
    if (!e->fs.local_dispatch) {
        emit_block_body(e, b);
        return;
    }
    LLVMBasicBlockRef to_exit = e->fs.bb[exit] = emit_new_block(e, "to.exit");
    narrow_enter(e, b);
    emit_block_body(e, b);
    narrow_leave(e, b);
    if (LLVMGetFirstUse(LLVMBasicBlockAsValue(to_exit))) {
        LLVMPositionBuilderAtEnd(e->b, to_exit);
        LLVMBuildBr(e->b, site_dispatch(e, b));
    } else {
        LLVMDeleteBasicBlock(to_exit);
    }
}

static void
emit_block_body(Emit *e, int b)
{
    Cfg *c = e->fs.f->cfg;
    Block *blk = &c->blocks[b];
    e->fs.block = b;
    /* lanes held at a barrier make any block run with part of the warp: the
     * others may run past the reconvergence point on their own */
    e->fs.partial =
        e->fs.nbar > 0 || (e->fs.fi->block_divergent ? e->fs.fi->block_divergent[b] : true);

    LLVMPositionBuilderAtEnd(e->b, e->fs.bb[b]);
    if (e->fs.is_reconv[b]) {
        LLVMValueRef rpc = LLVMBuildLoad2(e->b, e->t_i32, e->fs.rpc_slot, "rpc");
        LLVMValueRef here = LLVMBuildICmp(e->b, LLVMIntEQ, rpc, emit_u32(e, (uint64_t)b), "");
        LLVMBuildCondBr(e->b, here, site_dispatch(e, b), e->fs.bb_body[b]);
    }
    LLVMPositionBuilderAtEnd(e->b, e->fs.bb_body[b]);
    if (plan_loop_head(c, b)) {
        oneloop_enter(e, b);
        emit_watchdog(e, (uint32_t)blk->loc.line);
    }

    /* the block that control falls into after this one (block_of has an
     * entry past the last instruction: a trailing label's block, or the exit) */
    int next = c->block_of[blk->last];
    if (next == b) /* the empty block of a label after the last instruction */
        next = c->exit;
    for (int i = blk->first; i < blk->last && !e->failed; i++) {
        const Instr *in = &e->fs.f->instrs.v[i];
        e->fs.in = in;
        debug_at(e, in);
        switch (in->op) {
        case OP_BRA:
            if (e->fs.lin_branch[b])
                linear_side_end(e, b);
            else
                emit_bra(e, in, i, next);
            return;
        case OP_BRX: emit_brx(e, in, i, next); return;
        case OP_EXIT: emit_exit(e, in, next); return;
        case OP_RET: emit_exit(e, in, next); return;
        case OP_TRAP: emit_trap(e, in, next); return;
        case OP_BAR:
        case OP_BARRIER:
            if (e->fs.nbar > 0)
                emit_barrier_arrival(e, in);
            emit_guarded(e, in);
            break;
        case OP_BAR_WARP_SYNC:
            if (e->fs.nbar > 0)
                emit_warp_sync_arrival(e, in);
            emit_guarded(e, in);
            break;
        default: emit_guarded(e, in); break;
        }
    }
    if (e->failed) {
        LLVMBuildUnreachable(e->b);
        return;
    }
    /* falling off the function's end is a ret: results stored, the lanes
     * done (a kernel's: exited, so no barrier waits for them) */
    if (e->fs.lin_branch[b]) { /* a side of a linear branch, falling into R */
        linear_side_end(e, b);
        return;
    }
    if (next == c->exit)
        leave(e, !e->fs.f->is_entry, emit_mask(e));
    LLVMBuildBr(e->b, e->fs.bb[next]);
}

/* ------------------------------------------------------------ functions */

static void
emit_function(Emit *e, Func *f, const FuncInfo *fi, LLVMValueRef fn)
{
    Cfg *c = f->cfg;
    e->fs.f = f;
    e->fs.fi = fi;
    e->fs.fn = fn;
    e->fs.warp = LLVMGetParam(fn, 0);
    debug_function(e, fn, f);

    LLVMBasicBlockRef entry = emit_new_block(e, "entry");
    e->fs.bb = arena_alloc(e->arena, sizeof *e->fs.bb * (size_t)c->nblocks);
    e->fs.bb_body = arena_alloc(e->arena, sizeof *e->fs.bb_body * (size_t)c->nblocks);
    for (int i = 0; i < c->nblocks; i++) {
        if (i == c->exit)
            continue;
        e->fs.bb[i] = emit_new_block(e, "B");
        e->fs.bb_body[i] = e->fs.bb[i];
    }
    e->fs.dispatch_bb = emit_new_block(e, "dispatch");
    e->fs.return_bb = emit_new_block(e, "return");
    e->fs.bb[c->exit] = e->fs.dispatch_bb;

    int ndiv = 0;
    for (int i = 0; i < f->instrs.n; i++)
        ndiv += fi->branch[i] == BR_DIVERGENT;
    /* barriers (and calls that may wait at one) that may hold lanes: all of
     * them when one sits in a divergent region, where lanes of the warp may
     * be elsewhere (barrier_may_hold); none when every one is outside */
    e->fs.nbar = 0;
    bool holds = false;
    for (int i = 0; ndiv > 0 && i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        bool waits = in->op == OP_BAR || in->op == OP_BARRIER || in->op == OP_BAR_WARP_SYNC ||
                     call_holds(e, in);
        e->fs.nbar += waits;
        holds |= waits && barrier_may_hold(f, fi, i);
    }
    if (!holds)
        e->fs.nbar = 0;
    /* Which branches run side after side; which blocks are reconvergence
     * points of the others; where paths may end (analysis/plan.c). */
    ReconvPlan plan;
    plan_compute(f, fi, e->fs.nbar == 0, &plan, e->arena);
    e->fs.linear = plan.linear;
    e->fs.predicated = plan.predicated;
    e->fs.lin_branch = plan.lin_branch;
    e->fs.is_reconv = plan.is_reconv;
    e->fs.pushable = plan.pushable;
    e->fs.site_pcs = plan.site_pcs;
    e->fs.narrow = plan.narrow;
    e->fs.narrow_group = plan.narrow_group;
    /* nothing pushes a stack entry: every path ends at the function's end */
    e->fs.stackless = e->fs.nbar == 0 && plan.stackless;
    e->fs.lin_m = arena_alloc(e->arena, sizeof *e->fs.lin_m * ((size_t)f->instrs.n + 1));
    e->fs.lin_mf = arena_alloc(e->arena, sizeof *e->fs.lin_mf * ((size_t)f->instrs.n + 1));
    for (int i = 0; i < c->nblocks; i++)
        if (e->fs.is_reconv[i]) {
            e->fs.bb_body[i] = emit_new_block(e, "B.body");
        }
    e->fs.bar_instr =
        e->fs.nbar ? arena_alloc(e->arena, sizeof *e->fs.bar_instr * (size_t)e->fs.nbar) : NULL;
    e->fs.bar_call =
        e->fs.nbar ? arena_alloc(e->arena, sizeof *e->fs.bar_call * (size_t)e->fs.nbar) : NULL;
    e->fs.release_bb = e->fs.nbar ? emit_new_block(e, "release") : NULL;
    e->fs.wsync_bb = e->fs.nbar ? emit_new_block(e, "warpsync.release") : NULL;
    e->fs.stack_cap = 2 * ndiv + WARP + 2 + e->fs.nbar;
    e->fs.local_dispatch = e->fs.nbar == 0;
    e->fs.bad_pc_bb = NULL;
    if (e->fs.local_dispatch) {
        e->fs.site_bb = arena_alloc(e->arena, sizeof *e->fs.site_bb * (size_t)c->nblocks);
        memset(e->fs.site_bb, 0, sizeof *e->fs.site_bb * (size_t)c->nblocks);
    }
    e->fs.ndivergent = ndiv;
    e->fs.bar_resume = (ValueVec){0};
    e->fs.bar_go = (ValueVec){0};

    LLVMPositionBuilderAtEnd(e->b, entry);
    e->fs.reg_slot = arena_alloc(e->arena, sizeof *e->fs.reg_slot * (size_t)f->regs.n);
    e->fs.reg_type = arena_alloc(e->arena, sizeof *e->fs.reg_type * (size_t)f->regs.n);
    for (int i = 0; i < f->regs.n; i++) { /* slots: emit_reg_slot, on first use */
        e->fs.reg_type[i] = reg_storage_type(e, &f->regs.v[i], fi->reg_varying[i]);
        e->fs.reg_slot[i] = NULL;
    }
    e->fs.mask_slot = LLVMBuildAlloca(e->b, e->t_i32, "mask.slot");
    e->fs.rpc_slot = LLVMBuildAlloca(e->b, e->t_i32, "rpc.slot");
    e->fs.carry_slot = LLVMBuildAlloca(e->b, e->t_v32i1, "carry.slot");
    if (!e->fs.stackless) {
        LLVMTypeRef at = LLVMArrayType(e->t_i32, (unsigned)e->fs.stack_cap);
        LLVMTypeRef rt = LLVMArrayType(e->t_i32, (unsigned)e->fs.stack_cap + 1);
        e->fs.stk_pc = LLVMBuildAlloca(e->b, at, "stk.pc");
        e->fs.stk_mask = LLVMBuildAlloca(e->b, at, "stk.mask");
        /* the depth lives past the last rpc, in memory that mem2reg leaves
         * alone (the array is indexed at run time): promoted, it was a
         * value threaded through every block, and loop strength reduction
         * and CodeGenPrepare went quadratic on its long chain of phis */
        e->fs.stk_rpc = LLVMBuildAlloca(e->b, rt, "stk.rpc");
        LLVMValueRef sp_idx[] = {emit_u32(e, 0), emit_u32(e, (uint64_t)e->fs.stack_cap)};
        e->fs.sp_slot = LLVMBuildGEP2(e->b, rt, e->fs.stk_rpc, sp_idx, 2, "sp.slot");
    }

    e->fs.done_slot = LLVMBuildAlloca(e->b, e->t_i32, "done.slot");
    LLVMBuildStore(e->b, emit_u32(e, 0), e->fs.done_slot);
    e->fs.entry_mask = LLVMBuildAlloca(e->b, e->t_i32, "entry.mask");
    e->fs.wait_mask = LLVMBuildAlloca(e->b, e->t_i32, "wait.mask");
    LLVMBuildStore(e->b, emit_u32(e, 0), e->fs.wait_mask);
    if (e->fs.nbar > 0) {
        LLVMTypeRef wt = LLVMArrayType(e->t_i32, (unsigned)e->fs.nbar);
        e->fs.wk_mask = LLVMBuildAlloca(e->b, wt, "wk.mask");
        e->fs.wk_rpc = LLVMBuildAlloca(e->b, wt, "wk.rpc");
        e->fs.wk_id = LLVMBuildAlloca(e->b, wt, "wk.id");
        e->fs.wk_count = LLVMBuildAlloca(e->b, wt, "wk.count");
        LLVMBuildStore(e->b, LLVMConstNull(wt), e->fs.wk_mask);
        LLVMBuildStore(e->b, LLVMConstNull(wt),
                       e->fs.wk_rpc); /* never undef in the dispatcher's compare */
        e->fs.wsync_mask = LLVMBuildAlloca(e->b, e->t_i32, "wsync.mask");
        e->fs.wsync_lanes = LLVMBuildAlloca(e->b, e->t_i32, "wsync.lanes");
        LLVMBuildStore(e->b, emit_u32(e, 0), e->fs.wsync_mask);
    }
    LLVMValueRef live = f->is_entry ? abi_warp_field(e, W_MASK) : LLVMGetParam(fn, 1);
    LLVMValueRef m =
        LLVMBuildAnd(e->b, live, LLVMBuildNot(e->b, abi_warp_field(e, W_EXITED), ""), "");
    LLVMBuildStore(e->b, m, e->fs.mask_slot);
    LLVMBuildStore(e->b, m, e->fs.entry_mask);
    if (e->prof_slot)
        abi_profile_enter(e);
    if (f->is_entry) {
        e->fs.argv = e->fs.retv = NULL;
        e->fs.depth = emit_u32(e, 0);
        e->fs.local_ptr = abi_warp_field(e, W_LOCAL);
        e->fs.local_stride = abi_warp_field(e, W_LOCAL_STRIDE);
        if (abi_is_coro_fn(e, fn))
            coro_begin(e);
        e->fs.cta_loop = ctaloop_wanted(e, f);
        mem_entry_prologue(e);
    } else {
        e->fs.argv = LLVMGetParam(fn, 2);
        e->fs.retv = LLVMGetParam(fn, 3);
        e->fs.depth = LLVMGetParam(fn, 4);
        uint32_t lb = mem_layout_locals(e, f);
        e->fs.local_stride = LLVMConstInt(e->t_i64, lb, 0);
        e->fs.local_ptr =
            LLVMBuildAlloca(e->b, LLVMArrayType2(e->t_i8, (uint64_t)lb * WARP + 16), "local.frame");
        LLVMSetAlignment(e->fs.local_ptr, 16);
        /* too deep: a launch error, not a crash */
        LLVMBasicBlockRef deep = emit_new_block(e, "too.deep"), ok = emit_new_block(e, "depth.ok");
        LLVMBuildCondBr(
            e->b, LLVMBuildICmp(e->b, LLVMIntUGT, e->fs.depth, emit_u32(e, P2N_MAX_CALL_DEPTH), ""),
            deep, ok);
        LLVMPositionBuilderAtEnd(e->b, deep);
        emit_kernel_error(e, P2N_KERR_STACK, m, (uint32_t)f->loc.line);
        LLVMBuildRetVoid(e->b);
        LLVMPositionBuilderAtEnd(e->b, ok);
    }
    if (!f->is_entry)
        call_load_reg_params(e, f);
    uint32_t pf = call_layout_frame(e, f);
    e->fs.param_frame =
        pf ? emit_alloca(e, LLVMArrayType2(e->t_i8, (uint64_t)pf), "param.frame") : NULL;
    if (e->fs.param_frame)
        LLVMSetAlignment(e->fs.param_frame, 16);
    LLVMBuildStore(e->b, emit_u32(e, 0xffffffffu), e->fs.rpc_slot);
    if (!e->fs.stackless)
        LLVMBuildStore(e->b, emit_u32(e, 0), e->fs.sp_slot);
    if (e->fs.local_dispatch)
        e->fs.bb[c->exit] = site_dispatch(e, c->exit);
    e->fs.prologue_end = LLVMBuildBr(e->b, e->fs.bb[0]);
    e->fs.rows_lo = e->fs.rows_two = e->fs.half_rows = NULL;
    narrow_setup(e);
    oneloop_plan(e);

    for (int i = 0; i < c->nblocks && !e->failed; i++) {
        if (i == c->exit)
            continue;
        if (c->blocks[i].rpo < 0) { /* unreachable: nothing runs it */
            LLVMPositionBuilderAtEnd(e->b, e->fs.bb[i]);
            LLVMBuildUnreachable(e->b);
            if (e->fs.bb_body[i] != e->fs.bb[i]) {
                LLVMPositionBuilderAtEnd(e->b, e->fs.bb_body[i]);
                LLVMBuildUnreachable(e->b);
            }
            continue;
        }
        emit_block(e, i);
    }
    oneloop_emit(e, emit_block);
    if (e->fs.local_dispatch)
        LLVMDeleteBasicBlock(e->fs.dispatch_bb);
    else
        emit_dispatcher(e);
    LLVMPositionBuilderAtEnd(e->b, e->fs.return_bb);
    if (e->fs.prof_local)
        abi_profile_leave(e);
    if (e->fs.coro_frame)
        coro_return(e);
    else
        LLVMBuildRetVoid(e->b);
    debug_leave_function(e);
}

/* The end of a function's emission: its state is gone and its arena
 * freed. */
static void
function_end(Emit *e, Arena *fa)
{
    e->fs = (EmitFunc){0};
    e->arena = e->module_arena;
    arena_free(fa);
}

int
lower_module(const Analysis *an, const LowerOptions *o, Diags *d)
{
    Arena arena = {0};
    Emit e = {.an = an, .m = an->module, .o = o, .d = d, .module_arena = &arena, .arena = &arena};
    e.ctx = LLVMContextCreate();
    e.mod = LLVMModuleCreateWithNameInContext(an->module->filename, e.ctx);
    e.b = LLVMCreateBuilderInContext(e.ctx);
    abi_types(&e);
    int status = P2N_TRANSLATE_INTERNAL;
    if (!target_init(&e))
        goto out;

    const Module *m = an->module;
    e.local_bytes_of = arena_alloc(&arena, sizeof(uint64_t) * (size_t)(m->funcs.n + 1));
    e.cta_of = arena_alloc(&arena, sizeof *e.cta_of * (size_t)(m->funcs.n + 1));
    memset(e.cta_of, 0, sizeof *e.cta_of * (size_t)(m->funcs.n + 1));
    mem_layout_shared(&e);
    debug_begin(&e);
    /* every .func first: calls and function addresses name them */
    for (int i = 0; i < m->funcs.n; i++) {
        Func *f = m->funcs.v[i];
        if (f->has_body && !f->is_entry) {
            char *name = arena_printf(&arena, "p2n.func.%s", f->name);
            LLVMSetLinkage(LLVMAddFunction(e.mod, name, e.t_func_fn), LLVMInternalLinkage);
        }
    }
    mem_declare_globals(&e);
    if (o->profile)
        abi_profile_plan(&e);

    Vec(LLVMValueRef) kernels = {0};
    for (int i = 0; i < m->funcs.n && !e.failed; i++) {
        Func *f = m->funcs.v[i];
        if (!f->has_body)
            continue;
        LLVMValueRef fn;
        if (f->is_entry) {
            char *name = arena_printf(&arena, "p2n.kernel.%s", f->name);
            fn = LLVMAddFunction(e.mod, name,
                                 abi_kernel_is_coro(&e, f) ? e.t_coro_fn : e.t_kernel_fn);
            LLVMSetLinkage(fn, LLVMInternalLinkage);
            vec_push(&arena, &kernels, fn);
            e.local_bytes_of[i] = mem_layout_locals(&e, f);
        } else {
            fn = call_function_address(&e, f);
        }
        /* every page of a large frame is touched in order, so a stack
         * overflow faults in the runtime's guard below the stack instead of
         * writing past it (runtime/sched.c, stacks) */
        LLVMAddAttributeAtIndex(
            fn, LLVMAttributeFunctionIndex,
            LLVMCreateStringAttribute(e.ctx, "probe-stack", 11, "inline-asm", 10));
        Arena fa = {0};
        e.arena = &fa;
        emit_function(&e, f, &an->funcs[i], fn);
        bool cta_loop = e.fs.cta_loop;
        function_end(&e, &fa);
        if (cta_loop)
            e.cta_of[i] = ctaloop_emit(&e, f, fn);
    }
    if (e.failed || d->nerrors > 0) {
        status = P2N_TRANSLATE_INPUT_ERROR;
        goto out;
    }
    abi_emit_descriptor(&e, kernels.v, kernels.n);
    debug_end(&e);
    status = target_write(&e);
out:
    debug_end(&e);
    LLVMDisposeBuilder(e.b);
    LLVMDisposeModule(e.mod);
    target_dispose(&e);
    LLVMContextDispose(e.ctx);
    arena_free(&arena);
    return status;
}
