/* p2n_abi.h — the contract between the code ptx2native emits and the runtime.
 *
 * The layouts are tables in p2n_abi.def, which lowering/codegen/abi.c expands
 * into the LLVM types it emits and this header into C; the constants are
 * here, and lowering/codegen/abi.c includes this header for them.  A change to
 * either changes the ABI: bump P2N_ABI_VERSION, the one version number
 * (the note, the descriptor and the symbol names below all carry it).
 *
 * A shared object made by ptx2native exports one symbol,
 * P2N_MODULE_SYMBOL, its p2n_module_desc, which p2n_module_load finds with
 * dlsym.  It needs no runtime code of its own: every service (barriers,
 * nanosleep, printf, malloc, errors) is reached through the p2n_services
 * table in the warp it runs, so the object loads with libc and libm alone
 * and the host library owns all scheduling state.
 *
 * An object (-c, also -S and --emit-llvm) holds its descriptor under a
 * symbol of its own, P2N_MODULE_SYMBOL "_" and the module's name (each
 * byte outside [A-Za-z0-9_] made '_'; hidden, so only a static link sees
 * it: two objects of one name do not link), and a constructor that
 * registers it with P2N_REGISTER_FN (a destructor unregisters it with
 * P2N_UNREGISTER_FN), so objects of several PTX files link into one
 * program and p2n_module_get_linked finds each by its name.  An object
 * of another ABI version does not link: those names carry the version.
 */
#ifndef P2N_ABI_H
#define P2N_ABI_H

#include <stdint.h>

#define P2N_ABI_VERSION 10
#define P2N_WARP_SIZE 32
enum { P2N_ROWS_TWO = 1, P2N_ROWS_HALVES = 2 }; /* p2n_warp.rows */
#define P2N_PROFILE_SLOTS 64 /* p2n_profile_desc.counts: a power of two */

#define P2N_ABI_STR_(x) #x
#define P2N_ABI_STR(x) P2N_ABI_STR_(x)
#define P2N_ABI_CAT_(a, b) a##b
#define P2N_ABI_CAT(a, b) P2N_ABI_CAT_(a, b)
#define P2N_MODULE_SYMBOL "p2n_module_v" P2N_ABI_STR(P2N_ABI_VERSION)
#define P2N_REGISTER_FN P2N_ABI_CAT(p2n_module_register_v, P2N_ABI_VERSION)
#define P2N_UNREGISTER_FN P2N_ABI_CAT(p2n_module_unregister_v, P2N_ABI_VERSION)

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

/* The field types of the tables that are arrays, and the size of each
 * kind (p2n_abi.def). */
typedef uint32_t p2n_u32x3[3];
typedef uint32_t p2n_tids[3][P2N_WARP_SIZE];
#define P2N_KIND_SIZE_PTR sizeof(void *)
#define P2N_KIND_SIZE_U32 4
#define P2N_KIND_SIZE_I32 4
#define P2N_KIND_SIZE_U64 8
#define P2N_KIND_SIZE_U32X3 12
#define P2N_KIND_SIZE_TIDS (12 * P2N_WARP_SIZE)

