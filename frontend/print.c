/* print.c — a module back to PTX text (--dump=ast).  Parsing the output
 * gives the same module: parse -> print -> parse -> print is a fixed point,
 * checked on every fixture by make check. */
#include <inttypes.h>
#include <string.h>

#include "ptx.h"

static const char *
linkage_name(Linkage l)
{
    static const char *const names[] = {"", ".visible ", ".extern ", ".weak ", ".common "};
    return names[l];
}

static void
print_float(FILE *out, uint64_t bits, bool is_double)
{
    if (is_double)
        fprintf(out, "0d%016" PRIX64, bits);
    else
        fprintf(out, "0f%08" PRIX32, (uint32_t)bits);
}

static void print_operand(FILE *out, const Func *f, const Operand *o);

static void
print_list(FILE *out, const Func *f, const Operand *o, const char *open, const char *close)
{
    fputs(open, out);
    for (int i = 0; i < o->nsub; i++) {
        if (i)
            fputs(", ", out);
        print_operand(out, f, &o->sub[i]);
    }
    fputs(close, out);
}

static void
print_operand(FILE *out, const Func *f, const Operand *o)
{
    if (o->neg)
        fputc('!', out);
    if (o->minus)
        fputc('-', out);
    switch (o->kind) {
    case OPD_REG:
        fputs(f->regs.v[o->reg].name, out);
        if (o->sel)
            fprintf(out, ".%s", o->sel);
        break;
    case OPD_SINK: fputc('_', out); break;
    case OPD_SREG:
        fprintf(out, "%%%s", sreg_name(o->sreg));
        if (sreg_flags(o->sreg) & SRF_VEC)
            fprintf(out, ".%c", 'x' + o->comp);
        else if (sreg_flags(o->sreg) & SRF_INDEXED)
            fprintf(out, "%d", o->comp);
        break;
    case OPD_IMM: fprintf(out, "%" PRId64, o->imm); break;
    case OPD_FIMM: print_float(out, o->fbits, o->is_double); break;
    case OPD_VAR:
        fputs(o->var->name, out);
        if (o->imm)
            fprintf(out, "+%" PRId64, o->imm);
        break;
    case OPD_FUNC: fputs(o->func->name, out); break;
    case OPD_LABEL:
    case OPD_TARGETS: fputs(f->labels.v[o->label].name, out); break;
    case OPD_MEM:
        fputc('[', out);
        if (o->nsub > 0) {
            print_operand(out, f, &o->sub[0]);
            if (o->imm)
                fprintf(out, "+%" PRId64, o->imm);
            if (o->nsub == 2) { /* a texture's coordinates */
                fputs(", ", out);
                print_operand(out, f, &o->sub[1]);
            }
        } else {
            fprintf(out, "%" PRId64, o->imm);
        }
        fputc(']', out);
        break;
    case OPD_VEC: print_list(out, f, o, "{", "}"); break;
    case OPD_LIST: print_list(out, f, o, "(", ")"); break;
    case OPD_PAIR:
        print_operand(out, f, &o->sub[0]);
        fputc('|', out);
        print_operand(out, f, &o->sub[1]);
        break;
    }
}

/* One instruction on one line, ending in ';', no newline: the report uses
 * it as the instruction's text. */
void
ptx_print_instr(FILE *out, const Func *f, const Instr *in)
{
    if (in->guard >= 0)
        fprintf(out, "@%s%s ", in->guard_neg ? "!" : "", f->regs.v[in->guard].name);
    fputs(opcode_name(in->op), out);
    for (int i = 0; i < in->nmods; i++)
        fprintf(out, ".%s", mod_name(in->mods[i]));
    for (int i = 0; i < in->nopnd; i++) {
        fputs(i ? ", " : " ", out);
        print_operand(out, f, &in->opnd[i]);
    }
    fputc(';', out);
}

