/* texture.c — texture and surface objects (p2n_tex_create, p2n_surf_create)
 * and the service that runs tex, tld4, txq, suld, sust and suq for a warp.
 *
 * Texture fetching follows the CUDA programming guide's appendix "Texture
 * Fetching":
 *   - normalized coordinates are scaled by the size N of their dimension;
 *   - addressing: wrap takes frac(x) of the normalized coordinate, mirror
 *     frac(x) or 1 - frac(x) as floor(x) is even or odd (both only with
 *     normalized coordinates; unnormalized, they act as clamp); clamp
 *     clamps the texel index into [0, N-1]; border gives the border colour
 *     for an index outside [0, N-1];
 *   - point filtering reads T[floor(x)];
 *   - linear filtering reads T[i] and T[i+1] (2 and 4 and 8 texels in 2D
 *     and 3D), i = floor(x - 0.5), with weights from frac(x - 0.5) held in
 *     9-bit fixed point with 8 fraction bits, as the hardware does;
 *     addressing applies to each texel index.
 * Integer coordinates (tex with .s32 coordinates, tex1Dfetch) index texels
 * directly, unfiltered; out of range they read the border colour, or the
 * nearest texel when the mode is clamp.
 * Elements: 8- and 16-bit integers read as normalized floats when asked
 * (unsigned / (2^n - 1), signed / (2^(n-1) - 1) and at least -1); f16
 * reads as f32.  A texture with fewer than 4 channels returns 0 for the
 * missing ones, 1 for the fourth.
 *
 * Cube maps (tex.cube, tex.acube; the programming guide's "Cubemap
 * Textures"): the direction (x, y, z) picks the face of its largest
 * component m = max(|x|, |y|, |z|) (on a tie x before y before z), and
 * within it the normalized 2D coordinates ((s/m + 1)/2, (t/m + 1)/2):
 *     |x| largest: x >= 0 face 0, (s, t) = (-z, -y); else face 1, (z, -y)
 *     |y| largest: y >= 0 face 2, (x, z);            else face 3, (x, -z)
 *     |z| largest: z >= 0 face 4, (x, -y);           else face 5, (-x, -y)
 * which are then fetched from layer 6 * cube + face as a layered 2D
 * texture, with the texture's filtering and address modes.
 *
 * Surfaces (suld.b, sust.b): x is in bytes, y and z in rows and slices;
 * an access wholly inside the surface reads or writes memory as it is.
 * Outside it, .trap fails the launch, .clamp uses the nearest element,
 * .zero reads zeros and drops stores. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

#define TEX_MAGIC 0x54657850u /* "PxeT" */

typedef struct rt_texture {
    uint32_t magic;
    int surface;
    p2n_texture_desc d;
    size_t esize; /* bytes of one channel */
} rt_texture;

/* Rounding helpers without libm (the library links with libc alone). */
static double
floor_d(double x)
{
    if (!(x > -0x1p52 && x < 0x1p52)) return x; /* integral already, or NaN */
    double f = (double)(int64_t)x;
    return f > x ? f - 1.0 : f;
}

/* floor, limited to +-2^40 so that it converts to an integer */
static int64_t
floor_i(double x)
{
    x = floor_d(x);
    return x < -0x1p40 ? -(INT64_C(1) << 40) : x > 0x1p40 ? (INT64_C(1) << 40) : (int64_t)x;
}

/* Every live object, so that a kernel's handle is checked before it is
 * used: a handle that is no object fails the launch, never the process. */
static pthread_rwlock_t live_lock = PTHREAD_RWLOCK_INITIALIZER;
static rt_texture **live;
static size_t nlive, caplive;

static bool
live_add(rt_texture *t)
{
    pthread_rwlock_wrlock(&live_lock);
    if (nlive == caplive) {
        size_t cap = caplive ? 2 * caplive : 16;
        rt_texture **v = realloc(live, cap * sizeof *v);
        if (!v) {
            pthread_rwlock_unlock(&live_lock);
            return false;
        }
        live = v;
        caplive = cap;
    }
    live[nlive++] = t;
    pthread_rwlock_unlock(&live_lock);
    return true;
}

/* Removes t when it is live; false if it is not. */
static bool
live_remove(rt_texture *t)
{
    bool found = false;
    pthread_rwlock_wrlock(&live_lock);
    for (size_t i = 0; i < nlive; i++)
        if (live[i] == t) {
            live[i] = live[--nlive];
            found = true;
            break;
        }
    pthread_rwlock_unlock(&live_lock);
    return found;
}

