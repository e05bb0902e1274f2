/* array.c — CUDA arrays (cudaArray_t, CUarray) and copies to and from
 * them, shared by the runtime API (cudart_tex.c) and the driver API, whose
 * array, 2D/3D copy and texture/surface object entry points are here.
 *
 * An array is host memory, like every device allocation here: rows of
 * `width` elements without padding, max(height, 1) rows a slice,
 * max(depth, 1) slices (the 3D depth, the layers of a layered array, or
 * the faces of a cube map, 6 per cube).  A texture or surface object over
 * it is a p2n_texture over that memory (cu_array_tex_desc). */
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define API CU_EXPORT
#define ARRAY_MAGIC 0x41727241u /* "ArrA" */

static pthread_mutex_t arrays_lock = PTHREAD_MUTEX_INITIALIZER;
static cu_array *arrays; /* every live array */

static size_t
format_bytes(p2n_format f)
{
    switch (f) {
    case P2N_FORMAT_U8:
    case P2N_FORMAT_S8:
        return 1;
    case P2N_FORMAT_U16:
    case P2N_FORMAT_S16:
    case P2N_FORMAT_F16:
        return 2;
    default:
        return 4;
    }
}

int
cu_format_from_channel(const p2n_cudaChannelFormatDesc *c, p2n_format *f, unsigned *channels)
{
    if (!c) return p2n_cudaErrorInvalidValue;
    int bits[4] = {c->x, c->y, c->z, c->w}, n = 0;
    while (n < 4 && bits[n])
        n++;
    for (int k = 0; k < 4; k++)
        if ((k < n && bits[k] != bits[0]) || (k >= n && bits[k]))
            return p2n_cudaErrorInvalidChannelDescriptor;
    if (n != 1 && n != 2 && n != 4) return p2n_cudaErrorInvalidChannelDescriptor;
    int b = bits[0];
    switch (c->f) {
    case p2n_cudaChannelFormatKindSigned:
    case p2n_cudaChannelFormatKindUnsigned: {
        bool s = c->f == p2n_cudaChannelFormatKindSigned;
        if (b == 8)
            *f = s ? P2N_FORMAT_S8 : P2N_FORMAT_U8;
        else if (b == 16)
            *f = s ? P2N_FORMAT_S16 : P2N_FORMAT_U16;
        else if (b == 32)
            *f = s ? P2N_FORMAT_S32 : P2N_FORMAT_U32;
        else
            return p2n_cudaErrorInvalidChannelDescriptor;
        break;
    }
    case p2n_cudaChannelFormatKindFloat:
        if (b == 16)
            *f = P2N_FORMAT_F16;
        else if (b == 32)
            *f = P2N_FORMAT_F32;
        else
            return p2n_cudaErrorInvalidChannelDescriptor;
        break;
    default:
        return p2n_cudaErrorInvalidChannelDescriptor;
    }
    *channels = (unsigned)n;
    return 0;
}

void
cu_channel_from_format(p2n_format f, unsigned channels, p2n_cudaChannelFormatDesc *c)
{
    int b = (int)format_bytes(f) * 8;
    c->x = b;
    c->y = channels > 1 ? b : 0;
    c->z = channels > 2 ? b : 0;
    c->w = channels > 3 ? b : 0;
    c->f = f == P2N_FORMAT_F16 || f == P2N_FORMAT_F32 ? p2n_cudaChannelFormatKindFloat
           : f == P2N_FORMAT_S8 || f == P2N_FORMAT_S16 || f == P2N_FORMAT_S32
               ? p2n_cudaChannelFormatKindSigned
               : p2n_cudaChannelFormatKindUnsigned;
}

/* CUarray_format <-> p2n_format; -1 / 0 for a format we do not have. */
static int
format_from_cu(int cf, p2n_format *f)
{
    switch (cf) {
    case P2N_CU_AD_FORMAT_UNSIGNED_INT8:
        *f = P2N_FORMAT_U8;
        return 0;
    case P2N_CU_AD_FORMAT_UNSIGNED_INT16:
        *f = P2N_FORMAT_U16;
        return 0;
    case P2N_CU_AD_FORMAT_UNSIGNED_INT32:
        *f = P2N_FORMAT_U32;
        return 0;
    case P2N_CU_AD_FORMAT_SIGNED_INT8:
        *f = P2N_FORMAT_S8;
        return 0;
    case P2N_CU_AD_FORMAT_SIGNED_INT16:
        *f = P2N_FORMAT_S16;
        return 0;
    case P2N_CU_AD_FORMAT_SIGNED_INT32:
        *f = P2N_FORMAT_S32;
        return 0;
    case P2N_CU_AD_FORMAT_HALF:
        *f = P2N_FORMAT_F16;
        return 0;
    case P2N_CU_AD_FORMAT_FLOAT:
        *f = P2N_FORMAT_F32;
        return 0;
    default:
        return -1;
    }
}

