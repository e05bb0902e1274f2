/* dom_test.c — CFG construction, dominators and post-dominators on
 * functions built by hand (no parser needed).  Prints PASS/FAIL unit/dom/NAME.
 *
 * A case is a list of statements: label definitions, plain instructions,
 * bra/brx/ret/exit, and then expectations "block X has idom Y and ipdom Z"
 * where blocks are named by the label that starts them, "entry" or "exit".
 */
#include <stdarg.h>
#include <string.h>

#include "analysis.h"

static Arena arena;
static int nfail_total;

typedef struct T {
    Func f;
    const char *name;
    bool failed;
} T;

static int
label_id(T *t, const char *name)
{
    for (int i = 0; i < t->f.labels.n; i++)
        if (strcmp(t->f.labels.v[i].name, name) == 0)
            return i;
    Label l = {.name = name, .kind = LBL_CODE, .instr = -1};
    vec_push(&arena, &t->f.labels, l);
    return t->f.labels.n - 1;
}

static void
start(T *t, const char *name)
{
    memset(t, 0, sizeof *t);
    t->name = name;
    t->f.name = name;
    t->f.is_entry = true;
    t->f.has_body = true;
}

static void
label(T *t, const char *name)
{
    int id = label_id(t, name); /* may grow labels */
    Label *l = &t->f.labels.v[id];
    l->defined = true;
    l->instr = t->f.instrs.n;
    l->loc.line = t->f.instrs.n + 1;
}

static Instr *
emit(T *t, Opcode op, int guard)
{
    Instr in = {.op = op, .guard = guard};
    in.loc.line = t->f.instrs.n + 2;
    vec_push(&arena, &t->f.instrs, in);
    return &t->f.instrs.v[t->f.instrs.n - 1];
}

static void
plain(T *t)
{
    emit(t, OP_ADD, -1);
}

static void
bra(T *t, const char *target, bool guarded)
{
    Instr *in = emit(t, OP_BRA, guarded ? 0 : -1);
    in->opnd = arena_alloc(&arena, sizeof *in->opnd);
    in->nopnd = 1;
    in->opnd[0].kind = OPD_LABEL;
    in->opnd[0].label = label_id(t, target);
}

/* brx.idx over the NULL-terminated label names. */
static void
brx(T *t, ...)
{
    va_list ap;
    Label tl = {.name = arena_printf(&arena, "tl%d", t->f.labels.n), .kind = LBL_BRANCHTARGETS,
                .defined = true};
    Vec(Operand) ops = {0};
    const char *s;

    va_start(ap, t);
    while ((s = va_arg(ap, const char *))) {
        Operand o = {.kind = OPD_LABEL, .label = label_id(t, s)};
        vec_push(&arena, &ops, o);
    }
    va_end(ap);
    tl.targets = ops.v;
    tl.ntargets = ops.n;
    vec_push(&arena, &t->f.labels, tl);
    Instr *in = emit(t, OP_BRX, -1);
    in->opnd = arena_alloc(&arena, 2 * sizeof *in->opnd);
    in->nopnd = 2;
    in->opnd[0].kind = OPD_REG;
    in->opnd[1].kind = OPD_TARGETS;
    in->opnd[1].label = t->f.labels.n - 1;
}

static void
ret(T *t, bool guarded)
{
    emit(t, OP_RET, guarded ? 0 : -1);
}

static void
ex(T *t, bool guarded)
{
    emit(t, OP_EXIT, guarded ? 0 : -1);
}

static void
build(T *t)
{
    cfg_build(&t->f, &arena);
    dom_compute(&t->f, &arena);
}

static int
block_named(T *t, const char *name)
{
    if (strcmp(name, "-") == 0)
        return -1;
    if (strcmp(name, "entry") == 0)
        return 0;
    if (strcmp(name, "exit") == 0)
        return t->f.cfg->exit;
    for (int i = 0; i < t->f.labels.n; i++)
        if (strcmp(t->f.labels.v[i].name, name) == 0)
            return t->f.cfg->block_of[t->f.labels.v[i].instr];
    printf("    %s: no label %s\n", t->name, name);
    t->failed = true;
    return -2;
}

