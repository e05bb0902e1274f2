/* value.c — the value and operand model every handler uses (docs/lowering.md,
 * "Uniform and varying values"): PTX types as LLVM types, a register as a
 * scalar or a <32 x T> vector, reading an operand (registers, immediates,
 * special registers, addresses) and writing a destination under the mask;
 * the kernel-error check.
 */
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

bool
operand_varying(Emit *e, const Operand *o)
{
    return operand_varies(e->fs.fi, o, false);
}

/* Converts v (scalar or vector) to element type t: same width is a bitcast,
 * integers widen (sign by `sign`) or truncate. */
LLVMValueRef
convert_bits(Emit *e, LLVMValueRef v, LLVMTypeRef t, bool sign)
{
    LLVMTypeRef from = elem_type(v);
    if (from == t)
        return v;
    bool vec = emit_is_vec(v);
    LLVMTypeRef to = like(t, vec);
    unsigned fb = (unsigned)LLVMSizeOfTypeInBits(e->td, from);
    unsigned tb = (unsigned)LLVMSizeOfTypeInBits(e->td, t);
    if (from == e->t_i1)
        fb = 1;
    if (t == e->t_i1)
        tb = 1;
    if (fb == tb)
        return LLVMBuildBitCast(e->b, v, to, "");
    /* through integers of each width */
    LLVMTypeRef fi = like(LLVMIntTypeInContext(e->ctx, fb), vec);
    LLVMTypeRef ti = like(LLVMIntTypeInContext(e->ctx, tb), vec);
    if (LLVMGetTypeKind(from) != LLVMIntegerTypeKind)
        v = LLVMBuildBitCast(e->b, v, fi, "");
    if (tb == 1)
        v = LLVMBuildICmp(e->b, LLVMIntNE, v, LLVMConstNull(fi), "");
    else
        v = tb < fb ? LLVMBuildTrunc(e->b, v, ti, "")
            : sign  ? LLVMBuildSExt(e->b, v, ti, "")
                    : LLVMBuildZExt(e->b, v, ti, "");
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
        v = LLVMBuildBitCast(e->b, v, to, "");
    return v;
}

/* ---------------------------------------------------- special registers */

