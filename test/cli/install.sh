#!/bin/sh
# make install and uninstall into a DESTDIR: exactly the files the issue
# (17) asks for, the shared library's SONAME and exports, a usable .pc,
# programs built against the installed tree with pkg-config, with CMake
# (find_package, ptx2native_add_module and its depfile) and with Meson
# (the examples of docs/building.md) that run a kernel, a second
# installation with another LIBDIR, and make uninstall leaving nothing of
# ours and everything else.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
OUT=$(cd "$OUT" && pwd)
check() { if [ "$2" = yes ]; then echo "PASS cli/install/$1"; else echo "FAIL cli/install/$1: $3"; fi; }

# make install must not build: the other tests are running the tree's
# programs meanwhile.
if ! make -q all >/dev/null 2>&1; then
	echo "FAIL cli/install: the tree is not built (make all), and make install would build it"
	exit 0
fi
dest=$OUT/destdir
p=$dest/opt/p2n
rm -rf "$dest"
if ! make -s install DESTDIR="$dest" PREFIX=/opt/p2n LIBDIR=/opt/p2n/lib >"$OUT/install.log" 2>&1; then
	echo "FAIL cli/install/install: $(tail -n 3 "$OUT/install.log")"
	exit 0
fi

# Every file and link, and nothing else: the list of issue 17, written out.
{
	for f in bin/ptx2native bin/ptx2native-run include/ptx2native.h include/ptx2native_translate.h \
		lib/libptx2native.a lib/libptx2native.so.1 lib/libptx2native.so \
		lib/libptx2native-translate.a lib/libptx2native-translate.so.1 lib/libptx2native-translate.so \
		lib/pkgconfig/ptx2native.pc lib/pkgconfig/ptx2native-translate.pc \
		lib/cmake/ptx2native/ptx2native-config.cmake \
		lib/cmake/ptx2native/ptx2native-config-version.cmake \
		lib/ptx2native/libcuda.so.1 lib/ptx2native/libcudart.so.12 lib/ptx2native/libcudart.so.13 \
		share/ptx2native/report.xsd share/doc/ptx2native/README.md share/doc/ptx2native/report.xsd; do
		echo "$f"
	done
	for f in docs/*.1; do echo "share/man/man1/${f#docs/}"; done
	for f in docs/*.md; do echo "share/doc/ptx2native/${f#docs/}"; done
} | sort >"$OUT/files.want"
(cd "$p" && find . -type f -o -type l) | sed 's|^\./||' | sort >"$OUT/files.got"
check files "$(cmp -s "$OUT/files.want" "$OUT/files.got" && echo yes)" \
	"$(diff "$OUT/files.want" "$OUT/files.got" | grep '^[<>]' | tr '\n' ' ')"
[ "$(find "$dest" -mindepth 1 -maxdepth 1)" = "$dest/opt" ] && inside=yes || inside=no
check only_under_prefix "$inside" "$(find "$dest" -mindepth 1 -maxdepth 1 | tr '\n' ' ')"
check man_page_section1 "$(grep -q '^\.TH PTX2NATIVE 1' "$p/share/man/man1/ptx2native.1" && echo yes)" \
	"$(head -n 3 "$p/share/man/man1/ptx2native.1")"

# the shared host library: its SONAME, the link to it, and only p2n_* out
soname=$(readelf -d "$p/lib/libptx2native.so.1" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
check soname "$([ "$soname" = libptx2native.so.1 ] && [ "$(readlink "$p/lib/libptx2native.so")" = libptx2native.so.1 ] &&
	echo yes)" "SONAME '$soname', libptx2native.so -> $(readlink "$p/lib/libptx2native.so")"
nm -D --defined-only "$p/lib/libptx2native.so.1" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort >"$OUT/exports"
foreign=$(grep -v '^p2n_' "$OUT/exports" | tr '\n' ' ')
check exports_only_p2n "$([ -s "$OUT/exports" ] && [ -z "$foreign" ] && echo yes)" "also exported: $foreign"
# every function ptx2native.h declares is there
grep -o '\bp2n_[a-z0-9_]*(' runtime/ptx2native.h | tr -d '(' | sort -u >"$OUT/declared"
absent=$(comm -23 "$OUT/declared" "$OUT/exports" | tr '\n' ' ')
check exports_the_api "$([ -s "$OUT/declared" ] && [ -z "$absent" ] && echo yes)" "not exported: $absent"

check pkg_config_prefix "$(grep -q '^prefix=/opt/p2n$' "$p/lib/pkgconfig/ptx2native.pc" && echo yes)" \
	"$(head -n 1 "$p/lib/pkgconfig/ptx2native.pc")"

# the translator from the installed tree
"$p/bin/ptx2native" test/bench/kernels.ptx -o "$OUT/inst_kernels.so" 2>"$OUT/inst.err"
check translator_runs "$([ -s "$OUT/inst_kernels.so" ] && echo yes)" "$(head -n 3 "$OUT/inst.err")"

# a program against the installed header and static library
cc -std=c11 ${HOST_CFLAGS:-} -I"$p/include" test/demo.c "$p/lib/libptx2native.a" -lpthread -ldl -lm \
	-o "$OUT/inst_demo" 2>"$OUT/inst_demo.err" && "$OUT/inst_demo" "$OUT/inst_kernels.so" >"$OUT/inst_demo.out" 2>&1
check static_library "$(grep -q 'saxpy .*: right' "$OUT/inst_demo.out" 2>/dev/null && echo yes)" \
	"$(head -n 3 "$OUT/inst_demo.err")"

# pkg-config against the staged tree (its sysroot is DESTDIR), linked
# with the shared library, which the program then needs by its SONAME
if command -v pkg-config >/dev/null 2>&1; then
	pc() { PKG_CONFIG_LIBDIR="$p/lib/pkgconfig" PKG_CONFIG_PATH= PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config "$@"; }
	ver=$("$p/bin/ptx2native" --version | sed -n 's/^ptx2native \([^ ]*\) .*/\1/p')
	check pkg_config_version "$([ -n "$ver" ] && [ "$(pc --modversion ptx2native)" = "$ver" ] && echo yes)" \
		"pkg-config says '$(pc --modversion ptx2native 2>&1)', ptx2native --version '$ver'"
	# shellcheck disable=SC2046
	cc -std=c11 ${HOST_CFLAGS:-} $(pc --cflags ptx2native) test/demo.c $(pc --libs ptx2native) -o "$OUT/pc_demo" \
		2>"$OUT/pc_demo.err" && LD_LIBRARY_PATH="$p/lib" "$OUT/pc_demo" "$OUT/inst_kernels.so" >"$OUT/pc_demo.out" 2>&1
	needed=$(readelf -d "$OUT/pc_demo" 2>/dev/null | grep -o 'libptx2native[^]]*')
	check pkg_config_program "$(grep -q 'saxpy .*: right' "$OUT/pc_demo.out" 2>/dev/null &&
		[ "$needed" = libptx2native.so.1 ] && echo yes)" \
		"needs '$needed'; $(head -n 3 "$OUT/pc_demo.err" "$OUT/pc_demo.out" 2>/dev/null)"
