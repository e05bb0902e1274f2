/* ref.c — the reference interpreter: runs PTX one thread at a time.
 *
 * It implements the host API of runtime/ptx2native.h, so every execution
 * test's host program links against it unchanged (test/run.sh t_ref), and
 * the differential tester (fuzz.c) compares it with the translator.  It
 * shares only the frontend's AST (frontend/ptx.h) with the translator and is
 * written from the PTX manual, to be obviously right rather than fast:
 *
 *  - Every register is 64 bits; an instruction of type T reads the low bits
 *    of T's width and writes its result sign- or zero-extended.
 *  - Threads follow independent thread scheduling.  A thread runs alone until
 *    it exits or reaches a warp operation (*.sync) or a barrier; it then
 *    waits.  A warp operation completes when every non-exited thread of its
 *    member mask waits at a warp operation of the same kind with the same
 *    mask; a CTA barrier when every non-exited thread of the CTA (or the
 *    thread count given) waits at it.  Nothing depends on lockstep
 *    execution: what would (activemask, reading a lane outside the member
 *    mask) is reported as an error "ref: ...", never guessed.
 *  - Addresses: global, const and param addresses are host addresses; shared
 *    and local addresses are offsets in the CTA's shared block and the
 *    thread's local window; a generic address is a host address (cvta).
 *
 * What it does not implement is an error "ref: unsupported X at line L"
 * (run.sh reports such a test as SKIP on the interpreter).
 */
#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"
#include "ptx2native.h"

#define LOCAL_BYTES (64 * 1024) /* each thread's local window (stack of frames) */
#define MAX_CALLS 256 /* calls deep, as the runtime documents; more is a launch error */
#define MAX_DEPTH (MAX_CALLS + 1)
#define FUNC_TAG 0xF00D000000000000ull /* value of a function's address */

/* ------------------------------------------------------------ the module */

typedef struct VarInfo {
    const Var *var;
    uint64_t off; /* shared: offset in the block; local: offset in the frame or window;
                     param: offset in the frame's param storage */
    char *host;   /* global/const: its memory */
} VarInfo;

typedef struct FuncInfo {
    uint64_t param_bytes; /* params, rets and body .param variables */
    uint64_t local_bytes; /* body .local variables */
    uint64_t smem_end;    /* a kernel: end of its static shared part (common + own) */
} FuncInfo;

struct p2n_module {
    Arena arena;
    Diags d;
    Module *m;
    VarInfo *vi;  /* open hash by Var pointer */
    int nvi;      /* capacity (power of two) */
    FuncInfo *fi; /* by index in m->funcs */
    uint64_t static_smem, module_local;
};

static __thread char g_msg[1024];
/* P2NREF_STRICT=1 (the differential tester): reading a register never
 * written is undefined, and reported rather than read as 0. */
static int g_strict = -1;

static void
set_msg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_msg, sizeof g_msg, fmt, ap);
    va_end(ap);
}

const char *
p2n_error_message(void)
{
    return g_msg;
}

const char *
p2n_result_string(p2n_result r)
{
    static const char *const names[] = {"success", "invalid value", "load error", "invalid module",
                                        "not found", "invalid dimension", "too many threads",
                                        "shared memory size", "out of memory", "trap", "assert",
                                        "deadlock", "branch range", "bad function", "stack overflow",
                                        "system error", "misaligned"};
    return (unsigned)r < sizeof names / sizeof *names ? names[r] : "unknown error";
}

p2n_result
p2n_set_num_threads(unsigned n)
{
    return n ? P2N_SUCCESS : P2N_ERROR_INVALID_VALUE;
}

/* The interpreter has no native stack: only the call depth is limited. */
p2n_result
p2n_set_stack_size(size_t bytes)
{
    return bytes == 0 || (bytes >= 64 * 1024 && bytes <= ((size_t)1 << 40)) ? P2N_SUCCESS : P2N_ERROR_INVALID_VALUE;
}

static VarInfo *
vinfo(p2n_module *mod, const Var *v)
{
    unsigned h = (unsigned)(((uintptr_t)v >> 4) * 2654435761u) & (unsigned)(mod->nvi - 1);
    while (mod->vi[h].var && mod->vi[h].var != v)
        h = (h + 1) & (unsigned)(mod->nvi - 1);
    mod->vi[h].var = v;
    return &mod->vi[h];
}

static uint64_t
align_up(uint64_t x, uint64_t a)
{
    return a ? (x + a - 1) / a * a : x;
}

static uint64_t
var_align(const Var *v)
{
    if (v->align)
        return (uint64_t)v->align;
    int b = type_bits(v->type) / 8 * (v->vec ? v->vec : 1);
    return b > 0 ? (uint64_t)b : 1;
}

static uint64_t
var_size(const Var *v)
{
    return v->size > 0 ? (uint64_t)v->size : 0;
}

static void store_bits(char *p, uint64_t v, int bytes);

/* Writes initializer in at p for elements of v's type; returns bytes written. */
static uint64_t
init_write(p2n_module *mod, const Var *v, const Init *in, char *p)
{
    int eb = type_bits(v->type) / 8;
    if (eb < 1)
        eb = 1;
    switch (in->kind) {
    case INIT_LIST: {
        uint64_t n = 0;
        for (int i = 0; i < in->nelems; i++)
            n += init_write(mod, v, &in->elems[i], p + n);
        return n;
    }
    case INIT_INT:
        if (type_kind(v->type) == TK_FLOAT) {
            double d = (double)in->i;
            if (eb == 4) {
                float f = (float)d;
                memcpy(p, &f, 4);
            } else
                memcpy(p, &d, 8);
        } else
            store_bits(p, (uint64_t)in->i, eb);
        return (uint64_t)eb;
    case INIT_FLOAT:
        if (eb == 4) {
            float f;
            if (in->is_double) {
                double d;
                memcpy(&d, &in->fbits, 8);
                f = (float)d;
            } else {
                uint32_t b = (uint32_t)in->fbits;
                memcpy(&f, &b, 4);
            }
            memcpy(p, &f, 4);
        } else if (eb == 8) {
            double d;
            if (in->is_double)
                memcpy(&d, &in->fbits, 8);
            else {
                float f;
                uint32_t b = (uint32_t)in->fbits;
                memcpy(&f, &b, 4);
                d = f;
            }
            memcpy(p, &d, 8);
        } else
            store_bits(p, in->fbits, eb);
        return (uint64_t)eb;
    case INIT_VAR:
    case INIT_GENERIC: {
        VarInfo *vi = vinfo(mod, in->var);
        uint64_t a = vi->host ? (uint64_t)(uintptr_t)vi->host : vi->off;
        store_bits(p, a + (uint64_t)in->i, eb);
        return (uint64_t)eb;
    }
    case INIT_FUNC: {
        uint64_t id = 0;
        for (int i = 0; i < mod->m->funcs.n; i++)
            if (mod->m->funcs.v[i] == in->func)
                id = FUNC_TAG | (uint64_t)i;
        store_bits(p, id, eb);
        return (uint64_t)eb;
    }
    case INIT_MASK:
        return (uint64_t)eb; /* not supported: left zero */
    }
    return (uint64_t)eb;
}

static void
layout_func(p2n_module *mod, Func *f, FuncInfo *fi)
{
    uint64_t po = 0, lo = 0;
    /* .shared: a .func's variables join the part common to every kernel
     * (mod->static_smem); a kernel's own start after that part, where the
     * kernels overlap (its CTA's block holds the common part and its own) */
    uint64_t own = mod->static_smem;
    for (int pass = 0; pass < 3; pass++) {
        int n = pass == 0 ? f->params.n : pass == 1 ? f->rets.n : f->vars.n;
        for (int i = 0; i < n; i++) {
            Var *v = pass == 0 ? f->params.v[i] : pass == 1 ? f->rets.v[i] : f->vars.v[i];
            VarInfo *vi = vinfo(mod, v);
            if (v->space == SP_PARAM) {
                po = align_up(po, var_align(v));
                vi->off = po;
                po += var_size(v);
            } else if (v->space == SP_LOCAL) {
                lo = align_up(lo, var_align(v));
                vi->off = lo;
                lo += var_size(v);
            } else if (v->space == SP_SHARED) {
                if (v->size < 0) {
                    vi->off = (uint64_t)-1; /* dynamic: placed at launch */
                } else {
                    uint64_t *at = f->is_entry ? &own : &mod->static_smem;
                    *at = align_up(*at, var_align(v));
                    vi->off = *at;
                    *at += var_size(v);
                }
            } else if (v->space == SP_GLOBAL || v->space == SP_CONST) {
                vi->host = arena_alloc(&mod->arena, var_size(v) + 16);
            }
        }
    }
    fi->param_bytes = po;
    fi->local_bytes = lo;
    fi->smem_end = own;
}

static char *
read_file(Arena *a, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *t = arena_alloc(a, (size_t)n + 1);
    size_t got = fread(t, 1, (size_t)n, f);
    fclose(f);
    t[got] = 0;
    *len = got;
    return t;
}

/* path: a .ptx file, or a list of .ptx files one per line (several inputs
 * linked as one, like "ptx2native a.ptx b.ptx"). */
