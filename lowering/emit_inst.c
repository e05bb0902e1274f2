/* emit_inst.c — PTX instructions other than control flow and memory.
 *
 * An instruction is scalar when its destination is uniform (its sources
 * then are too), and a <32 x T> vector operation otherwise, with uniform
 * sources splatted.  A write to a varying register in a block that may run
 * with some lanes off keeps the other lanes' values (a select on the mask).
 */
#include <math.h>
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"


static LLVMTypeRef
elem_type(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return emit_is_vec(v) ? LLVMGetElementType(t) : t;
}

static LLVMTypeRef
like(LLVMTypeRef elem, bool vec)
{
    return vec ? LLVMVectorType(elem, WARP) : elem;
}

/* elem, as a vector of v's length when v is one (<64 x half> for f16x2) */
static LLVMTypeRef
shaped(LLVMValueRef v, LLVMTypeRef elem)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMVectorType(elem, LLVMGetVectorSize(t)) : elem;
}


static Mod
mod_of_class(const Instr *in, unsigned cls)
{
    for (int i = 0; i < in->nmods; i++)
        if ((mod_classes(in->mods[i]) & cls) && !(cls != MC_TYPE && mod_type(in->mods[i])))
            return in->mods[i];
    return MOD_NONE;
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

bool
operand_varying(Emit *e, const Operand *o)
{
    switch (o->kind) {
    case OPD_REG: return e->fi->reg_varying[o->reg];
    case OPD_SREG: return (sreg_flags(o->sreg) & SRF_VARYING) != 0;
    case OPD_VEC:
        for (int i = 0; i < o->nsub; i++)
            if (operand_varying(e, &o->sub[i]))
                return true;
        return false;
    default: return false;
    }
}

/* Converts v (scalar or vector) to element type t: same width is a bitcast,
 * integers widen (sign by `sign`) or truncate. */
static LLVMValueRef
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
        LLVMValueRef p = LLVMBuildGEP2(e->b, LLVMArrayType(e->t_i32, 3), abi_warp_field_ptr(e, f), idx, 2, "");
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
        LLVMValueRef args[] = {e->warp};
        c = LLVMBuildCall2(e->b, e->t_clock_fn, abi_service(e, timer ? S_GLOBALTIMER : S_CLOCK64), args, 1, "");
        if (o->sreg == SREG_CLOCK || o->sreg == SREG_GLOBALTIMER_LO)
            c = LLVMBuildTrunc(e->b, c, e->t_i32, "");
        else if (o->sreg == SREG_CLOCK_HI || o->sreg == SREG_GLOBALTIMER_HI)
            c = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, c, LLVMConstInt(e->t_i64, 32, 0), ""), e->t_i32, "");
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
    case SREG_CLUSTERID: return sreg_value(e, &(Operand){.kind = OPD_SREG, .sreg = SREG_CTAID, .comp = o->comp});
    case SREG_NCLUSTERID: return sreg_value(e, &(Operand){.kind = OPD_SREG, .sreg = SREG_NCTAID, .comp = o->comp});
    default:
        emit_unsupported(e, o->loc, arena_printf(e->arena, "special register %%%s", sreg_name(o->sreg)));
        return zero;
    }
}

/* ------------------------------------------------------------ operands */

static bool
type_signed(PtxType t)
{
    return type_kind(t) == TK_SINT;
}

LLVMValueRef
inst_operand(Emit *e, const Operand *o, PtxType ty, bool want_vec)
{
    LLVMTypeRef t = inst_llvm_type(e, ty);
    LLVMValueRef v;
    switch (o->kind) {
    case OPD_REG:
        v = LLVMBuildLoad2(e->b, e->reg_type[o->reg], emit_reg_slot(e, o->reg), "");
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
    LLVMTypeRef st = e->reg_type[r];
    bool vary = LLVMGetTypeKind(st) == LLVMVectorTypeKind;
    LLVMTypeRef se = vary ? LLVMGetElementType(st) : st;
    v = convert_bits(e, v, se, type_signed(ty));
    if (vary) {
        v = emit_splat(e, v);
        /* e->nbar: lanes held at a call of a function that waits resume
         * after it, where the analysis's reg_merge does not look */
        if (e->partial && (e->imask || e->nbar > 0 || !e->fi->reg_merge || e->fi->reg_merge[r])) {
            LLVMValueRef old = LLVMBuildLoad2(e->b, st, emit_reg_slot(e, r), "");
            LLVMValueRef m = e->imask ? e->imask : emit_mask(e);
            v = LLVMBuildSelect(e->b, emit_mask_vec(e, m), v, old, "");
        }
    } else if (emit_is_vec(v)) {
        v = emit_first_lane(e, v); /* uniform by analysis: every lane agrees */
    }
    LLVMBuildStore(e->b, v, emit_reg_slot(e, r));
}

/* ---------------------------------------------------------- arithmetic */

typedef struct Ops {
    LLVMValueRef a[4];
    bool vec;
    PtxType ty;
    LLVMTypeRef t; /* element type */
} Ops;

/* Reads sources 1..n of `in` as type ty, vectors when the destination or
 * any source varies. */
static Ops
sources(Emit *e, const Instr *in, PtxType ty, int n)
{
    Ops s = {.ty = ty, .t = inst_llvm_type(e, ty)};
    s.vec = operand_varying(e, &in->opnd[0]);
    if (in->opnd[0].kind == OPD_PAIR)
        s.vec = e->fi->reg_varying[in->opnd[0].sub[0].reg];
    for (int i = 1; i <= n && i < in->nopnd; i++)
        s.vec |= operand_varying(e, &in->opnd[i]);
    for (int i = 1; i <= n && i < in->nopnd; i++)
        s.a[i - 1] = inst_operand(e, &in->opnd[i], ty, s.vec);
    return s;
}

static PtxType
itype(const Instr *in)
{
    return in->ntype > 0 ? in->type[in->ntype - 1] : TY_B32;
}

static bool
is_float(PtxType t)
{
    return type_kind(t) == TK_FLOAT;
}

static LLVMValueRef
call1(Emit *e, const char *name, LLVMValueRef a)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    return emit_intrinsic(e, name, &t, 1, &a, 1);
}

static LLVMValueRef
call2(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef args[] = {a, b};
    return emit_intrinsic(e, name, &t, 1, args, 2);
}

static LLVMValueRef
call3(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef args[] = {a, b, c};
    return emit_intrinsic(e, name, &t, 1, args, 3);
}

/* A constant shaped like like_v: scalar, or a vector of its length. */
static LLVMValueRef
cst(Emit *e, LLVMValueRef like_v, double f, unsigned long long i)
{
    LLVMTypeRef t = elem_type(like_v);
    LLVMValueRef c = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMConstInt(t, i, 0) : LLVMConstReal(t, f);
    if (!emit_is_vec(like_v))
        return c;
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(like_v));
    LLVMValueRef lanes[2 * WARP];
    for (unsigned k = 0; k < n; k++)
        lanes[k] = c;
    return LLVMConstVector(lanes, n);
}

/* .ftz: single-precision subnormal inputs and results become zero of the
 * same sign. */
static LLVMValueRef
ftz(Emit *e, LLVMValueRef v)
{
    if (elem_type(v) != e->t_f32)
        return v;
    LLVMValueRef small = LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", v), cst(e, v, 1.17549435e-38, 0), "");
    LLVMValueRef zero = call2(e, "llvm.copysign", cst(e, v, 0.0, 0), v);
    return LLVMBuildSelect(e->b, small, zero, v, "");
}

/* .sat for floats: clamp to [0, 1]; NaN and -0 give +0. */
static LLVMValueRef
fsat(Emit *e, LLVMValueRef v)
{
    LLVMValueRef r = call2(e, "llvm.minnum", v, cst(e, v, 1.0, 0));
    LLVMValueRef pos = LLVMBuildFCmp(e->b, LLVMRealOGT, v, cst(e, v, 0.0, 0), "");
    return LLVMBuildSelect(e->b, pos, r, cst(e, v, 0.0, 0), "");
}


/* ------------------------------------------------------ half precision
 *
 * f16 and bf16 values are stored as LLVM half/bfloat (or i16, i32 bits)
 * but never computed on as such: LLVM legalizes half arithmetic without
 * F16C, and bfloat arithmetic everywhere, with libgcc calls
 * (__extendhfsf2, __truncsfbf2, ...) the object cannot count on.  They are
 * widened to f32 exactly, computed there and rounded back by hand. */

static bool
is_half_elem(Emit *e, LLVMTypeRef t)
{
    return t == e->t_f16 || t == e->t_bf16;
}

/* f32 -> bf16 bits (i16), round to nearest even; NaN stays a (quiet) NaN. */
static LLVMValueRef
f32_to_bf16_bits(Emit *e, LLVMValueRef x)
{
    LLVMValueRef bits = LLVMBuildBitCast(e->b, x, shaped(x, e->t_i32), "");
    LLVMValueRef lsb = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), ""), cst(e, bits, 0, 1), "");
    LLVMValueRef r = LLVMBuildAdd(e->b, bits, LLVMBuildAdd(e->b, lsb, cst(e, bits, 0, 0x7fff), ""), "");
    r = LLVMBuildLShr(e->b, r, cst(e, bits, 0, 16), "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
    LLVMValueRef qnan = LLVMBuildOr(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), ""), cst(e, bits, 0, 0x40), "");
    r = LLVMBuildSelect(e->b, nan, qnan, r, "");
    return LLVMBuildTrunc(e->b, r, shaped(x, e->t_i16), "");
}

static LLVMValueRef
bf16_bits_to_f32(Emit *e, LLVMValueRef h)
{
    LLVMValueRef w = LLVMBuildZExt(e->b, h, shaped(h, e->t_i32), "");
    w = LLVMBuildShl(e->b, w, cst(e, w, 0, 16), "");
    return LLVMBuildBitCast(e->b, w, shaped(h, e->t_f32), "");
}

/* f16 bits -> f32, exactly: the magnitude's bits moved to f32's places
 * read as an f32 (subnormals included) times 2^112; inf and NaN keep
 * their payload with an all-ones exponent. */
static LLVMValueRef
f16_bits_to_f32(Emit *e, LLVMValueRef h)
{
    LLVMValueRef w = LLVMBuildZExt(e->b, h, shaped(h, e->t_i32), "");
    LLVMValueRef sign = LLVMBuildShl(e->b, LLVMBuildAnd(e->b, w, cst(e, w, 0, 0x8000), ""), cst(e, w, 0, 16), "");
    LLVMValueRef mag = LLVMBuildShl(e->b, LLVMBuildAnd(e->b, w, cst(e, w, 0, 0x7fff), ""), cst(e, w, 0, 13), "");
    LLVMValueRef f = LLVMBuildBitCast(e->b, mag, shaped(h, e->t_f32), "");
    f = LLVMBuildFMul(e->b, f, cst(e, f, 0x1p112, 0), "");
    LLVMValueRef fin = LLVMBuildBitCast(e->b, f, shaped(h, e->t_i32), "");
    LLVMValueRef special = LLVMBuildICmp(e->b, LLVMIntUGE, mag, cst(e, mag, 0, 0x7c00u << 13), "");
    fin = LLVMBuildSelect(e->b, special, LLVMBuildOr(e->b, mag, cst(e, mag, 0, 0x7f800000), ""), fin, "");
    return LLVMBuildBitCast(e->b, LLVMBuildOr(e->b, fin, sign, ""), shaped(h, e->t_f32), "");
}

/* f32 -> f16 bits, round to nearest even.  Normal results round the bit
 * pattern (the carry may reach infinity); subnormal ones are added to 0.5,
 * whose ulp is f16's smallest subnormal, so the FPU rounds them; NaN stays
 * a quiet NaN with the payload's high bits. */
static LLVMValueRef
f32_to_f16_bits(Emit *e, LLVMValueRef x)
{
    LLVMValueRef bits = LLVMBuildBitCast(e->b, x, shaped(x, e->t_i32), "");
    LLVMValueRef sign = LLVMBuildAnd(e->b, bits, cst(e, bits, 0, 0x80000000u), "");
    LLVMValueRef a = LLVMBuildXor(e->b, bits, sign, "");
    LLVMValueRef odd = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, a, cst(e, a, 0, 13), ""), cst(e, a, 0, 1), "");
    LLVMValueRef nrm = LLVMBuildAdd(e->b, a, cst(e, a, 0, (uint32_t)(-112 * (1 << 23)) + 0xfffu), "");
    nrm = LLVMBuildLShr(e->b, LLVMBuildAdd(e->b, nrm, odd, ""), cst(e, a, 0, 13), "");
    LLVMValueRef af = LLVMBuildBitCast(e->b, a, LLVMTypeOf(x), "");
    LLVMValueRef sub = LLVMBuildBitCast(e->b, LLVMBuildFAdd(e->b, af, cst(e, af, 0.5, 0), ""), LLVMTypeOf(a), "");
    sub = LLVMBuildSub(e->b, sub, cst(e, a, 0, 0x3f000000), "");
    LLVMValueRef nan = LLVMBuildOr(e->b, LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, a, cst(e, a, 0, 13), ""), cst(e, a, 0, 0x3ff), ""),
                                   cst(e, a, 0, 0x7e00), "");
    LLVMValueRef big = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntUGT, a, cst(e, a, 0, 0x7f800000), ""), nan,
                                       cst(e, a, 0, 0x7c00), "");
    LLVMValueRef r = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntULT, a, cst(e, a, 0, 0x38800000), ""), sub, nrm, "");
    r = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntUGE, a, cst(e, a, 0, 0x47800000), ""), big, r, "");
    r = LLVMBuildOr(e->b, r, LLVMBuildLShr(e->b, sign, cst(e, sign, 0, 16), ""), "");
    return LLVMBuildTrunc(e->b, r, shaped(x, e->t_i16), "");
}

/* half or bfloat (any shape) -> f32, exactly */
LLVMValueRef
half_to_f32(Emit *e, LLVMValueRef h)
{
    LLVMValueRef bits = LLVMBuildBitCast(e->b, h, shaped(h, e->t_i16), "");
    return elem_type(h) == e->t_bf16 ? bf16_bits_to_f32(e, bits) : f16_bits_to_f32(e, bits);
}

/* f32 -> half or bfloat `ht` of the same shape, round to nearest even */
LLVMValueRef
f32_to_half(Emit *e, LLVMValueRef x, LLVMTypeRef ht)
{
    LLVMValueRef bits = ht == e->t_bf16 ? f32_to_bf16_bits(e, x) : f32_to_f16_bits(e, x);
    return LLVMBuildBitCast(e->b, bits, shaped(x, ht), "");
}

/* ------------------------------------------------- directed rounding
 *
 * .rz .rm .rp: take the round-to-nearest result r (single rounding, or
 * double rounding through f64 for f32, which still lands on one of the two
 * neighbours of the exact result) and t, a value with the sign of
 * exact - r, computed exactly with error-free transformations (TwoSum, the
 * fma residual of a product, quotient or square root).  Then step r one ulp
 * toward the mode's direction when it lies on the wrong side. */

