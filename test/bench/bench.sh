#!/bin/sh
# make bench: ptx2native against gcc -O3 -fopenmp on the same workloads,
# in one run, as ratios.  Not part of make check (timing-sensitive).
set -eu
cd "$(dirname "$0")/../.."
out=test/out/bench
mkdir -p "$out"
./ptx2native -O3 test/bench/kernels.ptx -o "$out/kernels.so"
cc -std=c11 -O3 -march=native -fopenmp -Iruntime test/bench/bench.c runtime/libptx2native.a \
	-lpthread -ldl -lm -o "$out/bench"
"$out/bench" "$out/kernels.so"
echo "the same with a launch time limit (a watchdog thread per launch, docs/runtime.md):"
P2N_LAUNCH_TIMEOUT_MS=600000 "$out/bench" "$out/kernels.so"
for b in test/bench/*_bench.sh; do
	[ -e "$b" ] && sh "$b"
done
exit 0
