/* ctaloop.c — kernels whose barriers are all bar.sync of the whole CTA in
 * CTA-uniform control flow run under their own CTA loop
 * (lowering/codegen/ctaloop.c); checked against C: whole warps and single
 * lanes that exit before the barriers, values live across three
 * barriers, a barrier in a loop of a run-time trip count, partial last
 * warps, many CTAs on every worker; warps that wait at different barriers
 * (the loop leaves them to the runtime, which names the deadlock), a trap
 * after a barrier, and a kernel with a counted bar.sync beside a plain
 * one (no loop: the runtime counts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/ctaloop/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

#define D3(x, y, z) ((p2n_dim3){(x), (y), (z)})
enum { SENTINEL = 0x5eed };

/* whether the shared object holds this name (its CTA loop's symbol) */
static int
has_symbol(const char *path, const char *name)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t len = strlen(name) + 1, got = 0;
    int c, found = 0;
    while (!found && (c = fgetc(f)) != EOF) {
        got = c == (unsigned char)name[got] ? got + 1 : c == (unsigned char)name[0] ? 1 : 0;
        found = got == len;
    }
    fclose(f);
    return found;
}

/* exits: warp 1 leaves at once, lanes with tid % 7 == 3 too; the others
 * exchange through shared memory across three barriers */
static void
ref_exits(unsigned ctas, unsigned ntid, unsigned *want)
{
    unsigned s[256], x[256];
    for (unsigned c = 0; c < ctas; c++) {
        memset(s, 0, sizeof s);
        unsigned *o = want + c * ntid;
        for (unsigned t = 0; t < ntid; t++)
            o[t] = SENTINEL;
#define LIVE(t) ((t) >> 5 != 1 && (t) % 7 != 3)
        for (unsigned t = 0; t < ntid; t++)
            if (LIVE(t))
                s[t] = t * 3 + c;
        for (unsigned t = 0; t < ntid; t++)
            if (LIVE(t))
                x[t] = s[(t + 32) % ntid];
        for (unsigned t = 0; t < ntid; t++)
            if (LIVE(t))
                s[t] = x[t] + t * 3 + c;
        for (unsigned t = 0; t < ntid; t++)
            if (LIVE(t))
                o[t] = s[(t + 1) % ntid] + t * 3 + c;
#undef LIVE
    }
}

/* rounds: a barrier pair in a loop of `rounds` trips, an accumulator live
 * across both */
static void
ref_rounds(unsigned ctas, unsigned ntid, unsigned rounds, unsigned *want)
{
    unsigned s[256], acc[256];
    for (unsigned c = 0; c < ctas; c++) {
        for (unsigned t = 0; t < ntid; t++)
            acc[t] = t + c;
        for (unsigned r = 0; r < rounds; r++) {
            for (unsigned t = 0; t < ntid; t++)
                s[t] = acc[t];
            for (unsigned t = 0; t < ntid; t++)
                acc[t] = acc[t] * 3u + s[(t + r + 1) % ntid];
        }
        memcpy(want + c * ntid, acc, ntid * sizeof *acc);
    }
}

