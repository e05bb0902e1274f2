/* emit.h — private to the LLVM emitter (lowering/codegen/, target.c).
 *
 * One emission context, passed first to every emitter (STYLE 11).  A PTX
 * register lives in an entry-block alloca: a scalar when the uniformity
 * analysis proves it the same in every lane, a <32 x T> vector otherwise;
 * mem2reg turns them into SSA.  The warp's active mask is an i32, one bit a
 * lane.
 */
#ifndef EMIT_H
#define EMIT_H

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "lower.h"

#define WARP 32

/* Fields of p2n_warp and entries of p2n_services, in order: the indices
 * of runtime/p2n_abi.def's tables (abi.c builds the types from them). */
enum {
#define P2N_WARP(tag, name, ctype, kind) W_##tag,
#include "p2n_abi.def"
    W_NFIELDS
};
enum {
#define P2N_SERVICE(tag, name, ret, params) S_##tag,
#include "p2n_abi.def"
    S_NFIELDS
};

/* A variable's home: an offset in the CTA's shared block or the lane's
 * local window, or an LLVM global (.global, .const). */
typedef struct VarSlot {
    const Var *var;
    int64_t offset;
    LLVMValueRef global;
} VarSlot;

typedef Vec(LLVMValueRef) ValueVec;

/* An out-of-line access of each active lane (memory.c, lane_fn). */
typedef struct LaneHelper {
    LLVMTypeRef t; /* element type */
    bool store;
    int kind; /* 0: p2n.lanes (any address); 1, 2: p2n.rows, p2n.rows.wide */
    LLVMTypeRef fty;
    LLVMValueRef fn;
} LaneHelper;

/* What the emission of one function needs: emit_function (function.c)
 * sets it, function_end clears it and frees the function's arena; nothing
 * in it outlives the function. */
