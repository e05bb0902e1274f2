/* main.c — the ptx2native command: options, then the translator library
 * (lowering/translate.c, the one way into translation) for the rest:
 * reading the inputs, the warnings' options, every diagnostic.
 *
 * Exit status: the library's status (p2n_translate_status, the one place
 * the numbers are defined): 0 success, 1 errors in the input, 2 usage
 * errors, 3 internal or tool failures.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cli.h"
#include "lower.h"
#include "ptx.h"

int cu_from_binary_argv(int *argc, char ***argv, char *err, size_t errlen); /* runtime/cuda/aot.c */

typedef struct Options {
    Vec(const char *) inputs;
    Vec(const char *) warn_opts; /* -Wall, -Wname, -Wno-name, -Werror=name ... in order */
    const char *output;
    const char *header; /* --header FILE */
    bool compile_only, assemble_only, emit_llvm;
    p2n_translate_options lib;
    TranslateExtra extra;
    DepOptions dep;
} Options;

static const char usage_text[] =
    "usage: ptx2native [options] FILE.ptx... [-o OUT]\n"
    "\n"
    "Translates NVIDIA PTX into native code for this CPU: each warp runs as\n"
    "32 SIMD lanes.  By default the output is a shared object that a host\n"
    "program loads with libptx2native (see ptx2native(1) and docs/api.md).\n"
    "\n"
    "Output:\n"
    "  -o FILE            write the output to FILE (default: the input's name\n"
    "                     with .so, .o, .s, .ll or .bc; '-' is standard output,\n"
    "                     for -c and -S)\n"
    "  -fsyntax-only      check the input and stop\n"
    "  -c                 emit an object file\n"
    "  -S                 emit assembly\n"
    "  --emit-llvm        with -S: LLVM IR text (.ll); with -c: bitcode (.bc)\n"
    "  --report FILE      write the XML divergence report (docs/report.md)\n"
    "  --header FILE      also write a C header with a typed launcher for each\n"
    "                     kernel (docs/api.md, \"Typed launchers\")\n"
    "  --from-binary APP  translate the PTX of an nvcc-built executable instead\n"
    "                     (default output APP.kernels.so; docs/cuda.md)\n"
    "  -MD                also write a dependency file for Make and Ninja: the\n"
    "                     output's name with .d, naming every file read\n"
    "  -MF FILE           write it to FILE instead (implies -MD)\n"
    "  -MT TARGET         the rule's target (default: the output); repeatable\n"
    "  -MP                add an empty rule for each file read\n"
    "\n"
    "Code generation:\n"
    "  -O0 -O1 -O2 -O3    optimisation level (default -O2)\n"
    "  --cpu=NAME         target CPU: native (this machine's, the default),\n"
    "                     x86-64, x86-64-v2, x86-64-v3, x86-64-v4 or an LLVM CPU\n"
    "                     name; --mcpu=NAME is the same\n"
    "  --mattr=LIST       target features added or removed, e.g. +avx2,-avx512f\n"
    "                     (default: the CPU's own)\n"
    "  --target=TRIPLE    code for another target LLVM has, e.g.\n"
    "                     aarch64-linux-gnu (with -c or -S; CPU 'generic')\n"
    "  -g                 DWARF lines of the CUDA source (.loc), for gdb, perf\n"
    "                     and valgrind; without -g the lines are the PTX's\n"
    "  -g0                no line table (a failing launch names no line)\n"
    "  --profile          the code counts each conditional branch's executions,\n"
    "                     divergent executions and active lanes, and each\n"
    "                     kernel's launches and time; a program run with\n"
    "                     P2N_PROFILE=FILE writes them to FILE at exit\n"
    "\n"
    "Diagnostics:\n"
    "  -Werror            treat warnings as errors\n"
    "  -w                 suppress warnings\n"
    "  -WNAME, -Wno-NAME  turn warning NAME on or off: divergent-barrier,\n"
    "                     deprecated, backend (on), ignored-hint,\n"
    "                     uni-unproven (off)\n"
    "  -Wall              every warning\n"
    "  -Werror=NAME       warning NAME as an error (-Wno-error=NAME: not)\n"
    "  --dump=WHAT        print an intermediate form to standard output; WHAT is\n"
    "                     a comma list of ast, cfg, pdom, uniformity, ir\n"
    "\n"
    "  --version          print the version (and LLVM's) and exit\n"
    "  --help             print this help and exit\n"
    "  @FILE              read more arguments from FILE\n"
    "\n"
    "ptx2native --summary[=text|html] REPORT.xml [PROFILE.xml] [-o OUT] [--top=N]\n"
    "                     a report's divergent branches as a table, or one HTML\n"
    "                     page with the PTX annotated (docs/report.md); with a\n"
    "                     P2N_PROFILE file, measured counts too\n"
    "\n"
    "FILE '-' reads standard input.  Exit status: 0 success, 1 errors in the\n"
    "input, 2 usage errors, 3 internal or tool failures.\n";

