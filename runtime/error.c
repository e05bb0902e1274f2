/* error.c — how the host library reports a failure: a code, and a message
 * kept per thread (p2n_error_message). */
#include <stdarg.h>
#include <stdio.h>

#include "rt.h"

static _Thread_local char message[1024];

void
rt_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
}

RT_EXPORT const char *
p2n_error_message(void)
{
    return message;
}

RT_EXPORT const char *
p2n_result_string(p2n_result r)
{
    switch (r) {
    case P2N_SUCCESS: return "success";
    case P2N_ERROR_INVALID_VALUE: return "invalid argument";
    case P2N_ERROR_LOAD: return "the module could not be loaded";
    case P2N_ERROR_INVALID_MODULE: return "not a ptx2native module of this ABI version";
    case P2N_ERROR_NOT_FOUND: return "no kernel or variable of that name";
    case P2N_ERROR_INVALID_DIM: return "invalid grid or block dimensions";
    case P2N_ERROR_TOO_MANY_THREADS: return "too many threads per block";
    case P2N_ERROR_SHARED_SIZE: return "too much shared memory";
    case P2N_ERROR_OUT_OF_MEMORY: return "out of memory";
    case P2N_ERROR_TRAP: return "the kernel executed trap";
    case P2N_ERROR_ASSERT: return "a device-side assertion failed";
    case P2N_ERROR_DEADLOCK: return "barrier deadlock";
    case P2N_ERROR_BRANCH_RANGE: return "brx.idx index out of range";
    case P2N_ERROR_BAD_FUNCTION: return "indirect call through a non-function";
    case P2N_ERROR_STACK_OVERFLOW: return "stack overflow";
    case P2N_ERROR_SYSTEM: return "system resources unavailable";
    case P2N_ERROR_MISALIGNED: return "misaligned access";
    case P2N_ERROR_ILLEGAL_ADDRESS: return "illegal memory access";
    case P2N_ERROR_ARITHMETIC: return "arithmetic exception (floating-point trap)";
    case P2N_ERROR_ILLEGAL_INSTRUCTION: return "illegal instruction";
    case P2N_ERROR_TIMEOUT: return "the launch timed out";
    case P2N_ERROR_UNSUPPORTED_CPU: return "the module needs CPU features this CPU lacks";
    case P2N_ERROR_NOT_READY:
        return "work is still pending";
    }
    return "unknown error";
}

/* Sets the message and returns r. */
p2n_result
rt_fail(p2n_result r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    return r;
}

rt_label
rt_kernel_label(const p2n_kernel_desc *k)
{
    rt_label l;
    if (k->demangled && k->demangled[0])
        snprintf(l.s, sizeof l.s, "'%.500s' (%.500s)", k->name, k->demangled);
    else
        snprintf(l.s, sizeof l.s, "'%.1000s'", k->name);
    return l;
}
