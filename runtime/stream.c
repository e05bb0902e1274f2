/* stream.c — streams, events and the launches on them (ptx2native.h), for
 * the host API and the CUDA layer (runtime/cuda/stream.c) alike.
 *
 * A created stream has a worker thread that runs its operations (kernel
 * launches, host functions, event records and waits) one after the other,
 * in order; kernels run on the CTA pool, so launches of several streams
 * share it and overlap.  The default stream (NULL) is CUDA's legacy
 * default stream: each operation on it runs in the calling thread once
 * every blocking stream has finished its queued work, so default-stream
 * work starts after, and ends before, the work around it in blocking
 * streams.  Events carry generations: a record takes the next one, and the
 * event is complete when the latest record has run.
 *
 * One lock and one condition variable cover all streams and events (the
 * process's, as the CUDA device's are).  Streams and events are checked
 * against the lists of live ones before they are read, so a stale or wild
 * handle is an error, not a use after free; a destroyed stream or event
 * is freed only once nothing waits on it or has it queued (refs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rt.h"

enum { OP_LAUNCH, OP_FN, OP_RECORD, OP_WAIT };

typedef struct op {
    int kind;
    struct op *next;
    /* OP_LAUNCH: the module is held until the launch has run */
    p2n_module *mod;
    const p2n_kernel_desc *k;
    p2n_dim3 grid, block;
    size_t dyn;
    void **params; /* pointers into the copied values, which follow them */
    /* OP_FN */
    rt_stream_fn fn;
    void *data;
    /* OP_RECORD, OP_WAIT: the event is referenced until the op has run */
    p2n_event *ev;
    uint64_t gen;
} op;

struct p2n_stream {
    unsigned flags;
    op *head, *tail;
    bool busy, quit;
    unsigned refs; /* threads waiting on it */
    pthread_t thread;
    p2n_result error; /* the first error not yet reported, and its message */
    char message[512];
    struct p2n_stream *next;
};

