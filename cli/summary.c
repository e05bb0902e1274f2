/* summary.c — ptx2native --summary: a divergence report (docs/report.md)
 * read back with libxml2 and shown to a person: a text table of the
 * divergent branches, most divergent first, or one self-contained HTML
 * page (inline style, no scripts, nothing fetched) with the table, the
 * source files (through the report's source-file/source-line, from .loc)
 * and the PTX annotated line by line.
 *
 * "Most divergent", from the static report alone: the number of PTX lines
 * over which the lanes of a divergent transfer may run apart, from the
 * earliest of the branch and its targets to the latest of them and the
 * reconvergence point (to the function's last reported line when they meet
 * only at its exit; 0 for a call, whose lanes meet after it).  The longer
 * that stretch, the more code can run once per side with part of the warp.
 *
 * With a profile (a P2N_PROFILE file of modules translated with --profile)
 * besides the report, each transfer also shows what it did at run time:
 * executions, divergent executions, branch and SIMD efficiency; the most
 * divergent are then those that diverged most often.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "cli.h"

enum { DEFAULT_TOP = 20 };

typedef struct Transfer {
    const char *func, *op, *cls, *lowering, *text;
    const char *mangled; /* the function's name as in the PTX */
    bool measured;       /* the profile counted it */
    unsigned long long exec, divergent, lanes;
    const char *reconv_at, *reconv_label;
    const char *src_file; /* source-file, source-line: from .loc, when the PTX has it */
    int line, col, reconv_line, src_line;
    int lo, hi; /* the stretch of lines the lanes may run apart over */
    int span;
    int order; /* report order, to break ties */
} Transfer;

typedef struct Barrier {
    const char *func, *op, *text, *src_file;
    int line, src_line;
    bool warning;
} Barrier;

typedef struct Report {
    const char *file, *target;
    bool profiled; /* a profile holds counts of this module */
    unsigned long long launches, exec, ndivergent, lanes; /* measured, in all */
    int nfuncs, ntransfers;
    Vec(Transfer) transfers;
    Vec(Barrier) barriers;
    Vec(Transfer *) divergent; /* sorted, most divergent first */
} Report;

typedef Vec(const char *) Names;

typedef struct SumOptions {
    bool html;
    const char *report, *profile, *output;
    int top;
} SumOptions;

/* ------------------------------------------------------------ reading */

static const char *
attr(Arena *a, xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, BAD_CAST name);
    if (!v)
        return NULL;
    const char *s = arena_strndup(a, (const char *)v, strlen((const char *)v));
    xmlFree(v);
    return s;
}

static int
attr_int(xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, BAD_CAST name);
    int x = v ? atoi((const char *)v) : 0;
    xmlFree(v);
    return x;
}

static bool
is(xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrcmp(n->name, BAD_CAST name) == 0;
}

static const char *
text_of(Arena *a, xmlNode *n)
{
    xmlChar *v = xmlNodeGetContent(n);
    const char *s = v ? arena_strndup(a, (const char *)v, strlen((const char *)v)) : "";
    xmlFree(v);
    return s;
}

static void
widen(Transfer *t, int line)
{
    if (line <= 0)
        return;
    if (line < t->lo)
        t->lo = line;
    if (line > t->hi)
        t->hi = line;
}

static void
read_transfer(Arena *a, Report *r, xmlNode *n, const char *func, const char *mangled)
{
    Transfer t = {0};
    t.func = func;
    t.mangled = mangled;
    t.op = attr(a, n, "op");
    t.cls = attr(a, n, "class");
    t.lowering = attr(a, n, "lowering");
    t.line = attr_int(n, "line");
    t.col = attr_int(n, "column");
    t.src_file = attr(a, n, "source-file");
    t.src_line = attr_int(n, "source-line");
    t.text = "";
    t.lo = t.hi = t.line;
    t.order = r->transfers.n;
    for (xmlNode *c = n->children; c; c = c->next) {
        if (is(c, "text")) {
            t.text = text_of(a, c);
        } else if (is(c, "target")) {
            widen(&t, attr_int(c, "line"));
        } else if (is(c, "reconverge")) {
            t.reconv_at = attr(a, c, "at");
            t.reconv_label = attr(a, c, "label");
            t.reconv_line = attr_int(c, "line");
            widen(&t, t.reconv_line);
        }
    }
    vec_push(a, &r->transfers, t);
}

