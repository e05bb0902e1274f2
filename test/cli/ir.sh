#!/bin/sh
# IR-level checks that the uniform/varying split works, on the optimised
# IR of test/cli/ir_uniform.ptx.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
ir=$OUT/ir_uniform.ll
if ! "$P2N" -S --emit-llvm -O2 test/cli/ir_uniform.ptx -o "$ir" 2>"$OUT/ir_uniform.err"; then
	echo "FAIL cli/ir/translate: $(head -n 3 "$OUT/ir_uniform.err")"
	exit 0
fi
body() { sed -n "/^define internal .*@p2n.kernel.$1\(\.resume\)\{0,1\}(/,/^}/p" "$ir"; }
check() { if [ "$2" = yes ]; then echo "PASS cli/ir/$1"; else echo "FAIL cli/ir/$1: $3"; fi; }

# a kernel whose control flow and addresses depend only on %ctaid and
# parameters has no vector value at all: scalar branch, scalar store
n=$(body uniform | grep -c '<32 x')
check uniform_kernel_is_scalar "$([ "$n" -eq 0 ] && echo yes)" "$n lines with <32 x ...> in @p2n.kernel.uniform"
n=$(body uniform | grep -c 'br i1')
check uniform_branch_is_scalar "$([ "$n" -ge 1 ] && echo yes)" "no scalar conditional branch"

# saxpy (%r1 defined twice, so its step is unknown to the analysis): each
# access is one call of the module's out-of-line access, whose contiguous
# path (base + lane * 4) is a masked vector load or store
helper() { sed -n "/^define internal fastcc .*@p2n.lanes.$1.float(/,/^}/p" "$ir"; }
n=$(body saxpy | grep -c 'call fastcc <32 x float> @p2n.lanes.ld.float(')
check access_is_one_call "$([ "$n" -eq 2 ] && echo yes)" "$n calls of p2n.lanes.ld.float, expected 2"
n=$(helper ld | grep -c '@llvm.masked.load.v32f32')
check contiguous_load_is_vector "$([ "$n" -ge 1 ] && echo yes)" "no llvm.masked.load of <32 x float>"
n=$(helper st | grep -c '@llvm.masked.store.v32f32')
check contiguous_store_is_vector "$([ "$n" -ge 1 ] && echo yes)" "no llvm.masked.store of <32 x float>"

# a branch on %tid compares a vector and takes the lane mask
n=$(body divergent | grep -c 'icmp [a-z]* <32 x i32>')
check divergent_branch_is_vector_compare "$([ "$n" -ge 1 ] && echo yes)" "no vector compare in @p2n.kernel.divergent"