static _Noreturn void
usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "ptx2native: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'ptx2native --help'.\n");
    exit(P2N_TRANSLATE_BAD_OPTIONS);
}

static unsigned
parse_dump(const char *list)
{
    static const struct {
        const char *name;
        unsigned bit;
    } kinds[] = {{"ast", DUMP_AST},
                 {"cfg", DUMP_CFG},
                 {"pdom", DUMP_PDOM},
                 {"uniformity", DUMP_UNIFORMITY},
                 {"ir", DUMP_IR}};
    unsigned bits = 0;
    const char *p = list;

    while (*p) {
        size_t n = strcspn(p, ",");
        size_t i;
        for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
            if (strlen(kinds[i].name) == n && strncmp(kinds[i].name, p, n) == 0)
                break;
        if (i == sizeof kinds / sizeof kinds[0])
            usage_error("unknown --dump kind '%s' (ast, cfg, pdom, uniformity, ir)", list);
        bits |= kinds[i].bit;
        p += n + (p[n] == ',');
    }
    return bits;
}

static void
parse_options(Options *o, Arena *a, int argc, char **argv)
{
    p2n_translate_options_init(&o->lib);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage_text, stdout);
            exit(P2N_TRANSLATE_OK);
        } else if (strcmp(arg, "--version") == 0) {
            printf("%s\n", p2n_translator_version());
            exit(P2N_TRANSLATE_OK);
        } else if (strcmp(arg, "-o") == 0) {
            if (++i == argc)
                usage_error("%s needs a file name", arg);
            o->output = argv[i];
        } else if (strncmp(arg, "-o", 2) == 0) {
            o->output = arg + 2;
        } else if (strcmp(arg, "--report") == 0) {
            if (++i == argc)
                usage_error("%s needs a file name", arg);
            o->lib.report_path = argv[i];
        } else if (strncmp(arg, "--report=", 9) == 0) {
            o->lib.report_path = arg + 9;
        } else if (strcmp(arg, "--header") == 0) {
            if (++i == argc)
                usage_error("%s needs a file name", arg);
            o->header = argv[i];
        } else if (strncmp(arg, "--header=", 9) == 0) {
            o->header = arg + 9;
        } else if (strcmp(arg, "-fsyntax-only") == 0) {
            o->extra.syntax_only = true;
        } else if (strcmp(arg, "-c") == 0) {
            o->compile_only = true;
        } else if (strcmp(arg, "-S") == 0) {
            o->assemble_only = true;
        } else if (strcmp(arg, "--emit-llvm") == 0 || strcmp(arg, "-emit-llvm") == 0) {
            o->emit_llvm = true;
        } else if (arg[0] == '-' && arg[1] == 'O' && arg[2] >= '0' && arg[2] <= '3' && !arg[3]) {
            o->lib.opt_level = arg[2] - '0';
        } else if (strncmp(arg, "--target=", 9) == 0) {
            o->extra.triple = arg + 9;
        } else if (strncmp(arg, "--cpu=", 6) == 0) {
            o->lib.cpu = arg + 6;
        } else if (strncmp(arg, "--mcpu=", 7) == 0) {
            o->lib.cpu = arg + 7;
        } else if (strncmp(arg, "--mattr=", 8) == 0) {
            o->lib.features = arg + 8;
        } else if (strcmp(arg, "-g") == 0) {
            o->lib.debug_info = 2;
        } else if (strcmp(arg, "-g0") == 0) {
            o->lib.debug_info = 0;
        } else if (strcmp(arg, "--profile") == 0) {
            o->lib.profile = 1;
        } else if (strcmp(arg, "-Werror") == 0) {
            o->lib.werror = 1;
        } else if (strcmp(arg, "-w") == 0) {
            o->lib.no_warnings = 1;
        } else if (strncmp(arg, "-W", 2) == 0 && arg[2]) { /* checked by the library */
            vec_push(a, &o->warn_opts, arg);
        } else if (strncmp(arg, "--dump=", 7) == 0) {
            o->extra.dump |= parse_dump(arg + 7);
        } else if (depfile_option(a, &o->dep, argc, argv, &i)) {
            continue;
        } else if (strcmp(arg, "-") == 0 || arg[0] != '-') {
            vec_push(a, &o->inputs, arg);
        } else {
            usage_error("unknown option '%s'", arg);
        }
    }
    if (o->inputs.n == 0)
        usage_error("%s", "no input files");
    if (o->compile_only && o->assemble_only)
        usage_error("%s", "-c and -S cannot be used together");
    if (o->emit_llvm && !o->compile_only && !o->assemble_only)
        usage_error("%s", "--emit-llvm needs -c (bitcode) or -S (IR text)");
    if (o->assemble_only)
        o->lib.output = o->emit_llvm ? P2N_OUTPUT_LLVM_IR : P2N_OUTPUT_ASSEMBLY;
    else if (o->compile_only)
        o->lib.output = o->emit_llvm ? P2N_OUTPUT_LLVM_BITCODE : P2N_OUTPUT_OBJECT;
    else
        o->lib.output = P2N_OUTPUT_SHARED_OBJECT;
    if (o->output && strcmp(o->output, "-") == 0 && o->lib.output == P2N_OUTPUT_SHARED_OBJECT &&
        !o->extra.syntax_only)
        usage_error("%s", "a shared object is not written to standard output (-o -): name a file, "
                          "or use -c or -S");
}

