/* Large .global arrays (globals_big.ptx): a short initializer with a long
 * zero tail, 256 MiB with no initializer, and a variable whose initializer
 * is the address of another.  Expected values from the PTX itself. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "globals_big");
    void *pb, *pz;
    size_t sb, sz;
    if (p2n_module_global(g_mod, "big", &pb, &sb) || p2n_module_global(g_mod, "zeros", &pz, &sz)) {
        printf("FAIL exec/globals_big/lookup: %s\n", p2n_error_message());
        return 1;
    }
    long long sizes[2] = {(long long)sb, (long long)sz}, esizes[2] = {4 << 20, 256 << 20};
    int same = sizes[0] == esizes[0] && sizes[1] == esizes[1];
    printf("%s exec/globals_big/sizes\n", same ? "PASS" : "FAIL");
    g_fail |= !same;
    unsigned o[6] = {0}, *po = o;
    void *p[] = {&po};
    if (!launch("read", "bigglobals", d3(1, 1, 1), d3(1, 1, 1), 0, p))
        return finish();
    int got[6], want[6] = {7, 8, 9, 0, 0, 8};
    for (int i = 0; i < 6; i++)
        got[i] = (int)o[i];
    CHECK_INT("read", got, want, 6);
    int w = ((unsigned *)pb)[1000000], ew = 41;
    CHECK_INT("device_write_in_tail", &w, &ew, 1);
    return finish();
}
#if 0 // test-file globals_big.ptx
// Hand-written: large .global arrays.  big has a short initializer and a
// long zero tail; zeros (256 MiB) has none; pbig's initializer names big,
// so it must follow big wherever the translator puts it.
.version 8.0
.target sm_80
.address_size 64

.global .align 4 .u32 big[1048576] = {7, 8, 9};
.global .align 4 .b8 zeros[268435456];
.global .align 8 .u64 pbig = big;

.visible .entry bigglobals(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u64 %rd2, big;
	ld.global.u32 %r1, [%rd2];
	ld.global.u32 %r2, [%rd2+4];
	ld.global.u32 %r3, [%rd2+8];
	ld.global.u32 %r4, [%rd2+4194300];
	mov.u64 %rd3, zeros;
	ld.global.u32 %r5, [%rd3+268435452];
	ld.global.u64 %rd4, [pbig];
	ld.u32 %r6, [%rd4+4];
	st.global.u32 [%rd1], %r1;
	st.global.u32 [%rd1+4], %r2;
	st.global.u32 [%rd1+8], %r3;
	st.global.u32 [%rd1+12], %r4;
	st.global.u32 [%rd1+16], %r5;
	st.global.u32 [%rd1+20], %r6;
	// the device may write the zero tail like any memory
	mov.u32 %r7, 41;
	st.global.u32 [%rd2+4000000], %r7;
	ret;
}
#endif // end of globals_big.ptx
