/* pool.c — how the pool's threads meet a launch: launches open to the
 * workers, the CTAs each thread claims, and the waits between them.
 *
 * Claims: the grid is cut into one contiguous share per thread of the pool
 * (the launching thread's is the first, worker i's the i-th), so a thread
 * walks memory a streaming kernel reads in one long run, and claiming
 * touches a cache line no other thread writes.  A thread whose share is
 * empty steals the second half of what another has left (Blumofe and
 * Leiserson's work stealing, from the far end as Cilk's deques do) and
 * makes it its own share, so a divergent kernel's uneven CTAs still spread
 * over the threads.  A share is one 64-bit word, its first and end unit,
 * changed by compare-and-swap; a unit is one CTA, or for a grid of over
 * 2^32 - 1 CTAs the few that make it fit.
 *
 * Slots: a launch that the workers may join is published in a slot of the
 * pool (memory that outlives the launch, whose own lives on the launching
 * thread's stack).  A worker attaches by counting itself in the slot, then
 * checking that the slot still holds the launch; the launching thread
 * closes the slot, then waits for the count to drop to zero (a Dekker
 * handshake, sequentially consistent on both sides), so no worker touches
 * a launch that returned.  No lock on this path: a launch costs a few
 * atomic operations, and no thread blocks on another's lock.
 *
 * Waits: a worker without work, and a launching thread waiting for workers
 * to leave, spin about SPIN_NS (with the CPU's pause hint) before they
 * sleep on a condition.  Back-to-back launches then cost no system call
 * and no thread wake-up, as in OpenMP runtimes.  Threads spin only while
 * the pool has no more threads than the process has CPUs. */
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

enum { SPIN_NS = 50000, JOIN_NS = 2000, NSLOTS = RT_POOL_SLOTS };

#define SLOT_CLOSED ((rt_job *)(uintptr_t)1) /* taken, but no launch open in it */

typedef struct rt_slot {
    _Alignas(64) rt_job *job; /* NULL: free; SLOT_CLOSED; or the launch open in it */
    unsigned attached;        /* workers counted in (atomic) */
    unsigned gen;             /* launches opened in it (atomic) */
    rt_share *shares;         /* [cap]: the claims of the launches in it */
    unsigned cap;
} rt_slot;

static struct {
    pthread_mutex_t lock;    /* only for the sleeps below */
    pthread_cond_t work;     /* the epoch moved */
    pthread_cond_t detached; /* a slot's attached count dropped to zero */
    pthread_cond_t freed;    /* a slot was freed */
    unsigned sleepers, detach_waiters, slot_waiters; /* atomic */
    unsigned nthreads;       /* workers, not counting the launching threads */
    bool spin; /* atomic */
    unsigned nslots; /* slots ever taken: the ones workers look at (atomic) */
    _Alignas(64) unsigned epoch; /* bumped (atomically) when a launch opens */
    rt_slot slot[NSLOTS];
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER,
          .work = PTHREAD_COND_INITIALIZER,
          .detached = PTHREAD_COND_INITIALIZER,
          .freed = PTHREAD_COND_INITIALIZER};

static uint64_t
now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/* Spins until (*v == x) == equal, about SPIN_NS at most; true when it
 * came to that. */
static bool
spin_until(const unsigned *v, unsigned x, bool equal)
{
    uint64_t end = 0;
    for (unsigned n = 1;; n++) {
        if ((__atomic_load_n(v, __ATOMIC_ACQUIRE) == x) == equal)
            return true;
        cpu_relax();
        if (n % 64 == 0) {
            uint64_t t = now_ns();
            if (!end)
                end = t + SPIN_NS;
            else if (t >= end)
                return false;
        }
    }
}

/* --------------------------------------------------------------- claims */

static uint64_t
pack(uint64_t first, uint64_t end)
{
    return first | end << 32;
}

