/* host.c — the public API of libptx2native (runtime/ptx2native.h): loading
 * modules, launching kernels, error codes and messages. */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

static _Thread_local char message[1024];

void
rt_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
}

RT_EXPORT const char *
p2n_error_message(void)
{
    return message;
}

RT_EXPORT const char *
p2n_result_string(p2n_result r)
{
    switch (r) {
    case P2N_SUCCESS: return "success";
    case P2N_ERROR_INVALID_VALUE: return "invalid argument";
    case P2N_ERROR_LOAD: return "the module could not be loaded";
    case P2N_ERROR_INVALID_MODULE: return "not a ptx2native module of this ABI version";
    case P2N_ERROR_NOT_FOUND: return "no kernel or variable of that name";
    case P2N_ERROR_INVALID_DIM: return "invalid grid or block dimensions";
    case P2N_ERROR_TOO_MANY_THREADS: return "too many threads per block";
    case P2N_ERROR_SHARED_SIZE: return "too much shared memory";
    case P2N_ERROR_OUT_OF_MEMORY: return "out of memory";
    case P2N_ERROR_TRAP: return "the kernel executed trap";
    case P2N_ERROR_ASSERT: return "a device-side assertion failed";
    case P2N_ERROR_DEADLOCK: return "barrier deadlock";
    case P2N_ERROR_BRANCH_RANGE: return "brx.idx index out of range";
    case P2N_ERROR_BAD_FUNCTION: return "indirect call through a non-function";
    case P2N_ERROR_STACK_OVERFLOW: return "stack overflow";
    case P2N_ERROR_SYSTEM: return "system resources unavailable";
    case P2N_ERROR_MISALIGNED: return "misaligned access";
    case P2N_ERROR_ILLEGAL_ADDRESS: return "illegal memory access";
    case P2N_ERROR_ARITHMETIC: return "arithmetic exception (floating-point trap)";
    case P2N_ERROR_ILLEGAL_INSTRUCTION: return "illegal instruction";
    case P2N_ERROR_TIMEOUT: return "the launch timed out";
    case P2N_ERROR_UNSUPPORTED_CPU: return "the module needs CPU features this CPU lacks";
    }
    return "unknown error";
}

static p2n_result
fail(p2n_result r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    return r;
}

/* -------------------------------------------------------------- registry */

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static p2n_module *loaded;

void
rt_registry_add(p2n_module *m)
{
    pthread_mutex_lock(&registry_lock);
    m->next_loaded = loaded;
    loaded = m;
    pthread_mutex_unlock(&registry_lock);
}

/* Takes m out of the registry; false when it was not there (not a module,
 * or one already unloaded). */
bool
rt_registry_remove(p2n_module *m)
{
    bool found = false;
    pthread_mutex_lock(&registry_lock);
    for (p2n_module **pp = &loaded; *pp; pp = &(*pp)->next_loaded)
        if (*pp == m) {
            *pp = m->next_loaded;
            found = true;
            break;
        }
    pthread_mutex_unlock(&registry_lock);
    return found;
}

/* m is a loaded module: handles are checked against the registry before
 * they are used, so a stale or wild one is an error, not a use after free. */
bool
rt_module_live(const p2n_module *m)
{
    bool found = false;
    pthread_mutex_lock(&registry_lock);
    for (p2n_module *l = loaded; l && !found; l = l->next_loaded)
        found = l == m;
    pthread_mutex_unlock(&registry_lock);
    return found;
}

void *
rt_registry_resolve(uint64_t addr, const char *signature)
{
    void *fn = NULL;
    pthread_mutex_lock(&registry_lock);
    for (p2n_module *m = loaded; m && !fn; m = m->next_loaded)
        for (uint32_t i = 0; i < m->desc->nfuncs; i++) {
            const p2n_func_desc *f = &m->desc->funcs[i];
            if ((uint64_t)(uintptr_t)f->fn == addr &&
                (!signature || !*signature || strcmp(signature, f->signature) == 0)) {
                fn = f->fn;
                break;
            }
        }
    pthread_mutex_unlock(&registry_lock);
    return fn;
}

