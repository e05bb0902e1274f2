/* lower.h — analyses over the CFG, the divergence report, and LLVM emission.
 *
 * The analyses (dom.c, uniform.c) fill plain per-function results that the
 * report and the emitter both read; only the emitter touches LLVM.
 */
#ifndef LOWER_H
#define LOWER_H

#include "ptx.h"

/* How a control transfer (bra, brx, call, ret, exit, trap) behaves across
 * the lanes of a warp. */
typedef enum {
    BR_NONE,             /* not a control transfer */
    BR_UNIFORM_DECLARED, /* .uni: the author promises it */
    BR_UNIFORM_PROVEN,   /* the uniformity analysis proves it */
    BR_DIVERGENT,        /* lanes may disagree */
} BranchClass;

/* What the lowering does with a divergent branch. */
typedef enum { LOWER_SCALAR, LOWER_STACK, LOWER_PREDICATED } BranchLowering;

/* Per-function results of the analyses, indexed like Func.regs, Func.instrs
 * and Cfg.blocks. */
typedef struct FuncInfo {
    Func *func;
    bool *reg_varying;        /* [nregs] may differ across the lanes of a warp */
    BranchClass *branch;      /* [ninstrs] */
    bool *uni_unproven;       /* [ninstrs] .uni the analysis could not prove */
    int *reconverge;          /* [ninstrs] divergent transfers: block where lanes
                                 meet (ipdom); cfg->exit for function exit */
    BranchLowering *lowering; /* [ninstrs] planned treatment of each transfer */
    bool *block_divergent;    /* [nblocks] may run with only some lanes of the
                                 warp (under divergent control) */
    bool *param_uniform;      /* [nparams] .func: every call passes a uniform
                                 value (analyze_module); NULL: none proven */
    bool *reg_row_affine;     /* [nregs] lanes of a warp with the same %tid.y
                                 and %tid.z hold v0 + reg_tx_step * %tid.x */
    int64_t *reg_tx_step;     /* [nregs] that step (0: the same in the row) */
    bool *reg_tx_wide;        /* [nregs] widened from 32 bits on the way: a
                                 row may wrap once; check at run time */
    bool *reg_merge;          /* [nregs] a lane parked on the divergence stack
                                 may read it when it resumes: a write under a
                                 partial path mask keeps the other lanes' values */
} FuncInfo;

typedef struct Analysis {
    Module *module;
    FuncInfo *funcs; /* [module->funcs.n]; empty for bodiless functions */
} Analysis;

/* ---------------------------------------------------------------- dom.c */

/* needs f->cfg; fills Block.idom (dominators of the CFG) and Block.ipdom
 * (dominators of the reverse CFG).  Cooper–Harvey–Kennedy iterative
 * algorithm; see dom.c for how blocks that never reach the exit are tied
 * to it. */
void dom_compute(Func *f, Arena *a);
void pdom_print(FILE *out, const Func *f);

/* ------------------------------------------------------------ uniform.c */

/* needs f->cfg with ipdom; fills the FuncInfo of f. */
void uniform_compute(const Module *m, Func *f, FuncInfo *info, Arena *a);
void uniform_print(FILE *out, const Func *f, const FuncInfo *info);

/* analyze.c-style driver over a whole module (in uniform.c): cfg_build,
 * dom_compute and uniform_compute for every function with a body. */
Analysis *analyze_module(Module *m);

/* ------------------------------------------------------------- report.c */

/* Writes the XML divergence report; returns false (and a diagnostic) on a
 * system error. */
bool report_write(const char *path, const Analysis *an, Diags *d);

/* -------------------------------------------------------------- emit*.c */

typedef enum { OUT_SHARED, OUT_OBJECT, OUT_ASM, OUT_LLVM_TEXT, OUT_LLVM_BC } OutputKind;

typedef struct LowerOptions {
    OutputKind kind;
    const char *output;   /* path, or "-" for standard output */
    int opt_level;        /* 0..3 */
    const char *mcpu;     /* NULL: the host CPU */
    const char *mattr;    /* NULL: the host CPU's features */
    bool debug;           /* -g */
    bool dump_ir;         /* print the IR before optimisation to stdout and stop */
} LowerOptions;

/* Emits the module; returns 0, 1 (errors in the input, in d) or 3 (a tool
 * or internal failure, already reported). */
int lower_module(const Analysis *an, const LowerOptions *o, Diags *d);

#endif