static LLVMValueRef
fstep(Emit *e, LLVMValueRef r, bool up)
{
    LLVMTypeRef ft = elem_type(r);
    unsigned w = ft == e->t_f64 ? 64 : (ft == e->t_f16 || ft == e->t_bf16) ? 16 : 32;
    LLVMTypeRef it = shaped(r, LLVMIntTypeInContext(e->ctx, w));
    LLVMValueRef bits = LLVMBuildBitCast(e->b, r, it, "");
    LLVMValueRef inc = LLVMBuildAdd(e->b, bits, cst(e, bits, 0, 1), "");
    LLVMValueRef dec = LLVMBuildSub(e->b, bits, cst(e, bits, 0, 1), "");
    LLVMValueRef rc = is_half_elem(e, ft) ? half_to_f32(e, r) : r; /* compared as f32 */
    LLVMValueRef pos = LLVMBuildFCmp(e->b, LLVMRealOGT, rc, cst(e, rc, 0.0, 0), "");
    LLVMValueRef zero = LLVMBuildFCmp(e->b, LLVMRealOEQ, rc, cst(e, rc, 0.0, 0), "");
    LLVMValueRef tiny = cst(e, bits, 0, up ? 1 : (1ull << (w - 1)) | 1);
    LLVMValueRef nb = up ? LLVMBuildSelect(e->b, pos, inc, dec, "") : LLVMBuildSelect(e->b, pos, dec, inc, "");
    nb = LLVMBuildSelect(e->b, zero, tiny, nb, "");
    LLVMValueRef nr = LLVMBuildBitCast(e->b, nb, LLVMTypeOf(r), "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, rc, rc, "");
    return LLVMBuildSelect(e->b, nan, r, nr, "");
}

/* t: same shape as r (any float type); its sign is that of exact - r. */
static LLVMValueRef
round_dir(Emit *e, LLVMValueRef r, LLVMValueRef t, Mod mode)
{
    LLVMValueRef rc = is_half_elem(e, elem_type(r)) ? half_to_f32(e, r) : r; /* compared as f32 */
    LLVMValueRef tz = cst(e, t, 0.0, 0), rz = cst(e, rc, 0.0, 0);
    LLVMValueRef tneg = LLVMBuildFCmp(e->b, LLVMRealOLT, t, tz, "");
    LLVMValueRef tpos = LLVMBuildFCmp(e->b, LLVMRealOGT, t, tz, "");
    switch (mode) {
    case MOD_RM: return LLVMBuildSelect(e->b, tneg, fstep(e, r, false), r, "");
    case MOD_RP: return LLVMBuildSelect(e->b, tpos, fstep(e, r, true), r, "");
    case MOD_RZ: {
        LLVMValueRef rpos = LLVMBuildFCmp(e->b, LLVMRealOGT, rc, rz, "");
        LLVMValueRef rneg = LLVMBuildFCmp(e->b, LLVMRealOLT, rc, rz, "");
        LLVMValueRef down = LLVMBuildAnd(e->b, rpos, tneg, ""), up = LLVMBuildAnd(e->b, rneg, tpos, "");
        LLVMValueRef v = LLVMBuildSelect(e->b, down, fstep(e, r, false), r, "");
        return LLVMBuildSelect(e->b, up, fstep(e, r, true), v, "");
    }
    default: return r;
    }
}

static LLVMValueRef
fma3(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    return call3(e, "llvm.fma", a, b, c);
}

/* Knuth's TwoSum: s + err == a + b exactly. */
static LLVMValueRef
two_sum_err(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef s)
{
    LLVMValueRef bb = LLVMBuildFSub(e->b, s, a, "");
    LLVMValueRef ab = LLVMBuildFSub(e->b, s, bb, "");
    return LLVMBuildFAdd(e->b, LLVMBuildFSub(e->b, a, ab, ""), LLVMBuildFSub(e->b, b, bb, ""), "");
}

/* The sign of a*b + c - r, r = RN(a*b + c), when a*b's TwoProd is exact:
 * Boldo and Muller's ErrFma (TwoProd by fma, TwoSums) gives r2 + r3 ==
 * a*b + c - r exactly with |r3| <= ulp(r2) / 2, so r2 has the sign unless
 * it is zero. */
static LLVMValueRef
err_fma_sign(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c, LLVMValueRef r)
{
    LLVMValueRef u1 = LLVMBuildFMul(e->b, a, b, "");
    LLVMValueRef u2 = fma3(e, a, b, LLVMBuildFNeg(e->b, u1, ""));
    LLVMValueRef a1 = LLVMBuildFAdd(e->b, c, u2, ""), a2 = two_sum_err(e, c, u2, a1);
    LLVMValueRef b1 = LLVMBuildFAdd(e->b, u1, a1, ""), b2 = two_sum_err(e, u1, a1, b1);
    LLVMValueRef g = LLVMBuildFAdd(e->b, LLVMBuildFSub(e->b, b1, r, ""), b2, "");
    LLVMValueRef r2 = LLVMBuildFAdd(e->b, g, a2, ""), r3 = two_sum_err(e, g, a2, r2);
    LLVMValueRef nz = LLVMBuildFCmp(e->b, LLVMRealONE, r2, cst(e, r2, 0.0, 0), "");
    return LLVMBuildSelect(e->b, nz, r2, r3, "");
}

/* fma.f64 with .rz .rm .rp: r = RN(a*b + c) and the sign of the exact
 * error, then round_dir.  ErrFma needs an exact TwoProd, so per lane the
 * problem is scaled by a power of two S (exact): a tiny product (below
 * 2^-900) by 2^1188 (a and b by 2^594 each, c twice), a huge one (above
 * 2^1000) by 2^-64 on the larger factor and on c (bits of a tiny c that
 * drop out are kept apart: they decide only an otherwise exact case).  In
 * the scaled problem r' = RN(S*exact) and the error sign of r' are exact,
 * and S*r is exact; S*r differs from r' only when the exact value lies
 * between them, so the sign of r' - S*r is the answer then.  A tiny product
 * beside |c| >= 2^-800 leaves r == c: the error has the product's sign.  An
 * overflow to infinity from finite operands lies beyond the exact value.
 * An exact zero is -0 under .rm unless both a*b and c are +0. */
static LLVMValueRef
directed_fma64(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c, Mod mode)
{
    LLVMValueRef r = fma3(e, a, b, c), u = LLVMBuildFMul(e->b, a, b, "");
    LLVMValueRef one = cst(e, r, 1.0, 0), zero = cst(e, r, 0.0, 0);
    LLVMValueRef au = call1(e, "llvm.fabs", u);
    LLVMValueRef tiny = LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, au, cst(e, r, 0x1p-900, 0), ""),
                                     LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealONE, a, zero, ""),
                                                  LLVMBuildFCmp(e->b, LLVMRealONE, b, zero, ""), ""), "");
    LLVMValueRef huge = LLVMBuildFCmp(e->b, LLVMRealOGT, au, cst(e, r, 0x1p1000, 0), "");
    LLVMValueRef abig = LLVMBuildFCmp(e->b, LLVMRealOGE, call1(e, "llvm.fabs", a), call1(e, "llvm.fabs", b), "");
    LLVMValueRef up = cst(e, r, 0x1p594, 0), down = cst(e, r, 0x1p-64, 0);
    LLVMValueRef s1 = LLVMBuildSelect(e->b, tiny, up, LLVMBuildSelect(e->b, huge, down, one, ""), "");
    LLVMValueRef s2 = LLVMBuildSelect(e->b, tiny, up, one, "");
    LLVMValueRef inv1 = LLVMBuildSelect(e->b, tiny, cst(e, r, 0x1p-594, 0), LLVMBuildSelect(e->b, huge, cst(e, r, 0x1p64, 0), one, ""), "");
    LLVMValueRef inv2 = LLVMBuildSelect(e->b, tiny, cst(e, r, 0x1p-594, 0), one, "");
    LLVMValueRef sa = LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, huge, LLVMBuildNot(e->b, abig, ""), ""), one, s1, "");
    LLVMValueRef sb = LLVMBuildSelect(e->b, tiny, up, LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, huge, abig, ""), one, s1, ""), "");
    LLVMValueRef a2 = LLVMBuildFMul(e->b, a, sa, ""), b2 = LLVMBuildFMul(e->b, b, sb, "");
    LLVMValueRef c2 = LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, c, s1, ""), s2, "");
    LLVMValueRef rs = LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, r, s1, ""), s2, "");
    LLVMValueRef r2 = fma3(e, a2, b2, c2);
    LLVMValueRef t = err_fma_sign(e, a2, b2, c2, r2);
    LLVMValueRef lost = LLVMBuildFSub(e->b, c, LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, c2, inv1, ""), inv2, ""), "");
    t = LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealOEQ, t, zero, ""), lost, t, "");
    t = LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealONE, r2, rs, ""), LLVMBuildFSub(e->b, r2, rs, ""), t, "");
    LLVMValueRef bigc = LLVMBuildFCmp(e->b, LLVMRealOGE, call1(e, "llvm.fabs", c), cst(e, r, 0x1p-800, 0), "");
    t = LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, tiny, bigc, ""), LLVMBuildFMul(e->b, a2, b2, ""), t, "");
    LLVMValueRef inf = cst(e, r, 1.0 / 0.0, 0);
    LLVMValueRef fin = LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", a), inf, ""),
                                    LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", b), inf, ""),
                                                 LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", c), inf, ""), ""), "");
    LLVMValueRef ovf = LLVMBuildAnd(e->b, fin, LLVMBuildFCmp(e->b, LLVMRealOEQ, call1(e, "llvm.fabs", r), inf, ""), "");
    t = LLVMBuildSelect(e->b, ovf, LLVMBuildFNeg(e->b, r, ""), t, "");
    LLVMValueRef v = round_dir(e, r, t, mode);
    if (mode == MOD_RM) {
        LLVMTypeRef it = shaped(r, e->t_i64);
        LLVMValueRef pos0 = LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, u, it, ""), LLVMConstNull(it), ""),
                                         LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, c, it, ""), LLVMConstNull(it), ""), "");
        LLVMValueRef z = LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOEQ, r, zero, ""), LLVMBuildFCmp(e->b, LLVMRealOEQ, t, zero, ""), "");
        z = LLVMBuildAnd(e->b, z, LLVMBuildNot(e->b, pos0, ""), "");
        v = LLVMBuildSelect(e->b, z, cst(e, r, -0.0, 0), v, "");
    }
    return v;
}

/* IEEE 754 (6.3): an exact zero sum a + b is +0 in every rounding mode but
 * toward minus infinity, where it is -0 unless both summands are +0.  The
 * rounded result r has the right sign otherwise, and under .rm too when the
 * sum is not exactly zero (a tiny positive sum rounds down to +0).  s: the
 * round-to-nearest sum a + b, zero exactly when the sum is (a nonzero sum
 * of two values of s's type is a multiple of its smallest subnormal); a and
 * b: the summands (NULL: not a sum). */
static LLVMValueRef
rm_zero_sum(Emit *e, LLVMValueRef r, Mod mode, LLVMValueRef s, LLVMValueRef a, LLVMValueRef b)
{
    if (mode != MOD_RM || !a)
        return r;
    LLVMTypeRef it = shaped(a, LLVMIntTypeInContext(e->ctx, LLVMGetTypeKind(elem_type(a)) == LLVMDoubleTypeKind ? 64 : 32));
    LLVMValueRef a0 = LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, a, it, ""), LLVMConstNull(it), "");
    LLVMValueRef b0 = LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, b, it, ""), LLVMConstNull(it), "");
    LLVMValueRef zero = LLVMBuildFCmp(e->b, LLVMRealOEQ, s, cst(e, s, 0.0, 0), "");
    LLVMValueRef neg = LLVMBuildAnd(e->b, zero, LLVMBuildNot(e->b, LLVMBuildAnd(e->b, a0, b0, ""), ""), "");
    return LLVMBuildSelect(e->b, neg, cst(e, r, -0.0, 0), r, "");
}

/* x*y - s for the round-to-nearest f64 product s: its sign and whether it
 * is zero are exact.  fma(x, y, -s) is the residual itself, unless the
 * product is below 2^-969, where the residual is no double (it underflows:
 * mul.rp of a product below the smallest subnormal gave 0).  There both
 * factors are below 2^106 (neither is below 2^-1074), so scaled by 2^537
 * each they stay exact and normal, s by 2^1074 is an integer below 2^106,
 * and the scaled residual is exact. */
static LLVMValueRef
mul_residual64(Emit *e, LLVMValueRef x, LLVMValueRef y, LLVMValueRef s)
{
    LLVMValueRef t = fma3(e, x, y, LLVMBuildFNeg(e->b, s, ""));
    LLVMValueRef k = cst(e, s, 0x1p537, 0);
    LLVMValueRef xs = LLVMBuildFMul(e->b, x, k, ""), ys = LLVMBuildFMul(e->b, y, k, "");
    LLVMValueRef ss = LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, s, k, ""), k, "");
    LLVMValueRef ts = fma3(e, xs, ys, LLVMBuildFNeg(e->b, ss, ""));
    LLVMValueRef tiny = LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", s), cst(e, s, 0x1p-969, 0), "");
    return LLVMBuildSelect(e->b, tiny, ts, t, "");
}

/* x is finite (not infinite, not NaN). */
static LLVMValueRef
finite64(Emit *e, LLVMValueRef x)
{
    return LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", x), cst(e, x, INFINITY, 0), "");
}

/* A directed-rounding float operation: add sub mul fma div sqrt rcp.  f32
 * works in f64 (exact products, TwoSum); f64 works with residuals. */
static LLVMValueRef
directed_op(Emit *e, const Instr *in, Opcode op, Mod mode, LLVMValueRef *a, bool f64)
{
    LLVMValueRef x = a[0], y = a[1], z = a[2];
    LLVMTypeRef dt = like(e->t_f64, emit_is_vec(x));
    if (!f64) {
        x = LLVMBuildFPExt(e->b, x, dt, "");
        if (y)
            y = LLVMBuildFPExt(e->b, y, dt, "");
        if (z)
            z = LLVMBuildFPExt(e->b, z, dt, "");
    }
    LLVMValueRef s, t, sum_a = NULL, sum_b = NULL; /* the summands of a sum */
    switch (op) {
    case OP_ADD:
    case OP_SUB:
        if (op == OP_SUB)
            y = LLVMBuildFNeg(e->b, y, "");
        s = LLVMBuildFAdd(e->b, x, y, "");
        t = two_sum_err(e, x, y, s);
        sum_a = x, sum_b = y;
        break;
    case OP_MUL:
        s = LLVMBuildFMul(e->b, x, y, "");
        t = f64 ? mul_residual64(e, x, y, s) : cst(e, s, 0.0, 0);
        break;
    case OP_FMA:
    case OP_MAD:
        if (f64)
            return directed_fma64(e, x, y, z, mode);
        {
            LLVMValueRef p = LLVMBuildFMul(e->b, x, y, ""); /* exact */
            s = LLVMBuildFAdd(e->b, p, z, "");
            t = two_sum_err(e, p, z, s);
            sum_a = p, sum_b = z;
        }
        break;
    case OP_DIV:
    case OP_RCP:
        if (op == OP_RCP)
            y = x, x = cst(e, y, 1.0, 0);
        s = LLVMBuildFDiv(e->b, x, y, "");
        /* x - s*y exactly; its sign times y's is that of x/y - s */
        t = LLVMBuildFMul(e->b, fma3(e, LLVMBuildFNeg(e->b, s, ""), y, x), y, "");
        break;
    case OP_SQRT:
        s = call1(e, "llvm.sqrt", x);
        t = fma3(e, LLVMBuildFNeg(e->b, s, ""), s, x);
        break;
    default:
        emit_unsupported(e, in->loc, arena_printf(e->arena, "directed rounding on %s", opcode_name(op)));
        return a[0];
    }
    if (f64) {
        /* an overflow to infinity from finite operands (no division by
         * zero): the exact value is finite, so it lies on r's near side
         * (.rz gives the largest finite value, not infinity); the residual
         * above is a NaN then */
        LLVMValueRef fin = finite64(e, x);
        if (y)
            fin = LLVMBuildAnd(e->b, fin, finite64(e, y), "");
        if (op == OP_DIV || op == OP_RCP) /* x/0 is an exact infinity */
            fin = LLVMBuildAnd(e->b, fin, LLVMBuildFCmp(e->b, LLVMRealONE, y, cst(e, y, 0.0, 0), ""), "");
        LLVMValueRef inf = LLVMBuildFCmp(e->b, LLVMRealOEQ, call1(e, "llvm.fabs", s), cst(e, s, INFINITY, 0), "");
        t = LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, fin, inf, ""), LLVMBuildFNeg(e->b, s, ""), t, "");
        return rm_zero_sum(e, round_dir(e, s, t, mode), mode, s, sum_a, sum_b);
    }
    LLVMValueRef r = LLVMBuildFPTrunc(e->b, s, like(e->t_f32, emit_is_vec(s)), "");
    LLVMValueRef back = LLVMBuildFPExt(e->b, r, dt, "");
    LLVMValueRef d = LLVMBuildFSub(e->b, s, back, "");
    LLVMValueRef nz = LLVMBuildFCmp(e->b, LLVMRealONE, d, cst(e, d, 0.0, 0), "");
    t = LLVMBuildSelect(e->b, nz, d, t, "");
    return rm_zero_sum(e, round_dir(e, r, t, mode), mode, s, sum_a, sum_b);
}

/* s (f64) to f32 rounded to odd: the nearest f32, moved to its odd
 * neighbour on the side of the exact value when it is inexact.  t (or
 * NULL) is an error term below half an ulp of s: the exact value is s + t.
 * Rounding that to a format at least two bits narrower (f16, bf16) is then
 * the correct rounding of the exact value (Boldo and Melquiond). */
static LLVMValueRef
f64_to_f32_odd(Emit *e, LLVMValueRef s, LLVMValueRef t)
{
    LLVMValueRef r = LLVMBuildFPTrunc(e->b, s, shaped(s, e->t_f32), "");
    LLVMValueRef d = LLVMBuildFSub(e->b, s, LLVMBuildFPExt(e->b, r, LLVMTypeOf(s), ""), "");
    LLVMValueRef dz = cst(e, d, 0.0, 0);
    if (t)
        d = LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealONE, d, dz, ""), d, t, "");
    LLVMValueRef bits = LLVMBuildBitCast(e->b, r, shaped(r, e->t_i32), "");
    LLVMValueRef even = LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildAnd(e->b, bits, cst(e, bits, 0, 1), ""), cst(e, bits, 0, 0), "");
    LLVMValueRef fix = LLVMBuildAnd(e->b, even, LLVMBuildFCmp(e->b, LLVMRealONE, d, dz, ""), "");
    LLVMValueRef up = LLVMBuildFCmp(e->b, LLVMRealOGT, d, dz, "");
    LLVMValueRef odd = LLVMBuildSelect(e->b, up, fstep(e, r, true), fstep(e, r, false), "");
    return LLVMBuildSelect(e->b, fix, odd, r, "");
}

/* Integer to float with a directed mode: r is the nearest; the sign of
 * exact - r comes from converting r back (saturating) and comparing. */
static LLVMValueRef
directed_itof(Emit *e, LLVMValueRef x, PtxType st, LLVMTypeRef T, Mod mode)
{
    bool sg = type_signed(st);
    unsigned w = LLVMGetIntTypeWidth(elem_type(x));
    LLVMValueRef r = sg ? LLVMBuildSIToFP(e->b, x, T, "") : LLVMBuildUIToFP(e->b, x, T, "");
    LLVMTypeRef IT = LLVMTypeOf(x);
    LLVMTypeRef over[] = {IT, T};
    LLVMValueRef back = emit_intrinsic(e, sg ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2, &r, 1);
    double lim = w == 64 ? (sg ? 9223372036854775808.0 : 18446744073709551616.0)
                         : (sg ? 2147483648.0 : 4294967296.0);
    LLVMValueRef over_top = LLVMBuildFCmp(e->b, LLVMRealOGE, r, cst(e, r, lim, 0), "");
    LLVMValueRef gt = LLVMBuildICmp(e->b, sg ? LLVMIntSGT : LLVMIntUGT, x, back, "");
    LLVMValueRef lt = LLVMBuildICmp(e->b, sg ? LLVMIntSLT : LLVMIntULT, x, back, "");
    lt = LLVMBuildOr(e->b, lt, over_top, "");
    gt = LLVMBuildAnd(e->b, gt, LLVMBuildNot(e->b, over_top, ""), "");
    LLVMValueRef t = LLVMBuildSelect(e->b, gt, cst(e, r, 1.0, 0), cst(e, r, 0.0, 0), "");
    t = LLVMBuildSelect(e->b, lt, cst(e, r, -1.0, 0), t, "");
    return round_dir(e, r, t, mode);
}

static bool
directed(Mod m)
{
    return m == MOD_RZ || m == MOD_RM || m == MOD_RP;
}

static bool
plain_rounding(Emit *e, const Instr *in)
{
    Mod r = mod_of_class(in, MC_ROUND);
    if (r == MOD_NONE || r == MOD_RN)
        return true;
    emit_unsupported(e, in->loc, arena_printf(e->arena, "rounding mode .%s on %s", mod_name(r), opcode_name(in->op)));
    return false;
}

/* Float results: .ftz and .sat applied. */
static LLVMValueRef
ffinish(Emit *e, const Instr *in, LLVMValueRef r)
{
    if (instr_has_mod(in, MOD_FTZ))
        r = ftz(e, r);
    if (instr_has_mod(in, MOD_SAT))
        r = fsat(e, r);
    return r;
}

