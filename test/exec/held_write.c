/* held_write.c — reference for held_write.ptx: each lane adds 10 in
 * each of its lane % 4 + 1 iterations to its lane number, then triples
 * that and adds its thread index; what other lanes do after the loop
 * does not change it. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "held_write");
    static const char *kernels[] = {"warpsync", "ctasync", "callsync"};
    for (int k = 0; k < 3; k++) {
        uint32_t out[64], exp[64], *po = out;
        void *params[] = {&po};
        for (int t = 0; t < 64; t++) {
            int l = t % 32;
            exp[t] = (uint32_t)((l + 10 * (l % 4 + 1)) * 3 + t);
            out[t] = 0;
        }
        if (launch(kernels[k], kernels[k], d3(1, 1, 1), d3(64, 1, 1), 0, params))
            CHECK_INT(kernels[k], out, exp, 64);
    }
    return finish();
}
