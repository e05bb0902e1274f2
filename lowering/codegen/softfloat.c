/* softfloat.c — floating point by hand where LLVM has no operation for
 * it: half and bfloat conversions with no libgcc helper, flush to zero and
 * saturation, directed rounding (.rz .rm .rp) of f32 and f64 arithmetic
 * from the round-to-nearest result and its error.
 */
#include <math.h>

#include "emit.h"

/* .ftz: single-precision subnormal inputs and results become zero of the
 * same sign. */
LLVMValueRef
ftz(Emit *e, LLVMValueRef v)
{
    if (elem_type(v) != e->t_f32)
        return v;
    LLVMValueRef small = LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", v),
                                       cst(e, v, 1.17549435e-38, 0), "");
    LLVMValueRef zero = call2(e, "llvm.copysign", cst(e, v, 0.0, 0), v);
    return LLVMBuildSelect(e->b, small, zero, v, "");
}

/* .sat for floats: clamp to [0, 1]; NaN and -0 give +0. */
LLVMValueRef
fsat(Emit *e, LLVMValueRef v)
{
    LLVMValueRef r = call2(e, "llvm.minnum", v, cst(e, v, 1.0, 0));
    LLVMValueRef pos = LLVMBuildFCmp(e->b, LLVMRealOGT, v, cst(e, v, 0.0, 0), "");
    return LLVMBuildSelect(e->b, pos, r, cst(e, v, 0.0, 0), "");
}

/* ------------------------------------------------------ half precision
 *
 * f16 and bf16 values are stored as LLVM half/bfloat (or i16, i32 bits)
 * but never computed on as such: LLVM legalizes half arithmetic without
 * F16C, and bfloat arithmetic everywhere, with libgcc calls
 * (__extendhfsf2, __truncsfbf2, ...) the object cannot count on.  They are
 * widened to f32 exactly, computed there and rounded back by hand. */

bool
is_half_elem(Emit *e, LLVMTypeRef t)
{
    return t == e->t_f16 || t == e->t_bf16;
}

/* f32 -> bf16 bits (i16), round to nearest even; NaN stays a (quiet) NaN. */
LLVMValueRef
f32_to_bf16_bits(Emit *e, LLVMValueRef x)
{
    LLVMValueRef bits = LLVMBuildBitCast(e->b, x, shaped(x, e->t_i32), "");
    LLVMValueRef lsb = LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), ""),
                                    cst(e, bits, 0, 1), "");
    LLVMValueRef r =
        LLVMBuildAdd(e->b, bits, LLVMBuildAdd(e->b, lsb, cst(e, bits, 0, 0x7fff), ""), "");
    r = LLVMBuildLShr(e->b, r, cst(e, bits, 0, 16), "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, x, x, "");
    LLVMValueRef qnan = LLVMBuildOr(e->b, LLVMBuildLShr(e->b, bits, cst(e, bits, 0, 16), ""),
                                    cst(e, bits, 0, 0x40), "");
    r = LLVMBuildSelect(e->b, nan, qnan, r, "");
    return LLVMBuildTrunc(e->b, r, shaped(x, e->t_i16), "");
}

LLVMValueRef
bf16_bits_to_f32(Emit *e, LLVMValueRef h)
{
    LLVMValueRef w = LLVMBuildZExt(e->b, h, shaped(h, e->t_i32), "");
    w = LLVMBuildShl(e->b, w, cst(e, w, 0, 16), "");
    return LLVMBuildBitCast(e->b, w, shaped(h, e->t_f32), "");
}

/* f16 bits -> f32, exactly: the magnitude's bits moved to f32's places
 * read as an f32 (subnormals included) times 2^112; inf and NaN keep
 * their payload with an all-ones exponent. */
