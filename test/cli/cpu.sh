#!/bin/sh
# --cpu (--mcpu): the code uses only what the CPU named allows (the
# features follow the CPU, not this machine), the module's note lists the
# features it needs, and p2n_module_load refuses a module whose features
# this CPU lacks with P2N_ERROR_UNSUPPORTED_CPU (test/cli/cpu.c helps).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
case $(uname -m) in x86_64) ;; *) echo "SKIP cli/cpu (x86-64 only)"; exit 0 ;; esac
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/cpu (runtime/libptx2native.a not built)"; exit 0; fi
d=$OUT/cpu
rm -rf "$d" && mkdir -p "$d"
k=test/cli/sizes.ptx # small: code for the baseline CPU takes LLVM long on big kernels
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/cpu.c runtime/libptx2native.a -lpthread -ldl -o "$d/cpu" 2>&1); then
	echo "FAIL cli/cpu/build: $err"; exit 0
fi
ok() { echo "PASS cli/cpu/$1"; }
no() { echo "FAIL cli/cpu/$1: $2"; }
# vector registers in the assembly: x86-64 has only SSE (xmm), v3 AVX2 (ymm)
"$P2N" --cpu=x86-64 -S $k -o "$d/base.s" 2>"$d/err" || no base_translate "$(head -n 2 "$d/err")"
"$P2N" --cpu=x86-64-v3 -S $k -o "$d/v3.s" 2>"$d/err" || no v3_translate "$(head -n 2 "$d/err")"
if grep -q '%xmm' "$d/base.s" && ! grep -q '%[yz]mm' "$d/base.s"; then ok x86-64_sse_only; else
	no x86-64_sse_only "$(grep -c '%[yz]mm' "$d/base.s") lines use ymm or zmm"; fi
if grep -q '%ymm' "$d/v3.s" && ! grep -q '%zmm' "$d/v3.s"; then ok x86-64-v3_avx2; else
	no x86-64-v3_avx2 "$(grep -c '%ymm' "$d/v3.s") ymm lines, $(grep -c '%zmm' "$d/v3.s") zmm lines"; fi
# the note: what each CPU requires
# the features in the module's note (runtime/p2n_abi.h: from byte 28, up to a NUL), one per word
note() {
	objcopy -O binary --only-section=.note.ptx2native "$1" "$1.note" 2>/dev/null &&
		tail -c +29 "$1.note" | tr -d '\000' | tr ',' ' '
}
has() { # list item...: every item is in the list
	l=$1
	shift
	for i; do case " $l " in *" $i "*) ;; *) return 1 ;; esac; done
}
for cpu in x86-64 x86-64-v2 x86-64-v3; do
	"$P2N" --cpu=$cpu $k -o "$d/$cpu.so" 2>"$d/err" || no "${cpu}_so" "$(head -n 2 "$d/err")"
done
if ! command -v objcopy >/dev/null 2>&1; then
	echo "SKIP cli/cpu/note (no objcopy)"
else
	# x86-64-v2 and v3 as the psABI defines them; x86-64 needs nothing past the base
	n=$(note "$d/x86-64.so")
	if [ -z "$n" ]; then ok note_x86-64_none; else no note_x86-64_none "$n"; fi
	n=$(note "$d/x86-64-v2.so")
	if has "$n" +cx16 +sahf +popcnt +sse3 +sse4.1 +sse4.2 +ssse3 && ! has "$n" +avx; then ok note_v2; else
		no note_v2 "$n"; fi
	n=$(note "$d/x86-64-v3.so")
	if has "$n" +sse4.2 +avx +avx2 +bmi +bmi2 +f16c +fma +lzcnt +movbe +xsave && ! has "$n" +avx512f; then
		ok note_v3; else no note_v3 "$n"; fi
	"$P2N" --cpu=x86-64 --mattr=+avx2,+fma,-fma $k -o "$d/mattr.so" 2>/dev/null
	n=$(note "$d/mattr.so")
	if [ "$n" = "+avx2" ]; then ok note_mattr; else no note_mattr "$n"; fi
fi
# --mcpu is --cpu
"$P2N" --mcpu=x86-64-v2 $k -o "$d/mcpu.so" 2>/dev/null
if cmp -s "$d/mcpu.so" "$d/x86-64-v2.so"; then ok mcpu_synonym; else no mcpu_synonym "the outputs differ"; fi
# modules for older CPUs load here; a module needing what this CPU lacks does not
for m in x86-64 x86-64-v2; do
	got=$("$d/cpu" load "$d/$m.so")
	if [ "$got" = "0 " ]; then ok "load_$m"; else no "load_$m" "$got"; fi
done
lacks=$("$d/cpu" lacks)
if [ -z "$lacks" ]; then
	echo "SKIP cli/cpu/unsupported (this CPU has every candidate feature)"
else
	"$P2N" --cpu=x86-64 --mattr=+$lacks $k -o "$d/lacks.so" 2>"$d/err" || no unsupported_translate "$(head -n 2 "$d/err")"
	got=$("$d/cpu" load "$d/lacks.so")
	case $got in "21 "*"lacks: $lacks"*) ok unsupported ;; *) no unsupported "$got" ;; esac
fi
# a misspelled CPU: a usage error with a suggestion
"$P2N" --cpu=skylaek -c $k -o "$d/x.o" 2>"$d/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "unknown CPU 'skylaek' for this target; did you mean 'skylake'?" "$d/err"; then
	ok suggestion; else no suggestion "exit status $rc: $(head -n 2 "$d/err")"; fi
# the code is right for the baseline CPU: an execution test's host program
# against a module of its PTX (test/out/exec) for x86-64
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/exec/divergence.c runtime/libptx2native.a -lpthread -ldl -lm \
	-o "$d/divergence" 2>&1); then
	no exec_x86-64/divergence "host program: $err"
else
	"$P2N" --cpu=x86-64 test/out/exec/divergence.ptx -o "$d/divergence.so" 2>/dev/null
	res=$(timeout 60 "$d/divergence" "$d/divergence.so" 2>&1)
	if [ $? -eq 0 ] && ! printf '%s\n' "$res" | grep -q '^FAIL'; then ok exec_x86-64/divergence; else
		no exec_x86-64/divergence "$(printf '%s\n' "$res" | grep -m1 FAIL)"; fi
fi
