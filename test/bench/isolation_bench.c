/* isolation_bench.c — what fault isolation and the watchdog cost
 * (docs/runtime.md), measured on kernels.so (the program's argument).
 * make bench runs it (isolation_bench.sh) and prints its Markdown.
 *
 * There is no switch for fault isolation: the runtime always catches
 * SIGSEGV, SIGBUS, SIGFPE and SIGILL, and kernel code is not instrumented,
 * so a memory access costs the same with it as without it.  What it adds
 * to a launch is (runtime/sched.c) an alternate signal stack for the
 * launching thread (three sigaltstack calls) and a sigsetjmp per CTA;
 * those are timed here alone, the same calls in a loop.  The watchdog has
 * a switch, the launch time limit: with none (the default) no thread is
 * started; with one, a watchdog thread per launch.  The check at each
 * loop head is in the code either way (one load and a branch), so
 * "limit on" and "off" differ by the thread only.  Each row: the median
 * of 11 runs, limit off and on alternating. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ptx2native.h"

enum { RUNS = 11, EMPTY_BATCH = 100, PIECES = 1000000 };

static p2n_module *mod;

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double
median(double *t, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
            double x = t[j];
            t[j] = t[j - 1], t[j - 1] = x;
        }
    return t[n / 2];
}

static void
launch(const char *kernel, unsigned grid_x, unsigned grid_y, unsigned block, void **params,
       p2n_result want)
{
    p2n_result r = p2n_launch(mod, kernel, (p2n_dim3){grid_x, grid_y, 1}, (p2n_dim3){block, 1, 1}, 0, params);
    if (r != want) {
        fprintf(stderr, "isolation_bench: %s: %s\n", kernel, p2n_error_message());
        exit(1);
    }
}

/* One kernel's timed run: n launches. */
typedef struct {
    const char *kernel;
    unsigned grid_x, grid_y, block, n;
    void **params;
    p2n_result want;
} job;

static double
run(const job *j)
{
    double t0 = now();
    for (unsigned i = 0; i < j->n; i++)
        launch(j->kernel, j->grid_x, j->grid_y, j->block, j->params, j->want);
    return (now() - t0) / j->n;
}

/* Medians of RUNS runs without and with a launch time limit, after a
 * warm-up of each; seconds per launch. */
static void
off_on(const job *j, double *off, double *on)
{
    double t[2][RUNS];
    for (int w = 0; w < 2; w++) {
        p2n_set_launch_timeout(w ? 60000 : 0);
        run(j);
    }
    for (int r = 0; r < RUNS; r++)
        for (int w = 0; w < 2; w++) {
            p2n_set_launch_timeout(w ? 60000 : 0);
            t[w][r] = run(j);
        }
    p2n_set_launch_timeout(0);
    *off = median(t[0], RUNS);
    *on = median(t[1], RUNS);
}

static void
row(const char *what, double off, double on, double unit, const char *u)
{
    printf("| %s | %.3g %s | %.3g %s | %+.3g %s (%+.1f %%) |\n", what, off / unit, u, on / unit, u,
           (on - off) / unit, u, 100 * (on - off) / off);
}

/* The calls fault isolation adds to a launch, alone: the launching
 * thread's alternate signal stack on and off again (runtime/sched.c,
 * altstack_enter and altstack_leave), and the sigsetjmp of each CTA. */
static double
altstack_cost(void)
{
    static char stack[64 * 1024];
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        for (int i = 0; i < PIECES / 10; i++) {
            stack_t cur, st = {.ss_sp = stack, .ss_size = sizeof stack}, off = {.ss_flags = SS_DISABLE};
            if (sigaltstack(NULL, &cur) != 0 || !(cur.ss_flags & SS_DISABLE) || sigaltstack(&st, NULL) != 0 ||
                sigaltstack(&off, NULL) != 0)
                exit(1);
        }
        t[r] = (now() - t0) / (PIECES / 10);
    }
    return median(t, RUNS);
}