/* Block b: immediate dominator and post-dominator ("-" for none). */
static void
expect(T *t, const char *b, const char *idom, const char *ipdom)
{
    int bb = block_named(t, b), d = block_named(t, idom), pd = block_named(t, ipdom);
    if (bb < 0)
        return;
    const Block *bl = &t->f.cfg->blocks[bb];
    if (bl->idom != d || bl->ipdom != pd) {
        printf("    %s: %s: idom bb%d ipdom bb%d, expected %s (bb%d) and %s (bb%d)\n", t->name, b,
               bl->idom, bl->ipdom, idom, d, ipdom, pd);
        t->failed = true;
    }
}

static void
expect_nblocks(T *t, int n)
{
    if (t->f.cfg->nblocks != n) {
        printf("    %s: %d blocks, expected %d\n", t->name, t->f.cfg->nblocks, n);
        t->failed = true;
    }
}

static void
expect_succs(T *t, const char *b, int n)
{
    int bb = block_named(t, b);
    if (bb >= 0 && t->f.cfg->blocks[bb].nsucc != n) {
        printf("    %s: %s has %d successors, expected %d\n", t->name, b,
               t->f.cfg->blocks[bb].nsucc, n);
        t->failed = true;
    }
}

static void
expect_tied(T *t, const char *b)
{
    int bb = block_named(t, b);
    for (int i = 0; i < t->f.cfg->ntied; i++)
        if (t->f.cfg->tied[i] == bb)
            return;
    printf("    %s: %s is not tied to the exit\n", t->name, b);
    t->failed = true;
}

/* Every reachable block but the exit must have an ipdom. */
static void
check_total(T *t)
{
    const Cfg *g = t->f.cfg;
    for (int b = 0; b < g->nblocks; b++)
        if (b != g->exit && g->blocks[b].rpo >= 0 && g->blocks[b].ipdom < 0) {
            printf("    %s: bb%d has no ipdom\n", t->name, b);
            t->failed = true;
        }
}

static void
finish(T *t)
{
    check_total(t);
    if (t->failed) {
        cfg_print(stdout, &t->f);
        pdom_print(stdout, &t->f);
        nfail_total++;
    }
    printf("%s unit/dom/%s\n", t->failed ? "FAIL" : "PASS", t->name);
}

/* ------------------------------------------------------------- the cases */

static void
single_block(void)
{
    T t;
    start(&t, "single_block");
    plain(&t);
    plain(&t);
    ret(&t, false);
    build(&t);
    expect_nblocks(&t, 2);
    expect(&t, "entry", "-", "exit");
    expect(&t, "exit", "entry", "-");
    finish(&t);
}

static void
empty_body(void)
{
    T t;
    start(&t, "empty_body");
    build(&t);
    expect_nblocks(&t, 2);
    expect(&t, "entry", "-", "exit");
    finish(&t);
}

/* falls off the end without ret */
static void
fall_off_end(void)
{
    T t;
    start(&t, "fall_off_end");
    plain(&t);
    bra(&t, "END", true);
    plain(&t);
    label(&t, "END");
    build(&t);
    expect_nblocks(&t, 4);
    expect(&t, "entry", "-", "END");
    expect(&t, "END", "entry", "exit");
    finish(&t);
}

/* entry: @p bra ELSE; THEN; bra JOIN; ELSE: ...; JOIN: ret */
static void
diamond(void)
{
    T t;
    start(&t, "diamond");
    plain(&t);
    bra(&t, "ELSE", true);
    label(&t, "THEN");
    plain(&t);
    bra(&t, "JOIN", false);
    label(&t, "ELSE");
    plain(&t);
    label(&t, "JOIN");
    plain(&t);
    ret(&t, false);
    build(&t);
    expect_nblocks(&t, 5);
    expect_succs(&t, "entry", 2);
    expect_succs(&t, "THEN", 1);
    expect(&t, "entry", "-", "JOIN");
    expect(&t, "THEN", "entry", "JOIN");
    expect(&t, "ELSE", "entry", "JOIN");
    expect(&t, "JOIN", "entry", "exit");
    expect(&t, "exit", "JOIN", "-");
    finish(&t);
}

