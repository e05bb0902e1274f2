/* uniform_test.c — the uniformity analysis on functions built by hand
 * (no parser needed).  Prints PASS/FAIL unit/uniform/NAME.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

static Arena arena;
static int nfail_total;
static Module module;

typedef struct T {
    Func f;
    FuncInfo info;
    const char *name;
    bool failed;
} T;

static void
start(T *t, const char *name, bool entry)
{
    memset(t, 0, sizeof *t);
    t->name = name;
    t->f.name = name;
    t->f.is_entry = entry;
    t->f.has_body = true;
    t->f.loc.line = 1;
}

static int
reg(T *t, const char *name)
{
    for (int i = 0; i < t->f.regs.n; i++)
        if (strcmp(t->f.regs.v[i].name, name) == 0)
            return i;
    Reg r = {.name = name, .type = TY_U32, .vec = 1};
    vec_push(&arena, &t->f.regs, r);
    return t->f.regs.n - 1;
}

static Var *
param(T *t, const char *name)
{
    Var *v = arena_alloc(&arena, sizeof *v);
    v->name = name;
    v->space = SP_PARAM;
    v->owner = &t->f;
    vec_push(&arena, &t->f.params, v);
    return v;
}

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
label(T *t, const char *name)
{
    int id = label_id(t, name);
    t->f.labels.v[id].defined = true;
    t->f.labels.v[id].instr = t->f.instrs.n;
    t->f.labels.v[id].loc.line = t->f.instrs.n + 1;
}

/* Operands, written as strings: "%r1" register, "%tid" / "%ctaid" special
 * register, "#5" immediate, "[%r1]" memory through a register, "[=name]"
 * memory at a parameter, "@L" label. */
static Operand
opnd(T *t, const char *s)
{
    Operand o = {0};
    if (s[0] == '#') {
        o.kind = OPD_IMM;
        o.imm = 5;
    } else if (s[0] == '@') {
        o.kind = OPD_LABEL;
        o.label = label_id(t, s + 1);
    } else if (s[0] == '[') {
        o.kind = OPD_MEM;
        o.sub = arena_alloc(&arena, sizeof *o.sub);
        o.nsub = 1;
        if (s[1] == '=') {
            char *name = arena_strndup(&arena, s + 2, strlen(s) - 3);
            for (int i = 0; i < t->f.params.n; i++)
                if (strcmp(t->f.params.v[i]->name, name) == 0)
                    o.sub[0].var = o.var = t->f.params.v[i];
            o.sub[0].kind = OPD_VAR;
        } else {
            o.sub[0].kind = OPD_REG;
            o.sub[0].reg = reg(t, arena_strndup(&arena, s + 1, strlen(s) - 2));
        }
    } else if (strcmp(s, "%tid") == 0 || strcmp(s, "%ctaid") == 0) {
        o.kind = OPD_SREG;
        o.sreg = s[1] == 't' ? SREG_TID : SREG_CTAID;
    } else {
        o.kind = OPD_REG;
        o.reg = reg(t, s);
    }
    return o;
}

/* ins(t, guard or NULL, op, space, operands..., NULL); guard "!%p" negates. */
static Instr *
ins(T *t, const char *guard, Opcode op, Space space, ...)
{
    Instr in = {.op = op, .guard = -1, .space = space, .vec = 1};
    Vec(Operand) ops = {0};
    va_list ap;
    const char *s;

    if (guard) {
        in.guard_neg = guard[0] == '!';
        in.guard = reg(t, guard + in.guard_neg);
    }
    va_start(ap, space);
    while ((s = va_arg(ap, const char *))) {
        Operand o = opnd(t, s);
        vec_push(&arena, &ops, o);
    }
    va_end(ap);
    in.opnd = ops.v;
    in.nopnd = ops.n;
    in.loc.line = t->f.instrs.n + 1;
    vec_push(&arena, &t->f.instrs, in);
    return &t->f.instrs.v[t->f.instrs.n - 1];
}

