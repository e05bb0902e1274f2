/* tex.c — texture and surface instructions (PTX ISA, "Texture
 * Instructions" and "Surface Instructions") for texture and surface
 * objects: the handle is a .u64 register holding a runtime object
 * (p2n_tex_create, runtime/texture.c).
 *
 *     tex.geom.v4.dtype.ctype  d, [t, {c}];     geom 1d 2d 3d a1d a2d cube acube
 *     tld4.comp.2d.v4.dtype.f32 d, [t, {x, y}]; comp r g b a
 *     txq.query.b32 d, [t];  suq.query.b32 d, [s];
 *     suld.b.geom{.vN}.btype.mode d, [s, {c}];  sust.b.geom{.vN}.btype.mode [s, {c}], v;
 *
 * Each becomes one call of the runtime's texture service for the active
 * lanes, with the handles, coordinates and values in per-lane arrays; the
 * service computes every lane's result as the CUDA programming guide's
 * texture fetching appendix defines it (cube maps: its "Cubemap
 * Textures" section; tex.cube takes {x, y, z, ignored}, tex.acube {cube
 * index, x, y, z}, both .f32).  tld4 on cube maps, multisample
 * geometries, explicit level of detail or gradients, tex/tld4 offsets,
 * depth compare and the predicate result are not supported
 * (unsupported.def, or an error here). */
#include "emit.h"
#include "p2n_abi.h"

#define NCOORD 5

static bool
has(const Instr *in, Mod m)
{
    for (int i = 0; i < in->nmods; i++)
        if (in->mods[i] == m) return true;
    return false;
}

static int
geometry(const Instr *in)
{
    static const struct {
        Mod m;
        int g;
    } g[] = {{MOD_G1D, P2N_TEXG_1D},
             {MOD_G2D, P2N_TEXG_2D},
             {MOD_G3D, P2N_TEXG_3D},
             {MOD_GA1D, P2N_TEXG_A1D},
             {MOD_GA2D, P2N_TEXG_A2D},
             {MOD_GCUBE, P2N_TEXG_CUBE},
             {MOD_GACUBE, P2N_TEXG_ACUBE}};
    for (size_t i = 0; i < sizeof g / sizeof g[0]; i++)
        if (has(in, g[i].m)) return g[i].g;
    return 0;
}

/* Coordinates the geometry reads (the layer first for a1d/a2d/acube). */
static int
geometry_coords(int g)
{
    switch (g) {
    case P2N_TEXG_1D:
        return 1;
    case P2N_TEXG_2D:
    case P2N_TEXG_A1D:
        return 2;
    case P2N_TEXG_ACUBE:
        return 4;
    default:
        return 3;
    }
}

static int
query(const Instr *in)
{
    static const struct {
        Mod m;
        int q;
    } q[] = {{MOD_Q_WIDTH, P2N_TXQ_WIDTH},           {MOD_Q_HEIGHT, P2N_TXQ_HEIGHT},
             {MOD_Q_DEPTH, P2N_TXQ_DEPTH},           {MOD_Q_ARRAY_SIZE, P2N_TXQ_ARRAY_SIZE},
             {MOD_Q_NORMALIZED, P2N_TXQ_NORMALIZED}, {MOD_Q_FILTER, P2N_TXQ_FILTER},
             {MOD_Q_ADDR0, P2N_TXQ_ADDR0},           {MOD_Q_ADDR1, P2N_TXQ_ADDR1},
             {MOD_Q_ADDR2, P2N_TXQ_ADDR2},           {MOD_Q_MIPMAPS, P2N_TXQ_MIPMAPS},
             {MOD_Q_SAMPLES, P2N_TXQ_SAMPLES}};
    bool surface = in->op == OP_SUQ;
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
        if (has(in, q[i].m)) {
            bool ok = !surface || q[i].q <= P2N_TXQ_ARRAY_SIZE;
            return ok ? q[i].q : -1;
        }
    return -1;
}

static bool
fail(Emit *e, const Instr *in, const char *what)
{
    diag_error(e->d, in->loc, "'%s' %s is not supported", opcode_name(in->op), what);
    return false;
}

