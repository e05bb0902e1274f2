/* abi.c — the ABI of runtime/p2n_abi.def in LLVM: the warp struct, the
 * services table, and the module descriptor the runtime reads, each built
 * from the table the runtime's C structs come from (test/unit/abi_test.c
 * checks the offsets against the C layout). */
#include <string.h>

#include "emit.h"
#include "p2n_abi.h"

/* Field indices of the descriptors. */
enum {
#define P2N_PARAM_DESC(tag, name, ctype, kind) PD_##tag,
#include "p2n_abi.def"
    PD_COUNT
};
enum {
#define P2N_KERNEL_DESC(tag, name, ctype, kind) KD_##tag,
#include "p2n_abi.def"
    KD_COUNT
};
enum {
#define P2N_VAR_DESC(tag, name, ctype, kind) VD_##tag,
#include "p2n_abi.def"
    VD_COUNT
};
enum {
#define P2N_FUNC_DESC(tag, name, ctype, kind) FD_##tag,
#include "p2n_abi.def"
    FD_COUNT
};
enum {
#define P2N_MODULE_DESC(tag, name, ctype, kind) MD_##tag,
#include "p2n_abi.def"
    MD_COUNT
};
enum {
#define P2N_PROFILE_DESC(tag, name, ctype, kind) PRD_##tag,
#include "p2n_abi.def"
    PRD_COUNT
};
enum {
#define P2N_PROFILE_BRANCH(tag, name, ctype, kind) PRB_##tag,
#include "p2n_abi.def"
    PRB_COUNT
};

/* The kinds of p2n_abi.def. */
enum { K_PTR, K_U32, K_I32, K_U64, K_U32X3, K_TIDS };

static LLVMTypeRef
kind_type(Emit *e, int kind)
{
    switch (kind) {
    case K_PTR: return e->t_ptr;
    case K_U32:
    case K_I32: return e->t_i32;
    case K_U64: return e->t_i64;
    case K_U32X3: return LLVMArrayType(e->t_i32, 3);
    case K_TIDS: return LLVMArrayType(LLVMArrayType(e->t_i32, WARP), 3);
    }
    die("abi: kind %d", kind);
}