p2n_result
p2n_module_load(p2n_module **out, const char *path)
{
    if (!out || !path) {
        set_msg("null argument");
        return P2N_ERROR_INVALID_VALUE;
    }
    p2n_module *mod = calloc(1, sizeof *mod);
    mod->d.arena = &mod->arena;
    const char *files[64];
    int nfiles = 0;
    size_t n = strlen(path);
    if (n > 4 && strcmp(path + n - 4, ".ptx") == 0) {
        files[nfiles++] = path;
    } else {
        size_t len;
        char *list = read_file(&mod->arena, path, &len);
        if (!list) {
            set_msg("ref: cannot read %s", path);
            free(mod);
            return P2N_ERROR_LOAD;
        }
        for (char *s = strtok(list, " \t\n"); s && nfiles < 64; s = strtok(NULL, " \t\n"))
            files[nfiles++] = s;
    }
    Module *mods[64];
    for (int i = 0; i < nfiles; i++) {
        size_t len;
        char *text = read_file(&mod->arena, files[i], &len);
        if (!text) {
            set_msg("ref: cannot read %s", files[i]);
            return P2N_ERROR_LOAD;
        }
        diag_add_file(&mod->d, files[i], text, len);
        mods[i] = ptx_parse(files[i], text, len, &mod->d);
    }
    Module *m = mod->d.nerrors ? NULL : ptx_link(mods, nfiles, &mod->d);
    if (!m || mod->d.nerrors) {
        Diag *dg = mod->d.list.n ? &mod->d.list.v[0] : NULL;
        set_msg("ref: %s:%d: %s", dg ? dg->loc.file : path, dg ? dg->loc.line : 0,
                dg ? dg->msg : "parse error");
        return P2N_ERROR_INVALID_MODULE;
    }
    mod->m = m;
    int nv = m->vars.n;
    for (int i = 0; i < m->funcs.n; i++)
        nv += m->funcs.v[i]->params.n + m->funcs.v[i]->rets.n + m->funcs.v[i]->vars.n;
    mod->nvi = 64;
    while (mod->nvi < 2 * nv + 2)
        mod->nvi *= 2;
    mod->vi = arena_alloc(&mod->arena, sizeof *mod->vi * (size_t)mod->nvi);
    mod->fi = arena_alloc(&mod->arena, sizeof *mod->fi * (size_t)(m->funcs.n + 1));
    for (int i = 0; i < m->vars.n; i++) {
        Var *v = m->vars.v[i];
        VarInfo *vi = vinfo(mod, v);
        if (v->space == SP_SHARED) {
            if (v->size < 0)
                vi->off = (uint64_t)-1;
            else {
                mod->static_smem = align_up(mod->static_smem, var_align(v));
                vi->off = mod->static_smem;
                mod->static_smem += var_size(v);
            }
        } else if (v->space == SP_LOCAL) {
            mod->module_local = align_up(mod->module_local, var_align(v));
            vi->off = mod->module_local;
            mod->module_local += var_size(v);
        } else {
            vi->host = arena_alloc(&mod->arena, var_size(v) + 16);
        }
    }
    for (int pass = 0; pass < 2; pass++) /* .func bodies first: kernels follow their shared part */
        for (int i = 0; i < m->funcs.n; i++)
            if (m->funcs.v[i]->is_entry == (pass == 1))
                layout_func(mod, m->funcs.v[i], &mod->fi[i]);
    for (int i = 0; i < m->vars.n; i++) {
        Var *v = m->vars.v[i];
        VarInfo *vi = vinfo(mod, v);
        if (vi->host && v->init)
            init_write(mod, v, v->init, vi->host);
    }
    *out = mod;
    return P2N_SUCCESS;
}

p2n_result
p2n_module_load_data(p2n_module **mod, const void *image, size_t size)
{
    (void)mod, (void)image, (void)size;
    set_msg("ref: unsupported p2n_module_load_data");
    return P2N_ERROR_LOAD;
}

p2n_result
p2n_module_unload(p2n_module *mod)
{
    if (!mod) {
        set_msg("null argument");
        return P2N_ERROR_INVALID_VALUE;
    }
    arena_free(&mod->arena);
    free(mod);
    return P2N_SUCCESS;
}

p2n_result
p2n_module_global(p2n_module *mod, const char *name, void **addr, size_t *bytes)
{
    if (!mod || !name) {
        set_msg("null argument");
        return P2N_ERROR_INVALID_VALUE;
    }
    for (int i = 0; i < mod->m->vars.n; i++) {
        Var *v = mod->m->vars.v[i];
        if ((v->space == SP_GLOBAL || v->space == SP_CONST) && strcmp(v->name, name) == 0) {
            if (addr)
                *addr = vinfo(mod, v)->host;
            if (bytes)
                *bytes = var_size(v);
            return P2N_SUCCESS;
        }
    }
    set_msg("no variable '%s'", name);
    return P2N_ERROR_NOT_FOUND;
}

/* ------------------------------------------------------------ execution */

enum { T_RUN, T_WARP, T_BAR, T_DONE };

typedef struct Frame {
    Func *f;
    int fidx;
    int pc;
    uint64_t *regs;
    uint8_t *def; /* register written yet (for g_strict) */
    char *params;
    uint64_t local_base; /* offset of this frame's .local variables in the window */
    const Instr *call;   /* the caller's call instruction (NULL for the kernel) */
} Frame;

typedef struct Thread {
    int state;
    unsigned tid[3], lane, warp, linear;
    Frame stack[MAX_DEPTH];
    int depth;
    char *local;
    uint64_t local_top;
    /* a pending warp operation or barrier */
    const Instr *wait_in;
    uint32_t wait_mask;
    uint64_t wait_val, wait_b, wait_c;
    unsigned bar_id, bar_count;
} Thread;

typedef struct Launch {
    p2n_module *mod;
    Func *kernel;
    p2n_dim3 grid, block, cta;
    char *kparams;
    uint64_t kparam_bytes;
    char *shared;
    uint64_t shared_bytes, dyn_off, dyn_bytes;
    Thread *t;
    int nt;
    p2n_result err;
} Launch;

static int
fail(Launch *L, p2n_result r, const Instr *in, const char *fmt, ...)
{
    if (L->err)
        return 0;
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    L->err = r;
    set_msg("%s (kernel %s, CTA (%u,%u,%u), line %d)", buf, L->kernel->name, L->cta.x, L->cta.y, L->cta.z,
            in ? in->loc.line : 0);
    return 0;
}

#define UNSUP(what) fail(L, P2N_ERROR_INVALID_MODULE, in, "ref: unsupported %s at line %d", what, in->loc.line)

static void
store_bits(char *p, uint64_t v, int bytes)
{
    memcpy(p, &v, (size_t)bytes); /* little-endian host */
}

static uint64_t
load_bits(const char *p, int bytes)
{
    uint64_t v = 0;
    memcpy(&v, p, (size_t)bytes);
    return v;
}

/* The value v of type t, as a register holds it. */
static uint64_t
extend(uint64_t v, PtxType t)
{
    int b = type_bits(t);
    if (t == TY_PRED)
        return v & 1;
    if (b >= 64 || b <= 0)
        return v;
    v &= (1ull << b) - 1;
    if (type_kind(t) == TK_SINT && (v >> (b - 1)) & 1)
        v |= ~0ull << b;
    return v;
}

static int64_t
sext(uint64_t v, int b)
{
    if (b >= 64)
        return (int64_t)v;
    v &= (1ull << b) - 1;
    if ((v >> (b - 1)) & 1)
        v |= ~0ull << b;
    return (int64_t)v;
}

static uint64_t
zext(uint64_t v, int b)
{
    return b >= 64 ? v : v & ((1ull << b) - 1);
}

static float
f32_of(uint64_t v)
{
    float f;
    uint32_t b = (uint32_t)v;
    memcpy(&f, &b, 4);
    return f;
}

static uint64_t
bits_f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static double
f64_of(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}

