# test/golden/check.awk — the checker of the golden code-generation tests
# (docs/testing.md, "Golden code-generation tests"):
#     awk -f test/golden/check.awk NAME.ptx NAME.ll
# reads the directives in the comments of NAME.ptx and checks them against
# the LLVM IR in NAME.ll.  Prints one line per failed directive,
#     NAME.ptx:LINE: DIRECTIVE: PATTERN: what went wrong
# and exits 1 if any failed (2 if NAME.ptx has no check at all).
#
# Directives (one a line, after "//"):
#   FUNC: @symbol        the checks below apply to the definition of @symbol
#                        (from "define ... @symbol(" to its closing "}");
#                        before any FUNC they apply to the whole module
#   CHECK: PATTERN       a line of the function matches, after the line the
#                        previous CHECK matched (in order, as FileCheck)
#   CHECK-NOT: PATTERN   no line of the function matches (the whole
#                        function, unlike FileCheck)
#   CHECK-COUNT-N: PATTERN  exactly N lines of the function match
# A PATTERN is literal text that a line must contain, except that
# {{...}} holds an extended regular expression.  FLAGS: and BREAK: lines
# are read by test/run.sh.

function show(i,    t) {
	t = ir[i]
	if (length(t) > 120) t = substr(t, 1, 120) "..."
	return "IR line " i ": " t
}

function fail(msg) {
	printf "%s:%d: %s: %s: %s\n", src, dline, dkind, dpat, msg
	nfail++
}

# PATTERN -> extended regular expression
function to_regex(p,    out, i, c, j, lit) {
	out = ""
	while (p != "") {
		i = index(p, "{{")
		if (i == 0) { lit = p; p = "" } else { lit = substr(p, 1, i - 1); p = substr(p, i + 2) }
		for (j = 1; j <= length(lit); j++) {
			c = substr(lit, j, 1)
			if (index("\\^$.[]|()*+?{}", c)) out = out "\\" c
			else out = out c
		}
		if (i) {
			j = index(p, "}}")
			if (j == 0) { out = out "(" p ")"; p = "" } # unclosed: the rest
			else { out = out "(" substr(p, 1, j - 1) ")"; p = substr(p, j + 2) }
		}
	}
	return out
}

# selects the lines [lo, hi] of the IR that define the symbol
function select_func(sym,    i, head) {
	lo = 0
	head = "define "
	for (i = 1; i <= n; i++) {
		if (index(ir[i], head) == 1 && index(ir[i], sym "(")) { lo = i; break }
	}
	if (!lo) { hi = -1; return 0 }
	for (hi = lo; hi <= n && ir[hi] != "}"; hi++) ;
	return 1
}

BEGIN {
	src = ARGV[1]
	irfile = ARGV[2]
	n = 0
	# the line table's attachments (docs/runtime.md) are not code: dropped
	while ((getline line < irfile) > 0) { gsub(/, !dbg ![0-9]+/, "", line); ir[++n] = line }
	close(irfile)
	lo = 1; hi = n; after = 0; nchecks = 0; nfail = 0; fname = "the module"; have = 1
	dline = 0
	while ((getline line < src) > 0) {
		dline++
		if (line !~ /^[ \t]*\/\/[ \t]*(FUNC|CHECK|CHECK-NOT|CHECK-COUNT-[0-9]+):/) continue
		sub(/^[ \t]*\/\/[ \t]*/, "", line)
		c = index(line, ":")
		dkind = substr(line, 1, c - 1)
		dpat = substr(line, c + 1)
		sub(/^[ \t]+/, "", dpat)
		sub(/[ \t]+$/, "", dpat)
		if (dkind == "FUNC") {
			fname = dpat; after = 0
			have = select_func(dpat)
			if (!have) fail("no definition of " dpat " in the IR (its checks fail)")
			continue
		}
		nchecks++
		if (!have) { nfail++; continue }
		re = to_regex(dpat)
		if (dkind == "CHECK") {
			for (i = (after ? after + 1 : lo); i <= hi; i++) if (ir[i] ~ re) break
			if (i > hi) fail("not found in " fname (after ? " after " show(after) : ""))
			else after = i
		} else if (dkind == "CHECK-NOT") {
			for (i = lo; i <= hi; i++) if (ir[i] ~ re) break
			if (i <= hi) fail("found in " fname " at " show(i))
		} else {
			want = substr(dkind, 13) + 0
			got = 0
			for (i = lo; i <= hi; i++) if (ir[i] ~ re) got++
			if (got != want) fail(got " lines of " fname " match, expected " want)
		}
	}
	close(src)
	if (nchecks == 0) { print src ": no CHECK directive"; exit 2 }
	exit nfail ? 1 : 0
}
