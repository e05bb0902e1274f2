/* mma.c — tensor-core warp instructions: mma.sync, wmma, ldmatrix,
 * stmatrix.
 *
 * A warp's register is a <32 x T> vector, lane l at element l, so a
 * warp-collective matrix instruction is a permutation of lanes fixed at
 * translation time: each fragment layout of the PTX ISA ("Matrix fragments
 * for mma.m16n8k16" and its siblings) places element e of lane l at a
 * (row, column) of its matrix.
 *
 * mma: element e of D in lane l is C there plus the dot product of row r of
 * A and column c of B, (r, c) its place in the C/D fragment.  For each k
 * the lane and element holding A[r][k] (and B[k][c]) are looked up at
 * translation time, so the warp's A[r(l)][k] is one shufflevector of the
 * vector of that element (one per distinct element), and the dot products
 * of all 32 lanes are one vector multiply-add per k.  The sum starts from C
 * and runs in k order: in f32 for f16, bf16 and tf32 inputs (their
 * products are exact in f32), fused in f64 for .f64, in i32 for integers
 * (i64, clamped at the end, under .satfinite).  With some lanes off (PTX
 * leaves that undefined) the registers of the inactive lanes take part as
 * they are, and only active lanes' destinations are written.
 *
 * wmma: the same computation over a fragment layout of our own (PTX leaves
 * it unspecified); wmma.load and wmma.store gather and scatter each
 * fragment element over the lanes.
 *
 * ldmatrix (stmatrix): each row address goes to the lanes receiving
 * (giving) that row, a shuffle of the address vector, and one masked
 * gather (scatter) a register moves the warp's share; no memory is
 * touched through an inactive lane's address (an active lane expecting
 * that row receives zeros).
 */
#include <assert.h>

#include "emit.h"

/* The shapes and input types implemented.  Every one of them follows the
 * same fragment rule (see frag_place); m8n8k4 with f16 inputs (sm_70) and
 * the sm_90 f64 shapes have other layouts and are not listed. */
typedef struct MmaForm {
    Mod shape;
    int m, n, k;
    PtxType ab; /* A and B element type; s8 stands for u8 too */
} MmaForm;

static const MmaForm mma_forms[] = {
    {MOD_M16N8K8, 16, 8, 8, TY_F16},   {MOD_M16N8K16, 16, 8, 16, TY_F16},
    {MOD_M16N8K8, 16, 8, 8, TY_BF16},  {MOD_M16N8K16, 16, 8, 16, TY_BF16},
    {MOD_M16N8K4, 16, 8, 4, TY_TF32},  {MOD_M16N8K8, 16, 8, 8, TY_TF32},
    {MOD_M16N8K16, 16, 8, 16, TY_S8},  {MOD_M16N8K32, 16, 8, 32, TY_S8},
    {MOD_M8N8K4, 8, 8, 4, TY_F64},
};

enum { MAT_A, MAT_B, MAT_C };

/* An operation's shape and layout family: cpt is the number of A/B
 * elements a 32-bit register holds (1 for tf32 and f64). */
typedef struct Geom {
    int m, n, k, cpt;
    bool wmma;
} Geom;

/* Element e of lane l in the fragment of matrix `mat`.  mma, as the ISA's
 * tables give it, with g = l >> 2 (groupID), t = l & 3 (threadID_in_group)
 * and c = e / cpt:
 *   A: row = g + 8 * (c & 1),   col = t * cpt + e % cpt + 4 * cpt * (c >> 1)
 *   B: row = t * cpt + e % cpt + 4 * cpt * c,   col = g
 *   C, D: row = g + 8 * (e / 2),   col = 2 * t + e % 2
 * wmma leaves its layout unspecified (only wmma.load, wmma.mma and
 * wmma.store see it); here lanes l and l + 16 both hold row l % 16 of A (e
 * its column) and column l % 16 of B (e its row), and lane l holds
 * columns 8 * (l & 1) + e of row l / 2 of C and D. */
