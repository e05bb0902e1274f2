/* lines.c — the source line of a code address in a module, for the
 * messages of a failing launch (a fault, a trap).
 *
 * The translator emits a DWARF line table with every module (docs/runtime.md,
 * "Where a kernel failed"): rows map code addresses to the PTX line, or with
 * -g to the CUDA source line with the PTX line as the row's discriminator.
 * This file reads that table back from the module's file, only when a launch
 * has failed: nothing here is on a hot path.  It reads DWARF 2 to 5 line
 * programs (.debug_line, and .debug_line_str for DWARF 5's names) of a
 * 64-bit ELF file; anything else gives no answer, never a crash.
 *
 * A hand-written reader rather than libdw: about 250 lines against a library
 * (and its libelf, zlib, bzip2, lzma and zstd) that every program linking
 * the runtime would load for a message.
 */
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rt.h"

/* A bounded reader over one section: running off the end sets bad and
 * yields zeros. */
typedef struct cursor {
    const uint8_t *p, *end;
    int bad;
} cursor;

static uint64_t
rd_n(cursor *c, unsigned n)
{
    if (c->bad || (size_t)(c->end - c->p) < n) {
        c->bad = 1;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)c->p[i] << (8 * i); /* little-endian ELF only */
    c->p += n;
    return v;
}

