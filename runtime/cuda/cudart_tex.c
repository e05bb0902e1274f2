/* cudart_tex.c — the runtime API's arrays, texture objects and surface
 * objects (libcudart.so.12 and .13), over the arrays of the core
 * (array.c) and the host library's texture objects (p2n_tex_create).
 *
 * Offsets and widths follow the Runtime API reference: cudaMemcpy2DToArray
 * and friends take the column offset and the width in bytes; an array's
 * rows are contiguous, so the 1D forms (cudaMemcpyToArray) run on from
 * row to row.  A texture object remembers the descriptors it was made
 * from for cudaGetTextureObjectResourceDesc/TextureDesc.  Not supported:
 * mipmapped arrays, resource views, sRGB, anisotropy and seamless cube
 * map filtering (cube faces are filtered and addressed each on its own). */
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define API CU_EXPORT

typedef cu_stream *cudaStream_t;
typedef unsigned long long cudaTextureObject_t;

static int
check_kind(int kind)
{
    return kind >= p2n_cudaMemcpyHostToHost && kind <= p2n_cudaMemcpyDefault
               ? 0
               : p2n_cudaErrorInvalidMemcpyDirection;
}

/* ------------------------------------------------------------ arrays */

API p2n_cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w, int f)
{
    return (p2n_cudaChannelFormatDesc){x, y, z, w, f};
}

API int
cudaMallocArray(cu_array **out, const p2n_cudaChannelFormatDesc *desc, size_t width, size_t height,
                unsigned flags)
{
    p2n_format f;
    unsigned nch;
    if (!out) return cu_rt_error(p2n_cudaErrorInvalidValue);
    int e = cu_format_from_channel(desc, &f, &nch);
    /* 1D or 2D only: the layered and cube map forms need cudaMalloc3DArray */
    if (!e && (flags & (p2n_cudaArrayLayered | p2n_cudaArrayCubemap)))
        e = p2n_cudaErrorInvalidValue;
    if (!e) e = cu_array_create(out, f, nch, width, height, 0, flags);
    return cu_rt_error(e);
}

API int
cudaMalloc3DArray(cu_array **out, const p2n_cudaChannelFormatDesc *desc, p2n_cudaExtent ext,
                  unsigned flags)
{
    p2n_format f;
    unsigned nch;
    if (!out) return cu_rt_error(p2n_cudaErrorInvalidValue);
    int e = cu_format_from_channel(desc, &f, &nch);
    if (!e) e = cu_array_create(out, f, nch, ext.width, ext.height, ext.depth, flags);
    return cu_rt_error(e);
}

API int
cudaFreeArray(cu_array *a)
{
    return cu_rt_error(cu_array_destroy(a));
}

API int
cudaGetChannelDesc(p2n_cudaChannelFormatDesc *desc, const cu_array *h)
{
    const cu_array *a = cu_array_get(h);
    if (!a || !desc) return cu_rt_error(p2n_cudaErrorInvalidValue);
    cu_channel_from_format(a->format, a->channels, desc);
    return 0;
}

API int
cudaArrayGetInfo(p2n_cudaChannelFormatDesc *desc, p2n_cudaExtent *ext, unsigned *flags, cu_array *h)
{
    const cu_array *a = cu_array_get(h);
    if (!a) return cu_rt_error(p2n_cudaErrorInvalidValue);
    if (desc) cu_channel_from_format(a->format, a->channels, desc);
    if (ext) *ext = (p2n_cudaExtent){a->width, a->height, a->depth};
    if (flags) *flags = a->flags;
    return 0;
}

/* ------------------------------------------------------- array copies */

static cu_copy_side
mem(const void *p, size_t pitch)
{
    return (cu_copy_side){.ptr = (char *)p, .pitch = pitch};
}

static int
arr(cu_copy_side *c, const void *h, size_t x, size_t y)
{
    *c = (cu_copy_side){.array = cu_array_get(h), .x = x, .y = y};
    return c->array ? 0 : p2n_cudaErrorInvalidValue;
}

