/* fatbin.c — the PTX inside an nvcc fatbinary.
 *
 * A fatbinary is a header (magic 0xBA55ED50, version, header size, size of
 * what follows) and entries back to back.  Each entry has its own header:
 * kind (1 PTX, 2 ELF/SASS) at 0, header size at 4, payload size at 8, the
 * compressed size at 16, the architecture (sm_XY as XY) at 28, flags at 40
 * and the uncompressed size at 56.  nvcc 13 compresses PTX with zstd by
 * default; the payload then starts with zstd's frame magic.  An executable
 * keeps every translation unit's fatbinary in the .nv_fatbin section, one
 * after the other (8-byte aligned).
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "core.h"

#define FATBIN_MAGIC 0xBA55ED50u
#define ENTRY_PTX 1

static uint32_t
rd32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static uint64_t
rd64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static int
errorf(char *err, size_t errlen, const char *msg, unsigned a)
{
    snprintf(err, errlen, msg, a);
    return -1;
}

/* The entry's PTX as a NUL-terminated string (without trailing NULs). */
static int
entry_text(const unsigned char *e, uint32_t hsize, uint64_t psize, cu_ptx *out, char *err,
           size_t errlen)
{
    const unsigned char *p = e + hsize;
    uint64_t csize = rd32(e + 16), usize = rd64(e + 56);
    char *text;
    size_t len;
    if (psize >= 4 && rd32(p) == 0xFD2FB528u) { /* a zstd frame */
        size_t in = csize && csize <= psize ? csize : psize;
        unsigned long long want = ZSTD_getFrameContentSize(p, in);
        if (want == ZSTD_CONTENTSIZE_ERROR)
            return errorf(err, errlen, "the fatbinary's PTX (sm_%u) is not a valid zstd frame",
                          rd32(e + 28));
        if (want == ZSTD_CONTENTSIZE_UNKNOWN)
            want = usize;
        if (want > (1ull << 32))
            return errorf(err, errlen, "the fatbinary's PTX (sm_%u) is too large", rd32(e + 28));
        text = malloc(want + 1);
        if (!text)
            return errorf(err, errlen, "out of memory for %u bytes of PTX", (unsigned)want);
        size_t got = ZSTD_decompress(text, want, p, in);
        if (ZSTD_isError(got)) {
            free(text);
            snprintf(err, errlen, "cannot decompress the fatbinary's PTX: %s",
                     ZSTD_getErrorName(got));
            return -1;
        }
        len = got;
    } else if (rd64(e + 40) & 0x2000) {
        return errorf(
            err, errlen,
            "the fatbinary's PTX (sm_%u) uses the older compressed format, which is not supported: "
            "rebuild with -Xfatbin -compress-all=false or nvcc 12.8 or later",
            rd32(e + 28));
    } else {
        text = malloc(psize + 1);
        if (!text)
            return errorf(err, errlen, "out of memory for %u bytes of PTX", (unsigned)psize);
        memcpy(text, p, psize);
        len = psize;
    }
    text[len] = 0;
    len = strlen(text); /* the payload ends in NUL padding */
    out->text = text;
    out->len = len;
    out->arch = rd32(e + 28);
    return 0;
}

