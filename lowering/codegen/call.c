/* call.c — calls: direct, indirect, and the device runtime functions
 * nvcc calls (vprintf, malloc, free, __assertfail).
 *
 * Every .func becomes void f(warp, mask, argv, retv, depth): `mask` the
 * lanes that make the call, argv[i] and retv[i] the blocks of its i-th
 * parameter and result.  A .param variable's block is [32 lanes][size]
 * bytes, so a call passes the caller's staging blocks as they are, and a
 * lane's value of a scalar parameter is one element of a <32 x T> vector.
 * After a call the caller's mask loses the lanes that executed exit inside
 * it.  An indirect call runs the callee once for each distinct target among
 * the active lanes, with the lanes that chose it.
 */
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

/* The i-th block of argv or retv. */
static LLVMValueRef
nth_block(Emit *e, LLVMValueRef vec, int i)
{
    LLVMValueRef idx = LLVMConstInt(e->t_i64, (uint64_t)i, 0);
    return LLVMBuildLoad2(e->b, e->t_ptr, LLVMBuildGEP2(e->b, e->t_ptr, vec, &idx, 1, ""), "");
}

/* .reg parameters: each lane's value from the caller's block. */
void
call_load_reg_params(Emit *e, const Func *f)
{
    for (int i = 0; i < f->params.n; i++) {
        const Var *v = f->params.v[i];
        if (v->space != SP_REG || v->reg < 0)
            continue;
        LLVMTypeRef vt = LLVMVectorType(inst_llvm_type(e, v->type), WARP);
        LLVMValueRef x = LLVMBuildLoad2(e->b, vt, nth_block(e, e->fs.argv, i), "");
        LLVMSetAlignment(x, (unsigned)(type_bits(v->type) >= 8 ? type_bits(v->type) / 8 : 1));
        Operand o = {.kind = OPD_REG, .reg = v->reg};
        inst_write(e, &o, v->type, x);
    }
}

/* .reg results: what the returning lanes hold, into the caller's blocks. */
void
call_store_reg_results(Emit *e, const Func *f, LLVMValueRef lanes)
{
    for (int i = 0; i < f->rets.n; i++) {
        const Var *v = f->rets.v[i];
        if (v->space != SP_REG || v->reg < 0)
            continue;
        Operand o = {.kind = OPD_REG, .reg = v->reg};
        LLVMValueRef x = inst_operand(e, &o, v->type, true);
        LLVMTypeRef vt = LLVMVectorType(inst_llvm_type(e, v->type), WARP);
        LLVMTypeRef over[] = {vt, e->t_ptr};
        LLVMValueRef args[] = {
            x, nth_block(e, e->fs.retv, i),
            emit_u32(e, (uint64_t)(type_bits(v->type) >= 8 ? type_bits(v->type) / 8 : 1)),
            emit_mask_vec(e, lanes)};
        emit_intrinsic(e, "llvm.masked.store", over, 2, args, 4);
    }
}


/* ------------------------------------------------------ argument blocks */

/* The block an argument or result operand names: a staging variable's, or
 * a temporary filled from a register or immediate. */
static LLVMValueRef
operand_block(Emit *e, const Operand *o, PtxType ty, bool is_arg)
{
    if (o->kind == OPD_VAR) {
        LLVMValueRef b = call_param_block(e, o->var);
        if (b)
            return b;
    }
    LLVMTypeRef t = inst_llvm_type(e, ty);
    LLVMValueRef blk = emit_alloca(e, LLVMVectorType(t, WARP), "arg.tmp");
    if (is_arg && o->kind != OPD_SINK)
        LLVMBuildStore(e->b, inst_operand(e, o, ty, true), blk);
    return blk;
}

/* The function whose signature a call follows: the callee of a direct
 * call; for an indirect one its .callprototype, or the first of its
 * .calltargets; NULL when none is named. */
static const Func *
call_signature(Emit *e, const Operand *target, const Operand *tlist)
{
    if (target->kind == OPD_FUNC)
        return target->func;
    if (!tlist || (tlist->kind != OPD_TARGETS && tlist->kind != OPD_LABEL))
        return NULL;
    const Label *l = &e->fs.f->labels.v[tlist->label];
    if (l->kind == LBL_CALLPROTO)
        return l->proto;
    if (l->kind == LBL_CALLTARGETS && l->ntargets > 0)
        return l->targets[0].func;
    return NULL;
}

