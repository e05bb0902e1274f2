/* fiber.c — user-level context switches for warps.
 *
 * On x86-64 a hand-written switch saves the callee-saved registers, the
 * SSE control word and the x87 control word on the old stack and restores
 * them from the new one (no system call; see docs/runtime.md for its
 * cost).  Elsewhere, ucontext.  Stacks are mmap'd without reserving swap
 * (pages cost only once touched), with RT_STACK_GUARD bytes of guard below.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rt.h"

/* Gives f a stack of size bytes (rounded up to pages), keeping the one it
 * has when the size is the same. */
static int
map_stack(rt_fiber *f, size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size = (size + page - 1) & ~(page - 1);
    if (f->stack && f->size == size)
        return 0;
    if (f->stack)
        munmap(f->stack, f->size + RT_STACK_GUARD);
    f->stack = NULL;
    f->size = 0;
    void *m = mmap(NULL, size + RT_STACK_GUARD, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
        return -1;
    if (mprotect(m, RT_STACK_GUARD, PROT_NONE) !=
        0) { /* the guard: overflow faults, never corrupts */
        munmap(m, size + RT_STACK_GUARD);
        return -1;
    }
    f->stack = m;
    f->size = size;
    return 0;
}

bool
rt_fiber_in_guard(const rt_fiber *f, const void *addr)
{
    uintptr_t a = (uintptr_t)addr, lo = (uintptr_t)f->stack;
    return f->stack && a >= lo && a < lo + RT_STACK_GUARD;
}

#if defined(__x86_64__)

void p2n_rt_switch(void **save_sp, void *new_sp) __attribute__((visibility("hidden")));
void p2n_rt_fiber_start(void) __attribute__((visibility("hidden")));

__asm__(".text\n"
        ".globl p2n_rt_switch\n"
        ".hidden p2n_rt_switch\n"
        ".type p2n_rt_switch,@function\n"
        "p2n_rt_switch:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  subq $8, %rsp\n"
        "  stmxcsr (%rsp)\n"
        "  fnstcw 4(%rsp)\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  ldmxcsr (%rsp)\n"
        "  fldcw 4(%rsp)\n"
        "  addq $8, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size p2n_rt_switch, .-p2n_rt_switch\n"
        ".globl p2n_rt_fiber_start\n"
        ".hidden p2n_rt_fiber_start\n"
        ".type p2n_rt_fiber_start,@function\n"
        "p2n_rt_fiber_start:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size p2n_rt_fiber_start, .-p2n_rt_fiber_start\n");

int
rt_fiber_init(rt_fiber *f, size_t size, void (*fn)(void *), void *arg)
{
    if (map_stack(f, size) != 0)
        return -1;
    uint64_t *top = (uint64_t *)((char *)f->stack + RT_STACK_GUARD + f->size);
    uint64_t *sp = top - 8;
    f->sp = sp;
    rt_fiber_take_fp(f);
    sp[1] = 0;                          /* r15 */
    sp[2] = 0;                          /* r14 */
    sp[3] = (uint64_t)(uintptr_t)fn;    /* r13 */
    sp[4] = (uint64_t)(uintptr_t)arg;   /* r12 */
    sp[5] = 0;                          /* rbx */
    sp[6] = 0;                          /* rbp */
    sp[7] = (uint64_t)(uintptr_t)p2n_rt_fiber_start;
    return 0;
}

void
rt_fiber_switch(rt_fiber *from, rt_fiber *to)
{
    p2n_rt_switch(&from->sp, to->sp);
}

/* The controls lie in the first word of the saved context (see
 * p2n_rt_switch): the thread's rounding, FTZ and the traps the host
 * enabled, as if the code ran on the thread's own stack. */
void
rt_fiber_take_fp(rt_fiber *f)
{
    uint32_t mxcsr;
    uint16_t x87;
    __asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
    __asm__ volatile("fnstcw %0" : "=m"(x87));
    *(uint64_t *)f->sp = (mxcsr & ~0x3fu) | ((uint64_t)x87 << 32);
}

void
rt_fiber_free(rt_fiber *f)
{
    if (f->stack)
        munmap(f->stack, f->size + RT_STACK_GUARD);
    f->stack = NULL;
    f->size = 0;
}

#else /* ucontext */

#include <stdlib.h>
#include <ucontext.h>

int
rt_fiber_init(rt_fiber *f, size_t size, void (*fn)(void *), void *arg)
{
    if (!f->impl && !(f->impl = calloc(1, sizeof(ucontext_t))))
        return -1;
    if (map_stack(f, size) != 0)
        return -1;
    ucontext_t *uc = f->impl;
    getcontext(uc);
    uc->uc_stack.ss_sp = (char *)f->stack + RT_STACK_GUARD;
    uc->uc_stack.ss_size = f->size;
    uc->uc_link = NULL;
    makecontext(uc, (void (*)(void))fn, 1, arg); /* one pointer argument fits on LP64 glibc */
    return 0;
}

void
rt_fiber_switch(rt_fiber *from, rt_fiber *to)
{
    if (!from->impl)
        from->impl = calloc(1, sizeof(ucontext_t));
    swapcontext(from->impl, to->impl);
}

void
rt_fiber_take_fp(rt_fiber *f)
{
    (void)f; /* swapcontext saves and restores the floating-point environment with the context */
}

void
rt_fiber_free(rt_fiber *f)
{
    if (f->stack)
        munmap(f->stack, f->size + RT_STACK_GUARD);
    free(f->impl);
    f->stack = f->impl = NULL;
    f->size = 0;
}

#endif

/* ------------------------------------------------------------- stacks */

/* Kernel code runs only on stacks of the runtime's own: a warp fiber, or
 * the worker's cta_fiber, where it runs a launch's CTAs (never the host's
 * thread stack, whose size the runtime does not know).  Each is mmap'd,
 * untouched pages cost nothing, with RT_STACK_GUARD bytes of guard below;
 * the code the translator emits probes every page of a large frame, so an
 * overflow faults in the guard and fails the launch with
 * P2N_ERROR_STACK_OVERFLOW.  Size: the setting, p2n_set_stack_size or else
 * P2N_STACK_SIZE (bytes, or with a K, M or G suffix), when there is one;
 * else the kernel's need as the translator recorded it (stack_bytes, a
 * bound), or 8 MiB if that is more. */
#define RT_DEFAULT_STACK ((size_t)8 << 20)
#define RT_MAX_STACK ((size_t)1 << 40)
#define STACK_UNSET ((size_t)-1)
static _Atomic size_t stack_setting; /* 0: the environment not read yet */

/* Bytes from "N", "NK", "NM" or "NG"; 0 when s is no such size. */
static size_t
parse_size(const char *s)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 10);
    if (errno || end == s || s[0] == '-')
        return 0;
    int shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10, end++; break;
    case 'm': case 'M': shift = 20, end++; break;
    case 'g': case 'G': shift = 30, end++; break;
    default: break;
    }
    if (*end || n > (RT_MAX_STACK >> shift))
        return 0;
    return (size_t)n << shift;
}

size_t
rt_stack_size(const p2n_kernel_desc *k)
{
    size_t s = atomic_load(&stack_setting);
    if (!s) {
        const char *env = getenv("P2N_STACK_SIZE");
        s = env && *env ? parse_size(env) : 0;
        if (s && s < 64 * 1024)
            s = 64 * 1024;
        if (!s)
            s = STACK_UNSET;
        size_t zero = 0;
        if (!atomic_compare_exchange_strong(&stack_setting, &zero, s))
            s = atomic_load(&stack_setting);
    }
    if (s == STACK_UNSET) {
        s = RT_DEFAULT_STACK;
        if (k->stack_bytes > s)
            s = k->stack_bytes < RT_MAX_STACK ? (size_t)k->stack_bytes : RT_MAX_STACK;
    }
    return (s + 0xffff) & ~(size_t)0xffff; /* whole pages, as the fibers have it */
}

p2n_result
rt_set_stack_size(size_t bytes)
{
    if (bytes != 0 && (bytes < 64 * 1024 || bytes > RT_MAX_STACK))
        return P2N_ERROR_INVALID_VALUE;
    atomic_store(&stack_setting, bytes ? bytes : STACK_UNSET);
    return P2N_SUCCESS;
}
