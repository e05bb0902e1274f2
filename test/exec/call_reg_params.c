/* call_reg_params.c — reference for call_reg_params.ptx. */
#include <stdio.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_reg_params/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[64], *po = out;
    void *p[] = {&po};
    p2n_result r = p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++) {
        int a = t, b = 2 * t, want = (t & 3) == 3 ? -1 : a < 10 ? a * b : a + b;
        if (out[t] != want) {
            printf("FAIL exec/call_reg_params/divergent_reg_call: [%d] = %d, expected %d\n", t, out[t], want);
            ok = 0;
        }
    }
    if (r != P2N_SUCCESS)
        printf("FAIL exec/call_reg_params/divergent_reg_call: %s\n", p2n_error_message());
    else if (ok)
        printf("PASS exec/call_reg_params/divergent_reg_call\n");
    p2n_module_unload(m);
    return !ok;
}
#if 0 // test-file call_reg_params.ptx
// A .func taking and returning .reg values (the form clang can emit),
// called by some lanes only, with a divergent early ret.  Hand-written;
// ptxas -arch=sm_75 accepts it.  Reference: call_reg_params.c.
.version 7.5
.target sm_75
.address_size 64

// r = a < 10 ? a * b : a + b
.func (.reg .b32 r) mix(.reg .b32 a, .reg .b32 b)
{
	.reg .pred %q;
	setp.lt.s32 %q, a, 10;
	@%q bra SMALL;
	add.s32 r, a, b;
	ret;
SMALL:
	mul.lo.s32 r, a, b;
	ret;
}

.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<4>;
	.reg .pred %p;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r3, -1;
	and.b32 %r4, %r1, 3;
	setp.eq.u32 %p, %r4, 3;
	@%p bra SKIP;
	mul.lo.u32 %r2, %r1, 2;
	call (%r3), mix, (%r1, %r2);
SKIP:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}
#endif // end of call_reg_params.ptx
