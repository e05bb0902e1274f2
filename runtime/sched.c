/* sched.c — running a grid: CTAs on a pool of worker threads, a CTA's warps
 * one after the other or, when the kernel has barriers or nanosleep, as
 * fibers on one worker.
 *
 * Pool: created at the first launch and reused; a launch queues a job and
 * runs CTAs of it itself too, so launches from several host threads share
 * the workers and none waits on an idle pool.  The only global state is the
 * pool (documented in docs/api.md: P2N_NUM_THREADS, p2n_set_num_threads).
 *
 * Barriers: a barrier completes when the threads that arrived reach its
 * count, or, without a count, the CTA's live threads: lanes that executed
 * exit, and warps that finished, no longer count, so a barrier that waits
 * only on exited threads is released.  Each arriving warp contributes its
 * active lanes; lanes of a divergent warp held at another barrier than the
 * one its first lanes run are counted early (P2N_BAR_EARLY) in the same
 * phase, and their own barrier instruction later only collects that
 * phase's result.  When no warp can run and some wait on a barrier, that is a
 * deadlock: the launch fails with P2N_ERROR_DEADLOCK naming the barrier and
 * its PTX line, and the waiting fibers are abandoned.
 */
#include <dlfcn.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

enum { W_READY, W_WAITING, W_SLEEPING, W_DONE };

typedef struct rt_barrier {
    uint32_t arrived, expected_count; /* expected_count 0: the live threads */
    uint32_t popc, all_and, any_or;
    uint32_t generation;
    uint32_t line;
    int nwaiting;
} rt_barrier;

struct rt_warp_state {
    p2n_warp w; /* first: the kernel gets &w */
    struct rt_cta *cta;
    rt_fiber fiber;
    int state;
    int bar_id;
    uint32_t bar_generation;
    uint32_t res_popc, res_and, res_or; /* bar.red results */
    /* lanes counted early (P2N_BAR_EARLY) at barrier id, in phase
     * early_gen[id]; early_done[id]: that phase completed, with results */
    uint32_t early[RT_NBARRIERS], early_gen[RT_NBARRIERS];
    bool any_early; /* some early[] was set in this CTA */
    bool early_done[RT_NBARRIERS];
    uint32_t early_popc[RT_NBARRIERS], early_and[RT_NBARRIERS], early_or[RT_NBARRIERS];
    uint64_t wake_ns;
    uint32_t live_mask, nlive; /* its live lanes when it last left the runtime, and how many */
    uint32_t nlive0;           /* ... when a CTA starts: its mask's */
    /* a coroutine warp (P2N_KF_CORO): its frame once started, the memory
     * the frame service gives it (kept from CTA to CTA), and what its
     * pending wait was (the result comes with P2N_BAR_RESUME) */
    void *frame;
    void *frame_mem;
    size_t frame_cap;
    uint32_t wait_op, wait_id;
    bool wait_early;
    uint32_t absent; /* live lanes neither waiting nor counted early at its barrier */
};

typedef struct rt_cta {
    rt_job *job;
    struct rt_worker *worker;
    rt_warp_state *warps;
    uint32_t nwarps;
    bool fibers; /* the warps are fibers */
    bool coro;   /* the warps are coroutines (P2N_KF_CORO) */
    int current;
    rt_fiber sched_fiber;
    rt_barrier bar[RT_NBARRIERS];
    uint32_t pending; /* bit id: barrier id has arrivals or waiters */
    uint32_t live; /* sum of the warps' nlive */
    uint32_t live0; /* ... when a CTA starts */
    size_t shared_bytes; /* static and dynamic shared memory */
    bool dirty; /* a CTA left it abandoned: every barrier to reset */
} rt_cta;

typedef struct rt_worker {
    unsigned index;
    char *shared;
    size_t shared_cap;
    char *local;
    size_t local_cap;
    rt_warp_state warps[RT_MAX_WARPS];
    rt_cta cta; /* the CTA it runs: reused from CTA to CTA */
    rt_fiber home;      /* the worker thread's own context, while it drains on cta_fiber */
    rt_fiber cta_fiber; /* where it runs CTAs: the warps of those without fibers run on it */
    rt_job *draining;   /* the launch cta_fiber drains next */
    void *altstack; /* ALTSTACK_BYTES for the fault handler */
    /* a launching thread's: its launches' templates (rt_job.templ),
     * whose thread indices stay while the block's shape does */
    p2n_warp *templ;
    uint32_t templ_cap;
    p2n_dim3 templ_block;
    rt_pool_seen seen; /* a pool worker's: see rt_pool_next */
} rt_worker;

rt_job *
rt_warp_job(p2n_warp *w)
{
    return ((rt_warp_state *)w)->cta->job;
}

void
rt_job_error(rt_job *job, p2n_result code, const char *fmt, ...)
{
    pthread_mutex_lock(&job->lock);
    if (job->error == P2N_SUCCESS) {
        job->error = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(job->message, sizeof job->message, fmt, ap);
        va_end(ap);
    }
    pthread_mutex_unlock(&job->lock);
}

static uint64_t
now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* -------------------------------------------------------------- fibers */

/* Bits set in x, without the libgcc call __builtin_popcount becomes when
 * the runtime is built for a CPU without popcnt (it was 10% of the tiled
 * matmul benchmark, in barriers). */