static LLVMValueRef
sreg_value(Emit *e, const Operand *o)
{
    LLVMValueRef c;
    LLVMValueRef zero = LLVMConstInt(e->t_i32, 0, 0);
    LLVMValueRef comp = LLVMConstInt(e->t_i32, (unsigned long long)o->comp, 0);
    switch (o->sreg) {
    case SREG_TID: {
        LLVMValueRef idx[] = {zero, comp, zero};
        LLVMTypeRef tt = LLVMStructGetTypeAtIndex(e->t_warp, W_TID);
        LLVMValueRef p = LLVMBuildGEP2(e->b, tt, abi_warp_field_ptr(e, W_TID), idx, 3, "");
        LLVMValueRef v = LLVMBuildLoad2(e->b, LLVMVectorType(e->t_i32, WARP), p, "tid");
        LLVMSetAlignment(v, 4);
        return v;
    }
    case SREG_NTID:
    case SREG_CTAID:
    case SREG_NCTAID: {
        int f = o->sreg == SREG_NTID ? W_NTID : o->sreg == SREG_CTAID ? W_CTAID : W_NCTAID;
        LLVMValueRef idx[] = {zero, comp};
        LLVMValueRef p =
            LLVMBuildGEP2(e->b, LLVMArrayType(e->t_i32, 3), abi_warp_field_ptr(e, f), idx, 2, "");
        return LLVMBuildLoad2(e->b, e->t_i32, p, "");
    }
    case SREG_LANEID: return emit_lane_iota(e, e->t_i32);
    case SREG_WARPID: return abi_warp_field(e, W_WARPID);
    case SREG_NWARPID: return abi_warp_field(e, W_NWARPID);
    case SREG_SMID: return abi_warp_field(e, W_SMID);
    case SREG_NSMID: return abi_warp_field(e, W_NSMID);
    case SREG_GRIDID: return abi_warp_field(e, W_GRIDID);
    case SREG_DYNAMIC_SMEM_SIZE: return abi_warp_field(e, W_DYNAMIC_SMEM);
    case SREG_TOTAL_SMEM_SIZE:
    case SREG_AGGR_SMEM_SIZE: return abi_warp_field(e, W_TOTAL_SMEM);
    case SREG_LANEMASK_EQ:
    case SREG_LANEMASK_LE:
    case SREG_LANEMASK_LT:
    case SREG_LANEMASK_GE:
    case SREG_LANEMASK_GT: {
        LLVMValueRef lanes[WARP];
        for (unsigned i = 0; i < WARP; i++) {
            uint32_t m = o->sreg == SREG_LANEMASK_EQ   ? 1u << i
                         : o->sreg == SREG_LANEMASK_LE ? (uint32_t)((2ull << i) - 1)
                         : o->sreg == SREG_LANEMASK_LT ? (1u << i) - 1
                         : o->sreg == SREG_LANEMASK_GE ? ~((1u << i) - 1)
                                                       : (uint32_t)~((2ull << i) - 1);
            lanes[i] = LLVMConstInt(e->t_i32, m, 0);
        }
        return LLVMConstVector(lanes, WARP);
    }
    case SREG_CLOCK:
    case SREG_CLOCK_HI:
    case SREG_CLOCK64:
    case SREG_GLOBALTIMER:
    case SREG_GLOBALTIMER_LO:
    case SREG_GLOBALTIMER_HI: {
        bool timer = o->sreg >= SREG_GLOBALTIMER;
        LLVMValueRef args[] = {e->fs.warp};
        c = LLVMBuildCall2(e->b, e->t_clock_fn, abi_service(e, timer ? S_GLOBALTIMER : S_CLOCK64),
                           args, 1, "");
        if (o->sreg == SREG_CLOCK || o->sreg == SREG_GLOBALTIMER_LO)
            c = LLVMBuildTrunc(e->b, c, e->t_i32, "");
        else if (o->sreg == SREG_CLOCK_HI || o->sreg == SREG_GLOBALTIMER_HI)
            c = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, c, LLVMConstInt(e->t_i64, 32, 0), ""),
                               e->t_i32, "");
        return emit_splat(e, c);
    }
    /* %envreg1:%envreg2 is a cooperative launch's grid workspace (what
     * cooperative groups' grid.sync() uses); the other environment
     * registers are 0. */
    case SREG_ENVREG:
        if (o->comp == 1 || o->comp == 2) {
            c = abi_warp_field(e, W_GRID_WORKSPACE);
            if (o->comp == 1)
                c = LLVMBuildLShr(e->b, c, LLVMConstInt(e->t_i64, 32, 0), "");
            return LLVMBuildTrunc(e->b, c, e->t_i32, "");
        }
        return zero;
    /* No cluster launches: every CTA is a cluster of its own (1 x 1 x 1),
     * so the cluster grid is the CTA grid. */
    case SREG_CLUSTER_CTAID:
    case SREG_CLUSTER_CTARANK:
    case SREG_IS_EXPLICIT_CLUSTER: return zero;
    case SREG_CLUSTER_NCTAID:
    case SREG_CLUSTER_NCTARANK: return LLVMConstInt(e->t_i32, 1, 0);
    case SREG_CLUSTERID:
        return sreg_value(e, &(Operand){.kind = OPD_SREG, .sreg = SREG_CTAID, .comp = o->comp});
    case SREG_NCLUSTERID:
        return sreg_value(e, &(Operand){.kind = OPD_SREG, .sreg = SREG_NCTAID, .comp = o->comp});
    default: {
        char name[48];
        emit_unsupported(e, o->loc,
                         arena_printf(e->arena, "special register %%%s",
                                      sreg_spelling(o->sreg, o->comp, name, sizeof name)));
        return zero;
    }
    }
}