/* kernel.ptx -> kernel.so (in the current directory, as cc does for -c). */
static const char *
default_output(Arena *a, const char *input, p2n_output_kind kind)
{
    static const char *const ext[] = {".so", ".o", ".s", ".ll", ".bc"};
    const char *base = strrchr(input, '/');
    base = base ? base + 1 : input;
    if (strcmp(input, "-") == 0)
        base = "out.ptx";
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".ptx") == 0)
        n -= 4;
    return arena_printf(a, "%.*s%s", (int)n, base, ext[kind]);
}

/* ------------------------------------------------------- temporaries */

/* While the translation runs, TMPDIR names a directory of this process's
 * own (the translator's link directory lies inside it) and temp_output
 * holds the path of the output's temporary while it exists
 * (TranslateExtra.temp_path).  SIGINT, SIGTERM and SIGHUP remove both
 * before the process ends as the signal would end it.  Only async-signal
 * -safe calls from here to on_signal. */
static char private_dir[4096];
static char temp_output[4096];

/* Removes name (under dirfd) and, for a directory, what it holds. */
static void
remove_tree_at(int dirfd, const char *name, int depth)
{
    if (unlinkat(dirfd, name, 0) == 0 || depth > 16)
        return;
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        char buf[4096];
        long n;
        for (int pass = 0; pass < 64; pass++) { /* again from the start, until nothing is left */
            bool any = false;
            while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
                for (long off = 0; off < n;) {
                    /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name */
                    unsigned short reclen;
                    memcpy(&reclen, buf + off + 16, sizeof reclen);
                    const char *entry = buf + off + 19;
                    if (!(entry[0] == '.' && (!entry[1] || (entry[1] == '.' && !entry[2])))) {
                        remove_tree_at(fd, entry, depth + 1);
                        any = true;
                    }
                    off += reclen;
                }
            if (!any)
                break;
            lseek(fd, 0, SEEK_SET);
        }
        close(fd);
    }
    unlinkat(dirfd, name, AT_REMOVEDIR);
}

