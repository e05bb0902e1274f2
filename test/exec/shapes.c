/* shapes.c — reference for shapes.cu, written from the CUDA semantics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx2native.h"

static int failed;
static p2n_module *mod;
static unsigned seed = 99;

static unsigned
lcg(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/shapes/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static int
run(const char *k, p2n_dim3 g, p2n_dim3 b, size_t dyn, void **p, const char *name)
{
    p2n_result r = p2n_launch(mod, k, g, b, dyn, p);
    if (r != P2N_SUCCESS)
        report(name, 0, p2n_error_message());
    return r == P2N_SUCCESS;
}

static int
ints_equal(const int *got, const int *want, int n, char *d)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            sprintf(d, "[%d] = %d, expected %d", i, got[i], want[i]);
            return 0;
        }
    return 1;
}

static void
partial_warps(void)
{
    static const unsigned sizes[] = {1, 31, 33, 50, 1000};
    for (int s = 0; s < 5; s++) {
        unsigned bs = sizes[s];
        int n = (int)(3 * bs - 7 > 0 ? 3 * bs - 7 : 1);
        float *x = malloc(sizeof *x * (size_t)(3 * bs)), *y = malloc(sizeof *y * (size_t)(3 * bs + 8));
        for (unsigned i = 0; i < 3 * bs + 8; i++)
            y[i] = -5.0f;
        for (unsigned i = 0; i < 3 * bs; i++)
            x[i] = (float)i;
        float a = 2.0f;
        void *p[] = {&x, &y, &a, &n};
        char name[64], d[128] = "";
        snprintf(name, sizeof name, "partial_warps_block_%u", bs);
        if (run("scale", (p2n_dim3){3, 1, 1}, (p2n_dim3){bs, 1, 1}, 0, p, name)) {
            int ok = 1;
            for (unsigned i = 0; ok && i < 3 * bs + 8; i++) {
                float want = (int)i < n ? 2.0f * i + 1.0f : -5.0f; /* lanes past n store nothing */
                if (y[i] != want) {
                    ok = 0;
                    snprintf(d, sizeof d, "y[%u] = %g, expected %g", i, (double)y[i], (double)want);
                }
            }
            report(name, ok, d);
        }
        free(x), free(y);
    }
}

