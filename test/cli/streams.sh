#!/bin/sh
# Streams, events and kernel handles of the host API (docs/api.md,
# "Streams and events"): asynchronous launches overlapping host work,
# order within a stream, event times, waits across streams, the default
# stream's rule, errors at synchronize, invalid handles, launches through
# kernel handles (test/cli/streams.c prints the checks); then the same
# program under valgrind when it is installed, and the symbol versions of
# the new calls in the shared library.
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

# under valgrind: no invalid access, no definite leak (streams, events and
# their queued work are freed); valgrind has no AVX-512, so the module is
# made for a baseline CPU
if [ -n "${P2N_SANITIZER:-}" ]; then
	echo "SKIP cli/streams/valgrind (the program is built with a sanitizer)"
elif command -v valgrind >/dev/null 2>&1; then
	"$P2N" --mcpu=x86-64 --mattr=+sse2 test/cli/streams.ptx -o "$OUT/streams_base.so" 2>/dev/null
	if timeout -k 5 240 valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
		"$OUT/streams" "$OUT/streams_base.so" >"$OUT/streams.vg.log" 2>&1 && ! grep -q '^FAIL' "$OUT/streams.vg.log"; then
		echo "PASS cli/streams/valgrind"
	else echo "FAIL cli/streams/valgrind: $(grep -m5 '^FAIL\|==[0-9]*== [A-Z]' "$OUT/streams.vg.log")"; fi
else
	echo "SKIP cli/streams/valgrind (valgrind not installed)"
fi

# the new calls carry symbol version PTX2NATIVE_1.1 (runtime/ptx2native.map),
# the old ones PTX2NATIVE_1, and a program using them needs 1.1
lib=runtime/libptx2native.so.1
if [ -f "$lib" ]; then
	syms=$(readelf --dyn-syms -W "$lib" | awk '{ print $8 }')
	new_ok=yes
	for f in p2n_kernel_get p2n_launch_kernel p2n_launch_async p2n_launch_kernel_async p2n_stream_create \
		p2n_stream_destroy p2n_stream_synchronize p2n_stream_query p2n_stream_wait_event p2n_synchronize \
		p2n_event_create p2n_event_destroy p2n_event_record p2n_event_synchronize p2n_event_query p2n_event_elapsed_ms; do
		printf '%s\n' "$syms" | grep -qx "$f@@PTX2NATIVE_1.1" || new_ok="no: $f"
	done
	old_ok=$(printf '%s\n' "$syms" | grep -qx 'p2n_launch@@PTX2NATIVE_1' && printf '%s\n' "$syms" |
		grep -qx 'p2n_module_load@@PTX2NATIVE_1' && echo yes)
	if [ "$new_ok" = yes ] && [ "$old_ok" = yes ]; then echo "PASS cli/streams/symbol_versions"; else
		echo "FAIL cli/streams/symbol_versions: new calls $new_ok; old calls ${old_ok:-not at PTX2NATIVE_1}"; fi
	# shellcheck disable=SC2086
	if cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/streams.c -Lruntime -lptx2native -lpthread -ldl -lm \
		-o "$OUT/streams_shared" 2>"$OUT/streams_shared.err" &&
		readelf -V "$OUT/streams_shared" | grep -q 'Name: PTX2NATIVE_1.1'; then
		echo "PASS cli/streams/needs_version"
	else echo "FAIL cli/streams/needs_version: $(head -n 3 "$OUT/streams_shared.err")"; fi
else
	echo "SKIP cli/streams/symbol_versions ($lib not built)"
fi