/* A 2D copy with an array on one side or both; x offsets and width in bytes. */
static int
copy2d(cu_copy_side *dst, cu_copy_side *src, size_t width, size_t height, int kind, cudaStream_t s,
       bool async)
{
    if (check_kind(kind)) return cu_rt_error(check_kind(kind));
    if (async && !cu_stream_valid(s)) return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    int e = cu_copy3d(async ? s : NULL, dst, src, width, height, 1, async);
    return cu_rt_error(e ? e : async ? 0 : cu_sticky_error());
}

static int
to_array(cu_array *a, size_t x, size_t y, const void *src, size_t spitch, size_t width,
         size_t height, int kind, cudaStream_t s, bool async)
{
    cu_copy_side d, c = mem(src, spitch);
    int e = arr(&d, a, x, y);
    return e ? cu_rt_error(e) : copy2d(&d, &c, width, height, kind, s, async);
}

static int
from_array(void *dst, size_t dpitch, const cu_array *a, size_t x, size_t y, size_t width,
           size_t height, int kind, cudaStream_t s, bool async)
{
    cu_copy_side d = mem(dst, dpitch), c;
    int e = arr(&c, a, x, y);
    return e ? cu_rt_error(e) : copy2d(&d, &c, width, height, kind, s, async);
}

API int
cudaMemcpy2DToArray(cu_array *a, size_t x, size_t y, const void *src, size_t spitch, size_t width,
                    size_t height, int kind)
{
    return to_array(a, x, y, src, spitch, width, height, kind, NULL, false);
}

API int
cudaMemcpy2DToArrayAsync(cu_array *a, size_t x, size_t y, const void *src, size_t spitch,
                         size_t width, size_t height, int kind, cudaStream_t s)
{
    return to_array(a, x, y, src, spitch, width, height, kind, s, true);
}

API int
cudaMemcpy2DFromArray(void *dst, size_t dpitch, const cu_array *a, size_t x, size_t y, size_t width,
                      size_t height, int kind)
{
    return from_array(dst, dpitch, a, x, y, width, height, kind, NULL, false);
}

API int
cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, const cu_array *a, size_t x, size_t y,
                           size_t width, size_t height, int kind, cudaStream_t s)
{
    return from_array(dst, dpitch, a, x, y, width, height, kind, s, true);
}

API int
cudaMemcpy2DArrayToArray(cu_array *dst, size_t dx, size_t dy, const cu_array *src, size_t sx,
                         size_t sy, size_t width, size_t height, int kind)
{
    cu_copy_side d, c;
    int e = arr(&d, dst, dx, dy);
    if (!e) e = arr(&c, src, sx, sy);
    return e ? cu_rt_error(e) : copy2d(&d, &c, width, height, kind, NULL, false);
}

/* The 1D forms: n bytes from (x, y) on, running on from row to row: the
 * array's memory from that byte, which must hold n bytes. */
static int
linear_at(const cu_array *h, size_t x, size_t y, size_t n, char **p)
{
    const cu_array *a = cu_array_get(h);
    size_t total = a ? a->slice_pitch * (a->depth ? a->depth : 1) : 0;
    if (!a || x > a->pitch || y > total / a->pitch) return p2n_cudaErrorInvalidValue;
    size_t at = y * a->pitch + x;
    if (at > total || n > total - at) return p2n_cudaErrorInvalidValue;
    *p = a->data + at;
    return 0;
}

static int
copy1d(char *dst, const char *src, size_t n, int kind, cudaStream_t s, bool async)
{
    if (check_kind(kind)) return cu_rt_error(check_kind(kind));
    if (async && !cu_stream_valid(s)) return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    int e = cu_memcpy(async ? s : NULL, dst, src, n, async);
    return cu_rt_error(e ? e : async ? 0 : cu_sticky_error());
}

