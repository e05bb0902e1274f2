/* call_link.c — ptx2native call_link_a.ptx call_link_b.ptx -o call_link.so:
 * the kernel in A calls helper() and reads scale from B; each file has its
 * own private local_fn (renamed apart when linked). */
#include <stdio.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_link/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[64], *po = out;
    void *p[] = {&po};
    p2n_result r = p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++) {
        /* helper(t) = local_fn_B(t) + (t odd ? 10 : 20), local_fn_B(x) = x + 1000;
         * k: helper(t) * scale + local_fn_A(0), scale = 3, local_fn_A(x) = x + 1 */
        int want = (t + 1000 + ((t & 1) ? 10 : 20)) * 3 + 1;
        if (out[t] != want) {
            printf("FAIL exec/call_link/two_modules: [%d] = %d, expected %d\n", t, out[t], want);
            ok = 0;
            r = P2N_ERROR_INVALID_VALUE;
        }
    }
    if (ok)
        printf("PASS exec/call_link/two_modules\n");
    else if (r != P2N_ERROR_INVALID_VALUE)
        printf("FAIL exec/call_link/two_modules: %s\n", p2n_error_message());
    void *addr;
    size_t bytes;
    r = p2n_module_global(m, "scale", &addr, &bytes);
    int gok = r == P2N_SUCCESS && bytes == 4 && *(int *)addr == 3;
    printf("%s exec/call_link/extern_global\n", gok ? "PASS" : "FAIL");
    p2n_module_unload(m);
    return !(ok && gok);
}