#define I(t, g, op, sp, ...) ins(t, g, op, sp, __VA_ARGS__, (const char *)NULL)
#define I0(t, g, op) ins(t, g, op, SP_NONE, (const char *)NULL)

static void
run(T *t)
{
    cfg_build(&t->f, &arena);
    dom_compute(&t->f, &arena);
    uniform_compute(&module, &t->f, &t->info, &arena);
}

static void
expect_reg(T *t, const char *name, bool varying)
{
    int r = reg(t, name);
    if (t->info.reg_varying[r] != varying) {
        printf("    %s: %s is %s\n", t->name, name, varying ? "uniform" : "varying");
        t->failed = true;
    }
}

/* The transfer ending at line `line` (1-based instruction index). */
static void
expect_branch(T *t, int line, BranchClass c, const char *reconverge, BranchLowering low)
{
    int i = line - 1;
    const Cfg *g = t->f.cfg;
    if (t->info.branch[i] != c) {
        printf("    %s: line %d has class %d, expected %d\n", t->name, line, t->info.branch[i], c);
        t->failed = true;
        return;
    }
    if (c != BR_DIVERGENT)
        return;
    int want = -1;
    if (reconverge && strcmp(reconverge, "exit") == 0)
        want = g->exit;
    else if (reconverge)
        want = g->block_of[t->f.labels.v[label_id(t, reconverge)].instr];
    if (t->info.reconverge[i] != want || t->info.lowering[i] != low) {
        printf("    %s: line %d reconverges at bb%d lowering %d, expected bb%d lowering %d\n", t->name,
               line, t->info.reconverge[i], t->info.lowering[i], want, low);
        t->failed = true;
    }
}

static void
expect_divergent_block(T *t, const char *lbl, bool div)
{
    int b = t->f.cfg->block_of[t->f.labels.v[label_id(t, lbl)].instr];
    if (t->info.block_divergent[b] != div) {
        printf("    %s: block %s divergent=%d\n", t->name, lbl, t->info.block_divergent[b]);
        t->failed = true;
    }
}

static Vec(T *) all;

static void
finish(T *t)
{
    vec_push(&arena, &all, t);
    if (t->failed) {
        cfg_print(stdout, &t->f);
        pdom_print(stdout, &t->f);
        uniform_print(stdout, &t->f, &t->info);
        nfail_total++;
    }
    printf("%s unit/uniform/%s\n", t->failed ? "FAIL" : "PASS", t->name);
}

/* ------------------------------------------------------------- the cases */

static void
tid_vs_ctaid(void)
{
    static T t;
    start(&t, "tid_vs_ctaid", true);
    I(&t, NULL, OP_MOV, SP_NONE, "%c", "%ctaid");   /* 1 */
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%c", "#"); /* 2 */
    I(&t, "%p", OP_BRA, SP_NONE, "@A");             /* 3 */
    I(&t, NULL, OP_ADD, SP_NONE, "%x", "%c", "#");  /* 4 */
    label(&t, "A");
    I(&t, NULL, OP_MOV, SP_NONE, "%t", "%tid");     /* 5 */
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%t", "#"); /* 6 */
    I(&t, "%q", OP_BRA, SP_NONE, "@B");             /* 7 */
    I(&t, NULL, OP_ST, SP_GLOBAL, "[%c]", "%t");    /* 8 */
    label(&t, "B");
    I0(&t, NULL, OP_RET); /* 9 */
    run(&t);
    expect_reg(&t, "%c", false);
    expect_reg(&t, "%p", false);
    expect_reg(&t, "%x", false);
    expect_reg(&t, "%t", true);
    expect_reg(&t, "%q", true);
    expect_branch(&t, 3, BR_UNIFORM_PROVEN, NULL, LOWER_SCALAR);
    expect_branch(&t, 7, BR_DIVERGENT, "B", LOWER_STACK);
    expect_branch(&t, 9, BR_UNIFORM_PROVEN, NULL, LOWER_SCALAR);
    finish(&t);
}

