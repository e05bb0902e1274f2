/* isolation_bench.c — what fault isolation and the watchdog cost
 * (docs/runtime.md), measured on kernels.so (the program's argument).
 * make bench runs it (isolation_bench.sh) and prints its Markdown.
 *
 * Fault isolation has no cost per memory access: kernel code is not
 * instrumented, the MMU finds a bad access and the runtime's handlers
 * (installed once) catch the signal.  What it adds to each launch
 * (runtime/sched.c) is one sigaltstack call, which sees that the launching
 * thread has an alternate signal stack (it keeps the library's from its
 * first launch on), and a sigsetjmp per worker taking part.  There is no
 * switch to launch without them; for this measurement only, this program
 * replaces sigaltstack (the runtime is linked into it) by one that does
 * nothing while no_altstack is set, so the launches can run without that
 * call: the "no alternate stack" column.  The watchdog
 * has a switch, the launch time limit: with none (the default) no thread
 * is started; with one (here 60 s, never reached) a watchdog thread per
 * launch.  The check at each loop head is in the code either way (one
 * load and a branch).  Each figure is the best of RUNS runs, the three
 * variants alternating. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "ptx2native.h"

enum { RUNS = 11, EMPTY_BATCH = 100, PIECE_RUNS = 1001, PIECES = 100 };
enum { AS_BUILT, NO_ALTSTACK, LIMIT, NVARIANTS };

static p2n_module *mod;
static int no_altstack;

/* Replaces the C library's for the runtime linked into this program. */
int
sigaltstack(const stack_t *ss, stack_t *old)
{
    if (!no_altstack)
        return (int)syscall(SYS_sigaltstack, ss, old);
    if (old)
        *old = (stack_t){.ss_flags = SS_DISABLE};
    return 0;
}

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The least of n times: the run least disturbed by the rest of the
 * machine (the variants alternate, so each sees the same machine). */
static double
best(const double *t, int n)
{
    double m = t[0];
    for (int i = 1; i < n; i++)
        m = t[i] < m ? t[i] : m;
    return m;
}

/* One timed run: n launches of a kernel, each returning want. */
typedef struct {
    const char *what, *kernel;
    unsigned grid_x, grid_y, block, n;
    void **params;
    p2n_result want;
} job;

static double
run(const job *j)
{
    double t0 = now();
    for (unsigned i = 0; i < j->n; i++) {
        p2n_result r = p2n_launch(mod, j->kernel, (p2n_dim3){j->grid_x, j->grid_y, 1},
                                  (p2n_dim3){j->block, 1, 1}, 0, j->params);
        if (r != j->want) {
            fprintf(stderr, "isolation_bench: %s: %s\n", j->kernel, p2n_error_message());
            exit(1);
        }
    }
    return (now() - t0) / j->n;
}

static void
variant(int v)
{
    no_altstack = v == NO_ALTSTACK;
    p2n_set_launch_timeout(v == LIMIT ? 60000 : 0);
}

/* One table row: the time per launch of each variant, and the cost of
 * fault isolation's calls and of the limit against the others. */
static void
row(const job *j, double unit, const char *u)
{
    double t[NVARIANTS][RUNS];
    for (int r = -1; r < RUNS; r++) /* -1: a warm-up of each */
        for (int v = 0; v < NVARIANTS; v++) {
            variant(v);
            double s = run(j);
            if (r >= 0)
                t[v][r] = s;
        }
    variant(AS_BUILT);
    double b[NVARIANTS];
    for (int v = 0; v < NVARIANTS; v++)
        b[v] = best(t[v], RUNS);
    printf("| %s | %.3g %s | %.3g %s | %+.3g %s | %.3g %s | %+.3g %s |\n", j->what, b[AS_BUILT] / unit, u,
           b[NO_ALTSTACK] / unit, u, (b[AS_BUILT] - b[NO_ALTSTACK]) / unit, u, b[LIMIT] / unit, u,
           (b[LIMIT] - b[AS_BUILT]) / unit, u);
}

/* The same calls alone, in a loop: the launch's look at the thread's
 * alternate stack (rt_altstack_enter, which finds one) and a worker's
 * sigsetjmp, in a function of its own as in drain_here.  Short runs, many
 * of them, so that the best is one nothing else interrupted. */
