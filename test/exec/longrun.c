/* A long straight block of row accesses (more than 64 loads and stores,
 * so the shapes of a large function): 105 accesses through two
 * registers contiguous along %tid.x, lanes past n gone (a partial mask),
 * and a second stretch run by every other lane.  longrun_req is the same
 * kernel under .reqntid 64, 1, 1 (its halves always lie in one row: the
 * accesses are two masked halves with no test); longrun runs in blocks
 * whose warps span one, two or several rows (odd widths take the slow
 * path of each access).  Exact unsigned arithmetic, a C reference. */
#include "common.h"

enum { N = 4096, K = 61 };

static void run(const char *cas, const char *k, int n, unsigned bw, unsigned bh)
{
    unsigned *p = malloc((size_t)(n + 64) * 4), *q = malloc((size_t)K * N * 4),
             *r = malloc((size_t)K * N * 4);
    for (int i = 0; i < n + 64; i++)
        p[i] = lcg();
    for (size_t i = 0; i < (size_t)K * N; i++)
        q[i] = r[i] = 0xdeadbeefu;
    for (int i = 0; i < n; i++) {
        unsigned a = (unsigned)i;
        for (int j = 0; j < 40; j++) {
            a = a * 3u + p[i + j];
            r[(size_t)j * N + i] = a ^ (unsigned)j;
        }
        if ((unsigned)i % bw & 1)
            for (int j = 40; j < 52; j++) {
                a = a * 5u + p[i + j];
                r[(size_t)j * N + i] = a + (unsigned)j;
            }
        r[(size_t)60 * N + i] = a;
    }
    unsigned per = bw * bh, g = ((unsigned)n + per - 1) / per;
    void *pp[] = {&p, &q, &n};
    if (launch(cas, k, d3(g, 1, 1), d3(bw, bh, 1), 0, pp))
        CHECK_INT(cas, q, r, (size_t)K * N);
    free(p), free(q), free(r);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "longrun");
    run("req_64_full", "longrun_req", 4096, 64, 1);
    run("req_64_tail", "longrun_req", 1000, 64, 1);
    run("req_64_short", "longrun_req", 37, 64, 1);
    run("rows_64", "longrun", 1000, 64, 1);
    run("rows_32x2", "longrun", 1000, 32, 2);
    run("rows_16x4", "longrun", 999, 16, 4);
    run("rows_24x3", "longrun", 1000, 24, 3);
    run("rows_40x2", "longrun", 777, 40, 2);
    run("rows_8x8", "longrun", 1000, 8, 8);
    run("rows_5x7", "longrun", 500, 5, 7);
    return finish();
}

#if 0 // test-file longrun.cu
/* longrun: one long straight block of row accesses (more than 64, so a
 * large function's shapes) through p and q, contiguous along %tid.x with
 * 64-bit address arithmetic; lanes past n leave first, and every other
 * lane runs a second stretch. */
