/* check_tex.c — operands of the texture, surface and tensor-core
 * instructions, for check.c: tex, tld4, txq, suld, sust, suq, mma, wmma,
 * ldmatrix and stmatrix, whose operands a shape letter per operand cannot
 * say (the geometry sets the coordinates, the shape and types the
 * fragments).
 *
 * On the same rule as check.c, "what ptxas rejects, we reject with a
 * message": the modifiers each must have (one geometry, one query, one
 * out-of-range mode, a shape, a layout, .sync.aligned), the instruction
 * types (PTX ISA, "Texture Instructions", "Surface Instructions", "Warp
 * Level Matrix Multiply-Accumulate Instructions"), vector sizes and the
 * registers' types, as ptxas 13.0 -arch=sm_80 checks them (the verdicts:
 * test/parse/check/tex_*.ptx, tld4.ptx, surface_*.ptx, mma_*.ptx,
 * wmma_*.ptx, ldmatrix.ptx; stmatrix.ptx with sm_90).  ptxas is lax in places (.s32 registers for
 * a .f32 tex result, .u32 coordinates for .f32 ones, any 32-bit register
 * for .s8 mma inputs), and so are we there.  The forms of other targets
 * (.e4m3 and sub-byte mma, the sm_90 .f64 shapes, mma.sp) are let through
 * to the lowering, which reports what it does not implement.
 */

#include "ptx.h"

typedef struct TexCheck {
    Diags *d;
    const Func *f;
    const Instr *in;
    char name[32]; /* "tex", "wmma.load.a": for messages */
    PtxType ty[8]; /* every type, in source order (Instr.type keeps three) */
    int nty;
} TexCheck;

static const Reg *
reg_of(const TexCheck *c, const Operand *o)
{
    return &c->f->regs.v[o->reg];
}

/* The one modifier of set[] the instruction has; MOD_NONE for none, and an
 * error for none (when `what` names the kind) or several. */
static Mod
one_of(const TexCheck *c, const Mod *set, int n, const char *what)
{
    Mod found = MOD_NONE;
    int count = 0;
    for (int i = 0; i < c->in->nmods; i++)
        for (int k = 0; k < n; k++)
            if (c->in->mods[i] == set[k] && count++ == 0) found = set[k];
    if (count > 1)
        diag_error(c->d, c->in->loc, "'%s' takes one %s modifier, not %d", c->name, what, count);
    else if (count == 0 && what)
        diag_error(c->d, c->in->loc, "'%s' needs a %s modifier", c->name, what);
    return count == 1 ? found : MOD_NONE;
}

static bool
require(const TexCheck *c, Mod m)
{
    if (instr_has_mod(c->in, m)) return true;
    diag_error(c->d, c->in->loc, "'%s' needs .%s", c->name, mod_name(m));
    return false;
}

/* The type of a vector's registers: theirs when they agree, else the bits
 * of their size; elements of different sizes are an error (TY_NONE).
 * TY_PRED: no register in it. */
static PtxType
elements_type(const TexCheck *c, const Operand *o)
{
    PtxType t = TY_PRED;
    const Reg *first = NULL;
    for (int k = 0; k < o->nsub; k++) {
        if (o->sub[k].kind != OPD_REG) continue;
        const Reg *r = reg_of(c, &o->sub[k]);
        if (!first) {
            first = r;
            t = r->type;
        } else if (type_bits(r->type) != type_bits(t) || (r->type == TY_PRED) != (t == TY_PRED)) {
            diag_error(c->d, o->sub[k].loc,
                       "the elements of a vector have one size: '%s' is .%s, '%s' is .%s",
                       first->name, type_name(first->type), r->name, type_name(r->type));
            return TY_NONE;
        } else if (r->type != t) {
            t = type_bits(t) == 16 ? TY_B16 : type_bits(t) == 32 ? TY_B32 : TY_B64;
        }
    }
    return t;
}

/* Integer and float registers in one vector (ptxas: "Vector with elements
 * of different types"); .bN registers go with either. */
static bool
mixes_int_float(const TexCheck *c, const Operand *o, int from)
{
    bool fl = false, in = false;
    for (int k = from; k < o->nsub; k++) {
        if (o->sub[k].kind != OPD_REG) continue;
        TypeKind tk = type_kind(reg_of(c, &o->sub[k])->type);
        fl |= tk == TK_FLOAT;
        in |= tk == TK_UINT || tk == TK_SINT;
    }
    if (fl && in)
        diag_error(c->d, o->loc, "'%s' takes no mix of integer and float registers here", c->name);
    return fl && in;
}

static bool
all_sinks(const Operand *o)
{
    for (int k = 0; k < o->nsub; k++)
        if (o->sub[k].kind != OPD_SINK) return false;
    return true;
}

/* --- textures and surfaces --------------------------------------------- */

static const Mod geometries[] = {MOD_G1D,   MOD_G2D,    MOD_G3D,   MOD_GA1D,  MOD_GA2D,
                                 MOD_GCUBE, MOD_GACUBE, MOD_G2DMS, MOD_GA2DMS};

static bool
layered(Mod g)
{
    return g == MOD_GA1D || g == MOD_GA2D || g == MOD_GACUBE || g == MOD_GA2DMS;
}

/* The texture or surface: a 64-bit integer register holding an object
 * (.u64, .s64, .b64), or a .texref / .surfref variable (parse.c reports
 * those as not supported, and declares them .global .b64, which is let
 * through here so that their uses give no second error). */
