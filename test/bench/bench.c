/* bench.c — the driver every back end links with: makes the inputs
 * (the same in every process), runs each kernel through the back end and
 * prints one line per kernel for bench.sh to tabulate:
 *
 *     KERNEL<tab>BACKEND<tab>MEDIAN_MS<tab>CHECKSUM       or
 *     KERNEL<tab>BACKEND<tab>failed<tab>-
 *
 * usage: bench-BACKEND ARG [KERNEL...]   (ARG: the .so, the .cl, or "-")
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

double
bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int
bench_time(bench_fn run, bench_fn reset, void *ctx, double t[RUNS])
{
    for (int r = 0; r < WARMUPS + RUNS; r++) {
        if (reset && reset(ctx) != 0)
            return 1;
        double t0 = bench_now();
        if (run(ctx) != 0)
            return 1;
        if (r >= WARMUPS)
            t[r - WARMUPS] = bench_now() - t0;
    }
    return 0;
}

static double
median(double *t, int n)
{
    for (int i = 1; i < n; i++) /* insertion sort: n is 11 */
        for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
            double x = t[j];
            t[j] = t[j - 1], t[j - 1] = x;
        }
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* A fixed pseudo-random value of i (splitmix64's finaliser). */
static uint64_t
mix(uint64_t i)
{
    i += 0x9e3779b97f4a7c15u;
    i = (i ^ (i >> 30)) * 0xbf58476d1ce4e5b9u;
    i = (i ^ (i >> 27)) * 0x94d049bb133111ebu;
    return i ^ (i >> 31);
}

/* FNV-1a over the bytes of an output: equal outputs, equal sums. */
static uint64_t
fnv(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3u;
    return h;
}

static void *
xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "bench: out of memory (%zu bytes)\n", n);
        exit(1);
    }
    return p;
}

static void
put(const char *kernel, int rc, double t[RUNS], const char *sum)
{
    if (rc != 0)
        printf("%s\t%s\tfailed\t-\n", kernel, be_name);
    else
        printf("%s\t%s\t%.4f\t%s\n", kernel, be_name, median(t, RUNS) * 1e3, sum);
    fflush(stdout);
}

static void
put_hash(const char *kernel, int rc, double t[RUNS], const void *p, size_t n)
{
    char s[32];
    snprintf(s, sizeof s, "%016" PRIx64, fnv(p, n));
    put(kernel, rc, t, s);
}

static void
run_saxpy(void)
{
    int n = 1 << 25;
    float *x = xmalloc(sizeof *x * n), *y = xmalloc(sizeof *y * n);
    for (int i = 0; i < n; i++)
        x[i] = (float)(mix(i) % 1000) * 0.25f, y[i] = (float)(i % 7);
    double t[RUNS];
    int rc = be_saxpy(n, 1.5f, x, y, t);
    put_hash("saxpy", rc, t, y, sizeof *y * n);
    free(x), free(y);
}

static void
run_reduce(void)
{
    int n = 1 << 25;
    unsigned *x = xmalloc(sizeof *x * n);
    for (int i = 0; i < n; i++)
        x[i] = (unsigned)(mix(i) & 0xffff);
    unsigned long long sum = 0;
    double t[RUNS];
    int rc = be_reduce(n, x, &sum, t);
    char s[32];
    snprintf(s, sizeof s, "%llu", sum);
    put("reduce", rc, t, s);
    free(x);
}

static void
run_mandelbrot(void)
{
    int w = 1536, h = 1024;
    int *out = xmalloc(sizeof *out * w * h);
    double t[RUNS];
    int rc = be_mandelbrot(w, h, -2.0f, -1.25f, 3.0f / w, 2.5f / h, 256, out, t);
    put_hash("mandelbrot", rc, t, out, sizeof *out * w * h);
    free(out);
}

