/* fuzz.h — the libFuzzer entry point each target of test/fuzz defines
 * (parse.c, translate.c, load.c).  make fuzz links a target with clang's
 * libFuzzer (-fsanitize=fuzzer); replay.c gives it a main() that calls it
 * on files, for make check without clang.  A finding is a crash, a
 * sanitizer report or an abort() of the target's own checks. */
#ifndef P2N_FUZZ_H
#define P2N_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
