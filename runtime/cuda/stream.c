/* stream.c — streams and events.
 *
 * A created stream has a worker thread that runs its operations (kernel
 * launches, copies, memsets, host functions, event records and waits) one
 * after the other, in order; kernels run on the host library's CTA pool.
 * The legacy default stream (NULL, cudaStreamLegacy, cudaStreamPerThread)
 * runs each operation in the calling thread once every blocking stream has
 * finished its work, which gives its synchronizing semantics: work in the
 * default stream starts after, and ends before, the work around it in the
 * blocking streams.  One lock and one condition variable cover all queues
 * and events; a kernel's execution error becomes the device's sticky error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "rt.h"

enum { OP_KERNEL, OP_COPY, OP_COPY2D, OP_SET, OP_HOST, OP_CALLBACK, OP_RECORD, OP_WAIT };

typedef struct op {
    int kind;
    struct op *next;
    cu_launch launch;
    void *params; /* the parameter values copied at launch */
    void *dst;
    const void *src;
    size_t n, dpitch, spitch, width, height, elem;
    int value;
    void (*fn)(void *);
    void (*cb)(cu_stream *, int, void *);
    void *data;
    cu_event *ev;
    uint64_t gen;
} op;

#define STREAM_MAGIC 0x5354524541u
#define EVENT_MAGIC 0x4556454e54u

struct p2n_stream {
    uint64_t magic;
    unsigned flags;
    op *head, *tail;
    bool busy, quit;
    pthread_t thread;
    struct p2n_stream *next;
};

struct p2n_event {
    uint64_t magic;
    unsigned flags;
    uint64_t recorded, done; /* generations: complete when done == recorded */
    uint64_t ns;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static cu_stream *streams;

static uint64_t
now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static bool
is_default(cu_stream *s)
{
    return s == NULL || s == (cu_stream *)P2N_STREAM_LEGACY ||
           s == (cu_stream *)P2N_STREAM_PER_THREAD;
}

bool
cu_stream_valid(cu_stream *s)
{
    if (is_default(s))
        return true;
    pthread_mutex_lock(&lock);
    cu_stream *t = streams;
    while (t && t != s)
        t = t->next;
    pthread_mutex_unlock(&lock);
    return t != NULL;
}

static bool
idle(cu_stream *s)
{
    return !s->head && !s->busy;
}

/* ------------------------------------------------------------ execution */

static int
run_kernel(const cu_launch *l)
{
    cu_kernel *f = l->f;
    /* cooperative groups' grid barrier: a counter at workspace + 4 */
    void *ws = l->cooperative ? calloc(1, 64) : NULL;
    if (l->cooperative && !ws)
        return p2n_cudaErrorMemoryAllocation;
    p2n_result r = rt_launch_ex(f->m->mod, f->k->name, l->grid, l->block, l->smem, l->args,
                                (uint64_t)(uintptr_t)ws);
    free(ws);
    if (r == P2N_SUCCESS)
        return 0;
    int e = cu_error_from_p2n(r);
    fprintf(stderr, "ptx2native: %s (%s)\n", p2n_error_message(), cu_error_name(e));
    if (e != p2n_cudaErrorInvalidConfiguration && e != p2n_cudaErrorInvalidValue)
        cu_set_sticky(e);
    return e;
}

static void
copy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height)
{
    for (size_t y = 0; y < height; y++)
        memmove((char *)dst + y * dpitch, (const char *)src + y * spitch, width);
}

