/* uniform.c — which registers and branches are the same for every lane of a
 * warp, where divergent branches reconverge, and how each transfer is to be
 * lowered.
 *
 * needs f->cfg with idom/ipdom (dom_compute).  A forward "varying" taint
 * over PTX registers iterated to a fixed point; PTX is not SSA, so a register
 * is varying when any of its definitions is.  Sources of variance:
 *   - %tid, %laneid, %lanemask_*, %clock*, %globaltimer*, %pm* (SRF_VARYING);
 *   - results of atom, shfl, match (OF_VARYING);
 *   - any ld.local, cvta to/from .local, and ld/ldu through a varying address;
 *   - ld.param of a .func's own parameters, unless analyze_module proves
 *     the parameter uniform (below), and of call-site .param variables
 *     (call results);
 *   - the carry of add.cc/sub.cc/mad.cc with a varying input, read by addc...;
 *   - a destination written under a varying guard (@p with p varying);
 *   - sync dependence (see sync_dependence): a register written between a
 *     divergent branch and its ipdom is varying when lanes that did not
 *     write it may read it: it is live into a join (a block two successors
 *     reach, the ipdom included) or into a block only another successor
 *     reaches.  This covers loops with a divergent exit (values defined in
 *     the loop and used after it) and exits nested inside an if.
 * Uniform by construction: %ctaid, %ntid, %nctaid and the other non-varying
 * special registers, kernel (.entry) parameters, constants, symbol
 * addresses, vote (all/any/uni/ballot) and redux with a uniform member
 * mask (a varying one: each tile of a partitioned warp passes its own),
 * activemask, and ld/ldu of
 * .param/.const/.global/.shared/generic memory through a uniform address
 * (every active lane reads the same location at the same time; for .shared
 * this assumes the usual barrier discipline between writers and readers).
 *
 * Branches: .uni is BR_UNIFORM_DECLARED (and uni_unproven when the analysis
 * would have called it divergent: a note, not an error); a transfer whose
 * guard, brx index or indirect callee is varying is BR_DIVERGENT; any other
 * is BR_UNIFORM_PROVEN.  Lowering: uniform -> LOWER_SCALAR; divergent ->
 * LOWER_STACK (divergence stack, call-mask or exit-mask; short if and
 * if/else sides run one after the other: analysis/plan.c).
 * block_divergent: the blocks of every divergent branch's region; it is
 * intra-procedural (a .func called under divergence is not marked).
 * analyze_module adds one module-level step: .func parameters that every
 * call passes uniformly.
 */
#include <string.h>

#include "analysis.h"

/* rows mode: where a register stands in the %tid.x step lattice */
enum { STEP_NONE, STEP_CONST, STEP_TOP };

typedef struct State {
    const Module *m;
    Func *f;
    FuncInfo *info;
    Arena *a;
    bool carry_varying;
    bool changed;
    bool *in_region; /* [nblocks] scratch */
    bool *synced;    /* [nblocks] sync dependence of its branch applied (once
                        divergent, a branch stays so; its region is fixed) */
    int nwords;        /* of a register bit set */
    uint64_t *live_in; /* [nblocks * nwords] */
    int *reach_count, *first_succ, *mark, stamp; /* [nblocks] scratch for joins */
    int *stack;      /* [nblocks] scratch */
    bool rows;       /* the second run (rows_compute): %tid is no source */
    int64_t *step;   /* [nregs] rows mode: step per %tid.x */
    uint8_t *step_state; /* [nregs] STEP_* */
    uint8_t *wide;   /* [nregs] widenings of a moving 32-bit value (<= 1) */
    uint8_t *small;  /* [nregs] rows mode: only ever %tid.x or %laneid (small_regs) */
} State;

static bool
is_transfer(Opcode op)
{
    return op == OP_BRA || op == OP_BRX || op == OP_CALL || op == OP_RET || op == OP_EXIT ||
           op == OP_TRAP;
}

/* The "varies" rule, for the analysis and the code generator alike: a
 * register as the analysis found it; a special register by its flag in
 * sregs.def, but %tid and %laneid when tid_row (rows mode: %tid.x and
 * %laneid step by one along a row of a warp, the rest is the same); an
 * aggregate when a part varies; anything else never. */
bool
operand_varies(const FuncInfo *fi, const Operand *o, bool tid_row)
{
    switch (o->kind) {
    case OPD_REG: return o->reg >= 0 && o->reg < fi->func->regs.n && fi->reg_varying[o->reg];
    case OPD_SREG:
        return (sreg_flags(o->sreg) & SRF_VARYING) != 0 &&
               !(tid_row && (o->sreg == SREG_TID || o->sreg == SREG_LANEID));
    case OPD_MEM:
    case OPD_VEC:
    case OPD_LIST:
    case OPD_PAIR:
        for (int i = 0; i < o->nsub; i++)
            if (operand_varies(fi, &o->sub[i], tid_row))
                return true;
        return false;
    default: return false;
    }
}

static bool
opnd_varying(const State *s, const Operand *o)
{
    return operand_varies(s->info, o, s->rows);
}

static bool
has_dest(const Instr *in)
{
    return in->nopnd > 0 && !(opcode_flags(in->op) & OF_NODST);
}

/* Marks every register of a destination operand varying. */
static void
set_varying(State *s, const Operand *o)
{
    if (o->kind == OPD_REG && o->reg >= 0 && o->reg < s->f->regs.n) {
        if (!s->info->reg_varying[o->reg])
            s->changed = true;
        s->info->reg_varying[o->reg] = true;
    }
    if (o->kind == OPD_VEC || o->kind == OPD_PAIR)
        for (int i = 0; i < o->nsub; i++)
            set_varying(s, &o->sub[i]);
}

