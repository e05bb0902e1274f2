/* warp.c — the warp-level operations: shfl, vote, match, redux, elect,
 * activemask and bar.warp.sync.
 *
 * Who takes part.  A .sync operation names its lanes in a member mask; the
 * participants are the instruction's active lanes (guard applied) that the
 * mask names (warp_members).  Lanes outside are neither read nor written.
 * The mask may differ per lane — each tile of a cooperative_groups
 * partition passes its own — and then each lane combines the participants
 * of its own mask.  The PTX ISA leaves undefined an executing lane outside
 * its own member mask, members that pass different masks, and (shfl) a
 * source lane that is inactive or outside the mask: such lanes get
 * whatever falls out, nothing is promised.
 *
 * The active lanes of a warp run in lockstep, so waiting for the members
 * costs nothing: every member on the running path is here.  Members on
 * other paths of a divergent branch: bar.warp.sync waits for them (flow.c,
 * emit_warp_sync_arrival, before this runs); the other operations neither
 * wait for nor read them.
 */
#include <math.h>
#include <string.h>

#include "emit.h"

static Mod
first_mod(const Instr *in, const Mod *choices, int n)
{
    for (int i = 0; i < n; i++)
        if (instr_has_mod(in, choices[i]))
            return choices[i];
    return MOD_NONE;
}

static LLVMValueRef
cttz(Emit *e, LLVMValueRef v) /* 32 for 0 */
{
    LLVMTypeRef t = LLVMTypeOf(v);
    LLVMValueRef args[] = {v, LLVMConstInt(e->t_i1, 0, 0)};
    return emit_intrinsic(e, "llvm.cttz", &t, 1, args, 2);
}

/* The participants of a warp operation, as seen from each lane: the active
 * lanes its member mask names (the last operand of a .sync form; every
 * active lane for a form without one, such as vote.any.pred).  An i32 when
 * the mask is uniform, else a <32 x i32>. */
static LLVMValueRef
warp_members(Emit *e, const Instr *in)
{
    LLVMValueRef act = emit_cur_mask(e);
    if (!instr_has_mod(in, MOD_SYNC))
        return act;
    const Operand *mo = &in->opnd[in->nopnd - 1];
    bool vec = operand_varying(e, mo);
    LLVMValueRef m = inst_operand(e, mo, TY_B32, vec);
    return LLVMBuildAnd(e->b, m, vec ? emit_splat(e, act) : act, "members");
}

/* A value of type rt computed over one set of participants (an i32). */
typedef LLVMValueRef MembersFn(Emit *e, LLVMValueRef members, void *ctx);

/* fn over the participants: once for a uniform set; for a varying one,
 * once per distinct set among the active lanes (a loop with one trip per
 * tile of a partitioned warp), each lane taking the value of its own set. */
static LLVMValueRef
per_member_set(Emit *e, LLVMValueRef members, LLVMTypeRef rt, MembersFn *fn, void *ctx)
{
    if (!emit_is_vec(members))
        return fn(e, members, ctx);
    LLVMTypeRef vt = LLVMVectorType(rt, WARP);
    LLVMValueRef act = emit_cur_mask(e), zero = LLVMConstNull(vt);
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b), head = emit_new_block(e, "sets"),
                      body = emit_new_block(e, "set"), done = emit_new_block(e, "sets.done");
    LLVMBuildBr(e->b, head);
    LLVMPositionBuilderAtEnd(e->b, head);
    LLVMValueRef left = LLVMBuildPhi(e->b, e->t_i32, "left"), acc = LLVMBuildPhi(e->b, vt, "acc");
    LLVMAddIncoming(left, &act, &pre, 1);
    LLVMAddIncoming(acc, &zero, &pre, 1);
    LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, left, emit_u32(e, 0), ""), done, body);
    LLVMPositionBuilderAtEnd(e->b, body);
    LLVMValueRef set = LLVMBuildExtractElement(e->b, members, cttz(e, left), "set");
    LLVMValueRef r = fn(e, set, ctx);
    LLVMValueRef same =
        emit_mask_i32(e, LLVMBuildICmp(e->b, LLVMIntEQ, members, emit_splat(e, set), ""));
    same = LLVMBuildAnd(e->b, same, left, "");
    LLVMValueRef nacc = LLVMBuildSelect(e->b, emit_mask_vec(e, same), emit_splat(e, r), acc, "");
    LLVMValueRef nleft = LLVMBuildAnd(e->b, left, LLVMBuildNot(e->b, same, ""), "");
    LLVMBasicBlockRef last = LLVMGetInsertBlock(e->b);
    LLVMAddIncoming(left, &nleft, &last, 1);
    LLVMAddIncoming(acc, &nacc, &last, 1);
    LLVMBuildBr(e->b, head);
    LLVMPositionBuilderAtEnd(e->b, done);
    return acc;
}

