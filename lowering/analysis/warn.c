/* warn.c — the warnings that need the analyses (frontend/warnings.def):
 *   -Wdivergent-barrier: an .aligned barrier (bar, barrier.*.aligned) in a
 *     block that may run with only part of the warp (FuncInfo.
 *     block_divergent: between a divergent branch and its reconvergence
 *     point, or after a divergent ret/exit).  PTX requires every thread of
 *     the warp to execute the same .aligned barrier, so on a GPU this is
 *     undefined behaviour; the report marks the same barriers, and also
 *     those that only lanes on their way to trap miss (divergent_blocks).
 *   -Wdeprecated: shfl and vote without .sync (deprecated since PTX ISA
 *     6.0 in favour of shfl.sync and vote.sync).
 *   -Wuni-unproven: a .uni transfer that the uniformity analysis finds
 *     varying (FuncInfo.uni_unproven): the lanes follow the first active
 *     lane, so a broken promise is silently wrong.
 *   -Wignored-hint: prefetch, and cache operators, eviction priorities and
 *     L2 cache hints on memory instructions: the CPU code ignores them
 *     (the parser warns about the directives: .maxnreg, .pragma, ...).
 * needs analyze_module.  One warning per instruction and kind.
 */
#include <string.h>

#include "analysis.h"

static bool
aligned_barrier(const Instr *in)
{
    /* bar{.cta}.sync/arrive/red is barrier{.cta}.*.aligned */
    return in->op == OP_BAR || (in->op == OP_BARRIER && instr_has_mod(in, MOD_ALIGNED));
}

/* ------------------------------------------------- barriers under divergence */

enum { POSTDOM_MAX = 4096 }; /* blocks; past it block_divergent is used as it is */

typedef struct Alive {
    const Cfg *g;
    const Func *f;
    int words;
    uint64_t *pd;   /* [nblocks][words] post-dominators in the CFG without trap */
    bool *live;     /* reaches the exit other than through trap, or never
                       reaches it (tied to it, as dom.c does) */
    bool *tied;     /* never reaches the exit, even through trap */
    int *stack;
} Alive;

/* b -> t is how a lane that traps leaves: the launch ends with an error. */
static bool
trap_edge(const Alive *al, int b, int t)
{
    const Block *bl = &al->g->blocks[b];
    return t == al->g->exit && bl->last > bl->first && al->f->instrs.v[bl->last - 1].op == OP_TRAP;
}

/* mark[b] := b reaches the exit (through trap too, when with_trap). */
static void
mark_reaching(Alive *al, bool *mark, bool with_trap)
{
    const Cfg *g = al->g;
    int sp = 0;
    mark[g->exit] = true;
    al->stack[sp++] = g->exit;
    while (sp > 0) {
        int t = al->stack[--sp];
        for (int i = 0; i < g->blocks[t].npred; i++) {
            int p = g->blocks[t].pred[i];
            if (!mark[p] && (with_trap || !trap_edge(al, p, t))) {
                mark[p] = true;
                al->stack[sp++] = p;
            }
        }
    }
}

static void
mark_live(Alive *al, Arena *a)
{
    bool *any = arena_alloc(a, (size_t)al->g->nblocks * sizeof *any);
    mark_reaching(al, any, true);
    mark_reaching(al, al->live, false);
    for (int b = 0; b < al->g->nblocks; b++)
        if (!any[b])
            al->tied[b] = al->live[b] = true;
}

/* pd[b] = {b} + the intersection of pd[s] over b's live successors, to a
 * fixed point (sets start full); only live blocks take part. */