/* set_varying, only for the registers in `live`. */
static void
set_varying_live(State *s, const Operand *o, const uint64_t *live)
{
    if (o->kind == OPD_REG && o->reg >= 0 && o->reg < s->f->regs.n) {
        if ((live[o->reg / 64] >> (o->reg % 64)) & 1)
            set_varying(s, o);
    }
    if (o->kind == OPD_VEC || o->kind == OPD_PAIR)
        for (int i = 0; i < o->nsub; i++)
            set_varying_live(s, &o->sub[i], live);
}

const Operand *
mem_operand(const Instr *in)
{
    for (int i = 0; i < in->nopnd; i++)
        if (in->opnd[i].kind == OPD_MEM)
            return &in->opnd[i];
    return NULL;
}

static int
param_index(const Func *f, const Var *v)
{
    for (int i = 0; i < f->params.n; i++)
        if (f->params.v[i] == v)
            return i;
    return -1;
}

/* Is what ld/ldu reads the same for every lane? */
static bool
load_varying(const State *s, const Instr *in)
{
    const Operand *mem = mem_operand(in);
    Space sp = in->space;

    if (sp == SP_LOCAL || !mem)
        return true;
    if (opnd_varying(s, mem))
        return true;
    if (sp == SP_PARAM) {
        const Var *v = mem->nsub > 0 && mem->sub[0].kind == OPD_VAR ? mem->sub[0].var : mem->var;
        if (!v)
            return !s->f->is_entry; /* through a register */
        int k = param_index(s->f, v);
        if (k < 0)
            return true; /* call-site .param: a call result */
        if (s->f->is_entry)
            return false;
        return !(s->info->param_uniform && s->info->param_uniform[k]);
    }
    return false;
}

/* Is the value an instruction writes varying (sync dependence aside)? */
static bool
dest_varying(State *s, const Instr *in)
{
    unsigned fl = opcode_flags(in->op);

    if (in->guard >= 0 && in->guard < s->f->regs.n && s->info->reg_varying[in->guard])
        return true;
    if (fl & OF_VARYING)
        return true;
    if ((in->op == OP_VOTE || in->op == OP_REDUX) &&
        instr_has_mod(in, MOD_SYNC)) /* per member mask */
        return opnd_varying(s, &in->opnd[in->nopnd - 1]);
    if ((fl & OF_UNIFORM) || in->op == OP_VOTE)
        return false;
    switch (in->op) {
    case OP_LD:
    case OP_LDU: return load_varying(s, in);
    case OP_CVTA:
        if (in->space == SP_LOCAL || instr_has_mod(in, MOD_LOCAL))
            return true;
        break;
    case OP_ADDC:
    case OP_SUBC:
    case OP_MADC:
        if (s->carry_varying)
            return true;
        break;
    default: break;
    }
    for (int i = 1; i < in->nopnd; i++)
        if (opnd_varying(s, &in->opnd[i]))
            return true;
    return false;
}

/* ------------------------------------------------ rows: %tid.x steps */

/* The step of an operand per unit of %tid.x; STEP_TOP when it is not a
 * constant (for a memory or vector operand: when any part moves). */
static int
opnd_step(const State *s, const Operand *o, int64_t *k)
{
    *k = 0;
    switch (o->kind) {
    case OPD_REG:
        if (o->reg < 0 || o->reg >= s->f->regs.n)
            return STEP_TOP;
        *k = s->step[o->reg];
        return s->step_state[o->reg];
    case OPD_SREG: /* in a row of a warp, %laneid - %tid.x is the same */
        *k = (o->sreg == SREG_TID && o->comp == 0) || o->sreg == SREG_LANEID;
        return STEP_CONST;
    case OPD_MEM:
    case OPD_VEC:
    case OPD_LIST:
    case OPD_PAIR: {
        int st = STEP_CONST;
        for (int i = 0; i < o->nsub; i++) {
            int64_t ki;
            int si = opnd_step(s, &o->sub[i], &ki);
            if (si == STEP_TOP || (si == STEP_CONST && ki != 0))
                return STEP_TOP;
            if (si == STEP_NONE)
                st = STEP_NONE;
        }
        return st;
    }
    default: return STEP_CONST;
    }
}

static bool
affine_type(PtxType t)
{
    TypeKind k = type_kind(t);
    return (k == TK_BITS || k == TK_UINT || k == TK_SINT) &&
           (type_bits(t) == 32 || type_bits(t) == 64);
}

/* a * b where one side does not move and is an immediate */
static int
mul_step(const Operand *oa, int sa, int64_t a, const Operand *ob, int sb, int64_t b, int64_t *k)
{
    if (sa == STEP_NONE || sb == STEP_NONE)
        return STEP_NONE;
    if (sa == STEP_TOP || sb == STEP_TOP)
        return STEP_TOP;
    if (a == 0 && b == 0)
        *k = 0;
    else if (b == 0 && ob->kind == OPD_IMM)
        *k = a * ob->imm;
    else if (a == 0 && oa->kind == OPD_IMM)
        *k = b * oa->imm;
    else
        return STEP_TOP;
    return STEP_CONST;
}

static int
opnd_wide(const State *s, const Operand *o)
{
    return o->kind == OPD_REG && o->reg >= 0 && o->reg < s->f->regs.n ? s->wide[o->reg] : 0;
}

/* mul.wide and cvt from 32 to 64 bits of a moving value: the step
 * survives up to one wrap of the 32-bit value inside a row, which the
 * emitter rules out at run time from the row's first and last lanes (a
 * wrap changes their distance by a multiple of 2^32). */