struct p2n_event {
    unsigned flags;
    bool dead;               /* destroyed; freed when refs is 0 */
    unsigned refs;           /* queued ops and waiting threads */
    uint64_t recorded, done; /* generations: complete when done == recorded */
    uint64_t ns;             /* CLOCK_MONOTONIC at the latest record that ran */
    p2n_result error;        /* its stream's unreported error at that record */
    char message[512];
    struct p2n_event *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static p2n_stream *streams; /* live ones */
static p2n_event *events;   /* live ones */

static uint64_t
now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Under the lock. */
static bool
stream_live(const p2n_stream *s)
{
    const p2n_stream *t = streams;
    while (t && t != s)
        t = t->next;
    return t != NULL;
}

static bool
event_live(const p2n_event *e)
{
    const p2n_event *t = events;
    while (t && t != e)
        t = t->next;
    return t != NULL;
}

static bool
idle(const p2n_stream *s)
{
    return !s->head && !s->busy;
}

bool
rt_stream_valid(p2n_stream *s)
{
    if (!s) return true;
    pthread_mutex_lock(&lock);
    bool ok = stream_live(s);
    pthread_mutex_unlock(&lock);
    return ok;
}

unsigned
rt_stream_flags(p2n_stream *s)
{
    return s ? s->flags : 0;
}

/* Drops a reference to e (under the lock); frees it if it was the last of
 * a destroyed event. */
static void
event_unref(p2n_event *e)
{
    if (--e->refs == 0 && e->dead) free(e);
}

/* ------------------------------------------------------------ execution */

static p2n_result
run_launch(op *o)
{
    p2n_result r = rt_launch_desc(o->mod, o->k, o->grid, o->block, o->dyn, o->params, 0);
    rt_module_release(o->mod);
    return r;
}

/* Runs o, an operation of stream s (NULL: the default stream, in the
 * calling thread). */
static p2n_result
run(p2n_stream *s, op *o)
{
    p2n_result r = P2N_SUCCESS;
    switch (o->kind) {
    case OP_LAUNCH:
        return run_launch(o);
    case OP_FN:
        return o->fn(s, o->data);
    case OP_RECORD:
        pthread_mutex_lock(&lock);
        if (o->ev->done < o->gen) {
            o->ev->ns = now_ns();
            o->ev->done = o->gen;
            o->ev->error = s ? s->error : P2N_SUCCESS;
            snprintf(o->ev->message, sizeof o->ev->message, "%s", s ? s->message : "");
        }
        event_unref(o->ev);
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
        return r;
    case OP_WAIT:
        pthread_mutex_lock(&lock);
        while (o->ev->done < o->gen)
            pthread_cond_wait(&changed, &lock);
        event_unref(o->ev);
        pthread_mutex_unlock(&lock);
        return r;
    }
    return r;
}

static void
free_op(op *o)
{
    if (o->kind == OP_FN) free(o->data);
    free(o->params);
    free(o);
}

static void *
worker(void *arg)
{
    p2n_stream *s = arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!s->head && !s->quit)
            pthread_cond_wait(&changed, &lock);
        if (!s->head) break;
        op *o = s->head;
        s->head = o->next;
        if (!s->head) s->tail = NULL;
        s->busy = true;
        pthread_mutex_unlock(&lock);
        p2n_result r = run(s, o);
        const char *msg = r != P2N_SUCCESS ? p2n_error_message() : "";
        free_op(o);
        pthread_mutex_lock(&lock);
        if (r != P2N_SUCCESS && s->error == P2N_SUCCESS) {
            s->error = r;
            snprintf(s->message, sizeof s->message, "%s", msg[0] ? msg : p2n_result_string(r));
        }
        s->busy = false;
        pthread_cond_broadcast(&changed);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* Waits until every blocking stream (every: all streams) is idle. */
static void
wait_streams(bool every)
{
    pthread_mutex_lock(&lock);
    for (;;) {
        p2n_stream *t = streams;
        while (t && (idle(t) || (!every && (t->flags & P2N_STREAM_NON_BLOCKING))))
            t = t->next;
        if (!t) break;
        pthread_cond_wait(&changed, &lock);
    }
    pthread_mutex_unlock(&lock);
}

/* Queues o on s, or runs it now on the default stream and returns its
 * result.  Takes o either way: one that cannot be queued (s is no stream,
 * or one being destroyed) lets go of its module and event, and a record
 * is undone, so nothing waits for it. */
static p2n_result
submit(p2n_stream *s, op *o)
{
    if (!s) {
        wait_streams(false);
        p2n_result r = run(NULL, o);
        free_op(o);
        return r;
    }
    pthread_mutex_lock(&lock);
    if (!stream_live(s) || s->quit) {
        if (o->ev) {
            if (o->kind == OP_RECORD && o->ev->recorded == o->gen)
                o->ev->recorded--; /* undone, unless another record followed */
            event_unref(o->ev);
            pthread_cond_broadcast(&changed);
        }
        pthread_mutex_unlock(&lock);
        if (o->kind == OP_LAUNCH) rt_module_release(o->mod);
        free_op(o);
        return rt_fail(P2N_ERROR_INVALID_VALUE, "%p is no stream (destroyed already?)", (void *)s);
    }
    o->next = NULL;
    if (s->tail)
        s->tail->next = o;
    else
        s->head = o;
    s->tail = o;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    return P2N_SUCCESS;
}

static op *
new_op(int kind)
{
    op *o = calloc(1, sizeof *o);
    if (o) o->kind = kind;
    return o;
}

p2n_result
rt_stream_submit(p2n_stream *s, rt_stream_fn fn, void *data)
{
    op *o = new_op(OP_FN);
    if (!o) {
        free(data);
        return rt_fail(P2N_ERROR_OUT_OF_MEMORY, "stream: out of memory");
    }
    o->fn = fn;
    o->data = data;
    return submit(s, o);
}

/* Hands the stream's unreported error to the caller (under the lock). */
static p2n_result
take_error(p2n_stream *s, char *msg, size_t cap)
{
    p2n_result r = s->error;
    snprintf(msg, cap, "%s", s->message);
    s->error = P2N_SUCCESS;
    s->message[0] = '\0';
    return r;
}

/* ------------------------------------------------------------ launches */

/* A launch of kernel k of mod (held by the caller, and by the queued
 * launch from here on) on s: checked now, the parameter values copied. */
static p2n_result
launch_on(p2n_module *mod, const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn,
          p2n_stream *s, void **params)
{
    if (!s) { /* runs now: the caller's parameters live long enough */
        wait_streams(false);
        return rt_launch_desc(mod, k, grid, block, dyn, params, 0);
    }
    p2n_result r = rt_check_args(k, grid, block, dyn, params);
    if (r != P2N_SUCCESS) return r;
    op *o = new_op(OP_LAUNCH);
    size_t ptrs = sizeof(void *) * (k->nparams + 1);
    if (!o || !(o->params = malloc(ptrs + k->param_bytes + 1))) {
        free(o);
        return rt_fail(P2N_ERROR_OUT_OF_MEMORY, "kernel %s: out of memory", rt_kernel_label(k).s);
    }
    char *values = (char *)o->params + ptrs;
    for (uint32_t i = 0; i < k->nparams; i++) {
        memcpy(values + k->params[i].offset, params[i], k->params[i].size);
        o->params[i] = values + k->params[i].offset;
    }
    o->mod = mod, o->k = k, o->grid = grid, o->block = block, o->dyn = dyn;
    if (!rt_module_hold(mod)) { /* the caller's hold keeps it loaded: cannot fail */
        free_op(o);
        return rt_fail(P2N_ERROR_INVALID_VALUE, "kernel %s: module unloaded", rt_kernel_label(k).s);
    }
    return submit(s, o);
}

static p2n_result
launch_by_name(p2n_module *m, const char *kernel, p2n_dim3 grid, p2n_dim3 block, size_t dyn,
               p2n_stream *s, void **params, const char *fn)
{
    if (!m || !kernel)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "%s: null %s", fn, m ? "kernel name" : "module");
    if (!rt_module_hold(m))
        return rt_fail(P2N_ERROR_INVALID_VALUE, "%s: %p is no loaded module (unloaded already?)",
                       fn, (void *)m);
    const p2n_kernel_desc *k = rt_kernel_find(m, kernel);
    p2n_result r = k ? launch_on(m, k, grid, block, dyn, s, params) : P2N_ERROR_NOT_FOUND;
    rt_module_release(m);
    return r;
}

