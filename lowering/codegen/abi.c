/* abi.c — LLVM mirrors of runtime/p2n_abi.h: the warp struct, the services
 * table, and the module descriptor the runtime reads.  The field order here
 * is the C order there; test/unit/abi_test.c checks every offset. */
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

void
abi_types(Emit *e)
{
    LLVMContextRef c = e->ctx;
    e->t_void = LLVMVoidTypeInContext(c);
    e->t_i1 = LLVMInt1TypeInContext(c);
    e->t_i8 = LLVMInt8TypeInContext(c);
    e->t_i16 = LLVMInt16TypeInContext(c);
    e->t_i32 = LLVMInt32TypeInContext(c);
    e->t_i64 = LLVMInt64TypeInContext(c);
    e->t_f16 = LLVMHalfTypeInContext(c);
    e->t_bf16 = LLVMBFloatTypeInContext(c);
    e->t_f32 = LLVMFloatTypeInContext(c);
    e->t_f64 = LLVMDoubleTypeInContext(c);
    e->t_ptr = LLVMPointerTypeInContext(c, 0);
    e->t_v32i1 = LLVMVectorType(e->t_i1, WARP);

    LLVMTypeRef i32x3 = LLVMArrayType(e->t_i32, 3);
    LLVMTypeRef f[W_NFIELDS] = {
        [W_PARAMS] = e->t_ptr,
        [W_SHARED] = e->t_ptr,
        [W_LOCAL] = e->t_ptr,
        [W_LOCAL_STRIDE] = e->t_i64,
        [W_RT] = e->t_ptr,
        [W_SCHED] = e->t_ptr,
        [W_TID] = LLVMArrayType(LLVMArrayType(e->t_i32, WARP), 3),
        [W_NTID] = i32x3,
        [W_CTAID] = i32x3,
        [W_NCTAID] = i32x3,
        [W_WARPID] = e->t_i32,
        [W_NWARPID] = e->t_i32,
        [W_MASK] = e->t_i32,
        [W_DYNAMIC_SMEM] = e->t_i32,
        [W_TOTAL_SMEM] = e->t_i32,
        [W_SMID] = e->t_i32,
        [W_NSMID] = e->t_i32,
        [W_PARAM_BYTES] = e->t_i32,
        [W_GRIDID] = e->t_i64,
        [W_EXITED] = e->t_i32,
        [W_ERROR] = e->t_i32,
        [W_STACK_TOP] = e->t_i64,
        [W_GRID_WORKSPACE] = e->t_i64,
        [W_STOP] = e->t_ptr,
    };
    e->t_warp = LLVMStructCreateNamed(c, "p2n_warp");
    LLVMStructSetBody(e->t_warp, f, W_NFIELDS, 0);
    LLVMTypeRef wp[] = {e->t_ptr};
    e->t_kernel_fn = LLVMFunctionType(e->t_void, wp, 1, 0);
    /* .func: (warp, mask, argv, retv, depth) */
    LLVMTypeRef fp[] = {e->t_ptr, e->t_i32, e->t_ptr, e->t_ptr, e->t_i32};
    e->t_func_fn = LLVMFunctionType(e->t_void, fp, 5, 0);

    LLVMTypeRef bar[] = {e->t_ptr, e->t_i32, e->t_i32, e->t_i32, e->t_i32, e->t_i32, e->t_i32};
    e->t_barrier_fn = LLVMFunctionType(e->t_i32, bar, 7, 0);
    LLVMTypeRef er[] = {e->t_ptr, e->t_i32, e->t_i32, e->t_i32};
    e->t_error_fn = LLVMFunctionType(e->t_void, er, 4, 0);
    LLVMTypeRef ns[] = {e->t_ptr, e->t_i32};
    e->t_nanosleep_fn = LLVMFunctionType(e->t_void, ns, 2, 0);
    e->t_clock_fn = LLVMFunctionType(e->t_i64, wp, 1, 0);
}

LLVMValueRef
abi_warp_field_ptr(Emit *e, int field)
{
    return LLVMBuildStructGEP2(e->b, e->t_warp, e->fs.warp, (unsigned)field, "");
}