static void
print_init(FILE *out, const Init *in)
{
    switch (in->kind) {
    case INIT_INT: fprintf(out, "%" PRId64, in->i); break;
    case INIT_FLOAT: print_float(out, in->fbits, in->is_double); break;
    case INIT_VAR:
    case INIT_GENERIC:
        fprintf(out, in->kind == INIT_GENERIC ? "generic(%s" : "%s", in->var->name);
        if (in->i)
            fprintf(out, "+%" PRId64, in->i);
        if (in->kind == INIT_GENERIC)
            fputc(')', out);
        break;
    case INIT_FUNC: fputs(in->func->name, out); break;
    case INIT_MASK: fprintf(out, "%" PRId64 "(%s)", in->i, in->var->name); break;
    case INIT_LIST:
        fputc('{', out);
        for (int i = 0; i < in->nelems; i++) {
            if (i)
                fputs(", ", out);
            print_init(out, &in->elems[i]);
        }
        fputc('}', out);
        break;
    }
}

static void
print_var_type(FILE *out, const Var *v)
{
    if (v->is_ptr) {
        fputs(" .ptr", out);
        if (v->ptr_space != SP_NONE)
            fprintf(out, " .%s", space_name(v->ptr_space));
        if (v->ptr_align)
            fprintf(out, " .align %d", v->ptr_align);
    }
    if (v->align)
        fprintf(out, " .align %d", v->align);
    if (v->vec > 1)
        fprintf(out, " .v%d", v->vec);
    fprintf(out, " .%s %s", type_name(v->type), v->name);
    for (int i = 0; i < v->ndims; i++) {
        if (v->dims[i] < 0 || (i == 0 && v->init && v->size >= 0 && false))
            fputs("[]", out);
        else
            fprintf(out, "[%" PRId64 "]", v->dims[i]);
    }
}

static void
print_var(FILE *out, const Var *v)
{
    fprintf(out, "%s.%s", linkage_name(v->linkage), space_name(v->space));
    print_var_type(out, v);
    if (v->init) {
        fputs(" = ", out);
        print_init(out, v->init);
    }
    fputs(";\n", out);
}

static void
print_params(FILE *out, const Var *const *v, int n)
{
    fputs("(", out);
    for (int i = 0; i < n; i++) {
        fputs(i ? ",\n\t." : "\n\t.", out);
        fputs(space_name(v[i]->space), out);
        print_var_type(out, v[i]);
    }
    fputs(n ? "\n)" : ")", out);
}

static void
print_header(FILE *out, const Func *f)
{
    fprintf(out, "%s.%s ", linkage_name(f->linkage), f->is_entry ? "entry" : "func");
    if (!f->is_entry && f->rets.n > 0) {
        print_params(out, (const Var *const *)f->rets.v, f->rets.n);
        fputc(' ', out);
    }
    fputs(f->name, out);
    if (f->is_entry || f->params.n > 0)
        print_params(out, (const Var *const *)f->params.v, f->params.n);
    if (f->noreturn)
        fputs(" .noreturn", out);
    const Perf *pf = &f->perf;
    static const char *const dimnames[] = {".maxntid", ".reqntid", ".reqnctapercluster"};
    const int *dims[] = {pf->maxntid, pf->reqntid, pf->reqnctapercluster};
    for (int k = 0; k < 3; k++)
        if (dims[k][0])
            fprintf(out, "\n%s %d, %d, %d", dimnames[k], dims[k][0], dims[k][1], dims[k][2]);
    if (pf->minnctapersm)
        fprintf(out, "\n.minnctapersm %d", pf->minnctapersm);
    if (pf->maxnreg)
        fprintf(out, "\n.maxnreg %d", pf->maxnreg);
    if (pf->maxclusterrank)
        fprintf(out, "\n.maxclusterrank %d", pf->maxclusterrank);
    if (pf->explicitcluster)
        fputs("\n.explicitcluster", out);
    for (int i = 0; i < f->pragmas.n; i++)
        fprintf(out, "\n%s;", f->pragmas.v[i]);
}

static void
indent(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++)
        fputc('\t', out);
}

