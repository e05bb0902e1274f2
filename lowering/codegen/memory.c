/* memory.c — addresses, loads and stores (where variables live: layout.c;
 * atomics: atomic.c; cvta, isspacep and cp.async: space.c; gathers and
 * runs through loaded data: lanes.c; the slow paths' addresses after the
 * passes: sink.c).
 *
 * Windows: .shared variables are offsets in the CTA's block (w->shared),
 * .local ones offsets in each lane's window (w->local + lane * stride),
 * kernel .param ones offsets in the parameter buffer (w->params); .global
 * and .const variables are LLVM globals, so their addresses are host
 * addresses, as generic addresses of every window are.
 *
 * An access through addresses that differ across lanes is a masked vector
 * load or store when, at run time, every active lane's address is
 * base + lane * size (one compare and a reduction); two when the warp
 * spans two rows of the block and each row is contiguous; otherwise a
 * masked gather or scatter.  A uniform address is one scalar access.  An
 * address the uniformity analysis knows row by row (the same in a row, or
 * contiguous in it) needs no check beyond one per warp (row_access).
 */
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

/* <32 x ptr>: each lane's local window. */
LLVMValueRef
mem_lane_windows(Emit *e)
{
    LLVMValueRef base = e->fs.local_ptr;
    LLVMValueRef stride = e->fs.local_stride;
    LLVMValueRef offs = LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64), emit_splat(e, stride), "");
    return LLVMBuildGEP2(e->b, e->t_i8, emit_splat(e, base), &offs, 1, "lanewin");
}

Space
access_space(const Instr *in)
{
    return in->space == SP_NONE ? SP_GENERIC : in->space;
}

/* The address of a memory operand for `space`: a ptr when it is the same
 * for every lane, else <32 x ptr>. */
LLVMValueRef
mem_address(Emit *e, const Operand *o, Space space)
{
    LLVMValueRef off = LLVMConstInt(e->t_i64, (uint64_t)o->imm, 1);
    LLVMValueRef base = NULL; /* i64 or <32 x i64> offset/address */
    const Operand *b = o->nsub > 0 ? &o->sub[0] : NULL;

    if (b && b->kind == OPD_VAR && b->var->space == SP_PARAM && call_param_block(e, b->var)) {
        /* a .func parameter or result, or a call's staging variable:
         * [32 lanes][size] */
        const Var *v = b->var;
        LLVMValueRef blk = call_param_block(e, v);
        int64_t size = v->size > 0 ? v->size : 8;
        LLVMValueRef offs =
            LLVMBuildAdd(e->b,
                         LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64),
                                      emit_splat(e, LLVMConstInt(e->t_i64, (uint64_t)size, 0)), ""),
                         emit_splat(e, off), "");
        return LLVMBuildGEP2(e->b, e->t_i8, blk, &offs, 1, "");
    }
    if (b && b->kind == OPD_VAR) {
        const Var *v = b->var;
        base = mem_var_address(e, v, 64);
        space = v->space == SP_PARAM ? SP_PARAM : space;
        if (space == SP_GENERIC || space == SP_GLOBAL || space == SP_CONST)
            space = (v->space == SP_SHARED || v->space == SP_LOCAL || v->space == SP_PARAM)
                        ? v->space
                        : SP_GLOBAL;
    } else if (b && b->kind == OPD_REG) {
        bool vary = operand_varying(e, b);
        int bits = type_bits(e->fs.f->regs.v[b->reg].type) == 32 ? 32 : 64;
        base = inst_operand(e, b, bits == 32 ? TY_U32 : TY_U64, vary);
        if (bits == 32) {
            /* a 32-bit address: register + offset wraps at 32 bits (nvcc
             * counts on it, e.g. a base below a shared array plus a
             * larger offset), then is zero-extended */
            LLVMValueRef off32 = LLVMConstInt(e->t_i32, (uint64_t)o->imm, 1);
            base = LLVMBuildAdd(e->b, base, vary ? emit_splat(e, off32) : off32, "");
            base = LLVMBuildZExt(e->b, base, vary ? LLVMVectorType(e->t_i64, WARP) : e->t_i64, "");
            off = LLVMConstInt(e->t_i64, 0, 0);
        }
    } else {
        base = LLVMConstInt(e->t_i64, 0, 0);
    }
    bool vary = LLVMGetTypeKind(LLVMTypeOf(base)) == LLVMVectorTypeKind;
    LLVMValueRef a = LLVMBuildAdd(e->b, base, vary ? emit_splat(e, off) : off, "");

    switch (space) {
    case SP_SHARED:
        return LLVMBuildGEP2(e->b, e->t_i8, abi_warp_field(e, W_SHARED), &a, 1, "");
    case SP_PARAM:
        if (!e->fs.f->is_entry) {
            emit_unsupported(e, o->loc, ".param access through a register in a .func");
            return LLVMConstNull(e->t_ptr);
        }
        return LLVMBuildGEP2(e->b, e->t_i8, abi_warp_field(e, W_PARAMS), &a, 1, "");
    case SP_LOCAL:
        if (!vary)
            a = emit_splat(e, a);
        return LLVMBuildGEP2(e->b, e->t_i8, mem_lane_windows(e), &a, 1, "");
    default:
        return vary ? LLVMBuildIntToPtr(e->b, a, LLVMVectorType(e->t_ptr, WARP), "")
                    : LLVMBuildIntToPtr(e->b, a, e->t_ptr, "");
    }
}



/* The addresses of a memory operand's probe lanes (value.c, probes):
 * <NPROBE x ptr>, the same lanes of what mem_address gives but for the
 * *bias bytes still to add (a 64-bit register's offset, added to the
 * lanes taken out: one probe serves every offset), when the operand is a
 * register that has a probe, in a space row_step accepts; else NULL. */
static LLVMValueRef
mem_probe(Emit *e, const Operand *o, Space space, int64_t *bias)
{
    const Operand *b = o->nsub > 0 ? &o->sub[0] : NULL;
    if (!b || b->kind != OPD_REG || !operand_varying(e, b) || !probe_reg(e, b->reg))
        return NULL;
    if (space != SP_SHARED && space != SP_GLOBAL && space != SP_GENERIC && space != SP_CONST)
        return NULL;
    bool narrow = type_bits(e->fs.f->regs.v[b->reg].type) == 32;
    LLVMValueRef a = probe_read(e, b->reg, narrow ? TY_U32 : TY_U64);
    *bias = narrow ? 0 : o->imm;
    if (narrow) { /* wraps at 32 bits, as mem_address */
        LLVMValueRef off = LLVMConstInt(e->t_i32, (uint64_t)o->imm, 1);
        a = LLVMBuildAdd(e->b, a, probe_of(e, off), "");
        a = LLVMBuildZExt(e->b, a, LLVMVectorType(e->t_i64, NPROBE), "");
    }
    if (space == SP_SHARED)
        return LLVMBuildGEP2(e->b, e->t_i8, abi_warp_field(e, W_SHARED), &a, 1, "");
    return LLVMBuildIntToPtr(e->b, a, LLVMVectorType(e->t_ptr, NPROBE), "");
}

