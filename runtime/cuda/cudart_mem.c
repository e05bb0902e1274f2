/* cudart_mem.c — the runtime API's memory: allocation, copies, memset,
 * symbols (libcudart.so.12 and .13: the same in both), over the core's
 * memory (core.c).  Device pointers are host pointers. */
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define API CU_EXPORT

typedef cu_stream *cudaStream_t;

/* ----------------------------------------------------------------- memory */

API int
cudaMalloc(void **p, size_t size)
{
    if (!p)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    CU_RT_STICKY();
    *p = cu_alloc(size, p2n_cudaMemoryTypeDevice);
    return *p ? 0 : cu_rt_error(p2n_cudaErrorMemoryAllocation);
}

API int
cudaMallocManaged(void **p, size_t size, unsigned flags)
{
    if (!p || !size)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    CU_RT_STICKY();
    *p = cu_alloc(size, p2n_cudaMemoryTypeManaged);
    return *p ? 0 : cu_rt_error(p2n_cudaErrorMemoryAllocation);
}

API int
cudaHostAlloc(void **p, size_t size, unsigned flags)
{
    if (!p)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    CU_RT_STICKY();
    /* portable and write-combined mean nothing here; NVIDIA's runtime
     * reports the mapped flag alone */
    *p = cu_alloc_flags(size, p2n_cudaMemoryTypeHost, flags & 0x2u);
    return *p ? 0 : cu_rt_error(p2n_cudaErrorMemoryAllocation);
}

API int
cudaMallocHost(void **p, size_t size)
{
    return cudaHostAlloc(p, size, 0);
}

API int
cudaFree(void *p)
{
    if (!p) { /* cudaFree(0): the usual way to start the runtime */
        cu_runtime_started();
        return 0;
    }
    cu_device_sync(); /* work queued in streams may still use it */
    return cu_rt_error(cu_free(p));
}

API int
cudaFreeHost(void *p)
{
    return cudaFree(p);
}

API int
cudaFreeAsync(void *p, cudaStream_t s)
{
    if (s && cu_stream_sync(s))
        return cu_rt_error(cu_sticky_error());
    return cudaFree(p);
}

API int
cudaMallocAsync(void **p, size_t size, cudaStream_t s)
{
    return cudaMalloc(p, size);
}

API int
cudaHostRegister(void *p, size_t size, unsigned flags)
{
    return p ? 0 : cu_rt_error(p2n_cudaErrorInvalidValue);
}

API int
cudaHostUnregister(void *p)
{
    return p ? 0 : cu_rt_error(p2n_cudaErrorInvalidValue);
}

API int
cudaHostGetDevicePointer(void **dev, void *host, unsigned flags)
{
    if (!dev || !host)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    *dev = host;
    return 0;
}

API int
cudaHostGetFlags(unsigned *flags, void *host)
{
    if (!flags)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    return cu_ptr_flags(host, flags) ? 0 : cu_rt_error(p2n_cudaErrorInvalidValue);
}

API int
cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height)
{
    if (!p || !pitch)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    *pitch = (width + 511) & ~(size_t)511;
    if (!*pitch)
        *pitch = 512;
    return cudaMalloc(p, *pitch * (height ? height : 1));
}

API int
cudaMalloc3D(p2n_cudaPitchedPtr *pp, p2n_cudaExtent e)
{
    if (!pp)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    size_t pitch;
    void *p;
    int r = cudaMallocPitch(&p, &pitch, e.width, e.height * (e.depth ? e.depth : 1));
    if (r)
        return r;
    *pp = (p2n_cudaPitchedPtr){p, pitch, e.width, e.height};
    return 0;
}

API int
cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    cu_mem_info(free_bytes, total);
    return 0;
}

