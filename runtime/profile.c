/* profile.c — the counters of modules translated with --profile
 * (docs/report.md, "Runtime profile").  The kernel code counts each
 * conditional branch; rt_profile_launch counts each launch and its wall
 * time.  When such a module is unloaded, and at the process's exit, its
 * counts are added into the file P2N_PROFILE names (nothing is written
 * without it) and its counters start again from zero.
 *
 * The file is a divergence-profile (docs/report.xsd), written here with
 * fprintf, one element per line.  To merge, this file reads back that
 * fixed form only (it is no XML parser): a file it cannot read is left as
 * it is, with a message.  flock keeps processes that write one file at
 * once from losing each other's counts.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

enum { PROFILE_FORMAT = 1 };

/* ------------------------------------------------------- what is counted */

typedef struct pr_branch {
    char *op;
    unsigned line, column;
    uint64_t exec, divergent, lanes;
} pr_branch;

typedef struct pr_func {
    char *name;
    bool entry;
    uint64_t launches, ns;
    pr_branch *b;
    size_t nb, capb;
} pr_func;

typedef struct pr_module {
    char *file, *name;
    uint64_t checksum;
    pr_func *f;
    size_t nf, capf;
} pr_module;

typedef struct pr_file {
    pr_module *m;
    size_t nm, capm;
} pr_file;

/* Room for element n of *v (*cap allocated, zeroed when new); false
 * when out of memory. */
static bool
grow(void **v, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return true;
    size_t c = *cap ? 2 * *cap : 8;
    while (c <= n)
        c *= 2;
    void *p = realloc(*v, c * size);
    if (!p)
        return false;
    memset((char *)p + *cap * size, 0, (c - *cap) * size);
    *v = p;
    *cap = c;
    return true;
}

/* Frees m's functions; m keeps its file and name. */
static void
funcs_free(pr_module *m)
{
    for (size_t j = 0; j < m->nf; j++) {
        for (size_t k = 0; k < m->f[j].nb; k++)
            free(m->f[j].b[k].op);
        free(m->f[j].b);
        free(m->f[j].name);
    }
    free(m->f);
    m->f = NULL;
    m->nf = m->capf = 0;
}

static void
file_free(pr_file *pf)
{
    for (size_t i = 0; i < pf->nm; i++) {
        funcs_free(&pf->m[i]);
        free(pf->m[i].file);
        free(pf->m[i].name);
    }
    free(pf->m);
    *pf = (pr_file){0};
}

static pr_module *
module_find(pr_file *pf, const char *file, const char *name)
{
    for (size_t i = 0; i < pf->nm; i++)
        if (strcmp(pf->m[i].file, file) == 0 && strcmp(pf->m[i].name, name) == 0)
            return &pf->m[i];
    if (!grow((void **)&pf->m, &pf->capm, pf->nm, sizeof *pf->m))
        return NULL;
    pr_module *m = &pf->m[pf->nm];
    m->file = strdup(file);
    m->name = strdup(name);
    if (!m->file || !m->name) {
        free(m->file);
        free(m->name);
        *m = (pr_module){0};
        return NULL;
    }
    pf->nm++;
    return m;
}

static pr_func *
func_find(pr_module *m, const char *name, bool entry)
{
    for (size_t i = 0; i < m->nf; i++)
        if (strcmp(m->f[i].name, name) == 0)
            return &m->f[i];
    if (!grow((void **)&m->f, &m->capf, m->nf, sizeof *m->f) || !(m->f[m->nf].name = strdup(name)))
        return NULL;
    m->f[m->nf].entry = entry;
    return &m->f[m->nf++];
}

static pr_branch *
branch_find(pr_func *f, const char *op, unsigned line, unsigned column)
{
    for (size_t i = 0; i < f->nb; i++)
        if (f->b[i].line == line && f->b[i].column == column)
            return &f->b[i];
    if (!grow((void **)&f->b, &f->capb, f->nb, sizeof *f->b) || !(f->b[f->nb].op = strdup(op)))
        return NULL;
    f->b[f->nb].line = line;
    f->b[f->nb].column = column;
    return &f->b[f->nb++];
}

static bool
is_kernel(const p2n_module_desc *d, const char *name)
{
    for (uint32_t k = 0; k < d->nkernels; k++)
        if (strcmp(d->kernels[k].name, name) == 0)
            return true;
    return false;
}

/* Adds d's counts to pf (a module of the same file and name but another
 * PTX text is replaced) and sets d's counters to zero; false when out of
 * memory. */