/* True (i1) when every active lane's pointer is p0 + lane * size. */
static LLVMValueRef
contiguous(Emit *e, LLVMValueRef ptrs, unsigned size, LLVMValueRef mask, LLVMValueRef *base)
{
    LLVMTypeRef v64 = LLVMVectorType(e->t_i64, WARP);
    LLVMValueRef ints = LLVMBuildPtrToInt(e->b, ptrs, v64, "");
    LLVMValueRef first = emit_lowest_lane(e, mask);
    LLVMValueRef pf = LLVMBuildExtractElement(e->b, ints, first, "");
    LLVMValueRef p0 = LLVMBuildSub(e->b, pf,
                                   LLVMBuildMul(e->b, LLVMBuildZExt(e->b, first, e->t_i64, ""),
                                                LLVMConstInt(e->t_i64, size, 0), ""),
                                   "");
    LLVMValueRef want =
        LLVMBuildAdd(e->b, emit_splat(e, p0),
                     LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64),
                                  emit_splat(e, LLVMConstInt(e->t_i64, size, 0)), ""),
                     "");
    LLVMValueRef eq = LLVMBuildICmp(e->b, LLVMIntEQ, ints, want, "");
    eq = LLVMBuildOr(e->b, eq, LLVMBuildNot(e->b, emit_mask_vec(e, mask), ""), "");
    LLVMTypeRef vt = e->t_v32i1;
    LLVMValueRef all = emit_intrinsic(e, "llvm.vector.reduce.and", &vt, 1, &eq, 1);
    *base = LLVMBuildIntToPtr(e->b, p0, e->t_ptr, "");
    return all;
}

/* ------------------------------------------------------------- rows */

/* The warp's rows: runs of lanes with the same %tid.y and %tid.z and
 * consecutive %tid.x, which the runtime works out once per block shape
 * (p2n_warp.rows_lo and rows, runtime/sched.c): loaded once per function,
 * in its prologue.  rows_lo holds the lanes of the first row, rows_two
 * says whether the lanes that exist form at most two rows (a warp of a
 * 16 x N or 24 x N block, or inside one row of a block 32 or more wide),
 * half_rows whether one row holds them all or two rows of 16 lanes. */
static void
warp_rows(Emit *e)
{
    if (e->fs.rows_lo)
        return;
    LLVMBuilderRef saved = e->b;
    e->b = LLVMCreateBuilderInContext(e->ctx);
    LLVMPositionBuilderBefore(e->b, e->fs.prologue_end);
    e->fs.rows_lo = abi_warp_field(e, W_ROWS_LO);
    LLVMValueRef rows = abi_warp_field(e, W_ROWS), zero = emit_u32(e, 0);
    e->fs.rows_two = LLVMBuildICmp(
        e->b, LLVMIntNE, LLVMBuildAnd(e->b, rows, emit_u32(e, P2N_ROWS_TWO), ""), zero, "rows.two");
    e->fs.half_rows =
        LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildAnd(e->b, rows, emit_u32(e, P2N_ROWS_HALVES), ""),
                      zero, "half.rows");
    const int *req = e->fs.f->perf.reqntid;
    if (req[0] > 0 && req[0] % (WARP / 2) == 0) /* launch.c refuses any other block */
        e->fs.half_rows = LLVMConstInt(e->t_i1, 1, 0);
    LLVMDisposeBuilder(e->b);
    e->b = saved;
}

/* Lane `lane` of a vector value computed lane-wise from splats: the same
 * computation on that lane's scalars, so that LLVM need not spill the
 * 32 x 64-bit addresses to the stack to pick one (what it does for an
 * extractelement at a variable index).  Goes through integer arithmetic,
 * casts, selects and GEPs; anything else is an extractelement. */
static LLVMValueRef
scalar_lane(Emit *e, LLVMValueRef v, LLVMValueRef lane, int depth)
{
    if (!emit_is_vec(v))
        return v;
    if (LLVMIsAShuffleVectorInst(v) && LLVMIsAInsertElementInst(LLVMGetOperand(v, 0))) {
        bool splat = true; /* shuffle(insertelement(undef, s, 0), zeroinitializer) */
        for (unsigned i = 0; i < LLVMGetNumMaskElements(v); i++)
            splat &= LLVMGetMaskValue(v, i) == 0;
        LLVMValueRef ins = LLVMGetOperand(v, 0), at = LLVMGetOperand(ins, 2);
        if (splat && LLVMIsAConstantInt(at) && LLVMConstIntGetZExtValue(at) == 0)
            return LLVMGetOperand(ins, 1);
    }
    if (depth <= 0 || !LLVMIsAInstruction(v))
        return LLVMBuildExtractElement(e->b, v, lane, "");
    LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(v));
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    switch (op) {
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul:
    case LLVMShl:
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor:
        return LLVMBuildBinOp(e->b, op, scalar_lane(e, LLVMGetOperand(v, 0), lane, depth - 1),
                              scalar_lane(e, LLVMGetOperand(v, 1), lane, depth - 1), "");
    case LLVMZExt:
    case LLVMSExt:
    case LLVMTrunc:
    case LLVMIntToPtr:
    case LLVMPtrToInt:
        return LLVMBuildCast(e->b, op, scalar_lane(e, LLVMGetOperand(v, 0), lane, depth - 1), et,
                             "");
    case LLVMSelect:
        return LLVMBuildSelect(e->b, scalar_lane(e, LLVMGetOperand(v, 0), lane, depth - 1),
                               scalar_lane(e, LLVMGetOperand(v, 1), lane, depth - 1),
                               scalar_lane(e, LLVMGetOperand(v, 2), lane, depth - 1), "");
    case LLVMGetElementPtr:
        if (LLVMGetNumOperands(v) == 2 && LLVMGetGEPSourceElementType(v) == e->t_i8) {
            LLVMValueRef off = scalar_lane(e, LLVMGetOperand(v, 1), lane, depth - 1);
            return LLVMBuildGEP2(
                e->b, e->t_i8, scalar_lane(e, LLVMGetOperand(v, 0), lane, depth - 1), &off, 1, "");
        }
        break;
    default: break;
    }
    return LLVMBuildExtractElement(e->b, v, lane, "");
}

static LLVMValueRef
lane_ptr(Emit *e, LLVMValueRef ptrs, LLVMValueRef lane)
{
    return scalar_lane(e, ptrs, lane, 12);
}

/* The pointer of the first lane in m (lane 0 when m is empty) and that
 * lane. */
static LLVMValueRef
first_ptr(Emit *e, LLVMValueRef ptrs, LLVMValueRef m, LLVMValueRef *lane)
{
    *lane = emit_lowest_lane(e, m);
    return lane_ptr(e, ptrs, *lane);
}

/* Where lane 0 would point if the lanes in m were p_f + (lane - f) * size. */
static LLVMValueRef
row_base(Emit *e, LLVMValueRef ptrs, LLVMValueRef m, unsigned size)
{
    LLVMValueRef lane, p = first_ptr(e, ptrs, m, &lane);
    LLVMValueRef off = LLVMBuildMul(e->b, LLVMBuildZExt(e->b, lane, e->t_i64, ""),
                                    LLVMConstInt(e->t_i64, size, 0), "");
    off = LLVMBuildNeg(e->b, off, "");
    return LLVMBuildGEP2(e->b, e->t_i8, p, &off, 1, "");
}

/* A plain (unmasked) access of n elements at p; loads when val is NULL.
 * val, and the result, are <32 x t>; first: the lane of element 0. */