static p2n_result
launch_by_handle(p2n_kernel *kern, p2n_dim3 grid, p2n_dim3 block, size_t dyn, p2n_stream *s,
                 void **params, const char *fn)
{
    p2n_module *m = kern ? rt_kernel_hold(kern) : NULL;
    if (!m)
        return rt_fail(P2N_ERROR_INVALID_VALUE,
                       "%s: %p is no kernel of a loaded module (its module unloaded?)", fn,
                       (void *)kern);
    p2n_result r = launch_on(m, kern->k, grid, block, dyn, s, params);
    rt_module_release(m);
    return r;
}

RT_EXPORT p2n_result
p2n_launch(p2n_module *m, const char *kernel, p2n_dim3 grid, p2n_dim3 block, size_t dyn,
           void **params)
{
    return launch_by_name(m, kernel, grid, block, dyn, NULL, params, "p2n_launch");
}

RT_EXPORT p2n_result
p2n_launch_async(p2n_module *m, const char *kernel, p2n_dim3 grid, p2n_dim3 block, size_t dyn,
                 p2n_stream *s, void **params)
{
    return launch_by_name(m, kernel, grid, block, dyn, s, params, "p2n_launch_async");
}

RT_EXPORT p2n_result
p2n_launch_kernel(p2n_kernel *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn, void **params)
{
    return launch_by_handle(k, grid, block, dyn, NULL, params, "p2n_launch_kernel");
}

RT_EXPORT p2n_result
p2n_launch_kernel_async(p2n_kernel *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn, p2n_stream *s,
                        void **params)
{
    return launch_by_handle(k, grid, block, dyn, s, params, "p2n_launch_kernel_async");
}

/* ------------------------------------------------------------- streams */

