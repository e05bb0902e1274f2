#!/bin/sh
# make bench: ptx2native against OpenMP C and OpenCL C (PoCL) on six
# kernels, launch latency, and translation time; Markdown on standard
# output, also written to test/out/bench/results.md.  Not part of make
# check (timing-sensitive).
#
# Each of the three back ends is a process that runs every kernel 2 + 11
# times and prints the median of the 11; the three processes run in turn,
# BENCH_REPS times (default 3), and the table shows the medians of those.
# Translations run at the default level, each under BENCH_TIMEOUT seconds
# (default 30) and BENCH_MEM_MB of address space (default 8192).
set -eu
cd "$(dirname "$0")/../.."
reps=${BENCH_REPS:-3}
timeout=${BENCH_TIMEOUT:-30}
mem=${BENCH_MEM_MB:-8192}
cc=${CC:-cc}
out=test/out/bench
mkdir -p "$out"
cflags="-std=c11 -O3 -march=native -ffp-contract=off -Wall -Wextra"

p2n=ptx2native p2n_note=
./ptx2native test/bench/kernels.ptx -o "$out/kernels.so" ||
	p2n='' p2n_note="; kernels.ptx did NOT translate, no ptx2native column"
# shellcheck disable=SC2086 # $cflags: several words
$cc $cflags -Iruntime test/bench/bench.c test/bench/p2n.c runtime/libptx2native.a \
	-lpthread -ldl -lm -o "$out/bench-p2n"
# shellcheck disable=SC2086
$cc $cflags -fopenmp test/bench/bench.c test/bench/omp.c -lm -o "$out/bench-omp"
$cc -std=c11 -O2 test/bench/shapes.c -o "$out/shapes"
$cc -std=c11 -O2 test/bench/measure.c -o "$out/measure"

ocl="OpenCL was not run: libOpenCL and CL/cl.h not found (make bench-deps installs PoCL)."
# shellcheck disable=SC2086
if $cc $cflags test/bench/bench.c test/bench/ocl.c -lOpenCL -o "$out/bench-ocl" 2>/dev/null; then
	# a kernel name that matches nothing: builds kernels.cl and stops
	if "$out/bench-ocl" test/bench/kernels.cl - >/dev/null 2>"$out/ocl-probe.txt"; then
		ocl=
	else
		ocl="OpenCL was not run: $(head -n 1 "$out/ocl-probe.txt")."
	fi
fi
platform="the first OpenCL platform (clinfo not installed to name it)"
[ -z "$ocl" ] && command -v clinfo >/dev/null &&
	platform=$(clinfo 2>/dev/null | sed -n 's/^ *Platform Version *//p' | head -n 1)

: >"$out/runs.txt"
r=0
while [ "$r" -lt "$reps" ]; do
	# a back end that stops early loses its remaining kernels (shown as —)
	[ -z "$p2n" ] || "$out/bench-p2n" "$out/kernels.so" >>"$out/runs.txt" || true
	"$out/bench-omp" - >>"$out/runs.txt" || true
	[ -n "$ocl" ] || "$out/bench-ocl" test/bench/kernels.cl >>"$out/runs.txt" || true
	r=$((r + 1))
done

# Translation times: shape, size, "seconds peak_kb status".
: >"$out/translate.txt"
for shape in straight calls diamonds array registers empty; do
	sizes="1000 10000"
	[ "$shape" = array ] && sizes=1
	skip=
	for n in $sizes; do
		if [ -n "$skip" ]; then
			echo "$shape $n - - skipped" >>"$out/translate.txt"
			continue
		fi
		"$out/shapes" "$shape" "$n" >"$out/shape.ptx"
		lines=$(wc -l <"$out/shape.ptx")
		m=$("$out/measure" "$timeout" "$mem" ./ptx2native "$out/shape.ptx" -o "$out/shape.so")
		echo "$shape $lines $m" >>"$out/translate.txt"
		case $m in *timeout*) skip=1 ;; esac
	done
done
rm -f "$out/shape.ptx" "$out/shape.so"

{
	echo "# make bench"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)," \
		"$(nproc) CPUs; load average at the end: $(cut -d ' ' -f 1-3 /proc/loadavg)."
	echo "OpenMP: gcc -O3 -march=native -fopenmp, OMP_NUM_THREADS=${OMP_NUM_THREADS:-all CPUs}." \
		"ptx2native: kernels.ptx (nvcc -arch=sm_75 -fmad=false) at the default level, default workers$p2n_note." \
		"OpenCL: ${ocl:-$platform}"
	echo
	awk -v reps="$reps" -f test/bench/table.awk "$out/runs.txt"
	echo
	echo "Translation at the default level (ptx2native FILE.ptx -o FILE.so), one run each," \
		"limit ${timeout} s and ${mem} MiB of address space; goal: at most 1 s and 200 MB per 10,000 lines."
	echo
	awk -v limit="$timeout" -v memlimit="$mem" -f test/bench/translate.awk "$out/translate.txt"
} >"$out/results.md"
cat "$out/results.md"

for b in test/bench/*_bench.sh; do
	[ -e "$b" ] && sh "$b"
done
exit 0
