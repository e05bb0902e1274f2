/* target.c — the LLVM TargetMachine, optimisation, and writing the output:
 * IR text, bitcode, assembly, an object, or a shared object linked by the
 * system C compiler driver (cc -shared). */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "emit.h"

extern char **environ;

/* Generated from llc -mcpu=help by make: CPU("name") and FEATURE("name")
 * lines. */
static const char *const cpu_names[] = {
#define CPU(name) name,
#define FEATURE(name)
#include "target_names.inc"
#undef CPU
#undef FEATURE
    NULL};
static const char *const feature_names[] = {
#define CPU(name)
#define FEATURE(name) name,
#include "target_names.inc"
#undef CPU
#undef FEATURE
    NULL};

bool
target_cpu_known(const char *cpu)
{
    for (int i = 0; cpu_names[i]; i++)
        if (strcmp(cpu_names[i], cpu) == 0)
            return true;
    return !cpu_names[0];
}

bool
target_feature_known(const char *name, size_t len)
{
    for (int i = 0; feature_names[i]; i++)
        if (strlen(feature_names[i]) == len && strncmp(feature_names[i], name, len) == 0)
            return true;
    return !feature_names[0];
}

static size_t
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

const char *
target_cpu_suggest(const char *cpu)
{
    const char *best = NULL;
    size_t bestd = 3; /* at most two edits away */
    for (int i = 0; cpu_names[i]; i++) {
        size_t d = edit_distance(cpu, cpu_names[i]);
        if (d < bestd)
            best = cpu_names[i], bestd = d;
    }
    return best;
}

/* The CPU features the code for x86-64-v2..v4 may use (the levels of the
 * x86-64 psABI, "Micro-architecture levels"), as LLVM names them; a level
 * includes the ones below it. */
static const char *const x86_levels[][2] = {
    {"x86-64-v2", "+cx16,+sahf,+popcnt,+sse3,+sse4.1,+sse4.2,+ssse3"},
    {"x86-64-v3", "+avx,+avx2,+bmi,+bmi2,+f16c,+fma,+lzcnt,+movbe,+xsave"},
    {"x86-64-v4", "+avx512f,+avx512bw,+avx512cd,+avx512dq,+avx512vl"},
};

/* What the module's note lists as required (runtime/p2n_abi.h): the '+'
 * items of the CPU's features (this machine's for the host CPU; an
 * x86-64 level's; none known for another named CPU) and of mattr, less
 * what mattr turns off. */
static const char *
required_features(Emit *e, const char *cpu, const char *host_features, const char *mattr)
{
    char *have = "";
    if (host_features) {
        have = arena_printf(e->arena, "%s", host_features);
    } else {
        for (size_t i = 0; i < sizeof x86_levels / sizeof x86_levels[0]; i++) {
            if (strncmp(cpu, "x86-64-v", 8) == 0 && cpu[8] >= x86_levels[i][0][8])
                have = arena_printf(e->arena, "%s%s%s", have, *have ? "," : "", x86_levels[i][1]);
        }
    }
    if (mattr && *mattr)
        have = arena_printf(e->arena, "%s%s%s", have, *have ? "," : "", mattr);
    /* each '+' item that no later item turns off, once */
    char *out = "";
    for (const char *p = have; *p;) {
        size_t n = strcspn(p, ",");
        if (p[0] == '+' && n > 1) {
            bool later_off = false, seen = false;
            for (const char *q = p + n; *q;) {
                q += *q == ',';
                size_t m = strcspn(q, ",");
                later_off |= m == n && q[0] == '-' && strncmp(q + 1, p + 1, n - 1) == 0;
                q += m;
            }
            for (const char *q = out; *q && !seen;) {
                size_t m = strcspn(q, ",");
                seen = m == n && strncmp(q, p, n) == 0;
                q += m + (q[m] == ',');
            }
            if (!later_off && !seen)
                out = arena_printf(e->arena, "%s%s%.*s", out, *out ? "," : "", (int)n, p);
        }
        p += n + (p[n] == ',');
    }
    return out;
}

/* A diagnostic without a location (the unit tests have no Diags). */
static void
target_error(Emit *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (e->d)
        diag_error(e->d, (SrcLoc){0}, "%s", msg);
    else
        fprintf(stderr, "ptx2native: error: %s\n", msg);
}

/* LLVM's targets are registered once per process: the native one, and
 * every one this LLVM has when another triple is asked for. */
static pthread_once_t native_once = PTHREAD_ONCE_INIT, all_once = PTHREAD_ONCE_INIT;