static bool
live_has_locked(uint64_t h)
{
    for (size_t i = nlive; i-- > 0;)
        if ((uint64_t)(uintptr_t)live[i] == h) return true;
    return false;
}

static size_t
format_size(p2n_format f)
{
    switch (f) {
    case P2N_FORMAT_U8:
    case P2N_FORMAT_S8:
        return 1;
    case P2N_FORMAT_U16:
    case P2N_FORMAT_S16:
    case P2N_FORMAT_F16:
        return 2;
    case P2N_FORMAT_U32:
    case P2N_FORMAT_S32:
    case P2N_FORMAT_F32:
        return 4;
    }
    return 0;
}

static bool
is_float_format(p2n_format f)
{
    return f == P2N_FORMAT_F16 || f == P2N_FORMAT_F32;
}

static p2n_result
create(p2n_texture *out, const p2n_texture_desc *desc, int surface)
{
    if (!out || !desc || !desc->data || desc->dims < 1 || desc->dims > 3 ||
        format_size(desc->format) == 0 ||
        (desc->channels != 1 && desc->channels != 2 && desc->channels != 4) || desc->width == 0 ||
        (desc->layers && desc->dims == 3) ||
        (desc->cubemap && !surface &&
         (desc->dims != 2 || desc->width != desc->height || desc->layers == 0 ||
          desc->layers % 6 != 0))) {
        rt_set_error("p2n_%s_create: invalid descriptor", surface ? "surf" : "tex");
        return P2N_ERROR_INVALID_VALUE;
    }
    rt_texture *t = calloc(1, sizeof *t);
    if (!t) {
        rt_set_error("p2n_%s_create: out of memory", surface ? "surf" : "tex");
        return P2N_ERROR_OUT_OF_MEMORY;
    }
    t->magic = TEX_MAGIC;
    t->surface = surface;
    t->d = *desc;
    if (surface) t->d.cubemap = 0; /* a layered 2D surface */
    t->esize = format_size(desc->format);
    size_t elem = t->esize * desc->channels;
    if (t->d.dims < 2 || t->d.height == 0) t->d.height = 1;
    if (t->d.dims < 3 || t->d.depth == 0) t->d.depth = 1;
    if (t->d.pitch == 0) t->d.pitch = t->d.width * elem;
    if (t->d.slice_pitch == 0) t->d.slice_pitch = t->d.pitch * t->d.height;
    bool bad_filter = !surface && desc->filter == P2N_FILTER_LINEAR &&
                      !is_float_format(desc->format) && !(desc->normalized_float && t->esize <= 2);
    if (t->d.pitch < t->d.width * elem || bad_filter || desc->filter > P2N_FILTER_LINEAR) {
        free(t);
        rt_set_error("p2n_%s_create: %s", surface ? "surf" : "tex",
                     bad_filter ? "linear filtering needs elements read as floats"
                                : "invalid descriptor");
        return P2N_ERROR_INVALID_VALUE;
    }
    if (!live_add(t)) {
        free(t);
        rt_set_error("p2n_%s_create: out of memory", surface ? "surf" : "tex");
        return P2N_ERROR_OUT_OF_MEMORY;
    }
    *out = (p2n_texture)(uintptr_t)t;
    return P2N_SUCCESS;
}

RT_EXPORT p2n_result
p2n_tex_create(p2n_texture *tex, const p2n_texture_desc *desc)
{
    return create(tex, desc, 0);
}

RT_EXPORT p2n_result
p2n_surf_create(p2n_texture *surf, const p2n_texture_desc *desc)
{
    return create(surf, desc, 1);
}

RT_EXPORT void
p2n_tex_destroy(p2n_texture tex)
{
    rt_texture *t = (rt_texture *)(uintptr_t)tex;
    if (!t || !live_remove(t)) return;
    t->magic = 0;
    free(t);
}

/* ----------------------------------------------------------- fetching */

static float
half_to_float(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v;
    if (e == 0)
        v = (float)m * 0x1p-24f;
    else if (e == 31)
        v = m ? NAN : INFINITY;
    else {
        v = (float)(m | 1024) * 0x1p-25f;
        for (int k = 0; k < e; k++)
            v *= 2.0f;
    }
    return (h & 0x8000) ? -v : v;
}

