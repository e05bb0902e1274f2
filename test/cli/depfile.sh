#!/bin/sh
# Compiler-driver conventions (issue 17): -MD/-MF/-MT/-MP dependency files
# as gcc writes them (expected texts written out by hand below), read by
# real make and ninja runs; @file response files (gcc's quoting rules,
# nesting, an unreadable one left as it is); --from-binary naming the
# executable (when nvcc is there); --version naming the LLVM
# that configure found.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/depfile/$1"; else echo "FAIL cli/depfile/$1: $3"; fi; }
same() { # NAME FILE EXPECTED-TEXT
	printf '%s\n' "$3" >"$2.want"
	check "$1" "$(cmp -s "$2" "$2.want" && echo yes)" "$(diff "$2.want" "$2" 2>&1 | head -n 8 | tr '\n' '|')"
}
d=$OUT/work
rm -rf "$d"
mkdir -p "$d"
cp test/cli/ir_uniform.ptx "$d/k.ptx"
cp test/cli/ir_uniform.ptx "$d/with space.ptx"
cp test/report/divergent_tid.ptx "$d/dollar\$.ptx"
cd "$d" || exit 0

# -MD: beside the output, named after it, the output its target
"$P2N" -MD k.ptx -o k.so 2>err.txt
same md k.d 'k.so: \
  k.ptx'
# -MF, two -MT, -MP; names escaped as Make wants ("\ ", "$$")
mkdir -p deps
"$P2N" -c -MF deps/o.d -MT 'first' -MT second -MP "with space.ptx" 'dollar$.ptx' -o o.o 2>err.txt
same mf_mt_mp deps/o.d 'first second: \
  with\ space.ptx \
  dollar$$.ptx

with\ space.ptx:

dollar$$.ptx:'
# -fsyntax-only with no -o: the output it would have written is the target
rm -f k.d
"$P2N" -fsyntax-only -MD k.ptx 2>err.txt
same syntax_only k.d 'k.so: \
  k.ptx'
# output to standard output (-S -o -): named after the input, as without -o
rm -f k.d
"$P2N" -S -o - -MD k.ptx >/dev/null 2>err.txt
same output_stdout k.d 'k.s: \
  k.ptx'
# -MF - writes to standard output
out=$("$P2N" -fsyntax-only -MF - k.ptx 2>&1)
check mf_stdout "$([ "$out" = 'k.so: \
  k.ptx' ] && echo yes)" "$out"
# no depfile for a failed translation
printf '.version 7.5\n.target sm_75\n.address_size 64\n.visible .entry e() { frob; }\n' >bad.ptx
"$P2N" -MD bad.ptx -o bad.so 2>err.txt
rc=$?
check failed_translation "$([ $rc -eq 1 ] && [ ! -e bad.d ] && echo yes)" "exit $rc; bad.d: $(ls bad.d 2>&1)"
# a depfile that cannot be written: a tool failure, with the reason
"$P2N" -fsyntax-only -MF nodir/k.d k.ptx 2>err.txt
rc=$?
check mf_unwritable "$([ $rc -eq 3 ] && grep -q 'cannot write nodir/k.d: No such file' err.txt && echo yes)" \
	"exit $rc: $(head -n 1 err.txt)"
"$P2N" k.ptx -MF 2>err.txt
rc=$?
check mf_missing_argument "$([ $rc -eq 2 ] && grep -q -- '-MF needs an argument' err.txt && echo yes)" \
	"exit $rc: $(head -n 1 err.txt)"

# response files: quotes, a backslash, nesting; each file read is a dependency
printf '%s\n' '-O1 -MD' "'with space.ptx'" '@inner.rsp' >outer.rsp
printf '%s\n' '-o "r s.so"   -MT r\ s.so' >inner.rsp
"$P2N" @outer.rsp 2>err.txt
rc=$?
check response_file "$([ $rc -eq 0 ] && [ -s 'r s.so' ] && echo yes)" "exit $rc: $(head -n 2 err.txt)"
same response_file_deps 'r s.d' 'r s.so: \
  with\ space.ptx \
  outer.rsp \
  inner.rsp'
