#!/bin/sh
# Launch sizes (docs/api.md): each kernel is charged for the shared memory
# it reaches, not the module's; dynamic sizes near SIZE_MAX fail cleanly;
# shared and local sizes past 32 bits are not truncated
# (test/cli/sizes.c prints the checks).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/sizes (runtime/libptx2native.a not built)"; exit 0; fi
if ! err=$("$P2N" test/cli/sizes.ptx -o "$OUT/sizes.so" 2>&1); then echo "FAIL cli/sizes/translate: $err"; exit 0; fi
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/sizes.c runtime/libptx2native.a -lpthread -ldl \
	-o "$OUT/sizes" 2>&1); then
	echo "FAIL cli/sizes/build: $err"; exit 0
fi
timeout -k 5 60 "$OUT/sizes" "$OUT/sizes.so" >"$OUT/sizes.log" 2>&1
rc=$?
cat "$OUT/sizes.log"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$OUT/sizes.log"; then echo "FAIL cli/sizes/run: exit status $rc"; fi
