// nvcc-flags: -arch=sm_90
// stmatrix.sync.aligned.m8n8 .x1 .x2 .x4, with and without .trans, to
// .shared and .shared::cta.  Register i of lane l is in[(k * 4 + i) * 32 + l]
// for case k; lane t gives the address of output row t, kept in shared
// memory at row (7 t) % 32.  Rows no lane writes keep 0xffff.
#define ROWP(t) (((t) * 7) % 32)

__device__ void copy_out(const unsigned short *s, unsigned short *out)
{
    int l = threadIdx.x;
    for (int j = 0; j < 8; j++)
        out[l * 8 + j] = s[ROWP(l) * 8 + j];
}

__device__ void clear(unsigned short *s)
{
    for (int j = 0; j < 8; j++)
        s[threadIdx.x * 8 + j] = 0xffff;
}

extern "C" __global__ void stm(const unsigned *in, unsigned short *out)
{
    __shared__ __align__(16) unsigned short s[32 * 8];
    int l = threadIdx.x;
    unsigned base = (unsigned)__cvta_generic_to_shared(s);
    unsigned row = base + ROWP(l) * 16, bad = base + 0x100000;
    const unsigned *r = in + l;
    clear(s);
    __syncthreads();
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(l < 8 ? row : bad), "r"(r[0]));
    __syncthreads();
    copy_out(s, out + 0 * 256);
    clear(s);
    __syncthreads();
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};"
                 ::"r"(l < 16 ? row : bad), "r"(r[4 * 32]), "r"(r[5 * 32]));
    __syncthreads();
    copy_out(s, out + 1 * 256);
    clear(s);
    __syncthreads();
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared::cta.b16 [%0], {%1,%2,%3,%4};"
                 ::"r"(row), "r"(r[8 * 32]), "r"(r[9 * 32]), "r"(r[10 * 32]), "r"(r[11 * 32]));
    __syncthreads();
    copy_out(s, out + 2 * 256);
    clear(s);
    __syncthreads();
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};"
                 ::"r"(row), "r"(r[12 * 32]), "r"(r[13 * 32]), "r"(r[14 * 32]), "r"(r[15 * 32]));
    __syncthreads();
    copy_out(s, out + 3 * 256);
}
