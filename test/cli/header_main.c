/* A host program over the header ptx2native --header wrote for
 * test/cli/header.ptx (test/cli/header.sh):
 *     header_main MODULE.so
 * The launchers' types are checked at compile time (each is assigned to a
 * pointer of the type docs/api.md gives it: incompatible pointer types are
 * errors here); their results against C references; and the launch errors
 * of a mangled kernel name it demangled beside the mangled one. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kernels.h" /* written by ptx2native --header */

static int failures;

static void
check(const char *name, int ok, const char *what)
{
    printf("%s cli/header/%s", ok ? "PASS" : "FAIL", name);
    if (!ok)
        printf(": %s (%s)", what, p2n_error_message());
    printf("\n");
    failures += !ok;
}

/* The types: .u64 with a C++ pointer parameter -> void *, .u64 of an
 * extern "C" kernel -> uint64_t, .u32 -> uint32_t, .f32 float, .f64
 * double, .u16 uint16_t, .u8 uint8_t, a struct's bytes -> const void *. */
static p2n_result (*const scale_t)(p2n_module *, p2n_dim3, p2n_dim3, size_t, void *, uint32_t,
                                   float) = _Z5scalePfif_launch;
static p2n_result (*const fill_t)(p2n_module *, p2n_dim3, p2n_dim3, size_t, p2n_stream *, void *,
                                  uint32_t, uint32_t) = _ZN2ns4fillIiEEvPT_jS1__launch_async;
static p2n_result (*const pair_t)(p2n_module *, p2n_dim3, p2n_dim3, size_t, uint64_t,
                                  const void *) = add_pair_launch;
static p2n_result (*const mix_t)(p2n_module *, p2n_dim3, p2n_dim3, size_t, uint64_t, uint64_t,
                                 uint16_t, uint8_t, double) = mix_launch;
static p2n_result (*const boom_t)(p2n_module *, p2n_dim3, p2n_dim3, size_t, void *,
                                  uint32_t) = _Z4boomPii_launch;
static p2n_result (*const stuck_t)(p2n_module *, p2n_dim3, p2n_dim3, size_t,
                                   void *) = _Z5stuckPi_launch;

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc != 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL cli/header/load: %s\n", p2n_error_message());
        return 1;
    }
    p2n_dim3 one = {1, 1, 1}, grid = {3, 1, 1}, block = {64, 1, 1};

    enum { N = 150 };
    float x[N], want[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i * 0.5f, want[i] = x[i] * 3.0f;
    int ok = scale_t(m, grid, block, 0, x, N, 3.0f) == P2N_SUCCESS && !memcmp(x, want, sizeof x);
    check("scale", ok, "scale(float*, int, float) through its launcher");

    int y[N], wy[N];
    for (int i = 0; i < N; i++)
        y[i] = -1, wy[i] = i < 100 ? 7 + i : -1;
    p2n_stream *s;
    p2n_stream_create(&s, 0);
    p2n_result r = fill_t(m, grid, block, 0, s, y, 100, 7);
    ok = r == P2N_SUCCESS && p2n_stream_synchronize(s) == P2N_SUCCESS && !memcmp(y, wy, sizeof y);
    check("fill_async", ok, "ns::fill<int> through its asynchronous launcher");
    p2n_stream_destroy(s);

    struct {
        int32_t a;
        float b;
    } pair = {40, 2.75f};
    int out[4];
    p2n_dim3 four = {4, 1, 1};
    ok = pair_t(m, one, four, 0, (uint64_t)(uintptr_t)out, &pair) == P2N_SUCCESS && out[0] == 42 &&
         out[3] == 45;
    check("add_pair", ok, "a struct passed by value through its launcher");

    long long z[4];
    ok = mix_t(m, one, four, 0, (uint64_t)(uintptr_t)z, 1000, (uint16_t)-3, 200, 2.5) ==
             P2N_SUCCESS &&
         z[0] == 0 - 3 + 200 + 2 && z[3] == 3000 - 3 + 200 + 2;
    check("mix", ok, "mix(long long*, long long, short, unsigned char, double) by uint64_t etc.");

    /* launch errors name a mangled kernel with its C++ name beside */
    r = boom_t(m, one, one, 0, x, 0);
    ok = r == P2N_ERROR_TRAP && strstr(p2n_error_message(), "kernel '_Z4boomPii' (boom(int*, int))");
    check("demangled/trap", ok, "the trap's message");
    r = boom_t(m, one, one, 0, (void *)16, 1);
    ok = r == P2N_ERROR_ILLEGAL_ADDRESS &&
         strstr(p2n_error_message(), "kernel '_Z4boomPii' (boom(int*, int)), CTA (0,0,0)");
    check("demangled/fault", ok, "the fault's message");
    p2n_dim3 big = {2000, 1, 1};
    r = boom_t(m, one, big, 0, x, 0);
    ok = r == P2N_ERROR_INVALID_DIM && strstr(p2n_error_message(), "kernel '_Z4boomPii' (boom(int*, int)):");
    check("demangled/config", ok, "a bad block's message");
    int sink[64];
    p2n_dim3 two_warps = {64, 1, 1};
    r = stuck_t(m, one, two_warps, 0, sink);
    ok = r == P2N_ERROR_DEADLOCK &&
         strstr(p2n_error_message(), "kernel '_Z5stuckPi' (stuck(int*)), CTA (0,0,0): deadlock");
    check("demangled/deadlock", ok, "the deadlock's message");
    r = mix_t(m, one, one, 0, 16, 0, 0, 0, 0);
    ok = r == P2N_ERROR_ILLEGAL_ADDRESS && strstr(p2n_error_message(), "kernel 'mix', CTA (0,0,0)");
    check("plain_name", ok, "an extern \"C\" kernel's name alone");
    p2n_module_unload(m);
    return failures != 0;
}
