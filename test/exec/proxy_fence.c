/* proxy_fence.c — reference for proxy_fence.ptx: forms ptxas 13.0 takes
 * that change nothing a CPU thread sees (PTX ISA, "membar/fence": proxy
 * fences order memory accesses between proxies, fence.mbarrier_init
 * orders mbarrier.init; "pmevent": a performance-monitor event), so the
 * stores before them are read back after bar.sync; atom and red with
 * .L2::cache_hint and a cache policy operand (a hint: the operations are
 * those without it); and mma.m8n8k4.rn.f64, whose .rn is the default
 * rounding (small integers: every product and sum is exact). */
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
    /* D = A B + C, A 8x4 (row), B 4x8 (col), C and D 8x8 */
    double a[32], b[32], c[64], d[64], e[64];
    for (int i = 0; i < 32; i++) {
        a[i] = (double)((int)(lcg() % 17) - 8);
        b[i] = (double)((int)(lcg() % 17) - 8);
    }
    for (int i = 0; i < 64; i++)
        c[i] = (double)((int)(lcg() % 101) - 50) * 0.25;
    for (int m = 0; m < 8; m++)
        for (int n = 0; n < 8; n++) {
            double s = c[8 * m + n];
            for (int k = 0; k < 4; k++)
                s += a[4 * m + k] * b[8 * k + n];
            e[8 * m + n] = s;
        }
    double *pa = a, *pb = b, *pcc = c, *pdd = d;
    void *q[] = {&pa, &pb, &pcc, &pdd};
    if (launch("mma_rn", "mma_rn_f64", d3(1, 1, 1), d3(32, 1, 1), 0, q))
        CHECK_EXACT("mma_rn_f64", d, e, 64);
    return finish();
}
#if 0 // test-file proxy_fence.ptx
// Proxy fences, fence.mbarrier_init, pmevent.mask, atom and red with a
// cache policy, mma .rn on .f64.  Hand-written; ptxas -arch=sm_90 accepts
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

// one warp: d = a b + c with mma.sync.aligned.m8n8k4.row.col.rn.f64
// (a: A[g][t], b: B[t][g], c and d: C[g][2t + i], g = lane / 4, t = lane % 4)
.visible .entry mma_rn_f64(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<16>;
	.reg .f64 %fd<8>;
	ld.param.u64 %rd1, [a];
	ld.param.u64 %rd2, [b];
	ld.param.u64 %rd3, [c];
	ld.param.u64 %rd4, [d];
	mov.u32 %r1, %laneid;
	shr.u32 %r2, %r1, 2;
	and.b32 %r3, %r1, 3;
	mad.lo.u32 %r4, %r2, 4, %r3;
	mul.wide.u32 %rd5, %r4, 8;
	add.s64 %rd6, %rd1, %rd5;
	ld.global.f64 %fd1, [%rd6];
	mad.lo.u32 %r5, %r3, 8, %r2;
	mul.wide.u32 %rd7, %r5, 8;
	add.s64 %rd8, %rd2, %rd7;
	ld.global.f64 %fd2, [%rd8];
	mad.lo.u32 %r6, %r2, 8, %r3;
	add.u32 %r6, %r6, %r3;
	mul.wide.u32 %rd9, %r6, 8;
	add.s64 %rd10, %rd3, %rd9;
	ld.global.f64 %fd3, [%rd10];
	ld.global.f64 %fd4, [%rd10+8];
	mma.sync.aligned.m8n8k4.row.col.rn.f64.f64.f64.f64 {%fd5, %fd6}, {%fd1}, {%fd2}, {%fd3, %fd4};
	add.s64 %rd11, %rd4, %rd9;
	st.global.f64 [%rd11], %fd5;
	st.global.f64 [%rd11+8], %fd6;
	ret;
}
#endif // end of proxy_fence.ptx
