/* cvt.pack.sat.{u16,s16}.s32 and cvt.pack.sat.{u8,s8}.s32.b32 against a C
 * reference from the PTX manual's description: each of a and b is clamped
 * to the range of the destination type, b goes to the low field and a to
 * the one above it, and the remaining upper bits of d are the low bits of c. */
#include "common.h"

static long long clamp(long long x, long long lo, long long hi) { return x < lo ? lo : x > hi ? hi : x; }

int main(int argc, char **argv)
{
    setup(argc, argv, "cvtpack");
    enum { N = 256 };
    static int a[N], b[N];
    static unsigned c[N], o[4 * N], e[4 * N];
    const int corner[] = {0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
                          2147483647, (int)0x80000000u};
    const int nc = (int)(sizeof corner / sizeof corner[0]);
    for (int i = 0; i < N; i++) {
        unsigned r = lcg();
        a[i] = i < nc * nc ? corner[i % nc] : (int)(r >> (r & 31)) * (r & 1 ? -1 : 1);
        r = lcg();
        b[i] = i < nc * nc ? corner[i / nc] : (int)(r >> ((r >> 8) & 31)) * (r & 2 ? -1 : 1);
        c[i] = lcg();
    }
    for (int i = 0; i < N; i++) {
        e[4 * i] = (unsigned)clamp(a[i], 0, 65535) << 16 | (unsigned)clamp(b[i], 0, 65535);
        e[4 * i + 1] = ((unsigned)clamp(a[i], -32768, 32767) & 0xffff) << 16 | ((unsigned)clamp(b[i], -32768, 32767) & 0xffff);
        e[4 * i + 2] = c[i] << 16 | (unsigned)clamp(a[i], 0, 255) << 8 | (unsigned)clamp(b[i], 0, 255);
        e[4 * i + 3] = c[i] << 16 | ((unsigned)clamp(a[i], -128, 127) & 0xff) << 8 | ((unsigned)clamp(b[i], -128, 127) & 0xff);
    }
    int *pa = a, *pb = b;
    unsigned *pc = c, *po = o;
    void *p[] = {&pa, &pb, &pc, &po};
    if (launch("cvtpack", "cvtpack", d3(N / 64, 1, 1), d3(64, 1, 1), 0, p)) {
        const char *names[] = {"u16.s32", "s16.s32", "u8.s32.b32", "s8.s32.b32"};
        for (int k = 0; k < 4; k++) {
            unsigned g[N], x[N];
            for (int i = 0; i < N; i++) {
                g[i] = o[4 * i + k];
                x[i] = e[4 * i + k];
            }
            CHECK_INT(names[k], g, x, N);
        }
    }
    return finish();
}
