/* plan.c — the reconvergence plan: how the code generator treats each
 * divergent transfer and which blocks its divergence stack may name
 * (docs/lowering.md, "Control flow and reconvergence").
 *
 * Needs the uniformity analysis's branch classes and reconvergence blocks
 * (uniform.c); plain data out, no LLVM.
 */
#include <string.h>

#include "analysis.h"

/* Where a divergent transfer's lanes meet, as the analysis computed it. */
int
plan_reconvergence(const Func *f, const FuncInfo *fi, int instr)
{
    return fi->reconverge ? fi->reconverge[instr] : f->cfg->exit;
}

/* Block b heads a cycle: some edge into it retreats in reverse
 * postorder, and every cycle of the CFG has such an edge. */
bool
plan_loop_head(const Cfg *c, int b)
{
    const Block *blk = &c->blocks[b];
    for (int i = 0; i < blk->npred; i++) {
        const Block *p = &c->blocks[blk->pred[i]];
        if (p->rpo >= 0 && blk->rpo >= 0 && p->rpo >= blk->rpo)
            return true;
    }
    return false;
}

/* Which divergent bra instructions emit_linear_branch can take: each side
 * is R itself, or a reachable block entered only from the branch whose one
 * successor is R, that no transfer reconverges at, of at most LINEAR_MAX
 * instructions, none of which is a call, a barrier or a warp barrier, or
 * leaves the block other than by bra to R. */
enum { LINEAR_MAX = 64 };

static bool
linear_side(ReconvPlan *e, int S, int xb, int R, const bool *reconv)
{
    const Cfg *c = e->f->cfg;
    if (S == R)
        return true;
    const Block *blk = &c->blocks[S];
    if (S == c->exit || blk->rpo < 0 || reconv[S] || blk->npred != 1 || blk->pred[0] != xb ||
        blk->nsucc != 1 || blk->succ[0] != R || blk->last - blk->first > LINEAR_MAX)
        return false;
    for (int i = blk->first; i < blk->last; i++) {
        const Instr *in = &e->f->instrs.v[i];
        bool last = i == blk->last - 1;
        if ((opcode_flags(in->op) & OF_TERM) && !(last && in->op == OP_BRA && in->guard < 0))
            return false;
        if (in->op == OP_CALL || in->op == OP_BAR || in->op == OP_BARRIER ||
            in->op == OP_BAR_WARP_SYNC)
            return false;
    }
    return true;
}

/* A side of a linear branch that runs without a branch around it
 * (predicated): R itself, or at most PREDICATE_MAX instructions that only
 * compute registers (no memory, no warp operation, no side effect), so
 * running it with no lane costs less than the branches that would skip
 * it, and a lane that is off only gets its registers kept. */
enum { PREDICATE_MAX = 8 };

static bool
predicable_side(const ReconvPlan *e, int S, int R)
{
    if (S == R)
        return true;
    const Block *blk = &e->f->cfg->blocks[S];
    if (blk->last - blk->first > PREDICATE_MAX)
        return false;
    for (int i = blk->first; i < blk->last; i++) {
        const Instr *in = &e->f->instrs.v[i];
        if (in->op == OP_BRA && i == blk->last - 1)
            continue; /* to R (linear_side) */
        if (opcode_flags(in->op) != 0 || (opcode_classes(in->op) & MC_SYNC))
            return false;
    }
    return true;
}

