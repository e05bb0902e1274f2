/* prefetch.c — the software prefetches of the full-warp fast path of a
 * global row access (memory.c, row_masked; docs/lowering.md, Memory,
 * "Probes"): how far ahead, and which accesses issue one; and the row
 * access with no test at all, where every warp's halves lie in one row.
 */
#include "emit.h"

/* A hint that the lines some bytes past p will be read (written when
 * store), on the full-warp fast path of a global access: the next warps
 * and CTAs of a launch mostly take the next elements, and a CTA of a 2-D
 * block walks many rows at once, more streams than the hardware
 * prefetcher follows.  A warp runs too few instructions between its
 * accesses to keep many misses in flight by itself (saxpy and hotspot
 * waited on their loads).  How far: AHEAD_ROW bytes when the block is one
 * row (1 and 2 KiB measured alike for saxpy, and both better than none);
 * AHEAD_ROWS when it has more rows, each of which the CTA walks at once:
 * 1 KiB past each of hotspot's 16 rows of 3 arrays is as much as the L1
 * cache holds, and the lines were evicted before their use (hotspot, 1
 * thread, 7 alternations: 256 B 58.7 ms, 512 B 57.4, 768 B 59.3, 1 KiB
 * 62.9; saxpy, 5: 512 B 63.3, 1 KiB 55.1). */
enum { AHEAD_ROW = 1024, AHEAD_ROWS = 512 };

/* The distance for this function's warps, once, in the prologue:
 * %ntid.y * %ntid.z rows; a constant under .reqntid. */
static LLVMValueRef
ahead(Emit *e)
{
    if (e->fs.prefetch_ahead)
        return e->fs.prefetch_ahead;
    const int *req = e->fs.f->perf.reqntid;
    if (req[0] > 0) {
        int rows = (req[1] > 0 ? req[1] : 1) * (req[2] > 0 ? req[2] : 1);
        return e->fs.prefetch_ahead =
                   LLVMConstInt(e->t_i64, rows == 1 ? AHEAD_ROW : AHEAD_ROWS, 0);
    }
    LLVMBuilderRef saved = e->b;
    e->b = LLVMCreateBuilderInContext(e->ctx);
    LLVMPositionBuilderBefore(e->b, e->fs.prologue_end);
    LLVMValueRef n[2];
    for (int i = 0; i < 2; i++) {
        LLVMValueRef idx[] = {emit_u32(e, 0), emit_u32(e, (uint64_t)i + 1)};
        n[i] = LLVMBuildLoad2(e->b, e->t_i32,
                              LLVMBuildGEP2(e->b, LLVMArrayType(e->t_i32, 3),
                                            abi_warp_field_ptr(e, W_NTID), idx, 2, ""),
                              "");
    }
    LLVMValueRef one_row = LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildMul(e->b, n[0], n[1], ""),
                                         emit_u32(e, 1), "one.row.block");
    e->fs.prefetch_ahead = LLVMBuildSelect(e->b, one_row, LLVMConstInt(e->t_i64, AHEAD_ROW, 0),
                                           LLVMConstInt(e->t_i64, AHEAD_ROWS, 0), "ahead");
    LLVMDisposeBuilder(e->b);
    e->b = saved;
    return e->fs.prefetch_ahead;
}

void
mem_prefetch(Emit *e, LLVMValueRef p, bool store)
{
    LLVMValueRef off = ahead(e);
    LLVMValueRef args[] = {LLVMBuildGEP2(e->b, e->t_i8, p, &off, 1, ""), emit_u32(e, store),
                           emit_u32(e, 3), emit_u32(e, 1)};
    LLVMTypeRef pt = e->t_ptr;
    emit_intrinsic(e, "llvm.prefetch", &pt, 1, args, 4);
}

/* Counts, in n[r], the instructions whose destination o writes register
 * r (itself, or an element of a vector destination). */
static void
count_writes(const Operand *o, int *n)
{
    if (o->kind == OPD_REG)
        n[o->reg]++;
    for (int i = 0; i < o->nsub; i++)
        count_writes(&o->sub[i], n);
}

/* How many instructions write register r: all registers counted in one
 * pass over the function, the first time one is asked for. */
