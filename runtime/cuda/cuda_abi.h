/* cuda_abi.h — the part of NVIDIA's CUDA runtime and driver ABI that
 * ptx2native's libcudart.so.12/.13 and libcuda.so.1 implement: handle
 * types, enumerations with their numeric values, error codes, and the
 * layouts of the structures programs pass in (cudaDeviceProp for CUDA 12
 * and 13, cudaFuncAttributes, the 3D copy parameters, arrays, texture
 * and surface objects).
 *
 * Written from NVIDIA's CUDA Runtime and Driver API reference; the build
 * never needs the CUDA toolkit.  test/cudart/abi_check.c compares every
 * layout here with the toolkit's headers where they are installed.
 *
 * Names carry a p2n prefix where they would clash with the toolkit's own
 * headers (so the check can include both); the numbers are NVIDIA's.
 */
#ifndef P2N_CUDA_ABI_H
#define P2N_CUDA_ABI_H

#include <stddef.h>

/* ------------------------------------------------------- error codes */

/* cudaError_t (runtime) and CUresult (driver).  The runtime's numbers;
 * X(name, value, text).  The driver's codes that differ in name but not in
 * number map onto the same entries (P2N_CU_* below). */
#define P2N_CUDA_ERRORS(X)                                                                         \
    X(cudaSuccess, 0, "no error")                                                                  \
    X(cudaErrorInvalidValue, 1, "invalid argument")                                                \
    X(cudaErrorMemoryAllocation, 2, "out of memory")                                               \
    X(cudaErrorInitializationError, 3, "initialization error")                                     \
    X(cudaErrorCudartUnloading, 4, "driver shutting down")                                         \
    X(cudaErrorInvalidConfiguration, 9, "invalid configuration argument")                          \
    X(cudaErrorInvalidPitchValue, 12, "invalid pitch argument")                                    \
    X(cudaErrorInvalidSymbol, 13, "invalid device symbol")                                         \
    X(cudaErrorInvalidHostPointer, 16, "invalid host pointer")                                     \
    X(cudaErrorInvalidDevicePointer, 17, "invalid device pointer")                                 \
    X(cudaErrorInvalidTexture, 18, "invalid texture reference")                                    \
    X(cudaErrorInvalidChannelDescriptor, 20, "invalid channel descriptor")                         \
    X(cudaErrorInvalidMemcpyDirection, 21, "invalid copy direction for memcpy")                    \
    X(cudaErrorMissingConfiguration, 52, "__global__ function call is not configured")             \
    X(cudaErrorInvalidDeviceFunction, 98, "invalid device function")                               \
    X(cudaErrorNoDevice, 100, "no CUDA-capable device is detected")                                \
    X(cudaErrorInvalidDevice, 101, "invalid device ordinal")                                       \
    X(cudaErrorInvalidKernelImage, 200, "device kernel image is invalid")                          \
    X(cudaErrorDeviceUninitialized, 201, "invalid device context")                                 \
    X(cudaErrorNoKernelImageForDevice, 209, "no kernel image is available for the device")         \
    X(cudaErrorPeerAccessUnsupported, 217, "peer access is not supported between devices")         \
    X(cudaErrorInvalidPtx, 218, "a PTX compilation failed")                                        \
    X(cudaErrorUnsupportedPtxVersion, 222, "the PTX was compiled with an unsupported toolchain")   \
    X(cudaErrorInvalidSource, 300, "device kernel image is invalid")                               \
    X(cudaErrorFileNotFound, 301, "file not found")                                                \
    X(cudaErrorSharedObjectSymbolNotFound, 302, "a shared object symbol was not found")            \
    X(cudaErrorSharedObjectInitFailed, 303, "shared object initialization failed")                 \
    X(cudaErrorOperatingSystem, 304, "an operating system call failed")                            \
    X(cudaErrorInvalidResourceHandle, 400, "invalid resource handle")                              \
    X(cudaErrorIllegalState, 401, "the operation is not valid in the current state")               \
    X(cudaErrorSymbolNotFound, 500, "named symbol not found")                                      \
    X(cudaErrorNotReady, 600, "device not ready")                                                  \
    X(cudaErrorIllegalAddress, 700, "an illegal memory access was encountered")                    \
    X(cudaErrorLaunchOutOfResources, 701, "too many resources requested for launch")               \
    X(cudaErrorLaunchTimeout, 702, "the launch timed out and was terminated")                      \
    X(cudaErrorPeerAccessAlreadyEnabled, 704, "peer access is already enabled")                    \
    X(cudaErrorPeerAccessNotEnabled, 705, "peer access has not been enabled")                      \
    X(cudaErrorSetOnActiveProcess, 708, "cannot set while device is active in this process")       \
    X(cudaErrorContextIsDestroyed, 709, "context is destroyed")                                    \
    X(cudaErrorAssert, 710, "device-side assert triggered")                                        \
    X(cudaErrorHostMemoryAlreadyRegistered, 712,                                                   \
      "part or all of the host memory is already registered")                                      \
    X(cudaErrorHostMemoryNotRegistered, 713, "the host pointer was not registered")                \
    X(cudaErrorHardwareStackError, 714, "the device's call stack overflowed")                      \
    X(cudaErrorIllegalInstruction, 715, "an illegal instruction was encountered")                  \
    X(cudaErrorMisalignedAddress, 716, "misaligned address")                                       \
    X(cudaErrorInvalidPc, 718, "the program counter reached an invalid address")                   \
    X(cudaErrorLaunchFailure, 719, "unspecified launch failure")                                   \
    X(cudaErrorCooperativeLaunchTooLarge, 720, "too many blocks in cooperative launch")            \
    X(cudaErrorNotPermitted, 800, "operation not permitted")                                       \
    X(cudaErrorNotSupported, 801, "operation not supported")                                       \
    X(cudaErrorStreamCaptureUnsupported, 900, "operation not permitted when stream is capturing")  \
    X(cudaErrorTimeout, 909, "wait operation timed out")                                           \
    X(cudaErrorUnknown, 999, "unknown error")

