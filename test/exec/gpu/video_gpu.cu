// test/exec/gpu/video_gpu.cu: runs the video instructions on an NVIDIA GPU
// and dumps inputs and outputs, for test/exec/video_gpu.inc (through
// video_table.py) and for characterising the scalar corner forms and vmad.
// Not part of the test run (ptx2native's users need no GPU).
//   nvcc -arch=sm_90 -o video_gpu test/exec/gpu/video_gpu.cu
//   ./video_gpu video.bin probe.bin
//   python3 test/exec/gpu/video_table.py video.bin > test/exec/video_gpu.inc
// video.bin: a[N], b[N], c[N], then o[k * N + i] for the 40 forms k of
// test/exec/video.cu; probe.bin the same for the NP forms of probe() below.
// The committed video_gpu.inc comes from a dump of this layout made on an
// H100 with CUDA 13 by the helper that wrote video.cu (its host program
// was not kept; its inputs were 22 x 22 corner words, then random ones).
// This program was written after that, in a task without a GPU: it
// compiles (CUDA 13) but has not been run yet.
#include <cstdint>
#include <cstdio>

#include "../video.cu"

#define F3(ins, ds, as, bs)                                                                        \
    asm(ins " %0" ds ", %1" as ", %2" bs ";" : "=r"(r) : "r"(x), "r"(y));                          \
    o[k++ * n + i] = r;
