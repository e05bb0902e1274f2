/* check.c — operand types and state spaces of every instruction.
 *
 * Runs after parsing, over the whole module, and reports every mismatch
 * (up to the diagnostics' limit), on the rule "what ptxas rejects, we
 * reject with a message": register types against the instruction type
 * (PTX ISA, "Type Information for Instructions and Operands" and "Operand
 * Size Exceeding Instruction-Type Size"), immediates and variables where
 * only registers fit, predicates, vector operands, and the state space of
 * every address.  What each operand must be comes from the opcode's shape
 * in opcodes.def; the verdicts were taken from ptxas (test/parse/check/).
 * Texture, surface and matrix instructions are checked in check_tex.c.
 * Special registers are checked in every operand.  Other operands the
 * shape leaves out and the opcodes without a shape are not checked here;
 * whether the .target and .version have an instruction is isa.c's.
 */
#include <string.h>

#include "ptx.h"

typedef struct Check {
    Diags *d;
    const Func *f;
    const Instr *in;
} Check;

/* "add.u32": the opcode and its first type, for messages. */
static const char *
instr_name(const Check *c, char *buf, size_t size)
{
    const Instr *in = c->in;
    if (in->ntype > 0)
        snprintf(buf, size, "%s.%s", opcode_name(in->op), type_name(in->type[0]));
    else
        snprintf(buf, size, "%s", opcode_name(in->op));
    return buf;
}

static const Reg *
reg_of(const Check *c, const Operand *o)
{
    return &c->f->regs.v[o->reg];
}

static bool
is_float(PtxType t)
{
    return type_kind(t) == TK_FLOAT;
}

static bool
is_int(PtxType t)
{
    return type_kind(t) == TK_UINT || type_kind(t) == TK_SINT;
}

/* A register of type r where the instruction reads or writes type t,
 * strictly: the sizes agree; a .bN register or instruction type takes any
 * type of its size, except that a packed type (.f16x2) takes only itself
 * and .bN; otherwise float and integer do not mix. */
static bool
fits_strict(PtxType r, PtxType t)
{
    if (r == TY_PRED || t == TY_PRED)
        return r == t;
    if (type_bits(r) != type_bits(t))
        return false;
    TypeKind rk = type_kind(r), tk = type_kind(t);
    if (rk == TK_PACKED || tk == TK_PACKED)
        return r == t || rk == TK_BITS || tk == TK_BITS;
    if (rk == TK_BITS || tk == TK_BITS)
        return true;
    return is_float(r) == is_float(t);
}

/* Relaxed, as ld, st and cvt are: the register may be wider than t,
 * except that a float register must be exactly t's size and an integer
 * register never holds a float type. */
static bool
fits_relaxed(PtxType r, PtxType t)
{
    if (r == TY_PRED || t == TY_PRED)
        return r == t;
    if (type_bits(r) < type_bits(t))
        return false;
    TypeKind rk = type_kind(r), tk = type_kind(t);
    if (rk == TK_BITS || tk == TK_BITS)
        return true;
    if (rk == TK_FLOAT)
        return tk == TK_FLOAT && type_bits(r) == type_bits(t);
    if (rk == TK_PACKED)
        return r == t;
    return tk == TK_UINT || tk == TK_SINT; /* an integer register */
}

/* The type a data operand {a, b, ...} stands for: its elements' type when
 * they agree, else the bits of their size.  Elements of different sizes
 * are an error (reported here; TY_NONE). */
static PtxType
vector_type(const Check *c, const Operand *o)
{
    PtxType t = TY_NONE;
    bool mixed = false;
    const Reg *first = NULL;
    for (int k = 0; k < o->nsub; k++) {
        const Operand *e = &o->sub[k];
        if (e->kind != OPD_REG)
            continue;
        const Reg *r = reg_of(c, e);
        if (!first) {
            first = r;
            t = r->type;
            continue;
        }
        if (type_bits(r->type) != type_bits(t) || (r->type == TY_PRED) != (t == TY_PRED)) {
            diag_error(c->d, e->loc,
                       "the elements of a vector have one size: '%s' is .%s, '%s' is .%s",
                       first->name, type_name(first->type), r->name, type_name(r->type));
            return TY_NONE;
        }
        mixed |= r->type != t;
    }
    if (!mixed || t == TY_PRED)
        return t;
    switch (type_bits(t)) {
    case 8: return TY_B8;
    case 16: return TY_B16;
    case 32: return TY_B32;
    case 64: return TY_B64;
    default: return TY_B128;
    }
}

