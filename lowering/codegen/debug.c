/* debug.c — the module's DWARF line table.
 *
 * Every module carries one (line tables only: no types, no variables), so
 * that a failing launch can name the line of the faulting instruction
 * (runtime/lines.c) at no cost while kernels run.  Without -g each row
 * names the PTX file and line; with -g, a row of an instruction that has a
 * `.loc` names the program's own source (nvcc -lineinfo, clang -g) and keeps
 * the PTX line as the row's discriminator, so gdb, perf and valgrind show
 * CUDA lines and the runtime's messages show both.
 */
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/DebugInfo.h>

#include "emit.h"

struct DebugInfo {
    LLVMDIBuilderRef di;
    LLVMMetadataRef ptx_file; /* the PTX the module came from */
    LLVMMetadataRef cu;
    LLVMMetadataRef fn_type;
    LLVMMetadataRef *files; /* [module->files.n] .file entries, made when first used */
    LLVMMetadataRef sp;     /* the function being emitted */
    bool source;            /* -g: rows name .loc positions */
};

/* A DIFile for a path as given: its directory part, else the working
 * directory, so that a debugger finds relative names. */
static LLVMMetadataRef
make_file(LLVMDIBuilderRef di, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash)
        return LLVMDIBuilderCreateFile(di, slash + 1, strlen(slash + 1), path,
                                       (size_t)(slash - path));
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd))
        strcpy(cwd, ".");
    return LLVMDIBuilderCreateFile(di, path, strlen(path), cwd, strlen(cwd));
}

void
debug_begin(Emit *e)
{
    if (e->o->debug_info <= 0)
        return;
    DebugInfo *g = arena_alloc(e->arena, sizeof *g);
    g->source = e->o->debug_info >= 2;
    g->di = LLVMCreateDIBuilder(e->mod);
    const char *name = e->m->filename ? e->m->filename : "<stdin>";
    g->ptx_file = make_file(g->di, name);
    const char *producer = "ptx2native";
    g->cu = LLVMDIBuilderCreateCompileUnit(g->di, LLVMDWARFSourceLanguageC_plus_plus, g->ptx_file,
                                           producer, strlen(producer), e->o->opt_level > 0, "", 0,
                                           0, "", 0, LLVMDWARFEmissionLineTablesOnly, 0, false,
                                           false, "", 0, "", 0);
    g->fn_type = LLVMDIBuilderCreateSubroutineType(g->di, g->ptx_file, NULL, 0, LLVMDIFlagZero);
    g->files = arena_alloc(e->arena, sizeof *g->files * (size_t)(e->m->files.n + 1));
    LLVMAddModuleFlag(
        e->mod, LLVMModuleFlagBehaviorWarning, "Debug Info Version", 18,
        LLVMValueAsMetadata(LLVMConstInt(e->t_i32, LLVMDebugMetadataVersion(), false)));
    LLVMAddModuleFlag(e->mod, LLVMModuleFlagBehaviorWarning, "Dwarf Version", 13,
                      LLVMValueAsMetadata(LLVMConstInt(e->t_i32, 5, false)));
    e->dbg = g;
}

void
debug_end(Emit *e)
{
    if (!e->dbg)
        return;
    LLVMDIBuilderFinalize(e->dbg->di);
    LLVMDisposeDIBuilder(e->dbg->di);
    e->dbg = NULL;
}

void
debug_function(Emit *e, LLVMValueRef fn, const Func *f)
{
    DebugInfo *g = e->dbg;
    if (!g)
        return;
    size_t nlen = strlen(f->name), llen = 0;
    const char *linkage = LLVMGetValueName2(fn, &llen);
    unsigned line = f->loc.line > 0 ? (unsigned)f->loc.line : 1;
    g->sp = LLVMDIBuilderCreateFunction(g->di, g->ptx_file, f->name, nlen, linkage, llen,
                                        g->ptx_file, line, g->fn_type, true, true, line,
                                        LLVMDIFlagZero, e->o->opt_level > 0);
    LLVMSetSubprogram(fn, g->sp);
    /* the prologue: the function's own line */
    LLVMSetCurrentDebugLocation2(e->b,
                                 LLVMDIBuilderCreateDebugLocation(e->ctx, line, 0, g->sp, NULL));
}

/* The DIFile of a .file id, or NULL. */
static LLVMMetadataRef
source_file(Emit *e, int id)
{
    const Module *m = e->m;
    for (int i = 0; i < m->files.n; i++)
        if (m->files.v[i].id == id) {
            if (!e->dbg->files[i])
                e->dbg->files[i] = make_file(e->dbg->di, m->files.v[i].name);
            return e->dbg->files[i];
        }
    return NULL;
}

void
debug_at(Emit *e, const Instr *in)
{
    DebugInfo *g = e->dbg;
    if (!g || !g->sp)
        return;
    unsigned ptx_line = in->loc.line > 0 ? (unsigned)in->loc.line : 1;
    LLVMMetadataRef scope = g->sp;
    unsigned line = ptx_line, col = in->loc.col > 0 ? (unsigned)in->loc.col : 0;
    LLVMMetadataRef file = g->source && in->src.file ? source_file(e, in->src.file) : NULL;
    if (file) {
        scope = LLVMDIBuilderCreateLexicalBlockFile(g->di, g->sp, file, ptx_line);
        line = (unsigned)in->src.line;
        col = (unsigned)in->src.col;
    }
    LLVMSetCurrentDebugLocation2(e->b,
                                 LLVMDIBuilderCreateDebugLocation(e->ctx, line, col, scope, NULL));
}

void
debug_leave_function(Emit *e)
{
    if (!e->dbg)
        return;
    e->dbg->sp = NULL;
    LLVMSetCurrentDebugLocation2(e->b, NULL);
}