static int
format_to_cu(p2n_format f)
{
    static const int cu[] = {[P2N_FORMAT_U8] = P2N_CU_AD_FORMAT_UNSIGNED_INT8,
                             [P2N_FORMAT_S8] = P2N_CU_AD_FORMAT_SIGNED_INT8,
                             [P2N_FORMAT_U16] = P2N_CU_AD_FORMAT_UNSIGNED_INT16,
                             [P2N_FORMAT_S16] = P2N_CU_AD_FORMAT_SIGNED_INT16,
                             [P2N_FORMAT_U32] = P2N_CU_AD_FORMAT_UNSIGNED_INT32,
                             [P2N_FORMAT_S32] = P2N_CU_AD_FORMAT_SIGNED_INT32,
                             [P2N_FORMAT_F16] = P2N_CU_AD_FORMAT_HALF,
                             [P2N_FORMAT_F32] = P2N_CU_AD_FORMAT_FLOAT};
    return cu[f];
}

/* ----------------------------------------------------------- the arrays */

static size_t
rows(const cu_array *a)
{
    return a->height ? a->height : 1;
}

static size_t
slices(const cu_array *a)
{
    return a->depth ? a->depth : 1;
}

int
cu_array_create(cu_array **out, p2n_format f, unsigned channels, size_t w, size_t h, size_t d,
                unsigned flags)
{
    if (!out) return p2n_cudaErrorInvalidValue;
    *out = NULL;
    bool layered = flags & p2n_cudaArrayLayered, cube = flags & p2n_cudaArrayCubemap;
    unsigned known = p2n_cudaArrayLayered | p2n_cudaArraySurfaceLoadStore | p2n_cudaArrayCubemap |
                     p2n_cudaArrayTextureGather;
    /* a 3D array has a height; a layered one its layers in depth; a cube
     * map is square with 6 faces a cube */
    if (!w || (flags & ~known) || (d && !h && !layered) || (layered && !d) ||
        (cube && (h != w || !d || d % 6 || (!layered && d != 6))))
        return p2n_cudaErrorInvalidValue;
    cu_array *a = calloc(1, sizeof *a);
    if (!a) return p2n_cudaErrorMemoryAllocation;
    a->magic = ARRAY_MAGIC;
    a->format = f;
    a->channels = channels;
    a->elem = format_bytes(f) * channels;
    a->width = w, a->height = h, a->depth = d, a->flags = flags;
    a->pitch = w * a->elem;
    a->slice_pitch = a->pitch * rows(a);
    size_t bytes = a->slice_pitch * slices(a);
    if (a->pitch / a->elem != w || bytes / a->slice_pitch != slices(a) ||
        !(a->data = calloc(1, bytes))) {
        free(a);
        return p2n_cudaErrorMemoryAllocation;
    }
    pthread_mutex_lock(&arrays_lock);
    a->next = arrays;
    arrays = a;
    pthread_mutex_unlock(&arrays_lock);
    *out = a;
    return 0;
}

cu_array *
cu_array_get(const void *handle)
{
    cu_array *found = NULL;
    pthread_mutex_lock(&arrays_lock);
    for (cu_array *a = arrays; a; a = a->next)
        if (a == handle) {
            found = a;
            break;
        }
    pthread_mutex_unlock(&arrays_lock);
    return found;
}

int
cu_array_destroy(void *handle)
{
    if (!handle) return 0;
    cu_array *a = NULL;
    pthread_mutex_lock(&arrays_lock);
    for (cu_array **p = &arrays; *p; p = &(*p)->next)
        if (*p == handle) {
            a = *p;
            *p = a->next;
            break;
        }
    pthread_mutex_unlock(&arrays_lock);
    if (!a) return p2n_cudaErrorInvalidValue;
    cu_device_sync(); /* copies in flight may still use it */
    a->magic = 0;
    free(a->data);
    free(a);
    return 0;
}