static void
check_handle(const TexCheck *c, const Operand *mem, bool surface)
{
    if (mem->kind != OPD_MEM || mem->nsub < 1) {
        diag_error(c->d, mem->loc, "'%s' takes [%s, ...] there", c->name,
                   surface ? "surface" : "texture");
        return;
    }
    const Operand *h = &mem->sub[0];
    bool query = c->in->op == OP_TXQ || c->in->op == OP_SUQ;
    if (query && mem->imm != 0)
        diag_error(c->d, mem->loc, "'%s' takes its %s without an offset", c->name,
                   surface ? "surface" : "texture");
    if (h->kind == OPD_REG) {
        const Reg *r = reg_of(c, h);
        TypeKind k = type_kind(r->type);
        if (type_bits(r->type) != 64 || (k != TK_UINT && k != TK_SINT && k != TK_BITS))
            diag_error(c->d, h->loc,
                       "'%s' takes a %s object in a .u64, .s64 or .b64 register, not .%s '%s'",
                       c->name, surface ? "surface" : "texture", type_name(r->type), r->name);
    } else if (h->kind == OPD_VAR && h->var &&
               !(h->var->space == SP_GLOBAL && h->var->type == TY_B64)) {
        diag_error(c->d, h->loc,
                   "'%s' takes a %s object in a 64-bit register, not the variable '%s'", c->name,
                   surface ? "surface" : "texture", h->var->name);
    }
}

/* Coordinates {c, ...} for geometry g: 1, 2 or 4 elements, at least as many
 * as g reads (3d, a2d, cube, acube, 2dms, a2dms take 4), of 32 bits; for
 * the layered geometries the first is the layer, an integer.  fl: tex and
 * tld4 with .f32 coordinates; surf: suld and sust (integers). */
static void
check_coords(const TexCheck *c, const Operand *mem, Mod g, bool fl, bool surf)
{
    if (mem->kind != OPD_MEM || mem->nsub != 2)
        return; /* parse.c: a list was there, or the address has none */
    const Operand *v = &mem->sub[1];
    int need = g == MOD_G1D ? 1 : g == MOD_G2D || g == MOD_GA1D ? 2 : 4;
    if (v->nsub != 1 && v->nsub != 2 && v->nsub != 4) {
        diag_error(c->d, v->loc, "'%s' takes 1, 2 or 4 coordinates, not %d", c->name, v->nsub);
        return;
    }
    if (g != MOD_NONE && v->nsub < need) {
        diag_error(c->d, v->loc, "'%s.%s' takes %d coordinates, not %d", c->name, mod_name(g), need,
                   v->nsub);
        return;
    }
    bool array = g != MOD_NONE && layered(g) && !surf;
    int from = 0;
    if (array) {
        const Operand *l = &v->sub[0];
        if (l->kind == OPD_REG) {
            const Reg *r = reg_of(c, l);
            TypeKind k = type_kind(r->type);
            if (type_bits(r->type) != 32 || (k != TK_UINT && k != TK_SINT && k != TK_BITS))
                diag_error(c->d, l->loc, "the layer of '%s.%s' is a 32-bit integer, not .%s",
                           c->name, mod_name(g), type_name(r->type));
        } else if (l->kind == OPD_FIMM) {
            diag_error(c->d, l->loc, "the layer of '%s.%s' is a 32-bit integer", c->name,
                       mod_name(g));
        }
        from = 1;
    }
    bool allfloat = true, anyreg = false;
    for (int k = from; k < v->nsub; k++) {
        const Operand *e = &v->sub[k];
        if (e->kind == OPD_REG) {
            const Reg *r = reg_of(c, e);
            TypeKind tk = type_kind(r->type);
            anyreg = true;
            allfloat &= tk == TK_FLOAT;
            if (type_bits(r->type) != 32 || tk == TK_PACKED || tk == TK_PRED) {
                diag_error(c->d, e->loc, "coordinate '%s' of '%s' is .%s; it takes 32 bits",
                           r->name, c->name, type_name(r->type));
                return;
            }
        } else if (!array && !surf &&
                   ((e->kind == OPD_IMM && fl) || (e->kind == OPD_FIMM && !fl))) {
            diag_error(c->d, e->loc, "'%s' takes %s coordinates here", c->name,
                       fl ? "floating-point" : "integer");
            return;
        } else {
            allfloat = false;
        }
    }
    if (mixes_int_float(c, v, from)) return;
    if (!fl && !array && anyreg && allfloat) /* a .bN among them: bits, as ptxas reads it */
        diag_error(c->d, v->loc, "'%s' takes integer coordinates here, not .f32 registers",
                   c->name);
}

/* tex and tld4 after the address: an offset {dx, ...} of 32-bit integers,
 * as many as the geometry has dimensions (none for cube maps), then a
 * depth to compare, one 32-bit register. */
