#!/bin/sh
# test/fuzz/run.sh TARGET... — make fuzz: each libFuzzer target of
# test/fuzz (parse, translate, load) built with clang's libFuzzer, ASan and
# UBSan in a copy of the tree (build/fuzz) and run FUZZ_TIME seconds
# (default 60).  Seeds: the PTX of test/ (parse: test/ptx, test/parse,
# test/report; translate: test/ptx, test/report, the execution tests'
# PTX sections (test/exec/sections.sh), up to 16 KB),
# for load modules made by ./ptx2native, cut and changed copies of one and
# a shared object of another kind; and the inputs kept in test/fuzz/TARGET/.
# The corpus grows in build/fuzz/corpus/TARGET between runs.  A finding is
# written to build/fuzz/crashes/; keep it as test/fuzz/TARGET/NAME once
# fixed (make check replays it).  FUZZ_CLANG: the clang to use (default:
# clang-19, else clang); FUZZ_FLAGS: more libFuzzer options.
set -u
cd "$(dirname "$0")/../.." || exit 2
top=$(pwd)
time=${FUZZ_TIME:-60}
dir=build/fuzz
make=${MAKE:-make}

clang=
for c in ${FUZZ_CLANG:-clang-19} clang; do
	command -v "$c" >/dev/null 2>&1 || continue
	mkdir -p "$dir"
	printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }\n' >"$dir/conftest.c"
	if "$c" -fsanitize=fuzzer,address "$dir/conftest.c" -o "$dir/conftest" >/dev/null 2>&1; then
		clang=$c
		break
	fi
done
if [ -z "$clang" ]; then
	echo "make fuzz: no clang with libFuzzer (-fsanitize=fuzzer) found: make fuzz-deps installs one" >&2
	exit 2
fi

echo "copying the sources to $dir"
sh test/copytree.sh "$dir" || exit 2
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
bins=
for t; do bins="$bins test/fuzz/fuzz_$t"; done
echo "building$bins in $dir with $clang"
# shellcheck disable=SC2086
$make -C "$dir" $bins CC="$clang" OPT="-O1 -g -fsanitize=fuzzer-no-link $san -fno-omit-frame-pointer" \
	LDFLAGS="$san" WERROR= >"$dir/build.log" 2>&1 || {
	tail -n 30 "$dir/build.log"
	echo "make fuzz: the build failed ($dir/build.log)"
	exit 1
}

# seeds: PTX files of at most $2 bytes from the directories after it
ptx_seeds() { # DIR MAXBYTES SRCDIR...
	out=$1 max=$2
	shift 2
	rm -rf "$out" && mkdir -p "$out"
	for d; do
		for f in "$d"/*.ptx; do
			[ -f "$f" ] && [ "$(wc -c <"$f")" -le "$max" ] && cp "$f" "$out/$(echo "$f" | tr / _)"
		done
	done
}

load_seeds() { # DIR
	out=$1
	rm -rf "$out" && mkdir -p "$out"
	for k in test/cli/sizes.ptx test/bench/kernels.ptx; do
		./ptx2native -O0 "$k" -o "$out/$(basename "$k" .ptx).so" || return 1
	done
	m=$out/sizes.so
	size=$(wc -c <"$m")
	head -c 64 "$m" >"$out/cut_header.so"
	head -c $((size / 2)) "$m" >"$out/cut_half.so"
	head -c $((size - 1)) "$m" >"$out/cut_last_byte.so"
	cp runtime/libptx2native.so "$out/foreign.so"
}

sh test/exec/sections.sh -o "$dir/exec" >/dev/null || exit 2
mkdir -p "$dir/crashes"
status=0
for t; do
	seeds=$dir/seeds/$t
	case $t in
	parse) ptx_seeds "$seeds" 65536 test/ptx test/ptx/* test/parse test/parse/* test/report; max=16384 ;;
	translate) ptx_seeds "$seeds" 16384 test/ptx test/ptx/* test/report "$dir/exec"; max=16384 ;;
	load) load_seeds "$seeds" || exit 1; max=65536 ;;
	esac
	[ -d "test/fuzz/$t" ] && cp test/fuzz/"$t"/* "$seeds/" 2>/dev/null
	mkdir -p "$dir/corpus/$t"
	echo "== fuzz/$t: $time s, $(ls "$seeds" | wc -l) seeds, corpus $dir/corpus/$t"
	# shellcheck disable=SC2086
	(cd "$dir" && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
		"./test/fuzz/fuzz_$t" -max_total_time="$time" -max_len=$max -timeout=30 -rss_limit_mb=4096 \
		-print_final_stats=1 -artifact_prefix="$top/$dir/crashes/$t-" ${FUZZ_FLAGS:-} \
		"corpus/$t" "seeds/$t") >"$dir/$t.log" 2>&1
	rc=$?
	grep -E '^(INFO: seed corpus|#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$dir/$t.log"
	if [ $rc -ne 0 ]; then
		status=1
		grep -E -A 12 'ERROR|SUMMARY|runtime error|abort|fuzz/load' "$dir/$t.log" | head -n 40
		echo "FAIL fuzz/$t: exit status $rc; the input: $(grep -o 'Test unit written to .*' "$dir/$t.log")"
	else
		echo "PASS fuzz/$t"
	fi
done
exit $status