p2n_result
rt_stream_create(p2n_stream **out, unsigned flags)
{
    p2n_stream *s = calloc(1, sizeof *s);
    if (!s) return rt_fail(P2N_ERROR_OUT_OF_MEMORY, "p2n_stream_create: out of memory");
    s->flags = flags;
    if (pthread_create(&s->thread, NULL, worker, s) != 0) {
        free(s);
        return rt_fail(P2N_ERROR_SYSTEM, "p2n_stream_create: cannot start its thread");
    }
    pthread_mutex_lock(&lock);
    s->next = streams;
    streams = s;
    pthread_mutex_unlock(&lock);
    *out = s;
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_stream_create(p2n_stream **out, unsigned flags)
{
    if (!out) return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_stream_create: null stream pointer");
    *out = NULL;
    if (flags & ~P2N_STREAM_NON_BLOCKING)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_stream_create: unknown flags %#x", flags);
    return rt_stream_create(out, flags);
}

/* The stream stays in the list (the default stream waits for it) until
 * its worker has finished the queue; then it is taken out, so the handle
 * is refused from then on, and freed once no thread waits on it. */
RT_EXPORT p2n_result
p2n_stream_destroy(p2n_stream *s)
{
    pthread_mutex_lock(&lock);
    if (!s || !stream_live(s) || s->quit) {
        pthread_mutex_unlock(&lock);
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_stream_destroy: %p is no stream%s", (void *)s,
                       s ? " (destroyed already?)" : "");
    }
    s->quit = true; /* the worker finishes the queue first */
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    pthread_join(s->thread, NULL);
    pthread_mutex_lock(&lock);
    for (p2n_stream **pp = &streams; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            break;
        }
    pthread_cond_broadcast(&changed);
    while (s->refs)
        pthread_cond_wait(&changed, &lock);
    char msg[sizeof s->message];
    p2n_result r = take_error(s, msg, sizeof msg);
    pthread_mutex_unlock(&lock);
    free(s);
    return r == P2N_SUCCESS ? r : rt_fail(r, "%s", msg);
}

/* Waits for s's queued work, s live, under the lock (the waiting thread
 * holds a reference, so s is not freed under it). */
static void
stream_wait_locked(p2n_stream *s)
{
    s->refs++;
    while (!idle(s))
        pthread_cond_wait(&changed, &lock);
    s->refs--;
    pthread_cond_broadcast(&changed);
}

/* For the CUDA layer: waits without taking the stream's error; false when
 * s is no stream. */
bool
rt_stream_wait(p2n_stream *s)
{
    if (!s) {
        wait_streams(false);
        return true;
    }
    pthread_mutex_lock(&lock);
    bool ok = stream_live(s);
    if (ok) stream_wait_locked(s);
    pthread_mutex_unlock(&lock);
    return ok;
}

void
rt_streams_wait_all(void)
{
    wait_streams(true);
}

/* Reports and clears s's unreported error (s live, under the lock). */
static p2n_result
report(p2n_stream *s)
{
    char msg[sizeof s->message];
    p2n_result r = take_error(s, msg, sizeof msg);
    return r == P2N_SUCCESS ? r : rt_fail(r, "%s", msg);
}

RT_EXPORT p2n_result
p2n_stream_synchronize(p2n_stream *s)
{
    if (!s) {
        wait_streams(false);
        return P2N_SUCCESS;
    }
    pthread_mutex_lock(&lock);
    p2n_result r;
    if (!stream_live(s)) {
        r = rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_stream_synchronize: %p is no stream", (void *)s);
    } else {
        stream_wait_locked(s);
        r = report(s);
    }
    pthread_mutex_unlock(&lock);
    return r;
}

RT_EXPORT p2n_result
p2n_stream_query(p2n_stream *s)
{
    if (!s) return P2N_SUCCESS;
    pthread_mutex_lock(&lock);
    p2n_result r;
    if (!stream_live(s))
        r = rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_stream_query: %p is no stream", (void *)s);
    else if (!idle(s))
        r = P2N_ERROR_NOT_READY;
    else
        r = report(s);
    pthread_mutex_unlock(&lock);
    return r;
}

RT_EXPORT p2n_result
p2n_synchronize(void)
{
    wait_streams(true);
    p2n_result r = P2N_SUCCESS;
    pthread_mutex_lock(&lock);
    for (p2n_stream *s = streams; s && r == P2N_SUCCESS; s = s->next)
        r = report(s);
    pthread_mutex_unlock(&lock);
    return r;
}

/* -------------------------------------------------------------- events */

