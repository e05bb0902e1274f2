/* layout.c — where every variable lives, the one place that computes it:
 * a kernel's parameter buffer, the CTA's shared block, each lane's local
 * window, a function's .param staging blocks, and the module's .global and
 * .const variables (LLVM globals, with their initializers); the
 * functions' symbols.  abi.c writes the same layout into the descriptor.
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

bool
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
    vec_push(e->module_arena, &e->slots, s);
}

/* Marks in seen[] function fi and every function it may call (an
 * indirect call: every .func with a body). */
static void
mark_reach(const Module *m, int fi, bool *seen)
{
    if (seen[fi])
        return;
    seen[fi] = true;
    const Func *f = m->funcs.v[fi];
    for (int j = 0; j < f->instrs.n; j++) {
        const Instr *in = &f->instrs.v[j];
        if (in->op != OP_CALL)
            continue;
        for (int i = 0; i < m->funcs.n; i++)
            if (call_may_reach(in, m->funcs.v[i]))
                mark_reach(m, i, seen);
    }
}

static bool
operand_names(const Operand *o, const Var *v)
{
    if (o->var == v)
        return true;
    for (int i = 0; i < o->nsub; i++)
        if (operand_names(&o->sub[i], v))
            return true;
    return false;
}

/* f declares v or names it in an operand. */
static bool
func_uses(const Func *f, const Var *v)
{
    if (v->owner == f)
        return true;
    for (int j = 0; j < f->instrs.n; j++) {
        const Instr *in = &f->instrs.v[j];
        for (int k = 0; k < in->nopnd; k++)
            if (operand_names(&in->opnd[k], v))
                return true;
    }
    return false;
}

/* The .shared variables of the module, module scope and function scope
 * alike, in one layout that every kernel's block follows, but each kernel
 * is charged only for the variables it can reach (e->smem_of): a variable
 * goes at the first offset (aligned) past the variables already placed
 * that some kernel reaching it reaches too, so variables that no kernel
 * uses together may overlap (first fit, in source order).  Unsized .extern
 * variables are the dynamic part, at the launch's offset
 * (mem_var_address). */
void
mem_layout_shared(Emit *e)
{
    const Module *m = e->m;
    int nf = m->funcs.n;
    e->smem_of = arena_alloc(e->arena, sizeof(uint64_t) * (size_t)(nf + 1));
    memset(e->smem_of, 0, sizeof(uint64_t) * (size_t)(nf + 1));
    Vec(Var *) vars = {0};
    for (int i = 0; i < m->vars.n; i++)
        if (m->vars.v[i]->space == SP_SHARED)
            vec_push(e->arena, &vars, m->vars.v[i]);
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < m->funcs.v[i]->vars.n; j++)
            if (m->funcs.v[i]->vars.v[j]->space == SP_SHARED)
                vec_push(e->arena, &vars, m->funcs.v[i]->vars.v[j]);
    /* reach[k * nf + i]: kernel k may run function i */
    bool *reach = arena_alloc(e->arena, (size_t)nf * (size_t)nf + 1);
    memset(reach, 0, (size_t)nf * (size_t)nf + 1);
    for (int k = 0; k < nf; k++)
        if (m->funcs.v[k]->is_entry && m->funcs.v[k]->has_body)
            mark_reach(m, k, reach + (size_t)k * (size_t)nf);
    bool *users = arena_alloc(e->arena, (size_t)nf + 1);
    uint64_t total = 0;
    for (int vi = 0; vi < vars.n; vi++) {
        Var *v = vars.v[vi];
        if (unsized(v)) {
            add_slot(e, v, 0, NULL);
            continue;
        }
        int64_t off = 0;
        for (int k = 0; k < nf; k++) {
            users[k] = false;
            for (int i = 0; i < nf && !users[k]; i++)
                users[k] = reach[(size_t)k * (size_t)nf + (size_t)i] && func_uses(m->funcs.v[i], v);
            if (users[k] && (int64_t)e->smem_of[k] > off)
                off = (int64_t)e->smem_of[k];
        }
        off = align_up(off, var_align(v));
        add_slot(e, v, off, NULL);
        for (int k = 0; k < nf; k++)
            if (users[k])
                e->smem_of[k] = (uint64_t)(off + v->size);
        if ((uint64_t)(off + v->size) > total)
            total = (uint64_t)(off + v->size);
    }
    e->static_smem = total;
}

uint64_t
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
    return (uint64_t)align_up(off, 16);
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

