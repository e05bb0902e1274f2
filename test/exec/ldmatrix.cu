// ldmatrix.sync.aligned.m8n8 .x1 .x2 .x4, with and without .trans, from
// .shared, .shared::cta and generic addresses.  Lane t gives the address of
// input row t, stored in shared memory at row (7 t) % 32; lanes whose
// address the form does not read give an address outside the block.
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
