/* load.c — libFuzzer target: p2n_module_load_data, and p2n_module_load on
 * a file, given arbitrary bytes.  What they check before dlopen must refuse
 * every image that is not a complete ELF shared object of this machine
 * with the ptx2native note of this ABI version (runtime/p2n_abi.h), and
 * never crash on one.  dlopen is replaced here, so that no fuzzed image is
 * mapped or runs: an image that reaches it must pass the same rules, read
 * a second time below from the ELF layout, and is then refused
 * (P2N_ERROR_LOAD).  A finding is a crash, a sanitizer report, an abort:
 * an image that reached dlopen and should not have, or another result
 * than those. */
#include <dlfcn.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "p2n_abi.h"
#include "ptx2native.h"

#if defined(__x86_64__)
#define MACHINE EM_X86_64
#elif defined(__aarch64__)
#define MACHINE EM_AARCH64
#endif

static const uint8_t *image; /* the input while the library is called: dlopen checks it */
static size_t image_size;
static int reached;          /* dlopen was called for it */

/* [off, off + len) inside the image */
static int
inside(uint64_t off, uint64_t len)
{
    return off <= image_size && len <= image_size - off;
}

/* The rules every image given to dlopen must meet. */
static int
acceptable(void)
{
    Elf64_Ehdr eh;
    if (image_size < sizeof eh)
        return 0;
    memcpy(&eh, image, sizeof eh);
    unsigned char order = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB;
    if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
        eh.e_ident[EI_DATA] != order || eh.e_type != ET_DYN)
        return 0;
#ifdef MACHINE
    if (eh.e_machine != MACHINE)
        return 0;
#endif
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || !inside(eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr)) ||
        eh.e_shentsize != sizeof(Elf64_Shdr) || !inside(eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr)) ||
        eh.e_shstrndx >= eh.e_shnum)
        return 0;
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph;
        memcpy(&ph, image + eh.e_phoff + i * sizeof ph, sizeof ph);
        if (!inside(ph.p_offset, ph.p_filesz))
            return 0;
    }
    Elf64_Shdr names;
    memcpy(&names, image + eh.e_shoff + eh.e_shstrndx * sizeof names, sizeof names);
    for (unsigned i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr sh;
        memcpy(&sh, image + eh.e_shoff + i * sizeof sh, sizeof sh);
        if (sh.sh_type != SHT_NOBITS && !inside(sh.sh_offset, sh.sh_size))
            return 0;
        if (sh.sh_type != SHT_NOTE || !inside(names.sh_offset, names.sh_size) || sh.sh_name >= names.sh_size ||
            !inside(names.sh_offset + sh.sh_name, sizeof P2N_NOTE_SECTION) ||
            memcmp(image + names.sh_offset + sh.sh_name, P2N_NOTE_SECTION, sizeof P2N_NOTE_SECTION) != 0)
            continue;
        /* namesz, descsz, type, "ptx2native\0" padded to 12, the ABI version */
        uint32_t note[3], abi;
        if (sh.sh_size < 28)
            return 0;
        memcpy(note, image + sh.sh_offset, sizeof note);
        memcpy(&abi, image + sh.sh_offset + 24, sizeof abi);
        return note[0] == sizeof P2N_NOTE_NAME && note[2] == P2N_NOTE_TYPE && note[1] >= 4 &&
               note[1] <= sh.sh_size - 24 &&
               memcmp(image + sh.sh_offset + 12, P2N_NOTE_NAME, sizeof P2N_NOTE_NAME) == 0 &&
               abi == P2N_ABI_VERSION;
    }
    return 0;
}

/* Replaces the C library's for the runtime linked into this program;
 * calls made outside LLVMFuzzerTestOneInput go to the real one. */
void *
dlopen(const char *file, int flags)
{
    if (!image) {
        void *(*real)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
        return real(file, flags);
    }
    if (!acceptable()) {
        fprintf(stderr, "fuzz/load: an image that breaks the rules reached dlopen (%s)\n", file);
        abort();
    }
    reached = 1;
    return NULL;
}

char *
dlerror(void)
{
    if (!image) {
        char *(*real)(void) = (char *(*)(void))dlsym(RTLD_NEXT, "dlerror");
        return real();
    }
    return (char *)"dlopen is replaced by the fuzz target";
}

/* The result of a load of this image: refused before dlopen, or refused
 * by the replacement. */
static void
expect(p2n_result r, p2n_module *m, const char *how)
{
    int ok = reached ? r == P2N_ERROR_LOAD
                     : r == P2N_ERROR_INVALID_MODULE || r == P2N_ERROR_UNSUPPORTED_CPU;
    if (!ok || m) {
        fprintf(stderr, "fuzz/load: %s returned %d (%s), dlopen %sreached\n", how, (int)r,
                p2n_error_message(), reached ? "" : "not ");
        abort();
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t empty;
    image = data ? data : &empty;
    image_size = size;
    /* from memory */
    reached = 0;
    p2n_module *m = NULL;
    expect(p2n_module_load_data(&m, image, size), m, "p2n_module_load_data");
    int from_memory = reached;
    /* from a file: the same verdict */
    int fd = memfd_create("fuzz-load", MFD_CLOEXEC);
    if (fd >= 0 && write(fd, image, size) == (ssize_t)size) {
        char path[64];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        reached = 0;
        expect(p2n_module_load(&m, path), m, "p2n_module_load");
        if (reached != from_memory) {
            fprintf(stderr, "fuzz/load: dlopen reached from %s only\n", reached ? "a file" : "memory");
            abort();
        }
    }
    if (fd >= 0)
        close(fd);
    image = NULL;
    return 0;
}
