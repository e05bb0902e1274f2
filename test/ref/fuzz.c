/* fuzz.c — the differential tester: random programs through the reference
 * interpreter and the translator, outputs compared bit for bit.
 *
 *   fuzz [--seed S] [-n N] [--batch B] [--without brx] [--write DIR] [--keep DIR]
 *       N programs, seeds S .. S+N-1, B to a module (one translation per
 *       batch).  A program whose results differ (or that the translator
 *       rejects, or that crashes or hangs translated) is a disagreement;
 *       with --write it is shrunk and written to DIR/fuzz_SEED.ptx.
 *   fuzz --replay [--tag T] FILE.ptx...
 *       Each file holds one shrunk program (kernel k0) and its input seed
 *       in a "// fuzz-inputs: SEED" line; runs it through both.  Test
 *       names are fuzz/regressT/FILE.
 *
 * Prints "PASS fuzz/..." / "FAIL fuzz/..." / "SKIP fuzz/..." lines for
 * test/run.sh and a summary line.  Programs listed (by seed or file name)
 * in test/regress/KNOWN_FAILURES with a reason are SKIP.  Exit status 1 on
 * any FAIL.  Tools: P2N (default ./ptx2native), test/ref/run_rt and
 * test/ref/run_ref, run from the top of the tree.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gen.h"

#define RUN_FLAGGED 100
#define RUN_TIMEOUT 101
#define RUN_CRASH 102
#define WORDS (GEN_THREADS * GEN_OUT)

static const char *g_p2n = "./ptx2native";
static const char *g_p2nflags = ""; /* P2NFLAGS: e.g. -O0 */
static char g_tmp[256];
static int g_quiet;
extern int gen_no_brx;

