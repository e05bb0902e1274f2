// nvcc-flags: -arch=sm_80
// cvt.pack.sat: two .s32 values clamped to .u16/.s16 (d, a, b) or to
// .u8/.s8 with the third operand's bits above them (d, a, b, c).
extern "C" __global__ void cvtpack(const int *a, const int *b, const unsigned *c, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned r0, r1, r2, r3;
    asm("cvt.pack.sat.u16.s32 %0, %1, %2;" : "=r"(r0) : "r"(a[i]), "r"(b[i]));
    asm("cvt.pack.sat.s16.s32 %0, %1, %2;" : "=r"(r1) : "r"(a[i]), "r"(b[i]));
    asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(r2) : "r"(a[i]), "r"(b[i]), "r"(c[i]));
    asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(r3) : "r"(a[i]), "r"(b[i]), "r"(c[i]));
    o[4 * i] = r0;
    o[4 * i + 1] = r1;
    o[4 * i + 2] = r2;
    o[4 * i + 3] = r3;
}