static PtxType
wider(PtxType t)
{
    switch (type_kind(t)) {
    case TK_UINT: return type_bits(t) == 16 ? TY_U32 : type_bits(t) == 32 ? TY_U64 : TY_NONE;
    case TK_SINT: return type_bits(t) == 16 ? TY_S32 : type_bits(t) == 32 ? TY_S64 : TY_NONE;
    default: return type_bits(t) == 16 ? TY_B32 : type_bits(t) == 32 ? TY_B64 : TY_NONE;
    }
}

/* An immediate where type t is read: integers are not floats and floats
 * are not integers (.bN takes both; types ptxas writes no immediate for,
 * .f16 and the packed ones, are left alone). */
static void
check_immediate(const Check *c, const Operand *o, PtxType t)
{
    char buf[64];
    if (o->kind == OPD_IMM && (t == TY_F32 || t == TY_F64))
        diag_error(c->d, o->loc,
                   "'%s' takes a floating-point immediate (0f3F800000, 1.0), not an integer",
                   instr_name(c, buf, sizeof buf));
    else if (o->kind == OPD_FIMM && is_int(t))
        diag_error(c->d, o->loc, "'%s' takes an integer immediate, not a floating-point one",
                   instr_name(c, buf, sizeof buf));
}

/* One data operand (register, immediate, vector of them) against type t. */
static void
check_data(const Check *c, const Operand *o, PtxType t, bool relaxed, bool dst, const char *why)
{
    char buf[64];
    const Instr *in = c->in;
    switch (o->kind) {
    case OPD_REG: {
        const Reg *r = reg_of(c, o);
        if (relaxed ? fits_relaxed(r->type, t) : fits_strict(r->type, t))
            return;
        if (why)
            diag_error(c->d, o->loc, "operand '%s' of type .%s does not match '%s': %s", r->name,
                       type_name(r->type), instr_name(c, buf, sizeof buf), why);
        else
            diag_error(c->d, o->loc, "operand '%s' of type .%s does not match '%s.%s'", r->name,
                       type_name(r->type), opcode_name(in->op), type_name(t));
        return;
    }
    case OPD_IMM:
    case OPD_FIMM:
        if (!dst)
            check_immediate(c, o, t);
        return;
    case OPD_VAR:
    case OPD_FUNC:
        if (!dst && in->op != OP_MOV)
            diag_error(c->d, o->loc,
                       "operand '%s' of '%s' must be a register or an immediate, not an address",
                       o->kind == OPD_VAR ? (o->var ? o->var->name : "?")
                                          : (o->func ? o->func->name : "?"),
                       opcode_name(in->op));
        return;
    case OPD_VEC: {
        if (in->op != OP_LD && in->op != OP_LDU && in->op != OP_ST && in->op != OP_ATOM &&
            in->op != OP_RED)
            return; /* mov packs and unpacks (parse.c checks the sizes); cvt's x4 forms */
        if (in->vec == 1) {
            diag_error(c->d, o->loc,
                       "'%s' without .v2, .v4 or .v8 takes a register here, not a vector",
                       opcode_name(in->op));
            return;
        }
        PtxType vt = vector_type(c, o);
        if (vt != TY_NONE && !(relaxed ? fits_relaxed(vt, t) : fits_strict(vt, t)))
            diag_error(c->d, o->loc, "a vector of .%s does not match '%s.%s'", type_name(vt),
                       opcode_name(in->op), type_name(t));
        for (int k = 0; k < o->nsub && !dst; k++)
            if (o->sub[k].kind == OPD_IMM || o->sub[k].kind == OPD_FIMM)
                check_immediate(c, &o->sub[k], t);
        return;
    }
    default:
        return;
    }
}

