/* call_extra.c — reference for call_extra.ptx + call_extra_weak.ptx. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

static int failed;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_extra/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_extra/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[192], *po = out;
    char d[300] = "";
    /* per-lane depth up to 7 * 30 = 210 < 256: every lane returns its depth */
    unsigned base = 30;
    void *p[] = {&po, &base};
    p2n_result r = p2n_launch(m, "deep", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++)
        if (out[t] != (t % 8) * 30) {
            ok = 0;
            snprintf(d, sizeof d, "[%d] = %d, expected %d", t, out[t], (t % 8) * 30);
        }
    if (r != P2N_SUCCESS)
        snprintf(d, sizeof d, "%s", p2n_error_message());
    report("per_lane_recursion_depth", ok, d);

    /* 7 * 40 = 280 calls deep: past the documented limit of 256 */
    base = 40;
    r = p2n_launch(m, "deep", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    snprintf(d, sizeof d, "got %d: %s", r, p2n_error_message());
    report("recursion_limit_is_a_launch_error", r == P2N_ERROR_STACK_OVERFLOW, d);

    uint64_t slot[64];
    uint64_t *ps = slot;
    void *q[] = {&po, &ps};
    memset(out, 0, sizeof out);
    r = p2n_launch(m, "fptr_memory", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, q);
    int a = r == P2N_SUCCESS, b = a, c = a;
    for (int t = 0; t < 64; t++) {
        a &= out[t] == 3 * t;
        b &= out[t + 64] == 3 * t;
        c &= out[t + 128] == t + 1000;
    }
    snprintf(d, sizeof d, "r=%d out[5]=%d out[69]=%d out[133]=%d %s", r, out[5], out[69], out[133], p2n_error_message());
    report("function_pointer_through_global_memory", a, d);
    report("call_uni_ret_uni", b, d);
    report("weak_resolves_to_strong", c, d);
    /* every lane stored the same function address */
    int same = 1;
    for (int t = 1; t < 64; t++)
        same &= slot[t] == slot[0] && slot[0] != 0;
    report("function_address_is_stable", same, "different addresses for one function");
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file call_extra.ptx
// Calls, part two (hand-written; ptxas -arch=sm_75 accepts both files):
// per-lane recursion depth with a limit, a function pointer stored to
// global memory and called after loading it back, call.uni / ret.uni, and
// .weak resolution: pick() is .weak here and strong in call_extra_weak.ptx,
// linked with it (call_extra.inputs).  Reference: call_extra.c.
.version 7.5
.target sm_75
.address_size 64

// depth(n) = n == 0 ? 0 : 1 + depth(n - 1), recursing n deep
.func (.param .b32 r) depth(.param .b32 n)
{
	.reg .b32 %a<4>;
	.reg .pred %q;
	ld.param.b32 %a0, [n];
	setp.eq.s32 %q, %a0, 0;
	@%q bra ZERO;
	sub.s32 %a1, %a0, 1;
	{
	.param .b32 p0;
	.param .b32 r0;
	st.param.b32 [p0], %a1;
	call (r0), depth, (p0);
	ld.param.b32 %a2, [r0];
	}
	add.s32 %a3, %a2, 1;
	st.param.b32 [r], %a3;
	ret;
ZERO:
	st.param.b32 [r], 0;
	ret;
}

.func (.param .b32 r) triple(.param .b32 x)
{
	.reg .b32 %a<2>;
	ld.param.b32 %a0, [x];
	mul.lo.s32 %a1, %a0, 3;
	st.param.b32 [r], %a1;
	ret.uni;
}

.weak .func (.param .b32 r) pick(.param .b32 x)
{
	.reg .b32 %a<2>;
	ld.param.b32 %a0, [x];
	st.param.b32 [r], -1;
	ret;
}

// lane t recurses (t % 8) * base deep
.visible .entry deep(.param .u64 out, .param .u32 base)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r4, [base];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 7;
	mul.lo.u32 %r2, %r2, %r4;
	{
	.param .b32 p0;
	.param .b32 r0;
	st.param.b32 [p0], %r2;
	call (r0), depth, (p0);
	ld.param.b32 %r3, [r0];
	}
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}

// slot[t] = &triple; then out[t] = (*slot[t])(t) via .callprototype;
// out[t+64] = triple(t) by call.uni; out[t+128] = pick(t) (the strong one)
.visible .entry fptr_memory(.param .u64 out, .param .u64 slot)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [slot];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 8;
	add.s64 %rd4, %rd2, %rd3;
	mov.u64 %rd5, triple;
	st.global.u64 [%rd4], %rd5;
	membar.gl;
	ld.global.u64 %rd6, [%rd4];
	mul.wide.u32 %rd7, %r1, 4;
	add.s64 %rd8, %rd1, %rd7;
	{
	.param .b32 p0;
	.param .b32 r0;
	st.param.b32 [p0], %r1;
	proto: .callprototype (.param .b32 _) _ (.param .b32 _);
	call (r0), %rd6, (p0), proto;
	ld.param.b32 %r2, [r0];
	}
	st.global.u32 [%rd8], %r2;
	{
	.param .b32 p1;
	.param .b32 r1;
	st.param.b32 [p1], %r1;
	call.uni (r1), triple, (p1);
	ld.param.b32 %r3, [r1];
	}
	st.global.u32 [%rd8+256], %r3;
	{
	.param .b32 p2;
	.param .b32 r2;
	st.param.b32 [p2], %r1;
	call (r2), pick, (p2);
	ld.param.b32 %r4, [r2];
	}
	st.global.u32 [%rd8+512], %r4;
	ret;
}
#endif // end of call_extra.ptx
#if 0 // test-file call_extra_weak.ptx
// The strong definition of pick() for call_extra.ptx (.weak there).
.version 7.5
.target sm_75
.address_size 64

.visible .func (.param .b32 r) pick(.param .b32 x)
{
	.reg .b32 %a<2>;
	ld.param.b32 %a0, [x];
	add.s32 %a1, %a0, 1000;
	st.param.b32 [r], %a1;
	ret;
}
#endif // end of call_extra_weak.ptx