/* ---------------------------------------------------------------- shfl */

/* The PTX ISA's source lane of shfl for lane `lane` (its pseudo-code):
 * b[4:0] is the lane or offset, c[4:0] the clamp, c[12:8] the segment
 * mask; out of range (*in_range false) a lane reads its own value. */
static unsigned
shfl_source(Mod mode, unsigned lane, uint32_t b, uint32_t c, bool *in_range)
{
    unsigned bval = b & 31, clamp = c & 31, seg = (c >> 8) & 31;
    int maxl = (int)((lane & seg) | (clamp & ~seg)), minl = (int)(lane & seg), j;
    bool ok;
    switch (mode) {
    case MOD_UP: j = (int)lane - (int)bval, ok = j >= maxl; break;
    case MOD_DOWN: j = (int)(lane + bval), ok = j <= maxl; break;
    case MOD_BFLY: j = (int)(lane ^ bval), ok = j <= maxl; break;
    default: j = minl | (int)(bval & ~seg), ok = j <= maxl; break; /* idx */
    }
    *in_range = ok;
    return ok ? (unsigned)j : lane;
}

/* Whether the target has the feature `name` ("+avx2"), as far as the
 * module's required features say (an unknown named CPU: none). */
static bool
has_feature(Emit *e, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = e->required_features ? e->required_features : ""; *p;) {
        size_t m = strcspn(p, ",");
        if (m == n && strncmp(p, name, n) == 0)
            return true;
        p += m + (p[m] == ',');
    }
    return false;
}

/* a[j[l]] in each lane l (j in 0..31): a permutation known only at run
 * time.  In pieces of the host's vector (16 lanes with AVX-512, 8 with
 * AVX2): each piece of the result takes one permute of each piece of a by
 * j mod the width (the lanes of an extractelement at each index, which the
 * backend turns into one vpermd) and keeps the one j names.  Elsewhere an
 * extractelement a lane.  Where j turns out constant after optimisation
 * (nvcc keeps b and c in registers) it all folds into a shufflevector, and
 * for a uniform j into a splat. */
static LLVMValueRef
permute(Emit *e, LLVMValueRef a, LLVMValueRef j)
{
    unsigned w = has_feature(e, "+avx512f") ? 16 : has_feature(e, "+avx2") ? 8 : WARP;
    unsigned npiece = WARP / w, shift = w == 16 ? 4 : w == 8 ? 3 : 5;
    LLVMTypeRef pt = LLVMVectorType(e->t_i32, w);
    LLVMValueRef jm = LLVMBuildAnd(e->b, j, emit_splat(e, emit_u32(e, w - 1)), "");
    LLVMValueRef jp = LLVMBuildLShr(e->b, j, emit_splat(e, emit_u32(e, shift)), "");
    LLVMValueRef src[WARP], out[WARP], idx[WARP];
    for (unsigned k = 0; k < npiece; k++) { /* a's pieces */
        for (unsigned l = 0; l < w; l++)
            idx[l] = emit_u32(e, k * w + l);
        src[k] = w == WARP ? a
                           : LLVMBuildShuffleVector(e->b, a, LLVMGetPoison(LLVMTypeOf(a)),
                                                    LLVMConstVector(idx, w), "");
    }
    for (unsigned h = 0; h < npiece; h++) { /* the result's pieces */
        LLVMValueRef jh = jm, ph = jp;
        if (w != WARP) {
            for (unsigned l = 0; l < w; l++)
                idx[l] = emit_u32(e, h * w + l);
            LLVMValueRef sel = LLVMConstVector(idx, w), none = LLVMGetPoison(LLVMTypeOf(j));
            jh = LLVMBuildShuffleVector(e->b, jm, none, sel, "");
            ph = LLVMBuildShuffleVector(e->b, jp, none, sel, "");
        }
        out[h] = NULL;
        for (unsigned k = 0; k < npiece; k++) {
            LLVMValueRef x = LLVMGetPoison(pt);
            for (unsigned l = 0; l < w; l++) {
                LLVMValueRef at = LLVMBuildExtractElement(e->b, jh, emit_u32(e, l), "");
                x = LLVMBuildInsertElement(e->b, x, LLVMBuildExtractElement(e->b, src[k], at, ""),
                                           emit_u32(e, l), "");
            }
            if (!out[h]) {
                out[h] = x;
            } else {
                for (unsigned l = 0; l < w; l++)
                    idx[l] = emit_u32(e, k);
                LLVMValueRef here = LLVMBuildICmp(e->b, LLVMIntEQ, ph, LLVMConstVector(idx, w), "");
                out[h] = LLVMBuildSelect(e->b, here, x, out[h], "");
            }
        }
    }
    /* the pieces side by side */
    for (unsigned n = npiece, width = w; n > 1; n /= 2, width *= 2) {
        for (unsigned l = 0; l < 2 * width; l++)
            idx[l] = emit_u32(e, l);
        for (unsigned h = 0; h < n / 2; h++)
            out[h] = LLVMBuildShuffleVector(e->b, out[2 * h], out[2 * h + 1],
                                            LLVMConstVector(idx, 2 * width), "");
    }
    return out[0];
}

