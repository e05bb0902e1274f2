/* shfl_modes.c — reference for shfl_modes.ptx, from the PTX ISA's
 * shfl.sync pseudo-code: lane[4:0] = %laneid, bval = b[4:0], clamp =
 * c[4:0], segmask = c[12:8]; maxLane = (lane & segmask) | (clamp &
 * ~segmask), minLane = lane & segmask; up: j = lane - bval, p = j >=
 * maxLane; down: j = lane + bval, p = j <= maxLane; bfly: j = lane ^ bval,
 * p = j <= maxLane; idx: j = minLane | (bval & ~segmask), p = j <= maxLane;
 * out of range (!p) a lane reads its own a.  A source lane that is
 * inactive or outside the member mask gives an undefined value (its
 * predicate is still p): such values are not compared. */
#include "common.h"

enum { N = 64, SENT = 0x5eed };
enum { UP, DOWN, BFLY, IDX };
#define VARY 0xabcdu /* imm: b is the register (tid * 7) & 63 */

struct Case { int mode; unsigned b, c; };
static const struct Case imm_cases[] = {
    {UP, 0x0u, 0x1f00}, {UP, 0x1u, 0x1f05}, {UP, 0x3u, 0x1f11}, {UP, 0x5u, 0x1f1f},
    {UP, 0x10u, 0x1e00}, {UP, 0x1fu, 0x1e01}, {UP, 0x21u, 0x1e05}, {UP, 0xffffffffu, 0x1e11},
    {UP, VARY, 0x1e1f}, {UP, 0x0u, 0x1c00}, {UP, 0x1u, 0x1c03}, {UP, 0x3u, 0x1c05},
    {UP, 0x5u, 0x1c11}, {UP, 0x10u, 0x1c1f}, {UP, 0x1fu, 0x1800}, {UP, 0x21u, 0x1805},
    {UP, 0xffffffffu, 0x1807}, {UP, VARY, 0x1811}, {UP, 0x0u, 0x181f}, {UP, 0x1u, 0x1000},
    {UP, 0x3u, 0x1005}, {UP, 0x5u, 0x100f}, {UP, 0x10u, 0x1011}, {UP, 0x1fu, 0x101f},
    {UP, 0x21u, 0x0}, {UP, 0xffffffffu, 0x5}, {UP, VARY, 0x11}, {UP, 0x0u, 0x1f},
    {UP, 0x1u, 0xa13}, {UP, 0x3u, 0x1505}, {UP, 0x5u, 0xc0b}, {UP, 0x10u, 0xffffe01f},
    {UP, 0x1fu, 0xe03}, {UP, 0x21u, 0x1f1f}, {DOWN, 0xffffffffu, 0x1f00}, {DOWN, VARY, 0x1f05},
    {DOWN, 0x0u, 0x1f11}, {DOWN, 0x1u, 0x1f1f}, {DOWN, 0x3u, 0x1e00}, {DOWN, 0x5u, 0x1e01},
    {DOWN, 0x10u, 0x1e05}, {DOWN, 0x1fu, 0x1e11}, {DOWN, 0x21u, 0x1e1f}, {DOWN, 0xffffffffu, 0x1c00},
    {DOWN, VARY, 0x1c03}, {DOWN, 0x0u, 0x1c05}, {DOWN, 0x1u, 0x1c11}, {DOWN, 0x3u, 0x1c1f},
    {DOWN, 0x5u, 0x1800}, {DOWN, 0x10u, 0x1805}, {DOWN, 0x1fu, 0x1807}, {DOWN, 0x21u, 0x1811},
    {DOWN, 0xffffffffu, 0x181f}, {DOWN, VARY, 0x1000}, {DOWN, 0x0u, 0x1005}, {DOWN, 0x1u, 0x100f},
    {DOWN, 0x3u, 0x1011}, {DOWN, 0x5u, 0x101f}, {DOWN, 0x10u, 0x0}, {DOWN, 0x1fu, 0x5},
    {DOWN, 0x21u, 0x11}, {DOWN, 0xffffffffu, 0x1f}, {DOWN, VARY, 0xa13}, {DOWN, 0x0u, 0x1505},
    {DOWN, 0x1u, 0xc0b}, {DOWN, 0x3u, 0xffffe01f}, {DOWN, 0x5u, 0xe03}, {DOWN, 0x10u, 0x1f1f},
    {BFLY, 0x1fu, 0x1f00}, {BFLY, 0x21u, 0x1f05}, {BFLY, 0xffffffffu, 0x1f11}, {BFLY, VARY, 0x1f1f},
    {BFLY, 0x0u, 0x1e00}, {BFLY, 0x1u, 0x1e01}, {BFLY, 0x3u, 0x1e05}, {BFLY, 0x5u, 0x1e11},
    {BFLY, 0x10u, 0x1e1f}, {BFLY, 0x1fu, 0x1c00}, {BFLY, 0x21u, 0x1c03}, {BFLY, 0xffffffffu, 0x1c05},
    {BFLY, VARY, 0x1c11}, {BFLY, 0x0u, 0x1c1f}, {BFLY, 0x1u, 0x1800}, {BFLY, 0x3u, 0x1805},
    {BFLY, 0x5u, 0x1807}, {BFLY, 0x10u, 0x1811}, {BFLY, 0x1fu, 0x181f}, {BFLY, 0x21u, 0x1000},
    {BFLY, 0xffffffffu, 0x1005}, {BFLY, VARY, 0x100f}, {BFLY, 0x0u, 0x1011}, {BFLY, 0x1u, 0x101f},
    {BFLY, 0x3u, 0x0}, {BFLY, 0x5u, 0x5}, {BFLY, 0x10u, 0x11}, {BFLY, 0x1fu, 0x1f},
    {BFLY, 0x21u, 0xa13}, {BFLY, 0xffffffffu, 0x1505}, {BFLY, VARY, 0xc0b}, {BFLY, 0x0u, 0xffffe01f},
    {BFLY, 0x1u, 0xe03}, {BFLY, 0x3u, 0x1f1f}, {IDX, 0x5u, 0x1f00}, {IDX, 0x10u, 0x1f05},
    {IDX, 0x1fu, 0x1f11}, {IDX, 0x21u, 0x1f1f}, {IDX, 0xffffffffu, 0x1e00}, {IDX, VARY, 0x1e01},
    {IDX, 0x0u, 0x1e05}, {IDX, 0x1u, 0x1e11}, {IDX, 0x3u, 0x1e1f}, {IDX, 0x5u, 0x1c00},
    {IDX, 0x10u, 0x1c03}, {IDX, 0x1fu, 0x1c05}, {IDX, 0x21u, 0x1c11}, {IDX, 0xffffffffu, 0x1c1f},
    {IDX, VARY, 0x1800}, {IDX, 0x0u, 0x1805}, {IDX, 0x1u, 0x1807}, {IDX, 0x3u, 0x1811},
    {IDX, 0x5u, 0x181f}, {IDX, 0x10u, 0x1000}, {IDX, 0x1fu, 0x1005}, {IDX, 0x21u, 0x100f},
    {IDX, 0xffffffffu, 0x1011}, {IDX, VARY, 0x101f}, {IDX, 0x0u, 0x0}, {IDX, 0x1u, 0x5},
    {IDX, 0x3u, 0x11}, {IDX, 0x5u, 0x1f}, {IDX, 0x10u, 0xa13}, {IDX, 0x1fu, 0x1505},
    {IDX, 0x21u, 0xc0b}, {IDX, 0xffffffffu, 0xffffe01f}, {IDX, VARY, 0xe03}, {IDX, 0x0u, 0x1f1f},
    {UP, 0x0u, 0x1802}, {UP, 0x1u, 0x1802}, {UP, 0x3u, 0x1802}, {UP, 0x5u, 0x1802},
    {UP, 0x10u, 0x1802}, {UP, 0x1fu, 0x1802}, {UP, 0x21u, 0x1802}, {UP, 0xffffffffu, 0x1802},
    {UP, VARY, 0x1802}, {DOWN, 0x0u, 0x181f}, {DOWN, 0x1u, 0x181f}, {DOWN, 0x3u, 0x181f},
    {DOWN, 0x5u, 0x181f}, {DOWN, 0x10u, 0x181f}, {DOWN, 0x1fu, 0x181f}, {DOWN, 0x21u, 0x181f},
    {DOWN, 0xffffffffu, 0x181f}, {DOWN, VARY, 0x181f}, {BFLY, 0x0u, 0x181f}, {BFLY, 0x1u, 0x181f},
    {BFLY, 0x3u, 0x181f}, {BFLY, 0x5u, 0x181f}, {BFLY, 0x10u, 0x181f}, {BFLY, 0x1fu, 0x181f},
    {BFLY, 0x21u, 0x181f}, {BFLY, 0xffffffffu, 0x181f}, {BFLY, VARY, 0x181f}, {IDX, 0x0u, 0x181f},
    {IDX, 0x1u, 0x181f}, {IDX, 0x3u, 0x181f}, {IDX, 0x5u, 0x181f}, {IDX, 0x10u, 0x181f},
    {IDX, 0x1fu, 0x181f}, {IDX, 0x21u, 0x181f}, {IDX, 0xffffffffu, 0x181f}, {IDX, VARY, 0x181f},
};