typedef enum {
#define P2N_ERR_ENUM(n, v, t) p2n_##n = v,
    P2N_CUDA_ERRORS(P2N_ERR_ENUM)
#undef P2N_ERR_ENUM
} p2n_cudaError;

/* Driver API (CUresult) codes whose numbers differ from the runtime's
 * meaning or name. */
enum {
    P2N_CU_SUCCESS = 0,
    P2N_CU_ERROR_INVALID_VALUE = 1,
    P2N_CU_ERROR_OUT_OF_MEMORY = 2,
    P2N_CU_ERROR_NOT_INITIALIZED = 3,
    P2N_CU_ERROR_DEINITIALIZED = 4,
    P2N_CU_ERROR_NO_DEVICE = 100,
    P2N_CU_ERROR_INVALID_DEVICE = 101,
    P2N_CU_ERROR_INVALID_IMAGE = 200,
    P2N_CU_ERROR_INVALID_CONTEXT = 201,
    P2N_CU_ERROR_INVALID_PTX = 218,
    P2N_CU_ERROR_FILE_NOT_FOUND = 301,
    P2N_CU_ERROR_INVALID_HANDLE = 400,
    P2N_CU_ERROR_NOT_FOUND = 500,
    P2N_CU_ERROR_NOT_READY = 600,
    P2N_CU_ERROR_ILLEGAL_ADDRESS = 700,
    P2N_CU_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
    P2N_CU_ERROR_ASSERT = 710,
    P2N_CU_ERROR_LAUNCH_FAILED = 719,
    P2N_CU_ERROR_NOT_SUPPORTED = 801,
    P2N_CU_ERROR_UNKNOWN = 999,
};

/* ------------------------------------------------------------- types */

typedef struct {
    unsigned x, y, z;
} p2n_cuda_dim3; /* dim3: three unsigned ints, passed by value */

typedef struct p2n_stream *p2n_cudaStream_t; /* cudaStream_t, CUstream */
typedef struct p2n_event *p2n_cudaEvent_t;   /* cudaEvent_t, CUevent */
/* The legacy default stream and the per-thread default stream handles. */
#define P2N_STREAM_LEGACY ((p2n_cudaStream_t)0x1)
#define P2N_STREAM_PER_THREAD ((p2n_cudaStream_t)0x2)

/* cudaLaunchAttribute (CUlaunchAttribute): an id, padding to 8 bytes and
 * a 64-byte value union (8-aligned: one member holds a pointer). */