static LLVMValueRef
plain_access(Emit *e, LLVMValueRef p, LLVMTypeRef t, LLVMValueRef val, int first, int n,
             LLVMValueRef into)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef nt = LLVMVectorType(t, (unsigned)n);
    LLVMValueRef idx[WARP];
    if (val) {
        for (int i = 0; i < n; i++)
            idx[i] = emit_u32(e, (uint64_t)(first + i));
        LLVMValueRef part = n == WARP
                                ? val
                                : LLVMBuildShuffleVector(e->b, val, LLVMGetUndef(LLVMTypeOf(val)),
                                                         LLVMConstVector(idx, (unsigned)n), "");
        LLVMSetAlignment(LLVMBuildStore(e->b, part, p), size);
        return NULL;
    }
    LLVMValueRef v = LLVMBuildLoad2(e->b, nt, p, "");
    LLVMSetAlignment(v, size);
    if (n == WARP)
        return v;
    /* widen to 32 lanes, then take lanes [first, first + n) from it */
    for (int i = 0; i < WARP; i++)
        idx[i] = i < n ? emit_u32(e, (uint64_t)i) : LLVMGetUndef(e->t_i32);
    LLVMValueRef wide =
        LLVMBuildShuffleVector(e->b, v, LLVMGetUndef(nt), LLVMConstVector(idx, WARP), "");
    for (int i = 0; i < WARP; i++)
        idx[i] =
            emit_u32(e, i >= first && i < first + n ? (uint64_t)(WARP + i - first) : (uint64_t)i);
    return LLVMBuildShuffleVector(e->b, into, wide, LLVMConstVector(idx, WARP), "");
}

/* Where the paths of an access meet at jb: for a load (val NULL), the
 * value each of the n paths from[i] got; for a store, nothing. */
static LLVMValueRef
access_join(Emit *e, LLVMBasicBlockRef jb, LLVMValueRef val, LLVMTypeRef vt, LLVMValueRef *got,
            LLVMBasicBlockRef *from, unsigned n)
{
    LLVMPositionBuilderAtEnd(e->b, jb);
    if (val)
        return NULL;
    LLVMValueRef phi = LLVMBuildPhi(e->b, vt, "");
    LLVMAddIncoming(phi, got, from, n);
    return phi;
}

/* One vector access per row: the lanes of each row (mlo, mhi) contiguous
 * from their row's base.  Plain loads and stores when every lane is
 * active and the rows are the whole warp or its two halves (masked
 * stores are slow on some machines); masked ones otherwise.  Loads when
 * val is NULL. */
static LLVMValueRef
rows_vector(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val, LLVMValueRef mlo,
            LLVMValueRef mhi)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMTypeRef over[] = {vt, e->t_ptr};
    LLVMValueRef ms[] = {mlo, mhi}, base[2], align = emit_u32(e, size), got[3];
    for (int j = 0; j < 2; j++)
        base[j] = row_base(e, ptrs, ms[j], size);
    LLVMBasicBlockRef bb[3] = {emit_new_block(e, "mem.row.all"),
                               emit_new_block(e, "mem.row.halves"),
                               emit_new_block(e, "mem.row.masked")};
    LLVMBasicBlockRef jb = emit_new_block(e, "mem.row.done"),
                      test = emit_new_block(e, "mem.row.test");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, mlo, emit_u32(e, 0xffffffffu), ""), bb[0],
                    test);
    LLVMPositionBuilderAtEnd(e->b, test);
    LLVMValueRef halves =
        LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, mlo, emit_u32(e, 0xffffu), ""),
                     LLVMBuildICmp(e->b, LLVMIntEQ, mhi, emit_u32(e, 0xffff0000u), ""), "");
    LLVMBuildCondBr(e->b, halves, bb[1], bb[2]);

    LLVMPositionBuilderAtEnd(e->b, bb[0]);
    got[0] = plain_access(e, base[0], t, val, 0, WARP, NULL);
    LLVMBuildBr(e->b, jb);

    LLVMPositionBuilderAtEnd(e->b, bb[1]);
    LLVMValueRef off = LLVMConstInt(e->t_i64, (uint64_t)size * (WARP / 2), 0);
    got[1] = plain_access(e, base[0], t, val, 0, WARP / 2, LLVMGetUndef(vt));
    got[1] = plain_access(e, LLVMBuildGEP2(e->b, e->t_i8, base[1], &off, 1, ""), t, val, WARP / 2,
                          WARP / 2, got[1]);
    LLVMBuildBr(e->b, jb);

    LLVMPositionBuilderAtEnd(e->b, bb[2]);
    got[2] = LLVMGetUndef(vt);
    for (int j = 0; j < 2; j++) {
        if (val) {
            LLVMValueRef args[] = {val, base[j], align, emit_mask_vec(e, ms[j])};
            emit_intrinsic(e, "llvm.masked.store", over, 2, args, 4);
        } else {
            LLVMValueRef args[] = {base[j], align, emit_mask_vec(e, ms[j]), got[2]};
            got[2] = emit_intrinsic(e, "llvm.masked.load", over, 2, args, 4);
        }
    }
    LLVMBuildBr(e->b, jb);

    return access_join(e, jb, val, vt, got, bb, 3);
}

/* The access of each active lane at ptr (<32 x ptr>, or one ptr for all),
 * checked at run time: one masked vector load or store when the lanes'
 * addresses are contiguous; two when the warp spans two rows of the block
 * and each row's lanes are contiguous (the lanes of a 16-wide block);
 * else a masked gather or scatter.  Loads when val is NULL (returning the
 * <32 x t> value), else stores val. */
static LLVMValueRef
per_lane_access(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    if (!emit_is_vec(ptr))
        ptr = emit_splat(e, ptr);
    warp_rows(e);
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMValueRef mask = emit_cur_mask(e), mv = emit_mask_vec(e, mask), base;
    LLVMValueRef cont = contiguous(e, ptr, size, mask, &base);
    LLVMValueRef align = LLVMConstInt(e->t_i32, size, 0);
    LLVMBasicBlockRef vb = emit_new_block(e, "mem.vec"), cb = emit_new_block(e, "mem.rows.check"),
                      rb = emit_new_block(e, "mem.rows"), gb = emit_new_block(e, "mem.gather"),
                      jb = emit_new_block(e, "mem.join");
    LLVMBuildCondBr(e->b, cont, vb, cb);

    /* two rows: lanes of row j at base_j + lane * size */
    LLVMPositionBuilderAtEnd(e->b, cb);
    LLVMValueRef mlo = LLVMBuildAnd(e->b, mask, e->fs.rows_lo, "");
    LLVMValueRef mhi = LLVMBuildAnd(e->b, mask, LLVMBuildNot(e->b, e->fs.rows_lo, ""), "");
    LLVMTypeRef v64 = LLVMVectorType(e->t_i64, WARP);
    LLVMValueRef blo = LLVMBuildPtrToInt(e->b, row_base(e, ptr, mlo, size), e->t_i64, "");
    LLVMValueRef bhi = LLVMBuildPtrToInt(e->b, row_base(e, ptr, mhi, size), e->t_i64, "");
    LLVMValueRef want = LLVMBuildSelect(e->b, emit_mask_vec(e, e->fs.rows_lo), emit_splat(e, blo),
                                        emit_splat(e, bhi), "");
    want = LLVMBuildAdd(e->b, want,
                        LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64),
                                     emit_splat(e, LLVMConstInt(e->t_i64, size, 0)), ""),
                        "");
    LLVMValueRef eq =
        LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildPtrToInt(e->b, ptr, v64, ""), want, "");
    eq = LLVMBuildOr(e->b, eq, LLVMBuildNot(e->b, mv, ""), "");
    LLVMTypeRef bt = e->t_v32i1;
    LLVMValueRef rows = LLVMBuildAnd(
        e->b, e->fs.rows_two, emit_intrinsic(e, "llvm.vector.reduce.and", &bt, 1, &eq, 1), "");
    LLVMBuildCondBr(e->b, rows, rb, gb);

    LLVMValueRef got[3] = {NULL, NULL, NULL};
    LLVMPositionBuilderAtEnd(e->b, rb);
    got[1] = rows_vector(e, ptr, t, val, mlo, mhi);
    LLVMBasicBlockRef rend = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, jb);
    for (int k = 0; k < 2; k++) { /* 0: contiguous, 1: per-lane pointers */
        LLVMPositionBuilderAtEnd(e->b, k ? gb : vb);
        LLVMTypeRef over[] = {vt, k ? LLVMVectorType(e->t_ptr, WARP) : e->t_ptr};
        LLVMValueRef where = k ? ptr : base;
        if (val) {
            LLVMValueRef args[] = {val, where, align, mv};
            emit_intrinsic(e, k ? "llvm.masked.scatter" : "llvm.masked.store", over, 2, args, 4);
        } else {
            LLVMValueRef args[] = {where, align, mv, LLVMGetUndef(vt)};
            got[2 * k] =
                emit_intrinsic(e, k ? "llvm.masked.gather" : "llvm.masked.load", over, 2, args, 4);
        }
        LLVMBuildBr(e->b, jb);
    }
    LLVMBasicBlockRef bbs[] = {vb, rend, gb};
    return access_join(e, jb, val, vt, got, bbs, 3);
}

