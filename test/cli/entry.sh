#!/bin/sh
# The translator library is the only way into translation (issue 14): the
# command (cli/*.o) reaches the stages only through translate() and the
# p2n_* calls of ptx2native_translate.h (plus the arena helpers for its own
# memory and fatal/die for a system error or a bug of its own); the CUDA layer (runtime/cuda/*.o) reaches none of the
# translator's symbols (it loads the library with dlopen, or runs the
# command); the shared library exports only p2n_* calls.  From the built
# objects' symbols.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$OUT"
check() { if [ "$2" = yes ]; then echo "PASS cli/entry/$1"; else echo "FAIL cli/entry/$1: $3"; fi; }

objs=$(find frontend lowering -name '*.o' | sort)
if [ -z "$objs" ]; then
	echo "SKIP cli/entry (translator objects not built)"
	exit 0
fi
# shellcheck disable=SC2086
nm --defined-only $objs 2>/dev/null | awk '$2 ~ /^[TDBR]$/ { print $3 }' | sort -u >"$OUT/entry.defs"

# used: the translator's symbols that the objects under DIR use
used() { find "$1" -maxdepth 1 -name '*.o' -exec nm --undefined-only {} + 2>/dev/null |
	awk '{ print $NF }' | sort -u | comm -12 - "$OUT/entry.defs"; }

bad=$(used cli | grep -v -e '^translate$' -e '^p2n_' -e '^arena_' -e '^vec_reserve$' -e '^fatal$' -e '^die_at$' | tr '\n' ' ')
check command_through_library "$([ -z "$bad" ] && echo yes)" "cli/ calls around the library: $bad"

bad=$(used runtime/cuda | tr '\n' ' ')
check cuda_layer_through_library "$([ -z "$bad" ] && echo yes)" "runtime/cuda/ calls translator code directly: $bad"

lib=lowering/libptx2native-translate.so.1
if [ -f "$lib" ]; then
	bad=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRW]$/ { print $3 }' | grep -v '^p2n_' | tr '\n' ' ')
	check library_exports "$([ -z "$bad" ] && echo yes)" "$lib exports more than p2n_*: $bad"
else
	echo "SKIP cli/entry/library_exports ($lib not built)"
fi