static bool
widens(const Instr *in)
{
    if (in->op == OP_MUL)
        return instr_has_mod(in, MOD_WIDE) && in->ntype > 0 && type_bits(in->type[0]) == 32 &&
               type_kind(in->type[0]) != TK_FLOAT;
    return in->op == OP_CVT && in->ntype == 2 && type_bits(in->type[0]) == 64 &&
           type_bits(in->type[1]) == 32 &&
           (type_kind(in->type[0]) == TK_UINT || type_kind(in->type[0]) == TK_SINT) &&
           (type_kind(in->type[1]) == TK_UINT || type_kind(in->type[1]) == TK_SINT) &&
           !instr_has_mod(in, MOD_SAT);
}

/* An operand that is %tid.x or %laneid, or a register that only ever
 * holds one of them (small_regs): below 1024 in every lane, so widened
 * it cannot wrap. */
static bool
small_opnd(const State *s, const Operand *o)
{
    if (o->kind == OPD_SREG)
        return (o->sreg == SREG_TID && o->comp == 0) || o->sreg == SREG_LANEID;
    return o->kind == OPD_REG && o->reg >= 0 && o->reg < s->f->regs.n && s->small[o->reg] == 1;
}

/* A widening whose moving operand is small (small_opnd), times an
 * immediate at most: the 64-bit result is exact, with no wrap to check. */
static bool
widens_small(const State *s, const Instr *in)
{
    const Operand *o = in->opnd;
    if (in->op == OP_CVT)
        return small_opnd(s, &o[1]);
    return (small_opnd(s, &o[1]) && o[2].kind == OPD_IMM) ||
           (small_opnd(s, &o[2]) && o[1].kind == OPD_IMM);
}

/* s->small: 1 for a register whose every definition is a mov of %tid.x,
 * %laneid or another such register (2: not; 0: no definition). */
static void
small_regs(State *s)
{
    const Func *f = s->f;
    for (int k = 0; !f->is_entry && k < f->params.n; k++)
        if (f->params.v[k]->space == SP_REG && f->params.v[k]->reg >= 0 &&
            f->params.v[k]->reg < f->regs.n)
            s->small[f->params.v[k]->reg] = 2;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < f->instrs.n; i++) {
            const Instr *in = &f->instrs.v[i];
            const Operand *d = &in->opnd[0];
            if (in->op == OP_CALL) {
                const Operand *rets = call_shape(in).rets;
                for (int k = 0; rets && k < rets->nsub; k++)
                    if (rets->sub[k].kind == OPD_REG && s->small[rets->sub[k].reg] != 2)
                        s->small[rets->sub[k].reg] = 2, changed = true;
                continue;
            }
            if (!has_dest(in) || in->nopnd < 1)
                continue;
            bool mov = in->op == OP_MOV && in->nopnd == 2 && d->kind == OPD_REG &&
                       in->ntype > 0 && type_bits(in->type[0]) == 32 &&
                       type_kind(in->type[0]) != TK_FLOAT && small_opnd(s, &in->opnd[1]);
            if (mov && d->reg >= 0 && d->reg < f->regs.n && s->small[d->reg] == 0) {
                s->small[d->reg] = 1, changed = true;
                continue;
            }
            if (mov)
                continue;
            if (d->kind == OPD_REG && d->reg >= 0 && d->reg < f->regs.n) {
                if (s->small[d->reg] != 2)
                    s->small[d->reg] = 2, changed = true;
            } else if (d->kind == OPD_VEC || d->kind == OPD_PAIR) {
                for (int k = 0; k < d->nsub; k++)
                    if (d->sub[k].kind == OPD_REG && s->small[d->sub[k].reg] != 2)
                        s->small[d->sub[k].reg] = 2, changed = true;
            }
        }
    }
}

/* cvt from 64 to 32 bits of integers: the value modulo 2^32 keeps its
 * step, and a wrap of a widened 32-bit value (a multiple of 2^32) is gone. */
static bool
narrows(const Instr *in)
{
    return in->op == OP_CVT && in->ntype == 2 && type_bits(in->type[0]) == 32 &&
           type_bits(in->type[1]) == 64 &&
           (type_kind(in->type[0]) == TK_UINT || type_kind(in->type[0]) == TK_SINT ||
            type_kind(in->type[0]) == TK_BITS) &&
           (type_kind(in->type[1]) == TK_UINT || type_kind(in->type[1]) == TK_SINT ||
            type_kind(in->type[1]) == TK_BITS) &&
           !instr_has_mod(in, MOD_SAT);
}

