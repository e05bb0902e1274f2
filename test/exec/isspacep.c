/* isspacep.c — reference for isspacep.ptx, from the PTX definition: a
 * generic address lies in exactly one state space, so an address of
 * category c (global, shared, local, const, param) sets bit c alone. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "isspacep");
    uint32_t buf[64] = {0}, out[64 + 5 + 64];
    memset(out, 0xff, sizeof out);
    uint32_t *pb = buf, *po = out;
    void *params[] = {&pb, &po};
    if (launch("classify", "k", d3(1, 1, 1), d3(64, 1, 1), 0, params)) {
        uint32_t exp[64];
        for (int t = 0; t < 64; t++)
            exp[t] = 1u << (t % 5);
        CHECK_INT("varying", out, exp, 64);
        /* lane 0 with uniform addresses: global, shared, a const address
         * asked as local (no), const, param */
        uint32_t uexp[5] = {1, 1, 0, 1, 1};
        CHECK_INT("uniform", out + 64, uexp, 5);
        /* a .func's own local frame, and its caller's local window */
        uint32_t fexp[64];
        for (int t = 0; t < 64; t++)
            fexp[t] = 4u | 4u << 8;
        CHECK_INT("func_frames", out + 69, fexp, 64);
    }
    return finish();
}
