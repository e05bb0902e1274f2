#!/bin/sh
# Every optimisation level (docs/lowering.md, "Optimisation levels") gives
# right results: execution tests whose kernels diverge, call functions
# and use shared memory and barriers, translated at -O0 to -O3 and run
# against their C references.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
d=$OUT/levels
mkdir -p "$d"
for t in diverge call_divergent matmul ctaloop; do
	if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime "test/exec/$t.c" runtime/libptx2native.a \
		-lpthread -ldl -lm -o "$d/$t" 2>&1); then
		echo "FAIL cli/levels/$t: host program: $err"
		continue
	fi
	for o in -O0 -O1 -O2 -O3; do
		name=cli/levels/$t$o
		if ! err=$("$P2N" $o "test/out/exec/$t.ptx" -o "$d/$t$o.so" 2>&1); then
			echo "FAIL $name: translation: $(printf '%s\n' "$err" | head -n 3)"
			continue
		fi
		res=$(timeout 120 "$d/$t" "$d/$t$o.so" 2>&1)
		rc=$?
		if [ $rc -eq 0 ] && printf '%s\n' "$res" | grep -q '^PASS' && ! printf '%s\n' "$res" | grep -q '^FAIL'; then
			echo "PASS $name"
		else
			echo "FAIL $name: exit status $rc: $(printf '%s\n' "$res" | grep -m1 FAIL)"
		fi
	done
done
