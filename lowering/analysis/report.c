/* report.c — the XML divergence report (docs/report.md, docs/report.xsd).
 *
 * needs the Analysis of a module (analyze_module).  For every function with
 * a body: each control transfer (bra, brx.idx, call, ret, exit, trap) with
 * its class, reconvergence point and lowering; each barrier with a warning
 * flag when it may run under divergent control; totals.  Output depends only
 * on the module: no timestamps, file names as given.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlwriter.h>

#include "analysis.h"

/* ------------------------------------------------ a thin typed writer */

/* Every element of the report, named once. */
#define ELEMENTS(X)                                                                                \
    X(REPORT, "divergence-report")                                                                 \
    X(MODULE, "module")                                                                            \
    X(FUNCTION, "function")                                                                        \
    X(TRANSFER, "transfer")                                                                        \
    X(TEXT, "text")                                                                                \
    X(TARGET, "target")                                                                            \
    X(CALLEE, "callee")                                                                            \
    X(POSSIBLE, "possible-target")                                                                 \
    X(RECONVERGE, "reconverge")                                                                    \
    X(BARRIER, "barrier")                                                                          \
    X(TOTALS, "totals")

typedef enum {
#define X(id, name) E_##id,
    ELEMENTS(X)
#undef X
} Elem;

static const char *const elem_names[] = {
#define X(id, name) name,
    ELEMENTS(X)
#undef X
};

enum { REPORT_FORMAT_VERSION = 1 };

typedef struct Xw {
    xmlTextWriterPtr w;
    bool failed;
    const Module *module; /* for the possible targets of indirect calls */
} Xw;

static void
x_check(Xw *x, int rc)
{
    if (rc < 0)
        x->failed = true;
}

static void
x_open(Xw *x, Elem e)
{
    x_check(x, xmlTextWriterStartElement(x->w, BAD_CAST elem_names[e]));
}

static void
x_close(Xw *x)
{
    x_check(x, xmlTextWriterEndElement(x->w));
}

static void
x_str(Xw *x, const char *name, const char *value)
{
    x_check(x, xmlTextWriterWriteAttribute(x->w, BAD_CAST name, BAD_CAST value));
}

static void
x_int(Xw *x, const char *name, long value)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", value);
    x_str(x, name, buf);
}

static void
x_bool(Xw *x, const char *name, bool value)
{
    x_str(x, name, value ? "true" : "false");
}

static void
x_loc(Xw *x, SrcLoc loc)
{
    x_int(x, "line", loc.line);
    x_int(x, "column", loc.col);
}

/* The program's own source position (.loc), when the PTX has one. */
static void
x_source(Xw *x, SrcPos s)
{
    const char *file = s.file && x->module ? module_file_name(x->module, s.file) : NULL;
    if (!file)
        return;
    x_str(x, "source-file", file);
    x_int(x, "source-line", s.line);
    x_int(x, "source-column", s.col);
}

/* The C++ runtime's demangler (the Itanium ABI's, in libstdc++, which LLVM
 * already brings into the process). */
extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* `ns::kern<float>(float*, int)` for a mangled C++ name, else NULL. */
char *
report_demangle(Arena *a, const char *name)
{
    if (strncmp(name, "_Z", 2) != 0)
        return NULL;
    int status = 0;
    char *plain = __cxa_demangle(name, NULL, NULL, &status);
    if (!plain || status != 0) {
        free(plain);
        return NULL;
    }
    char *copy = arena_strndup(a, plain, strlen(plain));
    free(plain);
    return copy;
}

/* <e>text</e> */
static void
x_leaf_text(Xw *x, Elem e, const char *text)
{
    x_open(x, e);
    x_check(x, xmlTextWriterWriteString(x->w, BAD_CAST text));
    x_close(x);
}

/* ------------------------------------------------------------ the report */

typedef struct Totals {
    int transfers, uniform_declared, uniform_proven, divergent, uni_unproven;
    int stack, predicated, barriers, barrier_warnings;
} Totals;

/* "bra.uni", "bar.sync", "brx.idx": the opcode and its modifiers. */
static char *
mnemonic(Arena *a, const Instr *in)
{
    char *s = arena_printf(a, "%s", opcode_name(in->op));
    for (int i = 0; i < in->nmods; i++)
        s = arena_printf(a, "%s.%s", s, mod_name(in->mods[i]));
    return s;
}

/* The instruction as the PTX printer writes it, trimmed. */
static char *
instr_text(Arena *a, const Func *f, const Instr *in)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        fatal("open_memstream:");
    ptx_print_instr(mem, f, in);
    fclose(mem);
    char *p = buf;
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    size_t n = strlen(p);
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\n'))
        n--;
    char *text = arena_strndup(a, p, n);
    free(buf);
    return text;
}

