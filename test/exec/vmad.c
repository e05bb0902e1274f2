/* vmad (vmad.cu) against a C reference written from the PTX ISA's
 * pseudo-code for it, in 128 bits:
 *   ta, tb: the byte, half-word or word of a and b, extended by atype
 *   (btype); signed = atype or btype .s32, or -a xor -b, or -c;
 *   t = ta * tb; .po: lsb = 1; else a negated product: t = ~t, lsb = 1;
 *   else a negated c: c = ~c, lsb = 1; t += ext(c, signed) + lsb;
 *   .shr7/.shr15 shift t right; .sat clamps to the s32 range if signed,
 *   else to u32; d = t mod 2^32.
 * Not yet compared with a GPU (test/exec/gpu/video_gpu.cu has these forms
 * among its probes, for a session with one). */
#include "common.h"

enum { N = 512, NV = 22 };

typedef __int128 i128;

static i128
ext(uint32_t x, const char *sel, int sign)
{
    int shift = 0, bits = 32;
    if (*sel == 'b') shift = 8 * (sel[1] - '0'), bits = 8;
    if (*sel == 'h') shift = 16 * (sel[1] - '0'), bits = 16;
    uint64_t f = ((uint64_t)x >> shift) & ((1ull << bits) - 1);
    if (sign && (f >> (bits - 1))) return (i128)f - ((i128)1 << bits);
    return (i128)f;
}

/* types "uss" (dtype atype btype); neg: "-a", "-b", "-c" in any mix; mods:
 * 'p' .po, 's' .sat, '7' .shr7, 'f' .shr15. */
static uint32_t
vmad(const char *types, const char *asel, const char *bsel, const char *neg, const char *mods,
     uint32_t a, uint32_t b, uint32_t c)
{
    int na = strstr(neg, "a") != NULL, nb = strstr(neg, "b") != NULL, nc = strstr(neg, "c") != NULL;
    int as = types[1] == 's', bs = types[2] == 's';
    int sign = as || bs || (na != nb) || nc, lsb = 0;
    i128 t = ext(a, asel, as) * ext(b, bsel, bs);
    if (strchr(mods, 'p'))
        lsb = 1;
    else if (na != nb)
        t = ~t, lsb = 1;
    else if (nc)
        c = ~c, lsb = 1;
    t += (sign ? (i128)(int32_t)c : (i128)c) + lsb;
    if (strchr(mods, '7')) t >>= 7;
    if (strchr(mods, 'f')) t >>= 15;
    if (strchr(mods, 's')) {
        i128 lo = sign ? INT32_MIN : 0, hi = sign ? INT32_MAX : (i128)UINT32_MAX;
        t = t < lo ? lo : t > hi ? hi : t;
    }
    return (uint32_t)t;
}

static uint32_t
expect(int k, uint32_t a, uint32_t b, uint32_t c)
{
    switch (k) {
    case 0:
        return vmad("uuu", "", "", "", "", a, b, c);
    case 1:
        return vmad("sss", "", "", "", "", a, b, c);
    case 2:
        return vmad("suu", "", "", "a", "", a, b, c);
    case 3:
        return vmad("suu", "", "", "c", "", a, b, c);
    case 4:
        return vmad("sss", "", "", "b", "", a, b, c);
    case 5:
        return vmad("sss", "", "", "ab", "", a, b, c);
    case 6:
        return vmad("uuu", "", "", "", "p", a, b, c);
    case 7:
        return vmad("sss", "", "", "", "s", a, b, c);
    case 8:
        return vmad("uuu", "", "", "", "s", a, b, c);
    case 9:
        return vmad("sus", "b0", "h1", "", "7", a, b, c);
    case 10:
        return vmad("uuu", "h0", "h0", "", "sf", a, b, c);
    case 11:
        return vmad("sss", "h1", "h0", "c", "sf", a, b, c);
    case 12:
        return vmad("uuu", "", "", "c", "s", a, b, c);
    case 13:
        return vmad("sss", "b1", "b2", "", "ps7", a, b, c);
    case 14:
        return vmad("usu", "h0", "", "", "s", a, b, c);
    case 15:
        return vmad("uuu", "", "", "a", "", a, b, c);
    case 16:
        return vmad("uss", "", "", "", "f", a, b, c);
    case 17:
        return vmad("suu", "", "", "a", "s", a, b, c);
    case 18:
        return vmad("uuu", "", "", "", "7", a, b, c);
    default:
        return vmad("ssu", "b3", "h1", "c", "s", a, b, c);
    }
}