/* The type a register or immediate operand of a call carries: a
 * register's own; an immediate takes the type of the parameter (or result)
 * it is passed to, so a 32-bit parameter's block holds 32-bit lanes. */
static PtxType
operand_type(Emit *e, const Operand *o, const Func *sig, bool ret, int i)
{
    if (o->kind == OPD_REG)
        return e->fs.f->regs.v[o->reg].type;
    int n = sig ? (ret ? sig->rets.n : sig->params.n) : 0;
    const Var *v = i < n ? (ret ? sig->rets.v[i] : sig->params.v[i]) : NULL;
    if (v && v->type != TY_NONE)
        return v->type;
    return TY_B64;
}

static LLVMValueRef
block_array(Emit *e, const Operand *list, LLVMValueRef *blocks)
{
    int n = list ? list->nsub : 0;
    LLVMValueRef arr = emit_alloca(e, LLVMArrayType(e->t_ptr, (unsigned)(n > 0 ? n : 1)), "argv");
    for (int i = 0; i < n; i++) {
        LLVMValueRef idx = LLVMConstInt(e->t_i64, (uint64_t)i, 0);
        LLVMBuildStore(e->b, blocks[i], LLVMBuildGEP2(e->b, e->t_ptr, arr, &idx, 1, ""));
    }
    return arr;
}

/* <32 x T> from an argument operand. */
static LLVMValueRef
arg_vector(Emit *e, const Operand *o, PtxType ty)
{
    if (o->kind == OPD_VAR) {
        LLVMValueRef b = call_param_block(e, o->var);
        if (b) {
            LLVMTypeRef vt = LLVMVectorType(inst_llvm_type(e, ty), WARP);
            LLVMValueRef v = LLVMBuildLoad2(e->b, vt, b, "");
            LLVMSetAlignment(v, (unsigned)type_bits(ty) / 8);
            return v;
        }
    }
    return inst_operand(e, o, ty, true);
}

/* Stores <32 x T> into a result operand, active lanes only. */
static void
ret_vector(Emit *e, const Operand *o, PtxType ty, LLVMValueRef v)
{
    if (o->kind == OPD_VAR) {
        LLVMValueRef b = call_param_block(e, o->var);
        if (b) {
            LLVMTypeRef vt = LLVMVectorType(inst_llvm_type(e, ty), WARP);
            LLVMTypeRef over[] = {vt, e->t_ptr};
            LLVMValueRef args[] = {v, b, emit_u32(e, (uint64_t)type_bits(ty) / 8),
                                   emit_mask_vec(e, emit_cur_mask(e))};
            emit_intrinsic(e, "llvm.masked.store", over, 2, args, 4);
            return;
        }
    }
    inst_write(e, o, ty, v);
}

/* ------------------------------------------------- .param blocks' data */

/* <32 x ptr>: each lane's byte `off` of a block of `size` bytes a lane. */
static LLVMValueRef
block_lanes(Emit *e, LLVMValueRef blk, int64_t size, int64_t off)
{
    LLVMValueRef offs = LLVMBuildAdd(
        e->b,
        LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64),
                     emit_splat(e, LLVMConstInt(e->t_i64, (uint64_t)size, 0)), ""),
        emit_splat(e, LLVMConstInt(e->t_i64, (uint64_t)off, 1)), "");
    return LLVMBuildGEP2(e->b, e->t_i8, blk, &offs, 1, "");
}

/* Element `off` of every lane of a block (size bytes a lane) as <32 x t>:
 * one vector load where the lanes' elements are adjacent (a scalar
 * parameter), else a gather.  The block is ours, 32 lanes long, so every
 * lane is read; inst_write keeps the inactive lanes' old values. */
