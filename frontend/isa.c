/* isa.c — whether the .target, the .version and the .address_size have
 * what the module uses.
 *
 * Runs after parsing, over every instruction and special register, on the
 * rule "what ptxas rejects, we reject with a message": an instruction,
 * modifier, type or special register newer than the module's sm_XX or PTX
 * ISA version is an error naming what it needs.  The minimums are
 * isa.def's rows (from the PTX ISA manual's "PTX ISA Notes" and "Target
 * ISA Notes", as ptxas 13.0 enforces them); the few rules rows cannot say
 * are in feature_rules().  One error per instruction: the feature that
 * needs the newest target, else the newest version.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

static const struct {
    Opcode op;
    Mod mod, mod2;
    int sm, ptx;
    const char *what;
} features[] = {
#define F(op, mod, mod2, sm, ptx, what) {op, mod, mod2, sm, ptx, what},
#include "isa.def"
#undef F
};

static const struct {
    SReg sreg;
    int sm, ptx;
    const char *what;
} sreg_features[] = {
#define S(sreg, sm, ptx, what) {sreg, sm, ptx, what},
#include "isa.def"
#undef S
};

static const struct {
    const char *name;
    int ptx;
} target_versions[] = {
#define T(name, ptx) {name, ptx},
#include "isa.def"
#undef T
};

/* The oldest PTX ISA version (major * 10 + minor) that has the .target
 * name, or -1 for a name the manual does not define. */
int
ptx_target_version(const char *name)
{
    for (size_t i = 0; i < sizeof target_versions / sizeof target_versions[0]; i++)
        if (strcmp(target_versions[i].name, name) == 0)
            return target_versions[i].ptx;
    return -1;
}

bool
ptx_target_known(const char *name)
{
    return ptx_target_version(name) >= 0;
}

const char *
ptx_targets_list(void)
{
    return "sm_10-13, sm_20, sm_30, sm_32, sm_35, sm_37, sm_50, sm_52, sm_53, sm_60-62, sm_70, "
           "sm_72, sm_75, sm_80, sm_86-89, sm_90, sm_90a, sm_100, sm_101, sm_103, sm_110, sm_120, "
           "sm_121 (each of these last six also with a or f), texmode_unified, "
           "texmode_independent, debug, map_f64_to_f32";
}

typedef struct Target {
    Diags *d;
    const char *name; /* "sm_80" */
    int sm;           /* 80 */
    int ptx;          /* 78 for .version 7.8 */
    char suffix;      /* 'a' (sm_90a), 'f' (sm_100f) or 0 */
} Target;

/* What an instruction needs that the module lacks: the feature needing
 * the newest target, else the newest version. */
typedef struct Need {
    int sm, ptx;
    char what[64];
} Need;

static void
need(const Target *t, Need *n, int sm, int ptx, const char *what)
{
    bool sm_fails = sm > t->sm, ptx_fails = ptx > t->ptx;
    if (!sm_fails && !ptx_fails)
        return;
    bool worse = sm_fails ? sm > n->sm : n->sm == 0 && ptx > n->ptx;
    if (!worse)
        return;
    n->sm = sm_fails ? sm : 0;
    n->ptx = ptx_fails ? ptx : 0;
    snprintf(n->what, sizeof n->what, "%s", what);
}

static void
report(const Target *t, SrcLoc loc, const Need *n)
{
    if (n->sm)
        diag_error(t->d, loc, "'%s' requires sm_%d or higher (.target is %s)", n->what, n->sm,
                   t->name);
    else if (n->ptx)
        diag_error(t->d, loc, "'%s' requires PTX ISA %d.%d or later (.version is %d.%d)", n->what,
                   n->ptx / 10, n->ptx % 10, t->ptx / 10, t->ptx % 10);
}

static bool
is_fp8x2(PtxType ty)
{
    return ty == TY_E4M3X2 || ty == TY_E5M2X2;
}