API int
cudaMemcpyToArray(cu_array *a, size_t x, size_t y, const void *src, size_t n, int kind)
{
    char *p = NULL;
    int e = linear_at(a, x, y, n, &p);
    return e ? cu_rt_error(e) : copy1d(p, src, n, kind, NULL, false);
}

API int
cudaMemcpyToArrayAsync(cu_array *a, size_t x, size_t y, const void *src, size_t n, int kind,
                       cudaStream_t s)
{
    char *p = NULL;
    int e = linear_at(a, x, y, n, &p);
    return e ? cu_rt_error(e) : copy1d(p, src, n, kind, s, true);
}

API int
cudaMemcpyFromArray(void *dst, const cu_array *a, size_t x, size_t y, size_t n, int kind)
{
    char *p = NULL;
    int e = linear_at(a, x, y, n, &p);
    return e ? cu_rt_error(e) : copy1d(dst, p, n, kind, NULL, false);
}

API int
cudaMemcpyFromArrayAsync(void *dst, const cu_array *a, size_t x, size_t y, size_t n, int kind,
                         cudaStream_t s)
{
    char *p = NULL;
    int e = linear_at(a, x, y, n, &p);
    return e ? cu_rt_error(e) : copy1d(dst, p, n, kind, s, true);
}

API int
cudaMemcpyArrayToArray(cu_array *dst, size_t dx, size_t dy, const cu_array *src, size_t sx,
                       size_t sy, size_t n, int kind)
{
    char *d = NULL, *c = NULL;
    int e = linear_at(dst, dx, dy, n, &d);
    if (!e) e = linear_at(src, sx, sy, n, &c);
    return e ? cu_rt_error(e) : copy1d(d, c, n, kind, NULL, false);
}

/* The per-thread-default-stream names nvcc picks with
 * --default-stream per-thread: the same copies here. */
API int
cudaMemcpy2DToArray_ptds(cu_array *a, size_t x, size_t y, const void *src, size_t spitch,
                         size_t width, size_t height, int kind)
{
    return cudaMemcpy2DToArray(a, x, y, src, spitch, width, height, kind);
}

API int
cudaMemcpy2DToArrayAsync_ptsz(cu_array *a, size_t x, size_t y, const void *src, size_t spitch,
                              size_t width, size_t height, int kind, cudaStream_t s)
{
    return cudaMemcpy2DToArrayAsync(a, x, y, src, spitch, width, height, kind, s);
}

API int
cudaMemcpy2DFromArray_ptds(void *dst, size_t dpitch, const cu_array *a, size_t x, size_t y,
                           size_t width, size_t height, int kind)
{
    return cudaMemcpy2DFromArray(dst, dpitch, a, x, y, width, height, kind);
}

API int
cudaMemcpy2DFromArrayAsync_ptsz(void *dst, size_t dpitch, const cu_array *a, size_t x, size_t y,
                                size_t width, size_t height, int kind, cudaStream_t s)
{
    return cudaMemcpy2DFromArrayAsync(dst, dpitch, a, x, y, width, height, kind, s);
}

API int
cudaMemcpy2DArrayToArray_ptds(cu_array *dst, size_t dx, size_t dy, const cu_array *src, size_t sx,
                              size_t sy, size_t width, size_t height, int kind)
{
    return cudaMemcpy2DArrayToArray(dst, dx, dy, src, sx, sy, width, height, kind);
}

API int
cudaMemcpyToArray_ptds(cu_array *a, size_t x, size_t y, const void *src, size_t n, int kind)
{
    return cudaMemcpyToArray(a, x, y, src, n, kind);
}

API int
cudaMemcpyFromArray_ptds(void *dst, const cu_array *a, size_t x, size_t y, size_t n, int kind)
{
    return cudaMemcpyFromArray(dst, a, x, y, n, kind);
}