static LLVMValueRef
block_load(Emit *e, LLVMValueRef blk, int64_t size, int64_t off, LLVMTypeRef t)
{
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    unsigned es = (unsigned)LLVMABISizeOfType(e->td, t);
    if (off == 0 && size == (int64_t)es) {
        LLVMValueRef v = LLVMBuildLoad2(e->b, vt, blk, "");
        LLVMSetAlignment(v, es);
        return v;
    }
    LLVMTypeRef over[] = {vt, LLVMVectorType(e->t_ptr, WARP)};
    LLVMValueRef args[] = {block_lanes(e, blk, size, off), emit_u32(e, 1),
                           emit_mask_vec(e, LLVMConstInt(e->t_i32, 0xffffffffu, 0)),
                           LLVMGetPoison(vt)};
    return emit_intrinsic(e, "llvm.masked.gather", over, 2, args, 4);
}

/* The active lanes' v (<32 x t>) into element `off` of their part of a
 * block.  Where the lanes' elements are adjacent: the vector with the
 * inactive lanes' old values blended in, stored whole (the block is the
 * warp's own: nothing else writes it meanwhile), which LLVM forwards to a
 * load of it once the callee is inlined, and where every live lane runs
 * (as inst_write does for registers) a staging variable of this
 * function's own calls (own) takes all lanes, with no blend: no other
 * lane reads that block.  Else a scatter. */
static void
block_store(Emit *e, LLVMValueRef blk, int64_t size, int64_t off, LLVMValueRef v, bool own)
{
    LLVMTypeRef vt = LLVMTypeOf(v);
    unsigned es = (unsigned)LLVMABISizeOfType(e->td, LLVMGetElementType(vt));
    LLVMValueRef mask = emit_mask_vec(e, emit_cur_mask(e));
    if (off == 0 && size == (int64_t)es) {
        if (!own || e->fs.partial || e->fs.imask) {
            LLVMValueRef old = LLVMBuildLoad2(e->b, vt, blk, "");
            LLVMSetAlignment(old, es);
            v = LLVMBuildSelect(e->b, mask, v, old, "");
        }
        LLVMSetAlignment(LLVMBuildStore(e->b, v, blk), es);
        return;
    }
    LLVMTypeRef over[] = {vt, LLVMVectorType(e->t_ptr, WARP)};
    LLVMValueRef args[] = {v, block_lanes(e, blk, size, off), emit_u32(e, 1), mask};
    emit_intrinsic(e, "llvm.masked.scatter", over, 2, args, 4);
}

/* ld and st of a parameter or result of this .func, or of a staging
 * variable of its calls: lane i's bytes of such a block are at
 * block + i * size, so an element at one offset in every lane is a vector
 * at a constant stride, read and written as such (no run-time check of the
 * addresses).  False when the address is no such block: memory.c's. */
bool
call_param_access(Emit *e, const Instr *in)
{
    bool st = in->op == OP_ST;
    if ((in->op != OP_LD && !st) || in->nopnd < 2)
        return false;
    const Operand *addr = &in->opnd[st ? 0 : 1];
    const Operand *b = addr->nsub > 0 ? &addr->sub[0] : NULL;
    if (addr->kind != OPD_MEM || !b || b->kind != OPD_VAR || b->var->space != SP_PARAM)
        return false;
    LLVMValueRef blk = call_param_block(e, b->var);
    if (!blk)
        return false;
    const Func *f = e->fs.f;
    bool own = b->var->owner == f;
    for (int i = 0; own && !f->is_entry && i < f->params.n + f->rets.n; i++)
        own = (i < f->params.n ? f->params.v[i] : f->rets.v[i - f->params.n]) != b->var;
    PtxType ty = in->ntype > 0 ? in->type[0] : TY_B32; /* as memory.c's mem_type */
    LLVMTypeRef t = inst_llvm_type(e, ty);
    int64_t es = (int64_t)LLVMABISizeOfType(e->td, t), size = param_size(b->var);
    const Operand *data = &in->opnd[st ? 1 : 0];
    int n = data->kind == OPD_VEC ? data->nsub : 1;
    for (int i = 0; i < n; i++) {
        const Operand *d = data->kind == OPD_VEC ? &data->sub[i] : data;
        int64_t off = addr->imm + (int64_t)i * es;
        if (st)
            block_store(e, blk, size, off, inst_operand(e, d, ty, true), own);
        else if (d->kind != OPD_SINK)
            inst_write(e, d, ty, block_load(e, blk, size, off, t));
    }
    return true;
}