static void
check_tex_extra(const TexCheck *c, Mod g)
{
    const Instr *in = c->in;
    for (int i = 2; i < in->nopnd; i++) {
        const Operand *o = &in->opnd[i];
        if (o->kind == OPD_VEC && i == 2) {
            int need = g == MOD_G1D || g == MOD_GA1D ? 1 : g == MOD_G3D ? 4 : 2;
            if (g == MOD_GCUBE || g == MOD_GACUBE) {
                diag_error(c->d, o->loc, "'%s.%s' takes no offset", c->name, mod_name(g));
                return;
            }
            if (o->nsub < need) {
                diag_error(c->d, o->loc, "'%s.%s' takes an offset of %d elements, not %d", c->name,
                           mod_name(g), need, o->nsub);
                return;
            }
            for (int k = 0; k < o->nsub; k++) {
                const Operand *e = &o->sub[k];
                if (e->kind != OPD_REG) continue;
                const Reg *r = reg_of(c, e);
                TypeKind tk = type_kind(r->type);
                if (type_bits(r->type) != 32 || (tk != TK_UINT && tk != TK_SINT && tk != TK_BITS)) {
                    diag_error(c->d, e->loc, "'%s' takes an offset of 32-bit integers, not .%s",
                               c->name, type_name(r->type));
                    return;
                }
            }
        } else if (o->kind == OPD_VEC) {
            diag_error(c->d, o->loc, "'%s' takes one register for the depth to compare", c->name);
        } else if (o->kind == OPD_REG) {
            const Reg *r = reg_of(c, o);
            if (type_bits(r->type) != 32 || type_kind(r->type) == TK_PACKED)
                diag_error(c->d, o->loc, "the depth to compare of '%s' is 32 bits, not .%s",
                           c->name, type_name(r->type));
        }
    }
}

/* The result of tex and tld4: {a, b, c, d} (.v4; .v2 for .f16x2) of
 * registers of the type's size, no float register for an integer type,
 * integer and float not mixed; then |p, a predicate. */
static void
check_tex_result(const TexCheck *c, const Operand *o, PtxType t)
{
    if (o->kind == OPD_PAIR && o->nsub == 2) {
        const Operand *p = &o->sub[1];
        if (p->kind == OPD_REG && reg_of(c, p)->type != TY_PRED)
            diag_error(c->d, p->loc, "'%s' sets a .pred after '|', not the .%s '%s'", c->name,
                       type_name(reg_of(c, p)->type), reg_of(c, p)->name);
        else if (p->kind == OPD_SINK)
            diag_error(c->d, p->loc, "'%s' sets a .pred register after '|', not '_'", c->name);
        o = &o->sub[0];
    }
    if (o->kind != OPD_VEC) {
        if (c->in->vec > 1)
            diag_error(c->d, o->loc, "'%s.v%d' writes a vector {...} of %d registers", c->name,
                       c->in->vec, c->in->vec);
        return;
    }
    if (all_sinks(o)) {
        diag_error(c->d, o->loc, "'%s' needs a register among its results, not only '_'", c->name);
        return;
    }
    if (c->in->vec > 1 && o->nsub != c->in->vec) {
        diag_error(c->d, o->loc, "'%s.v%d' gives %d values, not %d", c->name, c->in->vec,
                   c->in->vec, o->nsub);
        return;
    }
    int bits = t == TY_F16 ? 16 : 32;
    bool intt = t == TY_U32 || t == TY_S32;
    for (int k = 0; k < o->nsub; k++) {
        const Operand *e = &o->sub[k];
        if (e->kind == OPD_IMM || e->kind == OPD_FIMM) {
            diag_error(c->d, e->loc, "'%s' writes registers, not an immediate", c->name);
            return;
        }
        if (e->kind != OPD_REG) continue;
        const Reg *r = reg_of(c, e);
        TypeKind k2 = type_kind(r->type);
        bool bad = type_bits(r->type) != bits || k2 == TK_PRED ||
                   (intt && (k2 == TK_FLOAT || k2 == TK_PACKED)) ||
                   (t == TY_F16X2 && (k2 == TK_FLOAT || (k2 == TK_PACKED && r->type != t)));
        if (bad) {
            diag_error(c->d, e->loc, "result '%s' of type .%s does not match '%s.%s'", r->name,
                       type_name(r->type), c->name, type_name(t));
            return;
        }
    }
    if (mixes_int_float(c, o, 0) || t != TY_F16X2) return;
    PtxType vt = elements_type(c, o); /* .u32 or .s32 throughout: not packed halves */
    if (vt != TY_NONE && vt != TY_PRED && vt != TY_F16X2 && type_kind(vt) != TK_BITS)
        diag_error(c->d, o->loc, "a vector of .%s does not match '%s.f16x2'", type_name(vt),
                   c->name);
}