/* if (a) { if (b) X else Y; Z } else W; J */
static void
nested_diamond(void)
{
    T t;
    start(&t, "nested_diamond");
    bra(&t, "W", true);
    label(&t, "A");
    bra(&t, "Y", true);
    label(&t, "X");
    plain(&t);
    bra(&t, "Z", false);
    label(&t, "Y");
    plain(&t);
    label(&t, "Z");
    plain(&t);
    bra(&t, "J", false);
    label(&t, "W");
    plain(&t);
    label(&t, "J");
    ret(&t, false);
    build(&t);
    expect(&t, "entry", "-", "J");
    expect(&t, "A", "entry", "Z");
    expect(&t, "X", "A", "Z");
    expect(&t, "Y", "A", "Z");
    expect(&t, "Z", "A", "J");
    expect(&t, "W", "entry", "J");
    expect(&t, "J", "entry", "exit");
    finish(&t);
}

/* while loop with break and continue:
 * H: @p bra OUT; B: @q bra H (continue); C: @r bra OUT (break); D: bra H; OUT: ret */
static void
loop_break_continue(void)
{
    T t;
    start(&t, "loop_break_continue");
    plain(&t);
    label(&t, "H");
    bra(&t, "OUT", true);
    label(&t, "B");
    bra(&t, "H", true);
    label(&t, "C");
    bra(&t, "OUT", true);
    label(&t, "D");
    plain(&t);
    bra(&t, "H", false);
    label(&t, "OUT");
    ret(&t, false);
    build(&t);
    expect(&t, "H", "entry", "OUT");
    expect(&t, "B", "H", "OUT");
    expect(&t, "C", "B", "OUT");
    expect(&t, "D", "C", "H");
    expect(&t, "OUT", "H", "exit");
    finish(&t);
}

/* do-while with two exits to different places (multi-exit loop):
 * H: @p bra E1; T: @q bra E2; @r bra H; E1: bra J; E2: J: ret */
static void
multi_exit_loop(void)
{
    T t;
    start(&t, "multi_exit_loop");
    plain(&t);
    label(&t, "H");
    bra(&t, "E1", true);
    label(&t, "T");
    bra(&t, "E2", true);
    label(&t, "L");
    bra(&t, "H", true);
    label(&t, "E1");
    plain(&t);
    bra(&t, "J", false);
    label(&t, "E2");
    plain(&t);
    label(&t, "J");
    ret(&t, false);
    build(&t);
    expect(&t, "H", "entry", "J");
    expect(&t, "T", "H", "J");
    expect(&t, "L", "T", "J");
    expect(&t, "E1", "H", "J");
    expect(&t, "E2", "T", "J");
    expect(&t, "J", "H", "exit");
    finish(&t);
}

/* irreducible: entry branches into both A and B, which branch to each other.
 * entry: @p bra B; A: @q bra X; bra B; B: @r bra A; X: ret */
static void
irreducible(void)
{
    T t;
    start(&t, "irreducible");
    bra(&t, "B", true);
    label(&t, "A");
    bra(&t, "X", true);
    label(&t, "A2");
    bra(&t, "B", false);
    label(&t, "B");
    bra(&t, "A", true);
    label(&t, "B2");
    plain(&t);
    label(&t, "X");
    ret(&t, false);
    build(&t);
    expect(&t, "A", "entry", "X");
    expect(&t, "A2", "A", "B");
    expect(&t, "B", "entry", "X");
    expect(&t, "B2", "B", "X");
    expect(&t, "X", "entry", "exit");
    expect(&t, "entry", "-", "X");
    finish(&t);
}