LLVMValueRef
f16_bits_to_f32(Emit *e, LLVMValueRef h)
{
    LLVMValueRef w = LLVMBuildZExt(e->b, h, shaped(h, e->t_i32), "");
    LLVMValueRef sign =
        LLVMBuildShl(e->b, LLVMBuildAnd(e->b, w, cst(e, w, 0, 0x8000), ""), cst(e, w, 0, 16), "");
    LLVMValueRef mag =
        LLVMBuildShl(e->b, LLVMBuildAnd(e->b, w, cst(e, w, 0, 0x7fff), ""), cst(e, w, 0, 13), "");
    LLVMValueRef f = LLVMBuildBitCast(e->b, mag, shaped(h, e->t_f32), "");
    f = LLVMBuildFMul(e->b, f, cst(e, f, 0x1p112, 0), "");
    LLVMValueRef fin = LLVMBuildBitCast(e->b, f, shaped(h, e->t_i32), "");
    LLVMValueRef special = LLVMBuildICmp(e->b, LLVMIntUGE, mag, cst(e, mag, 0, 0x7c00u << 13), "");
    fin = LLVMBuildSelect(e->b, special, LLVMBuildOr(e->b, mag, cst(e, mag, 0, 0x7f800000), ""),
                          fin, "");
    return LLVMBuildBitCast(e->b, LLVMBuildOr(e->b, fin, sign, ""), shaped(h, e->t_f32), "");
}

/* f32 -> f16 bits, round to nearest even.  Normal results round the bit
 * pattern (the carry may reach infinity); subnormal ones are added to 0.5,
 * whose ulp is f16's smallest subnormal, so the FPU rounds them; NaN stays
 * a quiet NaN with the payload's high bits. */
LLVMValueRef
f32_to_f16_bits(Emit *e, LLVMValueRef x)
{
    LLVMValueRef bits = LLVMBuildBitCast(e->b, x, shaped(x, e->t_i32), "");
    LLVMValueRef sign = LLVMBuildAnd(e->b, bits, cst(e, bits, 0, 0x80000000u), "");
    LLVMValueRef a = LLVMBuildXor(e->b, bits, sign, "");
    LLVMValueRef odd =
        LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, a, cst(e, a, 0, 13), ""), cst(e, a, 0, 1), "");
    LLVMValueRef nrm =
        LLVMBuildAdd(e->b, a, cst(e, a, 0, (uint32_t)(-112 * (1 << 23)) + 0xfffu), "");
    nrm = LLVMBuildLShr(e->b, LLVMBuildAdd(e->b, nrm, odd, ""), cst(e, a, 0, 13), "");
    LLVMValueRef af = LLVMBuildBitCast(e->b, a, LLVMTypeOf(x), "");
    LLVMValueRef sub =
        LLVMBuildBitCast(e->b, LLVMBuildFAdd(e->b, af, cst(e, af, 0.5, 0), ""), LLVMTypeOf(a), "");
    sub = LLVMBuildSub(e->b, sub, cst(e, a, 0, 0x3f000000), "");
    LLVMValueRef nan = LLVMBuildOr(
        e->b,
        LLVMBuildAnd(e->b, LLVMBuildLShr(e->b, a, cst(e, a, 0, 13), ""), cst(e, a, 0, 0x3ff), ""),
        cst(e, a, 0, 0x7e00), "");
    LLVMValueRef big =
        LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntUGT, a, cst(e, a, 0, 0x7f800000), ""), nan,
                        cst(e, a, 0, 0x7c00), "");
    LLVMValueRef r = LLVMBuildSelect(
        e->b, LLVMBuildICmp(e->b, LLVMIntULT, a, cst(e, a, 0, 0x38800000), ""), sub, nrm, "");
    r = LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntUGE, a, cst(e, a, 0, 0x47800000), ""), big,
                        r, "");
    r = LLVMBuildOr(e->b, r, LLVMBuildLShr(e->b, sign, cst(e, sign, 0, 16), ""), "");
    return LLVMBuildTrunc(e->b, r, shaped(x, e->t_i16), "");
}

/* half or bfloat (any shape) -> f32, exactly */
LLVMValueRef
half_to_f32(Emit *e, LLVMValueRef h)
{
    LLVMValueRef bits = LLVMBuildBitCast(e->b, h, shaped(h, e->t_i16), "");
    return elem_type(h) == e->t_bf16 ? bf16_bits_to_f32(e, bits) : f16_bits_to_f32(e, bits);
}

/* f32 -> half or bfloat `ht` of the same shape, round to nearest even */
LLVMValueRef
f32_to_half(Emit *e, LLVMValueRef x, LLVMTypeRef ht)
{
    LLVMValueRef bits = ht == e->t_bf16 ? f32_to_bf16_bits(e, x) : f32_to_f16_bits(e, x);
    return LLVMBuildBitCast(e->b, bits, shaped(x, ht), "");
}

