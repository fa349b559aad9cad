/* cuda_runtime_api.cuh: the CUDA Runtime API's host side (types, enums, flags and
 * functions of CUDA 12 and 13, deprecated and removed-in-13 ones included, so host code
 * written for either parses), declarations only. Embedded as the bundled
 * cuda_runtime_api.h and included by the bundled cuda_runtime.h (cuda_api.cuh) after
 * the vector types and dim3. The guard macros are the toolkit's, so helper headers that
 * test them (the samples' helper_cuda.h tests __DRIVER_TYPES_H__) behave as with nvcc.
 * Names follow the CUDA Runtime API reference; enumerators carry its values. */
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __DEVICE_TYPES_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __SURFACE_TYPES_H__
#define __TEXTURE_TYPES_H__
#define __CHANNEL_DESCRIPTOR_H__
#define __LIBRARY_TYPES_H__
#define __CUDA_PROFILER_API_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define CUDARTAPI
#define CUDART_CB
#define __dv(v) = v
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif
#ifndef __builtin_align__
#define __builtin_align__(n) __attribute__((aligned(n)))
#endif
#define __device_builtin__
#define __cudart_builtin__
#define CUDART_DEVICE __device__

/* ---- driver_types.h: errors ---- */
typedef enum cudaError {
	cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4, cudaErrorProfilerDisabled = 5,
	cudaErrorProfilerNotInitialized = 6, cudaErrorProfilerAlreadyStarted = 7,
	cudaErrorProfilerAlreadyStopped = 8, cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidPitchValue = 12, cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16,
	cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidTexture = 18,
	cudaErrorInvalidTextureBinding = 19, cudaErrorInvalidChannelDescriptor = 20,
	cudaErrorInvalidMemcpyDirection = 21, cudaErrorAddressOfConstant = 22,
	cudaErrorTextureFetchFailed = 23, cudaErrorTextureNotBound = 24,
	cudaErrorSynchronizationError = 25, cudaErrorInvalidFilterSetting = 26,
	cudaErrorInvalidNormSetting = 27, cudaErrorMixedDeviceExecution = 28,
	cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32,
	cudaErrorStubLibrary = 34, cudaErrorInsufficientDriver = 35,
	cudaErrorCallRequiresNewerDriver = 36, cudaErrorInvalidSurface = 37,
	cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
	cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
	cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
	cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
	cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
	cudaErrorSyncDepthExceeded = 68, cudaErrorLaunchPendingCountExceeded = 69,
	cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100, cudaErrorInvalidDevice = 101,
	cudaErrorDeviceNotLicensed = 102, cudaErrorSoftwareValidityNotEstablished = 103,
	cudaErrorStartupFailure = 127, cudaErrorInvalidKernelImage = 200,
	cudaErrorDeviceUninitialized = 201, cudaErrorMapBufferObjectFailed = 205,
	cudaErrorUnmapBufferObjectFailed = 206, cudaErrorArrayIsMapped = 207,
	cudaErrorAlreadyMapped = 208, cudaErrorNoKernelImageForDevice = 209,
	cudaErrorAlreadyAcquired = 210, cudaErrorNotMapped = 211, cudaErrorNotMappedAsArray = 212,
	cudaErrorNotMappedAsPointer = 213, cudaErrorECCUncorrectable = 214,
	cudaErrorUnsupportedLimit = 215, cudaErrorDeviceAlreadyInUse = 216,
	cudaErrorPeerAccessUnsupported = 217, cudaErrorInvalidPtx = 218,
	cudaErrorInvalidGraphicsContext = 219, cudaErrorNvlinkUncorrectable = 220,
	cudaErrorJitCompilerNotFound = 221, cudaErrorUnsupportedPtxVersion = 222,
	cudaErrorJitCompilationDisabled = 223, cudaErrorUnsupportedExecAffinity = 224,
	cudaErrorUnsupportedDevSideSync = 225, cudaErrorInvalidSource = 300,
	cudaErrorFileNotFound = 301, cudaErrorSharedObjectSymbolNotFound = 302,
	cudaErrorSharedObjectInitFailed = 303, cudaErrorOperatingSystem = 304,
	cudaErrorInvalidResourceHandle = 400, cudaErrorIllegalState = 401,
	cudaErrorLossyQuery = 402, cudaErrorSymbolNotFound = 500, cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700, cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchTimeout = 702, cudaErrorLaunchIncompatibleTexturing = 703,
	cudaErrorPeerAccessAlreadyEnabled = 704, cudaErrorPeerAccessNotEnabled = 705,
	cudaErrorSetOnActiveProcess = 708, cudaErrorContextIsDestroyed = 709,
	cudaErrorAssert = 710, cudaErrorTooManyPeers = 711,
	cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
	cudaErrorHardwareStackError = 714, cudaErrorIllegalInstruction = 715,
	cudaErrorMisalignedAddress = 716, cudaErrorInvalidAddressSpace = 717,
	cudaErrorInvalidPc = 718, cudaErrorLaunchFailure = 719,
	cudaErrorCooperativeLaunchTooLarge = 720, cudaErrorNotPermitted = 800,
	cudaErrorNotSupported = 801, cudaErrorSystemNotReady = 802,
	cudaErrorSystemDriverMismatch = 803, cudaErrorCompatNotSupportedOnDevice = 804,
	cudaErrorMpsConnectionFailed = 805, cudaErrorMpsRpcFailure = 806,
	cudaErrorMpsServerNotReady = 807, cudaErrorMpsMaxClientsReached = 808,
	cudaErrorMpsMaxConnectionsReached = 809, cudaErrorMpsClientTerminated = 810,
	cudaErrorCdpNotSupported = 811, cudaErrorCdpVersionMismatch = 812,
	cudaErrorStreamCaptureUnsupported = 900, cudaErrorStreamCaptureInvalidated = 901,
	cudaErrorStreamCaptureMerge = 902, cudaErrorStreamCaptureUnmatched = 903,
	cudaErrorStreamCaptureUnjoined = 904, cudaErrorStreamCaptureIsolation = 905,
	cudaErrorStreamCaptureImplicit = 906, cudaErrorCapturedEvent = 907,
	cudaErrorStreamCaptureWrongThread = 908, cudaErrorTimeout = 909,
	cudaErrorGraphExecUpdateFailure = 910, cudaErrorExternalDevice = 911,
	cudaErrorInvalidClusterSize = 912, cudaErrorFunctionNotLoaded = 913,
	cudaErrorInvalidResourceType = 914, cudaErrorInvalidResourceConfiguration = 915,
	cudaErrorUnknown = 999, cudaErrorApiFailureBase = 10000
} cudaError_t;

