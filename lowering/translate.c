/* translate.c — the translator as a library (ptx2native_translate.h): the
 * list of stages, from PTX text in memory to the output in memory or at a
 * path, with the diagnostics handed to a callback.
 *
 * Parse every input, link them into one module, build the CFGs and run the
 * analyses, write the report, lower.  Each call owns everything it uses (its
 * arenas, its diagnostics, one LLVM context in lower_module) and the stages
 * keep no global state, so calls may run at the same time in several
 * threads.  An internal bug or a failed allocation in a stage ends the call
 * with P2N_TRANSLATE_INTERNAL instead of the process (Recovery, util.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm/Config/llvm-config.h>

#include "lower.h"
#include "build_id.h"

#ifndef P2N_VERSION
#define P2N_VERSION "0.1.0"
#endif

typedef struct Run {
    Recovery rec;
    Arena arena;
    Diags d;
    const p2n_translate_options *o;
    const TranslateExtra *x;
    Vec(Module *) made; /* every module made, freed at the end */
} Run;

void
p2n_translate_options_init(p2n_translate_options *o)
{
    if (!o)
        return;
    memset(o, 0, sizeof *o);
    o->output = P2N_OUTPUT_SHARED_OBJECT;
    o->opt_level = 2;
    o->debug_info = 1;
}

const char *
p2n_translator_version(void)
{
    return "ptx2native " P2N_VERSION " (LLVM " LLVM_VERSION_STRING ", build " P2N_BUILD_ID ")";
}

/* ----------------------------------------------------------- diagnostics */

static void
deliver(const Run *r)
{
    const Diags *d = &r->d;
    const p2n_translate_options *o = r->o;
    static const p2n_diag_severity severity[] = {P2N_DIAG_ERROR, P2N_DIAG_WARNING, P2N_DIAG_NOTE};

    if (!o->diag) {
        diag_print(d, stderr);
        return;
    }
    for (int i = 0; i < d->list.n; i++) {
        const Diag *g = &d->list.v[i];
        bool located = g->loc.file && g->loc.line > 0;
        o->diag(o->diag_user, severity[g->kind], located ? g->loc.file : NULL,
                located ? (unsigned)g->loc.line : 0, located ? (unsigned)g->loc.col : 0, g->msg);
        const char *line = located ? diag_source_line(d, g->loc) : NULL;
        if (line) /* the note that quotes the PTX line */
            o->diag(o->diag_user, P2N_DIAG_NOTE, g->loc.file, (unsigned)g->loc.line,
                    (unsigned)g->loc.col, line);
    }
    int max = d->max_errors > 0 ? d->max_errors : 20;
    if (d->nerrors > max) {
        char msg[64];
        snprintf(msg, sizeof msg, "%d more errors not shown", d->nerrors - max);
        o->diag(o->diag_user, P2N_DIAG_NOTE, NULL, 0, 0, msg);
    }
}

/* A message of its own, outside the collected list (for the way out of an
 * internal error, when the arena may be what failed). */
static void
deliver_internal(const Run *r, const char *msg)
{
    if (r->o->diag)
        r->o->diag(r->o->diag_user, P2N_DIAG_ERROR, NULL, 0, 0, msg);
    else
        fprintf(stderr, "ptx2native: error: %s\n", msg);
}

/* --------------------------------------------------------------- options */

static bool
check_features(Run *r, const char *target, const char *list)
{
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (n < 2 || (p[0] != '+' && p[0] != '-') || !target_feature_known(target, p + 1, n - 1)) {
            char *item = arena_strndup(&r->arena, p, n);
            const char *near = n >= 2 ? target_suggest(target, true, item + 1) : NULL;
            if (near)
                diag_error(&r->d, (SrcLoc){0},
                           "unknown target feature '%s' in '%s'; did you mean '%c%s'?", item, list,
                           p[0], near);
            else
                diag_error(&r->d, (SrcLoc){0},
                           "unknown target feature '%s' in '%s' (a comma list of +NAME or -NAME)",
                           item, list);
            return false;
        }
        p += n + (p[n] == ',');
    }
    return true;
}

