#!/bin/sh
# --target=TRIPLE: an object for another target, where the installed LLVM
# has it (AArch64 here: ELF machine 183, EM_AARCH64); a shared object for
# another target, or --cpu=native with one, is a usage error.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
d=$OUT/target
rm -rf "$d" && mkdir -p "$d"
k=test/cli/sizes.ptx
"$P2N" --target=aarch64-linux-gnu -c $k -o "$d/k.o" 2>"$d/err"
rc=$?
if [ $rc -ne 0 ] && grep -q "no LLVM target" "$d/err"; then
	echo "SKIP cli/target (this LLVM has no AArch64 target)"
	exit 0
fi
machine=$(od -An -tu1 -j18 -N2 "$d/k.o" | tr -s ' ')
if [ $rc -eq 0 ] && [ "$machine" = " 183 0" ]; then echo "PASS cli/target/aarch64_object"; else
	echo "FAIL cli/target/aarch64_object: exit status $rc, ELF machine$machine: $(head -n 2 "$d/err")"; fi
if command -v readelf >/dev/null 2>&1; then
	if readelf -n "$d/k.o" 2>/dev/null | grep -q ptx2native; then echo "PASS cli/target/aarch64_note"; else
		echo "FAIL cli/target/aarch64_note: no ptx2native note"; fi
fi
"$P2N" --target=aarch64-linux-gnu -S $k -o "$d/k.s" 2>"$d/err"
if grep -q 'st1\|str' "$d/k.s"; then echo "PASS cli/target/aarch64_assembly"; else
	echo "FAIL cli/target/aarch64_assembly: $(head -n 2 "$d/err")"; fi
"$P2N" --target=aarch64-linux-gnu $k -o "$d/k.so" 2>"$d/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "needs its system linker: use -c or -S" "$d/err" && [ ! -e "$d/k.so" ]; then
	echo "PASS cli/target/shared_object_refused"
else echo "FAIL cli/target/shared_object_refused: exit status $rc: $(head -n 2 "$d/err")"; fi
"$P2N" --target=aarch64-linux-gnu --cpu=native -c $k -o "$d/k2.o" 2>"$d/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "names this machine" "$d/err"; then echo "PASS cli/target/native_cpu_refused"; else
	echo "FAIL cli/target/native_cpu_refused: exit status $rc: $(head -n 2 "$d/err")"; fi
