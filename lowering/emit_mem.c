/* emit_mem.c — where variables live, addresses, loads, stores, atomics,
 * cvta and isspacep.
 *
 * Windows: .shared variables are offsets in the CTA's block (w->shared),
 * .local ones offsets in each lane's window (w->local + lane * stride),
 * kernel .param ones offsets in the parameter buffer (w->params); .global
 * and .const variables are LLVM globals, so their addresses are host
 * addresses, as generic addresses of every window are.
 *
 * An access through addresses that differ across lanes is a masked vector
 * load or store when, at run time, every active lane's address is
 * base + lane * size (one compare and a reduction); otherwise a masked
 * gather or scatter.  A uniform address is one scalar access.
 */
#include <string.h>

#include "emit.h"

static int64_t
align_up(int64_t x, int64_t a)
{
    return a > 1 ? (x + a - 1) / a * a : x;
}

static int
var_align(const Var *v)
{
    if (v->align > 0)
        return v->align;
    int bits = type_bits(v->type) * (v->vec > 0 ? v->vec : 1);
    return bits >= 8 ? bits / 8 : 1;
}

static bool
unsized(const Var *v)
{
    return v->size < 0 || (v->ndims > 0 && v->dims[0] < 0);
}

const VarSlot *
mem_slot(Emit *e, const Var *v)
{
    for (int i = 0; i < e->slots.n; i++)
        if (e->slots.v[i].var == v)
            return &e->slots.v[i];
    return NULL;
}

static void
add_slot(Emit *e, const Var *v, int64_t off, LLVMValueRef g)
{
    VarSlot s = {v, off, g};
    vec_push(e->arena, &e->slots, s);
}

/* One layout for every .shared variable of the module, module scope and
 * function scope alike: each kernel's block holds them all, sized ones in
 * source order, and unsized .extern ones alias the dynamic part after them
 * (16-aligned, as the runtime places it). */
void
mem_layout_shared(Emit *e)
{
    int64_t off = 0;
    const Module *m = e->m;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < m->vars.n; i++) {
            Var *v = m->vars.v[i];
            if (v->space != SP_SHARED || unsized(v) != (pass == 1))
                continue;
            if (pass == 1) {
                add_slot(e, v, align_up(off, 16), NULL);
                continue;
            }
            off = align_up(off, var_align(v));
            add_slot(e, v, off, NULL);
            off += v->size;
        }
        for (int i = 0; i < m->funcs.n; i++) {
            Func *f = m->funcs.v[i];
            for (int j = 0; j < f->vars.n; j++) {
                Var *v = f->vars.v[j];
                if (v->space != SP_SHARED || unsized(v) != (pass == 1))
                    continue;
                if (pass == 1) {
                    add_slot(e, v, align_up(off, 16), NULL);
                    continue;
                }
                off = align_up(off, var_align(v));
                add_slot(e, v, off, NULL);
                off += v->size;
            }
        }
        if (pass == 0)
            e->static_smem = (uint32_t)off;
    }
}

uint32_t
mem_layout_locals(Emit *e, const Func *f)
{
    int64_t off = 0;
    for (int j = 0; j < f->vars.n; j++) {
        Var *v = f->vars.v[j];
        if (v->space != SP_LOCAL)
            continue;
        off = align_up(off, var_align(v));
        add_slot(e, v, off, NULL);
        off += v->size > 0 ? v->size : 0;
    }
    return (uint32_t)align_up(off, 16);
}

/* ----------------------------------------------------------- globals */

