/* ptx.h — the frontend: PTX source to a checked module and its CFGs.
 *
 * Stages meet at the plain structs below.  Everything a later stage needs
 * from the source (locations, modifiers in source order, scopes resolved to
 * symbol ids) is here; nothing here knows about LLVM.
 */
#ifndef PTX_H
#define PTX_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---------------------------------------------------------------- util.c */

/* Internal bug: never returns. */
#define die(...) die_at(__FILE__, __LINE__, __VA_ARGS__)
_Noreturn void die_at(const char *file, int line, const char *fmt, ...);
/* System error: message, then ": strerror(errno)" when fmt ends in ':'. */
_Noreturn void fatal(const char *fmt, ...);

/* Both print and exit(3), unless this thread has set a recovery point (the
 * translator library does, for each call): then they write their message
 * into it and longjmp there.  What the stages had allocated besides the
 * caller's arenas is lost on that path (an internal bug, or no memory). */
typedef struct Recovery {
    jmp_buf env;
    char msg[512];
} Recovery;
Recovery *recovery_set(Recovery *r); /* this thread's; returns the previous one */

/* Bump allocator.  Everything of a module lives in one arena; per-function
 * scratch (analyses, emission) in another that is reset after the function. */
typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
    ArenaChunk *head;
} Arena;

void *arena_alloc(Arena *a, size_t n);             /* zeroed, 16-aligned */
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_printf(Arena *a, const char *fmt, ...);
char *arena_vprintf(Arena *a, const char *fmt, va_list ap);
void arena_free(Arena *a);

/* The one growable array.  A Vec(T) is {T *v; int n, cap;}; its storage
 * comes from an arena, so it is never freed on its own. */
#define Vec(T)                                                                 \
    struct {                                                                   \
        T *v;                                                                  \
        int n, cap;                                                            \
    }
#define vec_push(arena, vec, x)                                                \
    (vec_reserve((arena), (void **)&(vec)->v, &(vec)->cap, (vec)->n + 1,       \
                 sizeof *(vec)->v),                                            \
     (vec)->v[(vec)->n++] = (x))
void vec_reserve(Arena *a, void **v, int *cap, int need, size_t elem);

/* Source locations: every token, instruction, block and diagnostic has one. */
typedef struct SrcLoc {
    const char *file; /* as given on the command line ("-" is "<stdin>") */
    int line, col;    /* 1-based; col counts bytes */
} SrcLoc;

/* Source text kept for diagnostics (the line and a caret). */
typedef struct SrcFile {
    const char *name;
    const char *text;
    size_t len;
} SrcFile;

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagKind;

/* Warnings, each with its -Wname (warnings.def). */
typedef enum {
#define W(id, name, on, what) W_##id,
#include "warnings.def"
#undef W
    W_COUNT
} Warning;

typedef struct Diag {
    DiagKind kind;
    SrcLoc loc;
    char *msg;
} Diag;

/* Collected diagnostics.  Stages stop between each other once nerrors > 0. */
typedef struct Diags {
    Arena *arena;
    Vec(Diag) list;
    Vec(SrcFile) files;
    int nerrors, nwarnings;
    int nwarn_errors;    /* of nerrors, warnings made errors (-Werror): they
                            do not stop the stages before the warnings pass */
    int max_errors;      /* stop collecting errors after this many (0: 20) */
    bool werror, nowarn; /* -Werror, -w */
    bool wall;           /* -Wall: every warning on unless -Wno-name */
    signed char on[W_COUNT];    /* -Wname: 1, -Wno-name: -1, else 0 (the default) */
    signed char error[W_COUNT]; /* -Werror=name: 1, -Wno-error=name: -1, else 0 */
} Diags;

void diag_add_file(Diags *d, const char *name, const char *text, size_t len);
void diag_error(Diags *d, SrcLoc loc, const char *fmt, ...);
/* A warning w: dropped when w is off, an error when it is one (the message
 * ends in " [-Wname]" or " [-Werror,-Wname]"); true when it was kept. */
