#!/bin/sh
# The runtime divergence profile (issue 17, docs/report.md "Runtime
# profile"): a module translated with --profile counts its conditional
# branches; P2N_PROFILE=FILE writes the counts at unload or exit, adding to
# the file's.  test/cli/profile.c launches test/cli/profile.ptx and prints
# the counts of its three branches, worked out lane by lane from the PTX.
# Without --profile the code has no counter.
# Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/profile/$1"; else echo "FAIL cli/profile/$1: $3"; fi; }
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/profile (runtime/libptx2native.a not built)"; exit 0; fi
d=$OUT/profile
rm -rf "$d" && mkdir -p "$d"
ptx=test/cli/profile.ptx
if ! err=$("$P2N" --profile $ptx -o "$d/on.so" --report "$d/report.xml" 2>&1) ||
	! err=$("$P2N" $ptx -o "$d/off.so" 2>&1); then
	check translate no "$err"; exit 0
fi
if ! err=$(cc -std=c11 -O1 -g ${HOST_CFLAGS:-} -Iruntime test/cli/profile.c runtime/libptx2native.a \
	-lpthread -ldl -lm -o "$d/host" 2>&1); then
	check build no "$err"; exit 0
fi
# the PTX lines of branches A, B, C and D
lineA=$(grep -n 'branch A' $ptx | cut -d: -f1)
lineB=$(grep -n 'branch B' $ptx | cut -d: -f1)
lineC=$(grep -n 'branch C' $ptx | cut -d: -f1)
lineD=$(grep -n 'branch D' $ptx | cut -d: -f1)

# attr LINE-OF-PROFILE NAME: the attribute's value
attr() { printf '%s\n' "$1" | sed -n "s/.* $2=\"\([^\"]*\)\".*/\1/p"; }
# counts FILE LINE: "executions divergent active-lanes" of the transfer at LINE
counts() {
	t=$(grep "<transfer .* line=\"$2\" " "$1")
	echo "$(attr "$t" executions) $(attr "$t" divergent) $(attr "$t" active-lanes)"
}
# expect NAME FILE WANT: the four branches' counts in FILE are WANT's
# ("A e d l", "B ...", "C ...", "D ...", lines of the host's output)
expect() {
	got=$(printf 'A %s\nB %s\nC %s\nD %s' "$(counts "$2" "$lineA")" "$(counts "$2" "$lineB")" \
		"$(counts "$2" "$lineC")" "$(counts "$2" "$lineD")")
	check "$1" "$([ "$got" = "$3" ] && echo yes)" "want '$(printf '%s' "$3" | tr '\n' ' ')', got '$(printf '%s' "$got" | tr '\n' ' ')'"
}
# sum WANT1 WANT2: the counts added row by row
sum() {
	printf '%s\n%s\n' "$1" "$2" | awk '{ e[$1] += $2; v[$1] += $3; l[$1] += $4 }
		END { printf "A %d %d %d\nB %d %d %d\nC %d %d %d\nD %d %d %d", e["A"], v["A"], l["A"],
			e["B"], v["B"], l["B"], e["C"], v["C"], l["C"], e["D"], v["D"], l["D"] }'
}

# two launches: 40 CTAs of 48 threads (a full and a half warp each; the
# CTAs spread over the worker threads), 3 of 100; then two more processes
prof=$d/prof.xml
if ! out1=$(P2N_PROFILE=$prof "$d/host" "$d/on.so" 5 40 48 3 100 2>&1); then
	check run1 no "$out1"; exit 0
fi
want1=$(printf '%s\n' "$out1" | grep '^[ABCD] ')
expect first_run "$prof" "$want1"
# the expectations are not trivial: A diverges in every warp, B never, C
# and D in some
check nontrivial "$(printf '%s\n' "$want1" | awk '$1 == "A" && $2 == $3 && $2 > 0 { a = 1 }
	$1 == "B" && $3 == 0 && $2 > 0 { b = 1 } ($1 == "C" || $1 == "D") && $3 > 0 && $3 < $2 { c++ }
	END { if (a && b && c == 2) print "yes" }')" "$want1"

out2=$(P2N_PROFILE=$prof "$d/host" "$d/on.so" 0 7 33 2>&1)
want2=$(printf '%s\n' "$out2" | grep '^[ABCD] ')
expect merged "$prof" "$(sum "$want1" "$want2")"
fn=$(grep '<function ' "$prof")
check launches "$([ "$(attr "$fn" launches)" = 3 ] && echo yes)" "$fn"
check time "$([ "$(attr "$fn" time-ns)" -gt 0 ] 2>/dev/null && echo yes)" "$fn"
# -k: the module is still loaded at exit; the counts are written then
out3=$(P2N_PROFILE=$prof "$d/host" -k "$d/on.so" 1 2 64 2>&1)
want3=$(printf '%s\n' "$out3" | grep '^[ABCD] ')
expect at_exit "$prof" "$(sum "$(sum "$want1" "$want2")" "$want3")"
# -f: a child forked after one launch makes two more and exits; the child
# writes its own two, the parent (at unload) the one before the fork
rm -f "$d/fork.xml"
outf=$(P2N_PROFILE=$d/fork.xml "$d/host" -f "$d/on.so" 2 3 64 2 40 1 100 2>&1)
expect fork "$d/fork.xml" "$(printf '%s\n' "$outf" | grep '^[ABCD] ')"
fn=$(grep '<function name="prof"' "$d/fork.xml")
check fork_launches "$([ "$(attr "$fn" launches)" = 3 ] && echo yes)" "$fn"
# an object (-c) linked into the program counts the same
if err=$("$P2N" --profile -c $ptx -o "$d/on.o" 2>&1) &&
	err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/profile.c "$d/on.o" runtime/libptx2native.a \
		-lpthread -ldl -lm -o "$d/host_linked" 2>&1); then
	rm -f "$d/linked.xml"
	outl=$(P2N_PROFILE=$d/linked.xml "$d/host_linked" linked 4 5 40 2>&1)
	expect linked_object "$d/linked.xml" "$(printf '%s\n' "$outl" | grep '^[ABCD] ')"
