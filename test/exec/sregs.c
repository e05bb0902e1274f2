/* sregs.c — reference for sregs.ptx: every special register against its
 * definition in the PTX ISA and the CUDA launch geometry.  Threads form
 * warps in linear-id order (tid.x fastest), so %laneid is t % 32; every
 * CTA is a 1x1x1 cluster of its own; the timer is the host's realtime
 * clock in nanoseconds. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "common.h"

enum { W = 48 }; /* words per thread */

static uint64_t
now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t
u64_at(const uint32_t *o, int word)
{
    return o[word] | (uint64_t)o[word + 1] << 32;
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "sregs");
    const unsigned gx = 2, gy = 3, gz = 2, bx = 5, by = 7, bz = 3;
    const unsigned nthr = bx * by * bz, ncta = gx * gy * gz, dyn = 48;
    size_t n = (size_t)nthr * ncta * W;
    uint32_t *out = calloc(n, 4), *out2 = calloc(n, 4);
    void *params[] = {&out};
    uint64_t t0 = now_ns();
    if (!launch("geometry", "k", d3(gx, gy, gz), d3(bx, by, bz), dyn, params))
        return finish();
    uint64_t t1 = now_ns();
    void *params2[] = {&out2};
    if (!launch("geometry2", "k", d3(gx, gy, gz), d3(bx, by, bz), dyn, params2))
        return finish();

    int bad[8] = {0};
    char first[8][200] = {{0}};
#define EXPECT(i, cond, ...) do { if (!(cond) && !bad[i]++) snprintf(first[i], sizeof first[i], __VA_ARGS__); } while (0)
    uint64_t gridid = u64_at(out, 24);
    for (unsigned c = 0; c < ncta; c++) {
        unsigned cx = c % gx, cy = c / gx % gy, cz = c / (gx * gy);
        for (unsigned t = 0; t < nthr; t++) {
            const uint32_t *o = out + ((size_t)c * nthr + t) * W;
            unsigned tx = t % bx, ty = t / bx % by, tz = t / (bx * by);
            uint32_t geo[12] = {tx, ty, tz, bx, by, bz, cx, cy, cz, gx, gy, gz};
            for (int i = 0; i < 12; i++)
                EXPECT(0, o[i] == geo[i], "cta %u thread %u word %d: %u, expected %u", c, t, i, o[i], geo[i]);
            unsigned lane = t % 32;
            EXPECT(1, o[12] == lane, "thread %u: laneid %u", t, o[12]);
            EXPECT(1, o[13] < o[14] && o[14] >= (nthr + 31) / 32, "thread %u: warpid %u of %u", t, o[13], o[14]);
            EXPECT(1, o[15] < o[16], "thread %u: smid %u of %u", t, o[15], o[16]);
            uint32_t eq = 1u << lane, lt = eq - 1;
            uint32_t masks[5] = {eq, lt | eq, lt, ~lt, ~(lt | eq)};
            for (int i = 0; i < 5; i++)
                EXPECT(2, o[17 + i] == masks[i], "lane %u lanemask %d: %#x, expected %#x", lane, i, o[17 + i], masks[i]);
            EXPECT(3, o[22] == dyn && o[23] >= 100 + dyn && o[23] < 100 + dyn + 16,
                   "dynamic_smem_size %u total_smem_size %u", o[22], o[23]);
            EXPECT(4, u64_at(o, 24) == gridid && u64_at(out2 + ((size_t)c * nthr + t) * W, 24) != gridid,
                   "gridid %llu (first thread %llu)", (unsigned long long)u64_at(o, 24), (unsigned long long)gridid);
            uint64_t timer = u64_at(o, 28);
            EXPECT(5, (int64_t)u64_at(o, 26) >= 0 && timer >= t0 && timer <= t1 &&
                          (o[31] == timer >> 32 || o[31] == (timer >> 32) + 1),
                   "clock64 delta %lld, globaltimer %llu not in [%llu, %llu], hi %u",
                   (long long)u64_at(o, 26), (unsigned long long)timer, (unsigned long long)t0,
                   (unsigned long long)t1, o[31]);
            EXPECT(6, o[32] == 0 && o[33] == 0, "envreg %u %u", o[32], o[33]);
            uint32_t cl[7] = {cx, gy, 0, 1, 0, 1, 0};
            for (int i = 0; i < 7; i++)
                EXPECT(7, o[34 + i] == cl[i], "cta %u cluster word %d: %u, expected %u", c, i, o[34 + i], cl[i]);
        }
    }
    static const char *names[8] = {"tid_ntid_ctaid_nctaid", "laneid_warpid_smid", "lanemasks", "smem_sizes",
                                   "gridid", "clocks", "envreg", "cluster"};
    for (int i = 0; i < 8; i++)
        report(names[i], bad[i], first[i]);
    free(out), free(out2);
    return finish();
}
#if 0 // test-file sregs.ptx
// Every special register, stored per thread.  Hand-written; ptxas
// -arch=sm_90 accepts it (the cluster registers need sm_90).
// Reference: sregs.c.
.version 7.8
.target sm_90
.address_size 64