/* A predicate operand: a .pred register (p|q for a destination, _ too). */
static void
check_pred(const Check *c, const Operand *o, bool dst)
{
    if (o->kind == OPD_PAIR && dst) {
        for (int k = 0; k < o->nsub; k++)
            check_pred(c, &o->sub[k], true);
        return;
    }
    if (o->kind != OPD_REG)
        return;
    const Reg *r = reg_of(c, o);
    if (r->type != TY_PRED)
        diag_error(c->d, o->loc, "operand '%s' of '%s' is a .%s register; it takes a .pred there",
                   r->name, opcode_name(c->in->op), type_name(r->type));
}

/* A 32-bit integer operand (shift amounts, bit positions, popc's count). */
static void
check_int32(const Check *c, const Operand *o)
{
    if (o->kind == OPD_FIMM) {
        diag_error(c->d, o->loc,
                   "'%s' takes a 32-bit integer there, not a floating-point immediate",
                   opcode_name(c->in->op));
        return;
    }
    if (o->kind != OPD_REG)
        return;
    const Reg *r = reg_of(c, o);
    TypeKind k = type_kind(r->type);
    if (type_bits(r->type) != 32 || (k != TK_BITS && k != TK_UINT && k != TK_SINT))
        diag_error(c->d, o->loc,
                   "operand '%s' of '%s' is a .%s register; it takes a 32-bit integer there",
                   r->name, opcode_name(c->in->op), type_name(r->type));
}

static bool
is_kernel_param(const Func *f, const Var *v)
{
    if (v->space != SP_PARAM || !f->is_entry)
        return false;
    for (int i = 0; i < f->params.n; i++)
        if (f->params.v[i] == v)
            return true;
    return false;
}

/* The state spaces an instruction reaches with a variable's address. */
static void
check_space(const Check *c, const Operand *o, const Var *v, Space is)
{
    const Instr *in = c->in;
    Space vs = v->space;
    if (vs == SP_REG || vs == SP_TEX || vs == SP_NONE)
        return;
    bool kernel_param = v->owner && is_kernel_param(v->owner, v);
    if (is == SP_NONE || is == SP_GENERIC) {
        if (vs == SP_CONST || (vs == SP_PARAM && kernel_param))
            diag_error(c->d, o->loc, "'%s' is in .%s, which a generic address does not reach",
                       v->name, space_name(vs));
        return;
    }
    if (is != vs)
        diag_error(c->d, o->loc, "'%s' is in .%s, not .%s: '%s.%s' does not reach it", v->name,
                   space_name(vs), space_name(is), opcode_name(in->op), space_name(is));
}

/* The k-th state space the instruction names (cp.async.shared.global:
 * shared, then global), SP_NONE if none. */
static Space
nth_space(const Instr *in, int k)
{
    for (int i = 0; i < in->nmods; i++)
        if (mod_space(in->mods[i]) != SP_NONE && k-- == 0)
            return mod_space(in->mods[i]);
    return SP_NONE;
}

static void
check_address_reg(const Check *c, const Operand *b)
{
    const Reg *r = reg_of(c, b);
    TypeKind k = type_kind(r->type);
    if (k != TK_BITS && k != TK_UINT && k != TK_SINT)
        diag_error(c->d, b->loc,
                   "address register '%s' is .%s; an address is an integer or .bN register",
                   r->name, type_name(r->type));
}

/* An address operand [a] in state space sp: an integer register, a
 * variable that sp reaches, or (in .local only) a number. */
static void
check_address(const Check *c, const Operand *o, Space sp)
{
    const Instr *in = c->in;
    if (o->kind != OPD_MEM) {
        diag_error(c->d, o->loc, "'%s' needs an address [a] there", opcode_name(in->op));
        return;
    }
    if (o->nsub < 1) {
        if (sp != SP_LOCAL)
            diag_error(c->d, o->loc, "a numeric address [%lld] is allowed in .local only",
                       (long long)o->imm);
        return;
    }
    const Operand *b = &o->sub[0];
    if (b->kind == OPD_REG) {
        check_address_reg(c, b);
    } else if (b->kind == OPD_VAR && b->var) {
        check_space(c, b, b->var, sp);
        if (in->op == OP_ST && is_kernel_param(c->f, b->var))
            diag_error(c->d, b->loc, "'st' cannot write to the kernel parameter '%s'",
                       b->var->name);
    }
}