/* ------------------------------------------------- directed rounding
 *
 * .rz .rm .rp: take the round-to-nearest result r (single rounding, or
 * double rounding through f64 for f32, which still lands on one of the two
 * neighbours of the exact result) and t, a value with the sign of
 * exact - r, computed exactly with error-free transformations (TwoSum, the
 * fma residual of a product, quotient or square root).  Then step r one ulp
 * toward the mode's direction when it lies on the wrong side. */

static LLVMValueRef
fstep(Emit *e, LLVMValueRef r, bool up)
{
    LLVMTypeRef ft = elem_type(r);
    unsigned w = ft == e->t_f64 ? 64 : (ft == e->t_f16 || ft == e->t_bf16) ? 16 : 32;
    LLVMTypeRef it = shaped(r, LLVMIntTypeInContext(e->ctx, w));
    LLVMValueRef bits = LLVMBuildBitCast(e->b, r, it, "");
    LLVMValueRef inc = LLVMBuildAdd(e->b, bits, cst(e, bits, 0, 1), "");
    LLVMValueRef dec = LLVMBuildSub(e->b, bits, cst(e, bits, 0, 1), "");
    LLVMValueRef rc = is_half_elem(e, ft) ? half_to_f32(e, r) : r; /* compared as f32 */
    LLVMValueRef pos = LLVMBuildFCmp(e->b, LLVMRealOGT, rc, cst(e, rc, 0.0, 0), "");
    LLVMValueRef zero = LLVMBuildFCmp(e->b, LLVMRealOEQ, rc, cst(e, rc, 0.0, 0), "");
    LLVMValueRef tiny = cst(e, bits, 0, up ? 1 : (1ull << (w - 1)) | 1);
    LLVMValueRef nb =
        up ? LLVMBuildSelect(e->b, pos, inc, dec, "") : LLVMBuildSelect(e->b, pos, dec, inc, "");
    nb = LLVMBuildSelect(e->b, zero, tiny, nb, "");
    LLVMValueRef nr = LLVMBuildBitCast(e->b, nb, LLVMTypeOf(r), "");
    LLVMValueRef nan = LLVMBuildFCmp(e->b, LLVMRealUNO, rc, rc, "");
    return LLVMBuildSelect(e->b, nan, r, nr, "");
}

/* t: same shape as r (any float type); its sign is that of exact - r. */
LLVMValueRef
round_dir(Emit *e, LLVMValueRef r, LLVMValueRef t, Mod mode)
{
    LLVMValueRef rc = is_half_elem(e, elem_type(r)) ? half_to_f32(e, r) : r; /* compared as f32 */
    LLVMValueRef tz = cst(e, t, 0.0, 0), rz = cst(e, rc, 0.0, 0);
    LLVMValueRef tneg = LLVMBuildFCmp(e->b, LLVMRealOLT, t, tz, "");
    LLVMValueRef tpos = LLVMBuildFCmp(e->b, LLVMRealOGT, t, tz, "");
    switch (mode) {
    case MOD_RM: return LLVMBuildSelect(e->b, tneg, fstep(e, r, false), r, "");
    case MOD_RP: return LLVMBuildSelect(e->b, tpos, fstep(e, r, true), r, "");
    case MOD_RZ: {
        LLVMValueRef rpos = LLVMBuildFCmp(e->b, LLVMRealOGT, rc, rz, "");
        LLVMValueRef rneg = LLVMBuildFCmp(e->b, LLVMRealOLT, rc, rz, "");
        LLVMValueRef down = LLVMBuildAnd(e->b, rpos, tneg, ""),
                     up = LLVMBuildAnd(e->b, rneg, tpos, "");
        LLVMValueRef v = LLVMBuildSelect(e->b, down, fstep(e, r, false), r, "");
        return LLVMBuildSelect(e->b, up, fstep(e, r, true), v, "");
    }
    default: return r;
    }
}

static LLVMValueRef
fma3(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    return call3(e, "llvm.fma", a, b, c);
}

