/* Shared-memory access shapes per row of the block (rowaccess.cu): tiled
 * matrix multiply in square blocks of several sizes, and per-row
 * broadcast, contiguous and untrusted accesses in blocks whose warps span
 * one, two, several or irregular rows, partial warps, masked lanes.
 * Inputs are small integers, so every result is exact in float.  wrap_u,
 * wrap_s: 32-bit indices that wrap inside a warp before mul.wide. */
#define _GNU_SOURCE /* MAP_NORESERVE */
#include <sys/mman.h>

#include "common.h"

static void mm(const char *cas, int n, unsigned t)
{
    size_t nn = (size_t)n * n;
    float *a = malloc(nn * 4), *b = malloc(nn * 4), *c = malloc(nn * 4), *r = malloc(nn * 4);
    for (size_t i = 0; i < nn; i++)
        a[i] = (float)(lcg() % 9), b[i] = (float)(lcg() % 7) - 3.0f, c[i] = -7.0f;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += (double)a[i * n + k] * b[k * n + j];
            r[i * n + j] = (float)s;
        }
    unsigned g = (unsigned)(n + (int)t - 1) / t;
    void *pp[] = {&n, &a, &b, &c};
    if (launch(cas, "matmul_dyn", d3(g, g, 1), d3(t, t, 1), 2 * t * t * 4, pp))
        CHECK_EXACT(cas, c, r, nn);
    free(a), free(b), free(c), free(r);
}

/* What thread (tx, ty) of block (bx, by) writes, as rows() computes it. */
static float
rows_ref(int w, int h, const float *in, int bw, int bh, int bx, int by, int tx, int ty)
{
#define SH(i) ((bx * bw + (i) % bw) < w && (by * bh + (i) / bw) < h \
                   ? in[(by * bh + (i) / bw) * w + bx * bw + (i) % bw] : -1.0f)
    int gx = bx * bw + tx, gy = by * bh + ty;
    float acc = 0.0f;
    for (int k = 0; k < bw; k++)
        acc += SH(ty * bw + k) * (float)(k + 1);
    for (int k = 0; k < bh; k++)
        acc += SH(k * bw + tx) * (float)(2 * k + 1);
    if ((gx + 2 * gy) % 3 != 0) {
        acc += 100.0f * SH(ty * bw);
        acc += 1000.0f * SH(ty * bw + tx);
    }
    acc += 10000.0f * SH(ty * bw + tx);
    acc += 0.5f * SH(ty & 1 ? ty * bw + tx : ty * bw + (bw - 1 - tx));
    return acc;
#undef SH
}

static void rows(const char *cas, int w, int h, unsigned bw, unsigned bh)
{
    size_t n = (size_t)w * h;
    float *in = malloc(n * 4), *out = malloc(n * 4), *r = malloc(n * 4);
    for (size_t i = 0; i < n; i++)
        in[i] = (float)(lcg() % 10), out[i] = -3.0f;
    unsigned gx = (unsigned)(w + (int)bw - 1) / bw, gy = (unsigned)(h + (int)bh - 1) / bh;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            r[y * w + x] = rows_ref(w, h, in, (int)bw, (int)bh, x / (int)bw, y / (int)bh, x % (int)bw, y % (int)bh);
    void *pp[] = {&w, &h, &in, &out};
    if (launch(cas, "rows", d3(gx, gy, 1), d3(bw, bh, 1), (size_t)bw * bh * 4, pp))
        CHECK_EXACT(cas, out, r, n);
    free(in), free(out), free(r);
}

/* Lanes 0..15 read 16 GiB above lanes 16..31: two pages mapped 16 GiB
 * apart in one reservation (PROT_NONE elsewhere). */
static void wrap(void)
{
    const size_t pg = 4096, span = (size_t)1 << 34;
    char *a = mmap(NULL, span + 4 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a == MAP_FAILED || mprotect(a, 2 * pg, PROT_READ | PROT_WRITE) ||
        mprotect(a + span, 3 * pg, PROT_READ | PROT_WRITE)) {
        printf("PASS exec/rowaccess/wrap # SKIP: cannot reserve 16 GiB of address space\n");
        return;
    }
    float *lo = (float *)(a + pg), *hi = (float *)(a + span + pg - 64);
    for (int i = 0; i < 1024; i++)
        lo[i] = (float)(i + 1), hi[i] = (float)(-i - 1);
    float out[32], exp[32], *outp = out;
    for (int l = 0; l < 32; l++)
        exp[l] = l < 16 ? hi[l] : lo[l - 16];
    /* unsigned: u = l - 16 wraps between lanes 15 and 16 */
    const float *base = lo;
    unsigned uoff = 0xfffffff0u;
    void *pu[] = {&base, &uoff, &outp};
    memset(out, 0, sizeof out);
    if (launch("wrap_unsigned", "wrap_u", d3(1, 1, 1), d3(32, 1, 1), 0, pu))
        CHECK_EXACT("wrap_unsigned", out, exp, 32);
    /* signed: i = l + 0x7ffffff0 wraps to negative at lane 16 */
    const float *sbase = (const float *)((char *)lo + ((size_t)1 << 33));
    int soff = 0x7ffffff0;
    void *ps[] = {&sbase, &soff, &outp};
    memset(out, 0, sizeof out);
    if (launch("wrap_signed", "wrap_s", d3(1, 1, 1), d3(32, 1, 1), 0, ps))
        CHECK_EXACT("wrap_signed", out, exp, 32);
    munmap(a, span + 4 * pg);
}

int main(int argc, char **argv)
{
    setup(argc, argv, "rowaccess");
    mm("matmul_16x16", 64, 16);
    mm("matmul_16x16_partial_tiles", 40, 16);
    mm("matmul_24x24", 48, 24);
    mm("matmul_24x24_partial_tiles", 50, 24);
    mm("matmul_8x8", 40, 8);
    mm("matmul_32x32", 64, 32);
    mm("matmul_4x4", 9, 4);
    rows("rows_16x16", 64, 48, 16, 16);
    rows("rows_16x16_masked", 37, 29, 16, 16);
    rows("rows_8x32", 40, 70, 8, 32);
    rows("rows_32x8", 70, 40, 32, 8);
    rows("rows_24x24", 50, 50, 24, 24);
    rows("rows_20x3_partial_warp", 45, 10, 20, 3);
    rows("rows_48x2", 100, 5, 48, 2);
    rows("rows_5x7", 23, 19, 5, 7);
    rows("rows_64x1", 200, 3, 64, 1);
    wrap();
    return finish();
}
