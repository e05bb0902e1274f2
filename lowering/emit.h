/* emit.h — private to the LLVM emitter (emit*.c, abi.c, target.c).
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

/* Fields of p2n_warp, in order (runtime/p2n_abi.h; abi.c builds the type). */
enum {
    W_PARAMS, W_SHARED, W_LOCAL, W_LOCAL_STRIDE, W_RT, W_SCHED, W_TID, W_NTID, W_CTAID, W_NCTAID,
    W_WARPID, W_NWARPID, W_MASK, W_DYNAMIC_SMEM, W_TOTAL_SMEM, W_SMID, W_NSMID, W_PARAM_BYTES, W_GRIDID,
    W_EXITED, W_ERROR, W_STACK_TOP, W_GRID_WORKSPACE, W_STOP, W_NFIELDS
};

/* Entries of p2n_services, in order. */
enum {
    S_BARRIER, S_NANOSLEEP, S_ERROR, S_VPRINTF, S_MALLOC, S_FREE, S_ASSERTFAIL, S_CLOCK64,
    S_GLOBALTIMER, S_RESOLVE, S_TEXTURE, S_NFIELDS
};

/* A variable's home: an offset in the CTA's shared block or the lane's
 * local window, or an LLVM global (.global, .const). */
typedef struct VarSlot {
    const Var *var;
    int64_t offset;
    LLVMValueRef global;
} VarSlot;

typedef Vec(LLVMValueRef) ValueVec;

/* An out-of-line access of each active lane (emit_mem.c, lane_fn). */
typedef struct LaneHelper {
    LLVMTypeRef t; /* element type */
    bool store;
    LLVMTypeRef fty;
    LLVMValueRef fn;
} LaneHelper;

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
    Arena *arena; /* lives as long as the emission */

    /* cached types */
    LLVMTypeRef t_void, t_i1, t_i8, t_i16, t_i32, t_i64, t_f16, t_bf16, t_f32, t_f64, t_ptr;
    LLVMTypeRef t_warp, t_kernel_fn, t_func_fn, t_v32i1;
    LLVMTypeRef t_barrier_fn, t_error_fn, t_nanosleep_fn, t_clock_fn;

    /* module layout: where each variable lives */
    uint64_t static_smem;   /* the end of the last sized .shared variable of the layout */
    uint64_t *smem_of;      /* per function (index in m->funcs): a kernel's static part */
    Vec(VarSlot) slots;     /* see mem_slot() */
    Vec(LaneHelper) lane_fns; /* see lane_fn() */
    uint64_t *local_bytes_of; /* per function (index in m->funcs): lane window size */
    const char *required_features; /* for the module's note (target.c), or NULL */
    /* native stack (abi.c, target.c): each function's frame as the code
     * generator reports it (index in m->funcs), and the kernels whose
     * descriptor holds a placeholder for their need (kernel k: stack_mark(k)) */
    uint64_t *frame_of;
    int *stack_kernel; /* [nstack_kernels]: index in m->funcs */
    int nstack_kernels;

    /* per function */
    Func *f;
    const FuncInfo *fi;
    LLVMValueRef fn;
    LLVMValueRef warp;          /* the p2n_warp * argument */
    LLVMValueRef *reg_slot;     /* [nregs] alloca */
    LLVMTypeRef *reg_type;      /* [nregs] storage type (scalar or vector) */
    LLVMBasicBlockRef *bb;      /* [nblocks] entry of each block (reconvergence check) */
    LLVMBasicBlockRef *bb_body; /* [nblocks] the block's instructions */
    LLVMBasicBlockRef exit_bb, dispatch_bb, return_bb;
    /* A dispatcher per block where paths may end (emit.c, site_dispatch),
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
    /* Barriers in a function with divergent branches (see emit.c): nbar
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
     * barrier k too; bar_call[k] says how to run it again (emit_call.c) */
    struct HeldCall *bar_call;
    /* bar.warp.sync counts as barrier k too: wsync_mask holds the lanes held
     * at one; wsync_bb lets the held lanes in wsync_lanes go on */
    LLVMValueRef wsync_mask, wsync_lanes; /* i32 slots */
    LLVMBasicBlockRef wsync_bb;
    int ndivergent;             /* divergent transfers in the function */
    LLVMValueRef stk_pc, stk_mask, stk_rpc; /* [stack_cap x i32] */
    int stack_cap;
    bool *is_reconv;            /* [nblocks] some divergent branch reconverges here */
    bool *linear;               /* [ninstrs] a divergent bra run side after side (emit.c) */
    LLVMValueRef *lin_m, *lin_mf; /* [ninstrs] its mask, and its other side's lanes (i32 slots) */
    int *lin_branch;            /* [nblocks] a side of linear branch i: i + 1, else 0 */
    bool *pushable;             /* [nblocks] a stack entry may name it (a non-linear transfer's R or side) */
    LLVMValueRef prologue_end;  /* the prologue's branch to the first block */
    LLVMValueRef rows_lo;       /* i32: lanes of the warp's first row (emit_mem.c) */
    LLVMValueRef rows_two;      /* i1: the warp's lanes form at most two rows */
    LLVMValueRef half_rows;     /* i1: lanes 0-15 lie in one row, and 16-31 */

    /* per block / instruction */
    int block;                  /* current PTX block */
    bool partial;               /* the current block may run with some lanes off */
    LLVMValueRef imask;         /* i32 mask of the current instruction (guard applied) */
    const Instr *in;
    bool failed;
} Emit;

