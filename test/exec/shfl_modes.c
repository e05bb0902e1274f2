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