/* ------------------------------------------------------ checking a file */

/* A module file or image, read before anything of it is mapped or run:
 * from memory (mem) or with pread from fd. */
typedef struct image_src {
    const unsigned char *mem;
    int fd;
    uint64_t size;
    const char *name; /* for messages */
} image_src;

/* n bytes at off, which must lie inside the image. */
static bool
src_read(const image_src *s, uint64_t off, void *buf, size_t n)
{
    if (off > s->size || n > s->size - off)
        return false;
    if (s->mem) {
        memcpy(buf, s->mem + off, n);
        return true;
    }
    for (size_t done = 0; done < n;) {
        ssize_t r = pread(s->fd, (char *)buf + done, n - done, (off_t)(off + done));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        done += (size_t)r;
    }
    return true;
}

#if defined(__x86_64__)
#define HOST_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define HOST_MACHINE EM_AARCH64
#endif

/* [off, off + len) inside the image, without overflow. */
static bool
in_image(const image_src *s, uint64_t off, uint64_t len)
{
    return off <= s->size && len <= s->size - off;
}

/* The ptx2native note among the sections; its desc in desc (NUL-terminated,
 * at most cap bytes); false when there is none. */
static p2n_result
find_note(const image_src *s, const Elf64_Ehdr *eh, char *desc, size_t cap, uint32_t *descsz)
{
    Elf64_Shdr strtab;
    if (eh->e_shstrndx >= eh->e_shnum ||
        !src_read(s, eh->e_shoff + (uint64_t)eh->e_shstrndx * sizeof strtab, &strtab, sizeof strtab))
        return fail(P2N_ERROR_INVALID_MODULE, "%s: no section names: not made by ptx2native", s->name);
    if (!in_image(s, strtab.sh_offset, strtab.sh_size))
        return fail(P2N_ERROR_INVALID_MODULE, "%s is truncated (the section names end past the end of the file)",
                    s->name);
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        Elf64_Shdr sh;
        char name[sizeof P2N_NOTE_SECTION];
        if (!src_read(s, eh->e_shoff + (uint64_t)i * sizeof sh, &sh, sizeof sh))
            return fail(P2N_ERROR_INVALID_MODULE, "%s: truncated section headers", s->name);
        if (sh.sh_type != SHT_NOBITS && !in_image(s, sh.sh_offset, sh.sh_size))
            return fail(P2N_ERROR_INVALID_MODULE, "%s is truncated (section %u ends past the end of the file)",
                        s->name, i);
        if (sh.sh_type != SHT_NOTE || sh.sh_name >= strtab.sh_size ||
            !src_read(s, strtab.sh_offset + sh.sh_name, name, sizeof name) ||
            memcmp(name, P2N_NOTE_SECTION, sizeof name) != 0)
            continue;
        uint32_t head[3];
        char owner[12];
        if (sh.sh_size < 28 || !src_read(s, sh.sh_offset, head, sizeof head) ||
            head[0] != sizeof P2N_NOTE_NAME || head[2] != P2N_NOTE_TYPE || head[1] < 4 ||
            head[1] > sh.sh_size - 24 || !src_read(s, sh.sh_offset + 12, owner, sizeof owner) ||
            memcmp(owner, P2N_NOTE_NAME, sizeof P2N_NOTE_NAME) != 0)
            return fail(P2N_ERROR_INVALID_MODULE, "%s: malformed %s note", s->name, P2N_NOTE_SECTION);
        size_t n = head[1] < cap - 1 ? head[1] : cap - 1;
        if (!src_read(s, sh.sh_offset + 24, desc, n))
            return fail(P2N_ERROR_INVALID_MODULE, "%s: malformed %s note", s->name, P2N_NOTE_SECTION);
        desc[n] = 0;
        *descsz = (uint32_t)n;
        return P2N_SUCCESS;
    }
    return fail(P2N_ERROR_INVALID_MODULE, "%s was not made by ptx2native (no %s note)", s->name, P2N_NOTE_SECTION);
}

