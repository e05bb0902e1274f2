/* call_xmod.c — function pointers across two modules loaded in the same
 * process: module A (argv[1]) hands out its functions' addresses, module B
 * (argv[2]) calls through them; after A is unloaded the same call is a
 * launch error, not a crash. */
#include <stdint.h>
#include <stdio.h>

#include "ptx2native.h"

static int failed;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_xmod/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

int
main(int argc, char **argv)
{
    p2n_module *a, *b;
    if (argc < 3 || p2n_module_load(&a, argv[1]) != P2N_SUCCESS || p2n_module_load(&b, argv[2]) != P2N_SUCCESS) {
        printf("FAIL exec/call_xmod/load: %s\n", p2n_error_message());
        return 1;
    }
    uint64_t fps[2] = {0, 0}, *pf = fps;
    int eq[64], out[64], *pe = eq, *po = out;
    void *pa[] = {&pf, &pe}, *pb[] = {&pf, &po};
    p2n_result r = p2n_launch(a, "give", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, pa);
    int ok = r == P2N_SUCCESS && fps[0] && fps[1] && fps[0] != fps[1];
    for (int t = 0; ok && t < 64; t++)
        ok = eq[t] == (t % 2 == 0);
    report("function_addresses_compare", ok, p2n_error_message());

    char d[256] = "";
    r = p2n_launch(b, "take", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, pb);
    ok = r == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++)
        if (out[t] != (t % 2 ? -t : t + 5)) {
            ok = 0;
            snprintf(d, sizeof d, "[%d] = %d, expected %d", t, out[t], t % 2 ? -t : t + 5);
        }
    if (r != P2N_SUCCESS)
        snprintf(d, sizeof d, "%s", p2n_error_message());
    report("call_into_another_module", ok, d);

    p2n_module_unload(a);
    r = p2n_launch(b, "take", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, pb);
    snprintf(d, sizeof d, "got %d: %s", r, p2n_error_message());
    report("unloaded_module_is_a_launch_error", r == P2N_ERROR_BAD_FUNCTION, d);
    p2n_module_unload(b);
    return failed;
}