static uint64_t
bits_f64(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static uint64_t
var_addr(Launch *L, Thread *t, Frame *fr, const Var *v)
{
    VarInfo *vi = vinfo(L->mod, v);
    switch (v->space) {
    case SP_SHARED:
        return vi->off == (uint64_t)-1 ? L->dyn_off : vi->off;
    case SP_LOCAL:
        return v->owner ? fr->local_base + vi->off : vi->off;
    case SP_PARAM:
        if (v->owner && v->owner->is_entry) {
            /* a kernel parameter: in the launch's parameter block */
            return (uint64_t)(uintptr_t)(L->kparams + vi->off);
        }
        if (v->owner == fr->f)
            return (uint64_t)(uintptr_t)(fr->params + vi->off);
        if (v->owner) { /* find the frame of its owner (the current one, normally) */
            for (int d = t->depth - 1; d >= 0; d--)
                if (t->stack[d].f == v->owner)
                    return (uint64_t)(uintptr_t)(t->stack[d].params + vi->off);
        }
        return 0;
    default:
        return (uint64_t)(uintptr_t)vi->host;
    }
}

static uint64_t
func_value(Launch *L, const Func *f)
{
    for (int i = 0; i < L->mod->m->funcs.n; i++)
        if (L->mod->m->funcs.v[i] == f)
            return FUNC_TAG | (uint64_t)i;
    return 0;
}

static uint64_t
sreg_value(Launch *L, Thread *t, const Operand *o)
{
    unsigned c = (unsigned)o->comp;
    switch (o->sreg) {
    case SREG_TID:
        return c < 3 ? t->tid[c] : 0;
    case SREG_NTID:
        return c == 0 ? L->block.x : c == 1 ? L->block.y : c == 2 ? L->block.z : 0;
    case SREG_CTAID:
        return c == 0 ? L->cta.x : c == 1 ? L->cta.y : c == 2 ? L->cta.z : 0;
    case SREG_NCTAID:
        return c == 0 ? L->grid.x : c == 1 ? L->grid.y : c == 2 ? L->grid.z : 0;
    case SREG_LANEID:
        return t->lane;
    case SREG_WARPID:
        return t->warp;
    case SREG_NWARPID:
        return (unsigned)(L->nt + 31) / 32;
    case SREG_LANEMASK_EQ:
        return 1u << t->lane;
    case SREG_LANEMASK_LE:
        return (uint32_t)((2ull << t->lane) - 1);
    case SREG_LANEMASK_LT:
        return (1u << t->lane) - 1;
    case SREG_LANEMASK_GE:
        return ~((1u << t->lane) - 1);
    case SREG_LANEMASK_GT:
        return (uint32_t)~((2ull << t->lane) - 1);
    case SREG_DYNAMIC_SMEM_SIZE:
        return L->dyn_bytes;
    case SREG_TOTAL_SMEM_SIZE:
        return L->shared_bytes;
    case SREG_SMID:
    case SREG_GRIDID:
        return 0;
    case SREG_NSMID:
        return 1;
    default:
        return ~0ull; /* caller checks */
    }
}

static void
set_reg(Frame *fr, int r, uint64_t v)
{
    fr->regs[r] = v;
    fr->def[r] = 1;
}

/* Reads operand o as type ty. */
static uint64_t
rd(Launch *L, Thread *t, Frame *fr, const Instr *in, const Operand *o, PtxType ty)
{
    switch (o->kind) {
    case OPD_REG: {
        uint64_t v = fr->regs[o->reg];
        if (g_strict && !fr->def[o->reg]) {
            fail(L, P2N_ERROR_INVALID_VALUE, in, "ref: read of %s before any write (undefined)",
                 fr->f->regs.v[o->reg].name);
            return 0;
        }
        if (o->neg)
            v = !(v & 1);
        return extend(v, ty);
    }
    case OPD_IMM:
        if (type_kind(ty) == TK_FLOAT) { /* an integer literal in a float instruction */
            if (type_bits(ty) == 32)
                return bits_f32((float)o->imm);
            return bits_f64((double)o->imm);
        }
        return extend((uint64_t)o->imm, ty);
    case OPD_FIMM:
        if (type_bits(ty) == 32 && o->is_double)
            return bits_f32((float)f64_of(o->fbits));
        if (type_bits(ty) == 64 && !o->is_double)
            return type_kind(ty) == TK_FLOAT ? bits_f64((double)f32_of(o->fbits)) : o->fbits;
        return o->fbits;
    case OPD_SREG: {
        uint64_t v = sreg_value(L, t, o);
        if (v == ~0ull && o->sreg != SREG_LANEMASK_GE) {
            fail(L, P2N_ERROR_INVALID_MODULE, in, "ref: unsupported special register %%%s at line %d",
                 sreg_name(o->sreg), in->loc.line);
            return 0;
        }
        return extend(v, ty);
    }
    case OPD_VAR:
        return var_addr(L, t, fr, o->var) + (uint64_t)o->imm;
    case OPD_FUNC:
        return func_value(L, o->func);
    default:
        UNSUP("operand kind");
        return 0;
    }
}

static void
wr(Frame *fr, const Operand *o, uint64_t v, PtxType ty)
{
    if (o->kind == OPD_REG)
        set_reg(fr, o->reg, extend(v, ty));
}

/* Resolves a memory operand to a host pointer for an access of n bytes. */
static char *
mem_ptr(Launch *L, Thread *t, Frame *fr, const Instr *in, const Operand *o, Space sp, uint64_t n)
{
    uint64_t a = (uint64_t)o->imm;
    const Operand *b = o->nsub ? &o->sub[0] : NULL;
    if (b && b->kind == OPD_VAR) {
        if (sp == SP_NONE || sp == SP_GENERIC) { /* a variable named in a generic access */
            sp = b->var->space;
            if (sp == SP_CONST || sp == SP_GLOBAL)
                sp = SP_GLOBAL;
        }
        a += var_addr(L, t, fr, b->var);
    } else if (b && b->kind == OPD_REG) {
        a += fr->regs[b->reg];
        if (type_bits(fr->f->regs.v[b->reg].type) == 32) /* a 32-bit address wraps at 32 bits */
            a = (uint32_t)a;
    }
    switch (sp) {
    case SP_SHARED:
        if (a + n > L->shared_bytes) {
            fail(L, P2N_ERROR_INVALID_VALUE, in, "ref: shared access at %#llx past %llu bytes",
                 (unsigned long long)a, (unsigned long long)L->shared_bytes);
            return NULL;
        }
        return L->shared + a;
    case SP_LOCAL:
        if (a + n > LOCAL_BYTES) {
            fail(L, P2N_ERROR_INVALID_VALUE, in, "ref: local access at %#llx out of the window",
                 (unsigned long long)a);
            return NULL;
        }
        return t->local + a;
    default:
        if (a < 4096) {
            fail(L, P2N_ERROR_INVALID_VALUE, in, "ref: access to address %#llx", (unsigned long long)a);
            return NULL;
        }
        return (char *)(uintptr_t)a;
    }
}

static PtxType
itype(const Instr *in, int i)
{
    int n = in->ntype < 0 ? 0 : in->ntype > 3 ? 3 : in->ntype;
    if (n == 0)
        return TY_B32;
    return in->type[i < n ? i : n - 1];
}

static bool
has(const Instr *in, Mod m)
{
    return instr_has_mod(in, m);
}

static int
round_mode(const Instr *in, int dflt)
{
    for (int i = 0; i < in->nmods; i++)
        switch (in->mods[i]) {
        case MOD_RN:
        case MOD_RNI:
            return FE_TONEAREST;
        case MOD_RZ:
        case MOD_RZI:
            return FE_TOWARDZERO;
        case MOD_RM:
        case MOD_RMI:
            return FE_DOWNWARD;
        case MOD_RP:
        case MOD_RPI:
            return FE_UPWARD;
        default:
            break;
        }
    return dflt;
}

static bool
has_round(const Instr *in)
{
    return round_mode(in, -1) != -1;
}

static float
ftz32(float f)
{
    if (fpclassify(f) == FP_SUBNORMAL)
        return copysignf(0.0f, f);
    return f;
}

static float
sat32(float f)
{
    if (isnan(f) || f <= 0.0f) /* -0 too */
        return 0.0f;
    return f > 1.0f ? 1.0f : f;
}

/* Float arithmetic of in (f32 or f64) on a, b, c under its rounding mode. */
static uint64_t
float_op(Launch *L, const Instr *in, PtxType ty, uint64_t a, uint64_t b, uint64_t c, bool *ok)
{
    bool ftz = has(in, MOD_FTZ) && type_bits(ty) == 32, sat = has(in, MOD_SAT);
    int rm = round_mode(in, FE_TONEAREST);
    *ok = true;
    if (type_bits(ty) == 32) {
        /* volatile: the compiler must not move the operation across fesetround */
        volatile float x = f32_of(a), y = f32_of(b), z = f32_of(c), r = 0;
        if (ftz)
            x = ftz32(x), y = ftz32(y), z = ftz32(z);
        fesetround(rm);
        switch (in->op) {
        case OP_ADD: r = x + y; break;
        case OP_SUB: r = x - y; break;
        case OP_MUL: r = x * y; break;
        case OP_FMA:
        case OP_MAD: r = fmaf(x, y, z); break;
        case OP_DIV:
            if (!has_round(in)) { /* div.approx / div.full: not exact; computed exactly anyway */
                fesetround(FE_TONEAREST);
            }
            r = x / y;
            break;
        case OP_SQRT: r = sqrtf(x); break;
        case OP_RCP: r = 1.0f / x; break;
        case OP_RSQRT: r = (float)(1.0 / sqrt((double)x)); break;
        case OP_SIN: r = sinf(x); break;
        case OP_COS: r = cosf(x); break;
        case OP_LG2: r = log2f(x); break;
        case OP_EX2: r = exp2f(x); break;
        case OP_TANH: r = tanhf(x); break;
        case OP_ABS: r = fabsf(x); break;
        case OP_NEG: r = -x; break;
        case OP_MIN:
        case OP_MAX: {
            bool mn = in->op == OP_MIN;
            if (isnan(x) && isnan(y))
                r = NAN;
            else if (isnan(x))
                r = y;
            else if (isnan(y))
                r = x;
            else if (x == y && x == 0.0f) /* -0 is less than +0 */
                r = (signbit(x) == mn) ? x : y;
            else
                r = mn ? (x < y ? x : y) : (x > y ? x : y);
            if (has(in, MOD_NANMOD) && (isnan(x) || isnan(y)))
                r = NAN;
            break;
        }
        case OP_COPYSIGN: r = copysignf(y, x); break;
        default: *ok = false;
        }
        fesetround(FE_TONEAREST);
        if (in->op == OP_ABS || in->op == OP_NEG) { /* bit operations, NaN too */
            uint32_t bits = (uint32_t)a;
            if (ftz && fpclassify(f32_of(a)) == FP_SUBNORMAL)
                bits &= 0x80000000u;
            bits = in->op == OP_ABS ? bits & 0x7fffffffu : bits ^ 0x80000000u;
            return bits;
        }
        if (ftz)
            r = ftz32(r);
        if (sat)
            r = sat32(r);
        return bits_f32(r);
    }
    volatile double x = f64_of(a), y = f64_of(b), z = f64_of(c), r = 0;
    fesetround(rm);
    switch (in->op) {
    case OP_ADD: r = x + y; break;
    case OP_SUB: r = x - y; break;
    case OP_MUL: r = x * y; break;
    case OP_FMA:
    case OP_MAD: r = fma(x, y, z); break;
    case OP_DIV: r = x / y; break;
    case OP_SQRT: r = sqrt(x); break;
    case OP_RCP: r = 1.0 / x; break;
    case OP_RSQRT: r = 1.0 / sqrt(x); break;
    case OP_MIN:
    case OP_MAX: {
        bool mn = in->op == OP_MIN;
        if (isnan(x) && isnan(y))
            r = NAN;
        else if (isnan(x))
            r = y;
        else if (isnan(y))
            r = x;
        else if (x == y && x == 0.0)
            r = (signbit(x) == mn) ? x : y;
        else
            r = mn ? (x < y ? x : y) : (x > y ? x : y);
        break;
    }
    case OP_COPYSIGN: r = copysign(y, x); break;
    case OP_ABS: fesetround(FE_TONEAREST); return a & ~(1ull << 63);
    case OP_NEG: fesetround(FE_TONEAREST); return a ^ (1ull << 63);
    default: *ok = false;
    }
    fesetround(FE_TONEAREST);
    (void)L;
    return bits_f64(r);
}

static bool
fcmp(Mod cmp, double x, double y, bool *ok)
{
    bool un = isnan(x) || isnan(y);
    switch (cmp) {
    case MOD_EQ: return !un && x == y;
    case MOD_NE: return !un && x != y;
    case MOD_LT: return !un && x < y;
    case MOD_LE: return !un && x <= y;
    case MOD_GT: return !un && x > y;
    case MOD_GE: return !un && x >= y;
    case MOD_EQU: return un || x == y;
    case MOD_NEU: return un || x != y;
    case MOD_LTU: return un || x < y;
    case MOD_LEU: return un || x <= y;
    case MOD_GTU: return un || x > y;
    case MOD_GEU: return un || x >= y;
    case MOD_NUM: return !un;
    case MOD_NAN: return un;
    default: *ok = false; return false;
    }
}

static bool
icmp(Mod cmp, uint64_t a, uint64_t b, PtxType ty, bool *ok)
{
    int bits = type_bits(ty);
    bool s = type_kind(ty) == TK_SINT;
    int64_t sa = sext(a, bits), sb = sext(b, bits);
    uint64_t ua = zext(a, bits), ub = zext(b, bits);
    switch (cmp) {
    case MOD_EQ: return ua == ub;
    case MOD_NE: return ua != ub;
    case MOD_LT: return s ? sa < sb : ua < ub;
    case MOD_LE: return s ? sa <= sb : ua <= ub;
    case MOD_GT: return s ? sa > sb : ua > ub;
    case MOD_GE: return s ? sa >= sb : ua >= ub;
    case MOD_LO: return ua < ub;
    case MOD_LS: return ua <= ub;
    case MOD_HI: return ua > ub;
    case MOD_HS: return ua >= ub;
    default: *ok = false; return false;
    }
}

static Mod
find_mod(const Instr *in, unsigned cls)
{
    for (int i = 0; i < in->nmods; i++)
        if (mod_classes(in->mods[i]) & cls && mod_type(in->mods[i]) == TY_NONE)
            return in->mods[i];
    return MOD_NONE;
}

/* 128-bit products for mul.hi. */
static uint64_t
mulhi_u64(uint64_t a, uint64_t b)
{
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
}

static uint64_t
mulhi_s64(int64_t a, int64_t b)
{
    return (uint64_t)(((__int128)a * b) >> 64);
}

/* cvt: value a of type st to type dt. */
static uint64_t
convert(Launch *L, const Instr *in, PtxType dt, PtxType st, uint64_t a, bool *ok)
{
    TypeKind dk = type_kind(dt), sk = type_kind(st);
    int db = type_bits(dt), sb = type_bits(st);
    bool sat = has(in, MOD_SAT), ftz = has(in, MOD_FTZ);
    *ok = true;
    if ((dk == TK_FLOAT && db == 16) || (sk == TK_FLOAT && sb == 16) || dt == TY_TF32 || st == TY_TF32 ||
        (db == 8 && dk == TK_FLOAT)) {
        *ok = false;
        return 0;
    }
    if (dk != TK_FLOAT && sk != TK_FLOAT) { /* integer to integer */
        bool ss = sk == TK_SINT, ds = dk == TK_SINT;
        if (!sat)
            return extend(a, dt);
        /* saturate the source value into the destination's range */
        __int128 v = ss ? (__int128)sext(a, sb) : (__int128)zext(a, sb);
        __int128 lo = ds ? -((__int128)1 << (db - 1)) : 0;
        __int128 hi = ds ? ((__int128)1 << (db - 1)) - 1 : ((__int128)1 << db) - 1;
        if (v < lo)
            v = lo;
        if (v > hi)
            v = hi;
        return extend((uint64_t)v, dt);
    }
    if (sk == TK_FLOAT && dk != TK_FLOAT) { /* float to integer: round to integer, saturate */
        double x = sb == 32 ? (double)(ftz ? ftz32(f32_of(a)) : f32_of(a)) : f64_of(a);
        int rm = round_mode(in, -1);
        if (rm == -1) {
            *ok = false;
            return 0;
        }
        if (isnan(x))
            return 0;
        volatile double vx = x;
        fesetround(rm);
        volatile double r = nearbyint(vx);
        fesetround(FE_TONEAREST);
        bool ds = dk == TK_SINT;
        double lo = ds ? -ldexp(1.0, db - 1) : 0.0, hi = ds ? ldexp(1.0, db - 1) : ldexp(1.0, db);
        if (r < lo)
            return extend(ds ? (uint64_t)1 << (db - 1) : 0, dt);
        if (r >= hi)
            return extend(ds ? ((uint64_t)1 << (db - 1)) - 1 : (db == 64 ? ~0ull : (1ull << db) - 1), dt);
        return extend(ds ? (uint64_t)(int64_t)r : (uint64_t)r, dt);
    }
    if (sk != TK_FLOAT) { /* integer to float */
        bool ss = sk == TK_SINT;
        int rm = round_mode(in, FE_TONEAREST);
        volatile int64_t si = sext(a, sb);
        volatile uint64_t ui = zext(a, sb);
        volatile float rf = 0;
        volatile double rd = 0;
        fesetround(rm);
        if (db == 32)
            rf = ss ? (float)si : (float)ui;
        else
            rd = ss ? (double)si : (double)ui;
        fesetround(FE_TONEAREST);
        uint64_t r = db == 32 ? bits_f32(rf) : bits_f64(rd);
        if (sat && db == 32)
            r = bits_f32(sat32(f32_of(r)));
        return r;
    }
    /* float to float */
    int rm = round_mode(in, FE_TONEAREST);
    if (db == 32 && sb == 64) {
        volatile double vx = f64_of(a);
        fesetround(rm);
        volatile float vr = (float)vx;
        fesetround(FE_TONEAREST);
        float r = vr;
        if (ftz)
            r = ftz32(r);
        if (sat)
            r = sat32(r);
        return bits_f32(r);
    }
    if (db == 64 && sb == 32) {
        float x = f32_of(a);
        if (ftz)
            x = ftz32(x);
        double r = x;
        if (has_round(in)) { /* cvt.rni.f64.f32 ... rounds to integer */
            volatile double vx = r, vr;
            fesetround(rm);
            vr = nearbyint(vx);
            fesetround(FE_TONEAREST);
            r = vr;
        }
        if (sat)
            r = isnan(r) || r <= 0 ? 0 : r > 1 ? 1 : r;
        return bits_f64(r);
    }
    /* same size: round to integer when an integer rounding is given */
    bool irnd = has(in, MOD_RNI) || has(in, MOD_RZI) || has(in, MOD_RMI) || has(in, MOD_RPI);
    if (db == 32) {
        float x = f32_of(a);
        if (ftz)
            x = ftz32(x);
        if (irnd) {
            volatile float vx = x, vr;
            fesetround(rm);
            vr = nearbyintf(vx);
            fesetround(FE_TONEAREST);
            x = vr;
        }
        if (ftz)
            x = ftz32(x);
        if (sat)
            x = sat32(x);
        return bits_f32(x);
    }
    double x = f64_of(a);
    if (irnd) {
        volatile double vx = x, vr;
        fesetround(rm);
        vr = nearbyint(vx);
        fesetround(FE_TONEAREST);
        x = vr;
    }
    if (sat)
        x = isnan(x) || x <= 0 ? 0 : x > 1 ? 1 : x;
    (void)L;
    return bits_f64(x);
}

static Label *
label_of(Frame *fr, const Operand *o)
{
    return &fr->f->labels.v[o->label];
}

/* Pushes a frame for f; 0 on failure. */
static int
push_frame(Launch *L, Thread *t, const Instr *in, Func *f, const Instr *call)
{
    if (t->depth >= MAX_DEPTH)
        return fail(L, P2N_ERROR_STACK_OVERFLOW, in, "call depth past %d", MAX_CALLS);
    int fidx = 0;
    for (int i = 0; i < L->mod->m->funcs.n; i++)
        if (L->mod->m->funcs.v[i] == f)
            fidx = i;
    FuncInfo *fi = &L->mod->fi[fidx];
    Frame *fr = &t->stack[t->depth];
    fr->f = f;
    fr->fidx = fidx;
    fr->pc = 0;
    fr->regs = calloc((size_t)f->regs.n + 1, sizeof *fr->regs);
    fr->def = calloc((size_t)f->regs.n + 1, 1);
    fr->params = calloc(fi->param_bytes + 16, 1);
    fr->local_base = align_up(t->local_top, 16);
    fr->call = call;
    if (fr->local_base + fi->local_bytes > LOCAL_BYTES) {
        free(fr->regs);
        free(fr->params);
        return fail(L, P2N_ERROR_STACK_OVERFLOW, in, "ref: local memory past %d bytes", LOCAL_BYTES);
    }
    memset(t->local + fr->local_base, 0, fi->local_bytes);
    t->local_top = fr->local_base + fi->local_bytes;
    t->depth++;
    return 1;
}

static void
pop_frame(Thread *t)
{
    Frame *fr = &t->stack[--t->depth];
    free(fr->regs);
    free(fr->def);
    free(fr->params);
    t->local_top = fr->local_base; /* everything below this frame stays */
}

static PtxType
reg_type(Frame *fr, int r)
{
    return fr->f->regs.v[r].type;
}

/* Copies argument a (of the caller) into parameter p (of the callee). */
static void
pass_value(Launch *L, Thread *t, Frame *from, const Operand *a, Frame *to, const Var *p, const Instr *in)
{
    uint64_t n = var_size(p);
    if (p->space == SP_REG) {
        PtxType ty = reg_type(to, p->reg);
        uint64_t v;
        if (a->kind == OPD_VAR && a->var->space == SP_PARAM)
            v = load_bits((char *)(uintptr_t)var_addr(L, t, from, a->var), type_bits(ty) / 8 ? type_bits(ty) / 8 : 1);
        else
            v = rd(L, t, from, in, a, ty);
        set_reg(to, p->reg, extend(v, ty));
        return;
    }
    char *dst = to->params + vinfo(L->mod, p)->off;
    if (a->kind == OPD_VAR && a->var->space == SP_PARAM) {
        uint64_t m = var_size(a->var) < n ? var_size(a->var) : n;
        memcpy(dst, (char *)(uintptr_t)var_addr(L, t, from, a->var), m);
    } else {
        PtxType ty = p->type;
        store_bits(dst, rd(L, t, from, in, a, ty), (int)(n < 8 ? n : 8));
    }
}

/* The value of a param variable or a register argument into a return operand
 * of the caller. */
static void
return_value(Launch *L, Thread *t, Frame *callee, const Var *p, Frame *caller, const Operand *r, const Instr *in)
{
    if (r->kind == OPD_SINK)
        return;
    uint64_t v;
    if (p->space == SP_REG)
        v = callee->regs[p->reg];
    else
        v = load_bits(callee->params + vinfo(L->mod, p)->off, (int)(var_size(p) < 8 ? var_size(p) : 8));
    if (r->kind == OPD_VAR && r->var->space == SP_PARAM) {
        char *dst = (char *)(uintptr_t)var_addr(L, t, caller, r->var);
        if (p->space == SP_REG)
            store_bits(dst, v, (int)(var_size(r->var) < 8 ? var_size(r->var) : 8));
        else
            memcpy(dst, callee->params + vinfo(L->mod, p)->off,
                   var_size(p) < var_size(r->var) ? var_size(p) : var_size(r->var));
    } else if (r->kind == OPD_REG) {
        set_reg(caller, r->reg, extend(v, reg_type(caller, r->reg)));
    }
    (void)in;
}

static void
do_return(Launch *L, Thread *t, const Instr *in)
{
    Frame *fr = &t->stack[t->depth - 1];
    if (t->depth == 1) {
        pop_frame(t);
        t->state = T_DONE;
        return;
    }
    Frame *caller = &t->stack[t->depth - 2];
    const Instr *call = fr->call;
    if (call->nopnd > 0 && call->opnd[0].kind == OPD_LIST) {
        const Operand *rets = &call->opnd[0];
        for (int i = 0; i < rets->nsub && i < fr->f->rets.n; i++)
            return_value(L, t, fr, fr->f->rets.v[i], caller, &rets->sub[i], in);
    }
    pop_frame(t);
}

static uint32_t
lane_mask_bit(unsigned lane)
{
    return 1u << lane;
}

/* Executes instructions of t until it waits, exits or fails. */
static void
run_thread(Launch *L, Thread *t)
{
    /* Forward progress: a thread spinning on another yields after a while. */
    for (long budget = 100000; t->state == T_RUN && !L->err && budget > 0; budget--) {
        Frame *fr = &t->stack[t->depth - 1];
        Func *f = fr->f;
        if (fr->pc >= f->instrs.n) { /* fell off the end: an implicit ret */
            do_return(L, t, NULL);
            continue;
        }
        const Instr *in = &f->instrs.v[fr->pc++];
        if (in->guard >= 0 && g_strict && !fr->def[in->guard]) {
            fail(L, P2N_ERROR_INVALID_VALUE, in, "ref: guard %s read before any write (undefined)",
                 f->regs.v[in->guard].name);
            break;
        }
        if (in->guard >= 0 && (!(fr->regs[in->guard] & 1)) != in->guard_neg)
            continue;
        const Operand *o = in->opnd;
        PtxType ty = itype(in, 0);
        TypeKind k = type_kind(ty);
        int bits = type_bits(ty);
        bool ok = true;
        switch (in->op) {
        case OP_ADD:
        case OP_SUB:
        case OP_MUL:
        case OP_MAD:
        case OP_FMA:
        case OP_DIV:
        case OP_REM:
        case OP_MIN:
        case OP_MAX:
        case OP_ABS:
        case OP_NEG:
        case OP_SQRT:
        case OP_RCP:
        case OP_RSQRT:
        case OP_SIN:
        case OP_COS:
        case OP_LG2:
        case OP_EX2:
        case OP_TANH:
        case OP_COPYSIGN: {
            if (has(in, MOD_CC)) {
                UNSUP("carry (.cc)");
                break;
            }
            int ns = in->nopnd - 1;
            if (k == TK_FLOAT) {
                if (bits == 16 || in->nopnd > 4 || (in->op == OP_MIN && in->nopnd == 4) ||
                    (in->op == OP_MAX && in->nopnd == 4)) {
                    UNSUP("this floating-point form");
                    break;
                }
                uint64_t a = rd(L, t, fr, in, &o[1], ty);
                uint64_t b = ns > 1 ? rd(L, t, fr, in, &o[2], ty) : 0;
                uint64_t c = ns > 2 ? rd(L, t, fr, in, &o[3], ty) : 0;
                uint64_t r = float_op(L, in, ty, a, b, c, &ok);
                if (!ok) {
                    UNSUP(opcode_name(in->op));
                    break;
                }
                wr(fr, &o[0], r, ty);
                break;
            }
            if (k == TK_PACKED || bits < 16 || (in->op == OP_MIN && in->nopnd == 4) ||
                (in->op == OP_MAX && in->nopnd == 4)) {
                UNSUP("this integer form");
                break;
            }
            bool s = k == TK_SINT;
            uint64_t a = rd(L, t, fr, in, &o[1], ty);
            uint64_t b = ns > 1 ? rd(L, t, fr, in, &o[2], ty) : 0;
            uint64_t c = 0;
            bool hi = has(in, MOD_HI), wide = has(in, MOD_WIDE);
            PtxType dty = ty;
            if (wide) { /* the destination (and mad's addend) are twice as wide */
                static const PtxType w[2][3] = {{TY_U32, TY_U64, TY_U64}, {TY_S32, TY_S64, TY_S64}};
                dty = w[s][bits == 16 ? 0 : 1];
                if (bits == 64) {
                    UNSUP("64-bit .wide");
                    break;
                }
            }
            if (ns > 2)
                c = rd(L, t, fr, in, &o[3], dty);
            int64_t sa = sext(a, bits), sb = sext(b, bits);
            uint64_t ua = zext(a, bits), ub = zext(b, bits), r = 0;
            switch (in->op) {
            case OP_ADD:
            case OP_SUB: {
                if (has(in, MOD_SAT)) { /* .sat: s32 only */
                    int64_t v = in->op == OP_ADD ? sa + sb : sa - sb;
                    v = v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v;
                    r = (uint64_t)v;
                } else
                    r = in->op == OP_ADD ? a + b : a - b;
                break;
            }
            case OP_MUL:
            case OP_MAD: {
                uint64_t p;
                if (wide)
                    p = s ? (uint64_t)(sa * sb) : ua * ub;
                else if (hi)
                    p = bits == 64 ? (s ? mulhi_s64(sa, sb) : mulhi_u64(ua, ub))
                                   : (s ? (uint64_t)((sa * sb) >> bits) : (ua * ub) >> bits);
                else
                    p = a * b;
                if (in->op == OP_MAD) {
                    if (has(in, MOD_SAT) && hi && s && bits == 32) {
                        int64_t v = (int64_t)(int32_t)p + (int64_t)(int32_t)c;
                        v = v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v;
                        p = (uint64_t)v;
                    } else
                        p += c;
                }
                r = p;
                break;
            }
            case OP_DIV:
            case OP_REM:
                if (ub == 0) { /* PTX: unspecified; the hardware gives all ones for div */
                    fail(L, P2N_ERROR_INVALID_VALUE, in, "ref: integer division by zero is undefined");
                    break;
                }
                if (s) {
                    if (sb == -1) /* no overflow trap: INT_MIN / -1 wraps */
                        r = in->op == OP_DIV ? (uint64_t)(0 - (uint64_t)sa) : 0;
                    else
                        r = in->op == OP_DIV ? (uint64_t)(sa / sb) : (uint64_t)(sa % sb);
                } else
                    r = in->op == OP_DIV ? ua / ub : ua % ub;
                break;
            case OP_MIN: r = s ? (uint64_t)(sa < sb ? sa : sb) : (ua < ub ? ua : ub); break;
            case OP_MAX: r = s ? (uint64_t)(sa > sb ? sa : sb) : (ua > ub ? ua : ub); break;
            case OP_ABS: r = (uint64_t)(sa < 0 ? -(uint64_t)sa : (uint64_t)sa); break;
            case OP_NEG: r = 0 - a; break;
            default: UNSUP(opcode_name(in->op));
            }
            wr(fr, &o[0], r, wide ? dty : ty);
            break;
        }
        case OP_MUL24:
        case OP_MAD24: {
            bool s = k == TK_SINT;
            int64_t sa = sext(rd(L, t, fr, in, &o[1], ty), 24), sb = sext(rd(L, t, fr, in, &o[2], ty), 24);
            uint64_t ua = zext(rd(L, t, fr, in, &o[1], ty), 24), ub = zext(rd(L, t, fr, in, &o[2], ty), 24);
            uint64_t p = s ? (uint64_t)(sa * sb) : ua * ub;
            if (has(in, MOD_HI))
                p >>= 16;
            if (has(in, MOD_SAT)) {
                UNSUP("mad24.sat");
                break;
            }
            if (in->op == OP_MAD24)
                p += rd(L, t, fr, in, &o[3], ty);
            wr(fr, &o[0], p, ty);
            break;
        }
        case OP_SAD: {
            bool s = k == TK_SINT;
            uint64_t a = rd(L, t, fr, in, &o[1], ty), b = rd(L, t, fr, in, &o[2], ty);
            uint64_t d = s ? (sext(a, bits) < sext(b, bits) ? (uint64_t)(sext(b, bits) - sext(a, bits))
                                                           : (uint64_t)(sext(a, bits) - sext(b, bits)))
                           : (zext(a, bits) < zext(b, bits) ? zext(b, bits) - zext(a, bits) : zext(a, bits) - zext(b, bits));
            wr(fr, &o[0], d + rd(L, t, fr, in, &o[3], ty), ty);
            break;
        }
        case OP_POPC:
        case OP_CLZ:
        case OP_BREV:
        case OP_BFIND: {
            uint64_t a = zext(rd(L, t, fr, in, &o[1], ty), bits), r = 0;
            if (in->op == OP_POPC)
                r = (uint64_t)__builtin_popcountll(a);
            else if (in->op == OP_CLZ)
                r = a ? (uint64_t)(__builtin_clzll(a) - (64 - bits)) : (uint64_t)bits;
            else if (in->op == OP_BREV) {
                for (int i = 0; i < bits; i++)
                    if (a >> i & 1)
                        r |= 1ull << (bits - 1 - i);
            } else {
                uint64_t x = a;
                if (k == TK_SINT && sext(a, bits) < 0)
                    x = zext(~a, bits);
                r = x ? (uint64_t)(63 - __builtin_clzll(x)) : 0xffffffffu;
                if (x && has(in, MOD_SHIFTAMT))
                    r = (uint64_t)(bits - 1) - r;
            }
            wr(fr, &o[0], r, in->op == OP_BREV ? ty : TY_U32);
            break;
        }
        case OP_BFE: {
            uint64_t a = rd(L, t, fr, in, &o[1], ty);
            unsigned pos = (unsigned)rd(L, t, fr, in, &o[2], TY_U32) & 0xff;
            unsigned len = (unsigned)rd(L, t, fr, in, &o[3], TY_U32) & 0xff;
            bool s = k == TK_SINT;
            uint64_t r = 0;
            int sbit = s ? (len == 0 ? 0 : (int)((pos + len - 1 < (unsigned)bits ? a >> (pos + len - 1)
                                                                                  : a >> (bits - 1)) & 1))
                         : 0;
            for (unsigned i = 0; i < (unsigned)bits; i++) {
                uint64_t bit = (i < len && pos + i < (unsigned)bits) ? (a >> (pos + i)) & 1 : (uint64_t)sbit;
                r |= bit << i;
            }
            wr(fr, &o[0], r, ty);
            break;
        }
        case OP_BFI: {
            uint64_t a = rd(L, t, fr, in, &o[1], ty), b = rd(L, t, fr, in, &o[2], ty);
            unsigned pos = (unsigned)rd(L, t, fr, in, &o[3], TY_U32) & 0xff;
            unsigned len = (unsigned)rd(L, t, fr, in, &o[4], TY_U32) & 0xff;
            uint64_t r = b;
            for (unsigned i = 0; i < len && pos + i < (unsigned)bits; i++)
                r = (r & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
            wr(fr, &o[0], r, ty);
            break;
        }
        case OP_AND:
        case OP_OR:
        case OP_XOR:
        case OP_NOT:
        case OP_CNOT:
        case OP_SHL:
        case OP_SHR: {
            uint64_t a = rd(L, t, fr, in, &o[1], ty), r = 0;
            uint64_t b = in->nopnd > 2 ? rd(L, t, fr, in, &o[2], in->op == OP_SHL || in->op == OP_SHR ? TY_U32 : ty) : 0;
            switch (in->op) {
            case OP_AND: r = a & b; break;
            case OP_OR: r = a | b; break;
            case OP_XOR: r = a ^ b; break;
            case OP_NOT: r = ty == TY_PRED ? !(a & 1) : ~a; break;
            case OP_CNOT: r = zext(a, bits) == 0; break;
            case OP_SHL: r = b >= (uint64_t)bits ? 0 : a << b; break;
            case OP_SHR:
                if (k == TK_SINT)
                    r = (uint64_t)(sext(a, bits) >> (b >= (uint64_t)bits ? bits - 1 : (int)b));
                else
                    r = b >= (uint64_t)bits ? 0 : zext(a, bits) >> b;
                break;
            default: break;
            }
            wr(fr, &o[0], r, ty);
            break;
        }
        case OP_LOP3: {
            if (in->nopnd != 5) {
                UNSUP("lop3 with a predicate");
                break;
            }
            uint64_t a = rd(L, t, fr, in, &o[1], ty), b = rd(L, t, fr, in, &o[2], ty), c = rd(L, t, fr, in, &o[3], ty);
            unsigned lut = (unsigned)rd(L, t, fr, in, &o[4], TY_U32) & 0xff;
            uint64_t r = 0;
            for (int i = 0; i < 64; i++) {
                unsigned idx = (unsigned)((a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1));
                /* ta = 0xF0, tb = 0xCC, tc = 0xAA: bit index = a*4 + b*2 + c */
                r |= (uint64_t)(lut >> idx & 1) << i;
            }
            wr(fr, &o[0], r, ty);
            break;
        }
        case OP_SHF: {
            uint32_t a = (uint32_t)rd(L, t, fr, in, &o[1], TY_U32), b = (uint32_t)rd(L, t, fr, in, &o[2], TY_U32);
            uint32_t n = (uint32_t)rd(L, t, fr, in, &o[3], TY_U32);
            n = has(in, MOD_WRAP) ? n & 31 : (n > 32 ? 32 : n);
            uint64_t v = (uint64_t)b << 32 | a, r;
            r = has(in, MOD_L) ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
            wr(fr, &o[0], r, TY_U32);
            break;
        }
        case OP_PRMT: {
            if (in->nmods > 1) {
                UNSUP("prmt mode");
                break;
            }
            uint32_t a = (uint32_t)rd(L, t, fr, in, &o[1], TY_U32), b = (uint32_t)rd(L, t, fr, in, &o[2], TY_U32);
            uint32_t c = (uint32_t)rd(L, t, fr, in, &o[3], TY_U32);
            uint64_t v = (uint64_t)b << 32 | a;
            uint32_t r = 0;
            for (int i = 0; i < 4; i++) {
                unsigned sel = c >> (4 * i) & 0xf;
                uint32_t byte = (uint32_t)(v >> (8 * (sel & 7))) & 0xff;
                if (sel & 8)
                    byte = byte & 0x80 ? 0xff : 0;
                r |= byte << (8 * i);
            }
            wr(fr, &o[0], r, TY_U32);
            break;
        }
        case OP_TESTP: {
            double x = bits == 32 ? f32_of(rd(L, t, fr, in, &o[1], ty)) : f64_of(rd(L, t, fr, in, &o[1], ty));
            bool r = false;
            if (has(in, MOD_FINITE)) r = isfinite(x);
            else if (has(in, MOD_INFINITE)) r = isinf(x);
            else if (has(in, MOD_NUMBER)) r = !isnan(x);
            else if (has(in, MOD_NOTANUMBER)) r = isnan(x);
            else if (has(in, MOD_NORMAL)) r = bits == 32 ? fpclassify(f32_of(rd(L, t, fr, in, &o[1], ty))) == FP_NORMAL : fpclassify(x) == FP_NORMAL;
            else if (has(in, MOD_SUBNORMAL)) r = bits == 32 ? fpclassify(f32_of(rd(L, t, fr, in, &o[1], ty))) == FP_SUBNORMAL : fpclassify(x) == FP_SUBNORMAL;
            wr(fr, &o[0], r, TY_PRED);
            break;
        }
        case OP_SETP:
        case OP_SET: {
            PtxType sty = in->op == OP_SET ? itype(in, 1) : ty;
            Mod cmp = find_mod(in, MC_CMP);
            Mod bop = find_mod(in, MC_BOOL);
            uint64_t a = rd(L, t, fr, in, &o[1], sty), b = rd(L, t, fr, in, &o[2], sty);
            bool r;
            if (type_kind(sty) == TK_FLOAT) {
                if (type_bits(sty) == 16) {
                    UNSUP("f16 compare");
                    break;
                }
                double x = type_bits(sty) == 32 ? f32_of(a) : f64_of(a);
                double y = type_bits(sty) == 32 ? f32_of(b) : f64_of(b);
                if (has(in, MOD_FTZ) && type_bits(sty) == 32)
                    x = ftz32((float)x), y = ftz32((float)y);
                r = fcmp(cmp, x, y, &ok);
            } else
                r = icmp(cmp, a, b, sty, &ok);
            if (!ok) {
                UNSUP("this comparison");
                break;
            }
            bool rn = !r;
            if (bop != MOD_NONE) {
                bool c = rd(L, t, fr, in, &o[3], TY_PRED) & 1;
                r = bop == MOD_AND ? (r && c) : bop == MOD_OR ? (r || c) : (r != c);
                rn = bop == MOD_AND ? (rn && c) : bop == MOD_OR ? (rn || c) : (rn != c);
            }
            if (in->op == OP_SET) {
                uint64_t v = type_kind(ty) == TK_FLOAT ? (r ? bits_f32(1.0f) : 0) : (r ? ~0ull : 0);
                wr(fr, &o[0], v, ty);
            } else if (o[0].kind == OPD_PAIR) {
                wr(fr, &o[0].sub[0], r, TY_PRED);
                wr(fr, &o[0].sub[1], rn, TY_PRED);
            } else
                wr(fr, &o[0], r, TY_PRED);
            break;
        }
        case OP_SELP: {
            bool c = rd(L, t, fr, in, &o[3], TY_PRED) & 1;
            wr(fr, &o[0], rd(L, t, fr, in, c ? &o[1] : &o[2], ty), ty);
            break;
        }
        case OP_SLCT: {
            PtxType cty = itype(in, 1);
            uint64_t c = rd(L, t, fr, in, &o[3], cty);
            bool ge = type_kind(cty) == TK_FLOAT ? f32_of(c) >= 0.0f : sext(c, 32) >= 0;
            wr(fr, &o[0], rd(L, t, fr, in, ge ? &o[1] : &o[2], ty), ty);
            break;
        }
        case OP_MOV: {
            if (o[0].kind == OPD_VEC || o[1].kind == OPD_VEC) {
                if (o[0].kind == OPD_VEC && o[1].kind != OPD_VEC) { /* unpack */
                    uint64_t v = rd(L, t, fr, in, &o[1], ty);
                    int eb = bits / o[0].nsub;
                    for (int i = 0; i < o[0].nsub; i++)
                        if (o[0].sub[i].kind == OPD_REG)
                            fr->regs[o[0].sub[i].reg] = zext(v >> (eb * i), eb);
                } else if (o[1].kind == OPD_VEC && o[0].kind != OPD_VEC) { /* pack */
                    uint64_t v = 0;
                    int eb = bits / o[1].nsub;
                    for (int i = 0; i < o[1].nsub; i++)
                        v |= zext(rd(L, t, fr, in, &o[1].sub[i], TY_B64), eb) << (eb * i);
                    wr(fr, &o[0], v, ty);
                } else
                    UNSUP("vector mov");
                break;
            }
            wr(fr, &o[0], rd(L, t, fr, in, &o[1], ty), ty);
            break;
        }
        case OP_CVT: {
            if (in->ntype < 2) {
                UNSUP("cvt form");
                break;
            }
            PtxType dt = in->type[0], st = in->type[1];
            if (in->nopnd != 2 || type_kind(dt) == TK_PACKED || type_kind(st) == TK_PACKED ||
                has(in, MOD_RELU) || has(in, MOD_SATFINITE)) {
                UNSUP("this cvt");
                break;
            }
            uint64_t r = convert(L, in, dt, st, rd(L, t, fr, in, &o[1], st), &ok);
            if (!ok) {
                UNSUP("this cvt");
                break;
            }
            wr(fr, &o[0], r, dt);
            break;
        }
        case OP_CVTA: {
            uint64_t a = rd(L, t, fr, in, &o[1], ty);
            bool to = has(in, MOD_TO);
            Space sp = in->space;
            uint64_t r = a;
            if (sp == SP_SHARED)
                r = to ? a - (uint64_t)(uintptr_t)L->shared : (uint64_t)(uintptr_t)L->shared + a;
            else if (sp == SP_LOCAL)
                r = to ? a - (uint64_t)(uintptr_t)t->local : (uint64_t)(uintptr_t)t->local + a;
            wr(fr, &o[0], r, ty);
            break;
        }
        case OP_ISSPACEP: {
            uint64_t a = rd(L, t, fr, in, &o[1], TY_U64);
            uint64_t sh = (uint64_t)(uintptr_t)L->shared, lo = (uint64_t)(uintptr_t)t->local;
            bool ins = a >= sh && a < sh + L->shared_bytes, inl = a >= lo && a < lo + LOCAL_BYTES;
            bool inc = false, inp = false;
            for (int i = 0; i < L->mod->m->vars.n; i++) {
                Var *v = L->mod->m->vars.v[i];
                uint64_t b = (uint64_t)(uintptr_t)vinfo(L->mod, v)->host;
                if (v->space == SP_CONST && b && a >= b && a < b + var_size(v))
                    inc = true;
            }
            uint64_t kp = (uint64_t)(uintptr_t)L->kparams;
            if (a >= kp && a < kp + L->kparam_bytes)
                inp = true;
            for (int d = 0; d < t->depth; d++) {
                uint64_t b = (uint64_t)(uintptr_t)t->stack[d].params;
                if (a >= b && a < b + L->mod->fi[t->stack[d].fidx].param_bytes)
                    inp = true;
            }
            bool r = in->space == SP_SHARED ? ins
                     : in->space == SP_LOCAL ? inl
                     : in->space == SP_CONST ? inc
                     : in->space == SP_PARAM ? inp
                                             : !ins && !inl && !inc && !inp;
            wr(fr, &o[0], r, TY_PRED);
            break;
        }
        case OP_LD:
        case OP_LDU:
        case OP_ST: {
            bool st = in->op == OP_ST;
            const Operand *m = st ? &o[0] : &o[1], *v = st ? &o[1] : &o[0];
            if (bits == 128 || k == TK_PACKED || in->nopnd > 2) {
                UNSUP("this ld/st form");
                break;
            }
            int eb = bits / 8, n = in->vec ? in->vec : 1;
            char *p = mem_ptr(L, t, fr, in, m, in->space, (uint64_t)(eb * n));
            if (!p)
                break;
            for (int i = 0; i < n; i++) {
                const Operand *e = v->kind == OPD_VEC ? &v->sub[i] : v;
                if (st) {
                    uint64_t x = rd(L, t, fr, in, e, ty);
                    if (k == TK_FLOAT && bits == 32 && e->kind == OPD_REG && type_bits(reg_type(fr, e->reg)) == 64)
                        x = (uint32_t)x;
                    store_bits(p + eb * i, x, eb);
                } else if (e->kind == OPD_REG) {
                    set_reg(fr, e->reg, extend(load_bits(p + eb * i, eb), ty));
                }
            }
            break;
        }
        case OP_PREFETCH:
        case OP_PREFETCHU:
        case OP_MEMBAR:
        case OP_FENCE:
        case OP_BRKPT:
        case OP_PMEVENT:
            break;
        case OP_NANOSLEEP:
            return; /* let the others run */
        case OP_ATOM:
        case OP_RED: {
            bool red = in->op == OP_RED;
            const Operand *m = red ? &o[0] : &o[1];
            Mod aop = find_mod(in, MC_ATOMOP);
            if (bits < 32 || in->vec > 1) {
                UNSUP("this atom form");
                break;
            }
            int eb = bits / 8;
            char *p = mem_ptr(L, t, fr, in, m, in->space, (uint64_t)eb);
            if (!p)
                break;
            uint64_t old = extend(load_bits(p, eb), ty);
            uint64_t b = rd(L, t, fr, in, red ? &o[1] : &o[2], ty), r = old;
            bool s = k == TK_SINT;
            switch (aop) {
            case MOD_ADD:
                if (k == TK_FLOAT) {
                    r = bits == 32 ? bits_f32(f32_of(old) + f32_of(b)) : bits_f64(f64_of(old) + f64_of(b));
                } else
                    r = old + b;
                break;
            case MOD_AND: r = old & b; break;
            case MOD_OR: r = old | b; break;
            case MOD_XOR: r = old ^ b; break;
            case MOD_EXCH: r = b; break;
            case MOD_CAS: {
                uint64_t c = rd(L, t, fr, in, &o[3], ty);
                r = zext(old, bits) == zext(b, bits) ? c : old;
                break;
            }
            case MOD_MIN:
            case MOD_MAX: {
                bool mn = aop == MOD_MIN;
                if (k == TK_FLOAT) {
                    UNSUP("float atom.min/max");
                    break;
                }
                bool lt = s ? sext(b, bits) < sext(old, bits) : zext(b, bits) < zext(old, bits);
                r = (lt == mn) ? b : old;
                if (zext(b, bits) == zext(old, bits))
                    r = old;
                break;
            }
            case MOD_INC: r = zext(old, 32) >= zext(b, 32) ? 0 : old + 1; break;
            case MOD_DEC: r = (zext(old, 32) == 0 || zext(old, 32) > zext(b, 32)) ? b : old - 1; break;
            default: UNSUP("this atomic operation");
            }
            if (L->err)
                break;
            store_bits(p, r, eb);
            if (!red)
                wr(fr, &o[0], old, ty);
            break;
        }
        case OP_BRA: {
            Label *lb = label_of(fr, &o[0]);
            fr->pc = lb->instr;
            break;
        }
        case OP_BRX: {
            uint32_t i = (uint32_t)rd(L, t, fr, in, &o[0], TY_U32);
            Label *tl = label_of(fr, &o[1]);
            if (i >= (uint32_t)tl->ntargets) {
                fail(L, P2N_ERROR_BRANCH_RANGE, in, "brx.idx index %u past its %d targets", i, tl->ntargets);
                break;
            }
            fr->pc = label_of(fr, &tl->targets[i])->instr;
            break;
        }
        case OP_CALL: {
            const Operand *rets = NULL, *target, *args = NULL;
            int q = 0;
            if (in->nopnd > 0 && o[0].kind == OPD_LIST)
                rets = &o[q++];
            target = &o[q++];
            if (q < in->nopnd && o[q].kind == OPD_LIST)
                args = &o[q++];
            (void)rets;
            Func *callee = NULL;
            if (target->kind == OPD_FUNC)
                callee = target->func;
            else if (target->kind == OPD_REG) {
                uint64_t v = fr->regs[target->reg];
                if ((v & ~0xffffffull) == FUNC_TAG && (int)(v & 0xffffff) < L->mod->m->funcs.n)
                    callee = L->mod->m->funcs.v[v & 0xffffff];
                if (!callee || callee->is_entry) {
                    fail(L, P2N_ERROR_BAD_FUNCTION, in, "indirect call through %#llx, not a function",
                         (unsigned long long)v);
                    break;
                }
            }
            if (!callee || !callee->has_body) {
                fail(L, P2N_ERROR_INVALID_MODULE, in, "ref: unsupported call to '%s' at line %d",
                     callee ? callee->name : "?", in->loc.line);
                break;
            }
            if (!push_frame(L, t, in, callee, in))
                break;
            Frame *nf = &t->stack[t->depth - 1];
            fr = &t->stack[t->depth - 2];
            for (int i = 0; args && i < args->nsub && i < callee->params.n; i++)
                pass_value(L, t, fr, &args->sub[i], nf, callee->params.v[i], in);
            break;
        }
        case OP_RET:
            do_return(L, t, in);
            break;
        case OP_EXIT:
            while (t->depth)
                pop_frame(t);
            t->state = T_DONE;
            break;
        case OP_TRAP:
            fail(L, P2N_ERROR_TRAP, in, "trap");
            break;
        /* warp operations: record the operands, then wait for the others */
        case OP_SHFL:
        case OP_VOTE:
        case OP_MATCH:
        case OP_REDUX:
        case OP_BAR_WARP_SYNC:
        case OP_ELECT: {
            if (!has(in, MOD_SYNC) && in->op != OP_BAR_WARP_SYNC) {
                UNSUP("a warp operation without .sync");
                break;
            }
            const Operand *mo = &o[in->nopnd - 1];
            if (in->op == OP_BAR_WARP_SYNC)
                mo = &o[0];
            else if (in->op == OP_ELECT)
                mo = &o[1];
            t->wait_in = in;
            t->wait_mask = (uint32_t)rd(L, t, fr, in, mo, TY_U32);
            if (!(t->wait_mask & lane_mask_bit(t->lane))) {
                fail(L, P2N_ERROR_INVALID_VALUE, in,
                     "ref: %s by lane %u outside its member mask %#x is undefined", opcode_name(in->op), t->lane,
                     t->wait_mask);
                break;
            }
            PtxType vt = ty;
            if (in->op == OP_VOTE)
                vt = TY_PRED;
            if (in->op == OP_SHFL) {
                t->wait_val = rd(L, t, fr, in, &o[1], TY_B32);
                t->wait_b = rd(L, t, fr, in, &o[2], TY_U32);
                t->wait_c = rd(L, t, fr, in, &o[3], TY_U32);
            } else if (in->op == OP_VOTE || in->op == OP_MATCH || in->op == OP_REDUX)
                t->wait_val = rd(L, t, fr, in, &o[1], vt);
            t->state = T_WARP;
            break;
        }
        case OP_ACTIVEMASK:
            fail(L, P2N_ERROR_INVALID_MODULE, in,
                 "ref: unsupported activemask at line %d (its value depends on lockstep execution)", in->loc.line);
            break;
        case OP_BAR:
        case OP_BARRIER: {
            if (has(in, MOD_ARRIVE) || has(in, MOD_RED)) {
                UNSUP("bar.arrive / bar.red");
                break;
            }
            t->bar_id = (unsigned)rd(L, t, fr, in, &o[0], TY_U32);
            t->bar_count = in->nopnd > 1 ? (unsigned)rd(L, t, fr, in, &o[1], TY_U32) : 0;
            t->wait_in = in;
            t->state = T_BAR;
            break;
        }
        default:
            UNSUP(opcode_name(in->op));
            break;
        }
    }
}

/* redux.sync.min/max{.abs}{.NaN}.f32 over the members' values, as the PTX
 * manual states it: +0.0 is above -0.0; .abs takes each input's absolute
 * value; without .NaN only non-NaN inputs count and the result is the
 * canonical NaN (0x7fffffff) when every input is NaN; with .NaN it is the
 * canonical NaN when any input is. */
static uint64_t
redux_f32(Thread **mem, bool max, bool abs_, bool nan_mode)
{
    bool have = false, saw_nan = false;
    float r = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!mem[l])
            continue;
        uint32_t u = (uint32_t)mem[l]->wait_val;
        if (abs_)
            u &= 0x7fffffffu;
        float x;
        memcpy(&x, &u, 4);
        if (isnan(x)) {
            saw_nan = true;
            continue;
        }
        bool below = x < r || (x == r && signbit(x) && !signbit(r)); /* x below r */
        bool above = x > r || (x == r && !signbit(x) && signbit(r));
        if (!have || (max ? above : below))
            r = x;
        have = true;
    }
    if ((nan_mode && saw_nan) || !have)
        return 0x7fffffffu;
    uint32_t out;
    memcpy(&out, &r, 4);
    return out;
}