/* A variable initialized in its first elements only, with more than
 * ZERO_TAIL elements after them, gets the value {[k x t] init, [n - k x t]
 * zeroinitializer} (a packed struct of the same size) instead of one
 * constant per element: a large array with a short initializer costs what
 * its initializer does.  The global is made anew with that type and
 * replaces the one declared first, which other initializers may name. */
enum { ZERO_TAIL = 64 };

static void
zero_tail(Emit *e, const VarSlot *s, LLVMTypeRef t, const ValueVec *elems, uint64_t n)
{
    LLVMValueRef parts[] = {LLVMConstArray2(t, elems->v, (uint64_t)elems->n),
                            LLVMConstNull(LLVMArrayType2(t, n - (uint64_t)elems->n))};
    LLVMValueRef init = LLVMConstStructInContext(e->ctx, parts, 2, 1);
    LLVMValueRef old = s->global, g = LLVMAddGlobal(e->mod, LLVMTypeOf(init), "");
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetAlignment(g, LLVMGetAlignment(old));
    LLVMSetInitializer(g, init);
    LLVMReplaceAllUsesWith(old, g);
    size_t len;
    const char *name = LLVMGetValueName2(old, &len);
    char *keep = arena_printf(e->arena, "%.*s", (int)len, name);
    LLVMDeleteGlobal(old);
    LLVMSetValueName2(g, keep, len);
    ((VarSlot *)s)->global = g;
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
        /* .const stays writable: the host may set it (p2n_module_global),
         * as CUDA programs set __constant__ data before a launch */
        if (!v->init) { /* zeroinitializer: .bss, nothing per element */
            LLVMSetInitializer(s->global, LLVMConstNull(at));
            continue;
        }
        ValueVec elems = {0};
        flatten_init(e, v, v->init, t, &elems);
        if ((uint64_t)elems.n > n) {
            diag_error(e->d, v->loc, "too many initializers for '%s'", v->name);
            continue;
        }
        if (n - (uint64_t)elems.n > ZERO_TAIL)
            zero_tail(e, s, t, &elems, n);
        else {
            while ((uint64_t)elems.n < n)
                vec_push(e->arena, &elems, LLVMConstNull(t));
            LLVMSetInitializer(s->global, LLVMConstArray2(t, elems.v, n));
        }
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

int64_t
param_size(const Var *v)
{
    return v->size > 0 ? v->size : 8;
}

uint32_t
call_layout_frame(Emit *e, const Func *f)
{
    uint64_t off = 0;
    for (int i = 0; i < f->vars.n; i++) {
        const Var *v = f->vars.v[i];
        if (v->space != SP_PARAM)
            continue;
        off = (off + 15) & ~(uint64_t)15;
        VarSlot s = {v, (int64_t)off, NULL};
        vec_push(e->module_arena, &e->slots, s);
        off += (uint64_t)param_size(v) * WARP;
    }
    return (uint32_t)off;
}

LLVMValueRef
call_param_block(Emit *e, const Var *v)
{
    const Func *f = e->fs.f;
    if (!f->is_entry) {
        for (int i = 0; i < f->params.n; i++)
            if (f->params.v[i] == v) {
                LLVMValueRef idx = LLVMConstInt(e->t_i64, (uint64_t)i, 0);
                return LLVMBuildLoad2(e->b, e->t_ptr,
                                      LLVMBuildGEP2(e->b, e->t_ptr, e->fs.argv, &idx, 1, ""), "");
            }
        for (int i = 0; i < f->rets.n; i++)
            if (f->rets.v[i] == v) {
                LLVMValueRef idx = LLVMConstInt(e->t_i64, (uint64_t)i, 0);
                return LLVMBuildLoad2(e->b, e->t_ptr,
                                      LLVMBuildGEP2(e->b, e->t_ptr, e->fs.retv, &idx, 1, ""), "");
            }
    }
    if (v->owner != f || !e->fs.param_frame)
        return NULL;
    const VarSlot *s = mem_slot(e, v);
    if (!s)
        return NULL;
    LLVMValueRef off = LLVMConstInt(e->t_i64, (uint64_t)s->offset, 0);
    return LLVMBuildGEP2(e->b, e->t_i8, e->fs.param_frame, &off, 1, "");
}

LLVMValueRef
call_function_address(Emit *e, const Func *f)
{
    char *name = arena_printf(e->arena, "p2n.func.%s", f->name);
    return LLVMGetNamedFunction(e->mod, name);
}
