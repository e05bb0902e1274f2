/* translate_test — the translator as a library (ptx2native_translate.h)
 * with p2n_module_load_data: PTX text in memory to a running kernel, the
 * diagnostics callback, threads, temporary files, atomic output files, and
 * option errors.  Built against the shared library and the public headers
 * only.  Prints PASS/FAIL lines; each kernel's output is compared with the
 * same formula computed in C. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ptx2native.h"
#include "ptx2native_translate.h"

static int failures;

static void
check(bool ok, const char *name, const char *fmt, ...)
{
    if (ok) {
        printf("PASS unit/translate/%s\n", name);
        return;
    }
    failures++;
    printf("FAIL unit/translate/%s: ", name);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

/* out[i] = in[i] * MUL + ADD (32-bit, wrapping) for i < n; one thread an
 * element, the last block partly idle. */
static const char kernel_template[] = ".version 7.0\n"
                                      ".target sm_80\n"
                                      ".address_size 64\n"
                                      "\n"
                                      ".visible .entry affine(\n"
                                      "\t.param .u64 out,\n"
                                      "\t.param .u64 in,\n"
                                      "\t.param .u32 n\n"
                                      ")\n"
                                      "{\n"
                                      "\t.reg .pred %%p<2>;\n"
                                      "\t.reg .b32 %%r<8>;\n"
                                      "\t.reg .b64 %%rd<8>;\n"
                                      "\n"
                                      "\tld.param.u64 %%rd1, [out];\n"
                                      "\tld.param.u64 %%rd2, [in];\n"
                                      "\tld.param.u32 %%r1, [n];\n"
                                      "\tmov.u32 %%r2, %%ctaid.x;\n"
                                      "\tmov.u32 %%r3, %%ntid.x;\n"
                                      "\tmov.u32 %%r4, %%tid.x;\n"
                                      "\tmad.lo.s32 %%r5, %%r2, %%r3, %%r4;\n"
                                      "\tsetp.ge.u32 %%p1, %%r5, %%r1;\n"
                                      "\t@%%p1 bra DONE;\n"
                                      "\tcvta.to.global.u64 %%rd3, %%rd1;\n"
                                      "\tcvta.to.global.u64 %%rd4, %%rd2;\n"
                                      "\tmul.wide.u32 %%rd5, %%r5, 4;\n"
                                      "\tadd.s64 %%rd6, %%rd4, %%rd5;\n"
                                      "\tld.global.u32 %%r6, [%%rd6];\n"
                                      "\tmad.lo.s32 %%r7, %%r6, %u, %u;\n"
                                      "\tadd.s64 %%rd7, %%rd3, %%rd5;\n"
                                      "\tst.global.u32 [%%rd7], %%r7;\n"
                                      "DONE:\n"
                                      "\tret;\n"
                                      "}\n";

/* An unknown instruction at line 6, column 2 (after the tab). */
static const char broken_text[] = ".version 7.0\n"
                                  ".target sm_80\n"
                                  ".address_size 64\n"
                                  ".visible .entry k()\n"
                                  "{\n"
                                  "\tfrobnicate.b32 %r0;\n"
                                  "\tret;\n"
                                  "}\n";

/* shfl without .sync (line 8): deprecated since PTX ISA 6.0, an error on
 * sm_70 and later from 6.4 */
static const char old_text[] = ".version 6.3\n"
                               ".target sm_75\n"
                               ".address_size 64\n"
                               ".visible .entry k()\n"
                               "{\n"
                               "\t.reg .b32 %r<2>;\n"
                               "\tmov.u32 %r1, %tid.x;\n"
                               "\tshfl.up.b32 %r1, %r1, 1, 0;\n"
                               "\tret;\n"
                               "}\n";

static char *
kernel_text(unsigned mul, unsigned add)
{
    size_t n = sizeof kernel_template + 32;
    char *s = malloc(n);
    snprintf(s, n, kernel_template, mul, add);
    return s;
}