static uint32_t
popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static uint32_t
live_lanes(const p2n_warp *w)
{
    return w->mask & ~w->exited;
}

/* Lanes leave (exit) or warps finish only while that warp runs, so the
 * CTA's live count is kept up to date each time a warp enters the runtime
 * (a barrier) or comes back to the scheduler, not recounted per arrival. */
static void
refresh_live(rt_cta *c, rt_warp_state *ws)
{
    uint32_t m = ws->state == W_DONE ? 0 : live_lanes(&ws->w);
    if (m == ws->live_mask)
        return;
    uint32_t n = popcount32(m);
    c->live = c->live - ws->nlive + n;
    ws->nlive = n;
    ws->live_mask = m;
}

static uint32_t
live_threads(rt_cta *c)
{
    return c->live;
}

static void
yield_to_scheduler(rt_warp_state *ws)
{
    rt_fiber_switch(&ws->fiber, &ws->cta->sched_fiber);
}

static void
fiber_main(void *arg)
{
    rt_warp_state *ws = arg;
    const p2n_kernel_desc *k = ws->cta->job->k;
    k->fn(&ws->w);
    ws->state = W_DONE;
    yield_to_scheduler(ws);
    abort(); /* never resumed */
}

/* Completes barrier id: wakes its waiters. */
static void
complete(rt_cta *c, int id)
{
    rt_barrier *b = &c->bar[id];
    for (uint32_t i = 0; i < c->nwarps; i++) {
        rt_warp_state *ws = &c->warps[i];
        if (ws->state == W_WAITING && ws->bar_id == id && ws->bar_generation == b->generation) {
            ws->state = W_READY;
            ws->res_popc = b->popc;
            ws->res_and = b->all_and;
            ws->res_or = b->any_or;
        }
        if (ws->early[id] && ws->early_gen[id] == b->generation && !ws->early_done[id]) {
            ws->early_done[id] = true;
            ws->early_popc[id] = b->popc;
            ws->early_and[id] = b->all_and;
            ws->early_or[id] = b->any_or;
        }
    }
    b->generation++;
    b->arrived = 0;
    b->nwaiting = 0;
    b->expected_count = 0;
    c->pending &= ~(1u << id);
}

/* Completes barrier id when enough threads arrived. */
static inline void
try_complete(rt_cta *c, int id)
{
    rt_barrier *b = &c->bar[id];
    if (b->arrived == 0 && b->nwaiting == 0)
        return;
    uint32_t live = live_threads(c);
    uint32_t want = b->expected_count ? b->expected_count : live;
    if (want > live)
        want = live;
    if (b->arrived >= want)
        complete(c, id);
}

static uint32_t
early_result(const rt_warp_state *ws, uint32_t op, uint32_t id)
{
    switch (op) {
    case P2N_BAR_RED_POPC: return ws->early_popc[id];
    case P2N_BAR_RED_AND: return ws->early_and[id];
    case P2N_BAR_RED_OR: return ws->early_or[id];
    default: return 0;
    }
}

/* The result of op at barrier id for a warp whose wait there is over
 * (early: the wait of lanes counted early, for that phase). */
static uint32_t
wait_result(rt_warp_state *ws, uint32_t op, uint32_t id, bool early)
{
    if (ws->w.error)
        return 0;
    if (early) {
        ws->early_popc[id] = ws->res_popc;
        ws->early_and[id] = ws->res_and;
        ws->early_or[id] = ws->res_or;
        ws->early_done[id] = true;
        return early_result(ws, op, id);
    }
    switch (op) {
    case P2N_BAR_RED_POPC: return ws->res_popc;
    case P2N_BAR_RED_AND: return ws->res_and;
    case P2N_BAR_RED_OR: return ws->res_or;
    default: return 0;
    }
}

/* The warp waits (its state says for what): a fiber yields and returns
 * the result; a coroutine asks its kernel to suspend and gets the result
 * with P2N_BAR_RESUME once resumed. */
static inline uint32_t
wait(rt_warp_state *ws, uint32_t op, uint32_t id, bool early)
{
    if (ws->cta->coro) {
        ws->w.suspend = 1;
        ws->wait_op = op;
        ws->wait_id = id;
        ws->wait_early = early;
        return 0;
    }
    yield_to_scheduler(ws);
    return wait_result(ws, op, id, early);
}