static void
grid3d(void)
{
    p2n_dim3 g = {3, 2, 2}, b = {4, 3, 5};
    int w = 12, h = 6, dz = 10, *o = calloc((size_t)(w * h * dz), sizeof *o), *want = malloc(sizeof *want * (size_t)(w * h * dz));
    for (int z = 0; z < dz; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                want[(z * h + y) * w + x] = x + 100 * y + 10000 * z;
    void *p[] = {&o};
    char d[128] = "";
    if (run("grid3d", g, b, 0, p, "grid3d_block3d"))
        report("grid3d_block3d", ints_equal(o, want, w * h * dz, d), d);
    free(o), free(want);
}

static void
dynamic_shared(void)
{
    int o[4 * 96], want[4 * 96], *po = o;
    for (int c = 0; c < 4; c++)
        for (int t = 0; t < 96; t++)
            want[c * 96 + t] = (95 - t) * 3;
    void *p[] = {&po};
    char d[128] = "";
    if (run("reverse", (p2n_dim3){4, 1, 1}, (p2n_dim3){96, 1, 1}, 96 * sizeof(int), p, "dynamic_shared"))
        report("dynamic_shared", ints_equal(o, want, 4 * 96, d), d);
}

static void
local_array(void)
{
    int in[64], o[64], want[64], *pi = in, *po = o, n = 5;
    for (int t = 0; t < 64; t++) {
        in[t] = (int)lcg();
        int i1 = (t * 7) % 64, i2 = in[t] & 63;
        want[t] = (i1 * n + t) + (i2 * n + t);
    }
    void *p[] = {&pi, &po, &n};
    char d[128] = "";
    if (run("local_array", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p, "local_array_varying_index"))
        report("local_array_varying_index", ints_equal(o, want, 64, d), d);
}

static void
matmul(void)
{
    int n = 64;
    float *a = malloc(sizeof *a * (size_t)(n * n)), *b = malloc(sizeof *b * (size_t)(n * n)), *c = malloc(sizeof *c * (size_t)(n * n));
    for (int i = 0; i < n * n; i++)
        a[i] = (float)(lcg() % 9) - 4.0f, b[i] = (float)(lcg() % 7) - 3.0f; /* small integers: sums exact */
    void *p[] = {&n, &a, &b, &c};
    char d[128] = "";
    if (run("matmul", (p2n_dim3){4, 4, 1}, (p2n_dim3){16, 16, 1}, 0, p, "tiled_matmul_barriers")) {
        int ok = 1;
        for (int i = 0; ok && i < n; i++)
            for (int j = 0; ok && j < n; j++) {
                float s = 0;
                for (int k = 0; k < n; k++)
                    s += a[i * n + k] * b[k * n + j];
                if (c[i * n + j] != s) {
                    ok = 0;
                    snprintf(d, sizeof d, "c[%d][%d] = %g, expected %g", i, j, (double)c[i * n + j], (double)s);
                }
            }
        report("tiled_matmul_barriers", ok, d);
    }
    free(a), free(b), free(c);
}

static void
block_sum(void)
{
    int n = 1000, in[1000], out[4], *pi = in, *po = out, want[4] = {0};
    for (int i = 0; i < n; i++)
        in[i] = (int)(lcg() % 1000), want[i / 256] += in[i];
    void *p[] = {&pi, &po, &n};
    char d[128] = "";
    if (run("block_sum", (p2n_dim3){4, 1, 1}, (p2n_dim3){256, 1, 1}, 0, p, "block_reduction_barrier_loop"))
        report("block_reduction_barrier_loop", ints_equal(out, want, 4, d), d);
}

static void
early_exit(void)
{
    int o[128], want[128], *po = o, limit = 77;
    for (int t = 0; t < 128; t++)
        o[t] = -9, want[t] = t < limit ? ((t + 1) % limit) * ((t + 1) % limit) : -9;
    void *p[] = {&po, &limit};
    char d[128] = "";
    if (run("early_exit", (p2n_dim3){1, 1, 1}, (p2n_dim3){128, 1, 1}, 0, p, "early_exit_before_barrier"))
        report("early_exit_before_barrier", ints_equal(o, want, 128, d), d);
}

static void
warp_ops(void)
{
    int in[64], o[8 * 64], want[8 * 64], *pi = in, *po = o;
    for (int t = 0; t < 64; t++)
        in[t] = (int)(lcg() % 200) + 1;
    in[40] = 77;
    for (int w = 0; w < 2; w++) {
        unsigned ballot = 0;
        int all = 1, any = 0;
        for (int l = 0; l < 32; l++) {
            int v = in[32 * w + l];
            ballot |= (unsigned)(v & 1) << l;
            all &= v > 0;
            any |= v == 77;
        }
        for (int l = 0; l < 32; l++) {
            int *r = &want[8 * (32 * w + l)];
            const int *v = &in[32 * w];
            r[0] = v[5];
            r[1] = l >= 3 ? v[l - 3] : v[l];
            r[2] = (l % 8) + 2 < 8 ? v[l + 2] : v[l]; /* width 8 segments */
            r[3] = v[l ^ 6];
            r[4] = (int)ballot;
            r[5] = all;
            r[6] = any;
            r[7] = -1;
        }
    }
    void *p[] = {&pi, &po};
    char d[128] = "";
    if (run("warp_ops", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p, "shfl_vote"))
        report("shfl_vote", ints_equal(o, want, 8 * 64, d), d);
}

static void
atomics(void)
{
    int n = 5000, *in = malloc(sizeof *in * (size_t)n), mx = -1, wmx = -1;
    unsigned hist[16] = {0}, want[16] = {0}, *ph = hist;
    for (int i = 0; i < n; i++) {
        in[i] = (int)(lcg() % 100000);
        want[in[i] & 15]++;
        wmx = in[i] > wmx ? in[i] : wmx;
    }
    int *pm = &mx;
    void *p[] = {&in, &ph, &pm, &n};
    char d[128] = "";
    if (run("atomics", (p2n_dim3){(unsigned)(n + 127) / 128, 1, 1}, (p2n_dim3){128, 1, 1}, 0, p, "atomic_histogram_max")) {
        int ok = mx == wmx && memcmp(hist, want, sizeof hist) == 0;
        snprintf(d, sizeof d, "max %d (expected %d), hist[0] %u (expected %u)", mx, wmx, hist[0], want[0]);
        report("atomic_histogram_max", ok, d);
    }
    free(in);
}

int
main(int argc, char **argv)
{
    if (argc < 2 || p2n_module_load(&mod, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/shapes/load: %s\n", p2n_error_message());
        return 1;
    }
    partial_warps();
    grid3d();
    dynamic_shared();
    local_array();
    matmul();
    block_sum();
    early_exit();
    warp_ops();
    atomics();
    p2n_module_unload(mod);
    return failed;
}
#if 0 // test-file shapes.cu
// Launch shapes and memory: partial warps, 2D and 3D blocks and grids,
// dynamic shared memory, local arrays with a varying index, a tiled matrix
// multiply and a block reduction with barriers in loops, early exit, warp
// shuffles and votes, atomics.  Reference: shapes.c.
extern "C" __global__ void scale(const float *x, float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + 1.0f;
}

extern "C" __global__ void grid3d(int *o)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
    o[(z * h + y) * w + x] = x + 100 * y + 10000 * z;
}

extern "C" __global__ void reverse(int *o)
{
    extern __shared__ int sh[];
    sh[threadIdx.x] = threadIdx.x * 3;
    __syncthreads();
    o[blockIdx.x * blockDim.x + threadIdx.x] = sh[blockDim.x - 1 - threadIdx.x];
}

extern "C" __global__ void local_array(const int *in, int *o, int n)
{
    int arr[64];
    for (int k = 0; k < 64; k++)
        arr[k] = k * n + threadIdx.x;
    o[threadIdx.x] = arr[(threadIdx.x * 7) % 64] + arr[in[threadIdx.x] & 63];
}

#define TILE 16
extern "C" __global__ void matmul(int n, const float *a, const float *b, float *c)
{
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = acc;
}

extern "C" __global__ void block_sum(const int *in, int *out, int n)
{
    __shared__ int s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (t < w)
            s[t] += s[t + w];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

extern "C" __global__ void early_exit(int *o, int limit)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = t * t;
    if (t >= limit)
        return;
    __syncthreads();
    o[t] = s[(t + 1) % limit];
}

extern "C" __global__ void warp_ops(const int *in, int *o)
{
    int t = threadIdx.x, v = in[t];
    unsigned all = 0xffffffffu;
    o[8 * t + 0] = __shfl_sync(all, v, 5);
    o[8 * t + 1] = __shfl_up_sync(all, v, 3);
    o[8 * t + 2] = __shfl_down_sync(all, v, 2, 8);
    o[8 * t + 3] = __shfl_xor_sync(all, v, 6);
    o[8 * t + 4] = (int)__ballot_sync(all, v & 1);
    o[8 * t + 5] = __all_sync(all, v > 0);
    o[8 * t + 6] = __any_sync(all, v == 77);
    o[8 * t + 7] = (int)__activemask();
}

extern "C" __global__ void atomics(const int *in, unsigned *hist, int *mx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&hist[in[i] & 15], 1u);
        atomicMax(mx, in[i]);
    }
}
#endif // end of shapes.cu
#if 0 // test-file shapes.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_75
.address_size 64

	// .globl	scale
