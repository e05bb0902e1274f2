/* func_barrier.c — reference for func_barrier.ptx: after the barrier,
 * thread t reads what thread t ^ 32 stored. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "func_barrier");
    static const char *kernels[] = {"direct", "indirect"};
    for (int k = 0; k < 2; k++) {
        uint32_t out[64], exp[64], *po = out;
        void *params[] = {&po};
        if (!launch(kernels[k], kernels[k], d3(1, 1, 1), d3(64, 1, 1), 0, params))
            continue;
        for (uint32_t t = 0; t < 64; t++)
            exp[t] = t ^ 32;
        CHECK_INT(kernels[k], out, exp, 64);
    }
    return finish();
}