API int
cudaPointerGetAttributes(p2n_cudaPointerAttributes *a, const void *p)
{
    if (!a)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    memset(a, 0, sizeof *a);
    a->type = cu_ptr_type(p, NULL, NULL);
    a->device = 0;
    a->devicePointer = a->type == p2n_cudaMemoryTypeUnregistered ? NULL : (void *)p;
    a->hostPointer = (void *)p;
    return 0;
}

static int
check_kind(int kind)
{
    return kind >= p2n_cudaMemcpyHostToHost && kind <= p2n_cudaMemcpyDefault
               ? 0
               : p2n_cudaErrorInvalidMemcpyDirection;
}

API int
cudaMemcpy(void *dst, const void *src, size_t n, int kind)
{
    if (check_kind(kind))
        return cu_rt_error(check_kind(kind));
    return cu_rt_error(cu_memcpy(NULL, dst, src, n, false));
}

API int
cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t s)
{
    if (check_kind(kind))
        return cu_rt_error(check_kind(kind));
    if (!cu_stream_valid(s))
        return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    return cu_rt_error(cu_memcpy(s, dst, src, n, true));
}

API int
cudaMemcpy_ptds(void *dst, const void *src, size_t n, int kind)
{
    return cudaMemcpy(dst, src, n, kind);
}

API int
cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t n, int kind, cudaStream_t s)
{
    return cudaMemcpyAsync(dst, src, n, kind, s);
}

API int
cudaMemcpyPeer(void *dst, int dd, const void *src, int sd, size_t n)
{
    return cudaMemcpy(dst, src, n, p2n_cudaMemcpyDefault);
}

API int
cudaMemcpyPeerAsync(void *dst, int dd, const void *src, int sd, size_t n, cudaStream_t s)
{
    return cudaMemcpyAsync(dst, src, n, p2n_cudaMemcpyDefault, s);
}

API int
cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
             int kind)
{
    if (check_kind(kind))
        return cu_rt_error(check_kind(kind));
    int e = cu_memcpy2d(NULL, dst, dpitch, src, spitch, width, height, false);
    return cu_rt_error(e ? e : cu_sticky_error());
}

API int
cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                  size_t height, int kind, cudaStream_t s)
{
    if (check_kind(kind))
        return cu_rt_error(check_kind(kind));
    if (!cu_stream_valid(s))
        return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    return cu_rt_error(cu_memcpy2d(s, dst, dpitch, src, spitch, width, height, true));
}

/* A side of cudaMemcpy3D: an array (x in elements) or pitched memory
 * (x in bytes); *elem gets the array's element size (0: none yet). */
static int
copy3d_side(cu_copy_side *c, void *array, p2n_cudaPos pos, const p2n_cudaPitchedPtr *pp,
            size_t *elem)
{
    *c = (cu_copy_side){.x = pos.x, .y = pos.y, .z = pos.z};
    if (!array) {
        c->ptr = pp->ptr, c->pitch = pp->pitch, c->rows = pp->ysize;
        return 0;
    }
    if (!(c->array = cu_array_get(array)))
        return p2n_cudaErrorInvalidValue;
    if (*elem && *elem != c->array->elem) /* two arrays of different elements */
        return p2n_cudaErrorInvalidValue;
    *elem = c->array->elem;
    c->x *= *elem;
    return 0;
}

/* With an array on either side the extent's width is in its elements,
 * else in bytes (cudaMemcpy3D's documentation); arrays are plain memory
 * (array.c). */
static int
memcpy3d(const p2n_cudaMemcpy3DParms *p, cudaStream_t s, bool async)
{
    if (!p)
        return p2n_cudaErrorInvalidValue;
    if (check_kind(p->kind))
        return check_kind(p->kind);
    size_t elem = 0;
    cu_copy_side src = {0}, dst = {0};
    int e = copy3d_side(&src, p->srcArray, p->srcPos, &p->srcPtr, &elem);
    if (!e)
        e = copy3d_side(&dst, p->dstArray, p->dstPos, &p->dstPtr, &elem);
    size_t h = p->extent.height, d = p->extent.depth;
    if (src.array || dst.array) /* a 1D or 2D array's extent may leave them 0 */
        h = h ? h : 1, d = d ? d : 1;
    if (!e)
        e = cu_copy3d(s, &dst, &src, p->extent.width * (elem ? elem : 1), h, d, async);
    if (e)
        return e;
    return async ? 0 : cu_sticky_error();
}