static void
flatten_init(Emit *e, const Var *v, const Init *in, LLVMTypeRef t, ValueVec *out)
{
    if (in->kind == INIT_LIST) {
        for (int i = 0; i < in->nelems; i++)
            flatten_init(e, v, &in->elems[i], t, out);
        return;
    }
    LLVMValueRef c = NULL;
    bool is_float = LLVMGetTypeKind(t) == LLVMFloatTypeKind ||
                    LLVMGetTypeKind(t) == LLVMDoubleTypeKind ||
                    LLVMGetTypeKind(t) == LLVMHalfTypeKind;
    switch (in->kind) {
    case INIT_INT:
        c = is_float ? LLVMConstReal(t, (double)in->i) : LLVMConstInt(t, (uint64_t)in->i, 1);
        break;
    case INIT_FLOAT: {
        double d;
        if (in->is_double) {
            memcpy(&d, &in->fbits, sizeof d);
        } else {
            uint32_t bits = (uint32_t)in->fbits;
            float f;
            memcpy(&f, &bits, sizeof f);
            d = f;
        }
        if (is_float) {
            c = LLVMConstReal(t, d);
        } else if (LLVMGetIntTypeWidth(t) == 64 && in->is_double) {
            c = LLVMConstInt(t, in->fbits, 0);
        } else {
            c = LLVMConstInt(t, in->fbits, 0);
        }
        break;
    }
    case INIT_VAR:
    case INIT_GENERIC: {
        const VarSlot *s = mem_slot(e, in->var);
        if (!s || !s->global || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
            LLVMGetIntTypeWidth(t) != 64) {
            emit_unsupported(e, in->loc, "this address initializer");
            return;
        }
        LLVMValueRef off = LLVMConstInt(e->t_i64, (uint64_t)in->i, 1);
        LLVMValueRef p = LLVMConstGEP2(e->t_i8, s->global, &off, 1);
        c = LLVMConstPtrToInt(p, t);
        break;
    }
    case INIT_FUNC: {
        LLVMValueRef fn = in->func->has_body ? call_function_address(e, in->func) : NULL;
        if (!fn || LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != 64) {
            emit_unsupported(e, in->loc, "this function address initializer");
            return;
        }
        c = LLVMConstPtrToInt(fn, t);
        break;
    }
    default:
        emit_unsupported(e, in->loc, "a mask() initializer");
        return;
    }
    vec_push(e->arena, out, c);
}

/* .global and .const variables: one LLVM global each, typed as an array of
 * the variable's element type so initializers keep their addresses. */
void
mem_declare_globals(Emit *e)
{
    const Module *m = e->m;
    for (int i = 0; i < m->vars.n; i++) {
        const Var *v = m->vars.v[i];
        if (v->space != SP_GLOBAL && v->space != SP_CONST)
            continue;
        if (v->linkage == LK_EXTERN) {
            emit_unsupported(e, v->loc, "an .extern variable (linking several inputs)");
            continue;
        }
        LLVMTypeRef t = inst_llvm_type(e, v->type);
        if (v->type == TY_PRED)
            t = e->t_i8;
        int esize = (int)LLVMABISizeOfType(e->td, t);
        int64_t size = v->size > 0 ? v->size : esize;
        int64_t n = (size + esize - 1) / esize;
        LLVMTypeRef at = LLVMArrayType2(t, (uint64_t)n);
        char *name = arena_printf(e->arena, "p2n.var.%s", v->name);
        LLVMValueRef g = LLVMAddGlobal(e->mod, at, name);
        LLVMSetLinkage(g, LLVMInternalLinkage);
        LLVMSetAlignment(g, (unsigned)(var_align(v) > 16 ? var_align(v) : 16));
        add_slot(e, v, 0, g);
    }
    /* initializers after every global exists: they may name each other */
    for (int i = 0; i < m->vars.n; i++) {
        const Var *v = m->vars.v[i];
        const VarSlot *s = mem_slot(e, v);
        if (!s || !s->global)
            continue;
        LLVMTypeRef at = LLVMGlobalGetValueType(s->global);
        LLVMTypeRef t = LLVMGetElementType(at);
        uint64_t n = LLVMGetArrayLength2(at);
        ValueVec elems = {0};
        if (v->init)
            flatten_init(e, v, v->init, t, &elems);
        if ((uint64_t)elems.n > n) {
            diag_error(e->d, v->loc, "too many initializers for '%s'", v->name);
            e->failed = true;
            continue;
        }
        while ((uint64_t)elems.n < n)
            vec_push(e->arena, &elems, LLVMConstNull(t));
        /* .const stays writable: the host may set it (p2n_module_global),
         * as CUDA programs set __constant__ data before a launch */
        LLVMSetInitializer(s->global, LLVMConstArray2(t, elems.v, n));
    }
}

