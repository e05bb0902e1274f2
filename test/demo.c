/* demo.c — make demo: load the translated kernels, render the mandelbrot
 * set (a divergent kernel: lanes leave the loop at different times) as
 * text, and check saxpy against plain C. */
#include <stdio.h>
#include <stdlib.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        fprintf(stderr, "demo: %s\n", p2n_error_message());
        return 1;
    }
    int w = 64, h = 24, maxit = 200;
    float x0 = -2.2f, y0 = -1.2f, dx = 3.2f / w, dy = 2.4f / h;
    int *it = calloc((size_t)w * h, sizeof *it);
    void *params[] = {&w, &h, &x0, &y0, &dx, &dy, &maxit, &it};
    p2n_result r = p2n_launch(m, "mandelbrot", (p2n_dim3){1, (unsigned)h, 1}, (p2n_dim3){64, 1, 1}, 0, params);
    if (r != P2N_SUCCESS) {
        fprintf(stderr, "demo: %s\n", p2n_error_message());
        return 1;
    }
    static const char shade[] = " .:-=+*#%@";
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int v = it[y * w + x];
            putchar(v >= maxit ? '@' : shade[v % 9]);
        }
        putchar('\n');
    }
    int n = 1000;
    float a = 2.0f, *xs = malloc(sizeof *xs * n), *ys = malloc(sizeof *ys * n);
    for (int i = 0; i < n; i++)
        xs[i] = (float)i, ys[i] = 1.0f;
    void *sp[] = {&n, &a, &xs, &ys};
    r = p2n_launch(m, "saxpy", (p2n_dim3){4, 1, 1}, (p2n_dim3){256, 1, 1}, 0, sp);
    int bad = r != P2N_SUCCESS;
    for (int i = 0; i < n && !bad; i++)
        bad = ys[i] != 2.0f * i + 1.0f;
    printf("\nsaxpy on %d floats (4 CTAs of 256 threads, a partial last CTA): %s\n", n, bad ? "WRONG" : "right");
    p2n_module_unload(m);
    free(it), free(xs), free(ys);
    return bad;
}
