/* stream.c — the CUDA layer's streams and events, over the host
 * library's (runtime/stream.c), which owns the queues, their worker
 * threads, the legacy default stream's synchronizing rule and the events.
 * What is the CUDA layer's own: the default-stream handles
 * (cudaStreamLegacy, cudaStreamPerThread), the operations queued as host
 * functions (kernel launches with their cooperative workspace, copies,
 * memsets, host functions and callbacks), and errors: a kernel's execution
 * error becomes the device's sticky error, which the synchronizing calls
 * return, so the operations themselves report none to the stream.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "rt.h"

/* The stream a handle means for the host library: NULL for the default. */
static cu_stream *
rt_of(cu_stream *s)
{
    return s == (cu_stream *)P2N_STREAM_LEGACY || s == (cu_stream *)P2N_STREAM_PER_THREAD ? NULL
                                                                                          : s;
}

static bool
is_default(cu_stream *s)
{
    return rt_of(s) == NULL;
}

bool
cu_stream_valid(cu_stream *s)
{
    return rt_stream_valid(rt_of(s));
}

/* A host-library error of a call on streams or events as a cudaError. */
static int
handle_error(p2n_result r)
{
    return r == P2N_ERROR_INVALID_VALUE ? p2n_cudaErrorInvalidResourceHandle : cu_error_from_p2n(r);
}

/* ------------------------------------------------------------ execution */

/* One operation's arguments, the data of a host function on the stream. */
typedef struct op {
    cu_launch launch; /* args point into the copied values that follow the op */
    void *dst;
    const void *src;
    size_t n, dpitch, spitch, width, height, elem;
    int value;
    void (*fn)(void *);
    void (*cb)(cu_stream *, int, void *);
    void *data;
} op;

static p2n_result
run_kernel(p2n_stream *s, void *data)
{
    const cu_launch *l = &((op *)data)->launch;
    cu_kernel *f = l->f;
    /* cooperative groups' grid barrier: a counter at workspace + 4 */
    void *ws = l->cooperative ? calloc(1, 64) : NULL;
    if (l->cooperative && !ws) return s ? P2N_SUCCESS : P2N_ERROR_OUT_OF_MEMORY;
    p2n_result r = rt_launch_ex(f->m->mod, f->k->name, l->grid, l->block, l->smem, l->args,
                                (uint64_t)(uintptr_t)ws);
    free(ws);
    if (r == P2N_SUCCESS) return r;
    int e = cu_error_from_p2n(r);
    fprintf(stderr, "ptx2native: %s (%s)\n", p2n_error_message(), cu_error_name(e));
    if (e != p2n_cudaErrorInvalidConfiguration && e != p2n_cudaErrorInvalidValue) cu_set_sticky(e);
    return s ? P2N_SUCCESS : r; /* queued: the sticky error tells */
}

static p2n_result
run_copy(p2n_stream *s, void *data)
{
    op *o = data;
    memmove(o->dst, o->src, o->n);
    return P2N_SUCCESS;
}

static p2n_result
run_copy2d(p2n_stream *s, void *data)
{
    op *o = data;
    for (size_t y = 0; y < o->height; y++)
        memmove((char *)o->dst + y * o->dpitch, (const char *)o->src + y * o->spitch, o->width);
    return P2N_SUCCESS;
}

static p2n_result
run_fill(p2n_stream *s, void *data)
{
    op *o = data;
    if (o->elem == 1) {
        memset(o->dst, o->value, o->n);
        return P2N_SUCCESS;
    }
    for (size_t i = 0; i < o->n; i++) {
        if (o->elem == 2) {
            uint16_t v = (uint16_t)o->value;
            memcpy((char *)o->dst + 2 * i, &v, 2);
        } else {
            uint32_t v = (uint32_t)o->value;
            memcpy((char *)o->dst + 4 * i, &v, 4);
        }
    }
    return P2N_SUCCESS;
}

