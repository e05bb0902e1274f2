/* float + - * / sqrt, IEEE round-to-nearest (nvcc's default / and
 * sqrtf are correctly rounded with -prec-div/-prec-sqrt on), exact. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "vecf32");
    int n = 4000; float *a = malloc(n * 4), *b = malloc(n * 4), *o = malloc(5 * n * 4), *e = malloc(5 * n * 4);
    for (int i = 0; i < n; i++) { uint32_t u = lcg(), w = lcg(); u = (u & 0x807fffff) | ((100 + lcg() % 55) << 23); w = (w & 0x807fffff) | ((100 + lcg() % 55) << 23); memcpy(&a[i], &u, 4); memcpy(&b[i], &w, 4); }
    for (int i = 0; i < n; i++) { volatile float x = a[i], y = b[i]; e[5*i] = x + y; e[5*i+1] = x - y; e[5*i+2] = x * y; e[5*i+3] = x / y; e[5*i+4] = sqrtf(fabsf(x)); }
    void *p[] = {&n, &a, &b, &o};
    if (!launch("vf", "vf", d3(16, 1, 1), d3(250, 1, 1), 0, p)) return finish();
    const char *nm[5] = {"add", "sub", "mul", "div", "sqrt"};
    float *g = malloc(n * 4), *x = malloc(n * 4);
    for (int k = 0; k < 5; k++) { for (int i = 0; i < n; i++) { g[i] = o[5*i+k]; x[i] = e[5*i+k]; } CHECK_EXACT(nm[k], g, x, n); }
    return finish();
}