/* Knuth's TwoSum: s + err == a + b exactly. */
LLVMValueRef
two_sum_err(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef s)
{
    LLVMValueRef bb = LLVMBuildFSub(e->b, s, a, "");
    LLVMValueRef ab = LLVMBuildFSub(e->b, s, bb, "");
    return LLVMBuildFAdd(e->b, LLVMBuildFSub(e->b, a, ab, ""), LLVMBuildFSub(e->b, b, bb, ""), "");
}

/* The sign of a*b + c - r, r = RN(a*b + c), when a*b's TwoProd is exact:
 * Boldo and Muller's ErrFma (TwoProd by fma, TwoSums) gives r2 + r3 ==
 * a*b + c - r exactly with |r3| <= ulp(r2) / 2, so r2 has the sign unless
 * it is zero. */
static LLVMValueRef
err_fma_sign(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c, LLVMValueRef r)
{
    LLVMValueRef u1 = LLVMBuildFMul(e->b, a, b, "");
    LLVMValueRef u2 = fma3(e, a, b, LLVMBuildFNeg(e->b, u1, ""));
    LLVMValueRef a1 = LLVMBuildFAdd(e->b, c, u2, ""), a2 = two_sum_err(e, c, u2, a1);
    LLVMValueRef b1 = LLVMBuildFAdd(e->b, u1, a1, ""), b2 = two_sum_err(e, u1, a1, b1);
    LLVMValueRef g = LLVMBuildFAdd(e->b, LLVMBuildFSub(e->b, b1, r, ""), b2, "");
    LLVMValueRef r2 = LLVMBuildFAdd(e->b, g, a2, ""), r3 = two_sum_err(e, g, a2, r2);
    LLVMValueRef nz = LLVMBuildFCmp(e->b, LLVMRealONE, r2, cst(e, r2, 0.0, 0), "");
    return LLVMBuildSelect(e->b, nz, r2, r3, "");
}

/* fma.f64 with .rz .rm .rp: r = RN(a*b + c) and the sign of the exact
 * error, then round_dir.  ErrFma needs an exact TwoProd, so per lane the
 * problem is scaled by a power of two S (exact): a tiny product (below
 * 2^-900) by 2^1188 (a and b by 2^594 each, c twice), a huge one (above
 * 2^1000) by 2^-64 on the larger factor and on c (bits of a tiny c that
 * drop out are kept apart: they decide only an otherwise exact case).  In
 * the scaled problem r' = RN(S*exact) and the error sign of r' are exact,
 * and S*r is exact; S*r differs from r' only when the exact value lies
 * between them, so the sign of r' - S*r is the answer then.  A tiny product
 * beside |c| >= 2^-800 leaves r == c: the error has the product's sign.  An
 * overflow to infinity from finite operands lies beyond the exact value.
 * An exact zero is -0 under .rm unless both a*b and c are +0. */
