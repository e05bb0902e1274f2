/* replay.c — main() for a libFuzzer target without libFuzzer: calls
 * LLVMFuzzerTestOneInput once on each file named, so that make check
 * replays the inputs fuzzing found (test/fuzz/TARGET/) without clang.  An
 * input that crashes or aborts ends the program so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int
main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "replay: cannot open %s\n", argv[i]);
            return 2;
        }
        size_t cap = 4096, n = 0, got;
        unsigned char *buf = malloc(cap);
        while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
            if ((n += got) == cap)
                buf = realloc(buf, cap *= 2);
        fclose(f);
        /* an exact copy: a read past the end is a read past the input */
        unsigned char *data = buf ? malloc(n ? n : 1) : NULL;
        if (!data) {
            fprintf(stderr, "replay: out of memory\n");
            return 2;
        }
        memcpy(data, buf, n);
        free(buf);
        LLVMFuzzerTestOneInput(data, n);
        free(data);
    }
    return 0;
}
