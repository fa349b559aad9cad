/* device.c: the one device, streams and events. The device describes this machine as a
 * compute capability 9.0 GPU with CUDA's launch limits (base.h's CUDA_* limits, the ones
 * the frontend checks), this machine's memory as global memory and its cores as
 * multiprocessors. Streams are one in-order queue that runs at once; an event holds the
 * CLOCK_MONOTONIC time at which it was recorded. */
#include "cudart.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct CUstream_st { int unused; };
struct CUevent_st { double ms; int recorded; };

cudaError_t cudaGetDeviceCount(int *n)
{
	if (!n)
		return cudaErrorInvalidValue;
	*n = 1;
	return cudaSuccess;
}

cudaError_t cudaSetDevice(int d)
{
	return d == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t cudaGetDevice(int *d)
{
	if (!d)
		return cudaErrorInvalidValue;
	*d = 0;
	return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned flags)
{
	(void)flags;
	return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int d)
{
	if (!p || d != 0)
		return p ? cudaErrorInvalidDevice : cudaErrorInvalidValue;
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "cuda2hlo (StableHLO on the host)");
	p->totalGlobalMem = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
	p->sharedMemPerBlock = 49152;
	p->sharedMemPerBlockOptin = 232448;
	p->sharedMemPerMultiprocessor = 233472;
	p->regsPerBlock = 65536;
	p->regsPerMultiprocessor = 65536;
	p->warpSize = 32;
	p->memPitch = (size_t)1 << 31;
	p->maxThreadsPerBlock = 1024;
	p->maxThreadsDim[0] = 1024, p->maxThreadsDim[1] = 1024, p->maxThreadsDim[2] = 64;
	p->maxGridSize[0] = 2147483647, p->maxGridSize[1] = 65535, p->maxGridSize[2] = 65535;
	p->totalConstMem = 65536;
	p->major = 9, p->minor = 0;
	p->textureAlignment = 512;
	p->texturePitchAlignment = 32;
	p->multiProcessorCount = (int)sysconf(_SC_NPROCESSORS_ONLN);
	p->maxThreadsPerMultiProcessor = 2048;
	p->maxBlocksPerMultiProcessor = 32;
	p->l2CacheSize = 50331648;
	p->memoryBusWidth = 5120;
	p->unifiedAddressing = 1;
	p->managedMemory = 1;
	p->concurrentManagedAccess = 1;
	p->canMapHostMemory = 1;
	p->asyncEngineCount = 1;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr attr, int d)
{
	struct cudaDeviceProp p;
	if (!v || cudaGetDeviceProperties(&p, d) != cudaSuccess)
		return cudaErrorInvalidValue;
	switch (attr) {
	case cudaDevAttrMaxThreadsPerBlock: *v = p.maxThreadsPerBlock; break;
	case cudaDevAttrMaxBlockDimX: *v = p.maxThreadsDim[0]; break;
	case cudaDevAttrMaxBlockDimY: *v = p.maxThreadsDim[1]; break;
	case cudaDevAttrMaxBlockDimZ: *v = p.maxThreadsDim[2]; break;
	case cudaDevAttrMaxGridDimX: *v = p.maxGridSize[0]; break;
	case cudaDevAttrMaxGridDimY: *v = p.maxGridSize[1]; break;
	case cudaDevAttrMaxGridDimZ: *v = p.maxGridSize[2]; break;
	case cudaDevAttrMaxSharedMemoryPerBlock: *v = (int)p.sharedMemPerBlock; break;
	case cudaDevAttrWarpSize: *v = p.warpSize; break;
	case cudaDevAttrMultiProcessorCount: *v = p.multiProcessorCount; break;
	case cudaDevAttrComputeCapabilityMajor: *v = p.major; break;
	case cudaDevAttrComputeCapabilityMinor: *v = p.minor; break;
	case cudaDevAttrMaxThreadsPerMultiProcessor: *v = p.maxThreadsPerMultiProcessor; break;
	default:
		cudart_unimplemented("cudaDeviceGetAttribute for this attribute");
	}
	return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaDeviceReset(void) { return cudaSuccess; }
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache c) { (void)c; return cudaSuccess; }
/* Limits have no effect here (device code runs as StableHLO: no stack, no device heap);
 * cudaDeviceGetLimit returns the last value set, else the value CUDA starts with. */
static size_t limits[16];
static int limit_set[16];

