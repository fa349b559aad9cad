/* cuda2hlo-cc: cub::DeviceSegmentedReduce runs on the host (../../cuda2hlo_cub_device.h
 * says how and why), with the overloads of the toolkit's, whose DeviceSegmentedReduce is
 * renamed out of the way. Segment s is [d_begin_offsets[s], d_end_offsets[s]); an empty
 * one gives the initial value (Sum: 0 of the output's value type, Min/Max: the input
 * type's largest/lowest), ArgMin/ArgMax give {1, that value} for it, and otherwise the
 * first extremum with its offset from the segment's start. */
#pragma once
#include <thrust/detail/config/device_system.h>
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
#define DeviceSegmentedReduce cuda2hlo_toolkit_DeviceSegmentedReduce
#include_next <cub/device/device_segmented_reduce.cuh>
#undef DeviceSegmentedReduce
#include <cuda2hlo_cub_device.h>

CUB_NAMESPACE_BEGIN
struct DeviceSegmentedReduce {
	template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
	          typename EndOffsetIteratorT, typename ReductionOpT, typename T>
	static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
	                          BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
	                          ReductionOpT reduction_op, T initial_value, cudaStream_t = 0)
	{
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		for (int64_t s = 0; s < num_segments; s++)
			d_out[s] = cuda2hlo_cub::reduce<T>("DeviceSegmentedReduce::Reduce", d_in, reduction_op,
			                                   initial_value, (int64_t)d_begin_offsets[s],
			                                   (int64_t)d_end_offsets[s]);
		return cudaSuccess;
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
	          typename EndOffsetIteratorT>
	static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                       OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
	                       BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
	                       cudaStream_t stream = 0)
	{
		using A = cuda2hlo_cub::out_or_in_t<OutputIteratorT, InputIteratorT>;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
		              d_end_offsets, cuda2hlo_cub::plus{}, A{}, stream);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
	          typename EndOffsetIteratorT>
	static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                       OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
	                       BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
	                       cudaStream_t stream = 0)
	{
		using A = cuda2hlo_cub::value_t<InputIteratorT>;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
		              d_end_offsets, cuda2hlo_cub::min{}, std::numeric_limits<A>::max(), stream);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
	          typename EndOffsetIteratorT>
	static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                       OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
	                       BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
	                       cudaStream_t stream = 0)
	{
		using A = cuda2hlo_cub::value_t<InputIteratorT>;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
		              d_end_offsets, cuda2hlo_cub::max{}, std::numeric_limits<A>::lowest(), stream);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
	          typename EndOffsetIteratorT>
	static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
	                          BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
	                          cudaStream_t = 0)
	{
		return arg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
		           d_end_offsets, false);
	}
	template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
	          typename EndOffsetIteratorT>
	static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                          OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
	                          BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
	                          cudaStream_t = 0)
	{
		return arg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
		           d_end_offsets, true);
	}

private:
	template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
	          typename EndOffsetIteratorT>
	static cudaError_t arg(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
	                       OutputIteratorT d_out, int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
	                       EndOffsetIteratorT d_end_offsets, bool max)
	{
		using P = cuda2hlo_cub::value_t<OutputIteratorT>;
		using T = typename P::Value;
		auto before = [max](const T &a, const T &b) { return max ? b < a : a < b; };
		T empty = max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
		if (cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))
			return cudaSuccess;
		for (int64_t s = 0; s < num_segments; s++) {
			auto r = cuda2hlo_cub::arg_extremum<T>(d_in, (int64_t)d_begin_offsets[s], (int64_t)d_end_offsets[s],
			                                       before, empty);
			d_out[s] = P(static_cast<typename P::Key>(r.first), r.second);
		}
		return cudaSuccess;
	}
};
CUB_NAMESPACE_END
#else
#include_next <cub/device/device_segmented_reduce.cuh>
#endif
