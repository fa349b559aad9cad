/* cuda2hlo-cc: cub::DeviceRadixSort runs on the host (../../cuda2hlo_cub_device.h says
 * how and why), with the overloads of the toolkit's, whose DeviceRadixSort is renamed out
 * of the way: a stable sort on the key bits [begin_bit, end_bit) in cub's order
 * (cuda2hlo_cub::radix_bits). Keys must be arithmetic; the overloads with a decomposer
 * (keys of the program's own types) are not implemented: the program stops naming them.
 * The DoubleBuffer forms leave the result in d_keys.Current() (and d_values.Current()),
 * as cub allows. */
#pragma once
#include <thrust/detail/config/device_system.h>
#if defined(__CUDA2HLO_CC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP
#define DeviceRadixSort cuda2hlo_toolkit_DeviceRadixSort
#include_next <cub/device/device_radix_sort.cuh>
#undef DeviceRadixSort
#include <cuda2hlo_cub_device.h>
#include <algorithm>
#include <numeric>
#include <vector>

namespace cuda2hlo_cub {
/* Sorts n keys (and values when vin is not NULL) from kin/vin into kout/vout; the
 * outputs may be the inputs. */
template <class K, class V>
void radix_sort(const char *algo, const K *kin, K *kout, const V *vin, V *vout, int64_t n, int begin_bit,
                int end_bit, bool descending)
{
	static_assert(radix_key_v<K>, "cuda2hlo-cc: cub::DeviceRadixSort here sorts arithmetic keys only");
	(void)algo;
	if (n <= 0)
		return;
	std::vector<K> keys(kin, kin + n);
	using U = decltype(radix_bits(K{}, 0, 0, false));
	std::vector<U> bits(n);
	for (int64_t i = 0; i < n; i++)
		bits[i] = radix_bits(keys[i], begin_bit, end_bit, descending);
	std::vector<int64_t> order(n);
	std::iota(order.begin(), order.end(), int64_t(0));
	std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return bits[a] < bits[b]; });
	if (vin) {
		std::vector<V> vals(vin, vin + n);
		for (int64_t i = 0; i < n; i++)
			vout[i] = vals[order[i]];
	}
	for (int64_t i = 0; i < n; i++)
		kout[i] = keys[order[i]];
}
struct no_values {};
} // namespace cuda2hlo_cub

CUB_NAMESPACE_BEGIN
struct DeviceRadixSort {
#define C2H_SORT_PAIRS_(NAME, DESC)                                                                    \
	template <typename KeyT, typename ValueT, typename NumItemsT>                                      \
	static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,    \
	                        KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,          \
	                        NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,     \
	                        cudaStream_t = 0)                                                           \
	{                                                                                                   \
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))                            \
			cuda2hlo_cub::radix_sort("DeviceRadixSort::" #NAME, d_keys_in, d_keys_out, d_values_in,   \
			                         d_values_out, (int64_t)num_items, begin_bit, end_bit, DESC);      \
		return cudaSuccess;                                                                         \
	}                                                                                                   \
	template <typename KeyT, typename ValueT, typename NumItemsT>                                      \
	static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys, \
	                        DoubleBuffer<ValueT> &d_values, NumItemsT num_items, int begin_bit = 0,     \
	                        int end_bit = sizeof(KeyT) * 8, cudaStream_t = 0)                           \
	{                                                                                                   \
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))                            \
			cuda2hlo_cub::radix_sort("DeviceRadixSort::" #NAME, d_keys.Current(), d_keys.Current(),    \
			                         d_values.Current(), d_values.Current(), (int64_t)num_items,       \
			                         begin_bit, end_bit, DESC);                                        \
		return cudaSuccess;                                                                         \
	}
#define C2H_SORT_KEYS_(NAME, DESC)                                                                     \
	template <typename KeyT, typename NumItemsT>                                                       \
	static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,    \
	                        KeyT *d_keys_out, NumItemsT num_items, int begin_bit = 0,                   \
	                        int end_bit = sizeof(KeyT) * 8, cudaStream_t = 0)                           \
	{                                                                                                   \
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))                            \
			cuda2hlo_cub::radix_sort("DeviceRadixSort::" #NAME, d_keys_in, d_keys_out,                \
			                         (const cuda2hlo_cub::no_values *)nullptr,                         \
			                         (cuda2hlo_cub::no_values *)nullptr, (int64_t)num_items, begin_bit,\
			                         end_bit, DESC);                                                   \
		return cudaSuccess;                                                                         \
	}                                                                                                   \
	template <typename KeyT, typename NumItemsT>                                                       \
	static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys, \
	                        NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,     \
	                        cudaStream_t = 0)                                                           \
	{                                                                                                   \
		if (!cuda2hlo_cub::size_query(d_temp_storage, temp_storage_bytes))                            \
			cuda2hlo_cub::radix_sort("DeviceRadixSort::" #NAME, d_keys.Current(), d_keys.Current(),    \
			                         (const cuda2hlo_cub::no_values *)nullptr,                         \
			                         (cuda2hlo_cub::no_values *)nullptr, (int64_t)num_items, begin_bit,\
			                         end_bit, DESC);                                                   \
		return cudaSuccess;                                                                         \
	}
	C2H_SORT_PAIRS_(SortPairs, false)
	C2H_SORT_PAIRS_(SortPairsDescending, true)
	C2H_SORT_KEYS_(SortKeys, false)
	C2H_SORT_KEYS_(SortKeysDescending, true)
#undef C2H_SORT_PAIRS_
#undef C2H_SORT_KEYS_
};
CUB_NAMESPACE_END
#else
#include_next <cub/device/device_radix_sort.cuh>
#endif