cudaError_t cudaDeviceSetLimit(enum cudaLimit l, size_t v)
{
	if ((unsigned)l >= 16)
		return cudaErrorInvalidValue;
	limits[l] = v, limit_set[l] = 1;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *v, enum cudaLimit l)
{
	if (!v || (unsigned)l >= 16)
		return cudaErrorInvalidValue;
	if (limit_set[l]) {
		*v = limits[l];
		return cudaSuccess;
	}
	switch (l) {
	case cudaLimitStackSize: *v = 1024; break;
	case cudaLimitPrintfFifoSize: *v = 1 << 20; break;
	case cudaLimitMallocHeapSize: *v = 8 << 20; break;
	case cudaLimitDevRuntimeSyncDepth: *v = 2; break;
	case cudaLimitDevRuntimePendingLaunchCount: *v = 2048; break;
	case cudaLimitMaxL2FetchGranularity: *v = 64; break;
	default: *v = 0; break;
	}
	return cudaSuccess;
}
cudaError_t cudaFuncSetCacheConfig(const void *f, enum cudaFuncCache c) { (void)f, (void)c; return cudaSuccess; }
cudaError_t cudaFuncSetAttribute(const void *f, enum cudaFuncAttribute a, int v)
{
	(void)f, (void)a, (void)v;
	return cudaSuccess;
}
cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

cudaError_t cudaRuntimeGetVersion(int *v)
{
	if (!v)
		return cudaErrorInvalidValue;
	*v = CUDART_VERSION;
	return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *v)
{
	return cudaRuntimeGetVersion(v);
}

/* ---- streams ---- */

cudaError_t cudaStreamCreate(cudaStream_t *s)
{
	if (!s || !(*s = calloc(1, sizeof **s)))
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags)
{
	(void)flags;
	return cudaStreamCreate(s);
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int prio)
{
	(void)flags, (void)prio;
	return cudaStreamCreate(s);
}

/* Priorities order nothing here (one in-order queue); the range is a GPU's (0 = least,
 * -5 = greatest) so programs that pick levels in it run unchanged. */
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
	if (least)
		*least = 0;
	if (greatest)
		*greatest = -5;
	return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t s) { free(s); return cudaSuccess; }
cudaError_t cudaStreamSynchronize(cudaStream_t s) { (void)s; return cudaSuccess; }
cudaError_t cudaStreamQuery(cudaStream_t s) { (void)s; return cudaSuccess; }
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags)
{
	(void)s, (void)e, (void)flags;
	return cudaSuccess;
}

/* ---- events ---- */

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

cudaError_t cudaEventCreate(cudaEvent_t *e)
{
	if (!e || !(*e = calloc(1, sizeof **e)))
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags)
{
	(void)flags;
	return cudaEventCreate(e);
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
	(void)s;
	if (!e)
		return cudaErrorInvalidResourceHandle;
	e->ms = now_ms();
	e->recorded = 1;
	return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t e) { (void)e; return cudaSuccess; }
cudaError_t cudaEventQuery(cudaEvent_t e) { (void)e; return cudaSuccess; }
cudaError_t cudaEventDestroy(cudaEvent_t e) { free(e); return cudaSuccess; }

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
	if (!ms || !a || !b)
		return cudaErrorInvalidValue;
	if (!a->recorded || !b->recorded)
		return cudaErrorInvalidResourceHandle;
	*ms = (float)(b->ms - a->ms);
	return cudaSuccess;
}

/* ---- what thrust and cub ask before a launch ---- */

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a, const void *func)
{
	if (!a || !cudart_kernel_find(func))
		return cudaErrorInvalidDeviceFunction;
	memset(a, 0, sizeof *a);
	a->maxThreadsPerBlock = 1024;
	a->numRegs = 32;
	a->ptxVersion = CUDART_PTX_ARCH;   /* compute_80 code, run on the 9.0 device */
	a->binaryVersion = 10 * 9 + 0;
	a->maxDynamicSharedSizeBytes = 49152;
	return cudaSuccess;
}

/* Blocks of blockSize threads resident per multiprocessor: 2048 threads, at most 32 blocks. */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *func,
                                                                   int block, size_t shmem,
                                                                   unsigned flags)
{
	(void)func, (void)shmem, (void)flags;
	if (!n || block <= 0)
		return cudaErrorInvalidValue;
	*n = 2048 / block < 32 ? 2048 / block : 32;
	return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *func, int block,
                                                          size_t shmem)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n, func, block, shmem, 0);
}