static void
frag_place(const Geom *g, int mat, int lane, int el, int *row, int *col)
{
    int grp = lane >> 2, t = lane & 3, cpt = g->cpt, c = el / cpt;
    if (g->wmma) {
        *row = mat == MAT_A ? lane & 15 : mat == MAT_B ? el : lane >> 1;
        *col = mat == MAT_A ? el : mat == MAT_B ? lane & 15 : 8 * (lane & 1) + el;
        return;
    }
    switch (mat) {
    case MAT_A:
        *row = grp + 8 * (c & 1);
        *col = t * cpt + el % cpt + 4 * cpt * (c >> 1);
        break;
    case MAT_B:
        *row = t * cpt + el % cpt + 4 * cpt * c;
        *col = grp;
        break;
    default:
        *row = grp + 8 * (el / 2);
        *col = 2 * t + el % 2;
        break;
    }
}

/* Elements of a fragment in each lane (wmma's A and B hold each twice). */
static int
frag_elems(const Geom *g, int mat)
{
    int n = mat == MAT_A ? g->m * g->k : mat == MAT_B ? g->k * g->n : g->m * g->n;
    return n / WARP * (g->wmma && mat != MAT_C ? 2 : 1);
}

/* The registers of a fragment operand: {a, b, ...} or one register. */
static const Operand *
frag_regs(const Operand *o, int *n)
{
    if (o->kind == OPD_VEC) {
        *n = o->nsub;
        return o->sub;
    }
    *n = 1;
    return o;
}

static LLVMValueRef
vconst(Emit *e, LLVMTypeRef t, uint64_t v)
{
    return emit_splat(e, LLVMConstInt(t, v, 0));
}

/* Element j of a warp register `reg` (<32 x i32>, or <32 x double> for
 * f64) of type ty, as the type its products use: f32, i32 or double. */
static LLVMValueRef
unpack(Emit *e, LLVMValueRef reg, PtxType ty, int j)
{
    LLVMTypeRef vf32 = LLVMVectorType(e->t_f32, WARP);
    switch (ty) {
    case TY_F16: {
        LLVMValueRef h = LLVMBuildLShr(e->b, reg, vconst(e, e->t_i32, 16u * (unsigned)j), "");
        h = LLVMBuildTrunc(e->b, h, LLVMVectorType(e->t_i16, WARP), "");
        return half_to_f32(e, LLVMBuildBitCast(e->b, h, LLVMVectorType(e->t_f16, WARP), ""));
    }
    case TY_BF16: /* the high half of an f32 */
        reg = j ? LLVMBuildAnd(e->b, reg, vconst(e, e->t_i32, 0xffff0000u), "")
                : LLVMBuildShl(e->b, reg, vconst(e, e->t_i32, 16), "");
        return LLVMBuildBitCast(e->b, reg, vf32, "");
    case TY_TF32: /* the 13 low mantissa bits are not part of the value */
        reg = LLVMBuildAnd(e->b, reg, vconst(e, e->t_i32, 0xffffe000u), "");
        return LLVMBuildBitCast(e->b, reg, vf32, "");
    case TY_F32: return LLVMBuildBitCast(e->b, reg, vf32, "");
    case TY_S8:
    case TY_U8:
        reg = LLVMBuildShl(e->b, reg, vconst(e, e->t_i32, 24u - 8u * (unsigned)j), "");
        return ty == TY_S8 ? LLVMBuildAShr(e->b, reg, vconst(e, e->t_i32, 24), "")
                           : LLVMBuildLShr(e->b, reg, vconst(e, e->t_i32, 24), "");
    default: return reg; /* s32, f64 */
    }
}

/* A fragment's elements, each a warp vector (see unpack). */
static LLVMValueRef *
frag_read(Emit *e, const Operand *o, PtxType ty, int nelem)
{
    int nregs, per_reg = type_bits(ty) >= 32 ? 1 : 32 / type_bits(ty);
    const Operand *regs = frag_regs(o, &nregs);
    if (nregs * per_reg != nelem) {
        emit_unsupported(e, o->loc,
                         arena_printf(e->arena,
                                      "a fragment of %d registers here (this shape takes %d)",
                                      nregs, nelem / per_reg));
        return NULL;
    }
    LLVMValueRef *v = arena_alloc(e->arena, sizeof *v * (size_t)nelem);
    for (int r = 0; r < nregs; r++) {
        LLVMValueRef reg = inst_operand(e, &regs[r], ty == TY_F64 ? TY_F64 : TY_B32, true);
        for (int j = 0; j < per_reg; j++)
            v[r * per_reg + j] = unpack(e, reg, ty, j);
    }
    return v;
}

