// nvcc-flags: -arch=sm_80
// mma.sync through inline PTX, one warp: each lane loads its fragment
// registers (register r of lane l at word r * 32 + l), runs one mma and
// stores D the same way.  mma.c packs and unpacks the fragments.
#define R(p, i) (p)[(i) * 32 + threadIdx.x]

// f16 inputs: A 4 regs, B 2, C/D 4 f32 regs (k16) or 2 f16x2 regs
extern "C" __global__ void f32_f16_k16(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)), "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f16_f16_k16(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *d)
{
    unsigned d0, d1;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
                 : "=r"(d0), "=r"(d1)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "r"(R(c, 0)), "r"(R(c, 1)));
    R(d, 0) = d0; R(d, 1) = d1;
}

extern "C" __global__ void f32_f16_k8(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)),
                   "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f16_f16_k8(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *d)
{
    unsigned d0, d1;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%5,%6};"
                 : "=r"(d0), "=r"(d1)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "r"(R(c, 0)), "r"(R(c, 1)));
    R(d, 0) = d0; R(d, 1) = d1;
}

extern "C" __global__ void f32_bf16_k16(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)), "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f32_tf32_k8(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)), "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void s32_s8_k32(const unsigned *a, const unsigned *b, const int *c, int *d)
{
    int d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%10,%11,%12,%13};"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "r"(R(c, 0)), "r"(R(c, 1)), "r"(R(c, 2)), "r"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void s32_u8_k32_sat(const unsigned *a, const unsigned *b, const int *c, int *d)
{
    int d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
                 "{%8,%9}, {%10,%11,%12,%13};"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "r"(R(c, 0)), "r"(R(c, 1)), "r"(R(c, 2)), "r"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f64_k4(const double *a, const double *b, const double *c, double *d)
{
    double d0, d1;
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};"
                 : "=d"(d0), "=d"(d1)
                 : "d"(R(a, 0)), "d"(R(b, 0)), "d"(R(c, 0)), "d"(R(c, 1)));
    R(d, 0) = d0; R(d, 1) = d1;
}

extern "C" __global__ void f32_tf32_k4(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)),
                   "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void f32_bf16_k8(const unsigned *a, const unsigned *b, const float *c, float *d)
{
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)),
                   "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

extern "C" __global__ void s32_s8u8_k16(const unsigned *a, const unsigned *b, const int *c, int *d)
{
    int d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(b, 0)), "r"(R(c, 0)), "r"(R(c, 1)), "r"(R(c, 2)),
                   "r"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1; R(d, 2) = d2; R(d, 3) = d3;
}

// f16 D from an f32 C
extern "C" __global__ void f16_f16_k16_cf32(const unsigned *a, const unsigned *b, const float *c, unsigned *d)
{
    unsigned d0, d1;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, "
                 "{%8,%9,%10,%11};"
                 : "=r"(d0), "=r"(d1)
                 : "r"(R(a, 0)), "r"(R(a, 1)), "r"(R(a, 2)), "r"(R(a, 3)), "r"(R(b, 0)), "r"(R(b, 1)),
                   "f"(R(c, 0)), "f"(R(c, 1)), "f"(R(c, 2)), "f"(R(c, 3)));
    R(d, 0) = d0; R(d, 1) = d1;
}