static void
postdominators(Alive *al)
{
    const Cfg *g = al->g;
    int w = al->words;
    for (int b = 0; b < g->nblocks; b++)
        for (int k = 0; k < w; k++)
            al->pd[(size_t)b * w + k] = b == g->exit ? 0 : ~(uint64_t)0;
    al->pd[(size_t)g->exit * w + g->exit / 64] |= (uint64_t)1 << (g->exit % 64);
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = g->nrpo - 1; k >= 0; k--) {
            int b = g->rpo[k];
            if (b == g->exit || !al->live[b])
                continue;
            uint64_t *set = &al->pd[(size_t)b * w];
            for (int j = 0; j < w; j++) {
                uint64_t v = ~(uint64_t)0;
                if (al->tied[b]) /* as if it went to the exit */
                    v = al->pd[(size_t)g->exit * w + j];
                for (int i = 0; i < g->blocks[b].nsucc && !al->tied[b]; i++) {
                    int t = g->blocks[b].succ[i];
                    if (al->live[t] && !trap_edge(al, b, t))
                        v &= al->pd[(size_t)t * w + j];
                }
                if (j == b / 64)
                    v |= (uint64_t)1 << (b % 64);
                changed |= v != set[j];
                set[j] = v;
            }
        }
    }
}

/* The nearest post-dominator of b other than b (the one with the most
 * post-dominators of its own); the exit when b is not live. */
static int
nearest_postdom(const Alive *al, int b)
{
    const Cfg *g = al->g;
    int w = al->words, best = g->exit, most = -1;
    if (!al->live[b])
        return g->exit;
    for (int t = 0; t < g->nblocks; t++) {
        if (t == b || !(al->pd[(size_t)b * w + t / 64] >> (t % 64) & 1))
            continue;
        int n = 0;
        for (int j = 0; j < w; j++)
            n += __builtin_popcountll(al->pd[(size_t)t * w + j]);
        if (n > most)
            most = n, best = t;
    }
    return best;
}

/* The blocks that may run with only part of the warp while the rest of it
 * is alive: FuncInfo.block_divergent's regions (uniform.c), each ending
 * at the nearest post-dominator of its divergent terminator in the CFG
 * without the edges of trap, since lanes that trap end the launch and do
 * not wait anywhere (nvcc's impossible switch cases trap).  Post-dominator
 * sets by iterative data flow over bit sets (up to POSTDOM_MAX blocks,
 * a few MB).  NULL: use block_divergent. */
static bool *
divergent_blocks(const Func *f, const FuncInfo *fi, Arena *a)
{
    const Cfg *g = f->cfg;
    if (g->nblocks > POSTDOM_MAX)
        return NULL;
    Alive al = {g, f, (g->nblocks + 63) / 64, NULL, NULL, NULL, NULL};
    al.pd = arena_alloc(a, (size_t)g->nblocks * (size_t)al.words * sizeof *al.pd);
    al.live = arena_alloc(a, (size_t)g->nblocks * sizeof *al.live);
    al.tied = arena_alloc(a, (size_t)g->nblocks * sizeof *al.tied);
    al.stack = arena_alloc(a, (size_t)(g->nblocks + 1) * sizeof *al.stack);
    bool *out = arena_alloc(a, (size_t)g->nblocks * sizeof *out);
    bool *seen = arena_alloc(a, (size_t)g->nblocks * sizeof *seen);
    mark_live(&al, a);
    postdominators(&al);
    for (int b = 0; b < g->nblocks; b++) {
        const Block *bl = &g->blocks[b];
        if (bl->first == bl->last || bl->rpo < 0)
            continue;
        int last = bl->last - 1;
        if (fi->branch[last] != BR_DIVERGENT || !(opcode_flags(f->instrs.v[last].op) & OF_TERM))
            continue;
        /* the region: reachable from b's successors before stop */
        int stop = nearest_postdom(&al, b), sp = 0;
        memset(seen, 0, (size_t)g->nblocks * sizeof *seen);
        al.stack[sp++] = b;
        while (sp > 0) {
            const Block *r = &g->blocks[al.stack[--sp]];
            for (int i = 0; i < r->nsucc; i++) {
                int t = r->succ[i];
                if (t == stop || t == g->exit || seen[t])
                    continue;
                seen[t] = out[t] = true;
                al.stack[sp++] = t;
            }
        }
    }
    return out;
}