API int
cudaMemcpyToArrayAsync_ptsz(cu_array *a, size_t x, size_t y, const void *src, size_t n, int kind,
                            cudaStream_t s)
{
    return cudaMemcpyToArrayAsync(a, x, y, src, n, kind, s);
}

API int
cudaMemcpyFromArrayAsync_ptsz(void *dst, const cu_array *a, size_t x, size_t y, size_t n, int kind,
                              cudaStream_t s)
{
    return cudaMemcpyFromArrayAsync(dst, a, x, y, n, kind, s);
}

API int
cudaMemcpyArrayToArray_ptds(cu_array *dst, size_t dx, size_t dy, const cu_array *src, size_t sx,
                            size_t sy, size_t n, int kind)
{
    return cudaMemcpyArrayToArray(dst, dx, dy, src, sx, sy, n, kind);
}

/* ------------------------------------------- texture and surface objects */

/* What an object was made from, for the cudaGet*ObjectResourceDesc calls. */
typedef struct object {
    unsigned long long handle;
    p2n_cudaResourceDesc res;
    p2n_cudaTextureDesc tex;
    struct object *next;
} object;

static pthread_mutex_t objects_lock = PTHREAD_MUTEX_INITIALIZER;
static object *objects;

static int
remember(unsigned long long h, const p2n_cudaResourceDesc *r, const p2n_cudaTextureDesc *t)
{
    object *o = calloc(1, sizeof *o);
    if (!o) return p2n_cudaErrorMemoryAllocation;
    o->handle = h;
    o->res = *r;
    if (t) o->tex = *t;
    pthread_mutex_lock(&objects_lock);
    o->next = objects;
    objects = o;
    pthread_mutex_unlock(&objects_lock);
    return 0;
}

/* Copies out (res, tex) of h, or removes it when `remove`; 0 or
 * cudaErrorInvalidValue for no such object. */
static int
lookup(unsigned long long h, p2n_cudaResourceDesc *res, p2n_cudaTextureDesc *tex, bool remove)
{
    int e = p2n_cudaErrorInvalidValue;
    pthread_mutex_lock(&objects_lock);
    for (object **p = &objects; *p; p = &(*p)->next) {
        object *o = *p;
        if (o->handle != h) continue;
        if (res) *res = o->res;
        if (tex) *tex = o->tex;
        if (remove) {
            *p = o->next;
            free(o);
        }
        e = 0;
        break;
    }
    pthread_mutex_unlock(&objects_lock);
    return e;
}

/* The memory of a resource as a p2n texture descriptor. */
static int
resource(const p2n_cudaResourceDesc *r, p2n_texture_desc *d, bool surface)
{
    if (!r || r->flags) return p2n_cudaErrorInvalidValue;
    memset(d, 0, sizeof *d);
    switch (r->resType) {
    case p2n_cudaResourceTypeArray: {
        const cu_array *a = cu_array_get(r->res.array.array);
        if (!a) return p2n_cudaErrorInvalidResourceHandle;
        if (surface && !(a->flags & p2n_cudaArraySurfaceLoadStore))
            return p2n_cudaErrorInvalidValue;
        cu_array_tex_desc(a, d, surface);
        return 0;
    }
    case p2n_cudaResourceTypeLinear: {
        int e = cu_format_from_channel(&r->res.linear.desc, &d->format, &d->channels);
        if (e || surface || !r->res.linear.devPtr) return e ? e : p2n_cudaErrorInvalidValue;
        d->data = r->res.linear.devPtr;
        d->dims = 1;
        size_t bits = (size_t)r->res.linear.desc.x + (size_t)r->res.linear.desc.y +
                      (size_t)r->res.linear.desc.z + (size_t)r->res.linear.desc.w;
        d->width = r->res.linear.sizeInBytes / (bits / 8);
        return 0;
    }
    case p2n_cudaResourceTypePitch2D: {
        int e = cu_format_from_channel(&r->res.pitch2D.desc, &d->format, &d->channels);
        if (e || surface || !r->res.pitch2D.devPtr) return e ? e : p2n_cudaErrorInvalidValue;
        d->data = r->res.pitch2D.devPtr;
        d->dims = 2;
        d->width = r->res.pitch2D.width;
        d->height = r->res.pitch2D.height;
        d->pitch = r->res.pitch2D.pitchInBytes;
        return 0;
    }
    default:
        return p2n_cudaErrorNotSupported; /* mipmapped arrays */
    }
}