static void
read_function(Arena *a, Report *r, xmlNode *fn)
{
    const char *mangled = attr(a, fn, "name");
    const char *name = attr(a, fn, "demangled"); /* the C++ name, when there is one */
    if (!name)
        name = mangled;
    int first = r->transfers.n, last_line = attr_int(fn, "line");
    r->nfuncs++;
    for (xmlNode *c = fn->children; c; c = c->next) {
        if (is(c, "transfer")) {
            read_transfer(a, r, c, name, mangled);
            Transfer *t = &r->transfers.v[r->transfers.n - 1];
            if (t->hi > last_line)
                last_line = t->hi;
        } else if (is(c, "barrier")) {
            Barrier b = {name, attr(a, c, "op"), "", attr(a, c, "source-file"), attr_int(c, "line"),
                         attr_int(c, "source-line"), false};
            const char *w = attr(a, c, "warning");
            b.warning = w && strcmp(w, "true") == 0;
            for (xmlNode *k = c->children; k; k = k->next)
                if (is(k, "text"))
                    b.text = text_of(a, k);
            if (b.line > last_line)
                last_line = b.line;
            vec_push(a, &r->barriers, b);
        }
    }
    /* lanes that meet only at the exit run apart to the function's end;
     * its last reported line stands for it */
    for (int i = first; i < r->transfers.n; i++) {
        Transfer *t = &r->transfers.v[i];
        if (t->reconv_at && strcmp(t->reconv_at, "function-exit") == 0)
            widen(t, last_line);
        bool apart = t->reconv_at && (strcmp(t->reconv_at, "label") == 0 ||
                                      strcmp(t->reconv_at, "block") == 0 ||
                                      strcmp(t->reconv_at, "function-exit") == 0);
        t->span = apart ? t->hi - t->lo : 0;
    }
}

static int
by_divergence(const void *pa, const void *pb)
{
    const Transfer *a = *(Transfer *const *)pa, *b = *(Transfer *const *)pb;
    if (a->divergent != b->divergent) /* measured; 0 without a profile */
        return a->divergent > b->divergent ? -1 : 1;
    if (a->span != b->span)
        return a->span > b->span ? -1 : 1;
    return a->order - b->order;
}

/* The XML document at path; NULL, with a message, when it cannot be read. */
static xmlDoc *
read_xml(const char *path)
{
    xmlDoc *doc =
        xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc) {
        const xmlError *e = xmlGetLastError();
        if (e && e->message) {
            size_t n = strlen(e->message);
            while (n && e->message[n - 1] == '\n')
                n--;
            if (e->line > 0)
                fprintf(stderr, "%s:%d: error: %.*s\n", path, e->line, (int)n, e->message);
            else
                fprintf(stderr, "ptx2native: error: %s: %.*s\n", path, (int)n, e->message);
        } else {
            fprintf(stderr, "ptx2native: error: cannot read %s\n", path);
        }
    }
    return doc;
}

/* Reads the report; false, with a message, when it is not one. */
static bool
read_report(Arena *a, Report *r, const char *path)
{
    xmlDoc *doc = read_xml(path);
    if (!doc)
        return false;
    xmlNode *root = xmlDocGetRootElement(doc);
    xmlNode *mod = NULL;
    if (root && is(root, "divergence-report"))
        for (xmlNode *c = root->children; c && !mod; c = c->next)
            if (is(c, "module"))
                mod = c;
    if (!mod || attr_int(root, "format") != 1) {
        fprintf(stderr,
                "ptx2native: error: %s: not a divergence report of format 1 (docs/report.md)\n",
                path);
        xmlFreeDoc(doc);
        return false;
    }
    r->file = attr(a, mod, "file");
    r->target = attr(a, mod, "target");
    for (xmlNode *c = mod->children; c; c = c->next)
        if (is(c, "function"))
            read_function(a, r, c);
    xmlFreeDoc(doc);
    r->ntransfers = r->transfers.n;
    return true;
}

/* The divergent transfers, most divergent first. */
static void
rank_divergent(Arena *a, Report *r)
{
    for (int i = 0; i < r->transfers.n; i++)
        if (r->transfers.v[i].cls && strcmp(r->transfers.v[i].cls, "divergent") == 0)
            vec_push(a, &r->divergent, &r->transfers.v[i]);
    if (r->divergent.n > 1)
        qsort(r->divergent.v, (size_t)r->divergent.n, sizeof *r->divergent.v, by_divergence);
}

