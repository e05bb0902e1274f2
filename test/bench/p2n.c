/* p2n.c — the ptx2native back end: launches kernels.cu's kernels from the
 * module ptx2native made of kernels.ptx (the program's argument). */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ptx2native.h"

const char be_name[] = "ptx2native";

static p2n_module *mod;

typedef struct {
    const char *kernel;
    p2n_dim3 grid, block;
    void **params;
} launch;

static int
check(const char *kernel, p2n_result rc)
{
    if (rc == P2N_SUCCESS)
        return 0;
    fprintf(stderr, "bench: ptx2native: %s: %s\n", kernel, p2n_error_message());
    return 1;
}

static int
run_launch(void *ctx)
{
    launch *l = ctx;
    return check(l->kernel, p2n_launch(mod, l->kernel, l->grid, l->block, 0, l->params));
}

int
be_init(const char *arg)
{
    return check(arg, p2n_module_load(&mod, arg));
}

void
be_done(void)
{
    p2n_module_unload(mod);
}

int
be_saxpy(int n, float a, const float *x, float *y, double t[RUNS])
{
    void *params[] = {&n, &a, &x, &y};
    launch l = {"saxpy", {(unsigned)(n + 255) / 256, 1, 1}, {256, 1, 1}, params};
    return bench_time(run_launch, NULL, &l, t);
}

static unsigned long long *reduce_sum;

static int
reset_reduce(void *ctx)
{
    (void)ctx;
    *reduce_sum = 0;
    return 0;
}

int
be_reduce(int n, const unsigned *x, unsigned long long *sum, double t[RUNS])
{
    void *params[] = {&n, &x, &sum};
    launch l = {"reduce", {(unsigned)(n + 255) / 256, 1, 1}, {256, 1, 1}, params};
    reduce_sum = sum;
    return bench_time(run_launch, reset_reduce, &l, t);
}

int
be_mandelbrot(int w, int h, float x0, float y0, float dx, float dy, int maxit, int *out,
              double t[RUNS])
{
    void *params[] = {&w, &h, &x0, &y0, &dx, &dy, &maxit, &out};
    launch l = {"mandelbrot", {(unsigned)(w + 63) / 64, (unsigned)h, 1}, {64, 1, 1}, params};
    return bench_time(run_launch, NULL, &l, t);
}

int
be_matmul(int n, const float *a, const float *b, float *c, double t[RUNS])
{
    void *params[] = {&n, &a, &b, &c};
    launch l = {"matmul", {(unsigned)n / 16, (unsigned)n / 16, 1}, {16, 16, 1}, params};
    return bench_time(run_launch, NULL, &l, t);
}

int
be_hotspot(int w, int h, const float *temp, const float *power, float *out, hotspot_coef k,
           double t[RUNS])
{
    void *params[] = {&w, &h, &temp, &power, &out, &k.cap, &k.rx, &k.ry, &k.rz, &k.amb};
    launch l = {"hotspot", {(unsigned)(w + 15) / 16, (unsigned)(h + 15) / 16, 1}, {16, 16, 1}, params};
    return bench_time(run_launch, NULL, &l, t);
}

typedef struct {
    int nodes;
    const int *row, *col, *init;
    int *dist, launches;
} bfs_ctx;

static int
reset_bfs(void *ctx)
{
    bfs_ctx *b = ctx;
    memcpy(b->dist, b->init, sizeof *b->dist * b->nodes);
    return 0;
}

static int
run_bfs(void *ctx)
{
    bfs_ctx *b = ctx;
    int more = 1, *more_p = &more;
    b->launches = 0;
    for (int level = 0; more; level++) {
        more = 0;
        void *params[] = {&b->nodes, &b->row, &b->col, &b->dist, &level, &more_p};
        b->launches++;
        if (check("bfs", p2n_launch(mod, "bfs", (p2n_dim3){(unsigned)(b->nodes + 255) / 256, 1, 1},
                                    (p2n_dim3){256, 1, 1}, 0, params)))
            return 1;
    }
    return 0;
}

int
be_bfs(int nodes, const int *row, const int *col, const int *init, int *dist, int *launches,
       double t[RUNS])
{
    bfs_ctx b = {nodes, row, col, init, dist, 0};
    int rc = bench_time(run_bfs, reset_bfs, &b, t);
    *launches = b.launches;
    return rc;
}

static int
run_empty(void *ctx)
{
    unsigned ctas = *(int *)ctx;
    void *params[1] = {NULL};
    for (int i = 0; i < EMPTY_BATCH; i++)
        if (check("empty", p2n_launch(mod, "empty", (p2n_dim3){ctas, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params)))
            return 1;
    return 0;
}

int
be_empty(int ctas, double t[RUNS])
{
    return bench_time(run_empty, NULL, &ctas, t);
}