/* --------------------------------------------------------- CPU features */

#if defined(__x86_64__)
#include <cpuid.h>

/* The x86 features the code generator uses for vectors and bit operations,
 * by LLVM's names: CPUID leaf, subleaf, register (0 eax .. 3 edx), bit;
 * os: the OS must save the AVX (1) or AVX-512 (2) registers too (XCR0). */
static const struct {
    const char *name;
    unsigned leaf, sub, reg, bit, os;
} x86_features[] = {
    {"sse3", 1, 0, 2, 0, 0},          {"ssse3", 1, 0, 2, 9, 0},        {"fma", 1, 0, 2, 12, 1},
    {"cx16", 1, 0, 2, 13, 0},         {"sse4.1", 1, 0, 2, 19, 0},      {"sse4.2", 1, 0, 2, 20, 0},
    {"movbe", 1, 0, 2, 22, 0},        {"popcnt", 1, 0, 2, 23, 0},      {"aes", 1, 0, 2, 25, 0},
    {"xsave", 1, 0, 2, 26, 0},        {"avx", 1, 0, 2, 28, 1},         {"f16c", 1, 0, 2, 29, 1},
    {"sse2", 1, 0, 3, 26, 0},         {"bmi", 7, 0, 1, 3, 0},          {"avx2", 7, 0, 1, 5, 1},
    {"bmi2", 7, 0, 1, 8, 0},          {"avx512f", 7, 0, 1, 16, 2},     {"avx512dq", 7, 0, 1, 17, 2},
    {"avx512ifma", 7, 0, 1, 21, 2},   {"avx512cd", 7, 0, 1, 28, 2},    {"avx512bw", 7, 0, 1, 30, 2},
    {"avx512vl", 7, 0, 1, 31, 2},     {"avx512vbmi", 7, 0, 2, 1, 2},   {"avx512vbmi2", 7, 0, 2, 6, 2},
    {"gfni", 7, 0, 2, 8, 0},          {"vaes", 7, 0, 2, 9, 1},         {"vpclmulqdq", 7, 0, 2, 10, 1},
    {"avx512vnni", 7, 0, 2, 11, 2},   {"avx512bitalg", 7, 0, 2, 12, 2}, {"avx512vpopcntdq", 7, 0, 2, 14, 2},
    {"avx512fp16", 7, 0, 3, 23, 2},   {"avxvnni", 7, 1, 0, 4, 1},      {"avx512bf16", 7, 1, 0, 5, 2},
    {"sahf", 0x80000001u, 0, 2, 0, 0}, {"lzcnt", 0x80000001u, 0, 2, 5, 0}, {"sse4a", 0x80000001u, 0, 2, 6, 0},
};

static bool
x86_has(unsigned i)
{
    unsigned r[4] = {0, 0, 0, 0};
    unsigned max = __get_cpuid_max(x86_features[i].leaf & 0x80000000u, NULL);
    if (max < x86_features[i].leaf ||
        !__get_cpuid_count(x86_features[i].leaf, x86_features[i].sub, &r[0], &r[1], &r[2], &r[3]) ||
        !(r[x86_features[i].reg] >> x86_features[i].bit & 1))
        return false;
    if (!x86_features[i].os)
        return true;
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1)) /* OSXSAVE */
        return false;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    unsigned want = x86_features[i].os == 1 ? 0x6u : 0xe6u; /* SSE+AVX state; + opmask, ZMM */
    return (lo & want) == want;
}
#endif

/* The '+' items of features (the module's note) this CPU lacks, as a
 * list in missing; features the library does not know are not checked
 * (docs/api.md lists those it does). */
