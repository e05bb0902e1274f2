/* shapes.c — writes a generated PTX module of about LINES lines of one
 * shape to stdout, for the translation-time table of `make bench`:
 *
 *   straight  straight-line f32 arithmetic, a global load or store every
 *             tenth line at base + 4*%tid.x + constant
 *   calls     small .func functions, each called once from the kernel
 *   diamonds  divergent if/else diamonds on %tid.x over eight live values
 *   array     one zero-initialised .global .b8 g[268435456] (LINES unused)
 *   registers .reg .b32 %r<1000000>, LINES lines each defining another
 *   empty     LINES / 4 empty kernels (four lines each)
 *
 * usage: shapes SHAPE LINES */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
header(void)
{
    printf(".version 7.0\n.target sm_75\n.address_size 64\n\n");
}

/* The kernel's entry: %rd3 = the pointer parameter + 4 * %tid.x. */
static void
entry(const char *name)
{
    printf(".visible .entry %s(.param .u64 %s_p)\n{\n", name, name);
    printf("\t.reg .pred %%p<2>;\n\t.reg .b32 %%r<4>;\n\t.reg .f32 %%f<16>;\n\t.reg .b64 %%rd<4>;\n");
    printf("\tld.param.u64 %%rd1, [%s_p];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n", name);
    printf("\tmov.u32 %%r1, %%tid.x;\n\tmul.wide.u32 %%rd2, %%r1, 4;\n\tadd.s64 %%rd3, %%rd1, %%rd2;\n");
    for (int i = 0; i < 8; i++)
        printf("\tld.global.f32 %%f%d, [%%rd3+%d];\n", i, 4 * i);
}

static void
leave(void)
{
    for (int i = 0; i < 8; i++)
        printf("\tst.global.f32 [%%rd3+%d], %%f%d;\n", 4 * i, i);
    printf("\tret;\n}\n");
}

static void
straight(int lines)
{
    entry("straight");
    for (int i = 0; i < lines; i++) {
        int d = i % 8, a = (i + 3) % 8, b = (i + 5) % 8;
        if (i % 20 == 0)
            printf("\tld.global.f32 %%f%d, [%%rd3+%d];\n", d, 4 * (i % 4096));
        else if (i % 20 == 10)
            printf("\tst.global.f32 [%%rd3+%d], %%f%d;\n", 4 * (i % 4096), a);
        else if (i % 3 == 0)
            printf("\tadd.f32 %%f%d, %%f%d, %%f%d;\n", d, a, b);
        else if (i % 3 == 1)
            printf("\tmul.f32 %%f%d, %%f%d, %%f%d;\n", d, a, b);
        else
            printf("\tfma.rn.f32 %%f%d, %%f%d, %%f%d, %%f%d;\n", d, a, b, d);
    }
    leave();
}

/* A function is 10 lines, a call site 7. */
static void
calls(int lines)
{
    int n = lines / 17 > 0 ? lines / 17 : 1;
    for (int k = 0; k < n; k++) {
        printf(".func (.param .b32 f%d_ret) f%d(.param .b32 f%d_a)\n{\n", k, k, k);
        printf("\t.reg .f32 %%f<3>;\n\tld.param.f32 %%f1, [f%d_a];\n", k);
        printf("\tmul.f32 %%f2, %%f1, 0f3F000000;\n\tadd.f32 %%f2, %%f2, %d.0;\n", k);
        printf("\tst.param.f32 [f%d_ret], %%f2;\n\tret;\n}\n\n", k);
    }
    entry("calls");
    for (int k = 0; k < n; k++) {
        int v = k % 8;
        printf("\t{\n\t.param .b32 param0;\n\tst.param.f32 [param0], %%f%d;\n", v);
        printf("\t.param .b32 retval0;\n\tcall.uni (retval0), f%d, (param0);\n", k);
        printf("\tld.param.f32 %%f%d, [retval0];\n\t}\n", v);
    }
    leave();
}

/* A diamond is 7 lines. */
static void
diamonds(int lines)
{
    entry("diamonds");
    for (int k = 0; k < lines / 7; k++) {
        int v = k % 8;
        printf("\tsetp.lt.u32 %%p1, %%r1, %d;\n\t@%%p1 bra $ELSE%d;\n", 1 + k % 31, k);
        printf("\tadd.f32 %%f%d, %%f%d, %%f%d;\n\tbra.uni $JOIN%d;\n", v, v, (v + 1) % 8, k);
        printf("$ELSE%d:\n\tmul.f32 %%f%d, %%f%d, %%f%d;\n$JOIN%d:\n", k, v, v, (v + 3) % 8, k);
    }
    leave();
}

static void
array(void)
{
    printf(".global .align 4 .b8 g[268435456];\n\n");
    printf(".visible .entry array()\n{\n\t.reg .b32 %%r<2>;\n\t.reg .b64 %%rd<4>;\n");
    printf("\tmov.u32 %%r1, %%tid.x;\n\tmul.wide.u32 %%rd1, %%r1, 4;\n");
    printf("\tmov.u64 %%rd2, g;\n\tadd.s64 %%rd3, %%rd2, %%rd1;\n\tst.global.u32 [%%rd3], %%r1;\n\tret;\n}\n");
}

static void
registers(int lines)
{
    printf(".visible .entry registers(.param .u64 registers_p)\n{\n");
    printf("\t.reg .b32 %%r<1000000>;\n\t.reg .b64 %%rd<4>;\n");
    printf("\tld.param.u64 %%rd1, [registers_p];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n");
    printf("\tmov.u32 %%r0, %%tid.x;\n\tmul.wide.u32 %%rd2, %%r0, 4;\n\tadd.s64 %%rd3, %%rd1, %%rd2;\n");
    for (int i = 1; i < lines && i < 999999; i++)
        printf("\tadd.s32 %%r%d, %%r%d, %d;\n", i, i - 1, i);
    printf("\tst.global.u32 [%%rd3], %%r%d;\n\tret;\n}\n", lines - 1 < 999999 ? lines - 1 : 999998);
}

static void
empty(int lines)
{
    for (int k = 0; k < lines / 4; k++)
        printf(".visible .entry e%d()\n{\n\tret;\n}\n", k);
}

int
main(int argc, char **argv)
{
    int lines = argc == 3 ? atoi(argv[2]) : 0;
    if (lines <= 0) {
        fprintf(stderr, "usage: shapes straight|calls|diamonds|array|registers|empty LINES\n");
        return 2;
    }
    const char *s = argv[1];
    header();
    if (strcmp(s, "straight") == 0)
        straight(lines);
    else if (strcmp(s, "calls") == 0)
        calls(lines);
    else if (strcmp(s, "diamonds") == 0)
        diamonds(lines);
    else if (strcmp(s, "array") == 0)
        array();
    else if (strcmp(s, "registers") == 0)
        registers(lines);
    else if (strcmp(s, "empty") == 0)
        empty(lines);
    else {
        fprintf(stderr, "shapes: no shape %s\n", s);
        return 2;
    }
    return ferror(stdout) != 0;
}