/* ------------------------------------------------ out-of-line lanes */

/* per_lane_access as an internal function of the module, one per element
 * type and direction:
 *     <32 x t> p2n.lanes.ld.T(<32 x ptr> p, i32 mask, i32 rows_lo, i1 rows_two)
 *     void     p2n.lanes.st.T(<32 x ptr> p, <32 x t> v, i32 mask, i32 rows_lo, i1 rows_two)
 * An access whose pattern is not known at translation time, or that the
 * fast path of row_access does not take, is then one call: the run-time
 * checks and the three ways of accessing are emitted once per module, not
 * once per access, so the IR, and LLVM's time on it, stay linear in the
 * PTX.  (Inline, a thousand accesses made 4,600 blocks that all branch on
 * the same mask, and InstCombine's walk over the conditions known for a
 * value made the time quadratic.) */
static LLVMValueRef rows_partial(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val,
                                 bool wide);

static LLVMValueRef
lane_fn(Emit *e, LLVMTypeRef t, bool store, int kind, LLVMTypeRef *fty)
{
    for (int i = 0; i < e->lane_fns.n; i++)
        if (e->lane_fns.v[i].t == t && e->lane_fns.v[i].store == store &&
            e->lane_fns.v[i].kind == kind) {
            *fty = e->lane_fns.v[i].fty;
            return e->lane_fns.v[i].fn;
        }
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMTypeRef params[] = {LLVMVectorType(e->t_ptr, WARP), vt, e->t_i32, e->t_i32, e->t_i1};
    LLVMTypeRef *ps = store ? params : (params[1] = params[0], params + 1);
    LaneHelper lf = {t, store, kind,
                     LLVMFunctionType(store ? e->t_void : vt, ps, store ? 5 : 4, 0), NULL};
    static const char *const kinds[] = {"lanes", "rows", "rows.wide"};
    char *ty = LLVMPrintTypeToString(t), name[64];
    snprintf(name, sizeof name, "p2n.%s.%s.%s", kinds[kind], store ? "st" : "ld", ty);
    LLVMDisposeMessage(ty);
    lf.fn = LLVMAddFunction(e->mod, name, lf.fty);
    LLVMSetLinkage(lf.fn, LLVMInternalLinkage);
    unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
    LLVMAddAttributeAtIndex(lf.fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(e->ctx, noinline, 0));
    /* a frame pointer, so that a fault in it can be charged to the line of
     * its caller (runtime/sched.c, fault_report): it has no line of its own */
    LLVMAddAttributeAtIndex(lf.fn, LLVMAttributeFunctionIndex,
                            LLVMCreateStringAttribute(e->ctx, "frame-pointer", 13, "all", 3));

    /* emit its body with this context pointed at it */
    LLVMBuilderRef b = e->b;
    LLVMValueRef fn = e->fs.fn, imask = e->fs.imask, rows_lo = e->fs.rows_lo,
                 rows_two = e->fs.rows_two, half_rows = e->fs.half_rows;
    e->b = LLVMCreateBuilderInContext(e->ctx);
    e->fs.fn = lf.fn;
    LLVMPositionBuilderAtEnd(e->b, emit_new_block(e, "entry"));
    unsigned k = store ? 2 : 1;
    e->fs.imask = LLVMGetParam(lf.fn, k);
    e->fs.rows_lo = LLVMGetParam(lf.fn, k + 1);
    e->fs.rows_two = e->fs.half_rows = LLVMGetParam(lf.fn, k + 2); /* by kind */
    LLVMValueRef p = LLVMGetParam(lf.fn, 0), v = store ? LLVMGetParam(lf.fn, 1) : NULL;
    LLVMValueRef got = kind ? rows_partial(e, p, t, v, kind == 2) : per_lane_access(e, p, t, v);
    if (store)
        LLVMBuildRetVoid(e->b);
    else
        LLVMBuildRet(e->b, got);
    LLVMDisposeBuilder(e->b);
    e->b = b, e->fs.fn = fn, e->fs.imask = imask, e->fs.rows_lo = rows_lo,
    e->fs.rows_two = rows_two, e->fs.half_rows = half_rows;
    vec_push(e->module_arena, &e->lane_fns, lf);
    *fty = lf.fty;
    return lf.fn;
}

/* The access of each active lane at ptr: through one address, inline
 * (lanes_uniform); through loaded data, inline (lanes_data_access); with
 * one lane active (a lane-0 store after a warp reduction), that lane's
 * scalar access, inline; else out of line (lane_fn), which searches the
 * lanes' addresses for a pattern. */
static LLVMValueRef
lanes_call(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val)
{
    if (!emit_is_vec(ptr))
        return lanes_uniform(e, ptr, t, val);
    if (lanes_are_data(e))
        return lanes_data_access(e, ptr, t, val);
    warp_rows(e);
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMValueRef m = emit_cur_mask(e), zero = emit_u32(e, 0);
    LLVMValueRef below = LLVMBuildAnd(e->b, m, LLVMBuildSub(e->b, m, emit_u32(e, 1), ""), "");
    LLVMValueRef one = LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntNE, m, zero, ""),
                                    LLVMBuildICmp(e->b, LLVMIntEQ, below, zero, ""), "one.lane");
    LLVMBasicBlockRef ob = emit_new_block(e, "mem.one"), cb = emit_new_block(e, "mem.lanes"),
                      jb = emit_new_block(e, "mem.lanes.join");
    LLVMBuildCondBr(e->b, one, ob, cb);

    LLVMPositionBuilderAtEnd(e->b, ob);
    LLVMValueRef lane = emit_lowest_lane(e, m), p = lane_ptr(e, ptr, lane);
    LLVMValueRef got[2] = {NULL, NULL};
    if (val) {
        LLVMSetAlignment(LLVMBuildStore(e->b, LLVMBuildExtractElement(e->b, val, lane, ""), p),
                         size);
    } else {
        LLVMValueRef v = LLVMBuildLoad2(e->b, t, p, "");
        LLVMSetAlignment(v, size);
        got[0] = LLVMBuildInsertElement(e->b, LLVMGetUndef(LLVMVectorType(t, WARP)), v, lane, "");
    }
    LLVMBasicBlockRef oend = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, jb);

    LLVMPositionBuilderAtEnd(e->b, cb);
    LLVMTypeRef fty;
    LLVMValueRef fn = lane_fn(e, t, val != NULL, 0, &fty);
    LLVMValueRef args[5], *a = args;
    *a++ = ptr;
    if (val)
        *a++ = val;
    *a++ = m;
    *a++ = e->fs.rows_lo;
    *a++ = e->fs.rows_two;
    got[1] = LLVMBuildCall2(e->b, fty, fn, args, (unsigned)(a - args), "");
    LLVMBasicBlockRef from[] = {oend, LLVMGetInsertBlock(e->b)};
    LLVMBuildBr(e->b, jb);
    return access_join(e, jb, val, LLVMVectorType(t, WARP), got, from, 2);
}

