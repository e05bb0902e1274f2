/* rt.h — the runtime's internals.  Nothing here is public;
 * runtime/ptx2native.h is the API.  The files, each calling only those
 * below it (test/cli/layers.sh):
 *     stream.c               the API: streams, events, launches
 *     module.c launch.c      the API: modules; launch checks, kernel
 *                            handles and the launch settings
 *     services.c             what kernels ask of the runtime
 *     sched.c texture.c      the worker threads and CTAs; texture objects
 *     fault.c pool.c         the fault handlers, alternate signal stacks;
 *                            launches open to the workers, their claims
 *     fiber.c lines.c        warp stacks; line tables for messages
 *     registry.c             the process's modules
 *     profile.c              --profile counts, written at exit (P2N_PROFILE)
 *     error.c                p2n_error_message */
#ifndef RT_H
#define RT_H

#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "p2n_abi.h"
#include "ptx2native.h"

#define RT_EXPORT __attribute__((visibility("default")))
#define RT_MAX_WARPS (P2N_MAX_BLOCK_THREADS / P2N_WARP_SIZE)
#define RT_NBARRIERS 16

/* ------------------------------------------------------------- fault.c */

/* What a thread's fault handler does: while jmp is set (sched.c, around
 * the CTAs the thread runs), a fault jumps there with RT_JUMP_FAULT after
 * noting the signal, the address, the faulting code and the return
 * address in its frame (0 when unknown); else it goes to the handler
 * installed before. */
typedef struct rt_fault {
    sigjmp_buf *jmp;
    void *addr, *pc;
    uintptr_t ret;
    int sig;
} rt_fault;
enum { RT_JUMP_FAULT = 1, RT_JUMP_ABANDON = 2 }; /* ABANDON: sched.c's own jump */
extern _Thread_local rt_fault rt_fault_here;
void rt_faults_catch(void); /* installs the handlers (once) */
/* Gives the thread the alternate signal stack *mem (allocated the first
 * time) unless it has one; true when it did. */
bool rt_altstack_enter(void **mem);
/* The thread ends: takes mem away if it is its alternate stack; frees it. */
void rt_altstack_free(void *mem);
/* After a jump to here (a frame on stack f) under ASan: clears what the
 * frames it abandoned below here left poisoned; nothing otherwise. */
typedef struct rt_fiber rt_fiber;
void rt_fault_unpoison(const rt_fiber *f, const void *here);

/* ------------------------------------------------------------- fiber.c */

typedef struct rt_fiber {
    void *sp;     /* saved stack pointer (or ucontext, see fiber.c) */
    void *stack;  /* mmap'd: RT_STACK_GUARD bytes of guard, then size bytes */
    size_t size;
    void *impl;   /* ucontext fallback */
} rt_fiber;

/* Inaccessible bytes below every fiber stack: more than a page, so code
 * that skips a few bytes of its frame (runtime C code, built without stack
 * probes) still faults in it. */
#define RT_STACK_GUARD ((size_t)64 * 1024)

/* Prepares f to run fn(arg) on its own stack the first time it is switched
 * to; fn must never return (it switches away for good). */
int rt_fiber_init(rt_fiber *f, size_t stack_size, void (*fn)(void *), void *arg);
void rt_fiber_switch(rt_fiber *from, rt_fiber *to);
void rt_fiber_free(rt_fiber *f);
/* A suspended fiber resumes with this thread's floating-point controls. */
void rt_fiber_take_fp(rt_fiber *f);
/* True when addr is in f's guard: a fault there is a stack overflow. */
bool rt_fiber_in_guard(const rt_fiber *f, const void *addr);
/* The size of the stacks kernel k runs on (the setting, or its need);
 * rt_set_stack_size sets it: 0 the default, else 64 KiB to 1 TiB. */
size_t rt_stack_size(const p2n_kernel_desc *k);
p2n_result rt_set_stack_size(size_t bytes);

/* ----------------------------------------------------------- profile.c */

/* A module of descriptor d was loaded, or is unloaded: a profiled one's
 * counts go to the P2N_PROFILE file at its last unload or at exit. */
void rt_profile_attach(const p2n_module_desc *d);
void rt_profile_detach(const p2n_module_desc *d);
/* CLOCK_MONOTONIC in ns; a launch of kernel k of d that began at start
 * (rt_profile_clock) ended now. */
uint64_t rt_profile_clock(void);
void rt_profile_launch(const p2n_module_desc *d, const p2n_kernel_desc *k, uint64_t start);

/* ------------------------------------------------------------ error.c */