static void
cpu_lacks(const char *features, char *missing, size_t cap)
{
    missing[0] = '\0';
#if defined(__x86_64__)
    size_t len = 0;
    for (const char *p = features; *p;) {
        size_t n = strcspn(p, ",");
        if (p[0] == '+')
            for (unsigned i = 0; i < sizeof x86_features / sizeof x86_features[0]; i++)
                if (strlen(x86_features[i].name) == n - 1 && strncmp(p + 1, x86_features[i].name, n - 1) == 0 &&
                    !x86_has(i)) {
                    int w = snprintf(missing + len, cap - len, "%s%s", len ? "," : "", x86_features[i].name);
                    if (w > 0 && (size_t)w < cap - len)
                        len += (size_t)w;
                }
        p += n + (p[n] == ',');
    }
#else
    (void)features, (void)cap;
#endif
}

/* Everything p2n_module_load checks before dlopen: an ELF shared object of
 * this machine, complete (every segment and section inside the file: a
 * truncated file would fault when mapped), with the ptx2native note of this
 * ABI version.  Nothing of a file that fails runs.  features gets the CPU
 * features the note lists. */
static p2n_result
check_image(const image_src *s, char *features, size_t cap)
{
    Elf64_Ehdr eh;
    unsigned char ident[EI_NIDENT];
    if (!src_read(s, 0, ident, sizeof ident) || memcmp(ident, ELFMAG, SELFMAG) != 0)
        return fail(P2N_ERROR_INVALID_MODULE, "%s is no ELF file (%llu bytes)", s->name,
                    (unsigned long long)s->size);
    if (ident[EI_CLASS] != ELFCLASS64 || ident[EI_DATA] != (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB))
        return fail(P2N_ERROR_INVALID_MODULE, "%s is not a 64-bit ELF file of this byte order", s->name);
    if (!src_read(s, 0, &eh, sizeof eh))
        return fail(P2N_ERROR_INVALID_MODULE, "%s is truncated (%llu bytes, no complete ELF header)", s->name,
                    (unsigned long long)s->size);
    if (eh.e_type != ET_DYN)
        return fail(P2N_ERROR_INVALID_MODULE, "%s is no shared object (ELF type %u)", s->name, eh.e_type);
#ifdef HOST_MACHINE
    if (eh.e_machine != HOST_MACHINE)
        return fail(P2N_ERROR_INVALID_MODULE, "%s is for another machine (ELF machine %u, this is %u)", s->name,
                    eh.e_machine, HOST_MACHINE);
#endif
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_shentsize != sizeof(Elf64_Shdr) ||
        !in_image(s, eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr)) ||
        !in_image(s, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr)))
        return fail(P2N_ERROR_INVALID_MODULE, "%s is truncated or malformed (its headers lie past the end)", s->name);
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph;
        if (!src_read(s, eh.e_phoff + (uint64_t)i * sizeof ph, &ph, sizeof ph) || !in_image(s, ph.p_offset, ph.p_filesz))
            return fail(P2N_ERROR_INVALID_MODULE, "%s is truncated (segment %u ends past the end of the file)", s->name,
                        i);
    }
    char desc[8192];
    uint32_t n = 0;
    p2n_result r = find_note(s, &eh, desc, sizeof desc, &n);
    if (r != P2N_SUCCESS)
        return r;
    uint32_t abi;
    memcpy(&abi, desc, 4);
    if (abi != P2N_ABI_VERSION)
        return fail(P2N_ERROR_INVALID_MODULE, "%s has ABI version %u; this library reads version %u: translate it again",
                    s->name, abi, P2N_ABI_VERSION);
    snprintf(features, cap, "%.*s", (int)(n - 4), desc + 4);
    char missing[1024];
    cpu_lacks(features, missing, sizeof missing);
    if (missing[0])
        return fail(P2N_ERROR_UNSUPPORTED_CPU,
                    "%s needs CPU features this CPU lacks: %s (translate it for this CPU, or with --cpu=x86-64-v2 "
                    "or another CPU this one covers)", s->name, missing);
    return P2N_SUCCESS;
}

/* --------------------------------------------------------------- modules */

/* The module behind a dlopen handle; name is for messages; fd (or -1) is
 * kept open as long as the module is loaded.  Takes h and fd either way. */
