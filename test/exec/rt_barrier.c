#define _POSIX_C_SOURCE 200809L
/* rt_barrier.c — the runtime: barriers, deadlock, trap, launch errors with
 * their exact codes, and 4 host threads launching 200 kernels each. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/rt_barrier/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static p2n_result
launch(const char *k, p2n_dim3 g, p2n_dim3 b, size_t dyn, void **params)
{
    return p2n_launch(mod, k, g, b, dyn, params);
}

#define D3(x, y, z) ((p2n_dim3){(x), (y), (z)})

static void
expect_code(const char *name, p2n_result got, p2n_result want)
{
    char detail[600];
    snprintf(detail, sizeof detail, "got %d (%s), expected %d (%s)", got, p2n_error_message(), want,
             p2n_result_string(want));
    report(name, got == want, detail);
}

static void *
worker(void *arg)
{
    int id = (int)(long)arg, out[128], *po = out, bad = 0;
    void *p[] = {&po};
    for (int i = 0; i < 200 && !bad; i++) {
        memset(out, 0, sizeof out);
        if (p2n_launch(mod, "reductions", D3(1, 1, 1), D3(128, 1, 1), 0, p) != P2N_SUCCESS)
            bad = 1;
        for (int t = 0; t < 128 && !bad; t++)
            bad = out[t] != 64 * 100 + 11;
    }
    (void)id;
    return (void *)(long)bad;
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/rt_barrier/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[256], *po = out;
    void *p[] = {&po};
    char detail[256] = "";

    /* bar.red: 64 of 128 threads have an odd tid; all < 1000; tid 77 exists */
    p2n_result r = launch("reductions", D3(1, 1, 1), D3(128, 1, 1), 0, p);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 128; t++)
        ok = out[t] == 64 * 100 + 10 + 1;
    snprintf(detail, sizeof detail, "r=%d out[0]=%d (%s)", r, out[0], p2n_error_message());
    report("bar_red", ok, detail);

    r = launch("producer_consumer", D3(1, 1, 1), D3(128, 1, 1), 0, p);
    ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++)
        ok = out[t] == 3 * t;
    snprintf(detail, sizeof detail, "r=%d out[5]=%d (%s)", r, out[5], p2n_error_message());
    report("arrive_and_count", ok, detail);

    r = launch("exit_then_loop", D3(1, 1, 1), D3(128, 1, 1), 0, p);
    ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++) {
        int want = 0, n = (t + 1) % 64;
        for (int round = 0; round < 10; round++)
            want += n + round;
        ok = out[t] == want;
    }
    snprintf(detail, sizeof detail, "r=%d out[0]=%d (%s)", r, out[0], p2n_error_message());
    report("exited_warps_release_barriers", ok, detail);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    r = launch("deadlock", D3(2, 1, 1), D3(64, 1, 1), 0, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
    expect_code("deadlock", r, P2N_ERROR_DEADLOCK);
    report("deadlock_message", strstr(p2n_error_message(), "barrier 3") && strstr(p2n_error_message(), "line") &&
                                   strstr(p2n_error_message(), "deadlock") && secs < 5,
           p2n_error_message());

    unsigned who = 40;
    void *tp[] = {&who};
    r = launch("traps", D3(3, 1, 1), D3(64, 1, 1), 0, tp);
    expect_code("trap", r, P2N_ERROR_TRAP);
    report("trap_message", strstr(p2n_error_message(), "traps") && strstr(p2n_error_message(), "(40,0,0)") != NULL,
           p2n_error_message());

    /* the launch API's error paths, each with its code */
    expect_code("unknown_kernel", launch("nope", D3(1, 1, 1), D3(1, 1, 1), 0, NULL), P2N_ERROR_NOT_FOUND);
    expect_code("zero_grid", launch("limited", D3(0, 1, 1), D3(1, 1, 1), 0, NULL), P2N_ERROR_INVALID_DIM);
    expect_code("zero_block", launch("limited", D3(1, 1, 1), D3(1, 0, 1), 0, NULL), P2N_ERROR_INVALID_DIM);
    expect_code("grid_too_large", launch("limited", D3(1, 70000, 1), D3(1, 1, 1), 0, NULL), P2N_ERROR_INVALID_DIM);
    expect_code("too_many_threads", launch("traps", D3(1, 1, 1), D3(1024, 2, 1), 0, tp),
                P2N_ERROR_TOO_MANY_THREADS);
    expect_code("maxntid", launch("limited", D3(1, 1, 1), D3(65, 1, 1), 0, NULL), P2N_ERROR_TOO_MANY_THREADS);
    expect_code("maxntid_ok", launch("limited", D3(1, 1, 1), D3(64, 1, 1), 0, NULL), P2N_SUCCESS);
    expect_code("reqntid", launch("required", D3(1, 1, 1), D3(64, 1, 1), 0, NULL), P2N_ERROR_TOO_MANY_THREADS);
    expect_code("reqntid_ok", launch("required", D3(1, 1, 1), D3(32, 2, 1), 0, NULL), P2N_SUCCESS);
    expect_code("shared_too_big", launch("big_shared", D3(1, 1, 1), D3(32, 1, 1), 200000, NULL),
                P2N_ERROR_SHARED_SIZE);
    expect_code("shared_ok", launch("big_shared", D3(1, 1, 1), D3(32, 1, 1), 1000, NULL), P2N_SUCCESS);
    expect_code("null_params", launch("reductions", D3(1, 1, 1), D3(32, 1, 1), 0, NULL), P2N_ERROR_INVALID_VALUE);
    expect_code("null_module", p2n_launch(NULL, "reductions", D3(1, 1, 1), D3(32, 1, 1), 0, p),
                P2N_ERROR_INVALID_VALUE);
    p2n_module *m2;
    expect_code("missing_file", p2n_module_load(&m2, "/nonexistent/k.so"), P2N_ERROR_LOAD);
    static const char *libm[] = {"/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
                                 "/lib/aarch64-linux-gnu/libm.so.6", "/usr/lib/aarch64-linux-gnu/libm.so.6",
                                 "/lib64/libm.so.6", "/usr/lib64/libm.so.6"};
    for (size_t i = 0; i < sizeof libm / sizeof libm[0]; i++)
        if (access(libm[i], R_OK) == 0) { /* a real shared object, not ours */
            expect_code("not_a_module", p2n_module_load(&m2, libm[i]), P2N_ERROR_INVALID_MODULE);
            break;
        }
    void *addr;
    expect_code("unknown_global", p2n_module_global(mod, "nothing", &addr, NULL), P2N_ERROR_NOT_FOUND);

    /* 4 host threads, 200 launches each, all results right */
    pthread_t th[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, worker, (void *)i);
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        void *res;
        pthread_join(th[i], &res);
        bad |= res != NULL;
    }
    report("four_threads_800_launches", !bad, "a result was wrong");
    p2n_module_unload(mod);
    return failed;
}
#if 0 // test-file rt_barrier.ptx
// Runtime barrier semantics, hand-written (ptxas -arch=sm_75 accepts it):
// bar.red.popc/and/or across 4 warps, bar.sync with a thread count,
// bar.arrive + bar.sync producer/consumer, whole warps exiting before a
// barrier, a barrier in a loop, and a deadlock.  Reference: rt_barrier.c.
.version 7.5
.target sm_75
.address_size 64

