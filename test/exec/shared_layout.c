/* Per-kernel shared memory layout (shared_layout.ptx): six 40 KB kernels
 * of one module each launch; the dynamic part follows each kernel's own
 * static part and overlaps neither it nor, through a .func, another
 * kernel's layout; a 32-bit shared address below an array plus an offset
 * wraps at 32 bits.  Expected values from the PTX by hand. */
#include "common.h"
static void static_dynamic(const char *cas, const char *k, unsigned words, unsigned threads, unsigned dyn)
{
    unsigned out[257], exp[257];
    for (unsigned t = 0; t < threads; t++) exp[t] = 3; /* static intact (1) + dynamic right (2) */
    unsigned *po = out; void *p[] = {&po};
    if (!launch(cas, k, d3(2, 1, 1), d3(threads, 1, 1), dyn, p)) return;
    CHECK_INT(cas, out, exp, threads);
    /* the static part is this kernel's words (rounded up to 16 bytes at
     * most), not the sum over the module's kernels */
    char c2[64];
    snprintf(c2, sizeof c2, "%s_static_size", cas);
    int ok = out[threads] >= words * 4 && out[threads] < words * 4 + 16;
    if (ok) printf("PASS exec/%s/%s\n", g_name, c2);
    else { printf("FAIL exec/%s/%s: %u bytes, want %u\n", g_name, c2, out[threads], words * 4); g_fail = 1; }
}
int main(int argc, char **argv)
{
    setup(argc, argv, "shared_layout");
    unsigned bigout[6] = {0}, bigexp[6];
    unsigned *pb = bigout; void *p[] = {&pb};
    int ok = 1;
    char name[8];
    for (int k = 0; k < 6; k++) {
        bigexp[k] = 100 + k;
        snprintf(name, sizeof name, "big%d", k);
        ok &= launch("six_40KB_kernels", name, d3(1, 1, 1), d3(1, 1, 1), 0, p);
    }
    if (ok) CHECK_INT("six_40KB_kernels", bigout, bigexp, 6);
    static_dynamic("small_func_dynamic", "small", 16, 256, 256 * 4);
    static_dynamic("large_dynamic", "large", 1000, 256, 256 * 4);
    static_dynamic("small_func_dynamic_again", "small", 16, 64, 64 * 4);
    unsigned w[256], we[256];
    for (int t = 0; t < 256; t++) we[t] = 3u * (255u - (unsigned)t);
    unsigned *pw = w; void *q[] = {&pw};
    if (launch("wrap32", "wrap", d3(3, 1, 1), d3(256, 1, 1), 0, q)) CHECK_INT("wrap32", w, we, 256);
    return finish();
}
#if 0 // test-file shared_layout.ptx
// shared_layout: each kernel's shared block holds the module's common
// .shared variables and its own, not every kernel's (six kernels of 40 KB
// launch though together they hold more than a block may); the dynamic part
// (.extern .shared, reached from a kernel and from a .func) starts after
// the launched kernel's own static part; and a 32-bit shared address
// register plus an offset wraps at 32 bits, as nvcc's unrolled loops
// expect (a base below the array plus a larger offset).  Hand-written.
.version 7.0
.target sm_80
.address_size 64

.extern .shared .align 16 .b8 dyn[];

// dyn[tid] = tid + 7
.func fill_dyn()
{
	.reg .b32 %r<5>;
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 7;
	shl.b32 %r3, %r1, 2;
	mov.u32 %r4, dyn;
	add.u32 %r4, %r4, %r3;
	st.shared.u32 [%r4], %r2;
	ret;
}

// static words s[0..WORDS) set to -1, dynamic filled by fill_dyn; out[tid]
// = 1 if s[tid % WORDS] is still -1, + 2 if dyn[tid] is tid + 7;
// out[ntid] = %total_smem_size - %dynamic_smem_size (the static part)
.visible .entry small(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<5>;
	.shared .align 4 .b8 sa[64];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	rem.u32 %r3, %r1, 16;
	shl.b32 %r4, %r3, 2;
	mov.u32 %r5, sa;
	add.u32 %r5, %r5, %r4;
	st.shared.u32 [%r5], -1;
	bar.sync 0;
	call fill_dyn;
	bar.sync 0;
	ld.shared.u32 %r6, [%r5];
	setp.eq.s32 %p1, %r6, -1;
	selp.u32 %r7, 1, 0, %p1;
	shl.b32 %r8, %r1, 2;
	mov.u32 %r9, dyn;
	add.u32 %r9, %r9, %r8;
	ld.shared.u32 %r10, [%r9];
	add.u32 %r11, %r1, 7;
	setp.eq.u32 %p2, %r10, %r11;
	selp.u32 %r12, 2, 0, %p2;
	add.u32 %r13, %r7, %r12;
	mul.wide.u32 %rd2, %r1, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r13;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	mov.u32 %r14, %total_smem_size;
	mov.u32 %r15, %dynamic_smem_size;
	sub.u32 %r14, %r14, %r15;
	mul.wide.u32 %rd2, %r2, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r14;
DONE:
	ret;
}

