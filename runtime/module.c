/* module.c — modules of libptx2native (runtime/ptx2native.h): checking a
 * file or image before any of it runs, loading it, finding an object
 * linked into the program, unloading, and the module's variables. */
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
#include <unistd.h>

#include "rt.h"

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
        !src_read(s, eh->e_shoff + (uint64_t)eh->e_shstrndx * sizeof strtab, &strtab,
                  sizeof strtab))
        return rt_fail(P2N_ERROR_INVALID_MODULE, "%s: no section names: not made by ptx2native",
                       s->name);
    if (!in_image(s, strtab.sh_offset, strtab.sh_size))
        return rt_fail(P2N_ERROR_INVALID_MODULE,
                       "%s is truncated (the section names end past the end of the file)", s->name);
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        Elf64_Shdr sh;
        char name[sizeof P2N_NOTE_SECTION];
        if (!src_read(s, eh->e_shoff + (uint64_t)i * sizeof sh, &sh, sizeof sh))
            return rt_fail(P2N_ERROR_INVALID_MODULE, "%s: truncated section headers", s->name);
        if (sh.sh_type != SHT_NOBITS && !in_image(s, sh.sh_offset, sh.sh_size))
            return rt_fail(P2N_ERROR_INVALID_MODULE,
                           "%s is truncated (section %u ends past the end of the file)", s->name,
                           i);
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
            return rt_fail(P2N_ERROR_INVALID_MODULE, "%s: malformed %s note", s->name,
                           P2N_NOTE_SECTION);
        size_t n = head[1] < cap - 1 ? head[1] : cap - 1;
        if (!src_read(s, sh.sh_offset + 24, desc, n))
            return rt_fail(P2N_ERROR_INVALID_MODULE, "%s: malformed %s note", s->name,
                           P2N_NOTE_SECTION);
        desc[n] = 0;
        *descsz = (uint32_t)n;
        return P2N_SUCCESS;
    }
    return rt_fail(P2N_ERROR_INVALID_MODULE, "%s was not made by ptx2native (no %s note)", s->name,
                   P2N_NOTE_SECTION);
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
    {"sse3", 1, 0, 2, 0, 0},
    {"ssse3", 1, 0, 2, 9, 0},
    {"fma", 1, 0, 2, 12, 1},
    {"cx16", 1, 0, 2, 13, 0},
    {"sse4.1", 1, 0, 2, 19, 0},
    {"sse4.2", 1, 0, 2, 20, 0},
    {"movbe", 1, 0, 2, 22, 0},
    {"popcnt", 1, 0, 2, 23, 0},
    {"aes", 1, 0, 2, 25, 0},
    {"xsave", 1, 0, 2, 26, 0},
    {"avx", 1, 0, 2, 28, 1},
    {"f16c", 1, 0, 2, 29, 1},
    {"sse2", 1, 0, 3, 26, 0},
    {"bmi", 7, 0, 1, 3, 0},
    {"avx2", 7, 0, 1, 5, 1},
    {"bmi2", 7, 0, 1, 8, 0},
    {"avx512f", 7, 0, 1, 16, 2},
    {"avx512dq", 7, 0, 1, 17, 2},
    {"avx512ifma", 7, 0, 1, 21, 2},
    {"avx512cd", 7, 0, 1, 28, 2},
    {"avx512bw", 7, 0, 1, 30, 2},
    {"avx512vl", 7, 0, 1, 31, 2},
    {"avx512vbmi", 7, 0, 2, 1, 2},
    {"avx512vbmi2", 7, 0, 2, 6, 2},
    {"gfni", 7, 0, 2, 8, 0},
    {"vaes", 7, 0, 2, 9, 1},
    {"vpclmulqdq", 7, 0, 2, 10, 1},
    {"avx512vnni", 7, 0, 2, 11, 2},
    {"avx512bitalg", 7, 0, 2, 12, 2},
    {"avx512vpopcntdq", 7, 0, 2, 14, 2},
    {"avx512fp16", 7, 0, 3, 23, 2},
    {"avxvnni", 7, 1, 0, 4, 1},
    {"avx512bf16", 7, 1, 0, 5, 2},
    {"sahf", 0x80000001u, 0, 2, 0, 0},
    {"lzcnt", 0x80000001u, 0, 2, 5, 0},
    {"sse4a", 0x80000001u, 0, 2, 6, 0},
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
                if (strlen(x86_features[i].name) == n - 1 &&
                    strncmp(p + 1, x86_features[i].name, n - 1) == 0 && !x86_has(i)) {
                    int w = snprintf(missing + len, cap - len, "%s%s", len ? "," : "",
                                     x86_features[i].name);
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
        return rt_fail(P2N_ERROR_INVALID_MODULE, "%s is no ELF file (%llu bytes)", s->name,
                    (unsigned long long)s->size);
    if (ident[EI_CLASS] != ELFCLASS64 ||
        ident[EI_DATA] != (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB))
        return rt_fail(P2N_ERROR_INVALID_MODULE, "%s is not a 64-bit ELF file of this byte order",
                       s->name);
    if (!src_read(s, 0, &eh, sizeof eh))
        return rt_fail(P2N_ERROR_INVALID_MODULE,
                       "%s is truncated (%llu bytes, no complete ELF header)", s->name,
                       (unsigned long long)s->size);
    if (eh.e_type != ET_DYN)
        return rt_fail(P2N_ERROR_INVALID_MODULE, "%s is no shared object (ELF type %u)", s->name,
                       eh.e_type);
#ifdef HOST_MACHINE
    if (eh.e_machine != HOST_MACHINE)
        return rt_fail(P2N_ERROR_INVALID_MODULE,
                       "%s is for another machine (ELF machine %u, this is %u)", s->name,
                       eh.e_machine, HOST_MACHINE);
#endif
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_shentsize != sizeof(Elf64_Shdr) ||
        !in_image(s, eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr)) ||
        !in_image(s, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr)))
        return rt_fail(P2N_ERROR_INVALID_MODULE,
                       "%s is truncated or malformed (its headers lie past the end)", s->name);
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph;
        if (!src_read(s, eh.e_phoff + (uint64_t)i * sizeof ph, &ph, sizeof ph) ||
            !in_image(s, ph.p_offset, ph.p_filesz))
            return rt_fail(P2N_ERROR_INVALID_MODULE,
                           "%s is truncated (segment %u ends past the end of the file)", s->name,
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
        return rt_fail(P2N_ERROR_INVALID_MODULE,
                       "%s has ABI version %u; this library reads version %u: translate it again",
                       s->name, abi, P2N_ABI_VERSION);
    snprintf(features, cap, "%.*s", (int)(n - 4), desc + 4);
    char missing[1024];
    cpu_lacks(features, missing, sizeof missing);
    if (missing[0])
        return rt_fail(P2N_ERROR_UNSUPPORTED_CPU,
                       "%s needs CPU features this CPU lacks: %s (translate it for this CPU, or "
                       "with --cpu=x86-64-v2 "
                       "or another CPU this one covers)",
                       s->name, missing);
    return P2N_SUCCESS;
}

