#!/usr/bin/env python3
"""video_table.py DUMP > test/exec/video_gpu.inc

DUMP: a[N], b[N], c[N], o[k * N + i] (uint32, little-endian) from a GPU run
of test/exec/video.cu's kernel (video_gpu.cu writes one; N = 4096, 22 x 22
corner words first).  Keeps 192 rows: 12 x 12 of the corner words, then
every 75th random row, each a, b, c and the 40 outputs."""
import struct
import sys

N, NF, NC = 4096, 40, 22
d = open(sys.argv[1], "rb").read()
w = struct.unpack("<%dI" % (len(d) // 4), d)
A, B, C, O = w[0:N], w[N:2 * N], w[2 * N:3 * N], w[3 * N:]
sub = [0, 1, 2, 3, 5, 6, 8, 9, 10, 12, 13, 15]
rows = [j * NC + i for j in sub for i in sub] + list(range(NC * NC, N, 75))[:48]
print("/* video_gpu.inc: test/exec/video.cu's kernel run on an NVIDIA H100 with CUDA 13;")
print(" * 192 of its 4096 inputs (12 x 12 corner words, then every 75th random row),")
print(" * written by test/exec/gpu/video_table.py from the dump of that run (see")
print(" * test/exec/gpu/video_gpu.cu).  Each row: a, b, c, then the 40 outputs o[k] of")
print(" * video.cu in its order (k = 0 ... 39).  Do not edit by hand. */")
print("#define GPU_ROWS %d" % len(rows))
print("static const uint32_t gpu_rows[GPU_ROWS][43] = {")
for i in rows:
    vals = ["0x%08x" % v for v in [A[i], B[i], C[i]] + [O[k * N + i] for k in range(NF)]]
    for j in range(0, len(vals), 7):
        pre = "    {" if j == 0 else "     "
        post = "}," if j + 7 >= len(vals) else ","
        print(pre + ", ".join(vals[j:j + 7]) + post)
print("};")
