#!/bin/sh
# The launch watchdog (docs/api.md): endless loops in a kernel, divergent,
# in a called function or around a barrier, end their launch with
# P2N_ERROR_TIMEOUT after the limit set by p2n_set_launch_timeout or
# P2N_LAUNCH_TIMEOUT_MS, and the next launch in the process runs
# (test/cli/timeout.c prints the checks).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/timeout (runtime/libptx2native.a not built)"; exit 0; fi
if ! err=$("$P2N" test/cli/timeout.ptx -o "$OUT/timeout.so" 2>&1); then echo "FAIL cli/timeout/translate: $err"; exit 0; fi
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/timeout.c runtime/libptx2native.a -lpthread -ldl \
	-o "$OUT/timeout" 2>&1); then
	echo "FAIL cli/timeout/build: $err"; exit 0
fi
for mode in call env; do
	P2N_LAUNCH_TIMEOUT_MS=200 timeout -k 5 60 "$OUT/timeout" "$OUT/timeout.so" $mode >"$OUT/timeout.$mode.log" 2>&1
	rc=$?
	cat "$OUT/timeout.$mode.log"
	if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$OUT/timeout.$mode.log"; then echo "FAIL cli/timeout/$mode: exit status $rc"; fi
done