#define P2N_WARP(tag, name, ctype, kind) ctype name;
struct p2n_warp {
#include "p2n_abi.def"
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
    /* a coroutine warp resumed after its wait: the result of the operation
     * it waited in (the service had set w->suspend instead of waiting) */
    P2N_BAR_RESUME = 6,
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

#define P2N_SERVICE(tag, name, ret, params) ret(*name) params;
struct p2n_services {
#include "p2n_abi.def"
};

typedef void (*p2n_kernel_fn)(p2n_warp *w);
/* A P2N_KF_CORO kernel: runs the warp until it suspends or ends and
 * returns its coroutine frame, whose first word is the function that
 * resumes it (the switched-resume ABI of LLVM, which C++20 coroutines
 * share); w->suspend tells which of the two happened. */
typedef void *(*p2n_coro_fn)(p2n_warp *w);
typedef void (*p2n_coro_resume_fn)(void *frame);
/* The CTA loop of a P2N_KF_CORO kernel whose waits are all bar.sync /
 * barrier.sync of the whole CTA outside divergent regions (p2n_kernel_desc.cta;
 * lowering/codegen/ctaloop.c): runs the nwarps warps first .. (each
 * `stride` bytes after the one before) from their start, then, as long as
 * every warp not ended waits at the same barrier, resumes each in turn,
 * with no call into the runtime; *current holds the index of the warp
 * running (for a fault's message).  Returns 0 when every warp ended or one
 * failed (its w->error set); P2N_CTA_LEFT when warps wait at different
 * barriers: each warp's `frame` is then its coroutine frame, or NULL for
 * one that ended, and each waiting warp has arrived at its barrier
 * through p2n_services.barrier (which set w->suspend), for the runtime
 * to schedule them as it does any coroutine warp. */
typedef uint32_t (*p2n_cta_fn)(p2n_warp *first, uint32_t nwarps, uint64_t stride,
                               int32_t *current);
enum { P2N_CTA_LEFT = 1 };

#define P2N_PARAM_DESC(tag, name, ctype, kind) ctype name;
typedef struct p2n_param_desc {
#include "p2n_abi.def"
} p2n_param_desc;

enum { /* p2n_kernel_desc.flags */
    P2N_KF_BARRIER = 1u << 0,   /* uses a CTA barrier: warps run as fibers */
    P2N_KF_NANOSLEEP = 1u << 1, /* uses nanosleep: warps run as fibers */
    /* its waits (barriers, sleeps) are all in the kernel itself: fn is a
     * coroutine (LLVM's switched-resume lowering), p2n_coro_fn, and its
     * warps take turns without fibers */
    P2N_KF_CORO = 1u << 2,
};

#define P2N_KERNEL_DESC(tag, name, ctype, kind) ctype name;
typedef struct p2n_kernel_desc {
#include "p2n_abi.def"
} p2n_kernel_desc;

#define P2N_VAR_DESC(tag, name, ctype, kind) ctype name;
typedef struct p2n_var_desc {
#include "p2n_abi.def"
} p2n_var_desc;

#define P2N_FUNC_DESC(tag, name, ctype, kind) ctype name;
typedef struct p2n_func_desc {
#include "p2n_abi.def"
} p2n_func_desc;

#define P2N_PROFILE_BRANCH(tag, name, ctype, kind) ctype name;
typedef struct p2n_profile_branch {
#include "p2n_abi.def"
} p2n_profile_branch;

#define P2N_PROFILE_DESC(tag, name, ctype, kind) ctype name;
typedef struct p2n_profile_desc {
#include "p2n_abi.def"
} p2n_profile_desc;

#define P2N_MODULE_DESC(tag, name, ctype, kind) ctype name;
typedef struct p2n_module_desc {
#include "p2n_abi.def"
} p2n_module_desc;

/* Every field has the size of its kind: the LLVM types abi.c builds from
 * the kinds then have the C layout. */
#define P2N_ABI_CHECK(s, name, ctype, kind) \
    _Static_assert(sizeof(ctype) == P2N_KIND_SIZE_##kind, #s "." #name ": not the size of " #kind);
#define P2N_WARP(tag, name, ctype, kind) P2N_ABI_CHECK(p2n_warp, name, ctype, kind)
#define P2N_PARAM_DESC(tag, name, ctype, kind) P2N_ABI_CHECK(p2n_param_desc, name, ctype, kind)
#define P2N_KERNEL_DESC(tag, name, ctype, kind) P2N_ABI_CHECK(p2n_kernel_desc, name, ctype, kind)
#define P2N_VAR_DESC(tag, name, ctype, kind) P2N_ABI_CHECK(p2n_var_desc, name, ctype, kind)
#define P2N_FUNC_DESC(tag, name, ctype, kind) P2N_ABI_CHECK(p2n_func_desc, name, ctype, kind)
#define P2N_MODULE_DESC(tag, name, ctype, kind) P2N_ABI_CHECK(p2n_module_desc, name, ctype, kind)
#define P2N_PROFILE_DESC(tag, name, ctype, kind) P2N_ABI_CHECK(p2n_profile_desc, name, ctype, kind)
#define P2N_PROFILE_BRANCH(tag, name, ctype, kind) \
    P2N_ABI_CHECK(p2n_profile_branch, name, ctype, kind)
#include "p2n_abi.def"
#undef P2N_ABI_CHECK

/* What an object's constructor and destructor call (see above). */
void P2N_REGISTER_FN(const p2n_module_desc *desc);
void P2N_UNREGISTER_FN(const p2n_module_desc *desc);

#endif