/* The CPU and the features, checked against what LLVM has for the target
 * before LLVM sees them (it would print its own warnings and go on). */
static bool
check_target(Run *r)
{
    const p2n_translate_options *o = r->o;
    const char *triple = r->x ? r->x->triple : NULL;
    SrcLoc none = {0};
    char err[256];
    if (!triple && !o->cpu && !o->features)
        return true;
    const char *target = target_name(triple, err, sizeof err);
    const char *which = triple ? arena_printf(&r->arena, "target '%s'", triple) : "this target";

    if (!target) {
        diag_error(&r->d, none, "unknown target '%s': %s", triple ? triple : "", err);
        return false;
    }
    if (triple && o->cpu && strcmp(o->cpu, "native") == 0) {
        diag_error(&r->d, none, "--cpu=native names this machine, not target '%s'", triple);
        return false;
    }
    if (o->cpu && strcmp(o->cpu, "native") != 0 &&
        (!*o->cpu || !target_cpu_known(target, o->cpu))) {
        const char *near = *o->cpu ? target_suggest(target, false, o->cpu) : NULL;
        if (near)
            diag_error(&r->d, none, "unknown CPU '%s' for %s; did you mean '%s'?", o->cpu, which,
                       near);
        else if (triple)
            diag_error(&r->d, none, "unknown CPU '%s' for %s (llc -march=%s -mcpu=help lists them)",
                       o->cpu, which, target);
        else
            diag_error(
                &r->d, none,
                "unknown CPU '%s' for %s (native, x86-64, x86-64-v2, x86-64-v3, x86-64-v4 or "
                "an LLVM CPU name)",
                o->cpu, which);
        return false;
    }
    return !o->features || check_features(r, target, o->features);
}

static bool
check_options(Run *r, const p2n_source *inputs, size_t ninputs)
{
    const p2n_translate_options *o = r->o;
    SrcLoc none = {0};
    bool ok = true;

    if (!inputs || ninputs == 0) {
        diag_error(&r->d, none, "no input");
        ok = false;
    }
    for (size_t i = 0; ok && i < ninputs; i++)
        if (!inputs[i].text && inputs[i].len > 0) {
            diag_error(&r->d, none, "input %zu has a length but no text", i);
            ok = false;
        }
    if ((unsigned)o->output > P2N_OUTPUT_LLVM_BITCODE) {
        diag_error(&r->d, none, "unknown output kind %d", (int)o->output);
        ok = false;
    }
    if (o->opt_level < 0 || o->opt_level > 3) {
        diag_error(&r->d, none, "invalid optimisation level %d (0 to 3)", o->opt_level);
        ok = false;
    }
    if (r->x && r->x->triple && o->output == P2N_OUTPUT_SHARED_OBJECT) {
        diag_error(&r->d, none,
                   "a shared object for target '%s' needs its system linker: use -c or -S",
                   r->x->triple);
        ok = false;
    }
    for (int i = 0; r->x && i < r->x->nwarn_opts; i++) {
        const char *w = r->x->warn_opts[i];
        if (!diag_warning_option(&r->d, w)) {
            const char *near = diag_warning_suggest(w);
            diag_error(&r->d, none, "unknown warning option '%s'%s%s%s", w,
                       near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
            ok = false;
        }
    }
    if (ok && !check_target(r))
        ok = false;
    if (o->report_path && !*o->report_path) {
        diag_error(&r->d, none, "empty report path");
        ok = false;
    }
    return ok;
}

/* ---------------------------------------------------------------- output */

/* Writes all of n bytes; false with errno on failure. */
static bool
write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return false;
        }
        c += w;
        n -= (size_t)w;
    }
    return true;
}

/* The temporary's path where the caller's signal handler reads it
 * (TranslateExtra.temp_path): the first byte last, so that it sees the
 * whole path or none; NULL: none now. */