static int
instr_step1(const State *s, const Instr *in, int64_t *k)
{
    const Operand *o = in->opnd;
    PtxType ty = in->ntype > 0 ? in->type[0] : TY_B32;
    bool lin = affine_type(ty) && !instr_has_mod(in, MOD_CC) && !instr_has_mod(in, MOD_SAT);
    int64_t a = 0, b = 0, c = 0;
    int sa = STEP_CONST, sb = STEP_CONST, sc = STEP_CONST, st = -1;

    *k = 0;
    if (in->nopnd > 1)
        sa = opnd_step(s, &o[1], &a);
    if (in->nopnd > 2)
        sb = opnd_step(s, &o[2], &b);
    if (in->nopnd > 3)
        sc = opnd_step(s, &o[3], &c);
    switch (in->op) {
    case OP_ADD:
    case OP_SUB:
        if (lin && in->nopnd == 3) {
            st = sa == STEP_NONE || sb == STEP_NONE ? STEP_NONE
                 : sa == STEP_TOP || sb == STEP_TOP ? STEP_TOP
                                                    : STEP_CONST;
            *k = in->op == OP_ADD ? a + b : a - b;
        }
        break;
    case OP_NEG:
        if (lin && in->nopnd == 2)
            st = sa, *k = -a;
        break;
    case OP_MUL:
        if ((lin && in->nopnd == 3 && instr_has_mod(in, MOD_LO)) || (widens(in) && in->nopnd == 3))
            st = mul_step(&o[1], sa, a, &o[2], sb, b, k);
        break;
    case OP_MAD:
        if (lin && in->nopnd == 4 && instr_has_mod(in, MOD_LO)) {
            st = mul_step(&o[1], sa, a, &o[2], sb, b, k);
            st = st == STEP_NONE || sc == STEP_NONE ? STEP_NONE
                 : st == STEP_TOP || sc == STEP_TOP ? STEP_TOP
                                                    : STEP_CONST;
            *k += c;
        }
        break;
    case OP_SHL:
        if (lin && in->nopnd == 3 && o[2].kind == OPD_IMM && o[2].imm >= 0 && o[2].imm <= 20)
            st = sa, *k = a * ((int64_t)1 << o[2].imm);
        break;
    case OP_MOV:
        if (lin && in->nopnd == 2 &&
            (o[1].kind == OPD_REG || o[1].kind == OPD_SREG || o[1].kind == OPD_IMM))
            st = sa, *k = a;
        break;
    case OP_CVT:
        if ((lin && in->ntype == 2 && affine_type(in->type[1]) &&
             type_bits(in->type[1]) == type_bits(ty) && in->nopnd == 2) ||
            ((widens(in) || narrows(in)) && in->nopnd == 2))
            st = sa, *k = a;
        break;
    default: break;
    }
    if (st < 0) { /* not linear: nothing may move */
        st = STEP_CONST;
        for (int i = 1; i < in->nopnd; i++) {
            int64_t ki;
            int si = opnd_step(s, &o[i], &ki);
            if (si == STEP_TOP || (si == STEP_CONST && ki != 0))
                return STEP_TOP;
            if (si == STEP_NONE)
                st = STEP_NONE;
        }
        *k = 0;
    }
    if (st == STEP_CONST && (*k > (1 << 20) || *k < -(1 << 20)))
        st = STEP_TOP;
    return st;
}

/* The step of what an instruction writes: add, sub, neg, mul.lo, mad.lo,
 * shl by an immediate, mov and same-width cvt of 32- and 64-bit integers
 * carry it (modulo 2^bits), and so do widenings; any other instruction
 * gives 0 when no operand moves, else STEP_TOP; a cvt from 64 to 32 bits
 * keeps the step and drops the widenings (narrows).  Steps beyond 2^20 bytes
 * count as STEP_TOP, so that 32-bit shared addresses of a row never wrap.
 * *wide: the widenings the value went through; more than one (two wraps
 * could cancel at the ends of a row), or one whose step cancelled out,
 * is STEP_TOP. */
static int
instr_step(const State *s, const Instr *in, int64_t *k, int *wide)
{
    int st = instr_step1(s, in, k), w = 0;
    for (int i = 1; i < in->nopnd && !narrows(in); i++)
        w += opnd_wide(s, &in->opnd[i]);
    if (st == STEP_CONST && (w > 1 || (w == 1 && *k == 0)))
        st = STEP_TOP;
    *wide = w + (st == STEP_CONST && *k != 0 && widens(in) && !widens_small(s, in));
    if (*wide > 1)
        st = STEP_TOP;
    return st;
}

/* Joins a definition's step into its destination registers; one that
 * moves in more than one way is varying. */
static void
join_step(State *s, const Operand *d, int st, int64_t k, int wide)
{
    if (d->kind == OPD_VEC || d->kind == OPD_PAIR) {
        for (int i = 0; i < d->nsub; i++)
            join_step(s, &d->sub[i], st == STEP_CONST && k != 0 ? STEP_TOP : st, 0, 0);
        return;
    }
    if (d->kind != OPD_REG || d->reg < 0 || d->reg >= s->f->regs.n || st == STEP_NONE)
        return;
    int r = d->reg, cur = s->step_state[r];
    int nst = cur == STEP_NONE                                           ? st
              : cur == STEP_CONST && st == STEP_CONST && s->step[r] == k ? cur
                                                                         : STEP_TOP;
    if (nst != cur) {
        s->step_state[r] = (uint8_t)nst;
        s->step[r] = k;
        s->changed = true;
    }
    if (wide > s->wide[r]) {
        s->wide[r] = (uint8_t)(wide > 1 ? 2 : wide);
        s->changed = true;
    }
    if (nst == STEP_TOP || s->wide[r] > 1)
        set_varying(s, d);
}

static void
propagate(State *s)
{
    for (int i = 0; i < s->f->instrs.n; i++) {
        const Instr *in = &s->f->instrs.v[i];
        /* registers a call returns into: what each lane computed, varying
         * (call results are never proven uniform) */
        const Operand *rets = in->op == OP_CALL ? call_shape(in).rets : NULL;
        for (int k = 0; rets && k < rets->nsub; k++)
            set_varying(s, &rets->sub[k]);
        if (!has_dest(in))
            continue;
        if (dest_varying(s, in)) {
            set_varying(s, &in->opnd[0]);
            if (instr_has_mod(in, MOD_CC) && !s->carry_varying) {
                s->carry_varying = true;
                s->changed = true;
            }
        } else if (s->rows) {
            int64_t k;
            int wide;
            int st = instr_step(s, in, &k, &wide);
            join_step(s, &in->opnd[0], st, k, wide);
        }
    }
}

/* The operand naming what a call calls (OPD_FUNC, or a register holding a
 * function address). */