static unsigned long long
attr_u64(xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, BAD_CAST name);
    unsigned long long x = v ? strtoull((const char *)v, NULL, 10) : 0;
    xmlFree(v);
    return x;
}

/* The counts of one profiled function into the report's transfers. */
static void
read_measured_function(Report *r, xmlNode *fn)
{
    xmlChar *name = xmlGetProp(fn, BAD_CAST "name");
    if (!name)
        return;
    r->launches += attr_u64(fn, "launches");
    for (xmlNode *c = fn->children; c; c = c->next) {
        if (!is(c, "transfer"))
            continue;
        int line = attr_int(c, "line"), col = attr_int(c, "column");
        for (int i = 0; i < r->transfers.n; i++) {
            Transfer *t = &r->transfers.v[i];
            if (t->line != line || t->col != col || !t->mangled ||
                strcmp(t->mangled, (const char *)name) != 0)
                continue;
            t->measured = true;
            t->exec += attr_u64(c, "executions");
            t->divergent += attr_u64(c, "divergent");
            t->lanes += attr_u64(c, "active-lanes");
        }
        r->exec += attr_u64(c, "executions");
        r->ndivergent += attr_u64(c, "divergent");
        r->lanes += attr_u64(c, "active-lanes");
    }
    xmlFree(name);
}

/* Reads a profile (docs/report.md, "Runtime profile") and adds its counts
 * for the report's module (the module of the same PTX file) to r. */
static bool
read_profile(Report *r, const char *path)
{
    xmlDoc *doc = read_xml(path);
    if (!doc)
        return false;
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!root || !is(root, "divergence-profile") || attr_int(root, "format") != 1) {
        fprintf(stderr,
                "ptx2native: error: %s: not a divergence profile of format 1 (docs/report.md)\n",
                path);
        xmlFreeDoc(doc);
        return false;
    }
    for (xmlNode *m = root->children; m; m = m->next) {
        xmlChar *file = is(m, "module") ? xmlGetProp(m, BAD_CAST "file") : NULL;
        if (file && r->file && strcmp((const char *)file, r->file) == 0) {
            r->profiled = true;
            for (xmlNode *c = m->children; c; c = c->next)
                if (is(c, "function"))
                    read_measured_function(r, c);
        }
        xmlFree(file);
    }
    xmlFreeDoc(doc);
    if (!r->profiled)
        fprintf(stderr, "ptx2native: warning: %s has no counts of %s\n", path,
                r->file ? r->file : "?");
    return true;
}

/* ------------------------------------------------------------- cells */

static const char *
reconverge_cell(Arena *a, const Transfer *t)
{
    if (!t->reconv_at)
        return "-";
    if (strcmp(t->reconv_at, "label") == 0)
        return arena_printf(a, "%s (line %d)", t->reconv_label ? t->reconv_label : "?",
                            t->reconv_line);
    if (strcmp(t->reconv_at, "block") == 0)
        return arena_printf(a, "line %d", t->reconv_line);
    if (strcmp(t->reconv_at, "function-exit") == 0)
        return "function exit";
    if (strcmp(t->reconv_at, "after-call") == 0)
        return "after the call";
    return t->reconv_at;
}

static const char *
source_cell(Arena *a, const Transfer *t)
{
    if (!t->src_file || t->src_line <= 0)
        return "-";
    return arena_printf(a, "%s:%d", t->src_file, t->src_line);
}

static bool
any_source(const Report *r)
{
    for (int i = 0; i < r->divergent.n; i++)
        if (r->divergent.v[i]->src_file)
            return true;
    return false;
}

/* -------------------------------------------------------------- text */

static const char *
plural(int n)
{
    return n == 1 ? "" : "s";
}

enum {
    COL_RANK,
    COL_FUNC,
    COL_LINE,
    COL_SOURCE,
    COL_SPAN,
    COL_RECONV,
    COL_LOWERING,
    COL_EXEC, /* COL_EXEC .. COL_SIMD: measured, with a profile */
    COL_DIV,
    COL_BEFF,
    COL_SIMD,
    COL_TEXT,
    NCOLS
};

static const char *const col_head[NCOLS] = {
    "#",        "function", "line",     "source",      "lines apart", "reconverges at",
    "lowering", "executed", "diverged", "branch eff.", "SIMD eff.",   "instruction"};
