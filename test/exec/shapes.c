/* shapes.c — reference for shapes.cu, written from the CUDA semantics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;
static unsigned seed = 99;

static unsigned
lcg(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/shapes/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static int
run(const char *k, p2n_dim3 g, p2n_dim3 b, size_t dyn, void **p, const char *name)
{
    p2n_result r = p2n_launch(mod, k, g, b, dyn, p);
    if (r != P2N_SUCCESS)
        report(name, 0, p2n_error_message());
    return r == P2N_SUCCESS;
}

static int
ints_equal(const int *got, const int *want, int n, char *d)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            sprintf(d, "[%d] = %d, expected %d", i, got[i], want[i]);
            return 0;
        }
    return 1;
}

static void
partial_warps(void)
{
    static const unsigned sizes[] = {1, 31, 33, 50, 1000};
    for (int s = 0; s < 5; s++) {
        unsigned bs = sizes[s];
        int n = (int)(3 * bs - 7 > 0 ? 3 * bs - 7 : 1);
        float *x = malloc(sizeof *x * (size_t)(3 * bs)), *y = malloc(sizeof *y * (size_t)(3 * bs + 8));
        for (unsigned i = 0; i < 3 * bs + 8; i++)
            y[i] = -5.0f;
        for (unsigned i = 0; i < 3 * bs; i++)
            x[i] = (float)i;
        float a = 2.0f;
        void *p[] = {&x, &y, &a, &n};
        char name[64], d[128] = "";
        snprintf(name, sizeof name, "partial_warps_block_%u", bs);
        if (run("scale", (p2n_dim3){3, 1, 1}, (p2n_dim3){bs, 1, 1}, 0, p, name)) {
            int ok = 1;
            for (unsigned i = 0; ok && i < 3 * bs + 8; i++) {
                float want = (int)i < n ? 2.0f * i + 1.0f : -5.0f; /* lanes past n store nothing */
                if (y[i] != want) {
                    ok = 0;
                    snprintf(d, sizeof d, "y[%u] = %g, expected %g", i, (double)y[i], (double)want);
                }
            }
            report(name, ok, d);
        }
        free(x), free(y);
    }
}