bool diag_warning(Diags *d, Warning w, SrcLoc loc, const char *fmt, ...);
bool diag_warning_on(const Diags *d, Warning w);
/* Applies one warning option (-w, -Werror, -Wall, -WNAME, -Wno-NAME,
 * -Werror=NAME, -Wno-error=NAME); false when it names no warning. */
bool diag_warning_option(Diags *d, const char *opt);
/* For an unknown option: the closest known one, or NULL. */
const char *diag_warning_suggest(const char *opt);
void diag_note(Diags *d, SrcLoc loc, const char *fmt, ...);
bool diag_too_many(const Diags *d);
size_t edit_distance(const char *a, const char *b); /* Levenshtein, for suggestions */
/* The text of loc's source line (in d's arena), or NULL when unknown. */
const char *diag_source_line(const Diags *d, SrcLoc loc);
/* Prints "file:line:col: error: msg", the source line and a caret. */
void diag_print(const Diags *d, FILE *out);

/* ---------------------------------------------------------- the tables */

/* Data types (.u32, .f16x2, ...): name, kind, bits. */
typedef enum {
    TY_NONE,
#define X(id, name, kind, bits) TY_##id,
#include "types.def"
#undef X
    TY_COUNT
} PtxType;

typedef enum { TK_NONE, TK_PRED, TK_BITS, TK_UINT, TK_SINT, TK_FLOAT, TK_PACKED } TypeKind;

const char *type_name(PtxType t); /* "u32" */
TypeKind type_kind(PtxType t);
int type_bits(PtxType t); /* pred: 1 */

/* State spaces. */
typedef enum {
    SP_NONE,
    SP_REG,
    SP_SREG,
    SP_CONST,
    SP_GLOBAL,
    SP_LOCAL,
    SP_PARAM,
    SP_SHARED,
    SP_TEX,
    SP_GENERIC,
    SP_COUNT
} Space;

const char *space_name(Space s); /* "global" */

/* PTX ISA versions and .target strings the manual defines, and the lists
 * for messages (versions: tables.c; targets: isa.c). */
bool ptx_version_known(int major, int minor);
const char *ptx_versions_list(void);
bool ptx_target_known(const char *name);
const char *ptx_targets_list(void);
/* The oldest PTX ISA version (major * 10 + minor) with the .target name,
 * -1 for an unknown name. */
int ptx_target_version(const char *name);

/* Instruction modifiers (.rn, .ftz, .lt, .v4, .global, .u32, ...). One name
 * may belong to several classes (".lo": mul half or unsigned compare); the
 * opcode says which classes it accepts and the parser picks. */
typedef enum {
    MOD_NONE,
#define X(id, name, kind, bits) MOD_##id,
#include "types.def"
#undef X
#define X(id, name, classes) MOD_##id,
#include "mods.def"
#undef X
    MOD_COUNT
} Mod;

enum { /* modifier classes, a bit each */
    MC_TYPE = 1u << 0,    /* .u32 .f16x2 ... (see types.def) */
    MC_SPACE = 1u << 1,   /* .global .shared ... */
    MC_ROUND = 1u << 2,   /* .rn .rz .rm .rp .rni .rzi .rmi .rpi .rna .rs */
    MC_FTZ = 1u << 3,     /* .ftz */
    MC_SAT = 1u << 4,     /* .sat .satfinite */
    MC_PREC = 1u << 5,    /* .approx .full */
    MC_HALF = 1u << 6,    /* .lo .hi .wide (mul/mad) */
    MC_CC = 1u << 7,      /* .cc */
    MC_CMP = 1u << 8,     /* .eq .ne .lt ... .lo .ls .hi .hs .equ .nan .num */
    MC_BOOL = 1u << 9,    /* .and .or .xor (setp/set combining) */
    MC_VEC = 1u << 10,    /* .v2 .v4 .v8 */
    MC_CACHE = 1u << 11,  /* .ca .cg .cs .lu .cv .wb .wt .nc, L1::/L2:: hints */
    MC_SEM = 1u << 12,    /* .volatile .relaxed .acquire .release .acq_rel .weak .mmio */
    MC_SCOPE = 1u << 13,  /* .cta .cluster .gpu .sys */
    MC_UNI = 1u << 14,    /* .uni */
    MC_SYNC = 1u << 15,   /* .sync .aligned .arrive .red (barriers), .to */
    MC_ATOMOP = 1u << 16, /* .add .inc .dec .exch .cas .min .max .and .or .xor */
    MC_SHFL = 1u << 17,   /* .up .down .bfly .idx */
    MC_VOTE = 1u << 18,   /* .all .any .uni .ballot */
    MC_MISC = 1u << 19,   /* opcode-specific: .relu .shiftamt .clamp .wrap .l .r ... */
    MC_CVTA = 1u << 20,   /* .to */
};