/* A [32 x i32] or [32 x i64] row of a lane array. */
static LLVMValueRef
row(Emit *e, LLVMValueRef arr, LLVMTypeRef elem, int r)
{
    LLVMValueRef idx = LLVMConstInt(e->t_i64, (unsigned long long)r * WARP, 0);
    return LLVMBuildGEP2(e->b, elem, arr, &idx, 1, "");
}

/* Stores and loads of whole rows, at the arrays' element alignment. */
static void
store_row(Emit *e, LLVMValueRef v, LLVMValueRef p, unsigned align)
{
    LLVMSetAlignment(LLVMBuildStore(e->b, v, p), align);
}

static LLVMValueRef
load_row(Emit *e, LLVMTypeRef t, LLVMValueRef p)
{
    LLVMValueRef v = LLVMBuildLoad2(e->b, t, p, "");
    LLVMSetAlignment(v, 8);
    return v;
}

void
tex_emit(Emit *e, const Instr *in)
{
    const Operand *mem = NULL, *val = NULL;
    bool store = in->op == OP_SUST;
    if (in->nopnd >= 2) {
        mem = &in->opnd[store ? 0 : 1];
        val = &in->opnd[store ? 1 : 0];
    }
    if (!mem || mem->kind != OPD_MEM || mem->nsub < 1 || mem->sub[0].kind != OPD_REG) {
        fail(e, in,
             "without a texture or surface object register (a .texref, .surfref or immediate)");
        return;
    }
    bool query_op = in->op == OP_TXQ || in->op == OP_SUQ;
    if (in->nopnd != 2)
        return (void)fail(e, in, "with an offset, a depth compare or a level of detail");
    if (query_op != (mem->nsub == 1))
        return (void)fail(e, in, query_op ? "with coordinates" : "without coordinates");
    if (val->kind == OPD_PAIR) return (void)fail(e, in, "with a predicate result");

    uint32_t op = 0;
    int g = geometry(in), ncoord = 0, nval = 1;
    PtxType vty = TY_B32;  /* type of the values */
    bool f32coord = false; /* tex: the non-layer coordinates are f32 */
    switch (in->op) {
    case OP_TEX:
    case OP_TLD4: {
        if (!g || (in->op == OP_TLD4 && g != P2N_TEXG_2D))
            return (void)fail(e, in, "with this geometry");
        if (in->vec != 4 || in->ntype != 2) return (void)fail(e, in, "without .v4 and two types");
        PtxType d = in->type[0], c = in->type[1];
        int dt = d == TY_F32 ? 0 : d == TY_S32 ? 1 : d == TY_U32 ? 2 : -1;
        if (dt < 0 || (c != TY_F32 && c != TY_S32) || (in->op == OP_TLD4 && c != TY_F32))
            return (void)fail(e, in, "with these types");
        f32coord = c == TY_F32;
        if ((g == P2N_TEXG_CUBE || g == P2N_TEXG_ACUBE) && !f32coord)
            return (void)fail(e, in, "on a cube map with integer coordinates");
        int comp = 0;
        if (in->op == OP_TLD4)
            comp = has(in, MOD_R)        ? 0
                   : has(in, MOD_COMP_G) ? 1
                   : has(in, MOD_COMP_B) ? 2
                   : has(in, MOD_COMP_A) ? 3
                                         : -1;
        if (comp < 0) return (void)fail(e, in, "without a component");
        op = (in->op == OP_TEX ? P2N_TEX_TEX : P2N_TEX_TLD4) | (uint32_t)dt << 8 |
             (uint32_t)f32coord << 10 | (uint32_t)comp << 12;
        ncoord = geometry_coords(g);
        nval = 4;
        vty = d;
        break;
    }
    case OP_TXQ:
    case OP_SUQ: {
        int q = query(in);
        if (q < 0) return (void)fail(e, in, "with this query");
        op = (in->op == OP_TXQ ? P2N_TEX_TXQ : P2N_TEX_SUQ) | (uint32_t)q << 12;
        break;
    }
    default: { /* suld, sust */
        if (!g || g >= P2N_TEXG_CUBE || !has(in, MOD_COMP_B))
            return (void)fail(e, in, "without .b and a 1d, 2d, 3d, a1d or a2d geometry");
        int mode = has(in, MOD_TRAPMODE) ? 0 : has(in, MOD_CLAMP) ? 1 : has(in, MOD_ZERO) ? 2 : 0;
        if (in->ntype != 1) return (void)fail(e, in, "without one type");
        int bits = type_bits(in->type[0]);
        int lg = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : bits == 64 ? 3 : -1;
        if (lg < 0 || in->vec > 4) return (void)fail(e, in, "with this type");
        nval = in->vec;
        vty = in->type[0];
        op = (store ? P2N_TEX_SUST : P2N_TEX_SULD) | (uint32_t)lg << 8 | (uint32_t)mode << 12 |
             (uint32_t)nval << 16;
        ncoord = geometry_coords(g);
        break;
    }
    }
    op |= (uint32_t)g << 4;
    if (mem->nsub == 2 && mem->sub[1].nsub < ncoord)
        return (void)fail(e, in, "with too few coordinates");
    int have = val->kind == OPD_VEC ? val->nsub : 1;
    if (have != nval) return (void)fail(e, in, "with this number of values");

    LLVMTypeRef v32 = LLVMVectorType(e->t_i32, WARP), v64 = LLVMVectorType(e->t_i64, WARP);
    LLVMValueRef handles = emit_alloca(e, LLVMArrayType(e->t_i64, WARP), "tex.handle");
    LLVMValueRef coords = emit_alloca(e, LLVMArrayType(e->t_i32, WARP * NCOORD), "tex.coord");
    LLVMValueRef data = emit_alloca(e, LLVMArrayType(e->t_i64, WARP * 4), "tex.data");
    store_row(e, inst_operand(e, &mem->sub[0], TY_B64, true), handles, 8);
    bool layered = g == P2N_TEXG_A1D || g == P2N_TEXG_A2D || g == P2N_TEXG_ACUBE;
    for (int k = 0; k < ncoord; k++) {
        const Operand *c = &mem->sub[1].sub[k];
        /* tex: the layer is s32, the rest are ctype; surfaces: all s32 */
        PtxType ct = (f32coord && !(layered && k == 0)) ? TY_F32 : TY_S32;
        LLVMValueRef v = inst_operand(e, c, ct, true);
        if (ct == TY_F32) v = LLVMBuildBitCast(e->b, v, v32, "");
        store_row(e, v, row(e, coords, e->t_i32, k), 4);
    }
    bool wide = type_bits(vty) == 64;
    if (store)
        for (int k = 0; k < nval; k++) {
            const Operand *o = val->kind == OPD_VEC ? &val->sub[k] : val;
            LLVMValueRef v = inst_operand(e, o, vty, true);
            if (!wide) v = LLVMBuildZExt(e->b, v, v64, "");
            store_row(e, v, row(e, data, e->t_i64, k), 8);
        }
    LLVMTypeRef pt[] = {e->t_ptr, e->t_i32, e->t_i32, e->t_ptr, e->t_ptr, e->t_ptr, e->t_i32};
    LLVMValueRef av[] = {e->fs.warp,
                         emit_cur_mask(e),
                         emit_u32(e, op),
                         handles,
                         coords,
                         data,
                         emit_u32(e, (uint64_t)in->loc.line)};
    LLVMBuildCall2(e->b, LLVMFunctionType(e->t_void, pt, 7, 0), abi_service(e, S_TEXTURE), av, 7,
                   "");
    emit_check_error(e);
    if (store) return;
    for (int k = 0; k < nval; k++) {
        const Operand *o = val->kind == OPD_VEC ? &val->sub[k] : val;
        LLVMValueRef v = load_row(e, v64, row(e, data, e->t_i64, k));
        if (wide) {
            inst_write(e, o, TY_B64, v);
            continue;
        }
        v = LLVMBuildTrunc(e->b, v, v32, "");
        if (vty == TY_F32)
            v = LLVMBuildBitCast(e->b, v, LLVMVectorType(e->t_f32, WARP), "");
        else if (type_bits(vty) < 32)
            v = LLVMBuildTrunc(e->b, v, LLVMVectorType(inst_llvm_type(e, vty), WARP), "");
        inst_write(e, o, type_bits(vty) < 32 || vty == TY_F32 ? vty : TY_B32, v);
    }
}
