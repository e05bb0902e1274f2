/* stack.c — the native stack of a warp (stack.ptx): deep recursion with
 * large frames runs on the stack the translator's recorded need gives it,
 * and when the host sets a smaller size (p2n_set_stack_size,
 * P2N_STACK_SIZE) fails the launch with P2N_ERROR_STACK_OVERFLOW, never the
 * process; the next launch in the same process runs.  Reference: rec() below, from the
 * PTX's definition. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptx2native.h"

#define N 64
static int failed;
static p2n_module *mod;

static uint32_t
rec(uint32_t n, uint32_t x)
{
    return n == 0 ? x : rec(n - 1, 3 * x + 1) + x;
}

/* Launches kernel k at depth d: its result, or -1 for wrong outputs. */
static int
run(const char *k, uint32_t d, int check)
{
    uint32_t out[N];
    memset(out, 0, sizeof out);
    void *pout = out;
    void *params[] = {&pout, &d};
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){1, 1, 1}, (p2n_dim3){N, 1, 1}, 0, params);
    if (r == P2N_SUCCESS && check)
        for (uint32_t t = 0; t < N; t++)
            if (out[t] != rec(d, t)) {
                printf("FAIL exec/stack/%s_%u: thread %u: %u, expected %u\n", k, d, t, out[t], rec(d, t));
                failed = 1;
                return -1;
            }
    return r;
}

static void
expect(const char *what, const char *k, uint32_t d, p2n_result want)
{
    int r = run(k, d, 1);
    if (r == (int)want)
        printf("PASS exec/stack/%s\n", what);
    else {
        printf("FAIL exec/stack/%s: %s at depth %u gave %d (%s), expected %d\n", what, k, d, (int)r,
               r > 0 ? p2n_error_message() : r ? "wrong outputs" : "success", (int)want);
        failed = 1;
    }
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/stack/load: %s\n", p2n_error_message());
        return 1;
    }
    if (argc > 2) { /* the child: P2N_STACK_SIZE is set; depth argv[2] */
        int r = run("deep_bar", (uint32_t)atoi(argv[2]), 1);
        return r == P2N_SUCCESS ? 0 : r == P2N_ERROR_STACK_OVERFLOW ? 14 : 1;
    }
    /* about 140 KiB a level: the translator records a bound for 256 levels
     * (the call-depth limit), so by default 100 levels run */
    expect("worker_depth100", "deep", 100, P2N_SUCCESS);
    expect("fiber_depth100", "deep_bar", 100, P2N_SUCCESS);
    expect("depth_limit", "deep", 300, P2N_ERROR_STACK_OVERFLOW); /* the depth check, not the stack */

    /* a size set by the host is the size: 1 MiB holds 3 levels, not 100 */
    if (p2n_set_stack_size(1u << 20) != P2N_SUCCESS) {
        printf("FAIL exec/stack/set_stack_size: %s\n", p2n_error_message());
        failed = 1;
    }
    expect("worker_depth3_1MiB", "deep", 3, P2N_SUCCESS);
    expect("worker_overflow", "deep", 100, P2N_ERROR_STACK_OVERFLOW);
    const char *msg = p2n_error_message();
    if (strstr(msg, "stack overflow") && strstr(msg, "kernel 'deep'") && strstr(msg, "1048576 bytes"))
        printf("PASS exec/stack/overflow_message\n");
    else {
        printf("FAIL exec/stack/overflow_message: '%s'\n", msg);
        failed = 1;
    }
    expect("worker_after_overflow", "deep", 3, P2N_SUCCESS);
    expect("fiber_overflow", "deep_bar", 100, P2N_ERROR_STACK_OVERFLOW);
    expect("fiber_after_overflow", "deep_bar", 3, P2N_SUCCESS);
    if (p2n_set_stack_size(1000) == P2N_ERROR_INVALID_VALUE)
        printf("PASS exec/stack/set_stack_size_too_small\n");
    else {
        printf("FAIL exec/stack/set_stack_size_too_small: accepted\n");
        failed = 1;
    }
    p2n_set_stack_size(0);
    expect("default_again", "deep_bar", 100, P2N_SUCCESS);

    /* P2N_STACK_SIZE in a child process: 40M runs depth 100, 1M does not */
    static const struct {
        const char *env, *depth;
        int want;
        const char *name;
    } kids[] = {{"40M", "100", 0, "env_40M"}, {"1M", "100", 14, "env_1M_overflow"}, {"1m", "5", 0, "env_1m_depth5"}};
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            setenv("P2N_STACK_SIZE", kids[i].env, 1);
            execl(argv[0], argv[0], argv[1], kids[i].depth, (char *)NULL);
            _exit(99);
        }
        int st = 0;
        waitpid(pid, &st, 0);
        if (WIFEXITED(st) && WEXITSTATUS(st) == kids[i].want)
            printf("PASS exec/stack/%s\n", kids[i].name);
        else {
            printf("FAIL exec/stack/%s: child status 0x%x, expected exit %d\n", kids[i].name, st, kids[i].want);
            failed = 1;
        }
    }
    p2n_module_unload(mod);
    return failed;
}
#if 0 // test-file stack.ptx
// stack.ptx -- the native stack of recursive calls with large frames
// (test/exec/stack.c).  rec keeps 4 KiB of .local memory a thread, so each
// level takes about 128 KiB of the warp's native stack (.local of a .func
// lives in its frame): rec(n, x) = n == 0 ? x : rec(n - 1, 3x + 1) + x,
// the x read back from the local array after the call.  deep runs it on
// the worker's stack, deep_bar (with barriers) on a warp fiber.
.version 7.8
.target sm_80
.address_size 64