static p2n_result
module_open(p2n_module **out, void *h, const char *name, int fd)
{
    const p2n_module_desc *d = dlsym(h, P2N_MODULE_SYMBOL);
    p2n_result r = P2N_SUCCESS;
    if (!d) {
        r = fail(P2N_ERROR_INVALID_MODULE, "%s was not made by ptx2native (no %s)", name, P2N_MODULE_SYMBOL);
    } else if (d->abi_version != P2N_ABI_VERSION) {
        r = fail(P2N_ERROR_INVALID_MODULE, "%s has ABI version %u; this library reads version %u: translate it again",
                 name, d->abi_version, P2N_ABI_VERSION);
    }
    p2n_module *m = r == P2N_SUCCESS ? calloc(1, sizeof *m) : NULL;
    if (r == P2N_SUCCESS && (!m || !(m->path = strdup(name)))) {
        free(m);
        m = NULL;
        r = fail(P2N_ERROR_OUT_OF_MEMORY, "p2n_module_load: out of memory");
    }
    if (r != P2N_SUCCESS) {
        dlclose(h);
        if (fd >= 0)
            close(fd);
        return r;
    }
    m->handle = h;
    m->desc = d;
    m->image_fd = fd;
    pthread_mutex_init(&m->heap_lock, NULL);
    rt_registry_add(m);
    *out = m;
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_module_load(p2n_module **out, const char *path)
{
    if (!out || !path)
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_module_load: null %s", out ? "path" : "module pointer");
    *out = NULL;
    /* a file path, as given: "k.so" means ./k.so, not a library search */
    char buf[4096];
    const char *file = path;
    if (!strchr(path, '/') && snprintf(buf, sizeof buf, "./%s", path) < (int)sizeof buf)
        file = buf;
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int err = fd < 0 ? errno : EINVAL;
        if (fd >= 0)
            close(fd);
        return fail(P2N_ERROR_LOAD, "cannot load %s: %s", path, fd < 0 ? strerror(err) : "not a regular file");
    }
    image_src src = {.fd = fd, .size = (uint64_t)st.st_size, .name = path};
    char features[8192];
    p2n_result r = check_image(&src, features, sizeof features);
    close(fd);
    if (r != P2N_SUCCESS)
        return r;
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return fail(P2N_ERROR_LOAD, "cannot load %s: %s", path, dlerror());
    return module_open(out, h, path, -1);
}

