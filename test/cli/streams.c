/* Streams, events and kernel handles of the host API (docs/api.md,
 * "Streams and events"), with test/cli/streams.ptx:
 *     streams MODULE.so
 * Each check prints PASS or FAIL cli/streams/NAME.  The expected values
 * come from the definitions: a launch on a stream returns before its
 * kernel ends (a kernel that waits for the host to set a flag could not
 * end otherwise), runs after the stream's earlier work (affine maps in
 * another order give other values: a C reference applies them in order),
 * and an event's time lies between the host clock readings around it. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ptx2native.h"

static int failures;

static void check(const char *name, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
check(const char *name, int ok, const char *fmt, ...)
{
    if (ok) {
        printf("PASS cli/streams/%s\n", name);
        return;
    }
    failures++;
    printf("FAIL cli/streams/%s: ", name);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(" (%s)\n", p2n_error_message());
}

static double
now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void
sleep_ms(unsigned ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&t, NULL);
}

static const p2n_dim3 one = {1, 1, 1};

/* Sets *flag after delay ms, from another thread. */
typedef struct {
    uint32_t *flag;
    unsigned delay;
} setter;

static void *
set_later(void *arg)
{
    setter *s = arg;
    sleep_ms(s->delay);
    __atomic_store_n(s->flag, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static p2n_result
wait_flag(p2n_module *m, p2n_stream *s, uint32_t *flag, uint32_t *out, uint32_t value)
{
    void *params[] = {&flag, &out, &value};
    return p2n_launch_async(m, "wait_flag", one, one, 0, s, params);
}

static p2n_result
affine(p2n_kernel *k, p2n_stream *s, uint32_t *x, uint32_t n, uint32_t a, uint32_t b)
{
    void *params[] = {&x, &n, &a, &b};
    p2n_dim3 grid = {(n + 63) / 64, 1, 1}, block = {64, 1, 1};
    return s ? p2n_launch_kernel_async(k, grid, block, 0, s, params)
             : p2n_launch_kernel(k, grid, block, 0, params);
}

/* A launch returns while its kernel still runs; the host works meanwhile. */
static void
test_overlap(p2n_module *m)
{
    p2n_stream *s;
    uint32_t flag = 0, out = 0;
    if (p2n_stream_create(&s, 0) != P2N_SUCCESS) {
        check("overlap", 0, "p2n_stream_create");
        return;
    }
    double t0 = now_ms();
    p2n_result r = wait_flag(m, s, &flag, &out, 42);
    double took = now_ms() - t0;
    check("overlap/launch_returns", r == P2N_SUCCESS && took < 2000,
          "p2n_launch_async returned %d after %.0f ms", r, took);
    sleep_ms(50);
    check("overlap/query_not_ready", p2n_stream_query(s) == P2N_ERROR_NOT_READY,
          "p2n_stream_query of a stream whose kernel waits");
    /* host work while the kernel waits */
    uint64_t sum = 0;
    for (uint64_t i = 1; i <= 1000000; i++)
        sum += i;
    check("overlap/not_done_yet", __atomic_load_n(&out, __ATOMIC_SEQ_CST) == 0,
          "the kernel stored before the flag was set");
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    r = p2n_stream_synchronize(s);
    check("overlap/synchronize", r == P2N_SUCCESS && out == 42 && sum == 500000500000u,
          "p2n_stream_synchronize %d, out %u", r, out);
    check("overlap/query_done", p2n_stream_query(s) == P2N_SUCCESS, "p2n_stream_query when idle");
    check("overlap/destroy", p2n_stream_destroy(s) == P2N_SUCCESS, "p2n_stream_destroy");
}

/* Work in one stream runs in the order it was queued. */
static void
test_order(p2n_module *m, p2n_kernel *aff)
{
    enum { N = 1000, LAUNCHES = 40 };
    p2n_stream *s;
    p2n_stream_create(&s, 0);
    uint32_t *x = malloc(N * sizeof *x), *ref = malloc(N * sizeof *ref);
    for (uint32_t i = 0; i < N; i++)
        x[i] = ref[i] = i;
    /* the first launch waits for the flag: all the others queue behind it */
    uint32_t flag = 0, dummy = 0;
    wait_flag(m, s, &flag, &dummy, 1);
    int bad = 0;
    for (uint32_t l = 0; l < LAUNCHES; l++) {
        uint32_t a = 3 + 2 * l, b = 7 * l + 1;
        bad |= affine(aff, s, x, N, a, b) != P2N_SUCCESS;
        for (uint32_t i = 0; i < N; i++)
            ref[i] = ref[i] * a + b;
    }
    uint32_t log[LAUNCHES], pos = 0;
    for (uint32_t l = 0; l < LAUNCHES; l++) {
        uint32_t *lp = log, *pp = &pos, v = l;
        void *params[] = {&lp, &pp, &v};
        bad |= p2n_launch_async(m, "append", one, one, 0, s, params) != P2N_SUCCESS;
    }
    check("order/queued", !bad && x[1] == 1 && pos == 0,
          "launches failed, or ran before the first ended (x[1] %u, pos %u)", x[1], pos);
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    p2n_result r = p2n_stream_synchronize(s);
    int same = memcmp(x, ref, N * sizeof *x) == 0;
    check("order/affine", r == P2N_SUCCESS && same, "result %d, x[5] %u, in order %u", r, x[5],
          ref[5]);
    int inorder = pos == LAUNCHES;
    for (uint32_t l = 0; l < LAUNCHES && inorder; l++)
        inorder = log[l] == l;
    check("order/append", inorder, "pos %u, log[1] %u", pos, log[1]);
    p2n_stream_destroy(s);
    free(x);
    free(ref);
}

/* Launch by handle = launch by name, synchronous and on a stream. */
static void
test_handles(p2n_module *m, p2n_kernel *aff)
{
    enum { N = 777 };
    uint32_t a[N], b[N], c[N], ref[N];
    for (uint32_t i = 0; i < N; i++)
        a[i] = b[i] = c[i] = i * 2654435761u, ref[i] = i * 2654435761u * 5u + 11u;
    uint32_t *pa = a, n = N, k5 = 5, k11 = 11;
    void *params[] = {&pa, &n, &k5, &k11};
    p2n_dim3 grid = {(N + 63) / 64, 1, 1}, block = {64, 1, 1};
    p2n_result r1 = p2n_launch(m, "affine", grid, block, 0, params);
    p2n_result r2 = affine(aff, NULL, b, N, 5, 11);
    p2n_stream *s;
    p2n_stream_create(&s, 0);
    p2n_result r3 = affine(aff, s, c, N, 5, 11);
    p2n_result r4 = p2n_stream_synchronize(s);
    p2n_stream_destroy(s);
    check("handle/same_as_name",
          !r1 && !r2 && !r3 && !r4 && !memcmp(a, ref, sizeof a) && !memcmp(b, ref, sizeof b) &&
              !memcmp(c, ref, sizeof c),
          "results %d %d %d %d; a[3] %u b[3] %u c[3] %u, expected %u", r1, r2, r3, r4, a[3], b[3],
          c[3], ref[3]);
    p2n_kernel *k2 = NULL;
    check("handle/same_handle", p2n_kernel_get(&k2, m, "affine") == P2N_SUCCESS && k2 == aff,
          "a second p2n_kernel_get gave %p, first %p", (void *)k2, (void *)aff);
    check("handle/not_found", p2n_kernel_get(&k2, m, "nothing") == P2N_ERROR_NOT_FOUND && !k2,
          "p2n_kernel_get of an unknown kernel");
    check("handle/null",
          p2n_kernel_get(NULL, m, "affine") == P2N_ERROR_INVALID_VALUE &&
              p2n_kernel_get(&k2, NULL, "affine") == P2N_ERROR_INVALID_VALUE,
          "p2n_kernel_get with a null argument");
}

/* Events: elapsed time between records, ordered, at least the kernel's. */
static void
test_events(p2n_module *m)
{
    p2n_stream *s;
    p2n_event *e[3];
    p2n_stream_create(&s, 0);
    for (int i = 0; i < 3; i++)
        p2n_event_create(&e[i], 0);
    uint32_t ms1 = 30, ms2 = 60;
    void *p1[] = {&ms1}, *p2[] = {&ms2};
    double t0 = now_ms();
    int bad = p2n_event_record(e[0], s) || p2n_launch_async(m, "nap", one, one, 0, s, p1) ||
              p2n_event_record(e[1], s) || p2n_launch_async(m, "nap", one, one, 0, s, p2) ||
              p2n_event_record(e[2], s);
    p2n_result q = p2n_event_query(e[2]);
    p2n_result r = p2n_event_synchronize(e[2]);
    double host = now_ms() - t0;
    check("events/record", !bad && q == P2N_ERROR_NOT_READY && r == P2N_SUCCESS,
          "records %d, query %d (expected NOT_READY), synchronize %d", bad, q, r);
    check("events/query_done", p2n_event_query(e[0]) == P2N_SUCCESS, "query of a complete event");
    float a = -1, b = -1, c = -1;
    r = p2n_event_elapsed_ms(&a, e[0], e[1]);
    p2n_result r2 = p2n_event_elapsed_ms(&b, e[1], e[2]);
    p2n_result r3 = p2n_event_elapsed_ms(&c, e[0], e[2]);
    /* each nap runs at least its time; the events lie inside the host's
     * readings around them */
    check("events/elapsed",
          !r && !r2 && !r3 && a >= 30 && b >= 60 && c >= a + b - 0.01 && c <= host,
          "elapsed %.3f, %.3f, %.3f ms (naps 30 and 60 ms, host %.1f ms)", a, b, c, host);
    float neg = 0;
    check("events/ordered",
          p2n_event_elapsed_ms(&neg, e[2], e[0]) == P2N_SUCCESS && neg < 0 && neg > -c - 0.01 &&
              neg < -c + 0.01,
          "elapsed end to start %.3f, expected -%.3f", neg, c);
    /* an event never recorded, and one without timing */
    p2n_event *fresh, *untimed;
    p2n_event_create(&fresh, 0);
    p2n_event_create(&untimed, P2N_EVENT_DISABLE_TIMING);
    p2n_event_record(untimed, s);
    p2n_stream_synchronize(s);
    check("events/never_recorded",
          p2n_event_elapsed_ms(&a, fresh, e[0]) == P2N_ERROR_INVALID_VALUE &&
              p2n_event_synchronize(fresh) == P2N_SUCCESS && p2n_event_query(fresh) == P2N_SUCCESS,
          "elapsed time from an event never recorded; or waiting on it");
    check("events/disable_timing",
          p2n_event_elapsed_ms(&a, untimed, e[0]) == P2N_ERROR_INVALID_VALUE,
          "elapsed time of an event made with P2N_EVENT_DISABLE_TIMING");
    check("events/bad_flags", p2n_event_create(&fresh, 0x100) == P2N_ERROR_INVALID_VALUE,
          "p2n_event_create with unknown flags");
    /* on the default stream: recorded at once */
    p2n_event *d0, *d1;
    p2n_event_create(&d0, 0);
    p2n_event_create(&d1, 0);
    p2n_event_record(d0, NULL);
    p2n_launch(m, "nap", one, one, 0, p1);
    p2n_event_record(d1, NULL);
    check("events/default_stream",
          p2n_event_query(d1) == P2N_SUCCESS && p2n_event_elapsed_ms(&a, d0, d1) == P2N_SUCCESS &&
              a >= 30,
          "default-stream events: elapsed %.3f ms around a 30 ms nap", a);
    for (int i = 0; i < 3; i++)
        p2n_event_destroy(e[i]);
    p2n_event_destroy(untimed);
    p2n_event_destroy(d0);
    p2n_event_destroy(d1);
    p2n_stream_destroy(s);
}

/* Stream b waits for an event of stream a. */
static void
test_wait_event(p2n_module *m)
{
    p2n_stream *a, *b;
    p2n_event *ev;
    p2n_stream_create(&a, 0);
    p2n_stream_create(&b, P2N_STREAM_NON_BLOCKING);
    p2n_event_create(&ev, 0);
    uint32_t flag = 0, x = 0, y = 0, go = 1;
    wait_flag(m, a, &flag, &x, 7);
    p2n_event_record(ev, a);
    p2n_result r = p2n_stream_wait_event(b, ev);
    /* after the wait, b copies nothing but stores: y = 9 once a is done */
    wait_flag(m, b, &go, &y, 9);
    sleep_ms(100);
    check("wait_event/blocks",
          r == P2N_SUCCESS && p2n_stream_query(b) == P2N_ERROR_NOT_READY &&
              __atomic_load_n(&y, __ATOMIC_SEQ_CST) == 0,
          "stream b ran before the event it waits for (wait %d, y %u)", r, y);
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    r = p2n_stream_synchronize(b);
    check("wait_event/after", r == P2N_SUCCESS && x == 7 && y == 9, "b synchronize %d, x %u, y %u",
          r, x, y);
    /* waiting for an event never recorded does not wait */
    p2n_event *fresh;
    p2n_event_create(&fresh, 0);
    y = 0;
    r = p2n_stream_wait_event(b, fresh);
    wait_flag(m, b, &go, &y, 5);
    check("wait_event/never_recorded", !r && p2n_stream_synchronize(b) == P2N_SUCCESS && y == 5,
          "wait on an event never recorded: %d, y %u", r, y);
    /* the event destroyed while a wait for it is queued: the wait still works */
    flag = 0, x = 0, y = 0;
    wait_flag(m, a, &flag, &x, 3);
    p2n_event_record(ev, a);
    p2n_stream_wait_event(b, ev);
    wait_flag(m, b, &go, &y, 4);
    check("wait_event/destroyed_event", p2n_event_destroy(ev) == P2N_SUCCESS, "destroy");
    sleep_ms(50);
    int early = __atomic_load_n(&y, __ATOMIC_SEQ_CST) != 0;
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    r = p2n_stream_synchronize(b);
    check("wait_event/destroyed_event_waits", !early && r == P2N_SUCCESS && x == 3 && y == 4,
          "early %d, synchronize %d, x %u, y %u", early, r, x, y);
    p2n_event_destroy(fresh);
    p2n_stream_destroy(a);
    p2n_stream_destroy(b);
}

/* The default stream waits for blocking streams, not for non-blocking ones. */
static void
test_default_stream(p2n_module *m, p2n_kernel *aff)
{
    p2n_stream *blocking, *nonblocking;
    p2n_stream_create(&blocking, 0);
    p2n_stream_create(&nonblocking, P2N_STREAM_NON_BLOCKING);
    uint32_t flag = 0, x = 0;
    pthread_t t;
    setter st = {&flag, 150};
    wait_flag(m, blocking, &flag, &x, 10);
    pthread_create(&t, NULL, set_later, &st);
    /* x = x * 2 + 1 must see the 10 */
    p2n_result r = affine(aff, NULL, &x, 1, 2, 1);
    pthread_join(t, NULL);
    check("default_stream/waits_for_blocking", r == P2N_SUCCESS && x == 21,
          "p2n_launch_kernel %d, x %u (21 if it ran after the blocking stream)", r, x);
    flag = 0, x = 0;
    wait_flag(m, nonblocking, &flag, &x, 10);
    uint32_t y = 4;
    r = affine(aff, NULL, &y, 1, 2, 1);
    check("default_stream/not_for_nonblocking",
          r == P2N_SUCCESS && y == 9 && p2n_stream_query(nonblocking) == P2N_ERROR_NOT_READY,
          "p2n_launch_kernel %d, y %u", r, y);
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    check("default_stream/synchronize_all", p2n_synchronize() == P2N_SUCCESS && x == 10,
          "p2n_synchronize, x %u", x);
    p2n_stream_destroy(blocking);
    p2n_stream_destroy(nonblocking);
}

/* An error while a queued launch runs is reported at synchronize. */
static void
test_errors(p2n_module *m, p2n_kernel *aff)
{
    p2n_stream *s;
    p2n_event *ev;
    p2n_stream_create(&s, 0);
    p2n_event_create(&ev, 0);
    uint32_t u = 0, x = 1;
    void *pu[] = {&u};
    p2n_result r = p2n_launch_async(m, "fail", one, one, 0, s, pu);
    p2n_event_record(ev, s);
    p2n_result r2 = affine(aff, s, &x, 1, 3, 4); /* later work still runs */
    check("errors/launch_succeeds", r == P2N_SUCCESS && r2 == P2N_SUCCESS,
          "an asynchronous launch of a trapping kernel returned %d", r);
    p2n_result e = p2n_event_synchronize(ev);
    check("errors/event", e == P2N_ERROR_TRAP && strstr(p2n_error_message(), "fail"),
          "p2n_event_synchronize of an event after the trap: %d", e);
    r = p2n_stream_synchronize(s);
    check("errors/at_synchronize",
          r == P2N_ERROR_TRAP && strstr(p2n_error_message(), "fail") && x == 7,
          "p2n_stream_synchronize %d, x %u", r, x);
    check("errors/reported_once", p2n_stream_synchronize(s) == P2N_SUCCESS,
          "a second p2n_stream_synchronize");
    /* configuration errors are the call's own */
    p2n_dim3 big = {2000, 1, 1};
    uint32_t *px = &x, n = 1, a = 1, b = 0;
    void *pa[] = {&px, &n, &a, &b};
    check("errors/bad_block",
          p2n_launch_async(m, "affine", one, big, 0, s, pa) == P2N_ERROR_INVALID_DIM,
          "a block of 2000 threads on a stream");
    check("errors/null_params",
          p2n_launch_async(m, "affine", one, one, 0, s, NULL) == P2N_ERROR_INVALID_VALUE,
          "null params on a stream");
    check("errors/unknown_kernel",
          p2n_launch_async(m, "nothing", one, one, 0, s, pa) == P2N_ERROR_NOT_FOUND,
          "an unknown kernel on a stream");
    /* the default stream returns its own error */
    r = p2n_launch_async(m, "fail", one, one, 0, NULL, pu);
    check("errors/default_stream", r == P2N_ERROR_TRAP, "a trap on the default stream: %d", r);
    /* destroy returns the error it did not report */
    p2n_launch_async(m, "fail", one, one, 0, s, pu);
    check("errors/at_destroy", p2n_stream_destroy(s) == P2N_ERROR_TRAP, "p2n_stream_destroy");
    p2n_event_destroy(ev);
}

/* Handles destroyed or never made are refused, never used. */
static void
test_invalid(const char *path)
{
    p2n_module *m1, *m2;
    p2n_module_load(&m1, path);
    p2n_module_load(&m2, path);
    p2n_kernel *k1, *k2;
    p2n_kernel_get(&k1, m1, "affine");
    p2n_kernel_get(&k2, m2, "affine");
    p2n_module_unload(m1);
    uint32_t x = 2;
    check("invalid/kernel_of_unloaded",
          affine(k1, NULL, &x, 1, 3, 0) == P2N_ERROR_INVALID_VALUE && x == 2,
          "a launch through a handle of an unloaded module");
    check("invalid/kernel_of_loaded", affine(k2, NULL, &x, 1, 3, 0) == P2N_SUCCESS && x == 6,
          "a handle of the module still loaded (x %u)", x);
    p2n_stream *s;
    p2n_stream_create(&s, 0);
    check("invalid/kernel_async", affine(k1, s, &x, 1, 3, 0) == P2N_ERROR_INVALID_VALUE,
          "an async launch through a handle of an unloaded module");
    int local = 0;
    check("invalid/wild_kernel",
          affine((p2n_kernel *)&local, NULL, &x, 1, 3, 0) == P2N_ERROR_INVALID_VALUE &&
              affine(NULL, NULL, &x, 1, 3, 0) == P2N_ERROR_INVALID_VALUE,
          "a launch through a wild or null kernel handle");
    check("invalid/unloaded_module_async",
          p2n_launch_async(m1, "affine", one, one, 0, s, NULL) == P2N_ERROR_INVALID_VALUE,
          "an async launch of an unloaded module");
    p2n_stream_destroy(s);
    uint32_t *px = &x, n = 1, a = 1, b = 0;
    void *pa[] = {&px, &n, &a, &b};
    check("invalid/destroyed_stream",
          p2n_launch_async(m2, "affine", one, one, 0, s, pa) == P2N_ERROR_INVALID_VALUE &&
              p2n_stream_synchronize(s) == P2N_ERROR_INVALID_VALUE &&
              p2n_stream_query(s) == P2N_ERROR_INVALID_VALUE &&
              p2n_stream_destroy(s) == P2N_ERROR_INVALID_VALUE,
          "calls on a destroyed stream");
    p2n_stream *wild = (p2n_stream *)&local;
    p2n_event *ev;
    p2n_event_create(&ev, 0);
    check("invalid/wild_stream",
          p2n_launch_async(m2, "affine", one, one, 0, wild, pa) == P2N_ERROR_INVALID_VALUE &&
              p2n_stream_synchronize(wild) == P2N_ERROR_INVALID_VALUE &&
              p2n_event_record(ev, wild) == P2N_ERROR_INVALID_VALUE &&
              p2n_stream_wait_event(wild, ev) == P2N_ERROR_INVALID_VALUE,
          "calls on a wild stream handle");
    check("invalid/record_on_bad_stream_completes", p2n_event_synchronize(ev) == P2N_SUCCESS,
          "an event whose record was refused must not be left pending");
    p2n_event_destroy(ev);
    float ms;
    check("invalid/destroyed_event",
          p2n_event_record(ev, NULL) == P2N_ERROR_INVALID_VALUE &&
              p2n_event_synchronize(ev) == P2N_ERROR_INVALID_VALUE &&
              p2n_event_query(ev) == P2N_ERROR_INVALID_VALUE &&
              p2n_event_elapsed_ms(&ms, ev, ev) == P2N_ERROR_INVALID_VALUE &&
              p2n_event_destroy(ev) == P2N_ERROR_INVALID_VALUE &&
              p2n_stream_wait_event(NULL, ev) == P2N_ERROR_INVALID_VALUE,
          "calls on a destroyed event");
    check("invalid/bad_flags",
          p2n_stream_create(&s, 0x80) == P2N_ERROR_INVALID_VALUE &&
              p2n_stream_create(NULL, 0) == P2N_ERROR_INVALID_VALUE,
          "p2n_stream_create with unknown flags or a null pointer");
    p2n_module_unload(m2);
}

/* The process's virtual size in KiB (/proc/self/status VmSize), or 0. */
static long
vm_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmSize: %ld", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

/* A stream's thread takes what a launching thread needs (stacks of the
 * kernel's size, 8 MiB at least, windows): given back when the stream is
 * destroyed, so streams made and destroyed one after the other do not add
 * up (40 of them kept would be 320 MiB more). */
static void
test_no_growth(p2n_module *m, p2n_kernel *aff)
{
    uint32_t x = 1;
    long before = 0;
    int bad = 0;
    for (int i = 0; i < 50; i++) {
        if (i == 10)
            before = vm_kib(); /* after the pool and the caches settled */
        p2n_stream *s;
        bad |= p2n_stream_create(&s, 0) != P2N_SUCCESS;
        bad |= affine(aff, s, &x, 1, 1, 1) != P2N_SUCCESS;
        bad |= p2n_stream_destroy(s) != P2N_SUCCESS;
    }
    long growth = vm_kib() - before;
    check("no_growth_per_stream", !bad && x == 51 && before > 0 && growth < 64 * 1024,
          "40 streams made and destroyed grew the process by %ld KiB (x %u)", growth, x);
    (void)m;
}

/* p2n_module_unload waits for the module's queued launches. */
static void
test_unload_waits(const char *path)
{
    p2n_module *m;
    p2n_module_load(&m, path);
    p2n_stream *s;
    p2n_stream_create(&s, 0);
    uint32_t flag = 0, out = 0;
    wait_flag(m, s, &flag, &out, 99);
    pthread_t t;
    setter st = {&flag, 100};
    pthread_create(&t, NULL, set_later, &st);
    p2n_result r = p2n_module_unload(m);
    int done = __atomic_load_n(&out, __ATOMIC_SEQ_CST) == 99;
    pthread_join(t, NULL);
    check("unload_waits", r == P2N_SUCCESS && done, "unload %d; the queued launch %s", r,
          done ? "ran" : "had not run when unload returned");
    p2n_stream_destroy(s);
}

int
main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: streams MODULE.so\n");
        return 2;
    }
    p2n_set_launch_timeout(20000); /* a kernel waiting forever fails, not hangs */
    p2n_module *m;
    p2n_kernel *aff;
    if (p2n_module_load(&m, argv[1]) != P2N_SUCCESS ||
        p2n_kernel_get(&aff, m, "affine") != P2N_SUCCESS) {
        printf("FAIL cli/streams/load: %s\n", p2n_error_message());
        return 1;
    }
    test_overlap(m);
    test_order(m, aff);
    test_handles(m, aff);
    test_events(m);
    test_wait_event(m);
    test_default_stream(m, aff);
    test_errors(m, aff);
    test_invalid(argv[1]);
    test_no_growth(m, aff);
    test_unload_waits(argv[1]);
    p2n_module_unload(m);
    return failures != 0;
}
