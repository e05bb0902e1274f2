/* gen.c — random PTX programs for the differential tester (see gen.h).
 *
 * A program works on a pool of variables (8 .b32, 4 .f32, 2 .f64, 4 .pred)
 * loaded from its inputs and stored at the end.  Statements: integer and
 * floating-point arithmetic with every rounding mode, comparisons,
 * predication, structured if/else with divergent conditions, loops with
 * per-lane trip counts and divergent breaks, forward branches out of
 * several levels at once (unstructured), brx.idx, calls to .func with .param
 * and .reg parameters and divergent early returns, divergent recursion,
 * local memory, shared memory with barriers and atomics in uniform control
 * flow, threads that leave before the first barrier, and warp operations (shfl, vote, redux, match, bar.warp.sync) with
 * member masks chosen so that the result is defined under independent
 * thread scheduling: every lane of the mask executes the operation, and a
 * shfl reads only lanes of its mask.
 *
 * Only operations whose results PTX defines exactly are generated (no
 * .approx, no division by zero, no signed overflow of div); float results
 * are stored with NaNs made canonical (their payload is not defined), and
 * min/max results with -0 made +0.
 */
#include "gen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

int gen_no_brx; /* no brx.idx (fuzz --without brx) */

typedef struct G {
    FILE *out;
    uint64_t s;
    int id, nlabel;
    int budget;  /* statements left */
    bool in_func;
    int nfunc;   /* plain functions of this program: k<id>_f0 .. */
    bool freg[4]; /* function i takes .reg parameters */
    bool has_rec;
    int ends[8]; /* labels of enclosing constructs' ends, for forward exits */
    int nends;
    int live;    /* threads of a CTA that run the body: tid.x < live (the
                    others may leave at the start, see gen_program) */
    uint32_t live_lanes; /* lanes that run the body in every warp that does */
} G;

