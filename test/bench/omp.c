/* omp.c — the OpenMP back end: kernels.cu's algorithms as plain C loops,
 * built with gcc -O3 -march=native -fopenmp -ffp-contract=off and run on
 * every core.  The same floating-point operations in the same order as
 * the CUDA and OpenCL versions (fmaf where they call it). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

const char be_name[] = "OpenMP";

int
be_init(const char *arg)
{
    (void)arg;
    return 0;
}

void
be_done(void)
{
}

typedef struct {
    int n;
    float a;
    const float *x;
    float *y;
} saxpy_ctx;

static int
run_saxpy(void *ctx)
{
    saxpy_ctx *s = ctx;
    int n = s->n;
    float a = s->a;
    const float *x = s->x;
    float *y = s->y;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = fmaf(a, x[i], y[i]);
    return 0;
}

int
be_saxpy(int n, float a, const float *x, float *y, double t[RUNS])
{
    saxpy_ctx s = {n, a, x, y};
    return bench_time(run_saxpy, NULL, &s, t);
}

typedef struct {
    int n;
    const unsigned *x;
    unsigned long long *sum;
} reduce_ctx;

static int
run_reduce(void *ctx)
{
    reduce_ctx *r = ctx;
    int n = r->n;
    const unsigned *x = r->x;
    unsigned long long sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < n; i++)
        sum += x[i];
    *r->sum = sum;
    return 0;
}

int
be_reduce(int n, const unsigned *x, unsigned long long *sum, double t[RUNS])
{
    reduce_ctx r = {n, x, sum};
    return bench_time(run_reduce, NULL, &r, t);
}

typedef struct {
    int w, h;
    float x0, y0, dx, dy;
    int maxit, *out;
} mandelbrot_ctx;

static int
run_mandelbrot(void *ctx)
{
    mandelbrot_ctx *m = ctx;
    int w = m->w, h = m->h, maxit = m->maxit, *out = m->out;
#pragma omp parallel for schedule(dynamic)
    for (int py = 0; py < h; py++)
        for (int px = 0; px < w; px++) {
            float cr = fmaf((float)px, m->dx, m->x0), ci = fmaf((float)py, m->dy, m->y0);
            float zr = 0.0f, zi = 0.0f;
            int it = 0;
            while (it < maxit && fmaf(zr, zr, zi * zi) <= 4.0f) {
                float t = fmaf(zr, zr, fmaf(-zi, zi, cr));
                zi = fmaf(2.0f * zr, zi, ci);
                zr = t;
                it++;
            }
            out[py * w + px] = it;
        }
    return 0;
}

int
be_mandelbrot(int w, int h, float x0, float y0, float dx, float dy, int maxit, int *out,
              double t[RUNS])
{
    mandelbrot_ctx m = {w, h, x0, y0, dx, dy, maxit, out};
    return bench_time(run_mandelbrot, NULL, &m, t);
}

typedef struct {
    int n;
    const float *a, *b;
    float *c;
} matmul_ctx;

/* Row i of C accumulates a[i][k] * b[k][j] for k = 0, 1, ... in turn, as
 * the tiled kernel does: the j loop vectorises. */
static int
run_matmul(void *ctx)
{
    matmul_ctx *m = ctx;
    int n = m->n;
    const float *a = m->a, *b = m->b;
    float *c = m->c;
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        float *ci = c + (size_t)i * n;
        for (int j = 0; j < n; j++)
            ci[j] = 0.0f;
        for (int k = 0; k < n; k++) {
            float aik = a[(size_t)i * n + k];
            const float *bk = b + (size_t)k * n;
            for (int j = 0; j < n; j++)
                ci[j] = fmaf(aik, bk[j], ci[j]);
        }
    }
    return 0;
}

int
be_matmul(int n, const float *a, const float *b, float *c, double t[RUNS])
{
    matmul_ctx m = {n, a, b, c};
    return bench_time(run_matmul, NULL, &m, t);
}

typedef struct {
    int w, h;
    const float *temp, *power;
    float *out;
    hotspot_coef k;
} hotspot_ctx;

static int
run_hotspot(void *ctx)
{
    hotspot_ctx *s = ctx;
    int w = s->w, h = s->h;
    const float *temp = s->temp, *power = s->power;
    float *out = s->out;
    float cap = s->k.cap, rx = s->k.rx, ry = s->k.ry, rz = s->k.rz, amb = s->k.amb;
#pragma omp parallel for
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int i = y * w + x;
            float t = temp[i];
            float n = y > 0 ? temp[i - w] : t;
            float so = y < h - 1 ? temp[i + w] : t;
            float e = x < w - 1 ? temp[i + 1] : t;
            float wst = x > 0 ? temp[i - 1] : t;
            float d = power[i] + (n + so - 2.0f * t) * ry + (e + wst - 2.0f * t) * rx + (amb - t) * rz;
            out[i] = t + cap * d;
        }
    return 0;
}

int
be_hotspot(int w, int h, const float *temp, const float *power, float *out, hotspot_coef k,
           double t[RUNS])
{
    hotspot_ctx s = {w, h, temp, power, out, k};
    return bench_time(run_hotspot, NULL, &s, t);
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

/* Level by level like the kernel: a parallel loop over the nodes a level. */
static int
run_bfs(void *ctx)
{
    bfs_ctx *b = ctx;
    int nodes = b->nodes, *dist = b->dist;
    const int *row = b->row, *col = b->col;
    int more = 1;
    b->launches = 0;
    for (int level = 0; more; level++) {
        more = 0;
        b->launches++;
#pragma omp parallel for schedule(dynamic, 1024)
        for (int v = 0; v < nodes; v++) {
            if (dist[v] != level)
                continue;
            for (int e = row[v]; e < row[v + 1]; e++) {
                int u = col[e], unseen = -1;
                if (__atomic_load_n(&dist[u], __ATOMIC_RELAXED) == -1 &&
                    __atomic_compare_exchange_n(&dist[u], &unseen, level + 1, 0, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED))
                    __atomic_store_n(&more, 1, __ATOMIC_RELAXED);
            }
        }
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
    (void)ctx;
    for (int i = 0; i < EMPTY_BATCH; i++) {
#pragma omp parallel
        {
            __asm__ volatile("" ::: "memory"); /* an empty region, kept */
        }
    }
    return 0;
}

int
be_empty(int ctas, double t[RUNS])
{
    (void)ctas;
    return bench_time(run_empty, NULL, NULL, t);
}
