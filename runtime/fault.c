/* fault.c — faults in kernel code: the handlers for SIGSEGV, SIGBUS,
 * SIGFPE and SIGILL, and the threads' alternate signal stacks they run on.
 *
 * Faults raised by the code a worker runs while it runs CTAs of a launch
 * jump back to where sched.c set rt_fault_here.jmp, on the thread's
 * alternate signal stack (a fault may come from a stack that is full);
 * elsewhere, and for signals another process sent, they go to the handler
 * there was before, or kill the process as they would have. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

#include "rt.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define RT_ASAN 1
#endif
#ifdef RT_ASAN
#include <sanitizer/asan_interface.h>
#endif

static const int fault_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define NFAULT_SIGNALS (sizeof fault_signals / sizeof fault_signals[0])
static struct sigaction old_action[NFAULT_SIGNALS];
enum { ALTSTACK_BYTES = 64 * 1024 };

_Thread_local rt_fault rt_fault_here;

static void
on_fault(int sig, siginfo_t *si, void *ctx)
{
    if (rt_fault_here.jmp && si->si_code > 0) {
        rt_fault_here.addr = si->si_addr;
        rt_fault_here.sig = sig;
        rt_fault_here.pc = NULL;
        uintptr_t fp = 0;
#if defined(__x86_64__)
        if (ctx) {
            rt_fault_here.pc = (void *)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RIP];
            fp = (uintptr_t)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RBP];
        }
#elif defined(__aarch64__)
        if (ctx) {
            rt_fault_here.pc = (void *)((ucontext_t *)ctx)->uc_mcontext.pc;
            fp = (uintptr_t)((ucontext_t *)ctx)->uc_mcontext.regs[29];
        }
#endif
        /* the caller's address, in case the fault is in a helper of the
         * module's that keeps a frame pointer (fault_report); read with a
         * system call, which fails instead of faulting on a wild pointer */
        rt_fault_here.ret = 0;
        struct iovec here = {&rt_fault_here.ret, sizeof rt_fault_here.ret},
                     there = {(void *)(fp + sizeof(void *)), sizeof rt_fault_here.ret};
        if (fp == 0 ||
            process_vm_readv(getpid(), &here, 1, &there, 1, 0) != (ssize_t)sizeof rt_fault_here.ret)
            rt_fault_here.ret = 0;
#if defined(__x86_64__)
        /* the handler runs with the default floating-point controls, and
         * siglongjmp keeps them: take back the thread's (rounding, FTZ,
         * the traps it enabled), without the exception that was raised */
        ucontext_t *uc = ctx;
        if (uc && uc->uc_mcontext.fpregs) {
            unsigned mxcsr = uc->uc_mcontext.fpregs->mxcsr & ~0x3fu;
            unsigned short cw = uc->uc_mcontext.fpregs->cwd;
            __asm__ volatile("ldmxcsr %0" : : "m"(mxcsr));
            __asm__ volatile("fldcw %0" : : "m"(cw));
        }
#endif
        siglongjmp(*rt_fault_here.jmp, RT_JUMP_FAULT);
    }
    struct sigaction *old = &old_action[0];
    for (size_t i = 0; i < NFAULT_SIGNALS; i++)
        if (fault_signals[i] == sig)
            old = &old_action[i];
    if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
        old->sa_sigaction(sig, si, ctx);
        return;
    }
    if (old->sa_handler == SIG_IGN && si->si_code <= 0)
        return; /* sent, and ignored as before */
    if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
        old->sa_handler(sig);
        return;
    }
    sigaction(sig, old, NULL); /* a fault happens again, handled as before (ignored: fatal) */
    if (si->si_code <= 0)
        raise(sig);
}

static void
catch_faults(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NFAULT_SIGNALS; i++)
        sigaction(fault_signals[i], &sa, &old_action[i]);
}

void
rt_faults_catch(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, catch_faults);
}

/* Gives this thread the alternate signal stack *mem (allocated the first
 * time) unless it has one (the host's, or *mem from before); true when
 * it did. */
bool
rt_altstack_enter(void **mem)
{
    stack_t cur;
    if (sigaltstack(NULL, &cur) != 0 || !(cur.ss_flags & SS_DISABLE))
        return false;
    if (!*mem && !(*mem = malloc(ALTSTACK_BYTES)))
        return false;
    stack_t st = {.ss_sp = *mem, .ss_size = ALTSTACK_BYTES, .ss_flags = 0};
    return sigaltstack(&st, NULL) == 0;
}

/* This thread is ending: takes mem away from it if it is its alternate
 * stack, and frees it. */
void
rt_altstack_free(void *mem)
{
    stack_t cur;
    if (mem && sigaltstack(NULL, &cur) == 0 && !(cur.ss_flags & SS_DISABLE) && cur.ss_sp == mem) {
        stack_t off = {.ss_flags = SS_DISABLE};
        sigaltstack(&off, NULL);
    }
    free(mem);
}

/* Under ASan: the frames a jump to here abandoned on stack f, below
 * here, keep their poisoned redzones, which the calls after the jump
 * would trip over; the jump from the signal handler's stack does not
 * clear them. */
void
rt_fault_unpoison(const rt_fiber *f, const void *here)
{
#ifdef RT_ASAN
    const char *lo = (const char *)f->stack + RT_STACK_GUARD;
    if (f->stack && (const char *)here > lo)
        __asan_unpoison_memory_region(lo, (size_t)((const char *)here - lo));
#else
    (void)f, (void)here;
#endif
}
