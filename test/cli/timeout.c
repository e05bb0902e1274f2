/* timeout.c — the launch watchdog (docs/api.md): a kernel that never ends
 * fails its launch with P2N_ERROR_TIMEOUT once the limit has passed, and
 * the next launch runs.  Run by test/cli/timeout.sh:
 *     timeout MODULE call   limits set with p2n_set_launch_timeout
 *     timeout MODULE env    the limit from P2N_LAUNCH_TIMEOUT_MS (200) */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ptx2native.h"

static p2n_module *mod;
static int failed;

static void
check(const char *name, int ok, const char *detail)
{
    printf("%s cli/timeout/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint32_t out[256];

static p2n_result
run(const char *kernel, unsigned ctas, unsigned threads, double *secs)
{
    uint64_t o = (uint64_t)(uintptr_t)out;
    void *params[] = {&o};
    double t0 = now();
    p2n_result r = p2n_launch(mod, kernel, (p2n_dim3){ctas, 1, 1}, (p2n_dim3){threads, 1, 1}, 0, params);
    *secs = now() - t0;
    return r;
}

/* kernel never ends: TIMEOUT after about limit_ms (well under 10 s), the
 * message names it; then good runs. */
static void
endless(const char *name, const char *kernel, unsigned ctas, unsigned threads, unsigned limit_ms)
{
    double secs;
    p2n_result r = run(kernel, ctas, threads, &secs);
    char detail[1200], what[96];
    snprintf(detail, sizeof detail, "result %d after %.3f s; message: %s", r, secs, p2n_error_message());
    char kname[64];
    snprintf(kname, sizeof kname, "kernel '%s'", kernel);
    check(name, r == P2N_ERROR_TIMEOUT && strstr(p2n_error_message(), kname) &&
                    strstr(p2n_error_message(), "time limit") && secs >= limit_ms * 1e-3 * 0.9 && secs < 10,
          detail);
    memset(out, 0, sizeof out);
    r = run("good", 1, 256, &secs);
    int bad = r != P2N_SUCCESS;
    for (uint32_t t = 0; t < 256 && !bad; t++)
        bad = out[t] != t + 1;
    snprintf(what, sizeof what, "%s/then_good", name);
    check(what, !bad, r ? p2n_error_message() : "wrong results");
}

int
main(int argc, char **argv)
{
    if (argc < 3 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL cli/timeout/load: %s\n", p2n_error_message());
        return 1;
    }
    if (strcmp(argv[2], "env") == 0) {
        endless("env/spin", "spin", 1, 32, 200);
        p2n_module_unload(mod);
        return failed;
    }
    p2n_set_launch_timeout(300);
    endless("spin", "spin", 1, 32, 300);
    endless("spin_many_ctas", "spin", 64, 64, 300);
    endless("divergent", "spin_divergent", 2, 64, 300);
    endless("in_function", "spin_call", 1, 32, 300);
    endless("barrier_loop", "spin_barrier", 3, 96, 300);
    /* the limit lifted: a kernel that ends is not stopped */
    p2n_set_launch_timeout(0);
    double secs;
    check("no_limit", run("good", 4, 64, &secs) == P2N_SUCCESS, p2n_error_message());
    p2n_module_unload(mod);
    return failed;
}
