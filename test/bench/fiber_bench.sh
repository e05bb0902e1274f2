#!/bin/sh
# The fiber switch micro-benchmark (run by test/bench/bench.sh).
set -eu
cd "$(dirname "$0")/../.."
mkdir -p test/out/bench
cc -std=c11 -O2 -Iruntime test/bench/fiber_bench.c runtime/libptx2native.a -lpthread -ldl -o test/out/bench/fiber_bench
test/out/bench/fiber_bench