/* The rules that depend on more than modifiers. */
static void
feature_rules(const Target *t, const Instr *in, Need *n)
{
    char buf[64];
    PtxType t0 = in->ntype > 0 ? in->type[0] : TY_NONE, t1 = in->ntype > 1 ? in->type[1] : TY_NONE;
    switch (in->op) {
    case OP_MIN:
    case OP_MAX:
        if (in->nopnd == 4)
            need(t, n, 100, 88,
                 in->op == OP_MIN ? "min with three inputs" : "max with three inputs");
        break;
    case OP_LD:
    case OP_LDU:
    case OP_ST:
        if (in->vec * type_bits(t0) == 256)
            need(t, n, 100, 88, "256-bit ld and st");
        break;
    case OP_ATOM:
    case OP_RED:
        if (in->vec > 1)
            need(t, n, 90, 81, in->op == OP_ATOM ? "atom with vectors" : "red with vectors");
        break;
    case OP_CVT:
        snprintf(buf, sizeof buf, "cvt.%s.%s", type_name(t0), type_name(t1));
        /* .bf16 from and to .f32 since sm_80 (the .bf16 row); the rest since sm_90 */
        if (t0 == TY_F32 && t1 == TY_BF16)
            need(t, n, 80, 71, buf);
        else if ((t0 == TY_BF16 && t1 != TY_F32) || (t1 == TY_BF16 && t0 != TY_F32))
            need(t, n, 90, 78, buf);
        /* .e4m3x2 and .e5m2x2: sm_89 with PTX ISA 8.1, or sm_90 with 7.8 */
        if (is_fp8x2(t0) || is_fp8x2(t1))
            need(t, n, t->sm >= 90 ? 90 : 89, t->sm >= 90 ? 78 : 81, buf);
        break;
    case OP_MBAR_ARRIVE:
        if (in->nopnd == 3 && !instr_has_mod(in, MOD_NOCOMPLETE))
            need(t, n, 90, 78, "mbarrier.arrive with a count");
        break;
    case OP_REDUX:
        if (t0 == TY_F32)
            need(t, n, 0, 86, "redux.sync.f32");
        break;
    default:
        break;
    }
}

static bool
is_fp4_fp6(PtxType ty)
{
    return ty == TY_E2M1X2 || ty == TY_E2M3X2 || ty == TY_E3M2X2 || ty == TY_UE8M0X2 ||
           ty == TY_E2M1X4 || ty == TY_E2M3X4 || ty == TY_E3M2X4;
}

/* Features of the arch- and family-specific targets only, as ptxas 13.0
 * has them: .e2m1x2, .e2m3x2, .e3m2x2, .ue8m0x2 on sm_100a/f and later
 * a/f targets; redux.sync.f32 on those of sm_100 to sm_110; cvt.rs on
 * their a targets.  Reported (true) instead of the other needs. */
static bool
family_rules(const Target *t, const Instr *in)
{
    const char *what = NULL;
    const char *need_of = "an arch- or family-specific target such as sm_100a or sm_100f";
    bool ok = true, family = t->sm >= 100 && t->suffix != 0;
    bool fp4 = false;
    for (int i = 0; i < in->ntype; i++)
        fp4 |= is_fp4_fp6(in->type[i]);
    if (in->op == OP_CVT && fp4) {
        what = "cvt with .e2m1, .e2m3, .e3m2 or .ue8m0";
        ok = family;
    } else if (in->op == OP_REDUX && in->ntype > 0 && in->type[0] == TY_F32) {
        what = "redux.sync.f32";
        ok = family && t->sm < 120;
    }
    if (in->op == OP_CVT && instr_has_mod(in, MOD_RS)) {
        what = "cvt.rs";
        need_of = "an arch-specific target such as sm_100a";
        ok = ok && t->suffix == 'a' && t->sm >= 100 && t->sm < 120;
    }
    if (ok)
        return false;
    diag_error(t->d, in->loc, "'%s' requires %s (.target is %s)", what, need_of, t->name);
    return true;
}

static void
check_sreg(const Target *t, const Operand *o)
{
    if (o->kind == OPD_VEC || o->kind == OPD_LIST || o->kind == OPD_PAIR) {
        for (int k = 0; k < o->nsub; k++)
            check_sreg(t, &o->sub[k]);
        return;
    }
    if (o->kind != OPD_SREG)
        return;
    Need n = {0};
    for (size_t i = 0; i < sizeof sreg_features / sizeof sreg_features[0]; i++)
        if (sreg_features[i].sreg == o->sreg)
            need(t, &n, sreg_features[i].sm, sreg_features[i].ptx, sreg_features[i].what);
    if (o->sreg == SREG_PM && o->comp >= 4)
        need(t, &n, 0, 30, "%pm4..%pm7");
    report(t, o->loc, &n);
}