/* Completes the warp operation that t waits at, if every member has arrived.
 * Returns whether it did. */
static bool
try_warp_op(Launch *L, Thread *t)
{
    int w0 = (int)t->warp * 32;
    uint32_t m = t->wait_mask;
    const Instr *in = t->wait_in;
    Thread *mem[32] = {0};
    for (unsigned l = 0; l < 32; l++) {
        if (!(m >> l & 1))
            continue;
        if (w0 + (int)l >= L->nt) {
            continue; /* no such thread: as if exited */
        }
        Thread *u = &L->t[w0 + (int)l];
        if (u->state == T_DONE)
            continue;
        if (u->state != T_WARP || u->wait_mask != m || u->wait_in->op != in->op)
            return false;
        if (u->wait_in->nmods != in->nmods || memcmp(u->wait_in->mods, in->mods, sizeof(Mod) * (size_t)in->nmods))
            return false;
        mem[l] = u;
    }
    uint32_t present = 0;
    for (unsigned l = 0; l < 32; l++)
        if (mem[l])
            present |= 1u << l;
    Frame *fr;
    PtxType ty = itype(in, 0);
    switch (in->op) {
    case OP_SHFL: {
        Mod mode = find_mod(in, MC_SHFL);
        uint64_t res[32];
        bool pv[32];
        for (unsigned l = 0; l < 32; l++) {
            Thread *u = mem[l];
            if (!u)
                continue;
            uint32_t b = (uint32_t)u->wait_b & 31, c = (uint32_t)u->wait_c;
            uint32_t segmask = (c >> 8) & 31, cval = c & 31;
            int maxl = (int)((l & segmask) | (cval & ~segmask)), minl = (int)(l & segmask), j = (int)l;
            bool p = false;
            switch (mode) {
            case MOD_UP: j = (int)l - (int)b; p = j >= maxl; break;
            case MOD_DOWN: j = (int)l + (int)b; p = j <= maxl; break;
            case MOD_BFLY: j = (int)(l ^ b); p = j <= maxl; break;
            case MOD_IDX: j = minl | (int)(b & ~segmask); p = j <= maxl; break;
            default: break;
            }
            if (!p)
                j = (int)l;
            if (j < 0 || j > 31 || !mem[j]) {
                fail(L, P2N_ERROR_INVALID_VALUE, in,
                     "ref: shfl in lane %u reads lane %d, which is not taking part (undefined)", l, j);
                return true;
            }
            res[l] = mem[j]->wait_val;
            pv[l] = p;
        }
        for (unsigned l = 0; l < 32; l++) {
            if (!mem[l])
                continue;
            fr = &mem[l]->stack[mem[l]->depth - 1];
            const Operand *d = &in->opnd[0];
            if (d->kind == OPD_PAIR) {
                wr(fr, &d->sub[0], res[l], TY_B32);
                wr(fr, &d->sub[1], pv[l], TY_PRED);
            } else
                wr(fr, d, res[l], TY_B32);
        }
        break;
    }
    case OP_VOTE: {
        Mod mode = find_mod(in, MC_VOTE);
        uint32_t ballot = 0;
        for (unsigned l = 0; l < 32; l++)
            if (mem[l] && (mem[l]->wait_val & 1))
                ballot |= 1u << l;
        for (unsigned l = 0; l < 32; l++) {
            if (!mem[l])
                continue;
            fr = &mem[l]->stack[mem[l]->depth - 1];
            const Operand *d = &mem[l]->wait_in->opnd[0];
            switch (mode) {
            case MOD_BALLOT: wr(fr, d, ballot, TY_B32); break;
            case MOD_ALL: wr(fr, d, ballot == present, TY_PRED); break;
            case MOD_ANY: wr(fr, d, ballot != 0, TY_PRED); break;
            case MOD_UNI: wr(fr, d, ballot == present || ballot == 0, TY_PRED); break;
            default: fail(L, P2N_ERROR_INVALID_MODULE, in, "ref: unsupported vote mode"); return true;
            }
        }
        break;
    }
    case OP_MATCH: {
        bool all = has(in, MOD_ALL);
        int bits = type_bits(ty);
        for (unsigned l = 0; l < 32; l++) {
            if (!mem[l])
                continue;
            uint32_t same = 0;
            for (unsigned j = 0; j < 32; j++)
                if (mem[j] && zext(mem[j]->wait_val, bits) == zext(mem[l]->wait_val, bits))
                    same |= 1u << j;
            fr = &mem[l]->stack[mem[l]->depth - 1];
            const Operand *d = &in->opnd[0];
            if (all) {
                bool eq = same == present;
                if (d->kind == OPD_PAIR) {
                    wr(fr, &d->sub[0], eq ? present : 0, TY_B32);
                    wr(fr, &d->sub[1], eq, TY_PRED);
                } else
                    wr(fr, d, eq ? present : 0, TY_B32);
            } else
                wr(fr, d, same, TY_B32);
        }
        break;
    }
    case OP_REDUX: {
        Mod aop = find_mod(in, MC_ATOMOP);
        bool s = type_kind(ty) == TK_SINT;
        uint64_t acc = 0;
        bool first = true;
        if (type_kind(ty) == TK_FLOAT) { /* .min/.max{.abs}{.NaN}.f32 */
            acc = redux_f32(mem, aop == MOD_MAX, has(in, MOD_ABS), has(in, MOD_NANMOD));
            for (unsigned l = 0; l < 32; l++)
                if (mem[l])
                    wr(&mem[l]->stack[mem[l]->depth - 1], &in->opnd[0], acc, ty);
            break;
        }
        for (unsigned l = 0; l < 32; l++) {
            if (!mem[l])
                continue;
            uint64_t v = zext(mem[l]->wait_val, 32);
            if (first) {
                acc = v;
                first = false;
                continue;
            }
            switch (aop) {
            case MOD_ADD: acc = (acc + v) & 0xffffffffu; break;
            case MOD_AND: acc &= v; break;
            case MOD_OR: acc |= v; break;
            case MOD_XOR: acc ^= v; break;
            case MOD_MIN: acc = s ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc); break;
            case MOD_MAX: acc = s ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc); break;
            default: fail(L, P2N_ERROR_INVALID_MODULE, in, "ref: unsupported redux"); return true;
            }
        }
        for (unsigned l = 0; l < 32; l++)
            if (mem[l])
                wr(&mem[l]->stack[mem[l]->depth - 1], &in->opnd[0], acc, ty);
        break;
    }
    case OP_ELECT: {
        unsigned leader = (unsigned)__builtin_ctz(present);
        for (unsigned l = 0; l < 32; l++) {
            if (!mem[l])
                continue;
            fr = &mem[l]->stack[mem[l]->depth - 1];
            const Operand *d = &in->opnd[0];
            if (d->kind == OPD_PAIR) {
                wr(fr, &d->sub[0], leader, TY_U32);
                wr(fr, &d->sub[1], l == leader, TY_PRED);
            } else
                wr(fr, d, l == leader, TY_PRED);
        }
        break;
    }
    default: /* bar.warp.sync: nothing but the meeting */
        break;
    }
    for (unsigned l = 0; l < 32; l++)
        if (mem[l])
            mem[l]->state = T_RUN;
    return true;
}