/* ---------------------------------------------- device runtime functions */

static LLVMValueRef
lane_array(Emit *e, LLVMValueRef vec, LLVMTypeRef elem, const char *name)
{
    LLVMValueRef a = emit_alloca(e, LLVMVectorType(elem, WARP), name);
    if (vec)
        LLVMBuildStore(e->b, vec, a);
    return a;
}

static bool
args_ok(Emit *e, const Instr *in, const Operand *args, int n)
{
    if ((args ? args->nsub : 0) == n)
        return true;
    diag_error(e->d, in->loc, "wrong number of arguments in this call");
    return false;
}

static void
emit_vprintf(Emit *e, const Instr *in, const Operand *rets, const Operand *args)
{
    if (!args_ok(e, in, args, 2))
        return;
    LLVMValueRef lanes = emit_cur_mask(e);
    LLVMTypeRef vp = LLVMVectorType(e->t_ptr, WARP);
    LLVMValueRef fmt = LLVMBuildIntToPtr(e->b, arg_vector(e, &args->sub[0], TY_B64), vp, "");
    LLVMValueRef buf = LLVMBuildIntToPtr(e->b, arg_vector(e, &args->sub[1], TY_B64), vp, "");
    LLVMValueRef fa = lane_array(e, fmt, e->t_ptr, "fmt");
    LLVMValueRef ba = lane_array(e, buf, e->t_ptr, "args");
    LLVMValueRef ra = lane_array(e, NULL, e->t_i32, "ret");
    LLVMTypeRef pt[] = {e->t_ptr, e->t_i32, e->t_ptr, e->t_ptr, e->t_ptr};
    LLVMValueRef av[] = {e->fs.warp, lanes, fa, ba, ra};
    LLVMBuildCall2(e->b, LLVMFunctionType(e->t_void, pt, 5, 0), abi_service(e, S_VPRINTF), av, 5,
                   "");
    emit_check_error(e);
    if (rets && rets->nsub > 0)
        ret_vector(e, &rets->sub[0], TY_B32,
                   LLVMBuildLoad2(e->b, LLVMVectorType(e->t_i32, WARP), ra, ""));
}

static void
emit_malloc(Emit *e, const Instr *in, const Operand *rets, const Operand *args, bool is_free)
{
    if (!args_ok(e, in, args, 1))
        return;
    LLVMValueRef lanes = emit_cur_mask(e);
    LLVMValueRef a = lane_array(e, arg_vector(e, &args->sub[0], TY_B64), e->t_i64, "in");
    if (is_free) {
        LLVMTypeRef pt[] = {e->t_ptr, e->t_i32, e->t_ptr};
        LLVMValueRef av[] = {e->fs.warp, lanes, a};
        LLVMBuildCall2(e->b, LLVMFunctionType(e->t_void, pt, 3, 0), abi_service(e, S_FREE), av, 3,
                       "");
        return;
    }
    LLVMValueRef out = lane_array(e, NULL, e->t_i64, "out");
    LLVMTypeRef pt[] = {e->t_ptr, e->t_i32, e->t_ptr, e->t_ptr};
    LLVMValueRef av[] = {e->fs.warp, lanes, a, out};
    LLVMBuildCall2(e->b, LLVMFunctionType(e->t_void, pt, 4, 0), abi_service(e, S_MALLOC), av, 4,
                   "");
    if (rets && rets->nsub > 0)
        ret_vector(e, &rets->sub[0], TY_B64,
                   LLVMBuildLoad2(e->b, LLVMVectorType(e->t_i64, WARP), out, ""));
}

