/* sizes.c — shared memory charged per kernel, overflow-checked launch
 * sizes, 64-bit sizes in the module descriptor (test/cli/sizes.sh runs it
 * with the module of sizes.ptx).  Limits: P2N_MAX_SHARED_BYTES, 228 KiB
 * static plus dynamic per CTA (docs/api.md). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

static p2n_module *mod;
static int failed;

static void
check(const char *name, int ok, const char *detail)
{
    printf("%s cli/sizes/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static void
expect(const char *name, p2n_result got, p2n_result want)
{
    char detail[1200];
    snprintf(detail, sizeof detail, "result %d, expected %d; message: %s", got, want, p2n_error_message());
    check(name, got == want, detail);
}

static uint32_t out[515];

/* small_dyn with dbytes of dynamic shared memory */
static p2n_result
small_dyn(size_t dbytes)
{
    memset(out, 0xee, sizeof out);
    uint64_t o = (uint64_t)(uintptr_t)out;
    uint32_t d = (uint32_t)dbytes;
    void *params[] = {&o, &d};
    return p2n_launch(mod, "small_dyn", (p2n_dim3){2, 1, 1}, (p2n_dim3){256, 1, 1}, dbytes, params);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL cli/sizes/load: %s\n", p2n_error_message());
        return 1;
    }
    uint64_t o = (uint64_t)(uintptr_t)out;
    void *params[] = {&o};

    /* big_static: 200 KiB of its own */
    p2n_result r = p2n_launch(mod, "big_static", (p2n_dim3){1, 1, 1}, (p2n_dim3){256, 1, 1}, 0, params);
    int bad = r != P2N_SUCCESS;
    for (uint32_t t = 0; t < 256 && !bad; t++)
        bad = out[t] != 255 - t;
    check("big_static", !bad, r ? p2n_error_message() : "wrong results");
    /* 200 KiB + 28 KiB is the limit; one byte more is not */
    r = p2n_launch(mod, "big_static", (p2n_dim3){1, 1, 1}, (p2n_dim3){256, 1, 1}, 28 * 1024, params);
    expect("big_static/at_limit", r, P2N_SUCCESS);
    r = p2n_launch(mod, "big_static", (p2n_dim3){1, 1, 1}, (p2n_dim3){256, 1, 1}, 28 * 1024 + 1, params);
    expect("big_static/past_limit", r, P2N_ERROR_SHARED_SIZE);

    /* small_dyn: 64 static bytes (not the module's 200 KiB + 64) and
     * 100 KiB dynamic; then the most it may have, 228 KiB - 64 */
    size_t sizes[] = {100 * 1024, 228 * 1024 - 64};
    for (int i = 0; i < 2; i++) {
        r = small_dyn(sizes[i]);
        char name[64], detail[200] = "";
        snprintf(name, sizeof name, "small_dyn/%zu", sizes[i]);
        bad = r != P2N_SUCCESS;
        for (uint32_t t = 0; t < 256 && !bad; t++)
            if (out[t] != 255 - t + 1000 || out[256 + t] != t % 16)
                bad = 1, snprintf(detail, sizeof detail, "thread %u: %u %u", t, out[t], out[256 + t]);
        if (!bad && (out[512] != 77 || out[513] != sizes[i] || out[514] != 64 + sizes[i]))
            bad = 1, snprintf(detail, sizeof detail, "last word %u, dynamic %u, total %u", out[512], out[513], out[514]);
        check(name, !bad, r ? p2n_error_message() : detail);
    }
    expect("small_dyn/past_limit", small_dyn(228 * 1024 - 63), P2N_ERROR_SHARED_SIZE);
    /* sums that would wrap */
    expect("small_dyn/size_max", small_dyn(SIZE_MAX), P2N_ERROR_SHARED_SIZE);
    expect("small_dyn/size_max_minus_48", small_dyn(SIZE_MAX - 48), P2N_ERROR_SHARED_SIZE);
    expect("big_static/size_max", p2n_launch(mod, "big_static", (p2n_dim3){1, 1, 1}, (p2n_dim3){256, 1, 1},
                                             SIZE_MAX - 204800 + 1, params),
           P2N_ERROR_SHARED_SIZE);
    /* sizes past 32 bits are kept: 4 GiB + 16 of shared memory is refused,
     * 1 TiB of local memory a thread cannot be had */
    expect("huge_shared", p2n_launch(mod, "huge_shared", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params),
           P2N_ERROR_SHARED_SIZE);
    check("huge_shared/message", strstr(p2n_error_message(), "4294967312 bytes of static") != NULL,
          p2n_error_message());
    expect("huge_local", p2n_launch(mod, "huge_local", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params),
           P2N_ERROR_OUT_OF_MEMORY);
    /* and the module works after all that */
    r = small_dyn(2048);
    check("small_dyn/after", r == P2N_SUCCESS && out[0] == 1255 && out[512] == 77, p2n_error_message());
    p2n_module_unload(mod);
    return failed;
}
