/* modules.c — p2n_module_load and p2n_module_load_data refuse what
 * ptx2native did not make before any of it runs, and module handles are
 * checked (run by test/cli/modules.sh).
 *     modules GOOD.so [NAME=CODE=TEXT=PATH]...
 * loads each PATH from the file and from memory, expects the p2n_result
 * CODE and TEXT in the message; then checks handles with GOOD.so. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

static int failed;

static void
check(const char *name, const char *how, int ok, const char *detail)
{
    printf("%s cli/modules/%s%s%s%s\n", ok ? "PASS" : "FAIL", name, how, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static void
expect(const char *name, const char *how, p2n_result got, p2n_result want, const char *text)
{
    char detail[1200];
    snprintf(detail, sizeof detail, "result %d, expected %d; message: %s", got, want, p2n_error_message());
    check(name, how, got == want && (!*text || strstr(p2n_error_message(), text)), detail);
}

static unsigned char *
slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *b = malloc(cap);
    for (size_t r; b && (r = fread(b + n, 1, cap - n, f)) > 0;) {
        n += r;
        if (n == cap)
            b = realloc(b, cap *= 2);
    }
    fclose(f);
    *size = n;
    return b;
}

/* good: out[i] = 2i+1 for i < n; 64 threads. */
static int
launch_good(p2n_module *m, p2n_result *r)
{
    uint32_t out[64] = {0}, n = 64;
    uint64_t p = (uint64_t)(uintptr_t)out;
    void *params[] = {&p, &n};
    *r = p2n_launch(m, "good", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, params);
    for (uint32_t i = 0; i < n; i++)
        if (out[i] != 2 * i + 1)
            return 0;
    return *r == P2N_SUCCESS;
}

int
main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: modules GOOD.so [NAME=CODE=TEXT=PATH]...\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        char *name = argv[i], *code = strchr(name, '='), *text = code ? strchr(code + 1, '=') : NULL;
        char *path = text ? strchr(text + 1, '=') : NULL;
        if (!path) {
            fprintf(stderr, "bad argument %s\n", argv[i]);
            return 2;
        }
        *code++ = 0, *text++ = 0, *path++ = 0;
        p2n_result want = (p2n_result)atoi(code);
        p2n_module *m = (p2n_module *)1;
        expect(name, "/file", p2n_module_load(&m, path), want, text);
        check(name, "/file_null_handle", want != P2N_SUCCESS ? m == NULL : m != NULL, "the handle was set");
        if (m)
            p2n_module_unload(m);
        if (want == P2N_ERROR_LOAD) /* no file to read into memory */
            continue;
        size_t size = 0;
        unsigned char *img = slurp(path, &size);
        m = (p2n_module *)1;
        expect(name, "/data", p2n_module_load_data(&m, img ? (void *)img : "", size), want, text);
        if (m && want == P2N_SUCCESS)
            p2n_module_unload(m);
        free(img);
    }

    /* handles */
    p2n_module *m, *m2;
    p2n_result r;
    if (p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        check("handles", "/load", 0, p2n_error_message());
        return 1;
    }
    check("handles", "/launch", launch_good(m, &r), p2n_error_message());
    expect("handles", "/unload", p2n_module_unload(m), P2N_SUCCESS, "");
    expect("handles", "/unload_twice", p2n_module_unload(m), P2N_ERROR_INVALID_VALUE, "no loaded module");
    uint32_t out[64], n = 64;
    uint64_t p = (uint64_t)(uintptr_t)out;
    void *params[] = {&p, &n};
    expect("handles", "/launch_after_unload",
           p2n_launch(m, "good", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, params), P2N_ERROR_INVALID_VALUE,
           "no loaded module");
    void *addr;
    expect("handles", "/global_after_unload", p2n_module_global(m, "fmt_s", &addr, NULL), P2N_ERROR_INVALID_VALUE,
           "no loaded module");
    expect("handles", "/unload_null", p2n_module_unload(NULL), P2N_ERROR_INVALID_VALUE, "null module");
    expect("handles", "/unload_wild", p2n_module_unload((p2n_module *)&n), P2N_ERROR_INVALID_VALUE,
           "no loaded module");
    expect("handles", "/launch_wild",
           p2n_launch((p2n_module *)&n, "good", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, params),
           P2N_ERROR_INVALID_VALUE, "no loaded module");
    /* two loads of one file are two modules; unloading one leaves the other */
    if (p2n_module_load(&m, argv[1]) == P2N_SUCCESS && p2n_module_load(&m2, argv[1]) == P2N_SUCCESS) {
        expect("handles", "/unload_first_of_two", p2n_module_unload(m), P2N_SUCCESS, "");
        check("handles", "/second_still_works", launch_good(m2, &r), p2n_error_message());
        expect("handles", "/global_of_second", p2n_module_global(m2, "fmt_s", &addr, NULL), P2N_SUCCESS, "");
        expect("handles", "/unload_second", p2n_module_unload(m2), P2N_SUCCESS, "");
    } else {
        check("handles", "/reload", 0, p2n_error_message());
    }
    return failed;
}