/* brx.idx over four targets that all meet at J; one of them twice. */
static void
brx_four(void)
{
    T t;
    start(&t, "brx_four");
    plain(&t);
    brx(&t, "C0", "C1", "C2", "C3", "C1", (const char *)NULL);
    label(&t, "C0");
    plain(&t);
    bra(&t, "J", false);
    label(&t, "C1");
    plain(&t);
    bra(&t, "J", false);
    label(&t, "C2");
    bra(&t, "C3", true);
    label(&t, "C2b");
    bra(&t, "J", false);
    label(&t, "C3");
    plain(&t);
    label(&t, "J");
    ret(&t, false);
    build(&t);
    expect_succs(&t, "entry", 4);
    expect(&t, "entry", "-", "J");
    expect(&t, "C0", "entry", "J");
    expect(&t, "C1", "entry", "J");
    expect(&t, "C2", "entry", "J");
    expect(&t, "C2b", "C2", "J");
    expect(&t, "C3", "entry", "J");
    expect(&t, "J", "entry", "exit");
    finish(&t);
}

/* early ret and exit deep inside nested branches:
 * entry: @p bra B; A: @q bra A2; @r exit; A1: bra J; A2: @s ret; A3: bra J;
 * B: ...; J: ret */
static void
early_exit_nested(void)
{
    T t;
    start(&t, "early_exit_nested");
    bra(&t, "B", true);
    label(&t, "A");
    bra(&t, "A2", true);
    label(&t, "AX");
    ex(&t, true);
    label(&t, "A1");
    bra(&t, "J", false);
    label(&t, "A2");
    ret(&t, true);
    label(&t, "A3");
    bra(&t, "J", false);
    label(&t, "B");
    plain(&t);
    label(&t, "J");
    ret(&t, false);
    build(&t);
    expect_succs(&t, "AX", 2);
    expect(&t, "entry", "-", "exit");
    expect(&t, "A", "entry", "exit");
    expect(&t, "AX", "A", "exit");
    expect(&t, "A1", "AX", "J");
    expect(&t, "A2", "A", "exit");
    expect(&t, "B", "entry", "J");
    expect(&t, "J", "entry", "exit");
    finish(&t);
}

/* an unconditional exit deep in a loop nest: no path from it falls back */
static void
exit_in_loop_nest(void)
{
    T t;
    start(&t, "exit_in_loop_nest");
    label(&t, "O");
    label(&t, "I");
    bra(&t, "D", true);
    label(&t, "N");
    bra(&t, "I", true);
    label(&t, "N2");
    bra(&t, "O", true);
    label(&t, "N3");
    ret(&t, false);
    label(&t, "D");
    ex(&t, false);
    build(&t);
    expect(&t, "entry", "-", "exit");
    expect(&t, "N", "entry", "exit");
    expect(&t, "D", "entry", "exit");
    finish(&t);
}

/* spin-wait that never exits: entry: @p bra SPIN; ret; SPIN: bra SPIN */
static void
infinite_loop(void)
{
    T t;
    start(&t, "infinite_loop");
    plain(&t);
    bra(&t, "SPIN", true);
    label(&t, "R");
    ret(&t, false);
    label(&t, "SPIN");
    plain(&t);
    bra(&t, "SPIN", false);
    build(&t);
    expect_tied(&t, "SPIN");
    expect(&t, "SPIN", "entry", "exit");
    expect(&t, "R", "entry", "exit");
    expect(&t, "entry", "-", "exit");
    finish(&t);
}

/* two separate infinite loops, one a two-block cycle; and a diamond before
 * them so a branch still has a proper ipdom */
static void
two_infinite_loops(void)
{
    T t;
    start(&t, "two_infinite_loops");
    bra(&t, "E", true);
    label(&t, "T");
    plain(&t);
    label(&t, "J");
    bra(&t, "L2", true);
    label(&t, "L1");
    plain(&t);
    bra(&t, "L1", false);
    label(&t, "L2");
    plain(&t);
    label(&t, "L2b");
    bra(&t, "L2", false);
    label(&t, "E");
    ret(&t, false);
    build(&t);
    expect_tied(&t, "L1");
    expect_tied(&t, "L2b");
    expect(&t, "L1", "J", "exit");
    expect(&t, "L2", "J", "L2b");
    expect(&t, "L2b", "L2", "exit");
    expect(&t, "J", "T", "exit");
    expect(&t, "entry", "-", "exit");
    finish(&t);
}

