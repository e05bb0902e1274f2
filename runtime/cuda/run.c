/* run.c — ptx2native-run PROGRAM [ARGS...]: runs a CUDA program built with
 * nvcc -cudart shared on the CPU.  Puts the directory holding our
 * libcudart.so.12/.13 and libcuda.so.1 first on LD_LIBRARY_PATH and execs
 * the program, so stdout, stderr and the exit status are the program's.
 * A program linked with the static CUDA runtime (nvcc's default: no
 * libcudart in its DT_NEEDED, __cudaRegisterFatBinary defined inside it)
 * cannot be redirected; it is refused with the way to rebuild it. */
#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned char *
slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = len > 0 ? malloc((size_t)len) : NULL;
    if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *n = buf ? (size_t)len : 0;
    return buf;
}

/* 1: a 64-bit ELF with the CUDA runtime linked in statically. */
static int
static_cudart(const unsigned char *b, size_t n)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)b;
    if (n < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) > n)
        return 0;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(b + eh->e_shoff);
    int shared = 0, defines = 0;
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        const Elf64_Shdr *s = &sh[i];
        if (s->sh_link >= eh->e_shnum || s->sh_offset + s->sh_size > n)
            continue;
        const Elf64_Shdr *str = &sh[s->sh_link];
        if (str->sh_offset + str->sh_size > n)
            continue;
        const char *strs = (const char *)b + str->sh_offset;
        if (s->sh_type == SHT_DYNAMIC) {
            const Elf64_Dyn *d = (const Elf64_Dyn *)(b + s->sh_offset);
            for (size_t j = 0; j < s->sh_size / sizeof *d && d[j].d_tag != DT_NULL; j++)
                if (d[j].d_tag == DT_NEEDED && d[j].d_un.d_val < str->sh_size &&
                    strncmp(strs + d[j].d_un.d_val, "libcudart.so", 12) == 0)
                    shared = 1;
        } else if (s->sh_type == SHT_SYMTAB || s->sh_type == SHT_DYNSYM) {
            const Elf64_Sym *sym = (const Elf64_Sym *)(b + s->sh_offset);
            for (size_t j = 0; j < s->sh_size / sizeof *sym; j++)
                if (sym[j].st_shndx != SHN_UNDEF && sym[j].st_name < str->sh_size &&
                    strcmp(strs + sym[j].st_name, "__cudaRegisterFatBinary") == 0)
                    defines = 1;
        }
    }
    return defines && !shared;
}

/* Where our libraries are: lib/ptx2native beside bin/, or (in the build
 * tree) this program's own directory. */
static int
lib_dir(char *out, size_t n)
{
    char exe[PATH_MAX], probe[PATH_MAX + 64];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return -1;
    exe[len] = 0;
    char *s = strrchr(exe, '/');
    *s = 0;
    const char *cands[] = {"%s/../lib/ptx2native", "%s"};
    for (int i = 0; i < 2; i++) {
        snprintf(probe, sizeof probe, cands[i], exe);
        char lib[PATH_MAX + 96];
        snprintf(lib, sizeof lib, "%s/libcuda.so.1", probe);
        if (access(lib, R_OK) == 0 && realpath(probe, out)) {
            (void)n;
            return 0;
        }
    }
    return -1;
}

int
main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fprintf(argc < 2 ? stderr : stdout,
                "usage: ptx2native-run PROGRAM [ARGS...]\n\n"
                "Runs a CUDA program built with 'nvcc -cudart shared' on the CPU, through\n"
                "ptx2native's libcudart and libcuda.  Its kernels are translated at their\n"
                "first use and cached in $XDG_CACHE_HOME/ptx2native (P2N_CACHE=off: no\n"
                "cache; P2N_VERBOSE=1: say what is translated or taken from the cache).\n");
        return argc < 2 ? 2 : 0;
    }
    char dir[PATH_MAX];
    if (lib_dir(dir, sizeof dir) != 0) {
        fprintf(stderr, "ptx2native-run: cannot find libcuda.so.1 beside this program or in "
                        "../lib/ptx2native\n");
        return 127;
    }
    const char *prog = argv[1];
    char found[PATH_MAX + 8];
    if (!strchr(prog, '/')) { /* as execvp would find it */
        const char *path = getenv("PATH");
        char *copy = strdup(path ? path : "/usr/bin:/bin");
        for (char *p = strtok(copy, ":"); p; p = strtok(NULL, ":")) {
            snprintf(found, sizeof found, "%s/%s", p, prog);
            if (access(found, X_OK) == 0) {
                prog = found;
                break;
            }
        }
        free(copy);
    }
    size_t n;
    unsigned char *img = slurp(prog, &n);
    if (img && static_cudart(img, n)) {
        fprintf(stderr,
                "ptx2native-run: %s is linked with the static CUDA runtime (nvcc's default), which "
                "ptx2native cannot replace; rebuild it with 'nvcc -cudart shared'\n",
                argv[1]);
        free(img);
        return 127;
    }
    free(img);
    const char *old = getenv("LD_LIBRARY_PATH");
    size_t len = strlen(dir) + (old ? strlen(old) : 0) + 2;
    char *lp = malloc(len);
    if (!lp)
        return 127;
    snprintf(lp, len, "%s%s%s", dir, old && *old ? ":" : "", old ? old : "");
    setenv("LD_LIBRARY_PATH", lp, 1);
    execvp(argv[1], argv + 1);
    fprintf(stderr, "ptx2native-run: cannot run %s: %s\n", argv[1], strerror(errno));
    return 127;
}
