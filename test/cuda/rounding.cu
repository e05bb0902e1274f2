// Every rounding intrinsic: cvt and arithmetic with .rn .rz .rm .rp.
extern "C" __global__ void rounding(float *f, int *p, double *d, long long *l)
{
    int i = threadIdx.x;
    float x = f[i];
    p[i] = __float2int_rn(x) + __float2int_rz(x) + __float2int_rd(x) + __float2int_ru(x) + __float2uint_rn(x);
    f[i] = __fadd_rz(x, 1.0f) + __fmul_rd(x, 3.0f) + __fdiv_ru(x, 3.0f) + __fsqrt_rd(x) + __frcp_rn(x) +
           __int2float_rz(p[i]) + __ll2float_rd(l[i]) + __saturatef(x) + __fmaf_ru(x, x, x);
    d[i] = __dadd_rz(d[i], 1.0) + __dmul_ru(d[i], 3.0) + __ddiv_rd(d[i], 7.0) + __dsqrt_ru(d[i]) + __ll2double_rz(l[i]);
    l[i] = __double2ll_rn(d[i]) + __float2ll_rz(x) + (long long)__double2float_rz(d[i]);
}
