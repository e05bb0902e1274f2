/* oneloop.c — a scalar copy of a divergent loop for a warp with one lane
 * in it.
 *
 * A sparse level of a graph search runs its edge loop with one lane in
 * most warps; the loop's vector code does a 32-lane step for that lane
 * (address reductions, masked accesses, mask bookkeeping), where the scalar
 * loop of a CPU thread does a handful of instructions.  Each eligible
 * loop is emitted twice: as usual, and once more with every register a
 * scalar (the FuncInfo of the copy calls nothing varying), so that every
 * handler takes its uniform path and every branch is a plain one.  Its
 * head tests the mask: one lane, and the lane's values go into the
 * copy's scalar registers and the copy runs; leaving it, the registers
 * the loop writes go back into that lane of their vectors, and the
 * vector code goes on at the block the loop left for.  With one lane
 * active, a uniform step of every instruction is that lane's step, and a
 * branch all of whose lanes agree is what the vector code's branch does;
 * lanes not active keep their values.  Eligible: a loop of a kernel with
 * no divergence stack, held lanes or coroutine, that holds only integer,
 * bit and float arithmetic (division and the math functions too), moves,
 * conversions, global accesses, atomics and branches
 * (nothing that reads other lanes, local memory, a call or a barrier),
 * whose narrowing and linear branches all lie inside it, with some
 * divergent branch.
 */
#include <string.h>

#include "emit.h"

enum { ONELOOP_MAX_INSTRS = 96 };

struct OneLoop {
    int head;
    bool *in;                /* [nblocks] */
    bool *used, *written;    /* [nregs] varying registers it reads, writes */
    int outer;               /* the outer narrowing branch whose region holds it, or -1 */
    LLVMBasicBlockRef enter; /* from the vector head, one lane active */
    LLVMValueRef lane_slot;  /* i32 */
};

static bool
op_allowed(const Instr *in)
{
    switch (in->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_MAD:
    case OP_MUL24:
    case OP_MAD24:
    case OP_MIN:
    case OP_MAX:
    case OP_ABS:
    case OP_NEG:
    case OP_AND:
    case OP_OR:
    case OP_XOR:
    case OP_NOT:
    case OP_CNOT:
    case OP_SHL:
    case OP_SHR:
    case OP_SETP:
    case OP_SELP:
    case OP_MOV:
    case OP_CVT:
    case OP_FMA:
    case OP_DIV:
    case OP_REM:
    case OP_SAD:
    case OP_SET:
    case OP_SLCT:
    case OP_POPC:
    case OP_CLZ:
    case OP_BFIND:
    case OP_BREV:
    case OP_BFE:
    case OP_BFI:
    case OP_PRMT:
    case OP_LOP3:
    case OP_SHF:
    case OP_RCP:
    case OP_SQRT:
    case OP_RSQRT:
    case OP_SIN:
    case OP_COS:
    case OP_LG2:
    case OP_EX2:
    case OP_TESTP:
    case OP_COPYSIGN:
    case OP_BRA:
        return true;
    case OP_LD:
    case OP_ST:
    case OP_ATOM:
    case OP_RED:
        return in->space == SP_GLOBAL;
    default:
        return false;
    }
}

static void
mark_regs(const Operand *o, bool *regs)
{
    if (o->kind == OPD_REG)
        regs[o->reg] = true;
    for (int i = 0; i < o->nsub; i++)
        mark_regs(&o->sub[i], regs);
}

static bool
dominates(const Cfg *c, int a, int b)
{
    for (int n = 0; b >= 0 && n <= c->nblocks; n++, b = c->blocks[b].idom) {
        if (b == a)
            return true;
        if (c->blocks[b].idom == b)
            break;
    }
    return false;
}

/* The natural loop of head h (its blocks in `in`), or false when it is
 * not one the copy can take. */
