/* debug_info.c — launches kernel "poke" of a module with a null pointer
 * (one CTA of argv[2] threads, default 32) and prints the launch's result
 * and error message (test/cli/debug_info.sh). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("load: %s\n", p2n_error_message());
        return 1;
    }
    uint64_t p = 0;
    void *params[] = {&p};
    unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 32;
    p2n_result r = p2n_launch(m, "poke", (p2n_dim3){1, 1, 1}, (p2n_dim3){threads, 1, 1}, 0, params);
    printf("%d %s\n", (int)r, p2n_error_message());
    return 0;
}