/* ---- driver_types.h: enums ---- */
typedef enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
} cudaMemcpyKind;
enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3 };
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2 };
enum cudaSharedCarveout { cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100, cudaSharedmemCarveoutMaxL1 = 0 };
enum cudaLimit {
	cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2,
	cudaLimitDevRuntimeSyncDepth = 3, cudaLimitDevRuntimePendingLaunchCount = 4,
	cudaLimitMaxL2FetchGranularity = 5, cudaLimitPersistingL2CacheSize = 6
};
enum cudaComputeMode { cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1, cudaComputeModeProhibited = 2, cudaComputeModeExclusiveProcess = 3 };
enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
	cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
	cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8,
	cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10, cudaDevAttrMaxPitch = 11,
	cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
	cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15,
	cudaDevAttrMultiProcessorCount = 16, cudaDevAttrKernelExecTimeout = 17,
	cudaDevAttrIntegrated = 18, cudaDevAttrCanMapHostMemory = 19, cudaDevAttrComputeMode = 20,
	cudaDevAttrMaxTexture1DWidth = 21, cudaDevAttrMaxTexture2DWidth = 22,
	cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24,
	cudaDevAttrMaxTexture3DHeight = 25, cudaDevAttrMaxTexture3DDepth = 26,
	cudaDevAttrSurfaceAlignment = 30, cudaDevAttrConcurrentKernels = 31,
	cudaDevAttrEccEnabled = 32, cudaDevAttrPciBusId = 33, cudaDevAttrPciDeviceId = 34,
	cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
	cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
	cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrAsyncEngineCount = 40,
	cudaDevAttrUnifiedAddressing = 41, cudaDevAttrPciDomainId = 50,
	cudaDevAttrComputeCapabilityMajor = 75, cudaDevAttrComputeCapabilityMinor = 76,
	cudaDevAttrStreamPrioritiesSupported = 78, cudaDevAttrGlobalL1CacheSupported = 79,
	cudaDevAttrLocalL1CacheSupported = 80, cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
	cudaDevAttrMaxRegistersPerMultiprocessor = 82, cudaDevAttrManagedMemory = 83,
	cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrMultiGpuBoardGroupID = 85,
	cudaDevAttrHostNativeAtomicSupported = 86, cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
	cudaDevAttrPageableMemoryAccess = 88, cudaDevAttrConcurrentManagedAccess = 89,
	cudaDevAttrComputePreemptionSupported = 90, cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
	cudaDevAttrCooperativeLaunch = 95, cudaDevAttrCooperativeMultiDeviceLaunch = 96,
	cudaDevAttrMaxSharedMemoryPerBlockOptin = 97, cudaDevAttrCanFlushRemoteWrites = 98,
	cudaDevAttrHostRegisterSupported = 99, cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
	cudaDevAttrDirectManagedMemAccessFromHost = 101, cudaDevAttrMaxBlocksPerMultiprocessor = 106,
	cudaDevAttrMaxPersistingL2CacheSize = 108, cudaDevAttrMaxAccessPolicyWindowSize = 109,
	cudaDevAttrReservedSharedMemoryPerBlock = 111, cudaDevAttrSparseCudaArraySupported = 112,
	cudaDevAttrHostRegisterReadOnlySupported = 113, cudaDevAttrMemoryPoolsSupported = 115,
	cudaDevAttrGPUDirectRDMASupported = 116, cudaDevAttrClusterLaunch = 120,
	cudaDevAttrMax
};
enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9,
	cudaFuncAttributeClusterDimMustBeSet = 10, cudaFuncAttributeRequiredClusterWidth = 11,
	cudaFuncAttributeRequiredClusterHeight = 12, cudaFuncAttributeRequiredClusterDepth = 13,
	cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
	cudaFuncAttributeClusterSchedulingPolicyPreference = 15, cudaFuncAttributeMax
};
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1, cudaStreamCaptureModeRelaxed = 2 };
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1, cudaStreamCaptureStatusInvalidated = 2 };
enum cudaMemoryAdvise {
	cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2, cudaMemAdviseSetPreferredLocation = 3,
	cudaMemAdviseUnsetPreferredLocation = 4, cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6
};
enum cudaMemRangeAttribute {
	cudaMemRangeAttributeReadMostly = 1, cudaMemRangeAttributePreferredLocation = 2,
	cudaMemRangeAttributeAccessedBy = 3, cudaMemRangeAttributeLastPrefetchLocation = 4
};
enum cudaMemLocationType { cudaMemLocationTypeInvalid = 0, cudaMemLocationTypeDevice = 1, cudaMemLocationTypeHost = 2,
	cudaMemLocationTypeHostNuma = 3, cudaMemLocationTypeHostNumaCurrent = 4 };