static void
plan_linear(ReconvPlan *e)
{
    const Cfg *c = e->f->cfg;
    int n = e->f->instrs.n;
    e->linear = arena_alloc(e->arena, (size_t)n + 1);
    e->predicated = arena_alloc(e->arena, (size_t)n + 1);
    e->lin_branch = arena_alloc(e->arena, sizeof *e->lin_branch * (size_t)c->nblocks);
    bool *reconv = arena_alloc(e->arena, (size_t)c->nblocks);
    memset(reconv, 0, (size_t)c->nblocks);
    for (int i = 0; i < n; i++) {
        int r = e->fi->branch[i] == BR_DIVERGENT ? plan_reconvergence(e->f, e->fi, i) : -1;
        if (r >= 0)
            reconv[r] = true;
    }
    for (int i = 0; i < n; i++) {
        const Instr *in = &e->f->instrs.v[i];
        if (e->fi->branch[i] != BR_DIVERGENT || in->op != OP_BRA || in->guard < 0 ||
            !e->fi->reg_varying[in->guard])
            continue;
        int R = plan_reconvergence(e->f, e->fi, i), xb = c->block_of[i];
        const Block *x = &c->blocks[xb];
        if (R < 0 || R == c->exit || x->nsucc != 2 || x->succ[0] == x->succ[1] || i != x->last - 1)
            continue;
        e->linear[i] =
            linear_side(e, x->succ[0], xb, R, reconv) && linear_side(e, x->succ[1], xb, R, reconv);
        e->predicated[i] = e->linear[i] && predicable_side(e, x->succ[0], R) &&
                           predicable_side(e, x->succ[1], R);
        for (int k = 0; k < 2 && e->linear[i]; k++)
            if (x->succ[k] != R)
                e->lin_branch[x->succ[k]] = i + 1;
    }
}

/* Narrowing branches.  A divergent bra X whose one side is its
 * reconvergence block R ("if (c) { ... }") needs no stack entry when the
 * lanes that run its other side S only ever leave that path for R: X
 * keeps its mask in a slot and runs S with its lanes; a narrowing branch
 * inside drops the lanes that go to R; every edge from the region to R
 * restores the slot's mask (flow.c, emit_narrow_branch).  The region (the
 * blocks reachable from S without passing R) must be entered only through
 * X, hold no exit, ret, call, brx or barrier, and every divergent branch
 * in it must be linear or meet inside the region or at R, a non-linear one
 * that meets at R being itself narrowing (an inner one: its mask is X's
 * slot).  bfs: "if (dist[u] == -1 && atomicCAS(...) == -1) *more = 1". */
enum { NARROW_BLOCKS = 256 };

/* A divergent bra that may narrow: one side is R, the other S. */
static bool
narrow_candidate(const ReconvPlan *e, int i, int *S, int *R)
{
    const Cfg *c = e->f->cfg;
    const Instr *in = &e->f->instrs.v[i];
    if (e->fi->branch[i] != BR_DIVERGENT || in->op != OP_BRA || in->guard < 0 ||
        !e->fi->reg_varying[in->guard] || e->linear[i] || exit_side(e->f, e->fi, i) >= 0)
        return false;
    int r = plan_reconvergence(e->f, e->fi, i), xb = c->block_of[i];
    const Block *x = &c->blocks[xb];
    if (r < 0 || r == c->exit || x->nsucc != 2 || x->succ[0] == x->succ[1] || i != x->last - 1 ||
        (x->succ[0] != r && x->succ[1] != r))
        return false;
    *R = r;
    *S = x->succ[0] == r ? x->succ[1] : x->succ[0];
    return *S != c->exit && c->blocks[*S].rpo >= 0;
}

/* Whether the divergent transfer i in the region of X (blocks stamped
 * mark[b] == stamp) keeps to it: see plan_narrow. */
static bool
narrow_keeps(const ReconvPlan *e, int i, int R, const int *mark, int stamp)
{
    const Instr *in = &e->f->instrs.v[i];
    if (e->fi->branch[i] != BR_DIVERGENT ||
        (in->op == OP_BRA && (in->guard < 0 || !e->fi->reg_varying[in->guard])))
        return true; /* runs as a uniform branch */
    int r = plan_reconvergence(e->f, e->fi, i), S, RY;
    if (r < 0 || r == e->f->cfg->exit)
        return false;
    if (e->linear[i])
        return r == R || mark[r] == stamp;
    if (r == R)
        return narrow_candidate(e, i, &S, &RY);
    const Block *y = &e->f->cfg->blocks[e->f->cfg->block_of[i]];
    for (int k = 0; k < y->nsucc; k++)
        if (y->succ[k] == R)
            return false;
    return mark[r] == stamp;
}

/* The region of candidate X (instruction i, sides S and R) into reg,
 * stamped in mark; false when it does not qualify. */
