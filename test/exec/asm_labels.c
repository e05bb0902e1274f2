/* asm_labels.c — reference for asm_labels.cu: the same functions in C. */
#include "common.h"

static int relu(int x) { return x >= 0 ? x : 0; }
static int step(int x) { return (x & 1) == 0 ? x >> 1 : 3 * x + 1; }

int
main(int argc, char **argv)
{
    setup(argc, argv, "asm_labels");
    enum { N = 1000 };
    int in[N], out[4 * N], exp[4 * N];
    for (int i = 0; i < N; i++)
        in[i] = (int)(lcg() % 400) - 150;
    int n = N, *pi = in, *po = out;
    void *params[] = {&n, &pi, &po};
    if (launch("scoped_labels", "asm_labels", d3((N + 127) / 128, 1, 1), d3(128, 1, 1), 0, params)) {
        for (int i = 0; i < N; i++) {
            int a = relu(in[i]), c = step(a);
            exp[4 * i] = a;
            exp[4 * i + 1] = relu(in[i] - 100);
            exp[4 * i + 2] = c;
            exp[4 * i + 3] = step(step(c));
        }
        CHECK_INT("scoped_labels", out, exp, 4 * N);
    }
    return finish();
}