/* ------------------------------------------------------- diagnostics */

enum { MAXD = 32 };

typedef struct Collected {
    int n;
    p2n_diag_severity sev[MAXD];
    char file[MAXD][64];
    unsigned line[MAXD], col[MAXD];
    char msg[MAXD][512];
} Collected;

static void
collect(void *user, p2n_diag_severity sev, const char *file, unsigned line, unsigned col,
        const char *msg)
{
    Collected *c = user;
    if (c->n == MAXD) return;
    c->sev[c->n] = sev;
    snprintf(c->file[c->n], sizeof c->file[0], "%s", file ? file : "");
    c->line[c->n] = line;
    c->col[c->n] = col;
    snprintf(c->msg[c->n], sizeof c->msg[0], "%s", msg);
    c->n++;
}

static void
quiet_options(p2n_translate_options *o, Collected *c)
{
    p2n_translate_options_init(o);
    memset(c, 0, sizeof *c);
    o->diag = collect;
    o->diag_user = c;
}

/* ---------------------------------------------------------- kernels */

enum { N = 1000 };

/* Runs affine over N elements; "" or what went wrong in why. */
static bool
run_affine(p2n_module *m, unsigned mul, unsigned add, char *why, size_t whylen)
{
    uint32_t *in = malloc(N * sizeof *in), *out = malloc(N * sizeof *out);
    for (uint32_t i = 0; i < N; i++) {
        in[i] = i * 2654435761u;
        out[i] = 0xdeadbeef;
    }
    uint32_t n = N;
    void *params[] = {&out, &in, &n};
    p2n_result r = p2n_launch(m, "affine", (p2n_dim3){(N + 127) / 128, 1, 1}, (p2n_dim3){128, 1, 1},
                              0, params);
    bool ok = r == P2N_SUCCESS;
    if (!ok) snprintf(why, whylen, "launch: %s", p2n_error_message());
    for (uint32_t i = 0; ok && i < N; i++) {
        uint32_t want = in[i] * mul + add;
        if (out[i] != want) {
            snprintf(why, whylen, "out[%u] = %u, want %u", i, out[i], want);
            ok = false;
        }
    }
    free(in);
    free(out);
    return ok;
}

/* Translates affine(mul, add) in memory, loads it from memory, runs it;
 * writes the report too when report is not NULL. */
static bool
translate_and_run(unsigned mul, unsigned add, const char *report, char *why, size_t whylen)
{
    char *text = kernel_text(mul, add);
    p2n_source src = {"affine.ptx", text, strlen(text)};
    p2n_translate_options o;
    Collected c;
    quiet_options(&o, &c);
    o.report_path = report;
    void *image = NULL;
    size_t size = 0;
    p2n_translate_status st = p2n_translate(&src, 1, &o, &image, &size);
    free(text);
    if (st != P2N_TRANSLATE_OK) {
        snprintf(why, whylen, "status %d: %.200s", st, c.n ? c.msg[0] : "");
        return false;
    }
    p2n_module *m;
    p2n_result r = p2n_module_load_data(&m, image, size);
    memset(image, 0, size); /* the module must not need the image any more */
    free(image);
    if (r != P2N_SUCCESS) {
        snprintf(why, whylen, "load: %s", p2n_error_message());
        return false;
    }
    bool ok = run_affine(m, mul, add, why, whylen);
    p2n_module_unload(m);
    return ok;
}

