#!/bin/sh
# test/regen-ptx.sh [NVCC] — rebuild the PTX fixtures from their CUDA
# sources (make regen-ptx).  Users need no nvcc: the PTX is committed.
#   test/cuda/NAME.cu  -> test/ptx/sm_XX/NAME.ptx  nvcc -arch=sm_XX -ptx, XX 75 80 90
#   test/exec/T.c: section X.cu -> section X.ptx   nvcc -arch=sm_75 -ptx (or the flags' -arch)
#   test/bench/*.cu    -> test/bench/*.ptx          nvcc -arch=sm_75 -ptx
#   test/report/*.cu   -> test/report/*.ptx         nvcc -arch=sm_75 -ptx
# An execution test's sections (test/exec/sections.sh) are written to
# test/out/regen, compiled there (so one may #include another test's .cu)
# and nvcc's output replaces the body of the .ptx section of the same name.
# A line "// nvcc-flags: ..." in a source adds flags (e.g. -rdc=true); an
# -arch among them replaces sm_75 for an exec or bench source.
set -eu
cd "$(dirname "$0")/.."
nvcc=${1:-}
[ -n "$nvcc" ] || nvcc=$(command -v nvcc || true)
[ -n "$nvcc" ] || { [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc; } || true
if [ -z "$nvcc" ]; then
	echo "regen-ptx: nvcc not found (install the CUDA toolkit or pass NVCC=path)" >&2
	exit 1
fi
for src in test/cuda/*.cu; do
	flags=$(sed -n 's|^// nvcc-flags: *||p' "$src")
	for sm in 75 80 90; do
		mkdir -p test/ptx/sm_$sm
		echo "nvcc -arch=sm_$sm -ptx $flags $src"
		# shellcheck disable=SC2086
		"$nvcc" -arch=sm_$sm -ptx $flags "$src" -o "test/ptx/sm_$sm/$(basename "${src%.cu}").ptx"
	done
done
case $nvcc in /*) ;; */*) nvcc=$(pwd)/$nvcc ;; esac # it also runs in another directory
ptx() { # DIR SRC.cu OUT.ptx [WHAT]: in DIR, nvcc -ptx with the source's flags
	flags=$(sed -n 's|^// nvcc-flags: *||p' "$1/$2")
	case $flags in *-arch=*) arch= ;; *) arch=-arch=sm_75 ;; esac # flags may name another
	echo "nvcc $arch -ptx $flags ${4:-$1/$2}"
	# shellcheck disable=SC2086
	(cd "$1" && "$nvcc" $arch -ptx $flags "$2" -o "$3")
}
# the sections are compiled where they are written, by their own name (an
# assert's __FILE__ is X.cu, and its __LINE__ the test file's line)
dir=test/out/regen
sh test/exec/sections.sh -o "$dir"
for file in test/exec/*.c; do
	for sec in $(sh test/exec/sections.sh --list "$file" | awk '$1 ~ /[.]cu$/ { print $1 }'); do
		ptx "$dir" "$sec" "${sec%.cu}.ptx.new" "$file: $sec"
		sh test/exec/sections.sh --replace "$file" "${sec%.cu}.ptx" "$dir/${sec%.cu}.ptx.new"
	done
done
for src in test/bench/*.cu test/report/*.cu; do
	[ -e "$src" ] || continue
	ptx . "$src" "${src%.cu}.ptx"
done
