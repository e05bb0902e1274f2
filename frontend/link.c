/* link.c — several parsed modules as one, the way a linker would.
 *
 * A module-scope function or variable is external when it is .visible,
 * .extern, .weak or .common; otherwise it is private to its module.  Each
 * external name resolves to one definition: a strong one (two are an
 * error naming both), else the first .weak/.common one.  .extern
 * declarations take the definition's place everywhere they are used; one
 * that nothing defines is an error, except the device runtime's functions
 * (vprintf, malloc, free, __assertfail), which stay declarations.  Private
 * names that collide across inputs are renamed "name$N" so every symbol of
 * the result is unique.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

typedef struct Sym {
    const char *name;
    bool is_func;
    void *def;   /* the chosen definition (Func * or Var *) */
    bool strong; /* def is a strong definition */
    Vec(void *) all; /* every object of this name, to redirect to def */
    SrcLoc first_use;
} Sym;

/* Open-addressing indexes, so that linking stays linear in the number of
 * names and references: by (name, kind) to a symbol, and by object (each
 * Func or Var of the inputs) to its definition. */
typedef struct Index {
    int *sym;     /* [cap]: index in syms + 1, 0 empty */
    unsigned cap; /* a power of two */
} Index;

typedef struct Redirect {
    const void **from, **to; /* [cap]; from NULL: empty */
    unsigned cap;
} Redirect;

typedef struct L {
    Module *out;
    Diags *d;
    Vec(Sym) syms;
    Index index;
    Redirect redirect;
} L;

static unsigned
name_hash(const char *name, bool is_func)
{
    unsigned h = 2166136261u ^ (unsigned)is_func;
    for (const char *c = name; *c; c++)
        h = (h ^ (unsigned char)*c) * 16777619u;
    return h;
}

static unsigned
ptr_hash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    return (unsigned)(x ^ (x >> 33));
}

static void *
zalloc(L *l, size_t n)
{
    void *p = arena_alloc(&l->out->arena, n);
    memset(p, 0, n);
    return p;
}

/* The slot of (name, is_func) in the index: its symbol's, or an empty one. */
static int *
index_slot(L *l, const char *name, bool is_func)
{
    unsigned m = l->index.cap - 1;
    for (unsigned i = name_hash(name, is_func) & m;; i = (i + 1) & m) {
        int k = l->index.sym[i];
        if (!k || (l->syms.v[k - 1].is_func == is_func && strcmp(l->syms.v[k - 1].name, name) == 0))
            return &l->index.sym[i];
    }
}

static void
index_grow(L *l)
{
    l->index.cap = l->index.cap ? 2 * l->index.cap : 256;
    l->index.sym = zalloc(l, sizeof *l->index.sym * l->index.cap);
    for (int k = 0; k < l->syms.n; k++)
        *index_slot(l, l->syms.v[k].name, l->syms.v[k].is_func) = k + 1;
}

static bool
runtime_function(const char *name)
{
    return !strcmp(name, "vprintf") || !strcmp(name, "malloc") || !strcmp(name, "free") ||
           !strcmp(name, "__assertfail");
}

static Sym *
sym_find(L *l, const char *name, bool is_func)
{
    if (!l->index.cap)
        return NULL;
    int k = *index_slot(l, name, is_func);
    return k ? &l->syms.v[k - 1] : NULL;
}

static Sym *
sym_of(L *l, const char *name, bool is_func)
{
    Sym *found = sym_find(l, name, is_func);
    if (found)
        return found;
    if (2 * ((unsigned)l->syms.n + 1) > l->index.cap)
        index_grow(l);
    Sym s = {.name = name, .is_func = is_func};
    vec_push(&l->out->arena, &l->syms, s);
    *index_slot(l, name, is_func) = l->syms.n;
    return &l->syms.v[l->syms.n - 1];
}

static bool
external(Linkage lk)
{
    return lk != LK_NONE;
}

static void
offer(L *l, Sym *s, void *obj, bool defines, bool weak, SrcLoc loc, const char *what)
{
    vec_push(&l->out->arena, &s->all, obj);
    if (!defines)
        return;
    if (s->def && s->strong && !weak) {
        diag_error(l->d, loc, "duplicate definition of %s '%s'", what, s->name);
        SrcLoc first = s->is_func ? ((Func *)s->def)->loc : ((Var *)s->def)->loc;
        diag_note(l->d, first, "first defined here");
        return;
    }
    if (!s->def || (s->def && !s->strong && !weak)) {
        s->def = obj;
        s->strong = !weak;
    }
}

/* Fills l->redirect: every object of a resolved name to its definition. */
static void
redirect_build(L *l)
{
    size_t n = 0;
    for (int i = 0; i < l->syms.n; i++)
        n += l->syms.v[i].def ? (size_t)l->syms.v[i].all.n : 0;
    unsigned cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    l->redirect.cap = cap;
    l->redirect.from = zalloc(l, sizeof *l->redirect.from * cap);
    l->redirect.to = zalloc(l, sizeof *l->redirect.to * cap);
    for (int i = 0; i < l->syms.n; i++) {
        const Sym *s = &l->syms.v[i];
        for (int j = 0; s->def && j < s->all.n; j++) {
            unsigned k = ptr_hash(s->all.v[j]) & (cap - 1);
            while (l->redirect.from[k] && l->redirect.from[k] != s->all.v[j])
                k = (k + 1) & (cap - 1);
            l->redirect.from[k] = s->all.v[j];
            l->redirect.to[k] = s->def;
        }
    }
}

/* obj's definition (a Func and a Var are different objects, so one
 * table serves both). */