// _ZZ6matmulE2ta has been demoted
// _ZZ6matmulE2tb has been demoted
// _ZZ9block_sumE1s has been demoted
// _ZZ10early_exitE1s has been demoted
.extern .shared .align 16 .b8 sh[];

.visible .entry scale(
	.param .u64 scale_param_0,
	.param .u64 scale_param_1,
	.param .f32 scale_param_2,
	.param .u32 scale_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<8>;


	ld.param.u64 	%rd1, [scale_param_0];
	ld.param.u64 	%rd2, [scale_param_1];
	ld.param.f32 	%f1, [scale_param_2];
	ld.param.u32 	%r2, [scale_param_3];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.f32 	%f2, [%rd5];
	fma.rn.f32 	%f3, %f2, %f1, 0f3F800000;
	cvta.to.global.u64 	%rd6, %rd2;
	add.s64 	%rd7, %rd6, %rd4;
	st.global.f32 	[%rd7], %f3;

$L__BB0_2:
	ret;

}
	// .globl	grid3d
.visible .entry grid3d(
	.param .u64 grid3d_param_0
)
{
	.reg .b32 	%r<21>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [grid3d_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r1, %r2, %r3;
	mov.u32 	%r5, %ctaid.y;
	mov.u32 	%r6, %ntid.y;
	mov.u32 	%r7, %tid.y;
	mad.lo.s32 	%r8, %r5, %r6, %r7;
	mov.u32 	%r9, %ctaid.z;
	mov.u32 	%r10, %ntid.z;
	mov.u32 	%r11, %tid.z;
	mad.lo.s32 	%r12, %r9, %r10, %r11;
	mov.u32 	%r13, %nctaid.x;
	mul.lo.s32 	%r14, %r13, %r2;
	mov.u32 	%r15, %nctaid.y;
	mul.lo.s32 	%r16, %r15, %r6;
	mad.lo.s32 	%r17, %r8, 100, %r4;
	mad.lo.s32 	%r18, %r12, 10000, %r17;
	mad.lo.s32 	%r19, %r16, %r12, %r8;
	mad.lo.s32 	%r20, %r14, %r19, %r4;
	mul.wide.s32 	%rd3, %r20, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r18;
	ret;

}
	// .globl	reverse
.visible .entry reverse(
	.param .u64 reverse_param_0
)
{
	.reg .b32 	%r<14>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [reverse_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	mul.lo.s32 	%r2, %r1, 3;
	shl.b32 	%r3, %r1, 2;
	mov.u32 	%r4, sh;
	add.s32 	%r5, %r4, %r3;
	st.shared.u32 	[%r5], %r2;
	bar.sync 	0;
	mov.u32 	%r6, %ntid.x;
	not.b32 	%r7, %r1;
	add.s32 	%r8, %r6, %r7;
	shl.b32 	%r9, %r8, 2;
	add.s32 	%r10, %r4, %r9;
	ld.shared.u32 	%r11, [%r10];
	mov.u32 	%r12, %ctaid.x;
	mad.lo.s32 	%r13, %r12, %r6, %r1;
	mul.wide.u32 	%rd3, %r13, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r11;
	ret;

}
	// .globl	local_array
.visible .entry local_array(
	.param .u64 local_array_param_0,
	.param .u64 local_array_param_1,
	.param .u32 local_array_param_2
)
{
	.local .align 16 .b8 	__local_depot3[256];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;
	.reg .b32 	%r<70>;
	.reg .b64 	%rd<17>;


	mov.u64 	%SPL, __local_depot3;
	ld.param.u64 	%rd1, [local_array_param_0];
	ld.param.u64 	%rd2, [local_array_param_1];
	ld.param.u32 	%r1, [local_array_param_2];
	add.u64 	%rd4, %SPL, 0;
	cvta.to.global.u64 	%rd5, %rd2;
	mov.u32 	%r2, %tid.x;
	add.s32 	%r3, %r2, %r1;
	add.s32 	%r4, %r3, %r1;
	add.s32 	%r5, %r4, %r1;
	st.local.v4.u32 	[%rd4], {%r2, %r3, %r4, %r5};
	add.s32 	%r6, %r5, %r1;
	add.s32 	%r7, %r6, %r1;
	add.s32 	%r8, %r7, %r1;
	add.s32 	%r9, %r8, %r1;
	st.local.v4.u32 	[%rd4+16], {%r6, %r7, %r8, %r9};
	add.s32 	%r10, %r9, %r1;
	add.s32 	%r11, %r10, %r1;
	add.s32 	%r12, %r11, %r1;
	add.s32 	%r13, %r12, %r1;
	st.local.v4.u32 	[%rd4+32], {%r10, %r11, %r12, %r13};
	add.s32 	%r14, %r13, %r1;
	add.s32 	%r15, %r14, %r1;
	add.s32 	%r16, %r15, %r1;
	add.s32 	%r17, %r16, %r1;
	st.local.v4.u32 	[%rd4+48], {%r14, %r15, %r16, %r17};
	add.s32 	%r18, %r17, %r1;
	add.s32 	%r19, %r18, %r1;
	add.s32 	%r20, %r19, %r1;
	add.s32 	%r21, %r20, %r1;
	st.local.v4.u32 	[%rd4+64], {%r18, %r19, %r20, %r21};
	add.s32 	%r22, %r21, %r1;
	add.s32 	%r23, %r22, %r1;
	add.s32 	%r24, %r23, %r1;
	add.s32 	%r25, %r24, %r1;
	st.local.v4.u32 	[%rd4+80], {%r22, %r23, %r24, %r25};
	add.s32 	%r26, %r25, %r1;
	add.s32 	%r27, %r26, %r1;
	add.s32 	%r28, %r27, %r1;
	add.s32 	%r29, %r28, %r1;
	st.local.v4.u32 	[%rd4+96], {%r26, %r27, %r28, %r29};
	add.s32 	%r30, %r29, %r1;
	add.s32 	%r31, %r30, %r1;
	add.s32 	%r32, %r31, %r1;
	add.s32 	%r33, %r32, %r1;
	st.local.v4.u32 	[%rd4+112], {%r30, %r31, %r32, %r33};
	add.s32 	%r34, %r33, %r1;
	add.s32 	%r35, %r34, %r1;
	add.s32 	%r36, %r35, %r1;
	add.s32 	%r37, %r36, %r1;
	st.local.v4.u32 	[%rd4+128], {%r34, %r35, %r36, %r37};
	add.s32 	%r38, %r37, %r1;
	add.s32 	%r39, %r38, %r1;
	add.s32 	%r40, %r39, %r1;
	add.s32 	%r41, %r40, %r1;
	st.local.v4.u32 	[%rd4+144], {%r38, %r39, %r40, %r41};
	add.s32 	%r42, %r41, %r1;
	add.s32 	%r43, %r42, %r1;
	add.s32 	%r44, %r43, %r1;
	add.s32 	%r45, %r44, %r1;
	st.local.v4.u32 	[%rd4+160], {%r42, %r43, %r44, %r45};
	add.s32 	%r46, %r45, %r1;
	add.s32 	%r47, %r46, %r1;
	add.s32 	%r48, %r47, %r1;
	add.s32 	%r49, %r48, %r1;
	st.local.v4.u32 	[%rd4+176], {%r46, %r47, %r48, %r49};
	add.s32 	%r50, %r49, %r1;
	add.s32 	%r51, %r50, %r1;
	add.s32 	%r52, %r51, %r1;
	add.s32 	%r53, %r52, %r1;
	st.local.v4.u32 	[%rd4+192], {%r50, %r51, %r52, %r53};
	add.s32 	%r54, %r53, %r1;
	add.s32 	%r55, %r54, %r1;
	add.s32 	%r56, %r55, %r1;
	add.s32 	%r57, %r56, %r1;
	st.local.v4.u32 	[%rd4+208], {%r54, %r55, %r56, %r57};
	add.s32 	%r58, %r57, %r1;
	add.s32 	%r59, %r58, %r1;
	add.s32 	%r60, %r59, %r1;
	add.s32 	%r61, %r60, %r1;
	st.local.v4.u32 	[%rd4+224], {%r58, %r59, %r60, %r61};
	add.s32 	%r62, %r61, %r1;
	add.s32 	%r63, %r62, %r1;
	add.s32 	%r64, %r63, %r1;
	add.s32 	%r65, %r64, %r1;
	st.local.v4.u32 	[%rd4+240], {%r62, %r63, %r64, %r65};
	cvta.to.global.u64 	%rd6, %rd1;
	mul.lo.s32 	%r66, %r2, 28;
	cvt.u64.u32 	%rd7, %r66;
	and.b64  	%rd8, %rd7, 252;
	add.s64 	%rd9, %rd4, %rd8;
	ld.local.u32 	%r67, [%rd9];
	mul.wide.u32 	%rd10, %r2, 4;
	add.s64 	%rd11, %rd6, %rd10;
	ld.global.u32 	%rd12, [%rd11];
	shl.b64 	%rd13, %rd12, 2;
	and.b64  	%rd14, %rd13, 252;
	add.s64 	%rd15, %rd4, %rd14;
	ld.local.u32 	%r68, [%rd15];
	add.s32 	%r69, %r68, %r67;
	add.s64 	%rd16, %rd5, %rd10;
	st.global.u32 	[%rd16], %r69;
	ret;

}
	// .globl	matmul
.visible .entry matmul(
	.param .u32 matmul_param_0,
	.param .u64 matmul_param_1,
	.param .u64 matmul_param_2,
	.param .u64 matmul_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<57>;
	.reg .b32 	%r<35>;
	.reg .b64 	%rd<13>;
	// demoted variable
	.shared .align 4 .b8 _ZZ6matmulE2ta[1024];
	// demoted variable
	.shared .align 4 .b8 _ZZ6matmulE2tb[1024];

	ld.param.u32 	%r18, [matmul_param_0];
	ld.param.u64 	%rd3, [matmul_param_1];
	ld.param.u64 	%rd4, [matmul_param_2];
	ld.param.u64 	%rd5, [matmul_param_3];
	mov.u32 	%r19, %ctaid.y;
	shl.b32 	%r20, %r19, 4;
	mov.u32 	%r1, %tid.y;
	add.s32 	%r21, %r20, %r1;
	mov.u32 	%r22, %ctaid.x;
	shl.b32 	%r2, %r22, 4;
	mov.u32 	%r3, %tid.x;
	mul.lo.s32 	%r4, %r21, %r18;
	setp.lt.s32 	%p1, %r18, 1;
	mov.f32 	%f56, 0f00000000;
	@%p1 bra 	$L__BB4_3;

	shl.b32 	%r24, %r1, 6;
	mov.u32 	%r25, _ZZ6matmulE2ta;
	add.s32 	%r7, %r25, %r24;
	shl.b32 	%r26, %r3, 2;
	add.s32 	%r5, %r7, %r26;
	mov.u32 	%r27, _ZZ6matmulE2tb;
	add.s32 	%r28, %r27, %r24;
	add.s32 	%r6, %r28, %r26;
	add.s32 	%r8, %r27, %r26;
	mad.lo.s32 	%r29, %r1, %r18, %r3;
	add.s32 	%r33, %r29, %r2;
	shl.b32 	%r10, %r18, 4;
	add.s32 	%r32, %r3, %r4;
	cvta.to.global.u64 	%rd1, %rd3;
	cvta.to.global.u64 	%rd2, %rd4;
	mov.f32 	%f56, 0f00000000;
	mov.u32 	%r34, 0;

$L__BB4_2:
	mul.wide.u32 	%rd6, %r32, 4;
	add.s64 	%rd7, %rd1, %rd6;
	ld.global.f32 	%f6, [%rd7];
	st.shared.f32 	[%r5], %f6;
	mul.wide.u32 	%rd8, %r33, 4;
	add.s64 	%rd9, %rd2, %rd8;
	ld.global.f32 	%f7, [%rd9];
	st.shared.f32 	[%r6], %f7;
	bar.sync 	0;
	ld.shared.f32 	%f8, [%r8];
	ld.shared.f32 	%f9, [%r7];
	fma.rn.f32 	%f10, %f9, %f8, %f56;
	ld.shared.f32 	%f11, [%r8+64];
	ld.shared.f32 	%f12, [%r7+4];
	fma.rn.f32 	%f13, %f12, %f11, %f10;
	ld.shared.f32 	%f14, [%r8+128];
	ld.shared.f32 	%f15, [%r7+8];
	fma.rn.f32 	%f16, %f15, %f14, %f13;
	ld.shared.f32 	%f17, [%r8+192];
	ld.shared.f32 	%f18, [%r7+12];
	fma.rn.f32 	%f19, %f18, %f17, %f16;
	ld.shared.f32 	%f20, [%r8+256];
	ld.shared.f32 	%f21, [%r7+16];
	fma.rn.f32 	%f22, %f21, %f20, %f19;
	ld.shared.f32 	%f23, [%r8+320];
	ld.shared.f32 	%f24, [%r7+20];
	fma.rn.f32 	%f25, %f24, %f23, %f22;
	ld.shared.f32 	%f26, [%r8+384];
	ld.shared.f32 	%f27, [%r7+24];
	fma.rn.f32 	%f28, %f27, %f26, %f25;
	ld.shared.f32 	%f29, [%r8+448];
	ld.shared.f32 	%f30, [%r7+28];
	fma.rn.f32 	%f31, %f30, %f29, %f28;
	ld.shared.f32 	%f32, [%r8+512];
	ld.shared.f32 	%f33, [%r7+32];
	fma.rn.f32 	%f34, %f33, %f32, %f31;
	ld.shared.f32 	%f35, [%r8+576];
	ld.shared.f32 	%f36, [%r7+36];
	fma.rn.f32 	%f37, %f36, %f35, %f34;
	ld.shared.f32 	%f38, [%r8+640];
	ld.shared.f32 	%f39, [%r7+40];
	fma.rn.f32 	%f40, %f39, %f38, %f37;
	ld.shared.f32 	%f41, [%r8+704];
	ld.shared.f32 	%f42, [%r7+44];
	fma.rn.f32 	%f43, %f42, %f41, %f40;
	ld.shared.f32 	%f44, [%r8+768];
	ld.shared.f32 	%f45, [%r7+48];
	fma.rn.f32 	%f46, %f45, %f44, %f43;
	ld.shared.f32 	%f47, [%r8+832];
	ld.shared.f32 	%f48, [%r7+52];
	fma.rn.f32 	%f49, %f48, %f47, %f46;
	ld.shared.f32 	%f50, [%r8+896];
	ld.shared.f32 	%f51, [%r7+56];
	fma.rn.f32 	%f52, %f51, %f50, %f49;
	ld.shared.f32 	%f53, [%r8+960];
	ld.shared.f32 	%f54, [%r7+60];
	fma.rn.f32 	%f56, %f54, %f53, %f52;
	bar.sync 	0;
	add.s32 	%r33, %r33, %r10;
	add.s32 	%r32, %r32, 16;
	add.s32 	%r34, %r34, 16;
	setp.lt.s32 	%p2, %r34, %r18;
	@%p2 bra 	$L__BB4_2;

$L__BB4_3:
	add.s32 	%r30, %r2, %r3;
	add.s32 	%r31, %r4, %r30;
	cvta.to.global.u64 	%rd10, %rd5;
	mul.wide.s32 	%rd11, %r31, 4;
	add.s64 	%rd12, %rd10, %rd11;
	st.global.f32 	[%rd12], %f56;
	ret;

}
	// .globl	block_sum
.visible .entry block_sum(
	.param .u64 block_sum_param_0,
	.param .u64 block_sum_param_1,
	.param .u32 block_sum_param_2
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<23>;
	.reg .b64 	%rd<9>;
	// demoted variable
	.shared .align 4 .b8 _ZZ9block_sumE1s[1024];

	ld.param.u64 	%rd1, [block_sum_param_0];
	ld.param.u64 	%rd2, [block_sum_param_1];
	ld.param.u32 	%r12, [block_sum_param_2];
	mov.u32 	%r1, %ntid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r2, %r1, %r3;
	setp.ge.s32 	%p1, %r4, %r12;
	mov.u32 	%r21, 0;
	@%p1 bra 	$L__BB5_2;

	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.s32 	%rd4, %r4, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.u32 	%r21, [%rd5];

$L__BB5_2:
	shl.b32 	%r13, %r3, 2;
	mov.u32 	%r14, _ZZ9block_sumE1s;
	add.s32 	%r7, %r14, %r13;
	st.shared.u32 	[%r7], %r21;
	bar.sync 	0;
	shr.u32 	%r22, %r1, 1;
	setp.eq.s32 	%p2, %r22, 0;
	@%p2 bra 	$L__BB5_6;

$L__BB5_3:
	setp.ge.s32 	%p3, %r3, %r22;
	@%p3 bra 	$L__BB5_5;

	shl.b32 	%r15, %r22, 2;
	add.s32 	%r16, %r7, %r15;
	ld.shared.u32 	%r17, [%r7];
	ld.shared.u32 	%r18, [%r16];
	add.s32 	%r19, %r17, %r18;
	st.shared.u32 	[%r7], %r19;

$L__BB5_5:
	bar.sync 	0;
	shr.u32 	%r22, %r22, 1;
	setp.ne.s32 	%p4, %r22, 0;
	@%p4 bra 	$L__BB5_3;

$L__BB5_6:
	setp.ne.s32 	%p5, %r3, 0;
	@%p5 bra 	$L__BB5_8;

	ld.shared.u32 	%r20, [_ZZ9block_sumE1s];
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.u32 	%rd7, %r2, 4;
	add.s64 	%rd8, %rd6, %rd7;
	st.global.u32 	[%rd8], %r20;

$L__BB5_8:
	ret;

}
	// .globl	early_exit
.visible .entry early_exit(
	.param .u64 early_exit_param_0,
	.param .u32 early_exit_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<5>;
	// demoted variable
	.shared .align 4 .b8 _ZZ10early_exitE1s[512];

	ld.param.u64 	%rd1, [early_exit_param_0];
	ld.param.u32 	%r2, [early_exit_param_1];
	mov.u32 	%r1, %tid.x;
	mul.lo.s32 	%r3, %r1, %r1;
	shl.b32 	%r4, %r1, 2;
	mov.u32 	%r5, _ZZ10early_exitE1s;
	add.s32 	%r6, %r5, %r4;
	st.shared.u32 	[%r6], %r3;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB6_2;

	cvta.to.global.u64 	%rd2, %rd1;
	bar.sync 	0;
	add.s32 	%r7, %r1, 1;
	rem.s32 	%r8, %r7, %r2;
	shl.b32 	%r9, %r8, 2;
	add.s32 	%r11, %r5, %r9;
	ld.shared.u32 	%r12, [%r11];
	mul.wide.s32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r12;

$L__BB6_2:
	ret;

}
	// .globl	warp_ops
.visible .entry warp_ops(
	.param .u64 warp_ops_param_0,
	.param .u64 warp_ops_param_1
)
{
	.reg .pred 	%p<11>;
	.reg .b32 	%r<23>;
	.reg .b64 	%rd<9>;


	ld.param.u64 	%rd1, [warp_ops_param_0];
	ld.param.u64 	%rd2, [warp_ops_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r2, %tid.x;
	mul.wide.s32 	%rd5, %r2, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%r3, [%rd6];
	mov.u32 	%r4, 0;
	mov.u32 	%r5, 31;
	mov.u32 	%r6, 5;
	mov.u32 	%r7, -1;
	shfl.sync.idx.b32 	%r8|%p1, %r3, %r6, %r5, %r7;
	shl.b32 	%r9, %r2, 3;
	mov.u32 	%r10, 3;
	mul.wide.s32 	%rd7, %r9, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.u32 	[%rd8], %r8;
	shfl.sync.up.b32 	%r11|%p2, %r3, %r10, %r4, %r7;
	st.global.u32 	[%rd8+4], %r11;
	mov.u32 	%r12, 6175;
	mov.u32 	%r13, 2;
	shfl.sync.down.b32 	%r14|%p3, %r3, %r13, %r12, %r7;
	st.global.u32 	[%rd8+8], %r14;
	mov.u32 	%r15, 6;
	shfl.sync.bfly.b32 	%r16|%p4, %r3, %r15, %r5, %r7;
	st.global.u32 	[%rd8+12], %r16;
	and.b32  	%r17, %r3, 1;
	setp.eq.b32 	%p5, %r17, 1;
	vote.sync.ballot.b32 	%r18, %p5, %r7;
	st.global.u32 	[%rd8+16], %r18;
	setp.gt.s32 	%p7, %r3, 0;
	vote.sync.all.pred 	%p8, %p7, %r7;
	selp.u32 	%r20, 1, 0, %p8;
	st.global.u32 	[%rd8+20], %r20;
	setp.eq.s32 	%p9, %r3, 77;
	vote.sync.any.pred 	%p10, %p9, %r7;
	selp.u32 	%r22, 1, 0, %p10;
	st.global.u32 	[%rd8+24], %r22;
	// begin inline asm
	activemask.b32 %r1;
	// end inline asm
	st.global.u32 	[%rd8+28], %r1;
	ret;

}
	// .globl	atomics
.visible .entry atomics(
	.param .u64 atomics_param_0,
	.param .u64 atomics_param_1,
	.param .u64 atomics_param_2,
	.param .u32 atomics_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<9>;
	.reg .b64 	%rd<13>;


	ld.param.u64 	%rd1, [atomics_param_0];
	ld.param.u64 	%rd2, [atomics_param_1];
	ld.param.u64 	%rd3, [atomics_param_2];
	ld.param.u32 	%r2, [atomics_param_3];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB8_2;

	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.u32 	%rd7, [%rd6];
	cvta.to.global.u64 	%rd8, %rd2;
	shl.b64 	%rd9, %rd7, 2;
	and.b64  	%rd10, %rd9, 60;
	add.s64 	%rd11, %rd8, %rd10;
	atom.global.add.u32 	%r6, [%rd11], 1;
	ld.global.u32 	%r7, [%rd6];
	cvta.to.global.u64 	%rd12, %rd3;
	atom.global.max.s32 	%r8, [%rd12], %r7;

$L__BB8_2:
	ret;

}

#endif // end of shapes.ptx
