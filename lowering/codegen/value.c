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
        /* a warp's %tid does not change while it runs: the load may be
         * repeated where it is needed (memory.c, mem_sink_slow_addresses) */
        unsigned inv = LLVMGetMDKindIDInContext(e->ctx, "invariant.load", 14);
        LLVMSetMetadata(v, inv, LLVMMetadataAsValue(e->ctx, LLVMMDNodeInContext2(e->ctx, NULL, 0)));
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

/* ------------------------------------------------------------ probes */

/* A register the analysis knows row by row (FuncInfo.reg_row_affine) and
 * that differs across the warp keeps, beside its <32 x iN>, a <4 x iN>
 * "probe": its lanes 0, 15, 16 and 31 (PROBE_LANES), written with it in
 * inst_write.  The affine instructions (the ones the analysis follows:
 * add, sub, neg, mul.lo, mul.wide, mad.lo, shl, mov, cvt) compute it
 * from their operands' probes, on four lanes; anything else takes it
 * from the vector.  An access through such an address finds its first
 * and last lanes there (memory.c, mem_probe): the full-warp fast path
 * needs no lane of the 32 x 64-bit address vector, so that vector is
 * left to the slow path. */
static const unsigned probe_lanes[NPROBE] = {0, 15, 16, 31};

bool
probe_reg(Emit *e, int r)
{
    const FuncInfo *fi = e->fs.fi;
    /* not in a kernel run as a coroutine: what lives across its barriers
     * goes to the coroutine's frame, and the probes of a loop's registers
     * made the tiled matmul 15% slower (user time, 3 runs) */
    if (e->fs.coro_frame)
        return false;
    if (!fi->reg_row_affine || !fi->reg_row_affine[r] || !fi->reg_varying[r])
        return false;
    LLVMTypeRef st = e->fs.reg_type[r];
    if (LLVMGetTypeKind(st) != LLVMVectorTypeKind)
        return false;
    LLVMTypeRef et = LLVMGetElementType(st);
    return LLVMGetTypeKind(et) == LLVMIntegerTypeKind &&
           (LLVMGetIntTypeWidth(et) == 32 || LLVMGetIntTypeWidth(et) == 64);
}

static LLVMValueRef
probe_slot(Emit *e, int r)
{
    if (!e->fs.probe_slot) {
        int n = e->fs.f->regs.n;
        e->fs.probe_slot = arena_alloc(e->arena, sizeof *e->fs.probe_slot * (size_t)(n + 1));
        for (int i = 0; i < n; i++)
            e->fs.probe_slot[i] = NULL;
    }
    if (!e->fs.probe_slot[r]) {
        LLVMTypeRef t = LLVMVectorType(LLVMGetElementType(e->fs.reg_type[r]), NPROBE);
        e->fs.probe_slot[r] = emit_alloca(e, t, "probe");
    }
    return e->fs.probe_slot[r];
}

/* The probe lanes of a <32 x T> value, or a scalar's splat. */
LLVMValueRef
probe_of(Emit *e, LLVMValueRef v)
{
    LLVMValueRef idx[NPROBE];
    if (!emit_is_vec(v)) {
        for (int i = 0; i < NPROBE; i++)
            idx[i] = emit_u32(e, 0);
        LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(v), NPROBE);
        v = LLVMBuildInsertElement(e->b, LLVMGetUndef(vt), v, emit_u32(e, 0), "");
    } else {
        for (int i = 0; i < NPROBE; i++)
            idx[i] = emit_u32(e, probe_lanes[i]);
    }
    return LLVMBuildShuffleVector(e->b, v, LLVMGetUndef(LLVMTypeOf(v)),
                                  LLVMConstVector(idx, NPROBE), "probe");
}

/* An integer probe as `bits` wide: truncated, or extended by `sign`. */
static LLVMValueRef
probe_bits(Emit *e, LLVMValueRef p, unsigned bits, bool sign)
{
    LLVMTypeRef t = LLVMVectorType(LLVMIntTypeInContext(e->ctx, bits), NPROBE);
    unsigned from = LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(p)));
    return from == bits ? p
           : from > bits ? LLVMBuildTrunc(e->b, p, t, "")
           : sign        ? LLVMBuildSExt(e->b, p, t, "")
                         : LLVMBuildZExt(e->b, p, t, "");
}

static LLVMValueRef wrap_slot(Emit *e, int r);

/* Register r's probe from its whole new value v (oneloop.c: a lane put
 * back by the scalar copy of a loop).  Its wrap flag, if it keeps one,
 * turns false: the lane's new value may have wrapped where the others did
 * not (as a write under a partial mask keeps the old flag's doubt), and
 * the accesses through it then take their tested path. */