static void
sync_dependence(void)
{
    static T t;
    start(&t, "sync_dependence", true);
    I(&t, NULL, OP_MOV, SP_NONE, "%v", "#");        /* 1 */
    I(&t, NULL, OP_MOV, SP_NONE, "%t", "%tid");     /* 2 */
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%t", "#"); /* 3 */
    I(&t, "%p", OP_BRA, SP_NONE, "@J");             /* 4 */
    I(&t, NULL, OP_MOV, SP_NONE, "%v", "#");        /* 5: uniform value, divergent region */
    I(&t, NULL, OP_ST, SP_GLOBAL, "[%v]", "%v");    /* 6 */
    label(&t, "J");
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%v", "#"); /* 7 */
    I(&t, "%q", OP_BRA, SP_NONE, "@K");             /* 8 */
    I(&t, NULL, OP_ADD, SP_NONE, "%w", "#", "#");   /* 9 */
    label(&t, "K");
    I0(&t, NULL, OP_RET); /* 10 */
    run(&t);
    expect_reg(&t, "%v", true);
    expect_reg(&t, "%q", true);
    expect_branch(&t, 4, BR_DIVERGENT, "J", LOWER_STACK);
    /* a hammock: stack (no if-conversion) */
    expect_branch(&t, 8, BR_DIVERGENT, "K", LOWER_STACK);
    finish(&t);
}

/* if (tid >= n) return; then a uniform value and branch stay uniform */
static void
early_return(void)
{
    static T t;
    start(&t, "early_return", true);
    param(&t, "n");
    I(&t, NULL, OP_LD, SP_PARAM, "%n", "[=n]");       /* 1 */
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%tid", "%n"); /* 2 */
    I(&t, "%p", OP_BRA, SP_NONE, "@R");               /* 3 */
    label(&t, "B");
    I(&t, NULL, OP_ADD, SP_NONE, "%m", "%n", "#");   /* 4 */
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%m", "#");  /* 5 */
    I(&t, "%q", OP_BRA, SP_NONE, "@R");              /* 6 */
    I(&t, NULL, OP_BAR, SP_NONE, "#");               /* 7 */
    label(&t, "R");
    I0(&t, NULL, OP_RET); /* 8 */
    run(&t);
    expect_reg(&t, "%n", false);
    expect_reg(&t, "%m", false);
    expect_reg(&t, "%p", true);
    expect_branch(&t, 3, BR_DIVERGENT, "R", LOWER_STACK);
    expect_branch(&t, 6, BR_UNIFORM_PROVEN, NULL, LOWER_SCALAR);
    expect_divergent_block(&t, "B", true);
    finish(&t);
}

/* while (i < tid) i++; use i after the loop */
static void
loop_divergent_exit(void)
{
    static T t;
    start(&t, "loop_divergent_exit", true);
    I(&t, NULL, OP_MOV, SP_NONE, "%i", "#"); /* 1 */
    label(&t, "H");
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%i", "%tid"); /* 2 */
    I(&t, "%p", OP_BRA, SP_NONE, "@X");               /* 3 */
    I(&t, NULL, OP_ADD, SP_NONE, "%i", "%i", "#");    /* 4 */
    I(&t, NULL, OP_ADD, SP_NONE, "%k", "#", "#");     /* 5 */
    I(&t, NULL, OP_BRA, SP_NONE, "@H");               /* 6 */
    label(&t, "X");
    I(&t, NULL, OP_ST, SP_GLOBAL, "[%k]", "%i"); /* 7 */
    I0(&t, NULL, OP_RET);                        /* 8 */
    run(&t);
    expect_reg(&t, "%i", true);
    expect_reg(&t, "%k", true);
    expect_branch(&t, 3, BR_DIVERGENT, "X", LOWER_STACK);
    expect_branch(&t, 6, BR_UNIFORM_PROVEN, NULL, LOWER_SCALAR);
    finish(&t);
}