static LLVMValueRef
directed_fma64(Emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c, Mod mode)
{
    LLVMValueRef r = fma3(e, a, b, c), u = LLVMBuildFMul(e->b, a, b, "");
    LLVMValueRef one = cst(e, r, 1.0, 0), zero = cst(e, r, 0.0, 0);
    LLVMValueRef au = call1(e, "llvm.fabs", u);
    LLVMValueRef tiny =
        LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, au, cst(e, r, 0x1p-900, 0), ""),
                     LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealONE, a, zero, ""),
                                  LLVMBuildFCmp(e->b, LLVMRealONE, b, zero, ""), ""),
                     "");
    LLVMValueRef huge = LLVMBuildFCmp(e->b, LLVMRealOGT, au, cst(e, r, 0x1p1000, 0), "");
    LLVMValueRef abig =
        LLVMBuildFCmp(e->b, LLVMRealOGE, call1(e, "llvm.fabs", a), call1(e, "llvm.fabs", b), "");
    LLVMValueRef up = cst(e, r, 0x1p594, 0), down = cst(e, r, 0x1p-64, 0);
    LLVMValueRef s1 =
        LLVMBuildSelect(e->b, tiny, up, LLVMBuildSelect(e->b, huge, down, one, ""), "");
    LLVMValueRef s2 = LLVMBuildSelect(e->b, tiny, up, one, "");
    LLVMValueRef inv1 =
        LLVMBuildSelect(e->b, tiny, cst(e, r, 0x1p-594, 0),
                        LLVMBuildSelect(e->b, huge, cst(e, r, 0x1p64, 0), one, ""), "");
    LLVMValueRef inv2 = LLVMBuildSelect(e->b, tiny, cst(e, r, 0x1p-594, 0), one, "");
    LLVMValueRef sa = LLVMBuildSelect(
        e->b, LLVMBuildAnd(e->b, huge, LLVMBuildNot(e->b, abig, ""), ""), one, s1, "");
    LLVMValueRef sb = LLVMBuildSelect(
        e->b, tiny, up, LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, huge, abig, ""), one, s1, ""), "");
    LLVMValueRef a2 = LLVMBuildFMul(e->b, a, sa, ""), b2 = LLVMBuildFMul(e->b, b, sb, "");
    LLVMValueRef c2 = LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, c, s1, ""), s2, "");
    LLVMValueRef rs = LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, r, s1, ""), s2, "");
    LLVMValueRef r2 = fma3(e, a2, b2, c2);
    LLVMValueRef t = err_fma_sign(e, a2, b2, c2, r2);
    LLVMValueRef lost = LLVMBuildFSub(
        e->b, c, LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, c2, inv1, ""), inv2, ""), "");
    t = LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealOEQ, t, zero, ""), lost, t, "");
    t = LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealONE, r2, rs, ""),
                        LLVMBuildFSub(e->b, r2, rs, ""), t, "");
    LLVMValueRef bigc =
        LLVMBuildFCmp(e->b, LLVMRealOGE, call1(e, "llvm.fabs", c), cst(e, r, 0x1p-800, 0), "");
    t = LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, tiny, bigc, ""), LLVMBuildFMul(e->b, a2, b2, ""),
                        t, "");
    LLVMValueRef inf = cst(e, r, 1.0 / 0.0, 0);
    LLVMValueRef fin = LLVMBuildAnd(
        e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", a), inf, ""),
        LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", b), inf, ""),
                     LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", c), inf, ""), ""),
        "");
    LLVMValueRef ovf = LLVMBuildAnd(
        e->b, fin, LLVMBuildFCmp(e->b, LLVMRealOEQ, call1(e, "llvm.fabs", r), inf, ""), "");
    t = LLVMBuildSelect(e->b, ovf, LLVMBuildFNeg(e->b, r, ""), t, "");
    LLVMValueRef v = round_dir(e, r, t, mode);
    if (mode == MOD_RM) {
        LLVMTypeRef it = shaped(r, e->t_i64);
        LLVMValueRef pos0 =
            LLVMBuildAnd(e->b,
                         LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, u, it, ""),
                                       LLVMConstNull(it), ""),
                         LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, c, it, ""),
                                       LLVMConstNull(it), ""),
                         "");
        LLVMValueRef z = LLVMBuildAnd(e->b, LLVMBuildFCmp(e->b, LLVMRealOEQ, r, zero, ""),
                                      LLVMBuildFCmp(e->b, LLVMRealOEQ, t, zero, ""), "");
        z = LLVMBuildAnd(e->b, z, LLVMBuildNot(e->b, pos0, ""), "");
        v = LLVMBuildSelect(e->b, z, cst(e, r, -0.0, 0), v, "");
    }
    return v;
}

/* IEEE 754 (6.3): an exact zero sum a + b is +0 in every rounding mode but
 * toward minus infinity, where it is -0 unless both summands are +0.  The
 * rounded result r has the right sign otherwise, and under .rm too when the
 * sum is not exactly zero (a tiny positive sum rounds down to +0).  s: the
 * round-to-nearest sum a + b, zero exactly when the sum is (a nonzero sum
 * of two values of s's type is a multiple of its smallest subnormal); a and
 * b: the summands (NULL: not a sum). */