static p2n_result
run_host(p2n_stream *s, void *data)
{
    op *o = data;
    o->fn(o->data);
    return P2N_SUCCESS;
}

static p2n_result
run_callback(p2n_stream *s, void *data)
{
    op *o = data;
    o->cb(s, cu_sticky_error(), o->data);
    return P2N_SUCCESS;
}

static op *
new_op(size_t extra)
{
    return calloc(1, sizeof(op) + extra);
}

/* Queues o on s, or runs it now on the default stream; 0 or a cudaError. */
static int
submit(cu_stream *s, rt_stream_fn fn, op *o)
{
    p2n_result r = rt_stream_submit(rt_of(s), fn, o);
    return r == P2N_SUCCESS ? 0 : is_default(s) ? cu_error_from_p2n(r) : handle_error(r);
}

/* ---------------------------------------------------------------- API */

int
cu_stream_create(cu_stream **out, unsigned flags)
{
    p2n_result r = rt_stream_create(out, flags & p2n_cudaStreamNonBlocking);
    return r == P2N_SUCCESS ? 0 : cu_error_from_p2n(r);
}

unsigned
cu_stream_flags(cu_stream *s)
{
    return rt_stream_flags(rt_of(s));
}

int
cu_stream_destroy(cu_stream *s)
{
    if (is_default(s)) return p2n_cudaErrorInvalidResourceHandle;
    p2n_result r = p2n_stream_destroy(s);
    return r == P2N_ERROR_INVALID_VALUE ? p2n_cudaErrorInvalidResourceHandle : 0;
}

int
cu_stream_sync(cu_stream *s)
{
    if (!rt_stream_wait(rt_of(s))) return p2n_cudaErrorInvalidResourceHandle;
    return cu_sticky_error();
}

int
cu_stream_query(cu_stream *s)
{
    if (is_default(s)) return 0;
    p2n_result r = p2n_stream_query(s);
    if (r == P2N_ERROR_NOT_READY || r == P2N_ERROR_INVALID_VALUE) return handle_error(r);
    return cu_sticky_error();
}

int
cu_device_sync(void)
{
    rt_streams_wait_all();
    return cu_sticky_error();
}

int
cu_launch_kernel(cu_stream *s, const cu_launch *l)
{
    int e = cu_kernel_ready(l->f);
    if (e) return e;
    const p2n_kernel_desc *k = l->f->k;
    if (l->f->max_dynamic_smem && l->smem > (size_t)l->f->max_dynamic_smem && l->smem > 48 * 1024)
        return p2n_cudaErrorInvalidValue;
    p2n_result r = rt_check_launch(k, l->grid, l->block, l->smem);
    if (r != P2N_SUCCESS) return cu_error_from_p2n(r);
    if (k->nparams && !l->args) return p2n_cudaErrorInvalidValue;
    /* the values must outlive the caller's frame: copied after the op */
    size_t ptrs = sizeof(void *) * (k->nparams + 1);
    op *o = new_op(is_default(s) ? 0 : ptrs + k->param_bytes);
    if (!o) return p2n_cudaErrorMemoryAllocation;
    o->launch = *l;
    if (!is_default(s)) {
        void **args = (void **)(o + 1);
        char *values = (char *)args + ptrs;
        for (uint32_t i = 0; i < k->nparams; i++) {
            memcpy(values + k->params[i].offset, l->args[i], k->params[i].size);
            args[i] = values + k->params[i].offset;
        }
        o->launch.args = args;
    }
    e = submit(s, run_kernel, o);
    /* an execution error is the sticky error, reported by the next
     * synchronizing call; the launch itself succeeded */
    return e == p2n_cudaErrorInvalidConfiguration || e == p2n_cudaErrorInvalidValue ||
                   e == p2n_cudaErrorInvalidResourceHandle
               ? e
               : 0;
}

