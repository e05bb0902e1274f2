/* Kernel parameters of every scalar width plus a struct by value (with
 * padding, .param .align 8 .b8 s[40]): each read back. */
#include "common.h"
struct S { char c; double d; int i[3]; short s; };
int main(int argc, char **argv)
{
    setup(argc, argv, "params");
    char a = -5; short b = -30000; int c = -2000000000; long long d = -(1ll << 50); float e = 1.5f; double f = -2.25;
    unsigned char g = 250; unsigned short h = 65000; unsigned i = 4000000000u; unsigned long long j = 1ull << 60;
    struct S s = {-7, 3.125, {1, -2, 3}, -300};
    double o[16], *po = o, ex[16] = {-5, -30000, -2000000000, (double)-(1ll << 50), 1.5, -2.25, 250, 65000, 4000000000.0, (double)(1ull << 60), -7, 3.125, 1, -2, 3, -300};
    void *p[] = {&a, &b, &c, &d, &e, &f, &g, &h, &i, &j, &s, &po};
    if (launch("many", "many", d3(1, 1, 1), d3(4, 1, 1), 0, p)) CHECK_EXACT("all_params", o, ex, 16);
    return finish();
}