/* --------------------------------------------------------- addresses */

/* Offset of parameter i in an entry's parameter buffer (abi.c writes the
 * same layout into the descriptor). */
uint32_t
mem_param_offset(const Func *f, int index, uint32_t *size_out, uint32_t *align_out)
{
    uint32_t off = 0;
    for (int i = 0; i <= index; i++) {
        const Var *p = f->params.v[i];
        uint32_t size = p->size > 0 ? (uint32_t)p->size : 8;
        uint32_t align = p->align > 0 ? (uint32_t)p->align : size > 8 ? 8 : size;
        off = (off + align - 1) / align * align;
        if (i == index) {
            if (size_out)
                *size_out = size;
            if (align_out)
                *align_out = align;
            return off;
        }
        off += size;
    }
    return 0;
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
    if (v->space == SP_PARAM && param_of(e->f, v, &poff))
        return LLVMConstInt(t, poff, 0);
    const VarSlot *s = mem_slot(e, v);
    if (!s) {
        emit_unsupported(e, e->in ? e->in->loc : v->loc, "the address of this variable");
        return LLVMConstInt(t, 0, 0);
    }
    if (s->global)
        return LLVMBuildPtrToInt(e->b, s->global, t, "");
    return LLVMConstInt(t, (uint64_t)s->offset, 0);
}

/* <32 x ptr>: each lane's local window. */
static LLVMValueRef
lane_windows(Emit *e)
{
    LLVMValueRef base = e->local_ptr;
    LLVMValueRef stride = e->local_stride;
    LLVMValueRef offs = LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64), emit_splat(e, stride), "");
    return LLVMBuildGEP2(e->b, e->t_i8, emit_splat(e, base), &offs, 1, "lanewin");
}

static Space
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
        LLVMValueRef offs = LLVMBuildAdd(e->b, LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64), emit_splat(e, LLVMConstInt(e->t_i64, (uint64_t)size, 0)), ""),
                                         emit_splat(e, off), "");
        return LLVMBuildGEP2(e->b, e->t_i8, blk, &offs, 1, "");
    }
    if (b && b->kind == OPD_VAR) {
        const Var *v = b->var;
        base = mem_var_address(e, v, 64);
        space = v->space == SP_PARAM ? SP_PARAM : space;
        if (space == SP_GENERIC || space == SP_GLOBAL || space == SP_CONST)
            space = (v->space == SP_SHARED || v->space == SP_LOCAL || v->space == SP_PARAM) ? v->space
                                                                                           : SP_GLOBAL;
    } else if (b && b->kind == OPD_REG) {
        bool vary = operand_varying(e, b);
        int bits = type_bits(e->f->regs.v[b->reg].type) == 32 ? 32 : 64;
        base = inst_operand(e, b, bits == 32 ? TY_U32 : TY_U64, vary);
        if (bits == 32)
            base = LLVMBuildZExt(e->b, base, vary ? LLVMVectorType(e->t_i64, WARP) : e->t_i64, "");
    } else {
        base = LLVMConstInt(e->t_i64, 0, 0);
    }
    bool vary = LLVMGetTypeKind(LLVMTypeOf(base)) == LLVMVectorTypeKind;
    LLVMValueRef a = LLVMBuildAdd(e->b, base, vary ? emit_splat(e, off) : off, "");

    switch (space) {
    case SP_SHARED:
        return LLVMBuildGEP2(e->b, e->t_i8, abi_warp_field(e, W_SHARED), &a, 1, "");
    case SP_PARAM:
        if (!e->f->is_entry) {
            emit_unsupported(e, o->loc, ".param access through a register in a .func");
            return LLVMConstNull(e->t_ptr);
        }
        return LLVMBuildGEP2(e->b, e->t_i8, abi_warp_field(e, W_PARAMS), &a, 1, "");
    case SP_LOCAL:
        if (!vary)
            a = emit_splat(e, a);
        return LLVMBuildGEP2(e->b, e->t_i8, lane_windows(e), &a, 1, "");
    default:
        return vary ? LLVMBuildIntToPtr(e->b, a, LLVMVectorType(e->t_ptr, WARP), "")
                    : LLVMBuildIntToPtr(e->b, a, e->t_ptr, "");
    }
}