/* __assertfail(message, file, line, function, charSize): the launch fails. */
static void
emit_assertfail(Emit *e, const Instr *in, const Operand *args)
{
    if (!args_ok(e, in, args, 5))
        return;
    LLVMValueRef v[4];
    PtxType tys[] = {TY_B64, TY_B64, TY_B32, TY_B64};
    for (int i = 0; i < 4; i++)
        v[i] = emit_first_lane(e, arg_vector(e, &args->sub[i], tys[i]));
    LLVMTypeRef pt[] = {e->t_ptr, e->t_i32, e->t_ptr, e->t_ptr, e->t_i32, e->t_ptr, e->t_i32};
    LLVMValueRef av[] = {e->fs.warp,
                         emit_cur_mask(e),
                         LLVMBuildIntToPtr(e->b, v[0], e->t_ptr, ""),
                         LLVMBuildIntToPtr(e->b, v[1], e->t_ptr, ""),
                         v[2],
                         LLVMBuildIntToPtr(e->b, v[3], e->t_ptr, ""),
                         emit_u32(e, (uint64_t)in->loc.line)};
    LLVMBuildCall2(e->b, LLVMFunctionType(e->t_void, pt, 7, 0), abi_service(e, S_ASSERTFAIL), av, 7,
                   "");
    emit_check_error(e);
}

/* ------------------------------------------------------------- calls */

/* After a call: drop lanes that exited inside it; with none left, this path
 * is over. */
static void
after_call(Emit *e)
{
    emit_check_error(e);
    LLVMValueRef m =
        LLVMBuildAnd(e->b, emit_mask(e), LLVMBuildNot(e->b, abi_warp_field(e, W_EXITED), ""), "");
    LLVMBuildStore(e->b, m, e->fs.mask_slot);
    LLVMBasicBlockRef go = emit_new_block(e, "after.call");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, m, emit_u32(e, 0), ""),
                    e->fs.bb[e->fs.f->cfg->exit], go);
    LLVMPositionBuilderAtEnd(e->b, go);
}

static void
call_direct(Emit *e, LLVMValueRef fn, LLVMValueRef lanes, LLVMValueRef argv, LLVMValueRef retv)
{
    LLVMValueRef depth = LLVMBuildAdd(e->b, e->fs.depth, emit_u32(e, 1), "");
    LLVMValueRef av[] = {e->fs.warp, lanes, argv, retv, depth};
    LLVMBuildCall2(e->b, e->t_func_fn, fn, av, 5, "");
}

/* The functions an indirect call may reach: its .calltargets list, or every
 * defined .func of the module. */
static void
candidates(Emit *e, const Operand *tlist, ValueVec *out)
{
    if (tlist && (tlist->kind == OPD_TARGETS || tlist->kind == OPD_LABEL)) {
        const Label *l = &e->fs.f->labels.v[tlist->label];
        if (l->kind == LBL_CALLTARGETS) {
            for (int i = 0; i < l->ntargets; i++)
                if (l->targets[i].func && l->targets[i].func->has_body)
                    vec_push(e->arena, out, call_function_address(e, l->targets[i].func));
            return;
        }
    }
    for (int i = 0; i < e->m->funcs.n; i++) {
        const Func *f = e->m->funcs.v[i];
        if (f->has_body && !f->is_entry)
            vec_push(e->arena, out, call_function_address(e, f));
    }
}

