/* core.h — the CUDA layer's internal core, shared by the runtime API
 * (cudart.c, libcudart.so.12/.13) and the driver API (driver.c,
 * libcuda.so.1): modules translated from PTX, kernels and variables,
 * memory bookkeeping, streams and events, errors.  It lives in
 * libcuda.so.1; libcudart links against it.  Nothing here is public. */
#ifndef CU_CORE_H
#define CU_CORE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda_abi.h"
#include "p2n_abi.h"
#include "ptx2native.h"

#define CU_EXPORT __attribute__((visibility("default")))

/* The PTX architecture we pick from a fatbinary: the newest one not above
 * this (sm_XY as XY*10+...: the fatbin's own numbering, 80 for sm_80). */
#define CU_MAX_PTX_ARCH 90

/* ------------------------------------------------------------ fatbin.c */

/* One PTX text found in a fatbinary (decompressed, NUL-terminated). */
typedef struct {
    char *text;
    size_t len;
    unsigned arch;
} cu_ptx;

/* Finds the PTX for the newest architecture not above CU_MAX_PTX_ARCH in
 * the fatbinary at data (the wrapper's data pointer: one fatbin header, or
 * several back to back up to `limit` bytes, 0 meaning the first's size).
 * Returns 0 and fills *out (text malloc'ed), or -1 with a message in err. */
int cu_fatbin_ptx(const void *data, size_t limit, cu_ptx *out, char *err, size_t errlen);
/* Every fatbinary in an ELF executable's .nv_fatbin section: calls fn on
 * each PTX chosen as above.  Returns the number found, or -1 (err). */
int cu_elf_fatbins(const char *path, int (*fn)(void *user, cu_ptx *ptx), void *user, char *err,
                   size_t errlen);

/* ------------------------------------------------------------- core.c */

typedef struct cu_module cu_module;

typedef struct cu_kernel { /* cudaKernel_t / cudaFunction_t / CUfunction */
    cu_module *m;
    const void *host_fn; /* the host stub (runtime registration), or NULL */
    char *name;
    const p2n_kernel_desc *k; /* once the module is loaded */
    int max_dynamic_smem;     /* cudaFuncAttributeMaxDynamicSharedMemorySize */
    struct cu_kernel *next;
} cu_kernel;

typedef struct cu_var { /* __device__, __constant__, __managed__ variables */
    cu_module *m;
    const void *host_addr; /* the host shadow (registration key) */
    void **managed_ptr;    /* __managed__: where the host code reads the address */
    char *name;
    size_t size;
    void *dev; /* once loaded */
    struct cu_var *next;
} cu_var;

struct cu_module {
    char **ptx; /* until translated: the inputs, linked together (-rdc) */
    size_t *ptx_len;
    int nptx;
    p2n_module *mod;
    int state; /* 0 not yet loaded, 1 loaded, -1 failed (error) */
    int error;
    bool from_aot; /* the executable's .kernels.so */
    struct cu_module *next;
};

/* One lock for the registry, modules and bookkeeping. */
void cu_lock(void);
void cu_unlock(void);

/* A module from PTX text (copied) or from a ptx2native shared object in
 * memory (cuModuleLoadData of a module image).  Loads lazily. */
cu_module *cu_module_new_ptx(const char *ptx, size_t len);
int cu_module_add_ptx(cu_module *m, const char *ptx, size_t len); /* another input; 0 or -1 */
/* Translates (or takes from the cache) and loads m; resolves its kernels
 * and variables.  Returns 0 or a cudaError code; thread-safe. */
int cu_module_load(cu_module *m);
/* A module loaded from a file or an image (a .so from ptx2native, or PTX). */
int cu_module_from_image(cu_module **out, const void *image, size_t size);
int cu_module_from_file(cu_module **out, const char *path);
void cu_module_unload(cu_module *m);

cu_kernel *cu_kernel_add(cu_module *m, const void *host_fn, const char *name);
cu_kernel *cu_kernel_by_host(const void *host_fn);
cu_kernel *cu_kernel_by_name(cu_module *m, const char *name); /* loads m */
cu_var *cu_var_add(cu_module *m, const void *host_addr, const char *name, size_t size);
/* The variable for a host shadow address, loaded; NULL if none. */
cu_var *cu_var_by_host(const void *host_addr, int *err);
int cu_var_by_name(cu_module *m, const char *name, void **addr, size_t *size);

/* The kernel's module loaded and its descriptor resolved: 0 or an error. */
int cu_kernel_ready(cu_kernel *f);

/* Errors: a p2n_result as a cudaError code; names and texts. */
int cu_error_from_p2n(p2n_result r);
const char *cu_error_name(int e);
const char *cu_error_string(int e);
/* Says once on stderr that fn is not supported; returns cudaErrorNotSupported. */
int cu_unsupported(const char *fn, int *once);
bool cu_verbose(void);

/* The sticky error of the device: a kernel's fault, kept until reset. */
int cu_sticky_error(void);
/* driver.c: the runtime API has started: the driver is initialised and the
 * primary context current in this thread (idempotent). */
void cu_runtime_started(void);
void cu_set_sticky(int e);
void cu_reset(void);

/* ----------------------------------------------------------- memory */