static const bool col_right[NCOLS] = {true,  false, true, false, true, false,
                                      false, true,  true, true,  true, false};

/* Whether column c is shown: source with a .loc, the measured ones with a
 * profile of the module. */
static bool
col_shown(const Report *r, int c)
{
    if (c == COL_SOURCE)
        return any_source(r);
    if (c >= COL_EXEC && c <= COL_SIMD)
        return r->profiled;
    return true;
}

/* Nsight's branch efficiency, (executions - divergent) / executions, and
 * SIMD efficiency, the mean share of the 32 lanes active, in percent. */
static const char *
percent(Arena *a, const Transfer *t, bool simd)
{
    if (!t->measured || t->exec == 0)
        return "-";
    double v = simd ? (double)t->lanes / (32.0 * (double)t->exec)
                    : (double)(t->exec - t->divergent) / (double)t->exec;
    return arena_printf(a, "%.1f%%", 100.0 * v);
}

static void
row_cells(Arena *a, const Transfer *t, int rank, const char *cell[NCOLS])
{
    cell[COL_RANK] = arena_printf(a, "%d", rank);
    cell[COL_FUNC] = t->func ? t->func : "?";
    cell[COL_LINE] = arena_printf(a, "%d", t->line);
    cell[COL_SOURCE] = source_cell(a, t);
    cell[COL_SPAN] = arena_printf(a, "%d", t->span);
    cell[COL_RECONV] = reconverge_cell(a, t);
    cell[COL_LOWERING] = t->lowering ? t->lowering : "?";
    cell[COL_EXEC] = t->measured ? arena_printf(a, "%llu", t->exec) : "-";
    cell[COL_DIV] = t->measured ? arena_printf(a, "%llu", t->divergent) : "-";
    cell[COL_BEFF] = percent(a, t, false);
    cell[COL_SIMD] = percent(a, t, true);
    cell[COL_TEXT] = t->text;
}

static void
write_text(FILE *f, Arena *a, const Report *r, int top)
{
    int nrows = r->divergent.n < top ? r->divergent.n : top;
    int nbarrier_warnings = 0;
    for (int i = 0; i < r->barriers.n; i++)
        nbarrier_warnings += r->barriers.v[i].warning;
    fprintf(f,
            "%s: %d divergent of %d transfer%s in %d function%s; %d barrier%s may run with part of "
            "a warp\n",
            r->file ? r->file : "?", r->divergent.n, r->ntransfers, plural(r->ntransfers),
            r->nfuncs, plural(r->nfuncs), nbarrier_warnings, plural(nbarrier_warnings));
    if (r->profiled)
        fprintf(f, "measured: %llu launch%s; %llu branch execution%s, %llu divergent%s\n",
                r->launches, r->launches == 1 ? "" : "es", r->exec, r->exec == 1 ? "" : "s",
                r->ndivergent, r->exec ? arena_printf(a, " (branch efficiency %.1f%%)",
                                                      100.0 * (double)(r->exec - r->ndivergent) /
                                                          (double)r->exec)
                                       : "");
    if (nrows == 0)
        return;
    if (nrows < r->divergent.n)
        fprintf(f, "the %d most divergent (--top=N for more):\n", nrows);
    fputc('\n', f);
    const char *(*cells)[NCOLS] = arena_alloc(a, sizeof *cells * (size_t)nrows);
    int width[NCOLS];
    for (int c = 0; c < NCOLS; c++)
        width[c] = (int)strlen(col_head[c]);
    for (int i = 0; i < nrows; i++) {
        row_cells(a, r->divergent.v[i], i + 1, cells[i]);
        for (int c = 0; c < NCOLS; c++)
            if ((int)strlen(cells[i][c]) > width[c])
                width[c] = (int)strlen(cells[i][c]);
    }
    for (int i = -1; i < nrows; i++) {
        const char *const *row = i < 0 ? col_head : cells[i];
        const char *sep = "";
        for (int c = 0; c < NCOLS; c++) {
            if (!col_shown(r, c))
                continue;
            if (c == NCOLS - 1)
                fprintf(f, "%s%s", sep, row[c]); /* no padding at the end of the line */
            else
                fprintf(f, col_right[c] ? "%s%*s" : "%s%-*s", sep, width[c], row[c]);
            sep = "  ";
        }
        fputc('\n', f);
    }
}

