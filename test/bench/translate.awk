# translate.awk — the translation-time table of `make bench` from lines
# "SHAPE LINES SECONDS PEAK_KB STATUS..." (measure.c's output after the
# shape and its line count).
BEGIN {
	what["straight"] = "straight-line f32 arithmetic, a load or store every 10th line at base + 4×%tid.x + constant"
	what["calls"] = "small .func functions, one call each"
	what["diamonds"] = "divergent if/else diamonds on %tid.x"
	what["array"] = "zero-initialised .global .b8 g[268435456]"
	what["registers"] = ".reg .b32 %r<1000000>, a new register each line"
	what["empty"] = "empty kernels, 4 lines each"
	print "| shape | PTX lines | time | peak memory | goal met (≤ 1 s, ≤ 200 MB per 10,000 lines) |"
	print "|---|---:|---:|---:|---|"
}
{
	status = $5
	for (i = 6; i <= NF; i++)
		status = status " " $i
	if (status == "skipped") {
		printf "| %s | ~%d | not run (the smaller one timed out) | — | no |\n", what[$1], $2
		next
	}
	lines = $2 + 0
	budget = lines < 10000 ? 1 : lines / 10000 # seconds; MB: 200 times it
	time = sprintf("%.2f s", $3)
	mem = sprintf("%.0f MB", $4 / 1000)
	if (status == "timeout") {
		time = "timeout (> " limit " s)"
		mem = "≥ " mem
	} else if (status != "ok") {
		time = "failed (" status "; address space limit " memlimit " MiB)"
	}
	met = status == "ok" && $3 <= budget && $4 / 1000 <= 200 * budget ? "yes" : "no"
	printf "| %s | %d | %s | %s | %s |\n", what[$1], lines, time, mem, met
}