enum { NIMM = sizeof imm_cases / sizeof imm_cases[0], NVAR = 40 };

static uint32_t in[N];

/* j and p of lane `lane`; returns j (lane itself when out of range) */
static int source(int mode, int lane, unsigned b, unsigned c, int *p)
{
    int bval = b & 31, clamp = c & 31, seg = (c >> 8) & 31;
    int maxl = (lane & seg) | (clamp & ~seg), minl = lane & seg, j = 0;
    switch (mode) {
    case UP: j = lane - bval; *p = j >= maxl; break;
    case DOWN: j = lane + bval; *p = j <= maxl; break;
    case BFLY: j = lane ^ bval; *p = j <= maxl; break;
    default: j = minl | (bval & ~seg); *p = j <= maxl; break;
    }
    return *p ? j : lane;
}

/* expected d and p of thread t for one case, at e[di] and e[pi];
 * members: the lanes of t's warp taking part as t sees them */
static void expect(uint32_t *e, uint8_t *def, size_t di, size_t pi, int t, int mode, unsigned b, unsigned c,
                   unsigned members)
{
    int lane = t % 32, p;
    int j = source(mode, lane, b, c, &p);
    e[di] = in[t - lane + j];
    def[di] = (members >> j) & 1;
    e[pi] = (uint32_t)p;
    def[pi] = 1;
}