/* ---------------------------------------------------------------- abi.c */
void abi_types(Emit *e);
/* Loads field `field` of the warp (scalar fields; W_TID gives a pointer). */
LLVMValueRef abi_warp_field(Emit *e, int field);
LLVMValueRef abi_warp_field_ptr(Emit *e, int field);
LLVMValueRef abi_service(Emit *e, int index); /* function pointer */
void abi_emit_descriptor(Emit *e, LLVMValueRef *kernels, int nkernels);
const char *abi_signature(Emit *e, const Func *f);
/* Writes each kernel's stack need over its placeholder in the object obj
 * (n bytes) once e->frame_of holds the frames; false if one is missing. */
bool abi_patch_stack(Emit *e, char *obj, size_t n);

/* ------------------------------------------------------------- target.c */
bool target_init(Emit *e);
int target_write(Emit *e);
void target_dispose(Emit *e);

/* --------------------------------------------------------------- emit.c */
LLVMValueRef emit_mask(Emit *e);               /* current path's mask (i32) */
LLVMValueRef emit_reg_slot(Emit *e, int r);     /* register r's alloca */
LLVMValueRef emit_mask_vec(Emit *e, LLVMValueRef m32);   /* i32 -> <32 x i1> */
LLVMValueRef emit_mask_i32(Emit *e, LLVMValueRef v32i1); /* <32 x i1> -> i32 */
LLVMValueRef emit_splat(Emit *e, LLVMValueRef scalar);
LLVMValueRef emit_lane_iota(Emit *e, LLVMTypeRef elem); /* <0, 1, ..., 31> */
void emit_unsupported(Emit *e, SrcLoc loc, const char *what);
void emit_check_error(Emit *e); /* returns from the kernel when w->error != 0 */
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
LLVMValueRef emit_for_each_lane(Emit *e, LLVMValueRef mask, LLVMTypeRef acc_t, LaneFn *fn, void *ctx);

