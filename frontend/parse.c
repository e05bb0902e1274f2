/* parse.c — PTX modules: a recursive-descent parser with name resolution
 * and the checks worth making at parse time.
 *
 *   module     := directive*                 (.version first)
 *   directive  := .version | .target | .address_size | .file | .section
 *               | [linkage] (entry | func | variable) | .pragma
 *   entry      := .entry NAME [( params )] perf* (body | ;)
 *   func       := .func [( params )] NAME [( params )] [.noreturn] perf* (body | ;)
 *   body       := { stmt* }
 *   stmt       := body | LABEL : [.branchtargets | .calltargets | .callprototype ...]
 *               | .reg ... ; | variable | .pragma | .loc
 *               | [@[!]p] OPCODE{.mod} [operand {, operand}] ;
 *   operand    := [!] reg | _ | %sreg[.x] | int | float | [addr] | {ops} | (ops)
 *               | name [+ int] | operand | operand
 *
 * Registers, variables and functions are resolved to ids as they are read
 * (declaration before use, innermost scope first); labels, which may be
 * named before they are defined, at the end of their function.  After an
 * error the parser skips to the next ';' or '}' and goes on.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

enum { B_REG, B_VAR, B_FUNC, B_RANGE };

typedef struct Binding Binding;
struct Binding {
    const char *name;
    int kind;
    int index; /* B_REG: the register, or a vector register's first element */
    int vec;   /* B_REG: a vector register's width (.v2, .v4); else 1 */
    void *ptr; /* Var *, Func * or (B_RANGE, named "PREFIX<") RegRange * */
    int depth;
    Binding *shadow; /* the binding of the same name in an outer scope */
    Binding *next;   /* hash chain */
    unsigned hash;   /* of name */
    size_t len;      /* strlen(name) */
};

/* A large register range, %r<N> with N > EAGER_RANGE, declares its
 * registers when first named (lookup): a million declared and ten used
 * make ten registers, not a million.  Its first register is declared at
 * once (the printer and the ST_REG statement name it). */
enum { EAGER_RANGE = 1024 };

typedef struct RegRange {
    const char *prefix; /* "%r" */
    size_t len;
    int count;
    PtxType type;
    int vec;
    SrcLoc loc;
    int scope;      /* Reg.scope */
    Binding **made; /* [count] the registers declared so far, or NULL */
} RegRange;

/* A chained hash table of bindings that doubles when it holds twice as
 * many entries as buckets, so lookups stay O(1) however many names a
 * module declares (%r<1000000> declares a million). */
typedef struct Table {
    Binding **b;
    unsigned mask; /* buckets - 1, a power of two */
    size_t count;
} Table;

enum { TABLE_MIN = 64 };

typedef struct P {
    Lexer lx;
    Token tok, ahead;
    bool has_ahead;
    Diags *d;
    Module *m;
    Arena *a;
    Func *f;
    int depth;
    Table names;
    Vec(Binding *) scope; /* bindings in declaration order, for popping */
    Table labels;     /* labels: depth is the defining block, or -1 */
    Table label_defs; /* every definition: depth is its block */
    Vec(int) block_parent;            /* blocks of the function, in source order */
    int block, nblocks;               /* the current one; how many were opened */
    bool no_declare; /* parameters: collected first, declared with the body */
    SrcPos src;       /* the last .loc ... */
    const Func *src_func; /* ... and the function it was in */
    int nranges;      /* B_RANGE bindings in scope */
} P;

/* ---------------------------------------------------------------- tokens */

static void
next(P *p)
{
    if (p->has_ahead) {
        p->tok = p->ahead;
        p->has_ahead = false;
        return;
    }
    lex_next(&p->lx, &p->tok);
}

static Token *
peek(P *p)
{
    if (!p->has_ahead) {
        lex_next(&p->lx, &p->ahead);
        p->has_ahead = true;
    }
    return &p->ahead;
}

static bool
is(P *p, int kind)
{
    return (int)p->tok.kind == kind;
}

static bool
is_dot(P *p, const char *name)
{
    return p->tok.kind == TOK_DOTNAME && (size_t)p->tok.len == strlen(name) &&
           memcmp(p->tok.text, name, (size_t)p->tok.len) == 0;
}

static const char *
tok_desc(P *p, const Token *t)
{
    switch (t->kind) {
    case TOK_EOF: return "end of file";
    case TOK_ERROR: return "an invalid token";
    default: return arena_printf(p->a, "'%.*s'", t->len > 40 ? 40 : t->len, t->text);
    }
}

static void
error_expected(P *p, const char *what)
{
    if (p->tok.kind != TOK_ERROR) /* the lexer has said it */
        diag_error(p->d, p->tok.loc, "expected %s, found %s", what, tok_desc(p, &p->tok));
}

static bool
accept(P *p, int kind)
{
    if (!is(p, kind))
        return false;
    next(p);
    return true;
}

static bool
expect(P *p, int kind, const char *what)
{
    if (accept(p, kind))
        return true;
    error_expected(p, what);
    return false;
}

/* After an error: past the next ';' at this brace level, or up to a '}'
 * that closes it. */
static void
sync_stmt(P *p)
{
    int depth = 0;
    while (!is(p, TOK_EOF)) {
        if (is(p, ';') && depth == 0) {
            next(p);
            return;
        }
        if (is(p, '{'))
            depth++;
        if (is(p, '}')) {
            if (depth == 0)
                return;
            depth--;
        }
        next(p);
    }
}

static const char *
tok_str(P *p, const Token *t)
{
    return arena_strndup(p->a, t->text, (size_t)t->len);
}

/* ------------------------------------------------------------- symbols */

