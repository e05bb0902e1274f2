/* dom.c — dominators and post-dominators of a function's CFG.
 *
 * needs f->cfg (cfg_build).  Both trees come from the iterative algorithm of
 * K. D. Cooper, T. J. Harvey and K. Kennedy, "A Simple, Fast Dominance
 * Algorithm", Software Practice & Experience 4:1-10, 2001: visit blocks in
 * reverse postorder, set idom(b) to the intersection of its processed
 * predecessors' dominators (walking up by postorder number), repeat until
 * nothing changes.  It needs no reducibility, so irreducible loops, brx
 * fan-out and multi-exit loops need nothing special.
 *
 * Post-dominators run the same algorithm on the reverse CFG from the
 * synthetic exit.  Blocks that cannot reach the exit (infinite loops,
 * spin-waits) would be left without a post-dominator, so they are tied to
 * the exit in the reverse graph only, as LLVM's PostDominatorTree and Cooper
 * et al. suggest: repeatedly take the block, among the reachable blocks the
 * exit does not yet reach backwards, that comes last in reverse postorder,
 * and add a virtual edge block -> exit (recorded in cfg->tied); everything
 * that reaches that block is then covered.  The forward graph, and so
 * block succ/pred, never sees these edges.  Blocks the entry cannot reach
 * get neither idom nor ipdom (-1).
 */
#include "analysis.h"

/* The graph the algorithm walks: forward (succ) or reverse (pred), plus the
 * virtual edges for tied blocks in the reverse direction. */
typedef struct Walk {
    const Cfg *g;
    bool reverse;
    const bool *tied; /* [nblocks], reverse only */
} Walk;

/* i-th successor in the walked graph, or -1 past the end. */
static int
walk_succ(const Walk *w, int b, int i)
{
    const Block *bl = &w->g->blocks[b];
    if (!w->reverse)
        return i < bl->nsucc ? bl->succ[i] : -1;
    if (i < bl->npred)
        return bl->pred[i];
    if (b != w->g->exit)
        return -1;
    /* exit's virtual reverse successors: the tied blocks, in block order */
    i -= bl->npred;
    for (int t = 0; t < w->g->ntied; t++)
        if (i-- == 0)
            return w->g->tied[t];
    return -1;
}

/* i-th predecessor in the walked graph (forward succ when reverse). */
static int
walk_pred(const Walk *w, int b, int i)
{
    const Block *bl = &w->g->blocks[b];
    if (w->reverse) {
        if (i < bl->nsucc)
            return bl->succ[i];
        return i == bl->nsucc && w->tied[b] ? w->g->exit : -1;
    }
    return i < bl->npred ? bl->pred[i] : -1;
}

/* Postorder numbers from root over blocks the entry reaches; -1 elsewhere.
 * Returns the count; order[] lists blocks by postorder number. */
static int
postorder(const Walk *w, int root, int *num, int *order, Arena *a)
{
    int n = w->g->nblocks, sp = 0, np = 0;
    int *stack = arena_alloc(a, (size_t)n * sizeof *stack);
    int *edge = arena_alloc(a, (size_t)n * sizeof *edge);
    bool *seen = arena_alloc(a, (size_t)n * sizeof *seen);

    for (int b = 0; b < n; b++)
        num[b] = -1;
    stack[sp++] = root;
    seen[root] = true;
    while (sp > 0) {
        int b = stack[sp - 1];
        int s = walk_succ(w, b, edge[b]);
        if (s >= 0) {
            edge[b]++;
            if (!seen[s] && w->g->blocks[s].rpo >= 0) {
                seen[s] = true;
                stack[sp++] = s;
            }
        } else {
            num[b] = np;
            order[np++] = b;
            sp--;
        }
    }
    return np;
}

static int
intersect(const int *dom, const int *num, int x, int y)
{
    while (x != y) {
        while (num[x] < num[y])
            x = dom[x];
        while (num[y] < num[x])
            y = dom[y];
    }
    return x;
}

