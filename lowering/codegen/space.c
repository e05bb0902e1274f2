/* space.c — state spaces at run time: cp.async, cvta, isspacep and the
 * windows' bounds they test, and the entry prologue's stack top (the
 * accesses themselves: memory.c).
 */
#include <string.h>

#include "emit.h"

/* ------------------------------------------------------------- cp.async */

/* cp.async copies at once: no thread may read the destination before its
 * cp.async.wait_group, and nothing else can see a copy in flight, so
 * commit_group and wait_group have nothing to do.  Bytes past src-size
 * (all of them when ignore-src is true) are zeros. */
typedef struct CpAsync {
    LLVMValueRef dst, src, n; /* <32 x ptr>, <32 x ptr>, <32 x i64> bytes read */
    unsigned size;
} CpAsync;

static LLVMValueRef
cp_async_lane(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx)
{
    CpAsync *c = ctx;
    LLVMValueRef d = LLVMBuildExtractElement(e->b, c->dst, lane, "");
    LLVMValueRef s = LLVMBuildExtractElement(e->b, c->src, lane, "");
    LLVMValueRef n = LLVMBuildExtractElement(e->b, c->n, lane, "");
    LLVMBuildMemCpy(e->b, d, 1, s, 1, n);
    LLVMValueRef rest = LLVMBuildSub(e->b, LLVMConstInt(e->t_i64, c->size, 0), n, "");
    LLVMBuildMemSet(e->b, LLVMBuildGEP2(e->b, e->t_i8, d, &n, 1, ""), LLVMConstInt(e->t_i8, 0, 0),
                    rest, 1);
    return acc;
}

void
emit_cp_async(Emit *e, const Instr *in)
{
    const Operand *size_op = &in->opnd[2];
    int nsrc = in->nopnd - (instr_has_mod(in, MOD_L2_CACHE_HINT) ? 1 : 0); /* the policy is last */
    if (size_op->kind != OPD_IMM ||
        (size_op->imm != 4 && size_op->imm != 8 && size_op->imm != 16)) {
        emit_unsupported(e, in->loc, "cp.async with this copy size");
        return;
    }
    CpAsync c = {mem_address(e, &in->opnd[0], SP_SHARED), mem_address(e, &in->opnd[1], SP_GLOBAL),
                 NULL, (unsigned)size_op->imm};
    LLVMValueRef full = LLVMConstInt(e->t_i64, c.size, 0);
    if (nsrc > 3) {
        const Operand *o = &in->opnd[3];
        if (o->kind == OPD_REG && e->fs.f->regs.v[o->reg].type == TY_PRED) { /* ignore-src */
            LLVMValueRef ign = inst_operand(e, o, TY_PRED, true);
            c.n = LLVMBuildSelect(e->b, ign, LLVMConstNull(LLVMVectorType(e->t_i64, WARP)),
                                  emit_splat(e, full), "");
        } else { /* src-size, at most cp-size */
            LLVMValueRef n = LLVMBuildZExt(e->b, inst_operand(e, o, TY_U32, true),
                                           LLVMVectorType(e->t_i64, WARP), "");
            c.n = emit_intrinsic(e, "llvm.umin", (LLVMTypeRef[]){LLVMTypeOf(n)}, 1,
                                 (LLVMValueRef[]){n, emit_splat(e, full)}, 2);
        }
    } else {
        c.n = emit_splat(e, full);
    }
    if (!emit_is_vec(c.dst))
        c.dst = emit_splat(e, c.dst);
    if (!emit_is_vec(c.src))
        c.src = emit_splat(e, c.src);
    emit_for_each_lane(e, emit_cur_mask(e), NULL, cp_async_lane, &c);
}

/* ---------------------------------------------------------------- cvta */

void
emit_cvta(Emit *e, const Instr *in)
{
    bool to = instr_has_mod(in, MOD_TO);
    PtxType ty = in->ntype > 0 ? in->type[0] : TY_U64;
    int bits = type_bits(ty);
    bool vary = operand_varying(e, &in->opnd[1]) || in->space == SP_LOCAL;
    LLVMValueRef a = inst_operand(e, &in->opnd[1], ty, vary);
    LLVMTypeRef it = vary ? LLVMVectorType(e->t_i64, WARP) : e->t_i64;
    a = bits < 64 ? LLVMBuildZExt(e->b, a, it, "") : a;
    LLVMValueRef base;
    switch (in->space) {
    case SP_SHARED:
        base = LLVMBuildPtrToInt(e->b, abi_warp_field(e, W_SHARED), e->t_i64, "");
        break;
    case SP_PARAM: base = LLVMBuildPtrToInt(e->b, abi_warp_field(e, W_PARAMS), e->t_i64, ""); break;
    case SP_LOCAL: base = LLVMBuildPtrToInt(e->b, mem_lane_windows(e), it, ""); break;
    default: base = NULL; break; /* .global, .const: addresses are host addresses */
    }
    if (base && vary)
        base = emit_splat(e, base);
    LLVMValueRef r = a;
    if (base)
        r = to ? LLVMBuildSub(e->b, a, base, "") : LLVMBuildAdd(e->b, a, base, "");
    if (bits < 64)
        r = LLVMBuildTrunc(e->b, r, vary ? LLVMVectorType(e->t_i32, WARP) : e->t_i32, "");
    inst_write(e, &in->opnd[0], ty, r);
}

