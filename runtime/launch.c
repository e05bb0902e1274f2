/* launch.c — running a kernel's grid (for p2n_launch and the streams,
 * stream.c): checks of the configuration, kernel handles, the parameter
 * buffer, the watchdog; and the settings that launches read (threads,
 * stack size, time limit). */
#include <errno.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rt.h"

RT_EXPORT p2n_result
p2n_set_num_threads(unsigned n)
{
    if (n == 0 || n > 4096)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_set_num_threads: %u is not in 1..4096", n);
    if (rt_pool_resize(n) != 0)
        return rt_fail(P2N_ERROR_SYSTEM, "p2n_set_num_threads: cannot start worker threads");
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_set_stack_size(size_t bytes)
{
    if (rt_set_stack_size(bytes) != P2N_SUCCESS)
        return rt_fail(P2N_ERROR_INVALID_VALUE,
                       "p2n_set_stack_size: %zu is not 0 or in 64 KiB..1 TiB", bytes);
    return P2N_SUCCESS;
}

/* -------------------------------------------------------------- watchdog */

/* The launch time limit in ms (0: none); -1 until P2N_LAUNCH_TIMEOUT_MS is
 * read at the first launch or p2n_set_launch_timeout sets it. */
static long launch_timeout = -1;

RT_EXPORT p2n_result
p2n_set_launch_timeout(unsigned ms)
{
    __atomic_store_n(&launch_timeout, (long)ms, __ATOMIC_RELAXED);
    return P2N_SUCCESS;
}

static unsigned
timeout_ms(void)
{
    long ms = __atomic_load_n(&launch_timeout, __ATOMIC_RELAXED);
    if (ms < 0) {
        const char *s = getenv("P2N_LAUNCH_TIMEOUT_MS");
        char *end;
        unsigned long v = s && *s ? strtoul(s, &end, 10) : 0;
        ms = s && *s && !*end && v <= 0xffffffffu ? (long)v : 0;
        long unset = -1;
        __atomic_compare_exchange_n(&launch_timeout, &unset, ms, false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED);
        ms = __atomic_load_n(&launch_timeout, __ATOMIC_RELAXED);
    }
    return (unsigned)ms;
}

/* A thread that sets job->stop when the launch outlives its limit; the
 * kernel reads the flag at every loop's head and barrier.  One per launch
 * that has a limit; none otherwise. */
typedef struct watchdog {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t done_cond;
    bool done;
    rt_job *job;
    struct timespec deadline; /* CLOCK_MONOTONIC */
} watchdog;

static void *
watchdog_main(void *arg)
{
    watchdog *wd = arg;
    pthread_mutex_lock(&wd->lock);
    while (!wd->done)
        if (pthread_cond_timedwait(&wd->done_cond, &wd->lock, &wd->deadline) == ETIMEDOUT) {
            if (!wd->done)
                __atomic_store_n(&wd->job->stop, 1, __ATOMIC_RELAXED);
            break;
        }
    pthread_mutex_unlock(&wd->lock);
    return NULL;
}

static bool
watchdog_start(watchdog *wd, rt_job *job, unsigned ms)
{
    memset(wd, 0, sizeof *wd);
    wd->job = job;
    clock_gettime(CLOCK_MONOTONIC, &wd->deadline);
    wd->deadline.tv_sec += ms / 1000;
    wd->deadline.tv_nsec += (long)(ms % 1000) * 1000000;
    if (wd->deadline.tv_nsec >= 1000000000) {
        wd->deadline.tv_sec++;
        wd->deadline.tv_nsec -= 1000000000;
    }
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&wd->done_cond, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&wd->lock, NULL);
    if (pthread_create(&wd->thread, NULL, watchdog_main, wd) == 0)
        return true;
    pthread_cond_destroy(&wd->done_cond);
    pthread_mutex_destroy(&wd->lock);
    return false;
}

static void
watchdog_stop(watchdog *wd)
{
    pthread_mutex_lock(&wd->lock);
    wd->done = true;
    pthread_cond_signal(&wd->done_cond);
    pthread_mutex_unlock(&wd->lock);
    pthread_join(wd->thread, NULL);
    pthread_cond_destroy(&wd->done_cond);
    pthread_mutex_destroy(&wd->lock);
}

