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
#if 0 // test-file warp_sync.ptx
// vote.sync (all four modes, negated operand), redux.sync (every operation,
// signed and unsigned), match.sync .b32/.b64, bar.warp.sync and activemask
// under member masks that are a proper subset of the warp: per-lane masks
// with every lane active (lanes 0..9 and 10..31 are two groups), a uniform
// mask in a branch (lanes 0..19), guarded instructions whose member mask is
// the lanes whose guard is true, and tiles of 8 with some lanes inactive.
// Hand-written; ptxas -arch=sm_80 accepts it.  Reference: warp_sync.c.
.version 7.0
.target sm_80
.address_size 64

.shared .align 4 .b32 xchg[64];

// 64 threads; result i of group g goes to out[4 (64 g + tid) + i]
.visible .entry ops(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<16>;
	.reg .b32 %r<64>;
	.reg .b64 %rd<16>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r3, [%rd4];
	mul.wide.u32 %rd5, %r1, 16;
	add.s64 %rd5, %rd2, %rd5;
	and.b32 %r2, %r1, 31;
	// A: every lane; member mask 0x3ff for lanes 0..9, 0xfffffc00 for 10..31
	setp.lt.u32 %p1, %r2, 10;
	selp.b32 %r4, 0x3ff, 0xfffffc00, %p1;
	and.b32 %r5, %r3, 1;
	setp.ne.u32 %p2, %r5, 0;
	not.pred %p3, %p1;
	or.pred %p4, %p1, %p2;
	vote.sync.uni.pred %p5, %p3, %r4;
	vote.sync.uni.pred %p6, %p4, %r4;
	vote.sync.all.pred %p7, !%p2, %r4;
	vote.sync.any.pred %p8, %p2, %r4;
	selp.u32 %r6, 1, 0, %p5;
	selp.u32 %r7, 1, 0, %p6;
	selp.u32 %r8, 1, 0, %p7;
	selp.u32 %r9, 1, 0, %p8;
	st.global.v4.u32 [%rd5], {%r6, %r7, %r8, %r9};
	sub.s32 %r13, %r3, 0x40000000;
	vote.sync.ballot.b32 %r10, !%p2, %r4;
	redux.sync.add.s32 %r11, %r13, %r4;
	redux.sync.min.s32 %r12, %r13, %r4;
	redux.sync.max.s32 %r14, %r13, %r4;
	st.global.v4.u32 [%rd5+1024], {%r10, %r11, %r12, %r14};
	redux.sync.min.u32 %r15, %r3, %r4;
	redux.sync.max.u32 %r16, %r3, %r4;
	redux.sync.add.u32 %r17, %r3, %r4;
	redux.sync.and.b32 %r18, %r3, %r4;
	st.global.v4.u32 [%rd5+2048], {%r15, %r16, %r17, %r18};
	redux.sync.or.b32 %r19, %r3, %r4;
	redux.sync.xor.b32 %r20, %r3, %r4;
	and.b32 %r21, %r3, 3;
	cvt.u64.u32 %rd6, %r21;
	shl.b64 %rd6, %rd6, 33;
	or.b64 %rd6, %rd6, 7;
	match.any.sync.b64 %r22, %rd6, %r4;
	selp.u64 %rd7, 0x100000001, 0, %p1;
	cvt.u64.u32 %rd8, %r5;
	or.b64 %rd7, %rd7, %rd8;
	match.all.sync.b64 %r23|%p9, %rd7, %r4;
	st.global.v4.u32 [%rd5+3072], {%r19, %r20, %r22, %r23};
	// exchange through shared memory inside each group
	mov.u32 %r24, xchg;
	shl.b32 %r25, %r1, 2;
	add.u32 %r25, %r24, %r25;
	st.shared.u32 [%r25], %r3;
	bar.warp.sync %r4;
	sub.u32 %r26, %r1, %r2;
	add.u32 %r27, %r2, 1;
	rem.u32 %r28, %r27, 10;
	sub.u32 %r29, %r2, 9;
	rem.u32 %r29, %r29, 22;
	add.u32 %r29, %r29, 10;
	selp.b32 %r28, %r28, %r29, %p1;
	add.u32 %r28, %r26, %r28;
	shl.b32 %r28, %r28, 2;
	add.u32 %r28, %r24, %r28;
	ld.shared.u32 %r30, [%r28];
	selp.u32 %r31, 1, 0, %p9;
	st.global.v4.u32 [%rd5+4096], {%r31, %r30, %r4, %r4};
	// B: lanes 0..19, member mask 0xfffff
	setp.ge.u32 %p10, %r2, 20;
	@%p10 bra B_END;
	vote.sync.ballot.b32 %r32, %p2, 0xfffff;
	vote.sync.uni.pred %p11, %p3, 0xfffff;
	selp.u32 %r33, 1, 0, %p11;
	redux.sync.min.u32 %r34, %r3, 0xfffff;
	redux.sync.max.s32 %r35, %r13, 0xfffff;
	st.global.v4.u32 [%rd5+5120], {%r32, %r33, %r34, %r35};
	match.any.sync.b32 %r36, %r21, 0xfffff;
	activemask.b32 %r37;
	bar.warp.sync 0xfffff;
	redux.sync.xor.b32 %r38, %r3, 0xfffff;
	vote.sync.all.pred %p12, %p4, 0xfffff;
	selp.u32 %r39, 1, 0, %p12;
	st.global.v4.u32 [%rd5+6144], {%r36, %r37, %r38, %r39};
B_END:
	// C: guarded by a % 3 != 0, member mask: the lanes whose guard is true
	rem.u32 %r40, %r3, 3;
	setp.ne.u32 %p13, %r40, 0;
	vote.sync.ballot.b32 %r41, %p13, -1;
	mov.u32 %r42, 0xdead;
	mov.u32 %r43, 0xdead;
	mov.u32 %r44, 0xdead;
	@%p13 redux.sync.add.u32 %r42, %r3, %r41;
	@%p13 vote.sync.ballot.b32 %r43, %p2, %r41;
	@%p13 match.any.sync.b32 %r44, %r5, %r41;
	st.global.v4.u32 [%rd5+7168], {%r42, %r43, %r44, %r41};
	// E: lanes with a % 5 != 0, tiles of 8: member mask = activemask & tile
	rem.u32 %r45, %r3, 5;
	setp.eq.u32 %p14, %r45, 0;
	@%p14 bra E_END;
	activemask.b32 %r46;
	and.b32 %r47, %r2, 24;
	shl.b32 %r48, 255, %r47;
	and.b32 %r48, %r48, %r46;
	redux.sync.add.u32 %r49, %r3, %r48;
	vote.sync.ballot.b32 %r50, %p2, %r48;
	match.any.sync.b32 %r51, %r21, %r48;
	redux.sync.max.u32 %r52, %r3, %r48;
	st.global.v4.u32 [%rd5+8192], {%r49, %r50, %r51, %r52};
E_END:
	ret;
}
#endif // end of warp_sync.ptx
