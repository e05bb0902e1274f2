/* faults.c — a kernel that faults fails its launch, never the host: run by
 * test/cli/faults.sh with the module of faults.ptx.  Every faulting launch
 * is followed by a correct one of the same module in the same process.
 * Prints one PASS/FAIL line per check. */
#define _GNU_SOURCE
#include <fenv.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ptx2native.h"

static p2n_module *mod;
static int failed;

static void
check(const char *name, int ok, const char *detail)
{
    printf("%s cli/faults/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

/* The message holds every one of the NULL-terminated strings. */
static int
message_has(const char *const *want)
{
    for (; *want; want++)
        if (!strstr(p2n_error_message(), *want))
            return 0;
    return 1;
}

/* good: out[i] = 2i+1, 300 threads in 3 CTAs of 128; checked element by element. */
static void
good_after(const char *name)
{
    static uint32_t out[384];
    memset(out, 0xff, sizeof out);
    uint64_t p = (uint64_t)(uintptr_t)out;
    uint32_t n = 300;
    void *params[] = {&p, &n};
    p2n_result r = p2n_launch(mod, "good", (p2n_dim3){3, 1, 1}, (p2n_dim3){128, 1, 1}, 0, params);
    int bad = r != P2N_SUCCESS;
    for (uint32_t i = 0; i < 384 && !bad; i++)
        bad = out[i] != (i < n ? 2 * i + 1 : 0xffffffffu);
    char what[96];
    snprintf(what, sizeof what, "%s/then_good", name);
    check(what, !bad, r != P2N_SUCCESS ? p2n_error_message() : "wrong results");
}

static void
expect(const char *name, p2n_result got, p2n_result want, const char *const *words)
{
    char detail[1400];
    snprintf(detail, sizeof detail, "result %d (%s), expected %d; message: %s", got, p2n_result_string(got), want,
             p2n_error_message());
    check(name, got == want && message_has(words), detail);
    good_after(name);
}

/* gather_scatter over 32 lanes: out[offs[i] / 4] = data[offl[i] / 4] for
 * the lanes that run (all: every lane; else the odd ones), data[j] = 1000
 * + j.  Offsets a lane apart by 4 bytes (the lanes' addresses one run),
 * 8 and 12 (a gather and a scatter). */
static void
gather_case(const char *name, int all, unsigned lstep, unsigned sstep)
{
    static uint32_t data[32 * 3], out[32 * 3];
    uint64_t offl[32], offs[32];
    for (unsigned j = 0; j < 32 * 3; j++)
        data[j] = 1000 + j, out[j] = 0xffffffffu;
    for (unsigned i = 0; i < 32; i++)
        offl[i] = lstep * i, offs[i] = sstep * i;
    uint64_t pl = (uint64_t)(uintptr_t)offl, ps = (uint64_t)(uintptr_t)offs;
    uint64_t p = (uint64_t)(uintptr_t)data, o = (uint64_t)(uintptr_t)out;
    uint32_t a = (uint32_t)all;
    void *params[] = {&pl, &ps, &p, &o, &a};
    p2n_result r = p2n_launch(mod, "gather_scatter", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
    int bad = r != P2N_SUCCESS;
    for (unsigned j = 0; j < 32 * 3 && !bad; j++) {
        unsigned i = j * 4 / sstep;
        int written = j * 4 % sstep == 0 && i < 32 && (all || i % 2 == 1);
        bad = out[j] != (written ? 1000 + i * lstep / 4 : 0xffffffffu);
    }
    check(name, !bad, r != P2N_SUCCESS ? p2n_error_message() : "wrong results");
}

/* A wild offset in lane 7 (a load) or lane 9 (a store) of gather_scatter:
 * the message names the line of the load or the store. */
static void
gather_fault(const char *name, char *gone, int store)
{
    static uint32_t data[64], out[64];
    uint64_t offl[32], offs[32];
    for (unsigned i = 0; i < 32; i++)
        offl[i] = offs[i] = 8 * i;
    if (store)
        offs[9] = (uint64_t)(uintptr_t)gone - (uint64_t)(uintptr_t)out;
    else
        offl[7] = (uint64_t)(uintptr_t)gone - (uint64_t)(uintptr_t)data;
    uint64_t pl = (uint64_t)(uintptr_t)offl, ps = (uint64_t)(uintptr_t)offs;
    uint64_t p = (uint64_t)(uintptr_t)data, o = (uint64_t)(uintptr_t)out;
    uint32_t a = 1;
    void *params[] = {&pl, &ps, &p, &o, &a};
    p2n_result r = p2n_launch(mod, "gather_scatter", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
    const char *line = getenv(store ? "SCATTER_LINE" : "GATHER_LINE");
    char addr[32], at[64];
    snprintf(addr, sizeof addr, "%p", (void *)gone);
    snprintf(at, sizeof at, " at faults.ptx:%s (code at ", line ? line : "?");
    const char *w[] = {"kernel 'gather_scatter'", "illegal memory access", addr, at, NULL};
    expect(name, r, P2N_ERROR_ILLEGAL_ADDRESS, w);
}

static void
gathers(char *gone)
{
    gather_case("gather/one_run", 1, 4, 8);
    gather_case("gather/odd_lanes", 0, 4, 4);
    gather_case("gather/strided", 1, 8, 12);
    gather_fault("gather/load_fault", gone, 0);
    gather_fault("gather/store_fault", gone, 1);
}

static sigjmp_buf host_jmp;
static volatile sig_atomic_t host_caught;

static void
host_handler(int sig)
{
    (void)sig;
    host_caught++;
    siglongjmp(host_jmp, 1);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL cli/faults/load: %s\n", p2n_error_message());
        return 1;
    }
    /* the launching thread's alternate stack before any launch: none,
     * unless a sanitizer gave it one */
    stack_t before;
    sigaltstack(NULL, &before);
    /* the host's own handler, installed before the library's */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = host_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    p2n_set_num_threads(1); /* the launching thread runs every CTA */
    good_after("first");

    /* a page that is mapped no more */
    long page = sysconf(_SC_PAGESIZE);
    char *gone = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    munmap(gone, (size_t)page);

    {
        uint64_t p = 0;
        uint32_t who = 37, cta = 2;
        void *params[] = {&p, &who, &cta};
        fesetround(FE_TOWARDZERO);
        p2n_result r = p2n_launch(mod, "store_at", (p2n_dim3){4, 1, 1}, (p2n_dim3){64, 1, 1}, 0, params);
        int round = fegetround();
        fesetround(FE_TONEAREST);
        check("null_store/keeps_rounding_mode", round == FE_TOWARDZERO, "the thread's rounding mode changed");
        /* thread 37 is in warp 1: threads 32 to 63 */
        /* the line of the store, from the module's line table (faults.sh
         * finds it in faults.ptx); the store runs in a shared helper */
        char at[64];
        snprintf(at, sizeof at, " at faults.ptx:%s (code at ", getenv("STORE_LINE") ? getenv("STORE_LINE") : "?");
        const char *w[] = {"kernel 'store_at'", "CTA (2,0,0)", "warp 1 (threads (32,0,0) to (63,0,0))",
                           "illegal memory access", at, "faults.so+0x", NULL};
        expect("null_store", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
    }
    {
        uint64_t p = (uint64_t)(uintptr_t)gone;
        uint32_t out[32];
        uint64_t o = (uint64_t)(uintptr_t)out;
        void *params[] = {&p, &o};
        p2n_result r = p2n_launch(mod, "load_from", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        char addr[32];
        snprintf(addr, sizeof addr, "%p", (void *)gone);
        char at[64];
        snprintf(at, sizeof at, " at faults.ptx:%s (code at ", getenv("LOAD_LINE") ? getenv("LOAD_LINE") : "?");
        const char *w[] = {"kernel 'load_from'", "CTA (0,0,0)", addr, at, NULL};
        expect("unmapped_load", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
    }
    gathers(gone);
    {
        uint64_t idx = 1ull << 46;
        void *params[] = {&idx};
        p2n_result r = p2n_launch(mod, "shared_far", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        const char *w[] = {"kernel 'shared_far'", NULL};
        expect("shared_index", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
    }
    {
        uint64_t idx = 1ull << 46;
        uint32_t out;
        uint64_t o = (uint64_t)(uintptr_t)&out;
        void *params[] = {&idx, &o};
        p2n_result r = p2n_launch(mod, "local_far", (p2n_dim3){1, 1, 1}, (p2n_dim3){1, 1, 1}, 0, params);
        const char *w[] = {"kernel 'local_far'", "warp 0 (threads (0,0,0) to (0,0,0))", NULL};
        expect("local_index", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
    }
    {
        /* warps as fibers: warp 2 faults after the barrier; every thread
         * wrote its index before it */
        uint64_t p = 8;
        uint32_t who = 70, out[96];
        memset(out, 0xff, sizeof out);
        uint64_t o = (uint64_t)(uintptr_t)out;
        void *params[] = {&p, &who, &o};
        p2n_result r = p2n_launch(mod, "bar_fault", (p2n_dim3){1, 1, 1}, (p2n_dim3){96, 1, 1}, 0, params);
        int before = 1;
        for (uint32_t i = 0; i < 96; i++)
            before &= out[i] == i;
        check("barrier_kernel/before_fault", before, "a thread did not reach the barrier");
        const char *w[] = {"kernel 'bar_fault'", "warp 2 (threads (64,0,0) to (95,0,0))", "0x8", NULL};
        expect("barrier_kernel", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
        /* the same kernel again, faulting in no thread */
        p = (uint64_t)(uintptr_t)out;
        who = 1000;
        r = p2n_launch(mod, "bar_fault", (p2n_dim3){2, 1, 1}, (p2n_dim3){96, 1, 1}, 0, params);
        check("barrier_kernel/again", r == P2N_SUCCESS, p2n_error_message());
    }
    {
        /* floating-point traps the host enabled: SIGFPE in the kernel */
        float a = 1, b = 0, out[32];
        uint64_t o = (uint64_t)(uintptr_t)out;
        void *params[] = {&a, &b, &o};
        feenableexcept(FE_DIVBYZERO);
        p2n_result r = p2n_launch(mod, "fdiv", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        check("fp_trap/keeps_traps", fegetexcept() == FE_DIVBYZERO, "the traps the host enabled changed");
        fedisableexcept(FE_DIVBYZERO);
        feclearexcept(FE_ALL_EXCEPT);
        const char *w[] = {"kernel 'fdiv'", "SIGFPE", NULL};
        expect("fp_trap", r, P2N_ERROR_ARITHMETIC, w);
    }
    {
        /* CTAs on two worker threads: one faults on either */
        p2n_set_num_threads(2);
        uint64_t p = 16;
        uint32_t who = 3, cta = 7;
        void *params[] = {&p, &who, &cta};
        p2n_result r = p2n_launch(mod, "store_at", (p2n_dim3){64, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        const char *w[] = {"CTA (7,0,0)", NULL};
        expect("two_threads", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
    }
    {
        /* device printf with a %s argument that is no string, then one
         * that is: the second prints (no lock is left held) */
        uint64_t p = 8;
        void *params[] = {&p};
        p2n_result r = p2n_launch(mod, "print_s", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        const char *w[] = {"kernel 'print_s'", NULL};
        expect("printf_bad_string", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
        static const char text[] = "printed after a fault";
        p = (uint64_t)(uintptr_t)text;
        r = p2n_launch(mod, "print_s", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        check("printf_bad_string/printf_again", r == P2N_SUCCESS, p2n_error_message());
    }
    /* the launching thread keeps an alternate signal stack between
     * launches: the one it had before, or (none) the library's */
    stack_t st;
    sigaltstack(NULL, &st);
    if (before.ss_flags & SS_DISABLE)
        check("altstack_kept", !(st.ss_flags & SS_DISABLE) && st.ss_size >= MINSIGSTKSZ,
              "no alternate stack after the launches");
    else
        check("altstack_kept", !(st.ss_flags & SS_DISABLE) && st.ss_sp == before.ss_sp,
              "the host thread's alternate stack changed");
    {
        /* the host installs its own later: a fault is still caught, and
         * the host's stays; the host takes it away: the library's again */
        static char own[64 * 1024];
        stack_t mine = {.ss_sp = own, .ss_size = sizeof own}, now;
        sigaltstack(&mine, NULL);
        p2n_set_num_threads(1);
        uint64_t p = 0;
        uint32_t who = 5, cta = 0;
        void *params[] = {&p, &who, &cta};
        p2n_result r = p2n_launch(mod, "store_at", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        const char *w[] = {"kernel 'store_at'", "CTA (0,0,0)", NULL};
        expect("host_altstack_later", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
        sigaltstack(NULL, &now);
        check("host_altstack_later/kept", !(now.ss_flags & SS_DISABLE) && now.ss_sp == own,
              "the host's alternate stack was replaced");
        stack_t off = {.ss_flags = SS_DISABLE};
        sigaltstack(&off, NULL);
        r = p2n_launch(mod, "store_at", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, params);
        expect("host_altstack_off", r, P2N_ERROR_ILLEGAL_ADDRESS, w);
        sigaltstack(NULL, &now);
        check("host_altstack_off/library_again", !(now.ss_flags & SS_DISABLE) && now.ss_sp != own,
              "no alternate stack after a launch");
        if (!(before.ss_flags & SS_DISABLE))
            sigaltstack(&before, NULL);
    }
    /* a fault in the host's own code still reaches the host's handler */
    if (sigsetjmp(host_jmp, 1) == 0) { /* a page without access, not NULL (UBSan stops there) */
        volatile int *volatile np =
            mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (np != MAP_FAILED)
            *np = 1;
    }
    check("host_handler_chained", host_caught == 1, "the host's SIGSEGV handler did not run");
    /* and the module's variables and kernels after all that */
    good_after("last");
    p2n_module_unload(mod);
    return failed;
}