static void
call_indirect(Emit *e, const Instr *in, const Operand *target, const Operand *tlist,
              LLVMValueRef lanes, LLVMValueRef argv, LLVMValueRef retv)
{
    ValueVec cands = {0};
    candidates(e, tlist, &cands);
    bool closed = tlist && (tlist->kind == OPD_TARGETS || tlist->kind == OPD_LABEL) &&
                  e->fs.f->labels.v[tlist->label].kind == LBL_CALLTARGETS;
    LLVMValueRef ptrs = inst_operand(e, target, TY_U64, true);
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b);
    LLVMBasicBlockRef head = emit_new_block(e, "icall"), body = emit_new_block(e, "icall.one"),
                      done = emit_new_block(e, "icall.done"), bad = emit_new_block(e, "icall.bad");
    LLVMBuildBr(e->b, head);

    LLVMPositionBuilderAtEnd(e->b, head);
    LLVMValueRef rem = LLVMBuildPhi(e->b, e->t_i32, "rem");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, rem, emit_u32(e, 0), ""), done, body);

    LLVMPositionBuilderAtEnd(e->b, body);
    LLVMValueRef cz[] = {rem, LLVMConstInt(e->t_i1, 1, 0)};
    LLVMTypeRef t32 = e->t_i32;
    LLVMValueRef first = emit_intrinsic(e, "llvm.cttz", &t32, 1, cz, 2);
    LLVMValueRef p = LLVMBuildExtractElement(e->b, ptrs, first, "");
    LLVMValueRef same = LLVMBuildAnd(
        e->b, emit_mask_i32(e, LLVMBuildICmp(e->b, LLVMIntEQ, ptrs, emit_splat(e, p), "")), rem,
        "");
    /* a known function: call it directly */
    LLVMBasicBlockRef next = emit_new_block(e, "icall.next");
    LLVMBasicBlockRef miss = emit_new_block(e, "icall.other");
    /* function addresses are not constant integers: a compare chain */
    for (int i = 0; i < cands.n; i++) {
        LLVMBasicBlockRef cb = emit_new_block(e, "icall.case"), nb = emit_new_block(e, "icall.try");
        LLVMValueRef eq = LLVMBuildICmp(e->b, LLVMIntEQ, p,
                                        LLVMBuildPtrToInt(e->b, cands.v[i], e->t_i64, ""), "");
        LLVMBuildCondBr(e->b, eq, cb, nb);
        LLVMPositionBuilderAtEnd(e->b, cb);
        call_direct(e, cands.v[i], same, argv, retv);
        LLVMBuildBr(e->b, next);
        LLVMPositionBuilderAtEnd(e->b, nb);
    }
    LLVMBuildBr(e->b, miss);
    /* else: a function of another module, if the runtime knows it */
    LLVMPositionBuilderAtEnd(e->b, miss);
    if (closed) {
        LLVMBuildBr(e->b, bad);
    } else {
        LLVMTypeRef rt[] = {e->t_ptr, e->t_i64, e->t_ptr};
        LLVMValueRef ra[] = {e->fs.warp, p, LLVMConstNull(e->t_ptr)};
        LLVMValueRef fn = LLVMBuildCall2(e->b, LLVMFunctionType(e->t_ptr, rt, 3, 0),
                                         abi_service(e, S_RESOLVE), ra, 3, "");
        LLVMBasicBlockRef ok = emit_new_block(e, "icall.remote");
        LLVMBuildCondBr(e->b, LLVMBuildIsNull(e->b, fn, ""), bad, ok);
        LLVMPositionBuilderAtEnd(e->b, ok);
        call_direct(e, fn, same, argv, retv);
        LLVMBuildBr(e->b, next);
    }

    LLVMPositionBuilderAtEnd(e->b, bad);
    emit_kernel_error(e, P2N_KERR_BAD_FUNCPTR, same, (uint32_t)in->loc.line);
    LLVMBuildBr(e->b, e->fs.return_bb);

    LLVMPositionBuilderAtEnd(e->b, next);
    LLVMValueRef err = abi_warp_field(e, W_ERROR);
    LLVMBasicBlockRef cont = emit_new_block(e, "icall.cont");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, err, emit_u32(e, 0), ""), e->fs.return_bb,
                    cont);
    LLVMPositionBuilderAtEnd(e->b, cont);
    LLVMValueRef rest = LLVMBuildAnd(e->b, rem, LLVMBuildNot(e->b, same, ""), "");
    LLVMBuildBr(e->b, head);

    LLVMValueRef iv[] = {lanes, rest};
    LLVMBasicBlockRef ib[] = {pre, cont};
    LLVMAddIncoming(rem, iv, ib, 2);
    LLVMPositionBuilderAtEnd(e->b, done);
}

/* ------------------------------------------ calls held under divergence */

static void
call_operands(const Instr *in, const Operand **rets, const Operand **target, const Operand **args,
              const Operand **tlist)
{
    CallShape c = call_shape(in);
    *rets = c.rets;
    *target = c.target;
    *args = c.args;
    *tlist = c.tlist;
}

/* Whether f, or a function it may call (through a pointer: any), has a
 * barrier that waits.  seen[i] marks m->funcs.v[i] as visited. */
static bool
may_wait(const Module *m, const Func *f, bool *seen)
{
    for (int j = 0; j < f->instrs.n; j++) {
        const Instr *in = &f->instrs.v[j];
        if ((in->op == OP_BAR || in->op == OP_BARRIER) && !instr_has_mod(in, MOD_ARRIVE))
            return true;
        if (in->op != OP_CALL)
            continue;
        for (int i = 0; i < m->funcs.n; i++) {
            const Func *g = m->funcs.v[i];
            if (call_may_reach(in, g) && !seen[i]) {
                seen[i] = true;
                if (may_wait(m, g, seen))
                    return true;
            }
        }
    }
    return false;
}

