// nvcc-flags: -arch=sm_80
// ldmatrix .trans whose registers are split into .b16 registers
// (mov.b32 {lo, hi}, r) and put back together from a .b16 pair
// (mov.b32 r, {hi, lo}), as code working on halves does.
extern "C" __global__ void ldm_b16(const unsigned short *in, unsigned *out)
{
    __shared__ __align__(16) unsigned short tile[4 * 64];
    int lane = threadIdx.x;
    for (int k = lane; k < 4 * 64; k += 32)
        tile[k] = in[k];
    __syncwarp();
    unsigned addr = (unsigned)__cvta_generic_to_shared(&tile[(lane / 8) * 64 + (lane % 8) * 8]);
    unsigned r[4];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(addr));
    for (int i = 0; i < 4; i++) {
        unsigned short lo, hi;
        unsigned sw;
        asm("mov.b32 {%0, %1}, %2;" : "=h"(lo), "=h"(hi) : "r"(r[i]));
        asm("mov.b32 %0, {%1, %2};" : "=r"(sw) : "h"(hi), "h"(lo));
        out[(3 * i) * 32 + lane] = r[i];
        out[(3 * i + 1) * 32 + lane] = sw;
        out[(3 * i + 2) * 32 + lane] = (unsigned)(unsigned short)(lo * 3u + hi);
    }
}