LLVMValueRef
inst_operand(Emit *e, const Operand *o, PtxType ty, bool want_vec)
{
    LLVMTypeRef t = inst_llvm_type(e, ty);
    LLVMValueRef v;
    switch (o->kind) {
    case OPD_REG:
        v = LLVMBuildLoad2(e->b, e->fs.reg_type[o->reg], emit_reg_slot(e, o->reg), "");
        v = convert_bits(e, v, t, type_signed(ty));
        if (o->neg)
            v = LLVMBuildNot(e->b, v, "");
        break;
    case OPD_IMM:
        if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
            v = LLVMConstInt(t, (unsigned long long)o->imm, 1);
        else
            v = LLVMConstReal(t, (double)o->imm);
        break;
    case OPD_FIMM: {
        double d;
        if (o->is_double) {
            memcpy(&d, &o->fbits, sizeof d);
        } else {
            uint32_t b = (uint32_t)o->fbits;
            float f;
            memcpy(&f, &b, sizeof f);
            d = f;
        }
        if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind) /* mov.b32 %r, 0f3F800000 */
            v = LLVMConstInt(t, o->fbits, 0);
        else
            v = LLVMConstReal(t, d);
        break;
    }
    case OPD_SREG:
        v = convert_bits(e, sreg_value(e, o), t, false);
        break;
    case OPD_VAR: {
        int bits = type_bits(ty) >= 64 ? 64 : 32;
        v = mem_var_address(e, o->var, bits);
        if (o->imm)
            v = LLVMBuildAdd(e->b, v, LLVMConstInt(LLVMTypeOf(v), (uint64_t)o->imm, 1), "");
        v = convert_bits(e, v, t, false);
        break;
    }
    default:
        emit_unsupported(e, o->loc, "this kind of operand here");
        v = LLVMGetUndef(t);
        break;
    }
    return want_vec ? emit_splat(e, v) : v;
}

void
inst_write(Emit *e, const Operand *dst, PtxType ty, LLVMValueRef v)
{
    if (dst->kind == OPD_SINK)
        return;
    if (dst->kind != OPD_REG) {
        emit_unsupported(e, dst->loc, "this kind of destination");
        return;
    }
    int r = dst->reg;
    LLVMTypeRef st = e->fs.reg_type[r];
    bool vary = LLVMGetTypeKind(st) == LLVMVectorTypeKind;
    LLVMTypeRef se = vary ? LLVMGetElementType(st) : st;
    v = convert_bits(e, v, se, type_signed(ty));
    if (vary) {
        v = emit_splat(e, v);
        /* e->fs.nbar: lanes held at a call of a function that waits resume
         * after it, where the analysis's reg_merge does not look */
        if (e->fs.partial &&
            (e->fs.imask || e->fs.nbar > 0 || !e->fs.fi->reg_merge || e->fs.fi->reg_merge[r])) {
            LLVMValueRef old = LLVMBuildLoad2(e->b, st, emit_reg_slot(e, r), "");
            LLVMValueRef m = e->fs.imask ? e->fs.imask : emit_mask(e);
            v = LLVMBuildSelect(e->b, emit_mask_vec(e, m), v, old, "");
        }
    } else if (emit_is_vec(v)) {
        v = emit_first_lane(e, v); /* uniform by analysis: every lane agrees */
    }
    LLVMBuildStore(e->b, v, emit_reg_slot(e, r));
}

/* Reads sources 1..n of `in` as type ty, vectors when the destination or
 * any source varies. */
Ops
sources(Emit *e, const Instr *in, PtxType ty, int n)
{
    Ops s = {.ty = ty, .t = inst_llvm_type(e, ty)};
    s.vec = operand_varying(e, &in->opnd[0]);
    if (in->opnd[0].kind == OPD_PAIR)
        s.vec = e->fs.fi->reg_varying[in->opnd[0].sub[0].reg];
    for (int i = 1; i <= n && i < in->nopnd; i++)
        s.vec |= operand_varying(e, &in->opnd[i]);
    for (int i = 1; i <= n && i < in->nopnd; i++)
        s.a[i - 1] = inst_operand(e, &in->opnd[i], ty, s.vec);
    return s;
}

