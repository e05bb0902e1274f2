/* call_device.c — reference for call_device.cu. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_device/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    fflush(stdout);
    failed |= !ok;
}

static void
values(const char *k, unsigned threads, int (*ref)(int))
{
    int out[128], *po = out;
    char detail[256] = "";
    void *p[] = {&po};
    p2n_result r = p2n_launch(mod, k, (p2n_dim3){1, 1, 1}, (p2n_dim3){threads, 1, 1}, 0, p);
    int ok = r == P2N_SUCCESS;
    if (!ok)
        snprintf(detail, sizeof detail, "launch: %s", p2n_error_message());
    for (unsigned t = 0; ok && t < threads; t++)
        if (out[t] != ref((int)t)) {
            snprintf(detail, sizeof detail, "[%u] = %d, expected %d", t, out[t], ref((int)t));
            ok = 0;
        }
    report(k, ok, detail);
}

static int ref_fptr(int t)
{
    int k = (t * 7) % 3;
    return k == 0 ? t + 7 : k == 1 ? t * 3 : t ^ 5;
}
static int ref_virt(int t) { return t % 3 == 0 ? t * t : t % 3 == 1 ? t * (t + 1) / 2 : -t; }
static int ref_heap(int t) { return t * (t + 1) / 2; }

/* printf from divergent lanes: captured through a pipe, compared exactly.
 * Lanes print in lane order within a path; the path of lanes 0,3,6 runs
 * before lane 4's (the taken side first). */
static void
print_test(void)
{
    int fds[2];
    if (pipe(fds) != 0) {
        report("printf", 0, "pipe");
        return;
    }
    fflush(stdout);
    int saved = dup(1);
    dup2(fds[1], 1);
    int n = 7;
    void *p[] = {&n};
    p2n_result r = p2n_launch(mod, "print", (p2n_dim3){1, 1, 1}, (p2n_dim3){8, 1, 1}, 0, p);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(fds[1]);
    char buf[1024];
    ssize_t got = read(fds[0], buf, sizeof buf - 1);
    close(fds[0]);
    buf[got > 0 ? got : 0] = 0;
    const char *want = "lane 0 of 7: 0.00 ok 0\n"
                       "lane 3 of 7: 1.50 ok 33\n"
                       "lane 6 of 7: 3.00 ok 66\n"
                       "four    -4|4  |    42|3.14\n";
    char detail[1100];
    snprintf(detail, sizeof detail, "got [%s]", buf);
    report("printf", r == P2N_SUCCESS && strcmp(buf, want) == 0, detail);
}

static void
assert_test(void)
{
    int in[64], *pi = in;
    for (int t = 0; t < 64; t++)
        in[t] = t == 37 ? -1 : t + 1;
    void *p[] = {&pi};
    p2n_result r = p2n_launch(mod, "check_positive", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    const char *msg = p2n_error_message();
    char detail[600];
    snprintf(detail, sizeof detail, "result %d, message: %s", r, msg);
    report("assert", r == P2N_ERROR_ASSERT && strstr(msg, "call_device.cu") && strstr(msg, "in[threadIdx.x] > 0") &&
                         strstr(msg, "check_positive") && strstr(msg, "(37,0,0)"),
           detail);
    for (int t = 0; t < 64; t++)
        in[t] = t + 1;
    r = p2n_launch(mod, "check_positive", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    report("assert_holds", r == P2N_SUCCESS, p2n_error_message());
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_device/load: %s\n", p2n_error_message());
        return 1;
    }
    values("fptr", 96, ref_fptr);
    values("virt", 96, ref_virt);
    values("heap", 40, ref_heap);
    print_test();
    assert_test();
    p2n_module_unload(mod);
    return failed;
}