/* Spaces an instruction may name at all. */
static void
check_instr_space(const Check *c)
{
    const Instr *in = c->in;
    Space s = in->space;
    if (in->op == OP_ST && s == SP_CONST)
        diag_error(c->d, in->loc, "'st' cannot write to .const");
    if ((in->op == OP_ATOM || in->op == OP_RED) &&
        (s == SP_CONST || s == SP_LOCAL || s == SP_PARAM))
        diag_error(c->d, in->loc, "'%s' works on .global and .shared, not .%s", opcode_name(in->op),
                   space_name(s));
}

/* cvta's operands: registers of the instruction's size holding integers
 * or bits, or for cvta.space a variable of that space (PTX ISA, "cvta"). */
static void
check_cvta_operand(const Check *c, const Operand *o, bool dst)
{
    const Instr *in = c->in;
    PtxType t = in->type[0];
    if (o->kind == OPD_REG) {
        const Reg *r = reg_of(c, o);
        TypeKind k = type_kind(r->type);
        if (k == TK_FLOAT || k == TK_PRED || k == TK_PACKED)
            diag_error(
                c->d, o->loc,
                "operand '%s' of 'cvta' is a .%s register; an address is .u32, .u64 or .b32, .b64",
                r->name, type_name(r->type));
        else if (type_bits(r->type) != type_bits(t))
            diag_error(c->d, o->loc,
                       "operand '%s' of 'cvta.%s' is a .%s register; it takes %d bits", r->name,
                       type_name(t), type_name(r->type), type_bits(t));
    } else if (o->kind == OPD_VAR && !dst && o->var && !instr_has_mod(in, MOD_TO)) {
        Space vs = o->var->space;
        if (vs != SP_REG && vs != SP_PARAM && in->space != SP_NONE && vs != in->space)
            diag_error(c->d, o->loc, "'%s' is in .%s, not .%s: 'cvta.%s' does not reach it",
                       o->var->name, space_name(vs), space_name(in->space), space_name(in->space));
    }
}

static void
check_cvta(const Check *c)
{
    const Instr *in = c->in;
    if (in->ntype != 1 || (in->type[0] != TY_U32 && in->type[0] != TY_U64)) {
        diag_error(c->d, in->loc, "'cvta' takes .u32 or .u64%s%s", in->ntype ? ", not ." : "",
                   in->ntype ? type_name(in->type[0]) : "");
        return;
    }
    if (in->space == SP_NONE)
        diag_error(c->d, in->loc,
                   "'cvta' needs a state space (.global, .shared, .local, .const, .param)");
    for (int i = 0; i < in->nopnd && i < 2; i++)
        check_cvta_operand(c, &in->opnd[i], i == 0);
}

/* ld/ldu/st/atom with .v2/.v4/.v8 take a vector for their data. */
static void
check_vector_data(const Check *c, const Operand *o)
{
    const Instr *in = c->in;
    if (in->vec > 1 && o->kind == OPD_REG)
        diag_error(c->d, o->loc, "'%s.v%d' takes a vector {a, b, ...} here, not the register '%s'",
                   opcode_name(in->op), in->vec, reg_of(c, o)->name);
}

/* mov from a special register: an integer type of the register's size
 * (%tid, %ntid, %ctaid, %nctaid also give 16 bits; %gridid, once 32-bit,
 * any size; %is_explicit_cluster is a predicate), as ptxas checks. */
static void
check_sreg_mov(const Check *c, const Operand *o)
{
    const Instr *in = c->in;
    if (in->ntype < 1 || o->sreg == SREG_GRIDID)
        return;
    PtxType t = in->type[0];
    SReg sr = o->sreg;
    char name[48];
    sreg_spelling(sr, o->comp, name, sizeof name);
    int bits = sreg_flags(sr) & SRF_64 ? 64 : 32, tb = type_bits(t);
    bool narrow = sr == SREG_TID || sr == SREG_NTID || sr == SREG_CTAID || sr == SREG_NCTAID;
    TypeKind k = type_kind(t);
    if (sr == SREG_IS_EXPLICIT_CLUSTER) {
        if (t != TY_PRED)
            diag_error(c->d, o->loc, "%%%s is a predicate; 'mov.%s' cannot read it", name,
                       type_name(t));
    } else if (k != TK_UINT && k != TK_SINT && k != TK_BITS) {
        diag_error(c->d, o->loc, "'mov.%s' cannot read the special register %%%s; it is an integer",
                   type_name(t), name);
    } else if (tb != bits && !(narrow && tb == 16)) {
        diag_error(c->d, o->loc, "%%%s has %d bits; 'mov.%s' takes %d", name, bits,
                   type_name(t), tb);
    }
}

