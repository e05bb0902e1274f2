/* params.c — the analysis's module-level step (analyze_module): each
 * function's uniformity (uniform.c), and the .func parameters every call
 * passes uniformly.
 */
#include <string.h>

#include "analysis.h"

/* ------------------------------------------------ .func parameters
 *
 * A .func parameter is proven uniform when the function's address is never
 * taken (no indirect call can reach it) and every direct call passes a
 * uniform value: a uniform register or immediate, or a call-site .param
 * variable whose every st.param sits in the call's own block (so no
 * divergent paths merge between store and call) with a uniform value and
 * guard.  Optimistic start, then iterate: analyse every function, withdraw
 * the parameters some call cannot justify, until nothing is withdrawn. */

static int
func_index(const Module *m, const Func *f)
{
    for (int i = 0; i < m->funcs.n; i++)
        if (m->funcs.v[i] == f)
            return i;
    return -1;
}

static void
mark_init_taken(const Module *m, const Init *in, bool *taken)
{
    if (!in)
        return;
    if (in->kind == INIT_FUNC && in->func && func_index(m, in->func) >= 0)
        taken[func_index(m, in->func)] = true;
    for (int i = 0; i < in->nelems; i++)
        mark_init_taken(m, &in->elems[i], taken);
}

static void
mark_opnd_taken(const Module *m, const Operand *o, const Operand *callee, bool *taken)
{
    if (o->kind == OPD_FUNC && o != callee && o->func && func_index(m, o->func) >= 0)
        taken[func_index(m, o->func)] = true;
    for (int i = 0; i < o->nsub; i++)
        mark_opnd_taken(m, &o->sub[i], callee, taken);
}

/* Functions whose address escapes (operands other than a call's target,
 * .calltargets lists, initializers). */
static bool *
address_taken(const Module *m, Arena *a)
{
    bool *taken = arena_alloc(a, (size_t)(m->funcs.n + 1) * sizeof *taken);
    for (int i = 0; i < m->vars.n; i++)
        mark_init_taken(m, m->vars.v[i]->init, taken);
    for (int j = 0; j < m->funcs.n; j++) {
        const Func *f = m->funcs.v[j];
        for (int i = 0; i < f->vars.n; i++)
            mark_init_taken(m, f->vars.v[i]->init, taken);
        for (int l = 0; l < f->labels.n; l++)
            for (int t = 0; t < f->labels.v[l].ntargets; t++)
                mark_opnd_taken(m, &f->labels.v[l].targets[t], NULL, taken);
        for (int i = 0; i < f->instrs.n; i++) {
            const Instr *in = &f->instrs.v[i];
            const Operand *callee = in->op == OP_CALL ? call_target(in) : NULL;
            for (int k = 0; k < in->nopnd; k++)
                mark_opnd_taken(m, &in->opnd[k], callee, taken);
        }
    }
    return taken;
}

static const Var *
mem_var(const Operand *mem)
{
    if (!mem)
        return NULL;
    return mem->nsub > 0 && mem->sub[0].kind == OPD_VAR ? mem->sub[0].var : mem->var;
}

static bool
reg_uniform(const Func *f, const FuncInfo *fi, int r)
{
    return r < 0 || (r < f->regs.n && !fi->reg_varying[r]);
}

/* Is argument a of the call at instruction ci of f uniform? */
static bool
arg_uniform(const Func *f, const FuncInfo *fi, int ci, const Operand *a)
{
    if (a->kind == OPD_IMM || a->kind == OPD_FIMM)
        return true;
    if (a->kind == OPD_REG)
        return reg_uniform(f, fi, a->reg);
    if (a->kind != OPD_VAR || !a->var || a->var->space != SP_PARAM)
        return false;
    int block = f->cfg->block_of[ci];
    for (int i = 0; i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        if (in->op != OP_ST || mem_var(mem_operand(in)) != a->var)
            continue;
        if (f->cfg->block_of[i] != block || !reg_uniform(f, fi, in->guard))
            return false;
        for (int k = 1; k < in->nopnd; k++)
            if (in->opnd[k].kind == OPD_REG
                    ? !reg_uniform(f, fi, in->opnd[k].reg)
                    : in->opnd[k].kind != OPD_IMM && in->opnd[k].kind != OPD_FIMM)
                return false;
    }
    return true;
}

/* Withdraws the parameters that some call in f passes varying; true if any. */
static bool
check_calls(const Module *m, const Func *f, const FuncInfo *fi, Analysis *an)
{
    bool withdrawn = false;
    for (int i = 0; i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        const Operand *callee = in->op == OP_CALL ? call_target(in) : NULL;
        if (!callee || callee->kind != OPD_FUNC || !callee->func)
            continue;
        int j = func_index(m, callee->func);
        FuncInfo *ti = j >= 0 ? &an->funcs[j] : NULL;
        if (!ti || !ti->param_uniform)
            continue;
        const Operand *args = call_shape(in).args;
        for (int k = 0; k < callee->func->params.n; k++) {
            bool ok = args && k < args->nsub && arg_uniform(f, fi, i, &args->sub[k]);
            if (!ok && ti->param_uniform[k]) {
                ti->param_uniform[k] = false;
                withdrawn = true;
            }
        }
    }
    return withdrawn;
}

Analysis *
analyze_module(Module *m)
{
    Analysis *an = arena_alloc(&m->arena, sizeof *an);
    bool *taken = address_taken(m, &m->arena);

    an->module = m;
    an->funcs = arena_alloc(&m->arena, (size_t)(m->funcs.n + 1) * sizeof *an->funcs);
    for (int i = 0; i < m->funcs.n; i++) {
        Func *f = m->funcs.v[i];
        an->funcs[i].func = f;
        an->funcs[i].address_taken = taken[i];
        if (!f->has_body)
            continue;
        cfg_build(f, &m->arena);
        dom_compute(f, &m->arena);
        if (!f->is_entry && !taken[i] && f->params.n > 0) {
            an->funcs[i].param_uniform = arena_alloc(&m->arena, (size_t)f->params.n * sizeof(bool));
            for (int k = 0; k < f->params.n; k++)
                an->funcs[i].param_uniform[k] = true;
        }
    }
    for (bool again = true; again;) {
        again = false;
        for (int i = 0; i < m->funcs.n; i++)
            if (m->funcs.v[i]->has_body)
                uniform_compute(m, m->funcs.v[i], &an->funcs[i], &m->arena);
        for (int i = 0; i < m->funcs.n; i++)
            if (m->funcs.v[i]->has_body && check_calls(m, m->funcs.v[i], &an->funcs[i], an))
                again = true;
    }
    for (int i = 0; i < m->funcs.n; i++)
        if (m->funcs.v[i]->has_body)
            plan_mark_predicated(m->funcs.v[i], &an->funcs[i], &m->arena);
    return an;
}
