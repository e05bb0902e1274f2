#!/bin/sh
# A produced module must load with libc, libm and libpthread alone: no
# compiler-runtime helper (__truncsfbf2, __extendhfsf2, __truncdfhf2, ...)
# that LLVM calls to legalize half or bfloat arithmetic.  For the exec
# tests with half, bf16, f64 and other float code: every symbol the object
# leaves undefined (before any linker could pull it from libgcc.a) is
# defined by those libraries, on x86-64 with and without F16C; and the
# shared object needs no other library.  Called by test/run.sh with P2N OUT.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
libs="libc.so.6 libm.so.6 libpthread.so.0"
allowed=$OUT/libcalls.allowed
for l in $libs; do
	nm -D --defined-only "$(${CC:-cc} -print-file-name=$l)" 2>/dev/null
done | awk '{print $NF}' | sed 's/@.*//' | sort -u >"$allowed"
if [ ! -s "$allowed" ]; then
	echo "SKIP cli/libcalls (cannot list the symbols of $libs)"
	exit 0
fi
variants=default
[ "$(uname -m)" = x86_64 ] && variants="default no_f16c"

# prints the symbols of $1 (an object or shared object) that none of
# $libs defines; $2 is nm's option for the kind of file
foreign() {
	nm $2 --undefined-only "$1" | awk '$1 == "U" {print $2}' | sed 's/@.*//' | sort -u | comm -23 - "$allowed"
}

for name in half half2 half_extra half_arith set_packed fma64 float_more minmax3 types_float vecf64 mathtol \
	rounding convert floatedge satcvt ftz_denorm casfloat atom_half atom_half90 mma ldmatrix wmma; do
	src=test/out/exec/$name.ptx # (test/exec/sections.sh)
	[ -f "$src" ] || continue
	# the translations of one test run at once (the machine has cores to
	# spare; each is one thread)
	so=$OUT/libcalls_$name.so
	for v in $variants; do
		attr=
		[ "$v" = no_f16c ] && attr=--mattr=-f16c
		{ "$P2N" $attr -c "$src" -o "$OUT/libcalls_$name$v.o" >"$OUT/libcalls_$name$v.err" 2>&1
			echo $? >"$OUT/libcalls_$name$v.rc"; } &
	done
	{ "$P2N" "$src" -o "$so" >"$OUT/libcalls_$name.so.err" 2>&1; echo $? >"$OUT/libcalls_$name.so.rc"; } &
	wait
	for v in $variants; do
		tag=
		[ "$v" = no_f16c ] && tag=/no_f16c
		obj=$OUT/libcalls_$name$v.o
		if [ "$(cat "$OUT/libcalls_$name$v.rc")" != 0 ]; then
			echo "FAIL cli/libcalls/$name$tag: $(cat "$OUT/libcalls_$name$v.err")" | head -n 3
			continue
		fi
		bad=$(foreign "$obj" "" | tr '\n' ' ')
		if [ -z "$bad" ]; then echo "PASS cli/libcalls/$name$tag"; else
			echo "FAIL cli/libcalls/$name$tag: the object calls $bad"
		fi
	done
	if [ "$(cat "$OUT/libcalls_$name.so.rc")" != 0 ]; then
		echo "FAIL cli/libcalls/$name.so: $(cat "$OUT/libcalls_$name.so.err")" | head -n 3
		continue
	fi
	bad=$(foreign "$so" -D | tr '\n' ' ')
	for n in $(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		case " $libs " in *" $n "*) ;; *) bad="$bad$n " ;; esac
	done
	if [ -z "$bad" ]; then echo "PASS cli/libcalls/$name.so"; else
		echo "FAIL cli/libcalls/$name.so: needs $bad"
	fi
done
