#!/bin/sh
# test/copytree.sh DIR — copies the tree's sources to DIR (make check-asan,
# check-ubsan, fuzz): the files git knows, tracked or not, with their
# times, so that a build in DIR a second time rebuilds only what changed;
# config.mk too.  A file copied the last time that the tree no longer has
# (removed, moved) is removed from DIR, so no stale header is found there.
# Outside a git checkout: everything but build/ and test/out/, then
# cleaned of what was built here.
set -u
cd "$(dirname "$0")/.." || exit 2
dir=$1
mkdir -p "$dir" || exit 2
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -co --exclude-standard | while IFS= read -r f; do [ -f "$f" ] && echo "$f"; done |
		sort >"$dir/.sources.new" || exit 2
	if [ -f "$dir/.sources" ]; then
		comm -23 "$dir/.sources" "$dir/.sources.new" | while IFS= read -r f; do rm -f "$dir/$f"; done
	fi
	tar -cf - -T "$dir/.sources.new" config.mk | tar -xf - -C "$dir" &&
		mv "$dir/.sources.new" "$dir/.sources"
else
	tar -cf - --exclude=./build --exclude=./test/out . | tar -xf - -C "$dir" &&
		${MAKE:-make} -C "$dir" clean >/dev/null
fi
