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
} opcodes[] = {
    {"", 0, 0, 0, 0},
#define X(id, name, flags, classes, nmin, nmax) {name, flags, classes, nmin, nmax},
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

Opcode
opcode_lookup(const char *name, size_t len)
{
    for (int op = 1; op < OP_COUNT; op++)
        if (strlen(opcodes[op].name) == len && memcmp(opcodes[op].name, name, len) == 0)
            return (Opcode)op;
    return OP_NONE;
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