API int
cudaMemcpy3D(const p2n_cudaMemcpy3DParms *p)
{
    return cu_rt_error(memcpy3d(p, NULL, false));
}

API int
cudaMemcpy3DAsync(const p2n_cudaMemcpy3DParms *p, cudaStream_t s)
{
    if (!cu_stream_valid(s))
        return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    return cu_rt_error(memcpy3d(p, s, true));
}

API int
cudaMemset(void *p, int value, size_t n)
{
    CU_RT_STICKY();
    int e = cu_memset(NULL, p, value, 1, n, false);
    return cu_rt_error(e ? e : cu_sticky_error());
}

API int
cudaMemsetAsync(void *p, int value, size_t n, cudaStream_t s)
{
    if (!cu_stream_valid(s))
        return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    return cu_rt_error(cu_memset(s, p, value, 1, n, true));
}

API int
cudaMemset2D(void *p, size_t pitch, int value, size_t width, size_t height)
{
    for (size_t y = 0; y < height; y++) {
        int e = cu_memset(NULL, (char *)p + y * pitch, value, 1, width, false);
        if (e)
            return cu_rt_error(e);
    }
    return 0;
}

API int
cudaMemset2DAsync(void *p, size_t pitch, int value, size_t width, size_t height, cudaStream_t s)
{
    if (!cu_stream_valid(s))
        return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    for (size_t y = 0; y < height; y++) {
        int e = cu_memset(s, (char *)p + y * pitch, value, 1, width, true);
        if (e)
            return cu_rt_error(e);
    }
    return 0;
}

API int
cudaMemset3D(p2n_cudaPitchedPtr pp, int value, p2n_cudaExtent e)
{
    for (size_t z = 0; z < e.depth; z++) {
        int r = cudaMemset2D((char *)pp.ptr + z * pp.pitch * pp.ysize, pp.pitch, value, e.width,
                             e.height);
        if (r)
            return r;
    }
    return 0;
}

API int
cudaMemPrefetchAsync(const void *p, size_t n, int loc, cudaStream_t s)
{
    return 0;
}

API int
cudaMemAdvise(const void *p, size_t n, int advice, int loc)
{
    return 0;
}

/* ---------------------------------------------------------------- symbols */

static int
symbol(const void *sym, size_t offset, size_t n, char **addr)
{
    int e;
    cu_var *v = cu_var_by_host(sym, &e);
    if (!v)
        return e;
    if (offset > v->size || n > v->size - offset)
        return p2n_cudaErrorInvalidValue;
    *addr = (char *)v->dev + offset;
    return 0;
}

API int
cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t offset, int kind)
{
    char *a = NULL;
    int e = symbol(sym, offset, n, &a);
    if (e)
        return cu_rt_error(e);
    return cu_rt_error(cu_memcpy(NULL, a, src, n, false));
}

API int
cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t offset, int kind)
{
    char *a = NULL;
    int e = symbol(sym, offset, n, &a);
    if (e)
        return cu_rt_error(e);
    return cu_rt_error(cu_memcpy(NULL, dst, a, n, false));
}

API int
cudaMemcpyToSymbolAsync(const void *sym, const void *src, size_t n, size_t offset, int kind,
                        cudaStream_t s)
{
    char *a = NULL;
    int e = symbol(sym, offset, n, &a);
    if (e)
        return cu_rt_error(e);
    if (!cu_stream_valid(s))
        return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    return cu_rt_error(cu_memcpy(s, a, src, n, true));
}