static uint64_t
rnd(G *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int
rn(G *g, int n)
{
    return (int)(rnd(g) % (uint64_t)n);
}

static void
emit(G *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputc('\t', g->out);
    vfprintf(g->out, fmt, ap);
    fputc('\n', g->out);
    va_end(ap);
}

static int
label(G *g)
{
    return g->nlabel++;
}

static void
put_label(G *g, int l)
{
    fprintf(g->out, "L%d_%d:\n", g->id, l);
}

#define NV 8 /* %r1..%r8 */
#define NF 4 /* %f1..%f4 */
#define ND 2 /* %fd1..%fd2 */
#define NP 4 /* %p1..%p4 */

static int
var(G *g)
{
    return 1 + rn(g, NV);
}

/* A .b32 source: a variable or, sometimes, an immediate. */
static void
src32(G *g, char *buf)
{
    static const char *const imm[] = {"0", "1", "2", "3", "7", "31", "32", "255", "-1", "0x80000000",
                                      "0x7fffffff", "12345", "-7"};
    if (rn(g, 4) == 0)
        strcpy(buf, imm[rn(g, (int)(sizeof imm / sizeof *imm))]);
    else
        sprintf(buf, "%%r%d", var(g));
}

static const char *
guard(G *g)
{
    static char buf[16];
    if (rn(g, 6))
        return "";
    sprintf(buf, "@%s%%p%d ", rn(g, 2) ? "!" : "", 1 + rn(g, NP));
    return buf;
}

static void
int_stmt(G *g)
{
    char a[32], b[32];
    int d = var(g), x = var(g);
    const char *ty = rn(g, 2) ? "u32" : "s32";
    src32(g, a);
    src32(g, b);
    const char *gd = guard(g);
    switch (rn(g, 22)) {
    case 0: emit(g, "%sadd.%s %%r%d, %%r%d, %s;", gd, ty, d, x, a); break;
    case 1: emit(g, "%ssub.%s %%r%d, %%r%d, %s;", gd, ty, d, x, a); break;
    case 2: emit(g, "%smul.lo.%s %%r%d, %%r%d, %s;", gd, ty, d, x, a); break;
    case 3: emit(g, "%smul.hi.%s %%r%d, %%r%d, %s;", gd, ty, d, x, a); break;
    case 4: emit(g, "%smad.lo.%s %%r%d, %%r%d, %s, %s;", gd, ty, d, x, a, b); break;
    case 5: emit(g, "%sand.b32 %%r%d, %%r%d, %s;", gd, d, x, a); break;
    case 6: emit(g, "%sor.b32 %%r%d, %%r%d, %s;", gd, d, x, a); break;
    case 7: emit(g, "%sxor.b32 %%r%d, %%r%d, %s;", gd, d, x, a); break;
    case 8: emit(g, "%sshl.b32 %%r%d, %%r%d, %s;", gd, d, x, a); break;
    case 9: emit(g, "%sshr.%s %%r%d, %%r%d, %s;", gd, ty, d, x, a); break;
    case 10: emit(g, "%smin.%s %%r%d, %%r%d, %s;", gd, ty, d, x, a); break;
    case 11: emit(g, "%smax.%s %%r%d, %%r%d, %s;", gd, ty, d, x, a); break;
    case 12: /* division by a positive, nonzero divisor */
        emit(g, "and.b32 %%r21, %%r%d, 0xffff;", var(g));
        emit(g, "or.b32 %%r21, %%r21, 1;");
        emit(g, "%s%s.%s %%r%d, %%r%d, %%r21;", gd, rn(g, 2) ? "div" : "rem", ty, d, x);
        break;
    case 13: emit(g, "%spopc.b32 %%r%d, %%r%d;", gd, d, x); break;
    case 14: emit(g, "%sclz.b32 %%r%d, %%r%d;", gd, d, x); break;
    case 15: emit(g, "%sbrev.b32 %%r%d, %%r%d;", gd, d, x); break;
    case 16: emit(g, "%sbfe.%s %%r%d, %%r%d, %d, %d;", gd, ty, d, x, rn(g, 32), rn(g, 33)); break;
    case 17: emit(g, "%sbfi.b32 %%r%d, %%r%d, %s, %d, %d;", gd, d, x, a, rn(g, 32), rn(g, 33)); break;
    case 18: emit(g, "%sprmt.b32 %%r%d, %%r%d, %s, 0x%04x;", gd, d, x, a, (unsigned)rn(g, 0x10000)); break;
    case 19: emit(g, "%slop3.b32 %%r%d, %%r%d, %s, %s, 0x%02x;", gd, d, x, a, b, (unsigned)rn(g, 256)); break;
    case 20: emit(g, "%sshf.%s.%s.b32 %%r%d, %%r%d, %s, %s;", gd, rn(g, 2) ? "l" : "r", rn(g, 2) ? "wrap" : "clamp",
                  d, x, a, b);
        break;
    default: { /* 64-bit arithmetic, then back to 32 bits */
        emit(g, "mul.wide.%s %%rd5, %%r%d, %s;", ty, x, a);
        emit(g, "cvt.u64.u32 %%rd6, %%r%d;", var(g));
        static const char *const op64[] = {"add.s64", "sub.s64", "mul.lo.s64", "xor.b64", "mul.hi.u64", "shr.s64"};
        int k = rn(g, 6);
        if (k == 5)
            emit(g, "shr.s64 %%rd5, %%rd5, %d;", rn(g, 64));
        else
            emit(g, "%s %%rd5, %%rd5, %%rd6;", op64[k]);
        emit(g, "%s%s %%r%d, %%rd5;", gd, rn(g, 2) ? "cvt.u32.u64" : "cvt.u32.u64", d);
        if (rn(g, 2)) {
            emit(g, "shr.u64 %%rd5, %%rd5, 32;");
            emit(g, "cvt.u32.u64 %%r%d, %%rd5;", var(g));
        }
        break;
    }
    }
}

static const char *
rmode(G *g)
{
    static const char *const m[] = {"rn", "rz", "rm", "rp"};
    return m[rn(g, 4)];
}

static void
float_stmt(G *g)
{
    const char *gd = guard(g);
    if (rn(g, 4) == 0) { /* f64 */
        int d = 1 + rn(g, ND), x = 1 + rn(g, ND), y = 1 + rn(g, ND);
        switch (rn(g, 8)) {
        case 0: emit(g, "%sadd.%s.f64 %%fd%d, %%fd%d, %%fd%d;", gd, rmode(g), d, x, y); break;
        case 1: emit(g, "%smul.%s.f64 %%fd%d, %%fd%d, %%fd%d;", gd, rmode(g), d, x, y); break;
        case 2: emit(g, "%sfma.%s.f64 %%fd%d, %%fd%d, %%fd%d, %%fd%d;", gd, rmode(g), d, x, y, 1 + rn(g, ND)); break;
        case 3: emit(g, "%sdiv.%s.f64 %%fd%d, %%fd%d, %%fd%d;", gd, rmode(g), d, x, y); break;
        case 4: emit(g, "%scvt.f64.f32 %%fd%d, %%f%d;", gd, d, 1 + rn(g, NF)); break;
        case 5: emit(g, "%scvt.%s.f32.f64 %%f%d, %%fd%d;", gd, rmode(g), 1 + rn(g, NF), x); break;
        case 6: emit(g, "%scvt.%s.f64.s32 %%fd%d, %%r%d;", gd, rmode(g), d, var(g)); break;
        default: emit(g, "%scvt.%si.s32.f64 %%r%d, %%fd%d;", gd, rmode(g), var(g), x); break;
        }
        return;
    }
    int d = 1 + rn(g, NF), x = 1 + rn(g, NF), y = 1 + rn(g, NF), z = 1 + rn(g, NF);
    switch (rn(g, 14)) {
    case 0: emit(g, "%sadd.%s.f32 %%f%d, %%f%d, %%f%d;", gd, rmode(g), d, x, y); break;
    case 1: emit(g, "%ssub.%s.f32 %%f%d, %%f%d, %%f%d;", gd, rmode(g), d, x, y); break;
    case 2: emit(g, "%smul.%s.f32 %%f%d, %%f%d, %%f%d;", gd, rmode(g), d, x, y); break;
    case 3: emit(g, "%sfma.%s.f32 %%f%d, %%f%d, %%f%d, %%f%d;", gd, rmode(g), d, x, y, z); break;
    case 4: emit(g, "%sdiv.%s.f32 %%f%d, %%f%d, %%f%d;", gd, rn(g, 2) ? "rn" : rmode(g), d, x, y); break;
    case 5: emit(g, "%ssqrt.%s.f32 %%f%d, %%f%d;", gd, rmode(g), d, x); break;
    case 6: emit(g, "%sabs.f32 %%f%d, %%f%d;", gd, d, x); break;
    case 7: emit(g, "%sneg.f32 %%f%d, %%f%d;", gd, d, x); break;
    case 8:
        emit(g, "%s%s.f32 %%f%d, %%f%d, %%f%d;", gd, rn(g, 2) ? "min" : "max", d, x, y);
        emit(g, "add.rn.f32 %%f%d, %%f%d, 0f00000000;", d, d); /* -0 -> +0 */
        break;
    case 9: emit(g, "%scvt.%s.f32.%s %%f%d, %%r%d;", gd, rmode(g), rn(g, 2) ? "s32" : "u32", d, var(g)); break;
    case 10: emit(g, "%scvt.%si.%s.f32 %%r%d, %%f%d;", gd, rmode(g), rn(g, 2) ? "s32" : "u32", var(g), x); break;
    case 11: emit(g, "%scvt.%si.f32.f32 %%f%d, %%f%d;", gd, rmode(g), d, x); break;
    case 12: emit(g, "%scvt.sat.f32.f32 %%f%d, %%f%d;", gd, d, x); break;
    default: emit(g, "%smov.b32 %%f%d, %%r%d;", gd, d, var(g)); break;
    }
}

/* A random comparison into predicate p. */
static void
cmp_into(G *g, const char *p)
{
    static const char *const ic[] = {"eq", "ne", "lt", "le", "gt", "ge"};
    static const char *const fc[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu",
                                     "gtu", "geu", "num", "nan"};
    char a[32];
    switch (rn(g, 5)) {
    case 0:
        emit(g, "setp.%s.f32 %s, %%f%d, %%f%d;", fc[rn(g, 14)], p, 1 + rn(g, NF), 1 + rn(g, NF));
        break;
    case 1: /* a lane-dependent condition, so that branches diverge */
        emit(g, "and.b32 %%r22, %%r%d, %d;", var(g), 1 + rn(g, 7));
        emit(g, "setp.%s.u32 %s, %%r22, %d;", rn(g, 2) ? "eq" : "ne", p, rn(g, 4));
        break;
    default:
        src32(g, a);
        emit(g, "setp.%s.%s %s, %%r%d, %s;", ic[rn(g, 6)], rn(g, 2) ? "u32" : "s32", p, var(g), a);
        if (rn(g, 4) == 0)
            emit(g, "setp.ne.%s.%s %s, %%r%d, 0, %%p%d;", rn(g, 2) ? "and" : "or", "u32", p, var(g),
                 1 + rn(g, NP));
        break;
    }
}

static void
pred_stmt(G *g)
{
    char p[16];
    int d = 1 + rn(g, NP);
    sprintf(p, "%%p%d", d);
    switch (rn(g, 4)) {
    case 0: emit(g, "selp.b32 %%r%d, %%r%d, %%r%d, %%p%d;", var(g), var(g), var(g), 1 + rn(g, NP)); break;
    case 1: emit(g, "%s.pred %%p%d, %%p%d, %%p%d;", rn(g, 2) ? "and" : "xor", d, 1 + rn(g, NP), 1 + rn(g, NP)); break;
    default: cmp_into(g, p); break;
    }
}

static void stmts(G *g, int n, int depth, bool top);

static void
if_stmt(G *g, int depth)
{
    int le = label(g), lend = label(g);
    cmp_into(g, "%p9");
    emit(g, "@%%p9 bra L%d_%d;", g->id, le);
    g->ends[g->nends++] = lend;
    stmts(g, 1 + rn(g, 3), depth + 1, false);
    emit(g, "bra.uni L%d_%d;", g->id, lend); /* uniform in the sense PTX means: not taken by half */
    put_label(g, le);
    stmts(g, rn(g, 3), depth + 1, false);
    g->nends--;
    put_label(g, lend);
}

static void
loop_stmt(G *g, int depth)
{
    int lh = label(g), lend = label(g), c = 40 + depth;
    emit(g, "mov.u32 %%r%d, 0;", c);
    emit(g, "and.b32 %%r%d, %%r%d, 7;", c + 10, var(g)); /* per-lane trip count 1..8 */
    put_label(g, lh);
    g->ends[g->nends++] = lend;
    stmts(g, 1 + rn(g, 3), depth + 1, false);
    if (rn(g, 2)) { /* a divergent break */
        cmp_into(g, "%p10");
        emit(g, "@%%p10 bra L%d_%d;", g->id, lend);
    }
    g->nends--;
    emit(g, "add.u32 %%r%d, %%r%d, 1;", c, c);
    emit(g, "setp.le.u32 %%p11, %%r%d, %%r%d;", c, c + 10);
    emit(g, "@%%p11 bra L%d_%d;", g->id, lh);
    put_label(g, lend);
}

static void
brx_stmt(G *g, int depth)
{
    int n = 2 + rn(g, 3), tbl = label(g), lend = label(g), t[4];
    for (int i = 0; i < n; i++)
        t[i] = label(g);
    emit(g, "and.b32 %%r23, %%r%d, %d;", var(g), n == 4 ? 3 : 1);
    if (n == 3)
        emit(g, "add.u32 %%r23, %%r23, %d;", rn(g, 2));
    fprintf(g->out, "L%d_%d: .branchtargets ", g->id, tbl);
    for (int i = 0; i < n; i++)
        fprintf(g->out, "%sL%d_%d", i ? ", " : "", g->id, t[i]);
    fprintf(g->out, ";\n");
    emit(g, "%sbrx.idx %%r23, L%d_%d;", guard(g), g->id, tbl);
    g->ends[g->nends++] = lend;
    for (int i = 0; i < n; i++) {
        put_label(g, t[i]);
        stmts(g, rn(g, 3), depth + 1, false);
        if (i < n - 1 || rn(g, 2))
            emit(g, "bra.uni L%d_%d;", g->id, lend);
    }
    g->nends--;
    put_label(g, lend);
}

static void
call_stmt(G *g)
{
    /* A guard only on calls returning into a register: a .param result of a
     * call that did not happen is undefined. */
    const char *gd = guard(g);
    int d = var(g);
    if (g->has_rec && rn(g, 3) == 0) {
        emit(g, "and.b32 %%r24, %%r%d, 7;", var(g));
        emit(g, "{");
        emit(g, ".param .b32 pn; .param .b32 px; .param .b32 pr;");
        emit(g, "st.param.b32 [pn], %%r24;");
        emit(g, "st.param.b32 [px], %%r%d;", var(g));
        emit(g, "call (pr), k%d_rec, (pn, px);", g->id);
        emit(g, "ld.param.b32 %%r%d, [pr];", d);
        emit(g, "}");
        return;
    }
    if (!g->nfunc)
        return;
    int f = rn(g, g->nfunc);
    char a[32], b[32];
    src32(g, a);
    src32(g, b);
    if (g->freg[f]) {
        emit(g, "%scall (%%r%d), k%d_f%d, (%s, %s);", gd, d, g->id, f, a, b);
        return;
    }
    emit(g, "{");
    emit(g, ".param .b32 pa; .param .b32 pb; .param .b32 pr;");
    emit(g, "st.param.b32 [pa], %s;", a);
    emit(g, "st.param.b32 [pb], %s;", b);
    emit(g, "call (pr), k%d_f%d, (pa, pb);", g->id, f);
    emit(g, "ld.param.b32 %%r%d, [pr];", d);
    emit(g, "}");
}

static void
local_stmt(G *g)
{
    emit(g, "and.b32 %%r25, %%r%d, 7;", var(g));
    emit(g, "mul.wide.u32 %%rd7, %%r25, 4;");
    emit(g, "mov.u64 %%rd8, loc;");
    emit(g, "add.s64 %%rd8, %%rd8, %%rd7;");
    if (rn(g, 2))
        emit(g, "st.local.u32 [%%rd8], %%r%d;", var(g));
    else
        emit(g, "ld.local.u32 %%r%d, [%%rd8];", var(g));
}

/* The lanes of mask m take part: %p12 = lane is in m. */
static void
member_pred(G *g, uint32_t m)
{
    emit(g, "mov.b32 %%r26, 0x%08x;", m);
    emit(g, "shr.b32 %%r26, %%r26, %%r9;"); /* %r9: %laneid */
    emit(g, "and.b32 %%r26, %%r26, 1;");
    emit(g, "setp.ne.u32 %%p12, %%r26, 0;");
}

/* A mask made of whole segments of width w, each of lanes that run
 * (live_lanes): shfl within a segment stays in it, and no lane of the mask
 * has left.  w is at most the live lanes' count (they are lanes 0 up). */
static uint32_t
seg_mask(G *g, int w)
{
    uint32_t m = 0;
    for (int s = 0; s < 32 / w; s++) {
        uint32_t seg = (uint32_t)((w == 32 ? 0xffffffffull : ((1ull << w) - 1)) << (s * w));
        if (rn(g, 3) && (seg & g->live_lanes) == seg)
            m |= seg;
    }
    if (!m) {
        int k = rn(g, 32 / w);
        uint32_t seg = (uint32_t)((w == 32 ? 0xffffffffull : ((1ull << w) - 1)) << (k * w));
        m = (seg & g->live_lanes) == seg ? seg : (uint32_t)((1ull << w) - 1);
    }
    return m;
}

static void
warp_stmt(G *g)
{
    static const int widths[] = {2, 4, 8, 16, 32};
    int nw = 0; /* the widths that fit the live lanes */
    while (nw < 5 && (1ull << widths[nw]) - 1 <= g->live_lanes)
        nw++;
    if (nw == 0)
        return;
    int w = widths[rn(g, nw)];
    uint32_t m = rn(g, 3) == 0 && g->live_lanes == 0xffffffffu ? 0xffffffffu : seg_mask(g, w);
    bool full = m == 0xffffffffu;
    if (!full)
        member_pred(g, m);
    const char *gd = full ? "" : "@%p12 ";
    int d = var(g), a = var(g);
    switch (rn(g, 6)) {
    case 0: case 1: {
        static const char *const mode[] = {"up", "down", "bfly", "idx"};
        int k = rn(g, 4);
        unsigned c = (unsigned)(32 - w) << 8 | (k == 0 ? 0u : (unsigned)rn(g, 32));
        unsigned b = (unsigned)rn(g, k == 3 ? 64 : w);
        if (rn(g, 3) == 0) /* the lane operand from a register */
            emit(g, "and.b32 %%r27, %%r%d, %u;", var(g), k == 3 ? 31u : (unsigned)w - 1), emit(g, "%sshfl.sync.%s.b32 %%r%d|%%p%d, %%r%d, %%r27, %u, 0x%08x;", gd, mode[k], d, 1 + rn(g, NP), a, c, m);
        else
            emit(g, "%sshfl.sync.%s.b32 %%r%d, %%r%d, %u, %u, 0x%08x;", gd, mode[k], d, a, b, c, m);
        break;
    }
    case 2: {
        static const char *const mode[] = {"all", "any", "uni"};
        if (rn(g, 2))
            emit(g, "%svote.sync.ballot.b32 %%r%d, %%p%d, 0x%08x;", gd, d, 1 + rn(g, NP), m);
        else
            emit(g, "%svote.sync.%s.pred %%p%d, %%p%d, 0x%08x;", gd, mode[rn(g, 3)], 1 + rn(g, NP), 1 + rn(g, NP), m);
        break;
    }
    case 3: {
        static const char *const op[] = {"add", "min", "max", "and", "or", "xor"};
        int k = rn(g, 6);
        emit(g, "%sredux.sync.%s.%s %%r%d, %%r%d, 0x%08x;", gd, op[k], k < 3 ? (rn(g, 2) ? "u32" : "s32") : "b32",
             d, a, m);
        break;
    }
    case 4:
        emit(g, "and.b32 %%r28, %%r%d, 3;", a);
        if (rn(g, 2))
            emit(g, "%smatch.any.sync.b32 %%r%d, %%r28, 0x%08x;", gd, d, m);
        else
            emit(g, "%smatch.all.sync.b32 %%r%d|%%p%d, %%r28, 0x%08x;", gd, d, 1 + rn(g, NP), m);
        break;
    default:
        emit(g, "%sbar.warp.sync 0x%08x;", gd, m);
        break;
    }
}

/* A divergent if whose lanes talk among themselves: the mask is the ballot
 * of the condition among live_lanes, taken where they are all present. */
static void
div_warp_stmt(G *g, int depth)
{
    int lend = label(g);
    cmp_into(g, "%p13");
    const char *gd = "";
    if (g->live_lanes != 0xffffffffu) { /* lanes past live_lanes stay out */
        member_pred(g, g->live_lanes);
        emit(g, "and.pred %%p13, %%p13, %%p12;");
        gd = "@%p12 ";
    }
    emit(g, "%svote.sync.ballot.b32 %%r29, %%p13, 0x%08x;", gd, g->live_lanes);
    emit(g, "@!%%p13 bra L%d_%d;", g->id, lend);
    int saved = g->nends; /* no branch out of the region skips its warp operation */
    g->nends = 0;
    stmts(g, rn(g, 2), depth + 1, false);
    int d = var(g), a = var(g);
    switch (rn(g, 4)) {
    case 0:
        emit(g, "bfind.u32 %%r30, %%r29;"); /* a lane of the mask */
        emit(g, "shfl.sync.idx.b32 %%r%d, %%r%d, %%r30, 31, %%r29;", d, a);
        break;
    case 1: emit(g, "redux.sync.add.u32 %%r%d, %%r%d, %%r29;", d, a); break;
    case 2: emit(g, "vote.sync.ballot.b32 %%r%d, %%p%d, %%r29;", d, 1 + rn(g, NP)); break;
    default: emit(g, "match.any.sync.b32 %%r%d, %%r%d, %%r29;", d, a); break;
    }
    stmts(g, rn(g, 2), depth + 1, false);
    g->nends = saved;
    put_label(g, lend);
}

/* A read of the input at an index made of a variable (data): a gather
 * whose lanes' addresses no analysis can know; under a guard sometimes. */
static void
gather_stmt(G *g)
{
    emit(g, "and.b32 %%r34, %%r%d, %d;", var(g), GEN_THREADS * GEN_IN - 1);
    emit(g, "mul.wide.u32 %%rd9, %%r34, 4;");
    emit(g, "add.s64 %%rd9, %%rd1, %%rd9;");
    emit(g, "%sld.global.u32 %%r%d, [%%rd9];", guard(g), var(g));
}

/* Shared memory: every thread stores, a barrier, every thread reads
 * another's word, a barrier; or atomics into one word; or a gather from
 * the input (gather_stmt). */
static void
shared_stmt(G *g)
{
    if (rn(g, 4) == 0) {
        gather_stmt(g);
        return;
    }
    emit(g, "mov.u32 %%r31, sm;");
    if (rn(g, 3) == 0) {
        emit(g, "%sred.shared.add.u32 [sm+%d], %%r%d;", guard(g), 4 * GEN_BLOCK, var(g));
        emit(g, "bar.sync 0;");
        emit(g, "ld.shared.u32 %%r%d, [sm+%d];", var(g), 4 * GEN_BLOCK);
        emit(g, "bar.sync 0;");
        return;
    }
    emit(g, "shl.b32 %%r32, %%r10, 2;"); /* %r10: %tid.x */
    emit(g, "add.u32 %%r32, %%r31, %%r32;");
    emit(g, "st.shared.u32 [%%r32], %%r%d;", var(g));
    emit(g, "bar.sync 0;");
    if (g->live < GEN_BLOCK) { /* a word of a thread that did not leave */
        emit(g, "add.u32 %%r33, %%r10, %d;", rn(g, g->live));
        emit(g, "rem.u32 %%r33, %%r33, %d;", g->live);
    } else {
        emit(g, "add.u32 %%r33, %%r10, %d;", 1 + rn(g, GEN_BLOCK - 1));
        emit(g, "and.b32 %%r33, %%r33, %d;", GEN_BLOCK - 1);
    }
    emit(g, "shl.b32 %%r33, %%r33, 2;");
    emit(g, "add.u32 %%r33, %%r31, %%r33;");
    emit(g, "ld.shared.u32 %%r%d, [%%r33];", var(g));
    emit(g, "bar.sync 0;");
}

/* A forward branch out of one or more enclosing constructs. */
static void
exit_stmt(G *g)
{
    if (!g->nends)
        return;
    cmp_into(g, "%p14");
    emit(g, "@%%p14 bra L%d_%d;", g->id, g->ends[rn(g, g->nends)]);
}

static void
stmt(G *g, int depth, bool top)
{
    g->budget--;
    int r = rn(g, 100);
    bool nest = depth < 2 && g->budget > 0;
    if (r < 30)
        int_stmt(g);
    else if (r < 45)
        float_stmt(g);
    else if (r < 53)
        pred_stmt(g);
    else if (r < 61 && nest)
        if_stmt(g, depth);
    else if (r < 66 && nest)
        loop_stmt(g, depth);
    else if (r < 69 && nest && !gen_no_brx)
        brx_stmt(g, depth);
    else if (r < 75 && !g->in_func)
        call_stmt(g);
    else if (r < 78)
        local_stmt(g);
    else if (r < 82)
        exit_stmt(g);
    else if (r < 89 && top && !g->in_func)
        warp_stmt(g);
    else if (r < 93 && top && !g->in_func && nest)
        div_warp_stmt(g, depth);
    else if (r < 97 && top && !g->in_func)
        shared_stmt(g);
    else
        int_stmt(g);
}

static void
stmts(G *g, int n, int depth, bool top)
{
    for (int i = 0; i < n && g->budget > 0; i++)
        stmt(g, depth, top);
}

static void
declare_regs(G *g)
{
    emit(g, ".reg .b32 %%r<60>;");
    emit(g, ".reg .f32 %%f<8>;");
    emit(g, ".reg .f64 %%fd<4>;");
    emit(g, ".reg .b64 %%rd<12>;");
    emit(g, ".reg .pred %%p<16>;");
    emit(g, ".local .align 4 .b32 loc[8];");
}

/* Variables from two .b32 values a and b (function bodies). */
static void
vars_from(G *g, const char *a, const char *b)
{
    emit(g, "mov.b32 %%r1, %s;", a);
    emit(g, "mov.b32 %%r2, %s;", b);
    for (int i = 3; i <= NV; i++)
        emit(g, "%s %%r%d, %%r%d, %%r%d;", rn(g, 2) ? "xor.b32" : "add.u32", i, i - 2, i - 1);
    for (int i = 1; i <= NF; i++)
        emit(g, "cvt.rn.f32.s32 %%f%d, %%r%d;", i, i);
    for (int i = 1; i <= ND; i++)
        emit(g, "cvt.rn.f64.s32 %%fd%d, %%r%d;", i, i + 2);
    for (int i = 1; i <= NP; i++)
        emit(g, "setp.lt.s32 %%p%d, %%r%d, %%r%d;", i, i, i + 4);
    emit(g, "mov.u32 %%r9, %%laneid;");
    emit(g, "mov.u32 %%r10, %%tid.x;");
    for (int i = 0; i < 8; i++) /* the local array starts defined */
        emit(g, "st.local.u32 [loc+%d], %%r%d;", 4 * i, 1 + i);
}

static void
gen_func(G *g, int f)
{
    g->in_func = true;
    g->nends = 0;
    if (g->freg[f])
        fprintf(g->out, ".func (.reg .b32 ret) k%d_f%d(.reg .b32 a, .reg .b32 b)\n{\n", g->id, f);
    else
        fprintf(g->out, ".func (.param .b32 ret) k%d_f%d(.param .b32 a, .param .b32 b)\n{\n", g->id, f);
    declare_regs(g);
    if (g->freg[f])
        vars_from(g, "a", "b");
    else {
        emit(g, "ld.param.b32 %%r11, [a];");
        emit(g, "ld.param.b32 %%r12, [b];");
        vars_from(g, "%r11", "%r12");
    }
    g->budget = 2 + rn(g, 6);
    fprintf(g->out, "// body\n");
    while (g->budget > 0) {
        stmt(g, 1, false);
        if (rn(g, 5) == 0) { /* a divergent early return */
            int x = var(g);
            if (g->freg[f])
                emit(g, "mov.b32 ret, %%r%d;", x);
            else
                emit(g, "st.param.b32 [ret], %%r%d;", x);
            cmp_into(g, "%p15");
            emit(g, "@%%p15 ret;");
        }
    }
    fprintf(g->out, "// end\n");
    int x = var(g);
    if (g->freg[f])
        emit(g, "mov.b32 ret, %%r%d;", x);
    else
        emit(g, "st.param.b32 [ret], %%r%d;", x);
    emit(g, "ret;");
    fprintf(g->out, "}\n\n");
    g->in_func = false;
}

static void
gen_rec(G *g)
{
    fprintf(g->out, ".func (.param .b32 ret) k%d_rec(.param .b32 n, .param .b32 x)\n{\n", g->id);
    emit(g, ".reg .b32 %%r<8>;");
    emit(g, ".reg .pred %%p<2>;");
    emit(g, "ld.param.b32 %%r1, [n];");
    emit(g, "ld.param.b32 %%r2, [x];");
    emit(g, "setp.eq.u32 %%p1, %%r1, 0;");
    emit(g, "@%%p1 bra BASE;");
    emit(g, "sub.u32 %%r3, %%r1, 1;");
    emit(g, "mad.lo.u32 %%r4, %%r2, %d, %%r1;", 1 + 2 * rn(g, 8));
    emit(g, "{");
    emit(g, ".param .b32 pn; .param .b32 px; .param .b32 pr;");
    emit(g, "st.param.b32 [pn], %%r3;");
    emit(g, "st.param.b32 [px], %%r4;");
    emit(g, "call (pr), k%d_rec, (pn, px);", g->id);
    emit(g, "ld.param.b32 %%r5, [pr];");
    emit(g, "}");
    emit(g, "%s %%r6, %%r5, %%r2;", rn(g, 2) ? "xor.b32" : "add.u32");
    emit(g, "st.param.b32 [ret], %%r6;");
    emit(g, "ret;");
    fprintf(g->out, "BASE:\n");
    emit(g, "st.param.b32 [ret], %%r2;");
    emit(g, "ret;");
    fprintf(g->out, "}\n\n");
}

void
gen_program(FILE *out, uint64_t seed, int id)
{
    G gs = {.out = out, .s = seed * 0x2545f4914f6cdd1dull + 1, .id = id};
    G *g = &gs;
    rnd(g);
    fprintf(out, "// generated: seed %llu\n", (unsigned long long)seed);
    /* sometimes the threads from `live` on leave before the first barrier
     * (nvcc's "if (i >= n) return;"): every barrier after waits only for
     * the others, and warp operations and shared reads name only them */
    g->live = rn(g, 4) == 0 ? 1 + rn(g, GEN_BLOCK - 1) : GEN_BLOCK;
    int in_warp = g->live >= GEN_BLOCK ? 32 : g->live % 32 ? g->live % 32 : 32;
    g->live_lanes = in_warp == 32 ? 0xffffffffu : (uint32_t)((1ull << in_warp) - 1);
    g->nfunc = rn(g, 3);
    for (int f = 0; f < g->nfunc; f++) {
        g->freg[f] = rn(g, 2);
        gen_func(g, f);
    }
    g->has_rec = rn(g, 3) == 0;
    if (g->has_rec)
        gen_rec(g);

    fprintf(out, ".visible .entry k%d(.param .u64 in, .param .u64 out)\n{\n", id);
    declare_regs(g);
    fprintf(out, "\t.shared .align 4 .b32 sm[%d];\n", GEN_BLOCK + 1);
    emit(g, "ld.param.u64 %%rd1, [in];");
    emit(g, "ld.param.u64 %%rd2, [out];");
    emit(g, "mov.u32 %%r10, %%tid.x;");
    emit(g, "mov.u32 %%r11, %%ctaid.x;");
    emit(g, "mad.lo.u32 %%r12, %%r11, %d, %%r10;", GEN_BLOCK);
    emit(g, "mul.wide.u32 %%rd3, %%r12, %d;", GEN_IN * 4);
    emit(g, "add.s64 %%rd3, %%rd1, %%rd3;");
    emit(g, "mul.wide.u32 %%rd4, %%r12, %d;", GEN_OUT * 4);
    emit(g, "add.s64 %%rd4, %%rd2, %%rd4;");
    for (int i = 1; i <= NV; i++)
        emit(g, "ld.global.u32 %%r%d, [%%rd3+%d];", i, 4 * (i - 1));
    for (int i = 1; i <= NF; i++)
        emit(g, "ld.global.f32 %%f%d, [%%rd3+%d];", i, 4 * (i - 1));
    for (int i = 1; i <= ND; i++)
        emit(g, "cvt.rn.f64.s32 %%fd%d, %%r%d;", i, i + 4);
    for (int i = 1; i <= NP; i++)
        emit(g, "setp.lt.s32 %%p%d, %%r%d, %%r%d;", i, i, i + 4);
    emit(g, "mov.u32 %%r9, %%laneid;");
    emit(g, "mov.u32 %%r31, sm;");
    bool leave = g->live < GEN_BLOCK;
    if (leave) {
        emit(g, "setp.ge.u32 %%p15, %%r10, %d;", g->live);
        emit(g, "@%%p15 bra LEAVE;");
    }
    emit(g, "st.shared.u32 [sm+%d], 0;", 4 * GEN_BLOCK);
    emit(g, "bar.sync 0;");
    for (int i = 0; i < 8; i++) /* the local array starts defined */
        emit(g, "st.local.u32 [loc+%d], %%r%d;", 4 * i, 1 + i);
    g->budget = 4 + rn(g, 16);
    fprintf(out, "// body\n");
    while (g->budget > 0)
        stmt(g, 0, true);
    fprintf(out, "// end\n");
    /* the results: variables, floats with canonical NaNs, predicates */
    for (int i = 1; i <= NV; i++)
        emit(g, "st.global.u32 [%%rd4+%d], %%r%d;", 4 * (i - 1), i);
    for (int i = 1; i <= NF; i++) {
        emit(g, "testp.notanumber.f32 %%p15, %%f%d;", i);
        emit(g, "@%%p15 mov.f32 %%f%d, 0f7FFFFFFF;", i);
        emit(g, "st.global.f32 [%%rd4+%d], %%f%d;", 4 * (NV + i - 1), i);
    }
    for (int i = 1; i <= ND; i++) {
        emit(g, "testp.notanumber.f64 %%p15, %%fd%d;", i);
        emit(g, "@%%p15 mov.f64 %%fd%d, 0d7FFFFFFFFFFFFFFF;", i);
        emit(g, "st.global.f64 [%%rd4+%d], %%fd%d;", 4 * (NV + NF) + 8 * (i - 1), i);
    }
    for (int i = 1; i <= NP; i++) {
        emit(g, "selp.u32 %%r20, 1, 0, %%p%d;", i);
        emit(g, "st.global.u32 [%%rd4+%d], %%r20;", 4 * (NV + NF + 2 * ND + i - 1));
    }
    for (int i = 0; i < 4; i++) {
        emit(g, "ld.local.u32 %%r20, [loc+%d];", 8 * i);
        emit(g, "st.global.u32 [%%rd4+%d], %%r20;", 4 * (NV + NF + 2 * ND + NP + i));
    }
    if (leave)
        fprintf(out, "LEAVE:\n");
    emit(g, "ret;");
    fprintf(out, "}\n\n");
}