static void check(const char *cas, const uint32_t *got, const uint32_t *e, const uint8_t *def, size_t n)
{
    int bad = 0;
    char first[200] = "";
    for (size_t i = 0; i < n; i++)
        if (def[i] && got[i] != e[i] && !bad++)
            snprintf(first, sizeof first, "[%zu] got %u expected %u", i, got[i], e[i]);
    report(cas, bad, first);
}

static void run(const char *cas, const char *k, size_t rows, const uint32_t *e, const uint8_t *def,
                const uint32_t *bc, unsigned n)
{
    uint32_t *got = malloc(rows * N * sizeof *got);
    for (size_t i = 0; i < rows * N; i++) got[i] = SENT;
    const uint32_t *pi = in;
    uint32_t *po = got;
    void *p2[] = {&pi, &po}, *p4[] = {&pi, &bc, &po, &n};
    if (launch(cas, k, d3(1, 1, 1), d3(N, 1, 1), 0, bc ? p4 : p2))
        check(cas, got, e, def, rows * N);
    free(got);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "shfl_modes");
    for (int t = 0; t < N; t++) in[t] = lcg();
    uint32_t *e = malloc(8 * NIMM * N * sizeof *e);
    uint8_t *def = malloc(8 * NIMM * N);

    /* immediates (and a per-lane b with an immediate c): per group of 8
     * cases h = h * 31 + d and the bits of p, as imm computes them */
    enum { NG = (NIMM + 7) / 8 };
    for (int t = 0; t < N; t++)
        for (int g = 0; g < NG; g++) {
            uint32_t h = 0, pb = 0;
            for (int k = 8 * g; k < 8 * g + 8 && k < NIMM; k++) {
                unsigned b = imm_cases[k].b == VARY ? (unsigned)(t * 7) & 63 : imm_cases[k].b;
                uint32_t dp[2];
                uint8_t df[2];
                expect(dp, df, 0, 1, t, imm_cases[k].mode, b, imm_cases[k].c, ~0u);
                h = h * 31 + dp[0];
                pb |= dp[1] << (k - 8 * g);
            }
            e[2 * (g * N + t)] = h, e[2 * (g * N + t) + 1] = pb;
            def[2 * (g * N + t)] = def[2 * (g * N + t) + 1] = 1;
        }
    run("immediate", "imm", 2 * NG, e, def, NULL, 0);

    /* the same b and c from uniform registers, all four modes each */
    uint32_t bc[2 * NIMM];
    for (int k = 0; k < NIMM; k++) {
        bc[2 * k] = imm_cases[k].b == VARY ? 77 : imm_cases[k].b;
        bc[2 * k + 1] = imm_cases[k].c;
        for (int m = 0; m < 4; m++)
            for (int t = 0; t < N; t++)
                expect(e, def, (8 * k + 2 * m) * N + t, (8 * k + 2 * m + 1) * N + t, t, m, bc[2 * k], bc[2 * k + 1], ~0u);
    }
    run("uniform_registers", "uni", 8 * NIMM, e, def, bc, NIMM);

    /* b and c different in every lane: any bits, and c drawn from the table */
    uint32_t *bcv = malloc(2 * NVAR * N * sizeof *bcv);
    for (int k = 0; k < NVAR; k++)
        for (int t = 0; t < N; t++) {
            uint32_t r = lcg();
            uint32_t *x = &bcv[2 * (k * N + t)];
            x[0] = k % 2 ? r >> 3 : (r >> 7) & 63;
            x[1] = k % 3 ? imm_cases[(r >> 16) % NIMM].c : lcg();
            for (int m = 0; m < 4; m++)
                expect(e, def, (8 * k + 2 * m) * N + t, (8 * k + 2 * m + 1) * N + t, t, m, x[0], x[1], ~0u);
        }
    run("varying_registers", "var", 8 * NVAR, e, def, bcv, NVAR);

    /* partial warps */
    static const struct Case part[] = {
        {BFLY, 1, 0x1f}, {DOWN, 1, 0x1f}, {UP, 1, 0}, {IDX, 3, 0x1f}, {BFLY, 2, 0x1c03},
        {IDX, VARY, 0x1f}, {UP, 2, 0x1c01}, {BFLY, 16, 0x1f}, {DOWN, 8, 0x1f}, {DOWN, 8, 0xf},
        {BFLY, 4, 0x1f}, {IDX, VARY, 0x1807},
    };
    enum { NPART = sizeof part / sizeof part[0] };
    for (int k = 0; k < NPART; k++)
        for (int t = 0; t < N; t++) {
            int lane = t % 32;
            unsigned members, runs;
            if (k < 7) {
                members = 0x77777777u, runs = lane % 4 != 3;
            } else {
                members = k < 10 ? 0xffffu : lane < 8 ? 0xffu : 0xff00u, runs = lane < 16;
            }
            if (!runs) {
                for (int r = 0; r < 2; r++) e[2 * (k * N + t) + r] = SENT, def[2 * (k * N + t) + r] = 1;
                continue;
            }
            unsigned b = part[k].b == VARY ? (unsigned)lane + 1 : part[k].b;
            expect(e, def, 2 * (k * N + t), 2 * (k * N + t) + 1, t, part[k].mode, b, part[k].c, members);
        }
    run("partial_warps", "part", 2 * NPART, e, def, NULL, 0);
    free(bcv);
    free(e);
    free(def);
    return finish();
}
#if 0 // test-file shfl_modes.ptx
// shfl.sync in all four modes against the PTX ISA's pseudo-code: many
// values of c (segment masks of widths 1..32, clamps 0..31, odd packings,
// bits above 12), b past 31, b and c as immediates and as uniform and
// per-lane registers, the predicate output, and sources that are inactive
// or outside the member mask (their value is undefined, the predicate is
// not).  Hand-written (the imm kernel's cases generated once from the
// table in shfl_modes.c); ptxas -arch=sm_80 accepts it.
.version 7.0
.target sm_80
.address_size 64

