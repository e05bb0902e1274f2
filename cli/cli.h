/* cli.h — the ptx2native command's parts beside main.c: the compiler-driver
 * conventions (response files, dependency files) and the report's human
 * view (--summary). */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>

#include "ptx.h"
#include "ptx2native_translate.h" /* the exit status */

/* depfile.c */

/* -MD, -MF FILE, -MT TARGET, -MP: a dependency file for Make and Ninja
 * naming every file the translation read. */
typedef struct DepOptions {
    bool write;         /* -MD (or -MF) */
    bool phony;         /* -MP: an empty rule per dependency */
    const char *path;   /* -MF; NULL: the output's name with .d */
    Vec(const char *) targets; /* -MT; none: the output */
    Vec(const char *) read; /* files read besides the inputs: response files, --from-binary's APP */
} DepOptions;

/* Replaces each @FILE argument by the arguments FILE holds (separated by
 * white space; '...' and "..." quote, a backslash escapes the next
 * character; @FILE inside FILE is expanded too).  An @FILE that cannot be
 * read stays as it is, as in gcc.  The files read, and --from-binary's
 * APP, are added to d->read.  Before any other look at the arguments. */
void depfile_scan_args(Arena *a, DepOptions *d, int *argc, char ***argv);

/* Consumes argv[*i] (and its argument) when it is one of the -M options;
 * false otherwise.  Exits with status 2 when the argument is missing. */
bool depfile_option(Arena *a, DepOptions *d, int argc, char **argv, int *i);

/* Writes the dependency file: targets (or output), then inputs and the
 * files in d->read.  output: the file translated to (or that would be,
 * for -fsyntax-only).  False, with a message, when it cannot be written. */
bool depfile_write(const DepOptions *d, Arena *a, const char *output, const char *const *inputs,
                   int ninputs);

/* summary.c */

/* ptx2native --summary[=text|html] REPORT.xml [-o OUT]: the report's
 * divergent branches as a text table, or one HTML page with the PTX
 * annotated.  Returns the exit status. */
int summary_main(int argc, char **argv);

#endif