static void
fsources_ftz(Emit *e, const Instr *in, Ops *s, int n)
{
    if (instr_has_mod(in, MOD_FTZ))
        for (int i = 0; i < n; i++)
            s->a[i] = ftz(e, s->a[i]);
}

/* Integer saturating add/sub for .s32 .sat. */
static LLVMValueRef
int_sat(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b)
{
    return call2(e, name, a, b);
}

static LLVMValueRef
widen(Emit *e, LLVMValueRef v, bool sign)
{
    unsigned w = LLVMGetIntTypeWidth(elem_type(v));
    LLVMTypeRef t = like(LLVMIntTypeInContext(e->ctx, 2 * w), emit_is_vec(v));
    return sign ? LLVMBuildSExt(e->b, v, t, "") : LLVMBuildZExt(e->b, v, t, "");
}

static LLVMValueRef
high_half(Emit *e, LLVMValueRef wide, LLVMTypeRef narrow)
{
    unsigned w = LLVMGetIntTypeWidth(narrow);
    LLVMValueRef sh = LLVMBuildLShr(e->b, wide, cst(e, wide, 0, w), "");
    return LLVMBuildTrunc(e->b, sh, like(narrow, emit_is_vec(wide)), "");
}

/* mul and mad: .lo .hi .wide for integers; the product, then the addend. */
static LLVMValueRef
int_mul(Emit *e, const Instr *in, Ops *s, PtxType *out_ty)
{
    bool sign = type_signed(s->ty);
    *out_ty = s->ty;
    if (instr_has_mod(in, MOD_WIDE)) {
        LLVMValueRef p = LLVMBuildMul(e->b, widen(e, s->a[0], sign), widen(e, s->a[1], sign), "");
        *out_ty = type_bits(s->ty) == 16 ? (sign ? TY_S32 : TY_U32) : (sign ? TY_S64 : TY_U64);
        return p;
    }
    if (instr_has_mod(in, MOD_HI)) {
        LLVMValueRef p = LLVMBuildMul(e->b, widen(e, s->a[0], sign), widen(e, s->a[1], sign), "");
        return high_half(e, p, s->t);
    }
    return LLVMBuildMul(e->b, s->a[0], s->a[1], "");
}

/* add.cc addc sub.cc subc mad.lo.cc madc: the carry flag CC.CF lives in a
 * <32 x i1> slot; sub and subc take the borrow. */
static void
emit_carry(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    if (type_bits(ty) != 32 && type_bits(ty) != 64) {
        emit_unsupported(e, in->loc, "carry arithmetic of this type");
        return;
    }
    bool mad = in->op == OP_MAD || in->op == OP_MADC;
    Ops s = sources(e, in, ty, mad ? 3 : 2);
    bool use_cf = in->op == OP_ADDC || in->op == OP_SUBC || in->op == OP_MADC;
    bool set_cf = instr_has_mod(in, MOD_CC);
    bool sub = in->op == OP_SUB || in->op == OP_SUBC;
    LLVMValueRef a = s.a[0], b = s.a[1];
    if (mad) {
        if (instr_has_mod(in, MOD_HI)) {
            bool sg = type_signed(ty);
            a = high_half(e, LLVMBuildMul(e->b, widen(e, s.a[0], sg), widen(e, s.a[1], sg), ""), s.t);
        } else {
            a = LLVMBuildMul(e->b, s.a[0], s.a[1], "");
        }
        b = s.a[2];
    }
    LLVMValueRef cf = NULL;
    if (use_cf) {
        LLVMValueRef c = LLVMBuildLoad2(e->b, e->t_v32i1, e->carry_slot, "cf");
        cf = s.vec ? c : LLVMBuildExtractElement(e->b, c, LLVMConstInt(e->t_i32, 0, 0), "");
        cf = LLVMBuildZExt(e->b, cf, LLVMTypeOf(a), "");
    }
    const char *op = sub ? "llvm.usub.with.overflow" : "llvm.uadd.with.overflow";
    LLVMValueRef r1 = call2(e, op, a, b);
    LLVMValueRef r = LLVMBuildExtractValue(e->b, r1, 0, "");
    LLVMValueRef o = LLVMBuildExtractValue(e->b, r1, 1, "");
    if (cf) {
        LLVMValueRef r2 = call2(e, op, r, cf);
        r = LLVMBuildExtractValue(e->b, r2, 0, "");
        o = LLVMBuildOr(e->b, o, LLVMBuildExtractValue(e->b, r2, 1, ""), "");
    }
    if (set_cf) {
        LLVMValueRef old = LLVMBuildLoad2(e->b, e->t_v32i1, e->carry_slot, "");
        LLVMValueRef nv = emit_splat(e, o);
        if (s.vec && e->partial)
            nv = LLVMBuildSelect(e->b, emit_mask_vec(e, e->imask ? e->imask : emit_mask(e)), nv, old, "");
        LLVMBuildStore(e->b, nv, e->carry_slot);
    }
    inst_write(e, &in->opnd[0], ty, r);
}

/* A canonical NaN shaped like v (f32 or f64; rounds to f16's and bf16's
 * canonical 0x7fff as well). */
static LLVMValueRef
canonical_nan(Emit *e, LLVMValueRef v)
{
    bool d = elem_type(v) == e->t_f64;
    LLVMValueRef bits = cst(e, LLVMBuildBitCast(e->b, v, shaped(v, d ? e->t_i64 : e->t_i32), ""), 0,
                            d ? 0x7fffffffffffffffull : 0x7fffffff);
    return LLVMBuildBitCast(e->b, bits, LLVMTypeOf(v), "");
}

/* min and max of floats (f32, f64, or halves widened to f32) as the ISA
 * writes them: (a < b) ? a : b, so equal operands (+0, -0) give b; a NaN
 * operand gives the other one (.NaN: a canonical NaN), two give a
 * canonical NaN.  .xorsign.abs compares magnitudes and gives a non-NaN
 * result the xor of the operands' signs. */
static LLVMValueRef
fminmax(Emit *e, const Instr *in, LLVMValueRef a, LLVMValueRef b, bool mx)
{
    bool xs = instr_has_mod(in, MOD_XORSIGN);
    LLVMTypeRef it = shaped(a, elem_type(a) == e->t_f64 ? e->t_i64 : e->t_i32);
    LLVMValueRef sign = NULL;
    if (xs) {
        LLVMValueRef ab = LLVMBuildBitCast(e->b, a, it, ""), bb = LLVMBuildBitCast(e->b, b, it, "");
        unsigned w = LLVMGetIntTypeWidth(elem_type(ab));
        sign = LLVMBuildAnd(e->b, LLVMBuildXor(e->b, ab, bb, ""), cst(e, ab, 0, 1ull << (w - 1)), "");
        a = call1(e, "llvm.fabs", a), b = call1(e, "llvm.fabs", b);
    }
    LLVMValueRef pick_a = LLVMBuildFCmp(e->b, mx ? LLVMRealOGT : LLVMRealOLT, a, b, "");
    LLVMValueRef r = LLVMBuildSelect(e->b, pick_a, a, b, "");
    LLVMValueRef bnan = LLVMBuildFCmp(e->b, LLVMRealUNO, b, b, ""), anan = LLVMBuildFCmp(e->b, LLVMRealUNO, a, a, "");
    r = LLVMBuildSelect(e->b, bnan, a, r, "");
    LLVMValueRef nan = instr_has_mod(in, MOD_NANMOD) ? LLVMBuildOr(e->b, anan, bnan, "") : LLVMBuildAnd(e->b, anan, bnan, "");
    if (xs) { /* r is not negative here */
        LLVMValueRef rb = LLVMBuildOr(e->b, LLVMBuildBitCast(e->b, r, it, ""), sign, "");
        r = LLVMBuildBitCast(e->b, rb, LLVMTypeOf(a), "");
    }
    return LLVMBuildSelect(e->b, nan, canonical_nan(e, r), r, "");
}

/* .relu: negative results (and -0) become +0, NaN a canonical NaN */
static LLVMValueRef
frelu(Emit *e, LLVMValueRef r)
{
    LLVMValueRef neg = LLVMBuildFCmp(e->b, LLVMRealOLE, r, cst(e, r, 0.0, 0), "");
    r = LLVMBuildSelect(e->b, neg, cst(e, r, 0.0, 0), r, "");
    return LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealUNO, r, r, ""), canonical_nan(e, r), r, "");
}

/* rcp sqrt rsqrt sin cos lg2 ex2 tanh of x (f32 or f64), to within
 * every .approx bound */
static LLVMValueRef
fmath(Emit *e, Opcode op, LLVMValueRef x)
{
    switch (op) {
    case OP_RCP: return LLVMBuildFDiv(e->b, cst(e, x, 1.0, 0), x, "");
    case OP_SQRT: return call1(e, "llvm.sqrt", x);
    case OP_RSQRT: return LLVMBuildFDiv(e->b, cst(e, x, 1.0, 0), call1(e, "llvm.sqrt", x), "");
    case OP_SIN: return call1(e, "llvm.sin", x);
    case OP_COS: return call1(e, "llvm.cos", x);
    case OP_LG2: return call1(e, "llvm.log2", x);
    case OP_EX2: return call1(e, "llvm.exp2", x);
    case OP_TANH: {
        /* tanh x = 1 - 2 / (exp(2x) + 1), exact at the ends; near 0, where
         * that cancels, x (1 - x^2 / 3) (relative error below x^4 / 7) */
        LLVMValueRef e2 = call1(e, "llvm.exp", LLVMBuildFMul(e->b, x, cst(e, x, 2.0, 0), ""));
        LLVMValueRef v = LLVMBuildFSub(e->b, cst(e, x, 1.0, 0),
                                       LLVMBuildFDiv(e->b, cst(e, x, 2.0, 0), LLVMBuildFAdd(e->b, e2, cst(e, x, 1.0, 0), ""), ""), "");
        LLVMValueRef x2 = LLVMBuildFMul(e->b, x, x, "");
        LLVMValueRef small = LLVMBuildFMul(e->b, x, LLVMBuildFSub(e->b, cst(e, x, 1.0, 0), LLVMBuildFDiv(e->b, x2, cst(e, x, 3.0, 0), ""), ""), "");
        LLVMValueRef near0 = LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", x), cst(e, x, 0.03, 0), "");
        return LLVMBuildSelect(e->b, near0, small, v, "");
    }
    default: die("fmath");
    }
}

/* .ftz on f16 or bf16 bits (any shape): a subnormal becomes the zero of
 * its sign. */
static LLVMValueRef
half_ftz_bits(Emit *e, LLVMValueRef h, bool bf)
{
    LLVMValueRef ex = LLVMBuildAnd(e->b, h, cst(e, h, 0, bf ? 0x7f80 : 0x7c00), "");
    LLVMValueRef sub = LLVMBuildICmp(e->b, LLVMIntEQ, ex, cst(e, h, 0, 0), "");
    return LLVMBuildSelect(e->b, sub, LLVMBuildAnd(e->b, h, cst(e, h, 0, 0x8000), ""), h, "");
}

/* add sub mul fma mad min max neg abs ex2 tanh on f16, bf16, f16x2, bf16x2: the
 * halves widened to f32 (a packed register is <2 x i16>, <64 x i16> for a
 * warp), computed there and rounded once to the half type.  add, sub and
 * mul are exact or correctly rounded in f32 and f32 has more than twice
 * the halves' precision plus two bits, so rounding again is innocuous;
 * fma adds the exact product in f64 and rounds to odd in f32 first. */
static void
emit_half_arith(Emit *e, const Instr *in, PtxType ty)
{
    bool packed = ty == TY_F16X2 || ty == TY_BF16X2, bf = ty == TY_BF16 || ty == TY_BF16X2;
    int nsrc = in->nopnd - 1;
    Opcode op = in->op;
    if (!(op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_FMA || op == OP_MAD || op == OP_NEG ||
          op == OP_ABS || op == OP_EX2 || op == OP_TANH || ((op == OP_MIN || op == OP_MAX) && nsrc == 2))) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "%s.%s", opcode_name(op), type_name(ty)));
        return;
    }
    if (!plain_rounding(e, in))
        return;
    LLVMTypeRef ht = bf ? e->t_bf16 : e->t_f16;
    Ops s = sources(e, in, packed ? TY_B32 : ty, nsrc);
    LLVMValueRef h[3], x[3];
    bool ftz_on = instr_has_mod(in, MOD_FTZ);
    for (int i = 0; i < nsrc; i++) {
        LLVMTypeRef it = packed ? LLVMVectorType(e->t_i16, s.vec ? 2 * WARP : 2) : like(e->t_i16, s.vec);
        h[i] = LLVMBuildBitCast(e->b, s.a[i], it, "");
        if (ftz_on)
            h[i] = half_ftz_bits(e, h[i], bf);
        x[i] = LLVMBuildBitCast(e->b, h[i], shaped(h[i], ht), "");
        x[i] = half_to_f32(e, x[i]);
    }
    LLVMValueRef r, bits;
    if (op == OP_NEG || op == OP_ABS) { /* the sign bit only */
        bits = op == OP_NEG ? LLVMBuildXor(e->b, h[0], cst(e, h[0], 0, 0x8000), "")
                            : LLVMBuildAnd(e->b, h[0], cst(e, h[0], 0, 0x7fff), "");
    } else {
        switch (op) {
        case OP_ADD: r = LLVMBuildFAdd(e->b, x[0], x[1], ""); break;
        case OP_SUB: r = LLVMBuildFSub(e->b, x[0], x[1], ""); break;
        case OP_MUL: r = LLVMBuildFMul(e->b, x[0], x[1], ""); break;
        case OP_MIN:
        case OP_MAX: r = fminmax(e, in, x[0], x[1], op == OP_MAX); break;
        case OP_EX2:
        case OP_TANH: r = fmath(e, op, x[0]); break;
        default: { /* fma mad */
            LLVMTypeRef dt = shaped(x[0], e->t_f64);
            LLVMValueRef a = LLVMBuildFPExt(e->b, x[0], dt, ""), b = LLVMBuildFPExt(e->b, x[1], dt, "");
            LLVMValueRef c = LLVMBuildFPExt(e->b, x[2], dt, "");
            LLVMValueRef p = LLVMBuildFMul(e->b, a, b, ""); /* exact */
            LLVMValueRef sum = LLVMBuildFAdd(e->b, p, c, "");
            r = f64_to_f32_odd(e, sum, two_sum_err(e, p, c, sum));
            break;
        }
        }
        if (instr_has_mod(in, MOD_RELU))
            r = frelu(e, r);
        if (instr_has_mod(in, MOD_SAT))
            r = fsat(e, r);
        bits = bf ? f32_to_bf16_bits(e, r) : f32_to_f16_bits(e, r);
    }
    if (ftz_on)
        bits = half_ftz_bits(e, bits, bf);
    inst_write(e, &in->opnd[0], packed ? TY_B32 : TY_B16, LLVMBuildBitCast(e->b, bits, packed ? like(e->t_i32, s.vec) : LLVMTypeOf(bits), ""));
}