static void
check(const char *name, p2n_result r, const unsigned *got, const unsigned *want, size_t n)
{
    char detail[600];
    size_t bad = n;
    for (size_t i = 0; i < n && bad == n; i++)
        if (got[i] != want[i])
            bad = i;
    if (r != P2N_SUCCESS)
        snprintf(detail, sizeof detail, "launch: %s", p2n_error_message());
    else if (bad < n)
        snprintf(detail, sizeof detail, "out[%zu] = %u, expected %u", bad, got[bad], want[bad]);
    report(name, r == P2N_SUCCESS && bad == n, detail);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/ctaloop/load: %s\n", p2n_error_message());
        return 1;
    }
    size_t len = strlen(argv[1]);
    int native = len < 4 || strcmp(argv[1] + len - 4, ".ptx") != 0; /* not the reference interpreter */
    if (native)
        report("has_loops",
               has_symbol(argv[1], "p2n.cta.exits") && has_symbol(argv[1], "p2n.cta.rounds") &&
                   !has_symbol(argv[1], "p2n.cta.mixed"),
               "p2n.cta.exits and p2n.cta.rounds expected, p2n.cta.mixed not");
    enum { MAXN = 97 * 256 };
    unsigned *got = malloc(MAXN * sizeof *got), *want = malloc(MAXN * sizeof *want);
    unsigned rounds = 0;
    void *p[] = {&got, &rounds};

    static const struct { unsigned ctas, ntid; } shapes[] = {{97, 256}, {5, 80}, {3, 20}, {64, 33}, {1, 32}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        unsigned ctas = shapes[k].ctas, ntid = shapes[k].ntid, n = ctas * ntid;
        char name[64];
        for (unsigned i = 0; i < n; i++)
            got[i] = SENTINEL;
        ref_exits(ctas, ntid, want);
        snprintf(name, sizeof name, "exits_%ux%u", ctas, ntid);
        check(name, p2n_launch(mod, "exits", D3(ctas, 1, 1), D3(ntid, 1, 1), 0, p), got, want, n);

        rounds = 5 + (unsigned)k;
        ref_rounds(ctas, ntid, rounds, want);
        snprintf(name, sizeof name, "rounds_%ux%u", ctas, ntid);
        check(name, p2n_launch(mod, "rounds", D3(ctas, 1, 1), D3(ntid, 1, 1), 0, p), got, want, n);
    }
    rounds = 0; /* no trip: the loop's first region ends every warp */
    ref_rounds(7, 64, 0, want);
    check("rounds_none", p2n_launch(mod, "rounds", D3(7, 1, 1), D3(64, 1, 1), 0, p), got, want, 7 * 64);

    /* warp 0 at barrier 1, the others at barrier 2: never complete */
    p2n_result r = p2n_launch(mod, "split", D3(4, 1, 1), D3(96, 1, 1), 0, p);
    char detail[700];
    snprintf(detail, sizeof detail, "result %d: %s", (int)r, p2n_error_message());
    report("split_deadlock",
           r == P2N_ERROR_DEADLOCK && (!native || (strstr(p2n_error_message(), "deadlock at barrier") &&
                                                   strstr(p2n_error_message(), "barrier 1 (PTX line 288)") &&
                                                   strstr(p2n_error_message(), "threads arrived"))),
           detail);
    ref_rounds(9, 128, 3, want);
    rounds = 3;
    check("after_deadlock", p2n_launch(mod, "rounds", D3(9, 1, 1), D3(128, 1, 1), 0, p), got, want, 9 * 128);

    /* thread 70 of CTA 2 traps between two barriers */
    r = p2n_launch(mod, "trap_between", D3(6, 1, 1), D3(128, 1, 1), 0, p);
    snprintf(detail, sizeof detail, "result %d: %s", (int)r, p2n_error_message());
    report("trap_between", r == P2N_ERROR_TRAP && strstr(p2n_error_message(), "(2,0,0)"), detail);
    check("after_trap", p2n_launch(mod, "rounds", D3(9, 1, 1), D3(128, 1, 1), 0, p), got, want, 9 * 128);

    /* bar.sync with a thread count beside a plain one: the runtime counts
     * (no CTA loop) */
    for (unsigned i = 0; i < 3 * 160; i++)
        got[i] = SENTINEL;
    r = p2n_launch(mod, "mixed", D3(3, 1, 1), D3(160, 1, 1), 0, p);
    for (unsigned c = 0; c < 3; c++)
        for (unsigned t = 0; t < 160; t++) /* 2 * (t + 1) % 160, then (t + 2) % 160's + 1 */
            want[c * 160 + t] = ((t + 2) % 160) * 2 + 1 + c;
    check("mixed_counted", r, got, want, 3 * 160);

    free(got);
    free(want);
    p2n_module_unload(mod);
    return failed;
}

#if 0 // test-file ctaloop.ptx
// Hand-written (ptxas -arch=sm_75 accepts it).  Reference: ctaloop.c.
.version 7.5
.target sm_75
.address_size 64

// Warp 1 leaves (a warp-uniform branch: vote), lanes with tid % 7 == 3
// too (they exit, the rest go on); three barriers, values live across.
.visible .entry exits(.param .u64 out, .param .u32 rounds)
{
	.reg .b32 %r<20>;
	.reg .b64 %rd<4>;
	.reg .pred %p<4>;
	.shared .align 4 .b32 sa[256];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %ctaid.x;
	shr.u32 %r4, %r1, 5;
	setp.eq.u32 %p1, %r4, 1;
	vote.sync.any.pred %p2, %p1, -1;
	@%p2 bra DONE;
	rem.u32 %r5, %r1, 7;
	setp.eq.u32 %p3, %r5, 3;
	@%p3 bra DONE;
	mad.lo.u32 %r6, %r1, 3, %r3;
	mov.u32 %r7, sa;
	shl.b32 %r8, %r1, 2;
	add.u32 %r9, %r7, %r8;
	st.shared.u32 [%r9], %r6;
	bar.sync 0;
	add.u32 %r10, %r1, 32;
	rem.u32 %r10, %r10, %r2;
	shl.b32 %r10, %r10, 2;
	add.u32 %r10, %r7, %r10;
	ld.shared.u32 %r11, [%r10];
	bar.sync 0;
	add.u32 %r12, %r11, %r6;
	st.shared.u32 [%r9], %r12;
	barrier.sync.aligned 0;
	add.u32 %r13, %r1, 1;
	rem.u32 %r13, %r13, %r2;
	shl.b32 %r13, %r13, 2;
	add.u32 %r13, %r7, %r13;
	ld.shared.u32 %r14, [%r13];
	add.u32 %r14, %r14, %r6;
	mad.lo.u32 %r15, %r3, %r2, %r1;
	mul.wide.u32 %rd2, %r15, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r14;
DONE:
	ret;
}

