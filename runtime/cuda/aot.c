/* aot.c — `ptx2native --from-binary APP`: the kernels of an executable
 * built by nvcc, translated ahead of time.  Each fatbinary in APP's
 * .nv_fatbin section gives its PTX (the newest architecture we support,
 * decompressed); they become the translator's inputs, held in memory
 * files (no temporary file on disk), and are linked into one module,
 * APP.kernels.so by default.  The CUDA layer loads APP.kernels.so from
 * beside the executable, so the program then runs without LLVM. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core.h"
#include "ptx2native_translate.h" /* the status */

typedef struct {
    char **paths;
    int n;
} inputs;

static int
add_ptx(void *user, cu_ptx *ptx)
{
    inputs *in = user;
    int fd = memfd_create("kernels.ptx", 0);
    if (fd < 0 || write(fd, ptx->text, ptx->len) != (ssize_t)ptx->len) {
        free(ptx->text);
        return -1;
    }
    free(ptx->text);
    char **p = realloc(in->paths, sizeof *p * (in->n + 1));
    if (!p)
        return -1;
    in->paths = p;
    char name[64];
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    if (!(in->paths[in->n] = strdup(name)))
        return -1;
    in->n++;
    return 0;
}

int cu_from_binary_argv(int *argc, char ***argv, char *err, size_t errlen);

/* Replaces "--from-binary APP" (or --from-binary=APP) in argv by the PTX
 * inputs found in APP, adding "-o APP.kernels.so" when there is no -o.
 * Returns P2N_TRANSLATE_OK, or with a message in err INPUT_ERROR when APP
 * has no PTX, INTERNAL when memory ran out. */
int
cu_from_binary_argv(int *argc, char ***argv, char *err, size_t errlen)
{
    int at = -1;
    const char *app = NULL;
    bool has_o = false;
    for (int i = 1; i < *argc; i++) {
        const char *a = (*argv)[i];
        if (strcmp(a, "--from-binary") == 0 && i + 1 < *argc)
            at = i, app = (*argv)[i + 1];
        else if (strncmp(a, "--from-binary=", 14) == 0)
            at = i, app = a + 14;
        else if (strncmp(a, "-o", 2) == 0)
            has_o = true;
    }
    if (at < 0)
        return P2N_TRANSLATE_OK;
    inputs in = {0};
    int n = cu_elf_fatbins(app, add_ptx, &in, err, errlen);
    if (n <= 0) {
        if (n == 0)
            snprintf(err, errlen, "%s: no fatbinary in it holds PTX (build with -arch=sm_XY)", app);
        return P2N_TRANSLATE_INPUT_ERROR;
    }
    int skip = strcmp((*argv)[at], "--from-binary") == 0 ? 2 : 1;
    char **nv = calloc((size_t)*argc + (size_t)in.n + 3, sizeof *nv);
    if (!nv) {
        snprintf(err, errlen, "out of memory");
        return P2N_TRANSLATE_INTERNAL;
    }
    int k = 0;
    for (int i = 0; i < *argc; i++) {
        if (i == at) {
            for (int j = 0; j < in.n; j++)
                nv[k++] = in.paths[j];
            i += skip - 1;
            continue;
        }
        nv[k++] = (*argv)[i];
    }
    if (!has_o) {
        size_t len = strlen(app) + sizeof ".kernels.so";
        char *out = malloc(len);
        if (!out) {
            snprintf(err, errlen, "out of memory");
            return P2N_TRANSLATE_INTERNAL;
        }
        snprintf(out, len, "%s.kernels.so", app);
        nv[k++] = "-o";
        nv[k++] = out;
    }
    nv[k] = NULL;
    free(in.paths);
    *argc = k;
    *argv = nv;
    return P2N_TRANSLATE_OK;
}