static bool
narrow_region(const ReconvPlan *e, int i, int S, int R, int *mark, int stamp, IntVec *reg)
{
    const Cfg *c = e->f->cfg;
    int xb = c->block_of[i];
    reg->n = 0;
    mark[S] = stamp;
    vec_push(e->arena, reg, S);
    for (int k = 0; k < reg->n; k++) {
        const Block *b = &c->blocks[reg->v[k]];
        for (int j = 0; j < b->nsucc; j++) {
            int s = b->succ[j];
            if (s == R || mark[s] == stamp)
                continue;
            if (s == xb || s == c->exit || reg->n >= NARROW_BLOCKS)
                return false;
            mark[s] = stamp;
            vec_push(e->arena, reg, s);
        }
    }
    for (int k = 0; k < reg->n; k++) {
        const Block *b = &c->blocks[reg->v[k]];
        for (int j = 0; j < b->npred; j++)
            if (reg->v[k] == S ? b->pred[j] != xb : mark[b->pred[j]] != stamp)
                return false;
        for (int j = b->first; j < b->last; j++) {
            Opcode op = e->f->instrs.v[j].op;
            if (op == OP_EXIT || op == OP_RET || op == OP_CALL || op == OP_BRX || op == OP_BAR ||
                op == OP_BARRIER || op == OP_BAR_WARP_SYNC || !narrow_keeps(e, j, R, mark, stamp))
                return false;
        }
    }
    return true;
}

static void
plan_narrow(ReconvPlan *e)
{
    const Cfg *c = e->f->cfg;
    int n = e->f->instrs.n, nb = c->nblocks;
    e->narrow = arena_alloc(e->arena, (size_t)n + 1);
    e->narrow_group = arena_alloc(e->arena, sizeof *e->narrow_group * (size_t)nb);
    int *mark = arena_alloc(e->arena, sizeof *mark * (size_t)nb);
    for (int b = 0; b < nb; b++)
        mark[b] = -1;
    IntVec *reg = arena_alloc(e->arena, sizeof *reg * ((size_t)n + 1));
    int *outer = arena_alloc(e->arena, sizeof *outer * ((size_t)n + 1)), nouter = 0;
    for (int i = 0; i < n; i++) {
        int S, R;
        if (narrow_candidate(e, i, &S, &R) && narrow_region(e, i, S, R, mark, i, &reg[i])) {
            e->narrow[i] = NARROW_OUTER;
            outer[nouter++] = i;
        } else {
            reg[i].n = 0;
        }
    }
    /* a narrowing branch in the region of another with the same R is an
     * inner one of it */
    for (int k = 0; k < nouter; k++) {
        int X = outer[k], R = plan_reconvergence(e->f, e->fi, X);
        for (int j = 0; j < reg[X].n; j++) {
            const Block *b = &c->blocks[reg[X].v[j]];
            int Y = b->last - 1, S, RY;
            if (Y >= b->first && Y != X && narrow_candidate(e, Y, &S, &RY) && RY == R)
                e->narrow[Y] = NARROW_INNER;
        }
    }
    /* each block belongs to the smallest group (outer branch) around it */
    for (int size = 1; size <= NARROW_BLOCKS; size++)
        for (int k = 0; k < nouter; k++) {
            int X = outer[k];
            if (e->narrow[X] != NARROW_OUTER || reg[X].n != size)
                continue;
            for (int j = 0; j < reg[X].n; j++)
                if (!e->narrow_group[reg[X].v[j]])
                    e->narrow_group[reg[X].v[j]] = X + 1;
        }
}

/* Whether divergent transfer i may push stack entries: not a linear
 * branch (side after side), nor a narrowing one (plan_narrow), nor a bra
 * with an exit side, whose leaving lanes retire at the branch (exit_side;
 * emit_exit_branch) while the others go on with nothing pushed. */
static bool
pushes(const ReconvPlan *e, int i)
{
    return e->fi->branch[i] == BR_DIVERGENT && !e->linear[i] && !e->narrow[i] &&
           exit_side(e->f, e->fi, i) < 0;
}