/* shfl.sync.MODE.b32 d[|p], a, b, c, membermask: constant b and c give a
 * fixed permutation, a shufflevector; others compute the same pseudo-code
 * per lane and permute (above). */
void
emit_shfl(Emit *e, const Instr *in)
{
    static const Mod modes[] = {MOD_UP, MOD_DOWN, MOD_BFLY, MOD_IDX};
    Mod mode = first_mod(in, modes, 4);
    if (mode == MOD_NONE) {
        emit_unsupported(e, in->loc, "this shfl mode");
        return;
    }
    const Operand *d = &in->opnd[0], *bo = &in->opnd[2], *co = &in->opnd[3];
    LLVMValueRef a = inst_operand(e, &in->opnd[1], TY_B32, true);
    LLVMValueRef r, ok = NULL;
    if (bo->kind == OPD_IMM && co->kind == OPD_IMM) {
        LLVMValueRef idx[WARP], pv[WARP];
        for (unsigned l = 0; l < WARP; l++) {
            bool in_range;
            idx[l] =
                emit_u32(e, shfl_source(mode, l, (uint32_t)bo->imm, (uint32_t)co->imm, &in_range));
            pv[l] = LLVMConstInt(e->t_i1, in_range, 0);
        }
        r = LLVMBuildShuffleVector(e->b, a, LLVMGetUndef(LLVMTypeOf(a)), LLVMConstVector(idx, WARP),
                                   "");
        ok = LLVMConstVector(pv, WARP);
    } else {
        LLVMValueRef m31 = emit_splat(e, emit_u32(e, 31));
        LLVMValueRef b = LLVMBuildAnd(e->b, inst_operand(e, bo, TY_U32, true), m31, "");
        LLVMValueRef c = inst_operand(e, co, TY_U32, true);
        LLVMValueRef lane = emit_lane_iota(e, e->t_i32);
        LLVMValueRef clamp = LLVMBuildAnd(e->b, c, m31, "");
        LLVMValueRef seg =
            LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, c, emit_splat(e, emit_u32(e, 8)), ""), m31, "");
        LLVMValueRef minl = LLVMBuildAnd(e->b, lane, seg, "");
        LLVMValueRef maxl =
            LLVMBuildOr(e->b, minl, LLVMBuildAnd(e->b, clamp, LLVMBuildNot(e->b, seg, ""), ""), "");
        LLVMValueRef j;
        switch (mode) {
        case MOD_UP:
            j = LLVMBuildSub(e->b, lane, b, ""); /* may go below 0: signed */
            ok = LLVMBuildICmp(e->b, LLVMIntSGE, j, maxl, "");
            break;
        case MOD_DOWN: j = LLVMBuildAdd(e->b, lane, b, ""); break;
        case MOD_BFLY: j = LLVMBuildXor(e->b, lane, b, ""); break;
        default:
            j = LLVMBuildOr(e->b, minl, LLVMBuildAnd(e->b, b, LLVMBuildNot(e->b, seg, ""), ""), "");
            break;
        }
        if (mode != MOD_UP)
            ok = LLVMBuildICmp(e->b, LLVMIntSLE, j, maxl, "");
        j = LLVMBuildSelect(e->b, ok, j, lane, "");
        r = permute(e, a, j);
    }
    if (d->kind == OPD_PAIR) {
        inst_write(e, &d->sub[0], TY_B32, r);
        inst_write(e, &d->sub[1], TY_PRED, ok);
    } else {
        inst_write(e, d, TY_B32, r);
    }
}

/* ---------------------------------------------------- vote, match, elect */

/* vote{.sync}.MODE d, {!}a{, membermask}: the participants whose
 * predicate is true (ballot), compared with all of them (all, any, uni). */