static bool
loop_of(Emit *e, int h, struct OneLoop *L)
{
    const Cfg *c = e->fs.f->cfg;
    const FuncInfo *fi = e->fs.fi;
    int *work = arena_alloc(e->arena, sizeof *work * (size_t)c->nblocks);
    int n = 0, back = 0;
    L->in = arena_alloc(e->arena, sizeof *L->in * (size_t)c->nblocks);
    memset(L->in, 0, sizeof *L->in * (size_t)c->nblocks);
    L->in[h] = true;
    for (int i = 0; i < c->blocks[h].npred; i++) {
        int t = c->blocks[h].pred[i];
        if (!dominates(c, h, t))
            continue;
        back++;
        if (!L->in[t]) {
            L->in[t] = true;
            work[n++] = t;
        }
    }
    if (back == 0)
        return false;
    while (n > 0) {
        int b = work[--n];
        for (int i = 0; i < c->blocks[b].npred; i++) {
            int p = c->blocks[b].pred[i];
            if (!L->in[p] && c->blocks[p].rpo >= 0) {
                L->in[p] = true;
                work[n++] = p;
            }
        }
    }
    int count = 0;
    bool divergent = false;
    L->outer = -1;
    for (int b = 0; b < c->nblocks; b++) {
        if (!L->in[b])
            continue;
        if (b == c->exit || c->blocks[b].rpo < 0)
            return false;
        /* a linear branch reaching into the loop starts in it; so does a
         * narrowing group, but for one group whose region holds the loop */
        int g = e->fs.narrow_group[b], s = e->fs.lin_branch[b];
        if (s && !L->in[c->block_of[s - 1]])
            return false;
        if (g && !L->in[c->block_of[g - 1]]) {
            if (L->outer >= 0 && L->outer != g - 1)
                return false;
            L->outer = g - 1;
        }
    }
    int outer_R = L->outer >= 0 ? plan_reconvergence(e->fs.f, fi, L->outer) : -1;
    for (int b = 0; b < c->nblocks; b++) {
        if (!L->in[b])
            continue;
        if (L->outer >= 0 && e->fs.narrow_group[b] != L->outer + 1)
            return false;
        for (int i = c->blocks[b].first; i < c->blocks[b].last; i++) {
            const Instr *in = &e->fs.f->instrs.v[i];
            if (!op_allowed(in) || ++count > ONELOOP_MAX_INSTRS)
                return false;
            if (fi->branch[i] == BR_DIVERGENT) {
                divergent = true;
                /* its lanes meet in the loop, or leave the launch */
                int R = plan_reconvergence(e->fs.f, fi, i);
                if ((e->fs.linear[i] || e->fs.narrow[i]) && R != outer_R &&
                    (R == c->exit || !L->in[R]))
                    return false;
            }
        }
    }
    return divergent;
}

void
oneloop_plan(Emit *e)
{
    const Func *f = e->fs.f;
    const Cfg *c = f->cfg;
    e->fs.oneloop = NULL;
    e->fs.noneloops = 0;
    if (!f->is_entry || !e->fs.stackless || e->fs.nbar > 0 || e->fs.coro_frame ||
        e->fs.cta_loop || e->prof_slot || e->o->opt_level == 0)
        return;
    for (int h = 0; h < c->nblocks; h++) {
        if (h == c->exit || c->blocks[h].rpo < 0 || !plan_loop_head(c, h))
            continue;
        struct OneLoop L = {.head = h};
        if (!loop_of(e, h, &L))
            continue;
        L.used = arena_alloc(e->arena, sizeof *L.used * (size_t)f->regs.n);
        L.written = arena_alloc(e->arena, sizeof *L.written * (size_t)f->regs.n);
        memset(L.used, 0, sizeof *L.used * (size_t)f->regs.n);
        memset(L.written, 0, sizeof *L.written * (size_t)f->regs.n);
        bool ok = true;
        for (int b = 0; b < c->nblocks; b++)
            for (int i = c->blocks[b].first; L.in[b] && i < c->blocks[b].last; i++) {
                const Instr *in = &f->instrs.v[i];
                bool dst = !(opcode_flags(in->op) & OF_NODST) && in->nopnd > 0;
                for (int k = 0; k < in->nopnd; k++)
                    mark_regs(&in->opnd[k], k == 0 && dst ? L.written : L.used);
                if (in->guard >= 0)
                    L.used[in->guard] = true;
            }
        for (int r = 0; r < f->regs.n; r++) {
            L.used[r] = (L.used[r] || L.written[r]) && e->fs.fi->reg_varying[r];
            L.written[r] = L.written[r] && e->fs.fi->reg_varying[r];
            LLVMTypeRef t = e->fs.reg_type[r];
            if (L.used[r] && (LLVMGetTypeKind(t) != LLVMVectorTypeKind ||
                              LLVMGetVectorSize(t) != WARP))
                ok = false;
        }
        if (!ok)
            continue;
        if (!e->fs.oneloop) {
            e->fs.oneloop = arena_alloc(e->arena, sizeof *e->fs.oneloop * (size_t)c->nblocks);
            memset(e->fs.oneloop, 0, sizeof *e->fs.oneloop * (size_t)c->nblocks);
        }
        struct OneLoop *p = arena_alloc(e->arena, sizeof *p);
        *p = L;
        e->fs.oneloop[h] = p;
        e->fs.noneloops++;
    }
}

/* At the vector head h: one lane active, into the copy. */
void
oneloop_enter(Emit *e, int h)
{
    struct OneLoop *L = e->fs.oneloop ? e->fs.oneloop[h] : NULL;
    if (!L)
        return;
    LLVMValueRef m = emit_mask(e);
    LLVMTypeRef i32 = e->t_i32;
    LLVMValueRef n = emit_intrinsic(e, "llvm.ctpop", &i32, 1, &m, 1);
    L->enter = emit_new_block(e, "one.enter");
    LLVMBasicBlockRef go = emit_new_block(e, "vec.loop");
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, n, emit_u32(e, 1), ""), L->enter, go);
    LLVMPositionBuilderAtEnd(e->b, go);
}

/* Emits the copies of the loops oneloop_enter entered; emit_block emits
 * one block with the state of e->fs. */