/* -------------------------------------------------------------- html */

static void
put_html(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* A file's text, NULL when it cannot be read. */
static char *
read_text(Arena *a, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    Vec(char) buf = {0};
    int ch;
    while ((ch = getc(f)) != EOF)
        vec_push(a, &buf, (char)ch);
    vec_push(a, &buf, '\0');
    bool bad = ferror(f);
    fclose(f);
    return bad ? NULL : buf.v;
}

/* A file the report names: the PTX (as given to the translator) or a
 * source file (as .file names it): as named, from the current directory;
 * else under the same name beside the report; else its last component
 * beside the report (a tree moved since the PTX was made). */
static char *
find_named(Arena *a, const char *report, const char *file)
{
    if (!file)
        return NULL;
    char *text = read_text(a, file);
    const char *slash = strrchr(report, '/');
    int dir = slash ? (int)(slash - report) : 1;
    const char *dirname = slash ? report : ".";
    if (!text && file[0] != '/')
        text = read_text(a, arena_printf(a, "%.*s/%s", dir, dirname, file));
    const char *base = strrchr(file, '/');
    if (!text && base)
        text = read_text(a, arena_printf(a, "%.*s/%s", dir, dirname, base + 1));
    return text;
}

static const char html_style[] =
    "body{font-family:sans-serif;margin:1.5em;color:#222}\n"
    "table.rows{border-collapse:collapse;margin-bottom:1.5em}\n"
    "table.rows td,table.rows th{border:1px solid #ccc;padding:2px 8px;text-align:left}\n"
    "table.rows td.n{text-align:right}\n"
    "pre.code{font-size:13px;line-height:1.35}\n"
    "pre.code span.l{display:block;white-space:pre}\n"
    "pre.code "
    "span.no{color:#999;display:inline-block;width:5em;text-align:right;margin-right:1em}\n"
    ".divergent{background:#fdd}\n"
    ".uniform{background:#eef6ff}\n"
    ".reconverge{background:#dfd}\n"
    ".barrier-warning{background:#fe9}\n"
    ".region{border-left:3px solid #e88}\n"
    ".note{color:#555;font-style:italic;margin-left:2em}\n";

/* A listing: the PTX (file NULL: a line is a PTX line) or a source file
 * (a line is that file's, through source-file and source-line); its lines'
 * ids are prefix and the number. */
typedef struct Listing {
    const char *file, *prefix;
} Listing;

typedef struct Note {
    const char *text;
    int ptx_line; /* > 0: a link to that PTX line */
} Note;

static bool
on_line(const Listing *v, const char *src_file, int src_line, int ptx_line, int line)
{
    if (!v->file)
        return ptx_line == line;
    return src_file && strcmp(src_file, v->file) == 0 && src_line == line;
}

typedef Vec(Note) Notes;

static void
add_note(Arena *a, Notes *notes, int ptx_line, const char *text)
{
    vec_push(a, notes, ((Note){text, ptx_line}));
}

/* One line's classes and notes, from every transfer and barrier on it or,
 * in the PTX, reconverging at it or inside a divergent stretch.  In a
 * source listing each note names its PTX line and links to it. */
static void
html_line(FILE *f, Arena *a, const Report *r, const Listing *v, int line, const char *text)
{
    const char *cls = "";
    bool region = false, ptx = !v->file;
    Notes notes = {0};
    for (int i = 0; i < r->transfers.n; i++) {
        const Transfer *t = &r->transfers.v[i];
        bool div = t->cls && strcmp(t->cls, "divergent") == 0;
        bool on = on_line(v, t->src_file, t->src_line, t->line, line);
        int link = ptx ? 0 : t->line;
        const char *where = !on || ptx ? "" : arena_printf(a, "PTX line %d: ", t->line);
        if (on && div) {
            cls = "divergent";
            add_note(a, &notes, link,
                     arena_printf(a, "%sdivergent %s (%s); lanes meet at %s; %d lines apart", where,
                                  t->op, t->lowering, reconverge_cell(a, t), t->span));
            if (t->measured)
                add_note(a, &notes, 0,
                         arena_printf(a, "ran %llu times, %llu divergent; SIMD efficiency %s",
                                      t->exec, t->divergent, percent(a, t, true)));
            if (ptx && t->src_file)
                add_note(a, &notes, 0, arena_printf(a, "from %s", source_cell(a, t)));
        } else if (on) {
            if (!*cls)
                cls = "uniform";
            add_note(a, &notes, link, arena_printf(a, "%s%s %s", where, t->op, t->cls));
        }
        if (!ptx || !div)
            continue;
        if (t->reconv_line == line && t->reconv_at && strcmp(t->reconv_at, "label") == 0) {
            if (!*cls)
                cls = "reconverge";
            add_note(a, &notes, 0, arena_printf(a, "lanes of line %d meet again here", t->line));
        }
        if (t->span > 0 && line > t->lo && line < t->hi)
            region = true;
    }
    for (int i = 0; i < r->barriers.n; i++) {
        const Barrier *b = &r->barriers.v[i];
        if (!b->warning || !on_line(v, b->src_file, b->src_line, b->line, line))
            continue;
        cls = "barrier-warning";
        add_note(a, &notes, ptx ? 0 : b->line,
                 arena_printf(a, "%s%s may run with part of the warp",
                              ptx ? "" : arena_printf(a, "PTX line %d: ", b->line), b->op));
    }
    fprintf(f, "<span class=\"l%s%s%s\" id=\"%s%d\"><span class=\"no\">%d</span>",
            *cls ? " " : "", cls, region ? " region" : "", v->prefix, line, line);
    put_html(f, text);
    for (int i = 0; i < notes.n; i++) {
        if (notes.v[i].ptx_line > 0)
            fprintf(f, "<a class=\"note\" href=\"#L%d\">", notes.v[i].ptx_line);
        else
            fputs("<span class=\"note\">", f);
        put_html(f, notes.v[i].text);
        fputs(notes.v[i].ptx_line > 0 ? "</a>" : "</span>", f);
    }
    fputs("</span>", f);
}

static void
html_listing(FILE *f, Arena *a, const Report *r, const Listing *v, char *text)
{
    fputs("<pre class=\"code\">", f);
    int line = 1;
    for (char *p = text; *p;) {
        char *end = strchr(p, '\n');
        if (end)
            *end = '\0';
        html_line(f, a, r, v, line++, p);
        if (!end)
            break;
        p = end + 1;
    }
    fputs("</pre>\n", f);
}

/* The source files the report names, each once, in order of appearance. */
static void
source_files(Arena *a, const Report *r, Names *out)
{
    for (int i = 0; i < r->transfers.n + r->barriers.n; i++) {
        const char *file = i < r->transfers.n ? r->transfers.v[i].src_file
                                              : r->barriers.v[i - r->transfers.n].src_file;
        bool seen = !file;
        for (int k = 0; k < out->n && !seen; k++)
            seen = strcmp(out->v[k], file) == 0;
        if (!seen)
            vec_push(a, out, file);
    }
}

static void
write_html(FILE *f, Arena *a, const Report *r, const char *report_path, int top)
{
    char *ptx = find_named(a, report_path, r->file);
    int nrows = r->divergent.n < top ? r->divergent.n : top;

    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    put_html(f, r->file ? r->file : "?");
    fputs(": divergence</title>\n<style>\n", f);
    fputs(html_style, f);
    fputs("</style>\n</head>\n<body>\n<h1>", f);
    put_html(f, r->file ? r->file : "?");
    fprintf(f, "</h1>\n<p>%d divergent of %d transfer%s in %d function%s (target ", r->divergent.n,
            r->ntransfers, plural(r->ntransfers), r->nfuncs, plural(r->nfuncs));
    put_html(f, r->target ? r->target : "?");
    fputs(").</p>\n", f);
    if (nrows > 0) {
        fputs("<table class=\"rows\">\n<tr>", f);
        for (int c = 0; c < NCOLS; c++)
            if (col_shown(r, c))
                fprintf(f, "<th>%s</th>", col_head[c]);
        fputs("</tr>\n", f);
        for (int i = 0; i < nrows; i++) {
            const char *cell[NCOLS];
            row_cells(a, r->divergent.v[i], i + 1, cell);
            fputs("<tr>", f);
            for (int c = 0; c < NCOLS; c++) {
                if (!col_shown(r, c))
                    continue;
                fputs(col_right[c] ? "<td class=\"n\">" : "<td>", f);
                if (c == COL_LINE && ptx)
                    fprintf(f, "<a href=\"#L%d\">%d</a>", r->divergent.v[i]->line,
                            r->divergent.v[i]->line);
                else
                    put_html(f, cell[c]);
                fputs("</td>", f);
            }
            fputs("</tr>\n", f);
        }
        fputs("</table>\n", f);
    }
    Names files = {0};
    source_files(a, r, &files);
    for (int k = 0; k < files.n; k++) {
        char *text = find_named(a, report_path, files.v[k]);
        fputs("<h2>", f);
        put_html(f, files.v[k]);
        if (!text) {
            fputs("</h2>\n<p>Not found (as named, or beside the report).</p>\n", f);
            continue;
        }
        fputs("</h2>\n", f);
        Listing v = {files.v[k], arena_printf(a, "S%d_", k + 1)};
        html_listing(f, a, r, &v, text);
    }
    fputs("<h2>", f);
    put_html(f, r->file ? r->file : "?");
    if (!ptx) {
        fputs("</h2>\n<p>The PTX file was not found beside the report or in the current "
              "directory.</p>\n",
              f);
    } else {
        fputs("</h2>\n", f);
        html_listing(f, a, r, &(Listing){NULL, "L"}, ptx);
    }
    fputs("</body>\n</html>\n", f);
}

/* -------------------------------------------------------------- main */

static _Noreturn void
sum_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "ptx2native: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nusage: ptx2native --summary[=text|html] REPORT.xml [PROFILE.xml] [-o OUT] "
                    "[--top=N]\n");
    exit(P2N_TRANSLATE_BAD_OPTIONS);
}