LLVMValueRef
abi_warp_field(Emit *e, int field)
{
    LLVMTypeRef t = LLVMStructGetTypeAtIndex(e->t_warp, (unsigned)field);
    LLVMValueRef v = LLVMBuildLoad2(e->b, t, abi_warp_field_ptr(e, field), "");
    return v;
}

LLVMValueRef
abi_service(Emit *e, int index)
{
    LLVMValueRef rt = abi_warp_field(e, W_RT);
    LLVMValueRef idx = LLVMConstInt(e->t_i64, (unsigned long long)index, 0);
    LLVMValueRef slot = LLVMBuildGEP2(e->b, e->t_ptr, rt, &idx, 1, "");
    LLVMValueRef fp = LLVMBuildLoad2(e->b, e->t_ptr, slot, "");
    LLVMSetMetadata(fp, LLVMGetMDKindIDInContext(e->ctx, "invariant.load", 14),
                    LLVMMetadataAsValue(e->ctx, LLVMMDNodeInContext2(e->ctx, NULL, 0)));
    return fp;
}

/* ------------------------------------------------------ the descriptor */

static LLVMValueRef
cstring(Emit *e, const char *s)
{
    LLVMValueRef init = LLVMConstStringInContext(e->ctx, s, (unsigned)strlen(s), 0);
    LLVMValueRef g = LLVMAddGlobal(e->mod, LLVMTypeOf(init), ".str");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    return g;
}

static LLVMValueRef
u32(Emit *e, uint64_t v)
{
    return LLVMConstInt(e->t_i32, v, 0);
}

static LLVMValueRef
u64(Emit *e, uint64_t v)
{
    return LLVMConstInt(e->t_i64, v, 0);
}

static LLVMValueRef
const_array_global(Emit *e, LLVMTypeRef elem, LLVMValueRef *v, int n, const char *name)
{
    if (n == 0)
        return LLVMConstNull(e->t_ptr);
    LLVMValueRef init = LLVMConstArray2(elem, v, (uint64_t)n);
    LLVMValueRef g = LLVMAddGlobal(e->mod, LLVMTypeOf(init), name);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    return g;
}

/* Layout of an entry's parameter buffer (layout.c, mem_param_offset). */
static LLVMValueRef
param_descs(Emit *e, const Func *f, LLVMTypeRef t_param, uint32_t *bytes)
{
    Vec(LLVMValueRef) v = {0};
    *bytes = 0;
    for (int i = 0; i < f->params.n; i++) {
        const Var *p = f->params.v[i];
        uint32_t size, align, off = mem_param_offset(f, i, &size, &align);
        LLVMValueRef fields[] = {cstring(e, p->name), u32(e, off), u32(e, size), u32(e, align)};
        vec_push(e->arena, &v, LLVMConstNamedStruct(t_param, fields, 4));
        *bytes = off + size;
    }
    return const_array_global(e, t_param, v.v, v.n, "p2n.params");
}

static void
sig_list(Emit *e, char **s, const Var *const *v, int n)
{
    *s = arena_printf(e->arena, "%s(", *s);
    for (int i = 0; i < n; i++) {
        const char *t = type_name(v[i]->type);
        *s = v[i]->ndims > 0 ? arena_printf(e->arena, "%s%s%s[%lld]", *s, i ? "," : "", t,
                                            (long long)v[i]->dims[0])
                             : arena_printf(e->arena, "%s%s%s", *s, i ? "," : "", t);
    }
    *s = arena_printf(e->arena, "%s)", *s);
}

/* "(b32)(b64,b8[16])": results, then parameters. */
const char *
abi_signature(Emit *e, const Func *f)
{
    char *s = "";
    sig_list(e, &s, (const Var *const *)f->rets.v, f->rets.n);
    sig_list(e, &s, (const Var *const *)f->params.v, f->params.n);
    return s;
}

/* kernels[i] is the LLVM function of the i-th entry of the module, in
 * module order. */
/* What the runtime must provide for f and every function it may call:
 * fibers for a barrier, or for a wait that yields (nanosleep).  An
 * indirect call may reach any function of the module with a body.
 * seen[i] marks m->funcs.v[i] as visited. */