/* Channel c of the element at p, as the read mode gives it: a float in
 * f->f, or the integer in f->i. */
typedef struct {
    float f[4];
    uint32_t i[4];
} Texel;

static void
read_element(const rt_texture *t, const char *p, Texel *out)
{
    const p2n_texture_desc *d = &t->d;
    for (unsigned c = 0; c < 4; c++) {
        if (c >= d->channels) {
            out->f[c] = c == 3 ? 1.0f : 0.0f;
            out->i[c] = c == 3 ? 1u : 0u;
            continue;
        }
        const char *q = p + c * t->esize;
        int64_t iv = 0;
        float fv = 0;
        switch (d->format) {
        case P2N_FORMAT_U8:
            iv = *(const uint8_t *)q;
            fv = (float)iv / 255.0f;
            break;
        case P2N_FORMAT_S8:
            iv = *(const int8_t *)q;
            fv = iv == -128 ? -1.0f : (float)iv / 127.0f;
            break;
        case P2N_FORMAT_U16: {
            uint16_t v;
            memcpy(&v, q, 2);
            iv = v;
            fv = (float)iv / 65535.0f;
            break;
        }
        case P2N_FORMAT_S16: {
            int16_t v;
            memcpy(&v, q, 2);
            iv = v;
            fv = iv == -32768 ? -1.0f : (float)iv / 32767.0f;
            break;
        }
        case P2N_FORMAT_U32:
        case P2N_FORMAT_S32: {
            uint32_t v;
            memcpy(&v, q, 4);
            iv = d->format == P2N_FORMAT_S32 ? (int32_t)v : (int64_t)v;
            fv = (float)iv;
            break;
        }
        case P2N_FORMAT_F16: {
            uint16_t v;
            memcpy(&v, q, 2);
            fv = half_to_float(v);
            break;
        }
        case P2N_FORMAT_F32:
            memcpy(&fv, q, 4);
            break;
        }
        bool as_float = is_float_format(d->format) || (d->normalized_float && t->esize <= 2);
        if (as_float) {
            memcpy(&out->i[c], &fv, 4);
            out->f[c] = fv;
        } else {
            out->i[c] = (uint32_t)iv;
            out->f[c] = fv;
        }
    }
}

static void
border_texel(const rt_texture *t, Texel *out)
{
    for (int c = 0; c < 4; c++) {
        out->f[c] = t->d.border[c];
        bool as_float = is_float_format(t->d.format) || (t->d.normalized_float && t->esize <= 2);
        if (as_float)
            memcpy(&out->i[c], &out->f[c], 4);
        else
            out->i[c] = (uint32_t)(int32_t)t->d.border[c];
    }
}

/* The index i into [0, n) under `mode`, or -1 for the border. */
static int64_t
address_index(int64_t i, int64_t n, p2n_address_mode mode, int normalized)
{
    if (i >= 0 && i < n) return i;
    switch (mode) {
    case P2N_ADDRESS_BORDER:
        return -1;
    case P2N_ADDRESS_WRAP:
        if (normalized) return ((i % n) + n) % n;
        break;
    case P2N_ADDRESS_MIRROR:
        if (normalized) {
            int64_t p = ((i % (2 * n)) + 2 * n) % (2 * n);
            return p < n ? p : 2 * n - 1 - p;
        }
        break;
    case P2N_ADDRESS_CLAMP:
        break;
    }
    return i < 0 ? 0 : n - 1;
}

/* Coordinate x of a dimension of n texels, as a texel-space position. */
static double
texel_position(float x, int64_t n, p2n_address_mode mode, int normalized)
{
    if (!normalized) return x;
    double v = x;
    if (mode == P2N_ADDRESS_WRAP)
        v = v - floor_d(v);
    else if (mode == P2N_ADDRESS_MIRROR) {
        double f = floor_d(v);
        bool odd = (floor_i(f) & 1) != 0;
        v = odd ? 1.0 - (v - f) : v - f;
    }
    return v * (double)n;
}

/* Cube map faces are always read with normalized coordinates. */
static int
normalized(const rt_texture *t)
{
    return t->d.normalized_coords || t->d.cubemap;
}

