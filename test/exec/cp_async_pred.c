/* cp_async_pred.c — reference for cp_async_pred.ptx: ignore-src true
 * copies zeros; the cache policy changes nothing. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "cp_async_pred");
    enum { T = 60 };
    uint32_t in[T], in2[2 * T], out[T], exp[T];
    for (int i = 0; i < T; i++)
        in[i] = lcg() % 1000, in2[2 * i] = lcg() % 1000, in2[2 * i + 1] = lcg() % 1000;
    uint32_t *pi = in, *pi2 = in2, *po = out;
    void *params[] = {&pi, &pi2, &po};
    if (launch("ignore_src", "k", d3(1, 1, 1), d3(T, 1, 1), 0, params)) {
        for (int t = 0; t < T; t++)
            exp[t] = (t % 3 == 0 ? 0 : in[t]) + in2[2 * t] + in2[2 * t + 1];
        CHECK_INT("ignore_src", out, exp, T);
    }
    return finish();
}
