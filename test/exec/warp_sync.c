/* warp_sync.c — reference for warp_sync.ptx, from the PTX ISA: each .sync
 * warp operation combines the non-exited lanes of its member mask (here
 * always active ones); vote.ballot sets bit l for member l whose predicate
 * is true, .all/.any/.uni compare with the members; redux folds the
 * members' values; match.any gives the members holding my value, match.all
 * the member mask when all members hold one value (else 0) and p. */
#include "common.h"

enum { N = 64, NG = 9, SENT = 0x5eed };

static uint32_t in[N];

static int has(uint32_t m, int l) { return (m >> l) & 1; }

/* the members of mask m in the warp of thread t, as indices of in[] */
#define FOR_MEMBERS(j, m, t) \
    for (int j##l = 0, j = (t) / 32 * 32; j##l < 32; j##l++, j = (t) / 32 * 32 + j##l) \
        if (has(m, j##l))

static uint32_t ballot(uint32_t m, int t, int (*pred)(int))
{
    uint32_t r = 0;
    FOR_MEMBERS(j, m, t) if (pred(j)) r |= 1u << jl;
    return r;
}

static int odd(int j) { return in[j] & 1; }
static int even(int j) { return !(in[j] & 1); }
static int hi_lane(int j) { return j % 32 >= 10; }
static int lo_or_odd(int j) { return j % 32 < 10 || (in[j] & 1); }
static int lane_lt20(int j) { return j % 32 < 20; }

enum { ADD, SMIN, SMAX, UMIN, UMAX, AND, OR, XOR };
static uint32_t redux(int op, uint32_t m, int t, uint32_t (*f)(int))
{
    uint32_t r = 0;
    int first = 1;
    FOR_MEMBERS(j, m, t) {
        uint32_t y = f(j);
        if (first) { r = y, first = 0; continue; }
        switch (op) {
        case ADD: r += y; break;
        case SMIN: if ((int32_t)y < (int32_t)r) r = y; break;
        case SMAX: if ((int32_t)y > (int32_t)r) r = y; break;
        case UMIN: if (y < r) r = y; break;
        case UMAX: if (y > r) r = y; break;
        case AND: r &= y; break;
        case OR: r |= y; break;
        case XOR: r ^= y; break;
        }
    }
    return r;
}

static uint32_t a(int j) { return in[j]; }
static uint32_t a_signed(int j) { return in[j] - 0x40000000u; }
static uint64_t key_any(int j) { return ((uint64_t)(in[j] & 3) << 33) | 7; }
static uint64_t key_all(int j) { return (j % 32 < 10 ? 0x100000001ull : 0) | (in[j] & 1); }
static uint64_t low2(int j) { return in[j] & 3; }
static uint64_t low1(int j) { return in[j] & 1; }

static uint32_t match_any(uint32_t m, int t, uint64_t (*k)(int))
{
    uint32_t r = 0;
    FOR_MEMBERS(j, m, t) if (k(j) == k(t)) r |= 1u << jl;
    return r;
}

static uint32_t match_all(uint32_t m, int t, uint64_t (*k)(int), int *p)
{
    *p = match_any(m, t, k) == m;
    return *p ? m : 0;
}

int main(int argc, char **argv)
{
    setup(argc, argv, "warp_sync");
    for (int t = 0; t < N; t++) in[t] = lcg();
    for (int t = 32; t < 42; t++) in[t] |= 1; /* one group with an all-odd vote */
    static uint32_t got[NG * N * 4], e[NG * N * 4];
    for (size_t i = 0; i < NG * N * 4; i++) got[i] = SENT, e[i] = SENT;
#define E(g, t, i) e[4 * ((g) * N + (t)) + (i)]
    for (int t = 0; t < N; t++) {
        int lane = t % 32, p;
        /* A */
        uint32_t m = lane < 10 ? 0x3ffu : 0xfffffc00u;
        uint32_t yes = ballot(m, t, hi_lane), lo = ballot(m, t, lo_or_odd);
        E(0, t, 0) = yes == m || yes == 0;
        E(0, t, 1) = lo == m || lo == 0;
        E(0, t, 2) = ballot(m, t, even) == m;
        E(0, t, 3) = ballot(m, t, odd) != 0;
        E(1, t, 0) = ballot(m, t, even);
        E(1, t, 1) = redux(ADD, m, t, a_signed);
        E(1, t, 2) = redux(SMIN, m, t, a_signed);
        E(1, t, 3) = redux(SMAX, m, t, a_signed);
        E(2, t, 0) = redux(UMIN, m, t, a);
        E(2, t, 1) = redux(UMAX, m, t, a);
        E(2, t, 2) = redux(ADD, m, t, a);
        E(2, t, 3) = redux(AND, m, t, a);
        E(3, t, 0) = redux(OR, m, t, a);
        E(3, t, 1) = redux(XOR, m, t, a);
        E(3, t, 2) = match_any(m, t, key_any);
        E(3, t, 3) = match_all(m, t, key_all, &p);
        E(4, t, 0) = (uint32_t)p;
        E(4, t, 1) = in[t - lane + (lane < 10 ? (lane + 1) % 10 : 10 + (lane - 9) % 22)];
        E(4, t, 2) = E(4, t, 3) = m;
        /* B */
        if (lane < 20) {
            m = 0xfffffu;
            E(5, t, 0) = ballot(m, t, odd);
            yes = ballot(m, t, hi_lane);
            E(5, t, 1) = yes == m || yes == 0;
            E(5, t, 2) = redux(UMIN, m, t, a);
            E(5, t, 3) = redux(SMAX, m, t, a_signed);
            E(6, t, 0) = match_any(m, t, low2);
            E(6, t, 1) = ballot(~0u, t, lane_lt20);
            E(6, t, 2) = redux(XOR, m, t, a);
            E(6, t, 3) = ballot(m, t, lo_or_odd) == m;
        }
        /* C */
        uint32_t g = 0;
        for (int l = 0; l < 32; l++)
            if (in[t - lane + l] % 3) g |= 1u << l;
        int runs = in[t] % 3 != 0;
        E(7, t, 0) = runs ? redux(ADD, g, t, a) : 0xdead;
        E(7, t, 1) = runs ? ballot(g, t, odd) : 0xdead;
        E(7, t, 2) = runs ? match_any(g, t, low1) : 0xdead;
        E(7, t, 3) = g;
        /* E */
        if (in[t] % 5) {
            uint32_t act = 0;
            for (int l = 0; l < 32; l++)
                if (in[t - lane + l] % 5) act |= 1u << l;
            m = act & (0xffu << (lane & 24));
            E(8, t, 0) = redux(ADD, m, t, a);
            E(8, t, 1) = ballot(m, t, odd);
            E(8, t, 2) = match_any(m, t, low2);
            E(8, t, 3) = redux(UMAX, m, t, a);
        }
    }
    const uint32_t *pi = in;
    uint32_t *po = got;
    void *params[] = {&pi, &po};
    if (launch("ops", "ops", d3(1, 1, 1), d3(N, 1, 1), 0, params)) {
        static const char *names[NG] = {"vote_per_lane_mask", "ballot_redux_signed", "redux_unsigned",
                                        "redux_bits_match_b64", "match_all_bar_warp_sync", "uniform_subset",
                                        "uniform_subset_2", "guarded", "tiles_partly_active"};
        for (int g = 0; g < NG; g++) CHECK_INT(names[g], got + g * N * 4, e + g * N * 4, N * 4);
    }
    return finish();
}