LLVMValueRef
call1(Emit *e, const char *name, LLVMValueRef a)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    return emit_intrinsic(e, name, &t, 1, &a, 1);
}

LLVMValueRef
call2(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef args[] = {a, b};
    return emit_intrinsic(e, name, &t, 1, args, 2);
}

LLVMValueRef
call3(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef args[] = {a, b, c};
    return emit_intrinsic(e, name, &t, 1, args, 3);
}

/* A constant shaped like like_v: scalar, or a vector of its length. */
LLVMValueRef
cst(Emit *e, LLVMValueRef like_v, double f, unsigned long long i)
{
    LLVMTypeRef t = elem_type(like_v);
    LLVMValueRef c =
        LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMConstInt(t, i, 0) : LLVMConstReal(t, f);
    if (!emit_is_vec(like_v))
        return c;
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(like_v));
    LLVMValueRef lanes[2 * WARP];
    for (unsigned k = 0; k < n; k++)
        lanes[k] = c;
    return LLVMConstVector(lanes, n);
}

/* The kernel-error sequence: the runtime's error service records code for
 * `lanes` at PTX line `line`; the caller then leaves the function. */
void
emit_kernel_error(Emit *e, uint32_t code, LLVMValueRef lanes, uint32_t line)
{
    LLVMValueRef args[] = {e->fs.warp, emit_u32(e, code), lanes, emit_u32(e, line)};
    LLVMBuildCall2(e->b, e->t_error_fn, abi_service(e, S_ERROR), args, 4, "");
}

void
emit_check_error(Emit *e)
{
    LLVMValueRef err = abi_warp_field(e, W_ERROR);
    LLVMValueRef bad = LLVMBuildICmp(e->b, LLVMIntNE, err, LLVMConstInt(e->t_i32, 0, 0), "");
    LLVMBasicBlockRef ok = emit_new_block(e, "ok");
    LLVMBuildCondBr(e->b, bad, e->fs.return_bb, ok);
    LLVMPositionBuilderAtEnd(e->b, ok);
}

static bool
param_of(const Func *f, const Var *v, uint32_t *off)
{
    for (int i = 0; i < f->params.n; i++)
        if (f->params.v[i] == v) {
            *off = mem_param_offset(f, i, NULL, NULL);
            return true;
        }
    return false;
}

LLVMValueRef
mem_var_address(Emit *e, const Var *v, int bits)
{
    LLVMTypeRef t = LLVMIntTypeInContext(e->ctx, (unsigned)bits);
    uint32_t poff;
    if (v->space == SP_PARAM && param_of(e->fs.f, v, &poff))
        return LLVMConstInt(t, poff, 0);
    const VarSlot *s = mem_slot(e, v);
    if (!s) {
        emit_unsupported(e, e->fs.in ? e->fs.in->loc : v->loc, "the address of this variable");
        return LLVMConstInt(t, 0, 0);
    }
    if (s->global)
        return LLVMBuildPtrToInt(e->b, s->global, t, "");
    if (v->space == SP_SHARED && unsized(v)) {
        /* the dynamic part, after the kernel's own static part (aligned
         * 16): each kernel is charged only for the .shared variables it
         * reaches (abi.c), so its offset is the launch's, not the layout's */
        LLVMValueRef total = abi_warp_field(e, W_TOTAL_SMEM),
                     dyn = abi_warp_field(e, W_DYNAMIC_SMEM);
        LLVMValueRef off = LLVMBuildSub(e->b, total, dyn, "dynsmem");
        return bits == 32  ? off
               : bits > 32 ? LLVMBuildZExt(e->b, off, t, "")
                           : LLVMBuildTrunc(e->b, off, t, "");
    }
    return LLVMConstInt(t, (uint64_t)s->offset, 0);
}
