/* rt_abi.c — runtime/cuda/cuda_abi.h against the CUDA toolkit's headers:
 * every structure field at the same offset, every size and every number
 * the same.  Compiled (not run) by t_cudart in test/run.sh when the
 * toolkit's headers are installed; a mismatch is a compile error. */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stddef.h>

#include "cuda_abi.h"

#define SAME(ours, theirs, f) \
    _Static_assert(offsetof(ours, f) == offsetof(theirs, f), #theirs "." #f " is not where cuda_abi.h has it");
#define SIZE(ours, theirs) _Static_assert(sizeof(ours) == sizeof(theirs), "sizeof(" #theirs ") differs");

#define PROP_COMMON(X, o, t)                                                                              \
    X(o, t, name) X(o, t, uuid) X(o, t, luid) X(o, t, luidDeviceNodeMask) X(o, t, totalGlobalMem)         \
    X(o, t, sharedMemPerBlock) X(o, t, regsPerBlock) X(o, t, warpSize) X(o, t, memPitch)                  \
    X(o, t, maxThreadsPerBlock) X(o, t, maxThreadsDim) X(o, t, maxGridSize) X(o, t, totalConstMem)        \
    X(o, t, major) X(o, t, minor) X(o, t, textureAlignment) X(o, t, texturePitchAlignment)                \
    X(o, t, multiProcessorCount) X(o, t, integrated) X(o, t, canMapHostMemory) X(o, t, maxTexture1D)      \
    X(o, t, maxTexture2D) X(o, t, maxTexture3D) X(o, t, maxSurfaceCubemapLayered)                         \
    X(o, t, surfaceAlignment) X(o, t, concurrentKernels) X(o, t, ECCEnabled) X(o, t, pciBusID)            \
    X(o, t, asyncEngineCount) X(o, t, unifiedAddressing) X(o, t, memoryBusWidth) X(o, t, l2CacheSize)     \
    X(o, t, maxThreadsPerMultiProcessor) X(o, t, sharedMemPerMultiprocessor)                              \
    X(o, t, regsPerMultiprocessor) X(o, t, managedMemory) X(o, t, hostNativeAtomicSupported)              \
    X(o, t, pageableMemoryAccess) X(o, t, concurrentManagedAccess) X(o, t, cooperativeLaunch)             \
    X(o, t, sharedMemPerBlockOptin) X(o, t, maxBlocksPerMultiProcessor)                                   \
    X(o, t, reservedSharedMemPerBlock) X(o, t, memoryPoolsSupported) X(o, t, clusterLaunch)               \
    X(o, t, unifiedFunctionPointers) X(o, t, reserved)

#if CUDART_VERSION >= 13000
PROP_COMMON(SAME, p2n_cudaDeviceProp13, struct cudaDeviceProp)
SAME(p2n_cudaDeviceProp13, struct cudaDeviceProp, hostNumaMultinodeIpcSupported)
SIZE(p2n_cudaDeviceProp13, struct cudaDeviceProp)
#elif CUDART_VERSION >= 12000
PROP_COMMON(SAME, p2n_cudaDeviceProp12, struct cudaDeviceProp)
SAME(p2n_cudaDeviceProp12, struct cudaDeviceProp, clockRate)
SAME(p2n_cudaDeviceProp12, struct cudaDeviceProp, computeMode)
SAME(p2n_cudaDeviceProp12, struct cudaDeviceProp, memoryClockRate)
SAME(p2n_cudaDeviceProp12, struct cudaDeviceProp, cooperativeMultiDeviceLaunch)
SIZE(p2n_cudaDeviceProp12, struct cudaDeviceProp)
#endif

#define FUNC_FIELDS(X, o, t)                                                                              \
    X(o, t, sharedSizeBytes) X(o, t, constSizeBytes) X(o, t, localSizeBytes) X(o, t, maxThreadsPerBlock)  \
    X(o, t, numRegs) X(o, t, ptxVersion) X(o, t, binaryVersion) X(o, t, cacheModeCA)                      \
    X(o, t, maxDynamicSharedSizeBytes) X(o, t, preferredShmemCarveout)                                    \
    X(o, t, nonPortableClusterSizeAllowed) X(o, t, reserved)
FUNC_FIELDS(SAME, p2n_cudaFuncAttributes, struct cudaFuncAttributes)
SIZE(p2n_cudaFuncAttributes, struct cudaFuncAttributes)

#define COPY3D_FIELDS(X, o, t)                                                                            \
    X(o, t, srcArray) X(o, t, srcPos) X(o, t, srcPtr) X(o, t, dstArray) X(o, t, dstPos) X(o, t, dstPtr)   \
    X(o, t, extent) X(o, t, kind)
COPY3D_FIELDS(SAME, p2n_cudaMemcpy3DParms, struct cudaMemcpy3DParms)
SIZE(p2n_cudaMemcpy3DParms, struct cudaMemcpy3DParms)
SIZE(p2n_cudaPitchedPtr, struct cudaPitchedPtr)
SIZE(p2n_cudaExtent, struct cudaExtent)
SIZE(p2n_cudaPos, struct cudaPos)
SAME(p2n_cudaPointerAttributes, struct cudaPointerAttributes, type)
SAME(p2n_cudaPointerAttributes, struct cudaPointerAttributes, devicePointer)
SAME(p2n_cudaPointerAttributes, struct cudaPointerAttributes, hostPointer)
SIZE(p2n_cudaPointerAttributes, struct cudaPointerAttributes)
SIZE(p2n_cuda_dim3, dim3)

/* error codes, device attributes, enumerations */
#define ERR(n, v, t) _Static_assert((int)p2n_##n == (int)n, #n " has another number");
P2N_CUDA_ERRORS(ERR)
#define ATTR(n, v) _Static_assert((int)p2n_cudaDevAttr##n == (int)cudaDevAttr##n, "cudaDevAttr" #n " has another number");
P2N_DEVICE_ATTRS(ATTR)
#define EQ(a, b) _Static_assert((int)(a) == (int)(b), #a " != " #b);
#define EQP(a, b) _Static_assert((long)(a) == (long)(b), #a " != " #b);
EQ(p2n_cudaMemcpyDefault, cudaMemcpyDefault)
EQ(p2n_cudaMemcpyDeviceToHost, cudaMemcpyDeviceToHost)
EQ(p2n_cudaMemoryTypeManaged, cudaMemoryTypeManaged)
EQ(p2n_cudaStreamNonBlocking, cudaStreamNonBlocking)
EQ(p2n_cudaEventDisableTiming, cudaEventDisableTiming)
EQ(p2n_cudaFuncAttributeMaxDynamicSharedMemorySize, cudaFuncAttributeMaxDynamicSharedMemorySize)
EQP(P2N_STREAM_LEGACY, cudaStreamLegacy)
EQP(P2N_STREAM_PER_THREAD, cudaStreamPerThread)
EQ(P2N_CU_ERROR_NOT_INITIALIZED, CUDA_ERROR_NOT_INITIALIZED)
EQ(P2N_CU_ERROR_INVALID_CONTEXT, CUDA_ERROR_INVALID_CONTEXT)
EQ(P2N_CU_ERROR_INVALID_HANDLE, CUDA_ERROR_INVALID_HANDLE)
EQ(P2N_CU_ERROR_NOT_FOUND, CUDA_ERROR_NOT_FOUND)
EQ(P2N_CU_ERROR_LAUNCH_FAILED, CUDA_ERROR_LAUNCH_FAILED)
EQ(P2N_CU_ERROR_ASSERT, CUDA_ERROR_ASSERT)
EQ(P2N_CU_ERROR_NOT_SUPPORTED, CUDA_ERROR_NOT_SUPPORTED)
EQ(P2N_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
EQ(P2N_CU_FUNC_ATTRIBUTE_NUM_REGS, CU_FUNC_ATTRIBUTE_NUM_REGS)
EQP(P2N_CU_LAUNCH_PARAM_BUFFER_SIZE, CU_LAUNCH_PARAM_BUFFER_SIZE)

/* arrays, texture and surface objects */
#define CHAN_FIELDS(X, o, t) X(o, t, x) X(o, t, y) X(o, t, z) X(o, t, w) X(o, t, f)
CHAN_FIELDS(SAME, p2n_cudaChannelFormatDesc, struct cudaChannelFormatDesc)
SIZE(p2n_cudaChannelFormatDesc, struct cudaChannelFormatDesc)
#define RES_FIELDS(X, o, t)                                                                               \
    X(o, t, resType) X(o, t, res.array.array) X(o, t, res.linear.devPtr) X(o, t, res.linear.desc)         \
    X(o, t, res.linear.sizeInBytes) X(o, t, res.pitch2D.devPtr) X(o, t, res.pitch2D.desc)                 \
    X(o, t, res.pitch2D.width) X(o, t, res.pitch2D.height) X(o, t, res.pitch2D.pitchInBytes) X(o, t, flags)
RES_FIELDS(SAME, p2n_cudaResourceDesc, struct cudaResourceDesc)
SIZE(p2n_cudaResourceDesc, struct cudaResourceDesc)
#define TEXDESC_FIELDS(X, o, t)                                                                           \
    X(o, t, addressMode) X(o, t, filterMode) X(o, t, readMode) X(o, t, sRGB) X(o, t, borderColor)         \
    X(o, t, normalizedCoords) X(o, t, maxAnisotropy) X(o, t, mipmapFilterMode) X(o, t, mipmapLevelBias)   \
    X(o, t, minMipmapLevelClamp) X(o, t, maxMipmapLevelClamp) X(o, t, disableTrilinearOptimization)       \
    X(o, t, seamlessCubemap)
TEXDESC_FIELDS(SAME, p2n_cudaTextureDesc, struct cudaTextureDesc)
SIZE(p2n_cudaTextureDesc, struct cudaTextureDesc)
EQ(p2n_cudaChannelFormatKindFloat, cudaChannelFormatKindFloat)
EQ(p2n_cudaChannelFormatKindNone, cudaChannelFormatKindNone)
EQ(p2n_cudaArrayLayered, cudaArrayLayered)
EQ(p2n_cudaArraySurfaceLoadStore, cudaArraySurfaceLoadStore)
EQ(p2n_cudaArrayCubemap, cudaArrayCubemap)
EQ(p2n_cudaArrayTextureGather, cudaArrayTextureGather)
EQ(p2n_cudaArrayLayered, CUDA_ARRAY3D_LAYERED)
EQ(p2n_cudaArrayCubemap, CUDA_ARRAY3D_CUBEMAP)
EQ(p2n_cudaArraySurfaceLoadStore, CUDA_ARRAY3D_SURFACE_LDST)
EQ(p2n_cudaResourceTypeArray, cudaResourceTypeArray)
EQ(p2n_cudaResourceTypeLinear, cudaResourceTypeLinear)
EQ(p2n_cudaResourceTypePitch2D, cudaResourceTypePitch2D)
EQ(p2n_cudaResourceTypePitch2D, CU_RESOURCE_TYPE_PITCH2D)
EQ(p2n_cudaResourceTypeLinear, CU_RESOURCE_TYPE_LINEAR)
EQ(p2n_cudaAddressModeWrap, cudaAddressModeWrap)
EQ(p2n_cudaAddressModeClamp, cudaAddressModeClamp)
EQ(p2n_cudaAddressModeMirror, cudaAddressModeMirror)
EQ(p2n_cudaAddressModeBorder, cudaAddressModeBorder)
EQ(p2n_cudaAddressModeMirror, CU_TR_ADDRESS_MODE_MIRROR)
EQ(p2n_cudaAddressModeBorder, CU_TR_ADDRESS_MODE_BORDER)
EQ(p2n_cudaFilterModeLinear, cudaFilterModeLinear)
EQ(p2n_cudaFilterModeLinear, CU_TR_FILTER_MODE_LINEAR)
EQ(p2n_cudaReadModeNormalizedFloat, cudaReadModeNormalizedFloat)
EQ(P2N_CU_AD_FORMAT_UNSIGNED_INT8, CU_AD_FORMAT_UNSIGNED_INT8)
EQ(P2N_CU_AD_FORMAT_UNSIGNED_INT16, CU_AD_FORMAT_UNSIGNED_INT16)
EQ(P2N_CU_AD_FORMAT_UNSIGNED_INT32, CU_AD_FORMAT_UNSIGNED_INT32)
EQ(P2N_CU_AD_FORMAT_SIGNED_INT8, CU_AD_FORMAT_SIGNED_INT8)
EQ(P2N_CU_AD_FORMAT_SIGNED_INT16, CU_AD_FORMAT_SIGNED_INT16)
EQ(P2N_CU_AD_FORMAT_SIGNED_INT32, CU_AD_FORMAT_SIGNED_INT32)
EQ(P2N_CU_AD_FORMAT_HALF, CU_AD_FORMAT_HALF)
EQ(P2N_CU_AD_FORMAT_FLOAT, CU_AD_FORMAT_FLOAT)
EQ(P2N_CU_MEMORYTYPE_HOST, CU_MEMORYTYPE_HOST)
EQ(P2N_CU_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_DEVICE)
EQ(P2N_CU_MEMORYTYPE_ARRAY, CU_MEMORYTYPE_ARRAY)
EQ(P2N_CU_MEMORYTYPE_UNIFIED, CU_MEMORYTYPE_UNIFIED)
EQ(P2N_CU_TRSF_READ_AS_INTEGER, CU_TRSF_READ_AS_INTEGER)
EQ(P2N_CU_TRSF_NORMALIZED_COORDINATES, CU_TRSF_NORMALIZED_COORDINATES)
#define ARRDESC_FIELDS(X, o, t) X(o, t, Width) X(o, t, Height) X(o, t, Format) X(o, t, NumChannels)
ARRDESC_FIELDS(SAME, P2N_CUDA_ARRAY_DESCRIPTOR, CUDA_ARRAY_DESCRIPTOR)
SIZE(P2N_CUDA_ARRAY_DESCRIPTOR, CUDA_ARRAY_DESCRIPTOR)
ARRDESC_FIELDS(SAME, P2N_CUDA_ARRAY3D_DESCRIPTOR, CUDA_ARRAY3D_DESCRIPTOR)
SAME(P2N_CUDA_ARRAY3D_DESCRIPTOR, CUDA_ARRAY3D_DESCRIPTOR, Depth)
SAME(P2N_CUDA_ARRAY3D_DESCRIPTOR, CUDA_ARRAY3D_DESCRIPTOR, Flags)
SIZE(P2N_CUDA_ARRAY3D_DESCRIPTOR, CUDA_ARRAY3D_DESCRIPTOR)
#define M2D_FIELDS(X, o, t)                                                                               \
    X(o, t, srcXInBytes) X(o, t, srcY) X(o, t, srcMemoryType) X(o, t, srcHost) X(o, t, srcDevice)         \
    X(o, t, srcArray) X(o, t, srcPitch) X(o, t, dstXInBytes) X(o, t, dstY) X(o, t, dstMemoryType)         \
    X(o, t, dstHost) X(o, t, dstDevice) X(o, t, dstArray) X(o, t, dstPitch) X(o, t, WidthInBytes)         \
    X(o, t, Height)
M2D_FIELDS(SAME, P2N_CUDA_MEMCPY2D, CUDA_MEMCPY2D)
SIZE(P2N_CUDA_MEMCPY2D, CUDA_MEMCPY2D)
#define M3D_FIELDS(X, o, t)                                                                               \
    X(o, t, srcXInBytes) X(o, t, srcY) X(o, t, srcZ) X(o, t, srcLOD) X(o, t, srcMemoryType)               \
    X(o, t, srcHost) X(o, t, srcDevice) X(o, t, srcArray) X(o, t, srcPitch) X(o, t, srcHeight)            \
    X(o, t, dstXInBytes) X(o, t, dstY) X(o, t, dstZ) X(o, t, dstLOD) X(o, t, dstMemoryType)               \
    X(o, t, dstHost) X(o, t, dstDevice) X(o, t, dstArray) X(o, t, dstPitch) X(o, t, dstHeight)            \
    X(o, t, WidthInBytes) X(o, t, Height) X(o, t, Depth)
M3D_FIELDS(SAME, P2N_CUDA_MEMCPY3D, CUDA_MEMCPY3D)
SIZE(P2N_CUDA_MEMCPY3D, CUDA_MEMCPY3D)
#define CURES_FIELDS(X, o, t)                                                                             \
    X(o, t, resType) X(o, t, res.array.hArray) X(o, t, res.linear.devPtr) X(o, t, res.linear.format)      \
    X(o, t, res.linear.numChannels) X(o, t, res.linear.sizeInBytes) X(o, t, res.pitch2D.devPtr)           \
    X(o, t, res.pitch2D.format) X(o, t, res.pitch2D.numChannels) X(o, t, res.pitch2D.width)               \
    X(o, t, res.pitch2D.height) X(o, t, res.pitch2D.pitchInBytes) X(o, t, flags)
CURES_FIELDS(SAME, P2N_CUDA_RESOURCE_DESC, CUDA_RESOURCE_DESC)
SIZE(P2N_CUDA_RESOURCE_DESC, CUDA_RESOURCE_DESC)
#define CUTEX_FIELDS(X, o, t)                                                                             \
    X(o, t, addressMode) X(o, t, filterMode) X(o, t, flags) X(o, t, maxAnisotropy)                        \
    X(o, t, mipmapFilterMode) X(o, t, mipmapLevelBias) X(o, t, minMipmapLevelClamp)                       \
    X(o, t, maxMipmapLevelClamp) X(o, t, borderColor) X(o, t, reserved)
CUTEX_FIELDS(SAME, P2N_CUDA_TEXTURE_DESC, CUDA_TEXTURE_DESC)
SIZE(P2N_CUDA_TEXTURE_DESC, CUDA_TEXTURE_DESC)
SIZE(p2n_cudaExtent, struct cudaExtent)