/* Writes all of n bytes; false on failure. */
static bool
write_all(int fd, const unsigned char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* The image goes into an anonymous memory file (memfd_create) that dlopen
 * maps through /proc/self/fd/N; no file is left anywhere.  The descriptor
 * stays open while the module is loaded: dlopen knows loaded objects by
 * name, and an open descriptor's number cannot name another image
 * meanwhile.  Where memfd_create is missing, a file under $TMPDIR that is
 * removed as soon as dlopen has mapped it. */
RT_EXPORT p2n_result
p2n_module_load_data(p2n_module **out, const void *image, size_t size)
{
    if (!out || !image)
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_module_load_data: null %s", out ? "image" : "module pointer");
    *out = NULL;
    const unsigned char *p = image;
    image_src src = {.mem = p, .fd = -1, .size = size, .name = "the module image"};
    char features[8192];
    p2n_result r = check_image(&src, features, sizeof features);
    if (r != P2N_SUCCESS)
        return r;

    char tmp[4096] = "";
    int fd = memfd_create("ptx2native-module", MFD_CLOEXEC);
    if (fd < 0) {
        const char *dir = getenv("TMPDIR");
        if (snprintf(tmp, sizeof tmp, "%s/ptx2native-module-XXXXXX", dir && *dir ? dir : "/tmp") >= (int)sizeof tmp)
            return fail(P2N_ERROR_SYSTEM, "p2n_module_load_data: TMPDIR is too long");
        fd = mkostemp(tmp, O_CLOEXEC);
        if (fd < 0)
            return fail(P2N_ERROR_SYSTEM, "p2n_module_load_data: cannot create a file: %s", strerror(errno));
    }
    if (!write_all(fd, p, size)) {
        int err = errno;
        close(fd);
        if (*tmp)
            unlink(tmp);
        return fail(P2N_ERROR_SYSTEM, "p2n_module_load_data: cannot write the image: %s", strerror(err));
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    void *h = dlopen(*tmp ? tmp : path, RTLD_NOW | RTLD_LOCAL);
    if (*tmp) {
        unlink(tmp);
        close(fd);
        fd = -1;
    }
    if (!h) {
        if (fd >= 0)
            close(fd);
        return fail(P2N_ERROR_LOAD, "cannot load the module image: %s", dlerror());
    }
    return module_open(out, h, "<memory image>", fd);
}

RT_EXPORT p2n_result
p2n_module_unload(p2n_module *m)
{
    if (!m)
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_module_unload: null module");
    if (!rt_registry_remove(m))
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_module_unload: %p is no loaded module (unloaded already?)",
                    (void *)m);
    rt_module_heap_free(m);
    pthread_mutex_destroy(&m->heap_lock);
    dlclose(m->handle);
    if (m->image_fd >= 0)
        close(m->image_fd);
    free(m->path);
    free(m);
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_module_global(p2n_module *m, const char *name, void **addr, size_t *bytes)
{
    if (!m || !name)
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_module_global: null %s", m ? "name" : "module");
    if (!rt_module_live(m))
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_module_global: %p is no loaded module (unloaded already?)",
                    (void *)m);
    for (uint32_t i = 0; i < m->desc->nvars; i++) {
        const p2n_var_desc *v = &m->desc->vars[i];
        if (strcmp(v->name, name) == 0) {
            if (addr)
                *addr = v->addr;
            if (bytes)
                *bytes = (size_t)v->bytes;
            return P2N_SUCCESS;
        }
    }
    return fail(P2N_ERROR_NOT_FOUND, "%s has no .global or .const variable '%s'", m->path, name);
}

RT_EXPORT p2n_result
p2n_set_num_threads(unsigned n)
{
    if (n == 0 || n > 4096)
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_set_num_threads: %u is not in 1..4096", n);
    if (rt_pool_resize(n) != 0)
        return fail(P2N_ERROR_SYSTEM, "p2n_set_num_threads: cannot start worker threads");
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_set_stack_size(size_t bytes)
{
    if (rt_set_stack_size(bytes) != P2N_SUCCESS)
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_set_stack_size: %zu is not 0 or in 64 KiB..1 TiB", bytes);
    return P2N_SUCCESS;
}

/* -------------------------------------------------------------- watchdog */

/* The launch time limit in ms (0: none); -1 until P2N_LAUNCH_TIMEOUT_MS is
 * read at the first launch or p2n_set_launch_timeout sets it. */
static long launch_timeout = -1;

RT_EXPORT p2n_result
p2n_set_launch_timeout(unsigned ms)
{
    __atomic_store_n(&launch_timeout, (long)ms, __ATOMIC_RELAXED);
    return P2N_SUCCESS;
}

static unsigned
timeout_ms(void)
{
    long ms = __atomic_load_n(&launch_timeout, __ATOMIC_RELAXED);
    if (ms < 0) {
        const char *s = getenv("P2N_LAUNCH_TIMEOUT_MS");
        char *end;
        unsigned long v = s && *s ? strtoul(s, &end, 10) : 0;
        ms = s && *s && !*end && v <= 0xffffffffu ? (long)v : 0;
        long unset = -1;
        __atomic_compare_exchange_n(&launch_timeout, &unset, ms, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        ms = __atomic_load_n(&launch_timeout, __ATOMIC_RELAXED);
    }
    return (unsigned)ms;
}

/* A thread that sets job->stop when the launch outlives its limit; the
 * kernel reads the flag at every loop's head and barrier.  One per launch
 * that has a limit; none otherwise. */
typedef struct watchdog {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t done_cond;
    bool done;
    rt_job *job;
    struct timespec deadline; /* CLOCK_MONOTONIC */
} watchdog;

static void *
watchdog_main(void *arg)
{
    watchdog *wd = arg;
    pthread_mutex_lock(&wd->lock);
    while (!wd->done)
        if (pthread_cond_timedwait(&wd->done_cond, &wd->lock, &wd->deadline) == ETIMEDOUT) {
            if (!wd->done)
                __atomic_store_n(&wd->job->stop, 1, __ATOMIC_RELAXED);
            break;
        }
    pthread_mutex_unlock(&wd->lock);
    return NULL;
}

static bool
watchdog_start(watchdog *wd, rt_job *job, unsigned ms)
{
    memset(wd, 0, sizeof *wd);
    wd->job = job;
    clock_gettime(CLOCK_MONOTONIC, &wd->deadline);
    wd->deadline.tv_sec += ms / 1000;
    wd->deadline.tv_nsec += (long)(ms % 1000) * 1000000;
    if (wd->deadline.tv_nsec >= 1000000000) {
        wd->deadline.tv_sec++;
        wd->deadline.tv_nsec -= 1000000000;
    }
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&wd->done_cond, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&wd->lock, NULL);
    if (pthread_create(&wd->thread, NULL, watchdog_main, wd) == 0)
        return true;
    pthread_cond_destroy(&wd->done_cond);
    pthread_mutex_destroy(&wd->lock);
    return false;
}

static void
watchdog_stop(watchdog *wd)
{
    pthread_mutex_lock(&wd->lock);
    wd->done = true;
    pthread_cond_signal(&wd->done_cond);
    pthread_mutex_unlock(&wd->lock);
    pthread_join(wd->thread, NULL);
    pthread_cond_destroy(&wd->done_cond);
    pthread_mutex_destroy(&wd->lock);
}

/* ---------------------------------------------------------------- launch */

static p2n_result
check_dims(const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn)
{
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return fail(P2N_ERROR_INVALID_DIM, "kernel '%s': grid (%u,%u,%u) and block (%u,%u,%u) must have no zero dimension",
                    k->name, grid.x, grid.y, grid.z, block.x, block.y, block.z);
    if (grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535)
        return fail(P2N_ERROR_INVALID_DIM, "kernel '%s': grid (%u,%u,%u) is over the limits (2^31-1, 65535, 65535)",
                    k->name, grid.x, grid.y, grid.z);
    if (block.x > 1024 || block.y > 1024 || block.z > 64)
        return fail(P2N_ERROR_INVALID_DIM, "kernel '%s': block (%u,%u,%u) is over the limits (1024, 1024, 64)", k->name,
                    block.x, block.y, block.z);
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    if (threads > P2N_MAX_BLOCK_THREADS)
        return fail(P2N_ERROR_TOO_MANY_THREADS, "kernel '%s': %llu threads per block, at most %u", k->name,
                    (unsigned long long)threads, P2N_MAX_BLOCK_THREADS);
    if (k->maxntid[0]) {
        uint64_t max = (uint64_t)k->maxntid[0] * (k->maxntid[1] ? k->maxntid[1] : 1) * (k->maxntid[2] ? k->maxntid[2] : 1);
        if (threads > max)
            return fail(P2N_ERROR_TOO_MANY_THREADS, "kernel '%s': %llu threads per block, .maxntid allows %llu", k->name,
                        (unsigned long long)threads, (unsigned long long)max);
    }
    if (k->reqntid[0] && (block.x != k->reqntid[0] || block.y != (k->reqntid[1] ? k->reqntid[1] : 1) ||
                          block.z != (k->reqntid[2] ? k->reqntid[2] : 1)))
        return fail(P2N_ERROR_TOO_MANY_THREADS, "kernel '%s': block (%u,%u,%u) is not the .reqntid (%u,%u,%u)", k->name,
                    block.x, block.y, block.z, k->reqntid[0], k->reqntid[1], k->reqntid[2]);
    /* every size checked before it is added or multiplied: no sum wraps */
    if (k->static_smem > P2N_MAX_SHARED_BYTES || dyn > P2N_MAX_SHARED_BYTES - (k->static_smem + 15) / 16 * 16)
        return fail(P2N_ERROR_SHARED_SIZE,
                    "kernel '%s': %llu bytes of static and %zu of dynamic shared memory, at most %u in all", k->name,
                    (unsigned long long)k->static_smem, dyn, P2N_MAX_SHARED_BYTES);
    if (k->local_bytes > (SIZE_MAX - 15) / ((size_t)P2N_WARP_SIZE * RT_MAX_WARPS))
        return fail(P2N_ERROR_OUT_OF_MEMORY, "kernel '%s': %llu bytes of local memory per thread: more than this process can address",
                    k->name, (unsigned long long)k->local_bytes);
    return P2N_SUCCESS;
}

/* p2n_launch's checks alone, for a caller that queues the launch and
 * reports a bad configuration at once (the CUDA layer). */
p2n_result
rt_check_launch(const p2n_kernel_desc *k, p2n_dim3 grid, p2n_dim3 block, size_t dyn)
{
    return check_dims(k, grid, block, dyn);
}

RT_EXPORT p2n_result
p2n_launch(p2n_module *m, const char *kernel, p2n_dim3 grid, p2n_dim3 block, size_t dyn, void **params)
{
    return rt_launch_ex(m, kernel, grid, block, dyn, params, 0);
}

p2n_result
rt_launch_ex(p2n_module *m, const char *kernel, p2n_dim3 grid, p2n_dim3 block, size_t dyn, void **params,
             uint64_t grid_workspace)
{
    if (!m || !kernel)
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_launch: null %s", m ? "kernel name" : "module");
    if (!rt_module_live(m))
        return fail(P2N_ERROR_INVALID_VALUE, "p2n_launch: %p is no loaded module (unloaded already?)", (void *)m);
    const p2n_kernel_desc *k = NULL;
    for (uint32_t i = 0; i < m->desc->nkernels; i++)
        if (strcmp(m->desc->kernels[i].name, kernel) == 0)
            k = &m->desc->kernels[i];
    if (!k)
        return fail(P2N_ERROR_NOT_FOUND, "%s has no kernel '%s'", m->path, kernel);
    p2n_result r = check_dims(k, grid, block, dyn);
    if (r != P2N_SUCCESS)
        return r;
    if (k->nparams > 0 && !params)
        return fail(P2N_ERROR_INVALID_VALUE, "kernel '%s' takes %u parameters but params is null", k->name, k->nparams);
    for (uint32_t i = 0; i < k->nparams; i++)
        if (!params[i])
            return fail(P2N_ERROR_INVALID_VALUE, "kernel '%s': params[%u] (%s) is null", k->name, i, k->params[i].name);

    rt_job *job = calloc(1, sizeof *job);
    void *buf = aligned_alloc(16, ((size_t)k->param_bytes + 16) & ~(size_t)15);
    if (!job || !buf) {
        free(job);
        free(buf);
        return fail(P2N_ERROR_OUT_OF_MEMORY, "p2n_launch: out of memory");
    }
    for (uint32_t i = 0; i < k->nparams; i++)
        memcpy((char *)buf + k->params[i].offset, params[i], k->params[i].size);
    job->mod = m;
    job->k = k;
    job->grid = grid;
    job->block = block;
    job->dynamic_smem = (uint32_t)dyn;
    job->params = buf;
    job->nthreads = block.x * block.y * block.z;
    job->nwarps = (job->nthreads + P2N_WARP_SIZE - 1) / P2N_WARP_SIZE;
    job->ncta = (uint64_t)grid.x * grid.y * grid.z;
    job->grid_workspace = grid_workspace;
    unsigned ms = timeout_ms();
    watchdog wd;
    if (ms > 0 && !watchdog_start(&wd, job, ms)) {
        free(buf);
        free(job);
        return fail(P2N_ERROR_SYSTEM, "p2n_launch: cannot start the watchdog thread");
    }
    r = rt_run(job);
    if (ms > 0)
        watchdog_stop(&wd);
    if (r != P2N_SUCCESS)
        fail(r, "%s", job->message[0] ? job->message : p2n_result_string(r));
    free(buf);
    free(job);
    return r;
}