static void
emit_arith(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    const Operand *d = &in->opnd[0];
    int nsrc = in->nopnd - 1;
    if (instr_has_mod(in, MOD_CC) || in->op == OP_ADDC || in->op == OP_SUBC || in->op == OP_MADC) {
        emit_carry(e, in);
        return;
    }
    if (ty == TY_F16 || ty == TY_BF16 || ty == TY_F16X2 || ty == TY_BF16X2) {
        emit_half_arith(e, in, ty);
        return;
    }
    /* u16x2 s16x2: add, and min/max (.relu on s16x2) per half */
    bool ipacked = ty == TY_U16X2 || ty == TY_S16X2;
    if (ipacked && !(in->op == OP_ADD || in->op == OP_MIN || in->op == OP_MAX)) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "%s.%s", opcode_name(in->op), type_name(ty)));
        return;
    }
    Ops s = sources(e, in, ipacked ? TY_B32 : ty, nsrc);
    if (ipacked) /* two halves a register: <2 x i16>, or <64 x i16> a warp */
        for (int i = 0; i < nsrc; i++)
            s.a[i] = LLVMBuildBitCast(e->b, s.a[i], LLVMVectorType(e->t_i16, s.vec ? 2 * WARP : 2), "");
    bool f = is_float(ty);
    bool sign = type_signed(ty) || ty == TY_S16X2;
    LLVMValueRef r = NULL;
    PtxType rty = ty;
    if (f) {
        fsources_ftz(e, in, &s, nsrc);
        Mod rm = mod_of_class(in, MC_ROUND);
        if (directed(rm) && (ty == TY_F32 || ty == TY_F64)) {
            r = directed_op(e, in, in->op, rm, s.a, ty == TY_F64);
            inst_write(e, d, ty, ffinish(e, in, r));
            return;
        }
        if (!plain_rounding(e, in))
            return;
    }
    switch (in->op) {
    case OP_ADD:
        r = f ? LLVMBuildFAdd(e->b, s.a[0], s.a[1], "")
            : instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.sadd.sat", s.a[0], s.a[1])
                                   : LLVMBuildAdd(e->b, s.a[0], s.a[1], "");
        break;
    case OP_SUB:
        r = f ? LLVMBuildFSub(e->b, s.a[0], s.a[1], "")
            : instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.ssub.sat", s.a[0], s.a[1])
                                   : LLVMBuildSub(e->b, s.a[0], s.a[1], "");
        break;
    case OP_MUL:
        r = f ? LLVMBuildFMul(e->b, s.a[0], s.a[1], "") : int_mul(e, in, &s, &rty);
        break;
    case OP_MAD:
    case OP_FMA:
        if (f) {
            r = call3(e, "llvm.fma", s.a[0], s.a[1], s.a[2]);
        } else {
            r = int_mul(e, in, &s, &rty);
            LLVMValueRef c = rty != ty ? inst_operand(e, &in->opnd[3], rty, s.vec) : s.a[2];
            r = instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.sadd.sat", r, c) : LLVMBuildAdd(e->b, r, c, "");
        }
        break;
    case OP_MUL24:
    case OP_MAD24: {
        /* 24-bit operands: the low 24 bits, sign- or zero-extended */
        for (int i = 0; i < 2; i++) {
            LLVMValueRef sh = cst(e, s.a[i], 0, 8);
            s.a[i] = sign ? LLVMBuildAShr(e->b, LLVMBuildShl(e->b, s.a[i], sh, ""), sh, "")
                          : LLVMBuildAnd(e->b, s.a[i], cst(e, s.a[i], 0, 0xffffff), "");
        }
        LLVMValueRef p;
        if (instr_has_mod(in, MOD_HI)) {
            p = LLVMBuildMul(e->b, widen(e, s.a[0], sign), widen(e, s.a[1], sign), "");
            p = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, p, cst(e, p, 0, 16), ""), like(s.t, s.vec), "");
        } else {
            p = LLVMBuildMul(e->b, s.a[0], s.a[1], "");
        }
        if (in->op != OP_MAD24)
            r = p;
        else /* .sat: mad24.hi.sat.s32 clamps the sum */
            r = instr_has_mod(in, MOD_SAT) ? int_sat(e, "llvm.sadd.sat", p, s.a[2]) : LLVMBuildAdd(e->b, p, s.a[2], "");
        break;
    }
    case OP_SAD: {
        LLVMValueRef lt = LLVMBuildICmp(e->b, sign ? LLVMIntSLT : LLVMIntULT, s.a[0], s.a[1], "");
        LLVMValueRef diff = LLVMBuildSelect(e->b, lt, LLVMBuildSub(e->b, s.a[1], s.a[0], ""),
                                            LLVMBuildSub(e->b, s.a[0], s.a[1], ""), "");
        r = LLVMBuildAdd(e->b, diff, s.a[2], "");
        break;
    }
    case OP_DIV:
        if (f) {
            r = LLVMBuildFDiv(e->b, s.a[0], s.a[1], "");
        } else {
            /* PTX: x / 0 is all ones for unsigned; never a host trap.  Lanes
             * that are off divide by 1. */
            LLVMValueRef zero = cst(e, s.a[1], 0, 0);
            LLVMValueRef isz = LLVMBuildICmp(e->b, LLVMIntEQ, s.a[1], zero, "");
            LLVMValueRef safe = LLVMBuildSelect(e->b, isz, cst(e, s.a[1], 0, 1), s.a[1], "");
            if (sign) { /* INT_MIN / -1 overflows: PTX gives INT_MIN */
                unsigned w = LLVMGetIntTypeWidth(s.t);
                LLVMValueRef m1 = LLVMBuildICmp(e->b, LLVMIntEQ, safe, cst(e, safe, 0, ~0ull), "");
                safe = LLVMBuildSelect(e->b, m1, cst(e, safe, 0, 1), safe, "");
                LLVMValueRef q = LLVMBuildSDiv(e->b, s.a[0], safe, "");
                q = LLVMBuildSelect(e->b, m1, LLVMBuildNeg(e->b, s.a[0], ""), q, "");
                (void)w;
                r = LLVMBuildSelect(e->b, isz, cst(e, q, 0, ~0ull), q, "");
            } else {
                LLVMValueRef q = LLVMBuildUDiv(e->b, s.a[0], safe, "");
                r = LLVMBuildSelect(e->b, isz, cst(e, q, 0, ~0ull), q, "");
            }
        }
        break;
    case OP_REM: {
        LLVMValueRef zero = cst(e, s.a[1], 0, 0);
        LLVMValueRef isz = LLVMBuildICmp(e->b, LLVMIntEQ, s.a[1], zero, "");
        LLVMValueRef safe = LLVMBuildSelect(e->b, isz, cst(e, s.a[1], 0, 1), s.a[1], "");
        if (sign) {
            LLVMValueRef m1 = LLVMBuildICmp(e->b, LLVMIntEQ, safe, cst(e, safe, 0, ~0ull), "");
            safe = LLVMBuildSelect(e->b, m1, cst(e, safe, 0, 1), safe, "");
            r = LLVMBuildSRem(e->b, s.a[0], safe, ""); /* x % -1 == 0 == x % 1 */
        } else {
            r = LLVMBuildURem(e->b, s.a[0], safe, "");
        }
        r = LLVMBuildSelect(e->b, isz, s.a[0], r, "");
        break;
    }
    case OP_ABS:
        r = f ? call1(e, "llvm.fabs", s.a[0])
              : call2(e, "llvm.abs", s.a[0], LLVMConstInt(e->t_i1, 0, 0));
        if (!f) { /* llvm.abs's second operand must be a scalar constant */
        }
        break;
    case OP_NEG: r = f ? LLVMBuildFNeg(e->b, s.a[0], "") : LLVMBuildNeg(e->b, s.a[0], ""); break;
    case OP_MIN:
    case OP_MAX: {
        bool mx = in->op == OP_MAX;
        if (nsrc == 3 && !f) {
            emit_unsupported(e, in->loc, arena_printf(e->arena, "%s.%s with three sources", opcode_name(in->op), type_name(ty)));
            return;
        }
        if (f && instr_has_mod(in, MOD_ABS) && !instr_has_mod(in, MOD_XORSIGN))
            for (int i = 0; i < nsrc; i++)
                s.a[i] = call1(e, "llvm.fabs", s.a[i]);
        if (f) {
            r = fminmax(e, in, s.a[0], s.a[1], mx);
            if (nsrc == 3)
                r = fminmax(e, in, r, s.a[2], mx);
        } else {
            r = call2(e, mx ? (sign ? "llvm.smax" : "llvm.umax") : (sign ? "llvm.smin" : "llvm.umin"), s.a[0], s.a[1]);
        }
        if (instr_has_mod(in, MOD_RELU))
            r = f ? call2(e, "llvm.maxnum", r, cst(e, r, 0.0, 0)) : call2(e, "llvm.smax", r, cst(e, r, 0, 0));
        break;
    }
    default: die("emit_arith: %s", opcode_name(in->op));
    }
    if (f)
        r = ffinish(e, in, r);
    if (ipacked)
        r = LLVMBuildBitCast(e->b, r, like(e->t_i32, s.vec), "");
    else if (!f && instr_has_mod(in, MOD_SAT) && in->op != OP_ADD && in->op != OP_SUB && in->op != OP_MAD &&
             !(in->op == OP_MAD24 && instr_has_mod(in, MOD_HI) && sign)) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "%s.sat", opcode_name(in->op)));
        return;
    }
    inst_write(e, d, rty, r);
}

/* rcp sqrt rsqrt sin cos lg2 ex2 tanh: .approx within PTX's bounds is the
 * exact result here (and correctly rounded .rn is exact too). */
static void
emit_math(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    if (ty == TY_F16 || ty == TY_BF16 || ty == TY_F16X2 || ty == TY_BF16X2) {
        emit_half_arith(e, in, ty);
        return;
    }
    if (!is_float(ty)) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "%s.%s", opcode_name(in->op), type_name(ty)));
        return;
    }
    Mod r = mod_of_class(in, MC_ROUND);
    Ops s = sources(e, in, ty, 1);
    fsources_ftz(e, in, &s, 1);
    if (directed(r) && (in->op == OP_SQRT || in->op == OP_RCP)) {
        s.a[1] = s.a[2] = NULL;
        LLVMValueRef v = directed_op(e, in, in->op, r, s.a, ty == TY_F64);
        inst_write(e, &in->opnd[0], ty, ffinish(e, in, v));
        return;
    }
    if (r != MOD_NONE && r != MOD_RN) {
        plain_rounding(e, in);
        return;
    }
    inst_write(e, &in->opnd[0], ty, ffinish(e, in, fmath(e, in->op, s.a[0])));
}

/* ------------------------------------------------------------- compare */

static LLVMValueRef
compare(Emit *e, const Instr *in, Mod cmp, PtxType ty, LLVMValueRef a, LLVMValueRef b)
{
    if (is_float(ty)) {
        LLVMRealPredicate p;
        switch (cmp) {
        case MOD_EQ: p = LLVMRealOEQ; break;
        case MOD_NE: p = LLVMRealONE; break;
        case MOD_LT: p = LLVMRealOLT; break;
        case MOD_LE: p = LLVMRealOLE; break;
        case MOD_GT: p = LLVMRealOGT; break;
        case MOD_GE: p = LLVMRealOGE; break;
        case MOD_EQU: p = LLVMRealUEQ; break;
        case MOD_NEU: p = LLVMRealUNE; break;
        case MOD_LTU: p = LLVMRealULT; break;
        case MOD_LEU: p = LLVMRealULE; break;
        case MOD_GTU: p = LLVMRealUGT; break;
        case MOD_GEU: p = LLVMRealUGE; break;
        case MOD_NUM: p = LLVMRealORD; break;
        case MOD_NAN: p = LLVMRealUNO; break;
        default: emit_unsupported(e, in->loc, "this comparison"); return a;
        }
        if (is_half_elem(e, elem_type(a))) {
            bool bf = elem_type(a) == e->t_bf16;
            LLVMValueRef ab = LLVMBuildBitCast(e->b, a, shaped(a, e->t_i16), "");
            LLVMValueRef bb = LLVMBuildBitCast(e->b, b, shaped(b, e->t_i16), "");
            if (instr_has_mod(in, MOD_FTZ))
                ab = half_ftz_bits(e, ab, bf), bb = half_ftz_bits(e, bb, bf);
            a = bf ? bf16_bits_to_f32(e, ab) : f16_bits_to_f32(e, ab);
            b = bf ? bf16_bits_to_f32(e, bb) : f16_bits_to_f32(e, bb);
        } else if (instr_has_mod(in, MOD_FTZ)) {
            a = ftz(e, a), b = ftz(e, b);
        }
        return LLVMBuildFCmp(e->b, p, a, b, "");
    }
    bool sg = type_signed(ty);
    LLVMIntPredicate p;
    switch (cmp) {
    case MOD_EQ: p = LLVMIntEQ; break;
    case MOD_NE: p = LLVMIntNE; break;
    case MOD_LT: p = sg ? LLVMIntSLT : LLVMIntULT; break;
    case MOD_LE: p = sg ? LLVMIntSLE : LLVMIntULE; break;
    case MOD_GT: p = sg ? LLVMIntSGT : LLVMIntUGT; break;
    case MOD_GE: p = sg ? LLVMIntSGE : LLVMIntUGE; break;
    case MOD_LO: p = LLVMIntULT; break;
    case MOD_LS: p = LLVMIntULE; break;
    case MOD_HI: p = LLVMIntUGT; break;
    case MOD_HS: p = LLVMIntUGE; break;
    default: emit_unsupported(e, in->loc, "this comparison"); return a;
    }
    return LLVMBuildICmp(e->b, p, a, b, "");
}

static LLVMValueRef
combine(Emit *e, Mod op, LLVMValueRef a, LLVMValueRef c)
{
    switch (op) {
    case MOD_AND: return LLVMBuildAnd(e->b, a, c, "");
    case MOD_OR: return LLVMBuildOr(e->b, a, c, "");
    case MOD_XOR: return LLVMBuildXor(e->b, a, c, "");
    default: return a;
    }
}

static Mod
cmp_mod(const Instr *in)
{
    for (int i = 0; i < in->nmods; i++)
        if (mod_classes(in->mods[i]) & MC_CMP)
            return in->mods[i];
    return MOD_NONE;
}

static Mod
bool_mod(const Instr *in)
{
    bool seen_cmp = false;
    for (int i = 0; i < in->nmods; i++) {
        if (!seen_cmp && (mod_classes(in->mods[i]) & MC_CMP)) {
            seen_cmp = true;
            continue;
        }
        if (in->mods[i] == MOD_AND || in->mods[i] == MOD_OR || in->mods[i] == MOD_XOR)
            return in->mods[i];
    }
    return MOD_NONE;
}

/* setp.CMP[.BOOL].f16x2 p|q, a, b[, c]: p from the low halves, q from the
 * high ones.  set.CMP[.BOOL].D.f16x2 d, a, b[, c]: each half of d is 1.0
 * (in D = f16x2 or bf16x2) or 0xffff (D = u32, s32) where its comparison
 * holds, else 0.  Each register is two halves: <2 x half>, or <64 x half>
 * for a warp (lane l's halves at 2l and 2l+1). */
static void
emit_setp_packed(Emit *e, const Instr *in, PtxType ty, Mod cmp, Mod bop)
{
    const Operand *d = &in->opnd[0];
    bool set = in->op == OP_SET;
    PtxType dty = set ? in->type[0] : TY_PRED;
    if (set ? (d->kind != OPD_REG || !(dty == ty || dty == TY_U32 || dty == TY_S32)) : d->kind != OPD_PAIR) {
        emit_unsupported(e, in->loc, set ? arena_printf(e->arena, "set.%s.%s", type_name(dty), type_name(ty))
                                         : arena_printf(e->arena, "%s.%s without a p|q pair", opcode_name(in->op), type_name(ty)));
        return;
    }
    bool vec = set ? e->fi->reg_varying[d->reg] : e->fi->reg_varying[d->sub[0].reg] || e->fi->reg_varying[d->sub[1].reg];
    for (int i = 1; i < in->nopnd; i++)
        vec |= operand_varying(e, &in->opnd[i]);
    LLVMTypeRef ht = ty == TY_F16X2 ? e->t_f16 : e->t_bf16;
    unsigned n = vec ? 2 * WARP : 2;
    LLVMValueRef a = LLVMBuildBitCast(e->b, inst_operand(e, &in->opnd[1], TY_B32, vec), LLVMVectorType(ht, n), "");
    LLVMValueRef b = LLVMBuildBitCast(e->b, inst_operand(e, &in->opnd[2], TY_B32, vec), LLVMVectorType(ht, n), "");
    LLVMValueRef r = compare(e, in, cmp, TY_F32, a, b);
    LLVMValueRef halves[2];
    for (int h = 0; h < 2; h++) {
        LLVMValueRef idx[WARP];
        for (unsigned l = 0; l < n / 2; l++)
            idx[l] = LLVMConstInt(e->t_i32, 2 * l + (unsigned)h, 0);
        halves[h] = vec ? LLVMBuildShuffleVector(e->b, r, LLVMGetUndef(LLVMTypeOf(r)), LLVMConstVector(idx, WARP), "")
                        : LLVMBuildExtractElement(e->b, r, idx[0], "");
    }
    LLVMValueRef c = in->nopnd > 3 ? inst_operand(e, &in->opnd[3], TY_PRED, vec) : NULL;
    for (int h = 0; h < 2; h++)
        halves[h] = c ? combine(e, bop, halves[h], c) : halves[h];
    if (!set) {
        for (int h = 0; h < 2; h++)
            inst_write(e, &d->sub[h], TY_PRED, halves[h]);
        return;
    }
    LLVMTypeRef it = like(e->t_i32, vec);
    unsigned long long one = dty == TY_F16X2 ? 0x3c00 : dty == TY_BF16X2 ? 0x3f80 : 0xffff;
    LLVMValueRef v = LLVMConstNull(it);
    for (int h = 0; h < 2; h++) {
        LLVMValueRef x = LLVMBuildSelect(e->b, halves[h], cst(e, v, 0, one << 16 * h), LLVMConstNull(it), "");
        v = LLVMBuildOr(e->b, v, x, "");
    }
    inst_write(e, d, TY_B32, v);
}

/* setp.CMP[.BOOL].T p[|q], a, b[, c]  and  set.CMP[.BOOL].D.T d, a, b[, c] */
static void
emit_setp(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Mod cmp = cmp_mod(in), bop = bool_mod(in);
    bool set = in->op == OP_SET;
    if (ty == TY_F16X2 || ty == TY_BF16X2) {
        emit_setp_packed(e, in, ty, cmp, bop);
        return;
    }
    PtxType dty = set ? in->type[0] : TY_PRED;
    const Operand *d = &in->opnd[0];
    Ops s = {.ty = ty, .t = inst_llvm_type(e, ty)};
    s.vec = d->kind == OPD_PAIR ? e->fi->reg_varying[d->sub[0].reg] : operand_varying(e, d);
    for (int i = 1; i < in->nopnd; i++)
        s.vec |= operand_varying(e, &in->opnd[i]);
    LLVMValueRef a = inst_operand(e, &in->opnd[1], ty, s.vec);
    LLVMValueRef b = inst_operand(e, &in->opnd[2], ty, s.vec);
    LLVMValueRef c = in->nopnd > 3 ? inst_operand(e, &in->opnd[3], TY_PRED, s.vec) : NULL;
    LLVMValueRef r = compare(e, in, cmp, ty, a, b);
    LLVMValueRef p = c ? combine(e, bop, r, c) : r;
    if (set) {
        LLVMTypeRef dt = inst_llvm_type(e, dty);
        LLVMValueRef one = is_float(dty) ? LLVMConstReal(dt, 1.0) : LLVMConstInt(dt, ~0ull, 0);
        LLVMValueRef v = LLVMBuildSelect(e->b, p, s.vec ? emit_splat(e, one) : one,
                                         LLVMConstNull(like(dt, s.vec)), "");
        inst_write(e, d, dty, v);
        return;
    }
    if (d->kind == OPD_PAIR) {
        inst_write(e, &d->sub[0], TY_PRED, p);
        LLVMValueRef nr = LLVMBuildNot(e->b, r, "");
        inst_write(e, &d->sub[1], TY_PRED, c ? combine(e, bop, nr, c) : nr);
        return;
    }
    inst_write(e, d, TY_PRED, p);
}

static void
emit_selp(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Ops s = sources(e, in, ty, 2);
    s.vec |= operand_varying(e, &in->opnd[3]);
    if (s.vec)
        s.a[0] = emit_splat(e, s.a[0]), s.a[1] = emit_splat(e, s.a[1]);
    LLVMValueRef c;
    if (in->op == OP_SELP) {
        c = inst_operand(e, &in->opnd[3], TY_PRED, s.vec);
    } else { /* slct.d.s: c >= 0 */
        PtxType cty = in->type[1];
        LLVMValueRef cv = inst_operand(e, &in->opnd[3], cty, s.vec);
        c = is_float(cty) ? LLVMBuildFCmp(e->b, LLVMRealOGE, instr_has_mod(in, MOD_FTZ) ? ftz(e, cv) : cv, cst(e, cv, 0.0, 0), "")
                          : LLVMBuildICmp(e->b, LLVMIntSGE, cv, cst(e, cv, 0, 0), "");
        ty = in->type[0];
    }
    inst_write(e, &in->opnd[0], ty, LLVMBuildSelect(e->b, c, s.a[0], s.a[1], ""));
}

/* --------------------------------------------------------------- logic */

