/* cuda2hlo-cc: cub::DeviceReduce runs on the host (../../cuda2hlo_cub_device.h says how
 * and why), with the overloads of the toolkit's, whose DeviceReduce is renamed out of the
 * way. Sum starts from 0 of the output's value type (the input's when the output's is
 * void), Min and Max from the input type's largest and lowest values, as cub documents;
 * ArgMin and ArgMax give the first extremum and {1, that value} for no items.
 * ReduceByKey is not implemented: the program stops naming it. */
#pragma once
#include <thrust/detail/config/device_system.h>
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
#define DeviceReduce cuda2hlo_toolkit_DeviceReduce
#include_next <cub/device/device_reduce.cuh>
#undef DeviceReduce
#include <cuda2hlo_cub_device.h>

CUB_NAMESPACE_BEGIN
struct DeviceReduce {
	template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T,
	          typename NumItemsT>
	static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init,
	                          cudaStream_t = 0)
	{
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			*d_out = cuda2hlo_cub::reduce<T>("DeviceReduce::Reduce", d_in, reduction_op, init, 0,
			                                 (int64_t)num_items);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
	static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                       OutputIteratorT d_out, NumItemsT num_items, cudaStream_t = 0)
	{
		using A = cuda2hlo_cub::out_or_in_t<OutputIteratorT, InputIteratorT>;
		cuda2hlo_cub::plus op;
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			*d_out = cuda2hlo_cub::reduce<A>("DeviceReduce::Sum", d_in, op, A{}, 0, (int64_t)num_items);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
	static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                       OutputIteratorT d_out, NumItemsT num_items, cudaStream_t = 0)
	{
		using A = cuda2hlo_cub::value_t<InputIteratorT>;
		cuda2hlo_cub::min op;
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			*d_out = cuda2hlo_cub::reduce<A>("DeviceReduce::Min", d_in, op, std::numeric_limits<A>::max(), 0,
			                                 (int64_t)num_items);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
	static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                       OutputIteratorT d_out, NumItemsT num_items, cudaStream_t = 0)
	{
		using A = cuda2hlo_cub::value_t<InputIteratorT>;
		cuda2hlo_cub::max op;
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			*d_out = cuda2hlo_cub::reduce<A>("DeviceReduce::Max", d_in, op, std::numeric_limits<A>::lowest(),
			                                 0, (int64_t)num_items);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
	static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          ExtremumOutIteratorT d_min_out, IndexOutIteratorT d_index_out,
	                          ::cuda::std::int64_t num_items, cudaStream_t = 0)
	{
		using T = cuda2hlo_cub::value_t<InputIteratorT>;
		auto less = [](const T &a, const T &b) { return a < b; };
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		auto r = cuda2hlo_cub::arg_extremum<T>(d_in, 0, num_items, less, std::numeric_limits<T>::max());
		*d_min_out = r.second;
		*d_index_out = r.first;
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
	static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          ExtremumOutIteratorT d_max_out, IndexOutIteratorT d_index_out,
	                          ::cuda::std::int64_t num_items, cudaStream_t = 0)
	{
		using T = cuda2hlo_cub::value_t<InputIteratorT>;
		auto more = [](const T &a, const T &b) { return b < a; };
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		auto r = cuda2hlo_cub::arg_extremum<T>(d_in, 0, num_items, more, std::numeric_limits<T>::lowest());
		*d_max_out = r.second;
		*d_index_out = r.first;
		return cudaSuccess;
	}
	/* the older form: one KeyValuePair {offset, value} */
	template <typename InputIteratorT, typename OutputIteratorT>
	static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          OutputIteratorT d_out, int num_items, cudaStream_t = 0)
	{
		using P = cuda2hlo_cub::value_t<OutputIteratorT>;
		using T = typename P::Value;
		auto less = [](const T &a, const T &b) { return a < b; };
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		auto r = cuda2hlo_cub::arg_extremum<T>(d_in, 0, num_items, less, std::numeric_limits<T>::max());
		*d_out = P(static_cast<typename P::Key>(r.first), r.second);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename OutputIteratorT>
	static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          OutputIteratorT d_out, int num_items, cudaStream_t = 0)
	{
		using P = cuda2hlo_cub::value_t<OutputIteratorT>;
		using T = typename P::Value;
		auto more = [](const T &a, const T &b) { return b < a; };
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		auto r = cuda2hlo_cub::arg_extremum<T>(d_in, 0, num_items, more, std::numeric_limits<T>::lowest());
		*d_out = P(static_cast<typename P::Key>(r.first), r.second);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT,
	          typename TransformOpT, typename T, typename NumItemsT>
	static cudaError_t TransformReduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                                   OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op,
	                                   TransformOpT transform_op, T init, cudaStream_t = 0)
	{
		const char *algo = "DeviceReduce::TransformReduce";
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		using X = std::decay_t<std::conditional_t<
			cuda2hlo_cub::host_callable<TransformOpT, const cuda2hlo_cub::value_t<InputIteratorT> &>::value,
			std::invoke_result<TransformOpT &, const cuda2hlo_cub::value_t<InputIteratorT> &>, std::decay<T>>>;
		using A = cuda2hlo_cub::acc_t<ReductionOpT, T, typename X::type, T>;
		A acc = static_cast<A>(init);
		for (int64_t i = 0; i < (int64_t)num_items; i++) {
			cuda2hlo_cub::value_t<InputIteratorT> x = d_in[i];
			acc = cuda2hlo_cub::call2<A>(algo, reduction_op, acc,
			                             cuda2hlo_cub::call1<typename X::type>(algo, transform_op, x));
		}
		*d_out = acc;
		return cudaSuccess;
	}
	template <typename... A> static cudaError_t ReduceByKey(void *, size_t &, A...)
	{
		cuda2hlo_cub::refuse("DeviceReduce::ReduceByKey", "not implemented");
	}
};
CUB_NAMESPACE_END
#else
#include_next <cub/device/device_reduce.cuh>
#endif