void
oneloop_emit(Emit *e, void (*emit_block)(Emit *, int))
{
    const Func *f = e->fs.f;
    const Cfg *c = f->cfg;
    if (!e->fs.noneloops || e->failed)
        return;
    int nb = c->nblocks, nr = f->regs.n;
    EmitFunc save = e->fs;
    FuncInfo fi = *save.fi;
    fi.reg_varying = arena_alloc(e->arena, sizeof *fi.reg_varying * (size_t)nr);
    fi.reg_row_affine = arena_alloc(e->arena, sizeof *fi.reg_row_affine * (size_t)nr);
    memset(fi.reg_varying, 0, sizeof *fi.reg_varying * (size_t)nr);
    memset(fi.reg_row_affine, 0, sizeof *fi.reg_row_affine * (size_t)nr);
    int *zb = arena_alloc(e->arena, sizeof *zb * (size_t)nb);
    memset(zb, 0, sizeof *zb * (size_t)nb);
    bool *fb = arena_alloc(e->arena, sizeof *fb * (size_t)nb);
    memset(fb, 0, sizeof *fb * (size_t)nb);
    int ni = f->instrs.n + 1;
    bool *zf = arena_alloc(e->arena, sizeof *zf * (size_t)ni);
    memset(zf, 0, sizeof *zf * (size_t)ni);
    char *zc = arena_alloc(e->arena, (size_t)ni);
    memset(zc, 0, (size_t)ni);

    for (int h = 0; h < nb; h++) {
        struct OneLoop *L = save.oneloop ? save.oneloop[h] : NULL;
        if (!L || !L->enter)
            continue;
        LLVMValueRef *slot = arena_alloc(e->arena, sizeof *slot * (size_t)nr);
        LLVMTypeRef *type = arena_alloc(e->arena, sizeof *type * (size_t)nr);
        for (int r = 0; r < nr; r++) {
            slot[r] = save.reg_slot[r];
            type[r] = save.reg_type[r];
            if (L->used[r]) {
                type[r] = LLVMGetElementType(save.reg_type[r]);
                slot[r] = emit_alloca(e, type[r], "one");
            }
        }
        L->lane_slot = emit_alloca(e, e->t_i32, "one.lane");
        LLVMBasicBlockRef *bb = arena_alloc(e->arena, sizeof *bb * (size_t)nb);
        LLVMBasicBlockRef *out = arena_alloc(e->arena, sizeof *out * (size_t)nb);
        for (int b = 0; b < nb; b++) {
            out[b] = NULL;
            bb[b] = save.bb[b];
            if (b == c->exit)
                continue;
            bb[b] = out[b] = emit_new_block(e, L->in[b] ? "one" : "one.out");
            if (L->in[b])
                out[b] = NULL;
        }
        /* into the copy: the lane's values */
        LLVMPositionBuilderAtEnd(e->b, L->enter);
        LLVMValueRef lane = emit_lowest_lane(e, emit_mask(e));
        LLVMBuildStore(e->b, lane, L->lane_slot);
        for (int r = 0; r < nr; r++)
            if (L->used[r]) {
                LLVMValueRef v = LLVMBuildLoad2(e->b, save.reg_type[r], emit_reg_slot(e, r), "");
                LLVMBuildStore(e->b, LLVMBuildExtractElement(e->b, v, lane, ""), slot[r]);
            }
        LLVMBuildBr(e->b, bb[h]);

        e->fs.fi = &fi;
        e->fs.reg_slot = slot;
        e->fs.reg_type = type;
        e->fs.bb = bb;
        e->fs.bb_body = bb;
        e->fs.is_reconv = fb;
        e->fs.lin_branch = zb;
        e->fs.narrow_group = zb;
        e->fs.linear = zf;
        e->fs.predicated = zf;
        e->fs.narrow = zc;
        e->fs.oneloop = NULL;
        for (int b = 0; b < nb && !e->failed; b++)
            if (L->in[b])
                emit_block(e, b);
        e->fs = save;

        /* out of the copy: the lane's values back into their vectors */
        for (int b = 0; b < nb; b++) {
            if (!out[b])
                continue;
            if (!LLVMGetFirstUse(LLVMBasicBlockAsValue(out[b]))) {
                LLVMDeleteBasicBlock(out[b]);
                continue;
            }
            LLVMPositionBuilderAtEnd(e->b, out[b]);
            LLVMValueRef ln = LLVMBuildLoad2(e->b, e->t_i32, L->lane_slot, "");
            for (int r = 0; r < nr; r++)
                if (L->written[r]) {
                    LLVMValueRef v =
                        LLVMBuildLoad2(e->b, save.reg_type[r], emit_reg_slot(e, r), "");
                    LLVMValueRef s = LLVMBuildLoad2(e->b, type[r], slot[r], "");
                    v = LLVMBuildInsertElement(e->b, v, s, ln, "");
                    LLVMBuildStore(e->b, v, emit_reg_slot(e, r));
                    probe_refresh(e, r, v);
                }
            /* to the region's R: through its join, as the vector loop goes */
            bool to_join = L->outer >= 0 && b == plan_reconvergence(f, save.fi, L->outer);
            LLVMBuildBr(e->b, to_join ? save.narrow_join[L->outer] : save.bb[b]);
        }
    }
}