enum cudaMemAllocationType { cudaMemAllocationTypeInvalid = 0, cudaMemAllocationTypePinned = 1, cudaMemAllocationTypeMax = 0x7FFFFFFF };
enum cudaMemAllocationHandleType { cudaMemHandleTypeNone = 0, cudaMemHandleTypePosixFileDescriptor = 1,
	cudaMemHandleTypeWin32 = 2, cudaMemHandleTypeWin32Kmt = 4, cudaMemHandleTypeFabric = 8 };
enum cudaMemAccessFlags { cudaMemAccessFlagsProtNone = 0, cudaMemAccessFlagsProtRead = 1, cudaMemAccessFlagsProtReadWrite = 3 };
enum cudaMemPoolAttr {
	cudaMemPoolReuseFollowEventDependencies = 1, cudaMemPoolReuseAllowOpportunistic = 2,
	cudaMemPoolReuseAllowInternalDependencies = 3, cudaMemPoolAttrReleaseThreshold = 4,
	cudaMemPoolAttrReservedMemCurrent = 5, cudaMemPoolAttrReservedMemHigh = 6,
	cudaMemPoolAttrUsedMemCurrent = 7, cudaMemPoolAttrUsedMemHigh = 8
};
enum cudaChannelFormatKind { cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
	cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3 };
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1,
	cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