static uint64_t
rd_uleb(cursor *c)
{
    uint64_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
        uint64_t b = rd_n(c, 1);
        if (c->bad)
            return 0;
        if (shift < 64)
            v |= (b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
}

static int64_t
rd_sleb(cursor *c)
{
    uint64_t v = 0;
    unsigned shift = 0;
    uint64_t b;
    do {
        b = rd_n(c, 1);
        if (c->bad)
            return 0;
        if (shift < 64)
            v |= (b & 0x7f) << shift;
        shift += 7;
    } while (b & 0x80);
    if (shift < 64 && (b & 0x40))
        v |= ~(uint64_t)0 << shift;
    return (int64_t)v;
}

static const char *
rd_str(cursor *c)
{
    const uint8_t *s = c->p;
    while (c->p < c->end && *c->p)
        c->p++;
    if (c->p >= c->end) {
        c->bad = 1;
        return "";
    }
    c->p++;
    return (const char *)s;
}

typedef struct section {
    const uint8_t *data;
    size_t size;
} section;

/* A string at offset off of .debug_line_str or .debug_str. */
static const char *
str_at(section s, uint64_t off)
{
    if (!s.data || off >= s.size || !memchr(s.data + off, 0, s.size - off))
        return "";
    return (const char *)s.data + off;
}

enum { MAX_FILES = 4096 };

/* One unit's file names, as its header gives them. */
typedef struct unit_files {
    const char *name[MAX_FILES];
    unsigned n;
} unit_files;

/* A DWARF 5 entry format list: pairs of content type and form. */
static int
read_entries(cursor *c, section line_str, section str, int offset64, const char **names,
             unsigned *count, unsigned max)
{
    uint64_t kinds[16], forms[16];
    unsigned nfmt = (unsigned)rd_n(c, 1);
    if (nfmt > 16)
        return 0;
    for (unsigned i = 0; i < nfmt; i++) {
        kinds[i] = rd_uleb(c);
        forms[i] = rd_uleb(c);
    }
    uint64_t n = rd_uleb(c);
    for (uint64_t k = 0; k < n && !c->bad; k++) {
        const char *name = "";
        for (unsigned i = 0; i < nfmt; i++) {
            const char *s = NULL;
            switch (forms[i]) {
            case 0x08: s = rd_str(c); break;                                  /* string */
            case 0x1f: s = str_at(line_str, rd_n(c, offset64 ? 8 : 4)); break; /* line_strp */
            case 0x0e: s = str_at(str, rd_n(c, offset64 ? 8 : 4)); break;      /* strp */
            case 0x0b: rd_n(c, 1); break;                                      /* data1 */
            case 0x05: rd_n(c, 2); break;                                      /* data2 */
            case 0x06: rd_n(c, 4); break;                                      /* data4 */
            case 0x07: rd_n(c, 8); break;                                      /* data8 */
            case 0x1e: rd_n(c, 8), rd_n(c, 8); break;                          /* data16 */
            case 0x0f: rd_uleb(c); break;                                      /* udata */
            case 0x09: {                                                       /* block */
                uint64_t len = rd_uleb(c);
                if (len > (uint64_t)(c->end - c->p))
                    c->bad = 1;
                else
                    c->p += len;
                break;
            }
            default: return 0; /* a form we cannot skip */
            }
            if (kinds[i] == 1 && s) /* DW_LNCT_path */
                name = s;
        }
        if (*count < max)
            names[(*count)++] = name;
    }
    return !c->bad;
}

/* What a lookup looks for: the row covering a code address, or (ptx_line
 * non-zero) the first -g row whose discriminator is that PTX line. */
typedef struct line_key {
    uint64_t addr;
    unsigned ptx_line;
} line_key;

/* Runs the line program of the unit at c; on the row key asks for, fills
 * out and returns 1.  *next is set to the next unit. */
static int
run_unit(cursor *c, section line_str, section str, const line_key *key, rt_line *out,
         const uint8_t **next, unit_files *fl)
{
    int offset64 = 0;
    uint64_t len = rd_n(c, 4);
    if (len == 0xffffffffu) {
        offset64 = 1;
        len = rd_n(c, 8);
    }
    if (c->bad || len > (uint64_t)(c->end - c->p))
        return *next = c->end, 0;
    cursor u = {c->p, c->p + len, 0};
    *next = c->p + len;
    unsigned version = (unsigned)rd_n(&u, 2);
    if (version < 2 || version > 5)
        return 0;
    unsigned addr_size = 8;
    if (version >= 5) {
        addr_size = (unsigned)rd_n(&u, 1);
        rd_n(&u, 1); /* segment selector size */
    }
    uint64_t hlen = rd_n(&u, offset64 ? 8 : 4);
    if (hlen > (uint64_t)(u.end - u.p))
        return 0;
    const uint8_t *program = u.p + hlen;
    unsigned min_len = (unsigned)rd_n(&u, 1);
    if (version >= 4)
        rd_n(&u, 1); /* maximum operations per instruction: 1 on x86 and Arm */
    int default_stmt = (int)rd_n(&u, 1);
    int line_base = (int8_t)rd_n(&u, 1);
    unsigned line_range = (unsigned)rd_n(&u, 1);
    unsigned opcode_base = (unsigned)rd_n(&u, 1);
    uint8_t std_len[256] = {0};
    for (unsigned i = 1; i < opcode_base; i++)
        std_len[i] = (uint8_t)rd_n(&u, 1);
    if (u.bad || line_range == 0 || opcode_base == 0 || (addr_size != 4 && addr_size != 8))
        return 0;
    fl->n = 0;
    if (version >= 5) {
        const char *dirs[1];
        unsigned ndirs = 0;
        if (!read_entries(&u, line_str, str, offset64, dirs, &ndirs, 0) ||
            !read_entries(&u, line_str, str, offset64, fl->name, &fl->n, MAX_FILES))
            return 0;
    } else {
        while (!u.bad && u.p < u.end && *u.p)
            rd_str(&u); /* include directories */
        rd_n(&u, 1);
        fl->name[fl->n++] = ""; /* DWARF 2-4 number files from 1 */
        while (!u.bad && u.p < u.end && *u.p) {
            const char *name = rd_str(&u);
            rd_uleb(&u), rd_uleb(&u), rd_uleb(&u);
            if (fl->n < MAX_FILES)
                fl->name[fl->n++] = name;
        }
    }
    if (u.bad)
        return 0;

    /* the state machine; prev: the last row emitted in this sequence */
    cursor p = {program, u.end, 0};
    uint64_t a = 0, file = 1, line = 1, col = 0, disc = 0;
    int have_prev = 0;
    rt_line prev = {0};
    uint64_t prev_addr = 0;
    while (!p.bad && p.p < p.end) {
        unsigned op = (unsigned)rd_n(&p, 1);
        int emit = 0, end_seq = 0;
        if (op >= opcode_base) {
            unsigned adj = op - opcode_base;
            a += (uint64_t)(adj / line_range) * min_len;
            line += (uint64_t)(int64_t)(line_base + (int)(adj % line_range));
            emit = 1;
        } else if (op == 0) {
            uint64_t n = rd_uleb(&p);
            if (n == 0 || n > (uint64_t)(p.end - p.p))
                break;
            const uint8_t *after = p.p + n;
            unsigned sub = (unsigned)rd_n(&p, 1);
            if (sub == 1)
                emit = end_seq = 1;
            else if (sub == 2)
                a = rd_n(&p, addr_size);
            else if (sub == 4)
                disc = rd_uleb(&p);
            p.p = after;
        } else {
            switch (op) {
            case 1: emit = 1; break;
            case 2: a += rd_uleb(&p) * min_len; break;
            case 3: line += (uint64_t)rd_sleb(&p); break;
            case 4: file = rd_uleb(&p); break;
            case 5: col = rd_uleb(&p); break;
            case 8: a += (uint64_t)((255 - opcode_base) / line_range) * min_len; break;
            case 9: a += rd_n(&p, 2); break;
            default: /* 6, 7, 10, 11, 12 and unknown ones: skip their operands */
                for (unsigned i = 0; i < std_len[op]; i++)
                    rd_uleb(&p);
            }
        }
        if (!emit)
            continue;
        /* the previous row covers [prev_addr, a) */
        if (!key->ptx_line && have_prev && prev_addr <= key->addr && key->addr < a) {
            *out = prev;
            return 1;
        }
        if (end_seq) {
            have_prev = 0;
            a = 0, file = 1, line = 1, col = 0, disc = 0;
            continue;
        }
        have_prev = 1;
        prev_addr = a;
        prev.file = file < fl->n ? fl->name[file] : "";
        prev.line = (unsigned)line;
        prev.column = (unsigned)col;
        prev.discriminator = (unsigned)disc;
        disc = 0;
        if (key->ptx_line && prev.discriminator == key->ptx_line && prev.line) {
            *out = prev;
            return 1;
        }
        (void)default_stmt;
    }
    return 0;
}

static int
lookup(const char *path, const line_key *key, rt_line *out)
{
    memset(out, 0, sizeof *out);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
        close(fd);
        return 0;
    }
    size_t size = (size_t)st.st_size;
    const uint8_t *img = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (img == MAP_FAILED)
        return 0;
    int found = 0;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;
    section line = {0}, line_str = {0}, str = {0};
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_ident[EI_CLASS] == ELFCLASS64 &&
        eh->e_ident[EI_DATA] == ELFDATA2LSB && eh->e_shentsize == sizeof(Elf64_Shdr) &&
        eh->e_shoff < size && eh->e_shnum <= (size - eh->e_shoff) / sizeof(Elf64_Shdr) &&
        eh->e_shstrndx < eh->e_shnum) {
        const Elf64_Shdr *sh = (const Elf64_Shdr *)(img + eh->e_shoff);
        const Elf64_Shdr *names = &sh[eh->e_shstrndx];
        for (unsigned i = 0; i < eh->e_shnum && names->sh_offset < size; i++) {
            if (sh[i].sh_type == SHT_NOBITS || sh[i].sh_offset > size ||
                sh[i].sh_size > size - sh[i].sh_offset || (sh[i].sh_flags & SHF_COMPRESSED) ||
                sh[i].sh_name >= size - names->sh_offset)
                continue;
            const char *name = (const char *)img + names->sh_offset + sh[i].sh_name;
            if (!memchr(name, 0, size - names->sh_offset - sh[i].sh_name))
                continue;
            section s = {img + sh[i].sh_offset, sh[i].sh_size};
            if (strcmp(name, ".debug_line") == 0)
                line = s;
            else if (strcmp(name, ".debug_line_str") == 0)
                line_str = s;
            else if (strcmp(name, ".debug_str") == 0)
                str = s;
        }
    }
    cursor c = {line.data, line.data ? line.data + line.size : NULL, 0};
    unit_files *fl = line.data ? malloc(sizeof *fl) : NULL; /* 32 KiB: not on a small stack */
    while (!found && fl && c.p < c.end) {
        const uint8_t *next;
        found = run_unit(&c, line_str, str, key, out, &next, fl);
        c.p = next;
        c.bad = 0;
    }
    free(fl);
    if (found) { /* the names point into the mapping: copy them out */
        snprintf(out->file_buf, sizeof out->file_buf, "%s", out->file);
        out->file = out->file_buf;
    }
    munmap((void *)img, size);
    return found;
}

int
rt_line_lookup(const char *path, uint64_t addr, rt_line *out)
{
    line_key key = {addr, 0};
    return lookup(path, &key, out);
}

void
rt_source_of_ptx_line(const void *code, unsigned ptx_line, char *buf, size_t size)
{
    Dl_info dl;
    rt_line row;
    line_key key = {0, ptx_line};
    buf[0] = 0;
    if (code && ptx_line && dladdr(code, &dl) && dl.dli_fname && lookup(dl.dli_fname, &key, &row))
        snprintf(buf, size, " (%s:%u)", row.file, row.line);
}