/* --------------------------------------------------------------- modules */

/* A new module of descriptor d: handle (or NULL, for an object linked
 * into the program) and fd (or -1) are kept while it is loaded; name is
 * for messages. */
static p2n_result
module_new(p2n_module **out, const p2n_module_desc *d, void *h, const char *name, int fd)
{
    p2n_module *m = calloc(1, sizeof *m);
    if (!m || !(m->path = strdup(name)) ||
        !(m->kernels = calloc(d->nkernels ? d->nkernels : 1, sizeof *m->kernels))) {
        if (m) free(m->path);
        free(m);
        return rt_fail(P2N_ERROR_OUT_OF_MEMORY, "p2n_module_load: out of memory");
    }
    for (uint32_t i = 0; i < d->nkernels; i++)
        m->kernels[i] = (p2n_kernel){m, &d->kernels[i]};
    m->handle = h;
    m->desc = d;
    m->image_fd = fd;
    pthread_mutex_init(&m->heap_lock, NULL);
    rt_registry_add(m);
    *out = m;
    return P2N_SUCCESS;
}

/* The module behind a dlopen handle; name is for messages; fd (or -1) is
 * kept open as long as the module is loaded.  Takes h and fd either way. */
static p2n_result
module_open(p2n_module **out, void *h, const char *name, int fd)
{
    const p2n_module_desc *d = dlsym(h, P2N_MODULE_SYMBOL);
    p2n_result r = P2N_SUCCESS;
    if (!d) {
        r = rt_fail(P2N_ERROR_INVALID_MODULE,
                    "%s was not made by ptx2native as a shared object (no %s)", name,
                    P2N_MODULE_SYMBOL);
    } else if (d->abi_version != P2N_ABI_VERSION) {
        r = rt_fail(P2N_ERROR_INVALID_MODULE,
                    "%s has ABI version %u; this library reads version %u: translate it again",
                    name, d->abi_version, P2N_ABI_VERSION);
    }
    if (r == P2N_SUCCESS)
        r = module_new(out, d, h, name, fd);
    if (r != P2N_SUCCESS) {
        dlclose(h);
        if (fd >= 0)
            close(fd);
    }
    return r;
}