static void
test_memory(void)
{
    char why[256] = "";
    check(translate_and_run(5, 11, NULL, why, sizeof why), "memory_to_module", "%s", why);

    /* two modules loaded from memory at once stay apart */
    p2n_translate_options o;
    Collected c;
    quiet_options(&o, &c);
    p2n_module *m[2] = {NULL, NULL};
    bool ok = true;
    for (int i = 0; i < 2 && ok; i++) {
        char *text = kernel_text(7 + i, 1000u * i);
        p2n_source src = {"affine.ptx", text, strlen(text)};
        void *image;
        size_t size;
        ok = p2n_translate(&src, 1, &o, &image, &size) == P2N_TRANSLATE_OK &&
             p2n_module_load_data(&m[i], image, size) == P2N_SUCCESS;
        if (ok) free(image);
        free(text);
    }
    for (int i = 0; i < 2 && ok; i++)
        ok = run_affine(m[i], 7 + i, 1000u * i, why, sizeof why);
    p2n_module_unload(m[0]);
    p2n_module_unload(m[1]);
    check(ok, "two_modules_from_memory", "%s", why);

    const char *v = p2n_translator_version();
    check(v && strncmp(v, "ptx2native ", 11) == 0 && strstr(v, "LLVM"), "version", "'%s'",
          v ? v : "(null)");
}

/* The other output kinds, in memory, and what p2n_module_load_data refuses. */
static void
test_kinds(void)
{
    char *text = kernel_text(3, 4);
    p2n_source src = {"affine.ptx", text, strlen(text)};
    static const struct {
        p2n_output_kind kind;
        const char *name;
    } kinds[] = {{P2N_OUTPUT_OBJECT, "object"},
                 {P2N_OUTPUT_ASSEMBLY, "assembly"},
                 {P2N_OUTPUT_LLVM_IR, "llvm_ir"},
                 {P2N_OUTPUT_LLVM_BITCODE, "llvm_bitcode"}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        p2n_translate_options o;
        Collected c;
        quiet_options(&o, &c);
        o.output = kinds[k].kind;
        unsigned char *out = NULL;
        size_t size = 0;
        p2n_translate_status st = p2n_translate(&src, 1, &o, (void **)&out, &size);
        bool ok = st == P2N_TRANSLATE_OK && out && size > 16;
        char *s = NULL;
        if (ok) {
            s = malloc(size + 1);
            memcpy(s, out, size);
            s[size] = '\0';
        }
        switch (kinds[k].kind) {
        case P2N_OUTPUT_OBJECT: /* ELF, e_type ET_REL (1) */
            ok = ok && memcmp(out, "\177ELF", 4) == 0 && out[16] == 1 && out[17] == 0;
            break;
        case P2N_OUTPUT_ASSEMBLY:
            ok = ok && strstr(s, "p2n.kernel.affine");
            break;
        case P2N_OUTPUT_LLVM_IR:
            ok = ok && strstr(s, "define") && strstr(s, "p2n.kernel.affine");
            break;
        case P2N_OUTPUT_LLVM_BITCODE:
            ok = ok && memcmp(out, "BC\xc0\xde", 4) == 0;
            break;
        default:
            break;
        }
        check(ok, kinds[k].name, "status %d, %zu bytes: %s", st, size, c.n ? c.msg[0] : "");
        if (kinds[k].kind == P2N_OUTPUT_OBJECT && out) {
            p2n_module *m = NULL;
            p2n_result r = p2n_module_load_data(&m, out, size);
            check(r == P2N_ERROR_INVALID_MODULE && !m, "load_data_refuses_object", "result %d", r);
        }
        free(s);
        free(out);
    }
    free(text);

    p2n_module *m = NULL;
    char junk[256] = "not an ELF file";
    check(p2n_module_load_data(&m, junk, sizeof junk) == P2N_ERROR_INVALID_MODULE && !m,
          "load_data_refuses_junk", "%s", p2n_error_message());
    check(p2n_module_load_data(&m, "\177ELF", 4) == P2N_ERROR_INVALID_MODULE,
          "load_data_refuses_short", "%s", p2n_error_message());
    check(p2n_module_load_data(&m, NULL, 100) == P2N_ERROR_INVALID_VALUE &&
              p2n_module_load_data(NULL, junk, sizeof junk) == P2N_ERROR_INVALID_VALUE,
          "load_data_null", "%s", p2n_error_message());
}