// cases in groups of 8 (g): h = h * 31 + d over the group, and bit i of
// pb set when case 8g + i gives p; out[2 (64g + tid)] = h, out[... + 1] = pb
.visible .entry imm(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r2, [%rd4];
	mul.wide.u32 %rd6, %r1, 8;
	add.s64 %rd5, %rd2, %rd6;
	mul.lo.u32 %r5, %r1, 7;
	and.b32 %r5, %r5, 63;
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.up.b32 %r3|%p1, %r2, 0, 0x1f00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 1, 0x1f05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 3, 0x1f11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 5, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 16, 0x1e00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 31, 0x1e01, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 33, 0x1e05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 4294967295, 0x1e11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+0], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.up.b32 %r3|%p1, %r2, %r5, 0x1e1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 0, 0x1c00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 1, 0x1c03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 3, 0x1c05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 5, 0x1c11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 16, 0x1c1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 31, 0x1800, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 33, 0x1805, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+512], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.up.b32 %r3|%p1, %r2, 4294967295, 0x1807, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, %r5, 0x1811, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 0, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 1, 0x1000, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 3, 0x1005, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 5, 0x100f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 16, 0x1011, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 31, 0x101f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+1024], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.up.b32 %r3|%p1, %r2, 33, 0x0, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 4294967295, 0x5, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, %r5, 0x11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 0, 0x1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 1, 0xa13, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 3, 0x1505, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 5, 0xc0b, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 16, 0xffffe01f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+1536], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.up.b32 %r3|%p1, %r2, 31, 0xe03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 33, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 4294967295, 0x1f00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, %r5, 0x1f05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 0, 0x1f11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 1, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 3, 0x1e00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 5, 0x1e01, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+2048], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.down.b32 %r3|%p1, %r2, 16, 0x1e05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 31, 0x1e11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 33, 0x1e1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 4294967295, 0x1c00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, %r5, 0x1c03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 0, 0x1c05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 1, 0x1c11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 3, 0x1c1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+2560], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.down.b32 %r3|%p1, %r2, 5, 0x1800, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 16, 0x1805, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 31, 0x1807, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 33, 0x1811, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 4294967295, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, %r5, 0x1000, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 0, 0x1005, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 1, 0x100f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+3072], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.down.b32 %r3|%p1, %r2, 3, 0x1011, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 5, 0x101f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 16, 0x0, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 31, 0x5, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 33, 0x11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 4294967295, 0x1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, %r5, 0xa13, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 0, 0x1505, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+3584], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.down.b32 %r3|%p1, %r2, 1, 0xc0b, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 3, 0xffffe01f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 5, 0xe03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 16, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 31, 0x1f00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 33, 0x1f05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 4294967295, 0x1f11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, %r5, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+4096], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 0, 0x1e00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 1, 0x1e01, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 3, 0x1e05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 5, 0x1e11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 16, 0x1e1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 31, 0x1c00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 33, 0x1c03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 4294967295, 0x1c05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+4608], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.bfly.b32 %r3|%p1, %r2, %r5, 0x1c11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 0, 0x1c1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 1, 0x1800, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 3, 0x1805, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 5, 0x1807, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 16, 0x1811, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 31, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 33, 0x1000, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+5120], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 4294967295, 0x1005, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, %r5, 0x100f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 0, 0x1011, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 1, 0x101f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 3, 0x0, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 5, 0x5, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 16, 0x11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 31, 0x1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+5632], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 33, 0xa13, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 4294967295, 0x1505, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, %r5, 0xc0b, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 0, 0xffffe01f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 1, 0xe03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 3, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 5, 0x1f00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 16, 0x1f05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+6144], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.idx.b32 %r3|%p1, %r2, 31, 0x1f11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 33, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 4294967295, 0x1e00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, %r5, 0x1e01, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 0, 0x1e05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 1, 0x1e11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 3, 0x1e1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 5, 0x1c00, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+6656], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.idx.b32 %r3|%p1, %r2, 16, 0x1c03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 31, 0x1c05, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 33, 0x1c11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 4294967295, 0x1c1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, %r5, 0x1800, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 0, 0x1805, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 1, 0x1807, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 3, 0x1811, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+7168], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.idx.b32 %r3|%p1, %r2, 5, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 16, 0x1000, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 31, 0x1005, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 33, 0x100f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 4294967295, 0x1011, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, %r5, 0x101f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 0, 0x0, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 1, 0x5, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+7680], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.idx.b32 %r3|%p1, %r2, 3, 0x11, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 5, 0x1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 16, 0xa13, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 31, 0x1505, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 33, 0xc0b, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 4294967295, 0xffffe01f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, %r5, 0xe03, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 0, 0x1f1f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+8192], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.up.b32 %r3|%p1, %r2, 0, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 1, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 3, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 5, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 16, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 31, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 33, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.up.b32 %r3|%p1, %r2, 4294967295, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+8704], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.up.b32 %r3|%p1, %r2, %r5, 0x1802, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 0, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 1, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 3, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 5, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 16, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 31, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, 33, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+9216], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.down.b32 %r3|%p1, %r2, 4294967295, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, %r5, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 0, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 1, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 3, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 5, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 16, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 31, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+9728], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 33, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 4294967295, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, %r5, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 0, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 1, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 16, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 3, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 32, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 5, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 64, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 16, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 128, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+10240], {%r6, %r7};
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
	shfl.sync.idx.b32 %r3|%p1, %r2, 31, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 1, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 33, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 2, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, 4294967295, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 4, 0, %p1;
	or.b32 %r7, %r7, %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, %r5, 0x181f, -1;
	mad.lo.u32 %r6, %r6, 31, %r3;
	selp.u32 %r4, 8, 0, %p1;
	or.b32 %r7, %r7, %r4;
	st.global.v2.u32 [%rd5+10752], {%r6, %r7};
	ret;
}

