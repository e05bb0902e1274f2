/* base.c — the small builders every emitter uses: PTX types as LLVM
 * types, constants, masks, lanes, entry-block allocas, intrinsics, and the
 * unsupported-construct error.  Below everything else in codegen/: calls
 * nothing but LLVM and the diagnostics.
 */
#include <string.h>

#include "emit.h"

/* ------------------------------------------------------------- helpers */

/* llvm.masked.{load,store,gather,scatter} took the alignment as an i32
 * argument until LLVM 20; from LLVM 21 it is an align attribute of the
 * pointer argument.  Callers pass the old form; this builds the new one. */
static LLVMValueRef
emit_masked_call_align_attr(Emit *e, const char *name, LLVMTypeRef ft, LLVMValueRef fn,
                            LLVMValueRef *args, int nargs)
{
    bool stores = strstr(name, "store") || strstr(name, "scatter");
    int ptr = stores ? 1 : 0, align = ptr + 1;
    LLVMValueRef kept[8];
    int n = 0;
    if (nargs > 8)
        die("%s: too many arguments", name);
    for (int i = 0; i < nargs; i++)
        if (i != align)
            kept[n++] = args[i];
    LLVMValueRef call = LLVMBuildCall2(e->b, ft, fn, kept, (unsigned)n, "");
    unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
    uint64_t bytes = LLVMConstIntGetZExtValue(args[align]);
    LLVMAddCallSiteAttribute(call, (LLVMAttributeIndex)(ptr + 1),
                             LLVMCreateEnumAttribute(e->ctx, kind, bytes));
    return call;
}

LLVMValueRef
emit_intrinsic(Emit *e, const char *name, LLVMTypeRef *over, int nover, LLVMValueRef *args,
               int nargs)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    if (!id)
        die("no LLVM intrinsic %s", name);
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(e->mod, id, over, (size_t)nover);
    LLVMTypeRef ft = LLVMIntrinsicGetType(e->ctx, id, over, (size_t)nover);
    if (LLVMCountParamTypes(ft) == (unsigned)nargs - 1 && strncmp(name, "llvm.masked.", 12) == 0)
        return emit_masked_call_align_attr(e, name, ft, fn, args, nargs);
    return LLVMBuildCall2(e->b, ft, fn, args, (unsigned)nargs, "");
}

LLVMValueRef
emit_splat(Emit *e, LLVMValueRef s)
{
    LLVMTypeRef t = LLVMTypeOf(s);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        return s;
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMValueRef zero = LLVMConstInt(e->t_i32, 0, 0);
    LLVMValueRef v = LLVMBuildInsertElement(e->b, LLVMGetUndef(vt), s, zero, "");
    LLVMValueRef zeros = LLVMConstNull(LLVMVectorType(e->t_i32, WARP));
    return LLVMBuildShuffleVector(e->b, v, LLVMGetUndef(vt), zeros, "");
}

LLVMValueRef
emit_lane_iota(Emit *e, LLVMTypeRef elem)
{
    LLVMValueRef lanes[WARP];
    for (int i = 0; i < WARP; i++)
        lanes[i] = LLVMGetTypeKind(elem) == LLVMIntegerTypeKind
                       ? LLVMConstInt(elem, (unsigned long long)i, 0)
                       : LLVMConstReal(elem, i);
    return LLVMConstVector(lanes, WARP);
}

/* The alloca of register r, made in the entry block on its first use: a
 * function may declare far more registers than it uses (%r<1000000>), and
 * one alloca each cost LLVM time and memory for nothing. */
LLVMValueRef
emit_reg_slot(Emit *e, int r)
{
    if (!e->fs.reg_slot[r])
        e->fs.reg_slot[r] = emit_alloca(e, e->fs.reg_type[r], e->fs.f->regs.v[r].name);
    return e->fs.reg_slot[r];
}

LLVMValueRef
emit_mask(Emit *e)
{
    return LLVMBuildLoad2(e->b, e->t_i32, e->fs.mask_slot, "mask");
}

LLVMValueRef
emit_mask_vec(Emit *e, LLVMValueRef m32)
{
    return LLVMBuildBitCast(e->b, m32, e->t_v32i1, "");
}

LLVMValueRef
emit_mask_i32(Emit *e, LLVMValueRef v)
{
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind) /* uniform i1 */
        return LLVMBuildSelect(e->b, v, LLVMConstInt(e->t_i32, 0xffffffffu, 0),
                               LLVMConstInt(e->t_i32, 0, 0), "");
    return LLVMBuildBitCast(e->b, v, e->t_i32, "");
}