typedef struct EmitFunc {
    Func *f;
    const FuncInfo *fi;
    LLVMValueRef fn;
    LLVMValueRef warp;          /* the p2n_warp * argument */
    LLVMValueRef *reg_slot;     /* [nregs] alloca */
    LLVMTypeRef *reg_type;      /* [nregs] storage type (scalar or vector) */
    LLVMBasicBlockRef *bb;      /* [nblocks] entry of each block (reconvergence check) */
    LLVMBasicBlockRef *bb_body; /* [nblocks] the block's instructions */
    LLVMBasicBlockRef exit_bb, dispatch_bb, return_bb;
    /* A dispatcher per block where paths may end (flow.c, site_dispatch),
     * unless local_dispatch is false (one dispatcher, dispatch_bb). */
    bool local_dispatch;
    LLVMBasicBlockRef *site_bb; /* [nblocks], made on demand */
    IntVec *site_pcs;           /* [nblocks] the entries a pop there may give */
    LLVMBasicBlockRef bad_pc_bb; /* a popped entry no site expected */
    LLVMValueRef mask_slot;     /* i32: lanes running the current path */
    LLVMValueRef rpc_slot;      /* i32: block where the current path ends */
    LLVMValueRef sp_slot;       /* i32: divergence stack depth */
    LLVMValueRef carry_slot;    /* <32 x i1>: CC.CF of add.cc and friends */
    LLVMValueRef done_slot;     /* i32: lanes that returned from this .func */
    LLVMValueRef argv, retv;    /* .func: blocks of the parameters and results */
    LLVMValueRef depth;         /* i32: call depth (0 in a kernel) */
    LLVMValueRef local_ptr;     /* lane 0's local window */
    LLVMValueRef local_stride;  /* i64 */
    LLVMValueRef param_frame;   /* blocks of .param variables declared in the body */
    LLVMValueRef entry_mask;    /* i32: the lanes this call or warp started with */
    /* --profile: the function's counters [3 * prof_n x i64] (NULL: none) of
     * its branches, the module's prof_first .. prof_first + prof_n - 1 */
    LLVMValueRef prof_local;
    int prof_first, prof_n;
    /* Barriers in a function with divergent branches (see flow.c): nbar
     * barrier instructions, k-th = bar_instr[k]; lanes held at barrier k
     * wait in wk_mask[k] with their rpc, the barrier's id and count;
     * wait_mask is the union. */
    int nbar;
    const Instr **bar_instr;
    LLVMValueRef wait_mask;                    /* i32 slot */
    LLVMValueRef wk_mask, wk_rpc, wk_id, wk_count; /* [nbar x i32] */
    ValueVec bar_resume;        /* LLVM blocks resuming each barrier (it runs), by index */
    ValueVec bar_go;            /* LLVM blocks running each barrier instruction */
    LLVMBasicBlockRef release_bb; /* every live lane holds or exited: let them go */
    /* a direct call that may wait at a barrier (call_holds) counts as
     * barrier k too; bar_call[k] says how to run it again (call.c) */
    struct HeldCall *bar_call;
    /* bar.warp.sync counts as barrier k too: wsync_mask holds the lanes held
     * at one; wsync_bb lets the held lanes in wsync_lanes go on */
    LLVMValueRef wsync_mask, wsync_lanes; /* i32 slots */
    LLVMBasicBlockRef wsync_bb;
    int ndivergent;             /* divergent transfers in the function */
    bool stackless;             /* no stack entry is ever pushed: no stack, no dispatcher */
    LLVMValueRef stk_pc, stk_mask, stk_rpc; /* [stack_cap x i32] */
    int stack_cap;
    bool *is_reconv;            /* [nblocks] some divergent branch reconverges here */
    bool *linear;               /* [ninstrs] a divergent bra run side after side (plan.c) */
    bool *predicated;           /* [ninstrs] a linear one with no branch around its sides */
    LLVMValueRef *lin_m, *lin_mf; /* [ninstrs] its mask, and its other side's lanes (i32 slots) */
    int *lin_branch;            /* [nblocks] a side of linear branch i: i + 1, else 0 */
    bool *pushable;             /* [nblocks] a stack entry may name it (plan.c) */
    char *narrow;               /* [ninstrs] NARROW_OUTER or NARROW_INNER bra (plan.c) */
    int *narrow_group;          /* [nblocks] in the region of outer narrowing bra X: X + 1 */
    LLVMValueRef *narrow_slot;  /* [ninstrs] an outer one's mask (i32 slot) */
    LLVMBasicBlockRef *narrow_join; /* [ninstrs] its region's way into R: the mask back */
    LLVMBasicBlockRef narrow_real;  /* R's own block while narrow_enter points R at a join */
    LLVMValueRef prologue_end;  /* the prologue's branch to the first block */
    struct OneLoop **oneloop;   /* [nblocks] a loop head's scalar copy (oneloop.c), or NULL */
    int noneloops;
    LLVMValueRef rows_lo;       /* i32: lanes of the warp's first row (memory.c) */
    LLVMValueRef rows_two;      /* i1: the warp's lanes form at most two rows */
    LLVMValueRef half_rows;     /* i1: lanes 0-15 lie in one row, and 16-31 */
    LLVMValueRef *probe_slot;   /* [nregs] <NPROBE x iN> allocas (value.c, probes) */
    LLVMValueRef *wrap_slot;    /* [nregs] i1 allocas (value.c, wrap flags) */
    int *prefetched;            /* [nregs] block + 1 of the last prefetch through it (prefetch.c) */
    int *reg_defs;              /* [nregs] instructions writing it; NULL until asked (prefetch.c) */
    LLVMValueRef prefetch_ahead; /* i64: how far ahead (prefetch.c), once per function */
    bool *reg_loaded;           /* [nregs] derived from a per-lane load (lanes.c,
                                   loaded_regs); NULL until an access asks */
    int naccess;                /* ld, ldu and st in the function, plus one; 0
                                   until an access asks (lanes.c, lanes_few_accesses) */
    /* a kernel run as a coroutine (abi_kernel_is_coro): its coro.id token
     * and frame handle; a suspended or finished run leaves by coro_end_bb,
     * a destroyed one (never: the runtime drops frames) by coro_free_bb */
    LLVMValueRef coro_id, coro_frame;
    LLVMBasicBlockRef coro_end_bb, coro_free_bb;
    bool cta_loop; /* the kernel gets a CTA loop (ctaloop.c): its barriers suspend at once */

    /* per block / instruction */
    int block;                  /* current PTX block */
    bool partial;               /* the current block may run with some lanes off */
    LLVMValueRef imask;         /* i32 mask of the current instruction (guard applied) */
    const Instr *in;
} EmitFunc;