static void
test_diagnostics(void)
{
    p2n_source src = {"broken.ptx", broken_text, strlen(broken_text)};
    p2n_translate_options o;
    Collected c;
    quiet_options(&o, &c);
    void *out = (void *)1;
    size_t size = 1;
    p2n_translate_status st = p2n_translate(&src, 1, &o, &out, &size);
    check(st == P2N_TRANSLATE_INPUT_ERROR && out == NULL && size == 0, "input_error_status",
          "status %d", st);
    check(c.n >= 1 && c.sev[0] == P2N_DIAG_ERROR && strcmp(c.file[0], "broken.ptx") == 0 &&
              c.line[0] == 6 && c.col[0] == 2 && strstr(c.msg[0], "frobnicate") &&
              strstr(c.msg[0], "error:") == NULL,
          "diag_location", "%d diagnostics; first: %d %s:%u:%u %s", c.n, c.n ? (int)c.sev[0] : -1,
          c.n ? c.file[0] : "", c.n ? c.line[0] : 0, c.n ? c.col[0] : 0, c.n ? c.msg[0] : "");

    /* each located diagnostic is followed by a note at the same place
     * that quotes the PTX line (broken_text's line 6) */
    check(c.n >= 2 && c.sev[1] == P2N_DIAG_NOTE && strcmp(c.file[1], "broken.ptx") == 0 &&
              c.line[1] == 6 && c.col[1] == 2 && strcmp(c.msg[1], "\tfrobnicate.b32 %r0;") == 0,
          "diag_quote_note", "%d diagnostics; second: %d %s:%u:%u '%s'", c.n, c.n > 1 ? (int)c.sev[1] : -1,
          c.n > 1 ? c.file[1] : "", c.n > 1 ? c.line[1] : 0, c.n > 1 ? c.col[1] : 0, c.n > 1 ? c.msg[1] : "");

    /* a warning (shfl without .sync is deprecated since PTX ISA 6.0): a
     * warning and its note, the output made; with werror an error and no
     * output; with no_warnings nothing */
    p2n_source old = {"old.ptx", old_text, strlen(old_text)};
    quiet_options(&o, &c);
    st = p2n_translate(&old, 1, &o, &out, &size);
    check(st == P2N_TRANSLATE_OK && out && c.n == 2 && c.sev[0] == P2N_DIAG_WARNING && c.line[0] == 8 &&
              c.col[0] == 2 && strstr(c.msg[0], "[-Wdeprecated]") && c.sev[1] == P2N_DIAG_NOTE &&
              strcmp(c.msg[1], "\tshfl.up.b32 %r1, %r1, 1, 0;") == 0,
          "warning", "status %d, %d diagnostics; first: %s", st, c.n, c.n ? c.msg[0] : "");
    free(out);
    quiet_options(&o, &c);
    o.werror = 1;
    st = p2n_translate(&old, 1, &o, &out, &size);
    check(st == P2N_TRANSLATE_INPUT_ERROR && !out && c.n == 2 && c.sev[0] == P2N_DIAG_ERROR &&
              strstr(c.msg[0], "[-Werror,-Wdeprecated]"),
          "warning_werror", "status %d, %d diagnostics; first: %s", st, c.n, c.n ? c.msg[0] : "");
    quiet_options(&o, &c);
    o.no_warnings = 1;
    st = p2n_translate(&old, 1, &o, &out, &size);
    check(st == P2N_TRANSLATE_OK && out && c.n == 0, "warning_no_warnings", "status %d, %d diagnostics", st,
          c.n);
    free(out);

    /* the second input's name, for an error in the second input */
    char *good = kernel_text(1, 2);
    p2n_source two[] = {{"good.ptx", good, strlen(good)},
                        {"second.ptx", broken_text, strlen(broken_text)}};
    quiet_options(&o, &c);
    st = p2n_translate(two, 2, &o, &out, &size);
    check(st == P2N_TRANSLATE_INPUT_ERROR && c.n >= 1 && strcmp(c.file[0], "second.ptx") == 0 &&
              c.line[0] == 6,
          "diag_second_input", "status %d, %s:%u", st, c.n ? c.file[0] : "", c.n ? c.line[0] : 0);
    free(good);

    /* an empty text is an input error, not a crash */
    p2n_source empty = {"empty.ptx", "", 0};
    quiet_options(&o, &c);
    st = p2n_translate(&empty, 1, &o, &out, &size);
    check(st == P2N_TRANSLATE_INPUT_ERROR && c.n >= 1 && c.sev[0] == P2N_DIAG_ERROR, "empty_input",
          "status %d", st);
}