static void
sum_options(SumOptions *o, int argc, char **argv)
{
    o->top = DEFAULT_TOP;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--summary") == 0 || strcmp(arg, "--summary=text") == 0) {
            o->html = false;
        } else if (strcmp(arg, "--summary=html") == 0) {
            o->html = true;
        } else if (strncmp(arg, "--summary=", 10) == 0) {
            sum_usage("unknown summary kind '%s' (text, html)", arg + 10);
        } else if (strcmp(arg, "-o") == 0) {
            if (++i == argc)
                sum_usage("%s needs a file name", arg);
            o->output = argv[i];
        } else if (strncmp(arg, "--top=", 6) == 0) {
            char *end;
            long n = strtol(arg + 6, &end, 10);
            if (*end || end == arg + 6 || n < 1 || n > 1000000)
                sum_usage("--top needs a number of rows, not '%s'", arg + 6);
            o->top = (int)n;
        } else if (arg[0] == '-' && arg[1]) {
            sum_usage("'%s' is not an option of --summary", arg);
        } else if (o->profile) {
            sum_usage("one report and one profile at a time ('%s' is a third)", arg);
        } else if (o->report) {
            o->profile = arg;
        } else {
            o->report = arg;
        }
    }
    if (!o->report)
        sum_usage("%s", "--summary needs a report (ptx2native --report FILE.xml ...)");
}

