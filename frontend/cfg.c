/* cfg.c — basic blocks and edges of one function.
 *
 * Leaders: the first instruction, every instruction a code label names, and
 * every instruction after a terminator (bra, brx.idx, ret, exit, trap).
 * Calls do not end a block.  Edges:
 *   bra L          taken only            @p bra L     taken + fall-through
 *   brx.idx i, T   every label of T      (+ fall-through when guarded)
 *   ret/exit/trap  the synthetic exit    (+ fall-through when guarded)
 *   otherwise      fall-through; falling off the last instruction is a return.
 * A label after the last instruction starts an empty block that falls to the
 * exit.  Block 0 is the entry, the last block the synthetic exit.  Blocks the
 * entry cannot reach stay in the graph with rpo == -1.
 */
#include <string.h>

#include "ptx.h"

static bool
is_code_label(const Func *f, int l)
{
    return l >= 0 && l < f->labels.n && f->labels.v[l].kind == LBL_CODE && f->labels.v[l].defined;
}

/* The label operand list of a brx.idx: the .branchtargets it names. */
static const Label *
brx_targets(const Func *f, const Instr *in)
{
    for (int i = 0; i < in->nopnd; i++) {
        const Operand *o = &in->opnd[i];
        if (o->kind == OPD_TARGETS && o->label >= 0 && o->label < f->labels.n &&
            f->labels.v[o->label].kind == LBL_BRANCHTARGETS)
            return &f->labels.v[o->label];
    }
    return NULL;
}

typedef struct Edges {
    Vec(int) succ;
} Edges;

static void
add_succ(Arena *a, Edges *e, int to)
{
    for (int i = 0; i < e->succ.n; i++)
        if (e->succ.v[i] == to)
            return;
    vec_push(a, &e->succ, to);
}

/* Block that label l starts (its instruction's block). */
static int
label_block(const Func *f, const Cfg *g, int l)
{
    int at = f->labels.v[l].instr;
    return g->block_of[at];
}

static void
find_blocks(Func *f, Cfg *g, Arena *a)
{
    int n = f->instrs.n;
    bool *leader = arena_alloc(a, (size_t)(n + 1) * sizeof *leader);
    int *first_label = arena_alloc(a, (size_t)(n + 1) * sizeof *first_label);

    for (int i = 0; i <= n; i++)
        first_label[i] = -1;
    leader[0] = true;
    for (int l = 0; l < f->labels.n; l++) {
        if (!is_code_label(f, l))
            continue;
        int at = f->labels.v[l].instr;
        if (at < 0 || at > n)
            continue;
        leader[at] = true;
        if (first_label[at] < 0)
            first_label[at] = l;
    }
    for (int i = 0; i < n; i++)
        if (opcode_flags(f->instrs.v[i].op) & OF_TERM)
            leader[i + 1] = true;

    /* Blocks for [leader, next leader); an empty one at n when a label (or
     * an empty body) needs it; then the exit. */
    int nb = 0;
    for (int i = 0; i < n; i++)
        nb += leader[i];
    bool tail = n == 0 || first_label[n] >= 0;
    g->nblocks = nb + tail + 1;
    g->blocks = arena_alloc(a, (size_t)g->nblocks * sizeof *g->blocks);
    g->block_of = arena_alloc(a, (size_t)(n + 1) * sizeof *g->block_of);
    int b = -1;
    for (int i = 0; i < n; i++) {
        if (leader[i]) {
            b++;
            g->blocks[b].first = i;
            g->blocks[b].label = first_label[i];
            g->blocks[b].loc = f->instrs.v[i].loc;
        }
        g->blocks[b].last = i + 1;
        g->block_of[i] = b;
    }
    if (tail) {
        b++;
        g->blocks[b].first = g->blocks[b].last = n;
        g->blocks[b].label = first_label[n];
        g->blocks[b].loc = first_label[n] >= 0 ? f->labels.v[first_label[n]].loc : f->loc;
    }
    g->block_of[n] = tail ? b : b + 1;
    g->exit = b + 1;
    g->blocks[g->exit].first = g->blocks[g->exit].last = n;
    g->blocks[g->exit].label = -1;
    g->blocks[g->exit].loc = f->loc;
    for (int i = 0; i < g->nblocks; i++) {
        g->blocks[i].id = i;
        g->blocks[i].idom = g->blocks[i].ipdom = -1;
        g->blocks[i].rpo = -1;
    }
}