RT_EXPORT p2n_result
p2n_module_load(p2n_module **out, const char *path)
{
    if (!out || !path)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_module_load: null %s",
                       out ? "path" : "module pointer");
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
        return rt_fail(P2N_ERROR_LOAD, "cannot load %s: %s", path,
                       fd < 0 ? strerror(err) : "not a regular file");
    }
    image_src src = {.fd = fd, .size = (uint64_t)st.st_size, .name = path};
    char features[8192];
    p2n_result r = check_image(&src, features, sizeof features);
    close(fd);
    if (r != P2N_SUCCESS)
        return r;
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return rt_fail(P2N_ERROR_LOAD, "cannot load %s: %s", path, dlerror());
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
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_module_load_data: null %s",
                       out ? "image" : "module pointer");
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
        if (snprintf(tmp, sizeof tmp, "%s/ptx2native-module-XXXXXX", dir && *dir ? dir : "/tmp") >=
            (int)sizeof tmp)
            return rt_fail(P2N_ERROR_SYSTEM, "p2n_module_load_data: TMPDIR is too long");
        fd = mkostemp(tmp, O_CLOEXEC);
        if (fd < 0)
            return rt_fail(P2N_ERROR_SYSTEM, "p2n_module_load_data: cannot create a file: %s",
                           strerror(errno));
    }
    if (!write_all(fd, p, size)) {
        int err = errno;
        close(fd);
        if (*tmp)
            unlink(tmp);
        return rt_fail(P2N_ERROR_SYSTEM, "p2n_module_load_data: cannot write the image: %s",
                       strerror(err));
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
        return rt_fail(P2N_ERROR_LOAD, "cannot load the module image: %s", dlerror());
    }
    return module_open(out, h, "<memory image>", fd);
}

/* An object made with -c and linked into the program registered its
 * descriptor (registry.c); its code and variables are the program's, so
 * each such module shares them, and only the device heap is its own. */
RT_EXPORT p2n_result
p2n_module_get_linked(p2n_module **out, const char *name)
{
    if (!out || !name)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_module_get_linked: null %s",
                       out ? "name" : "module pointer");
    *out = NULL;
    const p2n_module_desc *d;
    p2n_result r = rt_linked_find(name, &d);
    if (r != P2N_SUCCESS)
        return r;
    char missing[1024];
    cpu_lacks(d->features, missing, sizeof missing);
    if (missing[0])
        return rt_fail(P2N_ERROR_UNSUPPORTED_CPU,
                       "linked object '%s' needs CPU features this CPU lacks: %s (translate it for "
                       "this CPU, or "
                       "with --cpu=x86-64-v2 or another CPU this one covers)",
                       name, missing);
    return module_new(out, d, NULL, name, -1);
}

RT_EXPORT p2n_result
p2n_module_unload(p2n_module *m)
{
    if (!m)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_module_unload: null module");
    if (!rt_registry_remove(m))
        return rt_fail(P2N_ERROR_INVALID_VALUE,
                       "p2n_module_unload: %p is no loaded module (unloaded already?)", (void *)m);
    rt_module_heap_free(m);
    pthread_mutex_destroy(&m->heap_lock);
    if (m->handle)
        dlclose(m->handle);
    if (m->image_fd >= 0)
        close(m->image_fd);
    free(m->kernels);
    free(m->path);
    free(m);
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_module_global(p2n_module *m, const char *name, void **addr, size_t *bytes)
{
    if (!m || !name)
        return rt_fail(P2N_ERROR_INVALID_VALUE, "p2n_module_global: null %s",
                       m ? "name" : "module");
    if (!rt_module_live(m))
        return rt_fail(P2N_ERROR_INVALID_VALUE,
                       "p2n_module_global: %p is no loaded module (unloaded already?)", (void *)m);
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
    return rt_fail(P2N_ERROR_NOT_FOUND, "%s has no .global or .const variable '%s'", m->path, name);
}