/* The warp vector whose lane l is element src_el[l] of lane src_lane[l]:
 * one shufflevector per distinct source element. */
static LLVMValueRef
permute(Emit *e, LLVMValueRef *elems, const int *src_lane, const int *src_el)
{
    LLVMValueRef r = NULL;
    bool done[WARP] = {0};
    for (int l = 0; l < WARP; l++) {
        if (done[l])
            continue;
        int el = src_el[l];
        LLVMValueRef idx[WARP];
        for (int j = 0; j < WARP; j++) {
            bool mine = src_el[j] == el;
            done[j] |= mine;
            idx[j] = emit_u32(e, mine ? (unsigned)(WARP + src_lane[j]) : (unsigned)j);
        }
        r = LLVMBuildShuffleVector(e->b, r ? r : elems[el], elems[el], LLVMConstVector(idx, WARP),
                                   "");
    }
    return r;
}

/* For each (row, col) of an nrows x ncols matrix: lane * 64 + element of
 * its holder in the fragment of `mat`. */
static int *
frag_holders(Emit *e, const Geom *g, int mat, int ncols, int size)
{
    int *h = arena_alloc(e->arena, sizeof *h * (size_t)size);
    for (int l = 0; l < WARP; l++)
        for (int el = 0; el < frag_elems(g, mat); el++) {
            int row, col;
            frag_place(g, mat, l, el, &row, &col);
            assert(row * ncols + col < size);
            h[row * ncols + col] = l * 64 + el;
        }
    return h;
}

static const MmaForm *
mma_form(const Instr *in, PtxType ty[4], bool *sat)
{
    Mod shape = MOD_NONE;
    int nty = 0, layout = 0;
    *sat = false;
    for (int i = 0; i < in->nmods; i++) {
        Mod m = in->mods[i];
        if (mod_type(m) != TY_NONE) {
            if (nty == 4)
                return NULL;
            ty[nty++] = mod_type(m);
        } else if (m == MOD_ROW || m == MOD_COL) {
            /* .row.col is the only layout of these shapes: A rows, B columns */
            if ((layout == 0) != (m == MOD_ROW))
                return NULL;
            layout++;
        } else if (m == MOD_SATFINITE) {
            *sat = true;
        } else if (m == MOD_SYNC || m == MOD_ALIGNED || (mod_classes(m) & MC_ROUND)) {
            continue; /* .rn .rz .rm .rp: .f64's rounding (check_tex.c), the fmas' */
        } else if (shape == MOD_NONE && (mod_classes(m) & MC_MISC)) {
            shape = m;
        } else {
            return NULL;
        }
    }
    if (nty != 4 || layout != 2)
        return NULL;
    PtxType d = ty[0], a = ty[1], b = ty[2], c = ty[3];
    bool intg = a == TY_S8 || a == TY_U8;
    if (intg ? (b != TY_S8 && b != TY_U8) : a != b)
        return NULL;
    for (size_t i = 0; i < sizeof mma_forms / sizeof mma_forms[0]; i++) {
        const MmaForm *f = &mma_forms[i];
        if (f->shape != shape || f->ab != (intg ? TY_S8 : a))
            continue;
        bool ok;
        switch (f->ab) {
        case TY_F16:
            ok = (d == TY_F16 || d == TY_F32) && (c == TY_F16 || c == TY_F32) && !*sat;
            break;
        case TY_S8: ok = d == TY_S32 && c == TY_S32; break;
        case TY_F64: ok = d == TY_F64 && c == TY_F64 && !*sat; break;
        default: ok = d == TY_F32 && c == TY_F32 && !*sat; break; /* bf16, tf32 */
        }
        return ok ? f : NULL;
    }
    return NULL;
}