static int
defs(Emit *e, int r)
{
    const Func *f = e->fs.f;
    if (!e->fs.reg_defs) {
        e->fs.reg_defs = arena_alloc(e->arena, sizeof *e->fs.reg_defs * ((size_t)f->regs.n + 1));
        for (int i = 0; i < f->regs.n; i++)
            e->fs.reg_defs[i] = 0;
        for (int i = 0; i < f->instrs.n; i++) {
            const Instr *in = &f->instrs.v[i];
            if (in->nopnd > 0 && !(opcode_flags(in->op) & OF_NODST))
                count_writes(&in->opnd[0], e->fs.reg_defs);
        }
    }
    return e->fs.reg_defs[r];
}

static bool
dominates(const Cfg *c, int a, int b)
{
    for (int k = 0; b >= 0 && k <= c->nblocks; k++, b = c->blocks[b].idom)
        if (b == a)
            return true;
        else if (c->blocks[b].idom == b)
            return false;
    return false;
}

/* Whether an access through register r is the first of the current PTX
 * block through it, and of the blocks it dominates when r has one
 * definition (the same value there): one prefetch covers the lines ahead
 * of its neighbours (x[i] and x[i + 1], a load and a store of y[i];
 * hotspot's t, e and w, three blocks apart, prefetched the same lines
 * three times); more only cost translation time (a 10,000-line kernel of
 * 1,000 accesses through one register took 0.5 s longer with one at
 * each). */
bool
mem_prefetch_first(Emit *e, int r)
{
    int n = e->fs.f->regs.n, b = e->fs.block;
    if (!e->fs.prefetched) {
        e->fs.prefetched = arena_alloc(e->arena, sizeof *e->fs.prefetched * (size_t)(n + 1));
        for (int i = 0; i < n; i++)
            e->fs.prefetched[i] = 0;
    }
    int last = e->fs.prefetched[r] - 1;
    if (last == b || (last >= 0 && defs(e, r) <= 1 && dominates(e->fs.f->cfg, last, b)))
        return false;
    e->fs.prefetched[r] = b + 1;
    return true;
}

/* The row access of a contiguous register (step = size >= 4, no 32-bit
 * wrap on the way) in a large function where every warp's lanes 0-15 lie
 * in one row, and 16-31 (e->fs.half_rows a constant: a .reqntid whose x
 * is a multiple of 16): two masked 16-lane accesses at lane 0's and lane
 * 16's addresses (p0, p16) under the lanes of mask, which touch no
 * inactive lane's memory; no branch.  With a test and a slow path at
 * every access, a kernel of 10,000 straight lines and 1,000 accesses
 * spent most of its code generation on the thousand diamonds.  Loads
 * when val is NULL (returning <32 x t>), else stores val. */
LLVMValueRef
mem_row_halves(Emit *e, LLVMValueRef p0, LLVMValueRef p16, LLVMTypeRef t, LLVMValueRef val,
               LLVMValueRef mask)
{
    unsigned size = (unsigned)LLVMABISizeOfType(e->td, t);
    LLVMTypeRef vt = LLVMVectorType(t, WARP), ht = LLVMVectorType(t, WARP / 2);
    LLVMTypeRef i16 = LLVMIntTypeInContext(e->ctx, WARP / 2), over[] = {ht, e->t_ptr};
    LLVMValueRef p[] = {p0, p16}, half[2], idx[WARP], align = emit_u32(e, size);
    for (int h = 0; h < 2; h++) {
        LLVMValueRef bits = h ? LLVMBuildLShr(e->b, mask, emit_u32(e, WARP / 2), "") : mask;
        LLVMValueRef mv = LLVMBuildBitCast(e->b, LLVMBuildTrunc(e->b, bits, i16, ""),
                                           LLVMVectorType(e->t_i1, WARP / 2), "");
        if (val) {
            for (int i = 0; i < WARP / 2; i++)
                idx[i] = emit_u32(e, (uint64_t)(h * (WARP / 2) + i));
            LLVMValueRef piece = LLVMBuildShuffleVector(e->b, val, LLVMGetUndef(vt),
                                                        LLVMConstVector(idx, WARP / 2), "");
            LLVMValueRef args[] = {piece, p[h], align, mv};
            emit_intrinsic(e, "llvm.masked.store", over, 2, args, 4);
        } else {
            LLVMValueRef args[] = {p[h], align, mv, LLVMGetUndef(ht)};
            half[h] = emit_intrinsic(e, "llvm.masked.load", over, 2, args, 4);
        }
    }
    if (val)
        return NULL;
    for (int i = 0; i < WARP; i++)
        idx[i] = emit_u32(e, (uint64_t)i);
    return LLVMBuildShuffleVector(e->b, half[0], half[1], LLVMConstVector(idx, WARP), "");
}