static void
fill(void *dst, int value, size_t elem, size_t n)
{
    if (elem == 1) {
        memset(dst, value, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (elem == 2) {
            uint16_t v = (uint16_t)value;
            memcpy((char *)dst + 2 * i, &v, 2);
        } else {
            uint32_t v = (uint32_t)value;
            memcpy((char *)dst + 4 * i, &v, 4);
        }
    }
}

/* Runs one operation of stream s (NULL: the default stream). */
static int
run(cu_stream *s, op *o)
{
    switch (o->kind) {
    case OP_KERNEL: return run_kernel(&o->launch);
    case OP_COPY: memmove(o->dst, o->src, o->n); return 0;
    case OP_COPY2D: copy2d(o->dst, o->dpitch, o->src, o->spitch, o->width, o->height); return 0;
    case OP_SET: fill(o->dst, o->value, o->elem, o->n); return 0;
    case OP_HOST: o->fn(o->data); return 0;
    case OP_CALLBACK: o->cb(s, cu_sticky_error(), o->data); return 0;
    case OP_RECORD:
        pthread_mutex_lock(&lock);
        o->ev->ns = now_ns();
        if (o->ev->done < o->gen)
            o->ev->done = o->gen;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
        return 0;
    case OP_WAIT:
        pthread_mutex_lock(&lock);
        while (o->ev->done < o->gen)
            pthread_cond_wait(&changed, &lock);
        pthread_mutex_unlock(&lock);
        return 0;
    }
    return 0;
}

static void
free_op(op *o)
{
    free(o->params);
    free(o);
}

static void *
worker(void *arg)
{
    cu_stream *s = arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!s->head && !s->quit)
            pthread_cond_wait(&changed, &lock);
        if (!s->head)
            break;
        op *o = s->head;
        s->head = o->next;
        if (!s->head)
            s->tail = NULL;
        s->busy = true;
        pthread_mutex_unlock(&lock);
        run(s, o);
        free_op(o);
        pthread_mutex_lock(&lock);
        s->busy = false;
        pthread_cond_broadcast(&changed);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* Waits until every blocking stream (all streams: every) is idle. */
static void
wait_streams(bool every)
{
    pthread_mutex_lock(&lock);
    for (;;) {
        cu_stream *t = streams;
        while (t && (idle(t) || (!every && (t->flags & p2n_cudaStreamNonBlocking))))
            t = t->next;
        if (!t)
            break;
        pthread_cond_wait(&changed, &lock);
    }
    pthread_mutex_unlock(&lock);
}

/* Queues o on s, or runs it now on the default stream. */
static int
submit(cu_stream *s, op *o)
{
    if (is_default(s)) {
        wait_streams(false);
        int e = run(NULL, o);
        free_op(o);
        return e;
    }
    pthread_mutex_lock(&lock);
    o->next = NULL;
    if (s->tail)
        s->tail->next = o;
    else
        s->head = o;
    s->tail = o;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    return 0;
}

static op *
new_op(int kind)
{
    op *o = calloc(1, sizeof *o);
    if (o)
        o->kind = kind;
    return o;
}

/* ---------------------------------------------------------------- API */

int
cu_stream_create(cu_stream **out, unsigned flags)
{
    cu_stream *s = calloc(1, sizeof *s);
    if (!s)
        return p2n_cudaErrorMemoryAllocation;
    s->magic = STREAM_MAGIC;
    s->flags = flags;
    if (pthread_create(&s->thread, NULL, worker, s) != 0) {
        free(s);
        return p2n_cudaErrorOperatingSystem;
    }
    pthread_mutex_lock(&lock);
    s->next = streams;
    streams = s;
    pthread_mutex_unlock(&lock);
    *out = s;
    return 0;
}

unsigned
cu_stream_flags(cu_stream *s)
{
    return is_default(s) ? 0 : s->flags;
}

int
cu_stream_destroy(cu_stream *s)
{
    if (is_default(s) || !cu_stream_valid(s))
        return p2n_cudaErrorInvalidResourceHandle;
    pthread_mutex_lock(&lock);
    s->quit = true; /* the worker finishes the queue first */
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    pthread_join(s->thread, NULL);
    pthread_mutex_lock(&lock);
    for (cu_stream **pp = &streams; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            break;
        }
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    s->magic = 0;
    free(s);
    return 0;
}

int
cu_stream_sync(cu_stream *s)
{
    if (is_default(s)) {
        wait_streams(false);
        return cu_sticky_error();
    }
    pthread_mutex_lock(&lock);
    while (!idle(s))
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    return cu_sticky_error();
}

int
cu_stream_query(cu_stream *s)
{
    if (is_default(s))
        return 0;
    pthread_mutex_lock(&lock);
    bool done = idle(s);
    pthread_mutex_unlock(&lock);
    return done ? cu_sticky_error() : p2n_cudaErrorNotReady;
}

int
cu_device_sync(void)
{
    wait_streams(true);
    return cu_sticky_error();
}

int
cu_launch_kernel(cu_stream *s, const cu_launch *l)
{
    int e = cu_kernel_ready(l->f);
    if (e)
        return e;
    const p2n_kernel_desc *k = l->f->k;
    if (l->f->max_dynamic_smem && l->smem > (size_t)l->f->max_dynamic_smem && l->smem > 48 * 1024)
        return p2n_cudaErrorInvalidValue;
    p2n_result r = rt_check_launch(k, l->grid, l->block, l->smem);
    if (r != P2N_SUCCESS)
        return cu_error_from_p2n(r);
    if (k->nparams && !l->args)
        return p2n_cudaErrorInvalidValue;
    op *o = new_op(OP_KERNEL);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    o->launch = *l;
    if (!is_default(s)) { /* the values must outlive the caller's frame */
        size_t bytes = ((size_t)k->param_bytes + 15) & ~(size_t)15;
        o->params = malloc(bytes + sizeof(void *) * (k->nparams + 1));
        if (!o->params) {
            free(o);
            return p2n_cudaErrorMemoryAllocation;
        }
        void **ptrs = (void **)((char *)o->params + bytes);
        for (uint32_t i = 0; i < k->nparams; i++) {
            memcpy((char *)o->params + k->params[i].offset, l->args[i], k->params[i].size);
            ptrs[i] = (char *)o->params + k->params[i].offset;
        }
        o->launch.args = ptrs;
    }
    e = submit(s, o);
    /* an execution error is the sticky error, reported by the next
     * synchronizing call; the launch itself succeeded */
    return e == p2n_cudaErrorInvalidConfiguration || e == p2n_cudaErrorInvalidValue ? e : 0;
}

int
cu_memcpy(cu_stream *s, void *dst, const void *src, size_t n, bool async)
{
    if (!n)
        return 0;
    if (!dst || !src)
        return p2n_cudaErrorInvalidValue;
    op *o = new_op(OP_COPY);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    o->dst = dst, o->src = src, o->n = n;
    int e = submit(s, o);
    if (!e && !async && !is_default(s))
        e = cu_stream_sync(s);
    return e ? e : async ? 0 : cu_sticky_error();
}

int
cu_memcpy2d(cu_stream *s, void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
            size_t height, bool async)
{
    if (!width || !height)
        return 0;
    if (!dst || !src)
        return p2n_cudaErrorInvalidValue;
    if (width > dpitch || width > spitch)
        return p2n_cudaErrorInvalidPitchValue;
    op *o = new_op(OP_COPY2D);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    o->dst = dst, o->dpitch = dpitch, o->src = src, o->spitch = spitch, o->width = width,
    o->height = height;
    int e = submit(s, o);
    if (!e && !async && !is_default(s))
        e = cu_stream_sync(s);
    return e;
}

int
cu_memset(cu_stream *s, void *dst, int value, size_t elem, size_t n, bool async)
{
    if (!n)
        return 0;
    if (!dst)
        return p2n_cudaErrorInvalidValue;
    op *o = new_op(OP_SET);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    o->dst = dst, o->value = value, o->elem = elem, o->n = n;
    int e = submit(s, o);
    if (!e && !async && !is_default(s))
        e = cu_stream_sync(s);
    return e;
}

int
cu_host_func(cu_stream *s, void (*fn)(void *), void *data)
{
    if (!fn)
        return p2n_cudaErrorInvalidValue;
    op *o = new_op(OP_HOST);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    o->fn = fn, o->data = data;
    return submit(s, o);
}

int
cu_stream_callback(cu_stream *s, void (*fn)(cu_stream *, int, void *), void *data)
{
    if (!fn)
        return p2n_cudaErrorInvalidValue;
    op *o = new_op(OP_CALLBACK);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    o->cb = fn, o->data = data;
    return submit(s, o);
}

/* --------------------------------------------------------------- events */

static bool
event_valid(cu_event *e)
{
    return e && e->magic == EVENT_MAGIC;
}

int
cu_event_create(cu_event **out, unsigned flags)
{
    if (!out)
        return p2n_cudaErrorInvalidValue;
    cu_event *e = calloc(1, sizeof *e);
    if (!e)
        return p2n_cudaErrorMemoryAllocation;
    e->magic = EVENT_MAGIC;
    e->flags = flags;
    *out = e;
    return 0;
}

int
cu_event_destroy(cu_event *e)
{
    if (!event_valid(e))
        return p2n_cudaErrorInvalidResourceHandle;
    cu_event_sync(e); /* a queued record must not touch freed memory */
    e->magic = 0;
    free(e);
    return 0;
}

int
cu_event_record(cu_event *e, cu_stream *s)
{
    if (!event_valid(e))
        return p2n_cudaErrorInvalidResourceHandle;
    if (!cu_stream_valid(s))
        return p2n_cudaErrorInvalidResourceHandle;
    op *o = new_op(OP_RECORD);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    pthread_mutex_lock(&lock);
    o->ev = e;
    o->gen = ++e->recorded;
    pthread_mutex_unlock(&lock);
    return submit(s, o);
}

int
cu_event_sync(cu_event *e)
{
    if (!event_valid(e))
        return p2n_cudaErrorInvalidResourceHandle;
    pthread_mutex_lock(&lock);
    while (e->done < e->recorded)
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    return cu_sticky_error();
}

int
cu_event_query(cu_event *e)
{
    if (!event_valid(e))
        return p2n_cudaErrorInvalidResourceHandle;
    pthread_mutex_lock(&lock);
    bool done = e->done >= e->recorded;
    pthread_mutex_unlock(&lock);
    return done ? 0 : p2n_cudaErrorNotReady;
}

int
cu_event_elapsed(float *ms, cu_event *a, cu_event *b)
{
    if (!ms)
        return p2n_cudaErrorInvalidValue;
    if (!event_valid(a) || !event_valid(b))
        return p2n_cudaErrorInvalidResourceHandle;
    if ((a->flags | b->flags) & p2n_cudaEventDisableTiming)
        return p2n_cudaErrorInvalidResourceHandle;
    pthread_mutex_lock(&lock);
    int e = 0;
    if (!a->recorded || !b->recorded)
        e = p2n_cudaErrorInvalidResourceHandle;
    else if (a->done < a->recorded || b->done < b->recorded)
        e = p2n_cudaErrorNotReady;
    else
        *ms = (float)((double)((int64_t)(b->ns - a->ns)) / 1e6);
    pthread_mutex_unlock(&lock);
    return e;
}

int
cu_stream_wait_event(cu_stream *s, cu_event *e)
{
    if (!event_valid(e) || !cu_stream_valid(s))
        return p2n_cudaErrorInvalidResourceHandle;
    op *o = new_op(OP_WAIT);
    if (!o)
        return p2n_cudaErrorMemoryAllocation;
    pthread_mutex_lock(&lock);
    o->ev = e;
    o->gen = e->recorded;
    pthread_mutex_unlock(&lock);
    return submit(s, o);
}