static const char *
element_at(const rt_texture *t, int64_t x, int64_t y, int64_t z)
{
    const p2n_texture_desc *d = &t->d;
    return (const char *)d->data + (size_t)z * d->slice_pitch + (size_t)y * d->pitch +
           (size_t)x * t->esize * d->channels;
}

/* The texel at integer position (ix, iy, iz) of layer `layer`, addressed. */
static void
texel(const rt_texture *t, const int64_t *ix, int ndims, int64_t layer, Texel *out)
{
    const p2n_texture_desc *d = &t->d;
    int64_t n[3] = {(int64_t)d->width, (int64_t)d->height, (int64_t)d->depth}, idx[3] = {0, 0, 0};
    for (int k = 0; k < ndims; k++) {
        idx[k] = address_index(ix[k], n[k], d->address[k], normalized(t));
        if (idx[k] < 0) {
            border_texel(t, out);
            return;
        }
    }
    if (d->layers) /* layers lie slice_pitch apart */
        idx[2] = layer;
    read_element(t, element_at(t, idx[0], idx[1], idx[2]), out);
}

/* The 8-fraction-bit weight of frac(v): 9-bit fixed point. */
static double
weight(double v)
{
    double f = v - floor_d(v);
    return floor_d(f * 256.0 + 0.5) / 256.0;
}

static void
sample(const rt_texture *t, const float *x, int ndims, int64_t layer, Texel *out)
{
    const p2n_texture_desc *d = &t->d;
    int64_t n[3] = {(int64_t)d->width, (int64_t)d->height, (int64_t)d->depth};
    double pos[3];
    for (int k = 0; k < ndims; k++) {
        if (isnan(x[k])) { /* no texel: the border, or texel 0 */
            pos[k] = d->address[k] == P2N_ADDRESS_BORDER ? -1.0 : 0.0;
            continue;
        }
        pos[k] = texel_position(x[k], n[k], d->address[k], normalized(t));
    }
    if (d->filter == P2N_FILTER_POINT) {
        int64_t ix[3];
        for (int k = 0; k < ndims; k++)
            ix[k] = floor_i(pos[k]);
        texel(t, ix, ndims, layer, out);
        return;
    }
    int64_t base[3];
    double w[3];
    for (int k = 0; k < ndims; k++) {
        double b = pos[k] - 0.5;
        base[k] = floor_i(b);
        w[k] = weight(b);
    }
    double acc[4] = {0, 0, 0, 0};
    for (int corner = 0; corner < (1 << ndims); corner++) {
        int64_t ix[3];
        double wt = 1.0;
        for (int k = 0; k < ndims; k++) {
            int hi = (corner >> k) & 1;
            ix[k] = base[k] + hi;
            wt *= hi ? w[k] : 1.0 - w[k];
        }
        Texel tx;
        texel(t, ix, ndims, layer, &tx);
        for (int c = 0; c < 4; c++)
            acc[c] += wt * tx.f[c];
    }
    for (int c = 0; c < 4; c++) {
        out->f[c] = (float)acc[c];
        memcpy(&out->i[c], &out->f[c], 4);
    }
}

static float
abs_f(float x)
{
    return x < 0 ? -x : x;
}

/* The face (0-5) of direction v and its normalized 2D coordinates. */
static int
cube_face(const float *v, float *st)
{
    float ax = abs_f(v[0]), ay = abs_f(v[1]), az = abs_f(v[2]), m, s, t;
    int face;
    if (ax >= ay && ax >= az) {
        face = v[0] >= 0 ? 0 : 1;
        m = ax, s = face == 0 ? -v[2] : v[2], t = -v[1];
    } else if (ay >= az) {
        face = v[1] >= 0 ? 2 : 3;
        m = ay, s = v[0], t = face == 2 ? v[2] : -v[2];
    } else {
        face = v[2] >= 0 ? 4 : 5;
        m = az, s = face == 4 ? v[0] : -v[0], t = -v[1];
    }
    st[0] = (s / m + 1.0f) * 0.5f;
    st[1] = (t / m + 1.0f) * 0.5f;
    return face;
}

/* tld4: component c of the four texels that bilinear filtering at (x, y)
 * reads, in the order (i, j+1), (i+1, j+1), (i+1, j), (i, j). */