static unsigned
func_flags(const Module *m, const Func *f, bool *seen)
{
    unsigned flags = 0;
    for (int j = 0; j < f->instrs.n; j++) {
        const Instr *in = &f->instrs.v[j];
        if (in->op == OP_BAR || in->op == OP_BARRIER)
            flags |= P2N_KF_BARRIER;
        else if (in->op == OP_NANOSLEEP || in->op == OP_MBAR_TEST_WAIT ||
                 in->op == OP_MBAR_TRY_WAIT)
            flags |= P2N_KF_NANOSLEEP; /* a wait that yields */
        else if (in->op == OP_CALL && in->nopnd > 0) {
            const Operand *t = call_shape(in).target;
            for (int i = 0; i < m->funcs.n; i++) {
                const Func *g = m->funcs.v[i];
                bool reached = t->kind == OPD_REG || (t->kind == OPD_FUNC && t->func == g);
                if (reached && g->has_body && !g->is_entry && !seen[i]) {
                    seen[i] = true;
                    flags |= func_flags(m, g, seen);
                }
            }
        }
    }
    return flags;
}

/* The ELF note p2n_module_load reads before it maps the file
 * (runtime/p2n_abi.h): the ABI version and the CPU features required. */
static void
emit_note(Emit *e)
{
    const char *features = e->required_features ? e->required_features : "";
    size_t flen = strlen(features) + 1;
    size_t desc = 4 + flen;
    size_t padded = (desc + 3) & ~(size_t)3;
    size_t total = 12 + 12 + padded;
    unsigned char *b = arena_alloc(e->arena, total);
    memset(b, 0, total);
    uint32_t head[3] = {(uint32_t)sizeof P2N_NOTE_NAME, (uint32_t)desc, P2N_NOTE_TYPE};
    uint32_t abi = P2N_ABI_VERSION;
    memcpy(b, head, 12); /* in the target's byte order: the host's */
    memcpy(b + 12, P2N_NOTE_NAME, sizeof P2N_NOTE_NAME);
    memcpy(b + 24, &abi, 4);
    memcpy(b + 28, features, flen);
    LLVMValueRef init = LLVMConstStringInContext(e->ctx, (const char *)b, (unsigned)total, 1);
    LLVMValueRef g = LLVMAddGlobal(e->mod, LLVMTypeOf(init), "p2n.note");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetSection(g, P2N_NOTE_SECTION);
    LLVMSetAlignment(g, 4);
    /* kept though nothing refers to it */
    LLVMValueRef used_init = LLVMConstArray2(e->t_ptr, &g, 1);
    LLVMValueRef used = LLVMAddGlobal(e->mod, LLVMTypeOf(used_init), "llvm.used");
    LLVMSetInitializer(used, used_init);
    LLVMSetLinkage(used, LLVMAppendingLinkage);
    LLVMSetSection(used, "llvm.metadata");
}

/* ------------------------------------------------------------- stacks */

/* The descriptor of an object or shared object holds a placeholder for
 * each kernel's stack need (stack_bytes): the frames are known only once
 * the code generator has run (target.c collects them), and abi_patch_stack
 * writes the need over the placeholder in the emitted object. */
static uint64_t
stack_mark(int k)
{
    return 0x50324e5354414b00ull ^ ((uint64_t)(k + 1) * 0x9e3779b97f4a7c15ull);
}

/* Each frame counts this much more than the code generator's frame size:
 * the return address, pushed callee-saved registers, realignment. */
enum { FRAME_SLACK = 256, SERVICES_STACK = 64 * 1024 };

/* The deepest chain of frames from function i through the calls it may
 * make (an indirect call may reach any .func of the module); state: 0 not
 * seen, 1 on the current path, 2 done; *rec set at a call back into the
 * path (recursion); *maxf the largest frame met. */