static void
check_tex(TexCheck *c)
{
    const Instr *in = c->in;
    bool tld4 = in->op == OP_TLD4;
    Mod g = one_of(c, geometries, 9, "geometry (.1d, .2d, .3d, .a1d, .a2d, .cube, ...)");
    if (tld4 && g != MOD_NONE && g != MOD_G2D && g != MOD_GA2D && g != MOD_GCUBE && g != MOD_GACUBE)
        diag_error(c->d, in->loc, "'tld4' takes .2d, .a2d, .cube or .acube, not .%s", mod_name(g));
    if (tld4) {
        static const Mod comps[] = {MOD_R, MOD_COMP_G, MOD_COMP_B, MOD_COMP_A};
        one_of(c, comps, 4, "component (.r, .g, .b, .a)");
    }
    if (in->ntype != 2) {
        diag_error(c->d, in->loc, "'%s' takes two types, the result's and the coordinates'",
                   c->name);
        return;
    }
    PtxType dt = in->type[0], ct = in->type[1];
    bool dok =
        dt == TY_U32 || dt == TY_S32 || dt == TY_F32 || (!tld4 && (dt == TY_F16 || dt == TY_F16X2));
    if (!dok)
        diag_error(c->d, in->loc, "'%s' gives %s, not .%s", c->name,
                   tld4 ? ".u32, .s32 or .f32" : ".u32, .s32, .f32, .f16 or .f16x2", type_name(dt));
    if (ct == TY_U32 && !tld4)
        diag_error(c->d, in->loc, "'%s' takes integer coordinates as .s32, not .u32", c->name);
    else if (ct != TY_F32 && (tld4 || ct != TY_S32))
        diag_error(c->d, in->loc, "'%s' takes %s coordinates, not .%s", c->name,
                   tld4 ? ".f32" : ".f32 or .s32", type_name(ct));
    else if (ct == TY_S32 && (g == MOD_GCUBE || g == MOD_GACUBE))
        diag_error(c->d, in->loc, "'%s.%s' takes .f32 coordinates", c->name, mod_name(g));
    else if (ct == TY_F32 && (g == MOD_G2DMS || g == MOD_GA2DMS))
        diag_error(c->d, in->loc, "'%s.%s' takes .s32 coordinates", c->name, mod_name(g));
    int want = dt == TY_F16X2 ? 2 : 4;
    if (dok && in->vec != want)
        diag_error(c->d, in->loc, "'%s.%s' needs .v%d", c->name, type_name(dt), want);
    if (in->nopnd >= 2) check_handle(c, &in->opnd[1], false);
    if (in->nopnd >= 2 && (ct == TY_F32 || ct == TY_S32))
        check_coords(c, &in->opnd[1], g, ct == TY_F32, false);
    if (g != MOD_NONE) check_tex_extra(c, g);
    if (dok && in->nopnd >= 1) check_tex_result(c, &in->opnd[0], dt);
}

/* txq.query.b32 d, [t]; suq.query.b32 d, [s]: d a 32-bit register. */
static void
check_query(TexCheck *c)
{
    const Instr *in = c->in;
    static const Mod tq[] = {MOD_Q_WIDTH,         MOD_Q_HEIGHT,       MOD_Q_DEPTH,
                             MOD_Q_ARRAY_SIZE,    MOD_Q_CHANNEL_TYPE, MOD_Q_CHANNEL_ORDER,
                             MOD_Q_MEMORY_LAYOUT, MOD_Q_NORMALIZED,   MOD_Q_FILTER,
                             MOD_Q_ADDR0,         MOD_Q_ADDR1,        MOD_Q_ADDR2,
                             MOD_Q_MIPMAPS,       MOD_Q_SAMPLES,      MOD_Q_FORCE_UNNORM};
    bool surface = in->op == OP_SUQ;
    Mod q = one_of(c, tq, 15, "query (.width, .height, ...)");
    if (surface && q != MOD_NONE && q != MOD_Q_WIDTH && q != MOD_Q_HEIGHT && q != MOD_Q_DEPTH &&
        q != MOD_Q_ARRAY_SIZE && q != MOD_Q_CHANNEL_TYPE && q != MOD_Q_CHANNEL_ORDER &&
        q != MOD_Q_MEMORY_LAYOUT)
        diag_error(c->d, in->loc, "'suq' cannot query .%s of a surface", mod_name(q));
    if (in->ntype != 1 || in->type[0] != TY_B32) {
        diag_error(c->d, in->loc, "'%s' takes .b32%s%s", c->name, in->ntype ? ", not ." : "",
                   in->ntype ? type_name(in->type[0]) : "");
        return;
    }
    if (in->nopnd < 2) return;
    const Operand *d = &in->opnd[0];
    if (d->kind == OPD_REG) {
        const Reg *r = reg_of(c, d);
        if (type_bits(r->type) != 32)
            diag_error(c->d, d->loc, "'%s' writes a 32-bit register, not the .%s '%s'", c->name,
                       type_name(r->type), r->name);
    } else if (d->kind == OPD_IMM || d->kind == OPD_FIMM || d->kind == OPD_SINK) {
        diag_error(c->d, d->loc, "'%s' writes a register, not %s", c->name,
                   d->kind == OPD_SINK ? "'_'" : "an immediate");
    }
    check_handle(c, &in->opnd[1], surface);
}

/* suld.b.geom{.vN}.btype.mode d, [s, {c}]; sust.b... [s, {c}], v: .b8 to
 * .b64, at most 128 bits in all; each value a register of at least the
 * type's size (ptxas: like ld and st), the same size across a vector. */