/* ---------------------------------------------------------------- launch */

static p2n_result
check_dims(const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn)
{
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return rt_fail(
            P2N_ERROR_INVALID_DIM,
            "kernel %s: grid (%u,%u,%u) and block (%u,%u,%u) must have no zero dimension",
            rt_kernel_label(k).s, grid.x, grid.y, grid.z, block.x, block.y, block.z);
    if (grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535)
        return rt_fail(P2N_ERROR_INVALID_DIM,
                       "kernel %s: grid (%u,%u,%u) is over the limits (2^31-1, 65535, 65535)",
                       rt_kernel_label(k).s, grid.x, grid.y, grid.z);
    if (block.x > 1024 || block.y > 1024 || block.z > 64)
        return rt_fail(P2N_ERROR_INVALID_DIM,
                       "kernel %s: block (%u,%u,%u) is over the limits (1024, 1024, 64)",
                       rt_kernel_label(k).s, block.x, block.y, block.z);
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    if (threads > P2N_MAX_BLOCK_THREADS)
        return rt_fail(P2N_ERROR_TOO_MANY_THREADS, "kernel %s: %llu threads per block, at most %u",
                       rt_kernel_label(k).s, (unsigned long long)threads, P2N_MAX_BLOCK_THREADS);
    if (k->maxntid[0]) {
        uint64_t max = (uint64_t)k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1) *
                       (k->maxntid[2] ? k->maxntid[2] : 1);
        if (threads > max)
            return rt_fail(P2N_ERROR_TOO_MANY_THREADS,
                           "kernel %s: %llu threads per block, .maxntid allows %llu",
                           rt_kernel_label(k).s, (unsigned long long)threads,
                           (unsigned long long)max);
    }
    if (k->reqntid[0] &&
        (block.x != k->reqntid[0] || block.y != (k->reqntid[1] ? k->reqntid[1] : 1) ||
         block.z != (k->reqntid[2] ? k->reqntid[2] : 1)))
        return rt_fail(P2N_ERROR_TOO_MANY_THREADS,
                       "kernel %s: block (%u,%u,%u) is not the .reqntid (%u,%u,%u)",
                       rt_kernel_label(k).s, block.x, block.y, block.z, k->reqntid[0],
                       k->reqntid[1], k->reqntid[2]);
    /* every size checked before it is added or multiplied: no sum wraps */
    if (k->static_smem > P2N_MAX_SHARED_BYTES ||
        dyn > P2N_MAX_SHARED_BYTES - (k->static_smem + 15) / 16 * 16)
        return rt_fail(
            P2N_ERROR_SHARED_SIZE,
            "kernel %s: %llu bytes of static and %zu of dynamic shared memory, at most %u in all",
            rt_kernel_label(k).s, (unsigned long long)k->static_smem, dyn, P2N_MAX_SHARED_BYTES);
    if (k->local_bytes > (SIZE_MAX - 15) / ((size_t)P2N_WARP_SIZE * RT_MAX_WARPS))
        return rt_fail(P2N_ERROR_OUT_OF_MEMORY,
                       "kernel %s: %llu bytes of local memory per thread: more than this process "
                       "can address",
                       rt_kernel_label(k).s, (unsigned long long)k->local_bytes);
    return P2N_SUCCESS;
}

/* p2n_launch's checks alone, for a caller that queues the launch and
 * reports a bad configuration at once (the CUDA layer). */
p2n_result
rt_check_launch(const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn)
{
    return check_dims(k, grid, block, dyn);
}

/* The checks of a launch before it runs or is queued. */
p2n_result
rt_check_args(const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn, void **params)
{
    p2n_result r = check_dims(k, grid, block, dyn);
    if (r != P2N_SUCCESS) return r;
    if (k->nparams > 0 && !params)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "kernel %s takes %u parameters but params is null",
                       rt_kernel_label(k).s, k->nparams);
    for (uint32_t i = 0; i < k->nparams; i++)
        if (!params[i])
            return rt_fail(P2N_ERROR_INVALID_VALUE, "kernel %s: params[%u] (%s) is null",
                           rt_kernel_label(k).s, i, k->params[i].name);
    return P2N_SUCCESS;
}