static uint64_t
frame_chain(const Emit *e, int i, uint8_t *state, uint64_t *memo, bool *rec, uint64_t *maxf)
{
    const Module *m = e->m;
    const Func *f = m->funcs.v[i];
    uint64_t fr = e->frame_of[i] + FRAME_SLACK, best = 0;
    if (fr > *maxf)
        *maxf = fr;
    state[i] = 1;
    for (int j = 0; j < f->instrs.n; j++) {
        const Instr *in = &f->instrs.v[j];
        if (in->op != OP_CALL || in->nopnd == 0)
            continue;
        const Operand *t = call_shape(in).target;
        for (int g = 0; g < m->funcs.n; g++) {
            const Func *c = m->funcs.v[g];
            if (!(t->kind == OPD_REG || (t->kind == OPD_FUNC && t->func == c)) || !c->has_body ||
                c->is_entry)
                continue;
            if (state[g] == 1) {
                *rec = true;
                continue;
            }
            if (state[g] == 0)
                frame_chain(e, g, state, memo, rec, maxf);
            if (memo[g] > best)
                best = memo[g];
        }
    }
    state[i] = 2;
    return memo[i] = fr + best;
}

/* The native stack a warp of kernel i needs, a bound: its deepest chain of
 * frames; with recursion, its frame and P2N_MAX_CALL_DEPTH frames of the
 * largest it may reach (the runtime stops deeper calls); and room for the
 * runtime's services, which run on the same stack. */
static uint64_t
stack_need(const Emit *e, int i)
{
    size_t n = (size_t)e->m->funcs.n;
    uint8_t *state = arena_alloc(e->arena, n);
    uint64_t *memo = arena_alloc(e->arena, n * sizeof *memo);
    memset(state, 0, n);
    bool rec = false;
    uint64_t maxf = 0, need = frame_chain(e, i, state, memo, &rec, &maxf);
    if (rec)
        need = e->frame_of[i] + FRAME_SLACK + (uint64_t)P2N_MAX_CALL_DEPTH * maxf;
    return need + SERVICES_STACK;
}

bool
abi_patch_stack(Emit *e, char *obj, size_t n)
{
    for (int k = 0; k < e->nstack_kernels; k++) {
        uint64_t mark = stack_mark(k), need = stack_need(e, e->stack_kernel[k]);
        int found = 0;
        for (size_t off = 0; off + 8 <= n; off++)
            if (memcmp(obj + off, &mark, 8) == 0) {
                memcpy(obj + off, &need, 8); /* the target's byte order is the host's */
                found++;
            }
        if (found != 1)
            return false;
    }
    return true;
}