/* Completes barrier id if every live thread (or the count given) waits at it. */
static bool
try_barrier(Launch *L, unsigned id)
{
    int waiting = 0, live = 0;
    unsigned count = 0;
    for (int i = 0; i < L->nt; i++) {
        Thread *u = &L->t[i];
        if (u->state == T_DONE)
            continue;
        live++;
        if (u->state == T_BAR && u->bar_id == id) {
            waiting++;
            if (u->bar_count)
                count = u->bar_count;
        }
    }
    if (!waiting)
        return false;
    if (count ? (unsigned)waiting < count : waiting < live)
        return false;
    int released = 0;
    for (int i = 0; i < L->nt; i++) {
        Thread *u = &L->t[i];
        if (u->state == T_BAR && u->bar_id == id && (!count || released < (int)count)) {
            u->state = T_RUN;
            released++;
        }
    }
    return true;
}

static void
run_cta(Launch *L)
{
    for (;;) {
        bool progress = false;
        for (int i = 0; i < L->nt && !L->err; i++)
            if (L->t[i].state == T_RUN) {
                run_thread(L, &L->t[i]);
                progress = true;
            }
        if (L->err)
            return;
        for (int i = 0; i < L->nt && !L->err; i++)
            if (L->t[i].state == T_WARP && try_warp_op(L, &L->t[i]))
                progress = true;
        for (unsigned id = 0; id < 16 && !L->err; id++)
            if (try_barrier(L, id))
                progress = true;
        if (L->err)
            return;
        if (!progress) {
            int ndone = 0;
            const Instr *at = NULL;
            for (int i = 0; i < L->nt; i++) {
                if (L->t[i].state == T_DONE)
                    ndone++;
                else if (!at)
                    at = L->t[i].wait_in;
            }
            if (ndone == L->nt)
                return;
            fail(L, P2N_ERROR_DEADLOCK, at, "barrier deadlock: threads wait at a warp operation or barrier that can never complete");
            return;
        }
    }
}