#define N 4096
extern "C" __global__ void longrun(const unsigned *p0, unsigned *q0, int n)
{
    size_t row = (size_t)blockIdx.x * blockDim.y + threadIdx.y;
    size_t i = row * blockDim.x + threadIdx.x;
    if (i >= (size_t)n)
        return;
    const unsigned *p = p0 + i;
    unsigned *q = q0 + i;
    unsigned a = (unsigned)i;
    a = a * 3u + p[0]; q[0 * N] = a ^ 0u;
    a = a * 3u + p[1]; q[1 * N] = a ^ 1u;
    a = a * 3u + p[2]; q[2 * N] = a ^ 2u;
    a = a * 3u + p[3]; q[3 * N] = a ^ 3u;
    a = a * 3u + p[4]; q[4 * N] = a ^ 4u;
    a = a * 3u + p[5]; q[5 * N] = a ^ 5u;
    a = a * 3u + p[6]; q[6 * N] = a ^ 6u;
    a = a * 3u + p[7]; q[7 * N] = a ^ 7u;
    a = a * 3u + p[8]; q[8 * N] = a ^ 8u;
    a = a * 3u + p[9]; q[9 * N] = a ^ 9u;
    a = a * 3u + p[10]; q[10 * N] = a ^ 10u;
    a = a * 3u + p[11]; q[11 * N] = a ^ 11u;
    a = a * 3u + p[12]; q[12 * N] = a ^ 12u;
    a = a * 3u + p[13]; q[13 * N] = a ^ 13u;
    a = a * 3u + p[14]; q[14 * N] = a ^ 14u;
    a = a * 3u + p[15]; q[15 * N] = a ^ 15u;
    a = a * 3u + p[16]; q[16 * N] = a ^ 16u;
    a = a * 3u + p[17]; q[17 * N] = a ^ 17u;
    a = a * 3u + p[18]; q[18 * N] = a ^ 18u;
    a = a * 3u + p[19]; q[19 * N] = a ^ 19u;
    a = a * 3u + p[20]; q[20 * N] = a ^ 20u;
    a = a * 3u + p[21]; q[21 * N] = a ^ 21u;
    a = a * 3u + p[22]; q[22 * N] = a ^ 22u;
    a = a * 3u + p[23]; q[23 * N] = a ^ 23u;
    a = a * 3u + p[24]; q[24 * N] = a ^ 24u;
    a = a * 3u + p[25]; q[25 * N] = a ^ 25u;
    a = a * 3u + p[26]; q[26 * N] = a ^ 26u;
    a = a * 3u + p[27]; q[27 * N] = a ^ 27u;
    a = a * 3u + p[28]; q[28 * N] = a ^ 28u;
    a = a * 3u + p[29]; q[29 * N] = a ^ 29u;
    a = a * 3u + p[30]; q[30 * N] = a ^ 30u;
    a = a * 3u + p[31]; q[31 * N] = a ^ 31u;
    a = a * 3u + p[32]; q[32 * N] = a ^ 32u;
    a = a * 3u + p[33]; q[33 * N] = a ^ 33u;
    a = a * 3u + p[34]; q[34 * N] = a ^ 34u;
    a = a * 3u + p[35]; q[35 * N] = a ^ 35u;
    a = a * 3u + p[36]; q[36 * N] = a ^ 36u;
    a = a * 3u + p[37]; q[37 * N] = a ^ 37u;
    a = a * 3u + p[38]; q[38 * N] = a ^ 38u;
    a = a * 3u + p[39]; q[39 * N] = a ^ 39u;
    if (threadIdx.x & 1) {
        a = a * 5u + p[40]; q[40 * N] = a + 40u;
        a = a * 5u + p[41]; q[41 * N] = a + 41u;
        a = a * 5u + p[42]; q[42 * N] = a + 42u;
        a = a * 5u + p[43]; q[43 * N] = a + 43u;
        a = a * 5u + p[44]; q[44 * N] = a + 44u;
        a = a * 5u + p[45]; q[45 * N] = a + 45u;
        a = a * 5u + p[46]; q[46 * N] = a + 46u;
        a = a * 5u + p[47]; q[47 * N] = a + 47u;
        a = a * 5u + p[48]; q[48 * N] = a + 48u;
        a = a * 5u + p[49]; q[49 * N] = a + 49u;
        a = a * 5u + p[50]; q[50 * N] = a + 50u;
        a = a * 5u + p[51]; q[51 * N] = a + 51u;
    }
    q[60 * N] = a;
}
#endif // end of longrun.cu
#if 0 // test-file longrun.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_75
.address_size 64

	// .globl	longrun

