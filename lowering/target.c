/* target.c — the LLVM TargetMachine, optimisation, and writing the output:
 * IR text, bitcode, assembly, an object, or a shared object linked by the
 * system C compiler driver (cc -shared). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "emit.h"

bool
target_init(Emit *e)
{
    LLVMInitializeNativeTarget();
    LLVMInitializeNativeAsmPrinter();

    char *triple = LLVMGetDefaultTargetTriple();
    char *err = NULL;
    LLVMTargetRef target;
    if (LLVMGetTargetFromTriple(triple, &target, &err)) {
        fprintf(stderr, "ptx2native: error: no LLVM target for %s: %s\n", triple, err);
        LLVMDisposeMessage(err);
        LLVMDisposeMessage(triple);
        return false;
    }
    char *cpu = e->o->mcpu ? NULL : LLVMGetHostCPUName();
    char *features = e->o->mattr ? NULL : LLVMGetHostCPUFeatures();
    LLVMCodeGenOptLevel level = e->o->opt_level == 0   ? LLVMCodeGenLevelNone
                                : e->o->opt_level == 1 ? LLVMCodeGenLevelLess
                                : e->o->opt_level == 2 ? LLVMCodeGenLevelDefault
                                                       : LLVMCodeGenLevelAggressive;
    e->tm = LLVMCreateTargetMachine(target, triple, e->o->mcpu ? e->o->mcpu : cpu,
                                    e->o->mattr ? e->o->mattr : features, level, LLVMRelocPIC,
                                    LLVMCodeModelDefault);
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
    return e->tm != NULL;
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
    static const char *pipelines[] = {"default<O0>", "default<O1>", "default<O2>", "default<O3>"};
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    LLVMPassBuilderOptionsSetLoopVectorization(opts, e->o->opt_level >= 2);
    LLVMPassBuilderOptionsSetSLPVectorization(opts, e->o->opt_level >= 2);
    /* O0 still needs mem2reg: the registers are allocas. */
    const char *p = e->o->opt_level == 0 ? "function(mem2reg)" : pipelines[e->o->opt_level];
    LLVMErrorRef err = LLVMRunPasses(e->mod, p, e->tm, opts);
    LLVMDisposePassBuilderOptions(opts);
    if (err) {
        char *msg = LLVMGetErrorMessage(err);
        fprintf(stderr, "ptx2native: internal error: LLVM passes failed: %s\n", msg);
        LLVMDisposeErrorMessage(msg);
        return false;
    }
    return true;
}

/* Runs argv, waiting for it; returns its exit status or -1. */
static int
run_tool(char *const argv[])
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "ptx2native: error: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int
emit_file(Emit *e, const char *path, LLVMCodeGenFileType kind)
{
    char *err = NULL;
    if (LLVMTargetMachineEmitToFile(e->tm, e->mod, (char *)path, kind, &err)) {
        fprintf(stderr, "ptx2native: error: cannot write %s: %s\n", path, err);
        LLVMDisposeMessage(err);
        return 3;
    }
    return 0;
}

/* The object goes to a temporary file next to nothing of the user's; the
 * linker is $CC, else cc. */
static int
link_shared(Emit *e, const char *out)
{
    char tmp[] = "/tmp/ptx2native-XXXXXX.o";
    int fd = mkstemps(tmp, 2);
    if (fd < 0) {
        fprintf(stderr, "ptx2native: error: cannot create a temporary file: %s\n", strerror(errno));
        return 3;
    }
    close(fd);
    int status = emit_file(e, tmp, LLVMObjectFile);
    if (status == 0) {
        const char *cc = getenv("CC");
        if (!cc || !*cc)
            cc = "cc";
        char *argv[] = {(char *)cc, "-shared", "-o", (char *)out, tmp, "-lm", NULL};
        int rc = run_tool(argv);
        if (rc == 127 || rc < 0) {
            fprintf(stderr,
                    "ptx2native: error: the system linker '%s' could not be run; install a C "
                    "compiler (e.g. apt-get install gcc) or set CC, or use -c for an object\n",
                    cc);
            status = 3;
        } else if (rc != 0) {
            fprintf(stderr, "ptx2native: error: '%s -shared' failed (exit status %d)\n", cc, rc);
            status = 3;
        }
    }
    unlink(tmp);
    return status;
}

int
target_write(Emit *e)
{
    char *err = NULL;
    if (LLVMVerifyModule(e->mod, LLVMReturnStatusAction, &err)) {
        fprintf(stderr, "ptx2native: internal error: the emitted module does not verify:\n%s\n",
                err);
        LLVMDisposeMessage(err);
        char *ir = LLVMPrintModuleToString(e->mod);
        fputs(ir, stderr);
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

    const char *out = e->o->output;
    bool to_stdout = strcmp(out, "-") == 0;
    switch (e->o->kind) {
    case OUT_LLVM_TEXT: {
        char *ir = LLVMPrintModuleToString(e->mod);
        FILE *f = to_stdout ? stdout : fopen(out, "w");
        if (!f) {
            fprintf(stderr, "ptx2native: error: cannot open %s: %s\n", out, strerror(errno));
            LLVMDisposeMessage(ir);
            return 3;
        }
        fputs(ir, f);
        LLVMDisposeMessage(ir);
        bool bad = ferror(f) | (to_stdout ? fflush(f) != 0 : fclose(f) != 0);
        if (bad) {
            fprintf(stderr, "ptx2native: error: cannot write %s\n", out);
            return 3;
        }
        return 0;
    }
    case OUT_LLVM_BC:
        if (to_stdout ? LLVMWriteBitcodeToFD(e->mod, 1, 0, 0) : LLVMWriteBitcodeToFile(e->mod, out)) {
            fprintf(stderr, "ptx2native: error: cannot write %s\n", out);
            return 3;
        }
        return 0;
    case OUT_ASM:
        return emit_file(e, to_stdout ? "/dev/stdout" : out, LLVMAssemblyFile);
    case OUT_OBJECT:
        return emit_file(e, to_stdout ? "/dev/stdout" : out, LLVMObjectFile);
    case OUT_SHARED:
        return link_shared(e, to_stdout ? "/dev/stdout" : out);
    }
    return 3;
}