// the same with 1000 static words, the dynamic part written here directly
.visible .entry large(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<5>;
	.shared .align 4 .b8 sb[4000];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	rem.u32 %r3, %r1, 1000;
	shl.b32 %r4, %r3, 2;
	mov.u32 %r5, sb;
	add.u32 %r5, %r5, %r4;
	st.shared.u32 [%r5], -1;
	bar.sync 0;
	shl.b32 %r8, %r1, 2;
	mov.u32 %r9, dyn;
	add.u32 %r9, %r9, %r8;
	add.u32 %r11, %r1, 7;
	st.shared.u32 [%r9], %r11;
	bar.sync 0;
	ld.shared.u32 %r6, [%r5];
	setp.eq.s32 %p1, %r6, -1;
	selp.u32 %r7, 1, 0, %p1;
	ld.shared.u32 %r10, [%r9];
	setp.eq.u32 %p2, %r10, %r11;
	selp.u32 %r12, 2, 0, %p2;
	add.u32 %r13, %r7, %r12;
	mul.wide.u32 %rd2, %r1, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r13;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	mov.u32 %r14, %total_smem_size;
	mov.u32 %r15, %dynamic_smem_size;
	sub.u32 %r14, %r14, %r15;
	mul.wide.u32 %rd2, %r2, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r14;
DONE:
	ret;
}

// buf[t] = 3t; then out[t] = buf[255 - t] read as [base + 1024] where
// base = buf - 1024 + 4 * (255 - t) lies below buf: 32-bit wrap-around
.visible .entry wrap(.param .u64 out)
{
	.reg .b32 %r<10>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b8 wbuf[1024];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.lo.u32 %r2, %r1, 3;
	shl.b32 %r3, %r1, 2;
	mov.u32 %r4, wbuf;
	add.u32 %r5, %r4, %r3;
	st.shared.u32 [%r5], %r2;
	bar.sync 0;
	sub.u32 %r6, 255, %r1;
	shl.b32 %r6, %r6, 2;
	sub.u32 %r7, %r4, 1024;
	add.u32 %r7, %r7, %r6;
	ld.shared.u32 %r8, [%r7+1024];
	mul.wide.u32 %rd2, %r1, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r8;
	ret;
}

// one of six kernels with 40 KB of shared memory each (240 KB together)
.visible .entry big0(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 4 .b8 buf0[40960];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, buf0;
	st.shared.u32 [%r1+40956], 100;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1+40956];
	st.global.u32 [%rd1+0], %r2;
	ret;
}

// one of six kernels with 40 KB of shared memory each (240 KB together)
.visible .entry big1(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 4 .b8 buf1[40960];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, buf1;
	st.shared.u32 [%r1+40956], 101;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1+40956];
	st.global.u32 [%rd1+4], %r2;
	ret;
}

// one of six kernels with 40 KB of shared memory each (240 KB together)
.visible .entry big2(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 4 .b8 buf2[40960];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, buf2;
	st.shared.u32 [%r1+40956], 102;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1+40956];
	st.global.u32 [%rd1+8], %r2;
	ret;
}

// one of six kernels with 40 KB of shared memory each (240 KB together)
.visible .entry big3(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 4 .b8 buf3[40960];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, buf3;
	st.shared.u32 [%r1+40956], 103;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1+40956];
	st.global.u32 [%rd1+12], %r2;
	ret;
}

// one of six kernels with 40 KB of shared memory each (240 KB together)
.visible .entry big4(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 4 .b8 buf4[40960];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, buf4;
	st.shared.u32 [%r1+40956], 104;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1+40956];
	st.global.u32 [%rd1+16], %r2;
	ret;
}

// one of six kernels with 40 KB of shared memory each (240 KB together)
.visible .entry big5(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 4 .b8 buf5[40960];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, buf5;
	st.shared.u32 [%r1+40956], 105;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1+40956];
	st.global.u32 [%rd1+20], %r2;
	ret;
}
#endif // end of shared_layout.ptx