static void
check_instr(const Target *t, const Instr *in)
{
    Need n = {0};
    if (family_rules(t, in))
        n.sm = -1; /* reported */
    for (size_t i = 0; i < sizeof features / sizeof features[0] && n.sm >= 0; i++) {
        if (features[i].op != OP_NONE && features[i].op != in->op)
            continue;
        if ((features[i].mod != MOD_NONE && !instr_has_mod(in, features[i].mod)) ||
            (features[i].mod2 != MOD_NONE && !instr_has_mod(in, features[i].mod2)))
            continue;
        need(t, &n, features[i].sm, features[i].ptx, features[i].what);
    }
    if (n.sm >= 0) {
        feature_rules(t, in, &n);
        report(t, in->loc, &n);
    }
    for (int i = 0; i < in->nopnd; i++)
        check_sreg(t, &in->opnd[i]);
}

/* Rules of ptxas 13.0 that no .target lifts: floating-point wmma.mma's
 * .satfinite is gone from PTX ISA 6.5; shfl and vote without .sync
 * are gone on sm_70 and later from PTX ISA 6.4 (older pairs only warn,
 * -Wdeprecated); ld and st take .L2::evict_first, _last and _normal only
 * with 256 bits (.v8.b32, .v4.b64), never .L2::evict_unchanged; 256-bit
 * ld and st are .global or generic. */
static void
check_rules(const Target *t, Diags *d, const Instr *in)
{
    if (in->op == OP_WMMA_MMA && instr_has_mod(in, MOD_SATFINITE) && in->ntype > 0 &&
        (in->type[0] == TY_F16 || in->type[0] == TY_F32) && t->ptx >= 65)
        diag_error(d, in->loc,
                   "'wmma.mma' with floating-point types takes no .satfinite from PTX ISA 6.5 "
                   "(.version is %d.%d)",
                   t->ptx / 10, t->ptx % 10);
    if ((in->op == OP_SHFL || in->op == OP_VOTE) && !instr_has_mod(in, MOD_SYNC) && t->name &&
        t->sm >= 70 && t->ptx >= 64)
        diag_error(d, in->loc,
                   "'%s' without .sync is not supported on sm_70 and later from PTX ISA 6.4 "
                   "(.target is %s, .version is %d.%d); use '%s.sync' with a member mask",
                   opcode_name(in->op), t->name, t->ptx / 10, t->ptx % 10, opcode_name(in->op));
    if (in->op != OP_LD && in->op != OP_ST)
        return;
    int bits = in->vec * (in->ntype > 0 ? type_bits(in->type[0]) : 0);
    static const Mod evict[] = {MOD_L2_EVICT_FIRST, MOD_L2_EVICT_LAST, MOD_L2_EVICT_NORMAL,
                                MOD_L2_EVICT_UNCHANGED};
    for (size_t i = 0; i < sizeof evict / sizeof evict[0]; i++) {
        if (!instr_has_mod(in, evict[i]))
            continue;
        if (evict[i] == MOD_L2_EVICT_UNCHANGED)
            diag_error(d, in->loc, "'%s' does not take '.L2::evict_unchanged'",
                       opcode_name(in->op));
        else if (bits != 256)
            diag_error(d, in->loc, "'%s' takes '.%s' only with 256 bits (.v8.b32 or .v4.b64)",
                       opcode_name(in->op), mod_name(evict[i]));
        return;
    }
    if (bits == 256 && in->space != SP_NONE && in->space != SP_GLOBAL)
        diag_error(d, in->loc, "256-bit '%s' is .global or generic only, not .%s",
                   opcode_name(in->op), space_name(in->space));
}

/* Under .address_size 64, a .global or generic address has 64 bits:
 * ptxas 13.0 stops with "32-Bit compilation is no longer supported" for a
 * 32-bit register as such an address (ld, ldu, st, atom, red, prefetch;
 * not cp.async's source), for cvta.u32 and for the address of a .global
 * variable taken in 32 bits (mov.u32).  The windows (.shared, .local,
 * .param, .const) take 32-bit offsets; 8- and 16-bit registers only get
 * ptxas's warning (they are zero-extended). */