API int
cudaCreateTextureObject(cudaTextureObject_t *out, const p2n_cudaResourceDesc *r,
                        const p2n_cudaTextureDesc *t, const void *view)
{
    p2n_texture_desc d;
    if (!out || !t) return cu_rt_error(p2n_cudaErrorInvalidValue);
    if (view) return cu_rt_error(p2n_cudaErrorNotSupported);
    int e = resource(r, &d, false);
    if (e) return cu_rt_error(e);
    for (int k = 0; k < 3; k++) {
        if (t->addressMode[k] < p2n_cudaAddressModeWrap ||
            t->addressMode[k] > p2n_cudaAddressModeBorder)
            return cu_rt_error(p2n_cudaErrorInvalidValue);
        d.address[k] = (p2n_address_mode)t->addressMode[k];
    }
    if (t->filterMode != p2n_cudaFilterModePoint && t->filterMode != p2n_cudaFilterModeLinear)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    d.filter = t->filterMode == p2n_cudaFilterModeLinear ? P2N_FILTER_LINEAR : P2N_FILTER_POINT;
    d.normalized_float = t->readMode == p2n_cudaReadModeNormalizedFloat;
    d.normalized_coords = t->normalizedCoords != 0;
    memcpy(d.border, t->borderColor, sizeof d.border);
    p2n_texture h;
    p2n_result pr = p2n_tex_create(&h, &d);
    if (pr != P2N_SUCCESS) return cu_rt_error(cu_error_from_p2n(pr));
    if ((e = remember(h, r, t))) {
        p2n_tex_destroy(h);
        return cu_rt_error(e);
    }
    *out = h;
    return 0;
}

API int
cudaDestroyTextureObject(cudaTextureObject_t h)
{
    if (!h) return 0;
    int e = lookup(h, NULL, NULL, true);
    if (!e) {
        cu_device_sync(); /* kernels in flight may still read it */
        p2n_tex_destroy(h);
    }
    return cu_rt_error(e);
}

API int
cudaGetTextureObjectResourceDesc(p2n_cudaResourceDesc *r, cudaTextureObject_t h)
{
    return cu_rt_error(r ? lookup(h, r, NULL, false) : p2n_cudaErrorInvalidValue);
}

API int
cudaGetTextureObjectTextureDesc(p2n_cudaTextureDesc *t, cudaTextureObject_t h)
{
    return cu_rt_error(t ? lookup(h, NULL, t, false) : p2n_cudaErrorInvalidValue);
}

API int
cudaCreateSurfaceObject(cudaTextureObject_t *out, const p2n_cudaResourceDesc *r)
{
    p2n_texture_desc d;
    if (!out) return cu_rt_error(p2n_cudaErrorInvalidValue);
    int e = resource(r, &d, true);
    if (e) return cu_rt_error(e);
    p2n_texture h;
    p2n_result pr = p2n_surf_create(&h, &d);
    if (pr != P2N_SUCCESS) return cu_rt_error(cu_error_from_p2n(pr));
    if ((e = remember(h, r, NULL))) {
        p2n_tex_destroy(h);
        return cu_rt_error(e);
    }
    *out = h;
    return 0;
}

API int
cudaDestroySurfaceObject(cudaTextureObject_t h)
{
    return cudaDestroyTextureObject(h);
}

API int
cudaGetSurfaceObjectResourceDesc(p2n_cudaResourceDesc *r, cudaTextureObject_t h)
{
    return cudaGetTextureObjectResourceDesc(r, h);
}