else
	echo "SKIP cli/install/pkg_config (skipped: pkg-config not found)"
fi

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
lib=$p/lib
if command -v pkg-config >/dev/null 2>&1; then # ptx2native-translate.pc, which requires ptx2native.pc
	# shellcheck disable=SC2046
	cc -std=c11 ${HOST_CFLAGS:-} "$OUT/inst_translate.c" $(pc --cflags --libs ptx2native-translate) -Wl,-rpath,"$lib" \
		-o "$OUT/inst_translate" 2>"$OUT/inst_translate.err"
else
	cc -std=c11 ${HOST_CFLAGS:-} -I"$p/include" "$OUT/inst_translate.c" "$lib/libptx2native.a" -L"$lib" \
		-lptx2native-translate -Wl,-rpath,"$lib" -lpthread -ldl -lm -o "$OUT/inst_translate" 2>"$OUT/inst_translate.err"
fi &&
	"$OUT/inst_translate" test/bench/kernels.ptx >"$OUT/inst_translate.out" 2>&1
rc=$?
check translate_library "$([ $rc -eq 0 ] && grep -q 'translated and ran' "$OUT/inst_translate.out" && echo yes)" \
	"exit $rc $(head -n 3 "$OUT/inst_translate.err")"

# The CMake and Meson examples of docs/building.md, as written there, but
# for the module's options, which also come from a response file that only
# the depfile names: touching it must translate again, touching nothing
# must not.  app.c runs test/demo.c on the module the build made.
example() { # NAME: the code block after its marker in docs/building.md
	awk -v name="$1" '$0 ~ "builds this example: " name " -->" { on = 1; next }
		on == 1 && /^```/ { on = 2; next } on == 2 && /^```/ { exit } on == 2 { print }' docs/building.md
}
setup_example() { # DIR
	rm -rf "$1"
	mkdir -p "$1"
	cp test/bench/kernels.ptx test/demo.c "$1/"
	echo "-O1" >"$1/flags.rsp"
	cat >"$1/app.c" <<'CEOF'
#define main demo_main
#include "demo.c"
#undef main
int main(void)
{
    char *argv[] = {"app", KERNELS, NULL};
    return demo_main(2, argv);
}
CEOF
}
rebuilds() { # NAME SRC BUILD-COMMAND...: no work when nothing changed, a translation after touching flags.rsp
	name=$1 src=$2
	shift 2
	sleep 1 # builds compare times of the file system's clock
	"$@" >"$OUT/$name.again.log" 2>&1
	again=$(grep -c -i -e 'translating kernels' -e 'generating kernels' "$OUT/$name.again.log")
	touch "$src/flags.rsp"
	"$@" >"$OUT/$name.touch.log" 2>&1
	touched=$(grep -c -i -e 'translating kernels' -e 'generating kernels' "$OUT/$name.touch.log")
	check "${name}_rebuilds_from_depfile" "$([ "$again" -eq 0 ] && [ "$touched" -ge 1 ] && echo yes)" \
		"translations: $again with nothing changed, $touched after touching the response file"
}
# (make check-asan: a program the build systems link against the ASan
# library cannot start, as its runtime does not come first)
if [ "${P2N_SANITIZER:-}" = asan ]; then
	echo "SKIP cli/install/cmake (the installed libraries are built with ASan)"