static void
native_init(void)
{
    LLVMInitializeNativeTarget();
    LLVMInitializeNativeAsmPrinter();
}

static void
all_init(void)
{
    LLVMInitializeAllTargetInfos();
    LLVMInitializeAllTargets();
    LLVMInitializeAllTargetMCs();
    LLVMInitializeAllAsmPrinters();
}

bool
target_init(Emit *e)
{
    pthread_once(&native_once, native_init);
    if (e->o->triple)
        pthread_once(&all_once, all_init);

    char *triple = e->o->triple ? LLVMCreateMessage(e->o->triple) : LLVMGetDefaultTargetTriple();
    char *err = NULL;
    LLVMTargetRef target;
    if (LLVMGetTargetFromTriple(triple, &target, &err)) {
        target_error(e, "no LLVM target for %s: %s", triple, err);
        LLVMDisposeMessage(err);
        LLVMDisposeMessage(triple);
        return false;
    }
    /* the features follow the CPU: this machine's for the host CPU, and
     * for a named CPU only what it implies and --mattr adds */
    bool host = !e->o->mcpu && !e->o->triple;
    char *cpu = host ? LLVMGetHostCPUName() : e->o->mcpu ? NULL : LLVMCreateMessage("generic");
    char *features = host ? LLVMGetHostCPUFeatures() : NULL;
    e->required_features = required_features(e, e->o->mcpu ? e->o->mcpu : cpu, features, e->o->mattr);
    LLVMCodeGenOptLevel level = e->o->opt_level == 0   ? LLVMCodeGenLevelNone
                                : e->o->opt_level == 1 ? LLVMCodeGenLevelLess
                                : e->o->opt_level == 2 ? LLVMCodeGenLevelDefault
                                                       : LLVMCodeGenLevelAggressive;
    e->tm = LLVMCreateTargetMachine(target, triple, e->o->mcpu ? e->o->mcpu : cpu,
                                    e->o->mattr ? e->o->mattr : features ? features : "", level, LLVMRelocPIC,
                                    LLVMCodeModelDefault);
    if (!e->tm) {
        target_error(e, "LLVM cannot make a target machine for %s", triple);
        if (cpu)
            LLVMDisposeMessage(cpu);
        if (features)
            LLVMDisposeMessage(features);
        LLVMDisposeMessage(triple);
        return false;
    }
    LLVMSetTarget(e->mod, triple);
    e->td = LLVMCreateTargetDataLayout(e->tm);
    char *layout = LLVMCopyStringRepOfTargetData(e->td);
    LLVMSetDataLayout(e->mod, layout);
    LLVMDisposeMessage(layout);
    if (cpu)
        LLVMDisposeMessage(cpu);
    if (features)
        LLVMDisposeMessage(features);
    LLVMDisposeMessage(triple);
    return true;
}

void
target_dispose(Emit *e)
{
    if (e->td)
        LLVMDisposeTargetData(e->td);
    if (e->tm)
        LLVMDisposeTargetMachine(e->tm);
}

static bool
optimise(Emit *e)
{
    static const char *const pipelines[] = {"default<O0>", "default<O1>", "default<O2>",
                                            "default<O3>"};
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    LLVMPassBuilderOptionsSetLoopVectorization(opts, e->o->opt_level >= 2);
    LLVMPassBuilderOptionsSetSLPVectorization(opts, e->o->opt_level >= 2);
    /* O0 still needs mem2reg: the registers are allocas. */
    const char *p = e->o->opt_level == 0 ? "function(mem2reg)" : pipelines[e->o->opt_level];
    LLVMErrorRef err = LLVMRunPasses(e->mod, p, e->tm, opts);
    LLVMDisposePassBuilderOptions(opts);
    if (err) {
        char *msg = LLVMGetErrorMessage(err);
        target_error(e, "internal error: LLVM passes failed: %s", msg);
        LLVMDisposeErrorMessage(msg);
        return false;
    }
    return true;
}

/* A copy of n bytes in malloc'ed memory, as the output. */
static int
give(Emit *e, const void *p, size_t n)
{
    void *copy = malloc(n ? n : 1);
    if (!copy) {
        target_error(e, "out of memory");
        return 3;
    }
    memcpy(copy, p, n);
    e->o->result->data = copy;
    e->o->result->size = n;
    return 0;
}

