/* fiber.c — user-level context switches for warps.
 *
 * On x86-64 a hand-written switch saves the callee-saved registers, the
 * SSE control word and the x87 control word on the old stack and restores
 * them from the new one (no system call; see docs/runtime.md for its
 * cost).  Elsewhere, ucontext.  Stacks are mmap'd with a guard page.
 */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rt.h"

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
    long page = sysconf(_SC_PAGESIZE);
    size = (size + (size_t)page - 1) & ~((size_t)page - 1);
    if (!f->stack || f->size != size) {
        rt_fiber_free(f);
        void *m = mmap(NULL, size + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                       -1, 0);
        if (m == MAP_FAILED)
            return -1;
        mprotect(m, (size_t)page, PROT_NONE); /* guard page: overflow faults, never corrupts */
        f->stack = m;
        f->size = size;
    }
    uint64_t *top = (uint64_t *)((char *)f->stack + (size_t)page + size);
    uint64_t *sp = top - 8;
    sp[0] = 0x1F80 | (0x037Full << 32); /* mxcsr, x87 control word */
    sp[1] = 0;                          /* r15 */
    sp[2] = 0;                          /* r14 */
    sp[3] = (uint64_t)(uintptr_t)fn;    /* r13 */
    sp[4] = (uint64_t)(uintptr_t)arg;   /* r12 */
    sp[5] = 0;                          /* rbx */
    sp[6] = 0;                          /* rbp */
    sp[7] = (uint64_t)(uintptr_t)p2n_rt_fiber_start;
    f->sp = sp;
    return 0;
}

void
rt_fiber_switch(rt_fiber *from, rt_fiber *to)
{
    p2n_rt_switch(&from->sp, to->sp);
}

void
rt_fiber_free(rt_fiber *f)
{
    if (f->stack)
        munmap(f->stack, f->size + (size_t)sysconf(_SC_PAGESIZE));
    f->stack = NULL;
    f->size = 0;
}

#else /* ucontext */

#include <stdlib.h>
#include <ucontext.h>

int
rt_fiber_init(rt_fiber *f, size_t size, void (*fn)(void *), void *arg)
{
    long page = sysconf(_SC_PAGESIZE);
    size = (size + (size_t)page - 1) & ~((size_t)page - 1);
    if (!f->impl && !(f->impl = calloc(1, sizeof(ucontext_t))))
        return -1;
    if (!f->stack || f->size != size) {
        if (f->stack)
            munmap(f->stack, f->size + (size_t)page);
        void *m = mmap(NULL, size + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED)
            return -1;
        mprotect(m, (size_t)page, PROT_NONE);
        f->stack = m;
        f->size = size;
    }
    ucontext_t *uc = f->impl;
    getcontext(uc);
    uc->uc_stack.ss_sp = (char *)f->stack + page;
    uc->uc_stack.ss_size = size;
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
rt_fiber_free(rt_fiber *f)
{
    if (f->stack)
        munmap(f->stack, f->size + (size_t)sysconf(_SC_PAGESIZE));
    free(f->impl);
    f->stack = f->impl = NULL;
    f->size = 0;
}

#endif