int
main(int argc, char **argv)
{
    setup(argc, argv, "vmad");
    static uint32_t a[N], b[N], c[N], o[NV * N], e[NV * N];
    const uint32_t corner[] = {0,          1,          0x7f,       0x80,
                               0xff,       0x7fff,     0x8000,     0xffff,
                               0x7fffffff, 0x80000000, 0x80000001, 0xffffffff,
                               0x01ff80fe, 0xfffe0002, 0x7fff8000, 0x80007fff};
    const int nc = (int)(sizeof corner / sizeof corner[0]);
    for (int i = 0; i < N; i++) {
        a[i] = i < nc * nc ? corner[i % nc] : lcg();
        b[i] = i < nc * nc ? corner[i / nc] : lcg();
        c[i] = i < nc * nc ? corner[(i * 7 + i / nc) % nc] : lcg();
    }
    uint32_t u = 0xfffe8001u, v = 0x9abcdef0u, w = 0x80000000u;
    for (int k = 0; k < 20; k++)
        for (int i = 0; i < N; i++)
            e[k * N + i] = expect(k, a[i], b[i], c[i]);
    for (int i = 0; i < N; i++) {
        e[20 * N + i] = vmad("sss", "", "h1", "c", "s7", a[i], b[i], w);
        e[21 * N + i] = vmad("sus", "h0", "", "a", "s", u, v, w);
    }
    uint32_t *pa = a, *pb = b, *pc = c, *po = o;
    void *p[] = {&pa, &pb, &pc, &po, &u, &v, &w};
    if (!launch("vmad", "vmad", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p)) return finish();
    static const char *names[NV] = {
        "u32",
        "s32",
        "neg_a",
        "neg_c",
        "neg_b",
        "neg_ab",
        "po",
        "s32.sat",
        "u32.sat",
        "shr7.sel",
        "sat.shr15.sel",
        "sat.shr15.neg_c",
        "u32.sat.neg_c",
        "po.sat.shr7.sel",
        "u32.s32.u32.sat",
        "u32.neg_a",
        "u32.s32.s32.shr15",
        "sat.neg_a",
        "u32.shr7",
        "sat.sel.neg_c",
        "uniform_c",
        "uniform",
    };
    for (int k = 0; k < NV; k++)
        CHECK_INT(names[k], o + k * N, e + k * N, N);
    return finish();
}
#if 0 // test-file vmad.cu
// nvcc-flags: -arch=sm_80
// vmad through inline asm: every signedness, the negated product and c,
// .po, .sat, .shr7/.shr15 and byte/half selectors; the last two forms have
// uniform operands (kernel parameters).
#define NV 22

#define M(k, ins, args)                                                                            \
    asm(ins " %0, " args ";" : "=r"(r) : "r"(x), "r"(y), "r"(z));                                 \
    o[(k) * n + i] = r;