/* True (i1) when every active lane's pointer is p0 + lane * size. */
static LLVMValueRef
contiguous(Emit *e, LLVMValueRef ptrs, unsigned size, LLVMValueRef mask, LLVMValueRef *base)
{
    LLVMTypeRef v64 = LLVMVectorType(e->t_i64, WARP);
    LLVMValueRef ints = LLVMBuildPtrToInt(e->b, ptrs, v64, "");
    LLVMValueRef args[] = {mask, LLVMConstInt(e->t_i1, 1, 0)};
    LLVMTypeRef t = e->t_i32;
    LLVMValueRef first = emit_intrinsic(e, "llvm.cttz", &t, 1, args, 2);
    first = LLVMBuildAnd(e->b, first, LLVMConstInt(e->t_i32, WARP - 1, 0), "");
    LLVMValueRef pf = LLVMBuildExtractElement(e->b, ints, first, "");
    LLVMValueRef p0 = LLVMBuildSub(e->b, pf,
                                   LLVMBuildMul(e->b, LLVMBuildZExt(e->b, first, e->t_i64, ""),
                                                LLVMConstInt(e->t_i64, size, 0), ""),
                                   "");
    LLVMValueRef want = LLVMBuildAdd(
        e->b, emit_splat(e, p0),
        LLVMBuildMul(e->b, emit_lane_iota(e, e->t_i64), emit_splat(e, LLVMConstInt(e->t_i64, size, 0)), ""),
        "");
    LLVMValueRef eq = LLVMBuildICmp(e->b, LLVMIntEQ, ints, want, "");
    eq = LLVMBuildOr(e->b, eq, LLVMBuildNot(e->b, emit_mask_vec(e, mask), ""), "");
    LLVMTypeRef vt = e->t_v32i1;
    LLVMValueRef all = emit_intrinsic(e, "llvm.vector.reduce.and", &vt, 1, &eq, 1);
    *base = LLVMBuildIntToPtr(e->b, p0, e->t_ptr, "");
    return all;
}


/* The access of each active lane at ptr (<32 x ptr>, or one ptr for all):
 * one masked vector load or store when, at run time, the lanes' addresses
 * are contiguous, else a masked gather or scatter.  Loads when val is
 * NULL (returning the <32 x t> value), else stores val. */
static LLVMValueRef
per_lane_access(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    if (!emit_is_vec(ptr))
        ptr = emit_splat(e, ptr);
    LLVMTypeRef vt = LLVMVectorType(t, WARP);
    LLVMValueRef mask = emit_cur_mask(e), mv = emit_mask_vec(e, mask), base;
    LLVMValueRef cont = contiguous(e, ptr, size, mask, &base);
    LLVMValueRef align = LLVMConstInt(e->t_i32, size, 0);
    LLVMBasicBlockRef vb = emit_new_block(e, "mem.vec"), gb = emit_new_block(e, "mem.gather"),
                      jb = emit_new_block(e, "mem.join");
    LLVMBuildCondBr(e->b, cont, vb, gb);
    LLVMValueRef got[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) { /* 0: contiguous, 1: per-lane pointers */
        LLVMPositionBuilderAtEnd(e->b, k ? gb : vb);
        LLVMTypeRef over[] = {vt, k ? LLVMVectorType(e->t_ptr, WARP) : e->t_ptr};
        LLVMValueRef where = k ? ptr : base;
        if (val) {
            LLVMValueRef args[] = {val, where, align, mv};
            emit_intrinsic(e, k ? "llvm.masked.scatter" : "llvm.masked.store", over, 2, args, 4);
        } else {
            LLVMValueRef args[] = {where, align, mv, LLVMGetUndef(vt)};
            got[k] = emit_intrinsic(e, k ? "llvm.masked.gather" : "llvm.masked.load", over, 2, args, 4);
        }
        LLVMBuildBr(e->b, jb);
    }
    LLVMPositionBuilderAtEnd(e->b, jb);
    if (val)
        return NULL;
    LLVMValueRef phi = LLVMBuildPhi(e->b, vt, "");
    LLVMBasicBlockRef bbs[] = {vb, gb};
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
        ordered(LLVMBuildStore(e->b, LLVMBuildExtractElement(e->b, a->val, lane, ""), p), size, a->sem);
        return NULL;
    }
    return LLVMBuildInsertElement(e->b, acc, ordered(LLVMBuildLoad2(e->b, a->t, p, ""), size, a->sem), lane, "");
}

