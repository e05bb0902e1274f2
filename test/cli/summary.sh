#!/bin/sh
# ptx2native --summary (issue 17): the report's divergent branches, most
# divergent first, as text and as one HTML page.  The expected tables are
# written by hand from the fixtures' PTX (test/report/NAME.ptx): a row's
# "lines apart" is the stretch from the earliest to the latest of the
# branch, its targets and the label where its lanes meet (the function's
# last instruction when they meet only at its exit; 0 for a call).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/summary/$1"; else echo "FAIL cli/summary/$1: $3"; fi; }
same() { # NAME FILE EXPECTED-TEXT
	printf '%s\n' "$3" >"$2.want"
	check "$1" "$(cmp -s "$2" "$2.want" && echo yes)" "$(diff "$2.want" "$2" 2>&1 | head -n 12 | tr '\n' '|')"
}
R=test/report

# divergent_tid.ptx: line 14 branches to JOIN (line 16), where the lanes meet
"$P2N" --summary $R/divergent_tid.xml >"$OUT/tid.txt" 2>"$OUT/err.txt"
same divergent_tid "$OUT/tid.txt" 'divergent_tid.ptx: 1 divergent of 2 transfers in 1 function; 0 barriers may run with part of a warp

#  function       line  lines apart  reconverges at  lowering  instruction
1  divergent_tid    14            2  JOIN (line 16)  stack     @%p1 bra JOIN;'

# early_return.ptx: "if (i >= n) return" at 17 to RET (25); the branch at
# 22 is uniform; the bar.sync at 23 lies between (a warning)
"$P2N" --summary=text $R/early_return.xml >"$OUT/early.txt" 2>"$OUT/err.txt"
same early_return "$OUT/early.txt" 'early_return.ptx: 1 divergent of 3 transfers in 1 function; 1 barrier may run with part of a warp

#  function      line  lines apart  reconverges at  lowering  instruction
1  early_return    17            8  RET (line 25)   stack     @%p1 bra RET;'

# exit_nested.ptx: four branches whose lanes meet only at the exit (the
# last instruction is the ret at 32): 16 (target 28) 32-16=16, 26 (back to
# LOOP at 17) 32-17=15, 20 (to NEXT, 24) 32-20=12, 22 (to NEXT) 32-22=10
"$P2N" --summary $R/exit_nested.xml >"$OUT/exit.txt" 2>"$OUT/err.txt"
same exit_nested "$OUT/exit.txt" 'exit_nested.ptx: 4 divergent of 7 transfers in 1 function; 0 barriers may run with part of a warp

#  function     line  lines apart  reconverges at  lowering  instruction
1  exit_nested    16           16  function exit   stack     @%p1 bra SECOND;
2  exit_nested    26           15  function exit   stack     @%p4 bra LOOP;
3  exit_nested    20           12  function exit   stack     @!%p2 bra NEXT;
4  exit_nested    22           10  function exit   stack     @%p3 bra NEXT;'

# call_direct.ptx: in twice, 14 to ZERO (18), meeting at the exit (ret at
# 20): 6; the guarded call at 42 meets right after the call: 0
"$P2N" --summary $R/call_direct.xml >"$OUT/call.txt" 2>"$OUT/err.txt"
same call_direct "$OUT/call.txt" 'call_direct.ptx: 2 divergent of 6 transfers in 2 functions; 0 barriers may run with part of a warp

#  function     line  lines apart  reconverges at  lowering  instruction
1  twice          14            6  function exit   stack     @%p1 bra ZERO;
2  call_direct    42            0  after the call  stack     @%p1 call (r1), twice, (a1);'

# nvcc_divergence.ptx (nvcc output), the three most divergent: multi_exit's
# loop exits at 129 and 133 (to $L__BB2_11 at 171 and $L__BB2_10 at 166),
# meeting at $L__BB2_12 (174): 45 and 41; 138 to 174: 36
"$P2N" --summary --top=3 $R/nvcc_divergence.xml -o "$OUT/nvcc.txt" 2>"$OUT/err.txt"
same nvcc_top3 "$OUT/nvcc.txt" 'nvcc_divergence.ptx: 12 divergent of 22 transfers in 4 functions; 0 barriers may run with part of a warp
the 3 most divergent (--top=N for more):