/* a .func's own parameter is not proven uniform; a guarded write with a
 * varying guard makes the destination varying */
static void
func_param_and_guard(void)
{
    static T t;
    start(&t, "func_param_and_guard", false);
    param(&t, "x");
    I(&t, NULL, OP_LD, SP_PARAM, "%x", "[=x]");      /* 1 */
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%x", "#");  /* 2 */
    I(&t, NULL, OP_MOV, SP_NONE, "%y", "#");         /* 3 */
    I(&t, "%p", OP_MOV, SP_NONE, "%y", "#");         /* 4 */
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%y", "#");  /* 5 */
    I(&t, "!%q", OP_RET, SP_NONE, (const char *)0);  /* 6 */
    I0(&t, NULL, OP_RET);                            /* 7 */
    run(&t);
    expect_reg(&t, "%x", true);
    expect_reg(&t, "%y", true);
    expect_branch(&t, 6, BR_DIVERGENT, "exit", LOWER_STACK);
    finish(&t);
}

/* vote is uniform whatever its input; an atom result is not; a .uni on a
 * varying predicate is kept but flagged */
static void
vote_atom_uni(void)
{
    static T t;
    start(&t, "vote_atom_uni", true);
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%tid", "#"); /* 1 */
    I(&t, NULL, OP_VOTE, SP_NONE, "%b", "%p");        /* 2 */
    I(&t, NULL, OP_ATOM, SP_GLOBAL, "%a", "[%b]", "#"); /* 3 */
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%b", "#");   /* 4 */
    Instr *u = I(&t, "%p", OP_BRA, SP_NONE, "@L");    /* 5 */
    u->uni = true;
    I(&t, "%q", OP_BRA, SP_NONE, "@L"); /* 6 */
    label(&t, "L");
    I0(&t, NULL, OP_RET); /* 7 */
    run(&t);
    expect_reg(&t, "%b", false);
    expect_reg(&t, "%a", true);
    expect_branch(&t, 5, BR_UNIFORM_DECLARED, NULL, LOWER_SCALAR);
    expect_branch(&t, 6, BR_UNIFORM_PROVEN, NULL, LOWER_SCALAR);
    if (!t.info.uni_unproven[4] || t.info.uni_unproven[5]) {
        printf("    vote_atom_uni: uni_unproven wrong\n");
        t.failed = true;
    }
    finish(&t);
}

/* loads: .local always varying; global through uniform address uniform */
static void
loads(void)
{
    static T t;
    start(&t, "loads", true);
    param(&t, "p");
    I(&t, NULL, OP_LD, SP_PARAM, "%a", "[=p]");  /* 1 */
    I(&t, NULL, OP_LD, SP_GLOBAL, "%g", "[%a]"); /* 2 */
    I(&t, NULL, OP_LD, SP_LOCAL, "%l", "[%a]");  /* 3 */
    I(&t, NULL, OP_ADD, SP_NONE, "%t", "%a", "%tid"); /* 4 */
    I(&t, NULL, OP_LD, SP_SHARED, "%s", "[%t]"); /* 5 */
    I(&t, NULL, OP_LD, SP_SHARED, "%u", "[%g]"); /* 6 */
    I0(&t, NULL, OP_RET);
    run(&t);
    expect_reg(&t, "%a", false);
    expect_reg(&t, "%g", false);
    expect_reg(&t, "%l", true);
    expect_reg(&t, "%s", true);
    expect_reg(&t, "%u", false);
    finish(&t);
}

/* if (tid < 8) for (i = 0; i < n; i++) ...: the counter is not live after
 * the if, so the loop stays uniform inside the divergent region */
