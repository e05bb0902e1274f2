/* analysis.h — the analyses over the CFG (lowering/analysis/): dominators
 * and post-dominators, uniformity and divergence, the reconvergence plan,
 * and the XML divergence report.
 *
 * They fill plain per-function results that the report and the code
 * generator both read.  Nothing here, or in any file that includes this
 * header, reaches LLVM (test/cli/layers.sh checks it).
 */
#ifndef ANALYSIS_H
#define ANALYSIS_H

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
    bool *block_parked;       /* [nblocks] other lanes of the warp may be parked
                                 on the divergence stack or held meanwhile
                                 (barrier_may_hold); elsewhere a lane off the
                                 running path has exited */
    bool *param_uniform;      /* [nparams] .func: every call passes a uniform
                                 value (analyze_module); NULL: none proven */
    bool address_taken;       /* its address escapes (analyze_module): an
                                 indirect call may reach it */
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
/* A call's operands by role; NULL where absent (all when it has none). */
/* Operand o may differ across the lanes of a warp (needs the FuncInfo
 * filled; tid_row: %tid is taken as the same in a row of the block). */
bool operand_varies(const FuncInfo *fi, const Operand *o, bool tid_row);
bool barrier_may_hold(const Func *f, const FuncInfo *fi, int i);
int exit_side(const Func *f, const FuncInfo *fi, int i);
/* an instruction's memory operand, a call's target operand (NULL: none) */
const Operand *mem_operand(const Instr *in);
const Operand *call_target(const Instr *in);
/* The names of branch classes and lowerings (dumps and the report). */
const char *branch_class_name(BranchClass c);
const char *branch_lowering_name(BranchLowering l);

/* analyze.c-style driver over a whole module (in uniform.c): cfg_build,
 * dom_compute and uniform_compute for every function with a body. */
Analysis *analyze_module(Module *m);

/* -------------------------------------------------------------- plan.c */

typedef Vec(int) IntVec;

/* The reconvergence plan of one function (docs/lowering.md). */
typedef struct ReconvPlan {
    const Func *f;
    const FuncInfo *fi;
    Arena *arena;
    bool *linear;     /* [ninstrs] a divergent bra run side after side */
    bool *predicated; /* [ninstrs] a linear one whose sides run whatever the
                         lanes, each under its mask (no branch around them) */
    int *lin_branch;  /* [nblocks] a side of linear branch i: i + 1, else 0 */
    char *narrow;     /* [ninstrs] a divergent bra that only narrows the mask
                         (plan_narrow): NARROW_OUTER or NARROW_INNER */
    int *narrow_group; /* [nblocks] inside the region of narrowing group X
                          (its outer branch; the innermost): X + 1, else 0 */
    bool *is_reconv;  /* [nblocks] some divergent branch reconverges here */
    bool *pushable;   /* [nblocks] a stack entry may name it (a non-linear
                         transfer's R or side) */
    IntVec *site_pcs; /* [nblocks] the entries a pop at a path's end there
                         may give (only when asked for: plan_compute) */
    bool stackless;   /* no transfer pushes an entry (every divergent one
                         linear, narrowing or with an exit side) */
} ReconvPlan;

enum { NARROW_OUTER = 1, NARROW_INNER = 2 };

/* needs the FuncInfo of f; fills p from arena a; sites: also site_pcs and
 * the narrowing branches (a function whose barriers may hold lanes has
 * none). */
void plan_compute(const Func *f, const FuncInfo *fi, bool sites, ReconvPlan *p, Arena *a);
/* Sets fi->lowering to LOWER_PREDICATED for the branches the plan
 * predicates (analyze_module calls it last). */
void plan_mark_predicated(const Func *f, FuncInfo *fi, Arena *a);
/* Where a divergent transfer's lanes meet: its ipdom, or the exit. */
int plan_reconvergence(const Func *f, const FuncInfo *fi, int instr);
/* Block b heads a cycle (an edge into it retreats in reverse postorder). */
bool plan_loop_head(const Cfg *c, int b);

/* ------------------------------------------------------------- report.c */

/* Writes the XML divergence report; returns false (and a diagnostic) on a
 * system error. */
bool report_write(const char *path, const Analysis *an, Diags *d);
/* `ns::kern<float>(float*, int)` for a mangled C++ (Itanium ABI) name, in
 * a; NULL for a name that is not one. */
char *report_demangle(Arena *a, const char *name);

/* --------------------------------------------------------------- warn.c */

/* The warnings that need the analyses (frontend/warnings.def): .aligned
 * barriers under divergence, .uni transfers that may vary, deprecated
 * forms, ignored hints. */
void warn_module(const Analysis *an, Diags *d);

#endif