/* cvt from a special register: integer types only, the source type no
 * wider than the register (%gridid: any size), as ptxas checks. */
static void
check_sreg_cvt(const Check *c, const Operand *o, const char *name)
{
    const Instr *in = c->in;
    if (in->ntype != 2)
        return;
    PtxType dt = in->type[0], st = in->type[1];
    int bits = sreg_flags(o->sreg) & SRF_64 ? 64 : 32;
    if (!is_int(dt) || !is_int(st))
        diag_error(c->d, o->loc,
                   "'cvt.%s.%s' cannot read the special register %%%s; it is an integer",
                   type_name(dt), type_name(st), name);
    else if (type_bits(st) > bits && o->sreg != SREG_GRIDID)
        diag_error(c->d, o->loc, "%%%s has %d bits; 'cvt.%s.%s' reads %d", name, bits,
                   type_name(dt), type_name(st), type_bits(st));
}

/* Special registers anywhere in an operand: read-only, and read only by
 * mov (check_sreg_mov) and cvt; ptxas rejects them in every other
 * instruction (a special register as an address [%r] is not parsed). */
static void
check_sreg_use(const Check *c, const Operand *o, bool dst)
{
    const Instr *in = c->in;
    if (o->kind == OPD_VEC || o->kind == OPD_LIST || o->kind == OPD_PAIR) {
        for (int k = 0; k < o->nsub; k++)
            check_sreg_use(c, &o->sub[k], dst);
        return;
    }
    if (o->kind != OPD_SREG)
        return;
    char name[48];
    sreg_spelling(o->sreg, o->comp, name, sizeof name);
    if (sreg_flags(o->sreg) & SRF_VEC)
        snprintf(name + strlen(name), sizeof name - strlen(name), ".%c", "xyz"[o->comp % 3]);
    if (dst)
        diag_error(c->d, o->loc, "the special register %%%s is read-only; '%s' cannot write it",
                   name, opcode_name(in->op));
    else if (in->op == OP_CVT)
        check_sreg_cvt(c, o, name);
    else if (in->op != OP_MOV)
        diag_error(c->d, o->loc,
                   "'%s' cannot read the special register %%%s; only mov and cvt read them",
                   opcode_name(in->op), name);
}

static void
check_sregs(const Check *c)
{
    const Instr *in = c->in;
    bool has_dst = !(opcode_flags(in->op) & OF_NODST);
    for (int i = 0; i < in->nopnd; i++)
        check_sreg_use(c, &in->opnd[i], i == 0 && has_dst);
}

/* The instruction types an opcode takes, where ptxas is stricter than the
 * modifier classes: 8-bit types only in ld, st and cvt; ld, st and mov
 * move .b16 and .b32, never .f16, .bf16 or packed types. */
static void
check_instr_types(const Check *c)
{
    const Instr *in = c->in;
    Opcode op = in->op;
    bool mem = op == OP_LD || op == OP_LDU || op == OP_ST;
    for (int i = 0; i < in->ntype; i++) {
        PtxType t = in->type[i];
        bool bad = false;
        if (type_bits(t) == 8 && type_kind(t) != TK_FLOAT && type_kind(t) != TK_PACKED)
            bad = !mem && op != OP_CVT && op != OP_CVT_PACK;
        if (mem || op == OP_MOV)
            bad |= t == TY_F16 || t == TY_BF16 || t == TY_TF32 || type_kind(t) == TK_PACKED ||
                   (type_kind(t) == TK_FLOAT && type_bits(t) == 8) || (mem && t == TY_PRED);
        if (bad)
            diag_error(c->d, in->loc, "'%s' does not take the type .%s", opcode_name(op),
                       type_name(t));
    }
}