else
	check linked_object no "$err"
fi

# Nsight's branch efficiency (executions - divergent) / executions and the
# SIMD efficiency active-lanes / (32 executions), to 4 places
bad=$(grep '<transfer ' "$prof" | while read -r t; do
	e=$(attr "$t" executions) v=$(attr "$t" divergent) l=$(attr "$t" active-lanes)
	want=$(awk -v e="$e" -v v="$v" -v l="$l" 'BEGIN { printf "%.4f %.4f", (e - v) / e, l / (32 * e) }')
	[ "$want" = "$(attr "$t" branch-efficiency) $(attr "$t" simd-efficiency)" ] || echo "$t"
done)
check efficiency "$([ -z "$bad" ] && echo yes)" "$bad"

if command -v xmllint >/dev/null; then
	err=$(xmllint --noout --schema docs/report.xsd "$prof" 2>&1)
	check schema "$([ $? -eq 0 ] && echo yes)" "$err"
else
	echo "SKIP cli/profile/schema: xmllint not found"
fi

# --summary with the profile: the measured columns, C (most divergent) first
"$P2N" --summary "$d/report.xml" "$prof" >"$d/summary.txt" 2>&1
c=$(printf '%s\n' "$(sum "$(sum "$want1" "$want2")" "$want3")" | grep '^C')
# row 1: its PTX line, executed, diverged, branch and SIMD efficiency in %
row=$(awk '$1 == 1 && $2 == "prof" { print $3, $(NF-6), $(NF-5), $(NF-4), $(NF-3) }' "$d/summary.txt")
want=$(echo "$c" | awk -v line="$lineC" '{ printf "%d %d %d %.1f%% %.1f%%", line, $2, $3,
	100 * ($2 - $3) / $2, 100 * $4 / (32 * $2) }')
check summary "$(grep -q 'executed  diverged  branch eff.  SIMD eff.' "$d/summary.txt" &&
	[ "$row" = "$want" ] && echo yes)" "want row 1 '$want', got '$row': $(cat "$d/summary.txt")"
"$P2N" --summary "$d/report.xml" >"$d/static.txt" 2>&1
check summary_static "$(! grep -q executed "$d/static.txt" && grep -q 'bra DONE' "$d/static.txt" && echo yes)" \
	"$(cat "$d/static.txt")"
"$P2N" --summary=html "$d/report.xml" "$prof" -o "$d/summary.html" 2>&1
check summary_html "$(grep -q "<th>executed</th>" "$d/summary.html" &&
	grep -q "ran $(echo "$c" | cut -d' ' -f2) times" "$d/summary.html" && echo yes)" "no measured column or note"

# a file that is no profile is left as it is
echo "not a profile" >"$d/other.xml"
err=$(P2N_PROFILE=$d/other.xml "$d/host" "$d/on.so" 1 1 32 2>&1)
check foreign_file "$([ "$(cat "$d/other.xml")" = "not a profile" ] &&
	printf '%s' "$err" | grep -q 'P2N_PROFILE.*left as it is' && echo yes)" "$err"
# changed PTX under the same name: its counts replace the old ones
mkdir -p "$d/src"
cp $ptx "$d/src/profile.ptx"
"$P2N" --profile "$d/src/profile.ptx" -o "$d/v1.so"
echo "// changed" >>"$d/src/profile.ptx"
"$P2N" --profile "$d/src/profile.ptx" -o "$d/v2.so"
P2N_PROFILE=$d/changed.xml "$d/host" "$d/v1.so" 1 4 32 >/dev/null
w=$(P2N_PROFILE=$d/changed.xml "$d/host" "$d/v2.so" 2 2 32 | grep '^[ABCD] ')
expect changed_ptx "$d/changed.xml" "$w"
check changed_ptx_one_module "$([ "$(grep -c '<module ' "$d/changed.xml")" = 1 ] && echo yes)" \
	"$(cat "$d/changed.xml")"

# without --profile: no counter in the code, nothing written
rm -f "$d/none.xml"
P2N_PROFILE=$d/none.xml "$d/host" "$d/off.so" 5 2 48 >/dev/null
check off_nothing_written "$([ ! -e "$d/none.xml" ] && echo yes)" "$d/none.xml exists"
if command -v nm >/dev/null; then
	check off_no_symbol "$(! nm "$d/off.so" | grep -q 'p2n\.profile' && nm "$d/on.so" | grep -q 'p2n\.profile\.counts' && echo yes)" \
		"$(nm "$d/off.so" | grep profile)"
fi
"$P2N" -S --emit-llvm $ptx -o "$d/off.ll" && "$P2N" --profile -S --emit-llvm $ptx -o "$d/on.ll"
check off_no_counting "$(! grep -q 'atomicrmw\|p2n\.profile' "$d/off.ll" &&
	[ "$(grep -c 'atomicrmw add' "$d/on.ll")" -ge 8 ] && echo yes)" \
	"off: $(grep -c 'atomicrmw\|p2n\.profile' "$d/off.ll"), on: $(grep -c 'atomicrmw add' "$d/on.ll")"