/* as run_cta does it, in a function of its own (the call is counted too) */
__attribute__((noinline)) static int
set_jump(void)
{
    sigjmp_buf jb;
    return sigsetjmp(jb, 0);
}

static double
sigsetjmp_cost(void)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        for (int i = 0; i < PIECES; i++)
            if (set_jump() != 0)
                exit(1);
        t[r] = (now() - t0) / PIECES;
    }
    return median(t, RUNS);
}

int
main(int argc, char **argv)
{
    if (argc != 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        fprintf(stderr, "usage: isolation_bench kernels.so (%s)\n", argc == 2 ? p2n_error_message() : "");
        return 2;
    }
    int n = 1 << 25, w = 1536, h = 1024, maxit = 256;
    float a = 1.5f, x0 = -2.0f, y0 = -1.25f, dx = 3.0f / (float)w, dy = 2.5f / (float)h;
    float *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
    int *out = malloc(sizeof *out * (size_t)w * (size_t)h);
    if (!x || !y || !out)
        return 1;
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 1000), y[i] = 1.0f;
    void *none[1] = {NULL};
    void *saxpy[] = {&n, &a, &x, &y};
    void *mandel[] = {&w, &h, &x0, &y0, &dx, &dy, &maxit, &out};
    /* saxpy of 32 elements from a null x: faults in the first load */
    int nf = 32;
    float *null = NULL;
    void *fault[] = {&nf, &a, &null, &y};
    job empty1 = {"empty", 1, 1, 32, EMPTY_BATCH, none, P2N_SUCCESS};
    job empty16 = {"empty", 16, 1, 32, EMPTY_BATCH, none, P2N_SUCCESS};
    job sax = {"saxpy", (unsigned)(n + 255) / 256, 1, 256, 1, saxpy, P2N_SUCCESS};
    job man = {"mandelbrot", (unsigned)(w + 63) / 64, (unsigned)h, 64, 1, mandel, P2N_SUCCESS};
    job faulting = {"saxpy", 1, 1, 32, EMPTY_BATCH, fault, P2N_ERROR_ILLEGAL_ADDRESS};
    job good = {"saxpy", 1, 1, 32, EMPTY_BATCH, saxpy, P2N_SUCCESS};

    printf("Fault isolation and the watchdog (test/bench/isolation_bench.c): medians of %d runs, "
           "launch time limit off (0, the default) and on (p2n_set_launch_timeout(60000)) alternating.\n\n",
           RUNS);
    printf("| launch | limit off | limit on | difference |\n|---|---:|---:|---:|\n");
    double off, on;
    off_on(&empty1, &off, &on);
    row("empty kernel, 1 CTA of 32 threads", off, on, 1e-6, "µs");
    off_on(&empty16, &off, &on);
    row("empty kernel, 16 CTAs", off, on, 1e-6, "µs");
    off_on(&sax, &off, &on);
    row("saxpy 2^25 (memory-bound)", off, on, 1e-3, "ms");
    off_on(&man, &off, &on);
    row("mandelbrot 1536×1024 (a loop-head check each iteration)", off, on, 1e-3, "ms");
    off_on(&good, &off, &on);
    row("saxpy of 32 elements, 1 CTA", off, on, 1e-6, "µs");
    off_on(&faulting, &off, &on);
    row("the same from a null pointer: faults, P2N_ERROR_ILLEGAL_ADDRESS", off, on, 1e-6, "µs");
    launch("saxpy", 1, 1, 32, saxpy, P2N_SUCCESS); /* and the module still works */

    printf("\nWhat fault isolation adds to every launch, timed alone (the same calls in a loop; "
           "there is no switch to launch without it, and no cost per memory access):\n\n");
    printf("| piece | time |\n|---|---:|\n");
    printf("| alternate signal stack of the launching thread: 3 sigaltstack calls a launch | %.0f ns |\n",
           altstack_cost() * 1e9);
    printf("| sigsetjmp (no signal mask) a CTA | %.1f ns |\n", sigsetjmp_cost() * 1e9);
    p2n_module_unload(mod);
    free(x), free(y), free(out);
    return 0;
}