const Operand *
call_target(const Instr *in)
{
    return call_shape(in).target;
}

static bool
transfer_varying(const State *s, const Instr *in)
{
    if (in->guard >= 0 && in->guard < s->f->regs.n && s->info->reg_varying[in->guard])
        return true;
    if (in->op == OP_BRX && in->nopnd > 0)
        return opnd_varying(s, &in->opnd[0]);
    if (in->op == OP_CALL) {
        const Operand *t = call_target(in);
        return t && opnd_varying(s, t);
    }
    return false;
}

static void
classify(State *s)
{
    for (int i = 0; i < s->f->instrs.n; i++) {
        const Instr *in = &s->f->instrs.v[i];
        if (!is_transfer(in->op))
            continue;
        bool var = transfer_varying(s, in);
        BranchClass c = in->uni ? BR_UNIFORM_DECLARED : var ? BR_DIVERGENT : BR_UNIFORM_PROVEN;
        s->info->branch[i] = c;
        s->info->uni_unproven[i] = in->uni && var;
    }
}

/* in_region[] := blocks reachable from the successors of b before stop
 * (stop and the exit excluded); only successors with keep[] set when keep
 * is given. */
static void
region(State *s, int b, int stop, const bool *keep)
{
    const Cfg *g = s->f->cfg;
    int sp = 0;

    memset(s->in_region, 0, (size_t)g->nblocks * sizeof *s->in_region);
    for (int i = 0; i < g->blocks[b].nsucc; i++) {
        int t = g->blocks[b].succ[i];
        if ((keep && !keep[i]) || t == stop || t == g->exit || s->in_region[t])
            continue;
        s->in_region[t] = true;
        s->stack[sp++] = t;
    }
    while (sp > 0) {
        const Block *bl = &g->blocks[s->stack[--sp]];
        for (int i = 0; i < bl->nsucc; i++) {
            int t = bl->succ[i];
            if (t == stop || t == g->exit || s->in_region[t])
                continue;
            s->in_region[t] = true;
            s->stack[sp++] = t;
        }
    }
}

/* ---------------------------------------------------------- liveness */

static void
bit_set(uint64_t *set, int r)
{
    set[r / 64] |= (uint64_t)1 << (r % 64);
}

static bool
bit_has(const uint64_t *set, int r)
{
    return (set[r / 64] >> (r % 64)) & 1;
}

/* Adds every register an operand names to set (unless in `except`). */
static void
opnd_uses(const State *s, const Operand *o, uint64_t *set, const uint64_t *except)
{
    if (o->kind == OPD_REG && o->reg >= 0 && o->reg < s->f->regs.n && !bit_has(except, o->reg))
        bit_set(set, o->reg);
    for (int i = 0; i < o->nsub; i++)
        opnd_uses(s, &o->sub[i], set, except);
}

/* live_in[b] for every block: registers read in b or after it before being
 * written.  A guarded write does not kill (the old value survives in lanes
 * whose guard is false).  The exit reads a .func's .reg results. */
static void
liveness(State *s)
{
    const Cfg *g = s->f->cfg;
    int nw = s->nwords, nb = g->nblocks;
    uint64_t *use = arena_alloc(s->a, (size_t)nb * nw * sizeof *use);
    uint64_t *def = arena_alloc(s->a, (size_t)nb * nw * sizeof *def);
    uint64_t *none = arena_alloc(s->a, (size_t)nw * sizeof *none);

    s->live_in = arena_alloc(s->a, (size_t)nb * nw * sizeof *s->live_in);
    /* a .func's .reg results are read where its lanes return (each ret, or
     * falling off the end): live into the exit */
    for (int k = 0; !s->f->is_entry && k < s->f->rets.n; k++) {
        const Var *v = s->f->rets.v[k];
        if (v->space == SP_REG && v->reg >= 0 && v->reg < s->f->regs.n) {
            bit_set(use + (size_t)g->exit * nw, v->reg);
            bit_set(s->live_in + (size_t)g->exit * nw, v->reg);
        }
    }
    for (int b = 0; b < nb; b++) {
        uint64_t *u = use + (size_t)b * nw, *d = def + (size_t)b * nw;
        for (int i = g->blocks[b].first; i < g->blocks[b].last; i++) {
            const Instr *in = &s->f->instrs.v[i];
            if (in->guard >= 0 && in->guard < s->f->regs.n && !bit_has(d, in->guard))
                bit_set(u, in->guard);
            for (int k = has_dest(in); k < in->nopnd; k++)
                opnd_uses(s, &in->opnd[k], u, d);
            if (has_dest(in) && in->opnd[0].kind == OPD_MEM)
                opnd_uses(s, &in->opnd[0], u, d);
            if (has_dest(in) && in->guard < 0)
                opnd_uses(s, &in->opnd[0], d, none);
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = g->nrpo - 1; k >= 0; k--) {
            int b = g->rpo[k];
            uint64_t *li = s->live_in + (size_t)b * nw;
            const Block *bl = &g->blocks[b];
            for (int w = 0; w < nw; w++) {
                uint64_t out = 0;
                for (int i = 0; i < bl->nsucc; i++)
                    out |= s->live_in[(size_t)bl->succ[i] * nw + w];
                uint64_t in = use[(size_t)b * nw + w] | (out & ~def[(size_t)b * nw + w]);
                if (in != li[w]) {
                    li[w] = in;
                    changed = true;
                }
            }
        }
    }
}

/* ----------------------------------------------------- sync dependence */

/* reach_count[k]: how many successors of b reach block k before b's ipdom
 * (the ipdom included, the exit not); first_succ[k]: one of them.  Returns
 * the number of successors other than the exit. */
