/* cuda2hlo-cc: cub::DeviceSelect runs on the host (../../cuda2hlo_cub_device.h says how
 * and why), with the overloads of the toolkit's, whose DeviceSelect is renamed out of the
 * way. Each keeps the selected items in their order and writes their number to
 * *d_num_selected_out. */
#pragma once
#include <thrust/detail/config/device_system.h>
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
#define DeviceSelect cuda2hlo_toolkit_DeviceSelect
#include_next <cub/device/device_select.cuh>
#undef DeviceSelect
#include <cuda2hlo_cub_device.h>

CUB_NAMESPACE_BEGIN
struct DeviceSelect {
	template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT,
	          typename NumSelectedIteratorT>
	static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                           FlagIterator d_flags, OutputIteratorT d_out,
	                           NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
	                           cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			*d_num_selected_out = cuda2hlo_cub::select(d_in, d_out, num_items,
			                                           [&](int64_t i) { return bool(d_flags[i]); });
		return cudaSuccess;
	}
	template <typename IteratorT, typename FlagIterator, typename NumSelectedIteratorT>
	static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
	                           FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out,
	                           ::cuda::std::int64_t num_items, cudaStream_t stream = 0)
	{
		return Flagged(d_temp_storage, temp_storage_bytes, d_data, d_flags, d_data, d_num_selected_out,
		               num_items, stream);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT,
	          typename SelectOp>
	static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                      OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
	                      ::cuda::std::int64_t num_items, SelectOp select_op, cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			*d_num_selected_out = cuda2hlo_cub::select(d_in, d_out, num_items, [&](int64_t i) {
				cuda2hlo_cub::value_t<InputIteratorT> x = d_in[i];
				return cuda2hlo_cub::call1<bool>("DeviceSelect::If", select_op, x);
			});
		return cudaSuccess;
	}
	template <typename IteratorT, typename NumSelectedIteratorT, typename SelectOp>
	static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
	                      NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
	                      SelectOp select_op, cudaStream_t stream = 0)
	{
		return If(d_temp_storage, temp_storage_bytes, d_data, d_data, d_num_selected_out, num_items, select_op,
		          stream);
	}
	template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT,
	          typename NumSelectedIteratorT, typename SelectOp>
	static cudaError_t FlaggedIf(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                             FlagIterator d_flags, OutputIteratorT d_out,
	                             NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
	                             SelectOp select_op, cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			*d_num_selected_out = cuda2hlo_cub::select(d_in, d_out, num_items, [&](int64_t i) {
				cuda2hlo_cub::value_t<FlagIterator> f = d_flags[i];
				return cuda2hlo_cub::call1<bool>("DeviceSelect::FlaggedIf", select_op, f);
			});
		return cudaSuccess;
	}
	template <typename IteratorT, typename FlagIterator, typename NumSelectedIteratorT, typename SelectOp>
	static cudaError_t FlaggedIf(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
	                             FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out,
	                             ::cuda::std::int64_t num_items, SelectOp select_op, cudaStream_t stream = 0)
	{
		return FlaggedIf(d_temp_storage, temp_storage_bytes, d_data, d_flags, d_data, d_num_selected_out,
		                 num_items, select_op, stream);
	}
	/* the first item of each run of equal (==) consecutive items */
	template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT>
	static cudaError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
	                          ::cuda::std::int64_t num_items, cudaStream_t = 0)
	{
		using T = cuda2hlo_cub::value_t<InputIteratorT>;
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		int64_t m = 0;
		T prev{};
		for (int64_t i = 0; i < num_items; i++) {
			T x = d_in[i];
			if (i == 0 || !(prev == x))
				d_out[m++] = x;
			prev = x;
		}
		*d_num_selected_out = m;
		return cudaSuccess;
	}
	template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
	          typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT,
	          typename EqualityOpT>
	static cudaError_t UniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes,
	                               KeyInputIteratorT d_keys_in, ValueInputIteratorT d_values_in,
	                               KeyOutputIteratorT d_keys_out, ValueOutputIteratorT d_values_out,
	                               NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
	                               EqualityOpT equality_op, cudaStream_t = 0)
	{
		using K = cuda2hlo_cub::value_t<KeyInputIteratorT>;
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		int64_t m = 0;
		K prev{};
		for (int64_t i = 0; i < (int64_t)num_items; i++) {
			K k = d_keys_in[i];
			if (i == 0 || !cuda2hlo_cub::call2<bool>("DeviceSelect::UniqueByKey", equality_op, prev, k)) {
				cuda2hlo_cub::value_t<ValueInputIteratorT> v = d_values_in[i];
				d_keys_out[m] = k;
				d_values_out[m++] = v;
			}
			prev = k;
		}
		*d_num_selected_out = m;
		return cudaSuccess;
	}
	template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
	          typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT>
	static cudaError_t UniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes,
	                               KeyInputIteratorT d_keys_in, ValueInputIteratorT d_values_in,
	                               KeyOutputIteratorT d_keys_out, ValueOutputIteratorT d_values_out,
	                               NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
	                               cudaStream_t stream = 0)
	{
		return UniqueByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_keys_out,
		                   d_values_out, d_num_selected_out, num_items, cuda2hlo_cub::equal{}, stream);
	}
};
CUB_NAMESPACE_END
#else
#include_next <cub/device/device_select.cuh>
#endif
