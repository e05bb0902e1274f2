#!/bin/sh
# The runtime's line-table reader (runtime/lines.c), which names the line of
# a failing kernel, against binutils' addr2line on every instruction of a
# shared object gcc built with DWARF 4 and with DWARF 5, at -O0 and -O2.
# Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/lines/$1"; else echo "FAIL cli/lines/$1: $3"; fi; }
if ! command -v addr2line >/dev/null || ! command -v objdump >/dev/null; then
	echo "SKIP cli/lines: skipped: addr2line or objdump not found"
	exit 0
fi
cc=${CC:-cc}
if ! err=$($cc -std=c11 -D_GNU_SOURCE -Iruntime test/cli/lines.c runtime/lines.c -o "$OUT/lines" 2>&1); then
	check build no "$err"
	exit 0
fi
for dwarf in 4 5; do
	for opt in O0 O2; do
		so=$OUT/lines_fixture_$dwarf$opt.so
		if ! err=$($cc -g -gdwarf-$dwarf -$opt -shared -fPIC test/cli/lines_fixture.c -o "$so" 2>&1); then
			check "dwarf$dwarf/$opt" no "$err"
			continue
		fi
		# every instruction address of the two functions
		addrs=$(objdump -d --no-show-raw-insn "$so" | awk '
			/^[0-9a-f]+ <lines_(sum|pick)>:/ { on = 1; next }
			/^[0-9a-f]+ </ { on = 0 }
			on && /^ *[0-9a-f]+:/ { sub(/:.*/, ""); gsub(/ /, ""); print }')
		# shellcheck disable=SC2086
		"$OUT/lines" "$so" $addrs >"$OUT/lines_ours_$dwarf$opt.txt"
		for a in $addrs; do
			printf '%s %s\n' "$a" "$(addr2line -e "$so" "$a" | sed 's/ (discriminator [0-9]*)//; s|.*/||')"
		done >"$OUT/lines_ref_$dwarf$opt.txt"
		n=$(echo "$addrs" | wc -w)
		if [ "$n" -lt 10 ]; then
			check "dwarf$dwarf/$opt" no "only $n instructions found"
		elif cmp -s "$OUT/lines_ref_$dwarf$opt.txt" "$OUT/lines_ours_$dwarf$opt.txt"; then
			check "dwarf$dwarf/$opt" yes
		else
			check "dwarf$dwarf/$opt" no "$(diff "$OUT/lines_ref_$dwarf$opt.txt" "$OUT/lines_ours_$dwarf$opt.txt" | head -n 6)"
		fi
	done
done
# no table, a missing file and a file that is not ELF give no answer
$cc -O2 -shared -fPIC test/cli/lines_fixture.c -o "$OUT/lines_nodebug.so"
got=$("$OUT/lines" "$OUT/lines_nodebug.so" 1100; "$OUT/lines" "$OUT/missing.so" 0; "$OUT/lines" test/cli/lines.c 0)
check no_table "$([ "$got" = "$(printf '1100 ??:0\n0 ??:0\n0 ??:0')" ] && echo yes)" "$got"
