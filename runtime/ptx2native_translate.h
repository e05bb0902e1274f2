/* ptx2native_translate.h — the translator as a library.
 *
 * Translates PTX text held in memory into a loadable module (or an object,
 * assembly, or LLVM IR), in memory or at a path:
 *
 *     p2n_translate_options o;
 *     p2n_translate_options_init(&o);
 *     p2n_source src = {"kernel.ptx", text, len};
 *     void *image; size_t size;
 *     if (p2n_translate(&src, 1, &o, &image, &size) == P2N_TRANSLATE_OK) {
 *         p2n_module *mod;
 *         p2n_module_load_data(&mod, image, size);   (ptx2native.h)
 *         free(image);
 *     }
 *
 * Thread-safe: each call has its own LLVM context and no global state is
 * kept; diagnostics go to the callback (or to stderr when it is NULL).
 * No temporary file outlives a call, whatever its outcome.
 */
#ifndef PTX2NATIVE_TRANSLATE_H
#define PTX2NATIVE_TRANSLATE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The same numbers as the ptx2native command's exit status. */
typedef enum {
    P2N_TRANSLATE_OK = 0,
    P2N_TRANSLATE_INPUT_ERROR = 1, /* errors in the PTX, reported as diagnostics */
    P2N_TRANSLATE_BAD_OPTIONS = 2, /* an invalid option or argument */
    P2N_TRANSLATE_INTERNAL = 3,    /* a tool or internal failure, or no memory */
} p2n_translate_status;

typedef enum {
    P2N_OUTPUT_SHARED_OBJECT = 0, /* what p2n_module_load(_data) loads */
    P2N_OUTPUT_OBJECT,            /* a relocatable object (-c) */
    P2N_OUTPUT_ASSEMBLY,          /* -S */
    P2N_OUTPUT_LLVM_IR,           /* -S --emit-llvm */
    P2N_OUTPUT_LLVM_BITCODE,      /* -c --emit-llvm */
} p2n_output_kind;

typedef enum { P2N_DIAG_ERROR, P2N_DIAG_WARNING, P2N_DIAG_NOTE } p2n_diag_severity;

/* One diagnostic: file, line and column of the PTX (line 0: none), and the
 * message without the "file:line:col: error: " prefix.  The strings live
 * until the callback returns. */
typedef void (*p2n_diag_fn)(void *user, p2n_diag_severity severity, const char *file,
                            unsigned line, unsigned col, const char *message);

typedef struct {
    p2n_output_kind output;
    int opt_level;           /* 0..3; default 2 */
    const char *cpu;         /* NULL or "native": this machine; "x86-64-v3", ... (docs/api.md) */
    const char *features;    /* NULL: the CPU's features; e.g. "+avx2,-avx512f" */
    int werror;              /* warnings are errors */
    int no_warnings;         /* drop warnings */
    const char *report_path; /* NULL, or where to write the XML divergence report */
    p2n_diag_fn diag;        /* NULL: print to stderr as the command does */
    void *diag_user;
    int debug_info;          /* line tables: 0 none (-g0); 1 PTX lines (the default);
                                2 (-g) CUDA lines where the PTX has .loc, else PTX */
    int profile;             /* --profile: the code counts its branches' divergence and its
                                launches, written where P2N_PROFILE names (docs/report.md) */
} p2n_translate_options;

/* One PTX input: its name in diagnostics, its text and length. */
typedef struct {
    const char *name;
    const char *text;
    size_t len;
} p2n_source;

void p2n_translate_options_init(p2n_translate_options *o);

/* Translates and links the inputs.  On success *out points at *out_size
 * bytes of the output, owned by the caller (free()); otherwise *out is
 * NULL.  o NULL: the defaults of p2n_translate_options_init. */
p2n_translate_status p2n_translate(const p2n_source *inputs, size_t ninputs,
                                   const p2n_translate_options *o, void **out,
                                   size_t *out_size);

/* The same, writing the output to path ("-": standard output) atomically:
 * a temporary file beside it renamed into place; on failure an existing
 * file is left as it was.  A path that is no regular file (/dev/null) is
 * written in place. */
p2n_translate_status p2n_translate_to_file(const p2n_source *inputs, size_t ninputs,
                                           const p2n_translate_options *o, const char *path);

/* "ptx2native X.Y.Z (LLVM N.N.N)": part of the CUDA layer's cache key. */
const char *p2n_translator_version(void);

#ifdef __cplusplus
}
#endif

#endif
