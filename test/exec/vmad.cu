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