const char *mod_name(Mod m); /* "rn" */
unsigned mod_classes(Mod m);
Mod mod_lookup(const char *name, size_t len); /* MOD_NONE if unknown */
PtxType mod_type(Mod m);                      /* TY_NONE unless a type */
Space mod_space(Mod m);                       /* SP_NONE unless a space */

/* Opcodes and their properties; opcodes.def is the one table. */
typedef enum {
    OP_NONE,
#define X(id, name, flags, classes, nopnd_min, nopnd_max, shape, emit) OP_##id,
#include "opcodes.def"
#undef X
    OP_COUNT
} Opcode;

enum { /* opcode properties */
    OF_TERM = 1u << 0,      /* ends a basic block (bra brx ret exit trap) */
    OF_SIDE = 1u << 1,      /* has side effects beyond its destinations */
    OF_RUNTIME = 1u << 3,   /* needs the runtime (barriers, calls, nanosleep) */
    OF_VARYING = 1u << 4,   /* result varies across lanes whatever the inputs */
    OF_UNIFORM = 1u << 5,   /* result uniform whatever the inputs (vote.all...) */
    OF_BARRIER = 1u << 6,   /* a barrier (bar barrier bar.warp.sync) */
    OF_CALL = 1u << 7,      /* call */
    OF_MEM = 1u << 8,       /* has a memory operand */
    OF_NODST = 1u << 9,     /* first operand is not a destination */
};

const char *opcode_name(Opcode op); /* "mad" */
unsigned opcode_flags(Opcode op);
unsigned opcode_classes(Opcode op); /* MC_* the opcode accepts */
Opcode opcode_lookup(const char *name, size_t len); /* "bar.warp.sync" too */
bool opcode_unsupported(const char *name, size_t len); /* in unsupported.def */
struct Instr;
bool instr_has_mod(const struct Instr *in, Mod m); /* one of its modifiers is m */
int opcode_min_operands(Opcode op);
int opcode_max_operands(Opcode op);
const char *opcode_shape(Opcode op); /* operand types, see opcodes.def */

/* Special registers (%tid, %laneid, ...). */
typedef enum {
    SREG_NONE,
#define X(id, name, flags) SREG_##id,
#include "sregs.def"
#undef X
    SREG_COUNT
} SReg;

enum {
    SRF_VEC = 1u << 0,     /* has .x .y .z components */
    SRF_VARYING = 1u << 1, /* differs across lanes of a warp */
    SRF_64 = 1u << 2,      /* 64-bit */
    SRF_INDEXED = 1u << 3, /* %envreg<32>, %pm<8> ... : name ends in a number */
};

const char *sreg_name(SReg r); /* "tid" (no %) */
/* The operand as PTX spells it, without %: "tid", "envreg3", "pm3_64"
 * (an indexed register with its index comp); into buf. */
const char *sreg_spelling(SReg r, int comp, char *buf, size_t size);
unsigned sreg_flags(SReg r);
SReg sreg_lookup(const char *name, size_t len); /* without the % */

/* ------------------------------------------------------------ the module */

typedef struct Func Func;
typedef struct Var Var;

/* Operands.  Registers, variables, functions and labels are resolved by the
 * parser to ids (scopes are gone after parsing). */