void
probe_refresh(Emit *e, int r, LLVMValueRef v)
{
    if (probe_reg(e, r))
        LLVMBuildStore(e->b, probe_of(e, v), probe_slot(e, r));
    if (probe_wrap_reg(e, r))
        LLVMBuildStore(e->b, LLVMConstInt(e->t_i1, 0, 0), wrap_slot(e, r));
}

/* The probe of register r (probe_reg), as read by an operand of type ty. */
LLVMValueRef
probe_read(Emit *e, int r, PtxType ty)
{
    LLVMTypeRef t = LLVMVectorType(LLVMGetElementType(e->fs.reg_type[r]), NPROBE);
    LLVMValueRef p = LLVMBuildLoad2(e->b, t, probe_slot(e, r), "");
    return probe_bits(e, p, (unsigned)type_bits(ty), type_signed(ty));
}

/* Operand o of type ty (an integer of 32 or 64 bits) on the probe lanes. */
static LLVMValueRef
probe_operand(Emit *e, const Operand *o, PtxType ty)
{
    if (o->kind == OPD_REG && !o->neg && operand_varying(e, o) && probe_reg(e, o->reg))
        return probe_read(e, o->reg, ty);
    return probe_of(e, inst_operand(e, o, ty, false));
}

/* The probe of what `in` writes to its destination, from its operands'
 * probes, when it is one of the affine instructions; NULL otherwise.  The
 * same cases as the analysis's instr_step1, computed as the handlers do
 * (arith.c, convert.c). */
static LLVMValueRef
probe_compute(Emit *e, const Instr *in)
{
    const Operand *o = in->opnd;
    PtxType ty = in->ntype > 0 ? in->type[0] : TY_B32;
    TypeKind k = type_kind(ty);
    bool lin = (k == TK_BITS || k == TK_UINT || k == TK_SINT) &&
               (type_bits(ty) == 32 || type_bits(ty) == 64) && !instr_has_mod(in, MOD_CC) &&
               !instr_has_mod(in, MOD_SAT);
    switch (in->op) {
    case OP_ADD:
    case OP_SUB:
        if (!lin || in->nopnd != 3)
            return NULL;
        return LLVMBuildBinOp(e->b, in->op == OP_ADD ? LLVMAdd : LLVMSub,
                              probe_operand(e, &o[1], ty), probe_operand(e, &o[2], ty), "");
    case OP_NEG:
        return lin && in->nopnd == 2 ? LLVMBuildNeg(e->b, probe_operand(e, &o[1], ty), "") : NULL;
    case OP_MUL:
        if (lin && in->nopnd == 3 && instr_has_mod(in, MOD_LO))
            return LLVMBuildMul(e->b, probe_operand(e, &o[1], ty), probe_operand(e, &o[2], ty), "");
        if (in->nopnd == 3 && instr_has_mod(in, MOD_WIDE) && type_bits(ty) == 32 &&
            (k == TK_UINT || k == TK_SINT))
            return LLVMBuildMul(e->b, probe_bits(e, probe_operand(e, &o[1], ty), 64, k == TK_SINT),
                                probe_bits(e, probe_operand(e, &o[2], ty), 64, k == TK_SINT), "");
        return NULL;
    case OP_MAD:
        if (!lin || in->nopnd != 4 || !instr_has_mod(in, MOD_LO))
            return NULL;
        return LLVMBuildAdd(
            e->b, LLVMBuildMul(e->b, probe_operand(e, &o[1], ty), probe_operand(e, &o[2], ty), ""),
            probe_operand(e, &o[3], ty), "");
    case OP_SHL:
        if (!lin || in->nopnd != 3 || o[2].kind != OPD_IMM || o[2].imm < 0 || o[2].imm > 20)
            return NULL;
        return LLVMBuildShl(e->b, probe_operand(e, &o[1], ty),
                            probe_of(e, LLVMConstInt(inst_llvm_type(e, ty), (uint64_t)o[2].imm, 0)),
                            "");
    case OP_MOV:
        if (!lin || in->nopnd != 2 ||
            (o[1].kind != OPD_REG && o[1].kind != OPD_SREG && o[1].kind != OPD_IMM))
            return NULL;
        return probe_operand(e, &o[1], ty);
    case OP_CVT: {
        if (in->ntype != 2 || in->nopnd != 2 || instr_has_mod(in, MOD_SAT))
            return NULL;
        PtxType st = in->type[1];
        TypeKind sk = type_kind(st);
        bool ints = (k == TK_BITS || k == TK_UINT || k == TK_SINT) &&
                    (sk == TK_BITS || sk == TK_UINT || sk == TK_SINT) &&
                    (type_bits(ty) == 32 || type_bits(ty) == 64) &&
                    (type_bits(st) == 32 || type_bits(st) == 64);
        if (!ints)
            return NULL;
        return probe_bits(e, probe_operand(e, &o[1], st), (unsigned)type_bits(ty), type_signed(st));
    }
    default: return NULL;
    }
}