static void
check_surface(TexCheck *c)
{
    const Instr *in = c->in;
    bool store = in->op == OP_SUST;
    static const Mod modes[] = {MOD_TRAPMODE, MOD_CLAMP, MOD_ZERO};
    Mod g = one_of(c, geometries, 9, "geometry (.1d, .2d, .3d, .a1d, .a2d)");
    if (g == MOD_GCUBE || g == MOD_GACUBE || g == MOD_G2DMS || g == MOD_GA2DMS)
        diag_error(c->d, in->loc, "'%s' takes .1d, .2d, .3d, .a1d or .a2d, not .%s", c->name,
                   mod_name(g));
    one_of(c, modes, 3, "out-of-range mode (.trap, .clamp, .zero)");
    require(c, MOD_COMP_B);
    PtxType t = in->ntype == 1 ? in->type[0] : TY_NONE;
    if (t != TY_B8 && t != TY_B16 && t != TY_B32 && t != TY_B64) {
        diag_error(c->d, in->loc, "'%s' takes one type, .b8, .b16, .b32 or .b64", c->name);
        return;
    }
    if (in->vec * type_bits(t) > 128 || in->vec > 4) {
        diag_error(c->d, in->loc, "'%s.v%d.%s' moves more than 128 bits", c->name, in->vec,
                   type_name(t));
        return;
    }
    if (in->nopnd < 2) return;
    const Operand *mem = &in->opnd[store ? 0 : 1], *val = &in->opnd[store ? 1 : 0];
    check_handle(c, mem, true);
    check_coords(c, mem, g, false, true);
    int n = val->kind == OPD_VEC ? val->nsub : 1;
    if (n != in->vec) {
        diag_error(c->d, val->loc, "'%s%s' takes %d value%s, not %d", c->name,
                   in->vec > 1 ? ".vN" : "", in->vec, in->vec > 1 ? "s" : "", n);
        return;
    }
    if (val->kind == OPD_VEC && all_sinks(val)) {
        diag_error(c->d, val->loc, "'%s' needs a register among its values, not only '_'", c->name);
        return;
    }
    if (val->kind == OPD_VEC && elements_type(c, val) == TY_NONE) return;
    for (int k = 0; k < n; k++) {
        const Operand *e = val->kind == OPD_VEC ? &val->sub[k] : val;
        if (e->kind == OPD_REG) {
            const Reg *r = reg_of(c, e);
            if (type_bits(r->type) < type_bits(t) || r->type == TY_PRED)
                diag_error(c->d, e->loc, "value '%s' of type .%s is narrower than '%s.%s'", r->name,
                           type_name(r->type), c->name, type_name(t));
        } else if (!store && (e->kind == OPD_IMM || e->kind == OPD_FIMM)) {
            diag_error(c->d, e->loc, "'suld' writes registers, not an immediate");
        } else if (!store && e->kind == OPD_SINK && val->kind != OPD_VEC) {
            diag_error(c->d, e->loc, "'suld' writes a register, not '_'");
        } else if (store && e->kind == OPD_SINK) {
            diag_error(c->d, e->loc, "'sust' stores values, not '_'");
        }
    }
}

/* --- matrix instructions ---------------------------------------------- */

/* What a fragment register holds: FR_ANY any register of its size, FR_INT
 * an integer or .bN one, FR_F32 .f32 or .b32, FR_F16X2 (FR_BF16X2) that
 * packed type or .b32, FR_BITS only .b32. */
typedef enum { FR_ANY, FR_INT, FR_F32, FR_F16X2, FR_BF16X2, FR_BITS } FragKind;

/* Registers of different types in a fragment, .bN aside (ptxas: "Vector
 * with elements of different types"): integers, floats, packed halves;
 * an immediate counts as an integer or a float. */
static bool
frag_mixes(const TexCheck *c, const Operand *o)
{
    int seen = 0;
    for (int k = 0; k < o->nsub; k++) {
        const Operand *e = &o->sub[k];
        TypeKind tk = e->kind == OPD_REG    ? type_kind(reg_of(c, e)->type)
                      : e->kind == OPD_IMM  ? TK_UINT
                      : e->kind == OPD_FIMM ? TK_FLOAT
                                            : TK_BITS;
        seen |= tk == TK_UINT || tk == TK_SINT ? 1 : tk == TK_FLOAT ? 2 : tk == TK_PACKED ? 4 : 0;
    }
    if (seen != 0 && (seen & (seen - 1)) != 0) {
        diag_error(c->d, o->loc, "'%s' takes registers of one type for a fragment", c->name);
        return true;
    }
    return false;
}

/* A fragment {r0, ...}: n registers of `bits` bits, of kind k.  A result
 * (dst) takes sinks but not only sinks, and no immediate; a source takes
 * immediates but no sink. */
static void
check_frag(const TexCheck *c, const Operand *o, const char *what, int n, int bits, FragKind k,
           bool dst)
{
    if (o->kind != OPD_VEC) {
        diag_error(c->d, o->loc, "'%s' takes a vector {...} of %d registers for %s", c->name, n,
                   what);
        return;
    }
    if (o->nsub != n) {
        diag_error(c->d, o->loc, "'%s' takes %d registers for %s here, not %d", c->name, n, what,
                   o->nsub);
        return;
    }
    for (int i = 0; i < o->nsub; i++) {
        const Operand *e = &o->sub[i];
        if (dst && (e->kind == OPD_IMM || e->kind == OPD_FIMM)) {
            diag_error(c->d, e->loc, "'%s' writes registers for %s, not an immediate", c->name,
                       what);
            return;
        }
        if (!dst && e->kind == OPD_SINK) {
            diag_error(c->d, e->loc, "'%s' reads %s: '_' is not a source", c->name, what);
            return;
        }
    }
    if (dst && all_sinks(o)) {
        diag_error(c->d, o->loc, "'%s' needs a register among %s, not only '_'", c->name, what);
        return;
    }
    if (frag_mixes(c, o)) return;
    PtxType t = elements_type(c, o);
    if (t == TY_NONE || t == TY_PRED) return;
    TypeKind tk = type_kind(t);
    bool ok = type_bits(t) == bits;
    switch (k) {
    case FR_ANY:
        break;
    case FR_INT:
        ok &= tk == TK_UINT || tk == TK_SINT || tk == TK_BITS;
        break;
    case FR_F32:
        ok &= t == TY_F32 || tk == TK_BITS;
        break;
    case FR_F16X2:
        ok &= t == TY_F16X2 || tk == TK_BITS;
        break;
    case FR_BF16X2:
        ok &= t == TY_BF16X2 || tk == TK_BITS;
        break;
    case FR_BITS:
        ok &= tk == TK_BITS;
        break;
    }
    static const char *const want[] = {
        "", "integer or .b", ".f32 or .b", ".f16x2 or .b", ".bf16x2 or .b", ".b"};
    if (!ok)
        diag_error(c->d, o->loc, "'%s' takes %s%d%s registers for %s, not .%s", c->name, want[k],
                   bits, k == FR_ANY ? "-bit" : "", what, type_name(t));
}