static bool
add_counts(pr_file *pf, const p2n_module_desc *d)
{
    const p2n_profile_desc *p = d->profile;
    pr_module *m = module_find(pf, d->source ? d->source : "", d->name ? d->name : "");
    if (!m)
        return false;
    if (m->nf > 0 && m->checksum != p->checksum)
        funcs_free(m); /* counts of another PTX text */
    m->checksum = p->checksum;
    for (uint32_t k = 0; k < d->nkernels; k++) {
        pr_func *f = func_find(m, d->kernels[k].name, true);
        if (!f)
            return false;
        f->launches += __atomic_exchange_n(&p->launches[2 * k], 0, __ATOMIC_RELAXED);
        f->ns += __atomic_exchange_n(&p->launches[2 * k + 1], 0, __ATOMIC_RELAXED);
    }
    for (uint32_t i = 0; i < p->nbranches; i++) {
        const p2n_profile_branch *b = &p->branches[i];
        pr_func *f = func_find(m, b->func, is_kernel(d, b->func));
        pr_branch *r = f ? branch_find(f, b->op, b->line, b->column) : NULL;
        if (!r)
            return false;
        for (size_t s = 0; s < P2N_PROFILE_SLOTS; s++) {
            uint64_t *c = &p->counts[s * p->slot_stride + 3 * i];
            r->exec += __atomic_exchange_n(&c[0], 0, __ATOMIC_RELAXED);
            r->divergent += __atomic_exchange_n(&c[1], 0, __ATOMIC_RELAXED);
            r->lanes += __atomic_exchange_n(&c[2], 0, __ATOMIC_RELAXED);
        }
    }
    return true;
}

/* ------------------------------------------------------------- writing */

static void
put_attr(FILE *f, const char *name, const char *value)
{
    fprintf(f, " %s=\"", name);
    for (const char *s = value; *s; s++)
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\n': fputs("&#10;", f); break;
        default: fputc(*s, f);
        }
    fputc('"', f);
}

/* Nsight's branch efficiency, (executions - divergent) / executions, and
 * SIMD efficiency, active lanes / (32 * executions); none for a branch
 * that never ran. */
static void
put_efficiency(FILE *f, uint64_t exec, uint64_t divergent, uint64_t lanes)
{
    if (exec == 0)
        return;
    fprintf(f, " branch-efficiency=\"%.4f\" simd-efficiency=\"%.4f\"",
            (double)(exec - divergent) / (double)exec,
            (double)lanes / ((double)P2N_WARP_SIZE * (double)exec));
}

static void
write_file(FILE *f, const pr_file *pf)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<divergence-profile format=\"%d\">\n", PROFILE_FORMAT);
    for (size_t i = 0; i < pf->nm; i++) {
        const pr_module *m = &pf->m[i];
        fputs("  <module", f);
        put_attr(f, "file", m->file);
        put_attr(f, "name", m->name);
        fprintf(f, " checksum=\"%016" PRIx64 "\">\n", m->checksum);
        for (size_t j = 0; j < m->nf; j++) {
            const pr_func *fn = &m->f[j];
            uint64_t exec = 0, divergent = 0, lanes = 0;
            for (size_t k = 0; k < fn->nb; k++) {
                exec += fn->b[k].exec;
                divergent += fn->b[k].divergent;
                lanes += fn->b[k].lanes;
            }
            fputs("    <function", f);
            put_attr(f, "name", fn->name);
            fprintf(f, " kind=\"%s\"", fn->entry ? "entry" : "func");
            if (fn->entry)
                fprintf(f, " launches=\"%" PRIu64 "\" time-ns=\"%" PRIu64 "\"", fn->launches,
                        fn->ns);
            fprintf(f,
                    " executions=\"%" PRIu64 "\" divergent=\"%" PRIu64 "\" active-lanes=\"%" PRIu64
                    "\"",
                    exec, divergent, lanes);
            put_efficiency(f, exec, divergent, lanes);
            fputs(">\n", f);
            for (size_t k = 0; k < fn->nb; k++) {
                const pr_branch *b = &fn->b[k];
                fputs("      <transfer", f);
                put_attr(f, "op", b->op);
                fprintf(f,
                        " line=\"%u\" column=\"%u\" executions=\"%" PRIu64 "\" divergent=\"%" PRIu64
                        "\" active-lanes=\"%" PRIu64 "\"",
                        b->line, b->column, b->exec, b->divergent, b->lanes);
                put_efficiency(f, b->exec, b->divergent, b->lanes);
                fputs("/>\n", f);
            }
            fputs("    </function>\n", f);
        }
        fputs("  </module>\n", f);
    }
    fputs("</divergence-profile>\n", f);
}

/* ------------------------------------------------------------- reading */

/* The value of attribute name in the tag at s (up to its end), unescaped
 * into buf; false when it has none. */