extern "C" __global__ void vmad(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *o,
                                unsigned u, unsigned v, unsigned w)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x, n = gridDim.x * blockDim.x;
    unsigned x = a[i], y = b[i], z = c[i], r;
    M(0, "vmad.u32.u32.u32", "%1, %2, %3")
    M(1, "vmad.s32.s32.s32", "%1, %2, %3")
    M(2, "vmad.s32.u32.u32", "-%1, %2, %3")
    M(3, "vmad.s32.u32.u32", "%1, %2, -%3")
    M(4, "vmad.s32.s32.s32", "%1, -%2, %3")
    M(5, "vmad.s32.s32.s32", "-%1, -%2, %3")
    M(6, "vmad.u32.u32.u32.po", "%1, %2, %3")
    M(7, "vmad.s32.s32.s32.sat", "%1, %2, %3")
    M(8, "vmad.u32.u32.u32.sat", "%1, %2, %3")
    M(9, "vmad.s32.u32.s32.shr7", "%1.b0, %2.h1, %3")
    M(10, "vmad.u32.u32.u32.sat.shr15", "%1.h0, %2.h0, %3")
    M(11, "vmad.s32.s32.s32.sat.shr15", "%1.h1, %2.h0, -%3")
    M(12, "vmad.u32.u32.u32.sat", "%1, %2, -%3")
    M(13, "vmad.s32.s32.s32.po.sat.shr7", "%1.b1, %2.b2, %3")
    M(14, "vmad.u32.s32.u32.sat", "%1.h0, %2, %3")
    M(15, "vmad.u32.u32.u32", "-%1, %2, %3")
    M(16, "vmad.u32.s32.s32.shr15", "%1, %2, %3")
    M(17, "vmad.s32.u32.u32.sat", "-%1, %2, %3")
    M(18, "vmad.u32.u32.u32.shr7", "%1, %2, %3")
    M(19, "vmad.s32.s32.u32.sat", "%1.b3, %2.h1, -%3")
    z = w;
    M(20, "vmad.s32.s32.s32.sat.shr7", "%1, %2.h1, -%3")
    x = u, y = v;
    M(21, "vmad.s32.u32.s32.sat", "-%1.h0, %2, %3")
}
#endif // end of vmad.cu
#if 0 // test-file vmad.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_80
.address_size 64

	// .globl	vmad

