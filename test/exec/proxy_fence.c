/* proxy_fence.c — reference for proxy_fence.ptx: forms ptxas 13.0 takes
 * that change nothing a CPU thread sees (PTX ISA, "membar/fence": proxy
 * fences order memory accesses between proxies, fence.mbarrier_init
 * orders mbarrier.init; "pmevent": a performance-monitor event), so the
 * stores before them are read back after bar.sync; atom and red with
 * .L2::cache_hint and a cache policy operand (a hint: the operations are
 * those without it).  mma_rn.c has mma .rn on .f64. */
#include "common.h"

enum { N = 64 };

int
main(int argc, char **argv)
{
    setup(argc, argv, "proxy_fence");
    uint32_t data[N], out[2 * N], cnt[3] = {0, 0, 0}, want[2 * N];
    uint32_t *pd = data, *po = out, *pc = cnt;
    void *p[] = {&pd, &po, &pc};
    if (launch("fences", "fences", d3(1, 1, 1), d3(N, 1, 1), 0, p)) {
        /* out[t]: data[(t + 1) % N] = 3 ((t + 1) % N) + 1, written by another thread */
        for (int t = 0; t < N; t++)
            want[t] = 3 * ((t + 1) % N) + 1;
        CHECK_INT("fences_read", out, want, N);
        /* out[N + t]: the counter before thread t's atom.add 1, each of 0..N-1 once */
        int seen[N] = {0}, bad = 0;
        for (int t = 0; t < N; t++)
            if (out[N + t] >= N || seen[out[N + t]]++)
                bad++;
        report("atom_cache_hint_add", bad, bad ? "old values are not 0..63 once each" : "");
        /* cnt: N atom.add of 1; red.add of t (0 + ... + 63); atom.max of t */
        uint32_t wc[3] = {N, N * (N - 1) / 2, N - 1};
        CHECK_INT("red_cache_hint", cnt, wc, 3);
    }
    return finish();
}
#if 0 // test-file proxy_fence.ptx
// Proxy fences, fence.mbarrier_init, pmevent.mask, atom and red with a
// cache policy.  Hand-written; ptxas -arch=sm_90 accepts
// it.  Reference: proxy_fence.c.
.version 8.6
.target sm_90
.address_size 64

// data[t] = 3t + 1; the fences; out[t] = data[(t + 1) % 64];
// out[64 + t] = atom.add(cnt[0], 1); red.add(cnt[1], t); atom.max(cnt[2], t)
.visible .entry fences(.param .u64 data, .param .u64 out, .param .u64 cnt)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [data];
	ld.param.u64 %rd2, [out];
	ld.param.u64 %rd3, [cnt];
	cvta.to.global.u64 %rd1, %rd1;
	cvta.to.global.u64 %rd2, %rd2;
	cvta.to.global.u64 %rd3, %rd3;
	mov.u32 %r1, %tid.x;
	mad.lo.u32 %r2, %r1, 3, 1;
	mul.wide.u32 %rd4, %r1, 4;
	add.s64 %rd5, %rd1, %rd4;
	st.global.u32 [%rd5], %r2;
	fence.proxy.alias;
	membar.proxy.alias;
	fence.proxy.async;
	fence.proxy.async.global;
	fence.proxy.async.shared::cta;
	fence.proxy.async.shared::cluster;
	fence.proxy.tensormap::generic.release.gpu;
	fence.mbarrier_init.release.cluster;
	pmevent.mask 0x3;
	bar.sync 0;
	add.u32 %r3, %r1, 1;
	and.b32 %r3, %r3, 63;
	mul.wide.u32 %rd6, %r3, 4;
	add.s64 %rd7, %rd1, %rd6;
	ld.global.u32 %r4, [%rd7];
	add.s64 %rd8, %rd2, %rd4;
	st.global.u32 [%rd8], %r4;
	mov.b64 %rd9, 0; // a policy (createpolicy's are opaque; the hint changes no result)
	atom.global.L2::cache_hint.add.u32 %r5, [%rd3], 1, %rd9;
	st.global.u32 [%rd8+256], %r5;
	red.global.L2::cache_hint.add.u32 [%rd3+4], %r1, %rd9;
	atom.L2::cache_hint.max.u32 %r6, [%rd3+8], %r1, 0;
	ret;
}
#endif // end of proxy_fence.ptx