/* cvt's rounding (PTX ISA, "cvt"): an integer from a float needs an
 * integer rounding (.rni .rzi .rmi .rpi); a float from an integer, or a
 * narrower float, a float rounding (.rn .rz .rm .rp, .rna for .tf32);
 * a wider float takes none, the same float only an integer rounding, an
 * integer from an integer none (.f16 and .bf16 between each other: not
 * checked). */
static void
check_cvt_rounding(const Check *c)
{
    const Instr *in = c->in;
    if (in->ntype != 2)
        return;
    PtxType dt = in->type[0], st = in->type[1];
    bool dfl = dt == TY_F16 || dt == TY_BF16 || dt == TY_F32 || dt == TY_F64 || dt == TY_TF32;
    bool sfl = st == TY_F16 || st == TY_BF16 || st == TY_F32 || st == TY_F64;
    if ((!dfl && !is_int(dt)) || (!sfl && !is_int(st)))
        return;
    Mod rnd = MOD_NONE;
    for (int i = 0; i < in->nmods; i++)
        if (mod_classes(in->mods[i]) == MC_ROUND)
            rnd = in->mods[i];
    bool irnd = rnd == MOD_RNI || rnd == MOD_RZI || rnd == MOD_RMI || rnd == MOD_RPI;
    bool frnd = rnd != MOD_NONE && !irnd;
    const char *need = NULL; /* "" : none allowed */
    if (dfl && sfl) {
        if (dt == TY_TF32 || type_bits(dt) < type_bits(st))
            need = frnd ? NULL : "a float rounding (.rn, .rz, .rm, .rp)";
        else if (type_bits(dt) > type_bits(st))
            need = rnd == MOD_NONE ? NULL : "";
        else if (dt == st)
            need = frnd ? "an integer rounding (.rni, .rzi, .rmi, .rpi) or none" : NULL;
    } else if (sfl) {
        need = irnd ? NULL : "an integer rounding (.rni, .rzi, .rmi, .rpi)";
    } else if (dfl) {
        need = frnd ? NULL : "a float rounding (.rn, .rz, .rm, .rp)";
    } else {
        need = rnd == MOD_NONE ? NULL : "";
    }
    if (need && *need)
        diag_error(c->d, in->loc, "'cvt.%s.%s' needs %s%s%s", type_name(dt), type_name(st), need,
                   rnd != MOD_NONE ? ", not ." : "", rnd != MOD_NONE ? mod_name(rnd) : "");
    else if (need)
        diag_error(c->d, in->loc, "'cvt.%s.%s' takes no rounding modifier, not .%s", type_name(dt),
                   type_name(st), mod_name(rnd));
}