static int
give_buffer(Emit *e, LLVMMemoryBufferRef buf)
{
    int status = give(e, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
    LLVMDisposeMemoryBuffer(buf);
    return status;
}

/* Frames the code generator reports: with "warn-stack-size"="0" on every
 * function, the prologue/epilogue inserter reports each function's frame
 * size as a diagnostic, "...stack frame size (N) exceeds limit (0) in
 * function 'NAME'", which goes to e->frame_of (abi.c turns the frames into
 * each kernel's stack need).  Other diagnostics are printed as LLVM's own
 * handler would. */
static void
on_diagnostic(LLVMDiagnosticInfoRef di, void *ctx)
{
    Emit *e = ctx;
    char *msg = LLVMGetDiagInfoDescription(di);
    const char *p = strstr(msg, "stack frame size (");
    unsigned long long size, limit;
    char name[600];
    if (p && sscanf(p, "stack frame size (%llu) exceeds limit (%llu) in function '%599[^']'", &size, &limit, name) == 3) {
        for (int i = 0; i < e->m->funcs.n; i++) {
            const Func *f = e->m->funcs.v[i];
            const char *prefix = f->is_entry ? "p2n.kernel." : "p2n.func.";
            size_t n = strlen(prefix);
            if (strncmp(name, prefix, n) == 0 && strcmp(name + n, f->name) == 0)
                e->frame_of[i] = size;
        }
    } else {
        LLVMDiagnosticSeverity s = LLVMGetDiagInfoSeverity(di);
        if (s == LLVMDSError || s == LLVMDSWarning)
            fprintf(stderr, "%s: %s\n", s == LLVMDSError ? "error" : "warning", msg);
        if (s == LLVMDSError)
            e->failed = true;
    }
    LLVMDisposeMessage(msg);
}

static LLVMMemoryBufferRef
emit_code(Emit *e, LLVMCodeGenFileType kind)
{
    char *err = NULL;
    LLVMMemoryBufferRef buf = NULL;
    bool object = kind == LLVMObjectFile;
    if (object) {
        e->frame_of = arena_alloc(e->arena, sizeof(uint64_t) * (size_t)(e->m->funcs.n + 1));
        memset(e->frame_of, 0, sizeof(uint64_t) * (size_t)(e->m->funcs.n + 1));
        for (LLVMValueRef fn = LLVMGetFirstFunction(e->mod); fn; fn = LLVMGetNextFunction(fn))
            if (!LLVMIsDeclaration(fn))
                LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                        LLVMCreateStringAttribute(e->ctx, "warn-stack-size", 15, "0", 1));
        LLVMContextSetDiagnosticHandler(e->ctx, on_diagnostic, e);
    }
    LLVMBool failed = LLVMTargetMachineEmitToMemoryBuffer(e->tm, e->mod, kind, &err, &buf);
    if (object)
        LLVMContextSetDiagnosticHandler(e->ctx, NULL, NULL);
    if (failed || e->failed) {
        target_error(e, "LLVM could not emit the %s: %s", object ? "object" : "assembly", err ? err : "");
        LLVMDisposeMessage(err);
        if (buf)
            LLVMDisposeMemoryBuffer(buf);
        return NULL;
    }
    if (object) { /* each kernel's stack need over its placeholder, in a copy we own */
        size_t n = LLVMGetBufferSize(buf);
        char *copy = malloc(n ? n : 1);
        if (copy)
            memcpy(copy, LLVMGetBufferStart(buf), n);
        LLVMDisposeMemoryBuffer(buf);
        if (!copy || !abi_patch_stack(e, copy, n)) {
            target_error(e, "internal error: %s", copy ? "a kernel's stack placeholder is not in the object once"
                                                       : "out of memory");
            free(copy);
            return NULL;
        }
        buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(copy, n, "object");
        free(copy);
    }
    return buf;
}

/* ------------------------------------------------------------ linking */

static bool
write_file(const char *path, const void *p, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            close(fd);
            return false;
        }
        c += w;
        n -= (size_t)w;
    }
    return close(fd) == 0;
}

/* The whole file in malloc'ed memory (NUL-terminated); NULL on failure. */
static char *
read_file(const char *path, size_t *size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            free(buf);
            buf = NULL;
            break;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n == cap) {
            char *bigger = realloc(buf, (cap *= 2) + 1);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    close(fd);
    if (buf) {
        buf[n] = '\0';
        *size = n;
    }
    return buf;
}

static int
remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* The environment with TMPDIR set to dir, so that the compiler driver's
 * own temporary files go into the private directory too. */
static char **
child_environment(Arena *a, const char *dir)
{
    int n = 0;
    while (environ && environ[n])
        n++;
    char **env = arena_alloc(a, sizeof *env * (size_t)(n + 2));
    int k = 0;
    for (int i = 0; i < n; i++)
        if (strncmp(environ[i], "TMPDIR=", 7) != 0)
            env[k++] = environ[i];
    env[k++] = arena_printf(a, "TMPDIR=%s", dir);
    env[k] = NULL;
    return env;
}

