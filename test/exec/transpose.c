/* Shared-memory tiled transpose with a 32x8 block (2D), ragged edges,
 * static and dynamic shared memory in the same kernel. */
#include "common.h"
int main(int argc, char **argv)
{
    setup(argc, argv, "transpose");
    int w = 100, h = 70; float *in = malloc(w * h * 4), *o = malloc(w * h * 4), *e = malloc(w * h * 4);
    for (int i = 0; i < w * h; i++) in[i] = (float)(int)(lcg() % 100000);
    for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) e[x * h + y] = in[y * w + x] + (float)(((y % 32) + 1) % 32 * 3);
    void *p[] = {&w, &h, &in, &o};
    if (launch("t", "transpose", d3(4, 3, 1), d3(32, 8, 1), 32 * sizeof(int), p)) CHECK_EXACT("transpose", o, e, w * h);
    return finish();
}