static void
record_temp(const TranslateExtra *x, const char *tmp)
{
    if (!x || !x->temp_path || x->temp_cap == 0)
        return;
    volatile char *rec = x->temp_path;
    rec[0] = '\0';
    size_t n = tmp ? strlen(tmp) : 0;
    if (!tmp || n + 1 > x->temp_cap)
        return;
    for (size_t i = 1; i <= n; i++)
        rec[i] = tmp[i];
    rec[0] = tmp[0];
}

/* A new file beside path (".NAME.XXXXXX" in its directory), created with
 * mode so that the umask applies as for any output; -1 on failure. */
static int
create_beside(Arena *a, const TranslateExtra *x, const char *path, mode_t mode, char **tmp)
{
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path + 1) : 0;
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz"
                                  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_-";
    for (int tries = 0; tries < 100; tries++) {
        unsigned char rnd[6];
        if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
            for (size_t i = 0; i < sizeof rnd; i++) /* no entropy: the pid and a counter */
                rnd[i] = (unsigned char)((unsigned)getpid() >> (i * 4) ^ (unsigned)tries * 37u);
        char suffix[7];
        for (size_t i = 0; i < sizeof rnd; i++)
            suffix[i] = letters[rnd[i] & 63];
        suffix[6] = '\0';
        *tmp = arena_printf(a, "%.*s.%s.%s", dirlen, path, path + dirlen, suffix);
        int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0) /* only once it is ours: never someone else's file */
            record_temp(x, *tmp);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* "-": standard output.  Anything that is not a regular file (/dev/null, a
 * pipe) is written in place.  Otherwise a temporary file beside it is
 * renamed over it, so that a reader (a process that has the old module
 * loaded, a build running in parallel) sees the old file or the new one,
 * never a part. */
static bool
write_output(Run *r, const char *path, const void *data, size_t size, bool executable)
{
    SrcLoc none = {0};

    if (strcmp(path, "-") == 0) {
        if (fwrite(data, 1, size, stdout) != size || fflush(stdout) != 0) {
            diag_error(&r->d, none, "cannot write the output to standard output: %s",
                       strerror(errno));
            return false;
        }
        return true;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (fd < 0 || !write_all(fd, data, size)) {
            diag_error(&r->d, none, "cannot write %s: %s", path, strerror(errno));
            if (fd >= 0)
                close(fd);
            return false;
        }
        close(fd);
        return true;
    }
    char *tmp;
    int fd = create_beside(&r->arena, r->x, path, executable ? 0777 : 0666, &tmp);
    if (fd < 0) {
        diag_error(&r->d, none, "cannot create a file beside %s: %s", path, strerror(errno));
        return false;
    }
    bool ok = write_all(fd, data, size);
    int err = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        err = errno;
    }
    if (!ok)
        unlink(tmp);
    record_temp(r->x, NULL);
    if (!ok)
        diag_error(&r->d, none, "cannot write %s: %s", path, strerror(err));
    return ok;
}

/* ---------------------------------------------------------------- stages */

/* The text of the file at path ("-": standard input) in r's arena; NULL
 * and a diagnostic when it cannot be read (an error in the input, as a
 * compiler has it). */
