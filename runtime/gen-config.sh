#!/bin/sh
# gen-config.sh TEMPLATE PREFIX LIBDIR INCLUDEDIR BINDIR VERSION: the
# template with @PREFIX@, @LIBDIR@, @INCLUDEDIR@, @BINDIR@, @VERSION@ (and
# @VERSION_MAJOR@, @VERSION_MINOR@) replaced (make install writes ptx2native.pc and the CMake package so).
# A directory under PREFIX is written relative to it, as ${prefix}/... in
# a .pc file and ${_p2n_prefix}/... in the CMake file, whose prefix is in
# turn found from the file's own place (CMAKE_CURRENT_LIST_DIR): so the
# installed tree may move, or be staged under DESTDIR.
set -eu
template=$1 prefix=$2 libdir=$3 includedir=$4 bindir=$5 version=$6
case $template in
*.cmake.in) var='${_p2n_prefix}' ;;
*) var='${prefix}' ;;
esac
rel() { # DIR -> DIR with the prefix replaced by $var
	case $1 in
	"$prefix") echo "$var" ;;
	"$prefix"/*) echo "$var/${1#"$prefix"/}" ;;
	*) echo "$1" ;;
	esac
}
case $template in
*.cmake.in) # the config file lies in LIBDIR/cmake/ptx2native
	case $libdir in
	"$prefix" | "$prefix"/*)
		up='${CMAKE_CURRENT_LIST_DIR}/../..'
		sub=${libdir#"$prefix"}
		while [ -n "$sub" ]; do
			sub=${sub%/*}
			up=$up/..
		done
		prefix_expr=$up ;;
	*) prefix_expr=$prefix ;;
	esac ;;
*) prefix_expr=$prefix ;;
esac
sed -e "s|@PREFIX@|$prefix_expr|g" -e "s|@LIBDIR@|$(rel "$libdir")|g" \
	-e "s|@INCLUDEDIR@|$(rel "$includedir")|g" -e "s|@BINDIR@|$(rel "$bindir")|g" \
	-e "s|@VERSION@|$version|g" -e "s|@VERSION_MAJOR@|${version%%.*}|g" \
	-e "s|@VERSION_MINOR@|$(echo "$version" | cut -d. -f2)|g" "$template"