/* A named struct of the kinds in k[0..n). */
static LLVMTypeRef
struct_type(Emit *e, const char *name, const int *k, int n)
{
    LLVMTypeRef f[32];
    if (n > 32)
        die("abi: struct %s has %d fields", name, n);
    for (int i = 0; i < n; i++)
        f[i] = kind_type(e, k[i]);
    LLVMTypeRef t = LLVMStructCreateNamed(e->ctx, name);
    LLVMStructSetBody(t, f, (unsigned)n, 0);
    return t;
}

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

    static const int warp[] = {
#define P2N_WARP(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    e->t_warp = struct_type(e, "p2n_warp", warp, W_NFIELDS);
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
    e->t_coro_fn = LLVMFunctionType(e->t_ptr, wp, 1, 0);
    LLVMTypeRef fr[] = {e->t_ptr, e->t_i64};
    e->t_frame_fn = LLVMFunctionType(e->t_ptr, fr, 2, 0);
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

/* A descriptor of type t from its fields, every one given. */
static LLVMValueRef
desc_struct(LLVMTypeRef t, LLVMValueRef *fields, int n)
{
    for (int i = 0; i < n; i++)
        if (!fields[i])
            die("abi: field %d of a descriptor (p2n_abi.def) is not filled in", i);
    return LLVMConstNamedStruct(t, fields, (unsigned)n);
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
        LLVMValueRef fields[PD_COUNT] = {
            [PD_NAME] = cstring(e, p->name), [PD_OFFSET] = u32(e, off),
            [PD_SIZE] = u32(e, size),        [PD_ALIGN] = u32(e, align),
        };
        vec_push(e->arena, &v, desc_struct(t_param, fields, PD_COUNT));
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
/* What the runtime must provide for an instruction: fibers (or a
 * coroutine) for a barrier, or for a wait that yields (nanosleep). */
static unsigned
instr_waits(const Instr *in)
{
    if (in->op == OP_BAR || in->op == OP_BARRIER)
        return P2N_KF_BARRIER;
    if (in->op == OP_NANOSLEEP || in->op == OP_MBAR_TEST_WAIT || in->op == OP_MBAR_TRY_WAIT)
        return P2N_KF_NANOSLEEP; /* a wait that yields */
    return 0;
}

/* The same for f and every function it may call.  An indirect call may
 * reach any function of the module with a body.  seen[i] marks
 * m->funcs.v[i] as visited. */
static unsigned
func_flags(const Module *m, const Func *f, bool *seen)
{
    unsigned flags = 0;
    for (int j = 0; j < f->instrs.n; j++) {
        const Instr *in = &f->instrs.v[j];
        flags |= instr_waits(in);
        if (in->op == OP_CALL) {
            for (int i = 0; i < m->funcs.n; i++) {
                const Func *g = m->funcs.v[i];
                if (call_may_reach(in, g) && !seen[i]) {
                    seen[i] = true;
                    flags |= func_flags(m, g, seen);
                }
            }
        }
    }
    return flags;
}

/* A kernel whose waits (barriers, sleeps) are all its own, none in a
 * function it may call, runs as a coroutine: a wait suspends it and the
 * scheduler resumes it, with no fiber (function.c, sync.c,
 * runtime/sched.c).  A wait inside a call would need the callee's frame
 * kept too, so those kernels keep their fibers. */
bool
abi_is_coro_fn(Emit *e, LLVMValueRef fn) /* made with t_coro_fn, as lower_module does */
{
    return LLVMGetReturnType(LLVMGlobalGetValueType(fn)) == e->t_ptr;
}

bool
abi_kernel_is_coro(Emit *e, const Func *f)
{
    if (!f->is_entry)
        return false;
    bool *seen = arena_alloc(e->arena, (size_t)e->m->funcs.n + 1);
    memset(seen, 0, (size_t)e->m->funcs.n + 1);
    bool waits = false;
    for (int j = 0; j < f->instrs.n; j++) {
        const Instr *in = &f->instrs.v[j];
        if (in->op == OP_CALL) {
            for (int i = 0; i < e->m->funcs.n; i++) {
                const Func *g = e->m->funcs.v[i];
                if (call_may_reach(in, g) && !seen[i]) {
                    seen[i] = true;
                    if (func_flags(e->m, g, seen))
                        return false;
                }
            }
        }
        waits |= instr_waits(in) != 0;
    }
    return waits;
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
static const uint64_t MARK_BASE = 0x50324e5354414b00ull, MARK_STEP = 0x9e3779b97f4a7c15ull;

static uint64_t
stack_mark(int k)
{
    return MARK_BASE ^ ((uint64_t)(k + 1) * MARK_STEP);
}

/* The k of stack_mark(k) == v, or -1 when v is no kernel's mark (of
 * nkernels): MARK_STEP is odd, so multiplying by its inverse modulo 2^64
 * undoes the product. */
static int
mark_kernel(uint64_t v, int nkernels)
{
    uint64_t inv = MARK_STEP; /* Newton: each step doubles the bits right */
    for (int i = 0; i < 5; i++)
        inv *= 2 - MARK_STEP * inv;
    uint64_t k1 = (v ^ MARK_BASE) * inv;
    return k1 >= 1 && k1 <= (uint64_t)nkernels ? (int)(k1 - 1) : -1;
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
stack_need(const Emit *e, int i, uint8_t *state, uint64_t *memo)
{
    memset(state, 0, (size_t)e->m->funcs.n);
    bool rec = false;
    uint64_t maxf = 0, need = frame_chain(e, i, state, memo, &rec, &maxf);
    if (rec)
        need = e->frame_of[i] + FRAME_SLACK + (uint64_t)P2N_MAX_CALL_DEPTH * maxf;
    return need + SERVICES_STACK;
}

/* One pass over the object finds every placeholder (a kernel's must be
 * there once); then each gets its kernel's need. */
bool
abi_patch_stack(Emit *e, char *obj, size_t n)
{
    int nk = e->nstack_kernels;
    size_t *at = arena_alloc(e->arena, sizeof *at * (size_t)(nk + 1));
    int *found = arena_alloc(e->arena, sizeof *found * (size_t)(nk + 1));
    memset(found, 0, sizeof *found * (size_t)(nk + 1));
    for (size_t off = 0; nk > 0 && off + 8 <= n; off++) {
        uint64_t v;
        memcpy(&v, obj + off, 8);
        int k = mark_kernel(v, nk);
        if (k >= 0) {
            at[k] = off;
            found[k]++;
        }
    }
    size_t nf = (size_t)e->m->funcs.n;
    uint8_t *state = arena_alloc(e->arena, nf + 1);
    uint64_t *memo = arena_alloc(e->arena, sizeof *memo * (nf + 1));
    for (int k = 0; k < nk; k++) {
        if (found[k] != 1)
            return false;
        uint64_t need = stack_need(e, e->stack_kernel[k], state, memo);
        memcpy(obj + at[k], &need, 8); /* the target's byte order is the host's */
    }
    return true;
}

/* ------------------------------------------------------------ profile */

/* The branches --profile counts: every conditional bra (docs/report.md,
 * "Runtime profile"). */
static bool
profiled(const Instr *in)
{
    return in->op == OP_BRA && in->guard >= 0;
}

static int
kernel_count(const Module *m)
{
    int n = 0;
    for (int i = 0; i < m->funcs.n; i++)
        n += m->funcs.v[i]->is_entry && m->funcs.v[i]->has_body;
    return n;
}

/* u64 counters per slot: 3 per branch, rounded up to a cache line */
static int
prof_stride(const Emit *e)
{
    return (3 * e->nprof + 7) / 8 * 8;
}

void
abi_profile_plan(Emit *e)
{
    const Module *m = e->m;
    e->prof_slot = arena_alloc(e->module_arena, sizeof(int *) * (size_t)(m->funcs.n + 1));
    e->nprof = 0;
    for (int i = 0; i < m->funcs.n; i++) {
        const Func *f = m->funcs.v[i];
        e->prof_slot[i] = arena_alloc(e->module_arena, sizeof(int) * (size_t)(f->instrs.n + 1));
        for (int j = 0; j < f->instrs.n; j++)
            e->prof_slot[i][j] = f->has_body && profiled(&f->instrs.v[j]) ? e->nprof++ : -1;
    }
    LLVMTypeRef tc = LLVMArrayType(e->t_i64, (unsigned)(P2N_PROFILE_SLOTS * prof_stride(e)));
    e->prof_counts = LLVMAddGlobal(e->mod, tc, "p2n.profile.counts");
    LLVMSetInitializer(e->prof_counts, LLVMConstNull(tc));
    LLVMSetLinkage(e->prof_counts, LLVMInternalLinkage);
    LLVMSetAlignment(e->prof_counts, 64);
    LLVMTypeRef tl = LLVMArrayType(e->t_i64, (unsigned)(2 * kernel_count(m)));
    e->prof_launches = LLVMAddGlobal(e->mod, tl, "p2n.profile.launches");
    LLVMSetInitializer(e->prof_launches, LLVMConstNull(tl));
    LLVMSetLinkage(e->prof_launches, LLVMInternalLinkage);
}

static int
func_index(const Emit *e)
{
    for (int i = 0; i < e->m->funcs.n; i++)
        if (e->m->funcs.v[i] == e->fs.f)
            return i;
    die("abi: function %s is not in its module", e->fs.f->name);
}

void
abi_profile_enter(Emit *e)
{
    const int *slot = e->prof_slot[func_index(e)];
    e->fs.prof_local = NULL;
    e->fs.prof_n = 0;
    for (int j = 0; j < e->fs.f->instrs.n; j++)
        if (slot[j] >= 0 && e->fs.prof_n++ == 0)
            e->fs.prof_first = slot[j];
    if (e->fs.prof_n == 0)
        return;
    LLVMTypeRef t = LLVMArrayType(e->t_i64, (unsigned)(3 * e->fs.prof_n));
    e->fs.prof_local = emit_alloca(e, t, "profile");
    LLVMBuildStore(e->b, LLVMConstNull(t), e->fs.prof_local);
}

static LLVMValueRef
local_counter(Emit *e, int k)
{
    LLVMValueRef idx[] = {LLVMConstInt(e->t_i64, 0, 0), LLVMConstInt(e->t_i64, (unsigned long long)k, 0)};
    return LLVMBuildGEP2(e->b, LLVMArrayType(e->t_i64, (unsigned)(3 * e->fs.prof_n)),
                         e->fs.prof_local, idx, 2, "");
}

/* The function's counts added to the module's, in the slot of the warp's
 * worker (%smid modulo P2N_PROFILE_SLOTS).  Pool workers 1 .. SLOTS - 1
 * each own their slot: plain additions.  Threads that launch (all smid 0)
 * and workers past the slots share one: atomic additions. */
void
abi_profile_leave(Emit *e)
{
    LLVMValueRef smid = abi_warp_field(e, W_SMID);
    LLVMValueRef s = LLVMBuildAnd(e->b, smid, LLVMConstInt(e->t_i32, P2N_PROFILE_SLOTS - 1, 0), "");
    LLVMValueRef own = LLVMBuildICmp(e->b, LLVMIntULT,
                                     LLVMBuildSub(e->b, smid, LLVMConstInt(e->t_i32, 1, 0), ""),
                                     LLVMConstInt(e->t_i32, P2N_PROFILE_SLOTS - 1, 0), "");
    LLVMValueRef at = LLVMBuildAdd(
        e->b,
        LLVMBuildMul(e->b, LLVMBuildZExt(e->b, s, e->t_i64, ""),
                     LLVMConstInt(e->t_i64, (unsigned long long)prof_stride(e), 0), ""),
        LLVMConstInt(e->t_i64, (unsigned long long)(3 * e->fs.prof_first), 0), "");
    LLVMValueRef base = LLVMBuildGEP2(e->b, e->t_i64, e->prof_counts, &at, 1, "");
    LLVMBasicBlockRef plain = emit_new_block(e, "profile.own"),
                      atomic = emit_new_block(e, "profile.shared"),
                      done = emit_new_block(e, "profile.done");
    LLVMBuildCondBr(e->b, own, plain, atomic);
    for (int pass = 0; pass < 2; pass++) {
        LLVMPositionBuilderAtEnd(e->b, pass ? atomic : plain);
        for (int k = 0; k < 3 * e->fs.prof_n; k++) {
            LLVMValueRef idx = LLVMConstInt(e->t_i64, (unsigned long long)k, 0);
            LLVMValueRef v = LLVMBuildLoad2(e->b, e->t_i64, local_counter(e, k), "");
            LLVMValueRef p = LLVMBuildGEP2(e->b, e->t_i64, base, &idx, 1, "");
            if (pass)
                LLVMBuildAtomicRMW(e->b, LLVMAtomicRMWBinOpAdd, p, v, LLVMAtomicOrderingMonotonic,
                                   0);
            else
                LLVMBuildStore(e->b, LLVMBuildAdd(e->b, LLVMBuildLoad2(e->b, e->t_i64, p, ""), v, ""),
                               p);
        }
        LLVMBuildBr(e->b, done);
    }
    LLVMPositionBuilderAtEnd(e->b, done);
}

static void
count_add(Emit *e, int k, LLVMValueRef v)
{
    LLVMValueRef p = local_counter(e, k);
    LLVMValueRef old = LLVMBuildLoad2(e->b, e->t_i64, p, "");
    LLVMBuildStore(e->b, LLVMBuildAdd(e->b, old, LLVMBuildZExt(e->b, v, e->t_i64, ""), ""), p);
}

/* executions += active != 0; divergent += taken lanes are some but not
 * all of the active ones; active lanes += popcount(active) */
void
abi_profile_count(Emit *e, int instr, LLVMValueRef active, LLVMValueRef taken)
{
    int slot = e->prof_slot[func_index(e)][instr];
    if (slot < 0 || !e->fs.prof_local)
        die("abi: branch %d of %s has no profile counter", instr, e->fs.f->name);
    int b = 3 * (slot - e->fs.prof_first);
    LLVMValueRef zero = LLVMConstInt(e->t_i32, 0, 0);
    count_add(e, b, LLVMBuildICmp(e->b, LLVMIntNE, active, zero, ""));
    if (taken) {
        LLVMValueRef t = LLVMBuildAnd(e->b, active, taken, "");
        LLVMValueRef split = LLVMBuildAnd(e->b, LLVMBuildICmp(e->b, LLVMIntNE, t, zero, ""),
                                          LLVMBuildICmp(e->b, LLVMIntNE, t, active, ""), "");
        count_add(e, b + 1, split);
    }
    LLVMTypeRef t32 = e->t_i32;
    count_add(e, b + 2, emit_intrinsic(e, "llvm.ctpop", &t32, 1, &active, 1));
}

/* FNV-1a, 64 bits, over the text of every PTX input: a profile counts
 * one module's code only while its PTX stays the same. */
static uint64_t
ptx_checksum(const Emit *e)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; e->d && i < e->d->files.n; i++)
        for (size_t k = 0; k < e->d->files.v[i].len; k++)
            h = (h ^ (unsigned char)e->d->files.v[i].text[k]) * 0x100000001b3ull;
    return h;
}

static LLVMValueRef
profile_desc(Emit *e)
{
    static const int desc_k[] = {
#define P2N_PROFILE_DESC(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    static const int branch_k[] = {
#define P2N_PROFILE_BRANCH(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    LLVMTypeRef t_desc = struct_type(e, "p2n_profile_desc", desc_k, PRD_COUNT);
    LLVMTypeRef t_branch = struct_type(e, "p2n_profile_branch", branch_k, PRB_COUNT);
    Vec(LLVMValueRef) bd = {0};
    for (int i = 0; i < e->m->funcs.n; i++) {
        const Func *f = e->m->funcs.v[i];
        for (int j = 0; j < f->instrs.n; j++) {
            if (e->prof_slot[i][j] < 0)
                continue;
            const Instr *in = &f->instrs.v[j];
            const char *op = opcode_name(in->op);
            for (int k = 0; k < in->nmods; k++)
                op = arena_printf(e->arena, "%s.%s", op, mod_name(in->mods[k]));
            LLVMValueRef fields[PRB_COUNT] = {
                [PRB_FUNC] = cstring(e, f->name),
                [PRB_OP] = cstring(e, op),
                [PRB_LINE] = u32(e, (uint64_t)in->loc.line),
                [PRB_COLUMN] = u32(e, (uint64_t)in->loc.col),
            };
            vec_push(e->arena, &bd, desc_struct(t_branch, fields, PRB_COUNT));
        }
    }
    LLVMValueRef fields[PRD_COUNT] = {
        [PRD_CHECKSUM] = u64(e, ptx_checksum(e)),
        [PRD_NBRANCHES] = u32(e, (uint64_t)bd.n),
        [PRD_SLOT_STRIDE] = u32(e, (uint64_t)prof_stride(e)),
        [PRD_BRANCHES] = const_array_global(e, t_branch, bd.v, bd.n, "p2n.profile.branches"),
        [PRD_COUNTS] = e->prof_counts,
        [PRD_LAUNCHES] = e->prof_launches,
    };
    LLVMValueRef g = LLVMAddGlobal(e->mod, t_desc, "p2n.profile");
    LLVMSetInitializer(g, desc_struct(t_desc, fields, PRD_COUNT));
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    return g;
}

/* The module's name (p2n_abi.def): its first file's name without
 * directory and last extension. */
static const char *
module_name(Emit *e)
{
    const char *path = e->m->filename ? e->m->filename : "";
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    return arena_printf(e->arena, "%.*s", (int)n, base);
}

/* An object's constructor or destructor: a function `name` that passes
 * the descriptor g to the runtime's fn, listed in list (llvm.global_ctors
 * or llvm.global_dtors). */
static void
emit_registration(Emit *e, LLVMValueRef g, const char *fn, const char *name, const char *list)
{
    LLVMTypeRef t_fn = LLVMFunctionType(e->t_void, &e->t_ptr, 1, 0);
    LLVMValueRef callee = LLVMGetNamedFunction(e->mod, fn);
    if (!callee)
        callee = LLVMAddFunction(e->mod, fn, t_fn);
    LLVMValueRef f = LLVMAddFunction(e->mod, name, LLVMFunctionType(e->t_void, NULL, 0, 0));
    LLVMSetLinkage(f, LLVMInternalLinkage);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(e->ctx);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(e->ctx, f, "entry"));
    LLVMBuildCall2(b, t_fn, callee, &g, 1, "");
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
    LLVMTypeRef ef[] = {e->t_i32, e->t_ptr, e->t_ptr};
    LLVMTypeRef t_entry = LLVMStructTypeInContext(e->ctx, ef, 3, 0);
    LLVMValueRef v[] = {u32(e, 65535), f, LLVMConstNull(e->t_ptr)};
    LLVMValueRef entry = LLVMConstStructInContext(e->ctx, v, 3, 0);
    LLVMValueRef init = LLVMConstArray2(t_entry, &entry, 1);
    LLVMValueRef l = LLVMAddGlobal(e->mod, LLVMTypeOf(init), list);
    LLVMSetInitializer(l, init);
    LLVMSetLinkage(l, LLVMAppendingLinkage);
}

/* The descriptor of runtime/p2n_abi.def.  A shared object exports it as
 * P2N_MODULE_SYMBOL for p2n_module_load; any other output (an object to
 * link) holds it under a symbol of the module's own and registers it from
 * a constructor (p2n_abi.h). */
void
abi_emit_descriptor(Emit *e, LLVMValueRef *kernels, int nkernels)
{
    static const int param_k[] = {
#define P2N_PARAM_DESC(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    static const int kernel_k[] = {
#define P2N_KERNEL_DESC(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    static const int var_k[] = {
#define P2N_VAR_DESC(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    static const int func_k[] = {
#define P2N_FUNC_DESC(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    static const int module_k[] = {
#define P2N_MODULE_DESC(tag, name, ctype, kind) K_##kind,
#include "p2n_abi.def"
    };
    LLVMTypeRef t_param = struct_type(e, "p2n_param_desc", param_k, PD_COUNT);
    LLVMTypeRef t_kernel = struct_type(e, "p2n_kernel_desc", kernel_k, KD_COUNT);
    LLVMTypeRef t_var = struct_type(e, "p2n_var_desc", var_k, VD_COUNT);
    LLVMTypeRef t_func = struct_type(e, "p2n_func_desc", func_k, FD_COUNT);
    LLVMTypeRef t_module = struct_type(e, "p2n_module_desc", module_k, MD_COUNT);

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
        if (abi_is_coro_fn(e, kernels[k]))
            flags |= P2N_KF_CORO;
        uint64_t stack = 0; /* assembly and IR: no need recorded */
        if (marks) {
            stack = stack_mark(e->nstack_kernels);
            e->stack_kernel[e->nstack_kernels++] = i;
        }
        const char *plain = report_demangle(e->arena, f->name);
        LLVMValueRef fields[KD_COUNT] = {
            [KD_NAME] = cstring(e, f->name),
            [KD_FN] = kernels[k++],
            [KD_NPARAMS] = u32(e, (uint64_t)f->params.n),
            [KD_PARAMS] = params,
            [KD_PARAM_BYTES] = u32(e, bytes),
            [KD_STATIC_SMEM] = u64(e, e->smem_of[i]),
            [KD_LOCAL_BYTES] = u64(e, e->local_bytes_of[i]),
            [KD_FLAGS] = u32(e, flags),
            [KD_MAXNTID] = LLVMConstArray2(e->t_i32, maxntid, 3),
            [KD_REQNTID] = LLVMConstArray2(e->t_i32, reqntid, 3),
            [KD_PTX_LINE] = u32(e, (uint64_t)f->loc.line),
            [KD_STACK_BYTES] = u64(e, stack),
            [KD_DEMANGLED] = plain ? cstring(e, plain) : LLVMConstNull(e->t_ptr),
            [KD_CTA] = e->cta_of[i] ? e->cta_of[i] : LLVMConstNull(e->t_ptr),
        };
        vec_push(e->arena, &kd, desc_struct(t_kernel, fields, KD_COUNT));
    }

    Vec(LLVMValueRef) vd = {0};
    for (int i = 0; i < e->m->vars.n; i++) {
        const Var *v = e->m->vars.v[i];
        const VarSlot *s = mem_slot(e, v);
        if (!s || !s->global || v->linkage == LK_EXTERN)
            continue;
        LLVMValueRef fields[VD_COUNT] = {
            [VD_NAME] = cstring(e, v->name),
            [VD_ADDR] = s->global,
            [VD_BYTES] = u64(e, (uint64_t)(v->size > 0 ? v->size : 0)),
            [VD_SPACE] = u32(e, v->space == SP_CONST),
        };
        vec_push(e->arena, &vd, desc_struct(t_var, fields, VD_COUNT));
    }

    /* every defined .func whose address escapes, so function pointers work
     * across modules; the others, once inlined, need no code of their own */
    Vec(LLVMValueRef) fd = {0};
    for (int i = 0; i < e->m->funcs.n; i++) {
        const Func *f = e->m->funcs.v[i];
        if (f->is_entry || !f->has_body || !e->an->funcs[i].address_taken)
            continue;
        LLVMValueRef fields[FD_COUNT] = {
            [FD_NAME] = cstring(e, f->name),
            [FD_FN] = call_function_address(e, f),
            [FD_SIGNATURE] = cstring(e, abi_signature(e, f)),
        };
        vec_push(e->arena, &fd, desc_struct(t_func, fields, FD_COUNT));
    }

    const char *name = module_name(e);
    LLVMValueRef fields[MD_COUNT] = {
        [MD_ABI_VERSION] = u32(e, P2N_ABI_VERSION),
        [MD_NKERNELS] = u32(e, (uint64_t)kd.n),
        [MD_KERNELS] = const_array_global(e, t_kernel, kd.v, kd.n, "p2n.kernels"),
        [MD_NVARS] = u32(e, (uint64_t)vd.n),
        [MD_VARS] = const_array_global(e, t_var, vd.v, vd.n, "p2n.vars"),
        [MD_NFUNCS] = u32(e, (uint64_t)fd.n),
        [MD_FUNCS] = const_array_global(e, t_func, fd.v, fd.n, "p2n.funcs"),
        [MD_SOURCE] = cstring(e, e->m->filename),
        [MD_NAME] = cstring(e, name),
        [MD_FEATURES] = cstring(e, e->required_features ? e->required_features : ""),
        [MD_PROFILE] = e->prof_slot ? profile_desc(e) : LLVMConstNull(e->t_ptr),
    };
    bool shared = e->o->kind == OUT_SHARED;
    char *symbol = arena_printf(e->arena, "%s%s%s", P2N_MODULE_SYMBOL, shared ? "" : "_",
                                shared ? "" : name);
    for (char *c = symbol; *c; c++)
        if (!(*c == '_' || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') ||
              (*c >= 'A' && *c <= 'Z')))
            *c = '_';
    LLVMValueRef g = LLVMAddGlobal(e->mod, t_module, symbol);
    LLVMSetInitializer(g, desc_struct(t_module, fields, MD_COUNT));
    LLVMSetGlobalConstant(g, 1);
    LLVMSetVisibility(g, shared ? LLVMDefaultVisibility : LLVMHiddenVisibility);
    if (!shared) {
        emit_registration(e, g, P2N_ABI_STR(P2N_REGISTER_FN), "p2n.register",
                          "llvm.global_ctors");
        emit_registration(e, g, P2N_ABI_STR(P2N_UNREGISTER_FN), "p2n.unregister",
                          "llvm.global_dtors");
    }
    emit_note(e);
}