/* rows_partial out of line (lane_fn, kind 1 or 2 for wide): the same
 * signature as p2n.lanes, with half.rows for rows_two. */
static LLVMValueRef
rows_call(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val, bool wide)
{
    warp_rows(e);
    LLVMTypeRef fty;
    LLVMValueRef fn = lane_fn(e, t, val != NULL, wide ? 2 : 1, &fty);
    LLVMValueRef args[5], *a = args;
    *a++ = ptr;
    if (val)
        *a++ = val;
    *a++ = emit_cur_mask(e);
    *a++ = e->fs.rows_lo;
    *a++ = e->fs.half_rows;
    return LLVMBuildCall2(e->b, fty, fn, args, (unsigned)(a - args), "");
}

/* A contiguous row access with some lanes off, or a wrap to rule out
 * (row_masked's other path): where the function has few accesses,
 * rows_partial inline (bfs's row[v + 1] in its loop under the frontier's
 * lanes, the edge warps of a 2-D stencil: two masked 16-lane accesses,
 * no call); else, in a larger function, the out-of-line rows_call.  A
 * call there, even one never taken, costs the full-warp path: every
 * vector register is caller-saved, and the register allocator stored the
 * live ones to the frame before the fast path's branch (hotspot: 10 to
 * 14 stores of 64 bytes a warp). */
static LLVMValueRef
row_partial(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val, bool wide)
{
    if (!lanes_few_accesses(e))
        return rows_call(e, ptr, t, val, wide);
    return rows_partial(e, ptr, t, val, wide);
}

/* lanes a..b of ptrs are (b - a) * step bytes apart; a, b constants */
static LLVMValueRef
span_const_ok(Emit *e, LLVMValueRef ptrs, int a, int b, int64_t step)
{
    LLVMValueRef pa =
        LLVMBuildPtrToInt(e->b, lane_ptr(e, ptrs, emit_u32(e, (uint64_t)a)), e->t_i64, "");
    LLVMValueRef pb =
        LLVMBuildPtrToInt(e->b, lane_ptr(e, ptrs, emit_u32(e, (uint64_t)b)), e->t_i64, "");
    return LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildSub(e->b, pb, pa, ""),
                         LLVMConstInt(e->t_i64, (uint64_t)(step * (b - a)), 0), "");
}

/* A masked gather or scatter of the active lanes, with no check of the
 * addresses: the analysis knows their step, and it is neither 0 nor the
 * element size, so they cannot be one contiguous run. */
static LLVMValueRef
strided_access(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val)
{
    return lanes_gather(e, ptr, t, val, emit_mask_vec(e, emit_cur_mask(e)));
}

/* i32: lanes f .. l - 1 of a mask m whose lowest lane is f and highest l
 * (none when m has at most one lane). */
static LLVMValueRef
lanes_between(Emit *e, LLVMValueRef m)
{
    LLVMTypeRef t = e->t_i32;
    LLVMValueRef lo = LLVMBuildAnd(e->b, m, LLVMBuildNeg(e->b, m, ""), ""); /* 1 << f */
    LLVMValueRef lz[] = {m, LLVMConstInt(e->t_i1, 0, 0)};
    LLVMValueRef z = emit_intrinsic(e, "llvm.ctlz", &t, 1, lz, 2); /* 32 when m is 0 */
    LLVMValueRef sh = LLVMBuildLShr(e->b, LLVMConstInt(e->t_i64, 1u << (WARP - 1), 0),
                                    LLVMBuildZExt(e->b, z, e->t_i64, ""), "");
    LLVMValueRef hi = LLVMBuildTrunc(e->b, sh, t, ""); /* 1 << l, or 0 */
    return LLVMBuildSub(e->b, hi, lo, "");
}

/* i1: in each of m's halves, every lane between its lowest and highest
 * active lane lies step bytes past the one before, in ints (<32 x i64>):
 * a 32-bit value widened on the way did not wrap between them (a wrap
 * changes the distance by a multiple of 2^32).  No lane's value is
 * extracted (a variable index makes LLVM spill the vector): adjacent
 * lanes are compared in one vector, and the lanes that matter masked. */
static LLVMValueRef
halves_unwrapped(Emit *e, LLVMValueRef ints, LLVMValueRef m0, LLVMValueRef m1, int64_t step)
{
    LLVMValueRef idx[WARP];
    for (int i = 0; i < WARP; i++)
        idx[i] = emit_u32(e, (uint64_t)(i + 1 < WARP ? i + 1 : i));
    LLVMValueRef next =
        LLVMBuildShuffleVector(e->b, ints, LLVMGetUndef(LLVMTypeOf(ints)),
                               LLVMConstVector(idx, WARP), "");
    LLVMValueRef d = LLVMBuildSub(e->b, next, ints, "");
    LLVMValueRef eq = LLVMBuildICmp(e->b, LLVMIntEQ, d,
                                    emit_splat(e, LLVMConstInt(e->t_i64, (uint64_t)step, 1)), "");
    LLVMValueRef ok = LLVMBuildBitCast(e->b, eq, e->t_i32, "");
    LLVMValueRef need = LLVMBuildOr(e->b, lanes_between(e, m0), lanes_between(e, m1), "");
    return LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildAnd(e->b, need, LLVMBuildNot(e->b, ok, ""), ""),
                         emit_u32(e, 0), "");
}

/* Where lane 16h of half h (lanes 16h .. 16h + 15, mask bits mh) would
 * point if its active lanes were contiguous: any active lane's address
 * minus its distance from lane 16h; the largest, so that no lane is
 * extracted at a variable index.  Null when no lane of the half is
 * active. */
static LLVMValueRef
half_base(Emit *e, LLVMValueRef ints, LLVMValueRef mh, int h, unsigned size)
{
    LLVMValueRef idx[WARP / 2], off[WARP / 2];
    for (int i = 0; i < WARP / 2; i++) {
        idx[i] = emit_u32(e, (uint64_t)(h * (WARP / 2) + i));
        off[i] = LLVMConstInt(e->t_i64, (uint64_t)i * size, 0);
    }
    LLVMTypeRef ht = LLVMVectorType(e->t_i64, WARP / 2);
    LLVMValueRef p = LLVMBuildShuffleVector(e->b, ints, LLVMGetUndef(LLVMTypeOf(ints)),
                                            LLVMConstVector(idx, WARP / 2), "");
    LLVMValueRef b = LLVMBuildSub(e->b, p, LLVMConstVector(off, WARP / 2), "");
    b = LLVMBuildSelect(e->b, mh, b, LLVMConstNull(ht), "");
    return LLVMBuildIntToPtr(e->b, emit_intrinsic(e, "llvm.vector.reduce.umax", &ht, 1, &b, 1),
                             e->t_ptr, "");
}