# --summary from a response file too
echo '--summary --top=1' >sum.rsp
cp "$OLDPWD/test/report/divergent_tid.xml" .
"$P2N" @sum.rsp divergent_tid.xml >sum.txt 2>err.txt
check response_file_summary "$(grep -q '^1  divergent_tid *14 ' sum.txt && echo yes)" "$(cat sum.txt err.txt)"
# as in gcc, an @file that cannot be read is an argument as it is
"$P2N" -fsyntax-only @absent.rsp 2>err.txt
rc=$?
check response_file_absent "$([ $rc -eq 1 ] && grep -q '@absent.rsp' err.txt && echo yes)" \
	"exit $rc: $(head -n 1 err.txt)"
# a response file naming itself stops at a depth, no hang
echo '@self.rsp' >self.rsp
timeout 20 "$P2N" -fsyntax-only @self.rsp k.ptx >/dev/null 2>err.txt
rc=$?
check response_file_loop "$([ $rc -eq 1 ] && echo yes)" "exit $rc: $(head -n 1 err.txt)"

# make: the depfile included, the module rebuilt when the response file
# (named only in the depfile) changes, not otherwise
echo '-O1' >flags.rsp
cat >Makefile <<EOF
m.so: k.ptx
	"$P2N" @flags.rsp -MD -MP k.ptx -o m.so
-include m.d
EOF
make -s >make1.log 2>&1
sleep 1
make -s >make2.log 2>&1
make -n >make3.log 2>&1
touch flags.rsp
make -n >make4.log 2>&1
check make_reads_depfile "$([ -s m.so ] && ! grep -q ptx2native make3.log && grep -q 'flags.rsp' make4.log && echo yes)" \
	"up to date: '$(head -n 1 make3.log)'; after touching flags.rsp: '$(head -n 1 make4.log)'"
rm -f flags.rsp
make -n >make5.log 2>&1
check make_phony_rules "$(! grep -q 'No rule' make5.log && echo yes)" "$(head -n 1 make5.log)"

# ninja, when installed: the same through deps = gcc
if command -v ninja >/dev/null 2>&1; then
	echo '-O1' >flags.rsp
	cat >build.ninja <<EOF
rule p2n
  command = "$P2N" @flags.rsp -MD -MF \$out.d \$in -o \$out
  depfile = \$out.d
  deps = gcc
build n.so: p2n k.ptx
EOF
	ninja >ninja1.log 2>&1
	sleep 1
	ninja -n >ninja2.log 2>&1
	touch flags.rsp
	ninja -n >ninja3.log 2>&1
	check ninja_reads_depfile "$(grep -q 'no work to do' ninja2.log && grep -q '\[1/1\]' ninja3.log && echo yes)" \
		"$(tail -n 1 ninja1.log); $(head -n 1 ninja2.log); $(head -n 1 ninja3.log)"
else
	echo "SKIP cli/depfile/ninja (skipped: ninja not found)"
fi

# --from-binary APP: APP is what was read (not the memory files its PTX
# goes through)
nvcc=$(sed -n 's/^NVCC = //p' "$OLDPWD/config.mk" 2>/dev/null)
[ -n "$nvcc" ] || nvcc=$(command -v nvcc 2>/dev/null) || true
if [ -n "$nvcc" ] && [ -x "$nvcc" ]; then
	printf '__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }\nint main() { return 0; }\n' >app.cu
	if timeout 300 "$nvcc" -cudart shared -arch=sm_80 app.cu -o app >nvcc.log 2>&1; then
		"$P2N" --from-binary app -O0 -MD 2>err.txt
		same from_binary app.kernels.d 'app.kernels.so: \
  app'
	else
		check from_binary no "nvcc failed: $(tail -n 2 nvcc.log)"
	fi
else
	echo "SKIP cli/depfile/from_binary (skipped: nvcc not found)"
fi

# --version: ours and the LLVM configure chose
cd - >/dev/null || exit 0
llvm=$(sed -n 's/^LLVM_VERSION = //p' config.mk 2>/dev/null)
v=$("$P2N" --version)
case $v in
"ptx2native "[0-9]*.[0-9]*" (LLVM $llvm, build "*")") ok=yes ;;
*) ok=no ;;
esac
check version_names_llvm "$([ -n "$llvm" ] && echo $ok)" "'$v', configured LLVM '$llvm'"