/* Runs argv with its standard output and error into log; returns its exit
 * status, -1 when it could not be waited for, or 127 when it could not be
 * run.  posix_spawn: safe in a multithreaded host process. */
static int
run_tool(Emit *e, char *const argv[], const char *dir, const char *log)
{
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, child_environment(e->arena, dir));
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return 127;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The object goes to a private directory under $TMPDIR (else /tmp), the
 * system linker ($CC, else cc) makes the shared object beside it, and the
 * directory goes away with everything in it, whatever happened. */
static int
link_shared(Emit *e)
{
    LLVMMemoryBufferRef obj = emit_code(e, LLVMObjectFile);
    if (!obj)
        return 3;
    const char *tmp = getenv("TMPDIR");
    char *dir = arena_printf(e->arena, "%s/ptx2native-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        target_error(e, "cannot create a temporary directory in %s: %s", tmp && *tmp ? tmp : "/tmp",
                     strerror(errno));
        LLVMDisposeMemoryBuffer(obj);
        return 3;
    }
    char *o_path = arena_printf(e->arena, "%s/module.o", dir);
    char *so_path = arena_printf(e->arena, "%s/module.so", dir);
    char *log = arena_printf(e->arena, "%s/link.log", dir);
    int status = 3;
    if (!write_file(o_path, LLVMGetBufferStart(obj), LLVMGetBufferSize(obj))) {
        target_error(e, "cannot write %s: %s", o_path, strerror(errno));
        goto out;
    }
    const char *cc = getenv("CC");
    if (!cc || !*cc)
        cc = "cc";
    char *argv[] = {(char *)cc, "-shared", "-o", so_path, o_path, "-lm", NULL};
    int rc = run_tool(e, argv, dir, log);
    if (rc == 127 || rc < 0) {
        target_error(e,
                     "the system linker '%s' could not be run; install a C compiler (e.g. apt-get "
                     "install gcc) or set CC, or use -c for an object",
                     cc);
    } else if (rc != 0) {
        target_error(e, "'%s -shared' failed (exit status %d)", cc, rc);
        size_t n;
        char *text = read_file(log, &n);
        if (text && n > 0) {
            while (n > 0 && text[n - 1] == '\n')
                text[--n] = '\0';
            diag_note(e->d, (SrcLoc){0}, "the linker said:\n%.4000s", text);
        }
        free(text);
    } else {
        size_t n;
        char *so = read_file(so_path, &n);
        if (!so) {
            target_error(e, "cannot read %s: %s", so_path, strerror(errno));
        } else {
            e->o->result->data = so;
            e->o->result->size = n;
            status = 0;
        }
    }
out:
    nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
    LLVMDisposeMemoryBuffer(obj);
    return status;
}

int
target_write(Emit *e)
{
    char *err = NULL;
    if (LLVMVerifyModule(e->mod, LLVMReturnStatusAction, &err)) {
        target_error(e, "internal error: the emitted module does not verify:\n%s", err);
        LLVMDisposeMessage(err);
        char *ir = LLVMPrintModuleToString(e->mod);
        diag_note(e->d, (SrcLoc){0}, "the module:\n%s", ir);
        LLVMDisposeMessage(ir);
        return 3;
    }
    LLVMDisposeMessage(err);
    if (e->o->dump_ir) {
        char *ir = LLVMPrintModuleToString(e->mod);
        fputs(ir, stdout);
        LLVMDisposeMessage(ir);
        return fflush(stdout) == 0 ? 0 : 3;
    }
    if (!optimise(e))
        return 3;

    switch (e->o->kind) {
    case OUT_LLVM_TEXT: {
        char *ir = LLVMPrintModuleToString(e->mod);
        int status = give(e, ir, strlen(ir));
        LLVMDisposeMessage(ir);
        return status;
    }
    case OUT_LLVM_BC:
        return give_buffer(e, LLVMWriteBitcodeToMemoryBuffer(e->mod));
    case OUT_ASM:
    case OUT_OBJECT: {
        LLVMCodeGenFileType kind = e->o->kind == OUT_ASM ? LLVMAssemblyFile : LLVMObjectFile;
        LLVMMemoryBufferRef buf = emit_code(e, kind);
        return buf ? give_buffer(e, buf) : 3;
    }
    case OUT_SHARED:
        return link_shared(e);
    }
    return 3;
}
