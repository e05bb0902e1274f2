/* lanes.c — accesses whose lanes' addresses the analysis does not know as
 * a pattern, emitted inline (memory.c chooses; docs/lowering.md, Memory):
 * addresses made of loaded data (lanes_are_data), where no run-time search
 * for rows is worth it; the test that the active lanes form one run
 * (lanes_run_begin, lanes_run_end); the gather or scatter; one address
 * under a lane mask (lanes_uniform).
 */
#include "emit.h"

/* ------------------------------------------------------ loaded data */

/* Marks the registers of destination o; true when one was new. */
static bool
mark_loaded(const Func *f, bool *loaded, const Operand *o)
{
    bool changed = false;
    if (o->kind == OPD_REG && o->reg >= 0 && o->reg < f->regs.n && !loaded[o->reg])
        loaded[o->reg] = changed = true;
    if (o->kind == OPD_VEC || o->kind == OPD_PAIR)
        for (int i = 0; i < o->nsub; i++)
            changed |= mark_loaded(f, loaded, &o->sub[i]);
    return changed;
}

static bool
uses_loaded(const Func *f, const bool *loaded, const Operand *o)
{
    if (o->kind == OPD_REG) return o->reg >= 0 && o->reg < f->regs.n && loaded[o->reg];
    for (int i = 0; i < o->nsub; i++)
        if (uses_loaded(f, loaded, &o->sub[i])) return true;
    return false;
}

/* A read of memory whose value differs across the lanes: ld, ldu or atom
 * of any space but .local (a spilled register) and .param. */
static bool
reads_data(const FuncInfo *fi, const Instr *in)
{
    if (in->op != OP_LD && in->op != OP_LDU && in->op != OP_ATOM) return false;
    if (in->space == SP_LOCAL || in->space == SP_PARAM || in->nopnd == 0) return false;
    return operand_varies(fi, &in->opnd[0], false);
}

enum { LOADED_PASSES = 8 };

/* The registers whose values derive from what a per-lane read of memory
 * gave (reads_data), through any instruction: an address made of one is
 * data (bfs's col[e] and dist[col[e]]), not a pattern of the lanes worth
 * searching for at run time.  Flow-insensitive; passes over the
 * instructions in order until nothing changes, at most LOADED_PASSES (a
 * register still unmarked then is taken as not loaded: only speed
 * depends on the answer, never a result). */
static bool *
loaded_regs(Emit *e)
{
    const Func *f = e->fs.f;
    bool *loaded = arena_alloc(e->arena, sizeof *loaded * ((size_t)f->regs.n + 1));
    bool changed = true;
    for (int pass = 0; changed && pass < LOADED_PASSES; pass++) {
        changed = false;
        for (int i = 0; i < f->instrs.n; i++) {
            const Instr *in = &f->instrs.v[i];
            if (in->nopnd == 0 || (opcode_flags(in->op) & OF_NODST)) continue;
            bool from = reads_data(e->fs.fi, in);
            for (int k = 1; k < in->nopnd && !from; k++)
                from = uses_loaded(f, loaded, &in->opnd[k]);
            if (from) changed |= mark_loaded(f, loaded, &in->opnd[0]);
        }
    }
    return loaded;
}

bool
lanes_are_data(Emit *e)
{
    const Instr *in = e->fs.in;
    if (!in || (in->op != OP_LD && in->op != OP_LDU && in->op != OP_ST)) return false;
    for (int i = 0; i < in->nopnd; i++) {
        const Operand *o = &in->opnd[i];
        if (o->kind != OPD_MEM) continue;
        if (o->nsub == 0 || o->sub[0].kind != OPD_REG) return false;
        if (!e->fs.reg_loaded) e->fs.reg_loaded = loaded_regs(e);
        return e->fs.reg_loaded[o->sub[0].reg];
    }
    return false;
}

enum { INLINE_ACCESSES = 64 };