uint32_t
rt_svc_barrier(p2n_warp *w, uint32_t op, uint32_t id, uint32_t count, uint32_t lanes, uint32_t pred,
               uint32_t line)
{
    rt_warp_state *ws = (rt_warp_state *)w;
    rt_cta *c = ws->cta;
    if (op == P2N_BAR_RESUME)
        return wait_result(ws, ws->wait_op, ws->wait_id, ws->wait_early);
    if (__atomic_load_n(&c->job->stop, __ATOMIC_RELAXED)) { /* the watchdog: as at a loop's head */
        w->rt->error(w, P2N_KERR_TIMEOUT, lanes, line);
        return 0;
    }
    if (id >= RT_NBARRIERS) {
        rt_job_error(
            c->job, P2N_ERROR_INVALID_VALUE,
            "kernel %s, CTA (%u,%u,%u): barrier id %u at PTX line %u is out of range 0..15",
            rt_kernel_label(c->job->k).s, w->ctaid[0], w->ctaid[1], w->ctaid[2], id, line);
        w->error = 1;
        return 0;
    }
    if (!c->fibers && !c->coro) { /* a single warp needs no one else */
        if (c->nwarps == 1) {
            uint32_t n = popcount32(pred & lanes);
            return op == P2N_BAR_RED_POPC  ? n
                   : op == P2N_BAR_RED_AND ? (uint32_t)((pred & lanes) == lanes)
                                           : (uint32_t)(n != 0);
        }
        rt_job_error(c->job, P2N_ERROR_DEADLOCK,
                     "kernel %s: barrier at PTX line %u in a kernel built without barrier support",
                     rt_kernel_label(c->job->k).s, line);
        w->error = 1;
        return 0;
    }
    refresh_live(c, ws);
    rt_barrier *b = &c->bar[id];
    if (op == P2N_BAR_SYNC && !count && !ws->any_early && lanes == ws->live_mask) {
        /* the common case, a whole warp at bar.sync: as below, less what
         * lanes counted early and a count need */
        if (b->arrived == 0 && b->nwaiting == 0) {
            b->popc = 0;
            b->all_and = 1;
            b->any_or = 0;
        }
        b->arrived += ws->nlive;
        if (pred & lanes)
            b->popc += popcount32(pred & lanes);
        b->all_and &= (pred & lanes) == lanes;
        b->any_or |= (pred & lanes) != 0;
        b->line = line;
        ws->absent = 0;
        ws->state = W_WAITING;
        ws->bar_id = (int)id;
        ws->bar_generation = b->generation;
        b->nwaiting++;
        c->pending |= 1u << id;
        try_complete(c, (int)id);
        if (ws->state == W_WAITING)
            return wait(ws, op, id, false);
        return wait_result(ws, op, id, false);
    }
    if (op != P2N_BAR_EARLY && (lanes & ws->early[id])) {
        /* lanes counted early: the result of that phase, once complete */
        ws->early[id] &= ~lanes;
        if (op == P2N_BAR_ARRIVE)
            return 0;
        if (!ws->early_done[id]) {
            ws->absent = 0;
            ws->state = W_WAITING;
            ws->bar_id = (int)id;
            ws->bar_generation = ws->early_gen[id];
            return wait(ws, op, id, true);
        }
        return early_result(ws, op, id);
    }
    if (b->arrived == 0 && b->nwaiting == 0) {
        b->popc = 0;
        b->all_and = 1;
        b->any_or = 0;
    }
    lanes &= live_lanes(w);
    b->arrived += popcount32(lanes);
    c->pending |= 1u << id;
    if (count)
        b->expected_count = count;
    b->popc += popcount32(pred & lanes);
    b->all_and &= (pred & lanes) == lanes;
    b->any_or |= (pred & lanes) != 0;
    b->line = line;
    if (op == P2N_BAR_EARLY) {
        if (ws->early[id] && ws->early_gen[id] != b->generation)
            ws->early[id] = 0; /* lanes of an older phase: consumed or exited */
        ws->early[id] |= lanes;
        ws->any_early = true;
        ws->early_gen[id] = b->generation;
        ws->early_done[id] = false;
        try_complete(c, (int)id);
        return 0;
    }
    if (op == P2N_BAR_ARRIVE) {
        try_complete(c, (int)id);
        return 0;
    }
    /* the code generator brings every live lane of a warp to its barriers,
     * except across a call: lanes outside a .func that part of the warp
     * called cannot arrive before it returns (named if this deadlocks) */
    ws->absent = live_lanes(w) & ~lanes;
    for (int i = 0; ws->any_early && i < RT_NBARRIERS; i++)
        if (ws->early[i] && ws->early_gen[i] == c->bar[i].generation)
            ws->absent &= ~ws->early[i];
    ws->state = W_WAITING;
    ws->bar_id = (int)id;
    ws->bar_generation = b->generation;
    b->nwaiting++;
    c->pending |= 1u << id;
    try_complete(c, (int)id);
    if (ws->state == W_WAITING)
        return wait(ws, op, id, false);
    return wait_result(ws, op, id, false);
}

void
rt_svc_nanosleep(p2n_warp *w, uint32_t ns)
{
    rt_warp_state *ws = (rt_warp_state *)w;
    if (ns > 1000000)
        ns = 1000000;
    if (!ws->cta->fibers && !ws->cta->coro) {
        struct timespec t = {0, (long)ns};
        nanosleep(&t, NULL);
        return;
    }
    ws->wake_ns = now_ns() + ns;
    ws->state = W_SLEEPING;
    if (ws->cta->coro)
        ws->w.suspend = 1;
    else
        yield_to_scheduler(ws);
}

static void cta_abandon(void);

void *
rt_svc_frame(p2n_warp *w, uint64_t bytes)
{
    rt_warp_state *ws = (rt_warp_state *)w;
    if (bytes > ws->frame_cap) {
        free(ws->frame_mem);
        ws->frame_cap = 0;
        ws->frame_mem = bytes < SIZE_MAX - 63 ? aligned_alloc(64, (bytes + 63) & ~(uint64_t)63) : NULL;
        if (!ws->frame_mem) {
            rt_job_error(ws->cta->job, P2N_ERROR_OUT_OF_MEMORY,
                         "kernel %s: no memory for a warp's frame of %llu bytes",
                         rt_kernel_label(ws->cta->job->k).s, (unsigned long long)bytes);
            cta_abandon();
        }
        ws->frame_cap = bytes;
    }
    return ws->frame_mem;
}