/* Writes D's elements (f32, f64 or i32/i64 vectors) to its registers. */
static void
frag_write(Emit *e, const Operand *o, PtxType ty, LLVMValueRef *v, int nelem, bool sat)
{
    int nregs;
    const Operand *regs = frag_regs(o, &nregs);
    int per_reg = ty == TY_F16 ? 2 : 1;
    if (nregs * per_reg != nelem) {
        emit_unsupported(e, o->loc,
                         arena_printf(e->arena,
                                      "a fragment of %d registers here (this shape takes %d)",
                                      nregs, nelem / per_reg));
        return;
    }
    LLVMTypeRef vi32 = LLVMVectorType(e->t_i32, WARP);
    for (int r = 0; r < nregs; r++) {
        if (ty == TY_F16) {
            LLVMValueRef w = NULL;
            for (int j = 0; j < 2; j++) {
                LLVMValueRef h = f32_to_half(e, v[2 * r + j], e->t_f16);
                h = LLVMBuildBitCast(e->b, h, LLVMVectorType(e->t_i16, WARP), "");
                h = LLVMBuildZExt(e->b, h, vi32, "");
                w = j ? LLVMBuildOr(e->b, w, LLVMBuildShl(e->b, h, vconst(e, e->t_i32, 16), ""), "")
                      : h;
            }
            inst_write(e, &regs[r], TY_B32, w);
        } else if (ty == TY_S32 && sat) {
            LLVMValueRef x = v[r];
            LLVMValueRef lo = vconst(e, e->t_i64, (uint64_t)INT32_MIN),
                         hi = vconst(e, e->t_i64, INT32_MAX);
            x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, x, lo, ""), lo, x, "");
            x = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSGT, x, hi, ""), hi, x, "");
            inst_write(e, &regs[r], TY_S32, LLVMBuildTrunc(e->b, x, vi32, ""));
        } else {
            inst_write(e, &regs[r], ty, v[r]);
        }
    }
}

/* D = A * B + C for the fragments' elements (see unpack); ab is the
 * input type (s8 for s8 and u8), sat .satfinite (C in i32, D in i64),
 * rnd the rounding of each .f64 fma (.rz, .rm, .rp; else to nearest). */
static LLVMValueRef *
mma_compute(Emit *e, const Geom *g, PtxType ab, LLVMValueRef *a, LLVMValueRef *b, LLVMValueRef *c,
            bool sat, const Instr *in, Mod rnd)
{
    int *ha = frag_holders(e, g, MAT_A, g->k, g->m * g->k);
    int *hb = frag_holders(e, g, MAT_B, g->n, g->k * g->n);
    int nc = frag_elems(g, MAT_C);
    LLVMTypeRef vi64 = LLVMVectorType(e->t_i64, WARP);
    LLVMValueRef *d = arena_alloc(e->arena, sizeof *d * (size_t)nc);
    for (int el = 0; el < nc; el++) {
        LLVMValueRef acc = sat ? LLVMBuildSExt(e->b, c[el], vi64, "") : c[el];
        for (int kk = 0; kk < g->k; kk++) {
            int la[WARP], ea[WARP], lb[WARP], eb[WARP];
            for (int l = 0; l < WARP; l++) {
                int row, col;
                frag_place(g, MAT_C, l, el, &row, &col);
                int x = ha[row * g->k + kk], y = hb[kk * g->n + col];
                la[l] = x / 64, ea[l] = x % 64, lb[l] = y / 64, eb[l] = y % 64;
            }
            LLVMValueRef av = permute(e, a, la, ea), bv = permute(e, b, lb, eb);
            if (ab == TY_F64) {
                LLVMTypeRef vt = LLVMTypeOf(acc);
                LLVMValueRef args[] = {av, bv, acc};
                acc = rnd == MOD_RZ || rnd == MOD_RM || rnd == MOD_RP
                          ? directed_op(e, in, OP_FMA, rnd, args, true)
                          : emit_intrinsic(e, "llvm.fma", &vt, 1, args, 3);
            } else if (ab == TY_S8) {
                LLVMValueRef p = LLVMBuildMul(e->b, av, bv, ""); /* |p| < 2^16: exact */
                acc = LLVMBuildAdd(e->b, acc, sat ? LLVMBuildSExt(e->b, p, vi64, "") : p, "");
            } else {
                acc = LLVMBuildFAdd(e->b, acc, LLVMBuildFMul(e->b, av, bv, ""), "");
            }
        }
        d[el] = acc;
    }
    return d;
}