/* An ordered access of each active lane, in lane order.  Loads when val is
 * NULL (returning <32 x t>), else stores val (<32 x t>). */
static LLVMValueRef
per_lane_ordered(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, LLVMValueRef val, Sem sem)
{
    OrderedAccess a = {emit_is_vec(ptr) ? ptr : emit_splat(e, ptr), val, t, sem};
    return emit_for_each_lane(e, emit_cur_mask(e), val ? NULL : LLVMVectorType(t, WARP), ordered_lane, &a);
}

/* Loads a value of type t (the LLVM type of one element) from ptr (uniform
 * or per lane); the result is scalar only for a uniform pointer with
 * want_vec false and no lane mask in force. */
static LLVMValueRef
load(Emit *e, LLVMValueRef ptr, LLVMTypeRef t, bool want_vec, Sem sem)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    if (!emit_is_vec(ptr) && !e->imask) {
        LLVMValueRef v = ordered(LLVMBuildLoad2(e->b, t, ptr, ""), size, sem);
        return want_vec ? emit_splat(e, v) : v;
    }
    if (sem.ord != LLVMAtomicOrderingNotAtomic)
        return per_lane_ordered(e, ptr, t, NULL, sem);
    return per_lane_access(e, ptr, t, NULL);
}

static void
store(Emit *e, LLVMValueRef ptr, LLVMValueRef val, Sem sem)
{
    LLVMTypeRef t = emit_is_vec(val) ? LLVMGetElementType(LLVMTypeOf(val)) : LLVMTypeOf(val);
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    if (!emit_is_vec(ptr) && !emit_is_vec(val) && !e->imask) {
        ordered(LLVMBuildStore(e->b, val, ptr), size, sem);
        return;
    }
    if (sem.ord != LLVMAtomicOrderingNotAtomic)
        per_lane_ordered(e, ptr, t, emit_splat(e, val), sem);
    else
        per_lane_access(e, ptr, t, emit_splat(e, val));
}

