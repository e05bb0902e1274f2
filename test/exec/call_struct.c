/* call_struct.c — reference for call_struct.cu: the same functions in C. */
#include <stdio.h>

#include "ptx2native.h"

struct Pair {
    int a;
    float b;
    double c;
};

static struct Pair
make(int x)
{
    struct Pair p = {x, x * 0.5f, x * 0.25};
    if (x & 1)
        p.a = -x;
    return p;
}

static double
use(struct Pair p, int k)
{
    return p.a * k + p.b + p.c;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_struct/load: %s\n", p2n_error_message());
        return 1;
    }
    double out[96], *po = out;
    int k = 7;
    void *p[] = {&po, &k};
    p2n_result r = p2n_launch(m, "structs", (p2n_dim3){1, 1, 1}, (p2n_dim3){96, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 96; t++) {
        double want = t % 3 != 2 ? use(make(t), k) : -1.0;
        if (out[t] != want) {
            printf("FAIL exec/call_struct/by_value: [%d] = %g, expected %g\n", t, out[t], want);
            ok = 0;
            r = P2N_ERROR_INVALID_VALUE;
        }
    }
    if (ok)
        printf("PASS exec/call_struct/by_value\n");
    else if (r != P2N_ERROR_INVALID_VALUE)
        printf("FAIL exec/call_struct/by_value: %s\n", p2n_error_message());
    p2n_module_unload(m);
    return !ok;
}
