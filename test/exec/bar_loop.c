/* bar_loop.c — reference for bar_loop.cu: the loops simulated one
 * iteration at a time over the threads still in them (a thread reads its
 * neighbour's slot as the last barrier left it). */
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

enum { N = 96 };

static int failed;
static p2n_module *mod;

/* acc of every thread after the loop; in: which threads enter it; count:
 * add the number of threads in the iteration whose v is odd */
static void
simulate_count(const int *cnt, const int *in, int *acc, int count)
{
    int s[N], v[N], most = 0;
    for (int t = 0; t < N; t++) {
        acc[t] = s[t] = t * 5 + 1;
        if (in[t] && cnt[t] > most)
            most = cnt[t];
    }
    for (int i = 0; i < most; i++) {
        for (int t = 0; t < N; t++)
            if (in[t] && i < cnt[t])
                v[t] = s[(t + 1) % N];
        int c = 0;
        for (int t = 0; t < N; t++)
            c += count && in[t] && i < cnt[t] && (v[t] & 1);
        for (int t = 0; t < N; t++)
            if (in[t] && i < cnt[t])
                s[t] = acc[t] = acc[t] * 3 + v[t] + i + c;
    }
}

static void
simulate(const int *cnt, const int *in, int *acc)
{
    simulate_count(cnt, in, acc, 0);
}

static void
check(const char *name, const int *got, const int *want)
{
    for (int i = 0; i < N; i++)
        if (got[i] != want[i]) {
            printf("FAIL exec/bar_loop/%s: [%d] = %d, expected %d\n", name, i, got[i], want[i]);
            failed = 1;
            return;
        }
    printf("PASS exec/bar_loop/%s\n", name);
}

static p2n_result
run(const char *k, int *out, const int *cnt)
{
    for (int i = 0; i < N; i++)
        out[i] = -1;
    void *params[] = {&out, &cnt};
    return p2n_launch(mod, k, (p2n_dim3){2, 1, 1}, (p2n_dim3){N, 1, 1}, 0, params);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/bar_loop/load: %s\n", p2n_error_message());
        return 1;
    }
    /* per-lane trip counts: some 0, every warp mixed; then a warp whose
     * lanes all have one count but differs from the other warps */
    int cnts[2][N], out[N], want[N], acc[N], all[N], some[N];
    unsigned x = 12345;
    for (int t = 0; t < N; t++) {
        x = x * 1103515245u + 12345u;
        cnts[0][t] = (int)((x >> 16) % 9);
        cnts[1][t] = t < 32 ? 2 : t < 64 ? 7 : 0;
        all[t] = 1;
        some[t] = t % 3 != 0;
    }
    for (int c = 0; c < 2; c++) {
        const int *cnt = cnts[c];
        char name[64];
        simulate(cnt, all, acc);
        snprintf(name, sizeof name, "exit_ret_%d", c);
        if (run("exit_ret", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = cnt[t] > 0 ? acc[t] : -1;
            check(name, out, want);
        }
        snprintf(name, sizeof name, "exit_more_%d", c);
        if (run("exit_more", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = acc[t] * 2 + 1 + ((acc[t] & 1) ? 7 : 0);
            check(name, out, want);
        }
        snprintf(name, sizeof name, "exit_bar_%d", c);
        if (run("exit_bar", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = acc[t] ^ 0x55;
            check(name, out, want);
        }
        simulate(cnt, some, acc);
        snprintf(name, sizeof name, "in_if_%d", c);
        if (run("in_if", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            check(name, out, acc);
        }
        snprintf(name, sizeof name, "one_side_%d", c);
        if (run("one_side", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            for (int t = 0; t < N; t++)
                want[t] = 1000 + ((cnt[t] & 1) ? ((cnt[t ^ 2] & 1) ? (t ^ 2) * 7 : -5) : -t);
            check(name, out, want);
        }
        simulate_count(cnt, all, acc, 1);
        snprintf(name, sizeof name, "count_loop_%d", c);
        if (run("count_loop", out, cnt) != P2N_SUCCESS) {
            printf("FAIL exec/bar_loop/%s: %s\n", name, p2n_error_message());
            failed = 1;
        } else {
            check(name, out, acc);
        }
    }
    /* one warp at barrier 1, two at barrier 2, all waiting for every thread */
    p2n_result r = run("deadlock", out, cnts[0]);
    if (r == P2N_ERROR_DEADLOCK && strstr(p2n_error_message(), "deadlock"))
        printf("PASS exec/bar_loop/deadlock_two_barriers\n");
    else {
        printf("FAIL exec/bar_loop/deadlock_two_barriers: result %d (%s), expected P2N_ERROR_DEADLOCK\n", (int)r,
               p2n_error_message());
        failed = 1;
    }
    /* the module still works after the failed launch */
    simulate(cnts[0], all, acc);
    if (run("exit_bar", out, cnts[0]) == P2N_SUCCESS) {
        for (int t = 0; t < N; t++)
            want[t] = acc[t] ^ 0x55;
        check("after_deadlock", out, want);
    } else {
        printf("FAIL exec/bar_loop/after_deadlock: %s\n", p2n_error_message());
        failed = 1;
    }
    p2n_module_unload(mod);
    return failed;
}