const p2n_kernel_desc *
rt_kernel_find(p2n_module *m, const char *kernel)
{
    for (uint32_t i = 0; i < m->desc->nkernels; i++)
        if (strcmp(m->desc->kernels[i].name, kernel) == 0) return &m->desc->kernels[i];
    rt_fail(P2N_ERROR_NOT_FOUND, "%s has no kernel '%s'", m->path, kernel);
    return NULL;
}

/* Kernel handles are made with the module (module.c) and checked by
 * address (registry.c); this only finds one. */
RT_EXPORT p2n_result
p2n_kernel_get(p2n_kernel **out, p2n_module *m, const char *name)
{
    if (!out || !m || !name)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_kernel_get: null %s",
                       !out ? "kernel pointer"
                       : !m ? "module"
                            : "kernel name");
    *out = NULL;
    if (!rt_module_hold(m))
        return rt_fail(P2N_ERROR_INVALID_VALUE,
                       "p2n_kernel_get: %p is no loaded module (unloaded already?)", (void *)m);
    const p2n_kernel_desc *k = rt_kernel_find(m, name);
    if (k) *out = &m->kernels[k - m->desc->kernels];
    rt_module_release(m);
    return k ? P2N_SUCCESS : P2N_ERROR_NOT_FOUND;
}

p2n_result
rt_launch_ex(p2n_module *m, const char *kernel, p2n_dim3 grid, p2n_dim3 block, size_t dyn,
             void **params, uint64_t grid_workspace)
{
    if (!m || !kernel)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_launch: null %s",
                       m ? "kernel name" : "module");
    if (!rt_module_hold(m))
        return rt_fail(P2N_ERROR_INVALID_VALUE,
                       "p2n_launch: %p is no loaded module (unloaded already?)", (void *)m);
    const p2n_kernel_desc *k = rt_kernel_find(m, kernel);
    p2n_result r =
        k ? rt_launch_desc(m, k, grid, block, dyn, params, grid_workspace) : P2N_ERROR_NOT_FOUND;
    rt_module_release(m);
    return r;
}

/* Runs the grid; the caller holds m. */
p2n_result
rt_launch_desc(p2n_module *m, const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn,
               void **params, uint64_t grid_workspace)
{
    p2n_result r = rt_check_args(k, grid, block, dyn, params);
    if (r != P2N_SUCCESS)
        return r;

    /* the launch and, when small, its parameters on this stack: rt_run
     * returns once no worker uses them */
    rt_job job_here, *job = &job_here;
    memset(job, 0, offsetof(rt_job, message));
    job->message[0] = '\0';
    _Alignas(16) char small[256];
    size_t bytes = ((size_t)k->param_bytes + 16) & ~(size_t)15;
    void *buf = bytes <= sizeof small ? small : aligned_alloc(16, bytes);
    if (!buf)
        return rt_fail(P2N_ERROR_OUT_OF_MEMORY, "p2n_launch: out of memory");
    for (uint32_t i = 0; i < k->nparams; i++)
        memcpy((char *)buf + k->params[i].offset, params[i], k->params[i].size);
    job->mod = m;
    job->k = k;
    job->services = &rt_services;
    job->grid = grid;
    job->block = block;
    job->dynamic_smem = (uint32_t)dyn;
    job->params = buf;
    job->nthreads = block.x * block.y * block.z;
    job->nwarps = (job->nthreads + P2N_WARP_SIZE - 1) / P2N_WARP_SIZE;
    job->ncta = (uint64_t)grid.x * grid.y * grid.z;
    job->grid_workspace = grid_workspace;
    unsigned ms = timeout_ms();
    watchdog wd;
    if (ms > 0 && !watchdog_start(&wd, job, ms)) {
        if (buf != small)
            free(buf);
        return rt_fail(P2N_ERROR_SYSTEM, "p2n_launch: cannot start the watchdog thread");
    }
    r = rt_run(job);
    if (ms > 0)
        watchdog_stop(&wd);
    if (r != P2N_SUCCESS)
        rt_fail(r, "%s", job->message[0] ? job->message : p2n_result_string(r));
    if (buf != small)
        free(buf);
    return r;
}
