/* tables.c — lookups over the .def tables (types, modifiers, opcodes,
 * special registers).  Each table is written once, in its .def file. */
#include <string.h>

#include "ptx.h"

static const struct {
    const char *name;
    TypeKind kind;
    int bits;
} types[] = {
    {"", TK_NONE, 0},
#define X(id, name, kind, bits) {name, kind, bits},
#include "types.def"
#undef X
};

const char *
type_name(PtxType t)
{
    return types[t].name;
}

TypeKind
type_kind(PtxType t)
{
    return types[t].kind;
}

int
type_bits(PtxType t)
{
    return types[t].bits;
}

const char *
space_name(Space s)
{
    static const char *const names[SP_COUNT] = {"",      "reg",   "sreg",   "const",  "global",
                                          "local", "param", "shared", "tex",    "generic"};
    return names[s];
}

static const struct {
    const char *name;
    unsigned classes;
} mods[] = {
    {"", 0},
#define X(id, name, kind, bits) {name, MC_TYPE},
#include "types.def"
#undef X
#define X(id, name, classes) {name, classes},
#include "mods.def"
#undef X
};

const char *
mod_name(Mod m)
{
    return mods[m].name;
}

unsigned
mod_classes(Mod m)
{
    return mods[m].classes;
}

Mod
mod_lookup(const char *name, size_t len)
{
    for (int m = 1; m < MOD_COUNT; m++)
        if (strlen(mods[m].name) == len && memcmp(mods[m].name, name, len) == 0)
            return (Mod)m;
    return MOD_NONE;
}

PtxType
mod_type(Mod m)
{
    return m > MOD_NONE && m < (Mod)TY_COUNT ? (PtxType)m : TY_NONE;
}

Space
mod_space(Mod m)
{
    switch (m) {
    case MOD_CONST: return SP_CONST;
    case MOD_GLOBAL: return SP_GLOBAL;
    case MOD_LOCAL: return SP_LOCAL;
    case MOD_PARAM:
    case MOD_PARAM_ENTRY:
    case MOD_PARAM_FUNC: return SP_PARAM;
    case MOD_SHARED:
    case MOD_SHARED_CTA:
    case MOD_SHARED_CLUSTER: return SP_SHARED;
    case MOD_TEX: return SP_TEX;
    default: return SP_NONE;
    }
}

static const struct {
    const char *name;
    unsigned flags, classes;
    int nmin, nmax;
    const char *shape;
} opcodes[] = {
    {"", 0, 0, 0, 0, ""},
#define X(id, name, flags, classes, nmin, nmax, shape, emit)                                       \
    {name, flags, classes, nmin, nmax, shape},
#include "opcodes.def"
#undef X
};

const char *
opcode_name(Opcode op)
{
    return opcodes[op].name;
}

unsigned
opcode_flags(Opcode op)
{
    return opcodes[op].flags;
}

unsigned
opcode_classes(Opcode op)
{
    return opcodes[op].classes;
}

int
opcode_min_operands(Opcode op)
{
    return opcodes[op].nmin;
}

int
opcode_max_operands(Opcode op)
{
    return opcodes[op].nmax;
}

const char *
opcode_shape(Opcode op)
{
    return opcodes[op].shape;
}

Opcode
opcode_lookup(const char *name, size_t len)
{
    for (int op = 1; op < OP_COUNT; op++)
        if (strlen(opcodes[op].name) == len && memcmp(opcodes[op].name, name, len) == 0)
            return (Opcode)op;
    return OP_NONE;
}

bool
opcode_unsupported(const char *name, size_t len)
{
    static const char *const names[] = {
#define X(name) name,
#include "unsupported.def"
#undef X
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && memcmp(names[i], name, len) == 0)
            return true;
    return false;
}

static const struct {
    const char *name;
    unsigned flags;
} sregs[] = {
    {"", 0},
#define X(id, name, flags) {name, flags},
#include "sregs.def"
#undef X
};

const char *
sreg_name(SReg r)
{
    return sregs[r].name;
}

unsigned
sreg_flags(SReg r)
{
    return sregs[r].flags;
}

SReg
sreg_lookup(const char *name, size_t len)
{
    for (int r = 1; r < SREG_COUNT; r++)
        if (strlen(sregs[r].name) == len && memcmp(sregs[r].name, name, len) == 0)
            return (SReg)r;
    return SREG_NONE;
}

bool
instr_has_mod(const Instr *in, Mod m)
{
    for (int i = 0; i < in->nmods; i++)
        if (in->mods[i] == m)
            return true;
    return false;
}

/* ------------------------------------------------ .version and .target */

/* PTX ISA versions, from NVIDIA's release history (PTX ISA manual,
 * "Release Notes"): the highest minor of each major. */
static const struct {
    int major, last_minor;
} versions[] = {{1, 5}, {2, 3}, {3, 2}, {4, 3}, {5, 0}, {6, 5}, {7, 8}, {8, 8}, {9, 4}};

bool
ptx_version_known(int major, int minor)
{
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (versions[i].major == major)
            return minor >= 0 && minor <= versions[i].last_minor;
    return false;
}

const char *
ptx_versions_list(void)
{
    return "1.0-1.5, 2.0-2.3, 3.0-3.2, 4.0-4.3, 5.0, 6.0-6.5, 7.0-7.8, 8.0-8.8, 9.0-9.4";
}

/* call[.uni] [(rets),] target[, (args)][, tlist]: the one decoding of a
 * call's operands. */
CallShape
call_shape(const Instr *in)
{
    CallShape c = {0};
    int k = 0;
    if (in->nopnd > 0 && in->opnd[0].kind == OPD_LIST)
        c.rets = &in->opnd[k++];
    if (k >= in->nopnd)
        return c;
    c.target = &in->opnd[k++];
    if (k < in->nopnd && in->opnd[k].kind == OPD_LIST)
        c.args = &in->opnd[k++];
    if (k < in->nopnd)
        c.tlist = &in->opnd[k];
    return c;
}

bool
call_may_reach(const Instr *in, const Func *g)
{
    const Operand *t = in->op == OP_CALL ? call_shape(in).target : NULL;
    return t && g->has_body && !g->is_entry &&
           (t->kind == OPD_REG || (t->kind == OPD_FUNC && t->func == g));
}

const char *
sreg_spelling(SReg r, int comp, char *buf, size_t size)
{
    const char *name = sreg_name(r);
    size_t n = strlen(name);
    if (!(sreg_flags(r) & SRF_INDEXED))
        snprintf(buf, size, "%s", name);
    else if (n > 3 && strcmp(name + n - 3, "_64") == 0) /* pm_64: %pm3_64 */
        snprintf(buf, size, "%.*s%d_64", (int)(n - 3), name, comp);
    else
        snprintf(buf, size, "%s%d", name, comp);
    return buf;
}
