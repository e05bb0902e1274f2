#!/bin/sh
# Builds every program in test/cudart with nvcc and runs it; prints one line per program and
# a summary "N passed, M failed". For a machine with an NVIDIA GPU and the CUDA toolkit, or,
# with RUNNER=ptx2native-run, for running the same executables on the CPU.
#
# usage: test/cudart/gpu-check.sh [--build-only | --run-only] [FILTER...]
#   FILTER       run only the programs whose name contains one of the words
#   --build-only build, do not run;  --run-only  run what an earlier build left in $OUT
# environment:
#   NVCC     nvcc to use (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#   ARCH     the -arch option (default sm_80)
#   OUT      where executables and logs go (default: ${TMPDIR:-/tmp}/cudart-check)
#   RUNNER   a command put in front of each program (e.g. ptx2native-run); default none
#   TIMEOUT  seconds per program (default 60)
#   VERBOSE  1: print every program's output, not only a failing one's
#   JOBS     build this many programs at once (default 1)
#
# Conventions (see README.md): each test/cudart/NAME.cu is one program; NAME.flags, when
# present, holds more nvcc options on one line, with paths relative to the repository root
# (a second source file of NAME lives in test/cudart/NAME/ and is named there).

dir=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$dir/../.." && pwd)
mode=all
case "$1" in
--build-only) mode=build; shift ;;
--run-only) mode=run; shift ;;
--build-one) mode=one; shift ;; # internal: build exactly the program $1
esac
if [ -z "$NVCC" ]; then
    if command -v nvcc >/dev/null 2>&1; then NVCC=nvcc; else NVCC=/usr/local/cuda/bin/nvcc; fi
fi
ARCH=${ARCH:-sm_80}
OUT=${OUT:-${TMPDIR:-/tmp}/cudart-check}
case "$OUT" in /*) ;; *) OUT=$PWD/$OUT ;; esac
TIMEOUT=${TIMEOUT:-60}
JOBS=${JOBS:-1}
mkdir -p "$OUT" || exit 2
export NVCC ARCH OUT TIMEOUT
cd "$root" || exit 2 # the paths in NAME.flags are relative to the repository root

# build NAME: compiles $dir/NAME.cu with the options of NAME.flags into $OUT/NAME; the log
# in $OUT/NAME.log
build() {
    flags=$(cat "$dir/$1.flags" 2>/dev/null)
    rm -f "$OUT/$1"
    # shellcheck disable=SC2086
    "$NVCC" -cudart shared -arch="$ARCH" $flags "$dir/$1.cu" -o "$OUT/$1" >"$OUT/$1.log" 2>&1
}
if [ $mode = one ]; then
    build "$1"
    exit
fi

# The programs, filtered.
names=
for src in "$dir"/*.cu; do
    name=$(basename "$src" .cu)
    if [ $# -gt 0 ]; then
        keep=0
        for f in "$@"; do case "$name" in *"$f"*) keep=1 ;; esac; done
        [ $keep = 1 ] || continue
    fi
    names="$names $name"
done

# Parallel builds first; the loop below then only reports them.
if [ $mode != run ] && [ "$JOBS" -gt 1 ]; then
    # shellcheck disable=SC2086
    printf '%s\n' $names | xargs -P "$JOBS" -n 1 "$dir/gpu-check.sh" --build-one
    prebuilt=1
fi

pass=0
fail=0
failed_names=
for name in $names; do
    exe="$OUT/$name"
    log="$OUT/$name.log"
    if [ $mode != run ]; then
        if [ -n "$prebuilt" ]; then
            built=0
            [ -x "$exe" ] || built=1
        else
            build "$name"
            built=$?
        fi
        if [ $built != 0 ]; then
            echo "FAIL $name (build)"
            sed 's/^/    /' "$log"
            fail=$((fail + 1))
            failed_names="$failed_names $name"
            continue
        fi
        if [ $mode = build ]; then
            echo "built $name"
            continue
        fi
    fi
    if [ ! -x "$exe" ]; then
        echo "FAIL $name (no executable $exe)"
        fail=$((fail + 1))
        failed_names="$failed_names $name"
        continue
    fi
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    timeout "$TIMEOUT" $RUNNER "$exe" >"$log" 2>&1
    rc=$?
    end=$(date +%s.%N)
    secs=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
    npass=$(grep -c '^PASS ' "$log")
    nfail=$(grep -c '^FAIL ' "$log")
    if [ $rc = 0 ] && [ "$nfail" = 0 ] && [ "$npass" -gt 0 ]; then
        echo "PASS $name ($npass checks, ${secs}s)"
        pass=$((pass + 1))
        [ "$VERBOSE" = 1 ] && sed 's/^/    /' "$log"
    else
        echo "FAIL $name (exit $rc, $npass passed, $nfail failed checks, ${secs}s)"
        sed 's/^/    /' "$log"
        fail=$((fail + 1))
        failed_names="$failed_names $name"
    fi
done
[ $mode = build ] && [ $fail = 0 ] && exit 0
[ -n "$failed_names" ] && echo "failed:$failed_names"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