#  function    line  lines apart  reconverges at         lowering  instruction
1  multi_exit   129           45  $L__BB2_12 (line 174)  stack     @%p1 bra $L__BB2_11;
2  multi_exit   133           41  $L__BB2_12 (line 174)  stack     @%p2 bra $L__BB2_10;
3  multi_exit   138           36  $L__BB2_12 (line 174)  stack     @%p3 bra $L__BB2_11;'

# no divergence: the count line only
"$P2N" --summary $R/uniform_ctaid.xml >"$OUT/uni.txt" 2>"$OUT/err.txt"
check no_divergence "$([ "$(wc -l <"$OUT/uni.txt")" -eq 1 ] && grep -q '^uniform_ctaid.ptx: 0 divergent of ' "$OUT/uni.txt" &&
	echo yes)" "$(cat "$OUT/uni.txt" "$OUT/err.txt")"

# source_lines.ptx (nvcc -lineinfo of source_lines.cu): the kernel's C++
# name; the bounds check (.cu line 11) at PTX 39 jumps to $L__BB0_5 (72),
# where the lanes meet: 33; the odd-lane if (.cu line 13) at 52, to
# $L__BB0_3 (55), meets at $L__BB0_4 (68): 16; .file names the .cu so
"$P2N" --summary $R/source_lines.xml >"$OUT/src.txt" 2>"$OUT/err.txt"
same source_lines "$OUT/src.txt" 'source_lines.ptx: 2 divergent of 5 transfers in 1 function; 1 barrier may run with part of a warp

#  function                                     line  source                                     lines apart  reconverges at       lowering  instruction
1  void demo::scale<float>(float*, int, float)    39  /work/main/test/report/source_lines.cu:11           33  $L__BB0_5 (line 72)  stack     @%p1 bra $L__BB0_5;
2  void demo::scale<float>(float*, int, float)    52  /work/main/test/report/source_lines.cu:13           16  $L__BB0_4 (line 68)  stack     @%p5 bra $L__BB0_3;'

# the HTML page annotates the .cu too (found beside the report when the
# path .file names is not there), each note linking to its PTX line
"$P2N" --summary=html $R/source_lines.xml -o "$OUT/src.html" 2>"$OUT/err.txt"
h=$OUT/src.html
src_line() { grep -o "<span class=\"[^\"]*\" id=\"S1_$1\">.*" "$h" | sed 's|</span><span class="[^"]*" id="S1_[0-9]*">.*||'; }
ok=yes
case $(src_line 11) in *'class="l divergent"'*'i &gt;= n'*'href="#L39">PTX line 39: divergent bra'*) ;; *) ok="line 11: $(src_line 11)" ;; esac
case $(src_line 13) in *'class="l divergent"'*'threadIdx.x &amp; 1'*'href="#L52">PTX line 52: divergent bra'*'href="#L53">PTX line 53: bra.uni uniform-declared'*) ;;
*) ok="line 13: $(src_line 13)" ;; esac
case $(src_line 17) in *'class="l barrier-warning"'*'__syncthreads'*'href="#L70">PTX line 70: bar.sync may run with part of the warp'*) ;;
*) ok="line 17: $(src_line 17)" ;; esac
case $(src_line 12) in *'class="l"'*) ;; *) ok="line 12: $(src_line 12)" ;; esac
check html_source_annotated "$ok" "$ok"

# HTML: one page, nothing fetched, the PTX annotated line by line
"$P2N" --summary=html $R/early_return.xml -o "$OUT/early.html" 2>"$OUT/err.txt"
rc=$?
h=$OUT/early.html
check html_written "$([ $rc -eq 0 ] && grep -q '^<!DOCTYPE html>' "$h" && grep -q '</html>' "$h" && echo yes)" \
	"exit $rc: $(head -n 2 "$OUT/err.txt")"