static int
sh(const char *fmt, ...)
{
    char cmd[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    int r = system(cmd);
    return r == -1 ? -1 : WEXITSTATUS(r);
}

typedef struct Result {
    int32_t status;
    uint32_t out[WORDS];
} Result;

/* Reads n results; false if the file is short. */
static bool
read_results(const char *path, Result *r, int n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    bool ok = true;
    for (int i = 0; i < n && ok; i++)
        ok = fread(&r[i].status, 4, 1, f) == 1 && fread(r[i].out, 4, WORDS, f) == WORDS;
    fclose(f);
    return ok;
}

typedef enum { AGREE, DIFFER, FLAGGED, TRANSLATE_FAIL } Verdict;

/* What differs, for the report. */
static void
describe(const Result *rt, const Result *ref, char *buf, size_t n)
{
    if (rt->status != ref->status) {
        snprintf(buf, n, "status: translated %d, interpreter %d", rt->status, ref->status);
        return;
    }
    int nd = 0, first = -1;
    for (int i = 0; i < WORDS; i++)
        if (rt->out[i] != ref->out[i]) {
            if (first < 0)
                first = i;
            nd++;
        }
    char which[GEN_OUT * 4 + 1] = "";
    for (int w = 0; w < GEN_OUT; w++)
        for (int i = w; i < WORDS; i += GEN_OUT)
            if (rt->out[i] != ref->out[i]) {
                snprintf(which + strlen(which), sizeof which - strlen(which), "%s%d", *which ? "," : "", w);
                break;
            }
    snprintf(buf, n, "%d words differ (output words %s); first: thread %d word %d: translated 0x%08x, interpreter 0x%08x",
             nd, which, first / GEN_OUT, first % GEN_OUT, rt->out[first], ref->out[first]);
}

static Verdict
compare(const Result *rt, const Result *ref)
{
    if (ref->status == RUN_FLAGGED || ref->status == RUN_TIMEOUT || ref->status == RUN_CRASH)
        return FLAGGED;
    if (rt->status != ref->status)
        return DIFFER;
    return memcmp(rt->out, ref->out, sizeof rt->out) ? DIFFER : AGREE;
}

/* Runs module ptx (already holding kernels names[i] with input seeds) through both. */
static bool
run_both(const char *ptx, char **specs, int n, Result *rt, Result *ref, bool *translated)
{
    char so[300], rrt[300], rref[300], args[8192] = "";
    snprintf(so, sizeof so, "%s.so", ptx);
    snprintf(rrt, sizeof rrt, "%s.rt", ptx);
    snprintf(rref, sizeof rref, "%s.ref", ptx);
    for (int i = 0; i < n; i++) {
        strcat(args, " ");
        strcat(args, specs[i]);
    }
    *translated = sh("%s %s %s -o %s 2>%s.err", g_p2n, g_p2nflags, ptx, so, ptx) == 0;
    if (!*translated)
        return false;
    if (sh("test/ref/run_rt %s %s %s 2>/dev/null", so, rrt, args) != 0 || !read_results(rrt, rt, n))
        return false;
    if (sh("P2NREF_STRICT=1 test/ref/run_ref %s %s %s 2>/dev/null", ptx, rref, args) != 0 ||
        !read_results(rref, ref, n))
        return false;
    return true;
}

static void
write_program(const char *path, uint64_t seed, int id)
{
    FILE *f = fopen(path, "w");
    fputs(GEN_HEADER, f);
    gen_program(f, seed, id);
    fclose(f);
}

/* One program alone: its verdict and description. */
static Verdict
check_one(const char *ptx, uint64_t inseed, char *why, size_t n)
{
    static Result rt, ref;
    char spec[64], *specs[1] = {spec};
    bool tr;
    snprintf(spec, sizeof spec, "k0:%llu", (unsigned long long)inseed);
    if (!run_both(ptx, specs, 1, &rt, &ref, &tr)) {
        if (!tr) {
            char cmd[400];
            snprintf(cmd, sizeof cmd, "head -c 300 %s.err", ptx);
            FILE *p = popen(cmd, "r");
            size_t k = p ? fread(why, 1, n - 1, p) : 0;
            why[k] = 0;
            if (p)
                pclose(p);
            if (k == 0)
                snprintf(why, n, "ptx2native crashed");
            return TRANSLATE_FAIL;
        }
        snprintf(why, n, "a runner failed");
        return FLAGGED;
    }
    Verdict v = compare(&rt, &ref);
    if (v == DIFFER)
        describe(&rt, &ref, why, n);
    return v;
}

/* --- shrinking: delete whole .func definitions, then lines of the body
 * regions, while the disagreement (of the same kind) persists. */

typedef struct Lines {
    char **v;
    int n;
    bool *del;
    bool *body; /* deletable */
} Lines;

static void
save_lines(const Lines *L, const char *path, uint64_t inseed, const char *header)
{
    FILE *f = fopen(path, "w");
    if (header)
        fprintf(f, "%s", header);
    if (inseed != (uint64_t)-1)
        fprintf(f, "// fuzz-inputs: %llu\n", (unsigned long long)inseed);
    for (int i = 0; i < L->n; i++)
        if (!L->del[i])
            fputs(L->v[i], f);
    fclose(f);
}

static bool
deletable(const char *s)
{
    while (*s == '\t' || *s == ' ')
        s++;
    if (s[0] == '.' || s[0] == '{' || s[0] == '}' || s[0] == '/' || s[0] == '\n' || s[0] == 0)
        return false;
    if (strncmp(s, "ret;", 4) == 0)
        return false;
    return true;
}

static Verdict
interesting(Lines *L, const char *path, uint64_t inseed, Verdict want)
{
    char why[600];
    save_lines(L, path, (uint64_t)-1, NULL);
    Verdict v = check_one(path, inseed, why, sizeof why);
    return v == want ? v : AGREE;
}

static void
shrink(const char *src, const char *dst, uint64_t inseed, Verdict want, const char *header)
{
    Lines L = {0};
    FILE *f = fopen(src, "r");
    char buf[1024];
    int cap = 0;
    bool in_body = false;
    while (fgets(buf, sizeof buf, f)) {
        if (L.n == cap) {
            cap = cap ? 2 * cap : 256;
            L.v = realloc(L.v, sizeof *L.v * (size_t)cap);
            L.del = realloc(L.del, (size_t)cap);
            L.body = realloc(L.body, (size_t)cap);
        }
        if (strncmp(buf, "// body", 7) == 0)
            in_body = true;
        else if (strncmp(buf, "// end", 6) == 0)
            in_body = false;
        L.v[L.n] = strdup(buf);
        L.del[L.n] = false;
        L.body[L.n] = in_body && deletable(buf);
        L.n++;
    }
    fclose(f);
    char work[300];
    snprintf(work, sizeof work, "%s/shrink.ptx", g_tmp);
    int tries = 0;
    /* first whole .func definitions (those the kernel no longer needs) */
    for (int i = 0; i < L.n; i++) {
        if (strncmp(L.v[i], ".func", 5) != 0)
            continue;
        int end = i;
        while (end < L.n && strcmp(L.v[end], "}\n") != 0)
            end++;
        if (end + 1 < L.n && L.v[end + 1][0] == '\n')
            end++;
        for (int j = i; j <= end && j < L.n; j++)
            L.del[j] = true;
        tries++;
        if (interesting(&L, work, inseed, want) != want)
            for (int j = i; j <= end && j < L.n; j++)
                L.del[j] = false;
        i = end;
    }
    for (int chunk = L.n / 2; chunk >= 1; chunk /= 2) {
        bool progress = true;
        while (progress && tries < 200) {
            progress = false;
            for (int start = 0; start < L.n && tries < 200; start += chunk) {
                bool any = false;
                bool *was = malloc((size_t)L.n);
                memcpy(was, L.del, (size_t)L.n);
                for (int i = start; i < start + chunk && i < L.n; i++)
                    if (L.body[i] && !L.del[i])
                        L.del[i] = any = true;
                if (!any) {
                    free(was);
                    continue;
                }
                tries++;
                if (interesting(&L, work, inseed, want) == want)
                    progress = true;
                else
                    memcpy(L.del, was, (size_t)L.n);
                free(was);
            }
        }
    }
    save_lines(&L, dst, inseed, header);
    if (!g_quiet)
        fprintf(stderr, "fuzz: shrunk after %d tries to %s\n", tries, dst);
}

/* --- known failures */

static char *g_known;

static const char *
known_reason(const char *key)
{
    if (!g_known)
        return NULL;
    size_t k = strlen(key);
    for (char *p = g_known; p && *p;) {
        char *e = strchr(p, '\n');
        if (strncmp(p, key, k) == 0 && (p[k] == ' ' || p[k] == '\t')) {
            static char r[400];
            size_t n = e ? (size_t)(e - (p + k + 1)) : strlen(p + k + 1);
            snprintf(r, sizeof r, "%.*s", (int)n, p + k + 1);
            return r;
        }
        p = e ? e + 1 : NULL;
    }
    return NULL;
}

static void
load_known(void)
{
    FILE *f = fopen("test/regress/KNOWN_FAILURES", "r");
    if (!f)
        return;
    g_known = calloc(1, 65536);
    size_t n = fread(g_known, 1, 65535, f);
    g_known[n] = 0;
    fclose(f);
}

static int npass, nfail, nskip;

static void
verdict_line(const char *name, const char *key, Verdict v, const char *why)
{
    const char *r = known_reason(key);
    if (v == AGREE) {
        npass++;
        printf("PASS %s\n", name);
    } else if (r) {
        nskip++;
        printf("SKIP %s (known failure: %s)\n", name, r);
    } else if (v == FLAGGED) {
        nskip++;
        printf("SKIP %s (the interpreter declined: undefined or unsupported)\n", name);
    } else {
        nfail++;
        printf("FAIL %s: %s\n", name, why);
    }
}

static int
replay(int argc, char **argv, int i0)
{
    const char *tag = "";
    if (i0 + 1 < argc && !strcmp(argv[i0], "--tag"))
        tag = argv[i0 + 1], i0 += 2;
    for (int i = i0; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        char line[256];
        unsigned long long inseed = 0;
        while (f && fgets(line, sizeof line, f))
            if (sscanf(line, "// fuzz-inputs: %llu", &inseed) == 1)
                break;
        if (f)
            fclose(f);
        char why[600] = "", name[400], tmp[300];
        snprintf(tmp, sizeof tmp, "%s/replay.ptx", g_tmp);
        sh("cp %s %s", argv[i], tmp);
        Verdict v = check_one(tmp, inseed, why, sizeof why);
        const char *base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        snprintf(name, sizeof name, "fuzz/regress%s/%s", tag, base);
        verdict_line(name, base, v, why);
    }
    printf("%d passed, %d failed\n", npass, nfail);
    return nfail != 0;
}

int
main(int argc, char **argv)
{
    uint64_t seed = 1;
    int n = 100, batch = 50;
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *write_dir = NULL;
    if (getenv("P2N"))
        g_p2n = getenv("P2N");
    if (getenv("P2NFLAGS"))
        g_p2nflags = getenv("P2NFLAGS");
    snprintf(g_tmp, sizeof g_tmp, "%s", getenv("FUZZ_TMP") ? getenv("FUZZ_TMP") : "test/out/fuzz");
    sh("mkdir -p %s", g_tmp);
    load_known();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "-n") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--batch") && i + 1 < argc)
            batch = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--write") && i + 1 < argc)
            write_dir = argv[++i];
        else if (!strcmp(argv[i], "--without") && i + 1 < argc && !strcmp(argv[i + 1], "brx"))
            gen_no_brx = 1, i++;
        else if (!strcmp(argv[i], "--quiet"))
            g_quiet = 1;
        else if (!strcmp(argv[i], "--replay"))
            return replay(argc, argv, i + 1);
        else {
            fprintf(stderr, "usage: fuzz [--seed S] [-n N] [--batch B] [--without brx] [--write DIR] | --replay [--tag T] FILE...\n");
            return 2;
        }
    }
    if (batch < 1)
        batch = 1;
    time_t t0 = time(NULL);
    int nagree = 0, ndiff = 0, nflag = 0;
    static Result rt[256], ref[256];
    if (batch > 256)
        batch = 256;
    for (int b0 = 0; b0 < n; b0 += batch) {
        int nb = n - b0 < batch ? n - b0 : batch;
        char ptx[300];
        snprintf(ptx, sizeof ptx, "%s/batch.ptx", g_tmp);
        FILE *f = fopen(ptx, "w");
        fputs(GEN_HEADER, f);
        char *specs[256];
        for (int i = 0; i < nb; i++) {
            gen_program(f, seed + (uint64_t)(b0 + i), i);
            specs[i] = malloc(64);
            snprintf(specs[i], 64, "k%d:%llu", i, (unsigned long long)(seed + (uint64_t)(b0 + i)));
        }
        fclose(f);
        bool tr;
        bool whole = run_both(ptx, specs, nb, rt, ref, &tr);
        for (int i = 0; i < nb; i++) {
            uint64_t s = seed + (uint64_t)(b0 + i);
            char why[600] = "", name[64], key[32];
            Verdict v;
            if (whole) {
                v = compare(&rt[i], &ref[i]);
                if (v == DIFFER)
                    describe(&rt[i], &ref[i], why, sizeof why);
            } else { /* the batch did not translate or run: each program alone */
                char one[300];
                snprintf(one, sizeof one, "%s/one.ptx", g_tmp);
                write_program(one, s, 0);
                v = check_one(one, s, why, sizeof why);
            }
            snprintf(name, sizeof name, "fuzz/seed%llu", (unsigned long long)s);
            snprintf(key, sizeof key, "seed%llu", (unsigned long long)s);
            if (v == AGREE)
                nagree++;
            else if (v == FLAGGED)
                nflag++;
            else
                ndiff++;
            if (v != AGREE || !g_quiet)
                verdict_line(name, key, v, why);
            else
                npass++;
            if ((v == DIFFER || v == TRANSLATE_FAIL) && write_dir && !known_reason(key)) {
                char one[300], dst[400], hdr[700];
                snprintf(one, sizeof one, "%s/orig.ptx", g_tmp);
                write_program(one, s, 0);
                if (v == DIFFER) { /* it must disagree alone too */
                    char w2[600];
                    if (check_one(one, s, w2, sizeof w2) != DIFFER)
                        continue;
                }
                snprintf(dst, sizeof dst, "%s/fuzz_%llu.ptx", write_dir, (unsigned long long)s);
                snprintf(hdr, sizeof hdr, "// Shrunk by make fuzz-diff from seed %llu: %s.\n// %.300s\n",
                         (unsigned long long)s, v == DIFFER ? "the translator and the interpreter disagree"
                                                            : "the translator fails", why);
                for (char *p = hdr + 3; *p; p++)
                    if (*p == '\n' && p[1])
                        *p = ' ';
                shrink(one, dst, s, v, hdr);
            }
        }
        for (int i = 0; i < nb; i++)
            free(specs[i]);
    }
    if (g_quiet && nagree)
        printf("PASS fuzz/seeds %llu..%llu: %d programs agree\n", (unsigned long long)seed,
               (unsigned long long)(seed + (uint64_t)n - 1), nagree);
    printf("fuzz: %d programs from seed %llu in %ld s: %d agree, %d disagree, %d declined by the interpreter\n", n,
           (unsigned long long)seed, (long)(time(NULL) - t0), nagree, ndiff, nflag);
    return nfail != 0;
}