void
emit_vote(Emit *e, const Instr *in)
{
    static const Mod modes[] = {MOD_BALLOT, MOD_ALL, MOD_ANY, MOD_UNI};
    Mod mode = first_mod(in, modes, 4);
    LLVMValueRef mem = warp_members(e, in);
    LLVMValueRef yes = emit_mask_i32(e, inst_operand(e, &in->opnd[1], TY_PRED, false));
    if (emit_is_vec(mem))
        yes = emit_splat(e, yes);
    yes = LLVMBuildAnd(e->b, yes, mem, "");
    LLVMValueRef all = LLVMBuildICmp(e->b, LLVMIntEQ, yes, mem, "");
    LLVMValueRef none = LLVMBuildICmp(e->b, LLVMIntEQ, yes, LLVMConstNull(LLVMTypeOf(yes)), "");
    LLVMValueRef r;
    switch (mode) {
    case MOD_BALLOT: inst_write(e, &in->opnd[0], TY_B32, yes); return;
    case MOD_ALL: r = all; break;
    case MOD_ANY: r = LLVMBuildNot(e->b, none, ""); break;
    case MOD_UNI: r = LLVMBuildOr(e->b, all, none, ""); break;
    default: emit_unsupported(e, in->loc, "this vote mode"); return;
    }
    inst_write(e, &in->opnd[0], TY_PRED, r);
}

/* match.any.sync.type d, a, membermask: the participants whose a equals
 * mine; match.all.sync.type d[|p], a, membermask: all the participants
 * when they all hold the same a, else 0 (p: whether they do). */
void
emit_match(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    bool all_mode = instr_has_mod(in, MOD_ALL);
    LLVMValueRef a = inst_operand(e, &in->opnd[1], ty, true);
    LLVMValueRef mem = warp_members(e, in);
    LLVMValueRef val, all = NULL;
    if (all_mode && !emit_is_vec(mem)) { /* one set: compare with its first lane */
        LLVMValueRef first = LLVMBuildExtractElement(e->b, a, emit_lowest_lane(e, mem), "");
        LLVMValueRef eq =
            LLVMBuildOr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, a, emit_splat(e, first), ""),
                        LLVMBuildNot(e->b, emit_mask_vec(e, mem), ""), "");
        LLVMTypeRef bt = e->t_v32i1;
        all = emit_intrinsic(e, "llvm.vector.reduce.and", &bt, 1, &eq, 1);
        val = LLVMBuildSelect(e->b, all, mem, emit_u32(e, 0), "");
    } else {
        /* same[l]: the lanes whose a equals lane l's */
        LLVMValueRef same = LLVMConstNull(LLVMVectorType(e->t_i32, WARP));
        for (unsigned l = 0; l < WARP; l++) {
            LLVMValueRef x = LLVMBuildExtractElement(e->b, a, emit_u32(e, l), "");
            LLVMValueRef bits =
                emit_mask_i32(e, LLVMBuildICmp(e->b, LLVMIntEQ, a, emit_splat(e, x), ""));
            same = LLVMBuildInsertElement(e->b, same, bits, emit_u32(e, l), "");
        }
        LLVMValueRef mv = emit_splat(e, mem);
        val = LLVMBuildAnd(e->b, same, mv, "");
        if (all_mode) {
            all = LLVMBuildICmp(e->b, LLVMIntEQ, val, mv, "");
            val = LLVMBuildSelect(e->b, all, mv, LLVMConstNull(LLVMTypeOf(mv)), "");
        }
    }
    const Operand *d = &in->opnd[0];
    if (d->kind == OPD_PAIR) {
        inst_write(e, &d->sub[0], TY_B32, val);
        inst_write(e, &d->sub[1], TY_PRED, all ? all : LLVMConstInt(e->t_i1, 1, 0));
    } else {
        inst_write(e, d, TY_B32, val);
    }
}

/* elect.sync d|p, membermask: the leader is the lowest participant; d is
 * its %laneid, p true in the leader alone. */
void
emit_elect(Emit *e, const Instr *in)
{
    const Operand *d = &in->opnd[0];
    LLVMValueRef leader = cttz(e, warp_members(e, in));
    const Operand *dl = d->kind == OPD_PAIR ? &d->sub[0] : d,
                  *dp = d->kind == OPD_PAIR ? &d->sub[1] : NULL;
    inst_write(e, dl, TY_B32, leader);
    if (dp)
        inst_write(
            e, dp, TY_PRED,
            LLVMBuildICmp(e->b, LLVMIntEQ, emit_lane_iota(e, e->t_i32), emit_splat(e, leader), ""));
}

/* --------------------------------------------------------------- redux */

typedef struct Redux {
    LLVMValueRef a, ident;
    const char *name;
    bool fp, nan; /* .f32; .NaN */
} Redux;