elif command -v cmake >/dev/null 2>&1; then
	src=$OUT/cmake_src bld=$OUT/cmake_build
	setup_example "$src"
	# shellcheck disable=SC2016
	example CMakeLists.txt | sed 's|OPTIONS -O2|& "@${CMAKE_CURRENT_SOURCE_DIR}/flags.rsp"|' >"$src/CMakeLists.txt"
	gen=
	command -v ninja >/dev/null 2>&1 && gen="-G Ninja"
	# shellcheck disable=SC2086
	if ! grep -q 'flags.rsp' "$src/CMakeLists.txt"; then
		check cmake_build no "no CMake example found in docs/building.md"
	elif ! (cd "$OUT" && cmake $gen -S "$src" -B "$bld" -DCMAKE_PREFIX_PATH="$p" >"$OUT/cmake.log" 2>&1 &&
		cmake --build "$bld" >>"$OUT/cmake.log" 2>&1); then
		check cmake_build no "$(grep -i -m 3 -e error -e 'not found' "$OUT/cmake.log")"
	else
		LD_LIBRARY_PATH="$p/lib" "$bld/app" >"$OUT/cmake_app.out" 2>&1
		needed=$(readelf -d "$bld/app" 2>/dev/null | grep -o 'libptx2native[^]]*')
		check cmake_build "$(grep -q 'saxpy .*: right' "$OUT/cmake_app.out" && [ "$needed" = libptx2native.so.1 ] &&
			echo yes)" "needs '$needed': $(head -n 3 "$OUT/cmake_app.out")"
		check cmake_depfile "$(grep -q 'flags.rsp' "$bld/kernels.so.d" 2>/dev/null && echo yes)" \
			"$(cat "$bld/kernels.so.d" 2>&1)"
		check cmake_report "$(grep -q '<divergence-report' "$bld/kernels.xml" 2>/dev/null && echo yes)" \
			"$(ls "$bld")"
		# the Makefile generators read a depfile from CMake 3.20 on
		cv=$(cmake --version | sed -n 's/^cmake version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
		if [ -n "$gen" ] || [ "${cv% *}" -gt 3 ] || [ "${cv#* }" -ge 20 ]; then
			rebuilds cmake "$src" cmake --build "$bld"
		else
			echo "SKIP cli/install/cmake_rebuilds_from_depfile (skipped: CMake $cv uses no depfile with Makefiles)"
		fi
	fi
else
	echo "SKIP cli/install/cmake (skipped: cmake not found)"
fi
if [ "${P2N_SANITIZER:-}" = asan ]; then
	echo "SKIP cli/install/meson (the installed libraries are built with ASan)"
elif command -v meson >/dev/null 2>&1 && command -v ninja >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1; then
	src=$OUT/meson_src bld=$OUT/meson_build
	setup_example "$src"
	example meson.build | sed "s|'-O2', |&'@' + meson.current_source_dir() / 'flags.rsp', |" >"$src/meson.build"
	menv() { env PATH="$p/bin:$PATH" PKG_CONFIG_LIBDIR="$p/lib/pkgconfig" PKG_CONFIG_PATH= \
		PKG_CONFIG_SYSROOT_DIR="$dest" "$@"; }
	if ! grep -q 'flags.rsp' "$src/meson.build"; then
		check meson_build no "no Meson example found in docs/building.md"
	elif ! menv meson setup "$bld" "$src" >"$OUT/meson.log" 2>&1 || ! menv ninja -C "$bld" >>"$OUT/meson.log" 2>&1; then
		check meson_build no "$(grep -i -m 3 -e error -e 'not found' "$OUT/meson.log")"
	else
		LD_LIBRARY_PATH="$p/lib" "$bld/app" >"$OUT/meson_app.out" 2>&1
		check meson_build "$(grep -q 'saxpy .*: right' "$OUT/meson_app.out" && echo yes)" "$(head -n 3 "$OUT/meson_app.out")"
		rebuilds meson "$src" menv ninja -C "$bld"
	fi
else
	echo "SKIP cli/install/meson (skipped: meson, ninja or pkg-config not found)"
fi

# Another LIBDIR (configure --libdir=lib/x86_64-linux-gnu): the libraries,
# the .pc and the CMake package go there, and their paths say so.
dest2=$OUT/destdir2
p2=$dest2/usr
rm -rf "$dest2"
if make -s install DESTDIR="$dest2" PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu >"$OUT/install2.log" 2>&1; then
	l=$p2/lib/x86_64-linux-gnu
	ok=yes
	for f in libptx2native.so.1 libptx2native.a libptx2native-translate.so.1 pkgconfig/ptx2native.pc \
		cmake/ptx2native/ptx2native-config.cmake; do
		[ -f "$l/$f" ] || ok="no: $f missing"
	done
	[ ! -e "$p2/lib/libptx2native.so.1" ] || ok="no: lib/libptx2native.so.1 there too"
	grep -q '^libdir=${prefix}/lib/x86_64-linux-gnu$' "$l/pkgconfig/ptx2native.pc" || ok="no: $(grep libdir= "$l/pkgconfig/ptx2native.pc")"
	# the CMake file finds the prefix four levels up from itself
	grep -q 'CMAKE_CURRENT_LIST_DIR}/../../../.."' "$l/cmake/ptx2native/ptx2native-config.cmake" ||
		ok="no: $(grep -m1 _p2n_prefix "$l/cmake/ptx2native/ptx2native-config.cmake")"
	check libdir "$ok" "$ok"
	make -s uninstall DESTDIR="$dest2" PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu >/dev/null 2>&1
	left=$(find "$dest2" -type f -o -type l)
	check libdir_uninstall "$([ -z "$left" ] && echo yes)" "left: $left"
else
	check libdir no "$(tail -n 3 "$OUT/install2.log")"
fi

# uninstall: nothing of ours is left, and what was there beside it stays
echo keep >"$p/lib/someone-elses.so"
mkdir -p "$p/share/doc/other" && echo keep >"$p/share/doc/other/README"
make -s uninstall DESTDIR="$dest" PREFIX=/opt/p2n LIBDIR=/opt/p2n/lib >"$OUT/uninstall.log" 2>&1
left=$(cd "$dest" && find . -type f -o -type l | sort | tr '\n' ' ')
check uninstall "$([ "$left" = "./opt/p2n/lib/someone-elses.so ./opt/p2n/share/doc/other/README " ] && echo yes)" \
	"left: $left $(tail -n 2 "$OUT/uninstall.log")"
rm -rf "$dest" "$dest2"