typedef enum {
    OPD_REG,    /* %r1; with .neg for !%p */
    OPD_SINK,   /* _ */
    OPD_SREG,   /* %tid.x: sreg, comp (0..2, or index for %envreg3) */
    OPD_IMM,    /* integer immediate: imm */
    OPD_FIMM,   /* float immediate: fbits with is_double */
    OPD_VAR,    /* address of a variable: var (+ imm offset, for initializers) */
    OPD_FUNC,   /* address of a function: func */
    OPD_LABEL,  /* label: label */
    OPD_MEM,    /* [base + imm]; base is sub[0] (REG, VAR or none), offset imm */
    OPD_VEC,    /* {a, b, c, d}: sub[] */
    OPD_LIST,   /* ( a, b ): call argument or return list: sub[] */
    OPD_PAIR,   /* d|p: sub[0], sub[1] */
    OPD_TARGETS /* a .branchtargets / .calltargets / .callprototype name: label */
} OperandKind;

typedef struct Operand Operand;
struct Operand {
    OperandKind kind;
    bool neg;   /* !%p */
    bool minus; /* -%r: a negated operand of vmad */
    SrcLoc loc;
    union {
        int reg;   /* OPD_REG: index into Func.regs */
        int label; /* OPD_LABEL, OPD_TARGETS: index into Func.labels */
        struct {
            SReg sreg;
            int comp;
        };
        int64_t imm; /* OPD_IMM, OPD_MEM offset, OPD_VAR offset */
        struct {
            uint64_t fbits;
            bool is_double;
        };
    };
    const char *sel; /* OPD_REG of a video instruction: its selector "b0", "h10",
                        "b3210" (no dot), or NULL */
    Var *var;   /* OPD_VAR, or the base of OPD_MEM */
    Func *func; /* OPD_FUNC */
    Operand *sub;
    int nsub;
};

/* Where an instruction came from in the program's own source, from the
 * last `.loc FILE LINE COL` before it in its function (nvcc -lineinfo,
 * clang -g); file 0: no .loc. */
typedef struct SrcPos {
    int file; /* a .file id: module_file_name() */
    int line, col;
} SrcPos;

typedef struct Instr {
    SrcLoc loc;
    SrcPos src;
    Opcode op;
    int guard;       /* predicate register or -1 */
    bool guard_neg;  /* @!p */
    Mod mods[16];    /* every modifier, types included, in source order */
    int nmods;
    /* Decoded from mods by the parser, for later stages: */
    PtxType type[3]; /* types in source order (cvt: dst, src) */
    int ntype;
    Space space;     /* SP_NONE when not given (generic for ld/st) */
    int vec;         /* 1, 2, 4 or 8 */
    bool uni;        /* .uni */
    Operand *opnd;
    int nopnd;
} Instr;

/* A call's operands, call[.uni] [(rets),] target[, (args)][, tlist]; the
 * members absent from the call are NULL (tables.c: the one decoding). */
typedef struct CallShape {
    const Operand *rets, *target, *args, *tlist;
} CallShape;
CallShape call_shape(const Instr *in);
/* in is a call that may run g: g names a .func with a body, and in calls it
 * or calls through a register (which may hold any function's address). */
bool call_may_reach(const Instr *in, const Func *g);

/* Registers: every .reg declaration, each range element its own entry. */
typedef struct Reg {
    const char *name; /* "%r7" */
    PtxType type;
    int vec;          /* .reg .v4 .f32 %v: 4, and the register is one */
    int comp;         /* element of it, "%v.x" (0) ... "%v.w" (3) */
    SrcLoc loc;
    int scope;        /* scope depth it was declared in, for the printer */
} Reg;

typedef enum { LK_NONE, LK_VISIBLE, LK_EXTERN, LK_WEAK, LK_COMMON } Linkage;

/* One initializer element. */
typedef enum {
    INIT_INT,
    INIT_FLOAT,
    INIT_VAR,
    INIT_FUNC,
    INIT_GENERIC,
    INIT_MASK,
    INIT_LIST
} InitKind;

