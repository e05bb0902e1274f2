#!/bin/sh
# test/exec/sections.sh — the sections of the execution tests' files
# (docs/testing.md, "Execution tests").  A test is one file, NAME.c: the
# host program, then the files it needs, each in a section that the C
# compiler skips:
#     #if 0 // test-file NAME.cu
#     ...the CUDA source...
#     #endif // end of NAME.cu
#     #if 0 // test-file NAME.ptx
#     ...the PTX (nvcc's output for NAME.cu, or written by hand)...
#     #endif // end of NAME.ptx
# A .ptx section is linked into the test's module, in file order; one
# marked "#if 0 // test-file X.ptx second-module" is translated to a
# second module instead.
#
#   sh test/exec/sections.sh [-o DIR] [FILE.c...]
#       writes every section of the files (default: test/exec/*.c) to DIR
#       (default: test/out/exec), DIR/NAME.link (the PTX files of NAME's
#       module, one line) and DIR/NAME.second (its second module's, when it
#       has one).  Line L of a written section is line L of its test file
#       (the lines outside the section are left empty), so a diagnostic's
#       line is the test file's.  DIR is emptied first.
#   sh test/exec/sections.sh --list FILE.c
#       prints "SECTION ROLE" for each section (ROLE: main or second).
#   sh test/exec/sections.sh --replace FILE.c SECTION NEW
#       replaces the body of SECTION in FILE.c by the file NEW
#       (test/regen-ptx.sh).
# Exit status 1, with a message, for a malformed file.
set -eu
LC_ALL=C
export LC_ALL

# awk: checks one test file; prints "SECTION ROLE FIRST LAST" per section
# (ROLE: main or second; the body is lines FIRST..LAST).
# shellcheck disable=SC2016
scan='
function err(m) { printf "%s:%d: %s\n", FILENAME, FNR, m > "/dev/stderr"; bad = 1; exit 1 }
/^#if 0 \/\/ test-file / {
	if (name != "") err("test-file section inside " name)
	name = $5; role = "main"
	if (NF >= 6) { if ($6 == "second-module" && NF == 6) role = "second"; else err("unexpected \"" $6 "\" after " name) }
	if (name !~ /^[A-Za-z0-9_][A-Za-z0-9_.-]*[.](ptx|cu)$/) err("a section is a .ptx or .cu file: " name)
	if (role == "second" && name !~ /[.]ptx$/) err("only a .ptx section can be a second module")
	if (name in seen) err("two sections " name)
	seen[name] = 1; first = FNR + 1; next
}
/^#endif \/\/ end of / {
	if (name == "") err("end of a section that did not start")
	if ($5 != name || NF != 5) err("expected \"#endif // end of " name "\"")
	print name, role, first, FNR - 1
	if (name ~ /[.]ptx$/) nptx += (role == "main")
	name = ""; next
}
/^#(if|endif).*(test-file|end of)/ { err("malformed section line: " $0) }
END {
	if (bad) exit 1
	if (name != "") err("section " name " is not closed")
	if (!nptx) { printf "%s: no .ptx section\n", FILENAME > "/dev/stderr"; exit 1 }
}'

if [ "${1:-}" = --list ]; then
	[ $# -eq 2 ] || { echo "usage: $0 --list FILE.c" >&2; exit 2; }
	awk "$scan" "$2" | awk '{ print $1, $2 }'
	exit
fi
if [ "${1:-}" = --replace ]; then
	[ $# -eq 4 ] || { echo "usage: $0 --replace FILE.c SECTION NEW" >&2; exit 2; }
	file=$2 sec=$3 new=$4
	range=$(awk "$scan" "$file" | awk -v s="$sec" '$1 == s { print $3, $4 }')
	[ -n "$range" ] || { echo "$file: no section $sec" >&2; exit 1; }
	# shellcheck disable=SC2086
	set -- $range
	{
		head -n $(($1 - 1)) "$file"
		cat "$new"
		[ -z "$(tail -c 1 "$new")" ] || echo # the last line ends
		tail -n +$(($2 + 1)) "$file"
	} >"$file.tmp"
	mv "$file.tmp" "$file"
	exit 0
fi

dir=test/out/exec
if [ "${1:-}" = -o ]; then dir=$2; shift 2; fi
[ $# -gt 0 ] || set -- test/exec/*.c
rm -rf "$dir"
mkdir -p "$dir"
status=0
for file in "$@"; do
	test=$(basename "$file" .c)
	if ! list=$(awk "$scan" "$file"); then status=1; continue; fi
	link=''
	second=''
	while read -r sec role first last; do
		if [ -e "$dir/$sec" ]; then echo "$file: section $sec is in another test file too" >&2; status=1; continue; fi
		awk -v a="$first" -v b="$last" 'NR > b { exit } { print (NR >= a ? $0 : "") }' "$file" >"$dir/$sec"
		case $sec:$role in
		*.ptx:main) link="$link $dir/$sec" ;;
		*.ptx:second) second="$second $dir/$sec" ;;
		esac
	done <<EOF
$list
EOF
	echo "${link# }" >"$dir/$test.link"
	[ -z "$second" ] || echo "${second# }" >"$dir/$test.second"
done
exit $status
