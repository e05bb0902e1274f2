/* warn.c — the warnings that need the analyses (frontend/warnings.def):
 *   -Wdivergent-barrier: an .aligned barrier (bar, barrier.*.aligned) in a
 *     block that may run with only part of the warp (FuncInfo.
 *     block_divergent: between a divergent branch and its reconvergence
 *     point, or after a divergent ret/exit).  PTX requires every thread of
 *     the warp to execute the same .aligned barrier, so on a GPU this is
 *     undefined behaviour; the report marks the same barriers.
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
#include "lower.h"

static bool
aligned_barrier(const Instr *in)
{
    /* bar{.cta}.sync/arrive/red is barrier{.cta}.*.aligned */
    return in->op == OP_BAR || (in->op == OP_BARRIER && instr_has_mod(in, MOD_ALIGNED));
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
    for (int i = 0; i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        int b = f->cfg->block_of[i];
        bool w = false;
        if (aligned_barrier(in) && b >= 0 && fi->block_divergent[b])
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