typedef struct Init Init;
struct Init {
    InitKind kind;
    SrcLoc loc;
    int64_t i;       /* INIT_INT; offset for INIT_VAR/GENERIC; byte index for MASK */
    uint64_t fbits;  /* INIT_FLOAT */
    bool is_double;
    Var *var;        /* INIT_VAR, INIT_GENERIC, INIT_MASK */
    Func *func;      /* INIT_FUNC */
    Init *elems;     /* INIT_LIST: nested { } */
    int nelems;
};

/* Variables in any state space except .reg (module or function scope). */
struct Var {
    const char *name;
    Space space;
    Linkage linkage;
    PtxType type;
    int vec;         /* 1, 2, 4, 8 */
    int align;       /* 0: natural */
    int ndims;
    int64_t dims[4]; /* -1: unsized [] */
    Init *init;      /* NULL: none; else an INIT_LIST or scalar */
    bool is_ptr;     /* .param .ptr ... (entry params) */
    Space ptr_space; /* .ptr.global ... */
    int ptr_align;
    SrcLoc loc;
    int scope;       /* 0 for module scope */
    Func *owner;     /* function declaring it, NULL at module scope */
    int64_t size;    /* bytes, filled by the parser; -1 for unsized */
    int reg;         /* space SP_REG (a .reg parameter): its register in owner->regs */
};

typedef enum { LBL_CODE, LBL_BRANCHTARGETS, LBL_CALLTARGETS, LBL_CALLPROTO } LabelKind;

typedef struct Label {
    const char *name;
    LabelKind kind;
    SrcLoc loc;
    int instr;        /* LBL_CODE: index of the first instruction after it */
    bool defined;
    Operand *targets; /* .branchtargets: OPD_LABEL; .calltargets: OPD_FUNC */
    int ntargets;
    Func *proto;      /* .callprototype: a bodiless Func with the signature */
} Label;

/* Statements in source order, for the printer (instructions also live in
 * Func.instrs, which is what analyses use). */
typedef enum {
    ST_INSTR,
    ST_LABEL,
    ST_REG,
    ST_VAR,
    ST_OPEN,
    ST_CLOSE,
    ST_PRAGMA,
    ST_LOC,
    ST_TARGETS
} StmtKind;

typedef struct Stmt {
    StmtKind kind;
    int index;          /* instr, label, first reg, or var index */
    int count;          /* ST_REG: registers declared (a range) */
    const char *text;   /* ST_PRAGMA, ST_LOC: the directive's text */
    Var *var;
} Stmt;

typedef struct Perf {
    int maxntid[3], reqntid[3]; /* 0: not given */
    int minnctapersm, maxnreg, maxclusterrank;
    int reqnctapercluster[3];
    bool explicitcluster;
} Perf;

typedef struct Block Block;
typedef struct Cfg Cfg;

struct Func {
    const char *name;
    SrcLoc loc;
    bool is_entry;
    bool has_body;
    bool noreturn;
    Linkage linkage;
    Vec(Var *) params;
    Vec(Var *) rets;
    Perf perf;
    Vec(const char *) pragmas;
    Vec(Reg) regs;
    Vec(Var *) vars; /* function-scope .local/.shared/.param/.const */
    Vec(Label) labels;
    Vec(Instr) instrs;
    Vec(Stmt) body;
    Cfg *cfg;        /* built by cfg_build */
};

typedef struct DebugFile {
    int id;
    const char *name;
    SrcLoc loc;
} DebugFile;

typedef enum { MI_FUNC, MI_VAR, MI_FILE, MI_SECTION } ModItemKind;

typedef struct ModItem {
    ModItemKind kind;
    int index; /* into funcs, vars, files or sections */
} ModItem;