// out[t] = {popc of odd tids, all tids < 1000, any tid == 77}
.visible .entry reductions(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .pred %p<6>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 1;
	setp.ne.u32 %p1, %r2, 0;
	bar.red.popc.u32 %r3, 0, %p1;
	setp.lt.u32 %p2, %r1, 1000;
	bar.red.and.pred %p3, 1, %p2;
	setp.eq.u32 %p4, %r1, 77;
	bar.red.or.pred %p5, 2, %p4;
	selp.u32 %r4, 1, 0, %p3;
	selp.u32 %r5, 1, 0, %p5;
	mul.lo.u32 %r6, %r4, 10;
	add.u32 %r6, %r6, %r5;
	mul.lo.u32 %r7, %r3, 100;
	add.u32 %r7, %r7, %r6;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r7;
	ret;
}

// warps 0-1 produce into shared and bar.arrive; warps 2-3 bar.sync 1, 128
// and consume; warps 0-1 never wait.
.visible .entry producer_consumer(.param .u64 out)
{
	.shared .align 4 .b32 buf[64];
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.ge.u32 %p1, %r1, 64;
	@%p1 bra CONSUME;
	mul.lo.u32 %r2, %r1, 3;
	shl.b32 %r3, %r1, 2;
	mov.u32 %r4, buf;
	add.u32 %r4, %r4, %r3;
	st.shared.u32 [%r4], %r2;
	bar.arrive 1, 128;
	ret;
CONSUME:
	bar.sync 1, 128;
	sub.u32 %r5, %r1, 64;
	shl.b32 %r3, %r5, 2;
	mov.u32 %r4, buf;
	add.u32 %r4, %r4, %r3;
	ld.shared.u32 %r6, [%r4];
	mul.wide.u32 %rd2, %r5, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r6;
	ret;
}

// Warps 2 and 3 exit at once; the others loop 10 times around a barrier
// that must not wait for them: out[t] = sum over rounds of s[(t+1)%64].
.visible .entry exit_then_loop(.param .u64 out)
{
	.shared .align 4 .b32 s[64];
	.reg .b32 %r<12>;
	.reg .b64 %rd<4>;
	.reg .pred %p<3>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.ge.u32 %p1, %r1, 64;
	@%p1 exit;
	mov.u32 %r9, 0;
	mov.u32 %r10, 0;
	shl.b32 %r3, %r1, 2;
	mov.u32 %r4, s;
	add.u32 %r4, %r4, %r3;
	add.u32 %r5, %r1, 1;
	and.b32 %r5, %r5, 63;
	shl.b32 %r5, %r5, 2;
	mov.u32 %r6, s;
	add.u32 %r6, %r6, %r5;
LOOP:
	add.u32 %r7, %r1, %r10;
	st.shared.u32 [%r4], %r7;
	bar.sync 0;
	ld.shared.u32 %r8, [%r6];
	add.u32 %r9, %r9, %r8;
	bar.sync 0;
	add.u32 %r10, %r10, 1;
	setp.lt.u32 %p2, %r10, 10;
	@%p2 bra LOOP;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r9;
	ret;
}

// Warp 0 waits at barrier 3, warp 1 at barrier 4, each for the whole CTA:
// both stay live, so neither barrier can ever complete.  (A warp that
// exits would count as arrived and release them.)
.visible .entry deadlock()
{
	.reg .b32 %r<2>;
	.reg .pred %p<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 32;
	@!%p1 bra OTHER;
	bar.sync 3;
	ret;
OTHER:
	bar.sync 4;
	ret;
}

.visible .entry traps(.param .u32 who)
{
	.reg .b32 %r<3>;
	.reg .pred %p<2>;
	ld.param.u32 %r2, [who];
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, %r2;
	@%p1 trap;
	ret;
}

.visible .entry limited() .maxntid 64, 1, 1
{
	ret;
}

.visible .entry required() .reqntid 32, 2, 1
{
	ret;
}

.visible .entry big_shared()
{
	.shared .align 16 .b8 huge[40000];
	.reg .b32 %r<2>;
	mov.u32 %r1, huge;
	st.shared.u32 [%r1], 1;
	ret;
}
#endif // end of rt_barrier.ptx