static void
print_targets(FILE *out, const Func *f, const Label *l)
{
    fprintf(out, "%s: ", l->name);
    if (l->kind == LBL_CALLPROTO) {
        const Func *p = l->proto;
        fputs(".callprototype ", out);
        if (p->rets.n)
            print_params(out, (const Var *const *)p->rets.v, p->rets.n);
        fputs(" _ ", out);
        print_params(out, (const Var *const *)p->params.v, p->params.n);
        if (p->noreturn)
            fputs(" .noreturn", out);
        fputs(";", out);
        return;
    }
    fputs(l->kind == LBL_CALLTARGETS ? ".calltargets " : ".branchtargets ", out);
    for (int i = 0; i < l->ntargets; i++) {
        if (i)
            fputs(", ", out);
        print_operand(out, f, &l->targets[i]);
    }
    fputc(';', out);
}

static void
print_body(FILE *out, const Func *f)
{
    int depth = 1;
    fputs("\n{\n", out);
    for (int i = 0; i < f->body.n; i++) {
        const Stmt *s = &f->body.v[i];
        switch (s->kind) {
        case ST_INSTR:
            indent(out, depth);
            ptx_print_instr(out, f, &f->instrs.v[s->index]);
            fputc('\n', out);
            break;
        case ST_LABEL: fprintf(out, "%s:\n", f->labels.v[s->index].name); break;
        case ST_TARGETS:
            indent(out, depth);
            print_targets(out, f, &f->labels.v[s->index]);
            fputc('\n', out);
            break;
        case ST_REG: {
            const Reg *r = &f->regs.v[s->index];
            indent(out, depth);
            fputs(".reg", out);
            if (r->vec > 1)
                fprintf(out, " .v%d", r->vec);
            fprintf(out, " .%s ", type_name(r->type));
            size_t len = strlen(r->name) - (r->vec > 1 ? 2 : 0); /* "%v.x": "%v" */
            if (s->count > 0) { /* %r<N>: the name without its number */
                size_t n = len - 1; /* the first is NAME0 */
                fprintf(out, "%.*s<%d>;\n", (int)n, r->name, s->count);
            } else {
                fprintf(out, "%.*s;\n", (int)len, r->name);
            }
            break;
        }
        case ST_VAR:
            indent(out, depth);
            print_var(out, s->var);
            break;
        case ST_OPEN:
            indent(out, depth++);
            fputs("{\n", out);
            break;
        case ST_CLOSE:
            indent(out, --depth);
            fputs("}\n", out);
            break;
        case ST_PRAGMA:
        case ST_LOC:
            indent(out, depth);
            fprintf(out, "%s%s\n", s->text, s->kind == ST_PRAGMA ? ";" : "");
            break;
        }
    }
    fputs("}\n", out);
}

void
ptx_print(FILE *out, const Module *m)
{
    fprintf(out, ".version %d.%d\n.target ", m->version_major, m->version_minor);
    for (int i = 0; i < m->target.n; i++)
        fprintf(out, "%s%s", i ? ", " : "", m->target.v[i]);
    fprintf(out, "\n.address_size %d\n", m->address_size);
    for (int i = 0; i < m->items.n; i++) {
        const ModItem *it = &m->items.v[i];
        switch (it->kind) {
        case MI_FUNC: {
            const Func *f = m->funcs.v[it->index];
            bool later = false; /* defined further on: a prototype here */
            for (int j = i + 1; j < m->items.n; j++)
                if (m->items.v[j].kind == MI_FUNC && m->items.v[j].index == it->index)
                    later = true;
            fputc('\n', out);
            print_header(out, f);
            if (f->has_body && !later)
                print_body(out, f);
            else
                fputs(";\n", out);
            break;
        }
        case MI_VAR: print_var(out, m->vars.v[it->index]); break;
        case MI_FILE:
            fprintf(out, ".file %d \"%s\"\n", m->files.v[it->index].id, m->files.v[it->index].name);
            break;
        case MI_SECTION: fprintf(out, "%s\n", m->sections.v[it->index]); break;
        }
    }
}
