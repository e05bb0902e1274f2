/* dispatch.c — inst_emit: every instruction other than a control transfer
 * through one table, indexed by opcode (frontend/opcodes.def), of leaf
 * handlers.
 */
#include "emit.h"

typedef void Handler(Emit *e, const Instr *in);

/* Every opcode that is not a control transfer (those are flow.c's) and
 * its handler; an opcode missing here is unsupported.  A new opcode: its
 * row in frontend/opcodes.def, a handler in the file of its concern, its
 * row here. */
static Handler *const handlers[OP_COUNT] = {
    /* arith.c */
    [OP_ADD] = emit_arith, [OP_SUB] = emit_arith, [OP_ADDC] = emit_arith, [OP_SUBC] = emit_arith,
    [OP_MUL] = emit_arith, [OP_MAD] = emit_arith, [OP_MADC] = emit_arith, [OP_MUL24] = emit_arith,
    [OP_MAD24] = emit_arith, [OP_SAD] = emit_arith, [OP_DIV] = emit_arith, [OP_REM] = emit_arith,
    [OP_ABS] = emit_arith, [OP_NEG] = emit_arith, [OP_MIN] = emit_arith, [OP_MAX] = emit_arith,
    [OP_FMA] = emit_arith,
    [OP_RCP] = emit_math, [OP_SQRT] = emit_math, [OP_RSQRT] = emit_math, [OP_SIN] = emit_math,
    [OP_COS] = emit_math, [OP_LG2] = emit_math, [OP_EX2] = emit_math, [OP_TANH] = emit_math,
    /* compare.c */
    [OP_SETP] = emit_setp, [OP_SET] = emit_setp, [OP_SELP] = emit_selp, [OP_SLCT] = emit_selp,
    /* bits.c */
    [OP_AND] = emit_logic, [OP_OR] = emit_logic, [OP_XOR] = emit_logic, [OP_NOT] = emit_logic,
    [OP_CNOT] = emit_logic, [OP_SHL] = emit_shift, [OP_SHR] = emit_shift,
    [OP_POPC] = emit_bits, [OP_CLZ] = emit_bits, [OP_BREV] = emit_bits, [OP_BFIND] = emit_bits,
    [OP_BFE] = emit_bits, [OP_BFI] = emit_bits, [OP_PRMT] = emit_prmt, [OP_DP4A] = emit_dp,
    [OP_DP2A] = emit_dp, [OP_BMSK] = emit_bmsk, [OP_SZEXT] = emit_bmsk, [OP_FNS] = emit_fns,
    [OP_COPYSIGN] = emit_fclass, [OP_TESTP] = emit_fclass, [OP_SHF] = emit_shf, [OP_LOP3] = emit_lop3,
    /* convert.c */
    [OP_CVT] = emit_cvt, [OP_CVT_PACK] = emit_cvt_pack_int, [OP_MOV] = emit_mov,
    /* memory.c, atomic.c */
    [OP_LD] = emit_ld, [OP_LDU] = emit_ld, [OP_ST] = emit_st, [OP_ATOM] = emit_atom, [OP_RED] = emit_atom,
    [OP_CVTA] = emit_cvta, [OP_ISSPACEP] = emit_isspacep, [OP_CP_ASYNC] = emit_cp_async,
    [OP_PREFETCH] = emit_nop, [OP_PREFETCHU] = emit_nop, [OP_CP_ASYNC_COMMIT] = emit_nop,
    [OP_CP_ASYNC_WAIT] = emit_nop, [OP_CP_ASYNC_WAIT_ALL] = emit_nop, [OP_CREATEPOLICY] = emit_createpolicy,
    /* warp.c */
    [OP_SHFL] = warp_emit, [OP_VOTE] = warp_emit, [OP_REDUX] = warp_emit, [OP_MATCH] = warp_emit,
    [OP_ACTIVEMASK] = warp_emit, [OP_ELECT] = warp_emit, [OP_BAR_WARP_SYNC] = warp_emit,
    /* mbarrier.c */
    [OP_MBAR_INIT] = mbarrier_emit, [OP_MBAR_INVAL] = mbarrier_emit, [OP_MBAR_ARRIVE] = mbarrier_emit,
    [OP_MBAR_ARRIVE_DROP] = mbarrier_emit, [OP_MBAR_ARRIVE_TX] = mbarrier_emit,
    [OP_MBAR_ARRIVE_DROP_TX] = mbarrier_emit, [OP_MBAR_EXPECT_TX] = mbarrier_emit,
    [OP_MBAR_COMPLETE_TX] = mbarrier_emit, [OP_MBAR_TEST_WAIT] = mbarrier_emit,
    [OP_MBAR_TRY_WAIT] = mbarrier_emit, [OP_MBAR_PENDING_COUNT] = mbarrier_emit,
    [OP_CP_ASYNC_MBAR_ARRIVE] = mbarrier_emit,
    /* mma.c */
    [OP_MMA] = mma_emit, [OP_LDMATRIX] = mma_emit, [OP_STMATRIX] = mma_emit, [OP_WMMA_LOAD_A] = mma_emit,
    [OP_WMMA_LOAD_B] = mma_emit, [OP_WMMA_LOAD_C] = mma_emit, [OP_WMMA_MMA] = mma_emit,
    [OP_WMMA_STORE_D] = mma_emit,
    /* sync.c */
    [OP_BAR] = emit_barrier, [OP_BARRIER] = emit_barrier, [OP_MEMBAR] = emit_fence, [OP_FENCE] = emit_fence,
    [OP_NANOSLEEP] = emit_nanosleep,
    /* launches are synchronous: a dependent grid starts after this one */
    [OP_BRKPT] = emit_nop, [OP_PMEVENT] = emit_nop, [OP_GRIDDEPCONTROL] = emit_nop,
    /* call.c */
    [OP_CALL] = call_emit,
    /* tex.c */
    [OP_TEX] = tex_emit, [OP_TLD4] = tex_emit, [OP_TXQ] = tex_emit, [OP_SULD] = tex_emit, [OP_SUST] = tex_emit,
    [OP_SUQ] = tex_emit,
    /* video.c */
    [OP_VADD] = video_emit, [OP_VSUB] = video_emit, [OP_VABSDIFF] = video_emit, [OP_VMIN] = video_emit,
    [OP_VMAX] = video_emit, [OP_VSHL] = video_emit, [OP_VSHR] = video_emit, [OP_VSET] = video_emit,
    [OP_VMAD] = video_emit, [OP_VADD2] = video_emit, [OP_VSUB2] = video_emit, [OP_VAVRG2] = video_emit,
    [OP_VABSDIFF2] = video_emit, [OP_VMIN2] = video_emit, [OP_VMAX2] = video_emit, [OP_VSET2] = video_emit,
    [OP_VADD4] = video_emit, [OP_VSUB4] = video_emit, [OP_VAVRG4] = video_emit, [OP_VABSDIFF4] = video_emit,
    [OP_VMIN4] = video_emit, [OP_VMAX4] = video_emit, [OP_VSET4] = video_emit,
};

void
inst_emit(Emit *e, const Instr *in)
{
    Handler *h = in->op > OP_NONE && in->op < OP_COUNT ? handlers[in->op] : NULL;
    if (h)
        h(e, in);
    else
        emit_unsupported(e, in->loc, arena_printf(e->arena, "instruction '%s'", opcode_name(in->op)));
}