/* mma.sync.aligned.SHAPE.row.col.D.A.B.C{.satfinite} d, a, b, c */
void
emit_mma(Emit *e, const Instr *in)
{
    PtxType ty[4];
    bool sat;
    const MmaForm *f = in->nopnd == 4 ? mma_form(in, ty, &sat) : NULL;
    if (!f) {
        emit_unsupported(e, in->loc, "this form of 'mma'");
        return;
    }
    int bits = type_bits(f->ab);
    Geom g = {f->m, f->n, f->k, bits >= 32 ? 1 : 32 / bits, false};
    LLVMValueRef *a = frag_read(e, &in->opnd[1], ty[1], frag_elems(&g, MAT_A));
    LLVMValueRef *b = frag_read(e, &in->opnd[2], ty[2], frag_elems(&g, MAT_B));
    LLVMValueRef *c = frag_read(e, &in->opnd[3], ty[3], frag_elems(&g, MAT_C));
    if (!a || !b || !c)
        return;
    Mod rnd = MOD_NONE;
    for (int i = 0; i < in->nmods; i++)
        if (mod_classes(in->mods[i]) & MC_ROUND)
            rnd = in->mods[i];
    LLVMValueRef *d = mma_compute(e, &g, f->ab, a, b, c, sat, in, rnd);
    frag_write(e, &in->opnd[0], ty[0], d, frag_elems(&g, MAT_C), sat);
}

/* ldmatrix.sync.aligned.m8n8.xN{.trans}{.shared{::cta}}.b16 d, [p] and
 * stmatrix.sync.aligned.m8n8.xN{.trans}{.shared{::cta}}.b16 [p], d.
 * Matrix i's row r is at the address lane 8 * i + r gives.  Register i of
 * lane l holds the two halves at row l / 4, columns 2 * (l % 4) and +1;
 * with .trans, those at column l / 4, rows 2 * (l % 4) and +1. */
void
emit_movmatrix(Emit *e, const Instr *in)
{
    bool store = in->op == OP_STMATRIX;
    const char *name = opcode_name(in->op);
    int num = 0, shape = 0;
    bool trans = false, ok = true;
    for (int i = 0; i < in->nmods; i++) {
        switch (in->mods[i]) {
        case MOD_X1: num = 1; break;
        case MOD_X2: num = 2; break;
        case MOD_X4: num = 4; break;
        case MOD_TRANS: trans = true; break;
        case MOD_M8N8: shape++; break;
        case MOD_SYNC: case MOD_ALIGNED: case MOD_SHARED: case MOD_SHARED_CTA: case MOD_B16: break;
        default: ok = false; break;
        }
    }
    const Operand *mem = &in->opnd[store ? 0 : 1];
    int nregs;
    const Operand *regs = frag_regs(&in->opnd[store ? 1 : 0], &nregs);
    if (!ok || shape != 1 || num == 0 || !instr_has_mod(in, MOD_B16) || mem->kind != OPD_MEM) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "this form of '%s'", name));
        return;
    }
    if (nregs != num) {
        emit_unsupported(e, regs->loc,
                         arena_printf(e->arena, "'%s.x%d' with %d registers", name, num, nregs));
        return;
    }
    LLVMValueRef ptrs =
        emit_splat(e, mem_address(e, mem, in->space == SP_SHARED ? SP_SHARED : SP_GENERIC));
    LLVMValueRef active = emit_mask_vec(e, emit_cur_mask(e));
    LLVMTypeRef vptr = LLVMVectorType(e->t_ptr, WARP);
    LLVMTypeRef t = trans ? e->t_i16 : e->t_i32;
    LLVMTypeRef vt = LLVMVectorType(t, WARP), vi32 = LLVMVectorType(e->t_i32, WARP);
    for (int i = 0; i < num; i++) {
        LLVMValueRef reg = store ? inst_operand(e, &regs[i], TY_B32, true) : NULL, w = NULL;
        for (int j = 0; j < (trans ? 2 : 1); j++) {
            LLVMValueRef src[WARP], off[WARP];
            for (int l = 0; l < WARP; l++) {
                int row = trans ? 2 * (l & 3) + j : l >> 2;
                int byte = trans ? 2 * (l >> 2) : 4 * (l & 3);
                src[l] = emit_u32(e, (unsigned)(8 * i + row));
                off[l] = LLVMConstInt(e->t_i64, (unsigned)byte, 0);
            }
            LLVMValueRef sel = LLVMConstVector(src, WARP);
            LLVMValueRef p = LLVMBuildShuffleVector(e->b, ptrs, LLVMGetUndef(vptr), sel, "");
            LLVMValueRef offs = LLVMConstVector(off, WARP);
            p = LLVMBuildGEP2(e->b, e->t_i8, p, &offs, 1, "");
            /* a lane moves its part only when it and the lane giving the
             * row's address are active */
            LLVMValueRef m =
                LLVMBuildShuffleVector(e->b, active, LLVMGetUndef(e->t_v32i1), sel, "");
            m = LLVMBuildAnd(e->b, m, active, "");
            LLVMTypeRef over[] = {vt, vptr};
            LLVMValueRef align = emit_u32(e, trans ? 2 : 4);
            if (store) {
                LLVMValueRef v =
                    trans
                        ? LLVMBuildTrunc(
                              e->b,
                              LLVMBuildLShr(e->b, reg, vconst(e, e->t_i32, 16u * (unsigned)j), ""),
                              vt, "")
                        : reg;
                LLVMValueRef args[] = {v, p, align, m};
                emit_intrinsic(e, "llvm.masked.scatter", over, 2, args, 4);
                continue;
            }
            LLVMValueRef args[] = {p, align, m, LLVMConstNull(vt)};
            LLVMValueRef v = emit_intrinsic(e, "llvm.masked.gather", over, 2, args, 4);
            if (trans) {
                v = LLVMBuildZExt(e->b, v, vi32, "");
                v = j ? LLVMBuildOr(e->b, w, LLVMBuildShl(e->b, v, vconst(e, e->t_i32, 16), ""), "")
                      : v;
            }
            w = v;
        }
        if (!store)
            inst_write(e, &regs[i], TY_B32, w);
    }
}

