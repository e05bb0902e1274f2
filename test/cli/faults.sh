#!/bin/sh
# Fault isolation (docs/api.md): kernels of test/cli/faults.ptx that touch
# a null, unmapped, far shared or far local address, or trap on a
# floating-point exception the host enabled, fail their launch with a
# message naming the kernel, the CTA and the warp; the host process, its
# own signal handlers, its floating-point modes and the module go on
# (test/cli/faults.c prints the checks).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/faults (runtime/libptx2native.a not built)"; exit 0; fi
if ! err=$("$P2N" test/cli/faults.ptx -o "$OUT/faults.so" 2>&1); then echo "FAIL cli/faults/translate: $err"; exit 0; fi
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/faults.c runtime/libptx2native.a -lpthread -ldl -lm \
	-o "$OUT/faults" 2>&1); then
	echo "FAIL cli/faults/build: $err"; exit 0
fi
# the PTX lines the messages must name: the store of store_at, the load of load_from
STORE_LINE=$(awk '/^\.visible \.entry store_at/ { on = 1 } on && /st\.global/ { print NR; exit }' test/cli/faults.ptx)
LOAD_LINE=$(awk '/^\.visible \.entry load_from/ { on = 1 } on && /ld\.global/ { print NR; exit }' test/cli/faults.ptx)
# and the load and the store through loaded offsets of gather_scatter
GATHER_LINE=$(awk '/^\.visible \.entry gather_scatter/ { on = 1 } on && /ld\.global\.u32/ { print NR; exit }' test/cli/faults.ptx)
SCATTER_LINE=$(awk '/^\.visible \.entry gather_scatter/ { on = 1 } on && /st\.global\.u32/ { print NR; exit }' test/cli/faults.ptx)
export STORE_LINE LOAD_LINE GATHER_LINE SCATTER_LINE
timeout -k 5 60 "$OUT/faults" "$OUT/faults.so" >"$OUT/faults.log" 2>&1
rc=$?
cat "$OUT/faults.log"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$OUT/faults.log"; then echo "FAIL cli/faults/run: exit status $rc"; fi
if grep -qx 's=printed after a fault' "$OUT/faults.log"; then echo "PASS cli/faults/printf_bad_string/output"; else
	echo "FAIL cli/faults/printf_bad_string/output: no line 's=printed after a fault'"; fi