/* The native stack grows down: the frames of the .funcs a kernel calls (their
 * local memory) lie between the current stack pointer and the top of the
 * kernel's frame, which the kernel records in w->stack_top at entry. */
static LLVMValueRef
stack_pointer(Emit *e)
{
    unsigned id = LLVMLookupIntrinsicID("llvm.stacksave", 14);
    LLVMTypeRef over[] = {e->t_ptr}; /* overloaded since LLVM 18 */
    return emit_intrinsic(e, "llvm.stacksave", over, LLVMIntrinsicIsOverloaded(id) ? 1 : 0, NULL,
                          0);
}

/* The top recorded is above the kernel's whole frame on x86-64 (the
 * address of its return address), since a .func inlined into the kernel
 * brings its local frame into the kernel's; elsewhere the stack pointer at
 * entry. */
void
mem_entry_prologue(Emit *e)
{
    LLVMValueRef top;
    if (strncmp(LLVMGetTarget(e->mod), "x86_64", 6) == 0) {
        LLVMTypeRef over[] = {e->t_ptr};
        unsigned id = LLVMLookupIntrinsicID("llvm.addressofreturnaddress", 27);
        top = emit_intrinsic(e, "llvm.addressofreturnaddress", over,
                             LLVMIntrinsicIsOverloaded(id) ? 1 : 0, NULL, 0);
    } else {
        top = stack_pointer(e);
    }
    LLVMBuildStore(e->b, LLVMBuildPtrToInt(e->b, top, e->t_i64, ""),
                   abi_warp_field_ptr(e, W_STACK_TOP));
}

/* a in [lo, lo + size), for a scalar or vector a; lo and size are i64 scalars */
static LLVMValueRef
in_window(Emit *e, LLVMValueRef a, LLVMValueRef lo, LLVMValueRef size, bool vary)
{
    if (vary)
        lo = emit_splat(e, lo), size = emit_splat(e, size);
    return LLVMBuildICmp(e->b, LLVMIntULT, LLVMBuildSub(e->b, a, lo, ""), size, "");
}

static LLVMValueRef
window_test(Emit *e, Space space, LLVMValueRef a, bool vary)
{
    LLVMValueRef lo, size;
    switch (space) {
    case SP_SHARED:
        lo = LLVMBuildPtrToInt(e->b, abi_warp_field(e, W_SHARED), e->t_i64, "");
        size = LLVMBuildZExt(e->b, abi_warp_field(e, W_TOTAL_SMEM), e->t_i64, "");
        break;
    case SP_LOCAL: { /* the kernel's lane windows; in a .func, the frames of the calls too */
        lo = LLVMBuildPtrToInt(e->b, abi_warp_field(e, W_LOCAL), e->t_i64, "");
        size = LLVMBuildMul(e->b, abi_warp_field(e, W_LOCAL_STRIDE),
                            LLVMConstInt(e->t_i64, WARP, 0), "");
        if (e->fs.f->is_entry)
            break;
        LLVMValueRef sp = LLVMBuildPtrToInt(e->b, stack_pointer(e), e->t_i64, "");
        LLVMValueRef frames = LLVMBuildSub(e->b, abi_warp_field(e, W_STACK_TOP), sp, "");
        return LLVMBuildOr(e->b, in_window(e, a, lo, size, vary), in_window(e, a, sp, frames, vary),
                           "");
    }
    case SP_PARAM: /* the kernel's parameter buffer */
        lo = LLVMBuildPtrToInt(e->b, abi_warp_field(e, W_PARAMS), e->t_i64, "");
        size = LLVMBuildZExt(e->b, abi_warp_field(e, W_PARAM_BYTES), e->t_i64, "");
        break;
    case SP_CONST: { /* any .const variable of the module */
        LLVMValueRef r = LLVMConstNull(vary ? e->t_v32i1 : e->t_i1);
        for (int i = 0; i < e->slots.n; i++) {
            const VarSlot *s = &e->slots.v[i];
            if (!s->global || s->var->space != SP_CONST)
                continue;
            LLVMValueRef g = LLVMBuildPtrToInt(e->b, s->global, e->t_i64, "");
            uint64_t bytes = LLVMABISizeOfType(e->td, LLVMGlobalGetValueType(s->global));
            r = LLVMBuildOr(e->b, r, in_window(e, a, g, LLVMConstInt(e->t_i64, bytes, 0), vary),
                            "");
        }
        return r;
    }
    case SP_GLOBAL: { /* a host address in none of the other windows */
        static const Space others[] = {SP_SHARED, SP_LOCAL, SP_PARAM, SP_CONST};
        LLVMValueRef r = LLVMConstNull(vary ? e->t_v32i1 : e->t_i1);
        for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
            r = LLVMBuildOr(e->b, r, window_test(e, others[i], a, vary), "");
        return LLVMBuildNot(e->b, r, "");
    }
    default:
        return NULL;
    }
    return in_window(e, a, lo, size, vary);
}

void
emit_isspacep(Emit *e, const Instr *in)
{
    bool vary = operand_varying(e, &in->opnd[1]);
    LLVMValueRef a = inst_operand(e, &in->opnd[1], TY_U64, vary);
    LLVMValueRef p = window_test(e, in->space, a, vary);
    if (!p) {
        emit_unsupported(e, in->loc, "isspacep for this state space");
        return;
    }
    inst_write(e, &in->opnd[0], TY_PRED, p);
}
