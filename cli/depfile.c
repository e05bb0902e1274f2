/* depfile.c — what build tools expect of a compiler driver: @FILE response
 * files, and -MD/-MF/-MT/-MP dependency files in the Make syntax that
 * Make and Ninja read (docs/ptx2native.1). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { MAX_NESTING = 16 };

/* ------------------------------------------------------ response files */

static char *
slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, (cap *= 2) + 1);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf)
        fatal("out of memory:");
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

typedef Vec(char *) Args;

/* Splits text into arguments: white space separates, quotes group, a
 * backslash takes the next character as it is (gcc's rules). */
static void
split_args(Arena *a, Args *out, const char *text, size_t len)
{
    char *word = arena_alloc(a, len + 1);
    size_t i = 0;
    while (i < len) {
        while (i < len && strchr(" \t\r\n\f\v", text[i]))
            i++;
        if (i == len)
            break;
        size_t n = 0;
        char quote = 0;
        for (; i < len; i++) {
            char c = text[i];
            if (c == '\\' && i + 1 < len)
                word[n++] = text[++i];
            else if (quote && c == quote)
                quote = 0;
            else if (!quote && (c == '\'' || c == '"'))
                quote = c;
            else if (!quote && strchr(" \t\r\n\f\v", c))
                break;
            else
                word[n++] = c;
        }
        vec_push(a, out, arena_strndup(a, word, n));
    }
}

static void
expand(Arena *a, DepOptions *d, Args *out, char *arg, int depth)
{
    size_t len;
    char *text;
    if (arg[0] != '@' || depth >= MAX_NESTING || !(text = slurp(arg + 1, &len))) {
        vec_push(a, out, arg);
        return;
    }
    vec_push(a, &d->read, arg + 1);
    Args inner = {0};
    split_args(a, &inner, text, len);
    free(text);
    for (int i = 0; i < inner.n; i++)
        expand(a, d, out, inner.v[i], depth + 1);
}

void
depfile_scan_args(Arena *a, DepOptions *d, int *argc, char ***argv)
{
    bool any = false;
    for (int i = 1; i < *argc && !any; i++)
        any = (*argv)[i][0] == '@';
    if (any) {
        Args out = {0};
        vec_push(a, &out, (*argv)[0]);
        for (int i = 1; i < *argc; i++)
            expand(a, d, &out, (*argv)[i], 0);
        vec_push(a, &out, NULL);
        *argc = out.n - 1;
        *argv = out.v;
    }
    for (int i = 1; i < *argc; i++) {
        const char *arg = (*argv)[i];
        if (strcmp(arg, "--from-binary") == 0 && i + 1 < *argc)
            vec_push(a, &d->read, (*argv)[i + 1]);
        else if (strncmp(arg, "--from-binary=", 14) == 0)
            vec_push(a, &d->read, arg + 14);
    }
}

/* ------------------------------------------------------------- options */

static void
missing(const char *opt)
{
    fprintf(stderr, "ptx2native: error: %s needs an argument\nTry 'ptx2native --help'.\n", opt);
    exit(P2N_TRANSLATE_BAD_OPTIONS);
}

bool
depfile_option(Arena *a, DepOptions *d, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    if (strcmp(arg, "-MD") == 0) {
        d->write = true;
    } else if (strcmp(arg, "-MP") == 0) {
        d->phony = true;
    } else if (strcmp(arg, "-MF") == 0 || strcmp(arg, "-MT") == 0) {
        if (++*i == argc)
            missing(arg);
        if (arg[2] == 'F')
            d->path = argv[*i], d->write = true;
        else
            vec_push(a, &d->targets, argv[*i]);
    } else if (strncmp(arg, "-MF", 3) == 0) {
        d->path = arg + 3, d->write = true;
    } else if (strncmp(arg, "-MT", 3) == 0) {
        vec_push(a, &d->targets, arg + 3);
    } else {
        return false;
    }
    return true;
}

/* ----------------------------------------------------------- writing */

/* A file name in a Make rule: spaces and '#' escaped with a backslash,
 * '$' doubled (Ninja's depfile reader takes the same). */
static void
put_name(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '#')
            fputc('\\', f);
        else if (*s == '$')
            fputc('$', f);
        fputc(*s, f);
    }
}

/* Standard input, and the memory files --from-binary reads APP's PTX
 * from, are no files a build tool could watch. */
static bool
is_file(const char *path)
{
    return strcmp(path, "-") != 0 && strncmp(path, "/proc/self/fd/", 14) != 0 &&
           strncmp(path, "/dev/fd/", 8) != 0;
}

/* kernel.so -> kernel.d, as cc -MD names it after the object */
static const char *
default_path(Arena *a, const char *output)
{
    const char *base = strrchr(output, '/');
    base = base ? base + 1 : output;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - output) : strlen(output);
    return arena_printf(a, "%.*s.d", (int)n, output);
}

bool
depfile_write(const DepOptions *d, Arena *a, const char *output, const char *const *inputs,
              int ninputs)
{
    const char *path = d->path ? d->path : default_path(a, output);
    Vec(const char *) deps = {0};
    for (int i = 0; i < ninputs; i++)
        if (is_file(inputs[i]))
            vec_push(a, &deps, inputs[i]);
    for (int i = 0; i < d->read.n; i++)
        vec_push(a, &deps, d->read.v[i]);

    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ptx2native: error: cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    if (d->targets.n == 0)
        put_name(f, output);
    for (int i = 0; i < d->targets.n; i++) /* as given, as cc -MT takes them */
        fprintf(f, "%s%s", i ? " " : "", d->targets.v[i]);
    fputc(':', f);
    for (int i = 0; i < deps.n; i++) {
        fputs(" \\\n  ", f);
        put_name(f, deps.v[i]);
    }
    fputc('\n', f);
    if (d->phony)
        for (int i = 0; i < deps.n; i++) {
            fputc('\n', f);
            put_name(f, deps.v[i]);
            fputs(":\n", f);
        }
    bool bad = ferror(f) != 0;
    if (f != stdout)
        bad |= fclose(f) != 0;
    else
        bad |= fflush(f) != 0;
    if (bad)
        fprintf(stderr, "ptx2native: error: cannot write %s\n", path);
    return !bad;
}
