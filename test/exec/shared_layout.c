/* Per-kernel shared memory layout (shared_layout.ptx): six 40 KB kernels
 * of one module each launch; the dynamic part follows each kernel's own
 * static part and overlaps neither it nor, through a .func, another
 * kernel's layout; a 32-bit shared address below an array plus an offset
 * wraps at 32 bits.  Expected values from the PTX by hand. */
#include "common.h"
static void static_dynamic(const char *cas, const char *k, unsigned words, unsigned threads, unsigned dyn)
{
    unsigned out[257], exp[257];
    for (unsigned t = 0; t < threads; t++) exp[t] = 3; /* static intact (1) + dynamic right (2) */
    unsigned *po = out; void *p[] = {&po};
    if (!launch(cas, k, d3(2, 1, 1), d3(threads, 1, 1), dyn, p)) return;
    CHECK_INT(cas, out, exp, threads);
    /* the static part is this kernel's words (rounded up to 16 bytes at
     * most), not the sum over the module's kernels */
    char c2[64];
    snprintf(c2, sizeof c2, "%s_static_size", cas);
    int ok = out[threads] >= words * 4 && out[threads] < words * 4 + 16;
    if (ok) printf("PASS exec/%s/%s\n", g_name, c2);
    else { printf("FAIL exec/%s/%s: %u bytes, want %u\n", g_name, c2, out[threads], words * 4); g_fail = 1; }
}
int main(int argc, char **argv)
{
    setup(argc, argv, "shared_layout");
    unsigned bigout[6] = {0}, bigexp[6];
    unsigned *pb = bigout; void *p[] = {&pb};
    int ok = 1;
    char name[8];
    for (int k = 0; k < 6; k++) {
        bigexp[k] = 100 + k;
        snprintf(name, sizeof name, "big%d", k);
        ok &= launch("six_40KB_kernels", name, d3(1, 1, 1), d3(1, 1, 1), 0, p);
    }
    if (ok) CHECK_INT("six_40KB_kernels", bigout, bigexp, 6);
    static_dynamic("small_func_dynamic", "small", 16, 256, 256 * 4);
    static_dynamic("large_dynamic", "large", 1000, 256, 256 * 4);
    static_dynamic("small_func_dynamic_again", "small", 16, 64, 64 * 4);
    unsigned w[256], we[256];
    for (int t = 0; t < 256; t++) we[t] = 3u * (255u - (unsigned)t);
    unsigned *pw = w; void *q[] = {&pw};
    if (launch("wrap32", "wrap", d3(3, 1, 1), d3(256, 1, 1), 0, q)) CHECK_INT("wrap32", w, we, 256);
    return finish();
}