/* The function has at most INLINE_ACCESSES ld, ldu and st: its accesses
 * may carry a run test inline (lanes_run_begin).  In a larger one the IR, and
 * LLVM's time on it, would grow with the tests (1,000 gathers through
 * loaded indices: 6.2 s to translate with a call each, 11.8 s with the
 * test inline, 2.3 s as plain gathers). */
bool
lanes_few_accesses(Emit *e)
{
    if (!e->fs.naccess) {
        const Func *f = e->fs.f;
        int n = 0;
        for (int i = 0; i < f->instrs.n; i++) {
            Opcode op = f->instrs.v[i].op;
            n += op == OP_LD || op == OP_LDU || op == OP_ST;
        }
        e->fs.naccess = n + 1;
    }
    return e->fs.naccess - 1 <= INLINE_ACCESSES;
}

/* ------------------------------------------------------------ access */

LLVMValueRef
lanes_gather(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val, LLVMValueRef mv)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMTypeRef over[] = {vt, LLVMVectorType(e->t_ptr, WARP)};
    LLVMValueRef align = emit_u32(e, size);
    if (val) {
        LLVMValueRef args[] = {val, ptrs, align, mv};
        emit_intrinsic(e, "llvm.masked.scatter", over, 2, args, 4);
        return NULL;
    }
    LLVMValueRef args[] = {ptrs, align, mv, LLVMGetUndef(vt)};
    return emit_intrinsic(e, "llvm.masked.gather", over, 2, args, 4);
}

/* Begins the active lanes' access at ptrs when their addresses happen to
 * be base + lane * size: the test, and one masked vector access in its
 * own block; leaves the builder where the test failed, for the caller's
 * other access (a gather, an out-of-line call), which lanes_run_end joins.
 * The base is the largest of address - lane * size over the active lanes,
 * so that no lane is extracted at a variable index (LLVM spills the
 * vector for that); the test is that every active lane gives it, on the
 * 64-bit addresses, so a wrapped 32-bit index fails it.  Loads when val
 * is NULL. */
LaneRun
lanes_run_begin(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef vt = LLVMVectorType(t, WARP), v64 = LLVMVectorType(e->t_i64, WARP);
    LaneRun r = {.mv = emit_mask_vec(e, emit_cur_mask(e)), .store = val != NULL};
    LLVMValueRef ints = LLVMBuildPtrToInt(e->b, ptrs, v64, "");
    LLVMValueRef d = LLVMBuildSub(e->b, ints,
                                  LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64),
                                               emit_splat(e, LLVMConstInt(e->t_i64, size, 0)), ""),
                                  "");
    LLVMValueRef dm = LLVMBuildSelect(e->b, r.mv, d, LLVMConstNull(v64), "");
    LLVMValueRef base = emit_intrinsic(e, "llvm.vector.reduce.umax", &v64, 1, &dm, 1);
    LLVMValueRef eq =
        LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildSelect(e->b, r.mv, d, emit_splat(e, base), ""),
                      emit_splat(e, base), "");
    LLVMTypeRef bt = e->t_v32i1;
    LLVMValueRef run = emit_intrinsic(e, "llvm.vector.reduce.and", &bt, 1, &eq, 1);
    r.run = emit_new_block(e, "mem.run");
    LLVMBasicBlockRef gb = emit_new_block(e, "mem.gather");
    r.join = emit_new_block(e, "mem.join");
    LLVMBuildCondBr(e->b, run, r.run, gb);

    LLVMPositionBuilderAtEnd(e->b, r.run);
    LLVMTypeRef over[] = {vt, e->t_ptr};
    LLVMValueRef at = LLVMBuildIntToPtr(e->b, base, e->t_ptr, ""), align = emit_u32(e, size);
    if (val) {
        LLVMValueRef args[] = {val, at, align, r.mv};
        emit_intrinsic(e, "llvm.masked.store", over, 2, args, 4);
    } else {
        LLVMValueRef args[] = {at, align, r.mv, LLVMGetUndef(vt)};
        r.got = emit_intrinsic(e, "llvm.masked.load", over, 2, args, 4);
    }
    LLVMBuildBr(e->b, r.join);
    LLVMPositionBuilderAtEnd(e->b, gb);
    return r;
}