static void
remove_temporaries(void)
{
    if (temp_output[0])
        unlink(temp_output);
    if (private_dir[0])
        remove_tree_at(AT_FDCWD, private_dir, 0);
}

static void
on_signal(int sig)
{
    remove_temporaries();
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* The private directory and the handlers (a signal ignored when the
 * command started stays ignored); signals held while they are set up. */
static void
temporaries_begin(TranslateExtra *x)
{
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
        sigaddset(&block, cleanup_signals[i]);
    sigprocmask(SIG_BLOCK, &block, &old);
    const char *tmp = getenv("TMPDIR");
    if (snprintf(private_dir, sizeof private_dir, "%s/ptx2native-XXXXXX",
                 tmp && *tmp ? tmp : "/tmp") >= (int)sizeof private_dir ||
        !mkdtemp(private_dir) || setenv("TMPDIR", private_dir, 1) != 0)
        private_dir[0] = '\0'; /* then the translator's own directory, removed as it ends */
    x->temp_path = temp_output;
    x->temp_cap = sizeof temp_output;
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction sa, prev;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        if (sigaction(cleanup_signals[i], NULL, &prev) == 0 && prev.sa_handler != SIG_IGN)
            sigaction(cleanup_signals[i], &sa, NULL);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

int
main(int argc, char **argv)
{
    Arena arena = {0};
    Options o = {0};

    depfile_scan_args(&arena, &o.dep, &argc, &argv); /* @FILE arguments */
    int summary = summary_main(argc, argv);          /* ptx2native --summary REPORT.xml */
    if (summary >= 0)
        return summary;
    char err[512];
    int status =
        cu_from_binary_argv(&argc, &argv, err, sizeof err); /* --from-binary APP: its PTX */
    if (status != P2N_TRANSLATE_OK) {
        fprintf(stderr, "ptx2native: error: %s\n", err);
        return status;
    }
    parse_options(&o, &arena, argc, argv);
    /* the library reads the inputs (TranslateExtra.read_inputs) */
    p2n_source *src = arena_alloc(&arena, sizeof *src * (size_t)o.inputs.n);
    for (int i = 0; i < o.inputs.n; i++)
        src[i].name = o.inputs.v[i];
    o.extra.read_inputs = true;
    o.extra.warn_opts = o.warn_opts.v;
    o.extra.nwarn_opts = o.warn_opts.n;
    o.extra.header_path = o.header;
    const char *output = NULL;
    if (!o.extra.syntax_only && !(o.extra.dump & DUMP_IR))
        output = o.output ? o.output : default_output(&arena, o.inputs.v[0], o.lib.output);
    /* without an output path, a successful translation gives the output in
     * memory, which --dump=ir and -fsyntax-only leave empty */
    void *image = NULL;
    size_t size = 0;
    temporaries_begin(&o.extra);
    status = translate(src, (size_t)o.inputs.n, &o.lib, &o.extra, output, &image, &size);
    remove_temporaries(); /* the directory, empty by now */
    if (status == P2N_TRANSLATE_OK &&
        o.dep.write) { /* -MD: target the output, or the one it would be */
        const char *target = output ? output : o.output;
        if (!target || strcmp(target, "-") == 0)
            target = default_output(&arena, o.inputs.v[0], o.lib.output);
        if (!depfile_write(&o.dep, &arena, target, o.inputs.v, o.inputs.n))
            status = P2N_TRANSLATE_INTERNAL;
    }
    free(image);
    arena_free(&arena);
    return (int)status;
}