static void
block_edges(const Func *f, const Cfg *g, int b, Edges *e, Arena *a)
{
    const Block *bl = &g->blocks[b];
    int next = b + 1; /* fall-through; the exit after the last block */

    if (b == g->exit)
        return;
    if (bl->first == bl->last) {
        add_succ(a, e, g->exit);
        return;
    }
    const Instr *in = &f->instrs.v[bl->last - 1];
    bool falls = !(opcode_flags(in->op) & OF_TERM) || in->guard >= 0;
    switch (in->op) {
    case OP_BRA:
        for (int i = 0; i < in->nopnd; i++)
            if (in->opnd[i].kind == OPD_LABEL && is_code_label(f, in->opnd[i].label))
                add_succ(a, e, label_block(f, g, in->opnd[i].label));
        break;
    case OP_BRX: {
        const Label *t = brx_targets(f, in);
        for (int i = 0; t && i < t->ntargets; i++)
            if (t->targets[i].kind == OPD_LABEL && is_code_label(f, t->targets[i].label))
                add_succ(a, e, label_block(f, g, t->targets[i].label));
        break;
    }
    case OP_RET:
    case OP_EXIT:
    case OP_TRAP: add_succ(a, e, g->exit); break;
    default: break;
    }
    if (falls)
        add_succ(a, e, next);
}

/* Reverse postorder from the entry, iterative DFS in successor order. */
static void
number_rpo(Cfg *g, Arena *a)
{
    int *stack = arena_alloc(a, (size_t)g->nblocks * sizeof *stack);
    int *edge = arena_alloc(a, (size_t)g->nblocks * sizeof *edge);
    bool *seen = arena_alloc(a, (size_t)g->nblocks * sizeof *seen);
    int *post = arena_alloc(a, (size_t)g->nblocks * sizeof *post);
    int sp = 0, np = 0;

    stack[sp++] = 0;
    seen[0] = true;
    while (sp > 0) {
        int b = stack[sp - 1];
        Block *bl = &g->blocks[b];
        if (edge[b] < bl->nsucc) {
            int s = bl->succ[edge[b]++];
            if (!seen[s]) {
                seen[s] = true;
                stack[sp++] = s;
            }
        } else {
            post[np++] = b;
            sp--;
        }
    }
    g->rpo = arena_alloc(a, (size_t)np * sizeof *g->rpo);
    g->nrpo = np;
    for (int i = 0; i < np; i++) {
        g->rpo[i] = post[np - 1 - i];
        g->blocks[g->rpo[i]].rpo = i;
    }
}

void
cfg_build(Func *f, Arena *a)
{
    Cfg *g = arena_alloc(a, sizeof *g);
    find_blocks(f, g, a);

    Edges *e = arena_alloc(a, (size_t)g->nblocks * sizeof *e);
    int *npred = arena_alloc(a, (size_t)g->nblocks * sizeof *npred);
    for (int b = 0; b < g->nblocks; b++) {
        block_edges(f, g, b, &e[b], a);
        g->blocks[b].succ = e[b].succ.v;
        g->blocks[b].nsucc = e[b].succ.n;
        for (int i = 0; i < e[b].succ.n; i++)
            npred[e[b].succ.v[i]]++;
    }
    for (int b = 0; b < g->nblocks; b++)
        g->blocks[b].pred = arena_alloc(a, (size_t)(npred[b] + 1) * sizeof(int));
    for (int b = 0; b < g->nblocks; b++)
        for (int i = 0; i < g->blocks[b].nsucc; i++) {
            Block *s = &g->blocks[g->blocks[b].succ[i]];
            s->pred[s->npred++] = b;
        }
    number_rpo(g, a);
    f->cfg = g;
}

/* "bb3" or "bb3 $L__BB0_2". */
void
cfg_print_block_name(FILE *out, const Func *f, int b)
{
    const Cfg *g = f->cfg;
    if (b < 0) {
        fputs("-", out);
        return;
    }
    fprintf(out, "bb%d", b);
    if (b == g->exit)
        fputs("(exit)", out);
    else if (g->blocks[b].label >= 0)
        fprintf(out, "(%s)", f->labels.v[g->blocks[b].label].name);
}

void
cfg_print(FILE *out, const Func *f)
{
    const Cfg *g = f->cfg;

    fprintf(out, "cfg %s: %d blocks, entry bb0, exit bb%d\n", f->name, g->nblocks, g->exit);
    for (int b = 0; b < g->nblocks; b++) {
        const Block *bl = &g->blocks[b];
        fputs("  ", out);
        cfg_print_block_name(out, f, b);
        if (b == g->exit)
            fputs(" synthetic", out);
        else if (bl->first < bl->last)
            fprintf(out, " line %d instrs [%d,%d)", bl->loc.line, bl->first, bl->last);
        else
            fprintf(out, " line %d empty", bl->loc.line);
        if (bl->rpo < 0)
            fputs(" unreachable", out);
        fputs(" ->", out);
        for (int i = 0; i < bl->nsucc; i++) {
            fputc(' ', out);
            cfg_print_block_name(out, f, bl->succ[i]);
        }
        fputs("  <-", out);
        for (int i = 0; i < bl->npred; i++) {
            fputc(' ', out);
            cfg_print_block_name(out, f, bl->pred[i]);
        }
        fputc('\n', out);
    }
}