/* Ends the access lanes_run_begin began: other is what the access where
 * the test failed loaded (NULL for a store); the loaded value, or NULL. */
LLVMValueRef
lanes_run_end(Emit *e, const LaneRun *r, LLVMValueRef other)
{
    LLVMBasicBlockRef ob = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, r->join);
    LLVMPositionBuilderAtEnd(e->b, r->join);
    if (r->store)
        return NULL;
    LLVMValueRef phi = LLVMBuildPhi(e->b, LLVMTypeOf(r->got), "");
    LLVMValueRef got[] = {r->got, other};
    LLVMBasicBlockRef from[] = {r->run, ob};
    LLVMAddIncoming(phi, got, from, 2);
    return phi;
}

/* The scalar access of the one active lane of mask m (mv its vector) at
 * ptrs: a load splat to every lane, or a store of that lane's value.  The
 * lane's address and value come out by a reduction over the mask (an
 * extractelement at a variable lane spills the vector); no other line
 * than the lane's own is touched, where a 32-lane masked access spans
 * two or three. */
static LLVMValueRef
one_lane_access(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val, LLVMValueRef mv)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef v64 = LLVMVectorType(e->t_i64, WARP);
    LLVMValueRef ints =
        LLVMBuildSelect(e->b, mv, LLVMBuildPtrToInt(e->b, ptrs, v64, ""), LLVMConstNull(v64), "");
    LLVMValueRef p = LLVMBuildIntToPtr(
        e->b, emit_intrinsic(e, "llvm.vector.reduce.umax", &v64, 1, &ints, 1), e->t_ptr, "");
    if (!val) {
        LLVMValueRef v = LLVMBuildLoad2(e->b, t, p, "");
        LLVMSetAlignment(v, size);
        return emit_splat(e, v);
    }
    LLVMTypeRef it = LLVMIntTypeInContext(e->ctx, 8 * size), vit = LLVMVectorType(it, WARP);
    LLVMValueRef bits =
        LLVMBuildSelect(e->b, mv, LLVMBuildBitCast(e->b, val, vit, ""), LLVMConstNull(vit), "");
    LLVMValueRef one = emit_intrinsic(e, "llvm.vector.reduce.or", &vit, 1, &bits, 1);
    LLVMSetAlignment(LLVMBuildStore(e->b, LLVMBuildBitCast(e->b, one, t, ""), p), size);
    return NULL;
}

/* An access through an address made of loaded data (lanes_are_data): a
 * pattern no search is worth.  Where the function has few accesses
 * (lanes_few_accesses), a single active lane (the sparse frontier of a
 * graph search) makes its scalar access, and one run of lanes (a CSR row
 * read a lane an element) one masked vector access, each tested inline;
 * else the gather or scatter at once. */