static void *
redirect(L *l, void *obj)
{
    for (unsigned k = ptr_hash(obj) & (l->redirect.cap - 1); l->redirect.from[k];
         k = (k + 1) & (l->redirect.cap - 1))
        if (l->redirect.from[k] == obj)
            return (void *)l->redirect.to[k];
    return obj;
}

static void
fix_operand(L *l, Operand *o)
{
    if (o->func)
        o->func = redirect(l, o->func);
    if (o->var)
        o->var = redirect(l, o->var);
    for (int i = 0; i < o->nsub; i++)
        fix_operand(l, &o->sub[i]);
}

static void
fix_init(L *l, Init *in)
{
    if (!in)
        return;
    if (in->func)
        in->func = redirect(l, in->func);
    if (in->var)
        in->var = redirect(l, in->var);
    for (int i = 0; i < in->nelems; i++)
        fix_init(l, &in->elems[i]);
}

/* A private name that is already taken gets a suffix. */
static void
make_unique(L *l, const char **name, bool is_func)
{
    int n = 1;
    const char *base = *name;
    while (sym_find(l, *name, is_func))
        *name = arena_printf(&l->out->arena, "%s$%d", base, ++n);
}

Module *
ptx_link(Module **mods, int n, Diags *d)
{
    Module *out = calloc(1, sizeof *out);
    if (!out)
        fatal("out of memory:");
    L l = {.out = out, .d = d};
    out->filename = mods[0]->filename;
    out->address_size = mods[0]->address_size;
    out->target = mods[0]->target;

    /* first the external names, then the private ones (renamed on clash) */
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < n; k++) {
            Module *m = mods[k];
            if (pass == 0 && (m->version_major > out->version_major ||
                              (m->version_major == out->version_major &&
                               m->version_minor > out->version_minor))) {
                out->version_major = m->version_major;
                out->version_minor = m->version_minor;
            }
            if (pass == 0 && m->address_size != out->address_size)
                diag_error(d, (SrcLoc){m->filename, 1, 1},
                           "'.address_size %d' differs from '%s' (%d)", m->address_size,
                           out->filename, out->address_size);
            for (int i = 0; i < m->funcs.n; i++) {
                Func *f = m->funcs.v[i];
                if (external(f->linkage) != (pass == 0))
                    continue;
                if (pass == 1) {
                    make_unique(&l, &f->name, true);
                    Sym *s = sym_of(&l, f->name, true);
                    offer(&l, s, f, true, false, f->loc, "function");
                    continue;
                }
                bool defines = f->has_body;
                offer(&l, sym_of(&l, f->name, true), f, defines, f->linkage == LK_WEAK, f->loc,
                      f->is_entry ? "kernel" : "function");
            }
            for (int i = 0; i < m->vars.n; i++) {
                Var *v = m->vars.v[i];
                if (external(v->linkage) != (pass == 0))
                    continue;
                if (pass == 1) {
                    make_unique(&l, &v->name, false);
                    offer(&l, sym_of(&l, v->name, false), v, true, false, v->loc, "variable");
                    continue;
                }
                bool defines = v->linkage != LK_EXTERN;
                offer(&l, sym_of(&l, v->name, false), v, defines,
                      v->linkage == LK_WEAK || v->linkage == LK_COMMON, v->loc, "variable");
            }
        }

    /* unresolved .extern names */
    for (int i = 0; i < l.syms.n; i++) {
        Sym *s = &l.syms.v[i];
        if (s->def || (s->is_func && runtime_function(s->name)))
            continue;
        /* a shared .extern array is the dynamic shared memory: it needs no definition */
        const Var *v = s->is_func ? NULL : s->all.v[0];
        if (v && v->space == SP_SHARED) {
            s->def = s->all.v[0];
            continue;
        }
        SrcLoc loc = s->is_func ? ((Func *)s->all.v[0])->loc : v->loc;
        diag_error(d, loc, "undefined %s '%s': declared .extern here and defined in no input",
                   s->is_func ? "function" : "variable", s->name);
    }

    /* the result: one object per name (variables first, as they are
     * printed), references redirected */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < l.syms.n; i++) {
            Sym *s = &l.syms.v[i];
            void *obj = s->def ? s->def : s->all.v[0];
            if (s->is_func != (pass == 1))
                continue;
            if (s->is_func) {
                vec_push(&out->arena, &out->funcs, (Func *)obj);
                ModItem it = {MI_FUNC, out->funcs.n - 1};
                vec_push(&out->arena, &out->items, it);
            } else {
                vec_push(&out->arena, &out->vars, (Var *)obj);
                ModItem it = {MI_VAR, out->vars.n - 1};
                vec_push(&out->arena, &out->items, it);
            }
        }
    redirect_build(&l);
    for (int i = 0; i < out->vars.n; i++)
        fix_init(&l, out->vars.v[i]->init);
    if (n == 1) { /* nothing to merge: the checks were the point */
        arena_free(&out->arena);
        free(out);
        return mods[0];
    }
    for (int i = 0; i < out->funcs.n; i++) {
        Func *f = out->funcs.v[i];
        for (int j = 0; j < f->instrs.n; j++)
            for (int k = 0; k < f->instrs.v[j].nopnd; k++)
                fix_operand(&l, &f->instrs.v[j].opnd[k]);
        for (int j = 0; j < f->labels.n; j++)
            for (int k = 0; k < f->labels.v[j].ntargets; k++)
                fix_operand(&l, &f->labels.v[j].targets[k]);
        for (int j = 0; j < f->vars.n; j++)
            fix_init(&l, f->vars.v[j]->init);
    }
    return out;
}
