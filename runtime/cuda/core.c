/* core.c — modules, kernels and variables of the CUDA layer; translation
 * through the translator with an on-disk cache; errors; memory.
 *
 * A module holds the PTX of one fatbinary (or of cuModuleLoadData) until
 * its first use, then translates it once.  The result is cached under
 * $XDG_CACHE_HOME/ptx2native (default ~/.cache/ptx2native) as KEY.so,
 * KEY a hash of the PTX, the options, the translator's version and this
 * CPU; a translation is written to a temporary name in that directory and
 * renamed into place, so processes racing on an empty cache each end up
 * loading a complete file.  P2N_CACHE=off translates into a temporary
 * file that is removed once loaded.  An executable APP with APP.kernels.so
 * beside it (ptx2native --from-binary) needs no translation at all.
 *
 * The translator is reached through its library (libptx2native-translate,
 * dlopen'ed, so programs whose kernels were translated ahead of time run
 * without LLVM), else by running the ptx2native command.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core.h"
#include "ptx2native_translate.h"
#include "rt.h"

static pthread_mutex_t core_lock = PTHREAD_MUTEX_INITIALIZER;
static cu_module *modules;
static cu_kernel *kernels;
static cu_var *vars;

void
cu_lock(void)
{
    pthread_mutex_lock(&core_lock);
}

void
cu_unlock(void)
{
    pthread_mutex_unlock(&core_lock);
}

bool
cu_verbose(void)
{
    const char *v = getenv("P2N_VERBOSE");
    return v && *v && strcmp(v, "0") != 0;
}

static void
note(const char *fmt, ...)
{
    if (!cu_verbose())
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("ptx2native: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---------------------------------------------------------------- errors */

const char *
cu_error_name(int e)
{
    switch (e) {
#define NAME(n, v, t)                                                                              \
    case v: return #n;
        P2N_CUDA_ERRORS(NAME)
#undef NAME
    }
    return "unrecognized error code";
}

const char *
cu_error_string(int e)
{
    switch (e) {
#define TEXT(n, v, t)                                                                              \
    case v: return t;
        P2N_CUDA_ERRORS(TEXT)
#undef TEXT
    }
    return "unrecognized error code";
}

int
cu_error_from_p2n(p2n_result r)
{
    switch (r) {
    case P2N_SUCCESS: return p2n_cudaSuccess;
    case P2N_ERROR_INVALID_VALUE: return p2n_cudaErrorInvalidValue;
    case P2N_ERROR_LOAD:
    case P2N_ERROR_INVALID_MODULE: return p2n_cudaErrorInvalidKernelImage;
    case P2N_ERROR_NOT_FOUND: return p2n_cudaErrorInvalidDeviceFunction;
    case P2N_ERROR_INVALID_DIM:
    case P2N_ERROR_TOO_MANY_THREADS: return p2n_cudaErrorInvalidConfiguration;
    case P2N_ERROR_SHARED_SIZE: return p2n_cudaErrorInvalidValue;
    case P2N_ERROR_OUT_OF_MEMORY: return p2n_cudaErrorMemoryAllocation;
    case P2N_ERROR_TRAP:
    case P2N_ERROR_DEADLOCK:
    case P2N_ERROR_BRANCH_RANGE: return p2n_cudaErrorLaunchFailure;
    case P2N_ERROR_ASSERT: return p2n_cudaErrorAssert;
    case P2N_ERROR_BAD_FUNCTION: return p2n_cudaErrorInvalidPc;
    case P2N_ERROR_STACK_OVERFLOW: return p2n_cudaErrorHardwareStackError;
    case P2N_ERROR_SYSTEM: return p2n_cudaErrorOperatingSystem;
    case P2N_ERROR_MISALIGNED: return p2n_cudaErrorMisalignedAddress;
    case P2N_ERROR_ILLEGAL_ADDRESS: return p2n_cudaErrorIllegalAddress;
    case P2N_ERROR_ARITHMETIC: return p2n_cudaErrorLaunchFailure;
    case P2N_ERROR_ILLEGAL_INSTRUCTION: return p2n_cudaErrorIllegalInstruction;
    case P2N_ERROR_TIMEOUT: return p2n_cudaErrorLaunchTimeout;
    case P2N_ERROR_UNSUPPORTED_CPU: return p2n_cudaErrorNoKernelImageForDevice;
    case P2N_ERROR_NOT_READY:
        return p2n_cudaErrorNotReady;
    }
    return p2n_cudaErrorUnknown;
}