typedef struct Emit {
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    LLVMBuilderRef b;
    LLVMTargetMachineRef tm;
    LLVMTargetDataRef td;
    const Analysis *an;
    const Module *m;
    const LowerOptions *o;
    Diags *d;
    /* Two lifetimes.  Module state, all but `fs' below: lower_module makes
     * it, and it lives until lower_module returns, its allocations in
     * module_arena.  Function state, `fs' (EmitFunc): emit_function sets
     * it, function_end (function.c) clears it and frees the function's arena.
     * `arena' is where temporaries go: the function's arena while one is
     * emitted, else module_arena; what must outlive the function (slots,
     * lane_fns) goes to module_arena. */
    Arena *module_arena;
    Arena *arena;
    bool failed; /* an internal or tool failure: no output */
    struct DebugInfo *dbg; /* the line table (debug.c) */

    /* cached types */
    LLVMTypeRef t_void, t_i1, t_i8, t_i16, t_i32, t_i64, t_f16, t_bf16, t_f32, t_f64, t_ptr;
    LLVMTypeRef t_warp, t_kernel_fn, t_func_fn, t_v32i1;
    LLVMTypeRef t_barrier_fn, t_error_fn, t_nanosleep_fn, t_clock_fn;
    LLVMTypeRef t_coro_fn, t_frame_fn;
    bool has_coro; /* some kernel is a coroutine: the pipeline splits it */

    /* module layout: where each variable lives */
    uint64_t static_smem;   /* the end of the last sized .shared variable of the layout */
    uint64_t *smem_of;      /* per function (index in m->funcs): a kernel's static part */
    Vec(VarSlot) slots;     /* see mem_slot() */
    Vec(LaneHelper) lane_fns; /* see lane_fn() */
    uint64_t *local_bytes_of; /* per function (index in m->funcs): lane window size */
    LLVMValueRef *cta_of;     /* per function (index in m->funcs): a kernel's CTA loop, or NULL */
    const char *required_features; /* for the module's note (target.c), or NULL */
    /* native stack (abi.c, target.c): each function's frame as the code
     * generator reports it (index in m->funcs), and the kernels whose
     * descriptor holds a placeholder for their need (kernel k: stack_mark(k)) */
    uint64_t *frame_of;
    int *stack_kernel; /* [nstack_kernels]: index in m->funcs */
    int nstack_kernels;
    /* --profile (abi.c): branch j of function i (index in m->funcs) has
     * counter prof_slot[i][j] (-1: none, or no --profile: prof_slot NULL)
     * of nprof; the module's counter arrays */
    int **prof_slot;
    int nprof;
    LLVMValueRef prof_counts, prof_launches;

    /* ------------------------------------------- function state */
    EmitFunc fs;
} Emit;

/* The files of codegen/, from the bottom up: each calls only files above
 * it in this list (test/cli/layers.sh checks that no call goes around a
 * circle; docs/lowering.md draws the picture).
 *
 *   base.c      builders: constants, masks, lanes, allocas, intrinsics
 *   layout.c    where every variable lives; the functions' symbols
 *   abi.c       the p2n_warp type, its fields, services, the descriptor
 *   value.c     the value and operand model; errors
 *   softfloat.c, arith.c, compare.c, bits.c, fp8.c, convert.c, lanes.c, memory.c,
 *   atomic.c, sync.c, warp.c, video.c, tex.c, mma.c, mbarrier.c,
 *   hold.c, call.c
 *               leaf handlers by concern (a handler calls only those
 *               before it here)
 *   dispatch.c  inst_emit: one table from opcode to handler
 *   flow.c      control transfers, the divergence stack, barriers' arrival
 *   oneloop.c   a divergent loop's scalar copy for one active lane
 *   target.c    (lowering/) the target machine, passes, the output
 *   debug.c     the module's DWARF line table
 *   function.c  lower_module: functions and blocks, the driver
 */