static const Geom wmma_geom = {16, 16, 16, 2, true};

/* wmma.mma.sync.aligned.ALAYOUT.BLAYOUT.m16n16k16.D.C d, a, b, c with f16
 * A and B.  The layouts say how the fragments were loaded; the fragments
 * here hold matrix elements whatever the memory layout was. */
void
emit_wmma_mma(Emit *e, const Instr *in)
{
    PtxType ty[2];
    int nty = 0, nlayout = 0, shape = 0;
    bool ok = true;
    for (int i = 0; i < in->nmods; i++) {
        Mod m = in->mods[i];
        if ((mod_type(m) == TY_F16 || mod_type(m) == TY_F32) && nty < 2)
            ty[nty++] = mod_type(m);
        else if (m == MOD_ROW || m == MOD_COL)
            nlayout++;
        else if (m == MOD_M16N16K16)
            shape++;
        else if (m != MOD_SYNC && m != MOD_ALIGNED)
            ok = false;
    }
    if (!ok || nty != 2 || nlayout != 2 || shape != 1) {
        emit_unsupported(e, in->loc, "this form of 'wmma.mma'");
        return;
    }
    const Geom *g = &wmma_geom;
    LLVMValueRef *a = frag_read(e, &in->opnd[1], TY_F16, frag_elems(g, MAT_A));
    LLVMValueRef *b = frag_read(e, &in->opnd[2], TY_F16, frag_elems(g, MAT_B));
    LLVMValueRef *c = frag_read(e, &in->opnd[3], ty[1], frag_elems(g, MAT_C));
    if (!a || !b || !c)
        return;
    LLVMValueRef *d = mma_compute(e, g, TY_F16, a, b, c, false, in, MOD_NONE);
    frag_write(e, &in->opnd[0], ty[0], d, frag_elems(g, MAT_C), false);
}

/* wmma.load.{a,b,c}.sync.aligned.LAYOUT.m16n16k16{.space}.TYPE r, [p], stride
 * wmma.store.d.sync.aligned.LAYOUT.m16n16k16{.space}.TYPE [p], r, stride
 * Element (row, col) is at p + (row * stride + col) * size for .row,
 * p + (col * stride + row) * size for .col; each active lane moves the
 * elements its fragment holds. */
