#!/bin/sh
# Linking several inputs: a duplicate strong definition and an .extern that
# nothing defines are errors naming their locations (exit status 1).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
"$P2N" test/out/exec/call_extra_weak.ptx test/out/exec/call_extra_weak.ptx -o "$OUT/dup.so" >/dev/null 2>"$OUT/dup.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "^test/out/exec/call_extra_weak.ptx:[0-9]*:[0-9]*: error: duplicate definition of function 'pick'" "$OUT/dup.err" &&
	grep -q "note: first defined here" "$OUT/dup.err"; then
	echo "PASS cli/link/duplicate_definition"
else echo "FAIL cli/link/duplicate_definition: exit $rc: $(head -n 2 "$OUT/dup.err")"; fi
"$P2N" test/out/exec/call_link_a.ptx -o "$OUT/undef.so" >/dev/null 2>"$OUT/undef.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "^test/out/exec/call_link_a.ptx:[0-9]*:[0-9]*: error: undefined function '_Z6helperi'" "$OUT/undef.err"; then
	echo "PASS cli/link/undefined_extern"
else echo "FAIL cli/link/undefined_extern: exit $rc: $(head -n 2 "$OUT/undef.err")"; fi