/* Cooper–Harvey–Kennedy; dom[root] == root during the iteration. */
static void
chk(const Walk *w, int root, int *dom, Arena *a)
{
    int n = w->g->nblocks;
    int *num = arena_alloc(a, (size_t)n * sizeof *num);
    int *order = arena_alloc(a, (size_t)n * sizeof *order);
    int np = postorder(w, root, num, order, a);

    for (int b = 0; b < n; b++)
        dom[b] = -1;
    dom[root] = root;
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = np - 2; k >= 0; k--) { /* reverse postorder, root skipped */
            int b = order[k], nd = -1, p;
            for (int i = 0; (p = walk_pred(w, b, i)) >= 0; i++) {
                if (num[p] < 0 || dom[p] < 0)
                    continue;
                nd = nd < 0 ? p : intersect(dom, num, p, nd);
            }
            if (nd != dom[b]) {
                dom[b] = nd;
                changed = true;
            }
        }
    }
    dom[root] = -1;
}

/* Marks in reach[] every reachable block that reaches b (b included). */
static void
mark_reaching(const Cfg *g, int b, bool *reach, int *stack)
{
    int sp = 0;
    if (reach[b])
        return;
    reach[b] = true;
    stack[sp++] = b;
    while (sp > 0) {
        const Block *bl = &g->blocks[stack[--sp]];
        for (int i = 0; i < bl->npred; i++) {
            int p = bl->pred[i];
            if (!reach[p] && g->blocks[p].rpo >= 0) {
                reach[p] = true;
                stack[sp++] = p;
            }
        }
    }
}

static void
tie_to_exit(Cfg *g, Arena *a)
{
    bool *reach = arena_alloc(a, (size_t)g->nblocks * sizeof *reach);
    int *stack = arena_alloc(a, (size_t)g->nblocks * sizeof *stack);
    Vec(int) tied = {0};

    mark_reaching(g, g->exit, reach, stack);
    for (int k = g->nrpo - 1; k >= 0; k--) {
        int b = g->rpo[k];
        if (reach[b])
            continue;
        vec_push(a, &tied, b);
        mark_reaching(g, b, reach, stack);
    }
    g->tied = tied.v;
    g->ntied = tied.n;
}

void
dom_compute(Func *f, Arena *a)
{
    Cfg *g = f->cfg;
    int *dom = arena_alloc(a, (size_t)g->nblocks * sizeof *dom);
    bool *tied = arena_alloc(a, (size_t)g->nblocks * sizeof *tied);

    Walk fw = {g, false, NULL};
    chk(&fw, 0, dom, a);
    for (int b = 0; b < g->nblocks; b++)
        g->blocks[b].idom = dom[b];

    tie_to_exit(g, a);
    for (int t = 0; t < g->ntied; t++)
        tied[g->tied[t]] = true;
    /* The exit is a reverse root even when the entry cannot reach it (a
     * function that never returns): give it an rpo slot check-free. */
    int exit_rpo = g->blocks[g->exit].rpo;
    g->blocks[g->exit].rpo = exit_rpo >= 0 ? exit_rpo : g->nrpo;
    Walk rv = {g, true, tied};
    chk(&rv, g->exit, dom, a);
    g->blocks[g->exit].rpo = exit_rpo;
    for (int b = 0; b < g->nblocks; b++)
        g->blocks[b].ipdom = g->blocks[b].rpo >= 0 ? dom[b] : -1;
}

void
pdom_print(FILE *out, const Func *f)
{
    const Cfg *g = f->cfg;

    fprintf(out, "pdom %s:\n", f->name);
    for (int b = 0; b < g->nblocks; b++) {
        const Block *bl = &g->blocks[b];
        fputs("  ", out);
        cfg_print_block_name(out, f, b);
        fputs(" idom ", out);
        cfg_print_block_name(out, f, bl->idom);
        fputs(" ipdom ", out);
        cfg_print_block_name(out, f, bl->ipdom);
        fputc('\n', out);
    }
    for (int t = 0; t < g->ntied; t++) {
        fputs("  tied to exit (reverse graph only): ", out);
        cfg_print_block_name(out, f, g->tied[t]);
        fputc('\n', out);
    }
}