API int
cudaMemcpyFromSymbolAsync(void *dst, const void *sym, size_t n, size_t offset, int kind,
                          cudaStream_t s)
{
    char *a = NULL;
    int e = symbol(sym, offset, n, &a);
    if (e)
        return cu_rt_error(e);
    if (!cu_stream_valid(s))
        return cu_rt_error(p2n_cudaErrorInvalidResourceHandle);
    return cu_rt_error(cu_memcpy(s, dst, a, n, true));
}

API int
cudaGetSymbolAddress(void **p, const void *sym)
{
    if (!p)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    char *a = NULL;
    int e = symbol(sym, 0, 0, &a);
    if (e)
        return cu_rt_error(e);
    *p = a;
    return 0;
}

API int
cudaGetSymbolSize(size_t *n, const void *sym)
{
    if (!n)
        return cu_rt_error(p2n_cudaErrorInvalidValue);
    int e;
    cu_var *v = cu_var_by_host(sym, &e);
    if (!v)
        return cu_rt_error(e);
    *n = v->size;
    return 0;
}

/* ------------------------------------- per-thread default stream forms */

/* Stream 0 is the per-thread default stream here too (cudart.c). */

API int
cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                  size_t height, int kind)
{
    return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

API int
cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t height, int kind, cudaStream_t s)
{
    return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, s);
}

API int
cudaMemcpy3D_ptds(const p2n_cudaMemcpy3DParms *p)
{
    return cudaMemcpy3D(p);
}

API int
cudaMemcpy3DAsync_ptsz(const p2n_cudaMemcpy3DParms *p, cudaStream_t s)
{
    return cudaMemcpy3DAsync(p, s);
}

API int
cudaMemcpyToSymbol_ptds(const void *sym, const void *src, size_t n, size_t offset, int kind)
{
    return cudaMemcpyToSymbol(sym, src, n, offset, kind);
}

API int
cudaMemcpyFromSymbol_ptds(void *dst, const void *sym, size_t n, size_t offset, int kind)
{
    return cudaMemcpyFromSymbol(dst, sym, n, offset, kind);
}

API int
cudaMemcpyToSymbolAsync_ptsz(const void *sym, const void *src, size_t n, size_t offset, int kind,
                             cudaStream_t s)
{
    return cudaMemcpyToSymbolAsync(sym, src, n, offset, kind, s);
}

API int
cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *sym, size_t n, size_t offset, int kind,
                               cudaStream_t s)
{
    return cudaMemcpyFromSymbolAsync(dst, sym, n, offset, kind, s);
}

API int
cudaMemset_ptds(void *p, int value, size_t n)
{
    return cudaMemset(p, value, n);
}

API int
cudaMemsetAsync_ptsz(void *p, int value, size_t n, cudaStream_t s)
{
    return cudaMemsetAsync(p, value, n, s);
}

API int
cudaMemset2D_ptds(void *p, size_t pitch, int value, size_t width, size_t height)
{
    return cudaMemset2D(p, pitch, value, width, height);
}

API int
cudaMemset2DAsync_ptsz(void *p, size_t pitch, int value, size_t width, size_t height,
                       cudaStream_t s)
{
    return cudaMemset2DAsync(p, pitch, value, width, height, s);
}

API int
cudaMemset3D_ptds(p2n_cudaPitchedPtr pp, int value, p2n_cudaExtent e)
{
    return cudaMemset3D(pp, value, e);
}

API int
cudaMallocAsync_ptsz(void **p, size_t size, cudaStream_t s)
{
    return cudaMallocAsync(p, size, s);
}

API int
cudaFreeAsync_ptsz(void *p, cudaStream_t s)
{
    return cudaFreeAsync(p, s);
}

API int
cudaMemPrefetchAsync_ptsz(const void *p, size_t n, int loc, cudaStream_t s)
{
    return cudaMemPrefetchAsync(p, n, loc, s);
}