/* The best PTX entry of one fatbinary at p (size bytes available). */
static int
one_fatbin(const unsigned char *p, size_t avail, size_t *used, cu_ptx *out, char *err,
           size_t errlen)
{
    if (avail < 16 || rd32(p) != FATBIN_MAGIC)
        return errorf(err, errlen, "not a fatbinary (magic %#x)", avail >= 4 ? rd32(p) : 0);
    uint32_t hsize = p[6] | p[7] << 8;
    uint64_t size = rd64(p + 8);
    if (hsize < 16 || hsize + size > avail)
        return errorf(err, errlen, "a fatbinary header is damaged (%u)", hsize);
    *used = hsize + size;
    const unsigned char *best = NULL, *first = NULL;
    unsigned best_arch = 0;
    for (uint64_t off = hsize; off + 64 <= hsize + size;) {
        const unsigned char *e = p + off;
        uint32_t ehsize = rd32(e + 4);
        uint64_t psize = rd64(e + 8);
        if (ehsize < 64 || off + ehsize + psize > hsize + size)
            return errorf(err, errlen, "a fatbinary entry is damaged (header size %u)", ehsize);
        if ((e[0] | e[1] << 8) == ENTRY_PTX) {
            unsigned arch = rd32(e + 28);
            if (!first || arch < rd32(first + 28))
                first = e;
            if (arch <= CU_MAX_PTX_ARCH && arch >= best_arch)
                best = e, best_arch = arch;
        }
        off += ehsize + psize;
    }
    if (!best)
        best = first; /* only newer ones: try the oldest */
    if (!best)
        return errorf(err, errlen,
                      "the fatbinary holds no PTX (build with -arch=sm_XY or add compute_XY)%.0u",
                      0);
    return entry_text(best, rd32(best + 4), rd64(best + 8), out, err, errlen);
}

int
cu_fatbin_ptx(const void *data, size_t limit, cu_ptx *out, char *err, size_t errlen)
{
    const unsigned char *p = data;
    if (!limit) {
        if (rd32(p) != FATBIN_MAGIC)
            return errorf(err, errlen, "not a fatbinary (magic %#x)", rd32(p));
        limit = (p[6] | p[7] << 8) + rd64(p + 8);
    }
    size_t used;
    return one_fatbin(p, limit, &used, out, err, errlen);
}

int
cu_elf_fatbins(const char *path, int (*fn)(void *user, cu_ptx *ptx), void *user, char *err,
               size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open %s", path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = n > 0 ? malloc((size_t)n) : NULL;
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    fclose(f);
    int found = -1;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)buf;
    if ((size_t)n < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) > (uint64_t)n ||
        eh->e_shstrndx >= eh->e_shnum) {
        snprintf(err, errlen, "%s is not a 64-bit ELF file", path);
        goto out;
    }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(buf + eh->e_shoff);
    const Elf64_Shdr *strs = &sh[eh->e_shstrndx];
    /* .nv_fatbin: one fatbinary a translation unit; __nv_relfatbin: those
     * of relocatable device code (-rdc=true), whose PTX is linked */
    const char *sections[] = {".nv_fatbin", "__nv_relfatbin"};
    found = 0;
    bool any = false;
    for (int k = 0; k < 2 && found >= 0; k++) {
        const Elf64_Shdr *fb = NULL;
        for (unsigned i = 0; i < eh->e_shnum; i++)
            if (sh[i].sh_name < strs->sh_size && strs->sh_offset + strs->sh_size <= (uint64_t)n &&
                strcmp((const char *)buf + strs->sh_offset + sh[i].sh_name, sections[k]) == 0)
                fb = &sh[i];
        if (!fb || fb->sh_offset + fb->sh_size > (uint64_t)n)
            continue;
        any = true;
        const unsigned char *p = buf + fb->sh_offset, *end = p + fb->sh_size;
        while (p + 16 <= end) {
            if (rd32(p) != FATBIN_MAGIC) {
                p += 8; /* padding between fatbinaries */
                continue;
            }
            size_t used = 0;
            cu_ptx ptx;
            char e2[256];
            int rc = one_fatbin(p, (size_t)(end - p), &used, &ptx, e2, sizeof e2);
            if (used == 0) {
                snprintf(err, errlen, "%s: %s", path, e2);
                found = -1;
                break;
            }
            p += (used + 7) & ~(size_t)7;
            if (rc != 0)
                continue; /* a fatbinary without PTX (SASS only) */
            found++;
            if (fn(user, &ptx) != 0) {
                snprintf(err, errlen, "%s: stopped at fatbinary %d", path, found);
                found = -1;
                break;
            }
        }
    }
    if (!any) {
        snprintf(err, errlen, "%s has no .nv_fatbin section (not built by nvcc, or no device code)",
                 path);
        found = -1;
    }
out:
    free(buf);
    return found;
}
