/* bench.h — the benchmark driver (bench.c) and its three back ends:
 * ptx2native (p2n.c), OpenMP C (omp.c) and OpenCL C through libOpenCL
 * (ocl.c).  One program is built per back end; bench.sh runs them in
 * turn and tabulates what they print.  Every back end computes the same
 * outputs from the same inputs, bit for bit. */
#ifndef BENCH_H
#define BENCH_H

enum {
    WARMUPS = 2, /* untimed launches before the timed ones */
    RUNS = 11,   /* timed launches; a process reports their median */
    EMPTY_BATCH = 100, /* empty launches a timed run (latency) */
};

/* bench.c */
typedef int (*bench_fn)(void *ctx); /* 0 on success */
double bench_now(void);
/* Runs WARMUPS + RUNS times: reset (may be null, untimed), then run
 * (timed); stores the RUNS times in seconds.  Stops at a failure. */
int bench_time(bench_fn run, bench_fn reset, void *ctx, double t[RUNS]);

typedef struct {
    float cap, rx, ry, rz, amb;
} hotspot_coef;

/* p2n.c, omp.c, ocl.c: each the same interface.  be_init gets the
 * program's argument (the .so or .cl file) and returns 0, or prints why
 * not and returns nonzero.  Each kernel function runs WARMUPS + RUNS
 * launches through bench_time, leaves the output of the last in the
 * output array and returns 0, or nonzero after printing why. */
extern const char be_name[];
int be_init(const char *arg);
void be_done(void);
int be_saxpy(int n, float a, const float *x, float *y, double t[RUNS]);
int be_reduce(int n, const unsigned *x, unsigned long long *sum, double t[RUNS]);
int be_mandelbrot(int w, int h, float x0, float y0, float dx, float dy, int maxit, int *out,
                  double t[RUNS]);
int be_matmul(int n, const float *a, const float *b, float *c, double t[RUNS]);
int be_hotspot(int w, int h, const float *temp, const float *power, float *out, hotspot_coef k,
               double t[RUNS]);
/* One timed run is a whole search from node 0: levels 0, 1, ... until a
 * level labels nothing; dist starts as init (0 at node 0, else -1). */
int be_bfs(int nodes, const int *row, const int *col, const int *init, int *dist, int *launches,
           double t[RUNS]);
/* One timed run is EMPTY_BATCH launches of an empty kernel, ctas CTAs of
 * 32 threads (OpenMP: an empty parallel region, whatever ctas). */
int be_empty(int ctas, double t[RUNS]);

#endif
