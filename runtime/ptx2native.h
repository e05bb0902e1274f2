/* ptx2native.h — load and launch kernels that ptx2native translated.
 *
 * Shaped like the CUDA driver API:
 *
 *     p2n_module *mod;
 *     if (p2n_module_load(&mod, "saxpy.so") != P2N_SUCCESS) ...
 *     void *params[] = {&n, &a, &x, &y};
 *     p2n_result r = p2n_launch(mod, "saxpy", grid, block, 0, params);
 *     if (r != P2N_SUCCESS) fprintf(stderr, "%s\n", p2n_error_message());
 *     p2n_module_unload(mod);
 *
 * Every call returns an error code; nothing here exits or aborts the host
 * process, whatever the kernel does.  See docs/api.md.
 *
 * Hot loops look a kernel up once and launch it through its handle;
 * streams run launches in order, asynchronously to the host:
 *
 *     p2n_kernel *k;
 *     p2n_stream *s;
 *     p2n_kernel_get(&k, mod, "saxpy");
 *     p2n_stream_create(&s, 0);
 *     p2n_launch_kernel_async(k, grid, block, 0, s, params);
 *     ...host work...
 *     r = p2n_stream_synchronize(s);   (the launch's error, if any)
 */
#ifndef PTX2NATIVE_H
#define PTX2NATIVE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct p2n_module p2n_module;
typedef struct p2n_kernel p2n_kernel; /* a kernel of a loaded module (p2n_kernel_get) */
typedef struct p2n_stream p2n_stream; /* an in-order queue of work; NULL: the default stream */
typedef struct p2n_event p2n_event;   /* a point in a stream's work */

typedef struct {
    unsigned x, y, z;
} p2n_dim3;

typedef enum {
    P2N_SUCCESS = 0,
    P2N_ERROR_INVALID_VALUE = 1,   /* a null or otherwise invalid argument */
    P2N_ERROR_LOAD = 2,            /* the file could not be loaded (dlopen) */
    P2N_ERROR_INVALID_MODULE = 3,  /* not made by ptx2native, or another ABI version */
    P2N_ERROR_NOT_FOUND = 4,       /* no kernel or variable of that name */
    P2N_ERROR_INVALID_DIM = 5,     /* a zero or too-large grid or block dimension */
    P2N_ERROR_TOO_MANY_THREADS = 6, /* block over 1024 threads, .maxntid or .reqntid */
    P2N_ERROR_SHARED_SIZE = 7,     /* shared memory over P2N_MAX_SHARED_BYTES */
    P2N_ERROR_OUT_OF_MEMORY = 8,
    P2N_ERROR_TRAP = 9,            /* the kernel executed trap */
    P2N_ERROR_ASSERT = 10,         /* a device-side assert failed */
    P2N_ERROR_DEADLOCK = 11,       /* a barrier that can never complete */
    P2N_ERROR_BRANCH_RANGE = 12,   /* brx.idx index past its target list */
    P2N_ERROR_BAD_FUNCTION = 13,   /* indirect call through a non-function */
    P2N_ERROR_STACK_OVERFLOW = 14, /* call depth past the limit, or the warp's stack full */
    P2N_ERROR_SYSTEM = 15,         /* threads or memory could not be had from the OS */
    P2N_ERROR_MISALIGNED = 16,     /* misaligned access the kernel reported */
    P2N_ERROR_ILLEGAL_ADDRESS = 17, /* the kernel touched memory it may not (a fault) */
    P2N_ERROR_ARITHMETIC = 18,     /* SIGFPE in a kernel (the host enabled FP traps) */
    P2N_ERROR_ILLEGAL_INSTRUCTION = 19, /* SIGILL in a kernel */
    P2N_ERROR_TIMEOUT = 20,        /* the launch ran past p2n_set_launch_timeout's limit */
    P2N_ERROR_UNSUPPORTED_CPU = 21, /* the module needs CPU features this CPU lacks */
    P2N_ERROR_NOT_READY = 22,      /* a stream or event query: work still to do */
} p2n_result;

/* Most shared memory (static + dynamic) one CTA may use: 228 KiB, as the
 * largest NVIDIA GPUs allow. */