static int
reach_from_successors(State *s, int b)
{
    const Cfg *g = s->f->cfg;
    const Block *bl = &g->blocks[b];
    int stop = bl->ipdom, paths = 0;

    for (int k = 0; k < g->nblocks; k++)
        s->reach_count[k] = 0;
    for (int i = 0; i < bl->nsucc; i++) {
        int t = bl->succ[i], sp = 0;
        if (t == g->exit)
            continue;
        paths++;
        s->stamp++;
        s->mark[t] = s->stamp;
        s->stack[sp++] = t;
        while (sp > 0) {
            int k = s->stack[--sp];
            if (s->reach_count[k]++ == 0)
                s->first_succ[k] = i;
            if (k == stop)
                continue;
            for (int j = 0; j < g->blocks[k].nsucc; j++) {
                int u = g->blocks[k].succ[j];
                if (u != g->exit && s->mark[u] != s->stamp) {
                    s->mark[u] = s->stamp;
                    s->stack[sp++] = u;
                }
            }
        }
    }
    return paths;
}

/* The blocks of a divergent terminator's region (before its ipdom) may run
 * with part of the warp.  The lanes that took one successor run their path
 * while the others wait (on the divergence stack), and they all meet at
 * the joins: blocks of the region, or the ipdom, that two successors reach.
 * Scalar (uniform) storage is shared by all of them, so a register written
 * in the region is varying when a lane that did not write it may read it:
 * it is live into a join, or written on the path of one successor and live
 * into a block only another successor reaches (if/else arms).  A path that
 * only leaves the function reads nothing, so "if (i >= n) return;" makes
 * nothing varying, and a loop inside a divergent if stays uniform when its
 * counter is dead after the if. */
static void
sync_dependence(State *s, int b)
{
    const Cfg *g = s->f->cfg;
    const Block *bl = &g->blocks[b];
    int nw = s->nwords, ns = bl->nsucc, paths;

    region(s, b, bl->ipdom, NULL);
    for (int k = 0; k < g->nblocks; k++)
        if (s->in_region[k])
            s->info->block_divergent[k] = true;
    paths = reach_from_successors(s, b);
    if (paths < 2)
        return;

    /* live[c]: registers live into the blocks of class c: 0..ns-1 reached
     * from that successor only, ns the joins.  conflict[c]: what a write in
     * a block of class c must not meet. */
    uint64_t *live = arena_alloc(s->a, (size_t)(ns + 1) * nw * sizeof *live);
    uint64_t *conflict = arena_alloc(s->a, (size_t)(ns + 1) * nw * sizeof *conflict);
    for (int k = 0; k < g->nblocks; k++) {
        if (s->reach_count[k] == 0)
            continue;
        int c = s->reach_count[k] >= 2 ? ns : s->first_succ[k];
        for (int w = 0; w < nw; w++)
            live[(size_t)c * nw + w] |= s->live_in[(size_t)k * nw + w];
    }
    for (int c = 0; c <= ns; c++)
        for (int o = 0; o <= ns; o++)
            if (o != c || c == ns)
                for (int w = 0; w < nw; w++)
                    conflict[(size_t)c * nw + w] |= live[(size_t)o * nw + w];

    for (int k = 0; k < g->nblocks; k++) {
        if (!s->in_region[k] || s->reach_count[k] == 0)
            continue;
        int c = s->reach_count[k] >= 2 ? ns : s->first_succ[k];
        for (int i = g->blocks[k].first; i < g->blocks[k].last; i++) {
            const Instr *in = &s->f->instrs.v[i];
            if (has_dest(in))
                set_varying_live(s, &in->opnd[0], conflict + (size_t)c * nw);
            if (instr_has_mod(in, MOD_CC) && !s->carry_varying) {
                s->carry_varying = true;
                s->changed = true;
            }
        }
    }
}

/* Block b's last instruction when it is a divergent transfer that ends
 * the block (a region opens there), else -1. */
static int
divergent_end(const State *s, int b)
{
    const Block *bl = &s->f->cfg->blocks[b];
    if (bl->first == bl->last || bl->rpo < 0 || bl->ipdom < 0)
        return -1;
    int last = bl->last - 1;
    return s->info->branch[last] == BR_DIVERGENT &&
                   (opcode_flags(s->f->instrs.v[last].op) & OF_TERM)
               ? last
               : -1;
}

static void
divergent_regions(State *s)
{
    for (int b = 0; b < s->f->cfg->nblocks; b++)
        if (!s->synced[b] && divergent_end(s, b) >= 0) {
            s->synced[b] = true;
            sync_dependence(s, b);
        }
}

static void
plan(State *s)
{
    const Cfg *g = s->f->cfg;
    for (int i = 0; i < s->f->instrs.n; i++) {
        const Instr *in = &s->f->instrs.v[i];
        if (!is_transfer(in->op))
            continue;
        int b = g->block_of[i];
        s->info->reconverge[i] = -1;
        if (s->info->branch[i] != BR_DIVERGENT) {
            s->info->lowering[i] = LOWER_SCALAR;
            continue;
        }
        s->info->lowering[i] = LOWER_STACK;
        if (opcode_flags(in->op) & OF_TERM)
            s->info->reconverge[i] = g->blocks[b].ipdom;
    }
}

/* Whether lanes of the warp may be parked elsewhere when the running path
 * reaches instruction i (a barrier, or a call that may wait at one): only
 * inside a divergent branch's region.  Outside every region each live lane
 * is on the running path: a divergent branch's lanes meet at its
 * reconvergence block before anything after it runs, and a region whose
 * branch reconverges only at the function's exit (a divergent exit or ret)
 * covers everything after the branch.  Needs block_divergent. */
