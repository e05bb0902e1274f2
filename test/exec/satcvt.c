/* cvt with saturation to integers (PTX float->int cvt always saturates,
 * NaN -> 0): __float2uint_rz, __double2int_rz, __float2ll_rz,
 * __double2ull_rn.  (64-bit NaN: PTX gives 0x8000000000000000 for s64.) */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "satcvt");
    enum { N = 200 };
    float a[N]; double d[N]; unsigned u[N], eu[N]; int s[N], es[N]; long long l[N], el[N]; unsigned long long ul[N], eul[N];
    for (int i = 0; i < N; i++) { a[i] = ldexpf((float)(int)lcg(), (int)(lcg() % 50) - 40); d[i] = ldexp((double)(int)lcg(), (int)(lcg() % 50) - 30); }
    float fs[] = {-1.0f, -0.5f, 4294967296.0f, 1e20f, -1e20f, INFINITY, -INFINITY, 4294967040.0f, 9.3e18f, -9.3e18f, 0.99f};
    double ds[] = {3e9, -3e9, 2147483647.9, -2147483648.9, INFINITY, -INFINITY, -0.4, -0.6, 1.9e19, 1.8446744073709550e19, 2.5};
    for (int k = 0; k < 11; k++) { a[k] = fs[k]; d[k] = ds[k]; }
    for (int i = 0; i < N; i++) {
        float x = a[i]; double y = d[i];
        eu[i] = x <= 0 ? 0 : x >= 4294967296.0f ? 0xffffffffu : (unsigned)x;
        es[i] = y >= 2147483648.0 ? INT32_MAX : y <= -2147483649.0 ? INT32_MIN : (int)y;
        el[i] = x >= 9223372036854775808.0f ? INT64_MAX : x <= -9223372036854775808.0f ? INT64_MIN : (long long)x;
        double r = nearbyint(y); eul[i] = r <= 0 ? 0 : r >= 18446744073709551616.0 ? ~0ull : (unsigned long long)r;
    }
    int n = N; float *pa = a; double *pd = d; unsigned *pu = u; int *ps = s; long long *pl = l; unsigned long long *pul = ul;
    void *p[] = {&n, &pa, &pd, &pu, &ps, &pl, &pul};
    if (!launch("sat", "sat", d3(2, 1, 1), d3(100, 1, 1), 0, p)) return finish();
    CHECK_INT("float2uint_rz", u, eu, N); CHECK_INT("double2int_rz", s, es, N);
    CHECK_INT("float2ll_rz", l, el, N); CHECK_INT("double2ull_rn", ul, eul, N);
    return finish();
}
