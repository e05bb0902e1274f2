/* sink.c — after the passes: the per-lane address vectors of out-of-line
 * accesses made again where they are used (memory.c's slow paths).
 */
#include <string.h>

#include "emit.h"

/* ------------------------------------------------ slow-path addresses */

/* After the passes, the per-lane address vector an out-of-line access
 * (p2n.rows.*, p2n.lanes.*) takes is computed again inside the block of
 * the call, from the leaves of its arithmetic, and so is every vector a
 * block of a full-warp access's inline other path reads (slow_block); the
 * original is deleted where nothing else uses it.  A vector computed once
 * and used only by the slow paths of several accesses otherwise stays
 * where the register was written: on the full-warp fast path, 32 x 64-bit
 * lanes of extensions, shifts and adds and their spills, for nothing (the
 * fast path takes its addresses from the probe lanes). */
enum { REMAT_MAX = 64 };
typedef struct Remat {
    LLVMValueRef from[REMAT_MAX], to[REMAT_MAX];
    int n;
} Remat;

static bool
pure_vector_op(LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind)
        return false;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMLoad: /* of what does not change (%tid) */
        return LLVMGetMetadata(v, LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(v)),
                                                           "invariant.load", 14)) != NULL;
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul:
    case LLVMShl:
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor:
    case LLVMZExt:
    case LLVMSExt:
    case LLVMTrunc:
    case LLVMIntToPtr:
    case LLVMPtrToInt:
    case LLVMBitCast:
    case LLVMShuffleVector:
    case LLVMInsertElement:
    case LLVMGetElementPtr: return true;
    default: return false;
    }
}

/* v computed again in block bb (depth levels at most): what v's tree has
 * in bb already stays, with its operands from outside computed again at
 * the start of bb (`start`, its first instruction after the phis), where
 * they come before every use in bb.  The originals replaced go to roots. */
static LLVMValueRef
remat(LLVMBuilderRef b, LLVMValueRef v, Remat *m, int depth, LLVMValueRef start,
      LLVMValueRef *roots, int *nroots)
{
    if (depth <= 0 || !pure_vector_op(v))
        return v;
    /* a copy made here already (reached again through a local
     * instruction whose operand it became) keeps its operands: a deeper
     * copy of one would land after it, at `start` */
    for (int i = 0; i < m->n; i++)
        if (m->from[i] == v || m->to[i] == v)
            return m->to[i];
    int n = LLVMGetNumOperands(v);
    if (n > 4 || m->n == REMAT_MAX)
        return v;
    bool local = LLVMGetInstructionParent(v) == LLVMGetInstructionParent(start);
    LLVMValueRef ops[4];
    for (int i = 0; i < n; i++)
        ops[i] = remat(b, LLVMGetOperand(v, (unsigned)i), m, depth - 1, start, roots, nroots);
    LLVMValueRef c = v;
    if (local) {
        for (int i = 0; i < n; i++)
            if (ops[i] != LLVMGetOperand(v, (unsigned)i))
                LLVMSetOperand(v, (unsigned)i, ops[i]);
    } else {
        c = LLVMInstructionClone(v);
        LLVMPositionBuilderBefore(b, start);
        LLVMInsertIntoBuilder(b, c);
        for (int i = 0; i < n; i++)
            LLVMSetOperand(c, (unsigned)i, ops[i]);
        if (*nroots < REMAT_MAX) /* else it stays, dead, for the code generator to drop */
            roots[(*nroots)++] = v;
    }
    if (m->n < REMAT_MAX)
        m->from[m->n] = v, m->to[m->n++] = c;
    return c;
}

/* The pure vector instructions of v's tree (depth levels), once each. */
static void
chain_of(LLVMValueRef v, Remat *c, int depth)
{
    if (depth <= 0 || !pure_vector_op(v) || c->n == REMAT_MAX)
        return;
    for (int i = 0; i < c->n; i++)
        if (c->from[i] == v)
            return;
    c->from[c->n++] = v;
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n && n <= 4; i++)
        chain_of(LLVMGetOperand(v, (unsigned)i), c, depth - 1);
}

/* Deletes what of the trees of roots[0 .. n-1] nothing uses any more. */
static void
erase_dead(LLVMValueRef *roots, int n, int depth)
{
    Remat c = {.n = 0};
    for (int i = 0; i < n; i++)
        chain_of(roots[i], &c, depth);
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < c.n; i++)
            if (c.from[i] && !LLVMGetFirstUse(c.from[i])) {
                LLVMInstructionEraseFromParent(c.from[i]);
                c.from[i] = NULL;
                more = true;
            }
    }
}

static bool
slow_access_call(LLVMValueRef in)
{
    if (!LLVMIsACallInst(in))
        return false;
    LLVMValueRef f = LLVMGetCalledValue(in);
    if (!f || !LLVMIsAFunction(f))
        return false;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    return (len > 9 && strncmp(name, "p2n.rows.", 9) == 0) ||
           (len > 10 && strncmp(name, "p2n.lanes.", 10) == 0);
}

/* A block of a full-warp access's other path (memory.c: row_masked's
 * "mem.rows", row_access's "mem.lanes", rows_partial's "mem.row.masked"
 * and "mem.gather"; LLVM numbers a repeated name), whose inline accesses
 * read the address vector too. */
static bool
slow_block(LLVMBasicBlockRef bb)
{
    static const char *const names[] = {"mem.rows", "mem.lanes", "mem.row.masked", "mem.gather"};
    const char *name = LLVMGetBasicBlockName(bb);
    for (size_t i = 0; name && i < sizeof names / sizeof *names; i++)
        if (strncmp(name, names[i], strlen(names[i])) == 0)
            return true;
    return false;
}

/* The calls of slow-path helpers in f, up to `most` + 1. */
static int
slow_calls(LLVMValueRef f, int most)
{
    int n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && n <= most;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            n += slow_access_call(in);
    return n;
}

/* A function with more slow paths than this keeps its address vectors
 * where they are: a copy in each block costs the code generator more than
 * it saves (a straight-line kernel of 1,000 accesses through one register
 * took 10% longer to translate), and such code is rarely a hot loop. */
enum { SINK_MAX_CALLS = 64 };

void
mem_sink_slow_addresses(Emit *e)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(e->ctx);
    for (LLVMValueRef f = LLVMGetFirstFunction(e->mod); f; f = LLVMGetNextFunction(f)) {
        if (slow_calls(f, SINK_MAX_CALLS) > SINK_MAX_CALLS)
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
             bb = LLVMGetNextBasicBlock(bb)) {
            Remat m = {.n = 0}; /* what this block computed again, for its later calls */
            LLVMValueRef roots[REMAT_MAX];
            int nroots = 0;
            LLVMValueRef start = LLVMGetFirstInstruction(bb);
            while (start && LLVMIsAPHINode(start))
                start = LLVMGetNextInstruction(start);
            bool slow = slow_block(bb);
            for (LLVMValueRef in = start; in; in = LLVMGetNextInstruction(in)) {
                /* a slow block's instructions, every operand; a call's
                 * address elsewhere */
                int n = slow && !LLVMIsACallInst(in) ? LLVMGetNumOperands(in)
                        : slow_access_call(in)     ? 1
                                                   : 0;
                for (int k = 0; k < n; k++)
                    LLVMSetOperand(in, (unsigned)k, remat(b, LLVMGetOperand(in, (unsigned)k), &m,
                                                          8, start, roots, &nroots));
            }
            erase_dead(roots, nroots, 8);
        }
    }
    LLVMDisposeBuilder(b);
}
