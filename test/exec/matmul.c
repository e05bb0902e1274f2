/* Tiled matrix multiply: 2D blocks and grid, __syncthreads in a loop,
 * shared tiles, a ragged edge (n not a multiple of 16).  Small integer
 * entries keep every sum exact, so the comparison is exact. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "matmul");
    int n = 75; float *a = malloc(n * n * 4), *b = malloc(n * n * 4), *c = malloc(n * n * 4), *e = malloc(n * n * 4);
    for (int i = 0; i < n * n; i++) { a[i] = (float)((int)(lcg() % 17) - 8); b[i] = (float)((int)(lcg() % 17) - 8); }
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { long s = 0; for (int k = 0; k < n; k++) s += (long)a[i*n+k] * (long)b[k*n+j]; e[i*n+j] = (float)s; }
    void *p[] = {&n, &a, &b, &c};
    if (launch("matmul", "matmul", d3(5, 5, 1), d3(16, 16, 1), 0, p)) CHECK_EXACT("matmul75", c, e, n * n);
    return finish();
}