enum { /* cudaLaunchAttributeID (CUlaunchAttributeID) */
    p2n_cudaLaunchAttributeIgnore = 0,
    p2n_cudaLaunchAttributeAccessPolicyWindow = 1,
    p2n_cudaLaunchAttributeCooperative = 2,
    p2n_cudaLaunchAttributeSynchronizationPolicy = 3,
    p2n_cudaLaunchAttributeClusterDimension = 4,
    p2n_cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
    p2n_cudaLaunchAttributeProgrammaticStreamSerialization = 6,
    p2n_cudaLaunchAttributeProgrammaticEvent = 7,
    p2n_cudaLaunchAttributePriority = 8,
    p2n_cudaLaunchAttributeMemSyncDomainMap = 9,
    p2n_cudaLaunchAttributeMemSyncDomain = 10,
    p2n_cudaLaunchAttributePreferredClusterDimension = 11,
    p2n_cudaLaunchAttributeLaunchCompletionEvent = 12,
    p2n_cudaLaunchAttributePreferredSharedMemoryCarveout = 14,
};

typedef union {
    char pad[64];
    void *align; /* cudaAccessPolicyWindow starts with a pointer */
    int cooperative;
    struct {
        unsigned x, y, z;
    } clusterDim;
    struct {
        p2n_cudaEvent_t event;
        int flags;
    } launchCompletionEvent;
} p2n_cudaLaunchAttributeValue;

typedef struct {
    int id;
    char pad[4];
    p2n_cudaLaunchAttributeValue val;
} p2n_cudaLaunchAttribute;

typedef struct { /* cudaLaunchConfig_t */
    p2n_cuda_dim3 gridDim;
    p2n_cuda_dim3 blockDim;
    size_t dynamicSmemBytes;
    p2n_cudaStream_t stream;
    p2n_cudaLaunchAttribute *attrs;
    unsigned numAttrs;
} p2n_cudaLaunchConfig;

enum { /* cudaMemcpyKind */
    p2n_cudaMemcpyHostToHost = 0,
    p2n_cudaMemcpyHostToDevice = 1,
    p2n_cudaMemcpyDeviceToHost = 2,
    p2n_cudaMemcpyDeviceToDevice = 3,
    p2n_cudaMemcpyDefault = 4,
};

enum { /* cudaMemoryType */
    p2n_cudaMemoryTypeUnregistered = 0,
    p2n_cudaMemoryTypeHost = 1,
    p2n_cudaMemoryTypeDevice = 2,
    p2n_cudaMemoryTypeManaged = 3,
};

enum { /* stream and event flags */
    p2n_cudaStreamNonBlocking = 0x1,
    p2n_cudaEventDisableTiming = 0x2,
};

enum { /* cudaFuncAttribute (settable) */
    p2n_cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    p2n_cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};

enum { /* CUfunction_attribute */
    P2N_CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
    P2N_CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
    P2N_CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
    P2N_CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
    P2N_CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
    P2N_CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
    P2N_CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
    P2N_CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
    P2N_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
    P2N_CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
};

/* cuLaunchKernel's `extra` markers. */
#define P2N_CU_LAUNCH_PARAM_END ((void *)0x00)
#define P2N_CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define P2N_CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)