/* Where the dispatcher may send lanes (docs/lowering.md).  A divergent
 * transfer X pushes entries naming its reconvergence block R and its
 * sides.  They stay on the stack only while the warp runs X's region (the
 * blocks reachable from X's sides without passing R, which post-dominates
 * them all) or R itself: the stack is LIFO, and every path of the region
 * runs with R as its end.  So a path that ends in block b (at b's
 * reconvergence check, or by exit or ret in b) pops an entry of some X
 * whose region holds b or whose R is b: site_pcs[b] lists them.  One
 * dispatcher per such block, with a case for each of those entries only,
 * keeps a value live across the dispatcher only where a block it may
 * resume needs it.  With one dispatcher for the function, every register
 * live into any resumable block was live everywhere and mem2reg put a phi
 * of it at every join: IR quadratic in the divergent branches (300
 * divergent diamonds in a row did not translate in 120 s).  A function
 * whose barriers may hold lanes moves path ends (emit_barrier_arrival) and
 * keeps the one dispatcher. */
static void
add_pcs(ReconvPlan *e, int b, const int *pcs, int n)
{
    for (int i = 0; i < n; i++) {
        bool have = false;
        for (int j = 0; j < e->site_pcs[b].n && !have; j++)
            have = e->site_pcs[b].v[j] == pcs[i];
        if (!have)
            vec_push(e->arena, &e->site_pcs[b], pcs[i]);
    }
}

static void
site_plan(ReconvPlan *e)
{
    const Cfg *c = e->f->cfg;
    int nb = c->nblocks;
    e->site_pcs = arena_alloc(e->arena, sizeof *e->site_pcs * (size_t)nb);
    memset(e->site_pcs, 0, sizeof *e->site_pcs * (size_t)nb);
    int *seen = arena_alloc(e->arena, sizeof *seen * (size_t)nb),
        *work = arena_alloc(e->arena, sizeof *work * (size_t)nb);
    int *pcs = arena_alloc(e->arena, sizeof *pcs * (size_t)(nb + 1));
    for (int i = 0; i < nb; i++)
        seen[i] = -1;
    for (int i = 0; i < e->f->instrs.n; i++) {
        if (!pushes(e, i))
            continue;
        const Block *x = &c->blocks[c->block_of[i]];
        int R = plan_reconvergence(e->f, e->fi, i), npcs = 0, nwork = 0;
        if (R >= 0 && R != c->exit)
            pcs[npcs++] = R;
        for (int k = 0; k < x->nsucc; k++)
            if (x->succ[k] != R && x->succ[k] != c->exit) {
                pcs[npcs++] = x->succ[k];
                if (seen[x->succ[k]] != i) {
                    seen[x->succ[k]] = i;
                    work[nwork++] = x->succ[k];
                }
            }
        if (R >= 0)
            add_pcs(e, R, pcs, npcs);
        while (nwork > 0) { /* the region */
            int b = work[--nwork];
            add_pcs(e, b, pcs, npcs);
            for (int k = 0; k < c->blocks[b].nsucc; k++) {
                int s = c->blocks[b].succ[k];
                if (s != R && s != c->exit && seen[s] != i) {
                    seen[s] = i;
                    work[nwork++] = s;
                }
            }
        }
    }
}

void
plan_compute(const Func *f, const FuncInfo *fi, bool sites, ReconvPlan *p, Arena *a)
{
    const Cfg *c = f->cfg;
    *p = (ReconvPlan){.f = f, .fi = fi, .arena = a};
    /* Which branches run side after side; which blocks are reconvergence
     * points of the others. */
    plan_linear(p);
    if (sites)
        plan_narrow(p);
    else
        p->narrow = arena_alloc(a, (size_t)f->instrs.n + 1);
    p->is_reconv = arena_alloc(a, (size_t)c->nblocks);
    p->pushable = arena_alloc(a, (size_t)c->nblocks);
    p->stackless = true;
    for (int i = 0; i < f->instrs.n; i++) {
        if (!pushes(p, i))
            continue;
        p->stackless = false;
        int r = plan_reconvergence(f, fi, i);
        if (r >= 0 && r != c->exit)
            p->is_reconv[r] = p->pushable[r] = true;
        const Block *x = &c->blocks[c->block_of[i]];
        for (int k = 0; k < x->nsucc; k++)
            p->pushable[x->succ[k]] = x->succ[k] != c->exit;
    }
    if (sites)
        site_plan(p);
}

void
plan_mark_predicated(const Func *f, FuncInfo *fi, Arena *a)
{
    ReconvPlan p;
    plan_compute(f, fi, false, &p, a);
    for (int i = 0; i < f->instrs.n; i++)
        if (p.predicated[i])
            fi->lowering[i] = LOWER_PREDICATED;
}
