/* The host writes a .const variable through p2n_module_global's address,
 * as CUDA's driver API allows for __constant__ memory, then a kernel
 * reads it. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "const_host_write");
    void *pk; size_t sk;
    if (p2n_module_global(g_mod, "coef", &pk, &sk)) { printf("FAIL exec/const_host_write/lookup: %s\n", p2n_error_message()); return 1; }
    int coef[4] = {3, -5, 7, 11}; memcpy(pk, coef, 16);
    int o[32], e[32], *po = o; for (int t = 0; t < 32; t++) e[t] = coef[t % 4] * t;
    void *p[] = {&po};
    if (launch("use", "usecoef", d3(1, 1, 1), d3(32, 1, 1), 0, p)) CHECK_INT("const_read", o, e, 32);
    return finish();
}
