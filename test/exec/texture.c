/* Texture and surface objects made with p2n_tex_create/p2n_surf_create,
 * checked against a reference written from the CUDA programming guide's
 * "Texture Fetching" appendix: addressing (wrap, clamp, mirror, border;
 * wrap and mirror only for normalized coordinates, otherwise clamp),
 * point filtering T[floor(x)], linear filtering between T[i] and T[i+1]
 * at i = floor(x - 0.5) with the weight frac(x - 0.5) rounded to 8
 * fraction bits; out-of-range coordinates in every mode; surfaces with
 * byte x coordinates and .zero/.clamp/.trap. */
#include "common.h"

enum { N = 64 };

/* ------------------------------------------------------------ reference */

/* Texel index after addressing; -1 means the border colour. */
static int ref_index(long i, long n, p2n_address_mode m, int norm)
{
    if (i >= 0 && i < n) return (int)i;
    if (m == P2N_ADDRESS_BORDER) return -1;
    if (norm && m == P2N_ADDRESS_WRAP) { long r = i % n; return (int)(r < 0 ? r + n : r); }
    if (norm && m == P2N_ADDRESS_MIRROR) {
        long period = 2 * n, r = i % period;
        if (r < 0) r += period;
        return (int)(r >= n ? period - 1 - r : r);
    }
    return i < 0 ? 0 : (int)(n - 1);
}

/* The coordinate in texel units (the guide: normalized coordinates are
 * wrapped or mirrored in [0,1) first, then scaled by N). */
static double ref_pos(float x, long n, p2n_address_mode m, int norm)
{
    if (!norm) return x;
    double f = floor((double)x), fr = (double)x - f;
    if (m == P2N_ADDRESS_WRAP) return fr * (double)n;
    if (m == P2N_ADDRESS_MIRROR) return (((long)f & 1) ? 1.0 - fr : fr) * (double)n;
    return (double)x * (double)n;
}

static double ref_alpha(double b) { return nearbyint((b - floor(b)) * 256.0) / 256.0; }

typedef struct {
    const float *data;  /* f32 texels of `ch` channels */
    long w, h, d;       /* d: depth or layers */
    size_t pitch_f;     /* floats a row */
    size_t slice_f;     /* floats a slice or layer */
    int ch, norm, linear;
    p2n_address_mode m[3];
    float border[4];
} RefTex;

static float ref_texel(const RefTex *t, const long *ix, int nd, long layer, int c)
{
    long n[3] = {t->w, t->h, t->d}, at[3] = {0, 0, 0};
    for (int k = 0; k < nd; k++) {
        int j = ref_index(ix[k], n[k], t->m[k], t->norm);
        if (j < 0) return t->border[c];
        at[k] = j;
    }
    if (layer >= 0) at[2] = layer;
    if (c >= t->ch) return c == 3 ? 1.0f : 0.0f;
    return t->data[at[2] * t->slice_f + at[1] * t->pitch_f + at[0] * t->ch + c];
}

static float ref_fetch(const RefTex *t, const float *x, int nd, long layer, int c)
{
    long n[3] = {t->w, t->h, t->d};
    double p[3];
    for (int k = 0; k < nd; k++) p[k] = ref_pos(x[k], n[k], t->m[k], t->norm);
    if (!t->linear) {
        long ix[3];
        for (int k = 0; k < nd; k++) ix[k] = (long)floor(p[k]);
        return ref_texel(t, ix, nd, layer, c);
    }
    long i0[3];
    double a[3];
    for (int k = 0; k < nd; k++) { double b = p[k] - 0.5; i0[k] = (long)floor(b); a[k] = ref_alpha(b); }
    double sum = 0;
    if (nd == 1) {
        long i1 = i0[0] + 1;
        sum = (1 - a[0]) * ref_texel(t, &i0[0], 1, layer, c) + a[0] * ref_texel(t, &i1, 1, layer, c);
    } else if (nd == 2) {
        for (int dy = 0; dy < 2; dy++)
            for (int dx = 0; dx < 2; dx++) {
                long ix[2] = {i0[0] + dx, i0[1] + dy};
                sum += (dx ? a[0] : 1 - a[0]) * (dy ? a[1] : 1 - a[1]) * ref_texel(t, ix, 2, layer, c);
            }
    } else {
        for (int dz = 0; dz < 2; dz++)
            for (int dy = 0; dy < 2; dy++)
                for (int dx = 0; dx < 2; dx++) {
                    long ix[3] = {i0[0] + dx, i0[1] + dy, i0[2] + dz};
                    sum += (dx ? a[0] : 1 - a[0]) * (dy ? a[1] : 1 - a[1]) * (dz ? a[2] : 1 - a[2]) *
                           ref_texel(t, ix, 3, layer, c);
                }
    }
    return (float)sum;
}

/* ------------------------------------------------------------------ tests */

static const char *mode_name[] = {"wrap", "clamp", "mirror", "border"};

/* Coordinates spread over [-1.6N, 2.6N] (unnormalized) or [-1.6, 2.6]
 * (normalized), with exact texel centres, edges and fractions. */
static void coords(float *x, long n, int norm, unsigned salt)
{
    for (int i = 0; i < N; i++) {
        double u = -1.6 + 4.2 * (double)((i * 37u + salt) % N) / (double)N;
        if (i % 8 == 0) u = (double)(i / 8) / 4.0 - 0.25; /* quarters: 0.25 steps */
        if (i % 8 == 1) u = ((double)(i / 8) + 0.5) / (double)n; /* texel centres */
        x[i] = (float)(norm ? u : u * (double)n);
    }
    x[N - 1] = NAN;
}