/* ---------------------------------------------------------- threads */

enum { NTHREADS = 4, ROUNDS = 2 };

typedef struct Job {
    unsigned t;
    bool ok;
    char why[256];
} Job;

static void *
translate_job(void *arg)
{
    Job *j = arg;
    char report[64];
    snprintf(report, sizeof report, "test/out/translate_report_%u.xml", j->t);
    unlink(report);
    j->ok = true;
    for (unsigned r = 0; r < ROUNDS && j->ok; r++)
        j->ok =
            translate_and_run(3 + j->t * 2 + r, 100 * j->t + 7 * r, report, j->why, sizeof j->why);
    char *xml = NULL;
    size_t n = 0;
    FILE *f = j->ok ? fopen(report, "rb") : NULL;
    if (f) {
        xml = calloc(1, 1 << 16);
        n = fread(xml, 1, (1 << 16) - 1, f);
        fclose(f);
    }
    if (j->ok && !(n > 0 && strstr(xml, "<?xml") && strstr(xml, "affine"))) {
        j->ok = false;
        snprintf(j->why, sizeof j->why, "no report in %s", report);
    }
    free(xml);
    return NULL;
}

static void
test_threads(void)
{
    pthread_t th[NTHREADS];
    Job jobs[NTHREADS];
    for (unsigned t = 0; t < NTHREADS; t++) {
        jobs[t] = (Job){.t = t};
        pthread_create(&th[t], NULL, translate_job, &jobs[t]);
    }
    bool ok = true;
    char why[300] = "";
    for (unsigned t = 0; t < NTHREADS; t++) {
        pthread_join(th[t], NULL);
        if (!jobs[t].ok && ok) {
            ok = false;
            snprintf(why, sizeof why, "thread %u: %s", t, jobs[t].why);
        }
    }
    check(ok, "four_threads", "%s", why);
}

/* ------------------------------------------------------ files, TMPDIR */

/* The names in dir other than . and .., space-separated ("" if none). */
static void
list_dir(const char *dir, char *buf, size_t len)
{
    buf[0] = '\0';
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(buf, len, "(cannot open %s)", dir);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            snprintf(buf + strlen(buf), len - strlen(buf), "%s ", e->d_name);
    closedir(d);
}

static char *
make_dir(const char *tag)
{
    char tmpl[PATH_MAX];
    snprintf(tmpl, sizeof tmpl, "test/out/%s.XXXXXX", tag);
    if (!mkdtemp(tmpl)) return NULL;
    return realpath(tmpl, NULL);
}