static void
emit_logic(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    int n = in->op == OP_NOT || in->op == OP_CNOT ? 1 : 2;
    Ops s = sources(e, in, ty, n);
    LLVMValueRef r;
    switch (in->op) {
    case OP_AND: r = LLVMBuildAnd(e->b, s.a[0], s.a[1], ""); break;
    case OP_OR: r = LLVMBuildOr(e->b, s.a[0], s.a[1], ""); break;
    case OP_XOR: r = LLVMBuildXor(e->b, s.a[0], s.a[1], ""); break;
    case OP_NOT: r = LLVMBuildNot(e->b, s.a[0], ""); break;
    case OP_CNOT:
        r = LLVMBuildZExt(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, s.a[0], cst(e, s.a[0], 0, 0), ""),
                          LLVMTypeOf(s.a[0]), "");
        break;
    default: die("emit_logic");
    }
    inst_write(e, &in->opnd[0], ty, r);
}

/* shl, shr: shift amounts past the width give 0 (or the sign). */
static void
emit_shift(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Ops s = sources(e, in, ty, 1);
    LLVMValueRef amt = inst_operand(e, &in->opnd[2], TY_U32, s.vec);
    unsigned w = LLVMGetIntTypeWidth(s.t);
    LLVMValueRef a = convert_bits(e, amt, s.t, false);
    if (w < 32)
        amt = LLVMBuildTrunc(e->b, amt, like(s.t, s.vec), ""), a = amt;
    LLVMValueRef big = LLVMBuildICmp(e->b, LLVMIntUGE, amt, cst(e, amt, 0, w), "");
    LLVMValueRef clamped = LLVMBuildSelect(e->b, big, cst(e, a, 0, w - 1), a, "");
    LLVMValueRef r;
    if (in->op == OP_SHL) {
        r = LLVMBuildSelect(e->b, big, cst(e, s.a[0], 0, 0), LLVMBuildShl(e->b, s.a[0], clamped, ""), "");
    } else if (type_signed(ty)) {
        r = LLVMBuildAShr(e->b, s.a[0], clamped, "");
    } else {
        r = LLVMBuildSelect(e->b, big, cst(e, s.a[0], 0, 0), LLVMBuildLShr(e->b, s.a[0], clamped, ""), "");
    }
    inst_write(e, &in->opnd[0], ty, r);
}

static void
emit_bits(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    Ops s = sources(e, in, ty, in->nopnd - 1);
    unsigned w = LLVMGetIntTypeWidth(s.t);
    LLVMValueRef r;
    PtxType rty = ty;
    switch (in->op) {
    case OP_POPC:
        r = call1(e, "llvm.ctpop", s.a[0]);
        rty = TY_U32;
        break;
    case OP_CLZ:
        r = call2(e, "llvm.ctlz", s.a[0], LLVMConstInt(e->t_i1, 0, 0));
        rty = TY_U32;
        break;
    case OP_BREV: r = call1(e, "llvm.bitreverse", s.a[0]); break;
    case OP_BFIND: {
        /* position of the most significant non-sign bit, 0xffffffff if none */
        LLVMValueRef x = s.a[0];
        if (type_signed(ty))
            x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, x, cst(e, x, 0, 0), ""), LLVMBuildNot(e->b, x, ""), x, "");
        LLVMValueRef lz = call2(e, "llvm.ctlz", x, LLVMConstInt(e->t_i1, 0, 0));
        LLVMValueRef pos = LLVMBuildSub(e->b, cst(e, lz, 0, w - 1), lz, "");
        if (instr_has_mod(in, MOD_SHIFTAMT))
            pos = LLVMBuildSub(e->b, cst(e, lz, 0, w - 1), pos, "");
        LLVMValueRef none = LLVMBuildICmp(e->b, LLVMIntEQ, x, cst(e, x, 0, 0), "");
        r = LLVMBuildSelect(e->b, none, cst(e, pos, 0, ~0ull), pos, "");
        r = convert_bits(e, r, e->t_i32, false);
        rty = TY_U32;
        break;
    }
    case OP_BFE: {
        /* bfe d, a, pos, len (.u32 operands, their low 8 bits): bit i of d
         * is bit pos + i of a for i < len and pos + i < w, else the sign
         * bit: 0 for unsigned and len 0, else bit min(pos + len - 1, w - 1)
         * of a.  An arithmetic shift gives that past the top when
         * pos + len - 1 reaches it. */
        LLVMValueRef pos = inst_operand(e, &in->opnd[2], TY_U32, s.vec);
        LLVMValueRef len = inst_operand(e, &in->opnd[3], TY_U32, s.vec);
        pos = LLVMBuildAnd(e->b, pos, cst(e, pos, 0, 255), "");
        len = LLVMBuildAnd(e->b, len, cst(e, len, 0, 255), "");
        LLVMValueRef x = s.a[0];
        LLVMTypeRef T = LLVMTypeOf(x);
        bool sg = type_signed(ty);
        LLVMValueRef p = convert_bits(e, call2(e, "llvm.umin", pos, cst(e, pos, 0, w - 1)), s.t, false);
        LLVMValueRef l = convert_bits(e, call2(e, "llvm.umin", len, cst(e, len, 0, w)), s.t, false);
        LLVMValueRef sh = sg ? LLVMBuildAShr(e->b, x, p, "") : LLVMBuildLShr(e->b, x, p, "");
        if (!sg) /* a field starting past the top is empty */
            sh = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntUGE, pos, cst(e, pos, 0, w), ""), cst(e, x, 0, 0), sh, "");
        /* mask of l bits (l == w: all) */
        LLVMValueRef lw = LLVMBuildICmp(e->b, LLVMIntEQ, l, cst(e, l, 0, w), "");
        LLVMValueRef safe_l = LLVMBuildSelect(e->b, lw, cst(e, l, 0, 0), l, "");
        LLVMValueRef m = LLVMBuildSub(e->b, LLVMBuildShl(e->b, cst(e, x, 0, 1), safe_l, ""), cst(e, x, 0, 1), "");
        m = LLVMBuildSelect(e->b, lw, LLVMConstAllOnes(T), m, "");
        LLVMValueRef field = LLVMBuildAnd(e->b, sh, m, "");
        if (sg) {
            LLVMValueRef top = LLVMBuildAdd(e->b, pos, LLVMBuildSub(e->b, len, cst(e, len, 0, 1), ""), "");
            top = call2(e, "llvm.umin", top, cst(e, top, 0, w - 1));
            LLVMValueRef sbit = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, x, convert_bits(e, top, s.t, false), ""), cst(e, x, 0, 1), "");
            LLVMValueRef neg = LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntNE, sbit, cst(e, x, 0, 0), ""),
                                            LLVMBuildICmp(e->b, LLVMIntNE, len, cst(e, len, 0, 0), ""), "");
            field = LLVMBuildSelect(e->b, neg, LLVMBuildOr(e->b, field, LLVMBuildNot(e->b, m, ""), ""), field, "");
            field = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, len, cst(e, len, 0, 0), ""), cst(e, x, 0, 0), field, "");
        }
        r = field;
        break;
    }
    case OP_BFI: {
        /* bfi d, a(insert), b(base), pos, len */
        LLVMValueRef pos = inst_operand(e, &in->opnd[3], TY_U32, s.vec);
        LLVMValueRef len = inst_operand(e, &in->opnd[4], TY_U32, s.vec);
        pos = LLVMBuildAnd(e->b, pos, cst(e, pos, 0, 255), "");
        len = LLVMBuildAnd(e->b, len, cst(e, len, 0, 255), "");
        LLVMValueRef a = s.a[0], b = s.a[1];
        LLVMValueRef big_p = LLVMBuildICmp(e->b, LLVMIntUGE, pos, cst(e, pos, 0, w), "");
        LLVMValueRef p = convert_bits(e, LLVMBuildSelect(e->b, big_p, cst(e, pos, 0, 0), pos, ""), s.t, false);
        LLVMValueRef l = convert_bits(e, call2(e, "llvm.umin", len, cst(e, len, 0, w)), s.t, false);
        LLVMValueRef lw = LLVMBuildICmp(e->b, LLVMIntEQ, l, cst(e, l, 0, w), "");
        LLVMValueRef m = LLVMBuildSub(e->b, LLVMBuildShl(e->b, cst(e, a, 0, 1), LLVMBuildSelect(e->b, lw, cst(e, l, 0, 0), l, ""), ""), cst(e, a, 0, 1), "");
        m = LLVMBuildSelect(e->b, lw, LLVMConstAllOnes(LLVMTypeOf(a)), m, "");
        m = LLVMBuildShl(e->b, m, p, "");
        LLVMValueRef ins = LLVMBuildAnd(e->b, LLVMBuildShl(e->b, a, p, ""), m, "");
        r = LLVMBuildOr(e->b, LLVMBuildAnd(e->b, b, LLVMBuildNot(e->b, m, ""), ""), ins, "");
        r = LLVMBuildSelect(e->b, big_p, b, r, "");
        break;
    }
    default: die("emit_bits");
    }
    inst_write(e, &in->opnd[0], rty, r);
}

/* copysign.f d, a, b: b with the sign of a.  testp.op.f p, a (the ISA
 * counts +0 and -0 as normal). */
static void
emit_fclass(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    if (in->op == OP_COPYSIGN) {
        Ops s = sources(e, in, ty, 2);
        inst_write(e, &in->opnd[0], ty, call2(e, "llvm.copysign", s.a[1], s.a[0]));
        return;
    }
    Ops s = sources(e, in, ty, 1);
    LLVMValueRef x = s.a[0], r;
    LLVMValueRef ax = call1(e, "llvm.fabs", x);
    double minnorm = ty == TY_F64 ? 2.2250738585072014e-308 : 1.17549435e-38;
    Mod m = mod_of_class(in, MC_MISC);
    switch (m) {
    case MOD_FINITE: r = LLVMBuildFCmp(e->b, LLVMRealOLT, ax, cst(e, ax, 1.0 / 0.0, 0), ""); break;
    case MOD_INFINITE: r = LLVMBuildFCmp(e->b, LLVMRealOEQ, ax, cst(e, ax, 1.0 / 0.0, 0), ""); break;
    case MOD_NUMBER: r = LLVMBuildFCmp(e->b, LLVMRealORD, x, x, ""); break;
    case MOD_NOTANUMBER: r = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, ""); break;
    case MOD_NORMAL: /* zeros count as normal */
        r = LLVMBuildAnd(e->b, LLVMBuildOr(e->b, LLVMBuildFCmp(e->b, LLVMRealOGE, ax, cst(e, ax, minnorm, 0), ""),
                                           LLVMBuildFCmp(e->b, LLVMRealOEQ, ax, cst(e, ax, 0.0, 0), ""), ""),
                         LLVMBuildFCmp(e->b, LLVMRealOLT, ax, cst(e, ax, 1.0 / 0.0, 0), ""), "");
        break;
    case MOD_SUBNORMAL:
        r = LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, ax, cst(e, ax, minnorm, 0), ""),
                         LLVMBuildFCmp(e->b, LLVMRealONE, ax, cst(e, ax, 0.0, 0), ""), "");
        break;
    default: emit_unsupported(e, in->loc, "this testp class"); return;
    }
    inst_write(e, &in->opnd[0], TY_PRED, r);
}

/* dp4a.atype.btype d, a, b, c: c + the dot product of the four bytes of a
 * and b (each signed or unsigned by its type); dp2a.lo/.hi: two 16-bit
 * halves of a with two bytes of b (the low or high pair). */
static void
emit_dp(Emit *e, const Instr *in)
{
    if (in->ntype < 2) {
        emit_unsupported(e, in->loc, "this form of dp4a/dp2a");
        return;
    }
    bool sa = type_signed(in->type[0]), sb = type_signed(in->type[1]);
    Ops s = sources(e, in, TY_B32, 3);
    bool four = in->op == OP_DP4A;
    bool hi = instr_has_mod(in, MOD_HI);
    LLVMValueRef acc = s.a[2];
    int n = four ? 4 : 2;
    for (int k = 0; k < n; k++) {
        unsigned abits = four ? 8 : 16, ashift = abits * (unsigned)k;
        unsigned bshift = 8 * (unsigned)(four ? k : (hi ? k + 2 : k));
        LLVMValueRef a = LLVMBuildShl(e->b, s.a[0], cst(e, s.a[0], 0, 32 - abits - ashift), "");
        a = sa ? LLVMBuildAShr(e->b, a, cst(e, a, 0, 32 - abits), "") : LLVMBuildLShr(e->b, a, cst(e, a, 0, 32 - abits), "");
        LLVMValueRef b = LLVMBuildShl(e->b, s.a[1], cst(e, s.a[1], 0, 24 - bshift), "");
        b = sb ? LLVMBuildAShr(e->b, b, cst(e, b, 0, 24), "") : LLVMBuildLShr(e->b, b, cst(e, b, 0, 24), "");
        acc = LLVMBuildAdd(e->b, acc, LLVMBuildMul(e->b, a, b, ""), "");
    }
    inst_write(e, &in->opnd[0], TY_B32, acc);
}

/* bmsk.mode.b32 d, a, b: b ones from bit a (.clamp: a, b capped at 32;
 * .wrap: a, b taken mod 32).  szext.mode.type d, a, b: the low b bits of
 * a, sign- or zero-extended. */
static void
emit_bmsk(Emit *e, const Instr *in)
{
    Ops s = sources(e, in, TY_U32, 2);
    LLVMValueRef a = s.a[0], b = s.a[1];
    bool wrap = instr_has_mod(in, MOD_WRAP);
    LLVMTypeRef T = LLVMTypeOf(a);
    LLVMTypeRef W = like(e->t_i64, s.vec);
    if (wrap) {
        a = LLVMBuildAnd(e->b, a, cst(e, a, 0, 31), "");
        b = LLVMBuildAnd(e->b, b, cst(e, b, 0, 31), "");
    } else {
        a = call2(e, "llvm.umin", a, cst(e, a, 0, 32));
        b = call2(e, "llvm.umin", b, cst(e, b, 0, 32));
    }
    LLVMValueRef a64 = LLVMBuildZExt(e->b, a, W, ""), b64 = LLVMBuildZExt(e->b, b, W, "");
    if (in->op == OP_BMSK) {
        /* ((1 << b) - 1) << a, in 64 bits, low 32 kept */
        LLVMValueRef m = LLVMBuildSub(e->b, LLVMBuildShl(e->b, cst(e, a64, 0, 1), b64, ""), cst(e, a64, 0, 1), "");
        m = LLVMBuildShl(e->b, m, a64, "");
        inst_write(e, &in->opnd[0], TY_B32, LLVMBuildTrunc(e->b, m, T, ""));
        return;
    }
    /* szext: keep the low b bits of the first source (a here is the value) */
    LLVMValueRef v = LLVMBuildZExt(e->b, s.a[0], W, "");
    LLVMValueRef keep = b64;
    LLVMValueRef sh = LLVMBuildSub(e->b, cst(e, v, 0, 64), keep, "");
    LLVMValueRef zero = LLVMBuildICmp(e->b, LLVMIntEQ, keep, cst(e, keep, 0, 0), "");
    LLVMValueRef safe = LLVMBuildSelect(e->b, zero, cst(e, sh, 0, 0), sh, "");
    LLVMValueRef r = LLVMBuildShl(e->b, v, safe, "");
    r = type_signed(itype(in)) ? LLVMBuildAShr(e->b, r, safe, "") : LLVMBuildLShr(e->b, r, safe, "");
    r = LLVMBuildSelect(e->b, zero, cst(e, r, 0, 0), r, "");
    inst_write(e, &in->opnd[0], TY_B32, LLVMBuildTrunc(e->b, r, T, ""));
}

/* fns.b32 d, mask, base, offset: the bit position of the offset-th set bit
 * of mask counting from base (forward for offset > 0, backward for < 0,
 * offset 1 the first at or after base), or 0xffffffff.  A loop over the
 * 32 bits, per lane. */
static void
emit_fns(Emit *e, const Instr *in)
{
    Ops s = sources(e, in, TY_B32, 3);
    LLVMValueRef mask = s.a[0], base = s.a[1], off = s.a[2];
    LLVMValueRef none = cst(e, mask, 0, 0xffffffffu);
    LLVMValueRef result = none, found = cst(e, mask, 0, 0);
    LLVMValueRef fwd = LLVMBuildICmp(e->b, LLVMIntSGT, off, cst(e, off, 0, 0), "");
    LLVMValueRef need = LLVMBuildSelect(e->b, fwd, off, LLVMBuildNeg(e->b, off, ""), "");
    /* offset 0: base itself if its bit is set */
    LLVMValueRef zero_off = LLVMBuildICmp(e->b, LLVMIntEQ, off, cst(e, off, 0, 0), "");
    need = LLVMBuildSelect(e->b, zero_off, cst(e, need, 0, 1), need, "");
    for (unsigned k = 0; k < 32; k++) {
        /* forward: position base + k; backward: base - k (offset 0: only k = 0) */
        LLVMValueRef kk = cst(e, base, 0, k);
        LLVMValueRef pos = LLVMBuildSelect(e->b, fwd, LLVMBuildAdd(e->b, base, kk, ""), LLVMBuildSub(e->b, base, kk, ""), "");
        LLVMValueRef inrange = LLVMBuildICmp(e->b, LLVMIntULT, pos, cst(e, pos, 0, 32), "");
        if (k > 0)
            inrange = LLVMBuildAnd(e->b, inrange, LLVMBuildNot(e->b, zero_off, ""), "");
        LLVMValueRef bit = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, mask, LLVMBuildAnd(e->b, pos, cst(e, pos, 0, 31), ""), ""), cst(e, mask, 0, 1), "");
        LLVMValueRef set = LLVMBuildAnd(e->b, inrange, LLVMBuildICmp(e->b, LLVMIntNE, bit, cst(e, bit, 0, 0), ""), "");
        found = LLVMBuildAdd(e->b, found, LLVMBuildZExt(e->b, set, LLVMTypeOf(found), ""), "");
        LLVMValueRef hit = LLVMBuildAnd(e->b, set, LLVMBuildICmp(e->b, LLVMIntEQ, found, need, ""), "");
        hit = LLVMBuildAnd(e->b, hit, LLVMBuildICmp(e->b, LLVMIntEQ, result, none, ""), "");
        result = LLVMBuildSelect(e->b, hit, pos, result, "");
    }
    inst_write(e, &in->opnd[0], TY_B32, result);
}