/* The i-th argument (or result) operand of a held call. */
static const Operand *
held_operand(const HeldCall *h, bool ret, int i)
{
    return &(ret ? h->rets : h->args)->sub[i];
}

/* Bytes per lane of that operand's block (0: not one we copy). */
static uint64_t
held_stride(Emit *e, const HeldCall *h, bool ret, int i)
{
    const Operand *o = held_operand(h, ret, i);
    if (o->kind == OPD_VAR)
        return (uint64_t)param_size(o->var);
    PtxType ty = operand_type(e, o, h->sig, ret, i);
    return ty == TY_PRED ? 0 : (uint64_t)type_bits(ty) / 8;
}

/* A direct call, unguarded, to a function that may wait at a barrier,
 * with no predicate argument: under divergence its lanes are held until the
 * others arrive at a call of the same function (emit_call_arrival). */
bool
call_holds(Emit *e, const Instr *in)
{
    if (in->op != OP_CALL || in->guard >= 0 || in->nopnd == 0)
        return false;
    const Operand *rets, *target, *args, *tlist;
    call_operands(in, &rets, &target, &args, &tlist);
    if (target->kind != OPD_FUNC || !target->func->has_body)
        return false;
    bool *seen = arena_alloc(e->arena, (size_t)e->m->funcs.n + 1);
    memset(seen, 0, (size_t)e->m->funcs.n + 1);
    if (!may_wait(e->m, target->func, seen))
        return false;
    HeldCall h = {in, target->func, call_signature(e, target, tlist), args, rets, NULL, NULL};
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < ((r ? rets : args) ? (r ? rets : args)->nsub : 0); i++)
            if (held_stride(e, &h, r, i) == 0)
                return false;
    return true;
}

/* Two held calls can run as one: the same function, blocks of the same
 * sizes. */
bool
call_held_compatible(Emit *e, const HeldCall *a, const HeldCall *b)
{
    int na = a->args ? a->args->nsub : 0, nr = a->rets ? a->rets->nsub : 0;
    if (a->callee != b->callee || na != (b->args ? b->args->nsub : 0) ||
        nr != (b->rets ? b->rets->nsub : 0))
        return false;
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < (r ? nr : na); i++)
            if (held_stride(e, a, r, i) != held_stride(e, b, r, i))
                return false;
    return true;
}

/* A held call's block, usable anywhere in the function: a temporary is an
 * alloca of the entry block; a .param variable's is computed again. */
static LLVMValueRef
held_block(Emit *e, const HeldCall *h, bool ret, int i)
{
    const Operand *o = held_operand(h, ret, i);
    if (o->kind == OPD_VAR) {
        LLVMValueRef b = call_param_block(e, o->var);
        if (b)
            return b;
    }
    return (ret ? h->rb : h->ab)[i];
}

typedef struct CopyLane {
    LLVMValueRef dst, src;
    uint64_t stride;
} CopyLane;

static LLVMValueRef
copy_lane(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx)
{
    const CopyLane *c = ctx;
    LLVMValueRef off = LLVMBuildMul(e->b, LLVMBuildZExt(e->b, lane, e->t_i64, ""),
                                    LLVMConstInt(e->t_i64, c->stride, 0), "");
    LLVMValueRef d = LLVMBuildGEP2(e->b, e->t_i8, c->dst, &off, 1, "");
    LLVMValueRef s = LLVMBuildGEP2(e->b, e->t_i8, c->src, &off, 1, "");
    LLVMBuildMemCpy(e->b, d, 1, s, 1, LLVMConstInt(e->t_i64, c->stride, 0));
    return acc;
}

/* The lanes' arguments (or results) from one held call's blocks into the
 * other's. */
