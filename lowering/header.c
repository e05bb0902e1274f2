/* header.c — ptx2native --header FILE (TranslateExtra.header_path): a C header with one typed launcher
 * per kernel of the module, over the host API (runtime/ptx2native.h):
 *
 *     static inline p2n_result NAME_launch(p2n_module *module_, p2n_dim3 grid_,
 *         p2n_dim3 block_, size_t shmem_, float *a, int32_t n);
 *     static inline p2n_result NAME_launch_async(..., size_t shmem_,
 *         p2n_stream *stream_, float *a, int32_t n);
 *
 * A parameter's C type is its .param type's: .u8 .u16 .u32 .u64 as
 * uint8_t ... uint64_t, .s8 ... .s64 as int8_t ... int64_t, .b8 ... .b64
 * as uint8_t ... uint64_t, .f32 float, .f64 double, .f16 and .bf16 their
 * bits as uint16_t.  A 64-bit parameter is `void *` when the PTX says so
 * (.ptr) or the kernel's mangled C++ name does (the demangled parameter
 * ends in '*'); nvcc's PTX says neither for an extern "C" kernel, whose
 * pointers stay uint64_t.  Any other parameter (a struct passed by value:
 * an array of bytes, or a vector) is `const void *` pointing at its bytes.
 *
 * NAME is the kernel's PTX name when it is a C identifier (a mangled name
 * is one), else the name with every other byte made '_' (and a number
 * added if two kernels meet); a mangled name's demangled form is in a
 * comment above its launchers. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lower.h"

/* s with every byte outside [A-Za-z0-9_] made '_' (and a leading digit
 * prefixed by '_'). */
static char *
c_ident(Arena *a, const char *s)
{
    size_t n = strlen(s);
    char *out = arena_alloc(a, n + 2);
    char *p = out;
    if (s[0] >= '0' && s[0] <= '9')
        *p++ = '_';
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '_';
        *p++ = ok ? c : '_';
    }
    *p = '\0';
    return out;
}

static bool
is_c_keyword(const char *s)
{
    static const char *const kw[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
        "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
        "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
        "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool", "_Complex",
        "_Imaginary", "bool", "true", "false", "module_", "grid_", "block_", "shmem_",
        "stream_", "params_"};
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (strcmp(s, kw[i]) == 0)
            return true;
    return false;
}

/* The parameters of a demangled function name, "ns::k<int>(float*, int)":
 * their texts, split at the commas outside (), <> and [] of the last
 * top-level parenthesised list.  -1 when there is none. */
static int
demangled_params(Arena *a, const char *plain, const char ***out)
{
    size_t n = strlen(plain);
    if (n == 0 || plain[n - 1] != ')')
        return -1;
    int depth = 0;
    size_t open = n;
    for (size_t i = n; i-- > 0;) {
        if (plain[i] == ')')
            depth++;
        else if (plain[i] == '(' && --depth == 0) {
            open = i;
            break;
        }
    }
    if (open == n)
        return -1;
    Vec(const char *) list = {0};
    size_t start = open + 1;
    depth = 0;
    for (size_t i = open + 1; i < n; i++) {
        char c = plain[i];
        if (c == '(' || c == '<' || c == '[')
            depth++;
        else if ((c == ')' || c == '>' || c == ']') && depth > 0)
            depth--;
        else if ((c == ',' && depth == 0) || i == n - 1) {
            while (plain[start] == ' ')
                start++;
            if (i > start)
                vec_push(a, &list, arena_strndup(a, plain + start, i - start));
            start = i + 1;
        }
    }
    *out = list.v;
    return list.n;
}

/* The C type of kernel parameter v; ptr: the C++ signature says pointer. */
static const char *
c_type(const Var *v, bool ptr)
{
    if (v->ndims > 0 || v->vec > 1)
        return "const void *";
    int bits = type_bits(v->type);
    if (bits == 64 && (v->is_ptr || ptr))
        return "void *";
    switch (type_kind(v->type)) {
    case TK_SINT:
        return bits == 8 ? "int8_t" : bits == 16 ? "int16_t" : bits == 32 ? "int32_t" : "int64_t";
    case TK_UINT:
    case TK_BITS:
        return bits == 8    ? "uint8_t"
               : bits == 16 ? "uint16_t"
               : bits == 32 ? "uint32_t"
               : bits == 64 ? "uint64_t"
                            : "const void *";
    case TK_FLOAT:
        if (v->type == TY_F32)
            return "float";
        if (v->type == TY_F64)
            return "double";
        return bits == 16 ? "uint16_t" : "const void *";
    default: return "const void *";
    }
}