void
emit_wmma_move(Emit *e, const Instr *in)
{
    bool store = in->op == OP_WMMA_STORE_D;
    int mat = in->op == OP_WMMA_LOAD_A ? MAT_A : in->op == OP_WMMA_LOAD_B ? MAT_B : MAT_C;
    const char *name = opcode_name(in->op);
    PtxType ty = TY_NONE;
    int nlayout = 0, shape = 0;
    bool col_major = false, ok = true;
    for (int i = 0; i < in->nmods; i++) {
        Mod m = in->mods[i];
        if (mod_type(m) != TY_NONE && ty == TY_NONE) {
            ty = mod_type(m);
        } else if (m == MOD_ROW || m == MOD_COL) {
            nlayout++;
            col_major = m == MOD_COL;
        } else if (m == MOD_M16N16K16) {
            shape++;
        } else if (m != MOD_SYNC && m != MOD_ALIGNED && m != MOD_GLOBAL && m != MOD_SHARED &&
                   m != MOD_SHARED_CTA) {
            ok = false;
        }
    }
    ok &= ty == TY_F16 || (ty == TY_F32 && mat == MAT_C);
    const Operand *mem = &in->opnd[store ? 0 : 1];
    if (!ok || nlayout != 1 || shape != 1 || mem->kind != OPD_MEM) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "this form of '%s'", name));
        return;
    }
    if (in->nopnd < 3) {
        emit_unsupported(e, in->loc, arena_printf(e->arena, "'%s' without a stride", name));
        return;
    }
    const Geom *g = &wmma_geom;
    int nelem = frag_elems(g, mat), per_reg = ty == TY_F16 ? 2 : 1, nregs;
    const Operand *regs = frag_regs(&in->opnd[store ? 1 : 0], &nregs);
    if (nregs * per_reg != nelem) {
        emit_unsupported(e, regs->loc,
                         arena_printf(e->arena, "'%s' with %d registers", name, nregs));
        return;
    }
    Space sp = in->space == SP_SHARED ? SP_SHARED : SP_GENERIC; /* .global: a host address */
    LLVMValueRef ptrs = emit_splat(e, mem_address(e, mem, sp));
    LLVMTypeRef vi64 = LLVMVectorType(e->t_i64, WARP), vi32 = LLVMVectorType(e->t_i32, WARP);
    LLVMValueRef stride =
        LLVMBuildZExt(e->b, inst_operand(e, &in->opnd[2], TY_U32, true), vi64, "");
    LLVMValueRef active = emit_mask_vec(e, emit_cur_mask(e));
    LLVMTypeRef t = ty == TY_F16 ? e->t_i16 : e->t_i32, vt = LLVMVectorType(t, WARP);
    LLVMTypeRef over[] = {vt, LLVMVectorType(e->t_ptr, WARP)};
    LLVMValueRef size = vconst(e, e->t_i64, (uint64_t)type_bits(ty) / 8),
                 align = emit_u32(e, (unsigned)type_bits(ty) / 8);
    for (int r = 0; r < nregs; r++) {
        LLVMValueRef reg = store ? inst_operand(e, &regs[r], TY_B32, true) : NULL, w = NULL;
        for (int j = 0; j < per_reg; j++) {
            LLVMValueRef major[WARP], minor[WARP];
            for (int l = 0; l < WARP; l++) {
                int row, col;
                frag_place(g, mat, l, r * per_reg + j, &row, &col);
                major[l] = LLVMConstInt(e->t_i64, (unsigned)(col_major ? col : row), 0);
                minor[l] = LLVMConstInt(e->t_i64, (unsigned)(col_major ? row : col), 0);
            }
            LLVMValueRef off = LLVMBuildMul(e->b, LLVMConstVector(major, WARP), stride, "");
            off = LLVMBuildMul(e->b, LLVMBuildAdd(e->b, off, LLVMConstVector(minor, WARP), ""),
                               size, "");
            LLVMValueRef p = LLVMBuildGEP2(e->b, e->t_i8, ptrs, &off, 1, "");
            if (store) {
                LLVMValueRef v = reg;
                if (per_reg == 2)
                    v = LLVMBuildTrunc(
                        e->b, LLVMBuildLShr(e->b, reg, vconst(e, e->t_i32, 16u * (unsigned)j), ""),
                        vt, "");
                LLVMValueRef args[] = {v, p, align, active};
                emit_intrinsic(e, "llvm.masked.scatter", over, 2, args, 4);
                continue;
            }
            LLVMValueRef args[] = {p, align, active, LLVMConstNull(vt)};
            LLVMValueRef v = emit_intrinsic(e, "llvm.masked.gather", over, 2, args, 4);
            if (per_reg == 2)
                v = LLVMBuildZExt(e->b, v, vi32, "");
            w = j ? LLVMBuildOr(e->b, w, LLVMBuildShl(e->b, v, vconst(e, e->t_i32, 16), ""), "")
                  : v;
        }
        if (!store)
            inst_write(e, &regs[r], TY_B32, w);
    }
}

