#!/bin/sh
# Source positions (.file/.loc, from nvcc -lineinfo or clang -g) carried
# into the report: each branch and barrier names the CUDA line it came from,
# and functions their demangled C++ name (docs/report.md).  The expected
# lines are those of the "// source-map:" comments in the .cu source.
# Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/source_map/$1"; else echo "FAIL cli/source_map/$1: $3"; fi; }

cu=test/report/source_lines.cu
xml=$OUT/source_map.xml
if ! err=$("$P2N" -fsyntax-only --report "$xml" test/report/source_lines.ptx 2>&1); then
	check report no "$err"
	exit 0
fi
# the element (one line each in the report) with source-line=LINE
at_line() { grep "<$1 .*source-file=\"[^\"]*/source_lines.cu\" source-line=\"$2\"" "$xml"; }

ln=$(grep -n 'source-map: divergent odd lanes' "$cu" | cut -d: -f1)
got=$(at_line transfer "$ln")
check divergent_branch_line "$(echo "$got" | grep -q 'class="divergent"' && echo yes)" \
	"no divergent transfer at $cu:$ln: $(grep '<transfer' "$xml" | head -n 3)"
ln=$(grep -n 'source-map: uniform-or-divergent bounds check' "$cu" | cut -d: -f1)
check bounds_check_line "$([ -n "$(at_line transfer "$ln")" ] && echo yes)" "no transfer at $cu:$ln"
ln=$(grep -n 'source-map: barrier' "$cu" | cut -d: -f1)
got=$(at_line barrier "$ln")
check barrier_line "$(echo "$got" | grep -q 'warning="true"' && echo yes)" \
	"no barrier (warned: it follows a divergent return) at $cu:$ln: $(grep '<barrier' "$xml")"
want='demangled="void demo::scale&lt;float&gt;(float\*, int, float)"'
check demangled "$(grep -q "name=\"_ZN4demo5scaleIfEEvPT_iS1_\" $want" "$xml" && echo yes)" \
	"$(grep '<function' "$xml")"

# Corners, by hand: a .loc applies to the instructions after it in its own
# function only; line 0 means no source line; a .loc naming no .file gives
# nothing; a C name is not demangled.
cat >"$OUT/source_map.ptx" <<'PTX'
.version 7.5
.target sm_75
.address_size 64
.visible .entry first(.param .u64 p)
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	.loc 1 21 3
	mov.u32 %r1, %laneid;
	setp.eq.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	.loc 1 0 0
	bar.sync 0;
DONE:
	.loc 7 5 5
	ret;
}
.visible .entry second()
{
	ret;
}
.file 1 "kern.cu"
PTX
if err=$("$P2N" -fsyntax-only --report "$OUT/source_map_corners.xml" "$OUT/source_map.ptx" 2>&1); then
	x=$OUT/source_map_corners.xml
	check loc_applies "$(grep -q '<transfer op="bra" .*source-file="kern.cu" source-line="21" source-column="3"' "$x" && echo yes)" \
		"$(grep '<transfer op="bra"' "$x")"
	check loc_line_zero "$(grep '<barrier' "$x" | grep -vq source-line && echo yes)" "$(grep '<barrier' "$x")"
	check loc_unknown_file "$(grep '<transfer op="ret" line="16"' "$x" | grep -vq source-line && echo yes)" \
		"$(grep '<transfer op="ret"' "$x")"
	check loc_own_function "$(grep '<function name="second"' "$x" | grep -vq 'source-line\|demangled' && echo yes)" \
		"$(grep '<function name="second"' "$x")"
else
	check corners no "$err"
fi