#define P2N_MAX_SHARED_BYTES (228u * 1024u)
#define P2N_MAX_BLOCK_THREADS 1024u

p2n_result p2n_module_load(p2n_module **mod, const char *path); /* a .so from ptx2native */
/* The same from memory: image holds size bytes of a shared object made by
 * ptx2native (p2n_translate, ptx2native_translate.h); the caller may free
 * it once this returns. */
p2n_result p2n_module_load_data(p2n_module **mod, const void *image, size_t size);
/* The module of an object made with ptx2native -c and linked into this
 * program (or a library it loaded), by its name: its first PTX file's
 * name without directory and extension.  NOT_FOUND: no such object. */
p2n_result p2n_module_get_linked(p2n_module **mod, const char *name);
p2n_result p2n_launch(p2n_module *mod, const char *kernel, p2n_dim3 grid, p2n_dim3 block,
                      size_t dynamic_shared_bytes,
                      void **params); /* params[i] points at the i-th .param value */
p2n_result p2n_module_global(p2n_module *mod, const char *name, void **addr,
                             size_t *bytes); /* .global/.const variables */
p2n_result p2n_module_unload(p2n_module *mod); /* INVALID_VALUE: not a loaded module */
const char *p2n_result_string(p2n_result r);

/* A handle of kernel `name` of mod, valid while mod is loaded: launches
 * through it skip the lookup by name.  A handle of an unloaded module is
 * refused (INVALID_VALUE), never used. */
p2n_result p2n_kernel_get(p2n_kernel **k, p2n_module *mod, const char *name);
/* p2n_launch through a handle. */
p2n_result p2n_launch_kernel(p2n_kernel *k, p2n_dim3 grid, p2n_dim3 block,
                             size_t dynamic_shared_bytes, void **params);

/* Streams (docs/api.md, "Streams and events").  A launch on a stream is
 * checked and its parameter values copied at once (errors of the call
 * itself are returned then); it runs after the stream's earlier work,
 * while the host goes on.  An error while it runs is kept by the stream
 * and returned by the next p2n_stream_synchronize (or p2n_stream_query,
 * p2n_synchronize).  The default stream (NULL) is CUDA's legacy default
 * stream: its work waits for the work queued on every blocking stream,
 * runs in the calling thread and returns its own result; p2n_launch and
 * p2n_launch_kernel launch on it. */
#define P2N_STREAM_NON_BLOCKING 1u  /* the default stream does not wait for it */
#define P2N_EVENT_DISABLE_TIMING 2u /* the event takes no time stamp */
p2n_result p2n_stream_create(p2n_stream **s, unsigned flags); /* flags 0 or NON_BLOCKING */
/* Waits for the stream's work, then frees it; returns its unreported error. */
p2n_result p2n_stream_destroy(p2n_stream *s);
p2n_result p2n_stream_synchronize(p2n_stream *s);
p2n_result p2n_stream_query(p2n_stream *s); /* NOT_READY while work is left */
/* Work queued on s after this waits for the event's latest record. */
p2n_result p2n_stream_wait_event(p2n_stream *s, p2n_event *e);
p2n_result p2n_synchronize(void); /* every stream */
p2n_result p2n_launch_async(p2n_module *mod, const char *kernel, p2n_dim3 grid, p2n_dim3 block,
                            size_t dynamic_shared_bytes, p2n_stream *s, void **params);
p2n_result p2n_launch_kernel_async(p2n_kernel *k, p2n_dim3 grid, p2n_dim3 block,
                                   size_t dynamic_shared_bytes, p2n_stream *s, void **params);

p2n_result p2n_event_create(p2n_event **e, unsigned flags); /* flags 0 or DISABLE_TIMING */
/* Frees the event; records and waits already queued still complete. */
p2n_result p2n_event_destroy(p2n_event *e);
/* The event completes when the stream's work queued before it is done. */
p2n_result p2n_event_record(p2n_event *e, p2n_stream *s);
/* Waits for the latest record; returns the error its stream held then. */
p2n_result p2n_event_synchronize(p2n_event *e);
p2n_result p2n_event_query(p2n_event *e); /* NOT_READY until it completes */
/* Milliseconds from start's completion to end's (both recorded, complete,
 * with timing). */
