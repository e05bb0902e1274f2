#include <stdint.h>
#define K(T, name) \
extern "C" __global__ void name(int n, const T *a, const T *b, T *out) \
{ \
    int i = blockIdx.x * blockDim.x + threadIdx.x; \
    if (i >= n) return; \
    T x = a[i], y = b[i]; \
    out[6 * i + 0] = (T)(x + y); \
    out[6 * i + 1] = (T)(x - y); \
    out[6 * i + 2] = (T)(x * y); \
    out[6 * i + 3] = y ? (T)(x / y) : (T)0; \
    out[6 * i + 4] = y ? (T)(x % y) : (T)0; \
    out[6 * i + 5] = (T)((x ^ y) | (x & (T)~y)); \
}
K(int8_t, ops_i8)
K(uint8_t, ops_u8)
K(int16_t, ops_i16)
K(uint16_t, ops_u16)
K(int32_t, ops_i32)
K(uint32_t, ops_u32)
K(int64_t, ops_i64)
K(uint64_t, ops_u64)