static double
altstack_cost(void)
{
    double t[PIECE_RUNS];
    for (int r = 0; r < PIECE_RUNS; r++) {
        double t0 = now();
        for (int i = 0; i < PIECES; i++) {
            stack_t cur;
            if (sigaltstack(NULL, &cur) != 0)
                exit(1);
        }
        t[r] = (now() - t0) / PIECES;
    }
    return best(t, PIECE_RUNS);
}

__attribute__((noinline)) static int
set_jump(void)
{
    sigjmp_buf jb;
    return sigsetjmp(jb, 0);
}

static double
sigsetjmp_cost(void)
{
    double t[PIECE_RUNS];
    for (int r = 0; r < PIECE_RUNS; r++) {
        double t0 = now();
        for (int i = 0; i < PIECES; i++)
            if (set_jump() != 0)
                exit(1);
        t[r] = (now() - t0) / PIECES;
    }
    return best(t, PIECE_RUNS);
}

int
main(int argc, char **argv)
{
    if (argc != 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        fprintf(stderr, "usage: isolation_bench kernels.so (%s)\n", argc == 2 ? p2n_error_message() : "");
        return 2;
    }
    int n = 1 << 25, w = 1536, h = 1024, maxit = 256, n32 = 32;
    float a = 1.5f, x0 = -2.0f, y0 = -1.25f, dx = 3.0f / (float)w, dy = 2.5f / (float)h;
    float *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n), *null = NULL;
    int *out = malloc(sizeof *out * (size_t)w * (size_t)h);
    if (!x || !y || !out)
        return 1;
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 1000), y[i] = 1.0f;
    void *none[1] = {NULL};
    void *saxpy[] = {&n, &a, &x, &y}, *saxpy32[] = {&n32, &a, &x, &y}, *fault[] = {&n32, &a, &null, &y};
    void *mandel[] = {&w, &h, &x0, &y0, &dx, &dy, &maxit, &out};
    const job jobs[] = {
        {"empty kernel, 1 CTA of 32 threads", "empty", 1, 1, 32, EMPTY_BATCH, none, P2N_SUCCESS},
        {"empty kernel, 16 CTAs", "empty", 16, 1, 32, EMPTY_BATCH, none, P2N_SUCCESS},
        {"saxpy of 32 elements, 1 CTA", "saxpy", 1, 1, 32, EMPTY_BATCH, saxpy32, P2N_SUCCESS},
        {"the same from a null pointer: a fault, P2N_ERROR_ILLEGAL_ADDRESS", "saxpy", 1, 1, 32, EMPTY_BATCH, fault,
         P2N_ERROR_ILLEGAL_ADDRESS},
    };
    const job big[] = {
        {"saxpy 2^25 (memory-bound)", "saxpy", (unsigned)(n + 255) / 256, 1, 256, 1, saxpy, P2N_SUCCESS},
        {"mandelbrot 1536×1024 (a loop-head check each iteration)", "mandelbrot", (unsigned)(w + 63) / 64,
         (unsigned)h, 64, 1, mandel, P2N_SUCCESS},
    };

    printf("Fault isolation and the watchdog (test/bench/isolation_bench.c): time per launch, the best of "
           "%d runs, the variants alternating.  As built: no launch time limit (the default).  No alternate "
           "stack: sigaltstack replaced by a stub that does nothing (a measurement only: fault isolation "
           "cannot be switched off).  Limit: p2n_set_launch_timeout(60000), a watchdog thread a launch.\n\n",
           RUNS);
    printf("| launch | as built | no alternate stack | its cost | limit on | its cost |\n"
           "|---|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < sizeof jobs / sizeof jobs[0]; i++)
        row(&jobs[i], 1e-6, "µs");
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        row(&big[i], 1e-3, "ms");
    run(&jobs[2]); /* the module still works after the faults */

    printf("\nThe same calls alone, in a loop: one sigaltstack call (a launch) %.0f ns; a sigsetjmp "
           "without the signal mask (a worker's, a launch) %.1f ns.  Memory accesses cost the same with fault isolation "
           "as without: nothing checks them.\n",
           altstack_cost() * 1e9, sigsetjmp_cost() * 1e9);
    p2n_module_unload(mod);
    free(x), free(y), free(out);
    return 0;
}
