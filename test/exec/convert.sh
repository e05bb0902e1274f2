#!/bin/sh
# test/exec/convert.sh [NAME...] — turns execution tests of the old form
# (NAME.c, NAME.ptx, NAME.cu, NAME.inputs, NAME.second side by side) into
# one file each (docs/testing.md, "Execution tests"; test/exec/sections.sh).
# For each NAME.c (default: every test/exec/*.c) that has no section yet,
# its PTX files are appended, each after its CUDA source when there is
# one (X.cu beside X.ptx):
#   - NAME.inputs (the files linked into one module, in its order), or
#     else NAME.ptx;
#   - the file named in NAME.second, marked second-module;
# and the files appended are removed.  A test already converted is left
# as it is, so the script can be run again after merging tests of the old
# form, except that a file named as one of its sections (X.ptx or X.cu
# brought back by a merge that changed it) replaces that section's body
# and is removed.  Shared files (common.h, *.inc, the .c a test includes)
# stay.
set -eu
cd "$(dirname "$0")"
if [ $# -eq 0 ]; then
	for f in ./*.c; do set -- "$@" "$(basename "$f" .c)"; done
fi
status=0
section() { # FILE [ROLE]: appends FILE as a section to $new
	printf '#if 0 // test-file %s%s\n' "$1" "${2:+ $2}" >>"$new"
	cat "$1" >>"$new"
	[ -z "$(tail -c 1 "$1")" ] || echo >>"$new" # the last line ends
	printf '#endif // end of %s\n' "$1" >>"$new"
	used="$used $1"
}
with_cuda() { # X.ptx [ROLE]
	[ -f "${1%.ptx}.cu" ] && section "${1%.ptx}.cu"
	section "$@"
}
for name in "$@"; do
	name=${name%.c}
	host=$name.c
	[ -f "$host" ] || { echo "convert: no $host" >&2; status=1; continue; }
	if grep -q '^#if 0 // test-file ' "$host"; then
		# converted; a file of one of its sections that is back (a branch
		# that changed X.ptx or X.cu, merged) replaces the section's body
		if ! secs=$(sh ./sections.sh --list "$host"); then status=1; continue; fi
		for sec in $(echo "$secs" | awk '{ print $1 }'); do
			[ -f "$sec" ] || continue
			sh ./sections.sh --replace "$host" "$sec" "$sec" && rm -f "$sec" &&
				echo "convert: $host: section $sec replaced by the file $sec"
		done
		for f in "$name.inputs" "$name.second"; do
			[ ! -e "$f" ] || { echo "convert: $host is converted but $f is still there" >&2; status=1; }
		done
		continue
	fi
	if [ -f "$name.inputs" ]; then ptx=$(cat "$name.inputs"); else ptx=$name.ptx; fi
	missing=
	for f in $ptx $(cat "$name.second" 2>/dev/null); do [ -f "$f" ] || missing="$missing $f"; done
	if [ -n "$missing" ]; then echo "convert: $name: missing$missing" >&2; status=1; continue; fi
	new=$host.new
	cp "$host" "$new"
	[ -z "$(tail -c 1 "$new")" ] || echo >>"$new"
	used=
	for f in $ptx; do with_cuda "$f"; done
	# shellcheck disable=SC2013
	for f in $(cat "$name.second" 2>/dev/null); do with_cuda "$f" second-module; done
	mv "$new" "$host"
	# shellcheck disable=SC2086
	rm -f $used "$name.inputs" "$name.second"
	echo "convert: $host:$used"
done
exit $status