/* The fragment register of an element type: how many bits, of what kind. */
static FragKind
frag_of(PtxType t, int *bits)
{
    *bits = t == TY_F64 ? 64 : 32;
    switch (t) {
    case TY_F32:
        return FR_F32;
    case TY_F16:
        return FR_F16X2;
    case TY_BF16:
        return FR_BF16X2;
    case TY_TF32:
        return FR_BITS;
    case TY_S32:
        return FR_INT;
    default:
        return FR_ANY; /* f64; s8 and u8, four to a register */
    }
}

static void
check_sync_aligned(const TexCheck *c)
{
    require(c, MOD_SYNC);
    require(c, MOD_ALIGNED);
}

/* mma.sync.aligned.shape.alayout.blayout.dtype.atype.btype.ctype d, a, b, c
 * (PTX ISA, "mma"): the shapes of sm_80, their types and register counts
 * (per thread: A, B, C/D for a 32-bit result; a .f16 result packs two). */
static void
check_mma(TexCheck *c)
{
    static const struct {
        Mod shape;
        PtxType ab;
        int na, nb, nc;
    } forms[] = {
        {MOD_M16N8K8, TY_F16, 2, 1, 4},   {MOD_M16N8K16, TY_F16, 4, 2, 4},
        {MOD_M8N8K4, TY_F16, 2, 2, 8},    {MOD_M16N8K8, TY_BF16, 2, 1, 4},
        {MOD_M16N8K16, TY_BF16, 4, 2, 4}, {MOD_M16N8K4, TY_TF32, 2, 1, 4},
        {MOD_M16N8K8, TY_TF32, 4, 2, 4},  {MOD_M8N8K4, TY_F64, 1, 1, 2},
        {MOD_M16N8K16, TY_S8, 2, 1, 4},   {MOD_M16N8K32, TY_S8, 4, 2, 4},
    };
    static const Mod shapes[] = {MOD_M8N8K4,   MOD_M16N8K4,  MOD_M16N8K8,
                                 MOD_M16N8K16, MOD_M16N8K32, MOD_M16N16K16};
    const Instr *in = c->in;
    if (instr_has_mod(in, MOD_SP) || instr_has_mod(in, MOD_SP_ORDERED_METADATA))
        return; /* mma.sp: not supported (parse.c) */
    check_sync_aligned(c);
    Mod shape = one_of(c, shapes, 6, "shape (.m16n8k16, ...)");
    if (c->nty != 4) {
        diag_error(c->d, in->loc, "'mma' takes four types: D's, A's, B's and C's");
        return;
    }
    PtxType dt = c->ty[0], at = c->ty[1], bt = c->ty[2], ct = c->ty[3];
    bool i8 = (at == TY_S8 || at == TY_U8) && (bt == TY_S8 || bt == TY_U8);
    PtxType ab = i8 ? TY_S8 : at;
    bool known = i8 || ((at == TY_F16 || at == TY_BF16 || at == TY_TF32 || at == TY_F64) &&
                        (bt == TY_F16 || bt == TY_BF16 || bt == TY_TF32 || bt == TY_F64));
    if (!known || (at == TY_F64 && shape != MOD_M8N8K4))
        return; /* .e4m3, .s4, .b1 and the sm_90 .f64 shapes: not checked (nor lowered) */
    bool types_ok =
        i8 ? dt == TY_S32 && ct == TY_S32
           : at == bt &&
                 (at == TY_F16 ? (dt == TY_F16 || dt == TY_F32) && (ct == TY_F16 || ct == TY_F32)
                  : at == TY_BF16 || at == TY_TF32 ? dt == TY_F32 && ct == TY_F32
                                                   : dt == TY_F64 && ct == TY_F64);
    if (!types_ok) {
        diag_error(c->d, in->loc, "'mma' does not take the types .%s.%s.%s.%s", type_name(dt),
                   type_name(at), type_name(bt), type_name(ct));
        return;
    }
    if (instr_has_mod(in, MOD_SATFINITE) && !i8)
        diag_error(c->d, in->loc, "'mma' takes .satfinite with integer types only");
    for (int i = 0; i < in->nmods; i++) { /* .f64: .rn (the default), .rz, .rm, .rp */
        Mod m = in->mods[i];
        if ((mod_classes(m) & MC_ROUND) &&
            (at != TY_F64 || (m != MOD_RN && m != MOD_RZ && m != MOD_RM && m != MOD_RP)))
            diag_error(c->d, in->loc, "'mma' takes .rn, .rz, .rm or .rp with .f64 only");
    }
    int f = -1;
    for (int i = 0; i < (int)(sizeof forms / sizeof forms[0]); i++)
        if (forms[i].shape == shape && forms[i].ab == ab) f = i;
    if (shape == MOD_NONE) return;
    if (f < 0) {
        diag_error(c->d, in->loc, "'mma.%s' does not take .%s inputs", mod_name(shape),
                   type_name(at));
        return;
    }
    /* .f16 inputs: the PTX ISA's syntax lets D and C be .f16 or .f32
     * each; ptxas 13.0 wants them alike, but for .f32 D from .f16 C in
     * .m8n8k4 */
    if (at == TY_F16 && dt != ct && (shape != MOD_M8N8K4 || ct == TY_F32))
        diag_error(c->d, in->loc, "'mma.%s' with .f16 inputs needs D's type .%s, C's", mod_name(shape),
                   type_name(ct));
    Mod lay[2] = {MOD_NONE, MOD_NONE}; /* A's, B's */
    int nl = 0;
    for (int i = 0; i < in->nmods; i++)
        if ((in->mods[i] == MOD_ROW || in->mods[i] == MOD_COL) && nl++ < 2)
            lay[nl - 1] = in->mods[i];
    if (nl != 2)
        diag_error(c->d, in->loc, "'mma' needs two layouts, A's and B's (.row.col)");
    else if (!(shape == MOD_M8N8K4 && ab == TY_F16) && (lay[0] != MOD_ROW || lay[1] != MOD_COL))
        diag_error(c->d, in->loc, "'mma.%s' takes .row.col, not .%s.%s", mod_name(shape),
                   mod_name(lay[0]), mod_name(lay[1]));
    if (in->nopnd != 4) {
        diag_error(c->d, in->loc, "'mma' takes four operands, d, a, b and c");
        return;
    }
    int abits, dbits, cbits;
    FragKind ak = frag_of(at, &abits), dk = frag_of(dt, &dbits), ck = frag_of(ct, &cbits);
    int nd = dt == TY_F16 ? forms[f].nc / 2 : forms[f].nc;
    int nc = ct == TY_F16 ? forms[f].nc / 2 : forms[f].nc;
    check_frag(c, &in->opnd[0], "D", nd, dbits, dk, true);
    check_frag(c, &in->opnd[1], "A", forms[f].na, abits, ak, false);
    check_frag(c, &in->opnd[2], "B", forms[f].nb, abits, ak, false);
    check_frag(c, &in->opnd[3], "C", nc, cbits, ck, false);
}

