/* services.c — what running kernels ask of the runtime: errors, device
 * printf, malloc and free, assert, clocks, and indirect-call targets in
 * other modules.  Barriers and nanosleep are in sched.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rt.h"

static rt_label
kernel_name(p2n_warp *w)
{
    return rt_kernel_label(rt_warp_job(w)->k);
}

static void
svc_error(p2n_warp *w, int32_t code, uint32_t lanes, uint32_t line)
{
    static const struct {
        p2n_result result;
        const char *what;
    } kinds[] = {
        [P2N_KERR_TRAP] = {P2N_ERROR_TRAP, "trap executed"},
        [P2N_KERR_ASSERT] = {P2N_ERROR_ASSERT, "assertion failed"},
        [P2N_KERR_BRX_RANGE] = {P2N_ERROR_BRANCH_RANGE, "brx.idx index past its target list"},
        [P2N_KERR_BAD_FUNCPTR] = {P2N_ERROR_BAD_FUNCTION,
                                  "indirect call through an address that is no function"},
        [P2N_KERR_STACK] = {P2N_ERROR_STACK_OVERFLOW,
                            "call depth or divergence stack past its limit"},
        [P2N_KERR_MISALIGNED] = {P2N_ERROR_MISALIGNED, "misaligned access"},
        [P2N_KERR_TEXTURE] = {P2N_ERROR_INVALID_VALUE,
                              "texture or surface instruction on a handle that is no object"},
        [P2N_KERR_SURFACE_RANGE] = {P2N_ERROR_TRAP, "surface access out of range (.trap)"},
        [P2N_KERR_TIMEOUT] = {P2N_ERROR_TIMEOUT,
                              "the launch ran past its time limit (p2n_set_launch_timeout, "
                              "P2N_LAUNCH_TIMEOUT_MS)"},
        [P2N_KERR_INTERNAL] = {P2N_ERROR_TRAP, "internal error: a divergence stack entry the "
                                               "translator did not expect (please report it)"},
    };
    p2n_result r = P2N_ERROR_TRAP;
    const char *what = "kernel error";
    if (code > 0 && (size_t)code < sizeof kinds / sizeof kinds[0] && kinds[code].what)
        r = kinds[code].result, what = kinds[code].what;
    int lane = lanes ? __builtin_ctz(lanes) : 0;
    char source[600]; /* with -g: the CUDA line of the PTX line (lines.c) */
    rt_source_of_ptx_line((const void *)rt_warp_job(w)->k->fn, line, source, sizeof source);
    rt_job_error(rt_warp_job(w), r,
                 "kernel %s, CTA (%u,%u,%u), thread (%u,%u,%u): %s at PTX line %u%s",
                 kernel_name(w).s, w->ctaid[0], w->ctaid[1], w->ctaid[2], w->tid[0][lane],
                 w->tid[1][lane], w->tid[2][lane], what, line, source);
    w->error = (int32_t)r;
}

static void
svc_assertfail(p2n_warp *w, uint32_t lanes, const char *msg, const char *file, uint32_t src_line,
               const char *func, uint32_t line)
{
    int lane = lanes ? __builtin_ctz(lanes) : 0;
    rt_job_error(rt_warp_job(w), P2N_ERROR_ASSERT,
                 "kernel %s, CTA (%u,%u,%u), thread (%u,%u,%u): %s:%u: %s: Assertion `%s' failed "
                 "(PTX line %u)",
                 kernel_name(w).s, w->ctaid[0], w->ctaid[1], w->ctaid[2], w->tid[0][lane],
                 w->tid[1][lane], w->tid[2][lane], file ? file : "?", src_line, func ? func : "?",
                 msg ? msg : "?", line);
    w->error = P2N_ERROR_ASSERT;
}

/* ---------------------------------------------------------------- printf */

static size_t
align_up(size_t x, size_t a)
{
    return (x + a - 1) & ~(a - 1);
}