/* --------------------------------------------------------------- base.c */
LLVMValueRef emit_mask(Emit *e);               /* current path's mask (i32) */
LLVMValueRef emit_reg_slot(Emit *e, int r);     /* register r's alloca */
LLVMValueRef emit_mask_vec(Emit *e, LLVMValueRef m32);   /* i32 -> <32 x i1> */
LLVMValueRef emit_mask_i32(Emit *e, LLVMValueRef v32i1); /* <32 x i1> -> i32 */
LLVMValueRef emit_splat(Emit *e, LLVMValueRef scalar);
LLVMValueRef emit_lane_iota(Emit *e, LLVMTypeRef elem); /* <0, 1, ..., 31> */
LLVMValueRef emit_intrinsic(Emit *e, const char *name, LLVMTypeRef *over, int nover,
                            LLVMValueRef *args, int nargs);
LLVMValueRef emit_first_lane(Emit *e, LLVMValueRef vec); /* value of the first active lane */
LLVMValueRef emit_lowest_lane(Emit *e, LLVMValueRef mask); /* its index; 0 for an empty mask */
LLVMValueRef emit_alloca(Emit *e, LLVMTypeRef t, const char *name); /* in the entry block */
LLVMBasicBlockRef emit_new_block(Emit *e, const char *name);
LLVMValueRef emit_u32(Emit *e, uint64_t v);
LLVMValueRef emit_cur_mask(Emit *e); /* the current instruction's lanes (guard applied) */
bool emit_is_vec(LLVMValueRef v);
/* Runs fn for each active lane of mask, in lane order, threading a value of
 * type acc_t (none when NULL) from lane to lane; returns the last one. */
typedef LLVMValueRef LaneFn(Emit *e, LLVMValueRef lane, LLVMValueRef acc, void *ctx);
LLVMValueRef emit_for_each_lane(Emit *e, LLVMValueRef mask, LLVMTypeRef acc_t, LaneFn *fn,
                                void *ctx);

LLVMTypeRef inst_llvm_type(Emit *e, PtxType t);
LLVMTypeRef reg_storage_type(Emit *e, const Reg *r, bool varying);
/* An error: `what` is not supported (translation goes on). */
void emit_unsupported(Emit *e, SrcLoc loc, const char *what);

/* v's element type (v itself when a scalar) */
static inline LLVMTypeRef
elem_type(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return emit_is_vec(v) ? LLVMGetElementType(t) : t;
}

static inline LLVMTypeRef
like(LLVMTypeRef elem, bool vec)
{
    return vec ? LLVMVectorType(elem, WARP) : elem;
}

/* elem, as a vector of v's length when v is one (<64 x half> for f16x2) */
static inline LLVMTypeRef
shaped(LLVMValueRef v, LLVMTypeRef elem)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMVectorType(elem, LLVMGetVectorSize(t))
                                                    : elem;
}

/* the instruction's modifier of class cls, or MOD_NONE */
static inline Mod
mod_of_class(const Instr *in, unsigned cls)
{
    for (int i = 0; i < in->nmods; i++)
        if ((mod_classes(in->mods[i]) & cls) && !(cls != MC_TYPE && mod_type(in->mods[i])))
            return in->mods[i];
    return MOD_NONE;
}

static inline bool
type_signed(PtxType t)
{
    return type_kind(t) == TK_SINT;
}

/* the instruction's last type (the operation's) */
static inline PtxType
itype(const Instr *in)
{
    return in->ntype > 0 ? in->type[in->ntype - 1] : TY_B32;
}

static inline bool
is_float(PtxType t)
{
    return type_kind(t) == TK_FLOAT;
}

/* ------------------------------------------------------------- layout.c */
void mem_layout_shared(Emit *e);
void mem_declare_globals(Emit *e);
uint64_t mem_layout_locals(Emit *e, const Func *f); /* bytes of f's lane window */
const VarSlot *mem_slot(Emit *e, const Var *v);
/* Offset of parameter `index` in an entry's parameter buffer, its size and
 * alignment (either may be NULL). */
uint32_t mem_param_offset(const Func *f, int index, uint32_t *size, uint32_t *align);
bool unsized(const Var *v); /* a .shared variable of no size: the dynamic part */
int64_t param_size(const Var *v); /* bytes a lane of a .param variable's block holds */
uint32_t call_layout_frame(Emit *e, const Func *f); /* staging vars: bytes per lane */
/* A .param variable's block: [32 lanes][size] bytes, or NULL if v is not
 * a parameter, result or staging variable of the current function. */