typedef struct Module {
    Arena arena;
    const char *filename;
    int version_major, version_minor;
    Vec(const char *) target; /* sm_75, texmode_independent, debug */
    int address_size;         /* 32 or 64 */
    Vec(Func *) funcs;        /* definitions and declarations, source order */
    Vec(Var *) vars;          /* module-scope variables, source order */
    Vec(DebugFile) files;     /* .file */
    Vec(const char *) sections; /* .section blocks, raw text, for -g */
    Vec(ModItem) items;       /* module level, source order, for the printer */
} Module;

/* ------------------------------------------------------------ the stages */

/* lex.c: tokens.  Punctuation tokens are their own character. */
typedef enum {
    TOK_EOF = 0,
    TOK_ERROR = 1,
    TOK_IDENT = 256, /* %r1 $L__BB0_1 name */
    TOK_DOTNAME,     /* .u32 .shared::cta */
    TOK_INT,
    TOK_FLOAT,       /* 0f, 0d or decimal (decimal is double) */
    TOK_STRING,
} TokKind;

typedef struct Token {
    TokKind kind;
    SrcLoc loc;
    const char *text; /* into the source; len bytes */
    int len;
    uint64_t ival;
    uint64_t fbits;
    bool is_double;
} Token;

typedef struct Lexer {
    const char *file, *text;
    size_t len, pos;
    int line, col;
    Diags *d;
} Lexer;

void lex_init(Lexer *lx, const char *file, const char *text, size_t len, Diags *d);
void lex_next(Lexer *lx, Token *t);

/* parse.c: a module from source text; errors go to d.  Returns NULL
 * only when the text could not be read; otherwise a module, possibly
 * partial, and the caller checks d->nerrors. */
Module *ptx_parse(const char *filename, const char *text, size_t len, Diags *d);

/* The name a `.file ID "name"` directive gave ID, or NULL. */
const char *module_file_name(const Module *m, int id);

/* check.c: operand types and state spaces of every instruction against
 * the opcode's shape; errors go to d (all of them, up to d's limit). */
void ptx_check(const Module *m, Diags *d);
/* check_tex.c: for check.c, the operands and modifiers of tex, tld4, txq,
 * suld, sust, suq, mma, wmma, ldmatrix and stmatrix; false for another
 * opcode. */
bool ptx_check_tex(Diags *d, const Func *f, const Instr *in);

/* isa.c: whether the .target (sm_XX) and .version have every
 * instruction, modifier and special register the module uses. */
void ptx_check_target(const Module *m, Diags *d);

/* print.c: PTX text that parses back to the same module. */
void ptx_print(FILE *out, const Module *m);
void ptx_print_instr(FILE *out, const Func *f, const Instr *in);

void module_free(Module *m);

/* link.c: several modules as one: .extern and .weak names resolve to one
 * definition; errors (duplicates, undefined names) go to d. */
Module *ptx_link(Module **mods, int n, Diags *d);

/* ---------------------------------------------------------------- cfg.c */

/* Basic blocks.  Block 0 is the entry; the last block is the synthetic exit
 * that every ret/exit/trap (and, in the reverse graph, every block that
 * cannot reach an exit) leads to.  succ[] has many entries for brx.idx. */
struct Block {
    int id;
    int first, last;  /* instruction range [first, last); empty for the exit */
    int label;        /* label that starts it, or -1 */
    SrcLoc loc;       /* its first instruction, or the label */
    int *succ, nsucc;
    int *pred, npred;
    int idom, ipdom;  /* -1 where undefined */
    int rpo;          /* position in reverse postorder; -1: unreachable */
};

struct Cfg {
    Block *blocks;
    int nblocks;
    int exit;         /* index of the synthetic exit block */
    int *rpo;         /* block ids in reverse postorder from the entry */
    int nrpo;
    int *block_of;    /* instruction index -> block id */
    int *tied, ntied; /* dom.c: blocks that cannot reach the exit, tied to it
                         in the reverse graph only (see dom.c) */
};

/* needs f->instrs and labels; builds f->cfg in arena a */
void cfg_build(Func *f, Arena *a);
void cfg_print(FILE *out, const Func *f);
void cfg_print_block_name(FILE *out, const Func *f, int b); /* "bb3($L)" */

#endif