static bool
get_attr(const char *s, const char *name, char *buf, size_t size)
{
    size_t n = strlen(name);
    for (const char *p = s; (p = strstr(p, name)) != NULL; p += n) {
        if (p == s || p[-1] != ' ' || strncmp(p + n, "=\"", 2) != 0)
            continue;
        const char *v = p + n + 2;
        size_t k = 0;
        while (*v && *v != '"' && k + 1 < size) {
            static const struct {
                const char *esc;
                char c;
            } ents[] = {{"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'},
                        {"&quot;", '"'}, {"&apos;", '\''}, {"&#10;", '\n'}};
            bool done = false;
            for (size_t e = 0; e < sizeof ents / sizeof ents[0] && !done; e++)
                if (strncmp(v, ents[e].esc, strlen(ents[e].esc)) == 0) {
                    buf[k++] = ents[e].c;
                    v += strlen(ents[e].esc);
                    done = true;
                }
            if (!done)
                buf[k++] = *v++;
        }
        buf[k] = 0;
        return *v == '"';
    }
    return false;
}

static bool
get_u64(const char *s, const char *name, uint64_t *out, int base)
{
    char buf[32], *end;
    if (!get_attr(s, name, buf, sizeof buf) || !buf[0])
        return false;
    errno = 0;
    *out = strtoull(buf, &end, base);
    return !*end && errno == 0;
}

static bool
starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* One line of the file into pf; *m and *f the module and function open.
 * false when the line is not of the form write_file writes. */
static bool
read_line(pr_file *pf, char *s, pr_module **m, pr_func **f)
{
    char a[4096], b[4096];
    uint64_t v[6];
    while (*s == ' ')
        s++;
    if (!*s || starts(s, "<?xml ") || starts(s, "</divergence-profile>"))
        return true;
    if (starts(s, "<divergence-profile "))
        return get_u64(s, "format", v, 10) && v[0] == PROFILE_FORMAT;
    if (starts(s, "<module ")) {
        if (!get_attr(s, "file", a, sizeof a) || !get_attr(s, "name", b, sizeof b) ||
            !get_u64(s, "checksum", v, 16) || !(*m = module_find(pf, a, b)) || (*m)->nf > 0)
            return false; /* a module twice: not ours */
        (*m)->checksum = v[0];
        return true;
    }
    if (starts(s, "</module>")) {
        bool ok = *m && !*f;
        *m = NULL;
        return ok;
    }
    if (starts(s, "<function ")) {
        if (!*m || *f || !get_attr(s, "name", a, sizeof a) || !get_attr(s, "kind", b, sizeof b))
            return false;
        bool entry = strcmp(b, "entry") == 0;
        if (!(*f = func_find(*m, a, entry)))
            return false;
        if (entry && (!get_u64(s, "launches", &(*f)->launches, 10) ||
                      !get_u64(s, "time-ns", &(*f)->ns, 10)))
            return false;
        return true;
    }
    if (starts(s, "</function>")) {
        bool ok = *f != NULL;
        *f = NULL;
        return ok;
    }
    if (starts(s, "<transfer ")) {
        pr_branch *r;
        if (!*f || !get_attr(s, "op", a, sizeof a) || !get_u64(s, "line", &v[0], 10) ||
            !get_u64(s, "column", &v[1], 10) || !get_u64(s, "executions", &v[2], 10) ||
            !get_u64(s, "divergent", &v[3], 10) || !get_u64(s, "active-lanes", &v[4], 10) ||
            v[0] > UINT32_MAX || v[1] > UINT32_MAX ||
            !(r = branch_find(*f, a, (unsigned)v[0], (unsigned)v[1])))
            return false;
        r->exec += v[2];
        r->divergent += v[3];
        r->lanes += v[4];
        return true;
    }
    return false;
}

/* The profile in the n bytes at text; false when they are not one. */
static bool
read_file(pr_file *pf, char *text, size_t n)
{
    pr_module *m = NULL;
    pr_func *f = NULL;
    bool root = false;
    if (n == 0)
        return true; /* a new file */
    for (char *s = text; s < text + n;) {
        char *end = memchr(s, '\n', (size_t)(text + n - s));
        if (!end)
            return false;
        *end = 0;
        root |= starts(s, "<divergence-profile ");
        if (!read_line(pf, s, &m, &f))
            return false;
        s = end + 1;
    }
    return root && !m && !f;
}

/* ------------------------------------------------------------ merging */

static char *
read_all(int fd, size_t *n)
{
    size_t cap = 0;
    char *buf = NULL;
    *n = 0;
    for (;;) {
        if (!grow((void **)&buf, &cap, *n + 4096, 1)) {
            free(buf);
            return NULL;
        }
        ssize_t got = read(fd, buf + *n, cap - *n - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(buf);
            return NULL;
        }
        if (got == 0)
            break;
        *n += (size_t)got;
    }
    buf[*n] = 0;
    return buf;
}

static bool
write_all(int fd, const char *p, size_t n)
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

/* Adds the counts of d[0..n) into the file P2N_PROFILE names, under an
 * exclusive lock: read, add, write in place. */
static void
flush(const p2n_module_desc *const *d, size_t n)
{
    const char *path = getenv("P2N_PROFILE");
    if (!path || !*path)
        return;
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(stderr, "ptx2native: P2N_PROFILE: cannot open %s: %s\n", path, strerror(errno));
        return;
    }
    while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
        ;
    pr_file pf = {0};
    size_t len;
    char *text = read_all(fd, &len), *out = NULL;
    size_t outlen = 0;
    const char *why = NULL;
    if (!text)
        why = strerror(errno ? errno : ENOMEM);
    else if (!read_file(&pf, text, len))
        why = "not a profile this runtime wrote (docs/report.md); left as it is";
    for (size_t i = 0; i < n && !why; i++)
        if (!add_counts(&pf, d[i]))
            why = strerror(ENOMEM);
    FILE *mem = why ? NULL : open_memstream(&out, &outlen);
    if (!why && !mem)
        why = strerror(errno);
    if (mem) {
        write_file(mem, &pf);
        if (fclose(mem) != 0)
            why = strerror(ENOMEM);
    }
    if (!why && (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0 ||
                 !write_all(fd, out, outlen)))
        why = strerror(errno);
    if (why)
        fprintf(stderr, "ptx2native: P2N_PROFILE: %s: %s\n", path, why);
    free(out);
    free(text);
    file_free(&pf);
    flock(fd, LOCK_UN);
    close(fd);
}