static LLVMValueRef
rm_zero_sum(Emit *e, LLVMValueRef r, Mod mode, LLVMValueRef s, LLVMValueRef a, LLVMValueRef b)
{
    if (mode != MOD_RM || !a)
        return r;
    LLVMTypeRef it =
        shaped(a, LLVMIntTypeInContext(
                      e->ctx, LLVMGetTypeKind(elem_type(a)) == LLVMDoubleTypeKind ? 64 : 32));
    LLVMValueRef a0 =
        LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, a, it, ""), LLVMConstNull(it), "");
    LLVMValueRef b0 =
        LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, b, it, ""), LLVMConstNull(it), "");
    LLVMValueRef zero = LLVMBuildFCmp(e->b, LLVMRealOEQ, s, cst(e, s, 0.0, 0), "");
    LLVMValueRef neg =
        LLVMBuildAnd(e->b, zero, LLVMBuildNot(e->b, LLVMBuildAnd(e->b, a0, b0, ""), ""), "");
    return LLVMBuildSelect(e->b, neg, cst(e, r, -0.0, 0), r, "");
}

/* x*y - s for the round-to-nearest f64 product s: its sign and whether it
 * is zero are exact.  fma(x, y, -s) is the residual itself, unless the
 * product is below 2^-969, where the residual is no double (it underflows:
 * mul.rp of a product below the smallest subnormal gave 0).  There both
 * factors are below 2^106 (neither is below 2^-1074), so scaled by 2^537
 * each they stay exact and normal, s by 2^1074 is an integer below 2^106,
 * and the scaled residual is exact. */
static LLVMValueRef
mul_residual64(Emit *e, LLVMValueRef x, LLVMValueRef y, LLVMValueRef s)
{
    LLVMValueRef t = fma3(e, x, y, LLVMBuildFNeg(e->b, s, ""));
    LLVMValueRef k = cst(e, s, 0x1p537, 0);
    LLVMValueRef xs = LLVMBuildFMul(e->b, x, k, ""), ys = LLVMBuildFMul(e->b, y, k, "");
    LLVMValueRef ss = LLVMBuildFMul(e->b, LLVMBuildFMul(e->b, s, k, ""), k, "");
    LLVMValueRef ts = fma3(e, xs, ys, LLVMBuildFNeg(e->b, ss, ""));
    LLVMValueRef tiny =
        LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", s), cst(e, s, 0x1p-969, 0), "");
    return LLVMBuildSelect(e->b, tiny, ts, t, "");
}

/* x is finite (not infinite, not NaN). */
static LLVMValueRef
finite64(Emit *e, LLVMValueRef x)
{
    return LLVMBuildFCmp(e->b, LLVMRealOLT, call1(e, "llvm.fabs", x), cst(e, x, INFINITY, 0), "");
}

/* A directed-rounding float operation: add sub mul fma div sqrt rcp.  f32
 * works in f64 (exact products, TwoSum); f64 works with residuals. */