/* cudaDeviceAttr and CUdevice_attribute share their numbers.  X(name, value). */
#define P2N_DEVICE_ATTRS(X)                                                                   \
    X(MaxThreadsPerBlock, 1) X(MaxBlockDimX, 2) X(MaxBlockDimY, 3) X(MaxBlockDimZ, 4)         \
    X(MaxGridDimX, 5) X(MaxGridDimY, 6) X(MaxGridDimZ, 7) X(MaxSharedMemoryPerBlock, 8)       \
    X(TotalConstantMemory, 9) X(WarpSize, 10) X(MaxPitch, 11) X(MaxRegistersPerBlock, 12)     \
    X(ClockRate, 13) X(TextureAlignment, 14) X(GpuOverlap, 15) X(MultiProcessorCount, 16)     \
    X(KernelExecTimeout, 17) X(Integrated, 18) X(CanMapHostMemory, 19) X(ComputeMode, 20)     \
    X(SurfaceAlignment, 30) X(ConcurrentKernels, 31) X(EccEnabled, 32) X(PciBusId, 33)        \
    X(PciDeviceId, 34) X(TccDriver, 35) X(MemoryClockRate, 36) X(GlobalMemoryBusWidth, 37)    \
    X(L2CacheSize, 38) X(MaxThreadsPerMultiProcessor, 39) X(AsyncEngineCount, 40)             \
    X(UnifiedAddressing, 41) X(PciDomainId, 50) X(TexturePitchAlignment, 51)                  \
    X(ComputeCapabilityMajor, 75) X(ComputeCapabilityMinor, 76)                               \
    X(StreamPrioritiesSupported, 78) X(GlobalL1CacheSupported, 79)                            \
    X(LocalL1CacheSupported, 80) X(MaxSharedMemoryPerMultiprocessor, 81)                      \
    X(MaxRegistersPerMultiprocessor, 82) X(ManagedMemory, 83) X(IsMultiGpuBoard, 84)          \
    X(MultiGpuBoardGroupID, 85) X(HostNativeAtomicSupported, 86)                              \
    X(SingleToDoublePrecisionPerfRatio, 87) X(PageableMemoryAccess, 88)                       \
    X(ConcurrentManagedAccess, 89) X(ComputePreemptionSupported, 90)                          \
    X(CanUseHostPointerForRegisteredMem, 91) X(CooperativeLaunch, 95)                         \
    X(MaxSharedMemoryPerBlockOptin, 97) X(HostRegisterSupported, 99)                          \
    X(PageableMemoryAccessUsesHostPageTables, 100) X(DirectManagedMemAccessFromHost, 101)     \
    X(MaxBlocksPerMultiprocessor, 106) X(ReservedSharedMemoryPerBlock, 111)                   \
    X(MemoryPoolsSupported, 115)

enum {
#define P2N_ATTR_ENUM(n, v) p2n_cudaDevAttr##n = v,
    P2N_DEVICE_ATTRS(P2N_ATTR_ENUM)
#undef P2N_ATTR_ENUM
};

/* --------------------------------------------------------- structures */

typedef struct {
    char bytes[16];
} p2n_cudaUUID;

/* cudaDeviceProp as CUDA 13 lays it out (cudaGetDeviceProperties in
 * libcudart.so.13). */
typedef struct {
    char name[256];
    p2n_cudaUUID uuid;
    char luid[8];
    unsigned luidDeviceNodeMask;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int multiProcessorCount;
    int integrated;
    int canMapHostMemory;
    int maxTexture1D;
    int maxTexture1DMipmap;
    int maxTexture2D[2];
    int maxTexture2DMipmap[2];
    int maxTexture2DLinear[3];
    int maxTexture2DGather[2];
    int maxTexture3D[3];
    int maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2];
    int maxTexture2DLayered[3];
    int maxTextureCubemapLayered[2];
    int maxSurface1D;
    int maxSurface2D[2];
    int maxSurface3D[3];
    int maxSurface1DLayered[2];
    int maxSurface2DLayered[3];
    int maxSurfaceCubemap;
    int maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int pciDomainID;
    int tccDriver;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported;
    int globalL1CacheSupported;
    int localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int multiGpuBoardGroupID;
    int hostNativeAtomicSupported;
    int pageableMemoryAccess;
    int concurrentManagedAccess;
    int computePreemptionSupported;
    int canUseHostPointerForRegisteredMem;
    int cooperativeLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported;
    int sparseCudaArraySupported;
    int hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported;
    int memoryPoolsSupported;
    int gpuDirectRDMASupported;
    unsigned gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported;
    int ipcEventSupported;
    int clusterLaunch;
    int unifiedFunctionPointers;
    int deviceNumaConfig;
    int deviceNumaId;
    int mpsEnabled;
    int hostNumaId;
    unsigned gpuPciDeviceID;
    unsigned gpuPciSubsystemID;
    int hostNumaMultinodeIpcSupported;
    int reserved[56];
} p2n_cudaDeviceProp13;

/* cudaDeviceProp as CUDA 12 lays it out (cudaGetDeviceProperties_v2 in
 * libcudart.so.12): it still has the clock rates, deviceOverlap,
 * computeMode and a few other fields that CUDA 13 dropped. */