bool
barrier_may_hold(const Func *f, const FuncInfo *fi, int i)
{
    int b = f->cfg->block_of[i];
    return b >= 0 && fi->block_parked && fi->block_parked[b];
}

/* The side of divergent bra i whose lanes leave at once: a successor that
 * begins with an unguarded exit, or ret in a kernel (nvcc's "if (i >= n)
 * return;").  Its lanes never run anything again, so emit_bra retires them
 * at the branch and the branch parks nothing.  -1: no such side. */
int
exit_side(const Func *f, const FuncInfo *fi, int i)
{
    const Instr *in = &f->instrs.v[i];
    const Cfg *g = f->cfg;
    if (in->op != OP_BRA || in->guard < 0 || fi->branch[i] != BR_DIVERGENT)
        return -1;
    const Block *bl = &g->blocks[g->block_of[i]];
    for (int k = 0; i == bl->last - 1 && k < bl->nsucc; k++) {
        int S = bl->succ[k];
        if (S == g->exit || g->blocks[S].first >= g->blocks[S].last)
            continue;
        const Instr *x = &f->instrs.v[g->blocks[S].first];
        if (x->guard < 0 && (x->op == OP_EXIT || (x->op == OP_RET && f->is_entry)))
            return S;
    }
    return -1;
}

/* Whether divergent transfer i (a terminator) may leave lanes parked while
 * others run on: not an exit, a kernel's ret, or a bra with an exit side,
 * whose leaving lanes are gone at once. */
static bool
parks(const State *s, int i)
{
    Opcode op = s->f->instrs.v[i].op;
    return op != OP_EXIT && !(op == OP_RET && s->f->is_entry) && exit_side(s->f, s->info, i) < 0;
}

/* block_parked: the regions of the transfers that park lanes.  It decides
 * whether a barrier or a call may hold lanes (barrier_may_hold), and
 * whether a write under a partial mask must keep the lanes that are off
 * (outside every region they have exited: value.c, inst_write). */
static void
parked_regions(State *s)
{
    const Cfg *g = s->f->cfg;
    s->info->block_parked = arena_alloc(s->a, (size_t)g->nblocks * sizeof *s->info->block_parked);
    memset(s->info->block_parked, 0, (size_t)g->nblocks * sizeof *s->info->block_parked);
    for (int b = 0; b < g->nblocks; b++) {
        int last = divergent_end(s, b);
        if (last < 0 || !parks(s, last))
            continue;
        region(s, b, g->blocks[b].ipdom, NULL);
        for (int k = 0; k < g->nblocks; k++)
            s->info->block_parked[k] |= s->in_region[k];
    }
}

/* Which registers a parked lane may read when it resumes (reg_merge).
 * Lanes off the running path are exited, returned from this .func, or
 * parked on the divergence stack; parked lanes resume at the reconvergence
 * block of a divergent transfer or at a pushed successor (docs/lowering.md).
 * A register live into none of those blocks is dead for every parked lane,
 * so a write under the path mask need not keep their values.  Lanes held at
 * a barrier resume in the middle of a block: a function with a barrier in a
 * divergent region (barrier_may_hold) keeps every register.  needs
 * liveness, the regions and plan(). */
static void
merge_needs(State *s)
{
    const Cfg *g = s->f->cfg;
    int nr = s->f->regs.n, nw = s->nwords;
    bool barrier = false;
    uint64_t *need = arena_alloc(s->a, (size_t)nw * sizeof *need);

    s->info->reg_merge = arena_alloc(s->a, (size_t)(nr + 1) * sizeof *s->info->reg_merge);
    for (int i = 0; i < s->f->instrs.n; i++) {
        const Instr *in = &s->f->instrs.v[i];
        barrier |= (opcode_flags(in->op) & OF_BARRIER) && barrier_may_hold(s->f, s->info, i);
        if (s->info->branch[i] != BR_DIVERGENT || ((opcode_flags(in->op) & OF_TERM) && !parks(s, i)))
            continue;
        const Block *bl = &g->blocks[g->block_of[i]];
        int R = s->info->reconverge[i];
        if (R >= 0 && R != g->exit)
            for (int w = 0; w < nw; w++)
                need[w] |= s->live_in[(size_t)R * nw + w];
        bool one_side_waits = false; /* a bra whose other side is R runs at once */
        for (int k = 0; k < bl->nsucc; k++)
            one_side_waits |= in->op == OP_BRA && bl->succ[k] == R;
        for (int k = 0; k < bl->nsucc && !one_side_waits; k++)
            if (bl->succ[k] != g->exit)
                for (int w = 0; w < nw; w++)
                    need[w] |= s->live_in[(size_t)bl->succ[k] * nw + w];
    }
    for (int r = 0; r < nr; r++)
        s->info->reg_merge[r] = barrier || bit_has(need, r);
}

/* Varying registers and divergent branches to a fixed point; .reg
 * parameters of a .func arrive from the caller, lane by lane. */
static void
taint_fixpoint(State *s)
{
    const Func *f = s->f;
    for (int k = 0; !f->is_entry && k < f->params.n; k++)
        if (f->params.v[k]->space == SP_REG && f->params.v[k]->reg >= 0 &&
            f->params.v[k]->reg < f->regs.n)
            s->info->reg_varying[f->params.v[k]->reg] = true;
    do {
        s->changed = false;
        propagate(s);
        classify(s);
        divergent_regions(s);
    } while (s->changed);
}

