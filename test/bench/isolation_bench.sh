#!/bin/sh
# The cost of fault isolation and the watchdog (run by test/bench/bench.sh).
set -eu
cd "$(dirname "$0")/../.."
mkdir -p test/out/bench
[ test/out/bench/kernels.so -nt ptx2native ] || ./ptx2native test/bench/kernels.ptx -o test/out/bench/kernels.so
cc -std=c11 -O2 -Wall -Wextra -Iruntime test/bench/isolation_bench.c runtime/libptx2native.a -lpthread -ldl \
	-o test/out/bench/isolation_bench
echo
test/out/bench/isolation_bench test/out/bench/kernels.so
