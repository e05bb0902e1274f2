/* runner.c — runs generated kernels and writes their outputs, for fuzz.c.
 *
 * Built twice from this one source: test/ref/run_rt linked against the
 * runtime (module: the .so from ptx2native), test/ref/run_ref linked against
 * the reference interpreter (module: the .ptx).  Both fill the inputs the
 * same way from each kernel's input seed, so their outputs compare bit for
 * bit.
 *
 *     run_X MODULE RESULT-FILE NAME:SEED...
 *
 * RESULT-FILE gets, per kernel: int32 status, then GEN_THREADS * GEN_OUT
 * words.  Status: a p2n_result; RUN_FLAGGED when the interpreter declined
 * ("ref: ..." — undefined behaviour or an unsupported construct);
 * RUN_TIMEOUT; RUN_CRASH.  Each kernel runs in a child process, so a crash
 * or a hang is one kernel's result.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen.h"
#include "ptx2native.h"

#define RUN_FLAGGED 100
#define RUN_TIMEOUT 101
#define RUN_CRASH 102

static uint64_t
mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Inputs: small integers, random words, and floats of every class. */
static uint32_t
input_word(uint64_t *s)
{
    static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 3.0f, -2.5f, 1e-3f, 1e30f, -1e30f,
                                    1e-40f /* subnormal */, 65504.0f, 16777217.0f, 2147483648.0f};
    uint64_t r = mix(s);
    float f;
    uint32_t w;
    switch (r % 6) {
    case 0:
    case 1:
        return (uint32_t)((int32_t)(r >> 8) % 17);
    case 2:
        return (uint32_t)(r >> 16);
    case 3:
        f = special[(r >> 8) % (sizeof special / sizeof *special)];
        break;
    case 4:
        if ((r >> 8) % 8 == 0) {
            w = (r >> 12) & 1 ? 0x7f800000u : 0xff800000u; /* infinities */
            return w;
        }
        if ((r >> 8) % 8 == 1)
            return 0x7fc00000u; /* a NaN */
        f = (float)((int64_t)(r >> 20) % 200000) / 1000.0f;
        break;
    default:
        f = (float)(int32_t)(r >> 32) / (float)(1 + (r >> 8) % 1000);
        break;
    }
    memcpy(&w, &f, 4);
    return w;
}

int
main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s MODULE RESULT NAME:SEED...\n", argv[0]);
        return 2;
    }
    FILE *res = fopen(argv[2], "wb");
    if (!res) {
        perror(argv[2]);
        return 2;
    }
    p2n_module *mod;
    if (p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        fprintf(stderr, "%s: %s\n", argv[1], p2n_error_message());
        return 2;
    }
    size_t nin = GEN_THREADS * GEN_IN, nout = GEN_THREADS * GEN_OUT;
    uint32_t *shared = mmap(NULL, (nout + 1) * 4, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    uint32_t *in = malloc(nin * 4);
    for (int k = 3; k < argc; k++) {
        char name[64];
        unsigned long long seed = 0;
        if (sscanf(argv[k], "%63[^:]:%llu", name, &seed) != 2) {
            fprintf(stderr, "bad kernel spec '%s'\n", argv[k]);
            return 2;
        }
        uint64_t s = seed * 0x9e3779b97f4a7c15ull + 7;
        for (size_t i = 0; i < nin; i++)
            in[i] = input_word(&s);
        for (size_t i = 0; i < nout; i++)
            shared[i + 1] = 0xdeadbeefu;
        shared[0] = RUN_CRASH;
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            alarm(20);
            p2n_set_num_threads(1);
            uint32_t *out = malloc(nout * 4);
            memcpy(out, shared + 1, nout * 4);
            void *pin = in, *pout = out;
            void *params[] = {&pin, &pout};
            p2n_result r = p2n_launch(mod, name, (p2n_dim3){GEN_GRID, 1, 1}, (p2n_dim3){GEN_BLOCK, 1, 1}, 0,
                                      params);
            memcpy(shared + 1, out, nout * 4);
            shared[0] = r != P2N_SUCCESS && strncmp(p2n_error_message(), "ref: ", 5) == 0 ? RUN_FLAGGED : r;
            if (r != P2N_SUCCESS && getenv("RUN_VERBOSE"))
                fprintf(stderr, "%s: %s\n", name, p2n_error_message());
            _exit(0);
        }
        int st = 0;
        waitpid(pid, &st, 0);
        if (WIFSIGNALED(st))
            shared[0] = WTERMSIG(st) == SIGALRM ? RUN_TIMEOUT : RUN_CRASH;
        fwrite(shared, 4, nout + 1, res);
    }
    fclose(res);
    return 0;
}
