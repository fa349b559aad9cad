/* cuda2hlo-cc: thrust's sequential sort, used by thrust's C++ system, which is also the
 * device system here (cuda2hlo_cc_host.h). The toolkit's radix sort encodes an int key
 * through `long` (stable_radix_sort.inl, RadixEncoder<int>): where long has 64 bits a
 * negative key gets its high 32 bits set and sorts after every positive one
 * (thrust::sort of {-1, 0, 1} gives {0, 1, -1}, for host_vector too). int keys take the
 * merge sort instead: the same order as std::stable_sort. The other key types' encoders
 * are right (tests/cudart/ok_thrust_device.cu sorts each of them with negative keys). */
#pragma once
#include_next <thrust/system/detail/sequential/sort.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace detail
{
namespace sequential
{
namespace sort_detail
{
template <typename Compare>
struct use_primitive_sort<int, Compare> : thrust::detail::false_type
{};
} // namespace sort_detail
} // namespace sequential
} // namespace detail
} // namespace system
THRUST_NAMESPACE_END
