/* memsem.c — reference for memsem.ptx: the same reads in C; a spin-wait
 * sees the data written before the flag. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "memsem");
    enum { N = 200 };
    uint32_t in[N], out[3 * N], exp[3 * N];
    for (int i = 0; i < N; i++)
        in[i] = lcg();
    uint32_t *pi = in, *po = out, n = N;
    void *params[] = {&pi, &po, &n};
    if (launch("orders", "sem", d3(2, 1, 1), d3(128, 1, 1), 0, params)) {
        for (uint32_t t = 0; t < N; t++) {
            exp[t] = t & 1 ? in[7 * t % N] : in[t] + 1;
            exp[N + t] = 2 * t + 1 < N ? in[2 * t] + in[2 * t + 1] : 0;
            exp[2 * N + t] = in[0];
        }
        CHECK_INT("orders", out, exp, 3 * N);
    }
    uint32_t flag[32] = {0}, data[32] = {0}, got[32] = {0}, want[32];
    uint32_t *pf = flag, *pd = data, *pg = got;
    void *sp[] = {&pf, &pd, &pg};
    if (launch("spin_wait", "spin", d3(1, 1, 1), d3(64, 1, 1), 0, sp)) {
        for (int l = 0; l < 32; l++)
            want[l] = 3 * l + 5;
        CHECK_INT("spin_wait", got, want, 32);
    }
    return finish();
}
#if 0 // test-file memsem.ptx
// ld/st with memory semantics (.volatile, .relaxed, .acquire, .release)
// through per-lane, guarded and uniform addresses, scalar and .v2; and a
// spin-wait on a flag another warp of the CTA sets (the waiting warp
// yields with nanosleep).  Hand-written; ptxas -arch=sm_75 accepts it.
// Reference: memsem.c.
.version 7.5
.target sm_75
.address_size 64

// out[t] = in[(7 * t) % n] for odd t (acquire), in[t] + 1 for even t
// (volatile), then out[n + t] = {in[2t'], in[2t'+1]} summed (relaxed .v2),
// out[2n + t] = in[0] read by every lane through a uniform address (acquire)
.visible .entry sem(.param .u64 in, .param .u64 out, .param .u32 n)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	mov.u32 %r3, %ctaid.x;
	mov.u32 %r4, %ntid.x;
	mad.lo.u32 %r5, %r3, %r4, %r2;
	setp.ge.u32 %p1, %r5, %r1;
	@%p1 bra DONE;
	and.b32 %r6, %r5, 1;
	setp.eq.u32 %p2, %r6, 1;
	mul.lo.u32 %r7, %r5, 7;
	rem.u32 %r7, %r7, %r1;
	mul.wide.u32 %rd3, %r7, 4;
	add.s64 %rd3, %rd1, %rd3;
	mul.wide.u32 %rd4, %r5, 4;
	add.s64 %rd5, %rd1, %rd4;
	add.s64 %rd6, %rd2, %rd4;
	@%p2 ld.acquire.gpu.global.u32 %r8, [%rd3];
	@!%p2 ld.volatile.global.u32 %r8, [%rd5];
	@!%p2 add.u32 %r8, %r8, 1;
	@%p2 st.release.gpu.global.u32 [%rd6], %r8;
	@!%p2 st.volatile.global.u32 [%rd6], %r8;
	// relaxed .v2 of the pair (2t mod n, 2t+1 mod n) when 2t+1 < n
	shl.b32 %r9, %r5, 1;
	add.u32 %r10, %r9, 1;
	setp.lt.u32 %p3, %r10, %r1;
	mov.u32 %r11, 0;
	mov.u32 %r12, 0;
	mul.wide.u32 %rd7, %r9, 4;
	add.s64 %rd7, %rd1, %rd7;
	@%p3 ld.relaxed.gpu.global.v2.u32 {%r11, %r12}, [%rd7];
	add.u32 %r13, %r11, %r12;
	mul.wide.u32 %rd8, %r1, 4;
	add.s64 %rd9, %rd6, %rd8;
	st.relaxed.sys.global.u32 [%rd9], %r13;
	ld.acquire.sys.global.u32 %r14, [%rd1];
	add.s64 %rd10, %rd9, %rd8;
	st.relaxed.gpu.global.u32 [%rd10], %r14;
DONE:
	ret;
}

// 64 threads: warp 1 waits for its own flag, which warp 0 sets after
// writing the data; out[t] = data seen by lane t of warp 1
.visible .entry spin(.param .u64 flag, .param .u64 data, .param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [flag];
	ld.param.u64 %rd2, [data];
	ld.param.u64 %rd3, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	mul.wide.u32 %rd4, %r2, 4;
	add.s64 %rd5, %rd1, %rd4;
	add.s64 %rd6, %rd2, %rd4;
	setp.ge.u32 %p1, %r1, 32;
	@%p1 bra WAIT;
	mad.lo.u32 %r3, %r2, 3, 5;
	st.global.u32 [%rd6], %r3;
	st.release.gpu.global.u32 [%rd5], 1;
	bra.uni DONE;
WAIT:
	ld.acquire.gpu.global.u32 %r4, [%rd5];
	setp.ne.u32 %p2, %r4, 0;
	@%p2 bra GOT;
	nanosleep.u32 100;
	bra WAIT;
GOT:
	ld.global.u32 %r5, [%rd6];
	add.s64 %rd7, %rd3, %rd4;
	st.global.u32 [%rd7], %r5;
DONE:
	ret;
}
#endif // end of memsem.ptx
