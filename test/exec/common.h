/* common.h — helpers shared by the execution tests in test/exec.
 * Each test: load argv[1], launch, compare against a plain-C reference,
 * print "PASS exec/NAME/CASE" or "FAIL exec/NAME/CASE: detail". */
#ifndef EXEC_COMMON_H
#define EXEC_COMMON_H
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

static int g_fail;
static const char *g_name;
static p2n_module *g_mod;

static uint32_t g_lcg = 12345u;
static uint32_t lcg(void) { g_lcg = g_lcg * 1664525u + 1013904223u; return g_lcg; }

static p2n_dim3 d3(unsigned x, unsigned y, unsigned z) { p2n_dim3 d = {x, y, z}; return d; }

static void setup(int argc, char **argv, const char *name)
{
    g_name = name;
    if (argc < 2) { fprintf(stderr, "usage: %s kernel.so\n", argv[0]); exit(2); }
    if (p2n_module_load(&g_mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/%s/load: %s\n", name, p2n_error_message());
        exit(1);
    }
}

/* Launches; on error prints FAIL for the case and returns 0. */
static int launch(const char *cas, const char *k, p2n_dim3 g, p2n_dim3 b, size_t sh, void **params)
{
    p2n_result r = p2n_launch(g_mod, k, g, b, sh, params);
    if (r != P2N_SUCCESS) {
        printf("FAIL exec/%s/%s: launch %s: %s\n", g_name, cas, k, p2n_error_message());
        g_fail = 1;
        return 0;
    }
    return 1;
}

static void report(const char *cas, int nbad, const char *first)
{
    if (nbad) { printf("FAIL exec/%s/%s: %d mismatches, first: %s\n", g_name, cas, nbad, first); g_fail = 1; }
    else printf("PASS exec/%s/%s\n", g_name, cas);
}

/* Compare arrays of integers (as int64) exactly. */
#define CHECK_INT(cas, got, exp, n) do { int nb_ = 0; char m_[200] = ""; \
    for (size_t i_ = 0; i_ < (size_t)(n); i_++) if ((got)[i_] != (exp)[i_]) { \
        if (!nb_++) snprintf(m_, sizeof m_, "[%zu] got %lld expected %lld", i_, \
                             (long long)(got)[i_], (long long)(exp)[i_]); } \
    report(cas, nb_, m_); } while (0)

static int same_float_bits(double a, double b) { return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b)); }

/* Compare floats exactly (bitwise-equal value; any NaN equals any NaN; -0 != +0). */
#define CHECK_EXACT(cas, got, exp, n) do { int nb_ = 0; char m_[200] = ""; \
    for (size_t i_ = 0; i_ < (size_t)(n); i_++) if (!same_float_bits((got)[i_], (exp)[i_])) { \
        if (!nb_++) snprintf(m_, sizeof m_, "[%zu] got %.17g expected %.17g", i_, \
                             (double)(got)[i_], (double)(exp)[i_]); } \
    report(cas, nb_, m_); } while (0)

/* Compare floats with relative tolerance tol. */
#define CHECK_TOL(cas, got, exp, n, tol) do { int nb_ = 0; char m_[200] = ""; \
    for (size_t i_ = 0; i_ < (size_t)(n); i_++) { double g_ = (got)[i_], e_ = (exp)[i_]; \
        if (!(fabs(g_ - e_) <= (tol) * fmax(1.0, fabs(e_)))) { \
        if (!nb_++) snprintf(m_, sizeof m_, "[%zu] got %.17g expected %.17g", i_, g_, e_); } } \
    report(cas, nb_, m_); } while (0)

static int finish(void)
{
    p2n_module_unload(g_mod);
    return g_fail;
}
#endif