static void
grid3d(void)
{
    p2n_dim3 g = {3, 2, 2}, b = {4, 3, 5};
    int w = 12, h = 6, dz = 10, *o = calloc((size_t)(w * h * dz), sizeof *o), *want = malloc(sizeof *want * (size_t)(w * h * dz));
    for (int z = 0; z < dz; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                want[(z * h + y) * w + x] = x + 100 * y + 10000 * z;
    void *p[] = {&o};
    char d[128] = "";
    if (run("grid3d", g, b, 0, p, "grid3d_block3d"))
        report("grid3d_block3d", ints_equal(o, want, w * h * dz, d), d);
    free(o), free(want);
}

static void
dynamic_shared(void)
{
    int o[4 * 96], want[4 * 96], *po = o;
    for (int c = 0; c < 4; c++)
        for (int t = 0; t < 96; t++)
            want[c * 96 + t] = (95 - t) * 3;
    void *p[] = {&po};
    char d[128] = "";
    if (run("reverse", (p2n_dim3){4, 1, 1}, (p2n_dim3){96, 1, 1}, 96 * sizeof(int), p, "dynamic_shared"))
        report("dynamic_shared", ints_equal(o, want, 4 * 96, d), d);
}

static void
local_array(void)
{
    int in[64], o[64], want[64], *pi = in, *po = o, n = 5;
    for (int t = 0; t < 64; t++) {
        in[t] = (int)lcg();
        int i1 = (t * 7) % 64, i2 = in[t] & 63;
        want[t] = (i1 * n + t) + (i2 * n + t);
    }
    void *p[] = {&pi, &po, &n};
    char d[128] = "";
    if (run("local_array", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p, "local_array_varying_index"))
        report("local_array_varying_index", ints_equal(o, want, 64, d), d);
}

static void
matmul(void)
{
    int n = 64;
    float *a = malloc(sizeof *a * (size_t)(n * n)), *b = malloc(sizeof *b * (size_t)(n * n)), *c = malloc(sizeof *c * (size_t)(n * n));
    for (int i = 0; i < n * n; i++)
        a[i] = (float)(lcg() % 9) - 4.0f, b[i] = (float)(lcg() % 7) - 3.0f; /* small integers: sums exact */
    void *p[] = {&n, &a, &b, &c};
    char d[128] = "";
    if (run("matmul", (p2n_dim3){4, 4, 1}, (p2n_dim3){16, 16, 1}, 0, p, "tiled_matmul_barriers")) {
        int ok = 1;
        for (int i = 0; ok && i < n; i++)
            for (int j = 0; ok && j < n; j++) {
                float s = 0;
                for (int k = 0; k < n; k++)
                    s += a[i * n + k] * b[k * n + j];
                if (c[i * n + j] != s) {
                    ok = 0;
                    snprintf(d, sizeof d, "c[%d][%d] = %g, expected %g", i, j, (double)c[i * n + j], (double)s);
                }
            }
        report("tiled_matmul_barriers", ok, d);
    }
    free(a), free(b), free(c);
}

static void
block_sum(void)
{
    int n = 1000, in[1000], out[4], *pi = in, *po = out, want[4] = {0};
    for (int i = 0; i < n; i++)
        in[i] = (int)(lcg() % 1000), want[i / 256] += in[i];
    void *p[] = {&pi, &po, &n};
    char d[128] = "";
    if (run("block_sum", (p2n_dim3){4, 1, 1}, (p2n_dim3){256, 1, 1}, 0, p, "block_reduction_barrier_loop"))
        report("block_reduction_barrier_loop", ints_equal(out, want, 4, d), d);
}

static void
early_exit(void)
{
    int o[128], want[128], *po = o, limit = 77;
    for (int t = 0; t < 128; t++)
        o[t] = -9, want[t] = t < limit ? ((t + 1) % limit) * ((t + 1) % limit) : -9;
    void *p[] = {&po, &limit};
    char d[128] = "";
    if (run("early_exit", (p2n_dim3){1, 1, 1}, (p2n_dim3){128, 1, 1}, 0, p, "early_exit_before_barrier"))
        report("early_exit_before_barrier", ints_equal(o, want, 128, d), d);
}

static void
warp_ops(void)
{
    int in[64], o[8 * 64], want[8 * 64], *pi = in, *po = o;
    for (int t = 0; t < 64; t++)
        in[t] = (int)(lcg() % 200) + 1;
    in[40] = 77;
    for (int w = 0; w < 2; w++) {
        unsigned ballot = 0;
        int all = 1, any = 0;
        for (int l = 0; l < 32; l++) {
            int v = in[32 * w + l];
            ballot |= (unsigned)(v & 1) << l;
            all &= v > 0;
            any |= v == 77;
        }
        for (int l = 0; l < 32; l++) {
            int *r = &want[8 * (32 * w + l)];
            const int *v = &in[32 * w];
            r[0] = v[5];
            r[1] = l >= 3 ? v[l - 3] : v[l];
            r[2] = (l % 8) + 2 < 8 ? v[l + 2] : v[l]; /* width 8 segments */
            r[3] = v[l ^ 6];
            r[4] = (int)ballot;
            r[5] = all;
            r[6] = any;
            r[7] = -1;
        }
    }
    void *p[] = {&pi, &po};
    char d[128] = "";
    if (run("warp_ops", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p, "shfl_vote"))
        report("shfl_vote", ints_equal(o, want, 8 * 64, d), d);
}

static void
atomics(void)
{
    int n = 5000, *in = malloc(sizeof *in * (size_t)n), mx = -1, wmx = -1;
    unsigned hist[16] = {0}, want[16] = {0}, *ph = hist;
    for (int i = 0; i < n; i++) {
        in[i] = (int)(lcg() % 100000);
        want[in[i] & 15]++;
        wmx = in[i] > wmx ? in[i] : wmx;
    }
    int *pm = &mx;
    void *p[] = {&in, &ph, &pm, &n};
    char d[128] = "";
    if (run("atomics", (p2n_dim3){(unsigned)(n + 127) / 128, 1, 1}, (p2n_dim3){128, 1, 1}, 0, p, "atomic_histogram_max")) {
        int ok = mx == wmx && memcmp(hist, want, sizeof hist) == 0;
        snprintf(d, sizeof d, "max %d (expected %d), hist[0] %u (expected %u)", mx, wmx, hist[0], want[0]);
        report("atomic_histogram_max", ok, d);
    }
    free(in);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/shapes/load: %s\n", p2n_error_message());
        return 1;
    }
    partial_warps();
    grid3d();
    dynamic_shared();
    local_array();
    matmul();
    block_sum();
    early_exit();
    warp_ops();
    atomics();
    p2n_module_unload(mod);
    return failed;
}
