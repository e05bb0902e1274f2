/* syncwarp_div.c — reference for syncwarp_div.cu.  From the PTX ISA
 * (bar.warp.sync waits until every thread of its member mask has executed
 * a bar.warp.sync, and orders the memory accesses around it) and the CUDA
 * guide (non-exited threads named in the mask must execute a
 * corresponding __syncwarp()): each value below is the one written before
 * the sync that precedes its read, whichever side of the branch wrote it. */
#include "common.h"

enum { N = 64, SENT = 0x5eed };

static int in[2 * N];

int main(int argc, char **argv)
{
    setup(argc, argv, "syncwarp_div");
    for (int t = 0; t < 2 * N; t++) in[t] = (int)(lcg() % 1000);
    const int *pi = in;
    static int got[2 * N], e[2 * N];
    int *po = got;
    void *params[] = {&pi, &po};

    /* ifelse: two blocks of 64; in block 1 lanes 28..31 of each warp exit */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int b = 0; b < 2; b++) {
        const int *a = in + b * N;
        int lim = b == 1 ? 28 : 32;
        for (int t = 0; t < N; t++) {
            int lane = t % 32;
            if (lane >= lim)
                continue;
            if (lane < 16)
                e[b * N + t] = lane + 16 < lim ? a[t] * 3 + 1 + a[t + 16] : -1;
            else
                e[b * N + t] = a[t - 16] * 3 + 1;
        }
    }
    if (launch("ifelse", "ifelse", d3(2, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("ifelse", got, e, 2 * N);

    /* three: group 1 (lane % 3 == 1) holds in[t-1] + 1 */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int t = 0; t < N; t++) {
        int lane = t % 32;
        switch (lane % 3) {
        case 0: e[t] = lane < 31 ? in[t] + 1 : -1; break;
        case 1: e[t] = in[t - 1] + 1; break;
        default: e[t] = (in[t - 2] + 1) * 2; break;
        }
    }
    if (launch("three", "three", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("three", got, e, 2 * N);

    /* subset: lanes 0..15 read their pair's value; the others compute alone */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int t = 0; t < N; t++)
        e[t] = t % 32 < 16 ? in[t ^ 1] + 5 : in[t] * 7;
    if (launch("subset", "subset", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("subset", got, e, 2 * N);
    /* loop: iteration by iteration, the lanes still in it (i < n) write
     * their value, then read their pair's latest one */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    {
        int sh[N] = {0}, v[N];
        for (int t = 0; t < N; t++) v[t] = in[t];
        for (int i = 0; i < 4; i++) {
            for (int t = 0; t < N; t++)
                if (i < t % 4 + 1) sh[t] = v[t];
            for (int t = 0; t < N; t++)
                if (i < t % 4 + 1) v[t] = sh[t ^ 1] + i;
        }
        for (int t = 0; t < N; t++) e[t] = v[t];
    }
    if (launch("loop", "loop", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("loop", got, e, 2 * N);

    /* mixed: lanes with lane % 3 != 0 read the value of the lane of their
     * group below; after the barrier, add the other warp's v */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    {
        int v[N];
        for (int t = 0; t < N; t++) v[t] = t % 32 % 3 == 0 ? 1 : in[t - t % 32 % 3] + 2;
        for (int t = 0; t < N; t++) e[t] = v[t] * 1000 + v[t ^ 32];
    }
    if (launch("mixed", "mixed", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("mixed", got, e, 2 * N);

    /* infunc: lanes with bit 2 clear read what lane ^ 4 passed, plus 9 */
    for (int i = 0; i < 2 * N; i++) got[i] = e[i] = SENT;
    for (int t = 0; t < N; t++) e[t] = t & 4 ? 0 : in[t ^ 4] + 9;
    if (launch("infunc", "infunc", d3(1, 1, 1), d3(N, 1, 1), 0, params))
        CHECK_INT("infunc", got, e, 2 * N);
    return finish();
}