static void
run_matmul(void)
{
    int n = 1024;
    size_t nn = (size_t)n * n;
    float *a = xmalloc(sizeof *a * nn), *b = xmalloc(sizeof *b * nn), *c = xmalloc(sizeof *c * nn);
    for (size_t i = 0; i < nn; i++)
        a[i] = (float)(mix(i) % 17) * 0.25f, b[i] = (float)(mix(i + nn) % 13) * 0.5f;
    double t[RUNS];
    int rc = be_matmul(n, a, b, c, t);
    put_hash("matmul", rc, t, c, sizeof *c * nn);
    free(a), free(b), free(c);
}

static void
run_hotspot(void)
{
    int w = 4096, h = 4096;
    size_t wh = (size_t)w * h;
    float *temp = xmalloc(sizeof *temp * wh), *power = xmalloc(sizeof *power * wh);
    float *out = xmalloc(sizeof *out * wh);
    for (size_t i = 0; i < wh; i++) {
        uint64_t r = mix(i);
        temp[i] = 320.0f + (float)(r % 1000) * 0.01f;
        power[i] = (float)((r >> 20) % 1000) * 1e-4f;
    }
    hotspot_coef k = {.cap = 0.5f, .rx = 0.1f, .ry = 0.1f, .rz = 0.002f, .amb = 80.0f};
    double t[RUNS];
    int rc = be_hotspot(w, h, temp, power, out, k, t);
    put_hash("hotspot", rc, t, out, sizeof *out * wh);
    free(temp), free(power), free(out);
}

/* 2^21 nodes of out-degree 8 (16.8M edges).  Node v's edges go forward,
 * to v + 1 and to seven v + d (mod nodes), d below nodes / 4: a search
 * from node 0 reaches every node in ten levels (eleven launches, the last
 * labelling nothing). */
static void
run_bfs(void)
{
    enum { DEGREE = 8 };
    int nodes = 1 << 21, span = nodes / 4;
    int *row = xmalloc(sizeof *row * (nodes + 1));
    int *col = xmalloc(sizeof *col * (size_t)nodes * DEGREE);
    int *init = xmalloc(sizeof *init * nodes), *dist = xmalloc(sizeof *dist * nodes);
    for (int v = 0; v <= nodes; v++)
        row[v] = v * DEGREE;
    for (int v = 0; v < nodes; v++) {
        for (int e = 0; e < DEGREE; e++)
            col[v * DEGREE + e] = (int)((v + 1 + (e ? mix((uint64_t)v * DEGREE + e) % span : 0)) % nodes);
        init[v] = v == 0 ? 0 : -1;
    }
    int launches = 0;
    double t[RUNS];
    int rc = be_bfs(nodes, row, col, init, dist, &launches, t);
    long reached = 0;
    for (int v = 0; v < nodes; v++)
        reached += dist[v] >= 0;
    char s[64];
    snprintf(s, sizeof s, "%016" PRIx64 " (%ld reached, %d launches)", fnv(dist, sizeof *dist * nodes),
             reached, launches);
    put("bfs", rc, t, s);
    free(row), free(col), free(init), free(dist);
}

static void
run_empty(const char *name, int ctas)
{
    double t[RUNS];
    int rc = be_empty(ctas, t);
    for (int i = 0; i < RUNS; i++)
        t[i] /= EMPTY_BATCH;
    put(name, rc, t, "-");
}

/* One CTA, which the launching thread may run itself, and 16, which
 * wake the workers. */
static void
run_empty1(void)
{
    run_empty("empty1", 1);
}

static void
run_empty16(void)
{
    run_empty("empty16", 16);
}

static const struct {
    const char *name;
    void (*run)(void);
} kernels[] = {
    {"saxpy", run_saxpy},     {"reduce", run_reduce}, {"mandelbrot", run_mandelbrot},
    {"matmul", run_matmul},   {"hotspot", run_hotspot}, {"bfs", run_bfs},
    {"empty1", run_empty1},   {"empty16", run_empty16},
};

int
main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s ARG [KERNEL...]\n", argv[0]);
        return 2;
    }
    if (be_init(argv[1]) != 0)
        return 1;
    for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
        int chosen = argc == 2;
        for (int i = 2; i < argc; i++)
            chosen |= strcmp(argv[i], kernels[k].name) == 0;
        if (chosen)
            kernels[k].run();
    }
    be_done();
    return 0;
}