LLVMValueRef call_param_block(Emit *e, const Var *v);
LLVMValueRef call_function_address(Emit *e, const Func *f);

/* ---------------------------------------------------------------- abi.c */
void abi_types(Emit *e);
/* Loads field `field` of the warp (scalar fields; W_TID gives a pointer). */
LLVMValueRef abi_warp_field(Emit *e, int field);
LLVMValueRef abi_warp_field_ptr(Emit *e, int field);
LLVMValueRef abi_service(Emit *e, int index); /* function pointer */
bool abi_kernel_is_coro(Emit *e, const Func *f); /* decides, once per kernel */
bool abi_is_coro_fn(Emit *e, LLVMValueRef fn);       /* what it decided */
void abi_emit_descriptor(Emit *e, LLVMValueRef *kernels, int nkernels);
const char *abi_signature(Emit *e, const Func *f);
/* Writes each kernel's stack need over its placeholder in the object obj
 * (n bytes) once e->frame_of holds the frames; false if one is missing. */
bool abi_patch_stack(Emit *e, char *obj, size_t n);
/* --profile: numbers the counted branches and makes the counters (before
 * any function is emitted).  A function counts in counters of its own
 * (abi_profile_enter, in its entry block), added to the module's at its
 * return (abi_profile_leave, in return_bb); abi_profile_count adds one
 * execution of branch `instr` of the current function, with the lanes
 * active (i32) and, for a branch that may split them, the lanes taking it
 * (else NULL). */
void abi_profile_plan(Emit *e);
void abi_profile_enter(Emit *e);
void abi_profile_leave(Emit *e);
void abi_profile_count(Emit *e, int instr, LLVMValueRef active, LLVMValueRef taken);

/* -------------------------------------------------------------- value.c */
/* Reads operand i as type t; a vector when want_vec or the value varies. */
LLVMValueRef inst_operand(Emit *e, const Operand *o, PtxType t, bool want_vec);
bool operand_varying(Emit *e, const Operand *o);
void inst_write(Emit *e, const Operand *dst, PtxType t, LLVMValueRef v);
LLVMValueRef convert_bits(Emit *e, LLVMValueRef v, LLVMTypeRef t, bool sign);
/* Probes: lanes 0, 15, 16 and 31 of a register known row by row, kept
 * beside it (value.c): whether r has one, its probe read as type t, and
 * the probe lanes of any value (a scalar's splat). */
#define NPROBE 4
bool probe_reg(Emit *e, int r);
LLVMValueRef probe_read(Emit *e, int r, PtxType t);
LLVMValueRef probe_of(Emit *e, LLVMValueRef v);
void probe_refresh(Emit *e, int r, LLVMValueRef v); /* r's probe from its new <32 x T> v */
/* A probed register widened from 32 bits on the way keeps a flag: no wrap
 * inside either half of the warp (value.c, wrap flags). */
bool probe_wrap_reg(Emit *e, int r);
LLVMValueRef probe_wrap_ok(Emit *e, int r);
/* The sources of an instruction, read as one type. */
typedef struct Ops {
    LLVMValueRef a[4];
    bool vec;
    PtxType ty;
    LLVMTypeRef t; /* element type */
} Ops;
/* Reads sources 1..n of `in` as type ty, vectors when the destination or
 * any source varies. */