static void
test_tmpdir(void)
{
    char *dir = make_dir("translate_tmp");
    if (!dir) {
        check(false, "tmpdir", "cannot make a directory under test/out: %s", strerror(errno));
        return;
    }
    const char *cc = getenv("CC");
    char *saved_cc = cc ? strdup(cc) : NULL;
    const char *tmpdir = getenv("TMPDIR");
    char *saved_tmpdir = tmpdir ? strdup(tmpdir) : NULL;
    setenv("TMPDIR", dir, 1);

    char why[256] = "", left[1024];
    bool ok = translate_and_run(9, 9, NULL, why, sizeof why);
    list_dir(dir, left, sizeof left);
    check(ok && !*left, "tmpdir_empty_after_success", "%s; left: %s", why, left);

    p2n_source src = {"broken.ptx", broken_text, strlen(broken_text)};
    p2n_translate_options o;
    Collected c;
    quiet_options(&o, &c);
    void *out;
    size_t size;
    p2n_translate_status st = p2n_translate(&src, 1, &o, &out, &size);
    list_dir(dir, left, sizeof left);
    check(st == P2N_TRANSLATE_INPUT_ERROR && !*left, "tmpdir_empty_after_input_error",
          "status %d; left: %s", st, left);

    /* failures of the linker itself: it cannot be run, or it fails */
    char *text = kernel_text(2, 2);
    p2n_source good = {"affine.ptx", text, strlen(text)};
    setenv("CC", "/nonexistent/cc", 1);
    quiet_options(&o, &c);
    st = p2n_translate(&good, 1, &o, &out, &size);
    list_dir(dir, left, sizeof left);
    check(st == P2N_TRANSLATE_INTERNAL && c.n >= 1 && strstr(c.msg[0], "could not be run") &&
              !*left,
          "tmpdir_empty_after_missing_linker", "status %d, '%s'; left: %s", st, c.n ? c.msg[0] : "",
          left);
    setenv("CC", "false", 1);
    quiet_options(&o, &c);
    st = p2n_translate(&good, 1, &o, &out, &size);
    list_dir(dir, left, sizeof left);
    check(st == P2N_TRANSLATE_INTERNAL && c.n >= 1 && strstr(c.msg[0], "failed") && !*left,
          "tmpdir_empty_after_failing_linker", "status %d, '%s'; left: %s", st, c.n ? c.msg[0] : "",
          left);
    /* a linker that writes nothing but says it succeeded */
    setenv("CC", "true", 1);
    quiet_options(&o, &c);
    st = p2n_translate(&good, 1, &o, &out, &size);
    list_dir(dir, left, sizeof left);
    check(st == P2N_TRANSLATE_INTERNAL && !*left, "tmpdir_empty_after_silent_linker",
          "status %d; left: %s", st, left);
    if (saved_cc)
        setenv("CC", saved_cc, 1);
    else
        unsetenv("CC");

    /* a TMPDIR that does not exist: an error, not a file elsewhere */
    char *gone = malloc(strlen(dir) + 16);
    sprintf(gone, "%s/no/such/dir", dir);
    setenv("TMPDIR", gone, 1);
    quiet_options(&o, &c);
    st = p2n_translate(&good, 1, &o, &out, &size);
    check(st == P2N_TRANSLATE_INTERNAL && c.n >= 1, "missing_tmpdir", "status %d", st);
    free(gone);
    free(text);

    if (saved_tmpdir)
        setenv("TMPDIR", saved_tmpdir, 1);
    else
        unsetenv("TMPDIR");
    rmdir(dir);
    free(dir);
    free(saved_cc);
    free(saved_tmpdir);
}

static bool
read_whole(const char *path, char **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    *data = malloc((size_t)n + 1);
    *size = fread(*data, 1, (size_t)n, f);
    fclose(f);
    return *size == (size_t)n;
}

