/* p2n_abi.h — the contract between the code ptx2native emits and the runtime.
 *
 * A shared object made by ptx2native exports one symbol, P2N_MODULE_SYMBOL,
 * a p2n_module_desc.  It needs no runtime code of its own: every service
 * (barriers, nanosleep, printf, malloc, errors) is reached through the
 * p2n_services table in the warp it runs, so the object loads with libc and
 * libm alone and the host library owns all scheduling state.
 *
 * The lowering builds LLVM struct types that mirror p2n_warp and the
 * descriptors below field by field (lowering/abi.c).  Change both together
 * and bump P2N_ABI_VERSION.
 */
#ifndef P2N_ABI_H
#define P2N_ABI_H

#include <stdint.h>

#define P2N_ABI_VERSION 5
#define P2N_WARP_SIZE 32
#define P2N_MODULE_SYMBOL "p2n_module_v1"

/* Besides the symbol, the object carries an ELF note in the section
 * P2N_NOTE_SECTION (type SHT_NOTE), read by p2n_module_load before anything
 * of the file is mapped or run:
 *     namesz = 11, descsz, type = P2N_NOTE_TYPE, "ptx2native\0" (padded to 12),
 *     desc: uint32_t abi_version (P2N_ABI_VERSION), then the CPU features
 *     the code requires, a NUL-terminated string ("+avx2,+fma", or empty),
 *     padded with NULs to a multiple of 4. */
#define P2N_NOTE_SECTION ".note.ptx2native"
#define P2N_NOTE_NAME "ptx2native"
#define P2N_NOTE_TYPE 1

typedef struct p2n_warp p2n_warp;
typedef struct p2n_services p2n_services;

/* One warp of one CTA, as the runtime hands it to a kernel.  The kernel
 * reads everything above `exited`, and writes `exited` and `error`. */
struct p2n_warp {
    const void *params;         /* kernel parameter buffer (see p2n_param_desc) */
    char *shared;               /* this CTA's shared block: static, then dynamic */
    char *local;                /* lane l's local window: local + l * local_stride */
    uint64_t local_stride;
    const p2n_services *rt;
    void *sched;                /* runtime-private */
    uint32_t tid[3][P2N_WARP_SIZE]; /* %tid.{x,y,z} of each lane */
    uint32_t ntid[3], ctaid[3], nctaid[3];
    uint32_t warpid, nwarpid;   /* warp index in the CTA, warps in the CTA */
    uint32_t mask;              /* lanes that exist (a partial last warp has fewer) */
    uint32_t dynamic_smem, total_smem;
    uint32_t smid, nsmid;       /* worker thread index and count */
    uint32_t param_bytes;       /* size of the parameter buffer */
    uint64_t gridid;
    uint32_t exited;            /* lanes that executed exit; the kernel keeps it current */
    int32_t error;              /* non-zero: a service failed; the kernel returns at once */
    uint64_t stack_top;         /* the kernel's stack pointer, written at entry: the
                                   frames of the .funcs it calls (local memory) lie below */
    uint64_t grid_workspace;    /* a cooperative launch's grid-barrier workspace, read as
                                   %envreg1 (high half) and %envreg2 (low half); else 0 */
    const uint32_t *stop;       /* the launch's watchdog flag, read (atomically, relaxed)
                                   at every loop's head: non-zero, the kernel reports
                                   P2N_KERR_TIMEOUT and returns */
};

/* Barrier operations (p2n_services.barrier `op`). */
enum {
    P2N_BAR_SYNC = 0,   /* bar.sync / barrier.sync: wait for `count` threads */
    P2N_BAR_ARRIVE = 1, /* bar.arrive: count the arrival, do not wait */
    P2N_BAR_RED_POPC = 2,
    P2N_BAR_RED_AND = 3,
    P2N_BAR_RED_OR = 4,
    /* lanes of a divergent warp held at this barrier while the warp's other
     * lanes go to another: count their arrival (and predicate) in the
     * current phase now; when they execute the barrier later, it returns
     * that phase's result once the phase has completed, counting nothing */
    P2N_BAR_EARLY = 5,
};

/* Errors a kernel reports through p2n_services.error (the host API maps them
 * to p2n_result codes). */
enum {
    P2N_KERR_TRAP = 1,          /* trap */
    P2N_KERR_ASSERT = 2,        /* __assertfail */
    P2N_KERR_BRX_RANGE = 3,     /* brx.idx index past its target list */
    P2N_KERR_BAD_FUNCPTR = 4,   /* indirect call through a non-function */
    P2N_KERR_STACK = 5,         /* call depth past the documented limit */
    P2N_KERR_MISALIGNED = 6,
    P2N_KERR_TEXTURE = 7,       /* a texture instruction on a handle that is no object */
    P2N_KERR_SURFACE_RANGE = 8, /* suld/sust.trap out of range */
    P2N_KERR_TIMEOUT = 9,       /* the launch ran past its time limit */
    P2N_KERR_INTERNAL = 10,     /* the translator's own assumption failed */
};