/* wmma's fragments are as mma's, but .s8 and .u8 ones hold integers. */
static FragKind
wmma_frag_of(PtxType t, int *bits)
{
    return t == TY_S8 || t == TY_U8 ? (*bits = 32, FR_INT) : frag_of(t, bits);
}

/* Fragments of wmma .m16n16k16 (PTX ISA, "Matrix Fragments for WMMA"):
 * registers per thread of a matrix of element type t. */
static int
wmma_count(int mat, PtxType t)
{
    if (mat == 'c') return t == TY_F16 ? 4 : 8;
    return t == TY_F16 ? 8 : t == TY_BF16 ? 4 : 2; /* s8, u8 */
}

/* wmma.load.{a,b,c}.sync.aligned.layout.shape{.space}.type r, [p]{, stride};
 * wmma.store.d... [p], r{, stride}: the layout, the shape .m16n16k16, a
 * type the matrix takes, the registers, .global or .shared (or generic),
 * a 32-bit stride. */
static void
check_wmma_move(TexCheck *c)
{
    const Instr *in = c->in;
    static const Mod layouts[] = {MOD_ROW, MOD_COL};
    static const Mod shapes[] = {MOD_M16N16K16};
    int mat = in->op == OP_WMMA_LOAD_A ? 'a' : in->op == OP_WMMA_LOAD_B ? 'b' : 'c';
    bool store = in->op == OP_WMMA_STORE_D;
    check_sync_aligned(c);
    one_of(c, layouts, 2, "layout (.row, .col)");
    one_of(c, shapes, 1, "shape (.m16n16k16)");
    if (in->space != SP_NONE && in->space != SP_GLOBAL && in->space != SP_SHARED)
        diag_error(c->d, in->loc, "'%s' works on .global and .shared, not .%s", c->name,
                   space_name(in->space));
    PtxType t = in->ntype == 1 ? in->type[0] : TY_NONE;
    bool ok = mat == 'c' ? t == TY_F16 || t == TY_F32 || t == TY_S32
                         : t == TY_F16 || t == TY_BF16 || t == TY_S8 || t == TY_U8;
    if (!ok) {
        diag_error(c->d, in->loc, "'%s' takes one type, %s", c->name,
                   mat == 'c' ? ".f16, .f32 or .s32" : ".f16, .bf16, .s8 or .u8");
        return;
    }
    if (in->nopnd < 2) return;
    int bits;
    FragKind k = wmma_frag_of(t, &bits);
    check_frag(c, &in->opnd[store ? 1 : 0],
               store        ? "D"
               : mat == 'a' ? "A"
               : mat == 'b' ? "B"
                            : "C",
               wmma_count(mat, t), bits, k, !store);
    if (in->nopnd == 3) {
        const Operand *s = &in->opnd[2];
        if (s->kind == OPD_REG) {
            const Reg *r = reg_of(c, s);
            TypeKind rk = type_kind(r->type);
            if (type_bits(r->type) != 32 || (rk != TK_UINT && rk != TK_SINT && rk != TK_BITS))
                diag_error(c->d, s->loc, "the stride of '%s' is a 32-bit integer, not .%s", c->name,
                           type_name(r->type));
        } else if (s->kind != OPD_IMM) {
            diag_error(c->d, s->loc, "the stride of '%s' is a 32-bit integer", c->name);
        }
    }
}

/* wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c (.f16
 * inputs), .f32.bf16.bf16.f32, .s32.s8.s8.s32 or .s32.u8.u8.s32. */