/* the whole function is an infinite loop: the exit is unreachable */
static void
never_returns(void)
{
    T t;
    start(&t, "never_returns");
    label(&t, "L");
    bra(&t, "M", true);
    label(&t, "K");
    plain(&t);
    label(&t, "M");
    bra(&t, "L", false);
    build(&t);
    expect_tied(&t, "M");
    expect(&t, "L", "-", "M");
    expect(&t, "K", "L", "M");
    expect(&t, "M", "L", "exit");
    finish(&t);
}

/* a loop whose only way out is a spin region: exit after the loop unreachable
 * from one branch; plus dead code after an unconditional bra */
static void
dead_code(void)
{
    T t;
    start(&t, "dead_code");
    bra(&t, "A", false);
    plain(&t); /* dead: no label, after an unconditional bra */
    label(&t, "A");
    ret(&t, false);
    build(&t);
    expect(&t, "A", "entry", "exit");
    expect(&t, "entry", "-", "A");
    if (t.f.cfg->blocks[1].rpo != -1 || t.f.cfg->blocks[1].ipdom != -1) {
        printf("    dead_code: the dead block should be unreachable\n");
        t.failed = true;
    }
    finish(&t);
}

/* a guarded bra to the next instruction: one edge, not two */
static void
bra_to_next(void)
{
    T t;
    start(&t, "bra_to_next");
    bra(&t, "N", true);
    label(&t, "N");
    ret(&t, false);
    build(&t);
    expect_succs(&t, "entry", 1);
    expect(&t, "entry", "-", "N");
    finish(&t);
}

/* The unit tests link report.o but not the PTX printer. */
void
ptx_print_instr(FILE *out, const Func *f, const Instr *in)
{
    fputs(opcode_name(in->op), out);
}

/* calls do not end blocks; trap goes to the exit like ret */
static void
call_and_trap(void)
{
    T t;
    start(&t, "call_and_trap");
    plain(&t);
    emit(&t, OP_CALL, -1);
    plain(&t);
    emit(&t, OP_TRAP, 0); /* guarded: exit + fall-through */
    label(&t, "A");
    emit(&t, OP_CALL, 0);
    emit(&t, OP_TRAP, -1);
    build(&t);
    expect_nblocks(&t, 3);
    expect_succs(&t, "entry", 2);
    expect_succs(&t, "A", 1);
    expect(&t, "entry", "-", "exit");
    expect(&t, "A", "entry", "exit");
    finish(&t);
}

/* 3000 diamonds in a row inside one loop: must be quick and exact */
static void
many_diamonds(void)
{
    T t;
    enum { N = 3000 };
    start(&t, "many_diamonds");
    label(&t, "TOP");
    for (int i = 0; i < N; i++) {
        char *e = arena_printf(&arena, "E%d", i), *j = arena_printf(&arena, "J%d", i);
        bra(&t, e, true);
        plain(&t);
        bra(&t, j, false);
        label(&t, e);
        plain(&t);
        label(&t, j);
    }
    bra(&t, "TOP", true);
    label(&t, "R");
    ret(&t, false);
    build(&t);
    expect(&t, "E0", "entry", "J0");
    expect(&t, "J1", "J0", "J2");
    expect(&t, arena_printf(&arena, "J%d", N - 1), arena_printf(&arena, "J%d", N - 2), "R");
    expect(&t, "TOP", "-", "J0"); /* TOP is the entry */
    finish(&t);
}

int
main(void)
{
    single_block();
    empty_body();
    fall_off_end();
    diamond();
    nested_diamond();
    loop_break_continue();
    multi_exit_loop();
    irreducible();
    brx_four();
    early_exit_nested();
    exit_in_loop_nest();
    infinite_loop();
    two_infinite_loops();
    never_returns();
    dead_code();
    bra_to_next();
    call_and_trap();
    many_diamonds();
    arena_free(&arena);
    return nfail_total > 0;
}
