/* lower.h — the lowering's entry points: LLVM emission (codegen/), the
 * target, and the translator library (translate.c), over the analyses of
 * analysis/analysis.h.  Only codegen/ and target.c touch LLVM.
 */
#ifndef LOWER_H
#define LOWER_H

#include "analysis.h"

/* ---------------------------------------------------------- codegen/ */

typedef enum { OUT_SHARED, OUT_OBJECT, OUT_ASM, OUT_LLVM_TEXT, OUT_LLVM_BC } OutputKind;

/* The output of lower_module: malloc'ed bytes, the caller frees them. */
typedef struct LowerOutput {
    void *data;
    size_t size;
} LowerOutput;

typedef struct LowerOptions {
    OutputKind kind;
    LowerOutput *result;  /* where the output goes (unless dump_ir) */
    int opt_level;        /* 0..3 */
    const char *mcpu;     /* NULL: the host CPU ("generic" for another triple) */
    const char *mattr;    /* NULL: the CPU's own features */
    const char *triple;   /* NULL: this machine's target; else -c/-S output for it */
    int debug_info;       /* p2n_translate_options.debug_info */
    bool profile;         /* p2n_translate_options.profile: count branches and launches */
    bool dump_ir;         /* print the IR before optimisation to stdout and stop */
} LowerOptions;

/* Emits the module; returns a p2n_translate_status: OK, INPUT_ERROR (in d)
 * or INTERNAL (a tool or internal failure, in d).  A shared object is linked by the system C
 * compiler driver ($CC, else cc) in a private temporary directory that is
 * removed before the call returns. */
int lower_module(const Analysis *an, const LowerOptions *o, Diags *d);

/* The CPU names and target features LLVM knows for each of its targets (a
 * list made at build time by llc -mcpu=help); a target the list lacks
 * says yes to every name.  target_name: LLVM's name of the target of
 * triple (NULL: this machine's), e.g. "x86-64", or NULL and LLVM's message
 * in err. */
const char *target_name(const char *triple, char *err, size_t errlen);
bool target_cpu_known(const char *target, const char *cpu);
bool target_feature_known(const char *target, const char *name, size_t len);
/* a known CPU (or feature) name close to name, or NULL */
const char *target_suggest(const char *target, bool feature, const char *name);

/* ---------------------------------------------------------- translate.c */

#include "ptx2native_translate.h"

/* The one way into translation (parse, link, analyse, report, lower); the
 * public calls of ptx2native_translate.h and the command are over it. */

enum { DUMP_AST = 1, DUMP_CFG = 2, DUMP_PDOM = 4, DUMP_UNIFORMITY = 8, DUMP_IR = 16 };

/* What the command has beyond the library's options. */
typedef struct TranslateExtra {
    unsigned dump;    /* DUMP_* bits: print those forms to standard output */
    bool syntax_only; /* check the inputs (and write the report): no output */
    /* where the output's temporary file's path is kept while it exists
     * (temp_path[0] is written last and cleared first), so that a signal
     * handler of the caller can remove it; NULL: nowhere */
    char *temp_path;
    size_t temp_cap;
    const char *triple; /* --target: another LLVM target triple (objects, assembly, IR) */
    /* warning options in command-line order (-Wall, -Wname, -Wno-name,
     * -Werror=name, -Wno-error=name; -w and -Werror too), applied after
     * the library's werror and no_warnings */
    const char *const *warn_opts;
    int nwarn_opts;
    /* each input's name is a path to read ("-": standard input, named
     * "<stdin>"); its text and len are not used */
    bool read_inputs;
    /* ptx2native --header: where the typed launchers go ("-": standard
     * output), written once the module is parsed and linked */
    const char *header_path;
} TranslateExtra;

/* header.c: the C header of typed launchers for m's kernels (docs/api.md,
 * "Typed launchers"); false, with a diagnostic, when it cannot be written. */
bool header_write(const char *path, const Module *m, Diags *d);

/* Output to path when it is not NULL (atomically; "-": standard output),
 * else to *out and *out_size. */
p2n_translate_status translate(const p2n_source *inputs, size_t ninputs,
                               const p2n_translate_options *o, const TranslateExtra *x,
                               const char *path, void **out, size_t *out_size);

#endif