static void
check_operand(const Check *c, int i, char role)
{
    const Instr *in = c->in;
    const Operand *o = &in->opnd[i];
    PtxType t0 = in->ntype > 0 ? in->type[0] : TY_NONE, t1 = in->ntype > 1 ? in->type[1] : TY_NONE;
    bool wide = instr_has_mod(in, MOD_WIDE);
    if (o->kind == OPD_SREG && in->op == OP_MOV && role == 's')
        check_sreg_mov(c, o);
    if (o->kind == OPD_SREG || o->kind == OPD_SINK)
        return;
    if (o->kind == OPD_PAIR && role != 'q') { /* d|p: the value, then a predicate */
        if (o->nsub == 2)
            check_pred(c, &o->sub[1], true);
        if (o->nsub < 1 || o->sub[0].kind != OPD_REG)
            return;
        o = &o->sub[0];
    }
    switch (role) {
    case 'd': case 's':
        if (t0 != TY_NONE)
            check_data(c, o, t0, false, role == 'd', NULL);
        return;
    case 'D': case 'S':
        if (t0 == TY_NONE)
            return;
        if (in->op == OP_LD || in->op == OP_LDU || in->op == OP_ST)
            check_vector_data(c, o);
        check_data(c, o, t0, true, role == 'D', NULL);
        return;
    case 'c':
        if (t1 != TY_NONE)
            check_data(c, o, t1, true, false, NULL);
        return;
    case 't':
        if (t1 != TY_NONE)
            check_data(c, o, t1, false, false, NULL);
        return;
    case 'W': case 'w': {
        if (t0 == TY_NONE)
            return;
        PtxType t = wide ? wider(t0) : t0;
        if (t != TY_NONE)
            check_data(c, o, t, false, role == 'W',
                       wide ? "'.wide' takes twice the size there" : NULL);
        return;
    }
    case 'n': case 'u':
        check_int32(c, o);
        return;
    case 'b': /* cvt.pack's .b32 source c: any register of 32 bits or more */
        check_data(c, o, TY_B32, true, false, NULL);
        return;
    case 'B': /* cvt.pack's packed result: an integer register of 32 bits or more */
        check_data(c, o, TY_U32, true, true, "the packed result is a 32-bit integer");
        return;
    case 'i':
        if (o->kind != OPD_IMM)
            diag_error(c->d, o->loc, "'%s' takes an integer constant there", opcode_name(in->op));
        return;
    case 'q': case 'p':
        check_pred(c, o, role == 'q');
        return;
    case 'm':
        check_address(c, o, in->space);
        return;
    case 'M':
        check_address(c, o, nth_space(in, 1));
        return;
    case 'x': /* isspacep's address: 32 or 64 bits */
        if (o->kind == OPD_REG && type_bits(reg_of(c, o)->type) < 32)
            diag_error(c->d, o->loc, "address '%s' of '%s' is .%s; it takes 32 or 64 bits",
                       reg_of(c, o)->name, opcode_name(in->op), type_name(reg_of(c, o)->type));
        else if (o->kind == OPD_REG)
            check_address_reg(c, o);
        else if (o->kind == OPD_VAR || o->kind == OPD_FUNC || o->kind == OPD_MEM)
            diag_error(c->d, o->loc, "'%s' takes an address in a register here",
                       opcode_name(in->op));
        return;
    default:
        return;
    }
}

/* The forms of fence and membar ptxas 13.0 takes: fence{.sem}.scope,
 * fence.mbarrier_init.release.cluster, fence.proxy.alias,
 * fence.proxy.async{.global, .shared::cta, .shared::cluster},
 * fence.proxy.tensormap::generic.release.scope (the .acquire form, with an
 * address, is reported by the parser as not supported), membar.level and
 * membar.proxy.alias; all of them are one full fence on the CPU. */
static void
check_fence(const Check *c)
{
    const Instr *in = c->in;
    const char *op = opcode_name(in->op);
    bool proxy = instr_has_mod(in, MOD_PROXY), init = instr_has_mod(in, MOD_MBARRIER_INIT);
    int kinds = 0, scope = 0, sem = 0;
    Mod kind = MOD_NONE, space = MOD_NONE;
    for (int i = 0; i < in->nmods; i++) {
        Mod m = in->mods[i];
        unsigned cl = mod_classes(m);
        if (m == MOD_PROXY_ALIAS || m == MOD_PROXY_ASYNC || m == MOD_TENSORMAP_GENERIC) {
            kinds++;
            kind = m;
        } else if (cl & MC_SCOPE) {
            scope++;
        } else if (cl & MC_SEM) {
            sem++;
        } else if (cl & MC_SPACE) {
            space = m;
        } else if (m != MOD_PROXY && m != MOD_MBARRIER_INIT) {
            diag_error(c->d, in->loc, "invalid modifier '.%s' for '%s'", mod_name(m), op);
            return;
        }
    }
    bool async_space = space == MOD_NONE || (kind == MOD_PROXY_ASYNC && in->op == OP_FENCE &&
                                             (space == MOD_GLOBAL || space == MOD_SHARED_CTA ||
                                              space == MOD_SHARED_CLUSTER));
    if (init) {
        if (in->op != OP_FENCE || proxy || kinds || space != MOD_NONE || sem != 1 || scope != 1 ||
            !instr_has_mod(in, MOD_RELEASE) || !instr_has_mod(in, MOD_CLUSTER))
            diag_error(c->d, in->loc, "'%s.mbarrier_init' is written 'fence.mbarrier_init.release."
                                      "cluster'", op);
    } else if (!proxy) {
        if (kinds || space != MOD_NONE)
            diag_error(c->d, in->loc, "'.%s' for '%s' needs '.proxy' before it",
                       mod_name(kinds ? kind : space), op);
    } else if (kinds != 1) {
        diag_error(c->d, in->loc, "'%s.proxy' takes one proxy kind: .alias, .async or "
                                  ".tensormap::generic", op);
    } else if (kind == MOD_TENSORMAP_GENERIC) {
        if (in->op != OP_FENCE || space != MOD_NONE || sem != 1 || scope != 1 ||
            !instr_has_mod(in, MOD_RELEASE))
            diag_error(c->d, in->loc, "'%s.proxy.tensormap::generic' takes '.release' and a scope",
                       op);
    } else if (sem || scope || !async_space || (in->op == OP_MEMBAR && kind != MOD_PROXY_ALIAS)) {
        diag_error(c->d, in->loc, "'%s.proxy.%s' takes no other modifier%s", op, mod_name(kind),
                   kind == MOD_PROXY_ASYNC && in->op == OP_FENCE
                       ? " but .global, .shared::cta or .shared::cluster"
                       : "");
    }
}

