#!/bin/sh
# The translator library behind the command: what the shared library
# exports, its SONAME, and what the command now inherits from it (option
# errors, atomic outputs, no temporary file left in TMPDIR).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
lib=lowering/libptx2native-translate.so
k=test/cli/ir_uniform.ptx
if ! command -v nm >/dev/null 2>&1 || ! command -v readelf >/dev/null 2>&1; then
	echo "SKIP cli/library/exports (no nm or readelf)"
else
	syms=$(nm -D --defined-only "$lib" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort | tr '\n' ' ')
	want="p2n_translate p2n_translate_options_init p2n_translate_to_file p2n_translator_version "
	if [ "$syms" = "$want" ]; then echo "PASS cli/library/exports"; else
		echo "FAIL cli/library/exports: $syms"; fi
	if readelf -d "$lib" | grep -q 'SONAME.*\[libptx2native-translate\.so\.1\]'; then
		echo "PASS cli/library/soname"
	else echo "FAIL cli/library/soname: $(readelf -d "$lib" | grep SONAME)"; fi
fi
t() { # name, expected status, expected text on stderr, command...
	name=$1 want=$2 text=$3
	shift 3
	"$@" >"$OUT/lib.out" 2>"$OUT/lib.err"
	rc=$?
	if [ $rc -eq "$want" ] && grep -q -- "$text" "$OUT/lib.err"; then echo "PASS cli/library/$name"; else
		echo "FAIL cli/library/$name: exit status $rc, expected $want: $(head -n 2 "$OUT/lib.err")"
	fi
}
t unknown_cpu 2 "unknown CPU 'no-such-cpu'" "$P2N" --mcpu=no-such-cpu -c $k -o "$OUT/lib.o"
t unknown_feature 2 "unknown target feature '+no-such'" "$P2N" --mattr=+no-such -c $k -o "$OUT/lib.o"
t missing_output_dir 3 "cannot create a file beside" "$P2N" $k -o "$OUT/no/such/dir/k.so"
# a failing translation leaves an existing output as it was
cp test/parse/unknown_opcode.ptx "$OUT/lib_broken.ptx"
"$P2N" $k -o "$OUT/lib_keep.so" 2>/dev/null && cp "$OUT/lib_keep.so" "$OUT/lib_keep.orig"
t input_error 1 "unknown instruction" "$P2N" "$OUT/lib_broken.ptx" -o "$OUT/lib_keep.so"
t failing_linker 3 "failed (exit status 1)" env CC=false "$P2N" $k -o "$OUT/lib_keep.so"
if cmp -s "$OUT/lib_keep.so" "$OUT/lib_keep.orig"; then echo "PASS cli/library/failure_keeps_output"; else
	echo "FAIL cli/library/failure_keeps_output: the old output changed"; fi
# nothing left in TMPDIR, after success and failure
tmp=$OUT/lib_tmpdir
rm -rf "$tmp" && mkdir -p "$tmp"
TMPDIR=$tmp "$P2N" $k -o "$OUT/lib_t.so" 2>/dev/null
TMPDIR=$tmp CC=false "$P2N" $k -o "$OUT/lib_t.so" 2>/dev/null
TMPDIR=$tmp "$P2N" "$OUT/lib_broken.ptx" -o "$OUT/lib_t.so" 2>/dev/null
left=$(ls -A "$tmp")
if [ -z "$left" ]; then echo "PASS cli/library/tmpdir_empty"; else echo "FAIL cli/library/tmpdir_empty: $left"; fi
# output to standard output is the same bytes as to a file
"$P2N" -c $k -o - >"$OUT/lib_stdout.o" 2>/dev/null && "$P2N" -c $k -o "$OUT/lib_file.o" 2>/dev/null
if cmp -s "$OUT/lib_stdout.o" "$OUT/lib_file.o"; then echo "PASS cli/library/stdout_output"; else
	echo "FAIL cli/library/stdout_output: -o - differs from -o FILE"; fi
