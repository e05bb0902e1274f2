/* Cube map textures (p2n_texture_desc.cubemap) read by tex.cube and
 * tex.acube.  Directions are built backwards from a face and a position
 * on it, through the CUDA programming guide's "Cubemap Textures" table
 * read in reverse (face 0 (+x): s = -z/m, t = -y/m; face 1 (-x): s = z/m,
 * t = -y/m; face 2 (+y): s = x/m, t = z/m; face 3 (-y): s = x/m,
 * t = -z/m; face 4 (+z): s = x/m, t = -y/m; face 5 (-z): s = -x/m,
 * t = -y/m; the face coordinates are ((s + 1)/2, (t + 1)/2)), so the
 * expected texel comes from the construction, not from a face-selection
 * routine.  Linear filtering is checked against bilinear interpolation
 * with weights rounded to 8 fraction bits (the guide's "Texture
 * Fetching" appendix). */
#include "common.h"

enum { N = 96 };

/* The direction whose major axis is face f's, of length m along it, that
 * lands at face coordinates (u, v) in [0, 1]. */
static void direction(int f, double u, double v, double m, float *x, float *y, float *z)
{
    double s = 2 * u - 1, t = 2 * v - 1, d[3];
    switch (f) {
    case 0: d[0] = m, d[1] = -t * m, d[2] = -s * m; break;
    case 1: d[0] = -m, d[1] = -t * m, d[2] = s * m; break;
    case 2: d[0] = s * m, d[1] = m, d[2] = t * m; break;
    case 3: d[0] = s * m, d[1] = -m, d[2] = -t * m; break;
    case 4: d[0] = s * m, d[1] = -t * m, d[2] = m; break;
    default: d[0] = -s * m, d[1] = -t * m, d[2] = -m; break;
    }
    *x = (float)d[0], *y = (float)d[1], *z = (float)d[2];
}

static const double lengths[] = {1.0, 2.0, 0.5, 3.0, 0.75};

/* Point filtering at every texel centre of every face: the texel itself. */
static void test_faces(void)
{
    enum { W = 4 };
    static float tex[6][W][W][4];
    for (int f = 0; f < 6; f++)
        for (int j = 0; j < W; j++)
            for (int i = 0; i < W; i++)
                for (int c = 0; c < 4; c++) tex[f][j][i][c] = (float)(f * 1000 + j * 100 + i * 10 + c);
    for (int norm = 0; norm < 2; norm++) {
        const char *cas = norm ? "faces_point" : "faces_point_unnormalized_desc";
        p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = W, .layers = 6, .cubemap = 1,
                              .format = P2N_FORMAT_F32, .channels = 4, .normalized_coords = norm,
                              .filter = P2N_FILTER_POINT, .address = {P2N_ADDRESS_CLAMP, P2N_ADDRESS_CLAMP}};
        p2n_texture t;
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/tex_cube/%s: create: %s\n", cas, p2n_error_message()); g_fail = 1; continue; }
        float x[N], y[N], z[N], o[N * 4], e[N * 4];
        for (int k = 0; k < N; k++) {
            int f = k / (W * W), j = k / W % W, i = k % W;
            direction(f, (i + 0.5) / W, (j + 0.5) / W, lengths[k % 5], &x[k], &y[k], &z[k]);
            for (int c = 0; c < 4; c++) e[k * 4 + c] = tex[f][j][i][c];
        }
        float *px = x, *py = y, *pz = z, *po = o;
        void *p[] = {&t, &px, &py, &pz, &po};
        if (launch(cas, "cube", d3(3, 1, 1), d3(32, 1, 1), 0, p)) CHECK_EXACT(cas, o, e, N * 4);
        p2n_tex_destroy(t);
    }
}

static double round9(double a) { return nearbyint((a - floor(a)) * 256.0) / 256.0; }

/* Linear filtering inside the faces (away from their edges, where a
 * non-seamless cube map clamps within the face). */