static unsigned
hash(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* An empty table (its old buckets stay in the arena). */
static void
table_reset(P *p, Table *t)
{
    t->b = arena_alloc(p->a, sizeof *t->b * TABLE_MIN);
    memset(t->b, 0, sizeof *t->b * TABLE_MIN);
    t->mask = TABLE_MIN - 1;
    t->count = 0;
}

static Binding **
table_chain(const Table *t, unsigned h)
{
    return &t->b[h & t->mask];
}

static bool
same_name(const Binding *b, unsigned h, const char *s, size_t n)
{
    return b->hash == h && b->len == n && memcmp(b->name, s, n) == 0;
}

/* Puts b (name, hash and len set) at the head of its chain. */
static void
table_add(P *p, Table *t, Binding *b)
{
    if (t->count >= 2 * ((size_t)t->mask + 1)) {
        unsigned size = 2 * (t->mask + 1);
        Binding **nb = arena_alloc(p->a, sizeof *nb * size);
        memset(nb, 0, sizeof *nb * size);
        for (unsigned i = 0; i <= t->mask; i++)
            for (Binding *c = t->b[i], *next; c; c = next) {
                next = c->next;
                c->next = nb[c->hash & (size - 1)];
                nb[c->hash & (size - 1)] = c;
            }
        t->b = nb;
        t->mask = size - 1;
    }
    Binding **chain = table_chain(t, b->hash);
    b->next = *chain;
    *chain = b;
    t->count++;
}

static Binding *
new_binding(P *p, const char *name, size_t n)
{
    Binding *b = arena_alloc(p->a, sizeof *b);
    memset(b, 0, sizeof *b);
    b->name = name;
    b->len = n;
    b->hash = hash(name, n);
    return b;
}

static Binding *
lookup_name(P *p, const char *s, size_t n)
{
    unsigned h = hash(s, n);
    for (Binding *b = *table_chain(&p->names, h); b; b = b->next)
        if (same_name(b, h, s, n))
            return b;
    return NULL;
}

static void add_reg(P *p, Binding *b, const char *name, PtxType t, int vec, SrcLoc loc, int scope);

/* The innermost large range that declares name s (PREFIX followed by a
 * number below its count, written without leading zeros), at depth
 * min_depth or deeper; *index: the number. */
static Binding *
range_of(P *p, const char *s, size_t n, int min_depth, int *index)
{
    Binding *best = NULL;
    char key[256];
    if (p->nranges == 0 || n >= sizeof key)
        return NULL;
    for (size_t k = n; k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9'; k--) {
        size_t digits = n - k + 1;
        if (digits > 7 || (s[k - 1] == '0' && digits > 1) || k == 1)
            continue;
        int v = 0;
        for (size_t i = k - 1; i < n; i++)
            v = v * 10 + (s[i] - '0');
        memcpy(key, s, k - 1);
        key[k - 1] = '<';
        for (Binding *b = lookup_name(p, key, k); b; b = b->shadow)
            if (b->kind == B_RANGE && v < ((RegRange *)b->ptr)->count) {
                if (b->depth >= min_depth && (!best || b->depth > best->depth)) {
                    best = b;
                    *index = v;
                }
                break;
            }
    }
    return best;
}

/* The binding of name s: a declared name, or a register of a large range
 * (declared now if it is the first use), whichever scope is innermost. */
static Binding *
lookup(P *p, const char *s, size_t n)
{
    Binding *b = lookup_name(p, s, n);
    int index;
    Binding *rb = range_of(p, s, n, b ? b->depth + 1 : 0, &index);
    if (!rb)
        return b;
    RegRange *r = rb->ptr;
    if (!r->made) {
        r->made = arena_alloc(p->a, sizeof *r->made * (size_t)r->count);
        memset(r->made, 0, sizeof *r->made * (size_t)r->count);
    }
    if (!r->made[index]) {
        Binding *nb = new_binding(p, arena_strndup(p->a, s, n), n);
        nb->kind = B_REG;
        nb->depth = rb->depth;
        add_reg(p, nb, nb->name, r->type, r->vec, r->loc, r->scope);
        r->made[index] = nb;
    }
    return r->made[index];
}

/* Declares name in the current scope; a second declaration in the same
 * scope is an error. */
static Binding *
declare(P *p, const char *name, SrcLoc loc, int kind)
{
    size_t n = strlen(name);
    Binding *old = lookup_name(p, name, n);
    int index;
    if ((old && old->depth == p->depth) || range_of(p, name, n, p->depth, &index)) {
        diag_error(p->d, loc, "redefinition of '%s'", name);
        return NULL;
    }
    Binding *b = new_binding(p, name, n);
    b->kind = kind;
    b->depth = p->depth;
    if (old) { /* shadow: replace in the chain, remember the outer one */
        Binding **pp = table_chain(&p->names, b->hash);
        while (*pp != old)
            pp = &(*pp)->next;
        *pp = b;
        b->next = old->next;
        b->shadow = old;
    } else {
        table_add(p, &p->names, b);
    }
    vec_push(p->a, &p->scope, b);
    return b;
}

static void
open_scope(P *p)
{
    p->depth++;
}

static void
close_scope(P *p)
{
    while (p->scope.n > 0 && p->scope.v[p->scope.n - 1]->depth == p->depth) {
        Binding *b = p->scope.v[--p->scope.n];
        Binding **pp = table_chain(&p->names, b->hash);
        while (*pp != b)
            pp = &(*pp)->next;
        if (b->shadow) {
            *pp = b->shadow;
            b->shadow->next = b->next;
        } else {
            *pp = b->next;
            p->names.count--;
        }
        p->nranges -= b->kind == B_RANGE;
    }
    p->depth--;
}

/* Labels belong to the block that defines them and may be used before
 * their definition: inline asm repeats a label in sibling { } blocks.  So
 * before a function body is parsed, scan_label_scopes() numbers its blocks
 * in source order and notes which block defines each label.  A name defined
 * once stands for the whole function, as most PTX has it; a name defined in
 * several blocks resolves to the definition in the innermost enclosing
 * block of its use. */
static bool
stmt_start(int kind)
{
    return kind == '{' || kind == '}' || kind == ';' || kind == ':';
}

static void
scan_label_scopes(P *p)
{
    table_reset(p, &p->label_defs);
    p->block_parent.n = 0;
    p->block = -1;
    Lexer lx = p->lx;
    Diags quiet = {.arena = p->a, .max_errors = 1}; /* the parser reports */
    lx.d = &quiet;
    Token t = p->tok, u;
    if (p->has_ahead)
        u = p->ahead;
    else
        lex_next(&lx, &u);
    int prev = ';', cur = -1, open = 0;
    unsigned long long operand_braces = 0; /* a bit a level: { } of a vector operand */
    while (t.kind != TOK_EOF && open < 64) {
        if (t.kind == '{') {
            bool operand = !stmt_start(prev);
            operand_braces = operand_braces << 1 | operand;
            if (!operand) {
                vec_push(p->a, &p->block_parent, cur);
                cur = p->block_parent.n - 1;
            }
            open++;
        } else if (t.kind == '}') {
            if (!(operand_braces & 1))
                cur = p->block_parent.v[cur];
            operand_braces >>= 1;
            if (--open == 0)
                break;
        } else if (t.kind == TOK_IDENT && u.kind == ':' && stmt_start(prev) && cur >= 0) {
            Binding *b = new_binding(p, tok_str(p, &t), (size_t)t.len);
            b->depth = cur;
            table_add(p, &p->label_defs, b);
        }
        prev = t.kind;
        t = u;
        lex_next(&lx, &u);
    }
}

/* The block whose definition of name a use in the current block means. */
static int
label_block(P *p, const char *name, size_t n)
{
    unsigned h = hash(name, n);
    Binding *defs = *table_chain(&p->label_defs, h);
    int ndefs = 0;
    for (Binding *b = defs; b; b = b->next)
        ndefs += same_name(b, h, name, n);
    if (ndefs < 2)
        return -1;
    for (int blk = p->block; blk >= 0; blk = p->block_parent.v[blk])
        for (Binding *b = defs; b; b = b->next)
            if (b->depth == blk && same_name(b, h, name, n))
                return blk;
    return -1;
}

/* Labels of the current function, by name and defining block. */
static int
label_ref(P *p, const char *name, SrcLoc loc)
{
    size_t n = strlen(name);
    int blk = label_block(p, name, n);
    unsigned h = hash(name, n);
    for (Binding *b = *table_chain(&p->labels, h); b; b = b->next)
        if (b->depth == blk && same_name(b, h, name, n))
            return b->index;
    Label l = {.name = name, .loc = loc, .instr = -1};
    vec_push(p->a, &p->f->labels, l);
    Binding *b = new_binding(p, name, n);
    b->depth = blk;
    b->index = p->f->labels.n - 1;
    table_add(p, &p->labels, b);
    return b->index;
}

static Label *
label_define(P *p, const char *name, SrcLoc loc, LabelKind kind)
{
    int i = label_ref(p, name, loc);
    Label *l = &p->f->labels.v[i];
    if (l->defined) {
        diag_error(p->d, loc, "redefinition of label '%s'", name);
        return NULL;
    }
    l->defined = true;
    l->kind = kind;
    l->loc = loc;
    l->instr = p->f->instrs.n;
    return l;
}

/* ----------------------------------------------------------- types */

static PtxType
type_of(P *p)
{
    if (p->tok.kind != TOK_DOTNAME)
        return TY_NONE;
    Mod m = mod_lookup(p->tok.text + 1, (size_t)p->tok.len - 1);
    return mod_type(m);
}

static int64_t
int_const(P *p, bool *ok)
{
    bool neg = accept(p, '-');
    if (!is(p, TOK_INT)) {
        error_expected(p, "an integer");
        *ok = false;
        return 0;
    }
    int64_t v = (int64_t)p->tok.ival;
    next(p);
    *ok = true;
    return neg ? (int64_t)(0 - (uint64_t)v) : v;
}

/* ------------------------------------------------------- variables */

static Init *parse_init(P *p, PtxType t);

static bool
parse_init_into(P *p, Init *in, PtxType t)
{
    in->loc = p->tok.loc;
    if (accept(p, '{')) {
        in->kind = INIT_LIST;
        Vec(Init) v = {0};
        if (!is(p, '}')) {
            do {
                Init e = {0};
                if (!parse_init_into(p, &e, t))
                    return false;
                vec_push(p->a, &v, e);
            } while (accept(p, ','));
        }
        in->elems = v.v;
        in->nelems = v.n;
        return expect(p, '}', "'}' or ','");
    }
    bool neg = accept(p, '-');
    if (is(p, TOK_INT)) {
        uint64_t v = p->tok.ival;
        next(p);
        if (accept(p, '(')) { /* 0xff00(var): a byte of var's address */
            if (!is(p, TOK_IDENT)) {
                error_expected(p, "a variable name");
                return false;
            }
            Binding *b = lookup(p, p->tok.text, (size_t)p->tok.len);
            if (!b || b->kind != B_VAR) {
                diag_error(p->d, p->tok.loc, "undeclared variable '%.*s'", p->tok.len, p->tok.text);
                return false;
            }
            in->kind = INIT_MASK;
            in->var = b->ptr;
            in->i = (int64_t)v;
            next(p);
            return expect(p, ')', "')'");
        }
        in->kind = INIT_INT;
        in->i = neg ? (int64_t)(0 - v) : (int64_t)v;
        return true;
    }
    if (is(p, TOK_FLOAT)) {
        in->kind = INIT_FLOAT;
        in->fbits = p->tok.fbits;
        in->is_double = p->tok.is_double;
        if (neg)
            in->fbits ^= in->is_double ? (1ull << 63) : (1ull << 31);
        next(p);
        return true;
    }
    if (neg) {
        error_expected(p, "a number");
        return false;
    }
    if (is(p, TOK_IDENT)) {
        bool generic =
            p->tok.len == 7 && memcmp(p->tok.text, "generic", 7) == 0 && peek(p)->kind == '(';
        if (generic) {
            next(p);
            next(p);
        }
        Binding *b = lookup(p, p->tok.text, (size_t)p->tok.len);
        if (!b || b->kind == B_REG) {
            diag_error(p->d, p->tok.loc, "undeclared identifier '%.*s' in initializer", p->tok.len,
                       p->tok.text);
            return false;
        }
        next(p);
        if (b->kind == B_FUNC) {
            in->kind = INIT_FUNC;
            in->func = b->ptr;
        } else {
            in->kind = generic ? INIT_GENERIC : INIT_VAR;
            in->var = b->ptr;
        }
        if (accept(p, '+')) {
            bool ok;
            in->i = int_const(p, &ok);
            if (!ok)
                return false;
        }
        if (generic)
            return expect(p, ')', "')'");
        return true;
    }
    error_expected(p, "an initializer");
    return false;
}

static Init *
parse_init(P *p, PtxType t)
{
    Init *in = arena_alloc(p->a, sizeof *in);
    return parse_init_into(p, in, t) ? in : NULL;
}

static int64_t
init_count(const Init *in)
{
    if (in->kind != INIT_LIST)
        return 1;
    int64_t n = 0;
    for (int i = 0; i < in->nelems; i++)
        n += init_count(&in->elems[i]);
    return n;
}

/* The attributes before a variable's type: .align N, .vN, .ptr, .attribute(...). */
typedef struct Attrs {
    int align, vec;
    bool ptr;
    Space ptr_space;
    int ptr_align;
} Attrs;

static bool
parse_attrs(P *p, Attrs *at)
{
    at->vec = 1;
    for (;;) {
        if (is_dot(p, ".align")) {
            next(p);
            bool ok;
            SrcLoc at_int = p->tok.loc;
            int64_t v = int_const(p, &ok);
            if (!ok)
                return false;
            if (v <= 0 || (v & (v - 1)) || v > 4096) {
                diag_error(p->d, at_int, "alignment %lld is not a power of two up to 4096",
                           (long long)v);
                return false;
            }
            if (at->ptr)
                at->ptr_align = (int)v;
            else
                at->align = (int)v;
        } else if (is_dot(p, ".v2") || is_dot(p, ".v4") || is_dot(p, ".v8")) {
            at->vec = p->tok.text[2] - '0';
            next(p);
        } else if (is_dot(p, ".ptr")) {
            at->ptr = true;
            next(p);
            Mod m =
                is(p, TOK_DOTNAME) ? mod_lookup(p->tok.text + 1, (size_t)p->tok.len - 1) : MOD_NONE;
            if (mod_space(m) != SP_NONE) {
                at->ptr_space = mod_space(m);
                next(p);
            }
        } else if (is_dot(p, ".attribute")) {
            next(p);
            if (!expect(p, '(', "'('"))
                return false;
            while (!is(p, ')') && !is(p, TOK_EOF) && !is(p, ';'))
                next(p);
            if (!expect(p, ')', "')'"))
                return false;
        } else {
            return true;
        }
    }
}

static void
var_size(Var *v)
{
    int64_t n = type_bits(v->type) / 8;
    if (v->type == TY_PRED)
        n = 1;
    n *= v->vec;
    for (int i = 0; i < v->ndims; i++) {
        if (v->dims[i] < 0) {
            if (i == 0 && v->init && v->init->kind == INIT_LIST) {
                int64_t inner = n;
                for (int j = 1; j < v->ndims; j++)
                    inner *= v->dims[j] > 0 ? v->dims[j] : 1;
                int64_t elems = init_count(v->init) * (v->vec > 0 ? 1 : 1);
                int64_t per = inner / (type_bits(v->type) / 8 > 0 ? type_bits(v->type) / 8 : 1);
                v->dims[0] = per > 0 ? (elems + per - 1) / per : elems;
                v->size = v->dims[0] * inner;
                return;
            }
            v->size = -1;
            return;
        }
        n *= v->dims[i];
    }
    v->size = n;
}

/* name [dims] [= init] — one declarator of a variable declaration. */
static Var *
parse_declarator(P *p, Space sp, Linkage lk, PtxType t, const Attrs *at)
{
    if (!is(p, TOK_IDENT)) {
        error_expected(p, "a variable name");
        return NULL;
    }
    Var *v = arena_alloc(p->a, sizeof *v);
    v->name = tok_str(p, &p->tok);
    v->loc = p->tok.loc;
    v->space = sp;
    v->linkage = lk;
    v->type = t;
    v->vec = at->vec;
    v->align = at->align;
    v->is_ptr = at->ptr;
    v->ptr_space = at->ptr_space;
    v->ptr_align = at->ptr_align;
    v->scope = p->depth;
    v->owner = p->f;
    v->reg = -1;
    next(p);
    for (;;) {
        SrcLoc open = p->tok.loc;
        if (!accept(p, '['))
            break;
        if (v->ndims == 4) {
            diag_error(p->d, open, "too many array dimensions");
            return NULL;
        }
        if (accept(p, ']')) {
            if (v->ndims > 0) {
                diag_error(p->d, open, "only the first array dimension may be unsized");
                return NULL;
            }
            v->dims[v->ndims++] = -1;
            continue;
        }
        bool ok;
        int64_t n = int_const(p, &ok);
        if (!ok)
            return NULL;
        if (n <= 0 || n > (1ll << 40)) {
            diag_error(p->d, v->loc, "array dimension %lld of '%s' is out of range", (long long)n,
                       v->name);
            return NULL;
        }
        v->dims[v->ndims++] = n;
        if (!expect(p, ']', "']'"))
            return NULL;
    }
    if (accept(p, '=')) {
        if (sp == SP_SHARED || sp == SP_LOCAL || sp == SP_PARAM) {
            diag_error(p->d, v->loc, "variables in .%s space cannot be initialized",
                       space_name(sp));
            return NULL;
        }
        v->init = parse_init(p, t);
        if (!v->init)
            return NULL;
    }
    var_size(v);
    if (p->no_declare)
        return v;
    Binding *b = declare(p, v->name, v->loc, B_VAR);
    if (!b)
        return NULL;
    b->ptr = v;
    return v;
}

static void
add_var(P *p, Var *v)
{
    if (p->f) {
        vec_push(p->a, &p->f->vars, v);
        Stmt s = {.kind = ST_VAR, .index = p->f->vars.n - 1, .var = v};
        vec_push(p->a, &p->f->body, s);
    } else {
        vec_push(p->a, &p->m->vars, v);
        ModItem it = {MI_VAR, p->m->vars.n - 1};
        vec_push(p->a, &p->m->items, it);
    }
}

/* A variable declaration after its state space token. */
static bool
parse_var_decl(P *p, Space sp, Linkage lk)
{
    Attrs at = {0};
    if (!parse_attrs(p, &at))
        return false;
    PtxType t = type_of(p);
    if (t == TY_NONE &&
        (is_dot(p, ".texref") || is_dot(p, ".surfref") || is_dot(p, ".samplerref"))) {
        diag_error(p->d, p->tok.loc, "'%.*s' variable (a texture reference) is not supported",
                   p->tok.len, p->tok.text);
        t = TY_B64; /* declared all the same, so that its uses give no second error */
    }
    if (t == TY_NONE) {
        error_expected(p, "a type");
        return false;
    }
    next(p);
    if (!parse_attrs(p, &at))
        return false;
    do {
        Var *v = parse_declarator(p, sp, lk, t, &at);
        if (!v)
            return false;
        add_var(p, v);
    } while (accept(p, ','));
    return expect(p, ';', "';'");
}

/* Register b of type t (a vector register: one register per element,
 * "%v.x" ...). */
static void
add_reg(P *p, Binding *b, const char *name, PtxType t, int vec, SrcLoc loc, int scope)
{
    b->index = p->f->regs.n;
    b->vec = vec;
    for (int k = 0; k < vec; k++) {
        Reg r = {.name = name, .type = t, .vec = vec, .comp = k, .loc = loc, .scope = scope};
        if (vec > 1)
            r.name = arena_printf(p->a, "%s.%c", name, "xyzw"[k]);
        vec_push(p->a, &p->f->regs, r);
    }
}

/* The number that name (len n) has after prefix pre (m chars), written
 * without leading zeros; -1 if it has none. */
static int64_t
suffix_number(const char *name, size_t n, const char *pre, size_t m)
{
    if (n <= m || n - m > 7 || memcmp(name, pre, m) != 0 || (name[m] == '0' && n - m > 1))
        return -1;
    int64_t v = 0;
    for (size_t i = m; i < n; i++) {
        if (name[i] < '0' || name[i] > '9')
            return -1;
        v = v * 10 + (name[i] - '0');
    }
    return v;
}

/* A large range %name<count> (RegRange): an error when one of its names is
 * declared in this scope already (by a name, or by another large range),
 * naming the first, as declaring each name would; then its first register. */
static bool
declare_range(P *p, const Token *name, int count, PtxType t, int vec)
{
    const char *pre = tok_str(p, name);
    size_t m = strlen(pre);
    int64_t first = count; /* the lowest index declared already */
    for (int i = p->scope.n - 1; i >= 0 && p->scope.v[i]->depth == p->depth; i--) {
        const Binding *b = p->scope.v[i];
        int64_t v = -1;
        if (b->kind != B_RANGE) {
            v = suffix_number(b->name, b->len, pre, m);
        } else { /* PREFIX<: either prefix may extend the other by digits */
            const RegRange *o = b->ptr;
            int64_t d = o->len >= m ? suffix_number(o->prefix, o->len, pre, m)
                                    : suffix_number(pre, m, o->prefix, o->len);
            if (o->len == m && memcmp(o->prefix, pre, m) == 0)
                v = 0;
            else if (d >= 0 && o->len > m) /* its first name, pre + d0 */
                v = d * 10;
            else if (d >= 0 && d * 10 < o->count) /* pre0 is its name d0 */
                v = 0;
        }
        if (v >= 0 && v < first)
            first = v;
    }
    if (first < count) {
        diag_error(p->d, name->loc, "redefinition of '%s%lld'", pre, (long long)first);
        return false;
    }
    RegRange *r = arena_alloc(p->a, sizeof *r);
    *r = (RegRange){
        .prefix = pre, .len = m, .count = count, .type = t, .vec = vec, .loc = name->loc,
        .scope = p->depth};
    Binding *b = declare(p, arena_printf(p->a, "%s<", pre), name->loc, B_RANGE);
    if (!b)
        return false;
    b->ptr = r;
    p->nranges++;
    char *r0 = arena_printf(p->a, "%s0", pre);
    return lookup(p, r0, m + 1) != NULL;
}

/* .reg .type [.vN] %name[<N>] {, ...} ; */
static bool
parse_reg_decl(P *p)
{
    Attrs at = {0};
    if (!parse_attrs(p, &at))
        return false;
    PtxType t = type_of(p);
    if (t == TY_NONE) {
        error_expected(p, "a register type");
        return false;
    }
    next(p);
    int vec = at.vec; /* .v4 before the type */
    if (!parse_attrs(p, &at))
        return false;
    if (at.vec == 1)
        at.vec = vec;
    do {
        if (!is(p, TOK_IDENT)) {
            error_expected(p, "a register name");
            return false;
        }
        Token name = p->tok;
        next(p);
        int count = 1;
        bool range = false;
        if (accept(p, '<')) {
            bool ok;
            int64_t n = int_const(p, &ok);
            if (!ok)
                return false;
            if (n <= 0 || n > 1000000) {
                diag_error(p->d, name.loc, "register range %%<%lld> is out of range (1 to 1000000)",
                           (long long)n);
                return false;
            }
            if (!expect(p, '>', "'>'"))
                return false;
            count = (int)n;
            range = true;
        }
        if (at.vec != 1 && at.vec != 2 && at.vec != 4) {
            diag_error(p->d, name.loc, "a vector register is .v2 or .v4");
            return false;
        }
        Stmt s = {.kind = ST_REG, .index = p->f->regs.n, .count = range ? count : 0};
        if (count > EAGER_RANGE) {
            if (!declare_range(p, &name, count, t, at.vec))
                return false;
            vec_push(p->a, &p->f->body, s);
            continue;
        }
        for (int i = 0; i < count; i++) {
            const char *rname =
                range ? arena_printf(p->a, "%.*s%d", name.len, name.text, i) : tok_str(p, &name);
            Binding *b = declare(p, rname, name.loc, B_REG);
            if (!b)
                return false;
            add_reg(p, b, rname, t, at.vec, name.loc, p->depth);
        }
        vec_push(p->a, &p->f->body, s);
    } while (accept(p, ','));
    return expect(p, ';', "';'");
}

/* ---------------------------------------------------------- operands */

static bool parse_operand(P *p, Operand *o);

static bool
parse_list(P *p, Operand *o, int close, OperandKind kind)
{
    o->kind = kind;
    Vec(Operand) v = {0};
    if (!is(p, close)) {
        do {
            Operand e = {0};
            if (!parse_operand(p, &e))
                return false;
            vec_push(p->a, &v, e);
        } while (accept(p, ','));
    }
    o->sub = v.v;
    o->nsub = v.n;
    return expect(p, close, close == '}' ? "'}' or ','" : "')' or ','");
}

/* %tid.x, %envreg3, %laneid ...: 1 parsed, 0 not a special register
 * (nothing consumed), -1 an error. */
static int
parse_sreg(P *p, Operand *o)
{
    const char *s = p->tok.text + 1;
    size_t n = (size_t)p->tok.len - 1;
    SReg r = sreg_lookup(s, n);
    int comp = 0;
    if (r == SREG_NONE) { /* %envreg3, %pm0, %pm0_64 (the table's "pm_64") */
        bool w64 = n > 3 && memcmp(s + n - 3, "_64", 3) == 0;
        size_t end = w64 ? n - 3 : n, k = end;
        while (k > 0 && isdigit((unsigned char)s[k - 1]))
            k--;
        if (k == end || k == 0 || k > 16)
            return 0;
        char base[24];
        memcpy(base, s, k);
        memcpy(base + k, "_64", w64 ? 3 : 0);
        r = sreg_lookup(base, k + (w64 ? 3 : 0));
        if (r == SREG_NONE || !(sreg_flags(r) & SRF_INDEXED))
            return 0;
        comp = atoi(s + k);
    }
    o->kind = OPD_SREG;
    o->sreg = r;
    next(p);
    if (sreg_flags(r) & SRF_VEC) {
        if (is_dot(p, ".x") || is_dot(p, ".y") || is_dot(p, ".z")) {
            comp = p->tok.text[1] - 'x';
            next(p);
        } else {
            diag_error(p->d, p->tok.loc, "special register %%%s needs a component .x, .y or .z",
                       sreg_name(r));
            return -1;
        }
    }
    o->comp = comp;
    return 1;
}

/* A vector register: one element (%v.x, .y, .z, .w or .r, .g, .b, .a),
 * or all of them, as the list {%v.x, %v.y, ...}. */
static bool
vector_register(P *p, Operand *o, const Binding *b, const Token *t)
{
    if (is(p, TOK_DOTNAME) && p->tok.len == 2) {
        const char *c = strchr("xyzwrgba", p->tok.text[1]);
        int k = c ? (int)(c - "xyzwrgba") % 4 : -1;
        if (k < 0 || k >= b->vec) {
            diag_error(p->d, p->tok.loc, "'%.*s' is not a component of the .v%d register '%.*s'",
                       p->tok.len, p->tok.text, b->vec, t->len, t->text);
            return false;
        }
        next(p);
        o->kind = OPD_REG;
        o->reg = b->index + k;
        return true;
    }
    o->kind = OPD_VEC;
    o->nsub = b->vec;
    o->sub = arena_alloc(p->a, (size_t)b->vec * sizeof *o->sub);
    for (int k = 0; k < b->vec; k++)
        o->sub[k] = (Operand){.kind = OPD_REG, .loc = o->loc, .reg = b->index + k};
    return true;
}

static bool
parse_name_operand(P *p, Operand *o)
{
    Token t = p->tok;
    if (t.len == 1 && t.text[0] == '_') {
        o->kind = OPD_SINK;
        next(p);
        return true;
    }
    if (t.len == 7 && memcmp(t.text, "WARP_SZ", 7) == 0) {
        o->kind = OPD_IMM;
        o->imm = 32;
        next(p);
        return true;
    }
    Binding *b = lookup(p, t.text, (size_t)t.len);
    if (!b && t.text[0] == '%') {
        int r = parse_sreg(p, o);
        if (r != 0)
            return r > 0;
    }
    next(p);
    if (!b) { /* a label, resolved at the end of the function */
        if (t.text[0] == '%') {
            diag_error(p->d, t.loc, "undeclared register '%.*s'", t.len, t.text);
            return false;
        }
        o->kind = OPD_LABEL;
        o->label = label_ref(p, tok_str(p, &t), t.loc);
        return true;
    }
    switch (b->kind) {
    case B_REG:
        if (b->vec > 1)
            return vector_register(p, o, b, &t);
        o->kind = OPD_REG;
        o->reg = b->index;
        break;
    case B_VAR:
        o->kind = OPD_VAR;
        o->var = b->ptr;
        if (is(p, '+') && peek(p)->kind == TOK_INT) {
            next(p);
            o->imm = (int64_t)p->tok.ival;
            next(p);
        }
        break;
    default:
        o->kind = OPD_FUNC;
        o->func = b->ptr;
        break;
    }
    return true;
}

static bool parse_operand1(P *p, Operand *o);

/* [reg], [reg+imm], [reg+-imm], [var], [var+imm], [imm]; textures and
 * surfaces [handle, {coordinates}] or [handle, coordinate] */
static bool
parse_address(P *p, Operand *o)
{
    o->kind = OPD_MEM;
    if (is(p, TOK_IDENT)) {
        Token t = p->tok;
        Binding *b = lookup(p, t.text, (size_t)t.len);
        if (!b && t.text[0] == '%' && sreg_lookup(t.text + 1, (size_t)t.len - 1) != SREG_NONE) {
            /* ptxas takes [%clock64] as an address; nothing real does */
            diag_error(p->d, t.loc, "the special register '%.*s' as an address is not supported",
                       t.len, t.text);
            return false;
        }
        if (!b) {
            diag_error(p->d, t.loc, "undeclared %s '%.*s' in address",
                       t.text[0] == '%' ? "register" : "identifier", t.len, t.text);
            return false;
        }
        if (b->kind == B_FUNC) {
            diag_error(p->d, t.loc, "function '%.*s' cannot be used as an address", t.len, t.text);
            return false;
        }
        if (b->kind == B_REG && b->vec > 1) {
            diag_error(p->d, t.loc, "the vector register '%.*s' cannot be an address", t.len,
                       t.text);
            return false;
        }
        Operand *base = arena_alloc(p->a, sizeof *base);
        base->loc = t.loc;
        if (b->kind == B_REG) {
            base->kind = OPD_REG;
            base->reg = b->index;
        } else {
            base->kind = OPD_VAR;
            base->var = b->ptr;
        }
        o->sub = base;
        o->nsub = 1;
        next(p);
        if (accept(p, '+')) {
            bool ok;
            o->imm = int_const(p, &ok);
            if (!ok)
                return false;
        } else if (is(p, '-')) {
            bool ok;
            o->imm = int_const(p, &ok);
            if (!ok)
                return false;
        }
        if (o->imm == 0 && accept(p, ',')) { /* textures and surfaces: [handle, {coordinates}] */
            Operand *two = arena_alloc(p->a, 2 * sizeof *two);
            two[0] = *base;
            two[1] = (Operand){.loc = p->tok.loc};
            if (!accept(p, '{')) { /* a scalar coordinate, one of a list */
                Operand *one = arena_alloc(p->a, sizeof *one);
                if (!parse_operand1(p, one))
                    return false;
                if (one->kind != OPD_REG) {
                    diag_error(p->d, one->loc, "a coordinate is a register or a list of them");
                    return false;
                }
                if (is(p, ',')) { /* [tex, sampler, {coordinates}] */
                    diag_error(p->d, one->loc, "a sampler operand (the independent texture mode "
                                               "of [tex, sampler, coordinates]) is not supported");
                    return false;
                }
                two[1] = (Operand){.kind = OPD_VEC, .loc = one->loc, .sub = one, .nsub = 1};
            } else if (!parse_list(p, &two[1], '}', OPD_VEC)) {
                return false;
            }
            o->sub = two;
            o->nsub = 2;
        }
    } else if (is(p, TOK_INT)) {
        o->imm = (int64_t)p->tok.ival;
        next(p);
    } else {
        error_expected(p, "an address");
        return false;
    }
    return expect(p, ']', "']'");
}

/* A video instruction's byte or half-word selector: .b0 ... .b3210 (digits
 * 0-7), .h0 ... .h32 (digits 0-3). */
static bool
is_selector(const Token *t)
{
    if (t->kind != TOK_DOTNAME || t->len < 3 || t->len > 6 ||
        (t->text[1] != 'b' && t->text[1] != 'h'))
        return false;
    char top = t->text[1] == 'b' ? '7' : '3';
    for (int i = 2; i < t->len; i++)
        if (t->text[i] < '0' || t->text[i] > top)
            return false;
    return true;
}

static bool
parse_operand1(P *p, Operand *o)
{
    o->loc = p->tok.loc;
    if (accept(p, '!')) {
        SrcLoc bang = o->loc;
        if (!parse_operand1(p, o))
            return false;
        o->loc = bang;
        if (o->kind != OPD_REG) {
            diag_error(p->d, bang, "'!' applies only to a predicate register");
            return false;
        }
        o->neg = true;
        return true;
    }
    if (accept(p, '{'))
        return parse_list(p, o, '}', OPD_VEC);
    if (accept(p, '('))
        return parse_list(p, o, ')', OPD_LIST);
    if (accept(p, '['))
        return parse_address(p, o);
    bool neg = false;
    if (is(p, '-')) {
        neg = true;
        next(p);
    }
    if (is(p, TOK_INT)) {
        o->kind = OPD_IMM;
        o->imm = neg ? (int64_t)(0 - p->tok.ival) : (int64_t)p->tok.ival;
        next(p);
        return true;
    }
    if (is(p, TOK_FLOAT)) {
        o->kind = OPD_FIMM;
        o->fbits = p->tok.fbits;
        o->is_double = p->tok.is_double;
        if (neg)
            o->fbits ^= o->is_double ? (1ull << 63) : (1ull << 31);
        next(p);
        return true;
    }
    if (neg && !is(p, TOK_IDENT)) {
        error_expected(p, "a number or a register after '-'");
        return false;
    }
    if (is(p, TOK_IDENT)) {
        if (!parse_name_operand(p, o))
            return false;
        if (neg && o->kind != OPD_REG) {
            diag_error(p->d, o->loc, "'-' applies only to a number or a register");
            return false;
        }
        o->minus = neg; /* vmad's negated operands; other instructions reject it */
        if (o->kind == OPD_REG && is_selector(&p->tok)) { /* video: %r1.b0, %r2.h10 */
            o->sel = arena_strndup(p->a, p->tok.text + 1, (size_t)p->tok.len - 1);
            next(p);
        }
        return true;
    }
    error_expected(p, "an operand");
    return false;
}

static bool
parse_operand(P *p, Operand *o)
{
    if (!parse_operand1(p, o))
        return false;
    if (accept(p, '|')) { /* d|p */
        Operand *pair = arena_alloc(p->a, 2 * sizeof *pair);
        pair[0] = *o;
        if (!parse_operand1(p, &pair[1]))
            return false;
        memset(o, 0, sizeof *o);
        o->kind = OPD_PAIR;
        o->loc = pair[0].loc;
        o->sub = pair;
        o->nsub = 2;
    }
    return true;
}

/* -------------------------------------------------------- instructions */

/* The opcode name made of the identifier and its first k modifiers
 * ("bar.warp.sync", "cvt.pack"). */
static int
opcode_text(const Token *op, const Token *dots, int k, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%.*s", op->len, op->text);
    for (int i = 0; i < k && n < (int)size; i++)
        n += snprintf(buf + (size_t)n, size - (size_t)n, "%.*s", dots[i].len, dots[i].text);
    return n < (int)size ? n : (int)size - 1;
}

/* The longest opcode name that is the identifier plus leading modifiers;
 * *unsupported when it is a PTX instruction of unsupported.def (a longer
 * name than any supported one that matches). */
static Opcode
match_opcode(const Token *op, Token *dots, int ndots, int *used, bool *unsupported)
{
    char buf[128];
    *unsupported = false;
    for (int k = ndots < 3 ? ndots : 3; k >= 0; k--) {
        int n = opcode_text(op, dots, k, buf, sizeof buf);
        Opcode o = opcode_lookup(buf, (size_t)n);
        if (o != OP_NONE) {
            *used = k;
            return o;
        }
        if (opcode_unsupported(buf, (size_t)n)) {
            *used = k;
            *unsupported = true;
            return OP_NONE;
        }
    }
    return OP_NONE;
}

/* The {a, b, ...} operands of ld, st and mov (vector registers are such
 * lists): .v2/.v4 take that many elements; a mov that packs or unpacks
 * takes registers whose sizes add up to its type's. */
static bool
check_lists(P *p, const Instr *in)
{
    if (in->op != OP_LD && in->op != OP_LDU && in->op != OP_ST && in->op != OP_MOV)
        return true;
    for (int i = 0; i < in->nopnd; i++) {
        const Operand *o = &in->opnd[i];
        if (o->kind != OPD_VEC)
            continue;
        if (in->vec > 1 && o->nsub != in->vec) {
            diag_error(p->d, o->loc, "'%s.v%d' takes %d elements here, found %d",
                       opcode_name(in->op), in->vec, in->vec, o->nsub);
            return false;
        }
        if (in->op != OP_MOV || in->vec > 1 || in->ntype != 1)
            continue;
        int bits = 0;
        bool regs = true;
        for (int k = 0; k < o->nsub; k++) {
            regs &= o->sub[k].kind == OPD_REG;
            bits += o->sub[k].kind == OPD_REG ? type_bits(p->f->regs.v[o->sub[k].reg].type) : 0;
        }
        if (regs && bits != type_bits(in->type[0])) {
            diag_error(p->d, o->loc, "the registers of 'mov.%s' add up to %d bits, not %d",
                       type_name(in->type[0]), bits, type_bits(in->type[0]));
            return false;
        }
    }
    return true;
}

static bool
check_instr(P *p, Instr *in)
{
    int nmin = opcode_min_operands(in->op), nmax = opcode_max_operands(in->op);
    if ((in->op == OP_ATOM || in->op == OP_RED) && instr_has_mod(in, MOD_L2_CACHE_HINT))
        nmin++, nmax++; /* the cache policy, last (check.c) */
    if (in->op == OP_FENCE && instr_has_mod(in, MOD_TENSORMAP_GENERIC) &&
        instr_has_mod(in, MOD_ACQUIRE)) {
        diag_error(p->d, in->loc, "'fence.proxy.tensormap::generic.acquire' (the tensor-map "
                                  "proxy of TMA) is not supported");
        return false;
    }
    if (in->nopnd < nmin || in->nopnd > nmax) {
        if (nmin == nmax)
            diag_error(p->d, in->loc, "'%s' takes %d operand%s, found %d", opcode_name(in->op),
                       nmin, nmin == 1 ? "" : "s", in->nopnd);
        else
            diag_error(p->d, in->loc, "'%s' takes %d to %d operands, found %d", opcode_name(in->op),
                       nmin, nmax, in->nopnd);
        return false;
    }
    bool video = in->op >= OP_VADD && in->op <= OP_VSET4;
    for (int i = 0; i < in->nopnd && !video; i++)
        if (in->opnd[i].sel) {
            diag_error(p->d, in->opnd[i].loc, "a selector '.%s' belongs to a video instruction",
                       in->opnd[i].sel);
            return false;
        }
    for (int i = 0; i < in->nopnd; i++)
        if (in->opnd[i].minus && (in->op != OP_VMAD || i == 0)) {
            diag_error(p->d, in->opnd[i].loc,
                       "a negated register '-%s' is allowed only in a vmad source",
                       p->f->regs.v[in->opnd[i].reg].name);
            return false;
        }
    /* vmad, as ptxas: the product's sign or c's, never with .po */
    if (in->op == OP_VMAD && in->nopnd == 4) {
        bool prod = in->opnd[1].minus != in->opnd[2].minus,
             any = prod || in->opnd[1].minus || in->opnd[3].minus;
        if ((prod && in->opnd[3].minus) || (any && instr_has_mod(in, MOD_PO))) {
            diag_error(p->d, in->loc,
                       "vmad negates either the product a * b or c, and neither with .po");
            return false;
        }
    }
    if (!check_lists(p, in))
        return false;
    bool texop = in->op == OP_TEX || in->op == OP_TLD4 || in->op == OP_SULD || in->op == OP_SUST;
    for (int i = 0; i < in->nopnd; i++)
        if (in->opnd[i].kind == OPD_MEM && in->opnd[i].nsub == 2 && !texop) {
            diag_error(p->d, in->opnd[i].loc, "'%s' takes no coordinates in its address",
                       opcode_name(in->op));
            return false;
        }
    if (in->guard >= 0 && p->f->regs.v[in->guard].type != TY_PRED) {
        diag_error(p->d, in->loc, "guard '%s' is not a .pred register",
                   p->f->regs.v[in->guard].name);
        return false;
    }
    if (in->op == OP_BRA && in->opnd[0].kind != OPD_LABEL) {
        diag_error(p->d, in->opnd[0].loc, "'bra' needs a label");
        return false;
    }
    bool dst = !(opcode_flags(in->op) & OF_NODST) ||
               (in->op == OP_BAR && in->nopnd > 0 && in->nmods > 0 && in->mods[0] == MOD_RED);
    if (dst && in->nopnd > 0) {
        const Operand *d = &in->opnd[0];
        bool ok =
            d->kind == OPD_REG || d->kind == OPD_SINK || d->kind == OPD_VEC || d->kind == OPD_PAIR;
        if (!ok && !(opcode_flags(in->op) & OF_MEM) && in->op != OP_ACTIVEMASK) {
            diag_error(p->d, d->loc, "the destination of '%s' must be a register",
                       opcode_name(in->op));
            return false;
        }
    }
    return true;
}

static void
decode_mods(Instr *in)
{
    in->vec = 1;
    for (int i = 0; i < in->nmods; i++) {
        Mod m = in->mods[i];
        PtxType t = mod_type(m);
        if (t != TY_NONE && in->ntype < 3)
            in->type[in->ntype++] = t;
        Space s = mod_space(m);
        if (s != SP_NONE && in->space == SP_NONE)
            in->space = s;
        if (m == MOD_V2)
            in->vec = 2;
        else if (m == MOD_V4)
            in->vec = 4;
        else if (m == MOD_V8)
            in->vec = 8;
        else if (m == MOD_UNI &&
                 (in->op == OP_BRA || in->op == OP_BRX || in->op == OP_CALL || in->op == OP_RET))
            in->uni = true;
    }
}

static bool
parse_instr(P *p)
{
    Instr in = {.guard = -1, .loc = p->tok.loc};
    if (p->src_func == p->f)
        in.src = p->src;
    if (accept(p, '@')) {
        bool neg = accept(p, '!');
        if (!is(p, TOK_IDENT)) {
            error_expected(p, "a guard predicate");
            return false;
        }
        Binding *b = lookup(p, p->tok.text, (size_t)p->tok.len);
        if (!b || b->kind != B_REG) {
            diag_error(p->d, p->tok.loc, "undeclared register '%.*s'", p->tok.len, p->tok.text);
            return false;
        }
        in.guard = b->index;
        in.guard_neg = neg;
        next(p);
        in.loc = p->tok.loc;
    }
    if (!is(p, TOK_IDENT)) {
        error_expected(p, "an instruction");
        return false;
    }
    Token op = p->tok;
    Token dots[16];
    int ndots = 0;
    next(p);
    while (is(p, TOK_DOTNAME)) {
        if (ndots == 16) {
            diag_error(p->d, p->tok.loc, "too many modifiers");
            return false;
        }
        dots[ndots++] = p->tok;
        next(p);
    }
    int used = 0;
    bool unsupported;
    in.op = match_opcode(&op, dots, ndots, &used, &unsupported);
    if (unsupported) {
        char buf[128];
        opcode_text(&op, dots, used, buf, sizeof buf);
        diag_error(p->d, op.loc, "'%s' is not supported", buf);
        return false;
    }
    if (in.op == OP_NONE) {
        diag_error(p->d, op.loc, "unknown instruction '%.*s'", op.len, op.text);
        return false;
    }
    unsigned classes = opcode_classes(in.op);
    for (int i = used; i < ndots; i++) {
        Mod m = mod_lookup(dots[i].text + 1, (size_t)dots[i].len - 1);
        if (m == MOD_NONE || !(mod_classes(m) & classes)) {
            diag_error(p->d, dots[i].loc, "%s modifier '%.*s' for '%s'",
                       m == MOD_NONE ? "unknown" : "invalid", dots[i].len, dots[i].text,
                       opcode_name(in.op));
            return false;
        }
        in.mods[in.nmods++] = m;
    }
    decode_mods(&in);
    Vec(Operand) ops = {0};
    if (!is(p, ';')) {
        do {
            Operand o = {0};
            if (!parse_operand(p, &o))
                return false;
            vec_push(p->a, &ops, o);
        } while (accept(p, ','));
    }
    if (!expect(p, ';', "';'"))
        return false;
    in.opnd = ops.v;
    in.nopnd = ops.n;
    if (!check_instr(p, &in))
        return true; /* reported; its ';' is read, so no resynchronizing */
    vec_push(p->a, &p->f->instrs, in);
    Stmt s = {.kind = ST_INSTR, .index = p->f->instrs.n - 1};
    vec_push(p->a, &p->f->body, s);
    return true;
}

/* ------------------------------------------------------------ functions */

static bool parse_params(P *p, Func *f, bool rets);

/* L: .branchtargets a, b;   L: .calltargets f, g;   L: .callprototype ... */
static bool
parse_label_decl(P *p, Label *l)
{
    /* a target list may name labels not seen yet, which grows (moves) the
     * label table: l is found again by its index before it is written */
    int li = (int)(l - p->f->labels.v);
    if (is_dot(p, ".branchtargets") || is_dot(p, ".calltargets")) {
        bool calls = is_dot(p, ".calltargets");
        l->kind = calls ? LBL_CALLTARGETS : LBL_BRANCHTARGETS;
        next(p);
        Vec(Operand) v = {0};
        do {
            if (!is(p, TOK_IDENT)) {
                error_expected(p, calls ? "a function name" : "a label");
                return false;
            }
            Operand o = {.loc = p->tok.loc};
            if (calls) {
                Binding *b = lookup(p, p->tok.text, (size_t)p->tok.len);
                if (!b || b->kind != B_FUNC) {
                    diag_error(p->d, p->tok.loc, "undeclared function '%.*s'", p->tok.len,
                               p->tok.text);
                    return false;
                }
                o.kind = OPD_FUNC;
                o.func = b->ptr;
            } else {
                o.kind = OPD_LABEL;
                o.label = label_ref(p, tok_str(p, &p->tok), p->tok.loc);
            }
            vec_push(p->a, &v, o);
            next(p);
        } while (accept(p, ','));
        l = &p->f->labels.v[li];
        l->targets = v.v;
        l->ntargets = v.n;
        l->instr = -1;
        Stmt s = {.kind = ST_TARGETS, .index = (int)(l - p->f->labels.v)};
        vec_push(p->a, &p->f->body, s);
        return expect(p, ';', "';'");
    }
    if (is_dot(p, ".callprototype")) {
        next(p);
        l->kind = LBL_CALLPROTO;
        l->instr = -1;
        Func *proto = arena_alloc(p->a, sizeof *proto);
        proto->name = l->name;
        proto->loc = l->loc;
        bool ok = true;
        p->no_declare = true;
        if (is(p, '('))
            ok = parse_params(p, proto, true);
        if (ok && !(is(p, TOK_IDENT) && p->tok.len == 1 && p->tok.text[0] == '_')) {
            error_expected(p, "'_'");
            ok = false;
        }
        if (ok) {
            next(p);
            if (is(p, '('))
                ok = parse_params(p, proto, false);
        }
        if (ok && is_dot(p, ".noreturn")) {
            proto->noreturn = true;
            next(p);
        }
        p->no_declare = false;
        l = &p->f->labels.v[li];
        l->proto = proto;
        Stmt s = {.kind = ST_TARGETS, .index = (int)(l - p->f->labels.v)};
        vec_push(p->a, &p->f->body, s);
        return ok && expect(p, ';', "';'");
    }
    Stmt s = {.kind = ST_LABEL, .index = (int)(l - p->f->labels.v)};
    vec_push(p->a, &p->f->body, s);
    return true;
}

static bool parse_body(P *p, bool nested);

/* -Wignored-hint for a directive the CPU code has no use for, quoted
 * from start up to end. */
static void
hint_ignored(P *p, SrcLoc loc, const char *start, const char *end)
{
    diag_warning(p->d, W_IGNORED_HINT, loc, "'%.*s' is a performance hint; the CPU code ignores it",
                 (int)(end - start), start);
}

/* .loc and .pragma: kept as text for the printer. */
static bool
parse_text_directive(P *p, StmtKind kind)
{
    const char *start = p->tok.text;
    int line = p->tok.loc.line;
    if (kind == ST_PRAGMA) {
        SrcLoc loc = p->tok.loc;
        next(p);
        while (!is(p, ';') && !is(p, TOK_EOF) && !is(p, '}'))
            next(p);
        const char *end = p->tok.text;
        hint_ignored(p, loc, start, end);
        if (!expect(p, ';', "';'"))
            return false;
        Stmt s = {.kind = kind, .text = arena_strndup(p->a, start, (size_t)(end - start))};
        vec_push(p->a, &p->f->body, s);
        return true;
    }
    /* .loc FILE LINE COL[, function_name ..., inlined_at ...] ends at the
     * end of its line; the position applies to the instructions after it */
    next(p);
    const char *end = start;
    int64_t num[3] = {0};
    int ntok = 0; /* tokens seen; the first three are the numbers */
    bool numeric = true;
    while (!is(p, TOK_EOF) && p->tok.loc.line == line) {
        if (ntok < 3) {
            numeric = numeric && is(p, TOK_INT);
            num[ntok] = numeric ? (int64_t)p->tok.ival : 0;
        }
        ntok++;
        end = p->tok.text + p->tok.len;
        next(p);
    }
    bool in_range = num[0] > 0 && num[0] <= INT32_MAX && num[1] >= 0 && num[1] <= INT32_MAX &&
                    num[2] >= 0 && num[2] <= INT32_MAX;
    if (numeric && ntok >= 3) { /* line 0: code of no source line */
        p->src = in_range && num[1] > 0 ? (SrcPos){(int)num[0], (int)num[1], (int)num[2]}
                                        : (SrcPos){0};
        p->src_func = p->f;
    }
    Stmt s = {.kind = kind, .text = arena_strndup(p->a, start, (size_t)(end - start))};
    vec_push(p->a, &p->f->body, s);
    return true;
}

static bool
parse_stmt(P *p)
{
    if (is(p, '{')) {
        Stmt s = {.kind = ST_OPEN};
        vec_push(p->a, &p->f->body, s);
        return parse_body(p, true);
    }
    if (is(p, TOK_IDENT) && peek(p)->kind == ':') {
        Token t = p->tok;
        next(p);
        next(p);
        Label *l = label_define(p, tok_str(p, &t), t.loc, LBL_CODE);
        if (!l)
            return false;
        return parse_label_decl(p, l);
    }
    if (is_dot(p, ".reg")) {
        next(p);
        return parse_reg_decl(p);
    }
    if (is_dot(p, ".pragma"))
        return parse_text_directive(p, ST_PRAGMA);
    if (is_dot(p, ".loc"))
        return parse_text_directive(p, ST_LOC);
    if (is(p, TOK_DOTNAME)) {
        Mod m = mod_lookup(p->tok.text + 1, (size_t)p->tok.len - 1);
        Space sp = mod_space(m);
        if (sp == SP_LOCAL || sp == SP_SHARED || sp == SP_PARAM || sp == SP_CONST ||
            sp == SP_GLOBAL) {
            next(p);
            return parse_var_decl(p, sp, LK_NONE);
        }
        if (is_dot(p, ".extern") || is_dot(p, ".weak")) {
            Linkage lk = is_dot(p, ".extern") ? LK_EXTERN : LK_WEAK;
            next(p);
            Mod m2 =
                is(p, TOK_DOTNAME) ? mod_lookup(p->tok.text + 1, (size_t)p->tok.len - 1) : MOD_NONE;
            if (mod_space(m2) == SP_SHARED || mod_space(m2) == SP_GLOBAL) {
                next(p);
                return parse_var_decl(p, mod_space(m2), lk);
            }
        }
        diag_error(p->d, p->tok.loc, "unknown directive '%.*s' in a function body", p->tok.len,
                   p->tok.text);
        return false;
    }
    return parse_instr(p);
}

/* { stmt* } with its own scope. */
static bool
parse_body(P *p, bool nested)
{
    SrcLoc open = p->tok.loc;
    if (!expect(p, '{', "'{'"))
        return false;
    if (p->depth > 200) {
        diag_error(p->d, open, "blocks nested too deeply");
        return false;
    }
    open_scope(p);
    int outer = p->block; /* blocks are numbered as scan_label_scopes() met them */
    p->block = nested ? p->nblocks++ : (p->nblocks = 1, 0);
    if (p->block >= p->block_parent.n) /* the scan lost its way after an error */
        p->block = -1;
    while (!is(p, '}') && !is(p, TOK_EOF) && !diag_too_many(p->d)) {
        if (!parse_stmt(p))
            sync_stmt(p);
    }
    close_scope(p);
    p->block = outer;
    if (!is(p, '}')) {
        if (!diag_too_many(p->d))
            diag_error(p->d, open, "unterminated block: '{' without a matching '}'");
        return false;
    }
    next(p);
    if (nested) {
        Stmt s = {.kind = ST_CLOSE};
        vec_push(p->a, &p->f->body, s);
    }
    return true;
}

/* ( .param .b32 a, .reg .u64 b, ... ) */
static bool
parse_params(P *p, Func *f, bool rets)
{
    if (!expect(p, '(', "'('"))
        return false;
    if (!is(p, ')')) {
        do {
            Space sp;
            if (is_dot(p, ".param"))
                sp = SP_PARAM;
            else if (is_dot(p, ".reg"))
                sp = SP_REG;
            else {
                error_expected(p, "'.param' or '.reg'");
                return false;
            }
            next(p);
            Attrs at = {0};
            if (!parse_attrs(p, &at))
                return false;
            PtxType t = type_of(p);
            if (t == TY_NONE) {
                error_expected(p, "a parameter type");
                return false;
            }
            next(p);
            if (!parse_attrs(p, &at))
                return false;
            Var *v;
            if (is(p, TOK_IDENT) && p->tok.len == 1 && p->tok.text[0] == '_') { /* prototype */
                v = arena_alloc(p->a, sizeof *v);
                v->name = "_";
                v->reg = -1;
                v->loc = p->tok.loc;
                v->space = sp;
                v->type = t;
                v->vec = at.vec;
                v->align = at.align;
                next(p);
                while (accept(p, '[')) {
                    bool ok;
                    v->dims[v->ndims++] = int_const(p, &ok);
                    if (!ok || !expect(p, ']', "']'") || v->ndims == 4)
                        return false;
                }
                var_size(v);
            } else {
                v = parse_declarator(p, sp, LK_NONE, t, &at);
                if (!v)
                    return false;
            }
            v->owner = f;
            if (rets)
                vec_push(p->a, &f->rets, v);
            else
                vec_push(p->a, &f->params, v);
        } while (accept(p, ','));
    }
    return expect(p, ')', "')' or ','");
}

static bool
parse_dims(P *p, int out[3])
{
    for (int i = 0; i < 3; i++) {
        bool ok;
        int64_t v = int_const(p, &ok);
        if (!ok)
            return false;
        if (v <= 0 || v > 1024 * 1024) {
            diag_error(p->d, p->tok.loc, "dimension %lld is out of range", (long long)v);
            return false;
        }
        out[i] = (int)v;
        if (!accept(p, ','))
            break;
    }
    for (int i = 0; i < 3; i++)
        if (out[i] == 0)
            out[i] = 1;
    return true;
}

static bool
parse_perf(P *p, Func *f)
{
    for (;;) {
        bool ok = true;
        if (is_dot(p, ".maxntid")) {
            next(p);
            ok = parse_dims(p, f->perf.maxntid);
        } else if (is_dot(p, ".reqntid")) {
            next(p);
            ok = parse_dims(p, f->perf.reqntid);
        } else if (is_dot(p, ".reqnctapercluster")) {
            next(p);
            ok = parse_dims(p, f->perf.reqnctapercluster);
        } else if (is_dot(p, ".minnctapersm") || is_dot(p, ".maxnctapersm") ||
                   is_dot(p, ".maxnreg") || is_dot(p, ".maxclusterrank")) {
            int *slot = is_dot(p, ".maxnreg") ? &f->perf.maxnreg
                        : is_dot(p, ".maxclusterrank") ? &f->perf.maxclusterrank
                                                       : &f->perf.minnctapersm;
            bool hint = !is_dot(p, ".maxclusterrank");
            const char *start = p->tok.text;
            SrcLoc loc = p->tok.loc;
            next(p);
            const char *end = p->tok.text + p->tok.len;
            *slot = (int)int_const(p, &ok);
            if (ok && hint)
                hint_ignored(p, loc, start, end);
        } else if (is_dot(p, ".explicitcluster")) {
            next(p);
            f->perf.explicitcluster = true;
        } else if (is_dot(p, ".noreturn")) {
            next(p);
            f->noreturn = true;
        } else if (is_dot(p, ".pragma")) {
            const char *start = p->tok.text;
            SrcLoc loc = p->tok.loc;
            next(p);
            while (!is(p, ';') && !is(p, TOK_EOF))
                next(p);
            hint_ignored(p, loc, start, p->tok.text);
            vec_push(p->a, &f->pragmas, arena_strndup(p->a, start, (size_t)(p->tok.text - start)));
            ok = expect(p, ';', "';'");
        } else {
            return true;
        }
        if (!ok)
            return false;
    }
}

static bool
same_signature(const Func *a, const Func *b)
{
    if (a->params.n != b->params.n || a->rets.n != b->rets.n)
        return false;
    for (int i = 0; i < a->params.n; i++)
        if (a->params.v[i]->size != b->params.v[i]->size)
            return false;
    return true;
}

static void
declare_params(P *p, Func *f)
{
    for (int k = 0; k < 2; k++) {
        Vec(Var *) *vs = k ? (void *)&f->rets : (void *)&f->params;
        for (int i = 0; i < vs->n; i++) {
            Var *v = vs->v[i];
            v->owner = f;
            if (strcmp(v->name, "_") == 0)
                continue;
            if (v->space == SP_REG) { /* a register of the function */
                Binding *b = declare(p, v->name, v->loc, B_REG);
                if (!b)
                    continue;
                Reg r = {.name = v->name,
                         .type = v->type,
                         .vec = v->vec,
                         .loc = v->loc,
                         .scope = p->depth};
                b->index = f->regs.n;
                v->reg = f->regs.n;
                vec_push(p->a, &f->regs, r);
                continue;
            }
            Binding *b = declare(p, v->name, v->loc, B_VAR);
            if (b)
                b->ptr = v;
        }
    }
}

/* Names resolved at the end of the function: a name that is not a label
 * where a label may stand is an undeclared label; in a call it is an
 * undeclared function; anywhere else an undeclared identifier. */
static bool
check_labels(P *p, Func *f)
{
    bool ok = true;
    bool *reported = arena_alloc(p->a, (size_t)f->labels.n + 1);
    for (int i = 0; i < f->instrs.n; i++) {
        Instr *in = &f->instrs.v[i];
        for (int j = 0; j < in->nopnd; j++) {
            Operand *o = &in->opnd[j];
            if (o->kind != OPD_LABEL)
                continue;
            Label *l = &f->labels.v[o->label];
            bool target_list = in->op == OP_CALL || (in->op == OP_BRX && j == 1);
            if (l->defined && l->kind != LBL_CODE && target_list) {
                o->kind = OPD_TARGETS;
                continue;
            }
            if (in->op == OP_BRA && (!l->defined || l->kind == LBL_CODE))
                continue; /* undefined: reported below */
            if (in->op == OP_BRX && j == 1 && l->defined) {
                diag_error(p->d, o->loc,
                           "'brx.idx' needs a .branchtargets label, and '%s' is a code label",
                           l->name);
            } else if (in->op == OP_CALL && !l->defined) {
                diag_error(p->d, o->loc, "undeclared function '%s'", l->name);
            } else {
                diag_error(p->d, o->loc, "undeclared identifier '%s'", l->name);
            }
            reported[o->label] = true;
            ok = false;
        }
    }
    for (int i = 0; i < f->labels.n; i++) {
        Label *l = &f->labels.v[i];
        if (!l->defined && !reported[i]) {
            diag_error(p->d, l->loc, "undeclared label '%s'", l->name);
            ok = false;
        }
    }
    return ok;
}

/* One operand of a call against the parameter (or result) v it is passed
 * to: a .param variable of the same size, or a register of the same width
 * (an immediate takes v's type). */
static bool
check_call_operand(P *p, const Func *f, const Operand *o, const Var *v, const char *what, int i,
                   const char *callee)
{
    int64_t want = v->size > 0 ? v->size : type_bits(v->type) / 8;
    int64_t got = -1;
    const char *gt = NULL;
    if (o->kind == OPD_VAR && o->var && o->var->size > 0) {
        got = o->var->size;
    } else if (o->kind == OPD_REG) {
        const Reg *r = &f->regs.v[o->reg];
        got = r->type == TY_PRED ? 0 : type_bits(r->type) / 8;
        gt = type_name(r->type);
        if ((r->type == TY_PRED) != (v->type == TY_PRED) && v->size <= 0)
            got = -2;
    }
    if (got == -1 || want <= 0 || got == want)
        return true;
    if (gt)
        diag_error(p->d, o->loc,
                   "%s %d of the call to '%s' is a .%s register; '%s' takes %lld bytes there", what,
                   i + 1, callee, gt, callee, (long long)want);
    else
        diag_error(p->d, o->loc, "%s %d of the call to '%s' has %lld bytes; '%s' takes %lld", what,
                   i + 1, callee, (long long)got, callee, (long long)want);
    return false;
}

/* Every call against its callee's prototype (a direct call's function, an
 * indirect call's .callprototype or first .calltargets): as many
 * arguments and results, of the same sizes (PTX ISA, "call"). */
static bool
check_calls(P *p, Func *f)
{
    bool ok = true;
    for (int i = 0; i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        if (in->op != OP_CALL || in->nopnd == 0)
            continue;
        CallShape c = call_shape(in);
        const Operand *rets = c.rets, *target = c.target, *args = c.args, *tlist = c.tlist;
        if (!target)
            continue;
        const Func *sig = NULL;
        if (target->kind == OPD_FUNC) {
            sig = target->func;
        } else if (tlist && tlist->kind == OPD_TARGETS) {
            const Label *l = &f->labels.v[tlist->label];
            sig = l->kind == LBL_CALLPROTO                        ? l->proto
                  : l->kind == LBL_CALLTARGETS && l->ntargets > 0 ? l->targets[0].func
                                                                  : NULL;
        }
        if (!sig)
            continue;
        /* a direct call's callee, or an indirect call's prototype label */
        const char *name = target->kind == OPD_FUNC ? sig->name : f->labels.v[tlist->label].name;
        int na = args ? args->nsub : 0, nr = rets ? rets->nsub : 0;
        if (na != sig->params.n || nr != sig->rets.n) {
            diag_error(
                p->d, in->loc,
                "the call to '%s' passes %d argument%s and %d result%s; '%s' takes %d and %d", name,
                na, na == 1 ? "" : "s", nr, nr == 1 ? "" : "s", name, sig->params.n, sig->rets.n);
            ok = false;
            continue;
        }
        for (int j = 0; j < na && ok; j++)
            ok = check_call_operand(p, f, &args->sub[j], sig->params.v[j], "argument", j, name);
        for (int j = 0; j < nr && ok; j++)
            ok = check_call_operand(p, f, &rets->sub[j], sig->rets.v[j], "result", j, name);
    }
    return ok;
}

static bool
parse_function(P *p, Linkage lk)
{
    bool entry = is_dot(p, ".entry");
    next(p);
    Func *f = arena_alloc(p->a, sizeof *f);
    f->is_entry = entry;
    f->linkage = lk;
    f->loc = p->tok.loc;
    bool ok = true;
    p->no_declare = true;
    if (!entry && is(p, '('))
        ok = parse_params(p, f, true);
    if (ok && !is(p, TOK_IDENT)) {
        error_expected(p, entry ? "a kernel name" : "a function name");
        ok = false;
    }
    if (ok) {
        f->name = tok_str(p, &p->tok);
        f->loc = p->tok.loc;
        next(p);
        if (is(p, '('))
            ok = parse_params(p, f, false);
    }
    p->no_declare = false;
    if (!ok || !parse_perf(p, f))
        return false;

    /* a declaration and its later definition are one Func: earlier
     * references keep pointing at it */
    bool body = is(p, '{');
    Binding *prev = lookup(p, f->name, strlen(f->name));
    Func *decl = prev && prev->kind == B_FUNC ? prev->ptr : NULL;
    if (prev && !decl) {
        diag_error(p->d, f->loc, "redefinition of '%s'", f->name);
        return false;
    }
    if (decl) {
        if (decl->has_body && body) {
            diag_error(p->d, f->loc, "redefinition of function '%s'", f->name);
            return false;
        }
        if (!same_signature(decl, f) || decl->is_entry != f->is_entry) {
            diag_error(p->d, f->loc, "'%s' does not match its earlier declaration", f->name);
            return false;
        }
        if (body) {
            decl->params = f->params;
            decl->rets = f->rets;
            decl->perf = f->perf;
            decl->pragmas = f->pragmas;
            decl->noreturn = f->noreturn;
            decl->linkage = lk;
            decl->loc = f->loc;
            f = decl;
            /* printed here with its body; the earlier item stays a prototype */
            for (int i = 0; i < p->m->funcs.n; i++)
                if (p->m->funcs.v[i] == f) {
                    ModItem it = {MI_FUNC, i};
                    vec_push(p->a, &p->m->items, it);
                }
        }
    } else {
        Binding *b = declare(p, f->name, f->loc, B_FUNC);
        if (!b)
            return false;
        b->ptr = f;
        vec_push(p->a, &p->m->funcs, f);
        ModItem it = {MI_FUNC, p->m->funcs.n - 1};
        vec_push(p->a, &p->m->items, it);
    }
    if (!body)
        return expect(p, ';', "';' or a function body");

    f->has_body = true;
    p->f = f;
    table_reset(p, &p->labels);
    scan_label_scopes(p);
    open_scope(p);
    declare_params(p, f);
    ok = parse_body(p, false);
    close_scope(p);
    ok = check_labels(p, f) && ok;
    if (ok)
        ok = check_calls(p, f);
    p->f = NULL;
    return ok;
}

/* ---------------------------------------------------------------- module */

static bool
parse_version(P *p)
{
    next(p);
    if (is(p, TOK_FLOAT) || is(p, TOK_INT)) {
        int maj = 0, min = 0;
        if (sscanf(p->tok.text, "%d.%d", &maj, &min) >= 1 && maj >= 1 && maj < 100) {
            if (!ptx_version_known(maj, min))
                diag_error(p->d, p->tok.loc, "unknown PTX ISA version %.*s; supported: %s",
                           p->tok.len, p->tok.text, ptx_versions_list());
            p->m->version_major = maj;
            p->m->version_minor = min;
            next(p);
            return true;
        }
    }
    error_expected(p, "a version number like 8.0");
    return false;
}

static bool
parse_section(P *p)
{
    const char *start = p->tok.text;
    SrcLoc loc = p->tok.loc;
    next(p);
    while (!is(p, '{') && !is(p, TOK_EOF))
        next(p);
    int depth = 0;
    while (!is(p, TOK_EOF)) {
        if (is(p, '{'))
            depth++;
        if (is(p, '}') && --depth == 0)
            break;
        next(p);
    }
    if (!is(p, '}')) {
        diag_error(p->d, loc, "unterminated .section");
        return false;
    }
    const char *end = p->tok.text + 1;
    next(p);
    vec_push(p->a, &p->m->sections, arena_strndup(p->a, start, (size_t)(end - start)));
    ModItem it = {MI_SECTION, p->m->sections.n - 1};
    vec_push(p->a, &p->m->items, it);
    return true;
}

static bool
parse_directive(P *p)
{
    Module *m = p->m;
    if (is_dot(p, ".version"))
        return parse_version(p);
    if (is_dot(p, ".target")) {
        next(p);
        do {
            if (!is(p, TOK_IDENT)) {
                error_expected(p, "a target name");
                return false;
            }
            const char *t = tok_str(p, &p->tok);
            int need = ptx_target_version(t), have = m->version_major * 10 + m->version_minor;
            if (need < 0)
                diag_error(p->d, p->tok.loc, "unknown target '%s'; supported: %s", t,
                           ptx_targets_list());
            else if (have > 0 && need > have)
                diag_error(p->d, p->tok.loc,
                           "'.target %s' requires PTX ISA %d.%d or later (.version is %d.%d)", t,
                           need / 10, need % 10, m->version_major, m->version_minor);
            vec_push(p->a, &m->target, t);
            next(p);
        } while (accept(p, ','));
        return true;
    }
    if (is_dot(p, ".address_size")) {
        next(p);
        if (!is(p, TOK_INT) || (p->tok.ival != 32 && p->tok.ival != 64)) {
            error_expected(p, "32 or 64");
            return false;
        }
        if (m->version_major * 10 + m->version_minor < 23 && m->version_major > 0)
            diag_error(p->d, p->tok.loc,
                       "'.address_size' requires PTX ISA 2.3 or later (.version is %d.%d)",
                       m->version_major, m->version_minor);
        if (p->tok.ival == 32)
            diag_error(p->d, p->tok.loc,
                       "'.address_size 32' is not supported: 32-bit code is not compiled any "
                       "more (ptxas rejects it too); use .address_size 64");
        m->address_size = (int)p->tok.ival;
        next(p);
        return true;
    }
    if (is_dot(p, ".file")) {
        DebugFile df = {.loc = p->tok.loc};
        next(p);
        bool ok;
        df.id = (int)int_const(p, &ok);
        if (!ok)
            return false;
        if (!is(p, TOK_STRING)) {
            error_expected(p, "a file name string");
            return false;
        }
        df.name = arena_strndup(p->a, p->tok.text + 1, (size_t)p->tok.len - 2);
        next(p);
        while (accept(p, ','))
            if (!is(p, TOK_INT) || (next(p), false))
                return false;
        vec_push(p->a, &m->files, df);
        ModItem it = {MI_FILE, m->files.n - 1};
        vec_push(p->a, &m->items, it);
        return true;
    }
    if (is_dot(p, ".section"))
        return parse_section(p);
    if (is_dot(p, ".pragma")) {
        const char *start = p->tok.text;
        SrcLoc loc = p->tok.loc;
        next(p);
        while (!is(p, ';') && !is(p, TOK_EOF))
            next(p);
        hint_ignored(p, loc, start, p->tok.text);
        return expect(p, ';', "';'");
    }
    Linkage lk = LK_NONE;
    if (is_dot(p, ".visible"))
        lk = LK_VISIBLE;
    else if (is_dot(p, ".extern"))
        lk = LK_EXTERN;
    else if (is_dot(p, ".weak"))
        lk = LK_WEAK;
    else if (is_dot(p, ".common"))
        lk = LK_COMMON;
    if (lk != LK_NONE)
        next(p);
    if (is_dot(p, ".entry") || is_dot(p, ".func"))
        return parse_function(p, lk);
    if (is(p, TOK_DOTNAME)) {
        Mod md = mod_lookup(p->tok.text + 1, (size_t)p->tok.len - 1);
        Space sp = mod_space(md);
        if (sp == SP_GLOBAL || sp == SP_CONST || sp == SP_SHARED || sp == SP_TEX) {
            next(p);
            return parse_var_decl(p, sp, lk);
        }
        if (sp == SP_LOCAL) {
            diag_error(p->d, p->tok.loc, ".local variables are not allowed at module scope");
            return false;
        }
        diag_error(p->d, p->tok.loc, "unknown directive '%.*s'", p->tok.len, p->tok.text);
        return false;
    }
    error_expected(p, "a directive");
    return false;
}

Module *
ptx_parse(const char *filename, const char *text, size_t len, Diags *d)
{
    Module *m = calloc(1, sizeof *m);
    if (!m)
        fatal("out of memory:");
    P *p = calloc(1, sizeof *p);
    if (!p)
        fatal("out of memory:");
    m->filename = filename;
    m->address_size = 64;
    p->m = m;
    p->a = &m->arena;
    p->d = d;
    table_reset(p, &p->names);
    table_reset(p, &p->labels);
    table_reset(p, &p->label_defs);
    lex_init(&p->lx, filename, text, len, d);
    next(p);
    if (!is_dot(p, ".version") && !is(p, TOK_EOF)) {
        diag_error(d, p->tok.loc, "expected '.version' at the start of the module, found %s",
                   tok_desc(p, &p->tok));
    } else if (is(p, TOK_EOF)) {
        diag_error(d, p->tok.loc, "empty module: expected '.version'");
    }
    while (!is(p, TOK_EOF) && !diag_too_many(d)) {
        if (!parse_directive(p)) {
            sync_stmt(p);
            if (is(p, '}'))
                next(p);
        }
    }
    if (d->nerrors == 0 && m->target.n == 0)
        diag_error(d, p->tok.loc, "missing '.target' directive");
    free(p);
    ptx_check(m, d);
    ptx_check_target(m, d);
    return m;
}

void
module_free(Module *m)
{
    if (!m)
        return;
    arena_free(&m->arena);
    free(m);
}