void
cu_array_tex_desc(const cu_array *a, p2n_texture_desc *d, bool surface)
{
    memset(d, 0, sizeof *d);
    d->data = a->data;
    d->width = a->width;
    d->height = rows(a);
    d->pitch = a->pitch;
    d->slice_pitch = a->slice_pitch;
    d->format = a->format;
    d->channels = a->channels;
    if (a->flags & (p2n_cudaArrayLayered | p2n_cudaArrayCubemap)) {
        d->dims = a->height ? 2 : 1;
        d->layers = (unsigned)a->depth;
        d->cubemap = !surface && (a->flags & p2n_cudaArrayCubemap);
    } else if (a->depth) {
        d->dims = 3;
        d->depth = a->depth;
    } else
        d->dims = a->height ? 2 : 1;
}

/* ---------------------------------------------------------------- copies */

/* Makes an array side plain memory; checks the box fits the array. */
static int
resolve(cu_copy_side *c, size_t width, size_t height, size_t depth)
{
    if (!c->array) return c->ptr ? 0 : p2n_cudaErrorInvalidValue;
    const cu_array *a = c->array;
    if (c->x > a->pitch || width > a->pitch - c->x || c->y > rows(a) || height > rows(a) - c->y ||
        c->z > slices(a) || depth > slices(a) - c->z)
        return p2n_cudaErrorInvalidValue;
    c->ptr = a->data;
    c->pitch = a->pitch;
    c->rows = rows(a);
    return 0;
}

int
cu_copy3d(cu_stream *s, const cu_copy_side *dst, const cu_copy_side *src, size_t width,
          size_t height, size_t depth, bool async)
{
    if (!width || !height || !depth) return 0;
    cu_copy_side d = *dst, c = *src;
    int e = resolve(&d, width, height, depth);
    if (!e) e = resolve(&c, width, height, depth);
    for (size_t z = 0; !e && z < depth; z++)
        e = cu_memcpy2d(s, d.ptr + ((d.z + z) * d.rows + d.y) * d.pitch + d.x, d.pitch,
                        c.ptr + ((c.z + z) * c.rows + c.y) * c.pitch + c.x, c.pitch, width, height,
                        async);
    return e;
}

/* ------------------------------------------------------------ driver API */

typedef unsigned long long CUdeviceptr;
typedef cu_stream *CUstream;

static int
drv(int e)
{
    return e == p2n_cudaErrorInvalidPitchValue || e == p2n_cudaErrorInvalidChannelDescriptor
               ? P2N_CU_ERROR_INVALID_VALUE
               : e;
}

static int
array_create(cu_array **out, size_t w, size_t h, size_t d, int cf, unsigned nch, unsigned flags)
{
    p2n_format f;
    if (format_from_cu(cf, &f) || (nch != 1 && nch != 2 && nch != 4))
        return P2N_CU_ERROR_INVALID_VALUE;
    return drv(cu_array_create(out, f, nch, w, h, d, flags));
}

API int
cuArrayCreate_v2(cu_array **out, const P2N_CUDA_ARRAY_DESCRIPTOR *d)
{
    if (!d) return P2N_CU_ERROR_INVALID_VALUE;
    return array_create(out, d->Width, d->Height, 0, d->Format, d->NumChannels, 0);
}

API int
cuArray3DCreate_v2(cu_array **out, const P2N_CUDA_ARRAY3D_DESCRIPTOR *d)
{
    if (!d) return P2N_CU_ERROR_INVALID_VALUE;
    return array_create(out, d->Width, d->Height, d->Depth, d->Format, d->NumChannels, d->Flags);
}

API int
cuArrayDestroy(cu_array *a)
{
    return a && cu_array_get(a) ? cu_array_destroy(a) : P2N_CU_ERROR_INVALID_HANDLE;
}

API int
cuArrayGetDescriptor_v2(P2N_CUDA_ARRAY_DESCRIPTOR *d, cu_array *h)
{
    const cu_array *a = cu_array_get(h);
    if (!a) return P2N_CU_ERROR_INVALID_HANDLE;
    if (!d) return P2N_CU_ERROR_INVALID_VALUE;
    *d = (P2N_CUDA_ARRAY_DESCRIPTOR){a->width, a->height, format_to_cu(a->format), a->channels};
    return 0;
}

