/* cp_async.c — reference for cp_async.cu: chunk j holds in[4j..4j+3], zero
 * past n; thread t of a block reads its block's chunk blockDim-1-t. */
#include "common.h"

int
main(int argc, char **argv)
{
    setup(argc, argv, "cp_async");
    enum { N = 1002, B = 128, G = 3 };
    int *in = malloc(N * sizeof(int)), out[B * G], exp[B * G];
    for (int i = 0; i < N; i++)
        in[i] = (int)(lcg() % 1000);
    int n = N, *pi = in, *po = out;
    void *params[] = {&pi, &n, &po};
    if (launch("zero_fill", "stage", d3(G, 1, 1), d3(B, 1, 1), 0, params)) {
        for (int i = 0; i < B * G; i++) {
            int j = i / B * B + (B - 1 - i % B), v[4];
            for (int k = 0; k < 4; k++)
                v[k] = 4 * j + k < N ? in[4 * j + k] : 0;
            exp[i] = v[0] + 2 * v[1] + 3 * v[2] + 4 * v[3];
        }
        CHECK_INT("zero_fill", out, exp, B * G);
    }
    free(in);
    return finish();
}