static void
write_label_ref(Xw *x, const Func *f, int label)
{
    if (label < 0 || label >= f->labels.n)
        die("label %d out of range in %s", label, f->name);
    const Label *l = &f->labels.v[label];
    x_str(x, "label", l->name);
    x_int(x, "line", l->loc.line);
}

static void
write_targets(Xw *x, const Func *f, const Instr *in)
{
    for (int i = 0; i < in->nopnd; i++) {
        const Operand *o = &in->opnd[i];
        if (in->op == OP_BRA && o->kind == OPD_LABEL) {
            x_open(x, E_TARGET);
            write_label_ref(x, f, o->label);
            x_close(x);
        }
        if (in->op == OP_BRX && o->kind == OPD_TARGETS && o->label >= 0 && o->label < f->labels.n) {
            const Label *t = &f->labels.v[o->label];
            for (int k = 0; k < t->ntargets; k++) {
                if (t->targets[k].kind != OPD_LABEL)
                    continue;
                x_open(x, E_TARGET);
                write_label_ref(x, f, t->targets[k].label);
                x_close(x);
            }
        }
    }
}

/* The functions an indirect call may reach, as the lowering dispatches:
 * its .calltargets list, else every function defined in the module. */
static void
write_possible_targets(Xw *x, const Func *f, const Instr *in)
{
    const Operand *last = in->nopnd > 0 ? &in->opnd[in->nopnd - 1] : NULL;
    if (last && last->kind == OPD_TARGETS && last->label >= 0 && last->label < f->labels.n &&
        f->labels.v[last->label].kind == LBL_CALLTARGETS) {
        const Label *l = &f->labels.v[last->label];
        for (int i = 0; i < l->ntargets; i++)
            if (l->targets[i].func) {
                x_open(x, E_POSSIBLE);
                x_str(x, "name", l->targets[i].func->name);
                x_close(x);
            }
        return;
    }
    for (int i = 0; x->module && i < x->module->funcs.n; i++) {
        const Func *g = x->module->funcs.v[i];
        if (g->has_body && !g->is_entry) {
            x_open(x, E_POSSIBLE);
            x_str(x, "name", g->name);
            x_close(x);
        }
    }
}

static void
write_callee(Xw *x, const Func *f, const Instr *in)
{
    for (int i = 0; i < in->nopnd; i++) {
        const Operand *o = &in->opnd[i];
        if (o->kind == OPD_FUNC && o->func) {
            x_open(x, E_CALLEE);
            x_str(x, "name", o->func->name);
            x_bool(x, "indirect", false);
            x_close(x);
            return;
        }
        if (o->kind == OPD_REG && o->reg >= 0 && o->reg < f->regs.n) {
            x_open(x, E_CALLEE);
            x_str(x, "register", f->regs.v[o->reg].name);
            x_bool(x, "indirect", true);
            write_possible_targets(x, f, in);
            x_close(x);
            return;
        }
    }
}

static void
write_reconverge(Xw *x, const Func *f, const Instr *in, int block)
{
    const Cfg *g = f->cfg;
    x_open(x, E_RECONVERGE);
    if (block == g->exit) {
        x_str(x, "at", "function-exit");
    } else if (block >= 0 && g->blocks[block].label >= 0) {
        x_str(x, "at", "label");
        write_label_ref(x, f, g->blocks[block].label);
    } else if (block >= 0) {
        x_str(x, "at", "block");
        x_int(x, "line", g->blocks[block].loc.line);
    } else if (in->op == OP_CALL) {
        x_str(x, "at", "after-call");
    } else {
        x_str(x, "at", "unreachable"); /* dead code: no post-dominator */
    }
    x_close(x);
}

static void
write_transfer(Xw *x, Arena *a, const Func *f, const FuncInfo *fi, int i, Totals *t)
{
    const Instr *in = &f->instrs.v[i];
    BranchClass c = fi->branch[i];

    x_open(x, E_TRANSFER);
    x_str(x, "op", mnemonic(a, in));
    x_loc(x, in->loc);
    x_source(x, in->src);
    x_str(x, "class", branch_class_name(c));
    x_str(x, "lowering", branch_lowering_name(fi->lowering[i]));
    if (in->guard >= 0 && in->guard < f->regs.n) {
        x_str(x, "guard", f->regs.v[in->guard].name);
        x_bool(x, "guard-negated", in->guard_neg);
    }
    if (fi->uni_unproven[i])
        x_bool(x, "uni-unproven", true);
    x_leaf_text(x, E_TEXT, instr_text(a, f, in));
    write_targets(x, f, in);
    if (in->op == OP_CALL)
        write_callee(x, f, in);
    if (c == BR_DIVERGENT)
        write_reconverge(x, f, in, fi->reconverge[i]);
    x_close(x);

    t->transfers++;
    t->uniform_declared += c == BR_UNIFORM_DECLARED;
    t->uniform_proven += c == BR_UNIFORM_PROVEN;
    t->divergent += c == BR_DIVERGENT;
    t->uni_unproven += fi->uni_unproven[i];
    t->stack += c == BR_DIVERGENT && fi->lowering[i] == LOWER_STACK;
    t->predicated += fi->lowering[i] == LOWER_PREDICATED;
}