/* An integer op folds the members' a.  An .f32 min/max (with +0.0 above
 * -0.0) folds the members' a, less the NaNs unless .NaN; it is the
 * canonical NaN when a NaN is left (.NaN) or nothing is (all NaN). */
static LLVMValueRef
redux_set(Emit *e, LLVMValueRef members, void *ctx)
{
    Redux *x = ctx;
    LLVMValueRef ok = emit_mask_vec(e, members);
    if (x->fp && !x->nan)
        ok = LLVMBuildAnd(e->b, ok, LLVMBuildFCmp(e->b, LLVMRealORD, x->a, x->a, ""), "");
    LLVMValueRef v = LLVMBuildSelect(e->b, ok, x->a, emit_splat(e, x->ident), "");
    LLVMTypeRef vt = LLVMTypeOf(v);
    LLVMValueRef r = emit_intrinsic(e, x->name, &vt, 1, &v, 1);
    if (!x->fp)
        return r;
    LLVMValueRef none = LLVMBuildICmp(e->b, LLVMIntEQ, emit_mask_i32(e, ok), emit_u32(e, 0), "");
    LLVMValueRef nan = LLVMBuildOr(e->b, none, LLVMBuildFCmp(e->b, LLVMRealUNO, r, r, ""), "");
    LLVMValueRef canon = LLVMBuildBitCast(e->b, emit_u32(e, 0x7fffffff), e->t_f32, "");
    return LLVMBuildSelect(e->b, nan, canon, r, "");
}

/* redux.sync.op.type d, a, membermask: op over the participants' a;
 * redux.sync.min/max{.abs}{.NaN}.f32 likewise, .abs on the inputs. */
void
emit_redux(Emit *e, const Instr *in)
{
    PtxType ty = itype(in);
    static const Mod ops[] = {MOD_ADD, MOD_AND, MOD_OR, MOD_XOR, MOD_MIN, MOD_MAX};
    Mod op = first_mod(in, ops, 6);
    Redux x = {.fp = type_kind(ty) == TK_FLOAT, .nan = instr_has_mod(in, MOD_NANMOD)};
    if (x.fp ? ty != TY_F32 || (op != MOD_MIN && op != MOD_MAX)
             : x.nan || instr_has_mod(in, MOD_ABS) || type_bits(ty) != 32) {
        emit_unsupported(e, in->loc, "this form of redux.sync");
        return;
    }
    x.a = inst_operand(e, &in->opnd[1], x.fp ? TY_F32 : TY_B32, true);
    if (x.fp) {
        if (instr_has_mod(in, MOD_ABS)) {
            LLVMTypeRef vt = LLVMTypeOf(x.a);
            x.a = emit_intrinsic(e, "llvm.fabs", &vt, 1, &x.a, 1);
        }
        x.name = op == MOD_MIN ? "llvm.vector.reduce.fminimum" : "llvm.vector.reduce.fmaximum";
        x.ident = LLVMConstReal(e->t_f32, op == MOD_MIN ? INFINITY : -INFINITY);
        inst_write(e, &in->opnd[0], ty,
                   per_member_set(e, warp_members(e, in), e->t_f32, redux_set, &x));
        return;
    }
    bool sg = type_kind(ty) == TK_SINT;
    unsigned long long ident;
    switch (op) {
    case MOD_ADD: x.name = "llvm.vector.reduce.add", ident = 0; break;
    case MOD_AND: x.name = "llvm.vector.reduce.and", ident = ~0ull; break;
    case MOD_OR: x.name = "llvm.vector.reduce.or", ident = 0; break;
    case MOD_XOR: x.name = "llvm.vector.reduce.xor", ident = 0; break;
    case MOD_MIN:
        x.name = sg ? "llvm.vector.reduce.smin" : "llvm.vector.reduce.umin",
        ident = sg ? 0x7fffffff : ~0ull;
        break;
    case MOD_MAX:
        x.name = sg ? "llvm.vector.reduce.smax" : "llvm.vector.reduce.umax",
        ident = sg ? 0x80000000u : 0;
        break;
    default: emit_unsupported(e, in->loc, "this redux operation"); return;
    }
    x.ident = LLVMConstInt(e->t_i32, ident, 0);
    inst_write(e, &in->opnd[0], ty,
               per_member_set(e, warp_members(e, in), e->t_i32, redux_set, &x));
}

/* ---------------------------------------------------------------- entry */

/* activemask: the lanes running it */
void
emit_activemask(Emit *e, const Instr *in)
{
    inst_write(e, &in->opnd[0], TY_B32, emit_cur_mask(e));
}
