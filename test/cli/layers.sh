#!/bin/sh
# One-way layers (issue 14, docs/lowering.md): within lowering/ and within
# runtime/, no file calls a function of a file that calls back into it,
# directly or around a circle; no .c file is over 1,200 lines; nothing in
# lowering/analysis/ includes llvm-c, directly or through a header.  The
# call graph comes from the built objects: a.o depends on b.o when a.o uses
# a symbol b.o defines.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/layers/$1"; else echo "FAIL cli/layers/$1: $3"; fi; }

# edges DIR...: "user definer" pairs of object files, one per line
edges() {
	# objects of sources that exist (a moved file's old object is no layer)
	objs=$(find "$@" -name '*.o' | sort | while read -r o; do [ -f "${o%.o}.c" ] && echo "$o"; done)
	[ -n "$objs" ] || return 0
	# shellcheck disable=SC2086
	nm -A --defined-only $objs 2>/dev/null | awk '$2 ~ /^[TDBR]$/ { sub(/:.*/, "", $1); print $3, $1 }' >"$OUT/layers.defs"
	# shellcheck disable=SC2086
	nm -A --undefined-only $objs 2>/dev/null | awk '{ sub(/:.*/, "", $1); print $NF, $1 }' >"$OUT/layers.uses"
	awk 'NR == FNR { def[$1] = $2; next } ($1 in def) && def[$1] != $2 { print $2, def[$1] }' \
		"$OUT/layers.defs" "$OUT/layers.uses" | sort -u
}

for dir in lowering runtime; do
	edges "$dir" >"$OUT/layers.$dir.edges"
	if [ ! -s "$OUT/layers.$dir.edges" ]; then
		check "$dir/acyclic" no "no objects under $dir/ (not built?)"
		continue
	fi
	# tsort names the files on a circle on stderr
	cyc=$(tsort "$OUT/layers.$dir.edges" 2>&1 >/dev/null | grep -v 'input contains a loop' | sed 's/^tsort: //' | sort -u | tr '\n' ' ')
	check "$dir/acyclic" "$([ -z "$cyc" ] && echo yes)" "files on a call circle: $cyc"
	big=$(find "$dir" -name '*.c' -exec wc -l {} + | awk '$2 != "total" && $1 > 1200 { printf "%s (%d lines) ", $2, $1 }')
	check "$dir/file_size" "$([ -z "$big" ] && echo yes)" "over 1,200 lines: $big"
done

if [ -d lowering/analysis ]; then
	# every header an analysis file reaches, by the compiler's own dependency lists
	bad=$(grep -l 'llvm-c' lowering/analysis/*.d 2>/dev/null | tr '\n' ' ')
	check analysis/no_llvm "$([ -z "$bad" ] && echo yes)" "reaches llvm-c: $bad"
else
	check analysis/no_llvm no "lowering/analysis/ does not exist"
fi
