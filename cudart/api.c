/* api.c: the CUDA runtime API on the host, for programs built by cuda2hlo-cc. One
 * device, whose memory is this process's memory (mem.c): copies of every kind are
 * memcpy, memsets are memset, once a kernel result the runtime still holds for that
 * memory has been copied into it (mem.c: cudart_alloc_sync). Every stream is one
 * in-order queue that runs at once (a launch has finished when cudaLaunchKernel
 * returns), so synchronisation is a no-op and an event records the real clock (CLOCK_MONOTONIC) when it is recorded: elapsed times
 * measure the work between two records. A function the program uses that is not here
 * fails at link time naming it; one that is here but not supported for some argument
 * stops the program with a message naming it (cudart_unimplemented). Prototypes come from
 * the toolkit's cuda_runtime_api.h, so the ABI is the one the program was compiled for. */
#include "cudart.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static cudaError_t last_error = cudaSuccess;

void cudart_set_error(int err)
{
	last_error = (cudaError_t)err;
}

void cudart_unimplemented(const char *fn)
{
	fprintf(stderr, "cuda2hlo: %s is not implemented by libcuda2hlo_cudart\n", fn);
	exit(1);
}

static cudaError_t err(cudaError_t e)
{
	if (e != cudaSuccess)
		last_error = e;
	return e;
}

/* ---- errors ---- */

cudaError_t cudaGetLastError(void)
{
	cudaError_t e = last_error;
	last_error = cudaSuccess;
	return e;
}

cudaError_t cudaPeekAtLastError(void)
{
	return last_error;
}