// acc = tid + ctaid; `rounds` times: publish acc, barrier, acc = acc * 3
// + the value of thread (tid + r + 1) % ntid, barrier (barrier.sync, not
// .aligned: the CTA loop takes it too).
.visible .entry rounds(.param .u64 out, .param .u32 rounds)
{
	.reg .b32 %r<20>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	.shared .align 4 .b32 sr[256];
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r16, [rounds];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %ctaid.x;
	add.u32 %r4, %r1, %r3;
	mov.u32 %r7, sr;
	shl.b32 %r8, %r1, 2;
	add.u32 %r9, %r7, %r8;
	mov.u32 %r5, 0;
	setp.eq.u32 %p1, %r16, 0;
	@%p1 bra OUT;
LOOP:
	st.shared.u32 [%r9], %r4;
	bar.sync 1;
	add.u32 %r10, %r1, %r5;
	add.u32 %r10, %r10, 1;
	rem.u32 %r10, %r10, %r2;
	shl.b32 %r10, %r10, 2;
	add.u32 %r10, %r7, %r10;
	ld.shared.u32 %r11, [%r10];
	mad.lo.u32 %r4, %r4, 3, %r11;
	barrier.sync 1;
	add.u32 %r5, %r5, 1;
	setp.lt.u32 %p1, %r5, %r16;
	@%p1 bra LOOP;
OUT:
	mad.lo.u32 %r15, %r3, %r2, %r1;
	mul.wide.u32 %rd2, %r15, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}

// Warp 0 waits at barrier 1, the others at barrier 2, each for the whole
// CTA (a warp-uniform branch): a deadlock.
.visible .entry split(.param .u64 out, .param .u32 rounds)
{
	.reg .b32 %r<3>;
	.reg .pred %p<3>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p0, %r1, 32;
	vote.sync.any.pred %p1, %p0, -1;
	@!%p1 bra OTHER;
	bar.sync 1;
	ret;
OTHER:
	bar.sync 2;
	ret;
}

// Thread 70 of CTA 2 traps after the first barrier, before the second.
.visible .entry trap_between(.param .u64 out, .param .u32 rounds)
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	bar.sync 0;
	mad.lo.u32 %r3, %r2, 1000, %r1;
	setp.eq.u32 %p1, %r3, 2070;
	@%p1 trap;
	bar.sync 0;
	ret;
}

// Two exchanges through shared memory, behind a bar.sync for ntid threads
// and a plain one: out = s[(tid + 1) % ntid] + ctaid, where s[t] is
// 2 * ((t + 1) % ntid) + 1.
.visible .entry mixed(.param .u64 out, .param .u32 rounds)
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	.shared .align 4 .b32 sm[256];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %ctaid.x;
	mov.u32 %r7, sm;
	shl.b32 %r8, %r1, 2;
	add.u32 %r9, %r7, %r8;
	shl.b32 %r6, %r1, 1;
	st.shared.u32 [%r9], %r6;
	add.u32 %r10, %r1, 1;
	rem.u32 %r10, %r10, %r2;
	shl.b32 %r10, %r10, 2;
	add.u32 %r10, %r7, %r10;
	bar.sync 0, %r2;
	ld.shared.u32 %r11, [%r10];
	add.u32 %r11, %r11, 1;
	bar.sync 0;
	st.shared.u32 [%r9], %r11;
	bar.sync 0, %r2;
	ld.shared.u32 %r11, [%r10];
	add.u32 %r12, %r11, %r3;
	mad.lo.u32 %r15, %r3, %r2, %r1;
	mul.wide.u32 %rd2, %r15, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r12;
	ret;
}
#endif // end of ctaloop.ptx
