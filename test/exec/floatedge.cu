extern "C" __global__ void fedge(int n, const float *a, const float *b, float *o, unsigned *u)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    o[8 * i + 0] = __fadd_rn(x, y);
    o[8 * i + 1] = __fmul_rn(x, y);
    o[8 * i + 2] = __fdiv_rn(x, y);
    o[8 * i + 3] = fminf(x, y);
    o[8 * i + 4] = fmaxf(x, y);
    o[8 * i + 5] = __fsqrt_rn(x);
    o[8 * i + 6] = __saturatef(x);
    o[8 * i + 7] = fmaf(x, y, 1.0f);
    u[3 * i + 0] = __float2uint_rn(x);
    u[3 * i + 1] = (x < y) | ((x == y) << 1) | ((x != y) << 2) | ((x >= y) << 3);
    u[3 * i + 2] = (unsigned)__float2int_rz(x);
}