static const struct { cudaError_t e; const char *name, *text; } errors[] = {
	{cudaSuccess, "cudaSuccess", "no error"},
	{cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
	{cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
	{cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
	{cudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
	{cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
	{cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction", "invalid device function"},
	{cudaErrorMissingConfiguration, "cudaErrorMissingConfiguration", "__global__ function call is not configured"},
	{cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
	{cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported"},
};

const char *cudaGetErrorString(cudaError_t e)
{
	for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
		if (errors[i].e == e)
			return errors[i].text;
	return "unknown error";
}

const char *cudaGetErrorName(cudaError_t e)
{
	for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
		if (errors[i].e == e)
			return errors[i].name;
	return "cudaErrorUnknown";
}

/* ---- memory ---- */

/* host: memory the host may also write directly (mem.c copies it at every launch). */
static cudaError_t alloc(void **p, size_t bytes, int host)
{
	if (!p)
		return err(cudaErrorInvalidValue);
	*p = cudart_alloc(bytes, host);
	return *p ? cudaSuccess : err(cudaErrorMemoryAllocation);
}

cudaError_t cudaMalloc(void **p, size_t bytes)
{
	return alloc(p, bytes, 0);
}

cudaError_t cudaMallocManaged(void **p, size_t bytes, unsigned flags)
{
	(void)flags;
	return alloc(p, bytes, 1);
}

cudaError_t cudaMallocHost(void **p, size_t bytes)
{
	return alloc(p, bytes, 1);
}

cudaError_t cudaHostAlloc(void **p, size_t bytes, unsigned flags)
{
	(void)flags;
	return alloc(p, bytes, 1);
}

cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height)
{
	if (!pitch)
		return err(cudaErrorInvalidValue);
	*pitch = (width + 255) / 256 * 256;
	return cudaMalloc(p, *pitch * height);
}

/* cudaMallocPitch in three dimensions: rows of pitch bytes, height x depth of them. */
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pp, struct cudaExtent e)
{
	size_t pitch;
	void *p;
	if (!pp)
		return err(cudaErrorInvalidValue);
	cudaError_t r = cudaMallocPitch(&p, &pitch, e.width, e.height * e.depth);
	if (r == cudaSuccess)
		*pp = (struct cudaPitchedPtr){p, pitch, e.width, e.height};
	return r;
}

/* Stream-ordered allocation: every stream runs at once, so the order is the call's. One
 * pool, the default, whose attributes (release threshold, reuse) change nothing here. */
cudaError_t cudaMallocAsync(void **p, size_t bytes, cudaStream_t s)
{
	(void)s;
	return cudaMalloc(p, bytes);
}

cudaError_t cudaFreeAsync(void *p, cudaStream_t s)
{
	(void)s;
	return cudaFree(p);
}

static char default_pool;

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device)
{
	if (!pool || device != 0)
		return err(device != 0 ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
	*pool = (cudaMemPool_t)&default_pool;
	return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr, void *value)
{
	(void)attr;
	if (pool != (cudaMemPool_t)&default_pool || !value)
		return err(cudaErrorInvalidValue);
	return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags)
{
	(void)flags;
	if (!dev || !cudart_alloc_find(host))
		return err(cudaErrorInvalidValue);
	*dev = host;
	return cudaSuccess;
}

cudaError_t cudaFree(void *p)
{
	if (!p)
		return cudaSuccess;
	return cudart_free(p) ? err(cudaErrorInvalidDevicePointer) : cudaSuccess;
}

cudaError_t cudaFreeHost(void *p)
{
	return cudaFree(p);
}

cudaError_t cudaMemGetInfo(size_t *free_b, size_t *total)
{
	long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES);
	long page = sysconf(_SC_PAGESIZE);
	if (free_b)
		*free_b = (size_t)avail * (size_t)page;
	if (total)
		*total = (size_t)pages * (size_t)page;
	return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
	(void)kind;
	if (n && (!dst || !src))
		return err(cudaErrorInvalidValue);
	cudart_alloc_sync(src);
	cudart_alloc_sync(dst);
	memmove(dst, src, n);
	cudart_alloc_written(dst);
	return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind,
                            cudaStream_t s)
{
	(void)s;
	return cudaMemcpy(dst, src, n, kind);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                         size_t width, size_t height, enum cudaMemcpyKind kind)
{
	(void)kind;
	if (width > dpitch || width > spitch)
		return err(cudaErrorInvalidValue);
	cudart_alloc_sync(src);
	cudart_alloc_sync(dst);
	for (size_t r = 0; r < height; r++)
		memmove((char *)dst + r * dpitch, (const char *)src + r * spitch, width);
	cudart_alloc_written(dst);
	return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t s)
{
	(void)s;
	return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemset(void *p, int value, size_t n)
{
	if (n && !p)
		return err(cudaErrorInvalidValue);
	cudart_alloc_sync(p);
	memset(p, value, n);
	cudart_alloc_written(p);
	return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *p, int value, size_t n, cudaStream_t s)
{
	(void)s;
	return cudaMemset(p, value, n);
}

cudaError_t cudaMemset2D(void *p, size_t pitch, int value, size_t width, size_t height)
{
	cudart_alloc_sync(p);
	for (size_t r = 0; r < height; r++)
		memset((char *)p + r * pitch, value, width);
	cudart_alloc_written(p);
	return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *p, size_t n, struct cudaMemLocation loc,
                                 unsigned flags, cudaStream_t s)
{
	(void)p, (void)n, (void)loc, (void)flags, (void)s;
	return cudaSuccess;
}

/* ---- symbols: the host shadow registered by __cudaRegisterVar is the memory ---- */

static char *symbol(const void *sym, size_t offset, size_t n)
{
	const CudartVar *v = cudart_var_find(sym);
	if (!v || (const char *)sym != (const char *)v->host || offset > v->bytes
	    || n > v->bytes - offset)
		return NULL;
	return (char *)v->host + offset;
}

cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t offset,
                               enum cudaMemcpyKind kind)
{
	char *d = symbol(sym, offset, n);
	(void)kind;
	if (!d)
		return err(cudaErrorInvalidSymbol);
	cudart_alloc_sync(src);
	memmove(d, src, n);
	cudart_var_written(d);
	return cudaSuccess;
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t offset,
                                 enum cudaMemcpyKind kind)
{
	char *s = symbol(sym, offset, n);
	(void)kind;
	if (!s)
		return err(cudaErrorInvalidSymbol);
	cudart_alloc_sync(dst);
	memmove(dst, s, n);
	cudart_alloc_written(dst);
	return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbolAsync(const void *sym, const void *src, size_t n, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t s)
{
	(void)s;
	return cudaMemcpyToSymbol(sym, src, n, offset, kind);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *sym, size_t n, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t s)
{
	(void)s;
	return cudaMemcpyFromSymbol(dst, sym, n, offset, kind);
}

cudaError_t cudaGetSymbolAddress(void **p, const void *sym)
{
	if (!p || !symbol(sym, 0, 0))
		return err(cudaErrorInvalidSymbol);
	*p = (void *)sym;
	return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *n, const void *sym)
{
	const CudartVar *v = cudart_var_find(sym);
	if (!n || !v)
		return err(cudaErrorInvalidSymbol);
	*n = v->bytes;
	return cudaSuccess;
}