static LLVMValueRef
offset_ptr(Emit *e, LLVMValueRef ptr, int64_t bytes)
{
    if (bytes == 0)
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

static void
emit_ld(Emit *e, const Instr *in)
{
    PtxType ty = mem_type(in);
    LLVMTypeRef t = inst_llvm_type(e, ty);
    const Operand *dst = &in->opnd[0];
    LLVMValueRef ptr = mem_address(e, &in->opnd[1], access_space(in));
    Sem sem = mem_sem(in);
    int n = dst->kind == OPD_VEC ? dst->nsub : 1;
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    for (int i = 0; i < n; i++) {
        const Operand *d = dst->kind == OPD_VEC ? &dst->sub[i] : dst;
        if (d->kind == OPD_SINK)
            continue;
        bool want = d->kind == OPD_REG && e->fi->reg_varying[d->reg];
        LLVMValueRef v = load(e, offset_ptr(e, ptr, (int64_t)i * size), t, want, sem);
        inst_write(e, d, ty, v);
    }
}

static void
emit_st(Emit *e, const Instr *in)
{
    PtxType ty = mem_type(in);
    LLVMTypeRef t = inst_llvm_type(e, ty);
    const Operand *src = &in->opnd[1];
    LLVMValueRef ptr = mem_address(e, &in->opnd[0], access_space(in));
    Sem sem = mem_sem(in);
    int n = src->kind == OPD_VEC ? src->nsub : 1;
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    for (int i = 0; i < n; i++) {
        const Operand *s = src->kind == OPD_VEC ? &src->sub[i] : src;
        LLVMValueRef v = inst_operand(e, s, ty, emit_is_vec(ptr) || e->partial);
        store(e, offset_ptr(e, ptr, (int64_t)i * size), v, sem);
    }
}

/* ---------------------------------------------------------------- atom */

static LLVMAtomicOrdering
ordering(const Instr *in)
{
    if (instr_has_mod(in, MOD_ACQ_REL))
        return LLVMAtomicOrderingAcquireRelease;
    if (instr_has_mod(in, MOD_ACQUIRE))
        return LLVMAtomicOrderingAcquire;
    if (instr_has_mod(in, MOD_RELEASE))
        return LLVMAtomicOrderingRelease;
    return LLVMAtomicOrderingMonotonic;
}

static bool
is_half(PtxType t)
{
    return t == TY_F16 || t == TY_BF16 || t == TY_F16X2 || t == TY_BF16X2;
}

static bool
atom_op(const Instr *in, PtxType ty, LLVMAtomicRMWBinOp *op, bool *cas)
{
    bool fl = type_kind(ty) == TK_FLOAT || is_half(ty);
    bool sg = type_kind(ty) == TK_SINT;
    *cas = false;
    for (int i = 0; i < in->nmods; i++) {
        switch (in->mods[i]) {
        case MOD_ADD: *op = fl ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; return true;
        case MOD_EXCH: *op = LLVMAtomicRMWBinOpXchg; return true;
        case MOD_AND: *op = LLVMAtomicRMWBinOpAnd; return true;
        case MOD_OR: *op = LLVMAtomicRMWBinOpOr; return true;
        case MOD_XOR: *op = LLVMAtomicRMWBinOpXor; return true;
        case MOD_MIN:
            *op = fl ? LLVMAtomicRMWBinOpFMin : sg ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
            return true;
        case MOD_MAX:
            *op = fl ? LLVMAtomicRMWBinOpFMax : sg ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
            return true;
#if LLVM_VERSION_MAJOR >= 16
        case MOD_INC: *op = LLVMAtomicRMWBinOpUIncWrap; return true;
        case MOD_DEC: *op = LLVMAtomicRMWBinOpUDecWrap; return true;
#endif
        case MOD_CAS: *cas = true; return true;
        default: break;
        }
    }
    return false;
}

/* One lane's atomic operation at p: old value.  Half types (bits in an
 * integer) add in a compare-and-swap loop, with our own rounding. */
static LLVMValueRef
atom_one(Emit *e, LLVMValueRef p, LLVMValueRef bv, LLVMValueRef cv, PtxType ty, LLVMAtomicRMWBinOp op,
         LLVMAtomicOrdering ord)
{
    if (cv) {
        LLVMAtomicOrdering o = ord == LLVMAtomicOrderingMonotonic ? ord : LLVMAtomicOrderingSequentiallyConsistent;
        return LLVMBuildExtractValue(e->b, LLVMBuildAtomicCmpXchg(e->b, p, bv, cv, o, LLVMAtomicOrderingMonotonic, 0), 0, "");
    }
    if (!is_half(ty) || op == LLVMAtomicRMWBinOpXchg)
        return LLVMBuildAtomicRMW(e->b, op, p, bv, ord, 0);
    LLVMTypeRef it = LLVMTypeOf(bv);
    LLVMValueRef first = LLVMBuildLoad2(e->b, it, p, "");
    LLVMSetOrdering(first, LLVMAtomicOrderingMonotonic);
    LLVMSetAlignment(first, (unsigned)LLVMABISizeOfType(e->td, it));
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b), loop = emit_new_block(e, "atom.cas"),
                      done = emit_new_block(e, "atom.cas.done");
    LLVMBuildBr(e->b, loop);
    LLVMPositionBuilderAtEnd(e->b, loop);
    LLVMValueRef old = LLVMBuildPhi(e->b, it, "");
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(e->b, p, old, inst_half_add(e, ty, old, bv), ord,
                                               LLVMAtomicOrderingMonotonic, 0);
    LLVMValueRef seen = LLVMBuildExtractValue(e->b, pair, 0, "");
    LLVMBasicBlockRef last = LLVMGetInsertBlock(e->b);
    LLVMAddIncoming(old, &first, &pre, 1);
    LLVMAddIncoming(old, &seen, &last, 1);
    LLVMBuildCondBr(e->b, LLVMBuildExtractValue(e->b, pair, 1, ""), done, loop);
    LLVMPositionBuilderAtEnd(e->b, done);
    return old;
}

