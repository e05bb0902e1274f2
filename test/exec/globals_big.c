/* Large .global arrays (globals_big.ptx): a short initializer with a long
 * zero tail, 256 MiB with no initializer, and a variable whose initializer
 * is the address of another.  Expected values from the PTX itself. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "globals_big");
    void *pb, *pz;
    size_t sb, sz;
    if (p2n_module_global(g_mod, "big", &pb, &sb) || p2n_module_global(g_mod, "zeros", &pz, &sz)) {
        printf("FAIL exec/globals_big/lookup: %s\n", p2n_error_message());
        return 1;
    }
    long long sizes[2] = {(long long)sb, (long long)sz}, esizes[2] = {4 << 20, 256 << 20};
    int same = sizes[0] == esizes[0] && sizes[1] == esizes[1];
    printf("%s exec/globals_big/sizes\n", same ? "PASS" : "FAIL");
    g_fail |= !same;
    unsigned o[6] = {0}, *po = o;
    void *p[] = {&po};
    if (!launch("read", "bigglobals", d3(1, 1, 1), d3(1, 1, 1), 0, p))
        return finish();
    int got[6], want[6] = {7, 8, 9, 0, 0, 8};
    for (int i = 0; i < 6; i++)
        got[i] = (int)o[i];
    CHECK_INT("read", got, want, 6);
    int w = ((unsigned *)pb)[1000000], ew = 41;
    CHECK_INT("device_write_in_tail", &w, &ew, 1);
    return finish();
}
