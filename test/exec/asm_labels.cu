// Inline asm with a label, inlined several times into one kernel: each
// copy is its own { } block defining the same label, which PTX scopes to
// the block.  Reference: asm_labels.c.

// max(x, 0) with a branch inside the asm block
__device__ __forceinline__ int relu_asm(int x)
{
    int r;
    asm("{\n\t.reg .pred p;\n\t"
        "mov.b32 %0, %1;\n\t"
        "setp.ge.s32 p, %1, 0;\n\t"
        "@p bra DONE;\n\t"
        "mov.b32 %0, 0;\n"
        "DONE:\n\t}"
        : "=r"(r) : "r"(x));
    return r;
}

// x / 2 for even x, 3x + 1 for odd x, the same label name again
__device__ __forceinline__ int step_asm(int x)
{
    int r;
    asm("{\n\t.reg .pred p;\n\t.reg .b32 t;\n\t"
        "and.b32 t, %1, 1;\n\t"
        "setp.eq.s32 p, t, 0;\n\t"
        "shr.s32 %0, %1, 1;\n\t"
        "@p bra DONE;\n\t"
        "mad.lo.s32 %0, %1, 3, 1;\n"
        "DONE:\n\t}"
        : "=r"(r) : "r"(x));
    return r;
}

extern "C" __global__ void asm_labels(int n, const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = in[i];
    int a = relu_asm(x);
    int b = relu_asm(x - 100);
    int c = step_asm(a);
    int d = step_asm(step_asm(c));
    out[4 * i] = a;
    out[4 * i + 1] = b;
    out[4 * i + 2] = c;
    out[4 * i + 3] = d;
}
