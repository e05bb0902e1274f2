#!/bin/sh
# IR-level checks of control flow (docs/lowering.md, Control flow and
# reconvergence) on test/cli/ir_flow.ptx, in the IR before optimisation
# (--dump=ir): a function that never pushes a divergence-stack entry has no
# stack and no dispatcher; a short if/else of register arithmetic runs both
# sides under their masks with no branch around them (predicated), one with
# a store keeps the branches that skip a side no lane runs.  Called by
# test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
ir=$OUT/ir_flow.ll
if ! "$P2N" --dump=ir test/cli/ir_flow.ptx >"$ir" 2>"$OUT/ir_flow.err"; then
	echo "FAIL cli/ir_flow/translate: $(head -n 3 "$OUT/ir_flow.err")"
	exit 0
fi
check() { if [ "$2" = yes ]; then echo "PASS cli/ir_flow/$1"; else echo "FAIL cli/ir_flow/$1: $3"; fi; }
body() { sed -n "/^define internal void @p2n.kernel.$1(/,/^}/p" "$ir"; }
stack() { body "$1" | grep -c '%stk\.[a-z]* = alloca\|^dispatch[0-9]*:\|^pop[0-9]*:'; }

n=$(stack flat)
check no_stack_without_divergence "$([ "$n" -eq 0 ] && echo yes)" "$n stack arrays or dispatcher blocks in @p2n.kernel.flat"
n=$(stack pred)
check no_stack_with_predicated_branch "$([ "$n" -eq 0 ] && echo yes)" "$n stack arrays or dispatcher blocks in @p2n.kernel.pred"
n=$(stack loop)
check stack_with_divergent_loop "$([ "$n" -ge 3 ] && echo yes)" "$n stack arrays or dispatcher blocks in @p2n.kernel.loop, expected at least 3"

# the branch's own blocks: "some" when the taken side has lanes, "diverge"
# when both have (flow.c, split_lanes)
sides() { body "$1" | grep -c '^some[0-9]*:\|^diverge[0-9]*:'; }
n=$(sides pred)
check short_diamond_is_predicated "$([ "$n" -eq 0 ] && echo yes)" "$n blocks that skip a side in @p2n.kernel.pred"
n=$(sides store)
check diamond_with_store_branches "$([ "$n" -eq 2 ] && echo yes)" "$n blocks that skip a side in @p2n.kernel.store, expected 2"