p2n_result p2n_event_elapsed_ms(float *ms, p2n_event *start, p2n_event *end);

/* The message of the last failing call made by this thread: names the
 * kernel, the CTA and the PTX line where there is one. */
const char *p2n_error_message(void);

/* Worker threads for CTAs (default: P2N_NUM_THREADS, else the online CPUs).
 * Takes effect for launches that start after it. */
p2n_result p2n_set_num_threads(unsigned n);

/* The native stack of each warp, in bytes (64 KiB to 1 TiB), for launches
 * that start after it; 0: the default, each kernel's need as the translator
 * recorded it, at least 8 MiB (P2N_STACK_SIZE sets the size as this call
 * does).  Memory is taken only as the stack is used.  A kernel that
 * overflows it fails the launch with P2N_ERROR_STACK_OVERFLOW. */
p2n_result p2n_set_stack_size(size_t bytes);

/* A launch that runs longer than ms milliseconds fails with
 * P2N_ERROR_TIMEOUT (0: no limit, the default unless the environment
 * variable P2N_LAUNCH_TIMEOUT_MS gives one).  For launches that start
 * after it, from any thread. */
p2n_result p2n_set_launch_timeout(unsigned ms);

/* Texture and surface objects (docs/api.md): a p2n_texture is the 64-bit
 * value a kernel takes where CUDA passes a cudaTextureObject_t or
 * cudaSurfaceObject_t.  The object describes memory the caller owns and
 * keeps alive while kernels use it: 1D linear memory (width elements),
 * 2D pitched memory (width x height, `pitch` bytes a row), 3D memory
 * (depth slices of `slice_pitch` bytes), layered memory (`layers`
 * layers of a 1D or 2D texture, `slice_pitch` bytes apart), or cube maps
 * (a 2D square layered texture whose layers are the faces +x -x +y -y +z
 * -z of one cube, or of `layers` / 6 cubes). */
typedef unsigned long long p2n_texture;

typedef enum {
    P2N_FORMAT_U8, P2N_FORMAT_S8, P2N_FORMAT_U16, P2N_FORMAT_S16,
    P2N_FORMAT_U32, P2N_FORMAT_S32, P2N_FORMAT_F16, P2N_FORMAT_F32,
} p2n_format;

typedef enum {
    P2N_ADDRESS_WRAP, P2N_ADDRESS_CLAMP, P2N_ADDRESS_MIRROR, P2N_ADDRESS_BORDER,
} p2n_address_mode;

typedef enum { P2N_FILTER_POINT, P2N_FILTER_LINEAR } p2n_filter_mode;

typedef struct p2n_texture_desc {
    void *data;
    unsigned dims;         /* 1, 2 or 3 (3: not layered) */
    size_t width, height, depth; /* elements; unused dimensions 0 or 1 */
    unsigned layers;       /* 0: not layered; else the layer count (dims 1 or 2) */
    size_t pitch;          /* bytes from row to row (0: width elements) */
    size_t slice_pitch;    /* bytes from slice or layer to the next (0: pitch * height) */
    p2n_format format;
    unsigned channels;     /* 1, 2 or 4 */
    /* textures only (surfaces ignore them): */
    int normalized_float;  /* 8- and 16-bit integers read as floats in [0,1] or [-1,1] */
    int normalized_coords; /* coordinates in [0,1) rather than [0,N) */
    p2n_address_mode address[3];
    p2n_filter_mode filter;
    float border[4];       /* the border colour */
    int cubemap;           /* textures: the layers (a multiple of 6) are cube faces */
} p2n_texture_desc;

p2n_result p2n_tex_create(p2n_texture *tex, const p2n_texture_desc *desc);
p2n_result p2n_surf_create(p2n_texture *surf, const p2n_texture_desc *desc);
void p2n_tex_destroy(p2n_texture tex); /* a texture or a surface; 0 is ignored */

#ifdef __cplusplus
}
#endif

#endif