/* No warp can run and some wait at a barrier: the launch's error names the
 * barrier, preferring a warp whose lanes arrived without the rest of it
 * (the barrier is inside a function only part of the warp called). */
static void
report_deadlock(rt_cta *c)
{
    rt_warp_state *ws = NULL;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        rt_warp_state *x = &c->warps[i];
        if (x->state == W_WAITING && (!ws || (x->absent && !ws->absent)))
            ws = x;
    }
    if (!ws)
        return;
    const p2n_warp *w = &ws->w;
    const rt_barrier *b = &c->bar[ws->bar_id];
    char source[600]; /* with -g: the CUDA line of the barrier (lines.c) */
    rt_source_of_ptx_line((const void *)c->job->k->fn, b->line, source, sizeof source);
    if (ws->absent)
        rt_job_error(c->job, P2N_ERROR_DEADLOCK,
                     "kernel %s, CTA (%u,%u,%u): deadlock at barrier %d (PTX line %u%s): %u of %u "
                     "threads arrived; "
                     "lanes %#x of warp %u are outside the call that reached it (they did not make "
                     "the call, or returned "
                     "from it) and cannot run before it returns: a barrier in a function called by "
                     "part of a warp "
                     "is not supported",
                     rt_kernel_label(c->job->k).s, w->ctaid[0], w->ctaid[1], w->ctaid[2],
                     ws->bar_id, b->line, source, b->arrived, live_threads(c), ws->absent,
                     (unsigned)(ws - c->warps));
    else
        rt_job_error(c->job, P2N_ERROR_DEADLOCK,
                     "kernel %s, CTA (%u,%u,%u): deadlock at barrier %d (PTX line %u%s): "
                     "%u of %u threads arrived, the others have exited or wait elsewhere",
                     rt_kernel_label(c->job->k).s, w->ctaid[0], w->ctaid[1], w->ctaid[2],
                     ws->bar_id, b->line, source, b->arrived, live_threads(c));
}

/* Runs a coroutine warp until it waits or ends. */
static void
run_coro(rt_cta *c, rt_warp_state *ws)
{
    ws->w.suspend = 0;
    if (ws->frame)
        (*(p2n_coro_resume_fn *)ws->frame)(ws->frame);
    else
        ws->frame = ((p2n_coro_fn)(void (*)(void))c->job->k->fn)(&ws->w);
    if (!ws->w.suspend)
        ws->state = W_DONE;
}

/* Runs the CTA's warps (fibers or coroutines) until all are done or none
 * can run. */
static void
schedule(rt_cta *c)
{
    uint32_t left = c->nwarps; /* not done */
    for (;;) {
        bool any = false, progress = false;
        uint64_t t = 0, earliest = UINT64_MAX;
        for (uint32_t i = 0; i < c->nwarps; i++) {
            rt_warp_state *ws = &c->warps[i];
            if (ws->state == W_DONE)
                continue;
            any = true;
            if (ws->state == W_SLEEPING) {
                if (!t)
                    t = now_ns();
                if (ws->wake_ns <= t)
                    ws->state = W_READY;
                else if (ws->wake_ns < earliest)
                    earliest = ws->wake_ns;
            }
            if (ws->state != W_READY)
                continue;
            c->current = (int)i;
            if (c->coro)
                run_coro(c, ws);
            else
                rt_fiber_switch(&c->sched_fiber, &ws->fiber);
            refresh_live(c, ws);
            progress = true;
            if (ws->w.error) /* a service failed: end the CTA */
                return;
            if (ws->state == W_DONE) { /* one fewer to wait for */
                if (--left == 0)
                    return;
                for (uint32_t p = c->pending; p; p &= p - 1)
                    try_complete(c, __builtin_ctz(p));
            }
        }
        if (!any)
            return;
        if (progress)
            continue;
        if (earliest != UINT64_MAX) { /* only sleepers: sleep until the first wakes */
            uint64_t d = earliest - now_ns();
            struct timespec ts = {(time_t)(d / 1000000000u), (long)(d % 1000000000u)};
            if ((int64_t)d > 0)
                nanosleep(&ts, NULL);
            continue;
        }
        /* everyone left waits on a barrier that cannot complete */
        report_deadlock(c);
        for (uint32_t i = 0; i < c->nwarps; i++)
            c->warps[i].w.error = 1;
        return;
    }
}

/* ----------------------------------------------------------------- CTAs */

static bool
grow(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return true;
    free(*buf);
    *buf = aligned_alloc(64, (need + 63) & ~(size_t)63);
    *cap = *buf ? need : 0;
    return *buf != NULL;
}

/* Ends the running CTA from a service whose failure left the launch's
 * error recorded and cannot return to the kernel. */
static void
cta_abandon(void)
{
    siglongjmp(*rt_fault_here.jmp, RT_JUMP_ABANDON);
}

/* The warps of one CTA with waits: coroutines (on the worker's cta_fiber,
 * where run_cta runs) or fibers. */