typedef struct {
    char name[256];
    p2n_cudaUUID uuid;
    char luid[8];
    unsigned luidDeviceNodeMask;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int deviceOverlap;
    int multiProcessorCount;
    int kernelExecTimeoutEnabled;
    int integrated;
    int canMapHostMemory;
    int computeMode;
    int maxTexture1D;
    int maxTexture1DMipmap;
    int maxTexture1DLinear;
    int maxTexture2D[2];
    int maxTexture2DMipmap[2];
    int maxTexture2DLinear[3];
    int maxTexture2DGather[2];
    int maxTexture3D[3];
    int maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2];
    int maxTexture2DLayered[3];
    int maxTextureCubemapLayered[2];
    int maxSurface1D;
    int maxSurface2D[2];
    int maxSurface3D[3];
    int maxSurface1DLayered[2];
    int maxSurface2DLayered[3];
    int maxSurfaceCubemap;
    int maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int pciDomainID;
    int tccDriver;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryClockRate;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported;
    int globalL1CacheSupported;
    int localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int multiGpuBoardGroupID;
    int hostNativeAtomicSupported;
    int singleToDoublePrecisionPerfRatio;
    int pageableMemoryAccess;
    int concurrentManagedAccess;
    int computePreemptionSupported;
    int canUseHostPointerForRegisteredMem;
    int cooperativeLaunch;
    int cooperativeMultiDeviceLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported;
    int sparseCudaArraySupported;
    int hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported;
    int memoryPoolsSupported;
    int gpuDirectRDMASupported;
    unsigned gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported;
    int ipcEventSupported;
    int clusterLaunch;
    int unifiedFunctionPointers;
    int reserved2[2];
    int reserved1[1];
    int reserved[60];
} p2n_cudaDeviceProp12;

typedef struct { /* cudaFuncAttributes (CUDA 12 and 13) */
    size_t sharedSizeBytes;
    size_t constSizeBytes;
    size_t localSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int ptxVersion;
    int binaryVersion;
    int cacheModeCA;
    int maxDynamicSharedSizeBytes;
    int preferredShmemCarveout;
    int clusterDimMustBeSet;
    int requiredClusterWidth;
    int requiredClusterHeight;
    int requiredClusterDepth;
    int clusterSchedulingPolicyPreference;
    int nonPortableClusterSizeAllowed;
    int reserved[16];
} p2n_cudaFuncAttributes;

typedef struct {
    size_t width, height, depth;
} p2n_cudaExtent;

typedef struct {
    size_t x, y, z;
} p2n_cudaPos;

typedef struct {
    void *ptr;
    size_t pitch;
    size_t xsize, ysize;
} p2n_cudaPitchedPtr;

typedef struct { /* cudaMemcpy3DParms */
    void *srcArray;
    p2n_cudaPos srcPos;
    p2n_cudaPitchedPtr srcPtr;
    void *dstArray;
    p2n_cudaPos dstPos;
    p2n_cudaPitchedPtr dstPtr;
    p2n_cudaExtent extent;
    int kind;
} p2n_cudaMemcpy3DParms;

typedef struct { /* cudaPointerAttributes */
    int type;
    int device;
    void *devicePointer;
    void *hostPointer;
    long reserved[8];
} p2n_cudaPointerAttributes;

/* ------------------------------------------- arrays, textures, surfaces */

enum { /* cudaChannelFormatKind */
    p2n_cudaChannelFormatKindSigned = 0,
    p2n_cudaChannelFormatKindUnsigned = 1,
    p2n_cudaChannelFormatKindFloat = 2,
    p2n_cudaChannelFormatKindNone = 3,
};

typedef struct { /* cudaChannelFormatDesc: bits of each channel, and their kind */
    int x, y, z, w;
    int f;
} p2n_cudaChannelFormatDesc;

enum { /* cudaMallocArray / cudaMalloc3DArray flags (CUDA_ARRAY3D_* the same) */
    p2n_cudaArrayDefault = 0x00,
    p2n_cudaArrayLayered = 0x01,
    p2n_cudaArraySurfaceLoadStore = 0x02,
    p2n_cudaArrayCubemap = 0x04,
    p2n_cudaArrayTextureGather = 0x08,
};

enum { /* cudaResourceType and CUresourcetype */
    p2n_cudaResourceTypeArray = 0,
    p2n_cudaResourceTypeMipmappedArray = 1,
    p2n_cudaResourceTypeLinear = 2,
    p2n_cudaResourceTypePitch2D = 3,
};

enum { /* cudaTextureAddressMode and CUaddress_mode */
    p2n_cudaAddressModeWrap = 0,
    p2n_cudaAddressModeClamp = 1,
    p2n_cudaAddressModeMirror = 2,
    p2n_cudaAddressModeBorder = 3,
};

