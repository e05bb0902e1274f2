/* call_imm.c — reference for call_imm.ptx: each call's result computed
 * here from the immediates the PTX passes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

typedef struct {
    uint32_t v0, pad;
    uint64_t v1;
    float v2;
    uint32_t pad2;
    double v3;
    uint64_t v4;
} Row;

static float
f32_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static double
f64_of(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static uint64_t
all4(uint32_t a, uint64_t b, uint32_t cbits, uint64_t dbits, uint32_t lane)
{
    return ((uint64_t)(cbits ^ a) ^ b ^ dbits) + lane;
}

static Row
expect(int a32, uint64_t a64, uint32_t f, uint64_t d, uint32_t x0, uint64_t x1, uint32_t x2, uint64_t x3, uint32_t lane)
{
    Row r = {0};
    r.v0 = (uint32_t)a32 + lane;
    r.v1 = a64 + lane;
    r.v2 = f32_of(f) + (float)lane;
    r.v3 = f64_of(d) + (double)lane;
    r.v4 = all4(x0, x1, x2, x3, lane);
    return r;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_imm/load: %s\n", p2n_error_message());
        return 1;
    }
    static Row out[3 * 64];
    memset(out, 0x55, sizeof out);
    Row *po = out;
    void *p[] = {&po};
    p2n_result res = p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    if (res != P2N_SUCCESS) {
        printf("FAIL exec/call_imm/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[] = {"full_warp", "divergent", "predicated_pointer"};
    int failed = 0;
    for (int ph = 0; ph < 3; ph++) {
        int ok = 1;
        for (uint32_t t = 0; t < 64 && ok; t++) {
            Row w;
            if (ph == 0)
                w = expect(305419896, 0x123456789abcdef0ull, 0x40490FDB, 0x400921FB54442D18ull, (uint32_t)-1515870811,
                           0x0f0f0f0f0f0f0f0full, 0x3DCCCCCD, 0x3FB999999999999Aull, t);
            else if (ph == 1 && (t & 1))
                w = expect(-7, (uint64_t)-5, 0xBFC00000, 0xC002000000000000ull, 0x80000000u, 0x7ff0000000000000ull,
                           0x7F800000, 0xFFF0000000000000ull, t);
            else if (ph == 1)
                w = expect(0x7fffffff, 0x8000000000000001ull, 0x3F800000, 0x3FF0000000000000ull, 1, 2, 3, 4, t);
            else if ((t & 7) >= 3 && (t & 7) <= 5)
                w = expect(-1, 4294967296ull, 0x00000001, 0x8000000000000000ull, 0xdeadbeefu, 0xfedcba9876543210ull,
                           0xC0490FDB, 0x7FEFFFFFFFFFFFFFull, t);
            else
                w = (Row){.v0 = 11, .v1 = 12, .v2 = 13.0f, .v3 = 14.0, .v4 = 15};
            const Row *g = &out[ph * 64 + t];
            if (g->v0 != w.v0 || g->v1 != w.v1 || memcmp(&g->v2, &w.v2, 4) || memcmp(&g->v3, &w.v3, 8) ||
                g->v4 != w.v4) {
                printf("FAIL exec/call_imm/%s: lane %u got %#x %#llx %a %a %#llx, expected %#x %#llx %a %a %#llx\n",
                       names[ph], t, g->v0, (unsigned long long)g->v1, g->v2, g->v3, (unsigned long long)g->v4, w.v0,
                       (unsigned long long)w.v1, w.v2, w.v3, (unsigned long long)w.v4);
                ok = 0;
            }
        }
        if (ok)
            printf("PASS exec/call_imm/%s\n", names[ph]);
        failed |= !ok;
    }
    int32_t po2[64], *pp = po2;
    void *p2[] = {&pp};
    int ok = p2n_launch(m, "kp", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p2) == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++) {
        int32_t w = (t & 1) ? 100 + 7 + 5 + 10 + t : -9;
        if (po2[t] != w) {
            printf("FAIL exec/call_imm/param_params: [%d] = %d, expected %d\n", t, po2[t], w);
            ok = 0;
        }
    }
    if (ok)
        printf("PASS exec/call_imm/param_params\n");
    else
        failed = 1;
    p2n_module_unload(m);
    return failed;
}
