#!/bin/sh
# The one-file form of the execution tests (docs/testing.md, "Execution
# tests"): test/exec/sections.sh writes a test file's sections keeping its
# line numbers, refuses malformed files, replaces a section's body; and
# test/exec/convert.sh turns a test of the old form (NAME.c, NAME.cu,
# NAME.ptx) into one file and leaves it alone the second time.  Called by
# test/run.sh with P2N OUT FILTER.
OUT=$2
cd "$(dirname "$0")/../.." || exit 1
S=test/exec/sections.sh
d=$OUT/exec_format
rm -rf "$d" && mkdir -p "$d/in" "$d/old"
check() { if [ "$2" = yes ]; then echo "PASS cli/exec_format/$1"; else echo "FAIL cli/exec_format/$1: $3"; fi; }

# a test with a CUDA source, its PTX, a second PTX linked in and a second module
printf '%s\n' 'int main(void) { return 0; }' '#if 0 // test-file t.cu' '__global__ void k() {}' \
	'#endif // end of t.cu' '#if 0 // test-file t.ptx' '.version 7.5' '#endif // end of t.ptx' \
	'#if 0 // test-file t_b.ptx' '.version 7.6' '#endif // end of t_b.ptx' \
	'#if 0 // test-file t_m.ptx second-module' '.version 7.7' '#endif // end of t_m.ptx' >"$d/in/t.c"
if err=$(sh $S -o "$d/w" "$d/in/t.c" 2>&1); then
	check writes "$([ "$(sed -n 6p "$d/w/t.ptx")" = .version\ 7.5 ] && [ "$(wc -l <"$d/w/t.ptx")" -eq 6 ] &&
		[ "$(sed -n 3p "$d/w/t.cu")" = "__global__ void k() {}" ] && echo yes)" \
		"t.ptx: $(cat -A "$d/w/t.ptx" | tr '\n' ' ')"
	check lists "$([ "$(cat "$d/w/t.link")" = "$d/w/t.ptx $d/w/t_b.ptx" ] &&
		[ "$(cat "$d/w/t.second")" = "$d/w/t_m.ptx" ] && echo yes)" "link: $(cat "$d/w/t.link"), second: $(cat "$d/w/t.second")"
else
	check writes no "$err"
fi
# the file compiles as it is
check compiles "$(cc -std=c11 -fsyntax-only "$d/in/t.c" 2>/dev/null && echo yes)" "cc rejects it"

printf '%s\n' '.version 8.0' '.target sm_80' >"$d/new.ptx"
cp "$d/in/t.c" "$d/r.c"
sh $S --replace "$d/r.c" t_b.ptx "$d/new.ptx"
check replace "$([ "$(sed -n 8,11p "$d/r.c" | tr '\n' '|')" = '#if 0 // test-file t_b.ptx|.version 8.0|.target sm_80|#endif // end of t_b.ptx|' ] &&
	[ "$(wc -l <"$d/r.c")" -eq 14 ] && echo yes)" "$(sed -n 8,11p "$d/r.c" | tr '\n' '|')"

# malformed files: an error naming the line, exit status 1
bad() { # NAME EXPECTED-MESSAGE LINES...
	n=$1 want=$2
	shift 2
	printf '%s\n' "$@" >"$d/in/$n.c"
	err=$(sh $S -o "$d/bad" "$d/in/$n.c" 2>&1)
	rc=$?
	case $rc:$err in 1:*"$want"*) check "rejects_$n" yes ;; *) check "rejects_$n" no "exit status $rc: $err" ;; esac
}
bad unclosed "$d/in/unclosed.c:3: section a.ptx is not closed" 'int x;' '#if 0 // test-file a.ptx' '.version 7.5'
bad nested ":3: test-file section inside a.ptx" 'int x;' '#if 0 // test-file a.ptx' '#if 0 // test-file b.ptx'
bad wrong_end ':3: expected "#endif // end of a.ptx"' 'int x;' '#if 0 // test-file a.ptx' '#endif // end of b.ptx'
bad no_ptx ": no .ptx section" 'int x;' '#if 0 // test-file a.cu' '#endif // end of a.cu'
bad typo ":2: malformed section line" 'int x;' '#if 0 //test-file a.ptx' '#endif // end of a.ptx'
bad kind ":2: a section is a .ptx or .cu file: a.h" 'int x;' '#if 0 // test-file a.h' '#endif // end of a.h'

# convert.sh on a copy of itself and sections.sh, with a test of the old form
cp test/exec/convert.sh test/exec/sections.sh "$d/old/"
printf '%s\n' 'int main(void) { return 0; }' >"$d/old/o.c"
printf '%s\n' '// nvcc-flags: -rdc=true' '__global__ void k() {}' >"$d/old/o.cu"
printf '%s\n' '.version 7.5' '.target sm_75' >"$d/old/o.ptx"
printf '%s\n' 'int main(void) { return 1; }' >"$d/old/p.c"
printf '%s\n' '.version 7.0' >"$d/old/p.ptx"
printf '%s\n' '.version 7.1' >"$d/old/p_b.ptx"
printf '%s\n' 'p.ptx p_b.ptx' >"$d/old/p.inputs"
sh "$d/old/convert.sh" >/dev/null 2>&1
sh $S -o "$d/cw" "$d/old/o.c" "$d/old/p.c" 2>/dev/null
check convert "$([ ! -e "$d/old/o.ptx" ] && [ ! -e "$d/old/o.cu" ] && [ ! -e "$d/old/p.inputs" ] &&
	[ "$(sed '/./,$!d' "$d/cw/o.ptx")" = "$(printf '.version 7.5\n.target sm_75')" ] &&
	[ "$(sed '/./,$!d' "$d/cw/o.cu" | head -n 1)" = "// nvcc-flags: -rdc=true" ] &&
	[ "$(cat "$d/cw/p.link")" = "$d/cw/p.ptx $d/cw/p_b.ptx" ] && echo yes)" "left: $(echo "$d"/old/* | tr " " "\n" | sed "s|.*/||" | tr "\n" " ")"
cp "$d/old/o.c" "$d/o.before"
out=$(sh "$d/old/convert.sh" 2>&1)
check convert_again "$(cmp -s "$d/o.before" "$d/old/o.c" && [ -z "$out" ] && echo yes)" "$out"