static void
test_to_file(void)
{
    char *dir = make_dir("translate_file");
    if (!dir) {
        check(false, "to_file", "cannot make a directory under test/out: %s", strerror(errno));
        return;
    }
    char path[PATH_MAX], why[256] = "", left[1024];
    snprintf(path, sizeof path, "%s/k.so", dir);
    p2n_translate_options o;
    Collected c;
    quiet_options(&o, &c);

    char *a = kernel_text(21, 1), *b = kernel_text(22, 2);
    p2n_source src_a = {"a.ptx", a, strlen(a)}, src_b = {"b.ptx", b, strlen(b)};
    p2n_translate_status st = p2n_translate_to_file(&src_a, 1, &o, path);
    struct stat st_a, st_b;
    bool ok = st == P2N_TRANSLATE_OK && stat(path, &st_a) == 0;
    mode_t mask = umask(022);
    umask(mask);
    check(ok && (st_a.st_mode & 0777) == (0777 & ~mask), "to_file_mode", "status %d, mode %o", st,
          ok ? (unsigned)(st_a.st_mode & 0777) : 0);
    p2n_module *ma = NULL;
    ok = ok && p2n_module_load(&ma, path) == P2N_SUCCESS && run_affine(ma, 21, 1, why, sizeof why);
    check(ok, "to_file_loads", "status %d: %s %s", st, c.n ? c.msg[0] : "", why);

    /* replacing the file while the old module is loaded: a new file is
     * renamed into place, so the loaded one is untouched */
    st = p2n_translate_to_file(&src_b, 1, &o, path);
    ok = st == P2N_TRANSLATE_OK && stat(path, &st_b) == 0 && st_b.st_ino != st_a.st_ino;
    check(ok, "to_file_replaces_by_rename", "status %d", st);
    ok = ma && run_affine(ma, 21, 1, why, sizeof why);
    check(ok, "to_file_old_module_still_runs", "%s", why);
    /* (dlopen knows a loaded object by its path: unload the old first) */
    p2n_module_unload(ma);
    p2n_module *mb = NULL;
    ok = p2n_module_load(&mb, path) == P2N_SUCCESS && run_affine(mb, 22, 2, why, sizeof why);
    check(ok, "to_file_new_module_runs", "%s", why);
    p2n_module_unload(mb);

    /* failures leave the existing file as it was, and nothing beside it */
    char *before = NULL, *after = NULL;
    size_t nbefore = 0, nafter = 0;
    read_whole(path, &before, &nbefore);
    p2n_source broken = {"broken.ptx", broken_text, strlen(broken_text)};
    st = p2n_translate_to_file(&broken, 1, &o, path);
    const char *cc = getenv("CC");
    char *saved_cc = cc ? strdup(cc) : NULL;
    setenv("CC", "false", 1);
    p2n_translate_status st2 = p2n_translate_to_file(&src_a, 1, &o, path);
    if (saved_cc)
        setenv("CC", saved_cc, 1);
    else
        unsetenv("CC");
    free(saved_cc);
    ok = read_whole(path, &after, &nafter) && nafter == nbefore &&
         memcmp(before, after, nbefore) == 0;
    list_dir(dir, left, sizeof left);
    check(st == P2N_TRANSLATE_INPUT_ERROR && st2 == P2N_TRANSLATE_INTERNAL && ok &&
              strcmp(left, "k.so ") == 0,
          "to_file_failure_keeps_old", "status %d %d, same %d, directory: %s", st, st2, ok, left);
    free(before);
    free(after);

    /* other kinds, a directory that does not exist, /dev/null */
    snprintf(path, sizeof path, "%s/k.ll", dir);
    o.output = P2N_OUTPUT_LLVM_IR;
    st = p2n_translate_to_file(&src_a, 1, &o, path);
    ok = st == P2N_TRANSLATE_OK && read_whole(path, &after, &nafter) &&
         strstr(after, "p2n.kernel.affine");
    check(ok, "to_file_llvm_ir", "status %d", st);
    free(after);
    snprintf(path, sizeof path, "%s/no/such/dir/k.o", dir);
    o.output = P2N_OUTPUT_OBJECT;
    st = p2n_translate_to_file(&src_a, 1, &o, path);
    list_dir(dir, left, sizeof left);
    check(st == P2N_TRANSLATE_INTERNAL &&
              (strcmp(left, "k.so k.ll ") == 0 || strcmp(left, "k.ll k.so ") == 0),
          "to_file_missing_directory", "status %d, directory: %s", st, left);
    struct stat dn;
    st = p2n_translate_to_file(&src_a, 1, &o, "/dev/null");
    check(st == P2N_TRANSLATE_OK && stat("/dev/null", &dn) == 0 && S_ISCHR(dn.st_mode),
          "to_file_dev_null", "status %d", st);

    /* the report beside the output */
    char report[PATH_MAX];
    snprintf(report, sizeof report, "%s/k.xml", dir);
    o.report_path = report;
    o.output = P2N_OUTPUT_SHARED_OBJECT;
    void *image = NULL;
    size_t size;
    st = p2n_translate(&src_a, 1, &o, &image, &size);
    ok = st == P2N_TRANSLATE_OK && read_whole(report, &after, &nafter) && strstr(after, "<?xml") &&
         strstr(after, "affine");
    check(ok, "report_path", "status %d", st);
    if (ok) free(after);
    free(image);

    unlink(report);
    snprintf(path, sizeof path, "%s/k.so", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/k.ll", dir);
    unlink(path);
    rmdir(dir);
    free(dir);
    free(a);
    free(b);
}

/* ---------------------------------------------------------- options */

static void
test_bad_options(void)
{
    char *text = kernel_text(1, 1);
    p2n_source src = {"affine.ptx", text, strlen(text)};
    static const struct {
        const char *name;
        int opt_level, output;
        const char *cpu, *features;
    } bad[] = {
        {"opt_level_7", 7, 0, NULL, NULL},
        {"opt_level_negative", -1, 0, NULL, NULL},
        {"unknown_cpu", 2, 0, "no-such-cpu", NULL},
        {"empty_cpu", 2, 0, "", NULL},
        {"unknown_feature", 2, 0, NULL, "+no-such-feature"},
        {"unsigned_feature", 2, 0, NULL, "avx2"},
        {"unknown_output_kind", 2, 42, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        p2n_translate_options o;
        Collected c;
        quiet_options(&o, &c);
        o.opt_level = bad[i].opt_level;
        o.output = (p2n_output_kind)bad[i].output;
        o.cpu = bad[i].cpu;
        o.features = bad[i].features;
        void *out = NULL;
        size_t size = 0;
        p2n_translate_status st = p2n_translate(&src, 1, &o, &out, &size);
        char name[64];
        snprintf(name, sizeof name, "bad_options/%s", bad[i].name);
        check(st == P2N_TRANSLATE_BAD_OPTIONS && !out && c.n >= 1 && c.sev[0] == P2N_DIAG_ERROR,
              name, "status %d, %d diagnostics", st, c.n);
    }
    p2n_translate_options o;
    Collected c;
    quiet_options(&o, &c);
    void *out = NULL;
    size_t size = 0;
    check(p2n_translate(&src, 0, &o, &out, &size) == P2N_TRANSLATE_BAD_OPTIONS &&
              p2n_translate(NULL, 1, &o, &out, &size) == P2N_TRANSLATE_BAD_OPTIONS &&
              p2n_translate(&src, 1, &o, NULL, &size) == P2N_TRANSLATE_BAD_OPTIONS &&
              p2n_translate_to_file(&src, 1, &o, NULL) == P2N_TRANSLATE_BAD_OPTIONS,
          "bad_options/no_input_or_output", "");

    /* a named CPU and features that exist */
    quiet_options(&o, &c);
#if defined(__x86_64__)
    o.cpu = "x86-64";
    o.features = "-avx512f,+sse4.2";
#else
    o.cpu = "generic";
#endif
    o.output = P2N_OUTPUT_OBJECT;
    p2n_translate_status st = p2n_translate(&src, 1, &o, &out, &size);
    check(st == P2N_TRANSLATE_OK && out, "named_cpu", "status %d: %s", st, c.n ? c.msg[0] : "");
    free(out);
    free(text);
}

int
main(void)
{
    mkdir("test/out", 0777); /* make check runs the tests from the top */
    test_memory();
    test_kinds();
    test_diagnostics();
    test_threads();
    test_tmpdir();
    test_to_file();
    test_bad_options();
    return failures != 0;
}
