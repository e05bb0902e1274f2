/* bench.c — ptx2native against scalar gcc -O3 OpenMP C on the same
 * workloads, side by side in one run; prints ratios (the machines are
 * shared and noisy, absolute times drift).  usage: bench kernels.so */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ptx2native.h"

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

enum { REPS = 5 };

/* ------------------------------------------------- OpenMP references */

static void
omp_saxpy(int n, float a, const float *x, float *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

static void
omp_mandelbrot(int w, int h, float x0, float y0, float dx, float dy, int maxit, int *out)
{
#pragma omp parallel for schedule(dynamic)
    for (int py = 0; py < h; py++)
        for (int px = 0; px < w; px++) {
            float cr = x0 + px * dx, ci = y0 + py * dy, zr = 0, zi = 0;
            int it = 0;
            while (it < maxit && zr * zr + zi * zi <= 4.0f) {
                float t = zr * zr - zi * zi + cr;
                zi = 2.0f * zr * zi + ci;
                zr = t;
                it++;
            }
            out[py * w + px] = it;
        }
}

static void
omp_matmul(int n, const float *a, const float *b, float *c)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        float *ci = c + (size_t)i * n;
        for (int j = 0; j < n; j++)
            ci[j] = 0;
        for (int k = 0; k < n; k++) {
            float aik = a[(size_t)i * n + k];
            const float *bk = b + (size_t)k * n;
            for (int j = 0; j < n; j++)
                ci[j] += aik * bk[j];
        }
    }
}

/* ------------------------------------------------------------ driver */

static p2n_module *mod;
static int failed;

static double
time_launch(const char *k, p2n_dim3 g, p2n_dim3 b, void **params)
{
    double best = 1e30;
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        p2n_result rc = p2n_launch(mod, k, g, b, 0, params);
        double t = now() - t0;
        if (rc != P2N_SUCCESS) {
            fprintf(stderr, "bench: %s: %s\n", k, p2n_error_message());
            failed = 1;
            return 1e30;
        }
        if (t < best)
            best = t;
    }
    return best;
}

static void
report(const char *name, double p2n, double omp, const char *note)
{
    printf("%-28s ptx2native %9.3f ms   OpenMP %9.3f ms   ptx2native/OpenMP speed %6.2fx %s\n",
           name, p2n * 1e3, omp * 1e3, omp / p2n, note);
}

static void
bench_saxpy(void)
{
    int n = 1 << 24;
    float a = 1.5f;
    float *x = malloc(sizeof *x * n), *y = malloc(sizeof *y * n), *yr = malloc(sizeof *yr * n);
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 1000), y[i] = yr[i] = (float)(i % 7);
    void *params[] = {&n, &a, &x, &y};
    double tp = time_launch("saxpy", (p2n_dim3){(unsigned)(n / 256), 1, 1}, (p2n_dim3){256, 1, 1}, params);
    double to = 1e30;
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        omp_saxpy(n, a, x, yr);
        double t = now() - t0;
        to = t < to ? t : to;
    }
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += y[i] != yr[i];
    report("saxpy (16M floats)", tp, to, bad ? "MISMATCH" : "");
    failed |= bad != 0;
    free(x), free(y), free(yr);
}

static void
bench_mandelbrot(void)
{
    int w = 1024, h = 768, maxit = 256;
    float x0 = -2.0f, y0 = -1.2f, dx = 3.0f / w, dy = 2.4f / h;
    int *out = calloc((size_t)w * h, sizeof *out), *ref = calloc((size_t)w * h, sizeof *ref);
    void *params[] = {&w, &h, &x0, &y0, &dx, &dy, &maxit, &out};
    double tp = time_launch("mandelbrot", (p2n_dim3){(unsigned)(w / 64), (unsigned)h, 1}, (p2n_dim3){64, 1, 1}, params);
    double to = 1e30;
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        omp_mandelbrot(w, h, x0, y0, dx, dy, maxit, ref);
        double t = now() - t0;
        to = t < to ? t : to;
    }
    /* nvcc contracts to fma; a few pixels on the set's edge may differ */
    long bad = 0;
    for (long i = 0; i < (long)w * h; i++)
        bad += out[i] != ref[i];
    report("mandelbrot (1024x768, 256)", tp, to, bad > (long)w * h / 100 ? "MISMATCH" : "");
    failed |= bad > (long)w * h / 100;
    free(out), free(ref);
}

static void
bench_matmul(void)
{
    int n = 512;
    float *a = malloc(sizeof *a * n * n), *b = malloc(sizeof *b * n * n);
    float *c = malloc(sizeof *c * n * n), *r = malloc(sizeof *r * n * n);
    for (int i = 0; i < n * n; i++)
        a[i] = (float)(i % 17) * 0.25f, b[i] = (float)(i % 13) * 0.5f;
    void *params[] = {&n, &a, &b, &c};
    double tp = time_launch("matmul", (p2n_dim3){(unsigned)n / 16, (unsigned)n / 16, 1}, (p2n_dim3){16, 16, 1}, params);
    double to = 1e30;
    for (int k = 0; k < REPS; k++) {
        double t0 = now();
        omp_matmul(n, a, b, r);
        double t = now() - t0;
        to = t < to ? t : to;
    }
    int bad = 0;
    for (int i = 0; i < n * n; i++)
        bad += fabsf(c[i] - r[i]) > 1e-3f * fabsf(r[i]) + 1e-3f;
    report("tiled matmul (512, barriers)", tp, to, bad ? "MISMATCH" : "");
    failed |= bad != 0;
    free(a), free(b), free(c), free(r);
}

int
main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench kernels.so\n");
        return 2;
    }
    if (p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        fprintf(stderr, "bench: %s: %s\n", argv[1], p2n_error_message());
        return 1;
    }
    printf("threads: %d (OpenMP), ptx2native workers: default; best of %d runs each\n",
           omp_get_max_threads(), REPS);
    bench_saxpy();
    bench_mandelbrot();
    bench_matmul();
    p2n_module_unload(mod);
    return failed;
}
