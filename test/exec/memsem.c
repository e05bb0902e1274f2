/* memsem.c — reference for memsem.ptx: the same reads in C; a spin-wait
 * sees the data written before the flag. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "memsem");
    enum { N = 200 };
    uint32_t in[N], out[3 * N], exp[3 * N];
    for (int i = 0; i < N; i++)
        in[i] = lcg();
    uint32_t *pi = in, *po = out, n = N;
    void *params[] = {&pi, &po, &n};
    if (launch("orders", "sem", d3(2, 1, 1), d3(128, 1, 1), 0, params)) {
        for (uint32_t t = 0; t < N; t++) {
            exp[t] = t & 1 ? in[7 * t % N] : in[t] + 1;
            exp[N + t] = 2 * t + 1 < N ? in[2 * t] + in[2 * t + 1] : 0;
            exp[2 * N + t] = in[0];
        }
        CHECK_INT("orders", out, exp, 3 * N);
    }
    uint32_t flag[32] = {0}, data[32] = {0}, got[32] = {0}, want[32];
    uint32_t *pf = flag, *pd = data, *pg = got;
    void *sp[] = {&pf, &pd, &pg};
    if (launch("spin_wait", "spin", d3(1, 1, 1), d3(64, 1, 1), 0, sp)) {
        for (int l = 0; l < 32; l++)
            want[l] = 3 * l + 5;
        CHECK_INT("spin_wait", got, want, 32);
    }
    return finish();
}