/* One kernel's launchers. */
static void
write_kernel(FILE *out, Arena *a, const Func *f, const char *ident)
{
    const char *plain = report_demangle(a, f->name);
    const char **cxx = NULL;
    int ncxx = plain ? demangled_params(a, plain, &cxx) : -1;
    if (ncxx != f->params.n)
        ncxx = -1;
    const char **names = arena_alloc(a, sizeof *names * ((size_t)f->params.n + 1));
    const char **types = arena_alloc(a, sizeof *types * ((size_t)f->params.n + 1));
    size_t prefix = strlen(f->name);
    for (int i = 0; i < f->params.n; i++) {
        const Var *v = f->params.v[i];
        const char *name = v->name;
        /* nvcc names them KERNEL_param_N: N alone says as much */
        if (strncmp(name, f->name, prefix) == 0 && name[prefix] == '_' && name[prefix + 1])
            name += prefix + 1;
        char *id = c_ident(a, name);
        if (id[0] == '_' || is_c_keyword(id)) /* reserved, or ours */
            id = arena_printf(a, "p%d_%s", i, id[0] == '_' ? id + 1 : id);
        for (int j = 0; j < i; j++)
            if (strcmp(names[j], id) == 0)
                id = arena_printf(a, "%s_%d", id, i);
        names[i] = id;
        const char *t = ncxx >= 0 ? cxx[i] : "";
        size_t tl = strlen(t);
        types[i] = c_type(v, tl > 0 && t[tl - 1] == '*');
    }
    fprintf(out, "\n/* .entry %s (PTX line %d)", f->name, f->loc.line);
    if (plain)
        fprintf(out, ": %s", plain);
    fprintf(out, " */\n");
    for (int async = 0; async < 2; async++) {
        fprintf(out, "static inline p2n_result\n%s_launch%s(p2n_module *module_, p2n_dim3 grid_, "
                     "p2n_dim3 block_, size_t shmem_%s",
                ident, async ? "_async" : "", async ? ", p2n_stream *stream_" : "");
        for (int i = 0; i < f->params.n; i++) {
            const Var *v = f->params.v[i];
            fprintf(out, ",\n    %s%s%s", types[i], types[i][strlen(types[i]) - 1] == '*' ? "" : " ",
                    names[i]);
            if (v->ndims > 0 || v->vec > 1)
                fprintf(out, " /* %lld bytes */", (long long)v->size);
        }
        fprintf(out, ")\n{\n");
        if (f->params.n) {
            fprintf(out, "    void *params_[] = {");
            for (int i = 0; i < f->params.n; i++) {
                bool bytes = strcmp(types[i], "const void *") == 0;
                fprintf(out, "%s%s%s", i ? ", " : "", bytes ? "(void *)" : "&", names[i]);
            }
            fprintf(out, "};\n");
        }
        fprintf(out, "    return p2n_launch%s(module_, \"%s\", grid_, block_, shmem_, %s%s);\n}\n",
                async ? "_async" : "", f->name, async ? "stream_, " : "",
                f->params.n ? "params_" : "NULL");
    }
}

/* Writes them all to path ("-": standard output); false, with a
 * diagnostic, when it cannot. */
static bool
write_header(const char *path, const Module *m, Arena *a, Diags *d)
{
    SrcLoc none = {0};
    FILE *out = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!out) {
        diag_error(d, none, "cannot write header %s: %s", path, strerror(errno));
        return false;
    }
    /* named after the input, not the output: the same text wherever it goes */
    const char *input = m->filename ? m->filename : "input";
    const char *base = strrchr(input, '/');
    base = base ? base + 1 : input;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".ptx") == 0)
        n -= 4;
    char *guard = c_ident(a, arena_printf(a, "P2N_%.*s_LAUNCHERS_H", (int)n, base));
    for (char *p = guard; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    fprintf(out,
            "/* Typed launchers for the kernels of %s, written by ptx2native\n"
            " * --header (docs/api.md, \"Typed launchers\").  NAME_launch(module, grid,\n"
            " * block, dynamic shared bytes, parameters...) is p2n_launch of kernel\n"
            " * NAME; NAME_launch_async(..., stream, parameters...) is\n"
            " * p2n_launch_async. */\n"
            "#ifndef %s\n#define %s\n\n#include <stddef.h>\n#include <stdint.h>\n\n"
            "#include <ptx2native.h>\n",
            base, guard, guard);
    Vec(const char *) idents = {0};
    for (int i = 0; i < m->funcs.n; i++) {
        const Func *f = m->funcs.v[i];
        if (!f->is_entry || !f->has_body)
            continue;
        const char *id = c_ident(a, f->name);
        for (int j = 0; j < idents.n; j++)
            if (strcmp(idents.v[j], id) == 0) {
                id = arena_printf(a, "%s_%d", id, idents.n);
                j = -1; /* check again */
            }
        vec_push(a, &idents, id);
        write_kernel(out, a, f, id);
    }
    fprintf(out, "\n#endif\n");
    bool ok = !ferror(out);
    if (out != stdout)
        ok = fclose(out) == 0 && ok;
    else
        ok = fflush(out) == 0 && ok;
    if (!ok)
        diag_error(d, none, "cannot write header %s: %s", path, strerror(errno ? errno : EIO));
    return ok;
}

bool
header_write(const char *path, const Module *m, Diags *d)
{
    Arena a = {0};
    bool ok = write_header(path, m, &a, d);
    arena_free(&a);
    return ok;
}