void *cu_alloc(size_t size, int type); /* p2n_cudaMemoryType*; NULL: no memory */
void *cu_alloc_flags(size_t size, int type, unsigned flags);
int cu_ptr_flags(const void *p, unsigned *flags); /* 1 and *flags for an allocation's start */
int cu_free(void *p); /* 0, or cudaErrorInvalidValue for an unknown pointer */
int cu_ptr_type(const void *p, void **base,
                size_t *size); /* cudaMemoryType, Unregistered if none */
void cu_mem_info(size_t *free_bytes, size_t *total);

/* ---------------------------------------------------------- stream.c */

typedef struct cu_launch {
    cu_kernel *f;
    p2n_dim3 grid, block;
    size_t smem;
    void **args; /* params[i] points at the i-th parameter value */
    bool cooperative; /* gets a grid workspace (grid.sync()) */
} cu_launch;

/* The stream a handle means (NULL and the legacy/per-thread handles are
 * the default stream, which runs work synchronously). */
typedef struct p2n_stream cu_stream;
int cu_stream_create(cu_stream **out, unsigned flags);
int cu_stream_destroy(cu_stream *s);
unsigned cu_stream_flags(cu_stream *s);
int cu_stream_sync(cu_stream *s);
int cu_stream_query(cu_stream *s);
int cu_device_sync(void);
bool cu_stream_valid(cu_stream *s);

int cu_launch_kernel(cu_stream *s, const cu_launch *l);
int cu_memcpy(cu_stream *s, void *dst, const void *src, size_t n, bool async);
int cu_memcpy2d(cu_stream *s, void *dst, size_t dpitch, const void *src, size_t spitch,
                size_t width, size_t height, bool async);
int cu_memset(cu_stream *s, void *dst, int value, size_t elem, size_t n,
              bool async); /* elem 1, 2 or 4 */
int cu_host_func(cu_stream *s, void (*fn)(void *), void *data);
/* cudaStreamAddCallback: fn(stream, status, data). */
int cu_stream_callback(cu_stream *s, void (*fn)(cu_stream *, int, void *), void *data);

typedef struct p2n_event cu_event;
int cu_event_create(cu_event **out, unsigned flags);
int cu_event_destroy(cu_event *e);
int cu_event_record(cu_event *e, cu_stream *s);
int cu_event_sync(cu_event *e);
int cu_event_query(cu_event *e);
int cu_event_elapsed(float *ms, cu_event *a, cu_event *b);
int cu_stream_wait_event(cu_stream *s, cu_event *e);

/* Worker threads = multiprocessors. */
unsigned cu_num_sms(void);

/* ------------------------------------------------------------ array.c */

/* A CUDA array (cudaArray_t, CUarray): host memory, rows of `width`
 * elements without padding, max(height, 1) rows a slice, max(depth, 1)
 * slices (3D depth, layers, or cube faces). */
typedef struct cu_array {
    uint32_t magic;
    p2n_format format;
    unsigned channels;
    size_t elem;                 /* bytes of one element */
    size_t width, height, depth; /* the extent as created (0: unused) */
    unsigned flags;              /* p2n_cudaArray* */
    size_t pitch, slice_pitch;   /* bytes */
    char *data;
    struct cu_array *next;
} cu_array;

/* 0 or a cudaError code (cudaErrorInvalidValue for a shape CUDA refuses). */
int cu_array_create(cu_array **out, p2n_format f, unsigned channels, size_t w, size_t h, size_t d,
                    unsigned flags);
int cu_array_destroy(void *handle); /* 0 for NULL; cudaErrorInvalidValue if no array */
cu_array *cu_array_get(const void *handle); /* the live array, or NULL */
/* The whole array as a texture (cube maps as such) or surface descriptor;
 * the caller adds the sampling state. */
void cu_array_tex_desc(const cu_array *a, p2n_texture_desc *d, bool surface);
/* cudaChannelFormatDesc <-> format and channel count; 0 or
 * cudaErrorInvalidChannelDescriptor. */
int cu_format_from_channel(const p2n_cudaChannelFormatDesc *c, p2n_format *f, unsigned *channels);
void cu_channel_from_format(p2n_format f, unsigned channels, p2n_cudaChannelFormatDesc *c);

/* One side of a copy: an array, or memory with `pitch` bytes a row and
 * `rows` rows a slice; the position x in bytes, y in rows, z in slices. */
typedef struct {
    cu_array *array;
    char *ptr;
    size_t pitch, rows;
    size_t x, y, z;
} cu_copy_side;
/* Copies a box of width bytes x height rows x depth slices in stream
 * order; an array side must hold the box (else cudaErrorInvalidValue). */
int cu_copy3d(cu_stream *s, const cu_copy_side *dst, const cu_copy_side *src, size_t width,
              size_t height, size_t depth, bool async);

/* ------------------------------------------- cudart.c (libcudart only) */

/* Records e as the thread's last runtime error when it is one; returns e. */
int cu_rt_error(int e);
/* Opens a runtime API call that uses the device: after a kernel's fault
 * every such call reports it, as on a GPU, until cudaDeviceReset. */
#define CU_RT_STICKY()                                                                             \
    do {                                                                                           \
        cu_runtime_started();                                                                      \
        int sticky_ = cu_sticky_error();                                                           \
        if (sticky_)                                                                               \
            return cu_rt_error(sticky_);                                                           \
    } while (0)

#endif