/* Writes register r's probe beside its new value nv (<32 x T>, before any
 * merge), keeping the old lanes outside m (i32; NULL: every lane). */
static void
probe_write(Emit *e, const Operand *dst, PtxType ty, LLVMValueRef nv, LLVMValueRef m)
{
    int r = dst->reg;
    LLVMTypeRef et = LLVMGetElementType(e->fs.reg_type[r]);
    const Instr *in = e->fs.in;
    LLVMValueRef p = in && dst == &in->opnd[0] ? probe_compute(e, in) : NULL;
    if (p)
        p = probe_bits(e, p, LLVMGetIntTypeWidth(et), type_signed(ty));
    else
        p = probe_of(e, nv);
    if (m) {
        LLVMValueRef sh[NPROBE], one[NPROBE];
        for (int i = 0; i < NPROBE; i++) {
            sh[i] = emit_u32(e, probe_lanes[i]);
            one[i] = emit_u32(e, 1);
        }
        LLVMValueRef bits = LLVMBuildLShr(e->b, probe_of(e, m), LLVMConstVector(sh, NPROBE), "");
        bits = LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildAnd(e->b, bits, LLVMConstVector(one, NPROBE), ""),
                             LLVMConstVector(one, NPROBE), "");
        LLVMValueRef old = LLVMBuildLoad2(e->b, LLVMTypeOf(p), probe_slot(e, r), "");
        p = LLVMBuildSelect(e->b, bits, p, old, "");
    }
    LLVMBuildStore(e->b, p, probe_slot(e, r));
}

/* ------------------------------------------------------------ wrap flags */

/* A probed register widened from a moving 32-bit value on the way
 * (FuncInfo.reg_tx_wide) keeps an i1 beside its probe: true when its
 * 32-bit source did not wrap between lanes 0 and 15, nor between 16 and
 * 31, so that its widened lanes there are as affine as the analysis says.
 * The widening (mul.wide, cvt from 32 to 64 bits) finds it once, from
 * the source's probe; the affine instructions after it (add, shl, mov
 * ...) AND their operands' flags.  Every access through the register, at
 * any offset, reads the flag (memory.c, halves_at): one check per
 * widened value instead of one per access. */
bool
probe_wrap_reg(Emit *e, int r)
{
    return probe_reg(e, r) && e->fs.fi->reg_tx_wide && e->fs.fi->reg_tx_wide[r];
}

static LLVMValueRef
wrap_slot(Emit *e, int r)
{
    if (!e->fs.wrap_slot) {
        int n = e->fs.f->regs.n;
        e->fs.wrap_slot = arena_alloc(e->arena, sizeof *e->fs.wrap_slot * (size_t)(n + 1));
        for (int i = 0; i < n; i++)
            e->fs.wrap_slot[i] = NULL;
    }
    if (!e->fs.wrap_slot[r]) { /* false until written: the slow path */
        LLVMValueRef a = emit_alloca(e, e->t_i1, "nowrap");
        LLVMBuilderRef b = LLVMCreateBuilderInContext(e->ctx);
        LLVMPositionBuilder(b, LLVMGetInstructionParent(a), LLVMGetNextInstruction(a));
        LLVMBuildStore(b, LLVMConstInt(e->t_i1, 0, 0), a);
        LLVMDisposeBuilder(b);
        e->fs.wrap_slot[r] = a;
    }
    return e->fs.wrap_slot[r];
}

/* Register r's flag (probe_wrap_reg). */
LLVMValueRef
probe_wrap_ok(Emit *e, int r)
{
    return LLVMBuildLoad2(e->b, e->t_i1, wrap_slot(e, r), "nowrap");
}

/* Whether operand o, a 32-bit source of a widening extended by `sign`,
 * reads without a wrap inside either half of the warp: for a step k > 0
 * the last lane of a half lies above the first (as signed or unsigned
 * 32-bit values), below it for k < 0.  The step is at most 2^20 (the
 * analysis), so 15 steps cross the boundary at most once, and then the
 * order turns. */
