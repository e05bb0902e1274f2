#!/bin/sh
# test/sanitize.sh asan|ubsan [FILTER...] — make check-asan, make check-ubsan.
#
# Copies the tree to build/KIND (test/copytree.sh: a second run rebuilds
# only what changed), builds everything there with the sanitizer
# (translator, host library, CUDA layer, what the tests build) and runs
# test/run.sh there once per FILTER (no FILTER: every test), the host
# programs the tests compile built with the sanitizer too (HOST_CFLAGS).  Every report is written to build/KIND/reports;
# any error there fails the run, whatever the test said.
#   asan:  -fsanitize=address,undefined (leaks are not checked)
#   ubsan: -fsanitize=undefined -fno-sanitize-recover=all
set -u
cd "$(dirname "$0")/.." || exit 2
top=$(pwd)
kind=${1:-}
[ $# -gt 0 ] && shift
case $kind in
asan)
	san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
	opts="ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:log_path=$top/build/asan/reports/asan" ;;
ubsan)
	san="-fsanitize=undefined -fno-sanitize-recover=all" ;;
*) echo "usage: test/sanitize.sh asan|ubsan [FILTER...]" >&2; exit 2 ;;
esac
dir=build/$kind
opts="${opts:-} P2N_SANITIZER=$kind UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$top/$dir/reports/ubsan"
make=${MAKE:-make}
[ -f config.mk ] || { echo "test/sanitize.sh: run ./configure first" >&2; exit 2; }

echo "copying the sources to $dir"
sh test/copytree.sh "$dir" || exit 2

echo "building $dir with $san"
# shellcheck disable=SC2086
$make -C "$dir" all tests OPT="-O1 -g $san -fno-omit-frame-pointer" LDFLAGS="$san" WERROR= >"$dir/build.log" 2>&1 || {
	tail -n 30 "$dir/build.log"
	echo "test/sanitize.sh: the $kind build failed ($dir/build.log)"
	exit 1
}

rm -rf "$dir/reports"
mkdir -p "$dir/reports"
[ $# -gt 0 ] || set -- ""
status=0
for filter; do
	echo "== $kind: test/run.sh ${filter:-(every test)}"
	# shellcheck disable=SC2086
	(cd "$dir" && env HOST_CFLAGS="-g $san" $opts sh test/run.sh "$filter") || status=1
done
# a report is an error; a warning alone (ASan's "failed to allocate" when
# the allocator may return null, as the tests of huge sizes want) is not
reports=$(grep -l -e 'ERROR' -e 'runtime error' "$dir"/reports/* 2>/dev/null)
for f in $reports; do
	echo "== $f"
	cat "$f"
done
if [ -n "$reports" ]; then
	echo "FAIL $kind: $(echo "$reports" | wc -l) sanitizer report(s) above"
	status=1
else
	echo "$kind: no sanitizer report"
fi
exit $status
