// Arithmetic over every integer width, float, double and half; float edge
// cases (NaN, infinities, signed zeros, subnormals); every rounding
// intrinsic.  Reference: types_float.c.
#include <cuda_fp16.h>
#include <stdint.h>

#define VEC(T, NAME)                                                                                   \
    extern "C" __global__ void NAME(const T *a, const T *b, T *sum, T *prod, T *mx, int n)             \
    {                                                                                                  \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                                 \
        if (i < n) {                                                                                   \
            sum[i] = (T)(a[i] + b[i]);                                                                 \
            prod[i] = (T)(a[i] * b[i]);                                                                \
            mx[i] = a[i] > b[i] ? a[i] : b[i];                                                         \
        }                                                                                              \
    }
VEC(int8_t, vec_i8)
VEC(uint8_t, vec_u8)
VEC(int16_t, vec_i16)
VEC(uint16_t, vec_u16)
VEC(int32_t, vec_i32)
VEC(uint32_t, vec_u32)
VEC(int64_t, vec_i64)
VEC(uint64_t, vec_u64)
VEC(float, vec_f32)
VEC(double, vec_f64)

extern "C" __global__ void vec_f16(const __half *a, const __half *b, __half *sum, __half *prod, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        sum[i] = __hadd(a[i], b[i]);
        prod[i] = __hmul(a[i], b[i]);
    }
}

// out[8*i + k]: a+b, a*b, a-b, a/b, fminf, fmaxf, sqrtf(a), fmaf(a,b,a)
extern "C" __global__ void float_edges(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    out[8 * i + 0] = x + y;
    out[8 * i + 1] = x * y;
    out[8 * i + 2] = x - y;
    out[8 * i + 3] = x / y;
    out[8 * i + 4] = fminf(x, y);
    out[8 * i + 5] = fmaxf(x, y);
    out[8 * i + 6] = sqrtf(x);
    out[8 * i + 7] = fmaf(x, y, x);
}

// ints[5*i + k]: float -> int with rn rz rd ru, and -> unsigned rn (saturating);
// flts[9*i + k]: rounding arithmetic and conversions
extern "C" __global__ void rounding(const float *a, const double *d, const long long *l, int *ints, float *flts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i];
    ints[5 * i + 0] = __float2int_rn(x);
    ints[5 * i + 1] = __float2int_rz(x);
    ints[5 * i + 2] = __float2int_rd(x);
    ints[5 * i + 3] = __float2int_ru(x);
    ints[5 * i + 4] = (int)__float2uint_rn(x);
    flts[9 * i + 0] = __fadd_rz(x, 0.1f);
    flts[9 * i + 1] = __fadd_rd(x, 0.1f);
    flts[9 * i + 2] = __fadd_ru(x, 0.1f);
    flts[9 * i + 3] = __fmul_rz(x, 3.3f);
    flts[9 * i + 4] = __fdiv_rd(x, 3.0f);
    flts[9 * i + 5] = __double2float_rz(d[i]);
    flts[9 * i + 6] = __double2float_ru(d[i]);
    flts[9 * i + 7] = __ll2float_rd(l[i]);
    flts[9 * i + 8] = __saturatef(x);
}