p2n_result
p2n_launch(p2n_module *mod, const char *kernel, p2n_dim3 grid, p2n_dim3 block, size_t dyn, void **params)
{
    if (!mod || !kernel) {
        set_msg("null argument");
        return P2N_ERROR_INVALID_VALUE;
    }
    Func *k = NULL;
    for (int i = 0; i < mod->m->funcs.n; i++)
        if (mod->m->funcs.v[i]->is_entry && strcmp(mod->m->funcs.v[i]->name, kernel) == 0)
            k = mod->m->funcs.v[i];
    if (!k) {
        set_msg("no kernel '%s'", kernel);
        return P2N_ERROR_NOT_FOUND;
    }
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z || block.z > 64 || grid.y > 65535 ||
        grid.z > 65535) {
        set_msg("invalid grid or block dimension for kernel '%s'", kernel);
        return P2N_ERROR_INVALID_DIM;
    }
    unsigned long long nt = (unsigned long long)block.x * block.y * block.z;
    if (nt > P2N_MAX_BLOCK_THREADS) {
        set_msg("block of %llu threads for kernel '%s'", nt, kernel);
        return P2N_ERROR_TOO_MANY_THREADS;
    }
    for (int d = 0; d < 3; d++) {
        unsigned bd = d == 0 ? block.x : d == 1 ? block.y : block.z;
        if ((k->perf.reqntid[0] && k->perf.reqntid[d] && bd != (unsigned)k->perf.reqntid[d]) ||
            (k->perf.maxntid[0] && nt > (unsigned long long)k->perf.maxntid[0] *
                                            (k->perf.maxntid[1] ? k->perf.maxntid[1] : 1) *
                                            (k->perf.maxntid[2] ? k->perf.maxntid[2] : 1))) {
            set_msg("block does not fit .reqntid/.maxntid of kernel '%s'", kernel);
            return P2N_ERROR_TOO_MANY_THREADS;
        }
    }
    if (g_strict < 0)
        g_strict = getenv("P2NREF_STRICT") && atoi(getenv("P2NREF_STRICT")) > 0;
    Launch L = {.mod = mod, .kernel = k, .grid = grid, .block = block};
    FuncInfo *fi = NULL;
    for (int i = 0; i < mod->m->funcs.n; i++)
        if (mod->m->funcs.v[i] == k)
            fi = &mod->fi[i];
    L.dyn_off = align_up(fi->smem_end, 16);
    L.dyn_bytes = dyn;
    L.shared_bytes = L.dyn_off + dyn;
    if (L.shared_bytes > P2N_MAX_SHARED_BYTES) {
        set_msg("shared memory of %llu bytes", (unsigned long long)L.shared_bytes);
        return P2N_ERROR_SHARED_SIZE;
    }
    L.kparams = calloc(fi->param_bytes + 16, 1);
    L.kparam_bytes = fi->param_bytes;
    for (int i = 0; i < k->params.n; i++) {
        Var *v = k->params.v[i];
        if (!params || !params[i]) {
            set_msg("missing parameter %d of kernel '%s'", i, kernel);
            free(L.kparams);
            return P2N_ERROR_INVALID_VALUE;
        }
        memcpy(L.kparams + vinfo(mod, v)->off, params[i], var_size(v));
    }
    L.nt = (int)nt;
    L.t = calloc((size_t)nt, sizeof *L.t);
    L.shared = calloc(L.shared_bytes + 16, 1);
    char *locals = calloc((size_t)nt, LOCAL_BYTES);
    for (unsigned cz = 0; cz < grid.z && !L.err; cz++)
        for (unsigned cy = 0; cy < grid.y && !L.err; cy++)
            for (unsigned cx = 0; cx < grid.x && !L.err; cx++) {
                L.cta = (p2n_dim3){cx, cy, cz};
                memset(L.shared, 0, L.shared_bytes);
                for (int i = 0; i < L.nt; i++) {
                    Thread *t = &L.t[i];
                    t->state = T_RUN;
                    t->linear = (unsigned)i;
                    t->tid[0] = (unsigned)i % block.x;
                    t->tid[1] = (unsigned)i / block.x % block.y;
                    t->tid[2] = (unsigned)i / (block.x * block.y);
                    t->lane = (unsigned)i % 32;
                    t->warp = (unsigned)i / 32;
                    t->local = locals + (size_t)i * LOCAL_BYTES;
                    t->local_top = mod->module_local;
                    t->depth = 0;
                    memset(t->local, 0, LOCAL_BYTES);
                    push_frame(&L, t, NULL, k, NULL);
                }
                run_cta(&L);
                for (int i = 0; i < L.nt; i++)
                    while (L.t[i].depth)
                        pop_frame(&L.t[i]);
            }
    free(locals);
    free(L.shared);
    free(L.t);
    free(L.kparams);
    return L.err;
}