static void
uniform_loop_in_divergent_if(void)
{
    static T t;
    start(&t, "uniform_loop_in_divergent_if", true);
    param(&t, "n");
    I(&t, NULL, OP_LD, SP_PARAM, "%n", "[=n]");      /* 1 */
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%tid", "#"); /* 2 */
    I(&t, "%p", OP_BRA, SP_NONE, "@END");            /* 3 */
    I(&t, NULL, OP_MOV, SP_NONE, "%i", "#");         /* 4 */
    label(&t, "H");
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%i", "%n"); /* 5 */
    I(&t, "%q", OP_BRA, SP_NONE, "@END");            /* 6 */
    I(&t, NULL, OP_ST, SP_GLOBAL, "[%n]", "%i");     /* 7 */
    I(&t, NULL, OP_ADD, SP_NONE, "%i", "%i", "#");   /* 8 */
    I(&t, NULL, OP_BRA, SP_NONE, "@H");              /* 9 */
    label(&t, "END");
    I(&t, NULL, OP_ST, SP_GLOBAL, "[%n]", "%n"); /* 10 */
    I0(&t, NULL, OP_RET);                        /* 11 */
    run(&t);
    expect_reg(&t, "%i", false);
    expect_reg(&t, "%q", false);
    expect_branch(&t, 3, BR_DIVERGENT, "END", LOWER_STACK);
    expect_branch(&t, 6, BR_UNIFORM_PROVEN, NULL, LOWER_SCALAR);
    expect_divergent_block(&t, "H", true);
    finish(&t);
}

/* B: @p bra X; Y: @q exit; v = 1; bra Z; X: v = 2; Z: use v.  The ipdom of B
 * is the function exit (Y may exit), but lanes meet at Z: v is varying. */
static void
join_before_exit(void)
{
    static T t;
    start(&t, "join_before_exit", true);
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%tid", "#"); /* 1 */
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%tid", "#"); /* 2 */
    I(&t, "%p", OP_BRA, SP_NONE, "@X");              /* 3 */
    label(&t, "Y");
    I(&t, "%q", OP_EXIT, SP_NONE, (const char *)0); /* 4 */
    I(&t, NULL, OP_MOV, SP_NONE, "%v", "#");        /* 5 */
    I(&t, NULL, OP_BRA, SP_NONE, "@Z");             /* 6 */
    label(&t, "X");
    I(&t, NULL, OP_MOV, SP_NONE, "%v", "#"); /* 7 */
    label(&t, "Z");
    I(&t, NULL, OP_SETP, SP_NONE, "%r", "%v", "#"); /* 8 */
    I(&t, "%r", OP_BRA, SP_NONE, "@W");             /* 9 */
    I(&t, NULL, OP_ADD, SP_NONE, "%w", "#", "#");   /* 10 */
    label(&t, "W");
    I0(&t, NULL, OP_RET); /* 11 */
    run(&t);
    expect_reg(&t, "%v", true);
    expect_branch(&t, 3, BR_DIVERGENT, "exit", LOWER_STACK);
    expect_branch(&t, 9, BR_DIVERGENT, "W", LOWER_STACK); /* no if-conversion */
    finish(&t);
}

/* t = 3; if (tid) { t = 5; use t } else { use t }: the arms run one after
 * the other with one scalar t, so the else arm would read the then arm's
 * 5; t is varying although it is dead after the if. */