LLVMValueRef
directed_op(Emit *e, const Instr *in, Opcode op, Mod mode, LLVMValueRef *a, bool f64)
{
    LLVMValueRef x = a[0], y = a[1], z = a[2];
    LLVMTypeRef dt = like(e->t_f64, emit_is_vec(x));
    if (!f64) {
        x = LLVMBuildFPExt(e->b, x, dt, "");
        if (y)
            y = LLVMBuildFPExt(e->b, y, dt, "");
        if (z)
            z = LLVMBuildFPExt(e->b, z, dt, "");
    }
    LLVMValueRef s, t, sum_a = NULL, sum_b = NULL; /* the summands of a sum */
    switch (op) {
    case OP_ADD:
    case OP_SUB:
        if (op == OP_SUB)
            y = LLVMBuildFNeg(e->b, y, "");
        s = LLVMBuildFAdd(e->b, x, y, "");
        t = two_sum_err(e, x, y, s);
        sum_a = x, sum_b = y;
        break;
    case OP_MUL:
        s = LLVMBuildFMul(e->b, x, y, "");
        t = f64 ? mul_residual64(e, x, y, s) : cst(e, s, 0.0, 0);
        break;
    case OP_FMA:
    case OP_MAD:
        if (f64)
            return directed_fma64(e, x, y, z, mode);
        {
            LLVMValueRef p = LLVMBuildFMul(e->b, x, y, ""); /* exact */
            s = LLVMBuildFAdd(e->b, p, z, "");
            t = two_sum_err(e, p, z, s);
            sum_a = p, sum_b = z;
        }
        break;
    case OP_DIV:
    case OP_RCP:
        if (op == OP_RCP)
            y = x, x = cst(e, y, 1.0, 0);
        s = LLVMBuildFDiv(e->b, x, y, "");
        /* x - s*y exactly; its sign times y's is that of x/y - s */
        t = LLVMBuildFMul(e->b, fma3(e, LLVMBuildFNeg(e->b, s, ""), y, x), y, "");
        break;
    case OP_SQRT:
        s = call1(e, "llvm.sqrt", x);
        t = fma3(e, LLVMBuildFNeg(e->b, s, ""), s, x);
        break;
    default:
        emit_unsupported(e, in->loc,
                         arena_printf(e->arena, "directed rounding on %s", opcode_name(op)));
        return a[0];
    }
    if (f64) {
        /* an overflow to infinity from finite operands (no division by
         * zero): the exact value is finite, so it lies on r's near side
         * (.rz gives the largest finite value, not infinity); the residual
         * above is a NaN then */
        LLVMValueRef fin = finite64(e, x);
        if (y)
            fin = LLVMBuildAnd(e->b, fin, finite64(e, y), "");
        if (op == OP_DIV || op == OP_RCP) /* x/0 is an exact infinity */
            fin = LLVMBuildAnd(e->b, fin,
                               LLVMBuildFCmp(e->b, LLVMRealONE, y, cst(e, y, 0.0, 0), ""), "");
        LLVMValueRef inf =
            LLVMBuildFCmp(e->b, LLVMRealOEQ, call1(e, "llvm.fabs", s), cst(e, s, INFINITY, 0), "");
        t = LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, fin, inf, ""), LLVMBuildFNeg(e->b, s, ""), t,
                            "");
        return rm_zero_sum(e, round_dir(e, s, t, mode), mode, s, sum_a, sum_b);
    }
    LLVMValueRef r = LLVMBuildFPTrunc(e->b, s, like(e->t_f32, emit_is_vec(s)), "");
    LLVMValueRef back = LLVMBuildFPExt(e->b, r, dt, "");
    LLVMValueRef d = LLVMBuildFSub(e->b, s, back, "");
    LLVMValueRef nz = LLVMBuildFCmp(e->b, LLVMRealONE, d, cst(e, d, 0.0, 0), "");
    t = LLVMBuildSelect(e->b, nz, d, t, "");
    return rm_zero_sum(e, round_dir(e, r, t, mode), mode, s, sum_a, sum_b);
}

/* s (f64) to f32 rounded to odd: the nearest f32, moved to its odd
 * neighbour on the side of the exact value when it is inexact.  t (or
 * NULL) is an error term below half an ulp of s: the exact value is s + t.
 * Rounding that to a format at least two bits narrower (f16, bf16) is then
 * the correct rounding of the exact value (Boldo and Melquiond). */
LLVMValueRef
f64_to_f32_odd(Emit *e, LLVMValueRef s, LLVMValueRef t)
{
    LLVMValueRef r = LLVMBuildFPTrunc(e->b, s, shaped(s, e->t_f32), "");
    LLVMValueRef d = LLVMBuildFSub(e->b, s, LLVMBuildFPExt(e->b, r, LLVMTypeOf(s), ""), "");
    LLVMValueRef dz = cst(e, d, 0.0, 0);
    if (t)
        d = LLVMBuildSelect(e->b, LLVMBuildFCmp(e->b, LLVMRealONE, d, dz, ""), d, t, "");
    LLVMValueRef bits = LLVMBuildBitCast(e->b, r, shaped(r, e->t_i32), "");
    LLVMValueRef even = LLVMBuildICmp(
        e->b, LLVMIntEQ, LLVMBuildAnd(e->b, bits, cst(e, bits, 0, 1), ""), cst(e, bits, 0, 0), "");
    LLVMValueRef fix = LLVMBuildAnd(e->b, even, LLVMBuildFCmp(e->b, LLVMRealONE, d, dz, ""), "");
    LLVMValueRef up = LLVMBuildFCmp(e->b, LLVMRealOGT, d, dz, "");
    LLVMValueRef odd = LLVMBuildSelect(e->b, up, fstep(e, r, true), fstep(e, r, false), "");
    return LLVMBuildSelect(e->b, fix, odd, r, "");
}

/* Integer to float with a directed mode: r is the nearest; the sign of
 * exact - r comes from converting r back (saturating) and comparing. */