check html_self_contained "$(! grep -qi -e '<link' -e '<script' -e 'src=' -e 'https\?:' -e '@import' "$h" && echo yes)" \
	"$(grep -oi -m 3 -e '<link[^>]*' -e '<script[^>]*' -e 'src=[^ ]*' -e 'https\?:[^ ]*' "$h")"
line_of() { grep -o "<span class=\"[^\"]*\" id=\"L$1\">.*" "$h" | sed 's|</span><span class="[^"]*" id="L[0-9]*">.*||'; }
ok=yes
case $(line_of 17) in *'class="l divergent"'*'@%p1 bra RET;'*'lanes meet at RET (line 25)'*) ;; *) ok="line 17: $(line_of 17)" ;; esac
case $(line_of 22) in *'class="l uniform region"'*uniform-proven*) ;; *) ok="line 22: $(line_of 22)" ;; esac
case $(line_of 23) in *'class="l barrier-warning region"'*'bar.sync 0;'*) ;; *) ok="line 23: $(line_of 23)" ;; esac
case $(line_of 25) in *'class="l reconverge"'*'lanes of line 17 meet again here'*) ;; *) ok="line 25: $(line_of 25)" ;; esac
case $(line_of 15) in *'class="l"'*) ;; *) ok="line 15: $(line_of 15)" ;; esac
check html_annotated "$ok" "$ok"
check html_table "$(grep -q '<td class="n"><a href="#L17">17</a></td><td class="n">8</td><td>RET (line 25)</td>' "$h" && echo yes)" \
	"$(grep -m1 '<tr>' "$h")"
# the PTX's own text, escaped: "%r<4>" is no tag
check html_escaped "$(grep -q '\.reg \.b32 %r&lt;4&gt;;' "$h" && echo yes)" "$(grep -m1 'reg .b32' "$h")"
if command -v xmllint >/dev/null 2>&1; then
	err=$(xmllint --html --noout "$h" 2>&1)
	check html_parses "$([ -z "$err" ] && echo yes)" "$err"
fi

# errors: our messages only (none of libxml2's), exit 1 for a bad report,
# 2 for a bad command line
printf '<divergence-report format="1"><module file="x.ptx"\n' >"$OUT/broken.xml"
"$P2N" --summary "$OUT/broken.xml" >/dev/null 2>"$OUT/err.txt"
rc=$?
check malformed "$([ $rc -eq 1 ] && [ "$(wc -l <"$OUT/err.txt")" -eq 1 ] &&
	grep -q "^$OUT/broken.xml:[0-9]*: error: " "$OUT/err.txt" && echo yes)" "exit $rc: $(cat "$OUT/err.txt")"
"$P2N" --summary docs/report.xsd >/dev/null 2>"$OUT/err.txt"
rc=$?
check not_a_report "$([ $rc -eq 1 ] && grep -q 'not a divergence report' "$OUT/err.txt" && echo yes)" \
	"exit $rc: $(cat "$OUT/err.txt")"
"$P2N" --summary "$OUT/absent.xml" >/dev/null 2>"$OUT/err.txt"
rc=$?
check missing_report "$([ $rc -eq 1 ] && [ "$(wc -l <"$OUT/err.txt")" -eq 1 ] && grep -q 'absent.xml' "$OUT/err.txt" &&
	echo yes)" "exit $rc: $(cat "$OUT/err.txt")"
"$P2N" --summary=pdf $R/early_return.xml >/dev/null 2>"$OUT/err.txt"
rc=$?
check unknown_kind "$([ $rc -eq 2 ] && grep -q "unknown summary kind 'pdf'" "$OUT/err.txt" && echo yes)" \
	"exit $rc: $(head -n 1 "$OUT/err.txt")"
"$P2N" --summary --top=0 $R/early_return.xml >/dev/null 2>"$OUT/err.txt"
rc=$?
check bad_top "$([ $rc -eq 2 ] && echo yes)" "exit $rc: $(head -n 1 "$OUT/err.txt")"