// b = bc[2k], c = bc[2k + 1], the same in every lane; the four modes of
// case k go to out[(8k + 2m) * 64 + tid] (d) and the next row (p)
.visible .entry uni(.param .u64 in, .param .u64 bc, .param .u64 out, .param .u32 n)
{
	.reg .pred %p<3>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [bc];
	ld.param.u64 %rd3, [out];
	ld.param.u32 %r10, [n];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd4, %r1, 4;
	add.s64 %rd5, %rd1, %rd4;
	ld.global.u32 %r2, [%rd5];
	add.s64 %rd6, %rd3, %rd4;
	mov.u32 %r11, 0;
ULOOP:
	setp.ge.u32 %p2, %r11, %r10;
	@%p2 bra UDONE;
	mul.wide.u32 %rd7, %r11, 8;
	add.s64 %rd8, %rd2, %rd7;
	ld.global.u32 %r5, [%rd8];
	ld.global.u32 %r6, [%rd8+4];
	shfl.sync.up.b32 %r3|%p1, %r2, %r5, %r6, -1;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+0], %r3;
	st.global.u32 [%rd6+256], %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, %r5, %r6, -1;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+512], %r3;
	st.global.u32 [%rd6+768], %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, %r5, %r6, -1;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+1024], %r3;
	st.global.u32 [%rd6+1280], %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, %r5, %r6, -1;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+1536], %r3;
	st.global.u32 [%rd6+1792], %r4;
	add.s64 %rd6, %rd6, 2048;
	add.u32 %r11, %r11, 1;
	bra.uni ULOOP;
