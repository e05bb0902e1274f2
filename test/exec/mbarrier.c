/* mbarrier.c — reference for mbarrier.cu, from the kernels' definitions:
 * the sums each thread reads round by round; the pending counts of the N
 * first tokens are N consecutive values (each arrival takes one off),
 * whatever the order the threads arrived in; a phase with transaction
 * bytes pending completes only after the last complete_tx. */
#include "common.h"

enum { N = 96 };

int
main(int argc, char **argv)
{
    setup(argc, argv, "mbarrier");
    int nrounds = 7, out[2 * N];
    int *po = out;
    void *params[] = {&nrounds, &po};
    if (launch("rounds", "rounds", d3(1, 1, 1), d3(N, 1, 1), 0, params)) {
        int exp[N];
        for (int t = 0; t < N; t++) {
            exp[t] = 0;
            for (int r = 0; r < (t < 64 ? nrounds : 3); r++) {
                int members = r <= 2 ? N : 64;
                exp[t] += r * 1000 + (t + 37) % members;
            }
        }
        CHECK_INT("rounds", out, exp, N);
        int seen[N + 1] = {0}, lo = N + 1, bad = 0;
        for (int t = 0; t < N; t++) {
            int c = out[N + t];
            if (c < 0 || c > N || seen[c]++)
                bad++;
            else if (c < lo)
                lo = c;
        }
        bad += !(lo == 0 || lo == 1);
        char msg[64];
        snprintf(msg, sizeof msg, "pending counts not %d distinct values from 0 or 1", N);
        report("pending_count", bad, msg);
    }
    int tx[32], etx[32];
    int *pt = tx;
    void *tparams[] = {&pt};
    if (launch("tx", "tx", d3(1, 1, 1), d3(32, 1, 1), 0, tparams)) {
        for (int t = 0; t < 32; t++)
            etx[t] = 3; /* never seen complete early; completed at step 2 */
        CHECK_INT("expect_complete_tx", tx, etx, 32);
    }
    int in[64], st[64], est[64];
    for (int t = 0; t < 64; t++)
        in[t] = (int)(lcg() % 1000);
    int *pin = in, *pst = st;
    void *sparams[] = {&pin, &pst};
    if (launch("cp_async_arrive", "staged", d3(1, 1, 1), d3(64, 1, 1), 0, sparams)) {
        for (int t = 0; t < 64; t++)
            est[t] = 2 * in[63 - t];
        CHECK_INT("cp_async_arrive", st, est, 64);
    }
    memset(st, 0, sizeof st);
    if (launch("cp_async_arrive_noinc", "staged_noinc", d3(1, 1, 1), d3(64, 1, 1), 0, sparams))
        CHECK_INT("cp_async_arrive_noinc", st, est, 64);
    return finish();
}
