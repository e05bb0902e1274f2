/* __device__ variables (scalar, arrays) reached with p2n_module_global:
 * written by the host before the launch, read back after. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "globals");
    void *pc, *pt, *pk; size_t sc, st, sk;
    if (p2n_module_global(g_mod, "counter", &pc, &sc) || p2n_module_global(g_mod, "table", &pt, &st) || p2n_module_global(g_mod, "coef", &pk, &sk)) {
        printf("FAIL exec/globals/lookup: %s\n", p2n_error_message()); return 1;
    }
    int sizes[3] = {(int)sc, (int)st, (int)sk}, esizes[3] = {4, 256, 16};
    CHECK_INT("sizes", sizes, esizes, 3);
    int coef[4] = {3, -5, 7, 11}; memcpy(pk, coef, 16); *(int *)pc = 1000;
    int n = 64, o[64], e[64]; int *po = o;
    for (int t = 0; t < n; t++) e[t] = coef[t % 4] * t + coef[(t + 1) % 4];
    void *p[] = {&n, &po};
    if (!launch("use", "useglobals", d3(2, 1, 1), d3(32, 1, 1), 0, p)) return finish();
    CHECK_INT("host_written", o, e, n);
    int ec = 1000 + 63 * 64 / 2; CHECK_INT("device_counter", (int *)pc, &ec, 1);
    float ft[64]; for (int i = 0; i < 64; i++) ft[i] = i * 0.5f;
    CHECK_EXACT("device_array", (float *)pt, ft, 64);
    return finish();
}