/* Set the message p2n_error_message returns; rt_fail returns r. */
void rt_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
p2n_result rt_fail(p2n_result r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* How messages name kernel k: 'NAME', and for a mangled C++ name the
 * demangled one beside it: '_Z4kernPfi' (kern(float*, int)).  A struct,
 * so rt_kernel_label(k).s can be an argument of a message. */
typedef struct {
    char s[1040];
} rt_label;
rt_label rt_kernel_label(const p2n_kernel_desc *k);

/* --------------------------------------------------------- registry.c */

struct p2n_module {
    void *handle; /* dlopen's, or NULL: an object linked into the program */
    const p2n_module_desc *desc;
    char *path;
    int image_fd; /* p2n_module_load_data: the memory file behind handle, or -1 */
    pthread_mutex_t heap_lock; /* device malloc */
    void **heap;
    size_t nheap, capheap;
    struct p2n_kernel *kernels; /* [desc->nkernels]: the handles p2n_kernel_get gives */
    unsigned holds; /* launches using it (rt_module_hold); under the registry lock */
    struct p2n_module *next_loaded;
};

/* A kernel handle (p2n_kernel_get): one per kernel of a loaded module,
 * freed with it. */
struct p2n_kernel {
    p2n_module *mod;
    const p2n_kernel_desc *k;
};

/* Every loaded module, for indirect calls across modules. */
void rt_registry_add(p2n_module *m);
/* Takes m out of the registry, then waits until no launch holds it;
 * false when it was not there. */
bool rt_registry_remove(p2n_module *m);
bool rt_module_live(const p2n_module *m);
/* Keeps a loaded module from being unloaded until rt_module_release:
 * false (and nothing held) when m is no loaded module. */
bool rt_module_hold(p2n_module *m);
/* The same for the module of kernel handle kern: its module, or NULL when
 * kern is no handle of a loaded module (checked without reading it). */
p2n_module *rt_kernel_hold(const p2n_kernel *kern);
void rt_module_release(p2n_module *m);
void *rt_registry_resolve(uint64_t addr, const char *signature);
/* The descriptor of the object named name linked into the program; else
 * an error (rt_fail). */
p2n_result rt_linked_find(const char *name, const p2n_module_desc **out);

/* ----------------------------------------------------------- launch.c */

p2n_result rt_check_launch(const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn);
/* A launch's checks before it is queued: the configuration, and params
 * (every parameter's pointer given). */
p2n_result rt_check_args(const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn,
                         void **params);
/* The kernel of that name in loaded module mod (the caller holds mod);
 * else NULL and the NOT_FOUND message. */
const p2n_kernel_desc *rt_kernel_find(p2n_module *mod, const char *kernel);
/* A launch by name, in the calling thread, ignoring streams, with a grid
 * workspace (cooperative launches: the caller gives zeroed memory and puts
 * at most rt_pool_threads() CTAs in the grid). */
p2n_result rt_launch_ex(p2n_module *mod, const char *kernel, p2n_dim3 grid, p2n_dim3 block,
                        size_t dyn, void **params, uint64_t grid_workspace);
/* The same for kernel k of mod, which the caller holds. */
p2n_result rt_launch_desc(p2n_module *mod, const p2n_kernel_desc *k, p2n_dim3 grid,
                          p2n_dim3 block, size_t dyn, void **params, uint64_t grid_workspace);

/* ----------------------------------------------------------- stream.c */

/* What the CUDA layer builds its streams on (the default stream is NULL;
 * p2n_stream_destroy, the event calls and p2n_stream_query serve both). */
p2n_result rt_stream_create(p2n_stream **out, unsigned flags); /* flags unchecked */
bool rt_stream_valid(p2n_stream *s);                           /* NULL: true */
unsigned rt_stream_flags(p2n_stream *s);
/* A host function run in stream order: fn(s, data), s NULL on the default
 * stream; data is malloc'ed and freed after fn ran (or when the
 * submission fails).  fn's error becomes the stream's unreported error.
 * On the default stream fn runs now and its result is returned. */
typedef p2n_result (*rt_stream_fn)(p2n_stream *s, void *data);
p2n_result rt_stream_submit(p2n_stream *s, rt_stream_fn fn, void *data);
/* Waits for s's work (NULL: the default stream's rule), leaving its error;
 * false when s is no stream. */
bool rt_stream_wait(p2n_stream *s);
void rt_streams_wait_all(void);

/* ------------------------------------------------------------ sched.c */

/* A thread's contiguous share of a launch's CTAs, in units: the first
 * (low 32 bits) and the end (high 32), alone on its cache line. */
typedef struct rt_share {
    _Alignas(64) uint64_t range;
} rt_share;

typedef struct rt_claims {
    rt_share *shares; /* [nshares]: the launching thread's first, then worker i's */
    unsigned nshares;
    uint64_t unit;  /* CTAs a unit (1 below 2^32 CTAs) */
    uint64_t chunk; /* units a thread takes from its own share at a time */
} rt_claims;

/* One launch: on the launching thread's stack (launch.c). */
typedef struct rt_job {
    p2n_module *mod;
    const p2n_kernel_desc *k;
    const p2n_services *services; /* what the warps get as p2n_warp.rt */
    p2n_dim3 grid, block;
    uint32_t dynamic_smem;
    void *params;
    uint32_t nwarps, nthreads;
    uint64_t ncta;
    rt_claims claims;
    rt_share alone;       /* the one share of a launch the launching thread runs alone */
    struct rt_slot *slot; /* where it is open to the workers (pool.c); NULL: alone */
    uint64_t gridid;
    uint64_t grid_workspace; /* p2n_warp.grid_workspace: cooperative launches */
    uint32_t stop; /* p2n_warp.stop: set (atomically) by the launch's watchdog */
    p2n_warp *templ; /* [nwarps]: the fields every CTA shares (tid, mask, ...) */
    /* the first error wins */
    pthread_mutex_t lock;
    p2n_result error;
    char message[512];
} rt_job;

p2n_result rt_run(rt_job *job); /* runs the grid on the pool; synchronous */
int rt_pool_resize(unsigned n); /* starts workers up to n threads in all */
void rt_job_error(rt_job *job, p2n_result code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The scheduling services (p2n_services.barrier, .nanosleep). */
uint32_t rt_svc_barrier(p2n_warp *w, uint32_t op, uint32_t id, uint32_t count, uint32_t lanes,
                        uint32_t pred, uint32_t line);
void rt_svc_nanosleep(p2n_warp *w, uint32_t ns);
void *rt_svc_frame(p2n_warp *w, uint64_t bytes);

/* What a warp's sched pointer leads to. */
typedef struct rt_warp_state rt_warp_state;
rt_job *rt_warp_job(p2n_warp *w);

/* ------------------------------------------------------------- pool.c */

/* Opens job to the workers when it has more than one CTA and the
 * pool has workers, with one share of its CTAs per thread; else gives it
 * one share for the launching thread.  -1: no memory. */
int rt_pool_open(rt_job *job);
/* Closes job to the workers and waits for those attached to leave it. */
void rt_pool_close(rt_job *job);
/* CTAs [*first, *end) of job for the thread of share self (the launching
 * thread 0, worker i i): from its own share, else stolen; false when none
 * is left or the launch failed. */
bool rt_claim(rt_job *job, unsigned self, uint64_t *first, uint64_t *end);
/* A worker's wait for work: the next open launch with CTAs left, which
 * worker self (its share) is counted into (its slot in *slot, for
 * rt_pool_detach); seen is the worker's own memory of the launches it saw
 * open. */
#define RT_POOL_SLOTS 64
typedef struct rt_pool_seen {
    unsigned gen[RT_POOL_SLOTS];
    uint64_t since[RT_POOL_SLOTS];
} rt_pool_seen;
rt_job *rt_pool_next(rt_pool_seen *seen, unsigned self, unsigned *slot);
void rt_pool_detach(unsigned slot);
/* The pool's threads: its workers plus one, the launching thread. */
unsigned rt_pool_threads(void);
void rt_pool_set_workers(unsigned n);

/* ---------------------------------------------------------- services.c */

extern const p2n_services rt_services;
void rt_module_heap_free(p2n_module *m);

/* ----------------------------------------------------------- texture.c */

/* p2n_services.texture */
void rt_svc_texture(p2n_warp *w, uint32_t lanes, uint32_t op, const uint64_t *handle,
                    const uint32_t *coord, uint64_t *data, uint32_t line);

/* ------------------------------------------------------------- lines.c */

/* A row of a module's line table: the file as the table names it, line,
 * column and discriminator (with -g, the PTX line of a row naming the
 * CUDA source). */
typedef struct rt_line {
    const char *file;
    unsigned line, column, discriminator;
    char file_buf[512];
} rt_line;

/* The row covering code address addr (an offset from the load base) of
 * the ELF file at path; 0 when the file has no table or no row covers it.
 * Reads the file: for error messages, not for hot paths. */
int rt_line_lookup(const char *path, uint64_t addr, rt_line *out);

/* " (kern.cu:17)" into buf when the module holding code (a kernel's
 * function) was translated with -g and has a row of PTX line ptx_line
 * naming the program's own source, else "". */
void rt_source_of_ptx_line(const void *code, unsigned ptx_line, char *buf, size_t size);

#endif