/* prmt.b32 d, a, b, c: byte i of d is byte (c >> 4i) & 7 of {b, a}, or its
 * sign replicated when bit 3 is set.  A mode picks one of four such
 * selectors (none with bit 3) by c[1:0]; the table holds them, 16 bits
 * each, lowest for c[1:0] = 0. */
static void
emit_prmt(Emit *e, const Instr *in)
{
    static const struct { Mod mode; uint64_t sel; } modes[] = {
        {MOD_F4E, 0x6543543243213210ull}, /* forward 4 extract */
        {MOD_B4E, 0x0123701267015670ull}, /* backward 4 extract */
        {MOD_RC8, 0x3333222211110000ull}, /* replicate byte c[1:0] */
        {MOD_ECL, 0x3333322232113210ull}, /* edge clamp left */
        {MOD_ECR, 0x3210221011100000ull}, /* edge clamp right */
        {MOD_RC16, 0x3232101032321010ull}, /* replicate half c[0] */
    };
    Mod mode = mod_of_class(in, MC_MISC);
    Ops s = sources(e, in, TY_B32, 3);
    LLVMTypeRef i64 = like(e->t_i64, s.vec);
    if (mode != MOD_NONE) {
        size_t k = 0;
        while (k < sizeof modes / sizeof modes[0] && modes[k].mode != mode)
            k++;
        if (k == sizeof modes / sizeof modes[0]) {
            emit_unsupported(e, in->loc, arena_printf(e->arena, "prmt.%s", mod_name(mode)));
            return;
        }
        LLVMValueRef sh = LLVMBuildShl(e->b, LLVMBuildAnd(e->b, s.a[2], cst(e, s.a[2], 0, 3), ""), cst(e, s.a[2], 0, 4), "");
        LLVMValueRef tab = cst(e, LLVMBuildZExt(e->b, s.a[2], i64, ""), 0, modes[k].sel);
        s.a[2] = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, tab, LLVMBuildZExt(e->b, sh, i64, ""), ""), LLVMTypeOf(s.a[2]), "");
        s.a[2] = LLVMBuildAnd(e->b, s.a[2], cst(e, s.a[2], 0, 0xffff), "");
    }
    LLVMValueRef both = LLVMBuildOr(e->b, LLVMBuildShl(e->b, LLVMBuildZExt(e->b, s.a[1], i64, ""), cst(e, LLVMBuildZExt(e->b, s.a[1], i64, ""), 0, 32), ""),
                                    LLVMBuildZExt(e->b, s.a[0], i64, ""), "");
    LLVMValueRef r = cst(e, s.a[0], 0, 0);
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef sel = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, s.a[2], cst(e, s.a[2], 0, 4 * i), ""), cst(e, s.a[2], 0, 15), "");
        LLVMValueRef idx = LLVMBuildAnd(e->b, sel, cst(e, sel, 0, 7), "");
        LLVMValueRef byte = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, both, LLVMBuildZExt(e->b, LLVMBuildShl(e->b, idx, cst(e, idx, 0, 3), ""), i64, ""), ""), like(e->t_i32, s.vec), "");
        byte = LLVMBuildAnd(e->b, byte, cst(e, byte, 0, 0xff), "");
        LLVMValueRef signb = LLVMBuildAnd(e->b, byte, cst(e, byte, 0, 0x80), "");
        LLVMValueRef rep = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntNE, signb, cst(e, signb, 0, 0), ""), cst(e, byte, 0, 0xff), cst(e, byte, 0, 0), "");
        LLVMValueRef msb = LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, sel, cst(e, sel, 0, 8), ""), cst(e, sel, 0, 0), "");
        byte = LLVMBuildSelect(e->b, msb, rep, byte, "");
        r = LLVMBuildOr(e->b, r, LLVMBuildShl(e->b, byte, cst(e, byte, 0, 8 * i), ""), "");
    }
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel shift of {b:a}. */
static void
emit_shf(Emit *e, const Instr *in)
{
    Ops s = sources(e, in, TY_B32, 3);
    LLVMValueRef n = s.a[2];
    if (instr_has_mod(in, MOD_CLAMP))
        n = call2(e, "llvm.umin", n, cst(e, n, 0, 32));
    else
        n = LLVMBuildAnd(e->b, n, cst(e, n, 0, 31), "");
    LLVMValueRef r;
    bool right = instr_has_mod(in, MOD_R);
    if (right)
        r = call3(e, "llvm.fshr", s.a[1], s.a[0], n);
    else
        r = call3(e, "llvm.fshl", s.a[1], s.a[0], n);
    /* fsh* take the amount modulo 32; clamp at 32 gives the other word */
    if (instr_has_mod(in, MOD_CLAMP)) {
        LLVMValueRef is32 = LLVMBuildICmp(e->b, LLVMIntEQ, n, cst(e, n, 0, 32), "");
        r = LLVMBuildSelect(e->b, is32, right ? s.a[1] : s.a[0], r, "");
        if (!right) /* shf.l by 32: the high word is a */
            r = LLVMBuildSelect(e->b, is32, s.a[0], r, "");
    }
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* lop3.b32 d, a, b, c, immLut: d = LUT[(a,b,c) bits].
 * lop3.{or,and}.b32 d|p, a, b, c, immLut, q: also p = (d != 0) op q. */
static void
emit_lop3(Emit *e, const Instr *in)
{
    Mod bop = mod_of_class(in, MC_BOOL);
    bool pair = in->opnd[0].kind == OPD_PAIR;
    if (in->opnd[4].kind != OPD_IMM || in->nopnd != (bop != MOD_NONE ? 6 : 5) || pair != (bop != MOD_NONE)) {
        emit_unsupported(e, in->loc, "this form of lop3");
        return;
    }
    Ops s = sources(e, in, TY_B32, 3);
    if (pair) {
        s.vec |= e->fi->reg_varying[in->opnd[0].sub[1].reg] || operand_varying(e, &in->opnd[5]);
        for (int i = 0; i < 3; i++)
            s.a[i] = s.vec ? emit_splat(e, s.a[i]) : s.a[i];
    }
    unsigned lut = (unsigned)in->opnd[4].imm & 0xff;
    LLVMValueRef r = cst(e, s.a[0], 0, 0);
    for (unsigned i = 0; i < 8; i++) {
        if (!(lut >> i & 1))
            continue;
        LLVMValueRef a = (i & 4) ? s.a[0] : LLVMBuildNot(e->b, s.a[0], "");
        LLVMValueRef b = (i & 2) ? s.a[1] : LLVMBuildNot(e->b, s.a[1], "");
        LLVMValueRef c = (i & 1) ? s.a[2] : LLVMBuildNot(e->b, s.a[2], "");
        r = LLVMBuildOr(e->b, r, LLVMBuildAnd(e->b, a, LLVMBuildAnd(e->b, b, c, ""), ""), "");
    }
    if (!pair) {
        inst_write(e, &in->opnd[0], TY_B32, r);
        return;
    }
    LLVMValueRef nz = LLVMBuildICmp(e->b, LLVMIntNE, r, cst(e, r, 0, 0), "");
    LLVMValueRef q = inst_operand(e, &in->opnd[5], TY_PRED, s.vec);
    inst_write(e, &in->opnd[0].sub[0], TY_B32, r);
    inst_write(e, &in->opnd[0].sub[1], TY_PRED, combine(e, bop, nz, q));
}

/* ----------------------------------------------------------------- cvt */

static LLVMValueRef
round_int(Emit *e, Mod rnd, LLVMValueRef x)
{
    switch (rnd) {
    case MOD_RNI: return call1(e, "llvm.roundeven", x);
    case MOD_RZI: return call1(e, "llvm.trunc", x);
    case MOD_RMI: return call1(e, "llvm.floor", x);
    case MOD_RPI: return call1(e, "llvm.ceil", x);
    default: return x;
    }
}

/* a + b for one register of a half type (.f16 .bf16: i16 bits; .f16x2
 * .bf16x2: i32 bits), rounded to nearest, for atom's compare-and-swap loop:
 * in f32, as emit_half_arith adds. */
LLVMValueRef
inst_half_add(Emit *e, PtxType ty, LLVMValueRef a, LLVMValueRef b)
{
    bool packed = ty == TY_F16X2 || ty == TY_BF16X2, bf = ty == TY_BF16 || ty == TY_BF16X2;
    LLVMTypeRef ht = packed ? LLVMVectorType(e->t_i16, 2) : e->t_i16;
    LLVMValueRef x = LLVMBuildBitCast(e->b, a, ht, ""), y = LLVMBuildBitCast(e->b, b, ht, "");
    LLVMValueRef sum = bf ? LLVMBuildFAdd(e->b, bf16_bits_to_f32(e, x), bf16_bits_to_f32(e, y), "")
                          : LLVMBuildFAdd(e->b, f16_bits_to_f32(e, x), f16_bits_to_f32(e, y), "");
    LLVMValueRef bits = bf ? f32_to_bf16_bits(e, sum) : f32_to_f16_bits(e, sum);
    return LLVMBuildBitCast(e->b, bits, LLVMTypeOf(a), "");
}

/* f32 -> bf16 bits with .rz .rm .rp: bf16 is the high half of an f32, so
 * .rz truncates and .rp/.rm add one to the magnitude when bits are dropped
 * on the side that rounds away from zero (positive for .rp, negative for
 * .rm).  NaN stays a quiet NaN. */
static LLVMValueRef
f32_to_bf16_dir(Emit *e, LLVMValueRef x, Mod rnd)
{
    bool vec = emit_is_vec(x);
    LLVMValueRef bits = LLVMBuildBitCast(e->b, x, like(e->t_i32, vec), "");
    LLVMValueRef h = LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), "");
    if (rnd != MOD_RZ) {
        LLVMValueRef dropped = LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, bits, cst(e, bits, 0, 0xffff), ""), cst(e, bits, 0, 0), "");
        LLVMValueRef neg = LLVMBuildICmp(e->b, LLVMIntSLT, bits, cst(e, bits, 0, 0), "");
        LLVMValueRef away = rnd == MOD_RP ? LLVMBuildNot(e->b, neg, "") : neg;
        LLVMValueRef bump = LLVMBuildAnd(e->b, dropped, away, "");
        h = LLVMBuildAdd(e->b, h, LLVMBuildZExt(e->b, bump, LLVMTypeOf(h), ""), "");
    }
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
    h = LLVMBuildSelect(e->b, nan, LLVMBuildOr(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), ""), cst(e, bits, 0, 0x40), ""), h, "");
    return LLVMBuildTrunc(e->b, h, like(e->t_i16, vec), "");
}

/* f32 or f64 -> f16 with .rz .rm .rp: the nearest half, stepped by the
 * sign of the exact error (the difference of the source and that half is
 * exact in the source type). */
/* x (f32 or f64) to f16 bits, round to nearest even: from f64 through an
 * f32 rounded to odd, so rounding once. */
static LLVMValueRef
to_f16_nearest(Emit *e, LLVMValueRef x)
{
    return f32_to_f16_bits(e, elem_type(x) == e->t_f64 ? f64_to_f32_odd(e, x, NULL) : x);
}

/* x (f32 or f64) to f16 bits in a directed mode: the nearest, stepped one
 * ulp when the exact value lies on the mode's wrong side of it. */
static LLVMValueRef
to_f16_dir(Emit *e, LLVMValueRef x, Mod rnd)
{
    LLVMValueRef h = to_f16_nearest(e, x), r = f16_bits_to_f32(e, h);
    if (elem_type(x) == e->t_f64)
        r = LLVMBuildFPExt(e->b, r, LLVMTypeOf(x), "");
    LLVMValueRef t = LLVMBuildFSub(e->b, x, r, ""), z = cst(e, r, 0.0, 0); /* exact: the sign of x - r */
    LLVMValueRef tpos = LLVMBuildFCmp(e->b, LLVMRealOGT, t, z, ""), tneg = LLVMBuildFCmp(e->b, LLVMRealOLT, t, z, "");
    LLVMValueRef rpos = LLVMBuildFCmp(e->b, LLVMRealOGT, r, z, ""), rneg = LLVMBuildFCmp(e->b, LLVMRealOLT, r, z, "");
    LLVMValueRef up = rnd == MOD_RP ? tpos : rnd == MOD_RZ ? LLVMBuildAnd(e->b, rneg, tpos, "") : LLVMConstNull(LLVMTypeOf(tpos));
    LLVMValueRef down = rnd == MOD_RM ? tneg : rnd == MOD_RZ ? LLVMBuildAnd(e->b, rpos, tneg, "") : LLVMConstNull(LLVMTypeOf(tneg));
    /* one f16 ulp up or down, from the bits: zero steps to the smallest
     * subnormal of the direction's sign */
    LLVMValueRef zero = LLVMBuildFCmp(e->b, LLVMRealOEQ, r, z, "");
    LLVMValueRef inc = LLVMBuildAdd(e->b, h, cst(e, h, 0, 1), ""), dec = LLVMBuildSub(e->b, h, cst(e, h, 0, 1), "");
    LLVMValueRef hup = LLVMBuildSelect(e->b, zero, cst(e, h, 0, 0x0001), LLVMBuildSelect(e->b, rpos, inc, dec, ""), "");
    LLVMValueRef hdown = LLVMBuildSelect(e->b, zero, cst(e, h, 0, 0x8001), LLVMBuildSelect(e->b, rpos, dec, inc, ""), "");
    h = LLVMBuildSelect(e->b, up, hup, h, "");
    return LLVMBuildSelect(e->b, down, hdown, h, "");
}

/* .satfinite on f16 or bf16 bits: an infinity (the input's, or one
 * rounding overflowed to) becomes the largest finite value of its sign. */
static LLVMValueRef
satfinite_half(Emit *e, LLVMValueRef h, bool bf16)
{
    LLVMValueRef mag = LLVMBuildAnd(e->b, h, cst(e, h, 0, 0x7fff), "");
    LLVMValueRef inf = LLVMBuildICmp(e->b, LLVMIntEQ, mag, cst(e, h, 0, bf16 ? 0x7f80 : 0x7c00), "");
    return LLVMBuildSelect(e->b, inf, LLVMBuildSub(e->b, h, cst(e, h, 0, 1), ""), h, "");
}

/* .satfinite and .relu on f16 or bf16 bits h converted from x: .relu
 * makes a negative result (-0 too) +0 and a NaN the canonical 0x7fff. */
static LLVMValueRef
half_finish(Emit *e, const Instr *in, LLVMValueRef x, LLVMValueRef h, bool bf16)
{
    if (instr_has_mod(in, MOD_SATFINITE))
        h = satfinite_half(e, h, bf16);
    if (instr_has_mod(in, MOD_RELU)) {
        LLVMValueRef neg = LLVMBuildICmp(e->b, LLVMIntSLT, h, cst(e, h, 0, 0), "");
        h = LLVMBuildSelect(e->b, neg, cst(e, h, 0, 0), h, "");
        LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
        h = LLVMBuildSelect(e->b, nan, cst(e, h, 0, 0x7fff), h, "");
    }
    return h;
}


/* f32 or f64 x to f16 bits (.rn or directed), .sat .satfinite .relu applied. */
static LLVMValueRef
to_f16_bits(Emit *e, const Instr *in, LLVMValueRef x, Mod rnd)
{
    if (instr_has_mod(in, MOD_SAT)) /* 0 and 1 are halves: clamping commutes with rounding */
        x = fsat(e, x);
    LLVMValueRef h = directed(rnd) ? to_f16_dir(e, x, rnd) : to_f16_nearest(e, x);
    return half_finish(e, in, x, h, false);
}

/* The exact value of an f16 (half) or bf16 (i16 bits) source, as an f32. */
static LLVMValueRef
half_src_to_f32(Emit *e, LLVMValueRef x, PtxType st)
{
    return st == TY_BF16 ? bf16_bits_to_f32(e, x) : half_to_f32(e, x);
}

/* cvt to f16 or bf16 (from any float or integer), and from them.  A half
 * source widens exactly to f32 first.  An integer source goes to f32
 * first: clamped to +-2^17 for f16 (exact, and every result past it is
 * the same); for bf16 in the same directed mode (directed roundings to a
 * grid and then to a coarser one within it compose) or, for .rn, toward
 * zero with the lowest bit set when inexact (round to odd), which leaves
 * the one rounding to bf16 correct.  From f64 to bf16 likewise. */