.visible .entry longrun(
	.param .u64 longrun_param_0,
	.param .u64 longrun_param_1,
	.param .u32 longrun_param_2
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<165>;
	.reg .b64 	%rd<16>;


	ld.param.u64 	%rd4, [longrun_param_0];
	ld.param.u64 	%rd5, [longrun_param_1];
	ld.param.s32 	%rd6, [longrun_param_2];
	mov.u32 	%r5, %ctaid.x;
	mov.u32 	%r6, %ntid.y;
	mul.wide.u32 	%rd7, %r5, %r6;
	mov.u32 	%r7, %tid.y;
	cvt.u64.u32 	%rd8, %r7;
	add.s64 	%rd9, %rd7, %rd8;
	mov.u32 	%r8, %ntid.x;
	cvt.u64.u32 	%rd10, %r8;
	mul.lo.s64 	%rd11, %rd9, %rd10;
	mov.u32 	%r1, %tid.x;
	cvt.u64.u32 	%rd12, %r1;
	add.s64 	%rd1, %rd11, %rd12;
	setp.ge.u64 	%p1, %rd1, %rd6;
	@%p1 bra 	$L__BB0_4;

	cvta.to.global.u64 	%rd13, %rd4;
	shl.b64 	%rd14, %rd1, 2;
	add.s64 	%rd2, %rd13, %rd14;
	cvt.u32.u64 	%r9, %rd1;
	ld.global.u32 	%r10, [%rd2];
	mad.lo.s32 	%r11, %r9, 3, %r10;
	cvta.to.global.u64 	%rd15, %rd5;
	add.s64 	%rd3, %rd15, %rd14;
	st.global.u32 	[%rd3], %r11;
	ld.global.u32 	%r12, [%rd2+4];
	mad.lo.s32 	%r13, %r11, 3, %r12;
	xor.b32  	%r14, %r13, 1;
	st.global.u32 	[%rd3+16384], %r14;
	ld.global.u32 	%r15, [%rd2+8];
	mad.lo.s32 	%r16, %r13, 3, %r15;
	xor.b32  	%r17, %r16, 2;
	st.global.u32 	[%rd3+32768], %r17;
	ld.global.u32 	%r18, [%rd2+12];
	mad.lo.s32 	%r19, %r16, 3, %r18;
	xor.b32  	%r20, %r19, 3;
	st.global.u32 	[%rd3+49152], %r20;
	ld.global.u32 	%r21, [%rd2+16];
	mad.lo.s32 	%r22, %r19, 3, %r21;
	xor.b32  	%r23, %r22, 4;
	st.global.u32 	[%rd3+65536], %r23;
	ld.global.u32 	%r24, [%rd2+20];
	mad.lo.s32 	%r25, %r22, 3, %r24;
	xor.b32  	%r26, %r25, 5;
	st.global.u32 	[%rd3+81920], %r26;
	ld.global.u32 	%r27, [%rd2+24];
	mad.lo.s32 	%r28, %r25, 3, %r27;
	xor.b32  	%r29, %r28, 6;
	st.global.u32 	[%rd3+98304], %r29;
	ld.global.u32 	%r30, [%rd2+28];
	mad.lo.s32 	%r31, %r28, 3, %r30;
	xor.b32  	%r32, %r31, 7;
	st.global.u32 	[%rd3+114688], %r32;
	ld.global.u32 	%r33, [%rd2+32];
	mad.lo.s32 	%r34, %r31, 3, %r33;
	xor.b32  	%r35, %r34, 8;
	st.global.u32 	[%rd3+131072], %r35;
	ld.global.u32 	%r36, [%rd2+36];
	mad.lo.s32 	%r37, %r34, 3, %r36;
	xor.b32  	%r38, %r37, 9;
	st.global.u32 	[%rd3+147456], %r38;
	ld.global.u32 	%r39, [%rd2+40];
	mad.lo.s32 	%r40, %r37, 3, %r39;
	xor.b32  	%r41, %r40, 10;
	st.global.u32 	[%rd3+163840], %r41;
	ld.global.u32 	%r42, [%rd2+44];
	mad.lo.s32 	%r43, %r40, 3, %r42;
	xor.b32  	%r44, %r43, 11;
	st.global.u32 	[%rd3+180224], %r44;
	ld.global.u32 	%r45, [%rd2+48];
	mad.lo.s32 	%r46, %r43, 3, %r45;
	xor.b32  	%r47, %r46, 12;
	st.global.u32 	[%rd3+196608], %r47;
	ld.global.u32 	%r48, [%rd2+52];
	mad.lo.s32 	%r49, %r46, 3, %r48;
	xor.b32  	%r50, %r49, 13;
	st.global.u32 	[%rd3+212992], %r50;
	ld.global.u32 	%r51, [%rd2+56];
	mad.lo.s32 	%r52, %r49, 3, %r51;
	xor.b32  	%r53, %r52, 14;
	st.global.u32 	[%rd3+229376], %r53;
	ld.global.u32 	%r54, [%rd2+60];
	mad.lo.s32 	%r55, %r52, 3, %r54;
	xor.b32  	%r56, %r55, 15;
	st.global.u32 	[%rd3+245760], %r56;
	ld.global.u32 	%r57, [%rd2+64];
	mad.lo.s32 	%r58, %r55, 3, %r57;
	xor.b32  	%r59, %r58, 16;
	st.global.u32 	[%rd3+262144], %r59;
	ld.global.u32 	%r60, [%rd2+68];
	mad.lo.s32 	%r61, %r58, 3, %r60;
	xor.b32  	%r62, %r61, 17;
	st.global.u32 	[%rd3+278528], %r62;
	ld.global.u32 	%r63, [%rd2+72];
	mad.lo.s32 	%r64, %r61, 3, %r63;
	xor.b32  	%r65, %r64, 18;
	st.global.u32 	[%rd3+294912], %r65;
	ld.global.u32 	%r66, [%rd2+76];
	mad.lo.s32 	%r67, %r64, 3, %r66;
	xor.b32  	%r68, %r67, 19;
	st.global.u32 	[%rd3+311296], %r68;
	ld.global.u32 	%r69, [%rd2+80];
	mad.lo.s32 	%r70, %r67, 3, %r69;
	xor.b32  	%r71, %r70, 20;
	st.global.u32 	[%rd3+327680], %r71;
	ld.global.u32 	%r72, [%rd2+84];
	mad.lo.s32 	%r73, %r70, 3, %r72;
	xor.b32  	%r74, %r73, 21;
	st.global.u32 	[%rd3+344064], %r74;
	ld.global.u32 	%r75, [%rd2+88];
	mad.lo.s32 	%r76, %r73, 3, %r75;
	xor.b32  	%r77, %r76, 22;
	st.global.u32 	[%rd3+360448], %r77;
	ld.global.u32 	%r78, [%rd2+92];
	mad.lo.s32 	%r79, %r76, 3, %r78;
	xor.b32  	%r80, %r79, 23;
	st.global.u32 	[%rd3+376832], %r80;
	ld.global.u32 	%r81, [%rd2+96];
	mad.lo.s32 	%r82, %r79, 3, %r81;
	xor.b32  	%r83, %r82, 24;
	st.global.u32 	[%rd3+393216], %r83;
	ld.global.u32 	%r84, [%rd2+100];
	mad.lo.s32 	%r85, %r82, 3, %r84;
	xor.b32  	%r86, %r85, 25;
	st.global.u32 	[%rd3+409600], %r86;
	ld.global.u32 	%r87, [%rd2+104];
	mad.lo.s32 	%r88, %r85, 3, %r87;
	xor.b32  	%r89, %r88, 26;
	st.global.u32 	[%rd3+425984], %r89;
	ld.global.u32 	%r90, [%rd2+108];
	mad.lo.s32 	%r91, %r88, 3, %r90;
	xor.b32  	%r92, %r91, 27;
	st.global.u32 	[%rd3+442368], %r92;
	ld.global.u32 	%r93, [%rd2+112];
	mad.lo.s32 	%r94, %r91, 3, %r93;
	xor.b32  	%r95, %r94, 28;
	st.global.u32 	[%rd3+458752], %r95;
	ld.global.u32 	%r96, [%rd2+116];
	mad.lo.s32 	%r97, %r94, 3, %r96;
	xor.b32  	%r98, %r97, 29;
	st.global.u32 	[%rd3+475136], %r98;
	ld.global.u32 	%r99, [%rd2+120];
	mad.lo.s32 	%r100, %r97, 3, %r99;
	xor.b32  	%r101, %r100, 30;
	st.global.u32 	[%rd3+491520], %r101;
	ld.global.u32 	%r102, [%rd2+124];
	mad.lo.s32 	%r103, %r100, 3, %r102;
	xor.b32  	%r104, %r103, 31;
	st.global.u32 	[%rd3+507904], %r104;
	ld.global.u32 	%r105, [%rd2+128];
	mad.lo.s32 	%r106, %r103, 3, %r105;
	xor.b32  	%r107, %r106, 32;
	st.global.u32 	[%rd3+524288], %r107;
	ld.global.u32 	%r108, [%rd2+132];
	mad.lo.s32 	%r109, %r106, 3, %r108;
	xor.b32  	%r110, %r109, 33;
	st.global.u32 	[%rd3+540672], %r110;
	ld.global.u32 	%r111, [%rd2+136];
	mad.lo.s32 	%r112, %r109, 3, %r111;
	xor.b32  	%r113, %r112, 34;
	st.global.u32 	[%rd3+557056], %r113;
	ld.global.u32 	%r114, [%rd2+140];
	mad.lo.s32 	%r115, %r112, 3, %r114;
	xor.b32  	%r116, %r115, 35;
	st.global.u32 	[%rd3+573440], %r116;
	ld.global.u32 	%r117, [%rd2+144];
	mad.lo.s32 	%r118, %r115, 3, %r117;
	xor.b32  	%r119, %r118, 36;
	st.global.u32 	[%rd3+589824], %r119;
	ld.global.u32 	%r120, [%rd2+148];
	mad.lo.s32 	%r121, %r118, 3, %r120;
	xor.b32  	%r122, %r121, 37;
	st.global.u32 	[%rd3+606208], %r122;
	ld.global.u32 	%r123, [%rd2+152];
	mad.lo.s32 	%r124, %r121, 3, %r123;
	xor.b32  	%r125, %r124, 38;
	st.global.u32 	[%rd3+622592], %r125;
	ld.global.u32 	%r126, [%rd2+156];
	mad.lo.s32 	%r164, %r124, 3, %r126;
	xor.b32  	%r127, %r164, 39;
	st.global.u32 	[%rd3+638976], %r127;
	and.b32  	%r128, %r1, 1;
	setp.eq.b32 	%p2, %r128, 1;
	mov.pred 	%p3, 0;
	xor.pred  	%p4, %p2, %p3;
	not.pred 	%p5, %p4;
	@%p5 bra 	$L__BB0_3;

	ld.global.u32 	%r129, [%rd2+160];
	mad.lo.s32 	%r130, %r164, 5, %r129;
	add.s32 	%r131, %r130, 40;
	st.global.u32 	[%rd3+655360], %r131;
	ld.global.u32 	%r132, [%rd2+164];
	mad.lo.s32 	%r133, %r130, 5, %r132;
	add.s32 	%r134, %r133, 41;
	st.global.u32 	[%rd3+671744], %r134;
	ld.global.u32 	%r135, [%rd2+168];
	mad.lo.s32 	%r136, %r133, 5, %r135;
	add.s32 	%r137, %r136, 42;
	st.global.u32 	[%rd3+688128], %r137;
	ld.global.u32 	%r138, [%rd2+172];
	mad.lo.s32 	%r139, %r136, 5, %r138;
	add.s32 	%r140, %r139, 43;
	st.global.u32 	[%rd3+704512], %r140;
	ld.global.u32 	%r141, [%rd2+176];
	mad.lo.s32 	%r142, %r139, 5, %r141;
	add.s32 	%r143, %r142, 44;
	st.global.u32 	[%rd3+720896], %r143;
	ld.global.u32 	%r144, [%rd2+180];
	mad.lo.s32 	%r145, %r142, 5, %r144;
	add.s32 	%r146, %r145, 45;
	st.global.u32 	[%rd3+737280], %r146;
	ld.global.u32 	%r147, [%rd2+184];
	mad.lo.s32 	%r148, %r145, 5, %r147;
	add.s32 	%r149, %r148, 46;
	st.global.u32 	[%rd3+753664], %r149;
	ld.global.u32 	%r150, [%rd2+188];
	mad.lo.s32 	%r151, %r148, 5, %r150;
	add.s32 	%r152, %r151, 47;
	st.global.u32 	[%rd3+770048], %r152;
	ld.global.u32 	%r153, [%rd2+192];
	mad.lo.s32 	%r154, %r151, 5, %r153;
	add.s32 	%r155, %r154, 48;
	st.global.u32 	[%rd3+786432], %r155;
	ld.global.u32 	%r156, [%rd2+196];
	mad.lo.s32 	%r157, %r154, 5, %r156;
	add.s32 	%r158, %r157, 49;
	st.global.u32 	[%rd3+802816], %r158;
	ld.global.u32 	%r159, [%rd2+200];
	mad.lo.s32 	%r160, %r157, 5, %r159;
	add.s32 	%r161, %r160, 50;
	st.global.u32 	[%rd3+819200], %r161;
	ld.global.u32 	%r162, [%rd2+204];
	mad.lo.s32 	%r164, %r160, 5, %r162;
	add.s32 	%r163, %r164, 51;
	st.global.u32 	[%rd3+835584], %r163;

$L__BB0_3:
	st.global.u32 	[%rd3+983040], %r164;

$L__BB0_4:
	ret;

}