/* The `op` word of p2n_services.texture. */
enum {
    P2N_TEX_TEX = 0, P2N_TEX_TLD4 = 1, P2N_TEX_TXQ = 2, P2N_TEX_SULD = 3, P2N_TEX_SUST = 4,
    P2N_TEX_SUQ = 5,                          /* bits 0-3 */
    P2N_TEXG_1D = 1, P2N_TEXG_2D = 2, P2N_TEXG_3D = 3, P2N_TEXG_A1D = 4,
    P2N_TEXG_A2D = 5, P2N_TEXG_CUBE = 6, P2N_TEXG_ACUBE = 7, /* bits 4-7: geometry */
    /* bits 8-9: tex/tld4 result type (0 f32, 1 s32, 2 u32); suld/sust log2 of
     * the element bytes.  bit 10: tex coordinates are f32 (else s32).
     * bits 12-15: tld4 component (r g b a), txq/suq query (P2N_TXQ_*), or
     * suld/sust out-of-range mode (0 trap, 1 clamp, 2 zero).  bits 16-18:
     * suld/sust vector length. */
    P2N_TXQ_WIDTH = 0, P2N_TXQ_HEIGHT, P2N_TXQ_DEPTH, P2N_TXQ_ARRAY_SIZE, P2N_TXQ_NORMALIZED,
    P2N_TXQ_FILTER, P2N_TXQ_ADDR0, P2N_TXQ_ADDR1, P2N_TXQ_ADDR2, P2N_TXQ_MIPMAPS, P2N_TXQ_SAMPLES,
};

/* Services the runtime gives a running warp.  `lanes` is the mask of lanes
 * taking part; `line` the PTX source line of the instruction. */
struct p2n_services {
    /* Barrier `id` (0..15) for `count` threads (0: the whole CTA).  For the
     * reductions, pred has bit l set when lane l's predicate is true; the
     * result is the CTA-wide reduction (popc count, or 0/1).  A deadlock sets
     * w->error and returns. */
    uint32_t (*barrier)(p2n_warp *w, uint32_t op, uint32_t id, uint32_t count, uint32_t lanes,
                        uint32_t pred, uint32_t line);
    /* Yields the warp (other warps of the CTA run) and sleeps about ns. */
    void (*nanosleep)(p2n_warp *w, uint32_t ns);
    /* Records a kernel error (P2N_KERR_*) and sets w->error. */
    void (*error)(p2n_warp *w, int32_t code, uint32_t lanes, uint32_t line);
    /* CUDA printf: fmt[l] and args[l] for each lane in lanes, printed in lane
     * order, whole lines at a time; ret[l] gets the character count or -1. */
    void (*vprintf)(p2n_warp *w, uint32_t lanes, const char *const *fmt, const void *const *args,
                    int32_t *ret);
    /* Device malloc/free, per lane; memory lives until the module unloads. */
    void (*malloc)(p2n_warp *w, uint32_t lanes, const uint64_t *size, void **out);
    void (*free)(p2n_warp *w, uint32_t lanes, void *const *ptr);
    /* __assertfail(message, file, line, function, charSize) of the first lane. */
    void (*assertfail)(p2n_warp *w, uint32_t lanes, const char *msg, const char *file,
                       uint32_t src_line, const char *func, uint32_t line);
    /* %clock64 and %globaltimer (ns). */
    uint64_t (*clock64)(p2n_warp *w);
    uint64_t (*globaltimer)(p2n_warp *w);
    /* Looks up an indirect-call target: the native entry of the function whose
     * address a lane holds, or NULL (the caller then reports BAD_FUNCPTR). */
    void *(*resolve)(p2n_warp *w, uint64_t addr, const char *signature);
    /* Texture and surface instructions (tex tld4 txq suld sust suq), per lane:
     * op is P2N_TEX_* | geometry << 4 | ... (see runtime/texture.c), handle[l]
     * the object, coord[c][l] the bits of coordinate c (layer first for the
     * array geometries), data[c][l] the results or, for sust, the values. */
    void (*texture)(p2n_warp *w, uint32_t lanes, uint32_t op, const uint64_t *handle,
                    const uint32_t *coord, uint64_t *data, uint32_t line);
};

typedef void (*p2n_kernel_fn)(p2n_warp *w);

typedef struct p2n_param_desc {
    const char *name;
    uint32_t offset, size, align; /* in the parameter buffer */
} p2n_param_desc;

enum { /* p2n_kernel_desc.flags */
    P2N_KF_BARRIER = 1u << 0,   /* uses a CTA barrier: warps run as fibers */
    P2N_KF_NANOSLEEP = 1u << 1, /* uses nanosleep: warps run as fibers */
};

typedef struct p2n_kernel_desc {
    const char *name;
    p2n_kernel_fn fn;
    uint32_t nparams;
    const p2n_param_desc *params;
    uint32_t param_bytes;
    uint64_t static_smem;   /* bytes of the .shared variables this kernel can reach
                               (module layout); dynamic follows, aligned 16 */
    uint64_t local_bytes;   /* per lane */
    uint32_t flags;
    uint32_t maxntid[3], reqntid[3]; /* 0: not given */
    uint32_t ptx_line;      /* line of the .entry, for messages */
    uint64_t stack_bytes;   /* native stack a warp needs, a bound (0: default) */
} p2n_kernel_desc;

typedef struct p2n_var_desc { /* .global and .const variables the host can reach */
    const char *name;
    void *addr;
    uint64_t bytes;
    uint32_t space; /* 0 global, 1 const */
} p2n_var_desc;

typedef struct p2n_func_desc { /* functions whose address may be taken */
    const char *name;
    void *fn;
    const char *signature; /* canonical parameter and return types, e.g. "(b32)(b32,b64)" */
} p2n_func_desc;

typedef struct p2n_module_desc {
    uint32_t abi_version; /* P2N_ABI_VERSION */
    uint32_t nkernels;
    const p2n_kernel_desc *kernels;
    uint32_t nvars;
    const p2n_var_desc *vars;
    uint32_t nfuncs;
    const p2n_func_desc *funcs;
    const char *source;   /* PTX file name as given, for messages */
} p2n_module_desc;

#endif