/* ---------------------------------------------------------- emit_inst.c */
LLVMTypeRef inst_llvm_type(Emit *e, PtxType t);
LLVMTypeRef reg_storage_type(Emit *e, const Reg *r, bool varying);
/* Reads operand i as type t; a vector when want_vec or the value varies. */
LLVMValueRef inst_operand(Emit *e, const Operand *o, PtxType t, bool want_vec);
bool operand_varying(Emit *e, const Operand *o);
void inst_write(Emit *e, const Operand *dst, PtxType t, LLVMValueRef v);
void inst_emit(Emit *e, const Instr *in);
LLVMValueRef inst_half_add(Emit *e, PtxType ty, LLVMValueRef a, LLVMValueRef b); /* bits in, bits out */
/* half or bfloat values (any shape) <-> f32, by hand: no libgcc helper */
LLVMValueRef half_to_f32(Emit *e, LLVMValueRef h);
LLVMValueRef f32_to_half(Emit *e, LLVMValueRef x, LLVMTypeRef ht); /* round to nearest even */

/* ------------------------------------------------------ emit_mbarrier.c */
void mbarrier_emit(Emit *e, const Instr *in); /* mbarrier.*, cp.async.mbarrier.arrive */

/* ---------------------------------------------------------- emit_call.c */
#define P2N_MAX_CALL_DEPTH 256
void call_emit(Emit *e, const Instr *in);
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
bool call_holds(Emit *e, const Instr *in);
bool call_held_compatible(Emit *e, const HeldCall *a, const HeldCall *b);
void call_held_copy(Emit *e, const HeldCall *from, const HeldCall *to, LLVMValueRef lanes, bool results);
void call_held_run(Emit *e, const HeldCall *h, LLVMValueRef lanes);
/* emit.c: holds the lanes of a call (call_holds) while others are elsewhere;
 * returns its index k; bar_go.v[k] is to be the block after the call */
int emit_call_arrival(Emit *e, const HeldCall *h);
/* A .param variable's block: [32 lanes][size] bytes, or NULL if v is not
 * a parameter, result or staging variable of the current function. */
LLVMValueRef call_param_block(Emit *e, const Var *v);
uint32_t call_layout_frame(Emit *e, const Func *f); /* staging vars: bytes per lane */
LLVMValueRef call_function_address(Emit *e, const Func *f);
void call_load_reg_params(Emit *e, const Func *f);   /* .func entry */
void call_store_reg_results(Emit *e, const Func *f, LLVMValueRef lanes); /* at ret */

/* ----------------------------------------------------------- emit_mem.c */
void mem_layout_shared(Emit *e);
void mem_declare_globals(Emit *e);
uint64_t mem_layout_locals(Emit *e, const Func *f); /* bytes of f's lane window */
const VarSlot *mem_slot(Emit *e, const Var *v);
uint32_t mem_param_offset(const Func *f, int index, uint32_t *size, uint32_t *align);
void mem_emit(Emit *e, const Instr *in); /* ld st ldu atom red cvta isspacep prefetch cp.async */
void mem_entry_prologue(Emit *e);        /* a kernel's entry: records w->stack_top */
/* mov r, var: an offset in its window (.shared, .local, .param) or an
 * address (.global, .const), as an integer of `bits` bits. */
LLVMValueRef mem_var_address(Emit *e, const Var *v, int bits);
/* A memory operand's address in `space` (SP_GENERIC: a host address):
 * one ptr when the same for every lane, else <32 x ptr>. */
LLVMValueRef mem_address(Emit *e, const Operand *o, Space space);

/* ---------------------------------------------------------- emit_warp.c */
void warp_emit(Emit *e, const Instr *in); /* shfl vote match redux elect activemask bar.warp.sync */
/* --------------------------------------------------------- emit_video.c */
void video_emit(Emit *e, const Instr *in); /* vadd ... vset, vadd2 ... vset4 */

/* ----------------------------------------------------------- emit_tex.c */
void tex_emit(Emit *e, const Instr *in); /* tex tld4 txq suld sust suq */

/* ----------------------------------------------------------- emit_mma.c */
void mma_emit(Emit *e, const Instr *in); /* mma wmma.* ldmatrix stmatrix */

#endif