#endif // end of longrun.ptx
#if 0 // test-file longrun_req.ptx
// longrun.ptx by hand: the kernel renamed longrun_req, and .reqntid 64, 1, 1
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_75
.address_size 64

	// .globl	longrun_req

.visible .entry longrun_req(
	.param .u64 longrun_req_param_0,
	.param .u64 longrun_req_param_1,
	.param .u32 longrun_req_param_2
)
.reqntid 64, 1, 1
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<165>;
	.reg .b64 	%rd<16>;


	ld.param.u64 	%rd4, [longrun_req_param_0];
	ld.param.u64 	%rd5, [longrun_req_param_1];
	ld.param.s32 	%rd6, [longrun_req_param_2];
	mov.u32 	%r5, %ctaid.x;
	mov.u32 	%r6, %ntid.y;
	mul.wide.u32 	%rd7, %r5, %r6;
	mov.u32 	%r7, %tid.y;
	cvt.u64.u32 	%rd8, %r7;
	add.s64 	%rd9, %rd7, %rd8;
	mov.u32 	%r8, %ntid.x;
	cvt.u64.u32 	%rd10, %r8;
	mul.lo.s64 	%rd11, %rd9, %rd10;
	mov.u32 	%r1, %tid.x;
	cvt.u64.u32 	%rd12, %r1;
	add.s64 	%rd1, %rd11, %rd12;
	setp.ge.u64 	%p1, %rd1, %rd6;
	@%p1 bra 	$L__BB0_4;

	cvta.to.global.u64 	%rd13, %rd4;
	shl.b64 	%rd14, %rd1, 2;
	add.s64 	%rd2, %rd13, %rd14;
	cvt.u32.u64 	%r9, %rd1;
	ld.global.u32 	%r10, [%rd2];
	mad.lo.s32 	%r11, %r9, 3, %r10;
	cvta.to.global.u64 	%rd15, %rd5;
	add.s64 	%rd3, %rd15, %rd14;
	st.global.u32 	[%rd3], %r11;
	ld.global.u32 	%r12, [%rd2+4];
	mad.lo.s32 	%r13, %r11, 3, %r12;
	xor.b32  	%r14, %r13, 1;
	st.global.u32 	[%rd3+16384], %r14;
	ld.global.u32 	%r15, [%rd2+8];
	mad.lo.s32 	%r16, %r13, 3, %r15;
	xor.b32  	%r17, %r16, 2;
	st.global.u32 	[%rd3+32768], %r17;
	ld.global.u32 	%r18, [%rd2+12];
	mad.lo.s32 	%r19, %r16, 3, %r18;
	xor.b32  	%r20, %r19, 3;
	st.global.u32 	[%rd3+49152], %r20;
	ld.global.u32 	%r21, [%rd2+16];
	mad.lo.s32 	%r22, %r19, 3, %r21;
	xor.b32  	%r23, %r22, 4;
	st.global.u32 	[%rd3+65536], %r23;
	ld.global.u32 	%r24, [%rd2+20];
	mad.lo.s32 	%r25, %r22, 3, %r24;
	xor.b32  	%r26, %r25, 5;
	st.global.u32 	[%rd3+81920], %r26;
	ld.global.u32 	%r27, [%rd2+24];
	mad.lo.s32 	%r28, %r25, 3, %r27;
	xor.b32  	%r29, %r28, 6;
	st.global.u32 	[%rd3+98304], %r29;
	ld.global.u32 	%r30, [%rd2+28];
	mad.lo.s32 	%r31, %r28, 3, %r30;
	xor.b32  	%r32, %r31, 7;
	st.global.u32 	[%rd3+114688], %r32;
	ld.global.u32 	%r33, [%rd2+32];
	mad.lo.s32 	%r34, %r31, 3, %r33;
	xor.b32  	%r35, %r34, 8;
	st.global.u32 	[%rd3+131072], %r35;
	ld.global.u32 	%r36, [%rd2+36];
	mad.lo.s32 	%r37, %r34, 3, %r36;
	xor.b32  	%r38, %r37, 9;
	st.global.u32 	[%rd3+147456], %r38;
	ld.global.u32 	%r39, [%rd2+40];
	mad.lo.s32 	%r40, %r37, 3, %r39;
	xor.b32  	%r41, %r40, 10;
	st.global.u32 	[%rd3+163840], %r41;
	ld.global.u32 	%r42, [%rd2+44];
	mad.lo.s32 	%r43, %r40, 3, %r42;
	xor.b32  	%r44, %r43, 11;
	st.global.u32 	[%rd3+180224], %r44;
	ld.global.u32 	%r45, [%rd2+48];
	mad.lo.s32 	%r46, %r43, 3, %r45;
	xor.b32  	%r47, %r46, 12;
	st.global.u32 	[%rd3+196608], %r47;
	ld.global.u32 	%r48, [%rd2+52];
	mad.lo.s32 	%r49, %r46, 3, %r48;
	xor.b32  	%r50, %r49, 13;
	st.global.u32 	[%rd3+212992], %r50;
	ld.global.u32 	%r51, [%rd2+56];
	mad.lo.s32 	%r52, %r49, 3, %r51;
	xor.b32  	%r53, %r52, 14;
	st.global.u32 	[%rd3+229376], %r53;
	ld.global.u32 	%r54, [%rd2+60];
	mad.lo.s32 	%r55, %r52, 3, %r54;
	xor.b32  	%r56, %r55, 15;
	st.global.u32 	[%rd3+245760], %r56;
	ld.global.u32 	%r57, [%rd2+64];
	mad.lo.s32 	%r58, %r55, 3, %r57;
	xor.b32  	%r59, %r58, 16;
	st.global.u32 	[%rd3+262144], %r59;
	ld.global.u32 	%r60, [%rd2+68];
	mad.lo.s32 	%r61, %r58, 3, %r60;
	xor.b32  	%r62, %r61, 17;
	st.global.u32 	[%rd3+278528], %r62;
	ld.global.u32 	%r63, [%rd2+72];
	mad.lo.s32 	%r64, %r61, 3, %r63;
	xor.b32  	%r65, %r64, 18;
	st.global.u32 	[%rd3+294912], %r65;
	ld.global.u32 	%r66, [%rd2+76];
	mad.lo.s32 	%r67, %r64, 3, %r66;
	xor.b32  	%r68, %r67, 19;
	st.global.u32 	[%rd3+311296], %r68;
	ld.global.u32 	%r69, [%rd2+80];
	mad.lo.s32 	%r70, %r67, 3, %r69;
	xor.b32  	%r71, %r70, 20;
	st.global.u32 	[%rd3+327680], %r71;
	ld.global.u32 	%r72, [%rd2+84];
	mad.lo.s32 	%r73, %r70, 3, %r72;
	xor.b32  	%r74, %r73, 21;
	st.global.u32 	[%rd3+344064], %r74;
	ld.global.u32 	%r75, [%rd2+88];
	mad.lo.s32 	%r76, %r73, 3, %r75;
	xor.b32  	%r77, %r76, 22;
	st.global.u32 	[%rd3+360448], %r77;
	ld.global.u32 	%r78, [%rd2+92];
	mad.lo.s32 	%r79, %r76, 3, %r78;
	xor.b32  	%r80, %r79, 23;
	st.global.u32 	[%rd3+376832], %r80;
	ld.global.u32 	%r81, [%rd2+96];
	mad.lo.s32 	%r82, %r79, 3, %r81;
	xor.b32  	%r83, %r82, 24;
	st.global.u32 	[%rd3+393216], %r83;
	ld.global.u32 	%r84, [%rd2+100];
	mad.lo.s32 	%r85, %r82, 3, %r84;
	xor.b32  	%r86, %r85, 25;
	st.global.u32 	[%rd3+409600], %r86;
	ld.global.u32 	%r87, [%rd2+104];
	mad.lo.s32 	%r88, %r85, 3, %r87;
	xor.b32  	%r89, %r88, 26;
	st.global.u32 	[%rd3+425984], %r89;
	ld.global.u32 	%r90, [%rd2+108];
	mad.lo.s32 	%r91, %r88, 3, %r90;
	xor.b32  	%r92, %r91, 27;
	st.global.u32 	[%rd3+442368], %r92;
	ld.global.u32 	%r93, [%rd2+112];
	mad.lo.s32 	%r94, %r91, 3, %r93;
	xor.b32  	%r95, %r94, 28;
	st.global.u32 	[%rd3+458752], %r95;
	ld.global.u32 	%r96, [%rd2+116];
	mad.lo.s32 	%r97, %r94, 3, %r96;
	xor.b32  	%r98, %r97, 29;
	st.global.u32 	[%rd3+475136], %r98;
	ld.global.u32 	%r99, [%rd2+120];
	mad.lo.s32 	%r100, %r97, 3, %r99;
	xor.b32  	%r101, %r100, 30;
	st.global.u32 	[%rd3+491520], %r101;
	ld.global.u32 	%r102, [%rd2+124];
	mad.lo.s32 	%r103, %r100, 3, %r102;
	xor.b32  	%r104, %r103, 31;
	st.global.u32 	[%rd3+507904], %r104;
	ld.global.u32 	%r105, [%rd2+128];
	mad.lo.s32 	%r106, %r103, 3, %r105;
	xor.b32  	%r107, %r106, 32;
	st.global.u32 	[%rd3+524288], %r107;
	ld.global.u32 	%r108, [%rd2+132];
	mad.lo.s32 	%r109, %r106, 3, %r108;
	xor.b32  	%r110, %r109, 33;
	st.global.u32 	[%rd3+540672], %r110;
	ld.global.u32 	%r111, [%rd2+136];
	mad.lo.s32 	%r112, %r109, 3, %r111;
	xor.b32  	%r113, %r112, 34;
	st.global.u32 	[%rd3+557056], %r113;
	ld.global.u32 	%r114, [%rd2+140];
	mad.lo.s32 	%r115, %r112, 3, %r114;
	xor.b32  	%r116, %r115, 35;
	st.global.u32 	[%rd3+573440], %r116;
	ld.global.u32 	%r117, [%rd2+144];
	mad.lo.s32 	%r118, %r115, 3, %r117;
	xor.b32  	%r119, %r118, 36;
	st.global.u32 	[%rd3+589824], %r119;
	ld.global.u32 	%r120, [%rd2+148];
	mad.lo.s32 	%r121, %r118, 3, %r120;
	xor.b32  	%r122, %r121, 37;
	st.global.u32 	[%rd3+606208], %r122;
	ld.global.u32 	%r123, [%rd2+152];
	mad.lo.s32 	%r124, %r121, 3, %r123;
	xor.b32  	%r125, %r124, 38;
	st.global.u32 	[%rd3+622592], %r125;
	ld.global.u32 	%r126, [%rd2+156];
	mad.lo.s32 	%r164, %r124, 3, %r126;
	xor.b32  	%r127, %r164, 39;
	st.global.u32 	[%rd3+638976], %r127;
	and.b32  	%r128, %r1, 1;
	setp.eq.b32 	%p2, %r128, 1;
	mov.pred 	%p3, 0;
	xor.pred  	%p4, %p2, %p3;
	not.pred 	%p5, %p4;
	@%p5 bra 	$L__BB0_3;

	ld.global.u32 	%r129, [%rd2+160];
	mad.lo.s32 	%r130, %r164, 5, %r129;
	add.s32 	%r131, %r130, 40;
	st.global.u32 	[%rd3+655360], %r131;
	ld.global.u32 	%r132, [%rd2+164];
	mad.lo.s32 	%r133, %r130, 5, %r132;
	add.s32 	%r134, %r133, 41;
	st.global.u32 	[%rd3+671744], %r134;
	ld.global.u32 	%r135, [%rd2+168];
	mad.lo.s32 	%r136, %r133, 5, %r135;
	add.s32 	%r137, %r136, 42;
	st.global.u32 	[%rd3+688128], %r137;
	ld.global.u32 	%r138, [%rd2+172];
	mad.lo.s32 	%r139, %r136, 5, %r138;
	add.s32 	%r140, %r139, 43;
	st.global.u32 	[%rd3+704512], %r140;
	ld.global.u32 	%r141, [%rd2+176];
	mad.lo.s32 	%r142, %r139, 5, %r141;
	add.s32 	%r143, %r142, 44;
	st.global.u32 	[%rd3+720896], %r143;
	ld.global.u32 	%r144, [%rd2+180];
	mad.lo.s32 	%r145, %r142, 5, %r144;
	add.s32 	%r146, %r145, 45;
	st.global.u32 	[%rd3+737280], %r146;
	ld.global.u32 	%r147, [%rd2+184];
	mad.lo.s32 	%r148, %r145, 5, %r147;
	add.s32 	%r149, %r148, 46;
	st.global.u32 	[%rd3+753664], %r149;
	ld.global.u32 	%r150, [%rd2+188];
	mad.lo.s32 	%r151, %r148, 5, %r150;
	add.s32 	%r152, %r151, 47;
	st.global.u32 	[%rd3+770048], %r152;
	ld.global.u32 	%r153, [%rd2+192];
	mad.lo.s32 	%r154, %r151, 5, %r153;
	add.s32 	%r155, %r154, 48;
	st.global.u32 	[%rd3+786432], %r155;
	ld.global.u32 	%r156, [%rd2+196];
	mad.lo.s32 	%r157, %r154, 5, %r156;
	add.s32 	%r158, %r157, 49;
	st.global.u32 	[%rd3+802816], %r158;
	ld.global.u32 	%r159, [%rd2+200];
	mad.lo.s32 	%r160, %r157, 5, %r159;
	add.s32 	%r161, %r160, 50;
	st.global.u32 	[%rd3+819200], %r161;
	ld.global.u32 	%r162, [%rd2+204];
	mad.lo.s32 	%r164, %r160, 5, %r162;
	add.s32 	%r163, %r164, 51;
	st.global.u32 	[%rd3+835584], %r163;

$L__BB0_3:
	st.global.u32 	[%rd3+983040], %r164;

$L__BB0_4:
	ret;

}

#endif // end of longrun_req.ptx