/* Cuts job's grid into n shares of whole units. */
static void
claims_init(rt_job *job, rt_share *shares, unsigned n)
{
    rt_claims *c = &job->claims;
    c->shares = shares;
    c->nshares = n;
    c->unit = job->ncta > UINT32_MAX ? (job->ncta + UINT32_MAX - 1) / UINT32_MAX : 1;
    uint64_t units = (job->ncta + c->unit - 1) / c->unit;
    /* an owner takes about a sixteenth of its share at a time: small
     * enough that a thief finds most of a slow share left, large enough
     * that claiming costs little next to the CTAs */
    uint64_t chunk = units / ((uint64_t)n * 16);
    c->chunk = n == 1 ? units : chunk < 1 ? 1 : chunk > 64 ? 64 : chunk;
    for (unsigned i = 0; i < n; i++)
        __atomic_store_n(&shares[i].range, pack(units * i / n, units * (i + 1) / n),
                         __ATOMIC_RELAXED);
}

/* Takes the back half of the units another share has left, [*first,
 * *end): false when every share is empty. */
static bool
steal(rt_claims *c, unsigned self, uint64_t *first, uint64_t *end)
{
    for (unsigned k = 1; k < c->nshares; k++) {
        rt_share *v = &c->shares[(self + k) % c->nshares];
        uint64_t r = __atomic_load_n(&v->range, __ATOMIC_RELAXED);
        for (;;) {
            uint64_t lo = r & UINT32_MAX, hi = r >> 32;
            if (lo >= hi)
                break;
            uint64_t half = (hi - lo + 1) / 2;
            if (__atomic_compare_exchange_n(&v->range, &r, pack(lo, hi - half), false,
                                            __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                *first = hi - half;
                *end = hi;
                return true;
            }
        }
    }
    return false;
}

bool
rt_claim(rt_job *job, unsigned self, uint64_t *first, uint64_t *end)
{
    rt_claims *c = &job->claims;
    rt_share *own = &c->shares[self];
    uint64_t lo, hi, n;
    for (;;) {
        if (__atomic_load_n(&job->error, __ATOMIC_RELAXED) != P2N_SUCCESS)
            return false; /* the launch failed: no more CTAs start */
        uint64_t r = __atomic_load_n(&own->range, __ATOMIC_RELAXED);
        lo = r & UINT32_MAX, hi = r >> 32;
        if (lo >= hi) {
            if (!steal(c, self, &lo, &hi))
                return false;
            /* the rest becomes this thread's share: only its owner
             * grows a share, so a plain store */
            n = hi - lo < c->chunk ? hi - lo : c->chunk;
            __atomic_store_n(&own->range, pack(lo + n, hi), __ATOMIC_RELAXED);
            break;
        }
        n = hi - lo < c->chunk ? hi - lo : c->chunk;
        if (__atomic_compare_exchange_n(&own->range, &r, pack(lo + n, hi), false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            break; /* else a thief took some: look again */
    }
    *first = lo * c->unit;
    *end = (lo + n) * c->unit < job->ncta ? (lo + n) * c->unit : job->ncta;
    return true;
}

/* Some share of job has units left. */
static bool
claims_left(const rt_claims *c)
{
    for (unsigned i = 0; i < c->nshares; i++) {
        uint64_t r = __atomic_load_n(&c->shares[i].range, __ATOMIC_RELAXED);
        if ((r & UINT32_MAX) < r >> 32)
            return true;
    }
    return false;
}

/* ---------------------------------------------------------------- slots */

/* A free slot, taken (SLOT_CLOSED); waits while all are taken. */
static rt_slot *
slot_take(void)
{
    for (;;) {
        for (unsigned i = 0; i < NSLOTS; i++) {
            rt_slot *s = &pool.slot[i];
            rt_job *free_ = NULL;
            if (__atomic_load_n(&s->job, __ATOMIC_RELAXED) == NULL &&
                __atomic_compare_exchange_n(&s->job, &free_, SLOT_CLOSED, false, __ATOMIC_ACQUIRE,
                                            __ATOMIC_RELAXED)) {
                unsigned n = __atomic_load_n(&pool.nslots, __ATOMIC_RELAXED);
                while (n <= i && !__atomic_compare_exchange_n(&pool.nslots, &n, i + 1, false,
                                                              __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                    ;
                return s;
            }
        }
        pthread_mutex_lock(&pool.lock); /* NSLOTS launches at once: wait for one to end */
        __atomic_add_fetch(&pool.slot_waiters, 1, __ATOMIC_SEQ_CST);
        bool full = true;
        for (unsigned i = 0; full && i < NSLOTS; i++)
            full = __atomic_load_n(&pool.slot[i].job, __ATOMIC_SEQ_CST) != NULL;
        if (full)
            pthread_cond_wait(&pool.freed, &pool.lock);
        __atomic_sub_fetch(&pool.slot_waiters, 1, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&pool.lock);
    }
}

static void
slot_detach(rt_slot *s)
{
    if (__atomic_sub_fetch(&s->attached, 1, __ATOMIC_SEQ_CST) == 0 &&
        __atomic_load_n(&pool.detach_waiters, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&pool.lock);
        pthread_cond_broadcast(&pool.detached);
        pthread_mutex_unlock(&pool.lock);
    }
}

int
rt_pool_open(rt_job *job)
{
    job->slot = NULL;
    unsigned n = rt_pool_threads();
    if (job->ncta == 1 || n == 1) { /* nothing to share */
        claims_init(job, &job->alone, 1);
        return 0;
    }
    rt_slot *s = slot_take();
    if (s->cap < n) { /* no worker reads the shares of a closed slot */
        free(s->shares);
        s->cap = 0;
        if (!(s->shares = aligned_alloc(64, sizeof *s->shares * n))) {
            __atomic_store_n(&s->job, NULL, __ATOMIC_RELEASE);
            return -1;
        }
        s->cap = n;
    }
    claims_init(job, s->shares, n);
    job->slot = s;
    __atomic_store_n(&s->gen, s->gen + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&s->job, job, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&pool.epoch, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&pool.sleepers, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&pool.lock);
        pthread_cond_broadcast(&pool.work);
        pthread_mutex_unlock(&pool.lock);
    }
    return 0;
}

void
rt_pool_close(rt_job *job)
{
    rt_slot *s = job->slot;
    if (!s)
        return;
    __atomic_store_n(&s->job, SLOT_CLOSED, __ATOMIC_SEQ_CST); /* no worker attaches now */
    if (__atomic_load_n(&s->attached, __ATOMIC_SEQ_CST) != 0 &&
        !(__atomic_load_n(&pool.spin, __ATOMIC_RELAXED) && spin_until(&s->attached, 0, true))) {
        pthread_mutex_lock(&pool.lock);
        __atomic_add_fetch(&pool.detach_waiters, 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&s->attached, __ATOMIC_SEQ_CST) != 0)
            pthread_cond_wait(&pool.detached, &pool.lock);
        __atomic_sub_fetch(&pool.detach_waiters, 1, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&pool.lock);
    }
    /* acquire: what the workers did to the launch is seen here */
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    __atomic_store_n(&s->job, NULL, __ATOMIC_SEQ_CST); /* before slot_waiters, as slot_take */
    if (__atomic_load_n(&pool.slot_waiters, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&pool.lock);
        pthread_cond_broadcast(&pool.freed);
        pthread_mutex_unlock(&pool.lock);
    }
}

/* Counts the worker into slot i when it holds a launch with CTAs left
 * for share self: that launch, else NULL. */
static rt_job *
attach(unsigned i, unsigned self)
{
    rt_slot *s = &pool.slot[i];
    rt_job *j = __atomic_load_n(&s->job, __ATOMIC_ACQUIRE);
    if (!j || j == SLOT_CLOSED)
        return NULL;
    __atomic_add_fetch(&s->attached, 1, __ATOMIC_SEQ_CST);
    /* j is still open (or open again at the same address: as good) */
    if (__atomic_load_n(&s->job, __ATOMIC_SEQ_CST) == j && self < j->claims.nshares &&
        claims_left(&j->claims))
        return j;
    slot_detach(s);
    return NULL;
}

/* Sleeps until the epoch moves from e (or spuriously). */
static void
sleep_while(unsigned e)
{
    pthread_mutex_lock(&pool.lock);
    __atomic_add_fetch(&pool.sleepers, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&pool.epoch, __ATOMIC_SEQ_CST) == e)
        pthread_cond_wait(&pool.work, &pool.lock);
    __atomic_sub_fetch(&pool.sleepers, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&pool.lock);
}

/* A worker joins a launch it saw open only once it has been open JOIN_NS:
 * a launch the launching thread finishes alone sooner (16 empty CTAs take
 * it about 0.6 us) would only get slower for the cache lines a second
 * thread moves (about 1.8 us with the worker in; measured in
 * docs/runtime.md).  A launch it finds after a sleep, or while busy, it
 * joins at once.  Every open launch is joined within JOIN_NS of opening,
 * so CTAs that wait on each other all run. */
rt_job *
rt_pool_next(rt_pool_seen *seen, unsigned self, unsigned *slot)
{
    bool woke = true; /* launches found now are not young */
    for (;;) {
        unsigned e = __atomic_load_n(&pool.epoch, __ATOMIC_ACQUIRE);
        unsigned n = __atomic_load_n(&pool.nslots, __ATOMIC_ACQUIRE);
        uint64_t now = 0, ripe = UINT64_MAX; /* when the first young launch may be joined */
        for (unsigned i = 0; i < n; i++) {
            rt_slot *s = &pool.slot[i];
            rt_job *j = __atomic_load_n(&s->job, __ATOMIC_ACQUIRE);
            if (!j || j == SLOT_CLOSED)
                continue;
            unsigned g = __atomic_load_n(&s->gen, __ATOMIC_RELAXED);
            if (!now)
                now = now_ns();
            if (seen->gen[i] != g) {
                seen->gen[i] = g;
                seen->since[i] = woke ? 0 : now;
            }
            if (seen->since[i] && now - seen->since[i] < JOIN_NS) {
                if (seen->since[i] + JOIN_NS < ripe)
                    ripe = seen->since[i] + JOIN_NS;
                continue;
            }
            if ((j = attach(i, self))) {
                *slot = i;
                return j;
            }
        }
        woke = false;
        if (ripe != UINT64_MAX) {
            /* wait without reading what the launching thread writes: each
             * read would cost it a cache line back */
            for (unsigned k = 1; k % 16 || now_ns() < ripe; k++)
                cpu_relax();
        } else if (!__atomic_load_n(&pool.spin, __ATOMIC_RELAXED) ||
                   !spin_until(&pool.epoch, e, false)) {
            sleep_while(e);
            woke = true;
        }
    }
}

void
rt_pool_detach(unsigned slot)
{
    slot_detach(&pool.slot[slot]);
}

unsigned
rt_pool_threads(void)
{
    return __atomic_load_n(&pool.nthreads, __ATOMIC_RELAXED) + 1;
}

void
rt_pool_set_workers(unsigned n)
{
    cpu_set_t set; /* the CPUs this process may run on */
    unsigned cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? (unsigned)CPU_COUNT(&set) : 0;
    if (!cpus) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        cpus = online > 0 ? (unsigned)online : 1;
    }
    __atomic_store_n(&pool.spin, n + 1 <= cpus, __ATOMIC_RELAXED);
    __atomic_store_n(&pool.nthreads, n, __ATOMIC_RELEASE);
}
