/* linked.c — objects made with ptx2native -c from two PTX files
 * (linked_a.ptx, linked_b.ptx: the same kernel and variable names in
 * both) linked into this program; p2n_module_get_linked finds each by its
 * name, its kernels run and give what the C below computes, its variables
 * are its own.  Run by test/cli/linked.sh; with -DOLD_VERSION it also
 * registers a descriptor of another ABI version, which must be refused.
 *     linked get NAME     prints p2n_module_get_linked's result and message */
#include <stdio.h>
#include <string.h>

#include "p2n_abi.h"
#include "ptx2native.h"

#define N 200

static int failed;

static void
check(const char *name, int ok, const char *detail)
{
    printf("%s cli/linked/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static void
expect(const char *name, p2n_result got, p2n_result want, const char *text)
{
    char detail[1200];
    snprintf(detail, sizeof detail, "result %d, expected %d; message: %s", got, want, p2n_error_message());
    check(name, got == want && (!text || strstr(p2n_error_message(), text)), detail);
}

/* out[i] of each kernel, as the .cu sources say */
static int
ref_a_k(int i)
{
    return i * i + 7;
}

static int
ref_b_k(int i)
{
    return 3 * i - 100;
}

static void
check_array(const char *name, const int *out, int (*ref)(int), int twice_even)
{
    char detail[200] = "";
    int ok = 1;
    for (int i = 0; i < N && ok; i++) {
        int want = ref(i) * (twice_even && i % 2 == 0 ? 2 : 1);
        if (out[i] != want) {
            snprintf(detail, sizeof detail, "out[%d] = %d, expected %d", i, out[i], want);
            ok = 0;
        }
    }
    check(name, ok, detail);
}

#ifdef OLD_VERSION
/* a descriptor as an object of the previous ABI version would register it */
static const p2n_module_desc old = {.abi_version = P2N_ABI_VERSION - 1, .name = "old"};
__attribute__((constructor)) static void
register_old(void)
{
    P2N_REGISTER_FN(&old);
}
#endif

int
main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "get") == 0) { /* linked get NAME: the result and message */
        p2n_module *m = NULL;
        p2n_result r = p2n_module_get_linked(&m, argv[2]);
        printf("%d %s\n", r, r == P2N_SUCCESS ? "" : p2n_error_message());
        return 0;
    }
    p2n_module *a = NULL, *b = NULL;
    expect("get_a", p2n_module_get_linked(&a, "linked_a"), P2N_SUCCESS, NULL);
    expect("get_b", p2n_module_get_linked(&b, "linked_b"), P2N_SUCCESS, NULL);
    if (!a || !b)
        return 1;
    check("distinct", a != b, "both names gave one module");

    int out[N], n = N, *p = out;
    void *params[] = {&p, &n};
    p2n_dim3 grid = {(N + 63) / 64, 1, 1}, block = {64, 1, 1};
    memset(out, 0, sizeof out);
    expect("launch_a_k", p2n_launch(a, "k", grid, block, 0, params), P2N_SUCCESS, NULL);
    check_array("a_k", out, ref_a_k, 0);
    memset(out, 0, sizeof out);
    expect("launch_b_k", p2n_launch(b, "k", grid, block, 0, params), P2N_SUCCESS, NULL);
    check_array("b_k", out, ref_b_k, 0);
    expect("launch_b_twice", p2n_launch(b, "twice", grid, block, 0, params), P2N_SUCCESS, NULL);
    check_array("b_twice", out, ref_b_k, 1);
    expect("a_has_no_twice", p2n_launch(a, "twice", grid, block, 0, params), P2N_ERROR_NOT_FOUND,
           "no kernel 'twice'");

    /* each module's `base` is its own */
    void *addr_a = NULL, *addr_b = NULL;
    size_t bytes = 0;
    expect("global_a", p2n_module_global(a, "base", &addr_a, &bytes), P2N_SUCCESS, NULL);
    check("global_a_value", addr_a && bytes == 4 && *(int *)addr_a == 7, "base of linked_a is not 7");
    expect("global_b", p2n_module_global(b, "base", &addr_b, NULL), P2N_SUCCESS, NULL);
    check("global_b_value", addr_b && addr_b != addr_a && *(int *)addr_b == 100, "base of linked_b is not 100");
    *(int *)addr_a = 1000; /* the kernel reads the variable the host wrote */
    expect("launch_a_k_again", p2n_launch(a, "k", grid, block, 0, params), P2N_SUCCESS, NULL);
    check("a_k_new_base", out[5] == 25 + 1000 && out[N - 1] == (N - 1) * (N - 1) + 1000, "base not seen");

    /* a second handle of one object shares its code and variables */
    p2n_module *a2 = NULL;
    expect("get_a_again", p2n_module_get_linked(&a2, "linked_a"), P2N_SUCCESS, NULL);
    void *addr_a2 = NULL;
    if (a2)
        p2n_module_global(a2, "base", &addr_a2, NULL);
    check("second_handle_shares", a2 && a2 != a && addr_a2 == addr_a, "not the same variable");
    expect("unload_a2", p2n_module_unload(a2), P2N_SUCCESS, NULL);
    expect("a_after_unload_a2", p2n_launch(a, "k", grid, block, 0, params), P2N_SUCCESS, NULL);

    p2n_module *none = a;
    expect("unknown", p2n_module_get_linked(&none, "linked_c"), P2N_ERROR_NOT_FOUND, "linked_a, linked_b");
    check("unknown_clears", none == NULL, "*mod not cleared");
    expect("null_name", p2n_module_get_linked(&none, NULL), P2N_ERROR_INVALID_VALUE, NULL);
    expect("null_out", p2n_module_get_linked(NULL, "linked_a"), P2N_ERROR_INVALID_VALUE, NULL);
#ifdef OLD_VERSION
    expect("old_version", p2n_module_get_linked(&none, "old"), P2N_ERROR_NOT_FOUND, "another ABI version");
#endif
    expect("unload_a", p2n_module_unload(a), P2N_SUCCESS, NULL);
    expect("unload_b", p2n_module_unload(b), P2N_SUCCESS, NULL);
    expect("launch_after_unload", p2n_launch(b, "k", grid, block, 0, params), P2N_ERROR_INVALID_VALUE, NULL);
    return failed;
}