static void
gather(const rt_texture *t, const float *x, int comp, uint32_t *res)
{
    const p2n_texture_desc *d = &t->d;
    int64_t n[2] = {(int64_t)d->width, (int64_t)d->height}, base[2];
    for (int k = 0; k < 2; k++) {
        double p = isnan(x[k])
                       ? 0.0
                       : texel_position(x[k], n[k], d->address[k], d->normalized_coords) - 0.5;
        base[k] = floor_i(p);
    }
    static const int off[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    for (int v = 0; v < 4; v++) {
        int64_t ix[2] = {base[0] + off[v][0], base[1] + off[v][1]};
        Texel tx;
        texel(t, ix, 2, 0, &tx);
        res[v] = tx.i[comp];
    }
}

/* -------------------------------------------------------- the service */

static uint32_t
query(const rt_texture *t, int q)
{
    const p2n_texture_desc *d = &t->d;
    static const uint32_t ptx_addr[] = {[P2N_ADDRESS_WRAP] = 0,
                                        [P2N_ADDRESS_MIRROR] = 1,
                                        [P2N_ADDRESS_CLAMP] = 3,
                                        [P2N_ADDRESS_BORDER] = 4};
    switch (q) {
    case P2N_TXQ_WIDTH:
        return (uint32_t)d->width;
    case P2N_TXQ_HEIGHT:
        return (uint32_t)d->height;
    case P2N_TXQ_DEPTH:
        return (uint32_t)d->depth;
    case P2N_TXQ_ARRAY_SIZE: /* of a cube map array: cubes */
        return d->cubemap ? d->layers / 6 : d->layers;
    case P2N_TXQ_NORMALIZED:
        return d->normalized_coords ? 1u : 0u;
    case P2N_TXQ_FILTER:
        return d->filter == P2N_FILTER_LINEAR;
    case P2N_TXQ_ADDR0:
    case P2N_TXQ_ADDR1:
    case P2N_TXQ_ADDR2:
        return ptx_addr[d->address[q - P2N_TXQ_ADDR0] & 3];
    case P2N_TXQ_MIPMAPS:
        return 1;
    default:
        return 0;
    }
}

static int
geometry_dims(int g)
{
    return g == P2N_TEXG_3D ? 3 : g == P2N_TEXG_1D || g == P2N_TEXG_A1D ? 1 : 2;
}

void
rt_svc_texture(p2n_warp *w, uint32_t lanes, uint32_t op, const uint64_t *handle,
               const uint32_t *coord, uint64_t *data, uint32_t line)
{
    int kind = op & 15, geom = (op >> 4) & 15, ty = (op >> 8) & 3, fcoord = (op >> 10) & 1;
    int sub = (op >> 12) & 15, nvec = (op >> 16) & 7;
    bool layered = geom == P2N_TEXG_A1D || geom == P2N_TEXG_A2D || geom == P2N_TEXG_ACUBE;
    bool cube = geom == P2N_TEXG_CUBE || geom == P2N_TEXG_ACUBE;
    int ndims = geometry_dims(geom);
    pthread_rwlock_rdlock(&live_lock);
    for (int l = 0; l < P2N_WARP_SIZE; l++) /* each distinct handle once */
        if (((lanes >> l) & 1) &&
            (l == 0 || handle[l] != handle[l - 1] || !((lanes >> (l - 1)) & 1)) &&
            !live_has_locked(handle[l])) {
            pthread_rwlock_unlock(&live_lock);
            w->rt->error(w, P2N_KERR_TEXTURE, 1u << l, line);
            return;
        }
    pthread_rwlock_unlock(&live_lock);
    for (int l = 0; l < P2N_WARP_SIZE; l++) {
        if (!((lanes >> l) & 1)) continue;
        const rt_texture *t = (const rt_texture *)(uintptr_t)handle[l];
        uint32_t c[5];
        for (int k = 0; k < 5; k++)
            c[k] = coord[k * P2N_WARP_SIZE + l];
        int64_t layer = layered ? (int64_t)(int32_t)c[0] : 0;
        const uint32_t *xc = layered ? c + 1 : c;
        if (layered) { /* the layer index clamps into the array */
            int64_t nl = t->d.layers ? (int64_t)t->d.layers : 1;
            if (geom == P2N_TEXG_ACUBE) nl /= 6; /* cubes */
            layer = layer < 0 ? 0 : layer >= nl ? nl - 1 : layer;
        }
        switch (kind) {
        case P2N_TEX_TEX: {
            Texel tx;
            if (cube) {
                float v[3], st[2];
                memcpy(v, xc, sizeof v);
                int face = cube_face(v, st);
                if (!t->d.cubemap) /* not a cube map: nothing defined to read */
                    border_texel(t, &tx);
                else
                    sample(t, st, 2, layer * 6 + face, &tx);
            } else if (fcoord) {
                float x[3];
                memcpy(x, xc, sizeof x);
                sample(t, x, ndims, layer, &tx);
            } else {
                int64_t ix[3] = {(int32_t)xc[0], (int32_t)xc[1], (int32_t)xc[2]};
                bool in = true;
                int64_t n[3] = {(int64_t)t->d.width, (int64_t)t->d.height, (int64_t)t->d.depth};
                for (int k = 0; k < ndims; k++) {
                    if (ix[k] >= 0 && ix[k] < n[k]) continue;
                    if (t->d.address[k] == P2N_ADDRESS_CLAMP)
                        ix[k] = ix[k] < 0 ? 0 : n[k] - 1;
                    else
                        in = false;
                }
                if (!in)
                    border_texel(t, &tx);
                else {
                    int64_t idx[3] = {ix[0], ndims > 1 ? ix[1] : 0, ndims > 2 ? ix[2] : 0};
                    if (layered) idx[2] = layer;
                    read_element(t, element_at(t, idx[0], idx[1], idx[2]), &tx);
                }
            }
            for (int k = 0; k < 4; k++) {
                uint32_t v = tx.i[k];
                if (ty == 0 &&
                    !(is_float_format(t->d.format) || (t->d.normalized_float && t->esize <= 2)))
                    memcpy(&v, &tx.f[k], 4); /* integers promoted to float */
                data[k * P2N_WARP_SIZE + l] = v;
            }
            break;
        }
        case P2N_TEX_TLD4: {
            float x[2];
            memcpy(x, xc, sizeof x);
            uint32_t r[4];
            gather(t, x, sub, r);
            for (int k = 0; k < 4; k++)
                data[k * P2N_WARP_SIZE + l] = r[k];
            break;
        }
        case P2N_TEX_TXQ:
        case P2N_TEX_SUQ:
            data[l] = query(t, sub);
            break;
        case P2N_TEX_SULD:
        case P2N_TEX_SUST: {
            size_t bytes = (size_t)1 << ty, access = bytes * (size_t)nvec;
            size_t elem = t->esize * t->d.channels;
            int64_t row_bytes = (int64_t)(t->d.width * elem);
            int64_t x = (int32_t)xc[0], y = ndims > 1 ? (int32_t)xc[1] : 0,
                    z = ndims > 2 ? (int32_t)xc[2] : 0;
            int64_t ny = (int64_t)t->d.height, nz = (int64_t)t->d.depth;
            bool out =
                x < 0 || x + (int64_t)access > row_bytes || y < 0 || y >= ny || z < 0 || z >= nz;
            if (kind == P2N_TEX_SULD)
                for (int k = 0; k < nvec; k++)
                    data[k * P2N_WARP_SIZE + l] = 0;
            if (out) {
                if (sub == 0) {
                    w->rt->error(w, P2N_KERR_SURFACE_RANGE, 1u << l, line);
                    return;
                }
                if (sub == 2) /* .zero: the loads read the zeros above, the stores drop */
                    break;
                int64_t xmax = row_bytes - (int64_t)access;
                x = x < 0 ? 0 : x > xmax ? xmax : x;
                y = y < 0 ? 0 : y >= ny ? ny - 1 : y;
                z = z < 0 ? 0 : z >= nz ? nz - 1 : z;
                if (xmax < 0) break;
            }
            if (layered) z = layer;
            char *p = (char *)t->d.data + (size_t)z * t->d.slice_pitch + (size_t)y * t->d.pitch +
                      (size_t)x;
            for (int k = 0; k < nvec; k++) {
                uint64_t v = kind == P2N_TEX_SUST ? data[k * P2N_WARP_SIZE + l] : 0;
                if (kind == P2N_TEX_SUST)
                    memcpy(p + k * bytes, &v, bytes); /* little-endian: the low bytes */
                else {
                    memcpy(&v, p + k * bytes, bytes);
                    data[k * P2N_WARP_SIZE + l] = v;
                }
            }
            break;
        }
        default:
            break;
        }
    }
}