typedef struct AtomLanes {
    LLVMValueRef ptr, b, c; /* per lane: address, operand, compare value (cas) */
    PtxType ty;
    LLVMAtomicRMWBinOp op;
    LLVMAtomicOrdering ord;
} AtomLanes;

static LLVMValueRef
atom_lane(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx)
{
    AtomLanes *a = ctx;
    LLVMValueRef p = LLVMBuildExtractElement(e->b, a->ptr, lane, "");
    LLVMValueRef old = atom_one(e, p, LLVMBuildExtractElement(e->b, a->b, lane, ""),
                                a->c ? LLVMBuildExtractElement(e->b, a->c, lane, "") : NULL, a->ty, a->op, a->ord);
    return LLVMBuildInsertElement(e->b, acc, old, lane, "");
}

/* atom and red: one atomic operation per active lane, in lane order; a
 * vector form (.v2 .v4 .v8) is one such operation per element. */
static void
emit_atom(Emit *e, const Instr *in)
{
    bool red = in->op == OP_RED;
    PtxType ty = in->ntype > 0 ? in->type[in->ntype - 1] : TY_B32;
    LLVMAtomicRMWBinOp op = LLVMAtomicRMWBinOpAdd;
    bool cas;
    if (!atom_op(in, ty, &op, &cas) || (is_half(ty) && !cas && op != LLVMAtomicRMWBinOpFAdd &&
                                        op != LLVMAtomicRMWBinOpXchg)) {
        emit_unsupported(e, in->loc, "this atomic operation");
        return;
    }
    /* half types travel as their bits */
    PtxType vty = is_half(ty) ? (type_bits(ty) == 16 ? TY_B16 : TY_B32) : ty;
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, inst_llvm_type(e, vty));
    int a = red ? 0 : 1, n = in->vec > 1 ? in->vec : 1;
    LLVMValueRef ptr = mem_address(e, &in->opnd[a], access_space(in));
    if (!emit_is_vec(ptr))
        ptr = emit_splat(e, ptr);
    for (int i = 0; i < n; i++) {
        const Operand *bo = &in->opnd[a + 1], *d = red ? NULL : &in->opnd[0];
        if (n > 1 && (bo->kind != OPD_VEC || bo->nsub != n || (d && (d->kind != OPD_VEC || d->nsub != n)))) {
            emit_unsupported(e, in->loc, "this form of vector atom");
            return;
        }
        LLVMValueRef b = inst_operand(e, n > 1 ? &bo->sub[i] : bo, vty, true);
        LLVMValueRef c = cas ? inst_operand(e, &in->opnd[a + 2], vty, true) : NULL;
        AtomLanes al = {offset_ptr(e, ptr, (int64_t)i * size), b, c, ty, op, ordering(in)};
        LLVMValueRef old = emit_for_each_lane(e, emit_cur_mask(e), LLVMTypeOf(b), atom_lane, &al);
        if (d)
            inst_write(e, n > 1 ? &d->sub[i] : d, vty, old);
    }
}

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
    LLVMBuildMemSet(e->b, LLVMBuildGEP2(e->b, e->t_i8, d, &n, 1, ""), LLVMConstInt(e->t_i8, 0, 0), rest, 1);
    return acc;
}