LLVMValueRef
emit_first_lane(Emit *e, LLVMValueRef vec)
{
    if (LLVMGetTypeKind(LLVMTypeOf(vec)) != LLVMVectorTypeKind)
        return vec;
    LLVMValueRef m = e->fs.imask ? e->fs.imask : emit_mask(e);
    return LLVMBuildExtractElement(e->b, vec, emit_lowest_lane(e, m), "");
}

LLVMValueRef
emit_lowest_lane(Emit *e, LLVMValueRef mask)
{
    LLVMValueRef args[] = {mask, LLVMConstInt(e->t_i1, 0, 0)}; /* an empty mask is no poison */
    LLVMTypeRef t = e->t_i32;
    /* no lane: cttz gives 32, out of range; take lane 0 */
    return LLVMBuildAnd(e->b, emit_intrinsic(e, "llvm.cttz", &t, 1, args, 2),
                        LLVMConstInt(e->t_i32, WARP - 1, 0), "");
}

LLVMValueRef
emit_alloca(Emit *e, LLVMTypeRef t, const char *name)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(e->ctx);
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(e->fs.fn);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first)
        LLVMPositionBuilderBefore(b, first);
    else
        LLVMPositionBuilderAtEnd(b, entry);
    LLVMValueRef a = LLVMBuildAlloca(b, t, name);
    LLVMDisposeBuilder(b);
    return a;
}

LLVMBasicBlockRef
emit_new_block(Emit *e, const char *name)
{
    return LLVMAppendBasicBlockInContext(e->ctx, e->fs.fn, name);
}

LLVMValueRef
emit_u32(Emit *e, uint64_t v)
{
    return LLVMConstInt(e->t_i32, v, 0);
}

LLVMValueRef
emit_cur_mask(Emit *e)
{
    return e->fs.imask ? e->fs.imask : emit_mask(e);
}

bool
emit_is_vec(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind;
}

/* Runs fn for each active lane of mask, in lane order (a loop over the set
 * bits), threading a value of type acc_t (or none, when acc_t is NULL)
 * from one lane to the next; returns the last one. */
LLVMValueRef
emit_for_each_lane(Emit *e, LLVMValueRef mask, LLVMTypeRef acc_t, LaneFn *fn, void *ctx)
{
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b), head = emit_new_block(e, "lanes"),
                      body = emit_new_block(e, "lane"), done = emit_new_block(e, "lanes.done");
    LLVMBuildBr(e->b, head);
    LLVMPositionBuilderAtEnd(e->b, head);
    LLVMValueRef m = LLVMBuildPhi(e->b, e->t_i32, "left"), acc = NULL;
    LLVMAddIncoming(m, &mask, &pre, 1);
    if (acc_t) {
        LLVMValueRef undef = LLVMGetUndef(acc_t);
        acc = LLVMBuildPhi(e->b, acc_t, "acc");
        LLVMAddIncoming(acc, &undef, &pre, 1);
    }
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, m, emit_u32(e, 0), ""), done, body);
    LLVMPositionBuilderAtEnd(e->b, body);
    LLVMValueRef args[] = {m, LLVMConstInt(e->t_i1, 1, 0)};
    LLVMTypeRef i32 = e->t_i32;
    LLVMValueRef lane = emit_intrinsic(e, "llvm.cttz", &i32, 1, args, 2);
    LLVMValueRef nacc = fn(e, lane, acc, ctx);
    LLVMValueRef nm = LLVMBuildAnd(e->b, m, LLVMBuildSub(e->b, m, emit_u32(e, 1), ""), "");
    LLVMBasicBlockRef last = LLVMGetInsertBlock(e->b);
    LLVMAddIncoming(m, &nm, &last, 1);
    if (acc_t)
        LLVMAddIncoming(acc, &nacc, &last, 1);
    LLVMBuildBr(e->b, head);
    LLVMPositionBuilderAtEnd(e->b, done);
    return acc;
}

LLVMTypeRef
inst_llvm_type(Emit *e, PtxType t)
{
    switch (t) {
    case TY_PRED: return e->t_i1;
    case TY_F16: return e->t_f16;
    case TY_BF16: return e->t_bf16;
    case TY_F32:
    case TY_TF32: return e->t_f32;
    case TY_F64: return e->t_f64;
    default: return LLVMIntTypeInContext(e->ctx, (unsigned)(type_bits(t) ? type_bits(t) : 32));
    }
}

LLVMTypeRef
reg_storage_type(Emit *e, const Reg *r, bool varying)
{
    LLVMTypeRef t = inst_llvm_type(e, r->type);
    return like(t, varying);
}

/* An error, and emission goes on (the caller leaves a placeholder value),
 * so that one run reports every unsupported construct; lower_module
 * writes nothing once there are errors. */
void
emit_unsupported(Emit *e, SrcLoc loc, const char *what)
{
    diag_error(e->d, loc, "%s is not supported", what);
}