static void
write_barrier(Xw *x, Arena *a, const Func *f, const FuncInfo *fi, int i, Totals *t)
{
    const Instr *in = &f->instrs.v[i];
    bool divergent = fi->block_divergent[f->cfg->block_of[i]];

    x_open(x, E_BARRIER);
    x_str(x, "op", mnemonic(a, in));
    x_loc(x, in->loc);
    x_source(x, in->src);
    x_bool(x, "warning", divergent);
    x_leaf_text(x, E_TEXT, instr_text(a, f, in));
    x_close(x);
    t->barriers++;
    t->barrier_warnings += divergent;
}

static void
write_totals(Xw *x, const Totals *t)
{
    x_open(x, E_TOTALS);
    x_int(x, "transfers", t->transfers);
    x_int(x, "uniform-declared", t->uniform_declared);
    x_int(x, "uniform-proven", t->uniform_proven);
    x_int(x, "divergent", t->divergent);
    x_int(x, "uni-unproven", t->uni_unproven);
    x_int(x, "stack", t->stack);
    x_int(x, "predicated", t->predicated);
    x_int(x, "barriers", t->barriers);
    x_int(x, "barrier-warnings", t->barrier_warnings);
    x_close(x);
}

static void
write_function(Xw *x, Arena *a, const Func *f, const FuncInfo *fi)
{
    Totals t = {0};

    x_open(x, E_FUNCTION);
    x_str(x, "name", f->name);
    const char *plain = report_demangle(a, f->name);
    if (plain)
        x_str(x, "demangled", plain);
    x_str(x, "kind", f->is_entry ? "entry" : "func");
    x_loc(x, f->loc);
    for (int i = 0; i < f->instrs.n; i++)
        if (f->instrs.v[i].src.file) { /* where the function's code begins */
            x_source(x, f->instrs.v[i].src);
            break;
        }
    for (int i = 0; i < f->instrs.n; i++) {
        Opcode op = f->instrs.v[i].op;
        if (fi->branch[i] != BR_NONE)
            write_transfer(x, a, f, fi, i, &t);
        else if (opcode_flags(op) & OF_BARRIER)
            write_barrier(x, a, f, fi, i, &t);
    }
    write_totals(x, &t);
    x_close(x);
}

static void
write_module(Xw *x, Arena *a, const Analysis *an)
{
    const Module *m = an->module;
    char *target = "";

    for (int i = 0; i < m->target.n; i++)
        target = arena_printf(a, "%s%s%s", target, i ? "," : "", m->target.v[i]);
    x_check(x, xmlTextWriterStartDocument(x->w, "1.0", "UTF-8", NULL));
    x_open(x, E_REPORT);
    x_int(x, "format", REPORT_FORMAT_VERSION);
    x_open(x, E_MODULE);
    x_str(x, "file", m->filename ? m->filename : "");
    x_str(x, "ptx-version", arena_printf(a, "%d.%d", m->version_major, m->version_minor));
    x_str(x, "target", target);
    x_int(x, "address-size", m->address_size);
    for (int i = 0; i < m->funcs.n; i++) {
        const Func *f = m->funcs.v[i];
        if (f->has_body && f->cfg)
            write_function(x, a, f, &an->funcs[i]);
    }
    x_close(x);
    x_close(x);
    x_check(x, xmlTextWriterEndDocument(x->w));
}

/* libxml2 wants its one-time set-up done before threads use it. */
static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

static void
xml_init(void)
{
    xmlInitParser();
}

/* libxml2's own messages (this thread's handlers) are dropped: a failure
 * is reported as ours, with errno. */
static void
xml_quiet(void *ctx, const char *fmt, ...)
{
    (void)ctx, (void)fmt;
}

bool
report_write(const char *path, const Analysis *an, Diags *d)
{
    pthread_once(&xml_once, xml_init);
    xmlSetGenericErrorFunc(NULL, xml_quiet);
    xmlSetStructuredErrorFunc(NULL, NULL);
    Arena scratch = {0};
    Xw x = {xmlNewTextWriterFilename(path, 0), false, an->module};
    SrcLoc none = {0};

    if (!x.w) {
        diag_error(d, none, "cannot write report %s: %s", path, strerror(errno ? errno : EIO));
        return false;
    }
    x_check(&x, xmlTextWriterSetIndent(x.w, 1));
    x_check(&x, xmlTextWriterSetIndentString(x.w, BAD_CAST "  "));
    write_module(&x, &scratch, an);
    int rc = xmlTextWriterFlush(x.w);
    xmlFreeTextWriter(x.w); /* closes the file */
    arena_free(&scratch);
    if (x.failed || rc < 0) {
        diag_error(d, none, "cannot write report %s", path);
        return false;
    }
    return true;
}