enum cudaResourceViewFormat { cudaResViewFormatNone = 0 };
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
enum cudaGraphInstantiateFlags { cudaGraphInstantiateFlagAutoFreeOnLaunch = 1, cudaGraphInstantiateFlagUpload = 2,
	cudaGraphInstantiateFlagDeviceLaunch = 4, cudaGraphInstantiateFlagUseNodePriority = 8 };
enum cudaGraphExecUpdateResult { cudaGraphExecUpdateSuccess = 0, cudaGraphExecUpdateError = 1 };
enum cudaLaunchAttributeID { cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1,
	cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeSynchronizationPolicy = 3,
	cudaLaunchAttributeClusterDimension = 4, cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
	cudaLaunchAttributeProgrammaticStreamSerialization = 6, cudaLaunchAttributeProgrammaticEvent = 7,
	cudaLaunchAttributePriority = 8 };
enum cudaAccessProperty { cudaAccessPropertyNormal = 0, cudaAccessPropertyStreaming = 1, cudaAccessPropertyPersisting = 2 };
enum cudaStreamAttrID { cudaStreamAttributeAccessPolicyWindow = 1, cudaStreamAttributeSynchronizationPolicy = 3,
	cudaStreamAttributePriority = 8 };

/* ---- library_types.h ---- */
typedef enum cudaDataType_t {
	CUDA_R_16F = 2, CUDA_C_16F = 6, CUDA_R_16BF = 14, CUDA_C_16BF = 15, CUDA_R_32F = 0,
	CUDA_C_32F = 4, CUDA_R_64F = 1, CUDA_C_64F = 5, CUDA_R_4I = 16, CUDA_C_4I = 17,
	CUDA_R_4U = 18, CUDA_C_4U = 19, CUDA_R_8I = 3, CUDA_C_8I = 7, CUDA_R_8U = 8, CUDA_C_8U = 9,
	CUDA_R_16I = 20, CUDA_C_16I = 21, CUDA_R_16U = 22, CUDA_C_16U = 23, CUDA_R_32I = 10,
	CUDA_C_32I = 11, CUDA_R_32U = 12, CUDA_C_32U = 13, CUDA_R_64I = 24, CUDA_C_64I = 25,
	CUDA_R_64U = 26, CUDA_C_64U = 27, CUDA_R_8F_E4M3 = 28, CUDA_R_8F_E5M2 = 29
} cudaDataType;
typedef enum libraryPropertyType_t { MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL } libraryPropertyType;

/* ---- driver_types.h: handles ---- */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct CUuserObject_st *cudaUserObject_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct CUkern_st *cudaKernel_t;
typedef struct CUlib_st *cudaLibrary_t;
typedef struct CUexternalMemory_st *cudaExternalMemory_t;
typedef struct CUexternalSemaphore_st *cudaExternalSemaphore_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef struct CUuuid_st { char bytes[16]; } cudaUUID_t;
typedef struct cudaIpcEventHandle_st { char reserved[64]; } cudaIpcEventHandle_t;
typedef struct cudaIpcMemHandle_st { char reserved[64]; } cudaIpcMemHandle_t;
typedef void (*cudaHostFn_t)(void *userData);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);

/* ---- driver_types.h: flags ---- */
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaPeerAccessDefault 0x00
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceMask 0xff
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02

/* ---- driver_types.h: structs ---- */
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaMemcpy3DParms {
	cudaArray_t srcArray; struct cudaPos srcPos; struct cudaPitchedPtr srcPtr;
	cudaArray_t dstArray; struct cudaPos dstPos; struct cudaPitchedPtr dstPtr;
	struct cudaExtent extent; enum cudaMemcpyKind kind;
};
struct cudaPointerAttributes { enum cudaMemoryType type; int device; void *devicePointer; void *hostPointer; };
struct cudaFuncAttributes {
	size_t sharedSizeBytes, constSizeBytes, localSizeBytes; int maxThreadsPerBlock, numRegs,
	ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes, preferredShmemCarveout,
	clusterDimMustBeSet, requiredClusterWidth, requiredClusterHeight, requiredClusterDepth,
	clusterSchedulingPolicyPreference, nonPortableClusterSizeAllowed, reserved[16];
};
struct cudaResourceDesc {
	enum cudaResourceType resType;
	union {
		struct { cudaArray_t array; } array;
		struct { cudaMipmappedArray_t mipmap; } mipmap;
		struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
		struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t width, height, pitchInBytes; } pitch2D;
	} res;
};
struct cudaResourceViewDesc { enum cudaResourceViewFormat format; size_t width, height, depth;
	unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer; };