CU_EXPORT int
cu_unsupported(const char *fn, int *once)
{
    if (!__atomic_exchange_n(once, 1, __ATOMIC_RELAXED))
        fprintf(stderr, "ptx2native: %s is not supported (returns cudaErrorNotSupported)\n", fn);
    return p2n_cudaErrorNotSupported;
}

static _Atomic int sticky;

int
cu_sticky_error(void)
{
    return sticky;
}

void
cu_set_sticky(int e)
{
    int zero = 0;
    __atomic_compare_exchange_n((int *)&sticky, &zero, e, false, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
}

void
cu_reset(void)
{
    sticky = 0;
}

/* ----------------------------------------------------------- translation */

/* 64-bit FNV-1a, twice with different bases: a 128-bit cache key. */
typedef struct {
    uint64_t a, b;
} hash128;

static void
hash_add(hash128 *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ p[i]) * 0x100000001b3ull;
        h->b = (h->b ^ p[i]) * 0x100000001b3ull ^ (h->b >> 29);
    }
    h->a ^= n; /* the boundary between parts */
}

static const char *const translate_libs[] = {
    "libptx2native-translate.so.1", "libptx2native-translate.so", "libptx2native_translate.so"};

typedef struct {
    bool tried;
    void *h;
    void (*init)(p2n_translate_options *);
    p2n_translate_status (*to_file)(const p2n_source *, size_t, const p2n_translate_options *,
                                    const char *);
    const char *(*version)(void);
    char exe[2 * PATH_MAX]; /* the ptx2native command, when there is no library */
    char ver[256];
} translator;

static translator tr;

/* The directory of this library (lib/ptx2native or runtime/cuda). */
static void
own_dir(char *buf, size_t n)
{
    Dl_info info;
    buf[0] = 0;
    if (dladdr((void *)own_dir, &info) && info.dli_fname) {
        snprintf(buf, n, "%s", info.dli_fname);
        char *s = strrchr(buf, '/');
        if (s)
            *s = 0;
        else
            snprintf(buf, n, ".");
    }
}

