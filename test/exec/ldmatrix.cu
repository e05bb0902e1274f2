// nvcc-flags: -arch=sm_80
// ldmatrix.sync.aligned.m8n8 .x1 .x2 .x4, with and without .trans, from
// .shared, .shared::cta and generic addresses.  Lane t gives the address of
// input row t, stored in shared memory at row (7 t) % 32; lanes whose
// address the form does not read give an address outside the block.
// ldm_mma needs sm_80 (mma.m16n8k16).
#define ROWP(t) (((t) * 7) % 32)

extern "C" __global__ void ldm(const unsigned short *in, unsigned *out)
{
    __shared__ __align__(16) unsigned short s[32 * 8];
    int l = threadIdx.x;
    for (int j = 0; j < 8; j++)
        s[ROWP(l) * 8 + j] = in[l * 8 + j];
    __syncthreads();
    unsigned base = (unsigned)__cvta_generic_to_shared(s);
    unsigned row = base + ROWP(l) * 16, bad = base + 0x100000;
    unsigned r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(l < 8 ? row : bad));
    out[0 * 32 + l] = r0;
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
                 : "=r"(r0), "=r"(r1) : "r"(l < 16 ? row : bad));
    out[1 * 32 + l] = r0; out[2 * 32 + l] = r1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(row));
    out[3 * 32 + l] = r0; out[4 * 32 + l] = r1; out[5 * 32 + l] = r2; out[6 * 32 + l] = r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(row));
    out[7 * 32 + l] = r0; out[8 * 32 + l] = r1; out[9 * 32 + l] = r2; out[10 * 32 + l] = r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%0,%1}, [%2];"
                 : "=r"(r0), "=r"(r1) : "r"(l < 16 ? row : bad));
    out[11 * 32 + l] = r0; out[12 * 32 + l] = r1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.b16 {%0}, [%1];" : "=r"(r0) : "l"(&s[ROWP(l & 7) * 8]));
    out[13 * 32 + l] = r0;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "l"(&s[ROWP(l) * 8]));
    out[14 * 32 + l] = r0; out[15 * 32 + l] = r1; out[16 * 32 + l] = r2; out[17 * 32 + l] = r3;
}

// The pattern of CUTLASS and Triton kernels: A (16 x 16, row-major) and
// B's transpose (8 x 16) through shared memory, ldmatrix .x4 and .x2 into
// the fragments of mma.m16n8k16, D (16 x 8) stored row-major.
extern "C" __global__ void ldm_mma(const unsigned short *a, const unsigned short *bt, float *d)
{
    __shared__ __align__(16) unsigned short sa[16 * 16], sb[8 * 16];
    int l = threadIdx.x;
    for (int i = l; i < 256; i += 32)
        sa[i] = a[i];
    for (int i = l; i < 128; i += 32)
        sb[i] = bt[i];
    __syncthreads();
    unsigned pa = (unsigned)__cvta_generic_to_shared(&sa[(l % 16) * 16 + 8 * (l / 16)]);
    unsigned pb = (unsigned)__cvta_generic_to_shared(&sb[(l % 8) * 16 + 8 * ((l / 8) % 2)]);
    unsigned a0, a1, a2, a3, b0, b1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(b0), "=r"(b1) : "r"(pb));
    float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%0,%1,%2,%3};"
                 : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    int g = l / 4, t = l % 4;
    d[g * 8 + 2 * t] = d0;
    d[g * 8 + 2 * t + 1] = d1;
    d[(g + 8) * 8 + 2 * t] = d2;
    d[(g + 8) * 8 + 2 * t + 1] = d3;
}
