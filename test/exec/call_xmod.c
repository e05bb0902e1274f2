/* call_xmod.c — function pointers across two modules loaded in the same
 * process: module A (argv[1]) hands out its functions' addresses, module B
 * (argv[2]) calls through them; after A is unloaded the same call is a
 * launch error, not a crash. */
#include <stdint.h>
#include <stdio.h>

#include "ptx2native.h"

static int failed;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_xmod/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

int
main(int argc, char **argv)
{
    p2n_module *a, *b;
    if (argc < 3 || p2n_module_load(&a, argv[1]) != P2N_SUCCESS || p2n_module_load(&b, argv[2]) != P2N_SUCCESS) {
        printf("FAIL exec/call_xmod/load: %s\n", p2n_error_message());
        return 1;
    }
    uint64_t fps[2] = {0, 0}, *pf = fps;
    int eq[64], out[64], *pe = eq, *po = out;
    void *pa[] = {&pf, &pe}, *pb[] = {&pf, &po};
    p2n_result r = p2n_launch(a, "give", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, pa);
    int ok = r == P2N_SUCCESS && fps[0] && fps[1] && fps[0] != fps[1];
    for (int t = 0; ok && t < 64; t++)
        ok = eq[t] == (t % 2 == 0);
    report("function_addresses_compare", ok, p2n_error_message());

    char d[256] = "";
    r = p2n_launch(b, "take", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, pb);
    ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++)
        if (out[t] != (t % 2 ? -t : t + 5)) {
            ok = 0;
            snprintf(d, sizeof d, "[%d] = %d, expected %d", t, out[t], t % 2 ? -t : t + 5);
        }
    if (r != P2N_SUCCESS)
        snprintf(d, sizeof d, "%s", p2n_error_message());
    report("call_into_another_module", ok, d);

    p2n_module_unload(a);
    r = p2n_launch(b, "take", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, pb);
    snprintf(d, sizeof d, "got %d: %s", r, p2n_error_message());
    report("unloaded_module_is_a_launch_error", r == P2N_ERROR_BAD_FUNCTION, d);
    p2n_module_unload(b);
    return failed;
}
#if 0 // test-file call_xmod.ptx
// Function pointers across modules loaded in the same process, module A:
// hands out the address of its function addfive and of a second function;
// compares function addresses.  Module B (call_xmod_b.ptx) calls through
// them.  Hand-written; ptxas -arch=sm_75 accepts it.  Reference: call_xmod.c.
.version 7.5
.target sm_75
.address_size 64

.visible .func (.param .b32 r) addfive(.param .b32 x)
{
	.reg .b32 %a<2>;
	ld.param.b32 %a0, [x];
	add.s32 %a1, %a0, 5;
	st.param.b32 [r], %a1;
	ret;
}

.visible .func (.param .b32 r) negate(.param .b32 x)
{
	.reg .b32 %a<2>;
	ld.param.b32 %a0, [x];
	neg.s32 %a1, %a0;
	st.param.b32 [r], %a1;
	ret;
}

// fps[0] = &addfive, fps[1] = &negate; eq[t] = (&addfive == fp chosen by t)
.visible .entry give(.param .u64 fps, .param .u64 eq)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<8>;
	.reg .pred %p<3>;
	ld.param.u64 %rd1, [fps];
	ld.param.u64 %rd2, [eq];
	mov.u64 %rd3, addfive;
	mov.u64 %rd4, negate;
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 0;
	@%p1 st.global.u64 [%rd1], %rd3;
	@%p1 st.global.u64 [%rd1+8], %rd4;
	and.b32 %r2, %r1, 1;
	setp.eq.u32 %p2, %r2, 0;
	selp.b64 %rd5, %rd3, %rd4, %p2;
	setp.eq.u64 %p2, %rd5, %rd3;
	selp.u32 %r2, 1, 0, %p2;
	mul.wide.u32 %rd6, %r1, 4;
	add.s64 %rd7, %rd2, %rd6;
	st.global.u32 [%rd7], %r2;
	ret;
}
#endif // end of call_xmod.ptx
#if 0 // test-file call_xmod_b.ptx second-module
// Module B for call_xmod: calls, per lane, one of two function addresses
// it is given, none of which is its own.
.version 7.5
.target sm_75
.address_size 64

.visible .entry take(.param .u64 fps, .param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [fps];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 1;
	mul.wide.u32 %rd3, %r2, 8;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u64 %rd5, [%rd4];
	{
	.param .b32 p0;
	.param .b32 r0;
	st.param.b32 [p0], %r1;
	proto: .callprototype (.param .b32 _) _ (.param .b32 _);
	call (r0), %rd5, (p0), proto;
	ld.param.b32 %r3, [r0];
	}
	mul.wide.u32 %rd6, %r1, 4;
	add.s64 %rd7, %rd2, %rd6;
	st.global.u32 [%rd7], %r3;
	ret;
}
#endif // end of call_xmod_b.ptx