static void
check_address_size(Diags *d, const Func *f, const Instr *in)
{
    switch (in->op) {
    case OP_LD: case OP_LDU: case OP_ST: case OP_ATOM: case OP_RED:
    case OP_PREFETCH: case OP_PREFETCHU:
        if (in->space != SP_NONE && in->space != SP_GLOBAL)
            return;
        for (int i = 0; i < in->nopnd; i++) {
            const Operand *o = &in->opnd[i];
            if (o->kind != OPD_MEM || o->nsub < 1 || o->sub[0].kind != OPD_REG)
                continue;
            const Reg *r = &f->regs.v[o->sub[0].reg];
            TypeKind k = type_kind(r->type); /* check.c reports the others */
            if (type_bits(r->type) == 32 && (k == TK_BITS || k == TK_UINT || k == TK_SINT))
                diag_error(d, o->sub[0].loc,
                           "'%s' is a 32-bit address; under .address_size 64 a %s address "
                           "has 64 bits",
                           r->name, in->space == SP_GLOBAL ? ".global" : "generic");
        }
        return;
    case OP_CVTA:
        if (in->ntype == 1 && in->type[0] == TY_U32)
            diag_error(d, in->loc, "'cvta.u32' makes 32-bit addresses; under .address_size 64 "
                                   "cvta takes .u64");
        return;
    case OP_MOV:
        if (in->ntype == 1 && type_bits(in->type[0]) == 32 && in->nopnd == 2 &&
            in->opnd[1].kind == OPD_VAR && in->opnd[1].var && in->opnd[1].var->space == SP_GLOBAL)
            diag_error(d, in->opnd[1].loc,
                       "the address of the .global variable '%s' has 64 bits under "
                       ".address_size 64; 'mov.%s' takes 32",
                       in->opnd[1].var->name, type_name(in->type[0]));
        return;
    default:
        return;
    }
}

/* The type of a declaration (.reg, a variable, a parameter), as ptxas
 * 13.0 takes it: .bf16, .bf16x2 and .tf32 are syntax errors there, the
 * fp8/fp6/fp4 types and .u16x2/.s16x2 "may only be used as an
 * instruction type", .b128 needs PTX ISA 8.3, a predicate lives in .reg
 * only and a .param is no .f16x2. */
static void
check_decl(const Target *t, Diags *d, SrcLoc loc, const char *name, PtxType ty, Space sp)
{
    TypeKind k = type_kind(ty);
    if (ty == TY_BF16 || ty == TY_BF16X2 || ty == TY_TF32 ||
        (k == TK_PACKED && ty != TY_F16X2) || ty == TY_E4M3 || ty == TY_E5M2)
        diag_error(d, loc, "'.%s' is an instruction type only; '%s' cannot be declared with it",
                   type_name(ty), name);
    else if (ty == TY_PRED && sp != SP_REG)
        diag_error(d, loc, "predicate '%s' must be in the .reg state space", name);
    else if (ty == TY_F16X2 && sp == SP_PARAM)
        diag_error(d, loc, "parameter '%s' cannot be .f16x2 (use .b32)", name);
    else if (ty == TY_B128 && t->name && t->ptx > 0 && t->ptx < 83)
        diag_error(d, loc, "'.b128' requires PTX ISA 8.3 or later (.version is %d.%d)",
                   t->ptx / 10, t->ptx % 10);
}

static void
check_vars(const Target *t, Diags *d, Var *const *v, int n)
{
    for (int i = 0; i < n; i++)
        if (v[i]->space != SP_REG) /* with the registers */
            check_decl(t, d, v[i]->loc, v[i]->name, v[i]->type, v[i]->space);
}

/* Needs a parsed module; does nothing without a .version or an sm_XX
 * .target (the parser has reported those). */
void
ptx_check_target(const Module *m, Diags *d)
{
    Target t = {.d = d, .ptx = m->version_major * 10 + m->version_minor};
    for (int i = 0; i < m->target.n && !t.name; i++)
        if (strncmp(m->target.v[i], "sm_", 3) == 0) {
            t.name = m->target.v[i];
            t.sm = atoi(t.name + 3);
            size_t len = strlen(t.name);
            if (t.name[len - 1] == 'a' || t.name[len - 1] == 'f')
                t.suffix = t.name[len - 1];
        }
    check_vars(&t, d, m->vars.v, m->vars.n);
    for (int i = 0; i < m->funcs.n; i++) {
        const Func *f = m->funcs.v[i];
        check_vars(&t, d, f->params.v, f->params.n);
        check_vars(&t, d, f->rets.v, f->rets.n);
        check_vars(&t, d, f->vars.v, f->vars.n);
        for (int j = 0; j < f->regs.n; j++) /* a range %r<4>: one error */
            if (j == 0 || f->regs.v[j].loc.line != f->regs.v[j - 1].loc.line ||
                f->regs.v[j].loc.col != f->regs.v[j - 1].loc.col)
                check_decl(&t, d, f->regs.v[j].loc, f->regs.v[j].name, f->regs.v[j].type, SP_REG);
        for (int j = 0; j < f->instrs.n; j++) {
            if (t.name && t.ptx > 0)
                check_instr(&t, &f->instrs.v[j]);
            check_rules(&t, d, &f->instrs.v[j]);
            if (m->address_size == 64)
                check_address_size(d, f, &f->instrs.v[j]);
        }
    }
}