/* CUDA's printf: each argument in args is aligned to its own size (4 for
 * int and char, 8 for long, pointers and double; float is passed as
 * double).  Writes at most cap bytes; returns the length it wanted. */
static int
rt_format(char *out, size_t cap, const char *fmt, const unsigned char *args)
{
    size_t n = 0, off = 0;
    char spec[64];
    for (const char *p = fmt; *p;) {
        if (*p != '%' || p[1] == '%') {
            if (n + 1 < cap)
                out[n] = *p;
            n++;
            p += *p == '%' ? 2 : 1;
            continue;
        }
        const char *start = p++;
        /* the conversion's spec, '*' widths and precisions replaced by
         * their int arguments, length modifiers dropped */
        size_t k = 0;
        spec[k++] = '%';
        while (*p && strchr("-+ #0", *p) && k < sizeof spec - 24)
            spec[k++] = *p++;
        for (int part = 0; part < 2; part++) {
            if (part == 1) {
                if (*p != '.')
                    break;
                spec[k++] = *p++;
            }
            if (*p == '*') {
                off = align_up(off, 4);
                int32_t v;
                memcpy(&v, args + off, 4);
                off += 4;
                k += (size_t)snprintf(spec + k, sizeof spec - k, "%d", v);
                p++;
            } else {
                while (*p >= '0' && *p <= '9' && k < sizeof spec - 24)
                    spec[k++] = *p++;
            }
        }
        int longs = 0;
        while (*p == 'l' || *p == 'h' || *p == 'z' || *p == 'j' || *p == 't') {
            longs += *p == 'l' || *p == 'z' || *p == 'j' || *p == 't';
            p++;
        }
        char conv = *p ? *p++ : 0;
        size_t len = (size_t)(p - start);
        if (!conv || k >= sizeof spec - 2)
            break;
        spec[k++] = conv;
        spec[k] = 0;
        char *dst = n < cap ? out + n : NULL;
        size_t room = n < cap ? cap - n : 0;
        int w = 0;
        switch (conv) {
        case 'd':
        case 'i':
        case 'u':
        case 'x':
        case 'X':
        case 'o':
        case 'c': {
            size_t sz = longs ? 8 : 4;
            off = align_up(off, sz);
            long long v = 0;
            if (sz == 8) {
                int64_t t;
                memcpy(&t, args + off, 8);
                v = t;
            } else {
                int32_t t;
                memcpy(&t, args + off, 4);
                v = conv == 'd' || conv == 'i' ? t : (long long)(uint32_t)t;
            }
            off += sz;
            char s2[72];
            snprintf(s2, sizeof s2, "%.*sll%c", (int)k - 1, spec, conv);
            w = conv == 'c' ? snprintf(dst, room, spec, (int)v) : snprintf(dst, room, s2, v);
            break;
        }
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
        case 'a':
        case 'A': {
            off = align_up(off, 8);
            double v;
            memcpy(&v, args + off, 8);
            off += 8;
            w = snprintf(dst, room, spec, v);
            break;
        }
        case 's':
        case 'p': {
            off = align_up(off, 8);
            uint64_t v;
            memcpy(&v, args + off, 8);
            off += 8;
            if (conv == 's')
                w = snprintf(dst, room, spec, v ? (const char *)(uintptr_t)v : "(null)");
            else
                w = snprintf(dst, room, spec, (void *)(uintptr_t)v);
            break;
        }
        default: /* unknown conversion: print it as it is */
            w = snprintf(dst, room, "%.*s", (int)len, start);
            break;
        }
        if (w > 0)
            n += (size_t)w;
    }
    if (cap > 0)
        out[n < cap ? n : cap - 1] = 0;
    return (int)n;
}

static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;

/* A warp's text is formatted first, into a buffer of the thread's own kept
 * between calls, and written under the lock after: a fault while
 * formatting (a %s argument that is no string) leaves no lock held. */
static _Thread_local char *print_buf;
static _Thread_local size_t print_cap;