enum { /* cudaTextureFilterMode and CUfilter_mode; cudaTextureReadMode */
    p2n_cudaFilterModePoint = 0,
    p2n_cudaFilterModeLinear = 1,
    p2n_cudaReadModeElementType = 0,
    p2n_cudaReadModeNormalizedFloat = 1,
};

typedef struct { /* cudaResourceDesc */
    int resType;
    union {
        struct {
            void *array; /* cudaArray_t */
        } array;
        struct {
            void *mipmap;
        } mipmap;
        struct {
            void *devPtr;
            p2n_cudaChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void *devPtr;
            p2n_cudaChannelFormatDesc desc;
            size_t width, height, pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned flags;
} p2n_cudaResourceDesc;

typedef struct { /* cudaTextureDesc (CUDA 12 and 13) */
    int addressMode[3];
    int filterMode;
    int readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned maxAnisotropy;
    int mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
} p2n_cudaTextureDesc;

/* Driver API: CUarray_format, CUmemorytype, CU_TRSF_* texture flags. */
enum {
    P2N_CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
    P2N_CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
    P2N_CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
    P2N_CU_AD_FORMAT_SIGNED_INT8 = 0x08,
    P2N_CU_AD_FORMAT_SIGNED_INT16 = 0x09,
    P2N_CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
    P2N_CU_AD_FORMAT_HALF = 0x10,
    P2N_CU_AD_FORMAT_FLOAT = 0x20,
    P2N_CU_MEMORYTYPE_HOST = 1,
    P2N_CU_MEMORYTYPE_DEVICE = 2,
    P2N_CU_MEMORYTYPE_ARRAY = 3,
    P2N_CU_MEMORYTYPE_UNIFIED = 4,
    P2N_CU_TRSF_READ_AS_INTEGER = 0x01,
    P2N_CU_TRSF_NORMALIZED_COORDINATES = 0x02,
};

typedef struct { /* CUDA_ARRAY_DESCRIPTOR (_v2) */
    size_t Width, Height;
    int Format;
    unsigned NumChannels;
} P2N_CUDA_ARRAY_DESCRIPTOR;

typedef struct { /* CUDA_ARRAY3D_DESCRIPTOR (_v2) */
    size_t Width, Height, Depth;
    int Format;
    unsigned NumChannels;
    unsigned Flags;
} P2N_CUDA_ARRAY3D_DESCRIPTOR;

typedef struct { /* CUDA_MEMCPY2D (_v2) */
    size_t srcXInBytes, srcY;
    int srcMemoryType;
    const void *srcHost;
    unsigned long long srcDevice;
    void *srcArray;
    size_t srcPitch;
    size_t dstXInBytes, dstY;
    int dstMemoryType;
    void *dstHost;
    unsigned long long dstDevice;
    void *dstArray;
    size_t dstPitch;
    size_t WidthInBytes, Height;
} P2N_CUDA_MEMCPY2D;

typedef struct { /* CUDA_MEMCPY3D (_v2) */
    size_t srcXInBytes, srcY, srcZ, srcLOD;
    int srcMemoryType;
    const void *srcHost;
    unsigned long long srcDevice;
    void *srcArray;
    void *reserved0;
    size_t srcPitch, srcHeight;
    size_t dstXInBytes, dstY, dstZ, dstLOD;
    int dstMemoryType;
    void *dstHost;
    unsigned long long dstDevice;
    void *dstArray;
    void *reserved1;
    size_t dstPitch, dstHeight;
    size_t WidthInBytes, Height, Depth;
} P2N_CUDA_MEMCPY3D;

typedef struct { /* CUDA_RESOURCE_DESC */
    int resType;
    union {
        struct {
            void *hArray;
        } array;
        struct {
            void *hMipmappedArray;
        } mipmap;
        struct {
            unsigned long long devPtr;
            int format;
            unsigned numChannels;
            size_t sizeInBytes;
        } linear;
        struct {
            unsigned long long devPtr;
            int format;
            unsigned numChannels;
            size_t width, height, pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned flags;
} P2N_CUDA_RESOURCE_DESC;

typedef struct { /* CUDA_TEXTURE_DESC */
    int addressMode[3];
    int filterMode;
    unsigned flags;
    unsigned maxAnisotropy;
    int mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    float borderColor[4];
    int reserved[12];
} P2N_CUDA_TEXTURE_DESC;

#endif