LLVMValueRef
lanes_data_access(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val)
{
    LLVMValueRef m = emit_cur_mask(e);
    if (!lanes_few_accesses(e))
        return lanes_gather(e, ptrs, t, val, emit_mask_vec(e, m));
    LLVMValueRef below = LLVMBuildAnd(e->b, m, LLVMBuildSub(e->b, m, emit_u32(e, 1), ""), "");
    LLVMBasicBlockRef ob = emit_new_block(e, "mem.one"), lb = emit_new_block(e, "mem.some");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, below, emit_u32(e, 0), ""), ob, lb);
    LLVMPositionBuilderAtEnd(e->b, ob); /* one lane, or none: no access */
    LLVMBasicBlockRef ab = emit_new_block(e, "mem.lane"), jb = emit_new_block(e, "mem.one.join");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, m, emit_u32(e, 0), ""), ab, jb);
    LLVMPositionBuilderAtEnd(e->b, ab);
    LLVMValueRef got1 = one_lane_access(e, ptrs, t, val, emit_mask_vec(e, m));
    LLVMBuildBr(e->b, jb);

    LLVMPositionBuilderAtEnd(e->b, lb);
    LaneRun r = lanes_run_begin(e, ptrs, t, val);
    LLVMValueRef got2 = lanes_run_end(e, &r, lanes_gather(e, ptrs, t, val, r.mv));
    LLVMBasicBlockRef end2 = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, jb);
    LLVMPositionBuilderAtEnd(e->b, jb);
    if (val)
        return NULL;
    LLVMValueRef phi = LLVMBuildPhi(e->b, LLVMTypeOf(got2), "");
    LLVMValueRef in[] = {LLVMGetUndef(LLVMTypeOf(got2)), got1, got2};
    LLVMBasicBlockRef from[] = {ob, ab, end2};
    LLVMAddIncoming(phi, in, from, 3);
    return phi;
}

/* Lane `lane` (an i32) of v: a splat's scalar as it is. */
static LLVMValueRef
lane_value(Emit *e, LLVMValueRef v, LLVMValueRef lane)
{
    if (!emit_is_vec(v))
        return v;
    if (LLVMIsAShuffleVectorInst(v) && LLVMIsAInsertElementInst(LLVMGetOperand(v, 0))) {
        bool splat = true;
        for (unsigned i = 0; i < LLVMGetNumMaskElements(v); i++)
            splat &= LLVMGetMaskValue(v, i) == 0;
        LLVMValueRef ins = LLVMGetOperand(v, 0), at = LLVMGetOperand(ins, 2);
        if (splat && LLVMIsAConstantInt(at) && LLVMConstIntGetZExtValue(at) == 0)
            return LLVMGetOperand(ins, 1);
    }
    return LLVMBuildExtractElement(e->b, v, lane, "");
}

/* An access of the active lanes through one address p (the same for all):
 * one load, splat; or the store of the highest active lane's value (the
 * lanes store in lane order).  Nothing when no lane is active. */
LLVMValueRef
lanes_uniform(Emit *e, LLVMValueRef p, LLVMTypeRef t, LLVMValueRef val)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMValueRef mask = emit_cur_mask(e);
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b), ab = emit_new_block(e, "mem.any"),
                      jb = emit_new_block(e, "mem.join");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntNE, mask, emit_u32(e, 0), ""), ab, jb);
    LLVMPositionBuilderAtEnd(e->b, ab);
    LLVMValueRef got[2] = {NULL, LLVMGetUndef(LLVMVectorType(t, WARP))};
    if (val) {
        LLVMTypeRef i32 = e->t_i32;
        LLVMValueRef lz[] = {mask, LLVMConstInt(e->t_i1, 1, 0)};
        LLVMValueRef last = LLVMBuildSub(e->b, emit_u32(e, WARP - 1),
                                         emit_intrinsic(e, "llvm.ctlz", &i32, 1, lz, 2), "");
        LLVMSetAlignment(LLVMBuildStore(e->b, lane_value(e, val, last), p), size);
    } else {
        LLVMValueRef v = LLVMBuildLoad2(e->b, t, p, "");
        LLVMSetAlignment(v, size);
        got[0] = emit_splat(e, v);
    }
    LLVMBuildBr(e->b, jb);
    LLVMPositionBuilderAtEnd(e->b, jb);
    if (val)
        return NULL;
    LLVMValueRef phi = LLVMBuildPhi(e->b, LLVMVectorType(t, WARP), "");
    LLVMBasicBlockRef from[] = {ab, pre};
    LLVMAddIncoming(phi, got, from, 2);
    return phi;
}
