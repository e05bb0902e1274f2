/* dispatch.c — inst_emit: every instruction other than a control transfer
 * through one table, indexed by opcode (frontend/opcodes.def), of leaf
 * handlers.
 */
#include "emit.h"

typedef void Handler(Emit *e, const Instr *in);

/* Every opcode's handler, from the opcode table's emit column; an opcode
 * whose column is 0 and that is no control transfer (those are flow.c's)
 * is unsupported.  A new opcode: its row in frontend/opcodes.def, a
 * handler in the file of its concern. */
static Handler *const handlers[OP_COUNT] = {
#define X(id, name, flags, classes, nmin, nmax, shape, emit) [OP_##id] = emit,
#include "opcodes.def"
#undef X
};

/* An instruction the handler rejected (an error, and no output for the
 * module) becomes a trap, and translation goes on with the next one, so
 * that one run reports every such error. */
void
inst_emit(Emit *e, const Instr *in)
{
    int errors = e->d->nerrors;
    Handler *h = in->op > OP_NONE && in->op < OP_COUNT ? handlers[in->op] : NULL;
    if (call_param_access(e, in))
        ; /* ld/st of a call's parameter blocks: the call ABI's (call.c) */
    else if (h)
        h(e, in);
    else
        emit_unsupported(e, in->loc,
                         arena_printf(e->arena, "instruction '%s'", opcode_name(in->op)));
    if (e->d->nerrors > errors)
        emit_intrinsic(e, "llvm.trap", NULL, 0, NULL, 0);
}