API int
cuArray3DGetDescriptor_v2(P2N_CUDA_ARRAY3D_DESCRIPTOR *d, cu_array *h)
{
    const cu_array *a = cu_array_get(h);
    if (!a) return P2N_CU_ERROR_INVALID_HANDLE;
    if (!d) return P2N_CU_ERROR_INVALID_VALUE;
    *d = (P2N_CUDA_ARRAY3D_DESCRIPTOR){a->width,    a->height, a->depth, format_to_cu(a->format),
                                       a->channels, a->flags};
    return 0;
}

/* One side of a cuMemcpy2D/3D: by memory type (unified and device
 * pointers are host pointers). */
static int
copy_side(cu_copy_side *c, int type, const void *host, CUdeviceptr dev, void *array, size_t pitch,
          size_t rows_, size_t x, size_t y, size_t z)
{
    *c = (cu_copy_side){.pitch = pitch, .rows = rows_, .x = x, .y = y, .z = z};
    switch (type) {
    case P2N_CU_MEMORYTYPE_HOST:
        c->ptr = (char *)host;
        return 0;
    case P2N_CU_MEMORYTYPE_DEVICE:
    case P2N_CU_MEMORYTYPE_UNIFIED:
        c->ptr = (char *)(uintptr_t)dev;
        return 0;
    case P2N_CU_MEMORYTYPE_ARRAY:
        c->array = cu_array_get(array);
        return c->array ? 0 : P2N_CU_ERROR_INVALID_VALUE;
    default:
        return P2N_CU_ERROR_INVALID_VALUE;
    }
}

static int
memcpy2d(const P2N_CUDA_MEMCPY2D *p, CUstream s, bool async)
{
    if (!p || (s && !cu_stream_valid(s))) return P2N_CU_ERROR_INVALID_VALUE;
    cu_copy_side src, dst;
    int e = copy_side(&src, p->srcMemoryType, p->srcHost, p->srcDevice, p->srcArray, p->srcPitch,
                      p->Height + p->srcY, p->srcXInBytes, p->srcY, 0);
    if (!e)
        e = copy_side(&dst, p->dstMemoryType, p->dstHost, p->dstDevice, p->dstArray, p->dstPitch,
                      p->Height + p->dstY, p->dstXInBytes, p->dstY, 0);
    if (!e) e = drv(cu_copy3d(s, &dst, &src, p->WidthInBytes, p->Height, 1, async));
    return e;
}

API int
cuMemcpy2D_v2(const P2N_CUDA_MEMCPY2D *p)
{
    return memcpy2d(p, NULL, false);
}

API int
cuMemcpy2DUnaligned_v2(const P2N_CUDA_MEMCPY2D *p)
{
    return memcpy2d(p, NULL, false);
}

API int
cuMemcpy2DAsync_v2(const P2N_CUDA_MEMCPY2D *p, CUstream s)
{
    return memcpy2d(p, s, true);
}

static int
memcpy3d(const P2N_CUDA_MEMCPY3D *p, CUstream s, bool async)
{
    if (!p || (s && !cu_stream_valid(s)) || p->srcLOD || p->dstLOD)
        return P2N_CU_ERROR_INVALID_VALUE;
    cu_copy_side src, dst;
    int e = copy_side(&src, p->srcMemoryType, p->srcHost, p->srcDevice, p->srcArray, p->srcPitch,
                      p->srcHeight, p->srcXInBytes, p->srcY, p->srcZ);
    if (!e)
        e = copy_side(&dst, p->dstMemoryType, p->dstHost, p->dstDevice, p->dstArray, p->dstPitch,
                      p->dstHeight, p->dstXInBytes, p->dstY, p->dstZ);
    if (!e) e = drv(cu_copy3d(s, &dst, &src, p->WidthInBytes, p->Height, p->Depth, async));
    return e;
}

API int
cuMemcpy3D_v2(const P2N_CUDA_MEMCPY3D *p)
{
    return memcpy3d(p, NULL, false);
}

API int
cuMemcpy3DAsync_v2(const P2N_CUDA_MEMCPY3D *p, CUstream s)
{
    return memcpy3d(p, s, true);
}

