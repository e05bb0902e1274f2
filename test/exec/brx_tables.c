/* brx_tables.c — reference for brx_tables.ptx, from the PTX by hand. */
#include <stdio.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/brx_tables/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[6 * 64], *po = out;
    void *p[] = {&po};
    if (p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p) != P2N_SUCCESS) {
        printf("FAIL exec/brx_tables/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[] = {"after_label", "between_blocks", "func_first", "guarded", "uniform_guard_true", "uniform_guard_false"};
    int failed = 0;
    for (int k = 0; k < 6; k++) {
        int ok = 1;
        for (int t = 0; t < 64 && ok; t++) {
            int i = t & 3, w;
            if (k == 0)
                w = 6 + ((t & 1) ? 200 : 100);
            else if (k == 1)
                w = (t == 17 ? 0 : 1) + 1000 * i;
            else if (k == 2)
                w = 10 * (t % 3 + 1);
            else if (k == 3)
                w = 5 + (i == 0 ? 1 + 1110 : i == 1 ? 1100 : i == 2 ? 1000 : 0);
            else if (k == 4)
                w = 1 + (i == 0 ? 1110 : i == 1 ? 1100 : i == 2 ? 1000 : 0);
            else
                w = 13;
            if (out[k * 64 + t] != w) {
                printf("FAIL exec/brx_tables/%s: [%d] = %d, expected %d\n", names[k], t, out[k * 64 + t], w);
                ok = 0;
            }
        }
        if (ok)
            printf("PASS exec/brx_tables/%s\n", names[k]);
        failed |= !ok;
    }
    p2n_module_unload(m);
    return failed;
}