void
abi_emit_descriptor(Emit *e, LLVMValueRef *kernels, int nkernels)
{
    LLVMContextRef c = e->ctx;
    LLVMTypeRef i32x3 = LLVMArrayType(e->t_i32, 3);
    LLVMTypeRef t_param = LLVMStructCreateNamed(c, "p2n_param_desc");
    LLVMTypeRef pf[] = {e->t_ptr, e->t_i32, e->t_i32, e->t_i32};
    LLVMStructSetBody(t_param, pf, 4, 0);
    LLVMTypeRef t_kernel = LLVMStructCreateNamed(c, "p2n_kernel_desc");
    LLVMTypeRef kf[] = {e->t_ptr, e->t_ptr, e->t_i32, e->t_ptr, e->t_i32, e->t_i64, e->t_i64,
                        e->t_i32, i32x3,    i32x3,    e->t_i32, e->t_i64};
    LLVMStructSetBody(t_kernel, kf, 12, 0);
    LLVMTypeRef t_var = LLVMStructCreateNamed(c, "p2n_var_desc");
    LLVMTypeRef vf[] = {e->t_ptr, e->t_ptr, e->t_i64, e->t_i32};
    LLVMStructSetBody(t_var, vf, 4, 0);
    LLVMTypeRef t_module = LLVMStructCreateNamed(c, "p2n_module_desc");
    LLVMTypeRef mf[] = {e->t_i32, e->t_i32, e->t_ptr, e->t_i32, e->t_ptr,
                        e->t_i32, e->t_ptr, e->t_ptr};
    LLVMStructSetBody(t_module, mf, 8, 0);

    Vec(LLVMValueRef) kd = {0};
    int k = 0;
    bool marks = e->o->kind == OUT_SHARED || e->o->kind == OUT_OBJECT;
    e->stack_kernel = arena_alloc(e->arena, sizeof(int) * (size_t)(nkernels + 1));
    e->nstack_kernels = 0;
    for (int i = 0; i < e->m->funcs.n && k < nkernels; i++) {
        const Func *f = e->m->funcs.v[i];
        if (!f->is_entry || !f->has_body)
            continue;
        uint32_t bytes;
        LLVMValueRef params = param_descs(e, f, t_param, &bytes);
        LLVMValueRef maxntid[3], reqntid[3];
        for (int j = 0; j < 3; j++) {
            maxntid[j] = u32(e, (uint64_t)f->perf.maxntid[j]);
            reqntid[j] = u32(e, (uint64_t)f->perf.reqntid[j]);
        }
        bool *seen = arena_alloc(e->arena, (size_t)e->m->funcs.n + 1);
        memset(seen, 0, (size_t)e->m->funcs.n + 1);
        unsigned flags = func_flags(e->m, f, seen);
        uint64_t stack = 0; /* assembly and IR: no need recorded */
        if (marks) {
            stack = stack_mark(e->nstack_kernels);
            e->stack_kernel[e->nstack_kernels++] = i;
        }
        LLVMValueRef fields[] = {
            cstring(e, f->name),
            kernels[k++],
            u32(e, (uint64_t)f->params.n),
            params,
            u32(e, bytes),
            u64(e, e->smem_of[i]),
            u64(e, e->local_bytes_of[i]),
            u32(e, flags),
            LLVMConstArray2(e->t_i32, maxntid, 3),
            LLVMConstArray2(e->t_i32, reqntid, 3),
            u32(e, (uint64_t)f->loc.line),
            u64(e, stack),
        };
        vec_push(e->arena, &kd, LLVMConstNamedStruct(t_kernel, fields, 12));
    }

    Vec(LLVMValueRef) vd = {0};
    for (int i = 0; i < e->m->vars.n; i++) {
        const Var *v = e->m->vars.v[i];
        const VarSlot *s = mem_slot(e, v);
        if (!s || !s->global || v->linkage == LK_EXTERN)
            continue;
        LLVMValueRef fields[] = {cstring(e, v->name), s->global,
                                 LLVMConstInt(e->t_i64, (uint64_t)(v->size > 0 ? v->size : 0), 0),
                                 u32(e, v->space == SP_CONST)};
        vec_push(e->arena, &vd, LLVMConstNamedStruct(t_var, fields, 4));
    }

    /* every defined .func, so function pointers work across modules */
    LLVMTypeRef t_func = LLVMStructCreateNamed(c, "p2n_func_desc");
    LLVMTypeRef ff[] = {e->t_ptr, e->t_ptr, e->t_ptr};
    LLVMStructSetBody(t_func, ff, 3, 0);
    Vec(LLVMValueRef) fd = {0};
    for (int i = 0; i < e->m->funcs.n; i++) {
        const Func *f = e->m->funcs.v[i];
        if (f->is_entry || !f->has_body)
            continue;
        LLVMValueRef fields[] = {cstring(e, f->name), call_function_address(e, f),
                                 cstring(e, abi_signature(e, f))};
        vec_push(e->arena, &fd, LLVMConstNamedStruct(t_func, fields, 3));
    }

    LLVMValueRef fields[] = {
        u32(e, P2N_ABI_VERSION),
        u32(e, (uint64_t)kd.n),
        const_array_global(e, t_kernel, kd.v, kd.n, "p2n.kernels"),
        u32(e, (uint64_t)vd.n),
        const_array_global(e, t_var, vd.v, vd.n, "p2n.vars"),
        u32(e, (uint64_t)fd.n),
        const_array_global(e, t_func, fd.v, fd.n, "p2n.funcs"),
        cstring(e, e->m->filename),
    };
    LLVMValueRef g = LLVMAddGlobal(e->mod, t_module, P2N_MODULE_SYMBOL);
    LLVMSetInitializer(g, LLVMConstNamedStruct(t_module, fields, 8));
    LLVMSetGlobalConstant(g, 1);
    LLVMSetVisibility(g, LLVMDefaultVisibility);
    emit_note(e);
}
