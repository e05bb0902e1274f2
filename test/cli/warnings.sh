#!/bin/sh
# Warnings (docs/ptx2native.1, WARNINGS): "file:line:col: warning: message
# [-Wname]", the PTX line and a caret; -w, -Werror, -Wall, -Wname,
# -Wno-name, -Werror=name, -Wno-error=name; unknown names are usage errors
# with a suggestion.  test/cli/warnings.ptx marks each line that must warn
# with the warning's name; the expected lines below follow from the rules:
#   divergent-barrier: bar.sync (line 25) and barrier.sync.aligned (26) sit
#     between "@%p1 bra JOIN" (p1 from %tid.x) and JOIN; bar.sync at 18,
#     21 (under a branch on %ctaid.x, uniform) and 30 (after the join),
#     barrier.sync 2 (27, not .aligned) and bar.warp.sync (28) do not warn;
#     in kernel traps, bar.sync 1 (78) on the way to trap warns, bar.sync 0
#     (75) after the join of the lanes that do not trap does not (the
#     report, from block_divergent, still marks it);
#   deprecated: shfl (31) and vote (33) without .sync (under .version 6.3:
#     from 6.4 on sm_70 and later they are errors); the .sync forms at
#     32 and 34 do not warn;
#   ignored-hint (off by default): .maxnreg (10), .pragma (35), .cg (36);
#     .maxntid (9, checked at launch) and .nc (37) do not warn;
#   uni-unproven (off by default): bra.uni on %p1, from %tid.x (53); the
#     one on %p2, from %ctaid.x (51), is proven uniform.
# An instruction's column is its opcode's (7 after the guard "@%p1 ").
# Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$OUT"
f=test/cli/warnings.ptx

bar="may be reached by only part of the warp (under a divergent branch, or after some lanes exit); every thread of a warp must execute the same .aligned barrier"
dep="without .sync is deprecated since PTX ISA 6.0; use"
w25="$f:25:2: warning: 'bar.sync' $bar [-Wdivergent-barrier]"
w26="$f:26:2: warning: 'barrier.sync.aligned' $bar [-Wdivergent-barrier]"
w31="$f:31:2: warning: 'shfl' $dep 'shfl.sync' with a member mask [-Wdeprecated]"
w33="$f:33:2: warning: 'vote' $dep 'vote.sync' with a member mask [-Wdeprecated]"
w10="$f:10:1: warning: '.maxnreg 32' is a performance hint; the CPU code ignores it [-Wignored-hint]"
w35="$f:35:2: warning: '.pragma \"nounroll\"' is a performance hint; the CPU code ignores it [-Wignored-hint]"
w36="$f:36:2: warning: the cache hint '.cg' is ignored on the CPU [-Wignored-hint]"
w78="$f:78:2: warning: 'bar.sync' $bar [-Wdivergent-barrier]"
w53="$f:53:7: warning: 'bra.uni' is declared uniform (.uni) but may go different ways for different lanes of a warp; every lane follows the first active one [-Wuni-unproven]"
as_error() { printf '%s\n' "$1" | sed 's/: warning: /: error: /; s/\[-W/[-Werror,-W/'; }

# name, expected status, expected diagnostic lines (those naming the file
# or the program), options...
t() {
	name=$1 want_rc=$2 want=$3
	shift 3
	"$P2N" "$@" >"$OUT/w.out" 2>"$OUT/w.err"
	rc=$?
	got=$(grep -e "^$f:" -e '^ptx2native:' "$OUT/w.err")
	if [ $rc -eq "$want_rc" ] && [ "$got" = "$want" ]; then
		echo "PASS cli/warnings/$name"
	else
		echo "FAIL cli/warnings/$name: exit status $rc (expected $want_rc)"
		printf 'expected:\n%s\ngot:\n%s\n' "$want" "$got"
	fi
}