static void
run_warps(rt_cta *cp, rt_job *job, rt_worker *wk)
{
    const p2n_kernel_desc *k = job->k;
    if (cp->coro) {
        /* the kernel's own CTA loop runs its warps; those it leaves waiting
         * at different barriers (a deadlock) are the scheduler's */
        if (k->cta && k->cta(&cp->warps[0].w, cp->nwarps, sizeof *cp->warps, &cp->current) !=
                          P2N_CTA_LEFT)
            return;
        for (uint32_t i = 0; k->cta && i < cp->nwarps; i++) {
            cp->warps[i].frame = cp->warps[i].w.frame;
            if (!cp->warps[i].frame)
                cp->warps[i].state = W_DONE;
            refresh_live(cp, &cp->warps[i]);
        }
        schedule(cp);
        return;
    }
    size_t fsize = rt_stack_size(k);
    for (uint32_t i = 0; i < job->nwarps; i++)
        if (rt_fiber_init(&wk->warps[i].fiber, fsize, fiber_main, &wk->warps[i]) != 0) {
            rt_job_error(job, P2N_ERROR_OUT_OF_MEMORY,
                         "kernel %s: cannot map a fiber stack of %zu bytes: %s",
                         rt_kernel_label(k).s, fsize, strerror(errno));
            return;
        }
    schedule(cp);
}

/* The launch's error for a fault in c's current warp. */
static void
fault_report(rt_cta *c)
{
    const p2n_warp *w = &c->warps[c->current].w;
    uint32_t lo = w->mask ? (uint32_t)__builtin_ctz(w->mask) : 0;
    uint32_t hi = w->mask ? 31u - (uint32_t)__builtin_clz(w->mask) : 0;
    const char *what = rt_fault_here.sig == SIGFPE   ? "arithmetic exception (SIGFPE)"
                       : rt_fault_here.sig == SIGILL ? "illegal instruction (SIGILL)"
                       : rt_fault_here.sig == SIGBUS ? "illegal memory access (SIGBUS)"
                                             : "illegal memory access (SIGSEGV)";
    p2n_result r = rt_fault_here.sig == SIGFPE   ? P2N_ERROR_ARITHMETIC
                   : rt_fault_here.sig == SIGILL ? P2N_ERROR_ILLEGAL_INSTRUCTION
                                         : P2N_ERROR_ILLEGAL_ADDRESS;
    const rt_fiber *f = c->fibers ? &c->warps[c->current].fiber : &c->worker->cta_fiber;
    if (rt_fault_here.sig == SIGSEGV && rt_fiber_in_guard(f, rt_fault_here.addr)) {
        rt_job_error(
            c->job, P2N_ERROR_STACK_OVERFLOW,
            "kernel %s, CTA (%u,%u,%u), warp %u (threads (%u,%u,%u) to (%u,%u,%u)): stack "
            "overflow: "
            "the warp's stack of %zu bytes is full (P2N_STACK_SIZE or p2n_set_stack_size sets it)",
            rt_kernel_label(c->job->k).s, w->ctaid[0], w->ctaid[1], w->ctaid[2], w->warpid,
            w->tid[0][lo], w->tid[1][lo], w->tid[2][lo], w->tid[0][hi], w->tid[1][hi],
            w->tid[2][hi], f->size);
        return;
    }
    /* where: the line the module's line table gives the faulting
     * instruction (lines.c), and its offset in the object, for objdump */
    char where[1400] = "";
    Dl_info dl;
    if (rt_fault_here.pc && dladdr(rt_fault_here.pc, &dl) && dl.dli_fname && dl.dli_fbase) {
        uintptr_t off = (uintptr_t)rt_fault_here.pc - (uintptr_t)dl.dli_fbase;
        rt_line row;
        char line[700] = "";
        int found = rt_line_lookup(dl.dli_fname, off, &row) && row.line;
        /* no line: the code of a helper the translator shares between
         * accesses (it keeps a frame pointer); the line of its call */
        Dl_info caller;
        if (!found && rt_fault_here.ret && dladdr((void *)rt_fault_here.ret, &caller) &&
            caller.dli_fbase == dl.dli_fbase)
            found = rt_line_lookup(dl.dli_fname, rt_fault_here.ret - 1 - (uintptr_t)dl.dli_fbase, &row) &&
                    row.line;
        if (found && row.discriminator) /* -g: the CUDA source line, then the PTX line */
            snprintf(line, sizeof line, " at %s:%u (PTX line %u)", row.file, row.line,
                     row.discriminator);
        else if (found)
            snprintf(line, sizeof line, " at %s:%u", row.file, row.line);
        snprintf(where, sizeof where, "%s (code at %s+%#lx)", line, dl.dli_fname,
                 (unsigned long)off);
    }
    rt_job_error(c->job, r,
                 "kernel %s, CTA (%u,%u,%u), warp %u (threads (%u,%u,%u) to (%u,%u,%u)): %s at "
                 "address %p%s",
                 rt_kernel_label(c->job->k).s, w->ctaid[0], w->ctaid[1], w->ctaid[2], w->warpid,
                 w->tid[0][lo], w->tid[1][lo], w->tid[2][lo], w->tid[0][hi], w->tid[1][hi],
                 w->tid[2][hi], what, rt_fault_here.addr, where);
}

/* A worker's first CTA of a launch: the shared and local windows and the
 * warps' fields that every CTA of the launch has on this worker. */
