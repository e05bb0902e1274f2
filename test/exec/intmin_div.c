/* div.s32 / rem.s32 incl. INT_MIN / -1: PTX defines it (no trap);
 * the result on GPUs is INT_MIN quotient, 0 remainder. */
#include "common.h"
#include <limits.h>
int main(int argc, char **argv)
{
    setup(argc, argv, "intmin_div");
    int a[8] = {INT_MIN, INT_MIN, INT_MAX, -7, 7, -7, 100, INT_MIN};
    int b[8] = {-1, 1, -1, 2, -2, -2, 7, INT_MIN};
    int q[8], r[8], eq[8], er[8]; long long m[8], em[8];
    for (int i = 0; i < 8; i++) {
        if (a[i] == INT_MIN && b[i] == -1) { eq[i] = INT_MIN; er[i] = 0; }
        else { eq[i] = a[i] / b[i]; er[i] = a[i] % b[i]; }
        em[i] = (long long)a[i] * b[i];
    }
    int *pa = a, *pb = b, *pq = q, *pr = r; long long *pm = m;
    void *p[] = {&pa, &pb, &pq, &pr, &pm};
    if (launch("div", "divs", d3(1, 1, 1), d3(8, 1, 1), 0, p)) {
        CHECK_INT("quot", q, eq, 8); CHECK_INT("rem", r, er, 8); CHECK_INT("wide_mul", m, em, 8);
    }
    return finish();
}
