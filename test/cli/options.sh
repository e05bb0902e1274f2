#!/bin/sh
# The command-line contract: exit statuses (0 ok, 1 input errors, 2 usage,
# 3 tool failures), standard input, output kinds, determinism.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
k=test/cli/ir_uniform.ptx
t() { # name, expected status, command...
	name=$1 want=$2
	shift 2
	"$@" >"$OUT/cli.out" 2>"$OUT/cli.err"
	rc=$?
	if [ $rc -eq "$want" ]; then echo "PASS cli/options/$name"; else
		echo "FAIL cli/options/$name: exit status $rc, expected $want: $(head -n 2 "$OUT/cli.err")"
	fi
}
t help 0 "$P2N" --help
t version 0 "$P2N" --version
t unknown_option 2 "$P2N" --frobnicate $k
t o_without_file 2 "$P2N" $k -o
t no_input 2 "$P2N"
t c_and_S 2 "$P2N" -c -S $k
t emit_llvm_alone 2 "$P2N" --emit-llvm $k
t bad_dump_kind 2 "$P2N" --dump=everything $k
t missing_input 1 "$P2N" /nonexistent/k.ptx
t syntax_only 0 "$P2N" -fsyntax-only $k
t input_error 1 "$P2N" -fsyntax-only test/parse/unknown_opcode.ptx
t stdin 0 sh -c "\"$P2N\" -fsyntax-only - < $k"
t object 0 "$P2N" -c $k -o "$OUT/k.o"
t llvm_bitcode 0 "$P2N" -c --emit-llvm $k -o "$OUT/k.bc"
t assembly 0 "$P2N" -S $k -o "$OUT/k.s"
for o in 0 1 2 3; do t opt_level_O$o 0 "$P2N" -O$o $k -o "$OUT/k_O$o.so"; done
t bad_opt_level 2 "$P2N" -O7 $k
# the code is right at every level: exec tests' host programs against -O0
# and -O3 modules of their PTX (test/out/exec, test/exec/sections.sh)
for name in divergence call_divergent rounding memsem; do
	host=$OUT/$name
	if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime "test/exec/$name.c" runtime/libptx2native.a -lpthread -ldl -lm \
		-o "$host" 2>&1); then
		echo "FAIL cli/options/exec/$name: $err"; continue
	fi
	for o in 0 3; do
		if ! err=$("$P2N" -O$o "test/out/exec/$name.ptx" -o "$OUT/${name}_O$o.so" 2>&1); then
			echo "FAIL cli/options/exec_O$o/$name: $err"; continue
		fi
		res=$(timeout 60 "$host" "$OUT/${name}_O$o.so" 2>&1)
		if [ $? -eq 0 ] && ! printf '%s\n' "$res" | grep -q '^FAIL'; then echo "PASS cli/options/exec_O$o/$name"
		else echo "FAIL cli/options/exec_O$o/$name: $(printf '%s\n' "$res" | grep -m1 FAIL)"; fi
	done
done
t mcpu_mattr 0 "$P2N" --mcpu=x86-64 --mattr=-avx,-avx2 -c $k -o "$OUT/k_generic.o"
# no linker: exit 3 and a message that names it and says what to do
t missing_linker 3 env CC=/nonexistent/cc "$P2N" $k -o "$OUT/k_nolinker.so"
if grep -q "system linker '/nonexistent/cc' could not be run" "$OUT/cli.err" && grep -q "use -c" "$OUT/cli.err"; then
	echo "PASS cli/options/missing_linker_message"
else echo "FAIL cli/options/missing_linker_message: $(head -n 2 "$OUT/cli.err")"; fi
t shared_object 0 "$P2N" $k -o "$OUT/k1.so"
t shared_object_again 0 "$P2N" $k -o "$OUT/k2.so"
if cmp -s "$OUT/k1.so" "$OUT/k2.so"; then echo "PASS cli/options/deterministic"; else
	echo "FAIL cli/options/deterministic: two runs gave different shared objects"; fi
case $(head -c 4 "$OUT/k.o" | od -An -c | tr -d ' ') in
*ELF*) echo "PASS cli/options/object_is_elf" ;;
*) echo "FAIL cli/options/object_is_elf: $OUT/k.o is no ELF file" ;;
esac
# default output: the input's name with .so, in the current directory
(cd "$OUT" && "$P2N" "$(cd - >/dev/null && pwd)/$k" >/dev/null 2>&1)
if [ -f "$OUT/ir_uniform.so" ]; then echo "PASS cli/options/default_output_name"; else
	echo "FAIL cli/options/default_output_name: no ir_uniform.so"; fi
"$P2N" -fsyntax-only --dump=cfg,pdom,uniformity $k >"$OUT/dump.txt" 2>&1
if grep -q '^uniformity divergent' "$OUT/dump.txt" && grep -q 'ipdom' "$OUT/dump.txt"; then
	echo "PASS cli/options/dumps"
else echo "FAIL cli/options/dumps: $(head -n 3 "$OUT/dump.txt")"; fi
# configure refuses LLVM older than 15 (LLVM 14 is on these machines)
if [ -x /usr/bin/llvm-config-14 ]; then
	tmp=$OUT/cfgtest
	rm -rf "$tmp" && mkdir -p "$tmp" && cp configure "$tmp/"
	if (cd "$tmp" && LLVM_CONFIG=/usr/bin/llvm-config-14 sh configure >out 2>&1); then
		echo "FAIL cli/options/configure_refuses_llvm14: configure accepted LLVM 14"
	elif grep -q 'too old' "$tmp/out"; then echo "PASS cli/options/configure_refuses_llvm14"
	else echo "FAIL cli/options/configure_refuses_llvm14: $(tail -n 1 "$tmp/out")"; fi
else
	echo "SKIP cli/options/configure_refuses_llvm14 (no llvm-config-14 here)"
fi
