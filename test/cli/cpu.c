/* cpu.c — for test/cli/cpu.sh.
 *     cpu lacks           prints the first of some x86 features this CPU
 *                         lacks (by LLVM's name), or nothing
 *     cpu load MODULE     loads MODULE, prints the p2n_result and message */
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "lacks") == 0) {
#if defined(__x86_64__)
        __builtin_cpu_init();
        if (!__builtin_cpu_supports("avx512fp16"))
            puts("avx512fp16");
        else if (!__builtin_cpu_supports("sse4a")) /* AMD's */
            puts("sse4a");
#endif
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "load") == 0) {
        p2n_module *m;
        p2n_result r = p2n_module_load(&m, argv[2]);
        printf("%d %s\n", r, r ? p2n_error_message() : "");
        if (r == P2N_SUCCESS)
            p2n_module_unload(m);
        return 0;
    }
    return 2;
}
