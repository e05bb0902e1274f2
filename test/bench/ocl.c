/* ocl.c — the OpenCL back end: builds kernels.cl (the program's argument)
 * for the first OpenCL platform's first device (PoCL where `make
 * bench-deps` installed it) and runs it through the plain OpenCL 1.2 C
 * API.  Buffers are copied in before the timed launches and the output
 * read back after them; a timed run is the enqueue and clFinish. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

const char be_name[] = "OpenCL";

static cl_context ctx;
static cl_command_queue queue;
static cl_program prog;

static int
check(const char *what, cl_int rc)
{
    if (rc == CL_SUCCESS)
        return 0;
    fprintf(stderr, "bench: OpenCL: %s: error %d\n", what, (int)rc);
    return 1;
}

static char *
slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc(n + 1);
    if (s && fread(s, 1, n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = 0;
    fclose(f);
    return s;
}

int
be_init(const char *arg)
{
    cl_platform_id plat;
    cl_device_id dev;
    cl_uint np = 0;
    cl_int rc;
    if (clGetPlatformIDs(1, &plat, &np) != CL_SUCCESS || np == 0) {
        fprintf(stderr, "bench: OpenCL: no platform\n");
        return 1;
    }
    if (check("clGetDeviceIDs", clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)))
        return 1;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    if (check("clCreateContext", rc))
        return 1;
    queue = clCreateCommandQueue(ctx, dev, 0, &rc);
    if (check("clCreateCommandQueue", rc))
        return 1;
    char *src = slurp(arg);
    if (!src) {
        perror(arg);
        return 1;
    }
    prog = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &rc);
    free(src);
    if (check("clCreateProgramWithSource", rc))
        return 1;
    if (clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        fprintf(stderr, "bench: OpenCL: %s does not build:\n%s\n", arg, log);
        return 1;
    }
    return 0;
}

void
be_done(void)
{
    clReleaseProgram(prog);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
}

/* A buffer of n bytes, a copy of host's when host is not null. */
static cl_mem
buffer(size_t n, const void *host)
{
    cl_int rc;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), n,
                              (void *)host, &rc);
    check("clCreateBuffer", rc);
    return m;
}

static int
read_back(cl_mem m, size_t n, void *host)
{
    return check("clEnqueueReadBuffer", clEnqueueReadBuffer(queue, m, CL_TRUE, 0, n, host, 0, NULL, NULL));
}

typedef struct {
    cl_kernel k;
    cl_uint dims;
    size_t global[2], local[2];
} launch;

/* A kernel with its arguments: sizes[i] bytes at args[i]. */
static cl_kernel
kernel(const char *name, int nargs, const size_t *sizes, const void *const *args)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(prog, name, &rc);
    if (check(name, rc))
        return NULL;
    for (int i = 0; i < nargs; i++)
        if (check("clSetKernelArg", clSetKernelArg(k, i, sizes[i], args[i]))) {
            clReleaseKernel(k);
            return NULL;
        }
    return k;
}

static int
enqueue(launch *l)
{
    return check("clEnqueueNDRangeKernel",
                 clEnqueueNDRangeKernel(queue, l->k, l->dims, NULL, l->global, l->local, 0, NULL, NULL));
}

static int
run_launch(void *ctx)
{
    launch *l = ctx;
    return enqueue(l) || check("clFinish", clFinish(queue));
}

/* Times l, then reads `out` (bytes) back into host and frees it all. */
static int
time_and_read(launch *l, bench_fn reset, cl_mem out, size_t bytes, void *host, double t[RUNS])
{
    int rc = !l->k || bench_time(run_launch, reset, l, t) || read_back(out, bytes, host);
    if (l->k)
        clReleaseKernel(l->k);
    return rc;
}

int
be_saxpy(int n, float a, const float *x, float *y, double t[RUNS])
{
    cl_mem bx = buffer(sizeof *x * n, x), by = buffer(sizeof *y * n, y);
    const void *args[] = {&n, &a, &bx, &by};
    size_t sizes[] = {sizeof n, sizeof a, sizeof bx, sizeof by};
    launch l = {kernel("saxpy", 4, sizes, args), 1, {(size_t)n}, {256}};
    int rc = time_and_read(&l, NULL, by, sizeof *y * n, y, t);
    clReleaseMemObject(bx), clReleaseMemObject(by);
    return rc;
}

static cl_mem reduce_sum;

static int
reset_reduce(void *ctx)
{
    (void)ctx;
    cl_ulong zero = 0;
    return check("clEnqueueWriteBuffer",
                 clEnqueueWriteBuffer(queue, reduce_sum, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL));
}

int
be_reduce(int n, const unsigned *x, unsigned long long *sum, double t[RUNS])
{
    cl_mem bx = buffer(sizeof *x * n, x), bs = buffer(sizeof(cl_ulong), NULL);
    const void *args[] = {&n, &bx, &bs};
    size_t sizes[] = {sizeof n, sizeof bx, sizeof bs};
    launch l = {kernel("reduce", 3, sizes, args), 1, {(size_t)(n + 255) / 256 * 256}, {256}};
    reduce_sum = bs;
    cl_ulong s = 0;
    int rc = time_and_read(&l, reset_reduce, bs, sizeof s, &s, t);
    *sum = s;
    clReleaseMemObject(bx), clReleaseMemObject(bs);
    return rc;
}