static void
svc_vprintf(p2n_warp *w, uint32_t lanes, const char *const *fmt, const void *const *args,
            int32_t *ret)
{
    (void)w;
    size_t len = 0;
    for (int l = 0; l < P2N_WARP_SIZE; l++) {
        if (!(lanes >> l & 1))
            continue;
        ret[l] = -1;
        if (!fmt[l])
            continue;
        if (print_cap - len < 4096) {
            size_t cap = print_cap ? 2 * print_cap : 16384;
            char *b = realloc(print_buf, cap);
            if (!b)
                break;
            print_buf = b;
            print_cap = cap;
        }
        int n = rt_format(print_buf + len, 4096, fmt[l], args[l]);
        if (n >= 0)
            len += (size_t)n < 4096 ? (size_t)n : 4095;
        ret[l] = n;
    }
    pthread_mutex_lock(&print_lock); /* a warp's lines, in lane order, not interleaved */
    fwrite(print_buf, 1, len, stdout);
    fflush(stdout);
    pthread_mutex_unlock(&print_lock);
}

/* ---------------------------------------------------------------- malloc */

static void
svc_malloc(p2n_warp *w, uint32_t lanes, const uint64_t *size, void **out)
{
    p2n_module *m = rt_warp_job(w)->mod;
    pthread_mutex_lock(&m->heap_lock);
    for (int l = 0; l < P2N_WARP_SIZE; l++) {
        if (!(lanes >> l & 1))
            continue;
        out[l] = NULL;
        if (m->nheap == m->capheap) {
            size_t cap = m->capheap ? 2 * m->capheap : 64;
            void **h = realloc(m->heap, cap * sizeof *h);
            if (!h)
                continue;
            m->heap = h;
            m->capheap = cap;
        }
        void *p = size[l] ? aligned_alloc(16, (size[l] + 15) & ~(uint64_t)15) : NULL;
        if (p)
            m->heap[m->nheap++] = p;
        out[l] = p;
    }
    pthread_mutex_unlock(&m->heap_lock);
}

static void
svc_free(p2n_warp *w, uint32_t lanes, void *const *ptr)
{
    p2n_module *m = rt_warp_job(w)->mod;
    pthread_mutex_lock(&m->heap_lock);
    for (int l = 0; l < P2N_WARP_SIZE; l++) {
        if (!(lanes >> l & 1) || !ptr[l])
            continue;
        for (size_t i = 0; i < m->nheap; i++)
            if (m->heap[i] == ptr[l]) { /* only what malloc gave: free(junk) is ignored */
                free(ptr[l]);
                m->heap[i] = m->heap[--m->nheap];
                break;
            }
    }
    pthread_mutex_unlock(&m->heap_lock);
}

void
rt_module_heap_free(p2n_module *m)
{
    for (size_t i = 0; i < m->nheap; i++)
        free(m->heap[i]);
    free(m->heap);
    m->heap = NULL;
    m->nheap = m->capheap = 0;
}

/* ---------------------------------------------------------------- clocks */

static uint64_t
nanoseconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t
svc_clock64(p2n_warp *w)
{
    (void)w;
    return nanoseconds(CLOCK_MONOTONIC);
}

static uint64_t
svc_globaltimer(p2n_warp *w)
{
    (void)w;
    return nanoseconds(CLOCK_REALTIME);
}

static void *
svc_resolve(p2n_warp *w, uint64_t addr, const char *signature)
{
    (void)w;
    return rt_registry_resolve(addr, signature);
}

const p2n_services rt_services = {
    .barrier = rt_svc_barrier,
    .nanosleep = rt_svc_nanosleep,
    .frame = rt_svc_frame,
    .error = svc_error,
    .vprintf = svc_vprintf,
    .malloc = svc_malloc,
    .free = svc_free,
    .assertfail = svc_assertfail,
    .clock64 = svc_clock64,
    .globaltimer = svc_globaltimer,
    .resolve = svc_resolve,
    .texture = rt_svc_texture,
};