# kernel warnings: w25 w26 w31 w33 (w36, off); kernel uni: (w53, off);
# kernel traps: w78
default="$w25
$w26
$w31
$w33
$w78"
t default 0 "$default" -fsyntax-only $f
t translated 0 "$default" -S $f -o "$OUT/w.s"
t w 0 "" -fsyntax-only -w $f
t w_with_werror 0 "" -fsyntax-only -w -Werror $f
t no_deprecated 0 "$w25
$w26
$w78" -fsyntax-only -Wno-deprecated $f
t no_divergent_barrier 0 "$w31
$w33" -fsyntax-only -Wno-divergent-barrier $f
# the parser's warnings (directives) come first, then the others in the
# order of the instructions
t ignored_hint 0 "$w10
$w35
$w25
$w26
$w31
$w33
$w36
$w78" -fsyntax-only -Wignored-hint $f
t all 0 "$w10
$w35
$w25
$w26
$w31
$w33
$w36
$w53
$w78" -fsyntax-only -Wall $f
t uni_unproven 0 "$w25
$w26
$w31
$w33
$w53
$w78" -fsyntax-only -Wuni-unproven $f
# a -Wno-name wins over -Wall, before it or after it
t all_no_deprecated 0 "$w10
$w35
$w25
$w26
$w36
$w53
$w78" -fsyntax-only -Wno-deprecated -Wall $f
t all_no_deprecated_after 0 "$w10
$w35
$w25
$w26
$w36
$w53
$w78" -fsyntax-only -Wall -Wno-deprecated $f
t werror 1 "$(as_error "$default")" -fsyntax-only -Werror $f
t werror_one 1 "$w25
$w26
$(as_error "$w31
$w33")
$w78" -fsyntax-only -Werror=deprecated $f
t werror_but_one 1 "$w25
$w26
$(as_error "$w31
$w33")
$w78" -fsyntax-only -Werror -Wno-error=divergent-barrier $f
# -Werror=name turns name on; a warning made an error in the parser does
# not hide the later warnings
t werror_enables 1 "$(as_error "$w10
$w35")
$w25
$w26
$w31
$w33
$(as_error "$w36")
$w78" -fsyntax-only -Werror=ignored-hint $f

# -Werror: no output is written
rm -f "$OUT/werror.o"
"$P2N" -Werror -c $f -o "$OUT/werror.o" 2>/dev/null
if [ $? -eq 1 ] && [ ! -e "$OUT/werror.o" ]; then echo "PASS cli/warnings/werror_no_output"; else
	echo "FAIL cli/warnings/werror_no_output: $OUT/werror.o was written or the status is not 1"; fi

# the PTX line and a caret under the column follow each warning
"$P2N" -fsyntax-only $f 2>"$OUT/w.err"
want="$w25
	bar.sync 0;	// divergent-barrier
	^"
if [ "$(head -n 3 "$OUT/w.err")" = "$want" ]; then echo "PASS cli/warnings/caret"; else
	echo "FAIL cli/warnings/caret: $(head -n 3 "$OUT/w.err")"; fi

# unknown warning options: usage errors (status 2), with a suggestion
# when a name is close (at most two edits, under half the name)
t unknown 2 "ptx2native: error: unknown warning option '-Wfoo'" -fsyntax-only -Wfoo $f
t unknown_suggest 2 "ptx2native: error: unknown warning option '-Wdeprecate'; did you mean '-Wdeprecated'?" \
	-fsyntax-only -Wdeprecate $f
t unknown_no_form_suggest 2 "ptx2native: error: unknown warning option '-Wno-divergent-barier'; did you mean '-Wno-divergent-barrier'?" \
	-fsyntax-only -Wno-divergent-barier $f
t unknown_error_suggest 2 "ptx2native: error: unknown warning option '-Werror=ignored-hints'; did you mean '-Werror=ignored-hint'?" \
	-fsyntax-only -Werror=ignored-hints $f

# nvcc -lineinfo output (test/report/source_lines.cu): __syncthreads() at
# the .cu's line 17, column 5, after "if (i >= n) return;" and a branch on
# threadIdx.x & 1: the bar.sync (PTX line 70) warns, and a note names the
# CUDA line from .loc
s=test/report/source_lines.ptx
"$P2N" -fsyntax-only $s 2>"$OUT/w.err"
first=$(grep -c ': warning: ' "$OUT/w.err")
if [ "$first" = 1 ] && [ "$(head -n 1 "$OUT/w.err")" = "$s:70:2: warning: 'bar.sync' $bar [-Wdivergent-barrier]" ] &&
	sed -n 4p "$OUT/w.err" | grep -q 'source_lines\.cu:17:5: note: from this source line (\.loc)$'; then
	echo "PASS cli/warnings/source_note"
else
	echo "FAIL cli/warnings/source_note: $(cat "$OUT/w.err")"
fi