static void
arms_share_register(void)
{
    static T t;
    start(&t, "arms_share_register", true);
    I(&t, NULL, OP_MOV, SP_NONE, "%t", "#");          /* 1 */
    I(&t, NULL, OP_SETP, SP_NONE, "%p", "%tid", "#"); /* 2 */
    I(&t, "%p", OP_BRA, SP_NONE, "@ELSE");           /* 3 */
    I(&t, NULL, OP_MOV, SP_NONE, "%t", "#");         /* 4 */
    I(&t, NULL, OP_ST, SP_GLOBAL, "[%t]", "%t");     /* 5 */
    I(&t, NULL, OP_BRA, SP_NONE, "@J");              /* 6 */
    label(&t, "ELSE");
    I(&t, NULL, OP_ST, SP_GLOBAL, "[%t]", "%t"); /* 7 */
    label(&t, "J");
    I(&t, NULL, OP_MOV, SP_NONE, "%u", "#"); /* 8 */
    I0(&t, NULL, OP_RET);                    /* 9 */
    run(&t);
    expect_reg(&t, "%t", true);
    expect_reg(&t, "%u", false);
    expect_branch(&t, 3, BR_DIVERGENT, "J", LOWER_STACK);
    finish(&t);
}

/* analyze_module proves a .func parameter uniform when every call passes
 * a uniform value; one call with %tid withdraws it. */
static void
call_one(T *caller, T *callee, const char *arg)
{
    Var *a0 = arena_alloc(&arena, sizeof *a0);
    a0->name = "a0";
    a0->space = SP_PARAM;
    a0->owner = &caller->f;
    Instr *st = I(caller, NULL, OP_ST, SP_PARAM, "[%dummy]", arg);
    st->opnd[0].sub[0].kind = OPD_VAR;
    st->opnd[0].sub[0].var = st->opnd[0].var = a0;
    Instr *call = I0(caller, NULL, OP_CALL);
    call->opnd = arena_alloc(&arena, 2 * sizeof *call->opnd);
    call->nopnd = 2;
    call->opnd[0].kind = OPD_FUNC;
    call->opnd[0].func = &callee->f;
    call->opnd[1].kind = OPD_LIST;
    call->opnd[1].sub = arena_alloc(&arena, sizeof *call->opnd[1].sub);
    call->opnd[1].nsub = 1;
    call->opnd[1].sub[0].kind = OPD_VAR;
    call->opnd[1].sub[0].var = a0;
}

static void
func_param_proof(const char *name, const char *arg2, bool want_varying)
{
    static T g[2], e[2];
    static int n;
    T *callee = &g[n], *caller = &e[n];
    n++;
    start(callee, name, false);
    param(callee, "x");
    I(callee, NULL, OP_LD, SP_PARAM, "%x", "[=x]");
    I(callee, NULL, OP_SETP, SP_NONE, "%p", "%x", "#");
    I(callee, "%p", OP_RET, SP_NONE, (const char *)0);
    I0(callee, NULL, OP_RET);
    start(caller, "caller", true);
    I(caller, NULL, OP_MOV, SP_NONE, "%c", "%ctaid");
    I(caller, NULL, OP_MOV, SP_NONE, "%t", "%tid");
    call_one(caller, callee, "%c");
    call_one(caller, callee, arg2);
    I0(caller, NULL, OP_RET);

    static Module m; /* its arena holds the analysis the report reads later */
    memset(&m, 0, sizeof m);
    vec_push(&arena, &m.funcs, &callee->f);
    vec_push(&arena, &m.funcs, &caller->f);
    Analysis *an = analyze_module(&m);
    callee->info = an->funcs[0];
    expect_reg(callee, "%x", want_varying);
    expect_branch(callee, 3, want_varying ? BR_DIVERGENT : BR_UNIFORM_PROVEN, "exit", LOWER_STACK);
    finish(callee);
}

/* The report needs the PTX printer, which this test does not link. */
void
ptx_print_instr(FILE *out, const Func *f, const Instr *in)
{
    fprintf(out, "%s%s", in->guard >= 0 ? "@p " : "", opcode_name(in->op));
}

