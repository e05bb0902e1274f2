/* parse.c — libFuzzer target: PTX text through the frontend, as
 * ptx2native -fsyntax-only does (parse, check; diagnostics dropped).  Bad
 * input must give diagnostics and an input error, never a crash or an
 * internal error. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"
#include "lower.h"

/* Diagnostics are dropped; FUZZ_DIAG=1 prints them (to see why an input
 * aborts). */
static void
diag(void *user, p2n_diag_severity severity, const char *file, unsigned line, unsigned col,
     const char *message)
{
    (void)user, (void)severity;
    if (getenv("FUZZ_DIAG"))
        fprintf(stderr, "%s:%u:%u: %s\n", file, line, col, message);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    p2n_translate_options o;
    p2n_translate_options_init(&o);
    o.diag = diag;
    TranslateExtra x = {.syntax_only = true};
    p2n_source src = {"fuzz.ptx", (const char *)data, size};
    if (translate(&src, 1, &o, &x, NULL, NULL, NULL) == P2N_TRANSLATE_INTERNAL)
        abort();
    return 0;
}
