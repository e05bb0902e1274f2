/* lines.c — prints the line-table row of each code address given, as
 * "ADDR FILE:LINE" (the file's last path component), or "ADDR ??:0", for
 * test/cli/lines.sh to compare with binutils' addr2line. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

int
main(int argc, char **argv)
{
    for (int i = 2; i < argc; i++) {
        uint64_t addr = strtoull(argv[i], NULL, 16);
        rt_line row;
        if (rt_line_lookup(argv[1], addr, &row) && row.line) {
            const char *slash = strrchr(row.file, '/');
            printf("%" PRIx64 " %s:%u\n", addr, slash ? slash + 1 : row.file, row.line);
        } else {
            printf("%" PRIx64 " ??:0\n", addr);
        }
    }
    return 0;
}