static void test_linear(void)
{
    enum { W = 8 };
    static float tex[6][W][W];
    for (int f = 0; f < 6; f++)
        for (int j = 0; j < W; j++)
            for (int i = 0; i < W; i++) tex[f][j][i] = (float)(f * 10 + i + 0.5 * j);
    p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = W, .layers = 6, .cubemap = 1,
                          .format = P2N_FORMAT_F32, .channels = 1, .normalized_coords = 1,
                          .filter = P2N_FILTER_LINEAR, .address = {P2N_ADDRESS_CLAMP, P2N_ADDRESS_CLAMP}};
    p2n_texture t;
    if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/tex_cube/linear: create: %s\n", p2n_error_message()); g_fail = 1; return; }
    float x[N], y[N], z[N], o[N];
    double e[N];
    for (int k = 0; k < N; k++) {
        int f = k % 6;
        double u = 0.2 + 0.6 * (lcg() % 1000) / 1000.0, v = 0.2 + 0.6 * (lcg() % 1000) / 1000.0;
        direction(f, u, v, lengths[k % 5], &x[k], &y[k], &z[k]);
        double bx = u * W - 0.5, by = v * W - 0.5, a = round9(bx), b = round9(by);
        int i = (int)floor(bx), j = (int)floor(by);
        e[k] = (1 - a) * (1 - b) * tex[f][j][i] + a * (1 - b) * tex[f][j][i + 1] + (1 - a) * b * tex[f][j + 1][i] +
               a * b * tex[f][j + 1][i + 1];
    }
    float *px = x, *py = y, *pz = z, *po = o;
    void *p[] = {&t, &px, &py, &pz, &po};
    if (launch("linear", "cube1", d3(3, 1, 1), d3(32, 1, 1), 0, p)) {
        /* Neighbouring texels differ by at most 1; the direction's float
         * rounding may move a weight across a rounding step of 1/256 in
         * each dimension: 2/256 at most. */
        int nb = 0;
        char m[200] = "";
        for (int k = 0; k < N; k++)
            if (!(fabs(o[k] - e[k]) <= 2.0 / 256)) {
                if (!nb++) snprintf(m, sizeof m, "[%d] got %.9g expected %.9g", k, o[k], e[k]);
            }
        report("linear", nb, m);
    }
    p2n_tex_destroy(t);
}

/* Two cubes (12 layers), tex.acube with cube index 0 or 1. */
static void test_layered(void)
{
    enum { W = 2 };
    static float tex[2][6][W][W][4];
    for (int l = 0; l < 2; l++)
        for (int f = 0; f < 6; f++)
            for (int j = 0; j < W; j++)
                for (int i = 0; i < W; i++)
                    for (int c = 0; c < 4; c++) tex[l][f][j][i][c] = (float)(l * 10000 + f * 1000 + j * 100 + i * 10 + c);
    p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = W, .layers = 12, .cubemap = 1,
                          .format = P2N_FORMAT_F32, .channels = 4, .normalized_coords = 1,
                          .filter = P2N_FILTER_POINT, .address = {P2N_ADDRESS_WRAP, P2N_ADDRESS_WRAP}};
    p2n_texture t;
    if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/tex_cube/layered: create: %s\n", p2n_error_message()); g_fail = 1; return; }
    float x[N], y[N], z[N], o[N * 4], e[N * 4];
    int32_t ly[N];
    for (int k = 0; k < N; k++) {
        int l = (k / 3) % 2, f = k % 6, j = (k / 12) % W, i = (k / 24) % W;
        ly[k] = l;
        direction(f, (i + 0.5) / W, (j + 0.5) / W, lengths[k % 5], &x[k], &y[k], &z[k]);
        for (int c = 0; c < 4; c++) e[k * 4 + c] = tex[l][f][j][i][c];
    }
    float *px = x, *py = y, *pz = z, *po = o;
    int32_t *pl = ly;
    void *p[] = {&t, &px, &py, &pz, &pl, &po};
    if (launch("layered", "acube", d3(3, 1, 1), d3(32, 1, 1), 0, p)) CHECK_EXACT("layered", o, e, N * 4);
    p2n_tex_destroy(t);
}

static void test_create_checks(void)
{
    float buf[6 * 4 * 4 * 2];
    p2n_texture t;
    p2n_texture_desc d = {.data = buf, .dims = 2, .width = 4, .height = 2, .layers = 6, .cubemap = 1,
                          .format = P2N_FORMAT_F32, .channels = 1};
    p2n_result r1 = p2n_tex_create(&t, &d); /* not square */
    d.height = 4;
    d.layers = 7;
    p2n_result r2 = p2n_tex_create(&t, &d); /* not whole cubes */
    d.layers = 6;
    d.dims = 3;
    p2n_result r3 = p2n_tex_create(&t, &d); /* not 2D */
    if (r1 != P2N_ERROR_INVALID_VALUE || r2 != P2N_ERROR_INVALID_VALUE || r3 != P2N_ERROR_INVALID_VALUE) {
        printf("FAIL exec/tex_cube/create_checks: %d %d %d\n", (int)r1, (int)r2, (int)r3);
        g_fail = 1;
    } else
        printf("PASS exec/tex_cube/create_checks\n");
}

int main(int argc, char **argv)
{
    setup(argc, argv, "tex_cube");
    test_faces();
    test_linear();
    test_layered();
    test_create_checks();
    return finish();
}
#if 0 // test-file tex_cube.cu
// nvcc-flags: -arch=sm_80
// Cube map textures: texCubemap (tex.cube) and texCubemapLayered
// (tex.acube); test/exec/tex_cube.c creates the objects and checks results.
extern "C" __global__ void cube(cudaTextureObject_t t, const float *x, const float *y, const float *z, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = texCubemap<float4>(t, x[i], y[i], z[i]);
}
extern "C" __global__ void cube1(cudaTextureObject_t t, const float *x, const float *y, const float *z, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = texCubemap<float>(t, x[i], y[i], z[i]);
}
extern "C" __global__ void acube(cudaTextureObject_t t, const float *x, const float *y, const float *z, const int *l,
                                 float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = texCubemapLayered<float4>(t, x[i], y[i], z[i], l[i]);
}
#endif // end of tex_cube.cu
#if 0 // test-file tex_cube.ptx
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_80
.address_size 64

	// .globl	cube