/* A contiguous access (step = size >= 4, any mask) through an address the
 * analysis knows row by row, when lanes 0-15 lie in one row, and 16-31
 * (e->fs.half_rows): two masked 16-lane accesses at the halves' bases
 * (half_base), which touch no inactive lane's memory.  A 32-bit value
 * widened into the address (wide) may wrap inside a row: halves_unwrapped
 * must hold.  Otherwise a masked gather or scatter.  Loads when val is
 * NULL.  Emitted once per module and element type (p2n.rows.*, rows_call):
 * inline at every access it made the IR, and LLVM's time, grow faster
 * than the PTX. */
static LLVMValueRef
rows_partial(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val, bool wide)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMValueRef mask = emit_cur_mask(e), m[2];
    LLVMValueRef ints = LLVMBuildPtrToInt(e->b, ptr, LLVMVectorType(e->t_i64, WARP), "");
    m[0] = LLVMBuildAnd(e->b, mask, emit_u32(e, 0xffffu), "");
    m[1] = LLVMBuildAnd(e->b, mask, emit_u32(e, 0xffff0000u), "");
    LLVMBasicBlockRef fb = emit_new_block(e, "mem.row.masked"),
                      sb = emit_new_block(e, "mem.gather"), jb = emit_new_block(e, "mem.row.join");
    LLVMValueRef ok = e->fs.half_rows;
    if (wide)
        ok = LLVMBuildAnd(e->b, ok, halves_unwrapped(e, ints, m[0], m[1], size), "");
    LLVMBuildCondBr(e->b, ok, fb, sb);

    LLVMPositionBuilderAtEnd(e->b, fb);
    LLVMTypeRef ht = LLVMVectorType(t, WARP / 2), i16 = LLVMIntTypeInContext(e->ctx, WARP / 2);
    LLVMTypeRef over[] = {ht, e->t_ptr};
    LLVMValueRef half[2], idx[WARP], align = emit_u32(e, size), got[2] = {NULL, NULL};
    for (int h = 0; h < 2; h++) {
        LLVMValueRef bits = h ? LLVMBuildLShr(e->b, m[h], emit_u32(e, WARP / 2), "") : m[h];
        LLVMValueRef mv = LLVMBuildBitCast(e->b, LLVMBuildTrunc(e->b, bits, i16, ""),
                                           LLVMVectorType(e->t_i1, WARP / 2), "");
        LLVMValueRef at = half_base(e, ints, mv, h, size);
        if (val) {
            for (int i = 0; i < WARP / 2; i++)
                idx[i] = emit_u32(e, (uint64_t)(h * (WARP / 2) + i));
            LLVMValueRef piece = LLVMBuildShuffleVector(e->b, val, LLVMGetUndef(vt),
                                                        LLVMConstVector(idx, WARP / 2), "");
            LLVMValueRef args[] = {piece, at, align, mv};
            emit_intrinsic(e, "llvm.masked.store", over, 2, args, 4);
        } else {
            LLVMValueRef args[] = {at, align, mv, LLVMGetUndef(ht)};
            half[h] = emit_intrinsic(e, "llvm.masked.load", over, 2, args, 4);
        }
    }
    if (!val) {
        for (int i = 0; i < WARP; i++)
            idx[i] = emit_u32(e, (uint64_t)i);
        got[0] = LLVMBuildShuffleVector(e->b, half[0], half[1], LLVMConstVector(idx, WARP), "");
    }
    LLVMBuildBr(e->b, jb);
    LLVMPositionBuilderAtEnd(e->b, sb);
    got[1] = strided_access(e, ptr, t, val);
    LLVMBuildBr(e->b, jb);

    LLVMBasicBlockRef bbs[] = {fb, sb};
    return access_join(e, jb, val, vt, got, bbs, 2);
}

/* Where an ld or st goes: its operand and space, and the bytes past
 * them (an element of a vector access); ptr, the per-lane addresses, made
 * up front only when there is no probe (mem_probe, with bias bytes still
 * to add): then the paths that need them make them where they run, and
 * the fast path has none of the 32 x 64-bit arithmetic. */
typedef struct Access {
    const Operand *o;
    Space space;
    int64_t off;
    LLVMValueRef ptr, probe;
    int64_t bias;
} Access;

static LLVMValueRef
access_ptr(Emit *e, const Access *a)
{
    return a->ptr ? a->ptr : offset_ptr(e, mem_address(e, a->o, a->space), a->off);
}

/* The addresses of lanes 0 and 16 (*p0, *p16) of an access, from its
 * probe when there is one; and whether the halves lie in one row each
 * (e->fs.half_rows) and, through a widened 32-bit value (wide), lanes 0
 * and 15, and 16 and 31, are 15 steps apart (a wrap changes the distance
 * by a multiple of 2^32): with a probe, the register's wrap flag
 * (value.c).  That is the same value for every access through one
 * widened index (the mask, which changes, is ANDed after it), so that
 * the fast path's test is one compare and one flag. */
static LLVMValueRef
halves_at(Emit *e, const Access *acc, int64_t step, bool wide, LLVMValueRef *p0,
          LLVMValueRef *p16)
{
    LLVMValueRef ok = e->fs.half_rows, ptrs = acc->ptr, probe = acc->probe;
    if (!probe) {
        if (wide)
            ok = LLVMBuildAnd(e->b, ok,
                              LLVMBuildAnd(e->b, span_const_ok(e, ptrs, 0, WARP / 2 - 1, step),
                                           span_const_ok(e, ptrs, WARP / 2, WARP - 1, step), ""),
                              "");
        *p0 = lane_ptr(e, ptrs, emit_u32(e, 0));
        *p16 = lane_ptr(e, ptrs, emit_u32(e, WARP / 2));
        return ok;
    }
    if (wide) /* the register's flag, found once where it was widened */
        ok = LLVMBuildAnd(e->b, ok, probe_wrap_ok(e, acc->o->sub[0].reg), "");
    LLVMValueRef off = LLVMConstInt(e->t_i64, (uint64_t)(acc->bias + acc->off), 1);
    LLVMValueRef at0 = LLVMBuildExtractElement(e->b, probe, emit_u32(e, 0), ""); /* lane 0 */
    LLVMValueRef at16 = LLVMBuildExtractElement(e->b, probe, emit_u32(e, 2), ""); /* lane 16 */
    *p0 = LLVMBuildGEP2(e->b, e->t_i8, at0, &off, 1, "");
    *p16 = LLVMBuildGEP2(e->b, e->t_i8, at16, &off, 1, "");
    return ok;
}

/* A contiguous access (step = size >= 4) through an address the analysis
 * knows row by row.  The full-warp fast path, when every lane is active
 * and lanes 0-15 and 16-31 each lie in one row (e->fs.half_rows, once per
 * function; a constant under a .reqntid whose x is a multiple of 16): two
 * plain 16-lane accesses at lane 0's and lane 16's addresses; through a
 * widened 32-bit value, lanes 0 and 15, and 16 and 31, must be 15 steps
 * apart (a wrap changes the distance by a multiple of 2^32); it
 * prefetches ahead (prefetch.c).  Any other case is rows_partial, inline
 * or out of line (row_partial): masked accesses or a gather, never the
 * run-time search for a pattern of p2n.lanes.  In a function of many
 * accesses where every warp's halves lie in one row (.reqntid), no test
 * and no other path: masked halves under the mask (mem_row_halves).
 * Loads when val is NULL. */
