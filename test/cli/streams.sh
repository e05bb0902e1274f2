#!/bin/sh
# Streams, events and kernel handles of the host API (docs/api.md,
# "Streams and events"): asynchronous launches overlapping host work,
# order within a stream, event times, waits across streams, the default
# stream's rule, errors at synchronize, invalid handles, launches through
# kernel handles (test/cli/streams.c prints the checks); then the same
# program under valgrind when it is installed.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/streams (runtime/libptx2native.a not built)"; exit 0; fi
if ! err=$("$P2N" test/cli/streams.ptx -o "$OUT/streams.so" 2>&1); then echo "FAIL cli/streams/translate: $err"; exit 0; fi
# shellcheck disable=SC2086
if ! err=$(cc -std=c11 -O1 -g ${HOST_CFLAGS:-} -Iruntime test/cli/streams.c runtime/libptx2native.a -lpthread -ldl -lm \
	-o "$OUT/streams" 2>&1); then
	echo "FAIL cli/streams/build: $err"; exit 0
fi
timeout -k 5 120 "$OUT/streams" "$OUT/streams.so" >"$OUT/streams.log" 2>&1
rc=$?
cat "$OUT/streams.log"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$OUT/streams.log"; then echo "FAIL cli/streams/run: exit status $rc"; fi