UDONE:
	ret;
}

// b = bc[2 (64k + tid)], c = bc[2 (64k + tid) + 1]: per lane, and a member
// mask in a per-lane register (all ones); output as in uni
.visible .entry var(.param .u64 in, .param .u64 bc, .param .u64 out, .param .u32 n)
{
	.reg .pred %p<3>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [bc];
	ld.param.u64 %rd3, [out];
	ld.param.u32 %r10, [n];
	mov.u32 %r1, %tid.x;
	or.b32 %r9, %r1, -1;
	mul.wide.u32 %rd4, %r1, 4;
	add.s64 %rd5, %rd1, %rd4;
	ld.global.u32 %r2, [%rd5];
	add.s64 %rd6, %rd3, %rd4;
	mul.wide.u32 %rd9, %r1, 8;
	add.s64 %rd8, %rd2, %rd9;
	mov.u32 %r11, 0;
VLOOP:
	setp.ge.u32 %p2, %r11, %r10;
	@%p2 bra VDONE;
	ld.global.u32 %r5, [%rd8];
	ld.global.u32 %r6, [%rd8+4];
	shfl.sync.up.b32 %r3|%p1, %r2, %r5, %r6, %r9;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+0], %r3;
	st.global.u32 [%rd6+256], %r4;
	shfl.sync.down.b32 %r3|%p1, %r2, %r5, %r6, %r9;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+512], %r3;
	st.global.u32 [%rd6+768], %r4;
	shfl.sync.bfly.b32 %r3|%p1, %r2, %r5, %r6, %r9;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+1024], %r3;
	st.global.u32 [%rd6+1280], %r4;
	shfl.sync.idx.b32 %r3|%p1, %r2, %r5, %r6, %r9;
	selp.u32 %r4, 1, 0, %p1;
	st.global.u32 [%rd6+1536], %r3;
	st.global.u32 [%rd6+1792], %r4;
	add.s64 %rd6, %rd6, 2048;
	add.s64 %rd8, %rd8, 512;
	add.u32 %r11, %r11, 1;
	bra.uni VLOOP;