/* The first cache hint of in (not .nc, the read-only path, nor prefetch's
 * level .L1/.L2), or MOD_NONE. */
static Mod
cache_hint(const Instr *in)
{
    for (int k = 0; k < in->nmods; k++) {
        Mod m = in->mods[k];
        if ((mod_classes(m) & MC_CACHE) && m != MOD_NC && m != MOD_L1 && m != MOD_L2) return m;
    }
    return MOD_NONE;
}

/* "barrier.sync.aligned": the opcode and its modifiers up to the first
 * type. */
static const char *
spelling(Arena *a, const Instr *in)
{
    char *s = arena_printf(a, "%s", opcode_name(in->op));
    for (int k = 0; k < in->nmods && !(mod_classes(in->mods[k]) & MC_TYPE); k++)
        s = arena_printf(a, "%s.%s", s, mod_name(in->mods[k]));
    return s;
}

/* After a warning about in: where its source line is, when .loc says
 * (nvcc -lineinfo, clang -g). */
static void
source_note(const Module *m, const Instr *in, bool warned, Diags *d)
{
    const char *file = in->src.line > 0 ? module_file_name(m, in->src.file) : NULL;
    if (warned && file)
        diag_note(d, (SrcLoc){file, in->src.line, in->src.col}, "from this source line (.loc)");
}

static void
warn_func(const Module *m, const Func *f, const FuncInfo *fi, Diags *d)
{
    /* only where block_divergent has a barrier to warn about */
    const bool *divergent = NULL;
    for (int i = 0; i < f->instrs.n && !divergent; i++) {
        int b = f->cfg->block_of[i];
        if (aligned_barrier(&f->instrs.v[i]) && b >= 0 && fi->block_divergent[b]) {
            divergent = divergent_blocks(f, fi, d->arena);
            if (!divergent)
                divergent = fi->block_divergent;
        }
    }
    for (int i = 0; i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        int b = f->cfg->block_of[i];
        bool w = false;
        if (aligned_barrier(in) && b >= 0 && divergent && divergent[b])
            w |= diag_warning(
                d, W_DIVERGENT_BARRIER, in->loc,
                "'%s' may be reached by only part of the warp (under a divergent branch, or "
                "after some lanes exit); every thread of a warp must execute the same .aligned "
                "barrier",
                spelling(d->arena, in));
        if (fi->uni_unproven[i])
            w |= diag_warning(
                d, W_UNI_UNPROVEN, in->loc,
                "'%s' is declared uniform (.uni) but may go different ways for different lanes "
                "of a warp; every lane follows the first active one",
                spelling(d->arena, in));
        if ((in->op == OP_SHFL || in->op == OP_VOTE) && !instr_has_mod(in, MOD_SYNC))
            w |= diag_warning(
                d, W_DEPRECATED, in->loc,
                "'%s' without .sync is deprecated since PTX ISA 6.0; use '%s.sync' with a "
                "member mask",
                opcode_name(in->op), opcode_name(in->op));
        Mod hint = cache_hint(in);
        if (in->op == OP_PREFETCH || in->op == OP_PREFETCHU)
            w |= diag_warning(d, W_IGNORED_HINT, in->loc, "'%s' is a hint; the CPU code ignores it",
                              opcode_name(in->op));
        else if (hint != MOD_NONE)
            w |= diag_warning(d, W_IGNORED_HINT, in->loc,
                              "the cache hint '.%s' is ignored on the CPU", mod_name(hint));
        source_note(m, in, w, d);
    }
}

void
warn_module(const Analysis *an, Diags *d)
{
    const Module *m = an->module;
    for (int j = 0; j < m->funcs.n; j++) {
        const Func *f = m->funcs.v[j];
        if (f->cfg) warn_func(m, f, &an->funcs[j], d);
    }
}
