/* util.c — arenas, the growable array, diagnostics, failure reporting. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"
#include "ptx2native_translate.h" /* the exit status */

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
    fprintf(stderr, "ptx2native: error: internal error at %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(P2N_TRANSLATE_INTERNAL);
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
    exit(P2N_TRANSLATE_INTERNAL);
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
arena_vprintf(Arena *a, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *p = arena_alloc(a, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

char *
arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = arena_vprintf(a, fmt, ap);
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
    Diag g = {kind, loc, arena_vprintf(d->arena, fmt, ap)};
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

/* ------------------------------------------------------------- warnings */

static const struct {
    const char *name;
    bool on;
} warnings[W_COUNT] = {
#define W(id, name, on, what) {name, on},
#include "warnings.def"
#undef W
};

bool
diag_warning_on(const Diags *d, Warning w)
{
    if (d->nowarn)
        return false;
    return d->on[w] > 0 || (d->on[w] == 0 && (warnings[w].on || d->wall));
}

bool
diag_warning(Diags *d, Warning w, SrcLoc loc, const char *fmt, ...)
{
    if (!diag_warning_on(d, w))
        return false;
    bool error = d->error[w] > 0 || (d->error[w] == 0 && d->werror);
    if (error && diag_too_many(d)) {
        d->nerrors++;
        d->nwarn_errors++;
        return false;
    }
    va_list ap;
    va_start(ap, fmt);
    char *text = arena_vprintf(d->arena, fmt, ap);
    va_end(ap);
    Diag g = {
        error ? DIAG_ERROR : DIAG_WARNING, loc,
        arena_printf(d->arena, "%s [%s-W%s]", text, error ? "-Werror," : "", warnings[w].name)};
    vec_push(d->arena, &d->list, g);
    if (error)
        d->nerrors++, d->nwarn_errors++;
    else
        d->nwarnings++;
    return true;
}

static int
warning_named(const char *name)
{
    for (int w = 0; w < W_COUNT; w++)
        if (strcmp(warnings[w].name, name) == 0)
            return w;
    return -1;
}

bool
diag_warning_option(Diags *d, const char *opt)
{
    if (strcmp(opt, "-w") == 0) {
        d->nowarn = true;
        return true;
    }
    if (strncmp(opt, "-W", 2) != 0)
        return false;
    const char *name = opt + 2;
    if (strcmp(name, "error") == 0) {
        d->werror = true;
        return true;
    }
    if (strcmp(name, "all") == 0) {
        d->wall = true;
        return true;
    }
    signed char *slot = d->on, value = 1;
    if (strncmp(name, "error=", 6) == 0)
        slot = d->error, name += 6;
    else if (strncmp(name, "no-error=", 9) == 0)
        slot = d->error, value = -1, name += 9;
    else if (strncmp(name, "no-", 3) == 0)
        value = -1, name += 3;
    int w = warning_named(name);
    if (w < 0)
        return false;
    slot[w] = value;
    if (slot == d->error && value > 0) /* -Werror=name turns name on too */
        d->on[w] = 1;
    return true;
}

const char *
diag_warning_suggest(const char *opt)
{
    static _Thread_local char buf[64];
    const char *name = strncmp(opt, "-W", 2) == 0 ? opt + 2 : opt;
    const char *prefix = "";
    static const char *const prefixes[] = {"error=", "no-error=", "no-"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) {
            prefix = prefixes[i];
            name += strlen(prefixes[i]);
            break;
        }
    const char *best = NULL;
    size_t bestd = 3; /* at most two edits away */
    for (int w = 0; w < W_COUNT; w++) {
        size_t dist = edit_distance(name, warnings[w].name);
        if (dist < bestd && 2 * dist < strlen(name)) /* and less than half of it */
            best = warnings[w].name, bestd = dist;
    }
    if (!best)
        return NULL;
    snprintf(buf, sizeof buf, "-W%s%s", prefix, best);
    return buf;
}

/* Levenshtein distance, for "did you mean" (names under 64 bytes; longer
 * ones are 64 away from everything). */
size_t
edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 64;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
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

/* The text of loc's line (without its newline), or NULL when the file's
 * text is not known or it has no such line. */
static const char *
line_of(const Diags *d, SrcLoc loc, size_t *len)
{
    const SrcFile *f = loc.file && loc.line > 0 ? find_file(d, loc.file) : NULL;
    if (!f)
        return NULL;
    const char *p = f->text, *end = f->text + f->len;
    for (int line = 1; line < loc.line && p < end; p++)
        if (*p == '\n')
            line++;
    if (p >= end && loc.line > 1)
        return NULL;
    const char *eol = p;
    while (eol < end && *eol != '\n')
        eol++;
    *len = (size_t)(eol - p);
    return p;
}

const char *
diag_source_line(const Diags *d, SrcLoc loc)
{
    size_t n;
    const char *p = line_of(d, loc, &n);
    return p ? arena_strndup(d->arena, p, n) : NULL;
}

/* The source line of loc and a caret under its column; tabs are kept so
 * the caret lines up in a terminal. */
static void
print_caret(FILE *out, const Diags *d, SrcLoc loc)
{
    size_t n;
    const char *p = line_of(d, loc, &n);
    if (!p)
        return;
    fprintf(out, "%.*s\n", (int)n, p);
    for (int i = 1; i < loc.col && (size_t)(i - 1) < n; i++)
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
        print_caret(out, d, g->loc);
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
