/* %tid/%ctaid/%ntid/%nctaid in 1D, 2D and 3D blocks and grids. */
#include "common.h"
static void one(const char *cas, p2n_dim3 g, p2n_dim3 b)
{
    size_t n = (size_t)g.x * g.y * g.z * b.x * b.y * b.z;
    unsigned *o = malloc(4 * n * 4), *e = malloc(4 * n * 4);
    memset(o, 0xff, 4 * n * 4);
    for (unsigned bz = 0; bz < g.z; bz++) for (unsigned by = 0; by < g.y; by++) for (unsigned bx = 0; bx < g.x; bx++)
    for (unsigned tz = 0; tz < b.z; tz++) for (unsigned ty = 0; ty < b.y; ty++) for (unsigned tx = 0; tx < b.x; tx++) {
        size_t blk = bx + g.x * (by + g.y * bz), t = tx + b.x * (ty + b.y * tz);
        unsigned *p = e + 4 * (blk * b.x * b.y * b.z + t);
        p[0] = tx | ty << 10 | tz << 20; p[1] = bx | by << 10 | bz << 20;
        p[2] = b.x | b.y << 10 | b.z << 20; p[3] = g.x | g.y << 10 | g.z << 20;
    }
    void *pp[] = {&o};
    if (launch(cas, "ids", g, b, 0, pp)) CHECK_INT(cas, o, e, 4 * n);
    free(o); free(e);
}
int main(int argc, char **argv)
{
    setup(argc, argv, "dims");
    one("1d", d3(7, 1, 1), d3(33, 1, 1));
    one("2d_block", d3(3, 1, 1), d3(5, 7, 1));
    one("2d_grid", d3(4, 3, 1), d3(16, 2, 1));
    one("3d", d3(2, 3, 4), d3(3, 5, 7));
    one("3d_big_block", d3(1, 2, 1), d3(8, 8, 16));
    one("1thread", d3(1, 1, 1), d3(1, 1, 1));
    return finish();
}
