extern "C" __global__ void rnd(int n, const float *a, const float *b, const double *d, const int *iv, const long long *lv, float *of, int *oi)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    oi[4 * i + 0] = __float2int_rn(x);
    oi[4 * i + 1] = __float2int_rz(x);
    oi[4 * i + 2] = __float2int_rd(x);
    oi[4 * i + 3] = __float2int_ru(x);
    float *o = of + 14 * i;
    o[0] = __fadd_rz(x, y);
    o[1] = __fadd_rd(x, y);
    o[2] = __fadd_ru(x, y);
    o[3] = __fmul_rd(x, y);
    o[4] = __fdiv_ru(x, y);
    o[5] = __fsqrt_rd(fabsf(x));
    o[6] = __double2float_rz(d[i]);
    o[7] = __double2float_rd(d[i]);
    o[8] = __double2float_ru(d[i]);
    o[9] = __int2float_rz(iv[i]);
    o[10] = __int2float_rd(iv[i]);
    o[11] = __int2float_ru(iv[i]);
    o[12] = __ll2float_rd(lv[i]);
    o[13] = __fmul_rn(x, y);
}
