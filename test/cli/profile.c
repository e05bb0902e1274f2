/* profile.c — for test/cli/profile.sh: launches test/cli/profile.ptx's
 * kernel `prof` over the grids given, checks its results, and prints the
 * counts a profile must hold for branches A, B and C, worked out here
 * lane by lane from the kernel's PTX as a GPU runs it:
 *
 *   A  @%p1 bra NOT4, p1 = gid % 4 != 0: one execution per warp with all
 *      its lanes; divergent when its lanes hold both kinds of gid.
 *   B  @%p2 bra UNI, p2 = n == 0: one execution per warp, never divergent.
 *   C  @%p3 bra DONE in a loop, p3 = i >= gid % 3: in trip j the lanes with
 *      gid % 3 >= j run it (while there are any); those with gid % 3 == j
 *      leave; divergent when some but not all of them leave.
 *   D  @%q bra KEEP in .func clamp5, called by every lane with gid % 8,
 *      q = gid % 8 <= 5: one execution per warp with all its lanes.
 *
 * usage: profile [-k|-f] MODULE.so N GRID BLOCK [GRID BLOCK ...]
 * (-k: the module stays loaded until the process exits; -f: the launches
 * after the first run in a forked child, which ends with exit; MODULE.so
 * "linked": the object linked into this program, p2n_module_get_linked)
 * prints "A executions divergent active-lanes", then B, C and D, summed
 * over the launches, and "launches L". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptx2native.h"

typedef struct Counts {
    unsigned long long exec, divergent, lanes;
} Counts;

static void
count(Counts *c, uint32_t active, uint32_t taken)
{
    if (!active)
        return;
    c->exec++;
    c->divergent += taken != 0 && taken != active;
    c->lanes += (unsigned long long)__builtin_popcount(active);
}

/* The counts of one launch, warp by warp. */
static void
expect(unsigned grid, unsigned block, Counts c[4])
{
    for (unsigned cta = 0; cta < grid; cta++)
        for (unsigned w = 0; w * 32 < block; w++) {
            uint32_t live = 0, a = 0, keep = 0, k[32];
            for (unsigned l = 0; l < 32 && w * 32 + l < block; l++) {
                unsigned gid = cta * block + w * 32 + l;
                live |= 1u << l;
                a |= (uint32_t)(gid % 4 != 0) << l;
                keep |= (uint32_t)(gid % 8 <= 5) << l;
                k[l] = gid % 3;
            }
            count(&c[0], live, a);
            count(&c[1], live, 0);
            for (uint32_t j = 0;; j++) {
                uint32_t active = 0, leave = 0;
                for (unsigned l = 0; l < 32; l++)
                    if (live >> l & 1) {
                        active |= (uint32_t)(k[l] >= j) << l;
                        leave |= (uint32_t)(k[l] == j) << l;
                    }
                if (!active)
                    break;
                count(&c[2], active, leave);
            }
            count(&c[3], live, keep);
        }
}

int
main(int argc, char **argv)
{
    bool keep = argc > 1 && strcmp(argv[1], "-k") == 0;
    bool forked = argc > 1 && strcmp(argv[1], "-f") == 0;
    if (keep || forked)
        argv++, argc--;
    if (argc < 5 || argc % 2 == 0) {
        fprintf(stderr, "usage: profile [-k] MODULE.so N GRID BLOCK [GRID BLOCK ...]\n");
        return 2;
    }
    p2n_module *m;
    if ((strcmp(argv[1], "linked") == 0 ? p2n_module_get_linked(&m, "profile")
                                         : p2n_module_load(&m, argv[1])) != P2N_SUCCESS) {
        fprintf(stderr, "load: %s\n", p2n_error_message());
        return 1;
    }
    uint32_t n = (uint32_t)strtoul(argv[2], NULL, 10);
    Counts c[4] = {{0}};
    int launches = 0;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (forked && i == 5) { /* the child launches the rest */
            fflush(stdout);
            pid_t pid = fork();
            if (pid < 0)
                return 1;
            if (pid > 0) {
                int st;
                if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
                    return 1;
                forked = false; /* the parent: only the expectations */
                for (; i + 1 < argc; i += 2, launches++)
                    expect((unsigned)strtoul(argv[i], NULL, 10),
                           (unsigned)strtoul(argv[i + 1], NULL, 10), c);
                break;
            }
        }
        unsigned grid = (unsigned)strtoul(argv[i], NULL, 10);
        unsigned block = (unsigned)strtoul(argv[i + 1], NULL, 10);
        size_t threads = (size_t)grid * block;
        uint32_t *out = calloc(threads, sizeof *out);
        void *params[] = {&out, &n};
        if (!out || p2n_launch(m, "prof", (p2n_dim3){grid, 1, 1}, (p2n_dim3){block, 1, 1}, 0,
                               params) != P2N_SUCCESS) {
            fprintf(stderr, "launch: %s\n", p2n_error_message());
            return 1;
        }
        for (size_t g = 0; g < threads; g++) {
            uint32_t want = (g % 4 == 0 ? 100 : 0) + n + (uint32_t)(g % 3) +
                            (g % 8 <= 5 ? (uint32_t)(g % 8) : 5);
            if (out[g] != want) {
                fprintf(stderr, "out[%zu] = %u, not %u\n", g, out[g], want);
                return 1;
            }
        }
        free(out);
        expect(grid, block, c);
        launches++;
    }
    if (forked)
        exit(0); /* the child: its counts are written at exit */
    for (int b = 0; b < 4; b++)
        printf("%c %llu %llu %llu\n", 'A' + b, c[b].exec, c[b].divergent, c[b].lanes);
    printf("launches %d\n", launches);
    if (!keep)
        p2n_module_unload(m);
    return 0;
}