#define F4(ins, ds, as, bs)                                                                        \
    asm(ins " %0" ds ", %1" as ", %2" bs ", %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));              \
    o[k++ * n + i] = r;
#define M(ins, args)                                                                               \
    asm(ins " %0, " args ";" : "=r"(r) : "r"(x), "r"(y), "r"(z));                                  \
    o[k++ * n + i] = r;
#define NP 52

/* The scalar corner forms, generalised, and vmad (test/exec/vmad.cu has
 * the forms the test runs). */
__global__ void
probe(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x, n = gridDim.x * blockDim.x, k = 0;
    unsigned x = a[i], y = b[i], z = c[i], r;
    /* A: .sat on the word */
    F3("vadd.u32.u32.u32.sat", "", "", "")     // 0
    F3("vsub.u32.u32.u32.sat", "", "", "")     // 1
    F3("vadd.u32.s32.s32.sat", "", "", "")     // 2
    F3("vsub.u32.s32.s32.sat", "", "", "")     // 3
    F3("vadd.s32.u32.u32.sat", "", "", "")     // 4
    F4("vadd.u32.u32.u32.sat.add", "", "", "") // 5
    F3("vabsdiff.u32.s32.s32.sat", "", "", "") // 6
    F3("vadd.s32.s32.s32.sat", "", "", "")     // 7
    /* B: .sat into a .dsel field */
    F4("vsub.s32.s32.s32.sat", ".b0", "", "") // 8
    F4("vsub.s32.s32.s32.sat", ".b1", "", "") // 9
    F4("vsub.s32.s32.s32.sat", ".h0", "", "") // 10
    F4("vsub.s32.s32.s32.sat", ".h1", "", "") // 11
    F4("vsub.u32.s32.s32.sat", ".b0", "", "") // 12
    F4("vsub.u32.s32.s32.sat", ".h0", "", "") // 13
    F4("vadd.u32.u32.u32.sat", ".b2", "", "") // 14
    F4("vadd.s32.u32.u32.sat", ".h0", "", "") // 15
    /* C: merges without .sat */
    F4("vsub.u32.u32.u32", ".h1", "", "")       // 16
    F4("vsub.u32.u32.u32", ".h0", "", "")       // 17
    F4("vsub.s32.s32.s32", ".h1", "", "")       // 18
    F4("vsub.u32.u32.u32", ".b3", "", "")       // 19
    F4("vadd.s32.s32.s32", ".b1", "", "")       // 20
    F4("vmax.s32.s32.s32", ".h1", ".h0", ".b1") // 21
    /* D: shifts with .sat */
    unsigned yy = y;
    y &= 63;
    F3("vshl.s32.s32.u32.sat.clamp", "", "", "")    // 22
    F3("vshl.s32.s32.u32.sat.wrap", "", "", "")     // 23
    F3("vshl.u32.u32.u32.sat.clamp", "", "", "")    // 24
    F3("vshl.u32.s32.u32.sat.clamp", "", "", "")    // 25
    F3("vshl.s32.u32.u32.sat.clamp", "", "", "")    // 26
    F3("vshr.s32.s32.u32.sat.clamp", "", "", "")    // 27
    F3("vshl.s32.s32.u32.clamp", "", "", "")        // 28
    F3("vshl.s32.s32.u32.sat.clamp", "", ".h0", "") // 29
    F4("vshl.s32.s32.u32.sat.clamp", ".h0", "", "") // 30
    F3("vshr.u32.u32.u32.sat.wrap", "", "", "")     // 31
    y = yy;
    /* E: vmad */
    M("vmad.u32.u32.u32", "%1, %2, %3")                   // 32
    M("vmad.s32.s32.s32", "%1, %2, %3")                   // 33
    M("vmad.s32.u32.u32", "-%1, %2, %3")                  // 34
    M("vmad.s32.u32.u32", "%1, %2, -%3")                  // 35
    M("vmad.s32.s32.s32", "%1, -%2, %3")                  // 36
    M("vmad.s32.s32.s32", "-%1, -%2, %3")                 // 37
    M("vmad.u32.u32.u32.po", "%1, %2, %3")                // 38
    M("vmad.s32.s32.s32.sat", "%1, %2, %3")               // 39
    M("vmad.u32.u32.u32.sat", "%1, %2, %3")               // 40
    M("vmad.s32.u32.s32.shr7", "%1.b0, %2.h1, %3")        // 41
    M("vmad.u32.u32.u32.sat.shr15", "%1.h0, %2.h0, %3")   // 42
    M("vmad.s32.s32.s32.sat.shr15", "%1.h1, %2.h0, -%3")  // 43
    M("vmad.u32.u32.u32.sat", "%1, %2, -%3")              // 44
    M("vmad.s32.s32.s32.po.sat.shr7", "%1.b1, %2.b2, %3") // 45
    M("vmad.u32.s32.u32.sat", "%1.h0, %2, %3")            // 46
    M("vmad.u32.u32.u32", "-%1, %2, %3")                  // 47
    M("vmad.u32.s32.s32.shr15", "%1, %2, %3")             // 48
    M("vmad.s32.u32.u32.sat", "-%1, %2, %3")              // 49
    M("vmad.u32.u32.u32.shr7", "%1, %2, %3")              // 50
    M("vmad.s32.s32.u32.sat", "%1.b3, %2.h1, -%3")        // 51
}

enum { N = 4096 };
static uint32_t s = 12345;
static uint32_t
lcg(void)
{
    s = s * 1664525u + 1013904223u;
    return s ^ (s >> 16) * 0x9e3779b9u;
}

static int
run(void (*kern)(const unsigned *, const unsigned *, const unsigned *, unsigned *), int nf,
    const uint32_t *a, const uint32_t *b, const uint32_t *c, const char *path)
{
    static uint32_t o[NP * N];
    unsigned *d[4];
    for (int j = 0; j < 3; j++)
        cudaMalloc(&d[j], N * 4);
    cudaMalloc(&d[3], (size_t)nf * N * 4);
    cudaMemcpy(d[0], a, N * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(d[1], b, N * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(d[2], c, N * 4, cudaMemcpyHostToDevice);
    kern<<<N / 128, 128>>>(d[0], d[1], d[2], d[3]);
    cudaError_t e = cudaMemcpy(o, d[3], (size_t)nf * N * 4, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        fprintf(stderr, "video_gpu: %s\n", cudaGetErrorString(e));
        return 1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) return 1;
    fwrite(a, 4, N, f), fwrite(b, 4, N, f), fwrite(c, 4, N, f), fwrite(o, 4, (size_t)nf * N, f);
    return fclose(f) != 0;
}

int
main(int argc, char **argv)
{
    static const uint32_t cn[] = {
        0,          1,          0x7f,       0x80,       0xff,       0x7fff,    0x8000, 0xffff,
        0x7fffffff, 0x80000000, 0xffffffff, 0x1ff80fe,  0xfffe0002, 0x20,      0x1f,   0x21,
        0x3f,       0x40,       0x7f7f7f7f, 0x80808080, 0x7fff8000, 0x80007fff};
    const int nc = sizeof cn / sizeof cn[0];
    static uint32_t a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        a[i] = i < nc * nc ? cn[i % nc] : lcg();
        b[i] = i < nc * nc ? cn[i / nc] : lcg();
        c[i] = lcg();
        if (i >= nc * nc && i % 5 == 0) a[i] &= 0x800000ff;
        if (i >= nc * nc && i % 5 == 1)
            b[i] = (b[i] & 0x3f) | (b[i] & 0x80000000); /* shift counts */
    }
    if (argc != 3) {
        fprintf(stderr, "usage: video_gpu VIDEO.bin PROBE.bin\n");
        return 2;
    }
    if (run(video, NF, a, b, c, argv[1]) || run(probe, NP, a, b, c, argv[2])) return 1;
    printf("video_gpu: %d video forms, %d probe forms, %d inputs\n", NF, NP, N);
    return 0;
}