/* A CUDA_RESOURCE_DESC as the memory of a p2n texture descriptor. */
static int
resource(const P2N_CUDA_RESOURCE_DESC *r, p2n_texture_desc *d, bool surface)
{
    if (!r || r->flags) return P2N_CU_ERROR_INVALID_VALUE;
    memset(d, 0, sizeof *d);
    switch (r->resType) {
    case p2n_cudaResourceTypeArray: {
        const cu_array *a = cu_array_get(r->res.array.hArray);
        if (!a) return P2N_CU_ERROR_INVALID_HANDLE;
        if (surface && !(a->flags & p2n_cudaArraySurfaceLoadStore))
            return P2N_CU_ERROR_INVALID_VALUE;
        cu_array_tex_desc(a, d, surface);
        return 0;
    }
    case p2n_cudaResourceTypeLinear:
        if (surface || format_from_cu(r->res.linear.format, &d->format))
            return P2N_CU_ERROR_INVALID_VALUE;
        d->data = (void *)(uintptr_t)r->res.linear.devPtr;
        d->channels = r->res.linear.numChannels;
        d->dims = 1;
        d->width =
            r->res.linear.sizeInBytes / (format_bytes(d->format) * (d->channels ? d->channels : 1));
        return 0;
    case p2n_cudaResourceTypePitch2D:
        if (surface || format_from_cu(r->res.pitch2D.format, &d->format))
            return P2N_CU_ERROR_INVALID_VALUE;
        d->data = (void *)(uintptr_t)r->res.pitch2D.devPtr;
        d->channels = r->res.pitch2D.numChannels;
        d->dims = 2;
        d->width = r->res.pitch2D.width;
        d->height = r->res.pitch2D.height;
        d->pitch = r->res.pitch2D.pitchInBytes;
        return 0;
    default:
        return P2N_CU_ERROR_NOT_SUPPORTED; /* mipmapped arrays */
    }
}

API int
cuTexObjectCreate(p2n_texture *out, const P2N_CUDA_RESOURCE_DESC *r, const P2N_CUDA_TEXTURE_DESC *t,
                  const void *view)
{
    p2n_texture_desc d;
    if (!out || !t) return P2N_CU_ERROR_INVALID_VALUE;
    if (view) return P2N_CU_ERROR_NOT_SUPPORTED;
    int e = resource(r, &d, false);
    if (e) return e;
    for (int k = 0; k < 3; k++) {
        if (t->addressMode[k] < 0 || t->addressMode[k] > p2n_cudaAddressModeBorder)
            return P2N_CU_ERROR_INVALID_VALUE;
        d.address[k] = (p2n_address_mode)t->addressMode[k];
    }
    d.filter = t->filterMode == p2n_cudaFilterModeLinear ? P2N_FILTER_LINEAR : P2N_FILTER_POINT;
    /* the driver reads 8- and 16-bit integers as normalized floats unless
     * CU_TRSF_READ_AS_INTEGER */
    d.normalized_float = !(t->flags & P2N_CU_TRSF_READ_AS_INTEGER) && d.format != P2N_FORMAT_F16 &&
                         d.format != P2N_FORMAT_F32 && d.format != P2N_FORMAT_U32 &&
                         d.format != P2N_FORMAT_S32;
    d.normalized_coords = (t->flags & P2N_CU_TRSF_NORMALIZED_COORDINATES) != 0;
    memcpy(d.border, t->borderColor, sizeof d.border);
    return p2n_tex_create(out, &d) == P2N_SUCCESS ? 0 : P2N_CU_ERROR_INVALID_VALUE;
}

API int
cuTexObjectDestroy(p2n_texture t)
{
    p2n_tex_destroy(t);
    return 0;
}

API int
cuSurfObjectCreate(p2n_texture *out, const P2N_CUDA_RESOURCE_DESC *r)
{
    p2n_texture_desc d;
    if (!out) return P2N_CU_ERROR_INVALID_VALUE;
    int e = resource(r, &d, true);
    if (e) return e;
    return p2n_surf_create(out, &d) == P2N_SUCCESS ? 0 : P2N_CU_ERROR_INVALID_VALUE;
}

API int
cuSurfObjectDestroy(p2n_texture s)
{
    p2n_tex_destroy(s);
    return 0;
}