.func (.param .b32 r) rec(.param .b32 n, .param .b32 x)
{
	.local .align 16 .b8 buf[4096];
	.reg .b32 %r<10>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	ld.param.b32 %r1, [n];
	ld.param.b32 %r2, [x];
	setp.eq.u32 %p1, %r1, 0;
	@%p1 bra BASE;
	and.b32 %r3, %r2, 511;
	mul.wide.u32 %rd1, %r3, 4;
	mov.u64 %rd2, buf;
	add.s64 %rd2, %rd2, %rd1;
	st.local.u32 [%rd2], %r2;
	st.local.u32 [buf+4092], %r1;
	sub.u32 %r4, %r1, 1;
	mad.lo.u32 %r5, %r2, 3, 1;
	{
	.param .b32 pn; .param .b32 px; .param .b32 pr;
	st.param.b32 [pn], %r4;
	st.param.b32 [px], %r5;
	call (pr), rec, (pn, px);
	ld.param.b32 %r6, [pr];
	}
	ld.local.u32 %r7, [%rd2];
	add.u32 %r8, %r6, %r7;
	st.param.b32 [r], %r8;
	ret;
BASE:
	st.param.b32 [r], %r2;
	ret;
}

.visible .entry deep(.param .u64 out, .param .u32 depth)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [depth];
	mov.u32 %r2, %tid.x;
	{
	.param .b32 pn; .param .b32 px; .param .b32 pr;
	st.param.b32 [pn], %r1;
	st.param.b32 [px], %r2;
	call (pr), rec, (pn, px);
	ld.param.b32 %r3, [pr];
	}
	mul.wide.u32 %rd2, %r2, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}

.visible .entry deep_bar(.param .u64 out, .param .u32 depth)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [depth];
	mov.u32 %r2, %tid.x;
	bar.sync 0;
	{
	.param .b32 pn; .param .b32 px; .param .b32 pr;
	st.param.b32 [pn], %r1;
	st.param.b32 [px], %r2;
	call (pr), rec, (pn, px);
	ld.param.b32 %r3, [pr];
	}
	bar.sync 0;
	mul.wide.u32 %rd2, %r2, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}
#endif // end of stack.ptx
