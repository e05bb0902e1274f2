#!/bin/sh
# IR-level checks of ld/st memory semantics on the optimised IR of the PTX
# of test/exec/memsem.c (test/out/exec/memsem.ptx): ordered accesses stay
# atomic (the optimiser may not drop, merge or hoist them), per lane when
# the address varies, and plain accesses stay plain.  Called by
# test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
ir=$OUT/ir_sem.ll
if ! "$P2N" -S --emit-llvm -O2 test/out/exec/memsem.ptx -o "$ir" 2>"$OUT/ir_sem.err"; then
	echo "FAIL cli/ir_sem/translate: $(head -n 3 "$OUT/ir_sem.err")"
	exit 0
fi
# a coroutine kernel (codegen/coro.c): its ramp and its resume part
body() { sed -n "/^define internal .*@p2n.kernel.$1\(\.resume\)\{0,1\}(/,/^}/p" "$ir"; }
check() { if [ "$2" -ge "$3" ]; then echo "PASS cli/ir_sem/$1"; else echo "FAIL cli/ir_sem/$1: $2 matches, expected at least $3"; fi; }

check volatile_load_per_lane "$(body sem | grep -c 'load atomic volatile i32, ptr .* monotonic')" 1
check acquire_load "$(body sem | grep -c 'load atomic i32, ptr .* acquire')" 2
check release_store "$(body sem | grep -c 'store atomic i32 .* release')" 1
check volatile_store "$(body sem | grep -c 'store atomic volatile i32 .* monotonic')" 1
check relaxed_v2_load "$(body sem | grep -c 'load atomic i32, ptr .* monotonic')" 2
check spin_load_is_acquire "$(body spin | grep -c 'load atomic i32, ptr .* acquire')" 1
check spin_plain_accesses_stay_plain "$(body spin | grep -c 'masked.load\|masked.gather\|= load <32 x i32>')" 1