static LLVMValueRef
row_masked(Emit *e, const Access *acc, LLVMTypeRef t, LLVMValueRef val, bool wide, bool stream)
{
    warp_rows(e);
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMValueRef mask = emit_cur_mask(e);
    LLVMValueRef p0, p16;
    LLVMValueRef halves = halves_at(e, acc, size, wide, &p0, &p16);
    if (!wide && LLVMIsAConstantInt(e->fs.half_rows) && LLVMConstIntGetZExtValue(e->fs.half_rows) &&
        !lanes_few_accesses(e)) { /* no test in a large function (prefetch.c) */
        if (stream && mem_prefetch_first(e, acc->o->sub[0].reg)) {
            mem_prefetch(e, p0, val != NULL);
            mem_prefetch(e, p16, val != NULL);
        }
        return mem_row_halves(e, p0, p16, t, val, mask);
    }
    LLVMValueRef ok = LLVMBuildAnd(
        e->b, halves, LLVMBuildICmp(e->b, LLVMIntEQ, mask, emit_u32(e, 0xffffffffu), ""), "");
    LLVMBasicBlockRef all = emit_new_block(e, "mem.row"), other = emit_new_block(e, "mem.rows"),
                      jb = emit_new_block(e, "mem.row.join");
    LLVMBuildCondBr(e->b, ok, all, other);

    LLVMPositionBuilderAtEnd(e->b, all);
    LLVMValueRef got[2] = {NULL, NULL};
    if (stream && mem_prefetch_first(e, acc->o->sub[0].reg)) {
        mem_prefetch(e, p0, val != NULL);
        mem_prefetch(e, p16, val != NULL);
    }
    got[0] = plain_access(e, p0, t, val, 0, WARP / 2, LLVMGetUndef(vt));
    got[0] = plain_access(e, p16, t, val, WARP / 2, WARP / 2, got[0]);
    LLVMBasicBlockRef aend = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, jb);

    LLVMPositionBuilderAtEnd(e->b, other);
    got[1] = row_partial(e, access_ptr(e, acc), t, val, wide);
    other = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, jb);

    LLVMBasicBlockRef bbs[] = {aend, other};
    return access_join(e, jb, val, vt, got, bbs, 2);
}

/* An access through an address the analysis knows row by row
 * (FuncInfo.reg_row_affine) with step 0 (every lane of a row reads one
 * location) or step = size (each row is contiguous).  The fast path, when
 * every lane is active and lanes 0-15 and 16-31 each lie in one row (a
 * warp inside a block 32 or more wide, or of a block 16 wide: e->fs.half_rows,
 * once per function): two scalar loads and a blend, or two plain 16-lane
 * accesses at lane 0's and lane 16's addresses (what one 32-lane access
 * becomes on the machine anyway).  Anything else is the out-of-line access,
 * which checks the lanes' addresses at run time. */
static LLVMValueRef
row_access(Emit *e, const Access *acc, LLVMTypeRef t, LLVMValueRef val, int64_t step, bool wide)
{
    warp_rows(e);
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMValueRef mask = emit_cur_mask(e);
    LLVMValueRef p0, p16; /* a widened 32-bit value may wrap inside a row */
    /* halves_at first, then the mask's compare: not both as arguments of
     * one call, whose evaluation order C leaves open (the same input must
     * give the same IR whatever compiler built ptx2native) */
    LLVMValueRef halves = halves_at(e, acc, step, wide && step != 0, &p0, &p16);
    LLVMValueRef fast = LLVMBuildAnd(
        e->b, halves, LLVMBuildICmp(e->b, LLVMIntEQ, mask, emit_u32(e, 0xffffffffu), ""), "");
    LLVMBasicBlockRef fb = emit_new_block(e, "mem.row"), sb = emit_new_block(e, "mem.lanes"),
                      jb = emit_new_block(e, "mem.row.join");
    LLVMBuildCondBr(e->b, fast, fb, sb);

    LLVMPositionBuilderAtEnd(e->b, fb);
    LLVMValueRef got[2] = {NULL, NULL};
    if (step == 0) {
        LLVMValueRef v0 = LLVMBuildLoad2(e->b, t, p0, ""), v16 = LLVMBuildLoad2(e->b, t, p16, "");
        LLVMSetAlignment(v0, size);
        LLVMSetAlignment(v16, size);
        got[0] = LLVMBuildSelect(e->b, emit_mask_vec(e, emit_u32(e, 0xffffu)), emit_splat(e, v0),
                                 emit_splat(e, v16), "");
    } else {
        got[0] = plain_access(e, p0, t, val, 0, WARP / 2, LLVMGetUndef(LLVMVectorType(t, WARP)));
        got[0] = plain_access(e, p16, t, val, WARP / 2, WARP / 2, got[0]);
    }
    LLVMBasicBlockRef fend = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, jb);

    LLVMPositionBuilderAtEnd(e->b, sb);
    got[1] = lanes_call(e, access_ptr(e, acc), t, val);
    sb = LLVMGetInsertBlock(e->b);
    LLVMBuildBr(e->b, jb);

    LLVMPositionBuilderAtEnd(e->b, jb);
    if (val)
        return NULL;
    LLVMValueRef phi = LLVMBuildPhi(e->b, LLVMTypeOf(got[0]), "");
    LLVMBasicBlockRef bbs[] = {fend, sb};
    LLVMAddIncoming(phi, got, bbs, 2);
    return phi;
}

/* Memory semantics of ld and st.  .weak (or none) is a plain access that
 * the optimiser may merge, widen or hoist.  .volatile, .mmio, .relaxed,
 * .acquire and .release are an atomic access of each lane (monotonic,
 * acquire, release; volatile too for .volatile and .mmio), so a spin loop
 * polling memory sees other threads' stores and no lane's access tears. */
typedef struct Sem {
    LLVMAtomicOrdering ord; /* NotAtomic: a plain access */
    bool vol;
} Sem;

static Sem
mem_sem(const Instr *in)
{
    Sem s = {LLVMAtomicOrderingNotAtomic, false};
    if (instr_has_mod(in, MOD_VOLATILE) || instr_has_mod(in, MOD_MMIO))
        s.vol = true, s.ord = LLVMAtomicOrderingMonotonic;
    if (instr_has_mod(in, MOD_RELAXED))
        s.ord = LLVMAtomicOrderingMonotonic;
    if (instr_has_mod(in, MOD_ACQUIRE))
        s.ord = LLVMAtomicOrderingAcquire;
    if (instr_has_mod(in, MOD_RELEASE))
        s.ord = LLVMAtomicOrderingRelease;
    return s;
}

static LLVMValueRef
ordered(LLVMValueRef access, unsigned size, Sem sem)
{
    LLVMSetAlignment(access, size);
    if (sem.ord != LLVMAtomicOrderingNotAtomic)
        LLVMSetOrdering(access, sem.ord);
    if (sem.vol)
        LLVMSetVolatile(access, 1);
    return access;
}

typedef struct OrderedAccess {
    LLVMValueRef ptr, val; /* <32 x ptr>; <32 x t> to store, or NULL */
    LLVMTypeRef t;
    Sem sem;
} OrderedAccess;

static LLVMValueRef
ordered_lane(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx)
{
    OrderedAccess *a = ctx;
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, a->t);
    LLVMValueRef p = LLVMBuildExtractElement(e->b, a->ptr, lane, "");
    if (a->val) {
        ordered(LLVMBuildStore(e->b, LLVMBuildExtractElement(e->b, a->val, lane, ""), p), size,
                a->sem);
        return NULL;
    }
    return LLVMBuildInsertElement(
        e->b, acc, ordered(LLVMBuildLoad2(e->b, a->t, p, ""), size, a->sem), lane, "");
}

