#!/bin/sh
# The one diagnostics channel (docs/ptx2native.1, DIAGNOSTICS): every
# message is "file:line:col: severity: message" followed by the PTX line and
# a caret, or "ptx2native: severity: message" when it has no place; the
# messages of the tools underneath (LLVM, the linker, libxml2) reach the
# user only inside ours; the exit status is 0, 1 (errors in the input), 2
# (usage) or 3 (internal or tool failure).  The expected texts are written
# from those rules and the inputs.  Called by test/run.sh with P2N OUT.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$OUT"
k=test/cli/ir_uniform.ptx

# name, expected status, expected standard error (all of it), command...
t() {
	name=$1 want_rc=$2 want=$3
	shift 3
	"$@" >"$OUT/d.out" 2>"$OUT/d.err"
	rc=$?
	got=$(cat "$OUT/d.err")
	if [ $rc -eq "$want_rc" ] && [ "$got" = "$want" ]; then
		echo "PASS cli/diagnostics/$name"
	else
		echo "FAIL cli/diagnostics/$name: exit status $rc (expected $want_rc)"
		printf 'expected:\n%s\ngot:\n%s\n' "$want" "$got"
	fi
}

# an error in the input: located, the line quoted, the caret under column 2
# (after the tab)
f=test/parse/unknown_opcode.ptx
t input_error 1 "$f:7:2: error: unknown instruction 'frobnicate'
	frobnicate.b32 %r0, %r1;
	^" "$P2N" -fsyntax-only $f
t stdin_name 1 "<stdin>:7:2: error: unknown instruction 'frobnicate'
	frobnicate.b32 %r0, %r1;
	^" sh -c "\"$P2N\" -fsyntax-only - <$f"
t missing_input 1 "ptx2native: error: cannot open /nonexistent/k.ptx: No such file or directory" \
	"$P2N" -fsyntax-only /nonexistent/k.ptx
t from_binary_not_elf 1 "ptx2native: error: $k is not a 64-bit ELF file" "$P2N" --from-binary $k
t usage 2 "ptx2native: error: unknown option '--frobnicate'
Try 'ptx2native --help'." "$P2N" --frobnicate $k
t success_silent 0 "" "$P2N" -c $k -o "$OUT/k.o"

# CPU and feature names: checked before LLVM sees them, for this machine's
# target and for another (LLVM would print "'foo' is not a recognized
# processor for this target (ignoring processor)" several times and go on)
t cpu_unknown_host 2 "ptx2native: error: unknown CPU 'foo' for this target (native, x86-64, x86-64-v2, x86-64-v3, x86-64-v4 or an LLVM CPU name)" \
	"$P2N" --mcpu=foo -c $k -o "$OUT/k.o"
if "$P2N" --target=aarch64-linux-gnu -c $k -o "$OUT/a64.o" 2>/dev/null; then
	t cpu_unknown_other 2 "ptx2native: error: unknown CPU 'foo' for target 'aarch64-linux-gnu' (llc -march=aarch64 -mcpu=help lists them)" \
		"$P2N" --target=aarch64-linux-gnu --mcpu=foo -c $k -o "$OUT/a64.o"
	t cpu_suggest_other 2 "ptx2native: error: unknown CPU 'cortex-a75x' for target 'aarch64-linux-gnu'; did you mean 'cortex-a75'?" \
		"$P2N" --target=aarch64-linux-gnu --mcpu=cortex-a75x -c $k -o "$OUT/a64.o"
	t cpu_known_other 0 "" "$P2N" --target=aarch64-linux-gnu --mcpu=cortex-a75 -c $k -o "$OUT/a64.o"
	t feature_suggest_other 2 "ptx2native: error: unknown target feature '+nen' in '+nen'; did you mean '+neon'?" \
		"$P2N" --target=aarch64-linux-gnu --mattr=+nen -c $k -o "$OUT/a64.o"
	t feature_known_other 0 "" "$P2N" --target=aarch64-linux-gnu --mattr=+neon -c $k -o "$OUT/a64.o"
else
	echo "SKIP cli/diagnostics/cpu_unknown_other (this LLVM has no AArch64 target)"
fi
t target_unknown 2 "ptx2native: error: unknown target 'foo-bar': No available targets are compatible with triple \"foo-bar\"" \
	"$P2N" --target=foo-bar -c $k -o "$OUT/k.o"

# libxml2 would print "I/O error : No such file or directory" and
# "error : xmlNewTextWriterFilename : cannot open uri" first
t report_unwritable 3 "ptx2native: error: cannot write report /nonexistent/dir/r.xml: No such file or directory" \
	"$P2N" -fsyntax-only --report /nonexistent/dir/r.xml $k

# the linker's messages: each line inside a note of ours
cat >"$OUT/badcc" <<'SH'
#!/bin/sh
echo "ld: cannot find -lfoo: No such file or directory" >&2
echo "collect2: error: ld returned 1 exit status" >&2
exit 1
SH
chmod +x "$OUT/badcc"
t linker_failed 3 "ptx2native: error: '$OUT/badcc -shared' failed (exit status 1)
ptx2native: note: the linker said: ld: cannot find -lfoo: No such file or directory
ptx2native: note: the linker said: collect2: error: ld returned 1 exit status" \
	env CC="$OUT/badcc" "$P2N" $k -o "$OUT/k.so"

# LLVM's errors: ours, once each (main printed "error: <unknown>:0:0: in
# function ...: SSE register return with SSE disabled" dozens of times),
# located at the PTX line when the module's line table names one: code
# that returns floats for a CPU without SSE (test/bench/kernels.ptx's); the
# saxpy kernel's error points at one of its .f32 instructions
if [ "$(uname -m)" = x86_64 ]; then
	b=test/bench/kernels.ptx
	"$P2N" --mcpu=x86-64 --mattr=-sse2,-sse -c $b -o "$OUT/nosse.o" 2>"$OUT/d.err"
	rc=$?
	strange=$(grep -v -e '^ptx2native: error: ' -e "^$b:[0-9]*:[0-9]*: error: LLVM: " -e '^	' "$OUT/d.err")
	saxpy=$(grep 'saxpy.*SSE register return with SSE disabled$' "$OUT/d.err")
	at=$(printf '%s\n' "$saxpy" | sed -n "s|^$b:\([0-9]*\):[0-9]*: error: LLVM: .*|\1|p")
	if [ $rc -eq 3 ] && [ -z "$strange" ] && [ "$(printf '%s\n' "$saxpy" | wc -l)" = 1 ] && [ -n "$at" ] &&
		sed -n "${at}p" $b | grep -q '\.f32'; then
		echo "PASS cli/diagnostics/llvm_error"
	else
		echo "FAIL cli/diagnostics/llvm_error: exit status $rc: $(head -n 4 "$OUT/d.err")"
	fi
fi
