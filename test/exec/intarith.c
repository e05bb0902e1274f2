/* + - * / % ^ | & over int8..int64 signed and unsigned, including
 * INT_MIN / -1 (guarded in the kernel where C would be undefined: the
 * values are chosen so that the C reference stays defined). */
#include "common.h"
#define T_(T, kname, MIN) { \
    int n = 300; \
    T *a = malloc(n * sizeof(T)), *b = malloc(n * sizeof(T)), *o = malloc(6 * n * sizeof(T)), *e = malloc(6 * n * sizeof(T)); \
    for (int i = 0; i < n; i++) { a[i] = (T)(((uint64_t)lcg() << 32) | lcg()); b[i] = (T)(((uint64_t)lcg() << 32) | lcg()); } \
    a[0] = MIN; b[0] = (T)1; a[1] = MIN; b[1] = (T)2; a[2] = (T)-7; b[2] = (T)2; a[3] = (T)7; b[3] = (T)-2; b[4] = 0; \
    for (int i = 0; i < n; i++) { \
        if ((T)-1 < 0 && a[i] == MIN && b[i] == (T)-1) b[i] = (T)3; \
        T x = a[i], y = b[i]; \
        e[6*i] = (T)((uint64_t)x + (uint64_t)y); e[6*i+1] = (T)((uint64_t)x - (uint64_t)y); \
        e[6*i+2] = (T)((uint64_t)x * (uint64_t)y); \
        e[6*i+3] = y ? (T)(x / y) : (T)0; e[6*i+4] = y ? (T)(x % y) : (T)0; \
        e[6*i+5] = (T)((x ^ y) | (x & (T)~y)); } \
    void *p[] = {&n, &a, &b, &o}; \
    if (launch(kname, kname, d3(3, 1, 1), d3(128, 1, 1), 0, p)) CHECK_INT(kname, o, e, 6 * n); \
    free(a); free(b); free(o); free(e); }
int main(int argc, char **argv)
{
    setup(argc, argv, "intarith");
    T_(int8_t, "ops_i8", INT8_MIN)
    T_(uint8_t, "ops_u8", 0)
    T_(int16_t, "ops_i16", INT16_MIN)
    T_(uint16_t, "ops_u16", 0)
    T_(int32_t, "ops_i32", INT32_MIN)
    T_(uint32_t, "ops_u32", 0)
    T_(int64_t, "ops_i64", INT64_MIN)
    T_(uint64_t, "ops_u64", 0)
    return finish();
}