static void
emit_cp_async(Emit *e, const Instr *in)
{
    const Operand *size_op = &in->opnd[2];
    int nsrc = in->nopnd - (instr_has_mod(in, MOD_L2_CACHE_HINT) ? 1 : 0); /* the policy is last */
    if (size_op->kind != OPD_IMM || (size_op->imm != 4 && size_op->imm != 8 && size_op->imm != 16)) {
        emit_unsupported(e, in->loc, "cp.async with this copy size");
        return;
    }
    CpAsync c = {mem_address(e, &in->opnd[0], SP_SHARED), mem_address(e, &in->opnd[1], SP_GLOBAL), NULL,
                 (unsigned)size_op->imm};
    LLVMValueRef full = LLVMConstInt(e->t_i64, c.size, 0);
    if (nsrc > 3) {
        const Operand *o = &in->opnd[3];
        if (o->kind == OPD_REG && e->f->regs.v[o->reg].type == TY_PRED) { /* ignore-src */
            LLVMValueRef ign = inst_operand(e, o, TY_PRED, true);
            c.n = LLVMBuildSelect(e->b, ign, LLVMConstNull(LLVMVectorType(e->t_i64, WARP)), emit_splat(e, full), "");
        } else { /* src-size, at most cp-size */
            LLVMValueRef n = LLVMBuildZExt(e->b, inst_operand(e, o, TY_U32, true), LLVMVectorType(e->t_i64, WARP), "");
            c.n = emit_intrinsic(e, "llvm.umin", (LLVMTypeRef[]){LLVMTypeOf(n)}, 1, (LLVMValueRef[]){n, emit_splat(e, full)}, 2);
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

static void
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
    case SP_SHARED: base = LLVMBuildPtrToInt(e->b, abi_warp_field(e, W_SHARED), e->t_i64, ""); break;
    case SP_PARAM: base = LLVMBuildPtrToInt(e->b, abi_warp_field(e, W_PARAMS), e->t_i64, ""); break;
    case SP_LOCAL: base = LLVMBuildPtrToInt(e->b, lane_windows(e), it, ""); break;
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
 * local memory) lie between the current stack pointer and the kernel's frame,
 * whose stack pointer the kernel records in w->stack_top at entry. */
static LLVMValueRef
stack_pointer(Emit *e)
{
    unsigned id = LLVMLookupIntrinsicID("llvm.stacksave", 14);
    LLVMTypeRef over[] = {e->t_ptr}; /* overloaded since LLVM 18 */
    return emit_intrinsic(e, "llvm.stacksave", over, LLVMIntrinsicIsOverloaded(id) ? 1 : 0, NULL, 0);
}

void
mem_entry_prologue(Emit *e)
{
    LLVMValueRef sp = LLVMBuildPtrToInt(e->b, stack_pointer(e), e->t_i64, "");
    LLVMBuildStore(e->b, sp, abi_warp_field_ptr(e, W_STACK_TOP));
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
        size = LLVMBuildMul(e->b, abi_warp_field(e, W_LOCAL_STRIDE), LLVMConstInt(e->t_i64, WARP, 0), "");
        if (e->f->is_entry)
            break;
        LLVMValueRef sp = LLVMBuildPtrToInt(e->b, stack_pointer(e), e->t_i64, "");
        LLVMValueRef frames = LLVMBuildSub(e->b, abi_warp_field(e, W_STACK_TOP), sp, "");
        return LLVMBuildOr(e->b, in_window(e, a, lo, size, vary), in_window(e, a, sp, frames, vary), "");
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
            r = LLVMBuildOr(e->b, r, in_window(e, a, g, LLVMConstInt(e->t_i64, bytes, 0), vary), "");
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

static void
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

void
mem_emit(Emit *e, const Instr *in)
{
    switch (in->op) {
    case OP_LD:
    case OP_LDU: emit_ld(e, in); break;
    case OP_ST: emit_st(e, in); break;
    case OP_ATOM:
    case OP_RED: emit_atom(e, in); break;
    case OP_CVTA: emit_cvta(e, in); break;
    case OP_ISSPACEP: emit_isspacep(e, in); break;
    case OP_CP_ASYNC: emit_cp_async(e, in); break;
    case OP_PREFETCH:
    case OP_PREFETCHU:
    case OP_CP_ASYNC_COMMIT:
    case OP_CP_ASYNC_WAIT:
    case OP_CP_ASYNC_WAIT_ALL: break;
    default: die("mem_emit: %s", opcode_name(in->op));
    }
}