static void test_1d(void)
{
    enum { W = 7 };
    float tex[W * 4];
    for (int i = 0; i < W * 4; i++) tex[i] = (float)(lcg() % 1000) / 8.0f - 40.0f;
    for (int norm = 0; norm < 2; norm++)
        for (int lin = 0; lin < 2; lin++)
            for (int m = 0; m < 4; m++) {
                p2n_texture_desc d = {.data = tex, .dims = 1, .width = W, .format = P2N_FORMAT_F32, .channels = 4,
                                      .normalized_coords = norm, .filter = lin ? P2N_FILTER_LINEAR : P2N_FILTER_POINT,
                                      .border = {1.5f, -2.5f, 3.5f, -4.5f}};
                d.address[0] = (p2n_address_mode)m;
                p2n_texture t;
                char cas[64];
                snprintf(cas, sizeof cas, "1d_%s_%s_%s", norm ? "norm" : "unnorm", lin ? "linear" : "point", mode_name[m]);
                if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/%s: create: %s\n", cas, p2n_error_message()); g_fail = 1; continue; }
                float x[N], o[N * 4], e[N * 4];
                coords(x, W, norm, (unsigned)(m * 5 + lin));
                RefTex r = {.data = tex, .w = W, .h = 1, .d = 1, .pitch_f = W * 4, .slice_f = W * 4, .ch = 4, .norm = norm,
                            .linear = lin, .m = {(p2n_address_mode)m}, .border = {1.5f, -2.5f, 3.5f, -4.5f}};
                for (int i = 0; i < N; i++)
                    for (int c = 0; c < 4; c++) {
                        float xi = x[i];
                        if (isnan(xi)) xi = m == P2N_ADDRESS_BORDER ? -1e9f : 0.0f; /* NaN: no texel */
                        e[4 * i + c] = ref_fetch(&r, &xi, 1, -1, c);
                    }
                float *px = x, *po = o;
                void *p[] = {&t, &px, &po};
                if (launch(cas, "fetch1d", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_TOL(cas, o, e, N * 4, 1e-5);
                p2n_tex_destroy(t);
            }
}

/* Other element formats, read as floats: f16 (every value class), and
 * 8- and 16-bit integers as normalized floats (signed: v / (2^(n-1) - 1),
 * at least -1), with linear filtering; only the texture's channels are
 * compared. */
static float ref_half(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return (float)((h >> 15) ? -v : v);
}

static void test_formats(void)
{
    enum { W = 9 };
    static const struct { p2n_format f; unsigned ch; int nf; const char *name; } fm[] = {
        {P2N_FORMAT_F16, 2, 0, "f16x2"}, {P2N_FORMAT_S8, 4, 1, "s8x4_normalized"},
        {P2N_FORMAT_S16, 1, 1, "s16_normalized"}, {P2N_FORMAT_U16, 2, 1, "u16x2_normalized"},
    };
    for (size_t k = 0; k < sizeof fm / sizeof fm[0]; k++) {
        uint8_t raw[W * 4 * 2];
        float ref[W * 4];
        for (size_t i = 0; i < sizeof raw; i++) raw[i] = (uint8_t)lcg();
        for (unsigned i = 0; i < W * fm[k].ch; i++) {
            uint16_t h = (uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
            switch (fm[k].f) {
            case P2N_FORMAT_F16:
                h &= 0xbfff; /* no infinities or NaN: they would spread into the neighbours */
                h = (uint16_t)(h | (i == 3 ? 0x0001 : 0)); /* some subnormals */
                if (i == 3) h &= 0x83ff;
                raw[2 * i] = (uint8_t)h; raw[2 * i + 1] = (uint8_t)(h >> 8);
                ref[i] = ref_half(h);
                break;
            case P2N_FORMAT_S8: {
                if (i == 5) raw[i] = 0x80; /* -128: -1 */
                double v = (int8_t)raw[i] / 127.0;
                ref[i] = (float)(v < -1 ? -1 : v);
                break;
            }
            case P2N_FORMAT_S16: {
                if (i == 2) { raw[4] = 0x00; raw[5] = 0x80; h = 0x8000; }
                double v = (int16_t)h / 32767.0;
                ref[i] = (float)(v < -1 ? -1 : v);
                break;
            }
            default: ref[i] = (float)(h / 65535.0); break;
            }
        }
        p2n_texture_desc d = {.data = raw, .dims = 1, .width = W, .format = fm[k].f, .channels = fm[k].ch,
                              .normalized_float = fm[k].nf, .filter = P2N_FILTER_LINEAR, .address = {P2N_ADDRESS_CLAMP}};
        p2n_texture t;
        char cas[64];
        snprintf(cas, sizeof cas, "format_%s", fm[k].name);
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/%s: create\n", cas); g_fail = 1; continue; }
        float x[N], o[N * 4], e[N * 4], got[N * 4];
        coords(x, W, 0, (unsigned)k);
        x[N - 1] = 4.25f;
        RefTex r = {.data = ref, .w = W, .h = 1, .d = 1, .pitch_f = W * fm[k].ch, .slice_f = W * fm[k].ch,
                    .ch = (int)fm[k].ch, .linear = 1, .m = {P2N_ADDRESS_CLAMP}};
        int n = 0;
        for (int i = 0; i < N; i++)
            for (unsigned c = 0; c < fm[k].ch; c++) e[n++] = ref_fetch(&r, &x[i], 1, -1, (int)c);
        float *px = x, *po = o;
        void *p[] = {&t, &px, &po};
        if (launch(cas, "fetch1d", d3(2, 1, 1), d3(32, 1, 1), 0, p)) {
            n = 0;
            for (int i = 0; i < N; i++)
                for (unsigned c = 0; c < fm[k].ch; c++) got[n++] = o[4 * i + c];
            CHECK_TOL(cas, got, e, n, 1e-6);
        }
        p2n_tex_destroy(t);
    }
}

static void test_1dfetch(void)
{
    enum { W = 40 };
    int32_t buf[W];
    for (int i = 0; i < W; i++) buf[i] = (int32_t)lcg();
    for (int m = 0; m < 4; m += 1) {
        if (m == P2N_ADDRESS_WRAP || m == P2N_ADDRESS_MIRROR) continue; /* only clamp and border for tex1Dfetch */
        p2n_texture_desc d = {.data = buf, .dims = 1, .width = W, .format = P2N_FORMAT_S32, .channels = 1};
        d.address[0] = (p2n_address_mode)m;
        p2n_texture t;
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/fetch: create\n"); g_fail = 1; continue; }
        int32_t o[N], e[N];
        for (int i = 0; i < N; i++) {
            int j = i - 3;
            e[i] = j >= 0 && j < W ? buf[j] : m == P2N_ADDRESS_CLAMP ? buf[j < 0 ? 0 : W - 1] : 0;
        }
        int32_t *po = o;
        void *p[] = {&t, &po};
        if (launch(m == P2N_ADDRESS_CLAMP ? "1dfetch_clamp" : "1dfetch_border", "fetch1di", d3(2, 1, 1), d3(32, 1, 1), 0, p))
            CHECK_INT(m == P2N_ADDRESS_CLAMP ? "1dfetch_clamp" : "1dfetch_border", o, e, N);
        p2n_tex_destroy(t);
    }
}

static void test_divergent(void)
{
    int32_t buf[N];
    for (int i = 0; i < N; i++) buf[i] = (int32_t)(lcg() % 100000);
    p2n_texture_desc d = {.data = buf, .dims = 1, .width = N, .format = P2N_FORMAT_S32, .channels = 1};
    p2n_texture t;
    if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/divergent: create\n"); g_fail = 1; return; }
    int32_t o[N], e[N];
    for (int i = 0; i < N; i++) e[i] = i % 3 == 0 ? buf[i] + 1000 : -1;
    int32_t *po = o;
    void *p[] = {&t, &po};
    if (launch("divergent", "fetch_some", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_INT("divergent", o, e, N);
    p2n_tex_destroy(t);
}

static void test_2d(void)
{
    enum { W = 5, H = 6, PITCH = 24 }; /* floats a row: pitch wider than the row */
    static float tex[H * PITCH];
    for (int i = 0; i < H * PITCH; i++) tex[i] = (float)(lcg() % 2000) / 16.0f - 60.0f;
    for (int norm = 0; norm < 2; norm++)
        for (int lin = 0; lin < 2; lin++)
            for (int m = 0; m < 4; m++) {
                p2n_address_mode m2 = (p2n_address_mode)((m + 1 + norm) % 4); /* a different mode for y */
                p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = H, .pitch = PITCH * 4,
                                      .format = P2N_FORMAT_F32, .channels = 4, .normalized_coords = norm,
                                      .filter = lin ? P2N_FILTER_LINEAR : P2N_FILTER_POINT, .address = {(p2n_address_mode)m, m2}};
                p2n_texture t;
                char cas[64];
                snprintf(cas, sizeof cas, "2d_%s_%s_%s_%s", norm ? "norm" : "unnorm", lin ? "linear" : "point",
                         mode_name[m], mode_name[m2]);
                if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/%s: create\n", cas); g_fail = 1; continue; }
                float x[N], y[N], o[N * 4], e[N * 4];
                coords(x, W, norm, 3u * (unsigned)m + (unsigned)lin);
                coords(y, H, norm, 11u + (unsigned)m);
                x[N - 1] = y[N - 1] = 0.3f; /* no NaN here */
                RefTex r = {.data = tex, .w = W, .h = H, .d = 1, .pitch_f = PITCH, .slice_f = PITCH * H, .ch = 4,
                            .norm = norm, .linear = lin, .m = {(p2n_address_mode)m, m2}};
                for (int i = 0; i < N; i++) {
                    float xy[2] = {x[i], y[i]};
                    for (int c = 0; c < 4; c++) e[4 * i + c] = ref_fetch(&r, xy, 2, -1, c);
                }
                float *px = x, *py = y, *po = o;
                void *p[] = {&t, &px, &py, &po};
                if (launch(cas, "fetch2d", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_TOL(cas, o, e, N * 4, 1e-5);
                p2n_tex_destroy(t);
            }
}

/* uchar4: element type (uint4 results) with point filtering, and
 * normalized floats with linear filtering. */
static void test_2d_u8(void)
{
    enum { W = 9, H = 4 };
    uint8_t tex[H * W * 4];
    for (int i = 0; i < H * W * 4; i++) tex[i] = (uint8_t)lcg();
    float texf[H * W * 4];
    for (int i = 0; i < H * W * 4; i++) texf[i] = (float)tex[i] / 255.0f;
    float x[N], y[N];
    coords(x, W, 0, 5);
    coords(y, H, 0, 9);
    x[N - 1] = y[N - 1] = 1.0f;
    {
        p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = H, .format = P2N_FORMAT_U8, .channels = 4,
                              .address = {P2N_ADDRESS_CLAMP, P2N_ADDRESS_BORDER}};
        p2n_texture t;
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/2d_u8: create\n"); g_fail = 1; return; }
        uint32_t o[N * 4], e[N * 4];
        for (int i = 0; i < N; i++) {
            long ix = (long)floor(x[i]), iy = (long)floor(y[i]);
            int jx = ref_index(ix, W, P2N_ADDRESS_CLAMP, 0), jy = ref_index(iy, H, P2N_ADDRESS_BORDER, 0);
            for (int c = 0; c < 4; c++) e[4 * i + c] = jy < 0 ? 0 : tex[(jy * W + jx) * 4 + c];
        }
        float *px = x, *py = y;
        uint32_t *po = o;
        void *p[] = {&t, &px, &py, &po};
        if (launch("2d_u8_element", "fetch2du", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_INT("2d_u8_element", o, e, N * 4);
        p2n_tex_destroy(t);
    }
    {
        p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = H, .format = P2N_FORMAT_U8, .channels = 4,
                              .normalized_float = 1, .filter = P2N_FILTER_LINEAR,
                              .address = {P2N_ADDRESS_BORDER, P2N_ADDRESS_CLAMP}};
        p2n_texture t;
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/2d_u8n: create\n"); g_fail = 1; return; }
        float o[N * 4], e[N * 4];
        RefTex r = {.data = texf, .w = W, .h = H, .d = 1, .pitch_f = W * 4, .slice_f = W * H * 4, .ch = 4, .linear = 1,
                    .m = {P2N_ADDRESS_BORDER, P2N_ADDRESS_CLAMP}};
        for (int i = 0; i < N; i++) {
            float xy[2] = {x[i], y[i]};
            for (int c = 0; c < 4; c++) e[4 * i + c] = ref_fetch(&r, xy, 2, -1, c);
        }
        float *px = x, *py = y, *po = o;
        void *p[] = {&t, &px, &py, &po};
        if (launch("2d_u8_normalized_linear", "fetch2d", d3(2, 1, 1), d3(32, 1, 1), 0, p))
            CHECK_TOL("2d_u8_normalized_linear", o, e, N * 4, 1e-6);
        p2n_tex_destroy(t);
    }
}

static void test_3d_layered(void)
{
    enum { W = 4, H = 3, D = 5 };
    float tex[W * H * D];
    for (int i = 0; i < W * H * D; i++) tex[i] = (float)(lcg() % 512) / 4.0f;
    for (int lin = 0; lin < 2; lin++) {
        p2n_texture_desc d = {.data = tex, .dims = 3, .width = W, .height = H, .depth = D, .format = P2N_FORMAT_F32,
                              .channels = 1, .normalized_coords = 1, .filter = lin ? P2N_FILTER_LINEAR : P2N_FILTER_POINT,
                              .address = {P2N_ADDRESS_WRAP, P2N_ADDRESS_MIRROR, P2N_ADDRESS_CLAMP}};
        p2n_texture t;
        const char *cas = lin ? "3d_linear" : "3d_point";
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/%s: create\n", cas); g_fail = 1; continue; }
        float x[N], y[N], z[N], o[N], e[N];
        coords(x, W, 1, 1);
        coords(y, H, 1, 2);
        coords(z, D, 1, 3);
        x[N - 1] = y[N - 1] = z[N - 1] = 0.7f;
        RefTex r = {.data = tex, .w = W, .h = H, .d = D, .pitch_f = W, .slice_f = W * H, .ch = 1, .norm = 1, .linear = lin,
                    .m = {P2N_ADDRESS_WRAP, P2N_ADDRESS_MIRROR, P2N_ADDRESS_CLAMP}};
        for (int i = 0; i < N; i++) {
            float xyz[3] = {x[i], y[i], z[i]};
            e[i] = ref_fetch(&r, xyz, 3, -1, 0);
        }
        float *px = x, *py = y, *pz = z, *po = o;
        void *p[] = {&t, &px, &py, &pz, &po};
        if (launch(cas, "fetch3d", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_TOL(cas, o, e, N, 1e-5);
        p2n_tex_destroy(t);
    }
    /* layered 2D (3 layers of 4x3) and layered 1D (5 layers of 4), linear,
     * layer indices out of range clamp into the array */
    {
        p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = H, .layers = 3, .format = P2N_FORMAT_F32,
                              .channels = 1, .filter = P2N_FILTER_LINEAR, .address = {P2N_ADDRESS_BORDER, P2N_ADDRESS_CLAMP}};
        p2n_texture t;
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/2d_layered: create\n"); g_fail = 1; return; }
        float x[N], y[N], o[N], e[N];
        int32_t l[N];
        coords(x, W, 0, 4);
        coords(y, H, 0, 6);
        x[N - 1] = y[N - 1] = 2.0f;
        RefTex r = {.data = tex, .w = W, .h = H, .d = 3, .pitch_f = W, .slice_f = W * H, .ch = 1, .linear = 1,
                    .m = {P2N_ADDRESS_BORDER, P2N_ADDRESS_CLAMP}};
        for (int i = 0; i < N; i++) {
            l[i] = i % 5 - 1;
            float xy[2] = {x[i], y[i]};
            e[i] = ref_fetch(&r, xy, 2, l[i] < 0 ? 0 : l[i] > 2 ? 2 : l[i], 0);
        }
        float *px = x, *py = y, *po = o;
        int32_t *pl = l;
        void *p[] = {&t, &px, &py, &pl, &po};
        if (launch("2d_layered", "fetch2dl", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_TOL("2d_layered", o, e, N, 1e-5);
        p2n_tex_destroy(t);
    }
    {
        p2n_texture_desc d = {.data = tex, .dims = 1, .width = W, .layers = 5, .slice_pitch = W * H * 4 / 2,
                              .format = P2N_FORMAT_F32, .channels = 1, .normalized_coords = 1, .filter = P2N_FILTER_POINT,
                              .address = {P2N_ADDRESS_MIRROR}};
        p2n_texture t;
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/1d_layered: create\n"); g_fail = 1; return; }
        float x[N], o[N], e[N];
        int32_t l[N];
        coords(x, W, 1, 8);
        x[N - 1] = 0.1f;
        RefTex r = {.data = tex, .w = W, .h = 1, .d = 5, .pitch_f = W, .slice_f = W * H / 2, .ch = 1, .norm = 1,
                    .m = {P2N_ADDRESS_MIRROR}};
        for (int i = 0; i < N; i++) {
            l[i] = i % 7 - 1;
            e[i] = ref_fetch(&r, &x[i], 1, l[i] < 0 ? 0 : l[i] > 4 ? 4 : l[i], 0);
        }
        float *px = x, *po = o;
        int32_t *pl = l;
        void *p[] = {&t, &px, &pl, &po};
        if (launch("1d_layered", "fetch1dl", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_TOL("1d_layered", o, e, N, 1e-6);
        p2n_tex_destroy(t);
    }
}

/* tld4.g: the g channel of the 2x2 texels linear filtering would read,
 * ordered (i, j+1), (i+1, j+1), (i+1, j), (i, j) as the PTX ISA says. */
static void test_gather(void)
{
    enum { W = 6, H = 5 };
    float tex[W * H * 4];
    for (int i = 0; i < W * H * 4; i++) tex[i] = (float)i;
    p2n_texture_desc d = {.data = tex, .dims = 2, .width = W, .height = H, .format = P2N_FORMAT_F32, .channels = 4,
                          .address = {P2N_ADDRESS_CLAMP, P2N_ADDRESS_BORDER}};
    p2n_texture t;
    if (p2n_tex_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/gather: create\n"); g_fail = 1; return; }
    float x[N], y[N], o[N * 4], e[N * 4];
    coords(x, W, 0, 2);
    coords(y, H, 0, 7);
    x[N - 1] = y[N - 1] = 1.0f;
    RefTex r = {.data = tex, .w = W, .h = H, .d = 1, .pitch_f = W * 4, .slice_f = W * H * 4, .ch = 4,
                .m = {P2N_ADDRESS_CLAMP, P2N_ADDRESS_BORDER}};
    for (int i = 0; i < N; i++) {
        long i0 = (long)floor(x[i] - 0.5), j0 = (long)floor(y[i] - 0.5);
        long at[4][2] = {{i0, j0 + 1}, {i0 + 1, j0 + 1}, {i0 + 1, j0}, {i0, j0}};
        for (int v = 0; v < 4; v++) e[4 * i + v] = ref_texel(&r, at[v], 2, -1, 1);
    }
    float *px = x, *py = y, *po = o;
    void *p[] = {&t, &px, &py, &po};
    if (launch("gather", "gather", d3(2, 1, 1), d3(32, 1, 1), 0, p)) CHECK_EXACT("gather", o, e, N * 4);
    p2n_tex_destroy(t);
}

static void test_surfaces(void)
{
    enum { W = 16, H = 4, PITCH = 20 }; /* elements a row */
    static uint32_t src[H * PITCH], dst[H * PITCH];
    for (int i = 0; i < H * PITCH; i++) { src[i] = lcg(); dst[i] = 0xdeadbeefu; }
    p2n_texture_desc d = {.data = src, .dims = 2, .width = W, .height = H, .pitch = PITCH * 4, .format = P2N_FORMAT_U32,
                          .channels = 1};
    p2n_texture s, t;
    if (p2n_surf_create(&s, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/surf2d: create\n"); g_fail = 1; return; }
    d.data = dst;
    if (p2n_surf_create(&t, &d) != P2N_SUCCESS) { printf("FAIL exec/texture/surf2d: create\n"); g_fail = 1; return; }
    uint32_t z[W * H], c[W * H], ez[W * H], ec[W * H], edst[H * PITCH];
    for (int i = 0; i < H * PITCH; i++) edst[i] = (i % PITCH) < W ? src[i] * 3 + 1 : 0xdeadbeefu;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int zx = x - 2, zy = y + 1;
            ez[y * W + x] = zx >= 0 && zy < H ? src[zy * PITCH + zx] : 0;
            int cx = x + 2 > W - 1 ? W - 1 : x + 2, cy = y - 1 < 0 ? 0 : y - 1;
            ec[y * W + x] = src[cy * PITCH + cx];
        }
    uint32_t *pz = z, *pc = c;
    void *p[] = {&s, &t, &pz, &pc};
    if (launch("surf2d", "surf2d", d3(H, 1, 1), d3(W, 1, 1), 0, p)) {
        CHECK_INT("surf2d_write", dst, edst, H * PITCH);
        CHECK_INT("surf2d_zero", z, ez, W * H);
        CHECK_INT("surf2d_clamp", c, ec, W * H);
    }
    p2n_tex_destroy(s);
    p2n_tex_destroy(t);

    uint8_t b[N * 4], out[N * 4], eb[N * 4];
    for (int i = 0; i < N * 4; i++) { b[i] = (uint8_t)lcg(); out[i] = 0; }
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 4; k++) eb[4 * i + k] = b[4 * i + 3 - k];
    p2n_texture_desc d1 = {.data = b, .dims = 1, .width = N, .format = P2N_FORMAT_U8, .channels = 4};
    p2n_surf_create(&s, &d1);
    d1.data = out;
    p2n_surf_create(&t, &d1);
    void *p1[] = {&s, &t};
    if (launch("surf1d", "surf1d", d3(2, 1, 1), d3(32, 1, 1), 0, p1)) CHECK_INT("surf1d", out, eb, N * 4);

    /* sust.trap past the end fails the launch with a message, in range it writes */
    int x = N - 1;
    void *p2[] = {&t, &x};
    p2n_result r = p2n_launch(g_mod, "trapping", d3(1, 1, 1), d3(1, 1, 1), 0, p2);
    uint32_t last;
    memcpy(&last, out + 4 * (N - 1), 4);
    if (r != P2N_SUCCESS || last != 7u) { printf("FAIL exec/texture/surf_in_range: %d %u\n", (int)r, last); g_fail = 1; }
    else printf("PASS exec/texture/surf_in_range\n");
    x = N;
    r = p2n_launch(g_mod, "trapping", d3(1, 1, 1), d3(1, 1, 1), 0, p2);
    if (r != P2N_ERROR_TRAP || !strstr(p2n_error_message(), "surface")) {
        printf("FAIL exec/texture/surf_trap: %d %s\n", (int)r, p2n_error_message());
        g_fail = 1;
    } else
        printf("PASS exec/texture/surf_trap\n");
    p2n_tex_destroy(s);
    p2n_tex_destroy(t);
}

static void test_surfaces_more(void)
{
    enum { W = 4, H = 3, D = 2, W64 = 6 };
    int32_t s3[W * H * D], e3[W * H * D];
    float sl[W * H * D], el[W * H * D];
    int64_t s64[W64], e64[W64], o[W], eo[W];
    for (int i = 0; i < W * H * D; i++) {
        s3[i] = (int32_t)(lcg() % 1000);
        e3[i] = s3[i] + 100;
        sl[i] = (float)(lcg() % 1000) / 4.0f;
        el[i] = sl[i] * 2.0f;
    }
    for (int i = 0; i < W64; i++) e64[i] = s64[i] = (int64_t)((uint64_t)lcg() << 32 | lcg());
    for (int x = 0; x < W; x++) eo[x] = s64[x];
    e64[4] = s64[0] + 1; /* .zero: x + 4 in range for x = 0, 1 */
    e64[5] = s64[1] + 1;
    e64[0] = -s64[3]; /* .clamp: x = -2 stores to element 0 */
    p2n_texture_desc d3d = {.data = s3, .dims = 3, .width = W, .height = H, .depth = D,
                            .format = P2N_FORMAT_S32, .channels = 1};
    p2n_texture_desc dl = {.data = sl, .dims = 2, .width = W, .height = H, .layers = D,
                           .format = P2N_FORMAT_F32, .channels = 1};
    p2n_texture_desc d64 = {.data = s64, .dims = 1, .width = W64, .format = P2N_FORMAT_U32, .channels = 2};
    p2n_texture a, b, c;
    if (p2n_surf_create(&a, &d3d) || p2n_surf_create(&b, &dl) || p2n_surf_create(&c, &d64)) {
        printf("FAIL exec/texture/surf_more: create\n");
        g_fail = 1;
        return;
    }
    int64_t *po = o;
    void *p[] = {&a, &b, &c, &po};
    if (launch("surf_more", "surf_more", d3(1, 1, 1), d3(W, H, D), 0, p)) {
        CHECK_INT("surf3d", s3, e3, W * H * D);
        CHECK_EXACT("surf2d_layered", sl, el, W * H * D);
        CHECK_INT("surf_b64_read", o, eo, W);
        CHECK_INT("surf_b64_zero_clamp_store", s64, e64, W64);
    }
    p2n_tex_destroy(a);
    p2n_tex_destroy(b);
    p2n_tex_destroy(c);
}

static void test_query_and_create(void)
{
    float f[12 * 7];
    p2n_texture_desc d = {.data = f, .dims = 2, .width = 12, .height = 7, .format = P2N_FORMAT_F32, .channels = 1,
                          .normalized_coords = 1, .filter = P2N_FILTER_LINEAR};
    p2n_texture t, s;
    p2n_tex_create(&t, &d);
    d.width = 3;
    d.height = 2;
    p2n_surf_create(&s, &d);
    int32_t o[6], e[6] = {12, 7, 1, 1, 3, 2};
    int32_t *po = o;
    void *p[] = {&t, &s, &po};
    if (launch("query", "query", d3(1, 1, 1), d3(1, 1, 1), 0, p)) CHECK_INT("query", o, e, 6);
    p2n_tex_destroy(t);
    p2n_tex_destroy(s);

    /* a handle that is no object (or a destroyed one) fails the launch */
    int32_t *pi = o;
    p2n_texture junk = 0x12345678ull;
    void *pj[] = {&junk, &pi};
    p2n_result rj = p2n_launch(g_mod, "fetch1di", d3(1, 1, 1), d3(32, 1, 1), 0, pj);
    junk = t; /* destroyed above */
    p2n_result rd = p2n_launch(g_mod, "fetch1di", d3(1, 1, 1), d3(32, 1, 1), 0, pj);
    if (rj != P2N_ERROR_INVALID_VALUE || rd != P2N_ERROR_INVALID_VALUE || !strstr(p2n_error_message(), "no object")) {
        printf("FAIL exec/texture/bad_handle: %d %d %s\n", (int)rj, (int)rd, p2n_error_message());
        g_fail = 1;
    } else
        printf("PASS exec/texture/bad_handle\n");

    /* linear filtering of elements read as integers is refused, as CUDA does */
    int32_t iv[4];
    p2n_texture_desc bad = {.data = iv, .dims = 1, .width = 4, .format = P2N_FORMAT_S32, .channels = 1,
                            .filter = P2N_FILTER_LINEAR};
    p2n_result r1 = p2n_tex_create(&t, &bad);
    bad.filter = P2N_FILTER_POINT;
    bad.channels = 3;
    p2n_result r2 = p2n_tex_create(&t, &bad);
    if (r1 != P2N_ERROR_INVALID_VALUE || r2 != P2N_ERROR_INVALID_VALUE || p2n_tex_create(NULL, &d) != P2N_ERROR_INVALID_VALUE) {
        printf("FAIL exec/texture/create_checks: %d %d\n", (int)r1, (int)r2);
        g_fail = 1;
    } else
        printf("PASS exec/texture/create_checks\n");
}

int main(int argc, char **argv)
{
    setup(argc, argv, "texture");
    test_1d();
    test_1dfetch();
    test_formats();
    test_divergent();
    test_2d();
    test_2d_u8();
    test_3d_layered();
    test_gather();
    test_surfaces();
    test_surfaces_more();
    test_query_and_create();
    return finish();
}
#if 0 // test-file texture.cu
// nvcc-flags: -arch=sm_80
// Texture and surface objects: tex1D/tex2D/tex3D/layered with float
// coordinates, tex1Dfetch, tex2Dgather (tld4), surf1D/2Dread/write (suld/sust),
// and txq/suq; test/exec/texture.c creates the objects and checks results.
extern "C" __global__ void fetch1d(cudaTextureObject_t t, const float *x, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex1D<float4>(t, x[i]);
}
extern "C" __global__ void fetch1di(cudaTextureObject_t t, int *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex1Dfetch<int>(t, i - 3);
}
extern "C" __global__ void fetch2d(cudaTextureObject_t t, const float *x, const float *y, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2D<float4>(t, x[i], y[i]);
}
extern "C" __global__ void fetch2du(cudaTextureObject_t t, const float *x, const float *y, uint4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2D<uint4>(t, x[i], y[i]);
}
extern "C" __global__ void fetch3d(cudaTextureObject_t t, const float *x, const float *y, const float *z, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex3D<float>(t, x[i], y[i], z[i]);
}
extern "C" __global__ void fetch2dl(cudaTextureObject_t t, const float *x, const float *y, const int *l, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2DLayered<float>(t, x[i], y[i], l[i]);
}
extern "C" __global__ void fetch1dl(cudaTextureObject_t t, const float *x, const int *l, float *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex1DLayered<float>(t, x[i], l[i]);
}
extern "C" __global__ void gather(cudaTextureObject_t t, const float *x, const float *y, float4 *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    o[i] = tex2Dgather<float4>(t, x[i], y[i], 1);
}
// s: a 2D surface of unsigned (w x h); d: the same shape; x in elements.
extern "C" __global__ void surf2d(cudaSurfaceObject_t s, cudaSurfaceObject_t d, unsigned *z, unsigned *c)
{
    int x = threadIdx.x, y = blockIdx.x;
    unsigned v = surf2Dread<unsigned>(s, x * 4, y);
    surf2Dwrite<unsigned>(v * 3 + 1, d, x * 4, y);
    // out of range by two elements: zero, then clamp
    z[y * blockDim.x + x] = surf2Dread<unsigned>(s, (x - 2) * 4, y + 1, cudaBoundaryModeZero);
    c[y * blockDim.x + x] = surf2Dread<unsigned>(s, (x + 2) * 4, y - 1, cudaBoundaryModeClamp);
}
// s: a 1D surface of uchar4; reverses the bytes of each element into d.
extern "C" __global__ void surf1d(cudaSurfaceObject_t s, cudaSurfaceObject_t d)
{
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    uchar4 c = surf1Dread<uchar4>(s, x * 4);
    surf1Dwrite(make_uchar4(c.w, c.z, c.y, c.x), d, x * 4);
}
extern "C" __global__ void trapping(cudaSurfaceObject_t s, int x)
{
    surf1Dwrite<unsigned>(7u, s, x * 4);
}
extern "C" __global__ void query(cudaTextureObject_t t, cudaSurfaceObject_t s, int *o)
{
    asm("txq.width.b32 %0, [%1];" : "=r"(o[0]) : "l"(t));
    asm("txq.height.b32 %0, [%1];" : "=r"(o[1]) : "l"(t));
    asm("txq.normalized_coords.b32 %0, [%1];" : "=r"(o[2]) : "l"(t));
    asm("txq.filter_mode.b32 %0, [%1];" : "=r"(o[3]) : "l"(t));
    asm("suq.width.b32 %0, [%1];" : "=r"(o[4]) : "l"(s));
    asm("suq.height.b32 %0, [%1];" : "=r"(o[5]) : "l"(s));
}
// Only some lanes fetch (divergent or predicated tex); the others keep -1.
extern "C" __global__ void fetch_some(cudaTextureObject_t t, int *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int v = -1;
    if (i % 3 == 0)
        v = tex1Dfetch<int>(t, i) + 1000;
    o[i] = v;
}
// 3D and layered surfaces, 64-bit elements, and stores out of range under
// .zero (dropped) and .clamp (to the nearest element).
extern "C" __global__ void surf_more(cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, cudaSurfaceObject_t s64,
                                     long long *o)
{
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    int v = surf3Dread<int>(s3, x * 4, y, z);
    surf3Dwrite<int>(v + 100, s3, x * 4, y, z);
    float f = surf2DLayeredread<float>(sl, x * 4, y, z);
    surf2DLayeredwrite<float>(f * 2.0f, sl, x * 4, y, z);
    if (y == 0 && z == 0) {
        long long q = surf1Dread<long long>(s64, x * 8);
        o[x] = q;
        surf1Dwrite<long long>(q + 1, s64, (x + 4) * 8, cudaBoundaryModeZero);
        if (x == 3)
            surf1Dwrite<long long>(-q, s64, -16, cudaBoundaryModeClamp);
    }
}
#endif // end of texture.cu
#if 0 // test-file texture.ptx
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

	// .globl	fetch1d

.visible .entry fetch1d(
	.param .u64 fetch1d_param_0,
	.param .u64 fetch1d_param_1,
	.param .u64 fetch1d_param_2
)
{
	.reg .f32 	%f<6>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<10>;


	ld.param.u64 	%rd1, [fetch1d_param_0];
	ld.param.u64 	%rd2, [fetch1d_param_1];
	ld.param.u64 	%rd3, [fetch1d_param_2];
	cvta.to.global.u64 	%rd4, %rd3;
	cvta.to.global.u64 	%rd5, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd6, %r4, 4;
	add.s64 	%rd7, %rd5, %rd6;
	ld.global.f32 	%f1, [%rd7];
	mul.wide.s32 	%rd8, %r4, 16;
	add.s64 	%rd9, %rd4, %rd8;
	tex.1d.v4.f32.f32 	{%f2, %f3, %f4, %f5}, [%rd1, {%f1}];
	st.global.v4.f32 	[%rd9], {%f2, %f3, %f4, %f5};
	ret;

}
	// .globl	fetch1di
.visible .entry fetch1di(
	.param .u64 fetch1di_param_0,
	.param .u64 fetch1di_param_1
)
{
	.reg .b32 	%r<10>;
	.reg .b64 	%rd<6>;


	ld.param.u64 	%rd1, [fetch1di_param_0];
	ld.param.u64 	%rd2, [fetch1di_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	add.s32 	%r5, %r4, -3;
	tex.1d.v4.s32.s32 	{%r6, %r7, %r8, %r9}, [%rd1, {%r5}];
	mul.wide.s32 	%rd4, %r4, 4;
	add.s64 	%rd5, %rd3, %rd4;
	st.global.u32 	[%rd5], %r6;
	ret;

}
	// .globl	fetch2d
.visible .entry fetch2d(
	.param .u64 fetch2d_param_0,
	.param .u64 fetch2d_param_1,
	.param .u64 fetch2d_param_2,
	.param .u64 fetch2d_param_3
)
{
	.reg .f32 	%f<7>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<13>;


	ld.param.u64 	%rd1, [fetch2d_param_0];
	ld.param.u64 	%rd2, [fetch2d_param_1];
	ld.param.u64 	%rd3, [fetch2d_param_2];
	ld.param.u64 	%rd4, [fetch2d_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd8, %r4, 4;
	add.s64 	%rd9, %rd7, %rd8;
	ld.global.f32 	%f1, [%rd9];
	add.s64 	%rd10, %rd6, %rd8;
	ld.global.f32 	%f2, [%rd10];
	mul.wide.s32 	%rd11, %r4, 16;
	add.s64 	%rd12, %rd5, %rd11;
	tex.2d.v4.f32.f32 	{%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
	st.global.v4.f32 	[%rd12], {%f3, %f4, %f5, %f6};
	ret;

}
	// .globl	fetch2du
.visible .entry fetch2du(
	.param .u64 fetch2du_param_0,
	.param .u64 fetch2du_param_1,
	.param .u64 fetch2du_param_2,
	.param .u64 fetch2du_param_3
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<9>;
	.reg .b64 	%rd<13>;


	ld.param.u64 	%rd1, [fetch2du_param_0];
	ld.param.u64 	%rd2, [fetch2du_param_1];
	ld.param.u64 	%rd3, [fetch2du_param_2];
	ld.param.u64 	%rd4, [fetch2du_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd8, %r4, 4;
	add.s64 	%rd9, %rd7, %rd8;
	ld.global.f32 	%f1, [%rd9];
	add.s64 	%rd10, %rd6, %rd8;
	ld.global.f32 	%f2, [%rd10];
	mul.wide.s32 	%rd11, %r4, 16;
	add.s64 	%rd12, %rd5, %rd11;
	tex.2d.v4.u32.f32 	{%r5, %r6, %r7, %r8}, [%rd1, {%f1, %f2}];
	st.global.v4.u32 	[%rd12], {%r5, %r6, %r7, %r8};
	ret;

}
	// .globl	fetch3d
.visible .entry fetch3d(
	.param .u64 fetch3d_param_0,
	.param .u64 fetch3d_param_1,
	.param .u64 fetch3d_param_2,
	.param .u64 fetch3d_param_3,
	.param .u64 fetch3d_param_4
)
{
	.reg .f32 	%f<8>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<15>;


	ld.param.u64 	%rd1, [fetch3d_param_0];
	ld.param.u64 	%rd2, [fetch3d_param_1];
	ld.param.u64 	%rd3, [fetch3d_param_2];
	ld.param.u64 	%rd4, [fetch3d_param_3];
	ld.param.u64 	%rd5, [fetch3d_param_4];
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
	tex.3d.v4.f32.f32 	{%f4, %f5, %f6, %f7}, [%rd1, {%f1, %f2, %f3, %f3}];
	add.s64 	%rd14, %rd6, %rd10;
	st.global.f32 	[%rd14], %f4;
	ret;

}
	// .globl	fetch2dl
.visible .entry fetch2dl(
	.param .u64 fetch2dl_param_0,
	.param .u64 fetch2dl_param_1,
	.param .u64 fetch2dl_param_2,
	.param .u64 fetch2dl_param_3,
	.param .u64 fetch2dl_param_4
)
{
	.reg .f32 	%f<7>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<15>;


	ld.param.u64 	%rd1, [fetch2dl_param_0];
	ld.param.u64 	%rd2, [fetch2dl_param_1];
	ld.param.u64 	%rd3, [fetch2dl_param_2];
	ld.param.u64 	%rd4, [fetch2dl_param_3];
	ld.param.u64 	%rd5, [fetch2dl_param_4];
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
	ld.global.u32 	%r5, [%rd13];
	tex.a2d.v4.f32.f32 	{%f3, %f4, %f5, %f6}, [%rd1, {%r5, %f1, %f2, %f2}];
	add.s64 	%rd14, %rd6, %rd10;
	st.global.f32 	[%rd14], %f3;
	ret;

}
	// .globl	fetch1dl
.visible .entry fetch1dl(
	.param .u64 fetch1dl_param_0,
	.param .u64 fetch1dl_param_1,
	.param .u64 fetch1dl_param_2,
	.param .u64 fetch1dl_param_3
)
{
	.reg .f32 	%f<6>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<12>;


	ld.param.u64 	%rd1, [fetch1dl_param_0];
	ld.param.u64 	%rd2, [fetch1dl_param_1];
	ld.param.u64 	%rd3, [fetch1dl_param_2];
	ld.param.u64 	%rd4, [fetch1dl_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd8, %r4, 4;
	add.s64 	%rd9, %rd7, %rd8;
	ld.global.f32 	%f1, [%rd9];
	add.s64 	%rd10, %rd6, %rd8;
	ld.global.u32 	%r5, [%rd10];
	tex.a1d.v4.f32.f32 	{%f2, %f3, %f4, %f5}, [%rd1, {%r5, %f1}];
	add.s64 	%rd11, %rd5, %rd8;
	st.global.f32 	[%rd11], %f2;
	ret;

}
	// .globl	gather
.visible .entry gather(
	.param .u64 gather_param_0,
	.param .u64 gather_param_1,
	.param .u64 gather_param_2,
	.param .u64 gather_param_3
)
{
	.reg .f32 	%f<7>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<13>;


	ld.param.u64 	%rd1, [gather_param_0];
	ld.param.u64 	%rd2, [gather_param_1];
	ld.param.u64 	%rd3, [gather_param_2];
	ld.param.u64 	%rd4, [gather_param_3];
	cvta.to.global.u64 	%rd5, %rd4;
	cvta.to.global.u64 	%rd6, %rd3;
	cvta.to.global.u64 	%rd7, %rd2;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.s32 	%rd8, %r4, 4;
	add.s64 	%rd9, %rd7, %rd8;
	ld.global.f32 	%f1, [%rd9];
	add.s64 	%rd10, %rd6, %rd8;
	ld.global.f32 	%f2, [%rd10];
	mul.wide.s32 	%rd11, %r4, 16;
	add.s64 	%rd12, %rd5, %rd11;
	tld4.g.2d.v4.f32.f32 	{%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
	st.global.v4.f32 	[%rd12], {%f3, %f4, %f5, %f6};
	ret;

}
	// .globl	surf2d
.visible .entry surf2d(
	.param .u64 surf2d_param_0,
	.param .u64 surf2d_param_1,
	.param .u64 surf2d_param_2,
	.param .u64 surf2d_param_3
)
{
	.reg .b32 	%r<14>;
	.reg .b64 	%rd<10>;


	ld.param.u64 	%rd1, [surf2d_param_0];
	ld.param.u64 	%rd2, [surf2d_param_1];
	ld.param.u64 	%rd3, [surf2d_param_2];
	ld.param.u64 	%rd4, [surf2d_param_3];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	shl.b32 	%r3, %r1, 2;
	suld.b.2d.b32.trap {%r4}, [%rd1, {%r3, %r2}];
	mad.lo.s32 	%r5, %r4, 3, 1;
	sust.b.2d.b32.trap 	[%rd2, {%r3, %r2}], {%r5};
	add.s32 	%r6, %r3, -8;
	add.s32 	%r7, %r2, 1;
	suld.b.2d.b32.zero {%r8}, [%rd1, {%r6, %r7}];
	cvta.to.global.u64 	%rd5, %rd3;
	mov.u32 	%r9, %ntid.x;
	mad.lo.s32 	%r10, %r2, %r9, %r1;
	mul.wide.u32 	%rd6, %r10, 4;
	add.s64 	%rd7, %rd5, %rd6;
	st.global.u32 	[%rd7], %r8;
	add.s32 	%r11, %r3, 8;
	add.s32 	%r12, %r2, -1;
	suld.b.2d.b32.clamp {%r13}, [%rd1, {%r11, %r12}];
	cvta.to.global.u64 	%rd8, %rd4;
	add.s64 	%rd9, %rd8, %rd6;
	st.global.u32 	[%rd9], %r13;
	ret;

}
	// .globl	surf1d
.visible .entry surf1d(
	.param .u64 surf1d_param_0,
	.param .u64 surf1d_param_1
)
{
	.reg .b16 	%rs<9>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<3>;


	ld.param.u64 	%rd1, [surf1d_param_0];
	ld.param.u64 	%rd2, [surf1d_param_1];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	shl.b32 	%r5, %r4, 2;
	suld.b.1d.v4.b8.trap {%rs1, %rs2, %rs3, %rs4}, [%rd1, {%r5}];
	and.b16  	%rs5, %rs4, 255;
	and.b16  	%rs6, %rs3, 255;
	and.b16  	%rs7, %rs2, 255;
	and.b16  	%rs8, %rs1, 255;
	sust.b.1d.v4.b8.trap 	[%rd2, {%r5}], {%rs5, %rs6, %rs7, %rs8};
	ret;

}
	// .globl	trapping
.visible .entry trapping(
	.param .u64 trapping_param_0,
	.param .u32 trapping_param_1
)
{
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<2>;


	ld.param.u64 	%rd1, [trapping_param_0];
	ld.param.u32 	%r1, [trapping_param_1];
	shl.b32 	%r2, %r1, 2;
	mov.u32 	%r3, 7;
	sust.b.1d.b32.trap 	[%rd1, {%r2}], {%r3};
	ret;

}
	// .globl	query
.visible .entry query(
	.param .u64 query_param_0,
	.param .u64 query_param_1,
	.param .u64 query_param_2
)
{
	.reg .b32 	%r<7>;
	.reg .b64 	%rd<9>;


	ld.param.u64 	%rd1, [query_param_0];
	ld.param.u64 	%rd5, [query_param_1];
	ld.param.u64 	%rd7, [query_param_2];
	cvta.to.global.u64 	%rd8, %rd7;
	// begin inline asm
	txq.width.b32 %r1, [%rd1];
	// end inline asm
	st.global.u32 	[%rd8], %r1;
	// begin inline asm
	txq.height.b32 %r2, [%rd1];
	// end inline asm
	st.global.u32 	[%rd8+4], %r2;
	// begin inline asm
	txq.normalized_coords.b32 %r3, [%rd1];
	// end inline asm
	st.global.u32 	[%rd8+8], %r3;
	// begin inline asm
	txq.filter_mode.b32 %r4, [%rd1];
	// end inline asm
	st.global.u32 	[%rd8+12], %r4;
	// begin inline asm
	suq.width.b32 %r5, [%rd5];
	// end inline asm
	st.global.u32 	[%rd8+16], %r5;
	// begin inline asm
	suq.height.b32 %r6, [%rd5];
	// end inline asm
	st.global.u32 	[%rd8+20], %r6;
	ret;

}
	// .globl	fetch_some
.visible .entry fetch_some(
	.param .u64 fetch_some_param_0,
	.param .u64 fetch_some_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<18>;
	.reg .b64 	%rd<6>;


	ld.param.u64 	%rd1, [fetch_some_param_0];
	ld.param.u64 	%rd2, [fetch_some_param_1];
	mov.u32 	%r5, %ntid.x;
	mov.u32 	%r6, %ctaid.x;
	mov.u32 	%r7, %tid.x;
	mad.lo.s32 	%r1, %r6, %r5, %r7;
	mul.hi.s32 	%r8, %r1, 1431655766;
	shr.u32 	%r9, %r8, 31;
	add.s32 	%r10, %r8, %r9;
	mul.lo.s32 	%r11, %r10, 3;
	sub.s32 	%r12, %r1, %r11;
	setp.ne.s32 	%p1, %r12, 0;
	mov.u32 	%r17, -1;
	@%p1 bra 	$L__BB12_2;

	tex.1d.v4.s32.s32 	{%r13, %r14, %r15, %r16}, [%rd1, {%r1}];
	add.s32 	%r17, %r13, 1000;

$L__BB12_2:
	cvta.to.global.u64 	%rd3, %rd2;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	st.global.u32 	[%rd5], %r17;
	ret;

}
	// .globl	surf_more
.visible .entry surf_more(
	.param .u64 surf_more_param_0,
	.param .u64 surf_more_param_1,
	.param .u64 surf_more_param_2,
	.param .u64 surf_more_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<3>;
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<11>;


	ld.param.u64 	%rd4, [surf_more_param_0];
	ld.param.u64 	%rd5, [surf_more_param_1];
	ld.param.u64 	%rd2, [surf_more_param_2];
	ld.param.u64 	%rd3, [surf_more_param_3];
	mov.u32 	%r1, %tid.x;
	shl.b32 	%r2, %r1, 2;
	mov.u32 	%r3, %tid.z;
	mov.u32 	%r4, %tid.y;
	suld.b.3d.b32.trap {%r5}, [%rd4, {%r2, %r4, %r3, %r3}];
	add.s32 	%r6, %r5, 100;
	sust.b.3d.b32.trap 	[%rd4, {%r2, %r4, %r3, %r3}], {%r6};
	suld.b.a2d.b32.trap {%r7}, [%rd5, {%r3, %r2, %r4, %r4}];
	mov.b32 	%f1, %r7;
	add.f32 	%f2, %f1, %f1;
	mov.b32 	%r8, %f2;
	sust.b.a2d.b32.trap 	[%rd5, {%r3, %r2, %r4, %r4}], {%r8};
	or.b32  	%r9, %r4, %r3;
	setp.ne.s32 	%p1, %r9, 0;
	@%p1 bra 	$L__BB13_3;

	shl.b32 	%r10, %r1, 3;
	suld.b.1d.b64.trap {%rd1}, [%rd2, {%r10}];
	cvta.to.global.u64 	%rd6, %rd3;
	mul.wide.s32 	%rd7, %r1, 8;
	add.s64 	%rd8, %rd6, %rd7;
	st.global.u64 	[%rd8], %rd1;
	add.s64 	%rd9, %rd1, 1;
	add.s32 	%r11, %r10, 32;
	sust.b.1d.b64.zero 	[%rd2, {%r11}], {%rd9};
	setp.ne.s32 	%p2, %r1, 3;
	@%p2 bra 	$L__BB13_3;

	neg.s64 	%rd10, %rd1;
	mov.u32 	%r12, -16;
	sust.b.1d.b64.clamp 	[%rd2, {%r12}], {%rd10};

$L__BB13_3:
	ret;

}

#endif // end of texture.ptx
