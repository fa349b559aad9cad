/* cuda2hlo-cc: cub::DeviceScan runs on the host (../../cuda2hlo_cub_device.h says how and
 * why). The toolkit's header is still read, for everything else it brings, with its
 * DeviceScan renamed out of the way; this DeviceScan has the same overloads (the CUB
 * documentation's signatures, so a call resolves as with cub). ExclusiveScan with a
 * FutureValue initial value is not implemented: the program stops naming it. */
#pragma once
#include <thrust/detail/config/device_system.h>
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
#define DeviceScan cuda2hlo_toolkit_DeviceScan
#include_next <cub/device/device_scan.cuh>
#undef DeviceScan
#include <cuda2hlo_cub_device.h>

CUB_NAMESPACE_BEGIN
struct DeviceScan {
	template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
	static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                                OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
	{
		using T = cuda2hlo_cub::value_t<InputIteratorT>;
		return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cuda2hlo_cub::plus{}, T{},
		                     num_items, stream);
	}
	template <typename IteratorT, typename NumItemsT>
	static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
	                                NumItemsT num_items, cudaStream_t stream = 0)
	{
		return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
	          typename NumItemsT>
	static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                                 OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value,
	                                 NumItemsT num_items, cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			cuda2hlo_cub::exclusive_scan("DeviceScan::ExclusiveScan", d_in, d_out, scan_op, init_value,
			                             (int64_t)num_items);
		return cudaSuccess;
	}
	template <typename IteratorT, typename ScanOpT, typename InitValueT, typename NumItemsT>
	static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
	                                 ScanOpT scan_op, InitValueT init_value, NumItemsT num_items,
	                                 cudaStream_t stream = 0)
	{
		return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value,
		                     num_items, stream);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
	          typename InitValueIterT, typename NumItemsT>
	static cudaError_t ExclusiveScan(void *, size_t &, InputIteratorT, OutputIteratorT, ScanOpT,
	                                 FutureValue<InitValueT, InitValueIterT>, NumItemsT, cudaStream_t = 0)
	{
		cuda2hlo_cub::refuse("DeviceScan::ExclusiveScan", "a FutureValue initial value is not implemented");
	}
	template <typename IteratorT, typename ScanOpT, typename InitValueT, typename InitValueIterT,
	          typename NumItemsT>
	static cudaError_t ExclusiveScan(void *, size_t &, IteratorT, ScanOpT,
	                                 FutureValue<InitValueT, InitValueIterT>, NumItemsT, cudaStream_t = 0)
	{
		cuda2hlo_cub::refuse("DeviceScan::ExclusiveScan", "a FutureValue initial value is not implemented");
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
	static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                                OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
	{
		return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cuda2hlo_cub::plus{},
		                     num_items, stream);
	}
	template <typename IteratorT, typename NumItemsT>
	static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
	                                NumItemsT num_items, cudaStream_t stream = 0)
	{
		return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename NumItemsT>
	static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                                 OutputIteratorT d_out, ScanOpT scan_op, NumItemsT num_items,
	                                 cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			cuda2hlo_cub::inclusive_scan("DeviceScan::InclusiveScan", d_in, d_out, scan_op, (int64_t)num_items);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
	          typename NumItemsT>
	static cudaError_t InclusiveScanInit(void *d_temp_storage, size_t &temp_storage_bytes,
	                                     InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
	                                     InitValueT init_value, NumItemsT num_items, cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			cuda2hlo_cub::inclusive_scan_init("DeviceScan::InclusiveScanInit", d_in, d_out, scan_op,
			                                  init_value, (int64_t)num_items);
		return cudaSuccess;
	}
	template <typename IteratorT, typename ScanOpT, typename NumItemsT>
	static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
	                                 ScanOpT scan_op, NumItemsT num_items, cudaStream_t stream = 0)
	{
		return InclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, num_items, stream);
	}
	template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
	          typename EqualityOpT = cuda2hlo_cub::equal, typename NumItemsT = uint32_t>
	static cudaError_t ExclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes,
	                                     KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
	                                     ValuesOutputIteratorT d_values_out, NumItemsT num_items,
	                                     EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
	{
		using T = cuda2hlo_cub::value_t<ValuesInputIteratorT>;
		return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
		                          cuda2hlo_cub::plus{}, T{}, num_items, equality_op, stream);
	}
	template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
	          typename ScanOpT, typename InitValueT, typename EqualityOpT = cuda2hlo_cub::equal,
	          typename NumItemsT = uint32_t>
	static cudaError_t ExclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes,
	                                      KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
	                                      ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
	                                      InitValueT init_value, NumItemsT num_items,
	                                      EqualityOpT equality_op = EqualityOpT(), cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			cuda2hlo_cub::exclusive_scan_by_key("DeviceScan::ExclusiveScanByKey", d_keys_in, d_values_in,
			                                    d_values_out, scan_op, init_value, (int64_t)num_items,
			                                    equality_op);
		return cudaSuccess;
	}
	template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
	          typename EqualityOpT = cuda2hlo_cub::equal, typename NumItemsT = uint32_t>
	static cudaError_t InclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes,
	                                     KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
	                                     ValuesOutputIteratorT d_values_out, NumItemsT num_items,
	                                     EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
	{
		return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
		                          cuda2hlo_cub::plus{}, num_items, equality_op, stream);
	}
	template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
	          typename ScanOpT, typename EqualityOpT = cuda2hlo_cub::equal, typename NumItemsT = uint32_t>
	static cudaError_t InclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes,
	                                      KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
	                                      ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
	                                      NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(),
	                                      cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			cuda2hlo_cub::inclusive_scan_by_key("DeviceScan::InclusiveScanByKey", d_keys_in, d_values_in,
			                                    d_values_out, scan_op, (int64_t)num_items, equality_op);
		return cudaSuccess;
	}
};
CUB_NAMESPACE_END
#else
#include_next <cub/device/device_scan.cuh>
#endif