static void
emit_cvt_half(Emit *e, const Instr *in, PtxType dt, PtxType st, Mod rnd)
{
    bool irnd = rnd == MOD_RNI || rnd == MOD_RZI || rnd == MOD_RMI || rnd == MOD_RPI;
    bool to_half = dt == TY_F16 || dt == TY_BF16;
    if ((to_half && !(rnd == MOD_RN || directed(rnd) || (irnd && (st == TY_F16 || st == TY_BF16)) || (rnd == MOD_NONE && is_float(st)))) ||
        (!to_half && rnd != MOD_NONE && !irnd) || type_kind(dt) == TK_PACKED || dt == TY_TF32) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "cvt.%s.%s with this rounding", type_name(dt), type_name(st)));
        return;
    }
    Ops s = sources(e, in, st == TY_BF16 ? TY_B16 : st, 1);
    LLVMValueRef x = s.a[0];
    if (st == TY_F16 || st == TY_BF16) {
        x = half_src_to_f32(e, x, st);
        st = TY_F32;
    }
    if (!to_half) { /* from a half: exact in f32, then as from f32 */
        x = round_int(e, rnd, x);
        LLVMTypeRef T = like(inst_llvm_type(e, dt), s.vec);
        LLVMValueRef r;
        if (is_float(dt)) {
            r = dt == TY_F64 ? LLVMBuildFPExt(e->b, x, T, "") : x;
            r = instr_has_mod(in, MOD_FTZ) ? ftz(e, r) : r;
            r = instr_has_mod(in, MOD_SAT) ? fsat(e, r) : r;
        } else { /* saturating, NaN to 0 */
            LLVMTypeRef over[] = {T, LLVMTypeOf(x)};
            r = emit_intrinsic(e, type_signed(dt) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2, &x, 1);
        }
        inst_write(e, &in->opnd[0], dt, r);
        return;
    }
    LLVMTypeRef F32 = like(e->t_f32, s.vec);
    if (irnd) {
        x = round_int(e, rnd, x); /* an integer of a half: exact */
        rnd = MOD_RN;
    }
    if (!is_float(st) && dt == TY_F16) {
        unsigned w = (unsigned)type_bits(st);
        if (w > 16) {
            LLVMValueRef lim = cst(e, x, 0, 1u << 17);
            x = type_signed(st) ? call2(e, "llvm.smax", call2(e, "llvm.smin", x, lim), LLVMBuildNeg(e->b, lim, ""))
                                : call2(e, "llvm.umin", x, lim);
        }
        x = type_signed(st) ? LLVMBuildSIToFP(e->b, x, F32, "") : LLVMBuildUIToFP(e->b, x, F32, "");
    } else if (!is_float(st)) {
        if (directed(rnd)) {
            x = directed_itof(e, x, st, F32, rnd);
        } else { /* round to odd */
            LLVMValueRef z = directed_itof(e, x, st, F32, MOD_RZ);
            LLVMTypeRef IT = LLVMTypeOf(x), over[] = {IT, F32};
            LLVMValueRef back = emit_intrinsic(e, type_signed(st) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2, &z, 1);
            LLVMValueRef inexact = LLVMBuildICmp(e->b, LLVMIntNE, back, x, "");
            LLVMValueRef zb = LLVMBuildBitCast(e->b, z, like(e->t_i32, s.vec), "");
            zb = LLVMBuildOr(e->b, zb, LLVMBuildZExt(e->b, inexact, LLVMTypeOf(zb), ""), "");
            x = LLVMBuildBitCast(e->b, zb, F32, "");
        }
    } else if (st == TY_F64 && dt == TY_BF16) {
        LLVMValueRef r32 = LLVMBuildFPTrunc(e->b, x, F32, "");
        LLVMValueRef t = LLVMBuildFSub(e->b, x, LLVMBuildFPExt(e->b, r32, LLVMTypeOf(x), ""), "");
        x = directed(rnd) ? round_dir(e, r32, t, rnd) : f64_to_f32_odd(e, x, NULL);
    }
    x = instr_has_mod(in, MOD_FTZ) ? ftz(e, x) : x;
    LLVMValueRef h;
    if (dt == TY_F16) {
        h = to_f16_bits(e, in, x, rnd);
    } else {
        if (instr_has_mod(in, MOD_SAT))
            x = fsat(e, x);
        h = half_finish(e, in, x, directed(rnd) ? f32_to_bf16_dir(e, x, rnd) : f32_to_bf16_bits(e, x), true);
    }
    inst_write(e, &in->opnd[0], TY_B16, h);
}


/* cvt.{rna,rn,rz}.tf32.f32: the f32 with a 10-bit mantissa, in 32 bits
 * whose low 13 are zero (ties away from zero for .rna, to even for .rn). */
static void
emit_cvt_tf32(Emit *e, const Instr *in, Mod rnd)
{
    if (rnd != MOD_RNA && rnd != MOD_RN && rnd != MOD_RZ) {
        emit_unsupported(e, in->loc, "this rounding of cvt.tf32.f32");
        return;
    }
    Ops s = sources(e, in, TY_F32, 1);
    LLVMValueRef bits = LLVMBuildBitCast(e->b, s.a[0], like(e->t_i32, s.vec), "");
    LLVMValueRef add = cst(e, bits, 0, 0);
    if (rnd == MOD_RNA)
        add = cst(e, bits, 0, 0x1000);
    else if (rnd == MOD_RN) /* 0xfff plus the bit that would be kept */
        add = LLVMBuildAdd(e->b, cst(e, bits, 0, 0xfff),
                           LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 13), ""), cst(e, bits, 0, 1), ""), "");
    LLVMValueRef r = LLVMBuildAnd(e->b, LLVMBuildAdd(e->b, bits, add, ""), cst(e, bits, 0, 0xffffe000u), "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, s.a[0], s.a[0], "");
    r = LLVMBuildSelect(e->b, nan, bits, r, ""); /* NaN stays NaN */
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* cvt.{rn,rz}{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: a to the
 * upper half, b to the lower. */
static void
emit_cvt_pack(Emit *e, const Instr *in, PtxType dt, Mod rnd)
{
    if (rnd != MOD_RN && rnd != MOD_RZ) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "cvt.%s.%s.f32", rnd == MOD_NONE ? "(none)" : mod_name(rnd), type_name(dt)));
        return;
    }
    Ops s = sources(e, in, TY_F32, 2);
    LLVMValueRef h[2];
    for (int i = 0; i < 2; i++) {
        LLVMValueRef x = s.a[i];
        if (dt == TY_BF16X2) {
            if (instr_has_mod(in, MOD_SAT))
                x = fsat(e, x);
            h[i] = half_finish(e, in, x, rnd == MOD_RZ ? f32_to_bf16_dir(e, x, rnd) : f32_to_bf16_bits(e, x), true);
        } else {
            h[i] = to_f16_bits(e, in, x, rnd);
        }
        h[i] = LLVMBuildZExt(e->b, h[i], like(e->t_i32, s.vec), "");
    }
    LLVMValueRef r = LLVMBuildOr(e->b, LLVMBuildShl(e->b, h[0], cst(e, h[0], 0, 16), ""), h[1], "");
    inst_write(e, &in->opnd[0], TY_B32, r);
}

/* ------------------------------------------- fp8, fp6, fp4 and ue8m0
 *
 * A narrow float has a sign, ebits exponent bits (bias 2^(ebits-1) - 1,
 * so the smallest normal exponent is emin = 2 - 2^(ebits-1)) and mbits
 * mantissa bits.  A pair of them packs into two bytes (two nibbles for
 * e2m1x2), the first source or the upper half in the upper one. */
typedef struct Narrow {
    unsigned ebits, mbits;
    int emin;
    unsigned maxcode; /* the largest finite magnitude's code */
    int nan;          /* NaN's code; -1: none, NaN gives +maxcode */
    bool inf;         /* exponent all ones, mantissa 0 is infinity (e5m2) */
} Narrow;

static const Narrow *
narrow_format(PtxType t)
{
    static const Narrow e4m3 = {4, 3, -6, 0x7e, 0x7f, false}, e5m2 = {5, 2, -14, 0x7b, 0x7f, true},
                        e2m3 = {2, 3, 0, 0x1f, -1, false}, e3m2 = {3, 2, -2, 0x1f, -1, false},
                        e2m1 = {2, 1, 0, 0x7, -1, false};
    switch (t) {
    case TY_E4M3X2: return &e4m3;
    case TY_E5M2X2: return &e5m2;
    case TY_E2M3X2: return &e2m3;
    case TY_E3M2X2: return &e3m2;
    case TY_E2M1X2: return &e2m1;
    default: return NULL;
    }
}

/* 2^k as an f32 (k within the normal range), shaped like k (i32). */
static LLVMValueRef
pow2f(Emit *e, LLVMValueRef k)
{
    LLVMValueRef b = LLVMBuildShl(e->b, LLVMBuildAdd(e->b, k, cst(e, k, 0, 127), ""), cst(e, k, 0, 23), "");
    return LLVMBuildBitCast(e->b, b, like(e->t_f32, emit_is_vec(k)), "");
}

/* f32 x to the code of format f, round to nearest even, .satfinite
 * (every form has it): n = |x| / 2^(max(e, emin) - mbits) rounded to an
 * integer is the significand at x's exponent e (or emin's when x is
 * subnormal there), and code = n + ((max(e, emin) - emin) << mbits) --
 * a carry out of the significand moves into the exponent field. */
static LLVMValueRef
narrow_encode(Emit *e, const Instr *in, const Narrow *f, LLVMValueRef x)
{
    LLVMValueRef ax = call1(e, "llvm.fabs", x);
    ax = call2(e, "llvm.minnum", ax, cst(e, ax, 1048576.0, 0)); /* 2^20: past every maximum; NaN too */
    LLVMValueRef bits = LLVMBuildBitCast(e->b, ax, like(e->t_i32, emit_is_vec(x)), "");
    LLVMValueRef ex = LLVMBuildSub(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 23), ""), cst(e, bits, 0, 127), "");
    ex = call2(e, "llvm.smax", ex, cst(e, ex, 0, (unsigned long long)(long long)f->emin));
    LLVMValueRef scale = pow2f(e, LLVMBuildSub(e->b, cst(e, ex, 0, f->mbits), ex, ""));
    LLVMValueRef n = call1(e, "llvm.roundeven", LLVMBuildFMul(e->b, ax, scale, ""));
    LLVMValueRef code = LLVMBuildFPToUI(e->b, n, LLVMTypeOf(bits), "");
    LLVMValueRef ef = LLVMBuildSub(e->b, ex, cst(e, ex, 0, (unsigned long long)(long long)f->emin), "");
    code = LLVMBuildAdd(e->b, code, LLVMBuildShl(e->b, ef, cst(e, ef, 0, f->mbits), ""), "");
    code = call2(e, "llvm.umin", code, cst(e, code, 0, f->maxcode));
    LLVMValueRef xb = LLVMBuildBitCast(e->b, x, LLVMTypeOf(bits), "");
    LLVMValueRef neg = LLVMBuildICmp(e->b, LLVMIntSLT, xb, cst(e, xb, 0, 0), "");
    LLVMValueRef sign = cst(e, code, 0, 1ull << (f->ebits + f->mbits));
    if (instr_has_mod(in, MOD_RELU)) /* a negative result (-0 too) is +0 */
        code = LLVMBuildSelect(e->b, neg, cst(e, code, 0, 0), code, "");
    else
        code = LLVMBuildSelect(e->b, neg, LLVMBuildOr(e->b, code, sign, ""), code, "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
    return LLVMBuildSelect(e->b, nan, cst(e, code, 0, f->nan >= 0 ? (unsigned)f->nan : f->maxcode), code, "");
}

/* The code c (i32) of format f as f16 bits: its value is exact in f16;
 * a NaN is the canonical 0x7fff; .relu makes a negative value +0. */
static LLVMValueRef
narrow_decode(Emit *e, const Instr *in, const Narrow *f, LLVMValueRef c)
{
    unsigned emask = (1u << f->ebits) - 1, mmask = (1u << f->mbits) - 1;
    LLVMValueRef E = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, c, cst(e, c, 0, f->mbits), ""), cst(e, c, 0, emask), "");
    LLVMValueRef M = LLVMBuildAnd(e->b, c, cst(e, c, 0, mmask), "");
    LLVMValueRef normal = LLVMBuildICmp(e->b, LLVMIntNE, E, cst(e, E, 0, 0), "");
    LLVMValueRef sig = LLVMBuildSelect(e->b, normal, LLVMBuildOr(e->b, M, cst(e, M, 0, 1u << f->mbits), ""), M, "");
    /* value = sig * 2^(max(E, 1) - 1 + emin - mbits) */
    LLVMValueRef k = LLVMBuildAdd(e->b, call2(e, "llvm.umax", E, cst(e, E, 0, 1)),
                                  cst(e, E, 0, (unsigned long long)(long long)(f->emin - 1 - (int)f->mbits)), "");
    bool vec = emit_is_vec(c);
    LLVMValueRef v = LLVMBuildFMul(e->b, LLVMBuildUIToFP(e->b, sig, like(e->t_f32, vec), ""), pow2f(e, k), "");
    LLVMValueRef h = f32_to_f16_bits(e, v);
    LLVMTypeRef H = LLVMTypeOf(h);
    if (f->inf) {
        LLVMValueRef top = LLVMBuildICmp(e->b, LLVMIntEQ, E, cst(e, E, 0, emask), "");
        LLVMValueRef isinf = LLVMBuildAnd(e->b, top, LLVMBuildICmp(e->b, LLVMIntEQ, M, cst(e, M, 0, 0), ""), "");
        h = LLVMBuildSelect(e->b, isinf, cst(e, h, 0, 0x7c00), h, "");
    }
    LLVMValueRef neg = LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, c, cst(e, c, 0, 1u << (f->ebits + f->mbits)), ""), cst(e, c, 0, 0), "");
    if (instr_has_mod(in, MOD_RELU))
        h = LLVMBuildSelect(e->b, neg, LLVMConstNull(H), h, "");
    else
        h = LLVMBuildOr(e->b, h, LLVMBuildSelect(e->b, neg, cst(e, h, 0, 0x8000), LLVMConstNull(H), ""), "");
    if (f->nan >= 0) {
        LLVMValueRef mag = LLVMBuildAnd(e->b, c, cst(e, c, 0, (1u << (f->ebits + f->mbits)) - 1), "");
        LLVMValueRef nan = f->inf ? LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, E, cst(e, E, 0, emask), ""),
                                                 LLVMBuildICmp(e->b, LLVMIntNE, M, cst(e, M, 0, 0), ""), "")
                                  : LLVMBuildICmp(e->b, LLVMIntEQ, mag, cst(e, mag, 0, (unsigned)f->nan), "");
        h = LLVMBuildSelect(e->b, nan, cst(e, h, 0, 0x7fff), h, "");
    }
    return h;
}

/* ue8m0: a biased exponent alone, 2^(c - 127); 0xff is NaN.  From f32 x
 * (bf16 widens exactly): .rz keeps x's exponent field (2^-127 for zero
 * and the smallest values), .rp adds one when x is above that power of
 * two.  The sign is ignored.  Past 2^127 is NaN, .satfinite: 0xfe. */
static LLVMValueRef
ue8m0_encode(Emit *e, const Instr *in, Mod rnd, LLVMValueRef x)
{
    LLVMValueRef b = LLVMBuildBitCast(e->b, x, like(e->t_i32, emit_is_vec(x)), "");
    b = LLVMBuildAnd(e->b, b, cst(e, b, 0, 0x7fffffff), "");
    LLVMValueRef c = LLVMBuildLShr(e->b, b, cst(e, b, 0, 23), "");
    LLVMValueRef nan = LLVMBuildICmp(e->b, LLVMIntUGT, b, cst(e, b, 0, 0x7f800000), "");
    if (rnd == MOD_RP) {
        LLVMValueRef frac = LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, b, cst(e, b, 0, 0x7fffff), ""), cst(e, b, 0, 0), "");
        LLVMValueRef above = LLVMBuildICmp(e->b, LLVMIntUGT, b, cst(e, b, 0, 0x00400000), ""); /* > 2^-127 */
        LLVMValueRef up = LLVMBuildAnd(e->b, LLVMBuildAnd(e->b, frac, above, ""), LLVMBuildNot(e->b, nan, ""), "");
        c = LLVMBuildAdd(e->b, c, LLVMBuildZExt(e->b, up, LLVMTypeOf(c), ""), "");
    }
    if (instr_has_mod(in, MOD_SATFINITE)) {
        LLVMValueRef over = LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, c, cst(e, c, 0, 0xff), ""), LLVMBuildNot(e->b, nan, ""), "");
        c = LLVMBuildSelect(e->b, over, cst(e, c, 0, 0xfe), c, "");
    }
    return c;
}

/* cvt to and from the narrow formats.  Conversions to them take two f32
 * (d = {a, b}), or one f16x2 or bf16x2 register (upper half to the upper
 * element); from them, one register to f16x2 (bf16x2 for ue8m0x2). */
static void
emit_cvt_narrow(Emit *e, const Instr *in, PtxType dt, PtxType st, Mod rnd)
{
    const char *form = arena_printf(e->arena, "cvt.%s.%s", type_name(dt), type_name(st));
    bool to = dt == TY_UE8M0X2 || narrow_format(dt);
    PtxType nt = to ? dt : st;
    const Narrow *f = narrow_format(nt);
    bool ok = f ? rnd == MOD_RN && (!to || instr_has_mod(in, MOD_SATFINITE))
                : to ? rnd == MOD_RZ || rnd == MOD_RP : rnd == MOD_RN;
    if (to)
        ok &= in->nopnd == 3 ? st == TY_F32
              : f   ? st == TY_F16X2 && (nt == TY_E4M3X2 || nt == TY_E5M2X2 || nt == TY_E2M1X2)
                    : st == TY_BF16X2;
    else
        ok &= in->nopnd == 2 && dt == (f ? TY_F16X2 : TY_BF16X2) && !instr_has_mod(in, MOD_SATFINITE);
    if (!ok || (!f && instr_has_mod(in, MOD_RELU)) || instr_has_mod(in, MOD_FTZ) || instr_has_mod(in, MOD_SAT)) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "this form of %s", form));
        return;
    }
    unsigned step = nt == TY_E2M1X2 ? 4 : 8; /* bits a packed element takes */
    PtxType wt = nt == TY_E2M1X2 ? TY_B8 : TY_B16;
    if (to) {
        LLVMValueRef x[2];
        bool vec;
        if (in->nopnd == 3) {
            Ops s = sources(e, in, TY_F32, 2);
            x[0] = s.a[0], x[1] = s.a[1], vec = s.vec;
        } else { /* halves of an f16x2 or bf16x2, widened exactly */
            Ops s = sources(e, in, TY_B32, 1);
            vec = s.vec;
            for (int i = 0; i < 2; i++) {
                LLVMValueRef h = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, s.a[0], cst(e, s.a[0], 0, i ? 0 : 16), ""), like(e->t_i16, vec), "");
                x[i] = st == TY_BF16X2 ? bf16_bits_to_f32(e, h) : f16_bits_to_f32(e, h);
            }
        }
        LLVMValueRef c[2];
        for (int i = 0; i < 2; i++)
            c[i] = f ? narrow_encode(e, in, f, x[i]) : ue8m0_encode(e, in, rnd, x[i]);
        LLVMValueRef r = LLVMBuildOr(e->b, LLVMBuildShl(e->b, c[0], cst(e, c[0], 0, step), ""), c[1], "");
        inst_write(e, &in->opnd[0], wt, LLVMBuildTrunc(e->b, r, like(inst_llvm_type(e, wt), vec), ""));
        return;
    }
    Ops s = sources(e, in, wt, 1);
    LLVMValueRef w = LLVMBuildZExt(e->b, s.a[0], like(e->t_i32, s.vec), "");
    LLVMValueRef h[2];
    for (int i = 0; i < 2; i++) {
        LLVMValueRef c = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, w, cst(e, w, 0, i ? 0 : step), ""), cst(e, w, 0, (1u << step) - 1), "");
        if (f) {
            h[i] = narrow_decode(e, in, f, c);
        } else { /* ue8m0 to bf16: c << 7; 0 is 2^-127, a bf16 subnormal */
            LLVMValueRef b = LLVMBuildShl(e->b, c, cst(e, c, 0, 7), "");
            b = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, c, cst(e, c, 0, 0), ""), cst(e, c, 0, 0x40), b, "");
            b = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, c, cst(e, c, 0, 0xff), ""), cst(e, c, 0, 0x7fff), b, "");
            h[i] = LLVMBuildTrunc(e->b, b, like(e->t_i16, s.vec), "");
        }
        h[i] = LLVMBuildZExt(e->b, h[i], like(e->t_i32, s.vec), "");
    }
    inst_write(e, &in->opnd[0], TY_B32, LLVMBuildOr(e->b, LLVMBuildShl(e->b, h[0], cst(e, h[0], 0, 16), ""), h[1], ""));
}