RT_EXPORT p2n_result
p2n_event_create(p2n_event **out, unsigned flags)
{
    if (!out) return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_create: null event pointer");
    *out = NULL;
    if (flags & ~P2N_EVENT_DISABLE_TIMING)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_create: unknown flags %#x", flags);
    p2n_event *e = calloc(1, sizeof *e);
    if (!e) return rt_fail(P2N_ERROR_OUT_OF_MEMORY, "p2n_event_create: out of memory");
    e->flags = flags;
    pthread_mutex_lock(&lock);
    e->next = events;
    events = e;
    pthread_mutex_unlock(&lock);
    *out = e;
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_event_destroy(p2n_event *e)
{
    pthread_mutex_lock(&lock);
    p2n_event **pp = &events;
    while (*pp && *pp != e)
        pp = &(*pp)->next;
    if (!e || !*pp) {
        pthread_mutex_unlock(&lock);
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_destroy: %p is no event", (void *)e);
    }
    *pp = e->next;
    e->dead = true;
    if (e->refs == 0) free(e);
    pthread_mutex_unlock(&lock);
    return P2N_SUCCESS;
}

/* A record or wait op of event e, e referenced by it; NULL and the error
 * in *r when e is no event. */
static op *
event_op(int kind, p2n_event *e, const char *fn, p2n_result *r)
{
    op *o = new_op(kind);
    pthread_mutex_lock(&lock);
    if (!o || !e || !event_live(e)) {
        pthread_mutex_unlock(&lock);
        free(o);
        *r = !o ? rt_fail(P2N_ERROR_OUT_OF_MEMORY, "%s: out of memory", fn)
                : rt_fail(P2N_ERROR_INVALID_VALUE, "%s: %p is no event", fn, (void *)e);
        return NULL;
    }
    o->ev = e;
    o->gen = kind == OP_RECORD ? ++e->recorded : e->recorded;
    e->refs++;
    pthread_mutex_unlock(&lock);
    return o;
}

RT_EXPORT p2n_result
p2n_event_record(p2n_event *e, p2n_stream *s)
{
    p2n_result r;
    op *o = event_op(OP_RECORD, e, "p2n_event_record", &r);
    return o ? submit(s, o) : r;
}

RT_EXPORT p2n_result
p2n_stream_wait_event(p2n_stream *s, p2n_event *e)
{
    p2n_result r;
    op *o = event_op(OP_WAIT, e, "p2n_stream_wait_event", &r);
    return o ? submit(s, o) : r;
}

RT_EXPORT p2n_result
p2n_event_synchronize(p2n_event *e)
{
    pthread_mutex_lock(&lock);
    if (!e || !event_live(e)) {
        pthread_mutex_unlock(&lock);
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_synchronize: %p is no event", (void *)e);
    }
    e->refs++;
    while (e->done < e->recorded)
        pthread_cond_wait(&changed, &lock);
    p2n_result r = e->error;
    char msg[sizeof e->message];
    snprintf(msg, sizeof msg, "%s", e->message);
    event_unref(e);
    pthread_mutex_unlock(&lock);
    return r == P2N_SUCCESS ? r : rt_fail(r, "%s", msg);
}

RT_EXPORT p2n_result
p2n_event_query(p2n_event *e)
{
    pthread_mutex_lock(&lock);
    p2n_result r = P2N_SUCCESS;
    if (!e || !event_live(e))
        r = rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_query: %p is no event", (void *)e);
    else if (e->done < e->recorded)
        r = P2N_ERROR_NOT_READY;
    else if (e->error != P2N_SUCCESS)
        r = rt_fail(e->error, "%s", e->message);
    pthread_mutex_unlock(&lock);
    return r;
}

RT_EXPORT p2n_result
p2n_event_elapsed_ms(float *ms, p2n_event *a, p2n_event *b)
{
    if (!ms) return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_elapsed_ms: null result pointer");
    pthread_mutex_lock(&lock);
    p2n_result r = P2N_SUCCESS;
    if (!a || !b || !event_live(a) || !event_live(b))
        r = rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_elapsed_ms: %p is no event",
                    (void *)(!a || !event_live(a) ? a : b));
    else if ((a->flags | b->flags) & P2N_EVENT_DISABLE_TIMING)
        r = rt_fail(P2N_ERROR_INVALID_VALUE,
                    "p2n_event_elapsed_ms: an event made with P2N_EVENT_DISABLE_TIMING");
    else if (!a->recorded || !b->recorded)
        r = rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_event_elapsed_ms: an event never recorded");
    else if (a->done < a->recorded || b->done < b->recorded)
        r = P2N_ERROR_NOT_READY;
    else
        *ms = (float)((double)(int64_t)(b->ns - a->ns) / 1e6);
    pthread_mutex_unlock(&lock);
    return r;
}