LLVMValueRef
directed_itof(Emit *e, LLVMValueRef x, PtxType st, LLVMTypeRef T, Mod mode)
{
    bool sg = type_signed(st);
    unsigned w = LLVMGetIntTypeWidth(elem_type(x));
    LLVMValueRef r = sg ? LLVMBuildSIToFP(e->b, x, T, "") : LLVMBuildUIToFP(e->b, x, T, "");
    LLVMTypeRef IT = LLVMTypeOf(x);
    LLVMTypeRef over[] = {IT, T};
    LLVMValueRef back =
        emit_intrinsic(e, sg ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2, &r, 1);
    double lim = w == 64 ? (sg ? 9223372036854775808.0 : 18446744073709551616.0)
                         : (sg ? 2147483648.0 : 4294967296.0);
    LLVMValueRef over_top = LLVMBuildFCmp(e->b, LLVMRealOGE, r, cst(e, r, lim, 0), "");
    LLVMValueRef gt = LLVMBuildICmp(e->b, sg ? LLVMIntSGT : LLVMIntUGT, x, back, "");
    LLVMValueRef lt = LLVMBuildICmp(e->b, sg ? LLVMIntSLT : LLVMIntULT, x, back, "");
    lt = LLVMBuildOr(e->b, lt, over_top, "");
    gt = LLVMBuildAnd(e->b, gt, LLVMBuildNot(e->b, over_top, ""), "");
    LLVMValueRef t = LLVMBuildSelect(e->b, gt, cst(e, r, 1.0, 0), cst(e, r, 0.0, 0), "");
    t = LLVMBuildSelect(e->b, lt, cst(e, r, -1.0, 0), t, "");
    return round_dir(e, r, t, mode);
}

bool
directed(Mod m)
{
    return m == MOD_RZ || m == MOD_RM || m == MOD_RP;
}

bool
plain_rounding(Emit *e, const Instr *in)
{
    Mod r = mod_of_class(in, MC_ROUND);
    if (r == MOD_NONE || r == MOD_RN)
        return true;
    emit_unsupported(
        e, in->loc,
        arena_printf(e->arena, "rounding mode .%s on %s", mod_name(r), opcode_name(in->op)));
    return false;
}

/* .ftz on f16 or bf16 bits (any shape): a subnormal becomes the zero of
 * its sign. */
LLVMValueRef
half_ftz_bits(Emit *e, LLVMValueRef h, bool bf)
{
    LLVMValueRef ex = LLVMBuildAnd(e->b, h, cst(e, h, 0, bf ? 0x7f80 : 0x7c00), "");
    LLVMValueRef sub = LLVMBuildICmp(e->b, LLVMIntEQ, ex, cst(e, h, 0, 0), "");
    return LLVMBuildSelect(e->b, sub, LLVMBuildAnd(e->b, h, cst(e, h, 0, 0x8000), ""), h, "");
}

/* a + b for one register of a half type (.f16 .bf16: i16 bits; .f16x2
 * .bf16x2: i32 bits), rounded to nearest, for atom's compare-and-swap loop:
 * in f32, as emit_half_arith adds. */
LLVMValueRef
inst_half_add(Emit *e, PtxType ty, LLVMValueRef a, LLVMValueRef b)
{
    bool packed = ty == TY_F16X2 || ty == TY_BF16X2, bf = ty == TY_BF16 || ty == TY_BF16X2;
    LLVMTypeRef ht = packed ? LLVMVectorType(e->t_i16, 2) : e->t_i16;
    LLVMValueRef x = LLVMBuildBitCast(e->b, a, ht, ""), y = LLVMBuildBitCast(e->b, b, ht, "");
    LLVMValueRef sum = bf ? LLVMBuildFAdd(e->b, bf16_bits_to_f32(e, x), bf16_bits_to_f32(e, y), "")
                          : LLVMBuildFAdd(e->b, f16_bits_to_f32(e, x), f16_bits_to_f32(e, y), "");
    LLVMValueRef bits = bf ? f32_to_bf16_bits(e, sum) : f32_to_f16_bits(e, sum);
    return LLVMBuildBitCast(e->b, bits, LLVMTypeOf(a), "");
}