struct cudaTextureDesc {
	enum cudaTextureAddressMode addressMode[3]; enum cudaTextureFilterMode filterMode;
	enum cudaTextureReadMode readMode; int sRGB; float borderColor[4]; int normalizedCoords;
	unsigned int maxAnisotropy; enum cudaTextureFilterMode mipmapFilterMode; float mipmapLevelBias,
	minMipmapLevelClamp, maxMipmapLevelClamp; int disableTrilinearOptimization, seamlessCubemap;
};
struct cudaMemLocation { enum cudaMemLocationType type; int id; };
struct cudaMemAccessDesc { struct cudaMemLocation location; enum cudaMemAccessFlags flags; };
struct cudaMemPoolProps { enum cudaMemAllocationType allocType; enum cudaMemAllocationHandleType handleTypes;
	struct cudaMemLocation location; void *win32SecurityAttributes; size_t maxSize;
	unsigned short usage; unsigned char reserved[54]; };
struct cudaAccessPolicyWindow { void *base_ptr; size_t num_bytes; float hitRatio;
	enum cudaAccessProperty hitProp, missProp; };
typedef union cudaLaunchAttributeValue {
	char pad[64]; struct cudaAccessPolicyWindow accessPolicyWindow; int cooperative; int priority;
	struct { unsigned int x, y, z; } clusterDim;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st { enum cudaLaunchAttributeID id; char pad[4]; cudaLaunchAttributeValue val; } cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st { dim3 gridDim, blockDim; size_t dynamicSmemBytes; cudaStream_t stream;
	cudaLaunchAttribute *attrs; unsigned int numAttrs; } cudaLaunchConfig_t;
struct cudaKernelNodeParams { void *func; dim3 gridDim, blockDim; unsigned int sharedMemBytes;
	void **kernelParams; void **extra; };
struct cudaLaunchParams { void *func; dim3 gridDim, blockDim; void **args; size_t sharedMem; cudaStream_t stream; };
typedef union cudaStreamAttrValue { struct cudaAccessPolicyWindow accessPolicyWindow; int priority; } cudaStreamAttrValue;

/* Every field of CUDA 13's cudaDeviceProp, and those CUDA 13 removed (clockRate,
 * deviceOverlap, kernelExecTimeoutEnabled, computeMode, maxTexture1DLinear,
 * memoryClockRate, singleToDoublePrecisionPerfRatio, cooperativeMultiDeviceLaunch). */
struct cudaDeviceProp {
	char name[256]; cudaUUID_t uuid; char luid[8]; unsigned int luidDeviceNodeMask;
	size_t totalGlobalMem, sharedMemPerBlock; int regsPerBlock, warpSize; size_t memPitch;
	int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate; size_t totalConstMem;
	int major, minor; size_t textureAlignment, texturePitchAlignment; int deviceOverlap,
	multiProcessorCount, kernelExecTimeoutEnabled, integrated, canMapHostMemory, computeMode,
	maxTexture1D, maxTexture1DMipmap, maxTexture1DLinear, maxTexture2D[2], maxTexture2DMipmap[2],
	maxTexture2DLinear[3], maxTexture2DGather[2], maxTexture3D[3], maxTexture3DAlt[3],
	maxTextureCubemap, maxTexture1DLayered[2], maxTexture2DLayered[3], maxTextureCubemapLayered[2],
	maxSurface1D, maxSurface2D[2], maxSurface3D[3], maxSurface1DLayered[2], maxSurface2DLayered[3],
	maxSurfaceCubemap, maxSurfaceCubemapLayered[2]; size_t surfaceAlignment; int concurrentKernels,
	ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver, asyncEngineCount, unifiedAddressing,
	memoryClockRate, memoryBusWidth, l2CacheSize, persistingL2CacheMaxSize,
	maxThreadsPerMultiProcessor, streamPrioritiesSupported, globalL1CacheSupported,
	localL1CacheSupported; size_t sharedMemPerMultiprocessor; int regsPerMultiprocessor,
	managedMemory, isMultiGpuBoard, multiGpuBoardGroupID, hostNativeAtomicSupported,
	singleToDoublePrecisionPerfRatio, pageableMemoryAccess, concurrentManagedAccess,
	computePreemptionSupported, canUseHostPointerForRegisteredMem, cooperativeLaunch,
	cooperativeMultiDeviceLaunch; size_t sharedMemPerBlockOptin;
	int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost,
	maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize; size_t reservedSharedMemPerBlock;
	int hostRegisterSupported, sparseCudaArraySupported, hostRegisterReadOnlySupported,
	timelineSemaphoreInteropSupported, memoryPoolsSupported, gpuDirectRDMASupported;
	unsigned int gpuDirectRDMAFlushWritesOptions; int gpuDirectRDMAWritesOrdering;
	unsigned int memoryPoolSupportedHandleTypes; int deferredMappingCudaArraySupported,
	ipcEventSupported, clusterLaunch, unifiedFunctionPointers, deviceNumaConfig, deviceNumaId,
	mpsEnabled, hostNumaId; unsigned int gpuPciDeviceID, gpuPciSubsystemID;
	int hostNumaMultinodeIpcSupported, reserved[56];
};
typedef enum cudaError cudaError;
typedef struct cudaDeviceProp cudaDeviceProp;
typedef enum cudaMemoryType cudaMemoryType;
typedef enum cudaFuncCache cudaFuncCache;
typedef enum cudaLimit cudaLimit;
typedef enum cudaDeviceAttr cudaDeviceAttr;
typedef struct cudaExtent cudaExtent;
typedef struct cudaPos cudaPos;
typedef struct cudaPitchedPtr cudaPitchedPtr;
typedef struct cudaChannelFormatDesc cudaChannelFormatDesc;
typedef struct cudaPointerAttributes cudaPointerAttributes;
typedef struct cudaFuncAttributes cudaFuncAttributes;
typedef struct cudaResourceDesc cudaResourceDesc;
typedef struct cudaTextureDesc cudaTextureDesc;
typedef struct cudaMemLocation cudaMemLocation;
typedef struct cudaMemPoolProps cudaMemPoolProps;
typedef struct cudaMemAccessDesc cudaMemAccessDesc;

/* ---- cuda_runtime_api.h: functions ---- */
extern "C" {
/* device management */
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *c);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache c);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *c);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig c);
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest);
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId);
cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device);
cudaError_t cudaDeviceGetP2PAttribute(int *value, int attr, int src, int dst);
cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer);
cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peer);
cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(int target, int scope);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaSetValidDevices(int *devices, int n);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *h, cudaEvent_t e);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *e, cudaIpcEventHandle_t h);
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *h, void *p);
cudaError_t cudaIpcOpenMemHandle(void **p, cudaIpcMemHandle_t h, unsigned int flags);
cudaError_t cudaIpcCloseMemHandle(void *p);
/* deprecated thread management (removed in CUDA 13) and other removed calls */
cudaError_t cudaThreadExit(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *c);
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache c);
cudaError_t cudaSetDoubleForDevice(double *d);
cudaError_t cudaSetDoubleForHost(double *d);
/* errors */
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorName(cudaError_t error);
const char *cudaGetErrorString(cudaError_t error);
/* streams */
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned int flags, int priority);
cudaError_t cudaStreamGetPriority(cudaStream_t s, int *priority);
cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned int *flags);
cudaError_t cudaStreamGetDevice(cudaStream_t s, int *device);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int flags __dv(0));
cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t cb, void *data, unsigned int flags);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamQuery(cudaStream_t s);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t s, void *p, size_t length __dv(0), unsigned int flags __dv(cudaMemAttachSingle));
cudaError_t cudaStreamBeginCapture(cudaStream_t s, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g);
cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *status);
cudaError_t cudaStreamSetAttribute(cudaStream_t s, enum cudaStreamAttrID attr, const cudaStreamAttrValue *v);
cudaError_t cudaStreamGetAttribute(cudaStream_t s, enum cudaStreamAttrID attr, cudaStreamAttrValue *v);
cudaError_t cudaLaunchHostFunc(cudaStream_t s, cudaHostFn_t fn, void *data);
/* events */
cudaError_t cudaEventCreate(cudaEvent_t *e);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s __dv(0));
cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s __dv(0), unsigned int flags __dv(0));
cudaError_t cudaEventQuery(cudaEvent_t e);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventDestroy(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
/* execution control */
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache c);
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig c);
cudaError_t cudaFuncGetName(const char **name, const void *func);
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t s);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t s);
cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *list, unsigned int n, unsigned int flags __dv(0));
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *func, int blockSize, size_t shmem);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *func, int blockSize, size_t shmem, unsigned int flags);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *shmem, const void *func, int numBlocks, int blockSize);
cudaError_t cudaOccupancyMaxPotentialClusterSize(int *size, const void *func, const cudaLaunchConfig_t *config);
cudaError_t cudaOccupancyMaxActiveClusters(int *n, const void *func, const cudaLaunchConfig_t *config);
/* memory */
cudaError_t cudaMalloc(void **p, size_t size);
cudaError_t cudaMallocHost(void **p, size_t size);
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMallocArray(cudaArray_t *a, const struct cudaChannelFormatDesc *desc, size_t width, size_t height __dv(0), unsigned int flags __dv(0));
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *p, struct cudaExtent extent);
cudaError_t cudaMalloc3DArray(cudaArray_t *a, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int flags __dv(0));
cudaError_t cudaMallocManaged(void **p, size_t size, unsigned int flags __dv(cudaMemAttachGlobal));
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaFreeArray(cudaArray_t a);
cudaError_t cudaHostAlloc(void **p, size_t size, unsigned int flags);
cudaError_t cudaHostRegister(void *p, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *p);
cudaError_t cudaHostGetDevicePointer(void **d, void *h, unsigned int flags);
cudaError_t cudaHostGetFlags(unsigned int *flags, void *h);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr, const void *p);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t s __dv(0));
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t s __dv(0));
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count, cudaStream_t s __dv(0));
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t s __dv(0));
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset __dv(0), enum cudaMemcpyKind kind __dv(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset __dv(0), enum cudaMemcpyKind kind __dv(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset, enum cudaMemcpyKind kind, cudaStream_t s __dv(0));
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind kind, cudaStream_t s __dv(0));
cudaError_t cudaMemset(void *p, int value, size_t count);
cudaError_t cudaMemset2D(void *p, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent);
cudaError_t cudaMemsetAsync(void *p, int value, size_t count, cudaStream_t s __dv(0));
cudaError_t cudaMemset2DAsync(void *p, size_t pitch, int value, size_t width, size_t height, cudaStream_t s __dv(0));
cudaError_t cudaGetSymbolAddress(void **p, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
cudaError_t cudaMemPrefetchAsync(const void *p, size_t count, int dstDevice, cudaStream_t s __dv(0));
cudaError_t cudaMemAdvise(const void *p, size_t count, enum cudaMemoryAdvise advice, int device);
cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute attr, const void *p, size_t count);
/* stream-ordered allocation and memory pools */
cudaError_t cudaMallocAsync(void **p, size_t size, cudaStream_t s);
cudaError_t cudaFreeAsync(void *p, cudaStream_t s);
cudaError_t cudaMallocFromPoolAsync(void **p, size_t size, cudaMemPool_t pool, cudaStream_t s);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const struct cudaMemPoolProps *props);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const struct cudaMemAccessDesc *list, size_t n);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t minBytesToKeep);
/* unified addressing, peer access, versions */
cudaError_t cudaDriverGetVersion(int *version);
cudaError_t cudaRuntimeGetVersion(int *version);
/* textures and surfaces */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t a);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *t, const struct cudaResourceDesc *res, const struct cudaTextureDesc *tex, const struct cudaResourceViewDesc *view);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t t);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *res, cudaTextureObject_t t);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *s, const struct cudaResourceDesc *res);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t s);
/* graphs */
cudaError_t cudaGraphCreate(cudaGraph_t *g, unsigned int flags);
cudaError_t cudaGraphDestroy(cudaGraph_t g);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *e, cudaGraph_t g, unsigned long long flags __dv(0));
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *e, cudaGraph_t g, unsigned long long flags __dv(0));
cudaError_t cudaGraphLaunch(cudaGraphExec_t e, cudaStream_t s);
cudaError_t cudaGraphUpload(cudaGraphExec_t e, cudaStream_t s);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t e);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *n, cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps, const struct cudaKernelNodeParams *p);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *n, cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps);
cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *n);
/* profiler (cuda_profiler_api.h) */
cudaError_t cudaProfilerInitialize(const char *config, const char *out, int mode);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
/* what clang's launch syntax needs */
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t s = 0);
cudaError_t cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t s = 0);
/* what clang needs to parse a launch in device code (refused later: dynamic parallelism) */
__attribute__((device)) void *cudaGetParameterBuffer(size_t align, size_t size);
__attribute__((device)) cudaError_t cudaLaunchDevice(void *f, void *params, dim3 grid, dim3 block, unsigned shmem, cudaStream_t s);
}

