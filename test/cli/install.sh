#!/bin/sh
# make install and uninstall into a DESTDIR: every file, a usable .pc, a
# program built against the installed library that runs a kernel.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
dest=$OUT/destdir
rm -rf "$dest"
if ! make -s install DESTDIR="$dest" PREFIX=/opt/p2n >"$OUT/install.log" 2>&1; then
	echo "FAIL cli/install/install: $(tail -n 3 "$OUT/install.log")"
	exit 0
fi
missing=
for f in bin/ptx2native share/man/man1/ptx2native.1 include/ptx2native.h lib/libptx2native.a \
	lib/libptx2native.so lib/pkgconfig/ptx2native.pc include/ptx2native_translate.h \
	lib/libptx2native-translate.a lib/libptx2native-translate.so.1 lib/libptx2native-translate.so; do
	[ -f "$dest/opt/p2n/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then echo "PASS cli/install/files"; else echo "FAIL cli/install/files: missing$missing"; fi
if grep -q '^prefix=/opt/p2n$' "$dest/opt/p2n/lib/pkgconfig/ptx2native.pc"; then echo "PASS cli/install/pkg_config"
else echo "FAIL cli/install/pkg_config: $(head -n 1 "$dest/opt/p2n/lib/pkgconfig/ptx2native.pc")"; fi
# a program against the installed header and library
"$dest/opt/p2n/bin/ptx2native" test/bench/kernels.ptx -o "$OUT/inst_kernels.so" 2>"$OUT/inst.err" &&
	cc -std=c11 ${HOST_CFLAGS:-} -I"$dest/opt/p2n/include" test/demo.c "$dest/opt/p2n/lib/libptx2native.a" -lpthread -ldl -lm \
		-o "$OUT/inst_demo" 2>>"$OUT/inst.err" &&
	"$OUT/inst_demo" "$OUT/inst_kernels.so" >"$OUT/inst_demo.out" 2>&1
if grep -q 'saxpy .*: right' "$OUT/inst_demo.out" 2>/dev/null; then echo "PASS cli/install/runs"
else echo "FAIL cli/install/runs: $(head -n 3 "$OUT/inst.err")"; fi
# a program against the installed translator library: PTX in memory to a
# module in memory, loaded and run
cat >"$OUT/inst_translate.c" <<'CEOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ptx2native.h>
#include <ptx2native_translate.h>
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb");
    static char text[1 << 20];
    size_t len = f ? fread(text, 1, sizeof text, f) : 0;
    p2n_source src = {argv[1], text, len};
    void *image; size_t size; p2n_module *m;
    if (p2n_translate(&src, 1, NULL, &image, &size) != P2N_TRANSLATE_OK) return 1;
    if (p2n_module_load_data(&m, image, size) != P2N_SUCCESS) return 2;
    free(image);
    int n = 1000; float a = 2, x[1000], y[1000];
    for (int i = 0; i < n; i++) { x[i] = (float)i; y[i] = 1; }
    float *px = x, *py = y;
    void *params[] = {&n, &a, &px, &py};
    if (p2n_launch(m, "saxpy", (p2n_dim3){8, 1, 1}, (p2n_dim3){128, 1, 1}, 0, params) != P2N_SUCCESS) return 3;
    for (int i = 0; i < n; i++) if (y[i] != 2.0f * (float)i + 1) return 4;
    puts("translated and ran");
    return 0;
}
CEOF
lib=$dest/opt/p2n/lib
cc -std=c11 ${HOST_CFLAGS:-} -I"$dest/opt/p2n/include" "$OUT/inst_translate.c" "$lib/libptx2native.a" -L"$lib" \
	-lptx2native-translate -Wl,-rpath,"$lib" -lpthread -ldl -lm -o "$OUT/inst_translate" 2>"$OUT/inst_translate.err" &&
	"$OUT/inst_translate" test/bench/kernels.ptx >"$OUT/inst_translate.out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q 'translated and ran' "$OUT/inst_translate.out"; then echo "PASS cli/install/translate_library"
else echo "FAIL cli/install/translate_library: exit $rc $(head -n 3 "$OUT/inst_translate.err")"; fi
make -s uninstall DESTDIR="$dest" PREFIX=/opt/p2n >/dev/null 2>&1
left=$(find "$dest" -type f -o -type l | wc -l)
if [ "$left" -eq 0 ]; then echo "PASS cli/install/uninstall"; else echo "FAIL cli/install/uninstall: $left files left"; fi