/* The report of every case above validates against docs/report.xsd. */
static void
report_schema(const char *xmllint)
{
    const char *path = "test/out/unit_uniform_report.xml";
    Analysis an = {.module = &module};
    Diags d = {.arena = &arena};
    bool ok;

    module.filename = "unit.ptx";
    module.version_major = 7;
    module.version_minor = 5;
    module.address_size = 64;
    vec_push(&arena, &module.target, "sm_75");
    an.funcs = arena_alloc(&arena, (size_t)all.n * sizeof *an.funcs);
    for (int i = 0; i < all.n; i++) {
        vec_push(&arena, &module.funcs, &all.v[i]->f);
        an.funcs[i] = all.v[i]->info;
    }
    ok = report_write(path, &an, &d);
    if (system("command -v xmllint >/dev/null 2>&1") != 0)
        xmllint = NULL;
    if (ok && xmllint) {
        char *cmd = arena_printf(&arena,
                                 "%s --noout --schema docs/report.xsd %s 2>test/out/unit_schema.log"
                                 " || cat test/out/unit_schema.log",
                                 xmllint, path);
        ok = system(cmd) == 0 && system("grep -q ' validates$' test/out/unit_schema.log") == 0;
    }
    printf("%s unit/uniform/report_schema\n", ok ? "PASS" : "FAIL");
    nfail_total += !ok;
}

/* rows_compute: steps per %tid.x, and what a row-divergent branch or a
 * load through a moving address makes unknown. */
static void
expect_row(T *t, const char *name, bool affine, int64_t step)
{
    int r = reg(t, name);
    if (t->info.reg_row_affine[r] != affine || (affine && t->info.reg_tx_step[r] != step)) {
        printf("    %s: %s row_affine=%d step=%lld, expected %d %lld\n", t->name, name,
               t->info.reg_row_affine[r], (long long)t->info.reg_tx_step[r], affine, (long long)step);
        t->failed = true;
    }
}

static void
row_steps(void)
{
    static T t;
    start(&t, "row_steps", true);
    I(&t, NULL, OP_MOV, SP_NONE, "%c", "%ctaid");   /* 1 */
    I(&t, NULL, OP_MOV, SP_NONE, "%t", "%tid");     /* 2 */
    I(&t, NULL, OP_SHL, SP_NONE, "%a", "%t", "#");  /* 3: a = t << 5 */
    I(&t, NULL, OP_ADD, SP_NONE, "%b", "%a", "%c"); /* 4 */
    I(&t, NULL, OP_SETP, SP_NONE, "%q", "%t", "#"); /* 5 */
    I(&t, "%q", OP_BRA, SP_NONE, "@L");             /* 6 */
    I(&t, NULL, OP_ADD, SP_NONE, "%d", "%b", "#");  /* 7 */
    label(&t, "L");
    I(&t, NULL, OP_ADD, SP_NONE, "%e", "%d", "#");  /* 8 */
    I(&t, NULL, OP_LD, SP_SHARED, "%v", "[%b]");    /* 9 */
    I(&t, NULL, OP_SUB, SP_NONE, "%z", "%b", "%a"); /* 10: the steps cancel */
    I0(&t, NULL, OP_RET);                           /* 11 */
    run(&t);
    expect_row(&t, "%c", true, 0);
    expect_row(&t, "%t", true, 1);
    expect_row(&t, "%a", true, 32);
    expect_row(&t, "%b", true, 32);
    expect_row(&t, "%z", true, 0);
    expect_row(&t, "%q", false, 0);
    expect_row(&t, "%d", false, 0); /* written under a branch on %tid.x, read at the join */
    expect_row(&t, "%v", false, 0);
    finish(&t);
}

int
main(int argc, char **argv)
{
    tid_vs_ctaid();
    sync_dependence();
    early_return();
    loop_divergent_exit();
    func_param_and_guard();
    vote_atom_uni();
    loads();
    uniform_loop_in_divergent_if();
    join_before_exit();
    arms_share_register();
    func_param_proof("func_param_proven", "#", false);
    func_param_proof("func_param_withdrawn", "%t", true);
    row_steps();
    report_schema(argc > 1 ? argv[1] : "xmllint");
    arena_free(&arena);
    return nfail_total > 0;
}