.shared .align 4 .b8 sbuf[100];

// out: 48 words per thread (linear id t = tid.x + ntid.x * (tid.y + ntid.y * tid.z)
// within CTA c = ctaid.x + nctaid.x * (ctaid.y + nctaid.y * ctaid.z))
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<48>;
	.reg .b64 %rd<12>;
	.reg .pred %p<2>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %tid.y;
	mov.u32 %r3, %tid.z;
	mov.u32 %r4, %ntid.x;
	mov.u32 %r5, %ntid.y;
	mov.u32 %r6, %ntid.z;
	mov.u32 %r7, %ctaid.x;
	mov.u32 %r8, %ctaid.y;
	mov.u32 %r9, %ctaid.z;
	mov.u32 %r10, %nctaid.x;
	mov.u32 %r11, %nctaid.y;
	mov.u32 %r12, %nctaid.z;
	// linear thread and CTA ids
	mad.lo.u32 %r13, %r5, %r3, %r2;
	mad.lo.u32 %r13, %r4, %r13, %r1;
	mad.lo.u32 %r14, %r11, %r9, %r8;
	mad.lo.u32 %r14, %r10, %r14, %r7;
	mul.lo.u32 %r15, %r4, %r5;
	mul.lo.u32 %r15, %r15, %r6;
	mad.lo.u32 %r15, %r14, %r15, %r13;
	mul.wide.u32 %rd2, %r15, 192;
	add.s64 %rd2, %rd1, %rd2;
	st.shared.u32 [sbuf], %r1; // the kernel uses sbuf: its 100 bytes count in %total_smem_size
	st.global.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};
	st.global.v4.u32 [%rd2+16], {%r5, %r6, %r7, %r8};
	st.global.v4.u32 [%rd2+32], {%r9, %r10, %r11, %r12};
	mov.u32 %r16, %laneid;
	mov.u32 %r17, %warpid;
	mov.u32 %r18, %nwarpid;
	mov.u32 %r19, %smid;
	st.global.v4.u32 [%rd2+48], {%r16, %r17, %r18, %r19};
	mov.u32 %r20, %nsmid;
	mov.u32 %r21, %lanemask_eq;
	mov.u32 %r22, %lanemask_le;
	mov.u32 %r23, %lanemask_lt;
	st.global.v4.u32 [%rd2+64], {%r20, %r21, %r22, %r23};
	mov.u32 %r24, %lanemask_ge;
	mov.u32 %r25, %lanemask_gt;
	mov.u32 %r26, %dynamic_smem_size;
	mov.u32 %r27, %total_smem_size;
	st.global.v4.u32 [%rd2+80], {%r24, %r25, %r26, %r27};
	mov.u64 %rd3, %gridid;
	st.global.u64 [%rd2+96], %rd3;
	// clocks: a second read is not earlier; the timer is the host's realtime
	mov.u64 %rd4, %clock64;
	mov.u64 %rd5, %clock64;
	sub.s64 %rd6, %rd5, %rd4;
	st.global.u64 [%rd2+104], %rd6;
	mov.u64 %rd7, %globaltimer;
	st.global.u64 [%rd2+112], %rd7;
	mov.u32 %r28, %globaltimer_lo;
	mov.u32 %r29, %globaltimer_hi;
	mov.u32 %r30, %envreg0;
	mov.u32 %r31, %envreg31;
	st.global.v4.u32 [%rd2+120], {%r28, %r29, %r30, %r31};
	mov.u32 %r32, %clusterid.x;
	mov.u32 %r33, %nclusterid.y;
	mov.u32 %r34, %cluster_ctaid.z;
	mov.u32 %r35, %cluster_nctaid.x;
	st.global.v4.u32 [%rd2+136], {%r32, %r33, %r34, %r35};
	mov.u32 %r36, %cluster_ctarank;
	mov.u32 %r37, %cluster_nctarank;
	mov.pred %p1, %is_explicit_cluster;
	selp.u32 %r38, 1, 0, %p1;
	mov.u32 %r39, %clock;
	st.global.v4.u32 [%rd2+152], {%r36, %r37, %r38, %r39};
	ret;
}
#endif // end of sregs.ptx
