#!/bin/sh
# Translation stays linear (docs/lowering.md, Memory): the IR of a
# straight-line kernel grows by a few instructions per PTX instruction,
# however many memory accesses it has, and a large zero-initialised
# .global costs nothing per element.  Sizes, not times, so that the checks
# hold on a loaded machine.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/limits/$1"; else echo "FAIL cli/limits/$1: $3"; fi; }

# N instructions: fma chains with a global load every 10th and a store
# every 10th, at base + 4 * %tid.x + constant
straight() {
	awk -v n="$1" 'BEGIN {
		print ".version 8.0\n.target sm_80\n.address_size 64"
		print ".visible .entry k(.param .u64 a, .param .u64 b)\n{"
		printf ".reg .b32 %%r<4>;\n.reg .f32 %%f<%d>;\n.reg .b64 %%rd<8>;\n", n + 2
		print "ld.param.u64 %rd1, [a];\nld.param.u64 %rd2, [b];"
		print "cvta.to.global.u64 %rd1, %rd1;\ncvta.to.global.u64 %rd2, %rd2;"
		print "mov.u32 %r1, %tid.x;\nmul.wide.u32 %rd3, %r1, 4;"
		print "add.s64 %rd4, %rd1, %rd3;\nadd.s64 %rd5, %rd2, %rd3;\nmov.f32 %f1, 0f3F800000;"
		for (i = 2; i < n; i++) {
			if (i % 10 == 0) printf "ld.global.f32 %%f%d, [%%rd4+%d];\n", i, 4 * (i % 64)
			else if (i % 10 == 5) printf "st.global.f32 [%%rd5+%d], %%f%d;\nmov.f32 %%f%d, %%f%d;\n", 4 * (i % 64), i - 1, i, i - 1
			else printf "fma.rn.f32 %%f%d, %%f%d, %%f%d, 0f3F000000;\n", i, i - 1, i - 1
		}
		printf "st.global.f32 [%%rd5], %%f%d;\nret;\n}\n", n - 1
	}'
}
straight 1000 >"$OUT/straight1000.ptx"
# IR after mem2reg (-O0), the kernel's body only
if "$P2N" -O0 -S --emit-llvm "$OUT/straight1000.ptx" -o "$OUT/straight1000.ll" 2>"$OUT/straight1000.err"; then
	n=$(sed -n '/^define internal [a-z]* @p2n.kernel.k(/,/^}/p' "$OUT/straight1000.ll" | grep -c '^  ')
	check ir_per_instruction "$([ "$n" -gt 1000 ] && [ "$n" -le 11000 ] && echo yes)" \
		"$n IR instructions for 1,100 PTX instructions (200 of them ld/st), expected at most 10 each"
else
	check ir_per_instruction no "$(head -n 3 "$OUT/straight1000.err")"
fi

# 256 MiB with no initializer and 4 MiB with three elements, in 1 GB of
# address space (one constant per element took 4 GB); ASan maps terabytes
if [ "${P2N_SANITIZER:-}" = asan ]; then
	echo "SKIP cli/limits/big_zero_global (ASan needs more address space than the limit)"
elif (ulimit -v 1000000 && "$P2N" test/out/exec/globals_big.ptx -o "$OUT/globals_big.so") 2>"$OUT/globals_big.err"; then
	check big_zero_global yes
else
	check big_zero_global no "$(head -n 3 "$OUT/globals_big.err")"
fi

# two million registers declared (the most one range may declare is a
# million), one used: the symbol table grows with
# them (a fixed table of 4,096 buckets took 13.6 s for one million, four
# times that for two) and only the used register gets a slot in the IR
{
	printf '.version 8.0\n.target sm_80\n.address_size 64\n'
	printf '.visible .entry k(.param .u64 o)\n{\n.reg .b32 %%r<1000000>;\n.reg .b32 %%s<1000000>;\n'
	printf '.reg .b64 %%rd<2>;\nmov.u32 %%s999999, %%tid.x;\nld.param.u64 %%rd1, [o];\n'
	printf 'st.global.u32 [%%rd1], %%s999999;\nret;\n}\n'
} >"$OUT/regs2m.ptx"
tl=15
[ -n "${P2N_SANITIZER:-}" ] && tl=60 # make check-asan, check-ubsan: a slower translator
if timeout $tl "$P2N" --dump=ir "$OUT/regs2m.ptx" -o /dev/null >"$OUT/regs2m.ll" 2>"$OUT/regs2m.err"; then
	n=$(grep -c '= alloca' "$OUT/regs2m.ll")
	check many_registers "$([ "$n" -lt 100 ] && echo yes)" "$n allocas for one used register"
else
	check many_registers no "exit status $? (124: over $tl s): $(head -n 3 "$OUT/regs2m.err")"
fi
# and the module holds only the registers named (a range of more than
# 1,024 declares a register when it is first named): %r0 and %s0, which
# the declarations name, %s999999, %rd0 and %rd1
n=$("$P2N" -fsyntax-only --dump=uniformity "$OUT/regs2m.ptx" 2>&1 | grep -c '^  %')
check many_registers_declared_when_named "$([ "$n" -eq 5 ] && echo yes)" "$n registers in the module, expected 5"

# 100 divergent diamonds in a row, each register live only into the next:
# the values a dispatcher carries are those the blocks it may resume need,
# so the phis grow with the diamonds (one dispatcher for the function put a
# phi of every register at every join: 41,105 for these 100)
awk 'BEGIN {
	n = 100
	print ".version 8.0\n.target sm_80\n.address_size 64"
	printf ".visible .entry k(.param .u64 o)\n{\n.reg .b32 %%r<%d>;\n.reg .pred %%p<%d>;\n.reg .b64 %%rd<3>;\n", n + 2, n + 2
	print "mov.u32 %r0, %tid.x;"
	for (i = 0; i < n; i++) {
		printf "and.b32 %%r%d, %%r%d, %d;\nsetp.eq.u32 %%p%d, %%r%d, 0;\n@%%p%d bra L%d;\n", i + 1, i, 2 ^ (i % 5), i, i + 1, i, i
		printf "add.s32 %%r%d, %%r%d, 3;\nbra J%d;\nL%d:\nmul.lo.s32 %%r%d, %%r%d, 5;\nJ%d:\n", i + 1, i + 1, i, i, i + 1, i + 1, i
	}
	printf "ld.param.u64 %%rd1, [o];\nst.global.u32 [%%rd1], %%r%d;\nret;\n}\n", n
}' >"$OUT/diamonds.ptx"
if "$P2N" -O0 -S --emit-llvm "$OUT/diamonds.ptx" -o "$OUT/diamonds.ll" 2>"$OUT/diamonds.err"; then
	n=$(grep -c ' = phi ' "$OUT/diamonds.ll")
	check divergent_diamonds "$([ "$n" -le 3000 ] && echo yes)" "$n phis for 100 divergent diamonds, expected at most 30 each"
else
	check divergent_diamonds no "$(head -n 3 "$OUT/diamonds.err")"
fi