/* --------------------------------------------------- modules and launches */

/* The profiled modules loaded now, each with the number of loads. */
static pthread_mutex_t profile_lock = PTHREAD_MUTEX_INITIALIZER;
static struct attached {
    const p2n_module_desc *desc;
    unsigned loads;
} *attached;
static size_t nattached, capattached;

static void
at_exit(void)
{
    pthread_mutex_lock(&profile_lock);
    const p2n_module_desc **d = malloc(sizeof *d * (nattached + 1));
    if (d) {
        for (size_t i = 0; i < nattached; i++)
            d[i] = attached[i].desc;
        flush(d, nattached);
        free(d);
    }
    pthread_mutex_unlock(&profile_lock);
}

/* A forked child starts counting from zero: the parent writes what was
 * counted before the fork.  (The child has one thread: no lock taken.) */
static void
at_fork_child(void)
{
    for (size_t i = 0; i < nattached; i++) {
        const p2n_profile_desc *p = attached[i].desc->profile;
        memset(p->counts, 0, sizeof *p->counts * P2N_PROFILE_SLOTS * p->slot_stride);
        memset(p->launches, 0, sizeof *p->launches * 2 * attached[i].desc->nkernels);
    }
}

void
rt_profile_attach(const p2n_module_desc *d)
{
    static bool registered;
    if (!d->profile)
        return;
    pthread_mutex_lock(&profile_lock);
    if (!registered) {
        registered = true;
        atexit(at_exit);
        pthread_atfork(NULL, NULL, at_fork_child);
    }
    size_t i = 0;
    while (i < nattached && attached[i].desc != d)
        i++;
    if (i < nattached)
        attached[i].loads++;
    else if (grow((void **)&attached, &capattached, nattached, sizeof *attached))
        attached[nattached++] = (struct attached){d, 1};
    pthread_mutex_unlock(&profile_lock);
}

void
rt_profile_detach(const p2n_module_desc *d)
{
    if (!d->profile)
        return;
    pthread_mutex_lock(&profile_lock);
    for (size_t i = 0; i < nattached; i++)
        if (attached[i].desc == d && --attached[i].loads == 0) {
            flush(&d, 1); /* before its memory goes */
            attached[i] = attached[--nattached];
            break;
        }
    pthread_mutex_unlock(&profile_lock);
}

uint64_t
rt_profile_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void
rt_profile_launch(const p2n_module_desc *d, const p2n_kernel_desc *k, uint64_t start)
{
    uint64_t ns = rt_profile_clock() - start;
    size_t i = (size_t)(k - d->kernels);
    if (!d->profile || i >= d->nkernels)
        return;
    __atomic_fetch_add(&d->profile->launches[2 * i], 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&d->profile->launches[2 * i + 1], ns, __ATOMIC_RELAXED);
}
