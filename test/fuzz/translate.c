/* translate.c — libFuzzer target: PTX text through the whole translator
 * (ptx2native_translate.h) to a relocatable object in memory: parse,
 * analysis, LLVM IR (verified), native code; -O0 and no linker, for speed.
 * Bad or unsupported input must give diagnostics and an input error; an
 * internal error (a verifier failure, an LLVM error) is a finding. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"
#include "ptx2native_translate.h"

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
    o.output = P2N_OUTPUT_OBJECT;
    o.opt_level = 0;
    p2n_source src = {"fuzz.ptx", (const char *)data, size};
    void *image = NULL;
    size_t n = 0;
    p2n_translate_status r = p2n_translate(&src, 1, &o, &image, &n);
    if (r == P2N_TRANSLATE_INTERNAL || r == P2N_TRANSLATE_BAD_OPTIONS || (r == P2N_TRANSLATE_OK) != (image != NULL) ||
        (image && n == 0))
        abort();
    free(image);
    return 0;
}