int
be_mandelbrot(int w, int h, float x0, float y0, float dx, float dy, int maxit, int *out,
              double t[RUNS])
{
    size_t bytes = sizeof *out * w * h;
    cl_mem bo = buffer(bytes, NULL);
    const void *args[] = {&w, &h, &x0, &y0, &dx, &dy, &maxit, &bo};
    size_t sizes[] = {sizeof w, sizeof h, sizeof x0, sizeof y0, sizeof dx, sizeof dy, sizeof maxit, sizeof bo};
    launch l = {kernel("mandelbrot", 8, sizes, args), 2, {(size_t)(w + 63) / 64 * 64, (size_t)h}, {64, 1}};
    int rc = time_and_read(&l, NULL, bo, bytes, out, t);
    clReleaseMemObject(bo);
    return rc;
}

int
be_matmul(int n, const float *a, const float *b, float *c, double t[RUNS])
{
    size_t bytes = sizeof(float) * n * n;
    cl_mem ba = buffer(bytes, a), bb = buffer(bytes, b), bc = buffer(bytes, NULL);
    const void *args[] = {&n, &ba, &bb, &bc};
    size_t sizes[] = {sizeof n, sizeof ba, sizeof bb, sizeof bc};
    launch l = {kernel("matmul", 4, sizes, args), 2, {(size_t)n, (size_t)n}, {16, 16}};
    int rc = time_and_read(&l, NULL, bc, bytes, c, t);
    clReleaseMemObject(ba), clReleaseMemObject(bb), clReleaseMemObject(bc);
    return rc;
}

int
be_hotspot(int w, int h, const float *temp, const float *power, float *out, hotspot_coef k,
           double t[RUNS])
{
    size_t bytes = sizeof(float) * w * h;
    cl_mem bt = buffer(bytes, temp), bp = buffer(bytes, power), bo = buffer(bytes, NULL);
    const void *args[] = {&w, &h, &bt, &bp, &bo, &k.cap, &k.rx, &k.ry, &k.rz, &k.amb};
    size_t sizes[] = {sizeof w, sizeof h, sizeof bt, sizeof bp, sizeof bo, 4, 4, 4, 4, 4};
    launch l = {kernel("hotspot", 10, sizes, args), 2, {(size_t)(w + 15) / 16 * 16, (size_t)(h + 15) / 16 * 16},
                {16, 16}};
    int rc = time_and_read(&l, NULL, bo, bytes, out, t);
    clReleaseMemObject(bt), clReleaseMemObject(bp), clReleaseMemObject(bo);
    return rc;
}

typedef struct {
    launch l;
    cl_mem dist, more;
    const int *init;
    int nodes, launches;
} bfs_ctx;

static int
reset_bfs(void *ctx)
{
    bfs_ctx *b = ctx;
    return check("clEnqueueWriteBuffer", clEnqueueWriteBuffer(queue, b->dist, CL_TRUE, 0, sizeof(int) * b->nodes,
                                                              b->init, 0, NULL, NULL));
}

static int
run_bfs(void *ctx)
{
    bfs_ctx *b = ctx;
    int more = 1;
    b->launches = 0;
    for (int level = 0; more; level++) {
        more = 0;
        b->launches++;
        if (check("clEnqueueWriteBuffer",
                  clEnqueueWriteBuffer(queue, b->more, CL_FALSE, 0, sizeof more, &more, 0, NULL, NULL)) ||
            check("clSetKernelArg", clSetKernelArg(b->l.k, 4, sizeof level, &level)) || enqueue(&b->l) ||
            check("clEnqueueReadBuffer",
                  clEnqueueReadBuffer(queue, b->more, CL_TRUE, 0, sizeof more, &more, 0, NULL, NULL)))
            return 1;
    }
    return 0;
}

int
be_bfs(int nodes, const int *row, const int *col, const int *init, int *dist, int *launches,
       double t[RUNS])
{
    size_t edges = (size_t)row[nodes];
    cl_mem br = buffer(sizeof *row * (nodes + 1), row), bc = buffer(sizeof *col * edges, col);
    bfs_ctx b = {.dist = buffer(sizeof *dist * nodes, init), .more = buffer(sizeof(int), NULL), .init = init,
                 .nodes = nodes};
    int level = 0;
    const void *args[] = {&nodes, &br, &bc, &b.dist, &level, &b.more};
    size_t sizes[] = {sizeof nodes, sizeof br, sizeof bc, sizeof b.dist, sizeof level, sizeof b.more};
    b.l = (launch){kernel("bfs", 6, sizes, args), 1, {(size_t)(nodes + 255) / 256 * 256}, {256}};
    int rc = !b.l.k || bench_time(run_bfs, reset_bfs, &b, t) || read_back(b.dist, sizeof *dist * nodes, dist);
    *launches = b.launches;
    if (b.l.k)
        clReleaseKernel(b.l.k);
    clReleaseMemObject(br), clReleaseMemObject(bc), clReleaseMemObject(b.dist), clReleaseMemObject(b.more);
    return rc;
}

static int
run_empty(void *ctx)
{
    for (int i = 0; i < EMPTY_BATCH; i++)
        if (run_launch(ctx))
            return 1;
    return 0;
}

int
be_empty(int ctas, double t[RUNS])
{
    launch l = {kernel("empty", 0, NULL, NULL), 1, {(size_t)ctas * 32}, {32}};
    int rc = !l.k || bench_time(run_empty, NULL, &l, t);
    if (l.k)
        clReleaseKernel(l.k);
    return rc;
}