static void
check_wmma_mma(TexCheck *c)
{
    const Instr *in = c->in;
    static const Mod shapes[] = {MOD_M16N16K16};
    check_sync_aligned(c);
    one_of(c, shapes, 1, "shape (.m16n16k16)");
    int nl = 0;
    for (int i = 0; i < in->nmods; i++)
        nl += in->mods[i] == MOD_ROW || in->mods[i] == MOD_COL;
    if (nl != 2)
        diag_error(c->d, in->loc, "'wmma.mma' needs two layouts, A's and B's (.row.col, ...)");
    PtxType dt, ab, ct;
    const PtxType *ty = c->ty;
    if (c->nty == 2 && (ty[0] == TY_F16 || ty[0] == TY_F32) &&
        (ty[1] == TY_F16 || ty[1] == TY_F32)) {
        dt = ty[0], ab = TY_F16, ct = ty[1];
    } else if (c->nty == 4 && ty[0] == TY_F32 && ty[1] == TY_BF16 && ty[2] == TY_BF16 &&
               ty[3] == TY_F32) {
        dt = TY_F32, ab = TY_BF16, ct = TY_F32;
    } else if (c->nty == 4 && ty[0] == TY_S32 && (ty[1] == TY_S8 || ty[1] == TY_U8) &&
               ty[2] == ty[1] && ty[3] == TY_S32) {
        dt = TY_S32, ab = TY_S8, ct = TY_S32;
    } else {
        diag_error(c->d, in->loc,
                   "'wmma.mma' takes .dtype.ctype (.f16, .f32), .f32.bf16.bf16.f32 or "
                   ".s32.itype.itype.s32 (.s8 or .u8, twice)");
        return;
    }
    if (in->nopnd != 4) return;
    int bits;
    FragKind k = wmma_frag_of(dt, &bits);
    check_frag(c, &in->opnd[0], "D", wmma_count('c', dt), bits, k, true);
    k = wmma_frag_of(ab, &bits);
    check_frag(c, &in->opnd[1], "A", wmma_count('a', ab), bits, k, false);
    check_frag(c, &in->opnd[2], "B", wmma_count('b', ab), bits, k, false);
    k = wmma_frag_of(ct, &bits);
    check_frag(c, &in->opnd[3], "C", wmma_count('c', ct), bits, k, false);
}

/* ldmatrix.sync.aligned.m8n8.num{.trans}{.shared}.b16 d, [p] and
 * stmatrix.sync.aligned.m8n8.num{.trans}{.shared}.b16 [p], r (sm_90):
 * .x1, .x2 or .x4 32-bit registers in braces (check.c checks the
 * address); stmatrix's may hold immediates, but not only those. */
static void
check_movmatrix(TexCheck *c)
{
    const Instr *in = c->in;
    static const Mod shapes[] = {MOD_M8N8};
    static const Mod nums[] = {MOD_X1, MOD_X2, MOD_X4};
    bool store = in->op == OP_STMATRIX;
    check_sync_aligned(c);
    one_of(c, shapes, 1, "shape (.m8n8)");
    Mod num = one_of(c, nums, 3, "count (.x1, .x2, .x4)");
    if (in->space != SP_NONE && in->space != SP_SHARED)
        diag_error(c->d, in->loc, "'%s' works on .shared, not .%s", c->name, space_name(in->space));
    if (in->ntype != 1 || in->type[0] != TY_B16)
        diag_error(c->d, in->loc, "'%s' takes .b16%s%s", c->name, in->ntype ? ", not ." : "",
                   in->ntype ? type_name(in->type[0]) : "");
    if (num == MOD_NONE || in->nopnd < 2) return;
    const Operand *r = &in->opnd[store ? 1 : 0];
    check_frag(c, r, "its matrices", num == MOD_X1 ? 1 : num == MOD_X2 ? 2 : 4, 32, FR_ANY, !store);
    bool reg = false;
    for (int k = 0; store && r->kind == OPD_VEC && k < r->nsub; k++)
        reg |= r->sub[k].kind == OPD_REG;
    if (store && r->kind == OPD_VEC && !reg && r->nsub > 0 && r->sub[0].kind != OPD_SINK)
        diag_error(c->d, r->loc, "'stmatrix' needs a register among its values");
}

/* The instructions this file checks: true when in is one (check.c then
 * checks its shape letters, if any, and nothing else of it). */
bool
ptx_check_tex(Diags *d, const Func *f, const Instr *in)
{
    TexCheck c = {.d = d, .f = f, .in = in};
    snprintf(c.name, sizeof c.name, "%s", opcode_name(in->op));
    for (int i = 0; i < in->nmods && c.nty < 8; i++)
        if (mod_type(in->mods[i]) != TY_NONE) c.ty[c.nty++] = mod_type(in->mods[i]);
    switch (in->op) {
    case OP_TEX:
    case OP_TLD4:
        check_tex(&c);
        return true;
    case OP_TXQ:
    case OP_SUQ:
        check_query(&c);
        return true;
    case OP_SULD:
    case OP_SUST:
        check_surface(&c);
        return true;
    case OP_MMA:
        check_mma(&c);
        return true;
    case OP_WMMA_LOAD_A:
    case OP_WMMA_LOAD_B:
    case OP_WMMA_LOAD_C:
    case OP_WMMA_STORE_D:
        check_wmma_move(&c);
        return true;
    case OP_WMMA_MMA:
        check_wmma_mma(&c);
        return true;
    case OP_LDMATRIX:
    case OP_STMATRIX:
        check_movmatrix(&c);
        return true;
    default:
        return false;
    }
}