int
summary_main(int argc, char **argv)
{
    bool wanted = false;
    for (int i = 1; i < argc && !wanted; i++)
        wanted = strncmp(argv[i], "--summary", 9) == 0 && (argv[i][9] == '\0' || argv[i][9] == '=');
    if (!wanted)
        return -1;
    SumOptions o = {0};
    sum_options(&o, argc, argv);
    Arena a = {0};
    Report r = {0};
    xmlInitParser();
    if (!read_report(&a, &r, o.report) || (o.profile && !read_profile(&r, o.profile))) {
        arena_free(&a);
        return P2N_TRANSLATE_INPUT_ERROR;
    }
    rank_divergent(&a, &r);
    FILE *f = o.output && strcmp(o.output, "-") != 0 ? fopen(o.output, "w") : stdout;
    if (!f) {
        fprintf(stderr, "ptx2native: error: cannot write %s: %s\n", o.output, strerror(errno));
        arena_free(&a);
        return P2N_TRANSLATE_INTERNAL;
    }
    if (o.html)
        write_html(f, &a, &r, o.report, o.top);
    else
        write_text(f, &a, &r, o.top);
    bool bad = ferror(f) != 0;
    bad |= (f == stdout ? fflush(f) : fclose(f)) != 0;
    if (bad)
        fprintf(stderr, "ptx2native: error: cannot write %s\n",
                o.output ? o.output : "standard output");
    arena_free(&a);
    return bad ? P2N_TRANSLATE_INTERNAL : P2N_TRANSLATE_OK;
}