/* atom and red with .L2::cache_hint take the cache policy as one more
 * operand, last: a 64-bit register or an integer constant (ptxas 13.0:
 * not on atom.cas, not in .shared).  Returns how many operands come
 * before it. */
static int
check_cache_policy(const Check *c)
{
    const Instr *in = c->in;
    const char *op = opcode_name(in->op);
    int want = in->op == OP_RED ? 3 : 4;
    if (instr_has_mod(in, MOD_CAS))
        diag_error(c->d, in->loc, "'atom.cas' does not take '.L2::cache_hint'");
    else if (in->nopnd != want)
        diag_error(c->d, in->loc, "'%s' with '.L2::cache_hint' takes %d operands, found %d", op,
                   want, in->nopnd);
    else if (in->space != SP_NONE && in->space != SP_GLOBAL)
        diag_error(c->d, in->loc, "'.L2::cache_hint' on '%s' is for .global, not .%s", op,
                   space_name(in->space));
    const Operand *o = &in->opnd[in->nopnd - 1];
    bool ok = o->kind == OPD_IMM;
    if (o->kind == OPD_REG) {
        PtxType t = reg_of(c, o)->type;
        ok = type_bits(t) == 64 && !is_float(t) && t != TY_PRED;
    }
    if (!ok)
        diag_error(c->d, o->loc, "the cache policy of '%s' is a 64-bit register or a constant",
                   op);
    return in->nopnd - 1;
}

static void
check_instr(const Check *c)
{
    const Instr *in = c->in;
    check_sregs(c);
    if (in->op == OP_CVTA) {
        check_cvta(c);
        return;
    }
    check_instr_space(c);
    bool own = ptx_check_tex(c->d, c->f, in); /* textures, surfaces, matrices: check_tex.c */
    const char *shape = opcode_shape(in->op);
    int n = (int)strlen(shape);
    if (n > 0 && !own)
        check_instr_types(c);
    if (in->op == OP_CVT)
        check_cvt_rounding(c);
    if ((in->op == OP_BAR || in->op == OP_BARRIER) && instr_has_mod(in, MOD_RED)) {
        /* bar.red.op.type d, a{, b}, {!}c: d of the type, a and b counts, c a predicate */
        for (int i = 0; i < in->nopnd; i++)
            check_operand(c, i, i == 0 ? 'd' : i == in->nopnd - 1 ? 'p' : 'n');
        return;
    }
    int nshape = in->nopnd;
    if (in->op == OP_FENCE || in->op == OP_MEMBAR)
        check_fence(c);
    if ((in->op == OP_ATOM || in->op == OP_RED) && instr_has_mod(in, MOD_L2_CACHE_HINT))
        nshape = check_cache_policy(c);
    for (int i = 0; i < nshape && i < n; i++)
        check_operand(c, i, shape[i]);
}

/* Needs a parsed module (registers, variables and functions resolved);
 * reads only the instructions the parser kept. */
void
ptx_check(const Module *m, Diags *d)
{
    Check c = {.d = d};
    for (int i = 0; i < m->funcs.n; i++) { /* past the limit, errors are only counted */
        const Func *f = m->funcs.v[i];
        c.f = f;
        for (int j = 0; j < f->instrs.n; j++) {
            c.in = &f->instrs.v[j];
            check_instr(&c);
        }
    }
}