static void
find_translator(void)
{
    if (tr.tried)
        return;
    tr.tried = true;
    char dir[PATH_MAX], path[2 * PATH_MAX];
    own_dir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof translate_libs / sizeof *translate_libs && !tr.h; i++) {
        const char *where[] = {"%s/%s", "%s/../%s", "%s/../../lowering/%s", "%s/../../%s"};
        for (size_t j = 0; j < 4 && !tr.h; j++) {
            snprintf(path, sizeof path, where[j], dir, translate_libs[i]);
            tr.h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        }
        if (!tr.h)
            tr.h = dlopen(translate_libs[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (tr.h) {
        *(void **)&tr.init = dlsym(tr.h, "p2n_translate_options_init");
        *(void **)&tr.to_file = dlsym(tr.h, "p2n_translate_to_file");
        *(void **)&tr.version = dlsym(tr.h, "p2n_translator_version");
        if (tr.init && tr.to_file && tr.version) {
            snprintf(tr.ver, sizeof tr.ver, "%s", tr.version());
            note("translator library %s", tr.ver);
            return;
        }
        dlclose(tr.h);
        tr.h = NULL;
    }
    /* the command: P2N_TRANSLATOR, beside us (bin/ of the install, the
     * build tree's top), then PATH */
    const char *env = getenv("P2N_TRANSLATOR");
    const char *cands[] = {"%s/../../bin/ptx2native", "%s/../../ptx2native",
                           "%s/../bin/ptx2native"};
    if (env && *env)
        snprintf(tr.exe, sizeof tr.exe, "%s", env);
    for (size_t j = 0; j < 3 && !tr.exe[0]; j++) {
        snprintf(path, sizeof path, cands[j], dir);
        if (access(path, X_OK) == 0)
            snprintf(tr.exe, sizeof tr.exe, "%s", path);
    }
    if (!tr.exe[0])
        snprintf(tr.exe, sizeof tr.exe, "ptx2native");
    /* its version, for the cache key */
    int fd[2];
    if (pipe(fd) != 0)
        return;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        execlp(tr.exe, tr.exe, "--version", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    ssize_t n = pid > 0 ? read(fd[0], tr.ver, sizeof tr.ver - 1) : -1;
    tr.ver[n > 0 ? n : 0] = 0;
    tr.ver[strcspn(tr.ver, "\n")] = 0;
    close(fd[0]);
    if (pid > 0)
        waitpid(pid, NULL, 0);
    note("translator command %s: %s", tr.exe, tr.ver);
}

/* P2N_PROFILE set: the program's modules count their branches (the
 * translator's --profile; docs/report.md, "Runtime profile"). */
static bool
profiling(void)
{
    const char *p = getenv("P2N_PROFILE");
    return p && *p;
}

/* Translates ptx into a shared object at out: 0, or -1 (the translator
 * printed its diagnostics on stderr).  name is the PTX's name in messages
 * and in the profile. */
static int
translate(const cu_module *m, const char *out, const char *name)
{
    int n = m->nptx;
    if (tr.h) {
        p2n_translate_options o;
        tr.init(&o);
        o.no_warnings =
            !cu_verbose(); /* a program's output is its own, as with a GPU driver's JIT */
        o.profile = profiling();
        p2n_source *src = calloc((size_t)n, sizeof *src);
        if (!src)
            return -1;
        for (int i = 0; i < n; i++)
            src[i] = (p2n_source){name, m->ptx[i], m->ptx_len[i]};
        int rc = tr.to_file(src, (size_t)n, &o, out) == P2N_TRANSLATE_OK ? 0 : -1;
        free(src);
        return rc;
    }
    /* the inputs as memory files, named /proc/self/fd/N for the child */
    char **argv = calloc((size_t)n + 8, sizeof *argv);
    char(*names)[32] = calloc((size_t)n, sizeof *names);
    int *fds = calloc((size_t)n, sizeof *fds);
    bool ok = argv && names && fds;
    int k = 0;
    if (ok) {
        argv[k++] = tr.exe;
        argv[k++] = "-O2";
        if (!cu_verbose())
            argv[k++] = "-w";
        if (profiling()) /* the profile then names the module by its memory file */
            argv[k++] = "--profile";
    }
    for (int i = 0; ok && i < n; i++) {
        fds[i] = memfd_create("kernels.ptx", 0);
        ok = fds[i] >= 0 && write(fds[i], m->ptx[i], m->ptx_len[i]) == (ssize_t)m->ptx_len[i];
        snprintf(names[i], sizeof names[i], "/proc/self/fd/%d", fds[i]);
        argv[k++] = names[i];
    }
    int status = -1;
    if (ok) {
        argv[k++] = "-o";
        argv[k++] = (char *)out;
        argv[k] = NULL;
        pid_t pid = fork();
        if (pid == 0) {
            execvp(tr.exe, argv);
            fprintf(stderr, "ptx2native: cannot run the translator %s: %s\n", tr.exe,
                    strerror(errno));
            _exit(127);
        }
        if (pid > 0)
            waitpid(pid, &status, 0);
    } else {
        fprintf(stderr, "ptx2native: cannot hand the PTX to the translator: %s\n", strerror(errno));
    }
    for (int i = 0; fds && i < n; i++)
        if (fds[i] > 0)
            close(fds[i]);
    free(argv);
    free(names);
    free(fds);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static void
cpu_signature(hash128 *h)
{
    struct utsname u;
    if (uname(&u) == 0)
        hash_add(h, u.machine, strlen(u.machine));
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[8192];
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "flags", 5) == 0 || strncmp(line, "Features", 8) == 0 ||
            strncmp(line, "model name", 10) == 0) {
            hash_add(h, line, strlen(line));
            if (line[0] != 'm')
                break;
        }
    fclose(f);
}

static bool
cache_on(void)
{
    const char *c = getenv("P2N_CACHE");
    return !(c && (strcmp(c, "off") == 0 || strcmp(c, "0") == 0));
}

static int
mkdirs(char *path)
{
    for (char *s = path + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            mkdir(path, 0755);
            *s = '/';
        }
    return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

static int
cache_dir(char *buf, size_t n)
{
    const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (x && *x == '/')
        snprintf(buf, n, "%s/ptx2native", x);
    else if (home && *home)
        snprintf(buf, n, "%s/.cache/ptx2native", home);
    else
        return -1;
    return mkdirs(buf);
}

/* Loads the shared object for m's PTX, translating it when the cache does
 * not have it. */
static int
translate_and_load(cu_module *m)
{
    find_translator();
    hash128 h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
    size_t total = 0;
    for (int i = 0; i < m->nptx; i++) {
        hash_add(&h, m->ptx[i], m->ptx_len[i]);
        total += m->ptx_len[i];
    }
    /* profiled, the module is named after the program and its PTX, so
     * that the profiles of a program's modules, and of programs, keep
     * apart when they share a P2N_PROFILE file */
    char name[300] = "kernels.ptx";
    if (profiling()) {
        snprintf(name, sizeof name, "%s-%016llx.ptx", program_invocation_short_name,
                 (unsigned long long)h.a);
        hash_add(&h, "--profile", 9);
        hash_add(&h, name, strlen(name));
    }
    hash_add(&h, "-O2", 3);
    hash_add(&h, tr.ver, strlen(tr.ver));
    cpu_signature(&h);
    char dir[PATH_MAX], path[PATH_MAX + 64], tmp[PATH_MAX + 128];
    bool cached = cache_on() && cache_dir(dir, sizeof dir) == 0;
    if (!cached) {
        const char *t = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s", t && *t ? t : "/tmp");
    }
    snprintf(path, sizeof path, "%s/%016llx%016llx.so", dir, (unsigned long long)h.a,
             (unsigned long long)h.b);
    if (cached && access(path, R_OK) == 0) {
        p2n_result r = p2n_module_load(&m->mod, path);
        if (r == P2N_SUCCESS) {
            note("cache hit %s", path);
            return 0;
        }
        note("cached %s does not load (%s): translating again", path, p2n_error_message());
    }
    snprintf(tmp, sizeof tmp, "%s/.%016llx%016llx.%ld.%lx.tmp.so", dir, (unsigned long long)h.a,
             (unsigned long long)h.b, (long)getpid(), (unsigned long)pthread_self());
    note("translating %zu bytes of PTX into %s", total, cached ? path : tmp);
    if (translate(m, tmp, name) != 0) {
        unlink(tmp);
        fprintf(stderr,
                "ptx2native: the kernels could not be translated (see the messages above)\n");
        return p2n_cudaErrorInvalidPtx;
    }
    const char *load = tmp;
    if (cached) {
        if (rename(tmp, path) != 0) {
            unlink(tmp);
            fprintf(stderr, "ptx2native: cannot rename into %s: %s\n", path, strerror(errno));
            return p2n_cudaErrorOperatingSystem;
        }
        load = path;
    }
    p2n_result r = p2n_module_load(&m->mod, load);
    if (!cached)
        unlink(tmp);
    if (r != P2N_SUCCESS) {
        fprintf(stderr, "ptx2native: %s\n", p2n_error_message());
        return p2n_cudaErrorInvalidKernelImage;
    }
    return 0;
}

/* ------------------------------------------------------------- modules */

/* The executable's ahead-of-time kernels (APP.kernels.so), shared by all
 * its fatbinaries; loaded once. */
static p2n_module *aot;
static bool aot_tried;

static p2n_module *
aot_module(void)
{
    if (aot_tried)
        return aot;
    aot_tried = true;
    char exe[PATH_MAX], path[PATH_MAX + 16];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = 0;
    snprintf(path, sizeof path, "%s.kernels.so", exe);
    struct stat se, sk;
    if (stat(path, &sk) != 0 || stat(exe, &se) != 0)
        return NULL;
    if (sk.st_mtime < se.st_mtime) {
        fprintf(stderr,
                "ptx2native: ignoring %s: older than the program (run ptx2native --from-binary "
                "again)\n",
                path);
        return NULL;
    }
    if (p2n_module_load(&aot, path) != P2N_SUCCESS) {
        fprintf(stderr, "ptx2native: ignoring %s: %s\n", path, p2n_error_message());
        aot = NULL;
    } else
        note("using the kernels translated ahead of time in %s", path);
    return aot;
}

int
cu_module_add_ptx(cu_module *m, const char *ptx, size_t len)
{
    char **p = realloc(m->ptx, sizeof *p * (m->nptx + 1));
    if (p)
        m->ptx = p;
    size_t *l = realloc(m->ptx_len, sizeof *l * (m->nptx + 1));
    if (l)
        m->ptx_len = l;
    char *t = malloc(len + 1);
    if (!p || !l || !t) {
        free(t);
        return -1;
    }
    memcpy(t, ptx, len);
    t[len] = 0;
    m->ptx[m->nptx] = t;
    m->ptx_len[m->nptx++] = len;
    return 0;
}

static void
free_ptx(cu_module *m)
{
    for (int i = 0; i < m->nptx; i++)
        free(m->ptx[i]);
    free(m->ptx);
    free(m->ptx_len);
    m->ptx = NULL;
    m->ptx_len = NULL;
    m->nptx = 0;
}

cu_module *
cu_module_new_ptx(const char *ptx, size_t len)
{
    cu_module *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (ptx && cu_module_add_ptx(m, ptx, len) != 0) {
        free(m);
        return NULL;
    }
    cu_lock();
    m->next = modules;
    modules = m;
    cu_unlock();
    return m;
}

static void
resolve(cu_module *m)
{
    for (cu_kernel *f = kernels; f; f = f->next)
        if (f->m == m && !f->k)
            for (uint32_t i = 0; i < m->mod->desc->nkernels; i++)
                if (strcmp(m->mod->desc->kernels[i].name, f->name) == 0)
                    f->k = &m->mod->desc->kernels[i];
    for (cu_var *v = vars; v; v = v->next)
        if (v->m == m && !v->dev) {
            size_t bytes;
            if (p2n_module_global(m->mod, v->name, &v->dev, &bytes) == P2N_SUCCESS &&
                v->managed_ptr)
                *v->managed_ptr = v->dev;
        }
}

/* Needs the core lock. */
static int
load_locked(cu_module *m)
{
    if (m->state == 1)
        return 0;
    if (m->state == -1)
        return m->error;
    int e = 0;
    if (!m->nptx) {
        e = p2n_cudaErrorNoKernelImageForDevice;
    } else if (aot_module()) {
        m->mod = aot;
        m->from_aot = true;
    } else {
        e = translate_and_load(m);
    }
    if (e) {
        m->state = -1;
        m->error = e;
        return e;
    }
    free_ptx(m);
    m->state = 1;
    resolve(m);
    return 0;
}

int
cu_module_load(cu_module *m)
{
    if (__atomic_load_n(&m->state, __ATOMIC_ACQUIRE) == 1)
        return 0;
    cu_lock();
    int e = load_locked(m);
    cu_unlock();
    return e;
}

/* A module image in memory: through a temporary file, so that it loads
 * with p2n_module_load whichever way the host library loads images. */
static p2n_result
load_image(p2n_module **mod, const void *image, size_t size)
{
    const char *t = getenv("TMPDIR");
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/p2n-image-XXXXXX", t && *t ? t : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return P2N_ERROR_SYSTEM;
    bool ok = write(fd, image, size) == (ssize_t)size;
    close(fd);
    p2n_result r = ok ? p2n_module_load(mod, path) : P2N_ERROR_SYSTEM;
    unlink(path);
    return r;
}

static bool
is_elf(const void *image, size_t size)
{
    return size >= 4 && memcmp(image, "\177ELF", 4) == 0;
}

int
cu_module_from_image(cu_module **out, const void *image, size_t size)
{
    *out = NULL;
    if (!image)
        return p2n_cudaErrorInvalidValue;
    if (size >= 4 && *(const uint32_t *)image == 0xBA55ED50u) { /* a fatbinary */
        cu_ptx ptx;
        char err[256];
        if (cu_fatbin_ptx(image, 0, &ptx, err, sizeof err) != 0) {
            fprintf(stderr, "ptx2native: %s\n", err);
            return p2n_cudaErrorInvalidKernelImage;
        }
        *out = cu_module_new_ptx(ptx.text, ptx.len);
        free(ptx.text);
    } else if (is_elf(image, size)) { /* a module made by ptx2native */
        cu_module *m = cu_module_new_ptx(NULL, 0);
        if (!m)
            return p2n_cudaErrorMemoryAllocation;
        if (load_image(&m->mod, image, size) != P2N_SUCCESS) {
            fprintf(stderr, "ptx2native: %s\n", p2n_error_message());
            m->state = -1;
            m->error = p2n_cudaErrorInvalidKernelImage;
            return m->error;
        }
        m->state = 1;
        *out = m;
        return 0;
    } else { /* PTX text, NUL-terminated */
        *out = cu_module_new_ptx(image, strlen(image));
    }
    if (!*out)
        return p2n_cudaErrorMemoryAllocation;
    return cu_module_load(*out);
}

int
cu_module_from_file(cu_module **out, const char *path)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return p2n_cudaErrorFileNotFound;
    char head[4] = {0};
    size_t got = fread(head, 1, 4, f);
    if (got == 4 && memcmp(head, "\177ELF", 4) == 0) { /* load the .so in place */
        fclose(f);
        cu_module *m = cu_module_new_ptx(NULL, 0);
        if (!m)
            return p2n_cudaErrorMemoryAllocation;
        if (p2n_module_load(&m->mod, path) != P2N_SUCCESS) {
            fprintf(stderr, "ptx2native: %s\n", p2n_error_message());
            m->state = -1;
            m->error = p2n_cudaErrorInvalidKernelImage;
            return m->error;
        }
        m->state = 1;
        *out = m;
        return 0;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return p2n_cudaErrorFileNotFound;
    }
    fclose(f);
    buf[n] = 0;
    int e = cu_module_from_image(out, buf, (size_t)n + 1);
    free(buf);
    return e;
}

void
cu_module_unload(cu_module *m)
{
    if (!m)
        return;
    cu_lock();
    for (cu_module **pp = &modules; *pp; pp = &(*pp)->next)
        if (*pp == m) {
            *pp = m->next;
            break;
        }
    for (cu_kernel **pp = &kernels; *pp;) {
        cu_kernel *f = *pp;
        if (f->m == m) {
            *pp = f->next;
            free(f->name);
            free(f);
        } else
            pp = &f->next;
    }
    for (cu_var **pp = &vars; *pp;) {
        cu_var *v = *pp;
        if (v->m == m) {
            *pp = v->next;
            free(v->name);
            free(v);
        } else
            pp = &v->next;
    }
    cu_unlock();
    if (m->mod && !m->from_aot)
        p2n_module_unload(m->mod);
    free_ptx(m);
    free(m);
}

cu_kernel *
cu_kernel_add(cu_module *m, const void *host_fn, const char *name)
{
    cu_kernel *f = calloc(1, sizeof *f);
    if (!f || !(f->name = strdup(name))) {
        free(f);
        return NULL;
    }
    f->m = m;
    f->host_fn = host_fn;
    cu_lock();
    f->next = kernels;
    kernels = f;
    if (m->state == 1)
        resolve(m);
    cu_unlock();
    return f;
}

cu_kernel *
cu_kernel_by_host(const void *host_fn)
{
    cu_lock();
    cu_kernel *f = kernels;
    while (f && f->host_fn != host_fn)
        f = f->next;
    cu_unlock();
    return f;
}

cu_kernel *
cu_kernel_by_name(cu_module *m, const char *name)
{
    if (cu_module_load(m) != 0)
        return NULL;
    cu_lock();
    cu_kernel *f = kernels;
    while (f && !(f->m == m && strcmp(f->name, name) == 0))
        f = f->next;
    cu_unlock();
    if (f)
        return f;
    for (uint32_t i = 0; i < m->mod->desc->nkernels; i++)
        if (strcmp(m->mod->desc->kernels[i].name, name) == 0)
            return cu_kernel_add(m, NULL, name);
    return NULL;
}

int
cu_kernel_ready(cu_kernel *f)
{
    if (!f)
        return p2n_cudaErrorInvalidDeviceFunction;
    if (f->k)
        return 0;
    int e = cu_module_load(f->m);
    if (e)
        return e;
    if (!f->k) {
        fprintf(stderr, "ptx2native: kernel %s is not in the translated module\n", f->name);
        return p2n_cudaErrorInvalidDeviceFunction;
    }
    return 0;
}

cu_var *
cu_var_add(cu_module *m, const void *host_addr, const char *name, size_t size)
{
    cu_var *v = calloc(1, sizeof *v);
    if (!v || !(v->name = strdup(name))) {
        free(v);
        return NULL;
    }
    v->m = m;
    v->host_addr = host_addr;
    v->size = size;
    cu_lock();
    v->next = vars;
    vars = v;
    if (m->state == 1)
        resolve(m);
    cu_unlock();
    return v;
}

cu_var *
cu_var_by_host(const void *host_addr, int *err)
{
    cu_lock();
    cu_var *v = vars;
    while (v && v->host_addr != host_addr)
        v = v->next;
    cu_unlock();
    *err = p2n_cudaErrorInvalidSymbol;
    if (!v)
        return NULL;
    if ((*err = cu_module_load(v->m)) != 0)
        return NULL;
    if (!v->dev) {
        fprintf(stderr, "ptx2native: variable %s is not in the translated module\n", v->name);
        *err = p2n_cudaErrorInvalidSymbol;
        return NULL;
    }
    return v;
}

int
cu_var_by_name(cu_module *m, const char *name, void **addr, size_t *size)
{
    int e = cu_module_load(m);
    if (e)
        return e;
    return p2n_module_global(m->mod, name, addr, size) == P2N_SUCCESS ? 0
                                                                      : p2n_cudaErrorSymbolNotFound;
}

/* --------------------------------------------------------------- memory */

/* Allocations, for cudaPointerGetAttributes, cudaFree's checks and
 * cudaMemGetInfo: an open-addressing table keyed by the address. */
typedef struct {
    void *p;
    size_t size;
    int type;
    unsigned flags; /* cudaHostAlloc's */
} allocation;

static allocation *table;
static size_t table_cap, table_used;
static size_t allocated;

static size_t
slot_of(const void *p, size_t cap)
{
    return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull >> 20) & (cap - 1);
}

static int
table_put(void *p, size_t size, int type, unsigned flags)
{
    if ((table_used + 1) * 2 > table_cap) {
        size_t ncap = table_cap ? table_cap * 2 : 1024;
        allocation *n = calloc(ncap, sizeof *n);
        if (!n)
            return -1;
        for (size_t i = 0; i < table_cap; i++)
            if (table[i].p && table[i].size != (size_t)-1) {
                size_t s = slot_of(table[i].p, ncap);
                while (n[s].p)
                    s = (s + 1) & (ncap - 1);
                n[s] = table[i];
            }
        free(table);
        table = n;
        table_cap = ncap;
        table_used = 0;
        for (size_t i = 0; i < ncap; i++)
            table_used += n[i].p != NULL;
    }
    size_t s = slot_of(p, table_cap);
    while (table[s].p && table[s].size != (size_t)-1)
        s = (s + 1) & (table_cap - 1);
    if (!table[s].p)
        table_used++;
    table[s] = (allocation){p, size, type, flags};
    return 0;
}

static allocation *
table_get(const void *p)
{
    if (!table_cap)
        return NULL;
    for (size_t s = slot_of(p, table_cap); table[s].p; s = (s + 1) & (table_cap - 1))
        if (table[s].p == p && table[s].size != (size_t)-1)
            return &table[s];
    return NULL;
}

void *
cu_alloc(size_t size, int type)
{
    return cu_alloc_flags(size, type, 0);
}

void *
cu_alloc_flags(size_t size, int type, unsigned flags)
{
    size_t n = (size + 255) & ~(size_t)255;
    void *p = aligned_alloc(256, n ? n : 256);
    if (!p)
        return NULL;
    cu_lock();
    if (table_put(p, size, type, flags) != 0) {
        cu_unlock();
        free(p);
        return NULL;
    }
    allocated += n;
    cu_unlock();
    return p;
}

int
cu_free(void *p)
{
    if (!p)
        return 0;
    cu_lock();
    allocation *a = table_get(p);
    if (!a) {
        cu_unlock();
        return p2n_cudaErrorInvalidValue;
    }
    allocated -= (a->size + 255) & ~(size_t)255;
    a->size = (size_t)-1; /* a tombstone */
    cu_unlock();
    free(p);
    return 0;
}

int
cu_ptr_flags(const void *p, unsigned *flags)
{
    cu_lock();
    allocation *a = table_get(p);
    int found = a != NULL;
    if (a)
        *flags = a->flags;
    cu_unlock();
    return found;
}

int
cu_ptr_type(const void *p, void **base, size_t *size)
{
    cu_lock();
    allocation *a = table_get(p);
    int t = p2n_cudaMemoryTypeUnregistered;
    if (a) {
        t = a->type;
        if (base)
            *base = a->p;
        if (size)
            *size = a->size;
    } else {
        /* an address inside an allocation: a linear scan (rare) */
        for (size_t i = 0; i < table_cap; i++)
            if (table[i].p && table[i].size != (size_t)-1 &&
                (const char *)p >= (const char *)table[i].p &&
                (const char *)p < (const char *)table[i].p + table[i].size) {
                t = table[i].type;
                if (base)
                    *base = table[i].p;
                if (size)
                    *size = table[i].size;
                break;
            }
    }
    cu_unlock();
    return t;
}

void
cu_mem_info(size_t *free_bytes, size_t *total)
{
    struct sysinfo si;
    size_t t = 0, f = 0;
    if (sysinfo(&si) == 0) {
        t = (size_t)si.totalram * si.mem_unit;
        f = (size_t)si.freeram * si.mem_unit;
    }
    if (total)
        *total = t;
    if (free_bytes)
        *free_bytes = f; /* the system's count already leaves ours out */
}

unsigned
cu_num_sms(void)
{
    const char *s = getenv("P2N_NUM_THREADS");
    if (s && *s) {
        long n = strtol(s, NULL, 10);
        if (n > 0 && n <= 4096)
            return (unsigned)n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}