void
call_held_copy(Emit *e, const HeldCall *from, const HeldCall *to, LLVMValueRef lanes, bool results)
{
    const Operand *list = results ? from->rets : from->args;
    for (int i = 0; i < (list ? list->nsub : 0); i++) {
        CopyLane c = {held_block(e, to, results, i), held_block(e, from, results, i),
                      held_stride(e, from, results, i)};
        emit_for_each_lane(e, lanes, NULL, copy_lane, &c);
    }
}

/* Runs a held call for `lanes`, with its own blocks. */
void
call_held_run(Emit *e, const HeldCall *h, LLVMValueRef lanes)
{
    int na = h->args ? h->args->nsub : 0, nr = h->rets ? h->rets->nsub : 0;
    LLVMValueRef *ab = arena_alloc(e->arena, sizeof *ab * (size_t)(na + 1));
    LLVMValueRef *rb = arena_alloc(e->arena, sizeof *rb * (size_t)(nr + 1));
    for (int i = 0; i < na; i++)
        ab[i] = held_block(e, h, false, i);
    for (int i = 0; i < nr; i++)
        rb[i] = held_block(e, h, true, i);
    call_direct(e, call_function_address(e, h->callee), lanes, block_array(e, h->args, ab),
                block_array(e, h->rets, rb));
    emit_check_error(e);
}

void
call_emit(Emit *e, const Instr *in)
{
    const Operand *rets, *target, *args, *tlist;
    call_operands(in, &rets, &target, &args, &tlist);

    if (target->kind == OPD_FUNC && !target->func->has_body) {
        const char *n = target->func->name;
        if (strcmp(n, "vprintf") == 0)
            emit_vprintf(e, in, rets, args);
        else if (strcmp(n, "malloc") == 0 || strcmp(n, "free") == 0)
            emit_malloc(e, in, rets, args, n[0] == 'f');
        else if (strcmp(n, "__assertfail") == 0)
            emit_assertfail(e, in, args);
        else
            emit_unsupported(e, in->loc,
                             arena_printf(e->arena, "a call to the external function '%s'", n));
        return;
    }

    /* blocks of the arguments and results */
    int na = args ? args->nsub : 0, nr = rets ? rets->nsub : 0;
    LLVMValueRef *ab = arena_alloc(e->arena, sizeof *ab * (size_t)(na + 1));
    LLVMValueRef *rb = arena_alloc(e->arena, sizeof *rb * (size_t)(nr + 1));
    const Func *sig = call_signature(e, target, tlist);
    for (int i = 0; i < na; i++)
        ab[i] =
            operand_block(e, &args->sub[i], operand_type(e, &args->sub[i], sig, false, i), true);
    for (int i = 0; i < nr; i++)
        rb[i] =
            operand_block(e, &rets->sub[i], operand_type(e, &rets->sub[i], sig, true, i), false);
    LLVMValueRef argv = block_array(e, args, ab), retv = block_array(e, rets, rb);
    int held = -1;
    if (e->fs.nbar > 0 && call_holds(e, in)) {
        HeldCall h = {in, target->func, sig, args, rets, ab, rb};
        held = emit_call_arrival(e, &h);
    }
    LLVMValueRef lanes = emit_cur_mask(e);

    if (target->kind == OPD_FUNC) {
        call_direct(e, call_function_address(e, target->func), lanes, argv, retv);
        if (held >= 0) { /* where lanes that ran it from the release code go on */
            LLVMBasicBlockRef post = emit_new_block(e, "call.post");
            LLVMBuildBr(e->b, post);
            LLVMPositionBuilderAtEnd(e->b, post);
            e->fs.bar_go.v[held] = LLVMBasicBlockAsValue(post);
        }
    } else if (target->kind == OPD_REG) {
        call_indirect(e, in, target, tlist, lanes, argv, retv);
    } else {
        emit_unsupported(e, in->loc, "this call target");
        return;
    }
    /* results passed in registers come back from their temporaries */
    for (int i = 0; i < nr; i++) {
        const Operand *o = &rets->sub[i];
        if (o->kind == OPD_REG) {
            PtxType ty = operand_type(e, o, sig, true, i);
            LLVMValueRef v =
                LLVMBuildLoad2(e->b, LLVMVectorType(inst_llvm_type(e, ty), WARP), rb[i], "");
            inst_write(e, o, ty, v);
        }
    }
    after_call(e);
}