VDONE:
	ret;
}

// Partial warps: cases 0..6 run in the lanes with lane % 4 != 3 (member
// mask 0x77777777), cases 7..11 in lanes 0..15 (member mask 0xffff, or
// per lane 0xff / 0xff00); the lanes that do not run a case leave its
// output alone.  out[2 (64k + tid)] = d, out[... + 1] = p of case k.
.visible .entry part(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r2, [%rd4];
	mul.wide.u32 %rd6, %r1, 8;
	add.s64 %rd5, %rd2, %rd6;
	and.b32 %r7, %r1, 31;
	add.u32 %r8, %r7, 1;
	setp.lt.u32 %p2, %r7, 8;
	selp.b32 %r9, 0xff, 0xff00, %p2;
	and.b32 %r6, %r7, 3;
	setp.eq.u32 %p2, %r6, 3;
	@%p2 bra A_END;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 1, 0x1f, 0x77777777;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+0], {%r3, %r4};
	shfl.sync.down.b32 %r3|%p1, %r2, 1, 0x1f, 0x77777777;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+512], {%r3, %r4};
	shfl.sync.up.b32 %r3|%p1, %r2, 1, 0, 0x77777777;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+1024], {%r3, %r4};
	shfl.sync.idx.b32 %r3|%p1, %r2, 3, 0x1f, 0x77777777;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+1536], {%r3, %r4};
	shfl.sync.bfly.b32 %r3|%p1, %r2, 2, 0x1c03, 0x77777777;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+2048], {%r3, %r4};
	shfl.sync.idx.b32 %r3|%p1, %r2, %r8, 0x1f, 0x77777777;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+2560], {%r3, %r4};
	shfl.sync.up.b32 %r3|%p1, %r2, 2, 0x1c01, 0x77777777;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+3072], {%r3, %r4};
A_END:
	setp.ge.u32 %p2, %r7, 16;
	@%p2 bra B_END;
	shfl.sync.bfly.b32 %r3|%p1, %r2, 16, 0x1f, 0xffff;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+3584], {%r3, %r4};
	shfl.sync.down.b32 %r3|%p1, %r2, 8, 0x1f, 0xffff;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+4096], {%r3, %r4};
	shfl.sync.down.b32 %r3|%p1, %r2, 8, 0xf, 0xffff;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+4608], {%r3, %r4};
	shfl.sync.bfly.b32 %r3|%p1, %r2, 4, 0x1f, %r9;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+5120], {%r3, %r4};
	shfl.sync.idx.b32 %r3|%p1, %r2, %r8, 0x1807, %r9;
	selp.u32 %r4, 1, 0, %p1;
	st.global.v2.u32 [%rd5+5632], {%r3, %r4};
B_END:
	ret;
}
#endif // end of shfl_modes.ptx