static bool
launch_prepare(rt_job *job, rt_worker *wk)
{
    const p2n_kernel_desc *k = job->k;
    size_t static_bytes = (k->static_smem + 15u) & ~15u;
    size_t shared = static_bytes + job->dynamic_smem;
    size_t stride = (k->local_bytes + 15u) & ~(size_t)15u;
    size_t local = stride * P2N_WARP_SIZE * job->nwarps;
    if (!grow(&wk->shared, &wk->shared_cap, shared ? shared : 16) ||
        !grow(&wk->local, &wk->local_cap, local ? local : 16)) {
        rt_job_error(job, P2N_ERROR_OUT_OF_MEMORY,
                     "kernel %s: no memory for shared or local windows", rt_kernel_label(k).s);
        return false;
    }
    rt_cta *c = &wk->cta;
    c->job = job;
    c->worker = wk;
    c->warps = wk->warps;
    c->nwarps = job->nwarps;
    c->coro = (k->flags & P2N_KF_CORO) != 0;
    c->fibers = !c->coro && (k->flags & (P2N_KF_BARRIER | P2N_KF_NANOSLEEP)) != 0;
    c->shared_bytes = shared;
    c->live0 = 0;
    c->dirty = true;
    for (uint32_t i = 0; i < job->nwarps; i++) {
        rt_warp_state *ws = &wk->warps[i];
        p2n_warp *w = &ws->w;
        *w = job->templ[i];
        w->shared = wk->shared;
        w->local = wk->local + (size_t)i * P2N_WARP_SIZE * stride;
        w->local_stride = stride;
        w->sched = ws;
        w->total_smem = (uint32_t)shared;
        w->smid = wk->index;
        ws->cta = c;
        ws->any_early = true; /* early[] cleared at the first CTA */
        ws->nlive0 = popcount32(live_lanes(w));
        c->live0 += ws->nlive0;
    }
    return true;
}

/* Runs CTA index of the launch launch_prepare set wk up for.  Only what a
 * CTA changes is set again: its id, shared memory, the barriers it used,
 * the warps' states. */
static void
run_cta(rt_job *job, rt_worker *wk, const uint32_t ctaid[3])
{
    rt_cta *c = &wk->cta;
    if (c->shared_bytes)
        memset(wk->shared, 0, c->shared_bytes); /* nothing leaks between CTAs or modules */
    if (!c->fibers && !c->coro) { /* the warps one after the other, each set up as it starts */
        for (uint32_t i = 0; i < job->nwarps; i++) {
            p2n_warp *w = &wk->warps[i].w;
            w->exited = 0;
            w->error = 0;
            memcpy(w->ctaid, ctaid, sizeof w->ctaid);
            c->current = (int)i; /* for a fault's message */
            job->k->fn(w);
            if (w->error)
                return;
        }
        return;
    }
    if (c->dirty) {
        memset(c->bar, 0, sizeof c->bar);
        c->dirty = false;
    } else {
        for (uint32_t p = c->pending; p; p &= p - 1)
            c->bar[__builtin_ctz(p)] = (rt_barrier){0};
    }
    c->pending = 0;
    c->live = c->live0;
    for (uint32_t i = 0; i < job->nwarps; i++) {
        rt_warp_state *ws = &wk->warps[i];
        p2n_warp *w = &ws->w;
        ws->state = W_READY;
        if (ws->any_early)
            memset(ws->early, 0, sizeof ws->early);
        ws->any_early = false;
        ws->absent = 0;
        ws->nlive = ws->nlive0;
        ws->live_mask = w->mask;
        ws->frame = NULL;
        w->exited = 0;
        w->error = 0;
        memcpy(w->ctaid, ctaid, sizeof w->ctaid);
    }
    run_warps(c, job, wk);
}

/* -------------------------------------------------------------- threads */

/* The pool's worker threads; how they meet launches is pool.c's. */
static struct {
    pthread_mutex_t lock; /* starting threads */
    pthread_t *threads;
    rt_worker **workers;
    unsigned n;
    bool started;
} threads = {.lock = PTHREAD_MUTEX_INITIALIZER};
static _Thread_local rt_worker *caller_worker; /* a launching thread's own */

/* A launching thread's worker is freed when the thread ends (a stream's
 * worker thread, a host thread), through a key's destructor. */
static pthread_key_t caller_key;
static pthread_once_t caller_key_once = PTHREAD_ONCE_INIT;

static void
caller_worker_free(void *arg)
{
    rt_worker *wk = arg;
    for (unsigned i = 0; i < RT_MAX_WARPS; i++) {
        rt_fiber_free(&wk->warps[i].fiber);
        free(wk->warps[i].frame_mem);
    }
    rt_fiber_free(&wk->cta_fiber);
    free(wk->shared);
    free(wk->local);
    rt_altstack_free(wk->altstack); /* on the thread as it ends */
    free(wk->templ);
    free(wk);
}

static void
caller_key_init(void)
{
    pthread_key_create(&caller_key, caller_worker_free);
}

/* This thread's worker, made at its first launch; NULL: no memory. */
static rt_worker *
caller_worker_get(void)
{
    if (caller_worker)
        return caller_worker;
    pthread_once(&caller_key_once, caller_key_init);
    rt_worker *wk = calloc(1, sizeof(rt_worker));
    if (wk && pthread_setspecific(caller_key, wk) != 0) {
        free(wk);
        wk = NULL;
    }
    return caller_worker = wk;
}

