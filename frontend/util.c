/* util.c — arenas, the growable array, diagnostics, failure reporting. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

/* Per thread, so that concurrent translations each have their own. */
static _Thread_local Recovery *recovery;

Recovery *
recovery_set(Recovery *r)
{
    Recovery *old = recovery;
    recovery = r;
    return old;
}

void
die_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    if (recovery) {
        Recovery *r = recovery;
        int n = snprintf(r->msg, sizeof r->msg, "internal error at %s:%d: ", file, line);
        va_start(ap, fmt);
        vsnprintf(r->msg + n, sizeof r->msg - (size_t)n, fmt, ap);
        va_end(ap);
        longjmp(r->env, 1);
    }
    fflush(stdout);
    fprintf(stderr, "ptx2native: internal error at %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(3);
}

void
fatal(const char *fmt, ...)
{
    va_list ap;
    int err = errno;
    size_t n = strlen(fmt);

    if (recovery) {
        Recovery *r = recovery;
        va_start(ap, fmt);
        int k = vsnprintf(r->msg, sizeof r->msg, fmt, ap);
        va_end(ap);
        if (n > 0 && fmt[n - 1] == ':' && k >= 0 && (size_t)k < sizeof r->msg)
            snprintf(r->msg + k, sizeof r->msg - (size_t)k, " %s", strerror(err));
        longjmp(r->env, 1);
    }
    fflush(stdout);
    fputs("ptx2native: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (n > 0 && fmt[n - 1] == ':')
        fprintf(stderr, " %s", strerror(err));
    fputc('\n', stderr);
    exit(3);
}

/* ---------------------------------------------------------------- arenas */

struct ArenaChunk {
    ArenaChunk *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

enum { CHUNK_MIN = 64 * 1024 };

void *
arena_alloc(Arena *a, size_t n)
{
    ArenaChunk *c = a->head;

    n = (n + 15) & ~(size_t)15;
    if (!c || c->size - c->used < n) {
        size_t size = n > CHUNK_MIN ? n : CHUNK_MIN;
        c = malloc(sizeof *c + size);
        if (!c)
            fatal("out of memory:");
        c->size = size;
        c->used = 0;
        c->next = a->head;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

char *
arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *
arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void
arena_free(Arena *a)
{
    ArenaChunk *c = a->head;
    while (c) {
        ArenaChunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
}

void
vec_reserve(Arena *a, void **v, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return;
    int ncap = *cap ? *cap * 2 : 8;
    while (ncap < need)
        ncap *= 2;
    void *nv = arena_alloc(a, (size_t)ncap * elem);
    if (*v)
        memcpy(nv, *v, (size_t)*cap * elem);
    *v = nv;
    *cap = ncap;
}

/* ----------------------------------------------------------- diagnostics */

void
diag_add_file(Diags *d, const char *name, const char *text, size_t len)
{
    SrcFile f = {name, text, len};
    vec_push(d->arena, &d->files, f);
}

static void
diag_add(Diags *d, DiagKind kind, SrcLoc loc, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *msg = arena_alloc(d->arena, (size_t)n + 1);
    vsnprintf(msg, (size_t)n + 1, fmt, ap);
    Diag g = {kind, loc, msg};
    vec_push(d->arena, &d->list, g);
}

bool
diag_too_many(const Diags *d)
{
    return d->nerrors >= (d->max_errors > 0 ? d->max_errors : 20);
}

void
diag_error(Diags *d, SrcLoc loc, const char *fmt, ...)
{
    if (diag_too_many(d)) {
        d->nerrors++;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    diag_add(d, DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
    d->nerrors++;
}

void
diag_warning(Diags *d, SrcLoc loc, const char *fmt, ...)
{
    if (d->nowarn)
        return;
    va_list ap;
    va_start(ap, fmt);
    diag_add(d, d->werror ? DIAG_ERROR : DIAG_WARNING, loc, fmt, ap);
    va_end(ap);
    if (d->werror)
        d->nerrors++;
    else
        d->nwarnings++;
}

void
diag_note(Diags *d, SrcLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_add(d, DIAG_NOTE, loc, fmt, ap);
    va_end(ap);
}

static const SrcFile *
find_file(const Diags *d, const char *name)
{
    for (int i = 0; i < d->files.n; i++)
        if (d->files.v[i].name == name || strcmp(d->files.v[i].name, name) == 0)
            return &d->files.v[i];
    return NULL;
}

/* The source line of loc and a caret under its column; tabs are kept so
 * the caret lines up in a terminal. */
static void
print_caret(FILE *out, const SrcFile *f, SrcLoc loc)
{
    const char *p = f->text, *end = f->text + f->len;
    for (int line = 1; line < loc.line && p < end; p++)
        if (*p == '\n')
            line++;
    const char *eol = p;
    while (eol < end && *eol != '\n')
        eol++;
    if (p >= end && loc.line > 1)
        return;
    fprintf(out, "%.*s\n", (int)(eol - p), p);
    for (int i = 1; i < loc.col && p + i - 1 < eol; i++)
        fputc(p[i - 1] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

void
diag_print(const Diags *d, FILE *out)
{
    static const char *const kind[] = {"error", "warning", "note"};

    for (int i = 0; i < d->list.n; i++) {
        const Diag *g = &d->list.v[i];
        if (g->loc.file && g->loc.line > 0)
            fprintf(out, "%s:%d:%d: %s: %s\n", g->loc.file, g->loc.line, g->loc.col,
                    kind[g->kind], g->msg);
        else
            fprintf(out, "ptx2native: %s: %s\n", kind[g->kind], g->msg);
        const SrcFile *f = g->loc.file ? find_file(d, g->loc.file) : NULL;
        if (f && g->loc.line > 0)
            print_caret(out, f, g->loc);
    }
    int max = d->max_errors > 0 ? d->max_errors : 20;
    if (d->nerrors > max)
        fprintf(out, "ptx2native: note: %d more errors not shown\n", d->nerrors - max);
}

const char *
module_file_name(const Module *m, int id)
{
    for (int i = 0; i < m->files.n; i++)
        if (m->files.v[i].id == id)
            return m->files.v[i].name;
    return NULL;
}