Ops sources(Emit *e, const Instr *in, PtxType ty, int n);
/* an intrinsic overloaded on its first argument's type */
LLVMValueRef call1(Emit *e, const char *name, LLVMValueRef a);
LLVMValueRef call2(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef call3(Emit *e, const char *name, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c);
/* A constant shaped like like_v: scalar, or a vector of its length. */
LLVMValueRef cst(Emit *e, LLVMValueRef like_v, double f, unsigned long long i);
void emit_check_error(Emit *e); /* returns from the kernel when w->error != 0 */
/* the runtime's error service: code (P2N_KERR_*) for lanes at PTX line `line` */
void emit_kernel_error(Emit *e, uint32_t code, LLVMValueRef lanes, uint32_t line);
/* mov r, var: an offset in its window (.shared, .local, .param) or an
 * address (.global, .const), as an integer of `bits` bits. */
LLVMValueRef mem_var_address(Emit *e, const Var *v, int bits);

/* ---------------------------------------------------------- softfloat.c */
LLVMValueRef ftz(Emit *e, LLVMValueRef v);
LLVMValueRef fsat(Emit *e, LLVMValueRef v);
bool is_half_elem(Emit *e, LLVMTypeRef t);
/* half or bfloat bits <-> f32, by hand: no libgcc helper */
LLVMValueRef f32_to_bf16_bits(Emit *e, LLVMValueRef x);
LLVMValueRef bf16_bits_to_f32(Emit *e, LLVMValueRef h);
LLVMValueRef f16_bits_to_f32(Emit *e, LLVMValueRef h);
LLVMValueRef f32_to_f16_bits(Emit *e, LLVMValueRef x);
/* half or bfloat values (any shape) <-> f32 */
LLVMValueRef half_to_f32(Emit *e, LLVMValueRef h);
LLVMValueRef f32_to_half(Emit *e, LLVMValueRef x, LLVMTypeRef ht); /* round to nearest even */
LLVMValueRef round_dir(Emit *e, LLVMValueRef r, LLVMValueRef t, Mod mode);
LLVMValueRef two_sum_err(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef s);
LLVMValueRef directed_op(Emit *e, const Instr *in, Opcode op, Mod mode, LLVMValueRef *a, bool f64);
LLVMValueRef f64_to_f32_odd(Emit *e, LLVMValueRef s, LLVMValueRef t);
LLVMValueRef directed_itof(Emit *e, LLVMValueRef x, PtxType st, LLVMTypeRef T, Mod mode);
bool directed(Mod m); /* .rz .rm .rp */
bool plain_rounding(Emit *e, const Instr *in);
LLVMValueRef half_ftz_bits(Emit *e, LLVMValueRef h, bool bf);
LLVMValueRef inst_half_add(Emit *e, PtxType ty, LLVMValueRef a,
                           LLVMValueRef b); /* bits in, bits out */

/* ------------------------------------------------------------- handlers
 * Each handles the instructions the dispatch table (dispatch.c) gives it. */
/* arith.c */
void emit_arith(Emit *e, const Instr *in); /* add sub addc subc mul mad madc mul24 mad24 sad div rem
                                              abs neg min max fma */
void emit_math(Emit *e, const Instr *in);  /* rcp sqrt rsqrt sin cos lg2 ex2 tanh */
/* compare.c */
LLVMValueRef combine(Emit *e, Mod op, LLVMValueRef a, LLVMValueRef c); /* .and .or .xor */
void emit_setp(Emit *e, const Instr *in); /* setp set */
void emit_selp(Emit *e, const Instr *in); /* selp slct */
/* bits.c */
void emit_logic(Emit *e, const Instr *in);  /* and or xor not cnot */
void emit_shift(Emit *e, const Instr *in);  /* shl shr */
void emit_bits(Emit *e, const Instr *in);   /* popc clz brev bfind bfe bfi */
void emit_fclass(Emit *e, const Instr *in); /* copysign testp */
void emit_dp(Emit *e, const Instr *in);     /* dp4a dp2a */
void emit_bmsk(Emit *e, const Instr *in);   /* bmsk szext */
void emit_fns(Emit *e, const Instr *in);
void emit_prmt(Emit *e, const Instr *in);
void emit_shf(Emit *e, const Instr *in);
void emit_lop3(Emit *e, const Instr *in);
/* fp8.c */
struct Narrow;
const struct Narrow *narrow_format(PtxType t); /* NULL: not a narrow float */
void emit_cvt_narrow(Emit *e, const Instr *in, PtxType dt, PtxType st, Mod rnd);
/* convert.c */
void emit_cvt(Emit *e, const Instr *in);
void emit_cvt_pack_int(Emit *e, const Instr *in); /* cvt.pack */
void emit_mov(Emit *e, const Instr *in);
/* lanes.c */
/* The current instruction is an ld or st whose address register derives
 * from a per-lane read of memory (loaded data). */
bool lanes_are_data(Emit *e);
bool lanes_few_accesses(Emit *e); /* at most 64 ld/ldu/st: inline run tests */
/* The masked gather (val NULL) or scatter of the lanes in mv at ptrs. */
LLVMValueRef lanes_gather(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val,
                          LLVMValueRef mv);
/* One masked access when the active lanes form one run (see lanes.c). */
typedef struct LaneRun {
    LLVMValueRef mv, got;         /* the lanes' mask vector; what the run loaded */
    LLVMBasicBlockRef run, join;
    bool store;
} LaneRun;
LaneRun lanes_run_begin(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val);
LLVMValueRef lanes_run_end(Emit *e, const LaneRun *r, LLVMValueRef other);
/* Through loaded data: a run test where few accesses, else the gather. */
LLVMValueRef lanes_data_access(Emit *e, LLVMValueRef ptrs, LLVMTypeRef t, LLVMValueRef val);
/* The active lanes' access through one address p (scalar). */
LLVMValueRef lanes_uniform(Emit *e, LLVMValueRef p, LLVMTypeRef t, LLVMValueRef val);
/* prefetch.c */
/* A prefetch of the lines ahead of p on a full-warp fast path. */
void mem_prefetch(Emit *e, LLVMValueRef p, bool store);
/* The access through register r is the first to prefetch for it here. */
bool mem_prefetch_first(Emit *e, int r);
/* Two masked 16-lane accesses at p0 and p16, no test (halves in one row) */
LLVMValueRef mem_row_halves(Emit *e, LLVMValueRef p0, LLVMValueRef p16, LLVMTypeRef t,
                            LLVMValueRef val, LLVMValueRef mask);
/* memory.c */
/* After the passes: each slow-path access computes its addresses itself */
void mem_sink_slow_addresses(Emit *e);
/* A memory operand's address in `space` (SP_GENERIC: a host address):
 * one ptr when the same for every lane, else <32 x ptr>. */
LLVMValueRef mem_address(Emit *e, const Operand *o, Space space);
LLVMValueRef mem_lane_windows(Emit *e); /* <32 x ptr>: each lane's .local window */
Space access_space(const Instr *in);
LLVMValueRef offset_ptr(Emit *e, LLVMValueRef ptr, int64_t bytes);
void mem_entry_prologue(Emit *e); /* a kernel's entry: records w->stack_top */
void emit_ld(Emit *e, const Instr *in);       /* ld ldu */
void emit_st(Emit *e, const Instr *in);
void emit_cvta(Emit *e, const Instr *in);
void emit_isspacep(Emit *e, const Instr *in);
void emit_cp_async(Emit *e, const Instr *in);
/* atomic.c */
void emit_atom(Emit *e, const Instr *in); /* atom red */
/* sync.c */
void emit_barrier(Emit *e, const Instr *in); /* bar barrier */
void emit_nanosleep(Emit *e, const Instr *in);
void emit_yield(Emit *e, LLVMValueRef ns); /* the nanosleep service */
/* coro.c: kernels as coroutines */
void coro_begin(Emit *e);
void coro_return(Emit *e);
void coro_wait(Emit *e, LLVMBasicBlockRef *waited, LLVMBasicBlockRef *join);
void coro_pause(Emit *e);
void coro_suspend(Emit *e);

/* ctaloop.c: the CTA loop of a coroutine kernel with plain barriers only */
bool ctaloop_wanted(Emit *e, const Func *f);
void ctaloop_barrier(Emit *e, const Instr *in);
LLVMValueRef ctaloop_emit(Emit *e, const Func *f, LLVMValueRef kernel);
void emit_fence(Emit *e, const Instr *in);        /* membar fence */
void emit_createpolicy(Emit *e, const Instr *in);
void emit_nop(Emit *e, const Instr *in);          /* what needs no code here */
/* warp.c */
void emit_shfl(Emit *e, const Instr *in);
void emit_vote(Emit *e, const Instr *in);
void emit_match(Emit *e, const Instr *in);
void emit_redux(Emit *e, const Instr *in);
void emit_elect(Emit *e, const Instr *in);
void emit_activemask(Emit *e, const Instr *in);
/* video.c */
void video_emit(Emit *e, const Instr *in); /* vadd ... vset, vadd2 ... vset4 */
/* tex.c */
void tex_emit(Emit *e, const Instr *in); /* tex tld4 txq suld sust suq */
/* mma.c */
void emit_mma(Emit *e, const Instr *in);
void emit_wmma_mma(Emit *e, const Instr *in);
void emit_wmma_move(Emit *e, const Instr *in);  /* wmma.load wmma.store */
void emit_movmatrix(Emit *e, const Instr *in);  /* ldmatrix stmatrix */
/* mbarrier.c */
void mbarrier_emit(Emit *e, const Instr *in); /* mbarrier.*, cp.async.mbarrier.arrive */

/* --------------------------------------------------------------- hold.c */
/* A call held under divergence (call_holds): enough to run it again from
 * the release code, with the lanes of other sites calling the same
 * function.  ab/rb: the sites' argument and result blocks as call_emit
 * made them (a .param variable's is found again: call_held_block). */
typedef struct HeldCall {
    const Instr *in;
    const Func *callee, *sig;
    const Operand *args, *rets;
    LLVMValueRef *ab, *rb;
} HeldCall;
LLVMValueRef wk_load(Emit *e, LLVMValueRef arr, int k);  /* element k of a [nbar x i32] slot */
void wk_store(Emit *e, LLVMValueRef arr, int k, LLVMValueRef v);
/* Holds the lanes of a call (call_holds) while others are elsewhere;
 * returns its index k; bar_go.v[k] is to be the block after the call. */
int emit_call_arrival(Emit *e, const HeldCall *h);

/* --------------------------------------------------------------- call.c */
#define P2N_MAX_CALL_DEPTH 256
void call_emit(Emit *e, const Instr *in);
/* ld/st of a .param block of the current function's calls or of its own
 * parameters; false when in is none (memory.c's emit_ld/emit_st then) */
bool call_param_access(Emit *e, const Instr *in);
bool call_holds(Emit *e, const Instr *in);
bool call_held_compatible(Emit *e, const HeldCall *a, const HeldCall *b);
void call_held_copy(Emit *e, const HeldCall *from, const HeldCall *to, LLVMValueRef lanes,
                    bool results);
void call_held_run(Emit *e, const HeldCall *h, LLVMValueRef lanes);
void call_load_reg_params(Emit *e, const Func *f);   /* .func entry */
void call_store_reg_results(Emit *e, const Func *f, LLVMValueRef lanes); /* at ret */

/* ----------------------------------------------------------- dispatch.c */
void inst_emit(Emit *e, const Instr *in); /* any instruction but a control transfer */

/* --------------------------------------------------------------- flow.c */
void emit_dispatcher(Emit *e);
LLVMBasicBlockRef site_dispatch(Emit *e, int b); /* block b's dispatcher */
void linear_side_end(Emit *e, int b);
void emit_bra(Emit *e, const Instr *in, int idx, int next);
/* oneloop.c: the scalar copies of divergent loops for one active lane */
void oneloop_plan(Emit *e);      /* after narrow_setup: which loops get one */
void oneloop_enter(Emit *e, int h); /* at loop head h's vector body */
void oneloop_emit(Emit *e, void (*emit_block)(Emit *, int)); /* after the blocks */
void narrow_setup(Emit *e);        /* slots and joins of the narrowing branches */
void narrow_enter(Emit *e, int b); /* block b's edges to its group's R: the join */
void narrow_leave(Emit *e, int b);
void leave(Emit *e, bool ret, LLVMValueRef leaving);
void emit_exit(Emit *e, const Instr *in, int next); /* exit ret */
void emit_trap(Emit *e, const Instr *in, int next);
void emit_brx(Emit *e, const Instr *in, int idx, int next);
void emit_barrier_arrival(Emit *e, const Instr *in);
void emit_warp_sync_arrival(Emit *e, const Instr *in);
void emit_guarded(Emit *e, const Instr *in); /* in under its guard, through inst_emit */

/* -------------------------------------------------------------- debug.c */
typedef struct DebugInfo DebugInfo;
void debug_begin(Emit *e);                                    /* before any function */
void debug_function(Emit *e, LLVMValueRef fn, const Func *f); /* its subprogram */
void debug_at(Emit *e, const Instr *in);                      /* rows of in's code */
void debug_leave_function(Emit *e);
void debug_end(Emit *e);                                      /* before the output */

/* ------------------------------------------------------------- target.c */
bool target_init(Emit *e);
int target_write(Emit *e);
void target_dispose(Emit *e);

#endif