int
cu_memcpy(cu_stream *s, void *dst, const void *src, size_t n, bool async)
{
    if (!n) return 0;
    if (!dst || !src) return p2n_cudaErrorInvalidValue;
    op *o = new_op(0);
    if (!o) return p2n_cudaErrorMemoryAllocation;
    o->dst = dst, o->src = src, o->n = n;
    int e = submit(s, run_copy, o);
    if (!e && !async && !is_default(s)) e = cu_stream_sync(s);
    return e ? e : async ? 0 : cu_sticky_error();
}

int
cu_memcpy2d(cu_stream *s, void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
            size_t height, bool async)
{
    if (!width || !height) return 0;
    if (!dst || !src) return p2n_cudaErrorInvalidValue;
    if (width > dpitch || width > spitch) return p2n_cudaErrorInvalidPitchValue;
    op *o = new_op(0);
    if (!o) return p2n_cudaErrorMemoryAllocation;
    o->dst = dst, o->dpitch = dpitch, o->src = src, o->spitch = spitch, o->width = width,
    o->height = height;
    int e = submit(s, run_copy2d, o);
    if (!e && !async && !is_default(s)) e = cu_stream_sync(s);
    return e;
}

int
cu_memset(cu_stream *s, void *dst, int value, size_t elem, size_t n, bool async)
{
    if (!n) return 0;
    if (!dst) return p2n_cudaErrorInvalidValue;
    op *o = new_op(0);
    if (!o) return p2n_cudaErrorMemoryAllocation;
    o->dst = dst, o->value = value, o->elem = elem, o->n = n;
    int e = submit(s, run_fill, o);
    if (!e && !async && !is_default(s)) e = cu_stream_sync(s);
    return e;
}

int
cu_host_func(cu_stream *s, void (*fn)(void *), void *data)
{
    if (!fn) return p2n_cudaErrorInvalidValue;
    op *o = new_op(0);
    if (!o) return p2n_cudaErrorMemoryAllocation;
    o->fn = fn, o->data = data;
    return submit(s, run_host, o);
}

int
cu_stream_callback(cu_stream *s, void (*fn)(cu_stream *, int, void *), void *data)
{
    if (!fn) return p2n_cudaErrorInvalidValue;
    op *o = new_op(0);
    if (!o) return p2n_cudaErrorMemoryAllocation;
    o->cb = fn, o->data = data;
    return submit(s, run_callback, o);
}

/* --------------------------------------------------------------- events */

int
cu_event_create(cu_event **out, unsigned flags)
{
    if (!out) return p2n_cudaErrorInvalidValue;
    p2n_result r = p2n_event_create(out, flags & p2n_cudaEventDisableTiming);
    return r == P2N_SUCCESS ? 0 : cu_error_from_p2n(r);
}

int
cu_event_destroy(cu_event *e)
{
    return e && p2n_event_destroy(e) == P2N_SUCCESS ? 0 : p2n_cudaErrorInvalidResourceHandle;
}

int
cu_event_record(cu_event *e, cu_stream *s)
{
    p2n_result r = p2n_event_record(e, rt_of(s));
    return r == P2N_SUCCESS ? 0 : handle_error(r);
}

int
cu_event_sync(cu_event *e)
{
    if (p2n_event_synchronize(e) == P2N_ERROR_INVALID_VALUE)
        return p2n_cudaErrorInvalidResourceHandle;
    return cu_sticky_error();
}

int
cu_event_query(cu_event *e)
{
    p2n_result r = p2n_event_query(e);
    return r == P2N_SUCCESS ? 0 : handle_error(r);
}

int
cu_event_elapsed(float *ms, cu_event *a, cu_event *b)
{
    if (!ms) return p2n_cudaErrorInvalidValue;
    p2n_result r = p2n_event_elapsed_ms(ms, a, b);
    return r == P2N_SUCCESS ? 0 : handle_error(r);
}

int
cu_stream_wait_event(cu_stream *s, cu_event *e)
{
    p2n_result r = p2n_stream_wait_event(rt_of(s), e);
    return r == P2N_SUCCESS ? 0 : handle_error(r);
}