/* cvt.pack.sat.{u16,s16}.s32 d, a, b and cvt.pack.sat.{u8,s8}.s32.b32
 * d, a, b, c: a and b clamped to the narrow type's range; b in the low
 * field, a in the next; c fills the bits above them (its low bits first). */
static void
emit_cvt_pack_int(Emit *e, const Instr *in)
{
    PtxType dt = in->type[0];
    int w = type_bits(dt);
    bool byte = w == 8;
    if (in->ntype != (byte ? 3 : 2) || in->type[1] != TY_S32 || (w != 8 && w != 16) ||
        in->nopnd != (byte ? 4 : 3) || !instr_has_mod(in, MOD_SAT)) {
        emit_unsupported(e, in->loc, "this form of cvt.pack");
        return;
    }
    Ops s = sources(e, in, TY_S32, in->nopnd - 1);
    bool sign = type_kind(dt) == TK_SINT;
    long long lo = sign ? -(1ll << (w - 1)) : 0, hi = sign ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
    LLVMValueRef f[2];
    for (int i = 0; i < 2; i++) {
        LLVMValueRef x = s.a[i], cl = cst(e, x, 0, (unsigned long long)lo), ch = cst(e, x, 0, (unsigned long long)hi);
        x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, x, cl, ""), cl, x, "");
        x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSGT, x, ch, ""), ch, x, "");
        f[i] = LLVMBuildAnd(e->b, x, cst(e, x, 0, (1ull << w) - 1), "");
    }
    LLVMValueRef r = LLVMBuildOr(e->b, LLVMBuildShl(e->b, f[0], cst(e, f[0], 0, (unsigned)w), ""), f[1], "");
    if (byte)
        r = LLVMBuildOr(e->b, r, LLVMBuildShl(e->b, s.a[2], cst(e, s.a[2], 0, 16), ""), "");
    inst_write(e, &in->opnd[0], TY_B32, r);
}

static void
emit_cvt(Emit *e, const Instr *in)
{
    if (in->ntype < 2) {
        emit_unsupported(e, in->loc, "this form of cvt");
        return;
    }
    PtxType dt = in->type[0], st = in->type[1];
    Mod rnd = mod_of_class(in, MC_ROUND);
    bool sat = instr_has_mod(in, MOD_SAT);
    if (rnd == MOD_RS) {
        emit_unsupported(e, in->loc, "stochastic rounding (cvt.rs)");
        return;
    }
    bool pair = st == TY_F32 && (dt == TY_F16X2 || dt == TY_BF16X2 || dt == TY_UE8M0X2 || narrow_format(dt));
    if (in->nopnd != (pair ? 3 : 2)) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "cvt.%s.%s with %d operands", type_name(dt), type_name(st), in->nopnd));
        return;
    }
    if ((dt == TY_F16X2 || dt == TY_BF16X2) && st == TY_F32 && in->nopnd == 3) {
        emit_cvt_pack(e, in, dt, rnd);
        return;
    }
    if (dt == TY_UE8M0X2 || st == TY_UE8M0X2 || narrow_format(dt) || narrow_format(st)) {
        emit_cvt_narrow(e, in, dt, st, rnd);
        return;
    }
    if (dt == TY_TF32 && st == TY_F32) {
        emit_cvt_tf32(e, in, rnd);
        return;
    }
    if (dt == TY_F16 || dt == TY_BF16 || st == TY_F16 || st == TY_BF16) {
        emit_cvt_half(e, in, dt, st, rnd);
        return;
    }
    Ops s = sources(e, in, st, 1);
    LLVMValueRef x = s.a[0];
    LLVMTypeRef T = like(inst_llvm_type(e, dt), s.vec);
    bool fd = is_float(dt), fs = is_float(st);
    bool half = dt == TY_F16 || dt == TY_BF16 || st == TY_F16 || st == TY_BF16 || dt == TY_TF32 || st == TY_TF32;
    if (type_kind(dt) == TK_PACKED || type_kind(st) == TK_PACKED || (half && !(rnd == MOD_NONE || rnd == MOD_RN))) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "cvt.%s.%s with this rounding", type_name(dt), type_name(st)));
        return;
    }
    if (fs && instr_has_mod(in, MOD_FTZ))
        x = ftz(e, x);
    LLVMValueRef r;
    if (fd && fs) {
        x = round_int(e, rnd, x);
        unsigned db = (unsigned)type_bits(dt), sb = (unsigned)type_bits(st);
        if (directed(rnd) && db < sb && dt == TY_F32) {
            r = LLVMBuildFPTrunc(e->b, x, T, "");
            LLVMValueRef t = LLVMBuildFSub(e->b, x, LLVMBuildFPExt(e->b, r, LLVMTypeOf(x), ""), "");
            r = round_dir(e, r, t, rnd);
        } else if (directed(rnd) && db < sb) {
            emit_unsupported(e, in->loc, arena_printf(e->arena, "cvt.%s.%s.%s", mod_name(rnd), type_name(dt), type_name(st)));
            return;
        } else {
            r = db < sb ? LLVMBuildFPTrunc(e->b, x, T, "") : db > sb ? LLVMBuildFPExt(e->b, x, T, "") : x;
        }
        if (instr_has_mod(in, MOD_FTZ))
            r = ftz(e, r);
        if (sat)
            r = fsat(e, r);
    } else if (fd) { /* integer to float */
        if (directed(rnd) && (dt == TY_F32 || dt == TY_F64)) {
            r = directed_itof(e, x, st, T, rnd);
        } else if (rnd != MOD_NONE && rnd != MOD_RN) {
            emit_unsupported(e, in->loc, arena_printf(e->arena, "cvt.%s.%s.%s", mod_name(rnd), type_name(dt), type_name(st)));
            return;
        } else {
            r = type_signed(st) ? LLVMBuildSIToFP(e->b, x, T, "") : LLVMBuildUIToFP(e->b, x, T, "");
        }
        if (sat)
            r = fsat(e, r);
    } else if (fs) { /* float to integer: saturating, NaN to 0 */
        x = round_int(e, rnd == MOD_NONE ? MOD_RZI : rnd, x);
        LLVMTypeRef over[] = {T, LLVMTypeOf(x)};
        LLVMValueRef args[] = {x};
        r = emit_intrinsic(e, type_signed(dt) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2, args, 1);
    } else { /* integer to integer: truncate or extend; .sat clamps */
        unsigned db = (unsigned)type_bits(dt), sb = (unsigned)type_bits(st);
        if (sat) {
            /* clamp x into the destination range, in the wider type */
            unsigned w = db > sb ? db : sb;
            LLVMTypeRef W = like(LLVMIntTypeInContext(e->ctx, w), s.vec);
            LLVMValueRef xw = sb < w ? (type_signed(st) ? LLVMBuildSExt(e->b, x, W, "") : LLVMBuildZExt(e->b, x, W, "")) : x;
            bool ds = type_signed(dt), ss = type_signed(st);
            unsigned long long hi = ds ? (1ull << (db - 1)) - 1 : (db == 64 ? ~0ull : (1ull << db) - 1);
            unsigned long long lo = ds ? ~0ull << (db - 1) : 0; /* -2^(db-1), without a signed overflow */
            if (db < w || (ds != ss)) {
                LLVMValueRef hiv = cst(e, xw, 0, hi), lov = cst(e, xw, 0, lo);
                if (ss) { /* past the top only when narrower */
                    if (db < sb)
                        xw = call2(e, "llvm.smin", xw, hiv);
                    xw = call2(e, "llvm.smax", xw, lov);
                } else {
                    xw = call2(e, "llvm.umin", xw, hiv);
                }
            }
            r = db < w ? LLVMBuildTrunc(e->b, xw, T, "") : xw;
        } else if (db < sb) {
            r = LLVMBuildTrunc(e->b, x, T, "");
        } else if (db > sb) {
            r = type_signed(st) ? LLVMBuildSExt(e->b, x, T, "") : LLVMBuildZExt(e->b, x, T, "");
        } else {
            r = x;
        }
    }
    inst_write(e, &in->opnd[0], dt, r);
}

/* ----------------------------------------------------------------- mov */

static void
emit_mov(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    const Operand *d = &in->opnd[0], *a = &in->opnd[1];
    if (in->vec > 1) { /* mov.v4.f32 {a, b, c, d}, {e, f, g, h}: every source read first */
        if (d->kind != OPD_VEC || a->kind != OPD_VEC || d->nsub != in->vec || a->nsub != in->vec) {
            emit_unsupported(e, in->loc, arena_printf(e->arena, "mov.v%d without %d-element operands", in->vec, in->vec));
            return;
        }
        LLVMValueRef v[4];
        for (int i = 0; i < in->vec; i++)
            v[i] = inst_operand(e, &a->sub[i], ty, operand_varying(e, &d->sub[i]));
        for (int i = 0; i < in->vec; i++)
            inst_write(e, &d->sub[i], ty, v[i]);
        return;
    }
    if (d->kind == OPD_VEC) { /* unpack: mov.b64 {lo, hi}, x */
        bool vec = operand_varying(e, a) || operand_varying(e, d);
        LLVMValueRef x = inst_operand(e, a, ty, vec);
        unsigned part = (unsigned)type_bits(ty) / (unsigned)d->nsub;
        LLVMTypeRef pt = like(LLVMIntTypeInContext(e->ctx, part), vec);
        x = convert_bits(e, x, LLVMIntTypeInContext(e->ctx, (unsigned)type_bits(ty)), false);
        for (int i = 0; i < d->nsub; i++) {
            LLVMValueRef p = LLVMBuildTrunc(e->b, LLVMBuildLShr(e->b, x, cst(e, x, 0, part * (unsigned)i), ""), pt, "");
            inst_write(e, &d->sub[i], part == 16 ? TY_B16 : part == 32 ? TY_B32 : TY_B8, p);
        }
        return;
    }
    if (a->kind == OPD_VEC) { /* pack: mov.b64 x, {lo, hi} */
        bool vec = operand_varying(e, a) || operand_varying(e, d);
        unsigned part = (unsigned)type_bits(ty) / (unsigned)a->nsub;
        PtxType pty = part == 16 ? TY_B16 : part == 32 ? TY_B32 : TY_B8;
        LLVMTypeRef wt = like(LLVMIntTypeInContext(e->ctx, (unsigned)type_bits(ty)), vec);
        LLVMValueRef r = LLVMConstNull(wt);
        for (int i = 0; i < a->nsub; i++) {
            LLVMValueRef p = LLVMBuildZExt(e->b, inst_operand(e, &a->sub[i], pty, vec), wt, "");
            r = LLVMBuildOr(e->b, r, LLVMBuildShl(e->b, p, cst(e, p, 0, part * (unsigned)i), ""), "");
        }
        inst_write(e, d, ty, r);
        return;
    }
    if (a->kind == OPD_FUNC) {
        LLVMValueRef fn = a->func->has_body ? call_function_address(e, a->func) : NULL;
        if (!fn) {
            emit_unsupported(e, in->loc, arena_printf(e->arena, "the address of '%s'", a->func->name));
            return;
        }
        inst_write(e, d, ty, LLVMBuildPtrToInt(e->b, fn, e->t_i64, ""));
        return;
    }
    bool vec = operand_varying(e, d);
    inst_write(e, d, ty, inst_operand(e, a, ty, vec));
}

/* bar.sync / barrier.sync / bar.arrive / bar.red: the runtime schedules. */
static void
emit_barrier(Emit *e, const Instr *in)
{
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
        pred = LLVMBuildAnd(e->b, emit_mask_i32(e, inst_operand(e, po, TY_PRED, false)), emit_cur_mask(e), "");
        np--;
    }
    if (np >= 2)
        count = emit_first_lane(e, inst_operand(e, &in->opnd[first + 1], TY_U32, false));
    LLVMValueRef args[] = {e->warp, emit_u32(e, op), id, count, emit_cur_mask(e), pred, emit_u32(e, (uint64_t)in->loc.line)};
    LLVMValueRef r = LLVMBuildCall2(e->b, e->t_barrier_fn, abi_service(e, S_BARRIER), args, 7, "");
    emit_check_error(e);
    if (red) {
        if (op == P2N_BAR_RED_POPC)
            inst_write(e, &in->opnd[0], TY_U32, r);
        else
            inst_write(e, &in->opnd[0], TY_PRED, LLVMBuildICmp(e->b, LLVMIntNE, r, emit_u32(e, 0), ""));
    }
}

static void
emit_nanosleep(Emit *e, const Instr *in)
{
    LLVMValueRef ns = emit_first_lane(e, inst_operand(e, &in->opnd[0], TY_U32, false));
    LLVMValueRef args[] = {e->warp, ns};
    LLVMBuildCall2(e->b, e->t_nanosleep_fn, abi_service(e, S_NANOSLEEP), args, 2, "");
    emit_check_error(e);
}

void
inst_emit(Emit *e, const Instr *in)
{
    switch (in->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_ADDC:
    case OP_SUBC:
    case OP_MUL:
    case OP_MAD:
    case OP_MADC:
    case OP_MUL24:
    case OP_MAD24:
    case OP_SAD:
    case OP_DIV:
    case OP_REM:
    case OP_ABS:
    case OP_NEG:
    case OP_MIN:
    case OP_MAX:
    case OP_FMA: emit_arith(e, in); break;
    case OP_RCP:
    case OP_SQRT:
    case OP_RSQRT:
    case OP_SIN:
    case OP_COS:
    case OP_LG2:
    case OP_EX2:
    case OP_TANH: emit_math(e, in); break;
    case OP_SETP:
    case OP_SET: emit_setp(e, in); break;
    case OP_SELP:
    case OP_SLCT: emit_selp(e, in); break;
    case OP_AND:
    case OP_OR:
    case OP_XOR:
    case OP_NOT:
    case OP_CNOT: emit_logic(e, in); break;
    case OP_SHL:
    case OP_SHR: emit_shift(e, in); break;
    case OP_POPC:
    case OP_CLZ:
    case OP_BREV:
    case OP_BFIND:
    case OP_BFE:
    case OP_BFI: emit_bits(e, in); break;
    case OP_PRMT: emit_prmt(e, in); break;
    case OP_DP4A:
    case OP_DP2A: emit_dp(e, in); break;
    case OP_BMSK:
    case OP_SZEXT: emit_bmsk(e, in); break;
    case OP_FNS: emit_fns(e, in); break;
    case OP_COPYSIGN:
    case OP_TESTP: emit_fclass(e, in); break;
    case OP_SHF: emit_shf(e, in); break;
    case OP_LOP3: emit_lop3(e, in); break;
    case OP_CVT: emit_cvt(e, in); break;
    case OP_CVT_PACK: emit_cvt_pack_int(e, in); break;
    case OP_MOV: emit_mov(e, in); break;
    case OP_LD:
    case OP_LDU:
    case OP_ST:
    case OP_ATOM:
    case OP_RED:
    case OP_CVTA:
    case OP_ISSPACEP:
    case OP_PREFETCH:
    case OP_PREFETCHU:
    case OP_CP_ASYNC:
    case OP_CP_ASYNC_COMMIT:
    case OP_CP_ASYNC_WAIT:
    case OP_CP_ASYNC_WAIT_ALL: mem_emit(e, in); break;
    case OP_SHFL:
    case OP_VOTE:
    case OP_REDUX:
    case OP_MATCH:
    case OP_ACTIVEMASK:
    case OP_ELECT:
    case OP_BAR_WARP_SYNC: warp_emit(e, in); break;
    case OP_MBAR_INIT:
    case OP_MBAR_INVAL:
    case OP_MBAR_ARRIVE:
    case OP_MBAR_ARRIVE_DROP:
    case OP_MBAR_ARRIVE_TX:
    case OP_MBAR_ARRIVE_DROP_TX:
    case OP_MBAR_EXPECT_TX:
    case OP_MBAR_COMPLETE_TX:
    case OP_MBAR_TEST_WAIT:
    case OP_MBAR_TRY_WAIT:
    case OP_MBAR_PENDING_COUNT:
    case OP_CP_ASYNC_MBAR_ARRIVE: mbarrier_emit(e, in); break;
    case OP_MMA:
    case OP_LDMATRIX:
    case OP_STMATRIX:
    case OP_WMMA_LOAD_A:
    case OP_WMMA_LOAD_B:
    case OP_WMMA_LOAD_C:
    case OP_WMMA_MMA:
    case OP_WMMA_STORE_D: mma_emit(e, in); break;
    case OP_CREATEPOLICY: inst_write(e, &in->opnd[0], TY_B64, LLVMConstInt(e->t_i64, 0, 0)); break;
    case OP_BAR:
    case OP_BARRIER:
        if (in->op == OP_BAR && in->nmods > 0 && in->mods[0] == MOD_NONE)
            break;
        emit_barrier(e, in);
        break;
    case OP_MEMBAR:
    case OP_FENCE: LLVMBuildFence(e->b, LLVMAtomicOrderingSequentiallyConsistent, 0, ""); break;
    case OP_NANOSLEEP: emit_nanosleep(e, in); break;
    case OP_CALL: call_emit(e, in); break;
    case OP_TEX:
    case OP_TLD4:
    case OP_TXQ:
    case OP_SULD:
    case OP_SUST:
    case OP_SUQ: tex_emit(e, in); break;
    case OP_BRKPT:
    case OP_PMEVENT:
    case OP_GRIDDEPCONTROL: break; /* launches are synchronous: a dependent grid starts after this one */
    default:
        if (in->op >= OP_VADD && in->op <= OP_VSET4) { /* the video instructions */
            video_emit(e, in);
            break;
        }
        emit_unsupported(e, in->loc, arena_printf(e->arena, "instruction '%s'", opcode_name(in->op)));
        break;
    }
}