/* The second run: the same taint with %tid no longer a source, plus the
 * %tid.x step lattice (a flat constant lattice, as in constant
 * propagation).  A register it leaves uniform with a constant step k
 * holds R + k * %tid.x in every lane, R the same for all lanes with the
 * same %tid.y and %tid.z: branches that split only such rows, and their
 * sync dependence, are what this run calls uniform and divergent.  The
 * emitter turns loads and stores through such addresses into one access
 * per row (docs/lowering.md). */
static void
rows_compute(State *s0)
{
    int nr = s0->f->regs.n, ni = s0->f->instrs.n, nb = s0->f->cfg->nblocks;
    FuncInfo *info = s0->info, tmp = *info;
    State s = *s0;

    s.rows = true;
    s.info = &tmp;
    s.carry_varying = false;
    tmp.reg_varying = arena_alloc(s.a, (size_t)(nr + 1) * sizeof *tmp.reg_varying);
    tmp.branch = arena_alloc(s.a, (size_t)(ni + 1) * sizeof *tmp.branch);
    tmp.uni_unproven = arena_alloc(s.a, (size_t)(ni + 1) * sizeof *tmp.uni_unproven);
    tmp.block_divergent = arena_alloc(s.a, (size_t)nb * sizeof *tmp.block_divergent);
    s.synced = arena_alloc(s.a, (size_t)nb * sizeof *s.synced);
    s.step = arena_alloc(s.a, (size_t)(nr + 1) * sizeof *s.step);
    s.step_state = arena_alloc(s.a, (size_t)(nr + 1) * sizeof *s.step_state);
    s.wide = arena_alloc(s.a, (size_t)(nr + 1) * sizeof *s.wide);
    s.small = arena_alloc(s.a, (size_t)(nr + 1) * sizeof *s.small);
    small_regs(&s);
    taint_fixpoint(&s);

    info->reg_row_affine = arena_alloc(s.a, (size_t)(nr + 1) * sizeof *info->reg_row_affine);
    info->reg_tx_step = s.step;
    info->reg_tx_wide = arena_alloc(s.a, (size_t)(nr + 1) * sizeof *info->reg_tx_wide);
    for (int r = 0; r < nr; r++)
        info->reg_tx_wide[r] = s.wide[r] != 0;
    for (int r = 0; r < nr; r++)
        info->reg_row_affine[r] = !tmp.reg_varying[r] && s.step_state[r] == STEP_CONST;
}

void
uniform_compute(const Module *m, Func *f, FuncInfo *info, Arena *a)
{
    int nr = f->regs.n, ni = f->instrs.n, nb = f->cfg->nblocks;
    State s = {.m = m, .f = f, .info = info, .a = a};

    info->func = f;
    info->reg_varying = arena_alloc(a, (size_t)(nr + 1) * sizeof *info->reg_varying);
    info->branch = arena_alloc(a, (size_t)(ni + 1) * sizeof *info->branch);
    info->uni_unproven = arena_alloc(a, (size_t)(ni + 1) * sizeof *info->uni_unproven);
    info->reconverge = arena_alloc(a, (size_t)(ni + 1) * sizeof *info->reconverge);
    info->lowering = arena_alloc(a, (size_t)(ni + 1) * sizeof *info->lowering);
    info->block_divergent = arena_alloc(a, (size_t)nb * sizeof *info->block_divergent);
    info->block_parked = NULL;
    s.in_region = arena_alloc(a, (size_t)nb * sizeof *s.in_region);
    s.stack = arena_alloc(a, (size_t)nb * sizeof *s.stack);
    s.synced = arena_alloc(a, (size_t)nb * sizeof *s.synced);
    s.reach_count = arena_alloc(a, (size_t)nb * sizeof *s.reach_count);
    s.mark = arena_alloc(a, (size_t)nb * sizeof *s.mark);
    s.first_succ = arena_alloc(a, (size_t)nb * sizeof *s.first_succ);
    s.nwords = (nr + 63) / 64 + 1;
    liveness(&s);
    taint_fixpoint(&s);
    plan(&s);
    parked_regions(&s);
    merge_needs(&s);
    rows_compute(&s);
}

const char *
branch_class_name(BranchClass c)
{
    static const char *const names[] = {"none", "uniform-declared", "uniform-proven", "divergent"};
    return names[c];
}

const char *
branch_lowering_name(BranchLowering l)
{
    static const char *const names[] = {"scalar", "stack", "predicated"};
    return names[l];
}

void
uniform_print(FILE *out, const Func *f, const FuncInfo *info)
{
    const Cfg *g = f->cfg;

    fprintf(out, "uniformity %s:\n", f->name);
    for (int r = 0; r < f->regs.n; r++)
        fprintf(out, "  %s %s\n", f->regs.v[r].name, info->reg_varying[r] ? "varying" : "uniform");
    for (int i = 0; i < f->instrs.n; i++) {
        const Instr *in = &f->instrs.v[i];
        if (!is_transfer(in->op))
            continue;
        fprintf(out, "  line %d %s%s %s %s", in->loc.line, opcode_name(in->op),
                in->uni ? ".uni" : "", branch_class_name(info->branch[i]),
                branch_lowering_name(info->lowering[i]));
        if (info->uni_unproven[i])
            fputs(" (uni unproven)", out);
        if (info->branch[i] == BR_DIVERGENT && (opcode_flags(in->op) & OF_TERM)) {
            fputs(" reconverge ", out);
            if (info->reconverge[i] == g->exit)
                fputs("function-exit", out);
            else
                cfg_print_block_name(out, f, info->reconverge[i]);
        }
        fputc('\n', out);
    }
    fputs("  divergent blocks:", out);
    for (int b = 0; b < g->nblocks; b++)
        if (info->block_divergent[b]) {
            fputc(' ', out);
            cfg_print_block_name(out, f, b);
        }
    fputc('\n', out);
}