/* Runs CTAs of job until none is left, in the runs rt_claim gives this
 * thread (pool.c).  After a fault (drain_here) it claims again: the launch
 * has its error, so none comes. */
__attribute__((noinline)) static void
claim_ctas(rt_job *job, rt_worker *wk)
{
    uint64_t i, end;
    while (rt_claim(job, wk->index, &i, &end)) {
        uint32_t ctaid[3] = {(uint32_t)i, 0, 0}; /* a 1-D grid's; else divided out */
        if (job->grid.y != 1 || job->grid.z != 1) {
            uint64_t xy = (uint64_t)job->grid.x * job->grid.y;
            ctaid[0] = (uint32_t)(i % job->grid.x);
            ctaid[1] = (uint32_t)(i / job->grid.x % job->grid.y);
            ctaid[2] = (uint32_t)(i / xy);
        }
        for (; i < end; i++) {
            if (__atomic_load_n(&job->stop, __ATOMIC_RELAXED)) /* the watchdog: no CTA starts */
                rt_job_error(
                    job, P2N_ERROR_TIMEOUT,
                    "kernel %s: the launch ran past its time limit "
                    "(p2n_set_launch_timeout, P2N_LAUNCH_TIMEOUT_MS) with CTAs left to run",
                    rt_kernel_label(job->k).s);
            if (job->error == P2N_SUCCESS)
                run_cta(job, wk, ctaid);
            if (++ctaid[0] == job->grid.x) { /* the next one's id */
                ctaid[0] = 0;
                if (++ctaid[1] == job->grid.y)
                    ctaid[1] = 0, ctaid[2]++;
            }
        }
    }
}

/* A fault in the kernel (an illegal address) ends the CTA it hit and
 * fails the launch instead of the process: the jump comes back here, once
 * set for all the CTAs this worker runs of the launch (wk->cta says which
 * one faulted). */
static void
drain_here(rt_job *job, rt_worker *wk)
{
    if (!launch_prepare(job, wk))
        return;
    sigjmp_buf jb;
    int how = sigsetjmp(jb, 0); /* no mask to save: SA_NODEFER leaves it as it was */
    if (how != 0) {
        rt_fault_here.jmp = NULL;
        rt_fault_unpoison(&wk->cta_fiber, __builtin_frame_address(0));
        if (how == RT_JUMP_FAULT)
            fault_report(&wk->cta);
        wk->cta.dirty = true;
    }
    rt_fault_here.jmp = &jb;
    claim_ctas(job, wk);
    rt_fault_here.jmp = NULL;
}

/* cta_fiber's life: drain the launch it is given, then wait for the next. */
static void
cta_main(void *arg)
{
    rt_worker *wk = arg;
    for (;;) {
        drain_here(wk->draining, wk);
        rt_fiber_switch(&wk->cta_fiber, &wk->home);
    }
}

/* Runs CTAs of job until none is left, on the worker's cta_fiber: a stack
 * of the kernel's size with a guard (stacks, above), two switches a launch. */
static void
drain(rt_job *job, rt_worker *wk)
{
    size_t fsize = rt_stack_size(job->k);
    if (wk->cta_fiber.size != fsize) {
        if (rt_fiber_init(&wk->cta_fiber, fsize, cta_main, wk) != 0) {
            rt_job_error(job, P2N_ERROR_OUT_OF_MEMORY,
                         "kernel %s: cannot map a stack of %zu bytes: %s",
                         rt_kernel_label(job->k).s, fsize, strerror(errno));
            return; /* with the launch's error: no thread claims more of it */
        }
    } else {
        rt_fiber_take_fp(&wk->cta_fiber); /* the host may have changed its modes since */
    }
    wk->draining = job;
    rt_fiber_switch(&wk->home, &wk->cta_fiber);
}

/* A worker thread: runs CTAs of the open launches rt_pool_next finds it
 * (which keeps each from returning while it does). */
static void *
worker_main(void *arg)
{
    rt_worker *wk = arg;
    rt_altstack_enter(&wk->altstack);
    for (;;) {
        unsigned slot;
        rt_job *j = rt_pool_next(&wk->seen, wk->index, &slot);
        drain(j, wk);
        rt_pool_detach(slot);
    }
    return NULL;
}