/* An ordered access of each active lane, in lane order.  Loads when val is
 * NULL (returning <32 x t>), else stores val (<32 x t>). */
static LLVMValueRef
per_lane_ordered(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val, Sem sem)
{
    OrderedAccess a = {emit_is_vec(ptr) ? ptr : emit_splat(e, ptr), val, t, sem};
    return emit_for_each_lane(e, emit_cur_mask(e), val ? NULL : LLVMVectorType(t, WARP),
                              ordered_lane, &a);
}

/* The step per %tid.x (in bytes) of a memory operand's per-lane address
 * when the analysis knows it row by row, else STEP_UNKNOWN.  A 32-bit
 * register is accepted for .shared only: shared offsets are far below
 * 2^31 and the analysis bounds the step, so a row's offsets never wrap. */
#define STEP_UNKNOWN INT64_MIN

static int64_t
row_step(Emit *e, const Operand *o, Space space, bool *wide)
{
    const Operand *b = o->nsub > 0 ? &o->sub[0] : NULL;
    *wide = false;
    if (!b || b->kind != OPD_REG || !e->fs.fi->reg_row_affine ||
        !e->fs.fi->reg_row_affine[b->reg] || !operand_varying(e, b))
        return STEP_UNKNOWN;
    int bits = type_bits(e->fs.f->regs.v[b->reg].type);
    bool ok = space == SP_SHARED ||
              (bits == 64 && (space == SP_GLOBAL || space == SP_GENERIC || space == SP_CONST));
    int64_t k = e->fs.fi->reg_tx_step[b->reg];
    *wide = e->fs.fi->reg_tx_wide[b->reg];
    return ok ? k : STEP_UNKNOWN;
}

/* Loads a value of type t (the LLVM type of one element) from ptr (uniform
 * or per lane); the result is scalar only for a uniform pointer with
 * want_vec false and no lane mask in force. */
static LLVMValueRef
load(Emit *e, const Access *a, LLVMTypeRef t, bool want_vec, Sem sem, int64_t step, bool wide,
     bool stream)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    bool vec = a->probe || emit_is_vec(a->ptr);
    if (!vec && !e->fs.imask) {
        LLVMValueRef v = ordered(LLVMBuildLoad2(e->b, t, a->ptr, ""), size, sem);
        return want_vec ? emit_splat(e, v) : v;
    }
    if (sem.ord != LLVMAtomicOrderingNotAtomic)
        return per_lane_ordered(e, access_ptr(e, a), t, NULL, sem);
    if (vec && step == size && size >= 4)
        return row_masked(e, a, t, NULL, wide, stream);
    if (vec && (step == 0 || step == size))
        return row_access(e, a, t, NULL, step, wide);
    if (vec && step != STEP_UNKNOWN)
        return strided_access(e, access_ptr(e, a), t, NULL);
    return lanes_call(e, access_ptr(e, a), t, NULL);
}

static void
store(Emit *e, const Access *a, LLVMValueRef val, Sem sem, int64_t step, bool wide, bool stream)
{
    LLVMTypeRef t = emit_is_vec(val) ? LLVMGetElementType(LLVMTypeOf(val)) : LLVMTypeOf(val);
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    bool vec = a->probe || emit_is_vec(a->ptr);
    if (!vec && !emit_is_vec(val) && !e->fs.imask) {
        ordered(LLVMBuildStore(e->b, val, a->ptr), size, sem);
        return;
    }
    if (sem.ord != LLVMAtomicOrderingNotAtomic)
        per_lane_ordered(e, access_ptr(e, a), t, emit_splat(e, val), sem);
    else if (vec && step == size && size >= 4)
        row_masked(e, a, t, emit_splat(e, val), wide, stream);
    else if (vec && step == size)
        row_access(e, a, t, emit_splat(e, val), step, wide);
    else if (vec && step != STEP_UNKNOWN && step != 0)
        strided_access(e, access_ptr(e, a), t, emit_splat(e, val));
    else
        lanes_call(e, access_ptr(e, a), t, emit_splat(e, val));
}

LLVMValueRef
offset_ptr(Emit *e, LLVMValueRef ptr, int64_t bytes)
{
    if (bytes == 0 || !ptr)
        return ptr;
    LLVMValueRef off = LLVMConstInt(e->t_i64, (uint64_t)bytes, 1);
    if (emit_is_vec(ptr))
        off = emit_splat(e, off);
    return LLVMBuildGEP2(e->b, e->t_i8, ptr, &off, 1, "");
}


/* The memory type of ld/st: sub-word integers load as themselves and
 * widen into the register. */
static PtxType
mem_type(const Instr *in)
{
    return in->ntype > 0 ? in->type[0] : TY_B32;
}

/* The Access of memory operand o (the elements of a vector access add
 * their offsets); the addresses up front when `early` (an ld that writes
 * a register its later elements' addresses may read). */
static Access
access_of(Emit *e, const Instr *in, const Operand *o, int64_t step, bool early)
{
    Access a = {o, access_space(in), 0, NULL, NULL, 0};
    if (step != STEP_UNKNOWN)
        a.probe = mem_probe(e, o, a.space, &a.bias);
    if (!a.probe || early)
        a.ptr = mem_address(e, o, a.space);
    return a;
}

void
emit_ld(Emit *e, const Instr *in)
{
    PtxType ty = mem_type(in);
    LLVMTypeRef t = inst_llvm_type(e, ty);
    const Operand *dst = &in->opnd[0];
    Sem sem = mem_sem(in);
    int n = dst->kind == OPD_VEC ? dst->nsub : 1;
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    bool wide;
    int64_t step = row_step(e, &in->opnd[1], access_space(in), &wide);
    if (n > 1 && step == size)
        step = STEP_UNKNOWN; /* the lanes' elements interleave */
    Access a = access_of(e, in, &in->opnd[1], step, n > 1);
    LLVMValueRef base = a.ptr;
    for (int i = 0; i < n; i++) {
        const Operand *d = dst->kind == OPD_VEC ? &dst->sub[i] : dst;
        if (d->kind == OPD_SINK)
            continue;
        bool want = d->kind == OPD_REG && e->fs.fi->reg_varying[d->reg];
        a.off = (int64_t)i * size;
        a.ptr = offset_ptr(e, base, a.off);
        LLVMValueRef v = load(e, &a, t, want, sem, step, wide, a.space == SP_GLOBAL);
        inst_write(e, d, ty, v);
    }
}

void
emit_st(Emit *e, const Instr *in)
{
    PtxType ty = mem_type(in);
    LLVMTypeRef t = inst_llvm_type(e, ty);
    const Operand *src = &in->opnd[1];
    Sem sem = mem_sem(in);
    int n = src->kind == OPD_VEC ? src->nsub : 1;
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    bool wide;
    int64_t step = row_step(e, &in->opnd[0], access_space(in), &wide);
    if (n > 1 && step == size)
        step = STEP_UNKNOWN;
    Access a = access_of(e, in, &in->opnd[0], step, false);
    LLVMValueRef base = a.ptr;
    bool vec = a.probe || emit_is_vec(a.ptr);
    for (int i = 0; i < n; i++) {
        const Operand *s = src->kind == OPD_VEC ? &src->sub[i] : src;
        LLVMValueRef v = inst_operand(e, s, ty, vec || e->fs.partial);
        a.off = (int64_t)i * size;
        a.ptr = offset_ptr(e, base, a.off);
        store(e, &a, v, sem, step, wide, a.space == SP_GLOBAL);
    }
}