static LLVMValueRef
wrap_source_ok(Emit *e, const Operand *o, PtxType ty, bool sign)
{
    const FuncInfo *fi = e->fs.fi;
    if (o->kind != OPD_REG || !operand_varying(e, o) || !fi->reg_row_affine ||
        !fi->reg_row_affine[o->reg] || fi->reg_tx_step[o->reg] == 0)
        return LLVMConstInt(e->t_i1, 1, 0); /* the same in a row, or %tid.x */
    LLVMValueRef p = probe_operand(e, o, ty);
    LLVMValueRef lo[2] = {emit_u32(e, 0), emit_u32(e, 2)}, hi[2] = {emit_u32(e, 1), emit_u32(e, 3)};
    LLVMValueRef first = LLVMBuildShuffleVector(e->b, p, LLVMGetUndef(LLVMTypeOf(p)),
                                                LLVMConstVector(lo, 2), "");
    LLVMValueRef last = LLVMBuildShuffleVector(e->b, p, LLVMGetUndef(LLVMTypeOf(p)),
                                               LLVMConstVector(hi, 2), "");
    bool up = fi->reg_tx_step[o->reg] > 0;
    LLVMIntPredicate pr = up ? (sign ? LLVMIntSGT : LLVMIntUGT) : (sign ? LLVMIntSLT : LLVMIntULT);
    LLVMValueRef c = LLVMBuildICmp(e->b, pr, last, first, "");
    c = LLVMBuildBitCast(e->b, c, LLVMIntTypeInContext(e->ctx, 2), "");
    return LLVMBuildICmp(e->b, LLVMIntEQ, c, LLVMConstInt(LLVMIntTypeInContext(e->ctx, 2), 3, 0),
                         "nowrap");
}

/* a AND b, where either may be the constant true */
static LLVMValueRef
wrap_and(Emit *e, LLVMValueRef a, LLVMValueRef b)
{
    if (LLVMIsAConstantInt(a) && LLVMConstIntGetZExtValue(a) == 1)
        return b;
    if (LLVMIsAConstantInt(b) && LLVMConstIntGetZExtValue(b) == 1)
        return a;
    return LLVMBuildAnd(e->b, a, b, "");
}

/* The flag of what `in` writes to its destination (operand 0). */
static LLVMValueRef
wrap_compute(Emit *e, const Instr *in)
{
    const Operand *o = in->opnd;
    LLVMValueRef ok = LLVMConstInt(e->t_i1, 1, 0);
    if (in->op == OP_CVT && in->ntype == 2 && in->nopnd == 2 && type_bits(in->type[0]) == 64 &&
        type_bits(in->type[1]) == 32)
        return wrap_source_ok(e, &o[1], in->type[1], type_signed(in->type[1]));
    if (in->op == OP_MUL && instr_has_mod(in, MOD_WIDE) && in->ntype > 0 &&
        type_bits(in->type[0]) == 32 && in->nopnd == 3) {
        bool sg = type_signed(in->type[0]);
        return wrap_and(e, wrap_source_ok(e, &o[1], in->type[0], sg),
                        wrap_source_ok(e, &o[2], in->type[0], sg));
    }
    for (int i = 1; i < in->nopnd; i++) {
        if (o[i].kind != OPD_REG || !e->fs.fi->reg_tx_wide || !e->fs.fi->reg_tx_wide[o[i].reg])
            continue;
        if (!probe_wrap_reg(e, o[i].reg))
            return LLVMConstInt(e->t_i1, 0, 0);
        ok = wrap_and(e, ok, probe_wrap_ok(e, o[i].reg));
    }
    return ok;
}

/* Writes register r's flag beside its new value; under a partial mask m
 * (i32) the lanes outside it keep their old values, and so the flag keeps
 * the old one's doubt too. */
static void
wrap_write(Emit *e, const Operand *dst, LLVMValueRef m)
{
    const Instr *in = e->fs.in;
    LLVMValueRef ok = in && dst == &in->opnd[0] ? wrap_compute(e, in) : LLVMConstInt(e->t_i1, 0, 0);
    if (m)
        ok = LLVMBuildAnd(e->b, ok, probe_wrap_ok(e, dst->reg), "");
    LLVMBuildStore(e->b, ok, wrap_slot(e, dst->reg));
}

/* Whether lanes may be parked on the divergence stack while the current
 * block runs (uniform.c, parked_regions). */
static bool
block_may_park(const Emit *e)
{
    const bool *parked = e->fs.fi->block_parked;
    return !parked || e->fs.block < 0 || parked[e->fs.block];
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
        LLVMValueRef m = NULL;
        /* e->fs.nbar: lanes held at a call of a function that waits resume
         * after it, where the analysis's reg_merge does not look; outside
         * every region that parks lanes (block_parked) the lanes off the
         * path have exited and read nothing again */
        if (e->fs.partial && (e->fs.imask || e->fs.nbar > 0 || !e->fs.fi->reg_merge ||
                              (e->fs.fi->reg_merge[r] && block_may_park(e))))
            m = e->fs.imask ? e->fs.imask : emit_mask(e);
        if (probe_reg(e, r))
            probe_write(e, dst, ty, v, m);
        if (probe_wrap_reg(e, r))
            wrap_write(e, dst, m);
        if (m) {
            LLVMValueRef old = LLVMBuildLoad2(e->b, st, emit_reg_slot(e, r), "");
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