static unsigned
default_threads(void)
{
    const char *s = getenv("P2N_NUM_THREADS");
    if (s && *s) {
        long n = strtol(s, NULL, 10);
        if (n > 0 && n <= 4096)
            return (unsigned)n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

/* Starts workers up to n-1 (the launching thread is the n-th). */
static int
start_workers(unsigned n)
{
    unsigned want = n > 1 ? n - 1 : 0;
    if (want <= threads.n)
        return 0;
    pthread_t *t = realloc(threads.threads, sizeof *t * want);
    if (t)
        threads.threads = t;
    rt_worker **w = realloc(threads.workers, sizeof *w * want);
    if (w)
        threads.workers = w;
    if (!t || !w)
        return -1;
    for (unsigned i = threads.n; i < want; i++) {
        w[i] = calloc(1, sizeof(rt_worker));
        if (!w[i])
            return -1;
        w[i]->index = i + 1; /* its share of each launch (pool.c) */
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, 8u << 20);
        int rc = pthread_create(&t[i], &attr, worker_main, w[i]);
        pthread_attr_destroy(&attr);
        if (rc != 0) {
            free(w[i]);
            return -1;
        }
        pthread_detach(t[i]);
        threads.n = i + 1;
        rt_pool_set_workers(threads.n);
    }
    return 0;
}

int
rt_pool_resize(unsigned n)
{
    pthread_mutex_lock(&threads.lock);
    __atomic_store_n(&threads.started, true, __ATOMIC_RELEASE);
    int rc = start_workers(n);
    pthread_mutex_unlock(&threads.lock);
    return rc;
}

/* w's rows (p2n_warp.rows_lo and rows, p2n_abi.def) from lane 0's
 * %tid.x: a warp's lanes are consecutive linear thread ids, so the first
 * row has ntid.x - tid.x lanes and the next ones ntid.x each. */
static void
warp_rows(p2n_warp *w)
{
    uint32_t n = (uint32_t)__builtin_popcount(w->mask); /* lanes 0 .. n-1 exist */
    uint32_t nx = w->ntid[0], first = nx - w->tid[0][0];
    uint32_t s = first > P2N_WARP_SIZE ? P2N_WARP_SIZE : first;
    w->rows_lo = (uint32_t)((UINT64_C(1) << s) - 1);
    bool two = first >= n || first + nx >= n;
    bool one_row = w->rows_lo == UINT32_MAX || first >= n;
    bool halves = w->rows_lo == 0xffffu && two;
    w->rows = (two ? P2N_ROWS_TWO : 0) | (one_row || halves ? P2N_ROWS_HALVES : 0);
}

/* What every CTA's warp i has in common, in the launching thread's wk:
 * the thread indices and masks only when the block's shape changed since
 * its last launch, the rest each launch. */
static int
make_templates(rt_job *job, rt_worker *wk)
{
    if (job->nwarps > wk->templ_cap) {
        free(wk->templ);
        wk->templ_cap = 0;
        wk->templ_block = (p2n_dim3){0, 0, 0};
        if (!(wk->templ = calloc(RT_MAX_WARPS, sizeof *wk->templ)))
            return -1;
        wk->templ_cap = RT_MAX_WARPS;
    }
    bool same = wk->templ_block.x == job->block.x && wk->templ_block.y == job->block.y &&
                wk->templ_block.z == job->block.z;
    uint32_t bx = job->block.x, bxy = job->block.x * job->block.y;
    for (uint32_t i = 0; i < job->nwarps; i++) {
        p2n_warp *w = &wk->templ[i];
        if (!same) {
            memset(w, 0, sizeof *w);
            for (uint32_t l = 0; l < P2N_WARP_SIZE; l++) {
                uint32_t t = i * P2N_WARP_SIZE + l;
                w->tid[0][l] = t % bx;
                w->tid[1][l] = t / bx % job->block.y;
                w->tid[2][l] = t / bxy;
                if (t < job->nthreads)
                    w->mask |= 1u << l;
            }
            w->ntid[0] = job->block.x, w->ntid[1] = job->block.y, w->ntid[2] = job->block.z;
            w->warpid = i;
            w->nwarpid = job->nwarps;
            warp_rows(w);
        }
        w->params = job->params;
        w->param_bytes = job->k->param_bytes;
        w->rt = job->services;
        w->nctaid[0] = job->grid.x, w->nctaid[1] = job->grid.y, w->nctaid[2] = job->grid.z;
        w->dynamic_smem = job->dynamic_smem;
        w->nsmid = rt_pool_threads();
        w->gridid = job->gridid;
        w->grid_workspace = job->grid_workspace;
        w->stop = &job->stop;
    }
    wk->templ_block = job->block;
    job->templ = wk->templ;
    return 0;
}

/* Runs the grid: the launching thread runs CTAs too, the pool's workers
 * join when there are more CTAs than one (pool.c opens the launch).  The
 * launching thread keeps an alternate signal stack for the fault handler
 * from its first launch on: the host's own when it has one, else the
 * library's, installed then and left installed (one sigaltstack call a
 * launch sees that one is there; the host may install its own at any
 * time); the library's is taken away and freed when the thread ends. */
p2n_result
rt_run(rt_job *job)
{
    rt_faults_catch();
    static atomic_uint_fast64_t gridids;
    job->gridid = atomic_fetch_add(&gridids, 1) + 1;
    rt_worker *wk = caller_worker_get();
    if (!wk)
        return P2N_ERROR_OUT_OF_MEMORY;
    if (!__atomic_load_n(&threads.started, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&threads.lock);
        if (!threads.started) { /* before the templates: they hold %nsmid */
            start_workers(default_threads()); /* with none, this thread runs it all */
            __atomic_store_n(&threads.started, true, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&threads.lock);
    }
    if (make_templates(job, wk) != 0)
        return P2N_ERROR_OUT_OF_MEMORY;
    pthread_mutex_init(&job->lock, NULL);
    uint64_t start = job->mod->desc->profile ? rt_profile_clock() : 0;

    if (rt_pool_open(job) != 0) {
        pthread_mutex_destroy(&job->lock);
        return P2N_ERROR_OUT_OF_MEMORY;
    }
    rt_altstack_enter(&wk->altstack); /* kept: see above */
    drain(job, wk); /* the launching thread runs CTAs too */
    rt_pool_close(job);
    pthread_mutex_destroy(&job->lock);
    if (job->mod->desc->profile)
        rt_profile_launch(job->mod->desc, job->k, start);
    return job->error;
}