.visible .entry vmad(
	.param .u64 vmad_param_0,
	.param .u64 vmad_param_1,
	.param .u64 vmad_param_2,
	.param .u64 vmad_param_3,
	.param .u32 vmad_param_4,
	.param .u32 vmad_param_5,
	.param .u32 vmad_param_6
)
{
	.reg .b32 	%r<97>;
	.reg .b64 	%rd<37>;


	ld.param.u64 	%rd1, [vmad_param_0];
	ld.param.u64 	%rd2, [vmad_param_1];
	ld.param.u64 	%rd3, [vmad_param_2];
	ld.param.u64 	%rd4, [vmad_param_3];
	ld.param.u32 	%r86, [vmad_param_4];
	ld.param.u32 	%r87, [vmad_param_5];
	ld.param.u32 	%r84, [vmad_param_6];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	cvta.to.global.u64 	%rd8, %rd1;
	mov.u32 	%r89, %tid.x;
	mov.u32 	%r90, %ctaid.x;
	mov.u32 	%r91, %ntid.x;
	mad.lo.s32 	%r92, %r90, %r91, %r89;
	mov.u32 	%r93, %nctaid.x;
	mul.lo.s32 	%r94, %r93, %r91;
	mul.wide.s32 	%rd9, %r92, 4;
	add.s64 	%rd10, %rd8, %rd9;
	ld.global.u32 	%r2, [%rd10];
	add.s64 	%rd11, %rd7, %rd9;
	ld.global.u32 	%r3, [%rd11];
	add.s64 	%rd12, %rd6, %rd9;
	ld.global.u32 	%r4, [%rd12];
	// begin inline asm
	vmad.u32.u32.u32 %r1, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd13, %rd5, %rd9;
	st.global.u32 	[%rd13], %r1;
	// begin inline asm
	vmad.s32.s32.s32 %r5, %r2, %r3, %r4;
	// end inline asm
	add.s32 	%r95, %r92, %r94;
	mul.wide.s32 	%rd14, %r94, 4;
	add.s64 	%rd15, %rd13, %rd14;
	st.global.u32 	[%rd15], %r5;
	// begin inline asm
	vmad.s32.u32.u32 %r9, -%r2, %r3, %r4;
	// end inline asm
	add.s32 	%r96, %r95, %r94;
	mul.wide.s32 	%rd16, %r96, 4;
	add.s64 	%rd17, %rd5, %rd16;
	st.global.u32 	[%rd17], %r9;
	// begin inline asm
	vmad.s32.u32.u32 %r13, %r2, %r3, -%r4;
	// end inline asm
	add.s64 	%rd18, %rd17, %rd14;
	st.global.u32 	[%rd18], %r13;
	// begin inline asm
	vmad.s32.s32.s32 %r17, %r2, -%r3, %r4;
	// end inline asm
	add.s64 	%rd19, %rd18, %rd14;
	st.global.u32 	[%rd19], %r17;
	// begin inline asm
	vmad.s32.s32.s32 %r21, -%r2, -%r3, %r4;
	// end inline asm
	add.s64 	%rd20, %rd19, %rd14;
	st.global.u32 	[%rd20], %r21;
	// begin inline asm
	vmad.u32.u32.u32.po %r25, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd21, %rd20, %rd14;
	st.global.u32 	[%rd21], %r25;
	// begin inline asm
	vmad.s32.s32.s32.sat %r29, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd22, %rd21, %rd14;
	st.global.u32 	[%rd22], %r29;
	// begin inline asm
	vmad.u32.u32.u32.sat %r33, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd23, %rd22, %rd14;
	st.global.u32 	[%rd23], %r33;
	// begin inline asm
	vmad.s32.u32.s32.shr7 %r37, %r2.b0, %r3.h1, %r4;
	// end inline asm
	add.s64 	%rd24, %rd23, %rd14;
	st.global.u32 	[%rd24], %r37;
	// begin inline asm
	vmad.u32.u32.u32.sat.shr15 %r41, %r2.h0, %r3.h0, %r4;
	// end inline asm
	add.s64 	%rd25, %rd24, %rd14;
	st.global.u32 	[%rd25], %r41;
	// begin inline asm
	vmad.s32.s32.s32.sat.shr15 %r45, %r2.h1, %r3.h0, -%r4;
	// end inline asm
	add.s64 	%rd26, %rd25, %rd14;
	st.global.u32 	[%rd26], %r45;
	// begin inline asm
	vmad.u32.u32.u32.sat %r49, %r2, %r3, -%r4;
	// end inline asm
	add.s64 	%rd27, %rd26, %rd14;
	st.global.u32 	[%rd27], %r49;
	// begin inline asm
	vmad.s32.s32.s32.po.sat.shr7 %r53, %r2.b1, %r3.b2, %r4;
	// end inline asm
	add.s64 	%rd28, %rd27, %rd14;
	st.global.u32 	[%rd28], %r53;
	// begin inline asm
	vmad.u32.s32.u32.sat %r57, %r2.h0, %r3, %r4;
	// end inline asm
	add.s64 	%rd29, %rd28, %rd14;
	st.global.u32 	[%rd29], %r57;
	// begin inline asm
	vmad.u32.u32.u32 %r61, -%r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd30, %rd29, %rd14;
	st.global.u32 	[%rd30], %r61;
	// begin inline asm
	vmad.u32.s32.s32.shr15 %r65, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd31, %rd30, %rd14;
	st.global.u32 	[%rd31], %r65;
	// begin inline asm
	vmad.s32.u32.u32.sat %r69, -%r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd32, %rd31, %rd14;
	st.global.u32 	[%rd32], %r69;
	// begin inline asm
	vmad.u32.u32.u32.shr7 %r73, %r2, %r3, %r4;
	// end inline asm
	add.s64 	%rd33, %rd32, %rd14;
	st.global.u32 	[%rd33], %r73;
	// begin inline asm
	vmad.s32.s32.u32.sat %r77, %r2.b3, %r3.h1, -%r4;
	// end inline asm
	add.s64 	%rd34, %rd33, %rd14;
	st.global.u32 	[%rd34], %r77;
	// begin inline asm
	vmad.s32.s32.s32.sat.shr7 %r81, %r2, %r3.h1, -%r84;
	// end inline asm
	add.s64 	%rd35, %rd34, %rd14;
	st.global.u32 	[%rd35], %r81;
	// begin inline asm
	vmad.s32.u32.s32.sat %r85, -%r86.h0, %r87, %r84;
	// end inline asm
	add.s64 	%rd36, %rd35, %rd14;
	st.global.u32 	[%rd36], %r85;
	ret;

}

#endif // end of vmad.ptx