/* ---- cuda_runtime.h: the C++ overloads ---- */
static inline cudaError_t cudaEventCreate(cudaEvent_t *e, unsigned int flags) { return cudaEventCreateWithFlags(e, flags); }
static inline cudaError_t cudaMallocHost(void **p, size_t size, unsigned int flags) { return cudaHostAlloc(p, size, flags); }
template <class T> static inline cudaError_t cudaMalloc(T **p, size_t size) { return cudaMalloc((void **)(void *)p, size); }
template <class T> static inline cudaError_t cudaMallocHost(T **p, size_t size, unsigned int flags = 0) { return cudaMallocHost((void **)(void *)p, size, flags); }
template <class T> static inline cudaError_t cudaHostAlloc(T **p, size_t size, unsigned int flags) { return cudaHostAlloc((void **)(void *)p, size, flags); }
template <class T> static inline cudaError_t cudaHostGetDevicePointer(T **d, void *h, unsigned int flags) { return cudaHostGetDevicePointer((void **)(void *)d, h, flags); }
template <class T> static inline cudaError_t cudaMallocManaged(T **p, size_t size, unsigned int flags = cudaMemAttachGlobal) { return cudaMallocManaged((void **)(void *)p, size, flags); }
template <class T> static inline cudaError_t cudaMallocPitch(T **p, size_t *pitch, size_t width, size_t height) { return cudaMallocPitch((void **)(void *)p, pitch, width, height); }
template <class T> static inline cudaError_t cudaMallocAsync(T **p, size_t size, cudaStream_t s) { return cudaMallocAsync((void **)(void *)p, size, s); }
template <class T> static inline cudaError_t cudaMallocFromPoolAsync(T **p, size_t size, cudaMemPool_t pool, cudaStream_t s) { return cudaMallocFromPoolAsync((void **)(void *)p, size, pool, s); }
template <class T> static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T> static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T> static inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t s = 0);
template <class T> static inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t s = 0);
template <class T> static inline cudaError_t cudaGetSymbolAddress(void **p, const T &symbol);
template <class T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol);
template <class T> static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func) { return cudaFuncGetAttributes(attr, (const void *)func); }
template <class T> static inline cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value) { return cudaFuncSetAttribute((const void *)func, attr, value); }
template <class T> static inline cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache c) { return cudaFuncSetCacheConfig((const void *)func, c); }
template <class T> static inline cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig c) { return cudaFuncSetSharedMemConfig((const void *)func, c); }
template <class T> static inline cudaError_t cudaLaunchKernel(T *func, dim3 grid, dim3 block, void **args, size_t shmem = 0, cudaStream_t s = 0) { return cudaLaunchKernel((const void *)func, grid, block, args, shmem, s); }
template <class T> static inline cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 grid, dim3 block, void **args, size_t shmem = 0, cudaStream_t s = 0) { return cudaLaunchCooperativeKernel((const void *)func, grid, block, args, shmem, s); }
template <class T> static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T func, int blockSize, size_t shmem) { return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void *)func, blockSize, shmem); }
template <class T> static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func, size_t shmem = 0, int blockSizeLimit = 0);
template <class T> static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, T func, ...);
template <class T> static inline struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *e, cudaGraph_t g, cudaGraphNode_t *errNode, char *log, size_t logSize) { (void)errNode, (void)log, (void)logSize; return cudaGraphInstantiate(e, g, 0ULL); }
#undef __dv
#endif