static char *
read_input(Run *r, const char *path, size_t *len)
{
    bool std = strcmp(path, "-") == 0;
    FILE *f = std ? stdin : fopen(path, "rb");
    if (!f) {
        diag_error(&r->d, (SrcLoc){0}, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    int err = errno;
    bool bad = ferror(f);
    if (!std)
        fclose(f);
    if (!buf)
        fatal("out of memory:");
    char *text = bad ? NULL : arena_strndup(&r->arena, buf, n);
    free(buf);
    if (bad)
        diag_error(&r->d, (SrcLoc){0}, "cannot read %s: %s", std ? "<stdin>" : path, strerror(err));
    *len = n;
    return text;
}

static OutputKind
lower_kind(p2n_output_kind k)
{
    switch (k) {
    case P2N_OUTPUT_SHARED_OBJECT: return OUT_SHARED;
    case P2N_OUTPUT_OBJECT: return OUT_OBJECT;
    case P2N_OUTPUT_ASSEMBLY: return OUT_ASM;
    case P2N_OUTPUT_LLVM_IR: return OUT_LLVM_TEXT;
    case P2N_OUTPUT_LLVM_BITCODE: return OUT_LLVM_BC;
    }
    return OUT_SHARED;
}

static p2n_translate_status
stages(Run *r, const p2n_source *inputs, size_t ninputs, const TranslateExtra *x, const char *path,
       LowerOutput *res)
{
    const p2n_translate_options *o = r->o;
    Diags *d = &r->d;

    /* Stage 1: parse and check every input; link them into one module
     * (.extern, .weak). */
    Vec(Module *) modules = {0};
    for (size_t i = 0; i < ninputs; i++) {
        const char *name = inputs[i].name ? inputs[i].name : "<input>";
        size_t len = inputs[i].len;
        const char *text;
        if (x->read_inputs) {
            text = read_input(r, name, &len);
            if (!text)
                continue;
            if (strcmp(name, "-") == 0)
                name = "<stdin>";
        } else {
            text = arena_strndup(&r->arena, inputs[i].text ? inputs[i].text : "", len);
        }
        diag_add_file(d, name, text, len);
        Module *m = ptx_parse(name, text, len, d);
        if (m) {
            vec_push(&r->arena, &r->made, m);
            vec_push(&r->arena, &modules, m);
        }
    }
    if (d->nerrors > d->nwarn_errors || modules.n == 0) /* -Werror: on to the other warnings */
        return P2N_TRANSLATE_INPUT_ERROR;
    if (modules.n > 1 || !x->syntax_only || o->report_path || (x->dump & ~DUMP_AST)) {
        Module *linked = ptx_link(modules.v, modules.n, d);
        if (linked != modules.v[0]) /* one input is its own link */
            vec_push(&r->arena, &r->made, linked);
        if (d->nerrors > d->nwarn_errors)
            return P2N_TRANSLATE_INPUT_ERROR;
        modules.v[0] = linked;
        modules.n = 1;
    }
    if (x->dump & DUMP_AST)
        for (int i = 0; i < modules.n; i++)
            ptx_print(stdout, modules.v[i]);
    if (x->header_path && !header_write(x->header_path, modules.v[0], d))
        return P2N_TRANSLATE_INTERNAL;

    /* Stage 2: CFG, dominators, post-dominators, uniformity; the
     * warnings; the report. */
    if (x->syntax_only && !o->report_path && !(x->dump & ~DUMP_AST) && d->nowarn)
        return P2N_TRANSLATE_OK;
    Module *m = modules.v[0];
    Analysis *an = analyze_module(m);
    warn_module(an, d);
    if (d->nerrors > 0) /* -Werror */
        return P2N_TRANSLATE_INPUT_ERROR;
    for (int j = 0; j < m->funcs.n; j++) {
        Func *f = m->funcs.v[j];
        if (!f->cfg)
            continue;
        if (x->dump & DUMP_CFG)
            cfg_print(stdout, f);
        if (x->dump & DUMP_PDOM)
            pdom_print(stdout, f);
        if (x->dump & DUMP_UNIFORMITY)
            uniform_print(stdout, f, &an->funcs[j]);
    }
    if (o->report_path && !report_write(o->report_path, an, d))
        return P2N_TRANSLATE_INTERNAL;
    if (x->syntax_only && !(x->dump & DUMP_IR))
        return P2N_TRANSLATE_OK;

    /* Stage 3: LLVM IR, native code, the shared object. */
    LowerOptions lo = {
        .kind = lower_kind(o->output),
        .result = res,
        .opt_level = o->opt_level,
        .mcpu = o->cpu && strcmp(o->cpu, "native") != 0 ? o->cpu : NULL,
        .mattr = o->features,
        .triple = x->triple,
        .debug_info = o->debug_info,
        .profile = o->profile != 0,
        .dump_ir = (x->dump & DUMP_IR) != 0,
    };
    int status = lower_module(an, &lo, d);
    if (status != 0 || lo.dump_ir)
        return (p2n_translate_status)status;
    if (d->nerrors > 0) /* a warning of the code generator under -Werror */
        return P2N_TRANSLATE_INPUT_ERROR;
    if (path && !write_output(r, path, res->data, res->size, lo.kind == OUT_SHARED))
        return P2N_TRANSLATE_INTERNAL;
    return P2N_TRANSLATE_OK;
}

/* The stages under r's recovery point; the diagnostics delivered. */
static p2n_translate_status
guarded(Run *r, const p2n_source *inputs, size_t ninputs, const TranslateExtra *x, const char *path,
        LowerOutput *res)
{
    Recovery *outer = recovery_set(&r->rec);
    if (setjmp(r->rec.env) != 0) {
        recovery_set(outer);
        deliver(r);
        deliver_internal(r, r->rec.msg);
        return P2N_TRANSLATE_INTERNAL;
    }
    p2n_translate_status status = P2N_TRANSLATE_BAD_OPTIONS;
    if (check_options(r, inputs, ninputs))
        status = stages(r, inputs, ninputs, x, path, res);
    recovery_set(outer);
    if (r->d.nerrors > 0 && status == P2N_TRANSLATE_OK)
        status = P2N_TRANSLATE_INPUT_ERROR;
    deliver(r);
    return status;
}

p2n_translate_status
translate(const p2n_source *inputs, size_t ninputs, const p2n_translate_options *o,
          const TranslateExtra *x, const char *path, void **out, size_t *out_size)
{
    p2n_translate_options defaults;
    TranslateExtra no_extra = {0};
    if (!o) {
        p2n_translate_options_init(&defaults);
        o = &defaults;
    }
    /* On the heap: what a longjmp back must still find. */
    Run *r = calloc(1, sizeof *r);
    LowerOutput *res = calloc(1, sizeof *res);
    if (!r || !res) {
        free(r);
        free(res);
        Run tiny = {.o = o};
        deliver_internal(&tiny, "out of memory");
        return P2N_TRANSLATE_INTERNAL;
    }
    r->o = o;
    r->x = x;
    r->d = (Diags){.arena = &r->arena, .werror = o->werror != 0, .nowarn = o->no_warnings != 0};
    p2n_translate_status status = guarded(r, inputs, ninputs, x ? x : &no_extra, path, res);
    if (status == P2N_TRANSLATE_OK && !path && out) {
        *out = res->data;
        *out_size = res->size;
    } else {
        free(res->data);
    }
    free(res);
    for (int i = 0; i < r->made.n; i++)
        module_free(r->made.v[i]);
    arena_free(&r->arena);
    free(r);
    return status;
}

/* ------------------------------------------------------------ public API */

p2n_translate_status
p2n_translate(const p2n_source *inputs, size_t ninputs, const p2n_translate_options *o, void **out,
              size_t *out_size)
{
    if (!out || !out_size) {
        p2n_translate_options defaults;
        if (!o) {
            p2n_translate_options_init(&defaults);
            o = &defaults;
        }
        Run tiny = {.o = o};
        deliver_internal(&tiny, "p2n_translate: null output pointer");
        return P2N_TRANSLATE_BAD_OPTIONS;
    }
    *out = NULL;
    *out_size = 0;
    return translate(inputs, ninputs, o, NULL, NULL, out, out_size);
}

p2n_translate_status
p2n_translate_to_file(const p2n_source *inputs, size_t ninputs, const p2n_translate_options *o,
                      const char *path)
{
    if (!path || !*path) {
        p2n_translate_options defaults;
        if (!o) {
            p2n_translate_options_init(&defaults);
            o = &defaults;
        }
        Run tiny = {.o = o};
        deliver_internal(&tiny, "p2n_translate_to_file: no output path");
        return P2N_TRANSLATE_BAD_OPTIONS;
    }
    return translate(inputs, ninputs, o, NULL, path, NULL, NULL);
}