.visible .entry cube(
	.param .u64 cube_param_0,
	.param .u64 cube_param_1,
	.param .u64 cube_param_2,
	.param .u64 cube_param_3,
	.param .u64 cube_param_4
)
{
	.reg .f32 	%f<8>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<16>;


	ld.param.u64 	%rd1, [cube_param_0];
	ld.param.u64 	%rd2, [cube_param_1];
	ld.param.u64 	%rd3, [cube_param_2];
	ld.param.u64 	%rd4, [cube_param_3];
	ld.param.u64 	%rd5, [cube_param_4];
	cvta.to.global.u64 	%rd6, %rd5;
	cvta.to.global.u64 	%rd7, %rd4;
	cvta.to.global.u64 	%rd8, %rd3;
	cvta.to.global.u64 	%rd9, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd10, %r4, 4;
	add.s64 	%rd11, %rd9, %rd10;
	ld.global.f32 	%f1, [%rd11];
	add.s64 	%rd12, %rd8, %rd10;
	ld.global.f32 	%f2, [%rd12];
	add.s64 	%rd13, %rd7, %rd10;
	ld.global.f32 	%f3, [%rd13];
	mul.wide.s32 	%rd14, %r4, 16;
	add.s64 	%rd15, %rd6, %rd14;
	tex.cube.v4.f32.f32 	{%f4, %f5, %f6, %f7}, [%rd1, {%f1, %f2, %f3, %f3}];
	st.global.v4.f32 	[%rd15], {%f4, %f5, %f6, %f7};
	ret;

}
	// .globl	cube1
.visible .entry cube1(
	.param .u64 cube1_param_0,
	.param .u64 cube1_param_1,
	.param .u64 cube1_param_2,
	.param .u64 cube1_param_3,
	.param .u64 cube1_param_4
)
{
	.reg .f32 	%f<8>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<15>;


	ld.param.u64 	%rd1, [cube1_param_0];
	ld.param.u64 	%rd2, [cube1_param_1];
	ld.param.u64 	%rd3, [cube1_param_2];
	ld.param.u64 	%rd4, [cube1_param_3];
	ld.param.u64 	%rd5, [cube1_param_4];
	cvta.to.global.u64 	%rd6, %rd5;
	cvta.to.global.u64 	%rd7, %rd4;
	cvta.to.global.u64 	%rd8, %rd3;
	cvta.to.global.u64 	%rd9, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd10, %r4, 4;
	add.s64 	%rd11, %rd9, %rd10;
	ld.global.f32 	%f1, [%rd11];
	add.s64 	%rd12, %rd8, %rd10;
	ld.global.f32 	%f2, [%rd12];
	add.s64 	%rd13, %rd7, %rd10;
	ld.global.f32 	%f3, [%rd13];
	tex.cube.v4.f32.f32 	{%f4, %f5, %f6, %f7}, [%rd1, {%f1, %f2, %f3, %f3}];
	add.s64 	%rd14, %rd6, %rd10;
	st.global.f32 	[%rd14], %f4;
	ret;

}
	// .globl	acube
.visible .entry acube(
	.param .u64 acube_param_0,
	.param .u64 acube_param_1,
	.param .u64 acube_param_2,
	.param .u64 acube_param_3,
	.param .u64 acube_param_4,
	.param .u64 acube_param_5
)
{
	.reg .f32 	%f<8>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<19>;


	ld.param.u64 	%rd1, [acube_param_0];
	ld.param.u64 	%rd2, [acube_param_1];
	ld.param.u64 	%rd3, [acube_param_2];
	ld.param.u64 	%rd4, [acube_param_3];
	ld.param.u64 	%rd5, [acube_param_4];
	ld.param.u64 	%rd6, [acube_param_5];
	cvta.to.global.u64 	%rd7, %rd6;
	cvta.to.global.u64 	%rd8, %rd5;
	cvta.to.global.u64 	%rd9, %rd4;
	cvta.to.global.u64 	%rd10, %rd3;
	cvta.to.global.u64 	%rd11, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd12, %r4, 4;
	add.s64 	%rd13, %rd11, %rd12;
	ld.global.f32 	%f1, [%rd13];
	add.s64 	%rd14, %rd10, %rd12;
	ld.global.f32 	%f2, [%rd14];
	add.s64 	%rd15, %rd9, %rd12;
	ld.global.f32 	%f3, [%rd15];
	add.s64 	%rd16, %rd8, %rd12;
	ld.global.u32 	%r5, [%rd16];
	mul.wide.s32 	%rd17, %r4, 16;
	add.s64 	%rd18, %rd7, %rd17;
	tex.acube.v4.f32.f32 	{%f4, %f5, %f6, %f7}, [%rd1, {%r5, %f1, %f2, %f3}];
	st.global.v4.f32 	[%rd18], {%f4, %f5, %f6, %f7};
	ret;

}

#endif // end of tex_cube.ptx
