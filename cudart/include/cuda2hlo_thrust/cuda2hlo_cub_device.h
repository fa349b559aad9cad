/* cuda2hlo_cub_device.h: what the host versions of cub's device-wide algorithms share
 * (cub/device/device_*.cuh in this folder: DeviceScan, DeviceReduce, DeviceSelect,
 * DeviceRadixSort, DeviceSegmentedReduce). cub's own versions launch cub's kernels, which
 * the stages do not raise (the decoupled look-back scan is a race between blocks no
 * module can express); these run in the calling host code, serially, on the memory the
 * pointers and iterators name: cudaMalloc memory is host memory in this runtime, and
 * cuda2hlo_cudart_host_coherent() makes every allocation one the host may read and write
 * (docs/cudart.md, "thrust and cub"). It is called before main only in programs that
 * call one of these algorithms: `coherent_hook<>::on`, which every call names, is a
 * template's static member, made (with its initializer) only where it is used, so a
 * program that includes <cub/cub.cuh> for cub's block primitives keeps device memory
 * resident in the runtime as before.
 *
 * The API's two-phase call (the CUB documentation, "Device-wide primitives"): with
 * d_temp_storage NULL a call only writes temp_storage_bytes and does no work; then the
 * program allocates that much and calls again. These need no temporary storage, but say
 * 1 byte: programs allocate it only when the size is not 0 (HeCBench laplace) and a NULL
 * pointer on the second call would be the size query again. The stream is ignored: every
 * stream is one in-order queue that runs at once here (docs/cudart.md).
 *
 * An operator the program wrote as a __device__ function cannot be called from host code
 * (clang: "call to __device__ function from __host__ function"): the algorithm then stops
 * the program with a message naming itself (never a wrong or missing result). cuda2hlo-cc
 * makes such operators host-callable where it can (cudart/hostdev.c); this is for a file
 * it compiles as written. */
#pragma once
#include <cuda_runtime_api.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <type_traits>
#include <utility>

extern "C" void cuda2hlo_cudart_host_coherent(void);

namespace cuda2hlo_cub {

template <class = void> struct coherent_hook {
	static const int on;
};
template <class T> const int coherent_hook<T>::on = (cuda2hlo_cudart_host_coherent(), 1);

/* The size query of the two-phase call: true when this call is only that. Every
 * algorithm calls it first. */
template <class T = void> bool size_query(void *d_temp_storage, size_t &temp_storage_bytes)
{
	if (!coherent_hook<T>::on)   /* dependent: made only with size_query<void> */
		abort();
	if (d_temp_storage)
		return false;
	temp_storage_bytes = 1;
	return true;
}

[[noreturn]] inline void refuse(const char *algo, const char *why)
{
	fprintf(stderr, "cuda2hlo-cc: cub::%s: %s; cub's device-wide algorithms run on the host here "
	                "(docs/cudart.md, \"thrust and cub\")\n", algo, why);
	fflush(stdout);
	exit(1);
}

/* Whether host code may call op(args...): clang's overload resolution makes a __device__
 * operator non-viable in a host function, which a trailing return type in function
 * context sees (a class template's partial specialisation does not: no caller there). */
template <class Op, class... A>
auto host_callable_(int) -> decltype(std::declval<Op &>()(std::declval<A>()...), std::true_type{});
template <class Op, class... A> std::false_type host_callable_(...);
template <class Op, class... A> using host_callable = decltype(host_callable_<Op, A...>(0));

/* op(a, b) when host code may call it, else the program stops naming algo. */
template <class R, class Op, class A, class B> R call2(const char *algo, Op &op, const A &a, const B &b)
{
	if constexpr (host_callable<Op, const A &, const B &>::value)
		return static_cast<R>(op(a, b));
	else
		refuse(algo, "its operator is a __device__ function, which host code cannot call");
}

template <class R, class Op, class A> R call1(const char *algo, Op &op, const A &a)
{
	if constexpr (host_callable<Op, const A &>::value)
		return static_cast<R>(op(a));
	else
		refuse(algo, "its operator is a __device__ function, which host code cannot call");
}

template <class It> using value_t = typename std::iterator_traits<It>::value_type;

/* The accumulator of a scan: the type op(a, b) gives (cub's: a sum of 8-bit items is an
 * int), F when host code cannot call op (the call then stops the program anyway). */
template <class Op, class A, class B, class F>
using acc_t = std::decay_t<typename std::conditional_t<host_callable<Op, const A &, const B &>::value,
                                                       std::invoke_result<Op &, const A &, const B &>,
                                                       std::decay<F>>::type>;

/* The output iterator's value type, else the input's (an output iterator may have
 * void): the type cub's Sum, Reduce and segmented reductions start from. */
template <class Out, class In>
using out_or_in_t = std::conditional_t<std::is_void_v<value_t<Out>>, value_t<In>, value_t<Out>>;

struct plus {
	template <class A, class B> auto operator()(const A &a, const B &b) const { return a + b; }
};
struct equal {
	template <class A, class B> bool operator()(const A &a, const B &b) const { return a == b; }
};
struct min {
	template <class A, class B> auto operator()(const A &a, const B &b) const { return b < a ? b : a; }
};
struct max {
	template <class A, class B> auto operator()(const A &a, const B &b) const { return a < b ? b : a; }
};

/* Exclusive scan: out[i] = init op in[0] op ... op in[i-1], accumulated in the type
 * op(init, item) gives. Each item is read before out[i] is written, so d_in == d_out
 * (the in-place overloads) is right. */
template <class In, class Out, class Op, class Init>
void exclusive_scan(const char *algo, In in, Out out, Op op, const Init &init, int64_t n)
{
	using A = acc_t<Op, Init, value_t<In>, Init>;
	A acc = static_cast<A>(init);
	for (int64_t i = 0; i < n; i++) {
		value_t<In> x = in[i];
		out[i] = acc;
		acc = call2<A>(algo, op, acc, x);
	}
}

/* Inclusive scan: out[i] = in[0] op ... op in[i] (with init: init op in[0] op ...). */
template <class In, class Out, class Op>
void inclusive_scan(const char *algo, In in, Out out, Op op, int64_t n)
{
	using A = acc_t<Op, value_t<In>, value_t<In>, value_t<In>>;
	if (n <= 0)
		return;
	A acc = static_cast<A>(in[0]);
	out[0] = acc;
	for (int64_t i = 1; i < n; i++) {
		value_t<In> x = in[i];
		acc = call2<A>(algo, op, acc, x);
		out[i] = acc;
	}
}

template <class In, class Out, class Op, class Init>
void inclusive_scan_init(const char *algo, In in, Out out, Op op, const Init &init, int64_t n)
{
	using A = acc_t<Op, Init, value_t<In>, Init>;
	A acc = static_cast<A>(init);
	for (int64_t i = 0; i < n; i++) {
		value_t<In> x = in[i];
		acc = call2<A>(algo, op, acc, x);
		out[i] = acc;
	}
}

/* Scans by key: a run of consecutive equal keys (eq(key[i-1], key[i])) is one segment,
 * scanned on its own. */
template <class K, class V, class Out, class Op, class Init, class Eq>
void exclusive_scan_by_key(const char *algo, K keys, V in, Out out, Op op, const Init &init, int64_t n,
                           Eq eq)
{
	using A = acc_t<Op, Init, value_t<V>, Init>;
	A acc = static_cast<A>(init);
	value_t<K> prev{};
	for (int64_t i = 0; i < n; i++) {
		value_t<K> k = keys[i];
		value_t<V> x = in[i];
		if (i > 0 && !call2<bool>(algo, eq, prev, k))
			acc = static_cast<A>(init);
		out[i] = acc;
		acc = call2<A>(algo, op, acc, x);
		prev = k;
	}
}

template <class K, class V, class Out, class Op, class Eq>
void inclusive_scan_by_key(const char *algo, K keys, V in, Out out, Op op, int64_t n, Eq eq)
{
	using A = acc_t<Op, value_t<V>, value_t<V>, value_t<V>>;
	A acc{};
	value_t<K> prev{};
	for (int64_t i = 0; i < n; i++) {
		value_t<K> k = keys[i];
		value_t<V> x = in[i];
		acc = i > 0 && call2<bool>(algo, eq, prev, k) ? call2<A>(algo, op, acc, x) : static_cast<A>(x);
		out[i] = acc;
		prev = k;
	}
}

/* Reduction of n items from init: init op in[0] op ... (init alone when n is 0), in the
 * type op(init, item) gives, as cub does (Reduce(..., plus, 0) of floats sums floats);
 * the caller's type I is the initial value's. */
template <class I, class In, class Op, class Init>
auto reduce(const char *algo, In in, Op op, const Init &init, int64_t lo, int64_t hi)
{
	using A = acc_t<Op, I, value_t<In>, I>;
	A acc = static_cast<A>(static_cast<I>(init));
	for (int64_t i = lo; i < hi; i++)
		acc = call2<A>(algo, op, acc, in[i]);
	return acc;
}

/* The first extremum and its offset from lo; for no items, {1, the identity}: cub's
 * documented result for zero-length inputs. less(a, b) says a goes before b. */
template <class T, class In, class Less>
std::pair<int64_t, T> arg_extremum(In in, int64_t lo, int64_t hi, Less less, T empty)
{
	if (hi <= lo)
		return {1, empty};
	std::pair<int64_t, T> best{0, static_cast<T>(in[lo])};
	for (int64_t i = lo + 1; i < hi; i++) {
		T x = in[i];
		if (less(x, best.second))
			best = {i - lo, x};
	}
	return best;
}

/* Copies in[i] for which keep(i) holds to out, in order; returns how many. in == out
 * (the in-place overloads) is right: the write index never passes the read index. */
template <class In, class Out, class Keep> int64_t select(In in, Out out, int64_t n, Keep keep)
{
	int64_t m = 0;
	for (int64_t i = 0; i < n; i++)
		if (keep(i)) {
			value_t<In> x = in[i];
			out[m++] = x;
		}
	return m;
}

/* Radix sort keys as cub orders them (its documented bit transformations): the key's
 * bits as an unsigned integer, the sign bit flipped for signed integers and non-negative
 * floats, every bit flipped for negative floats, -0.0 taken as +0.0; then the bits
 * [begin_bit, end_bit) of that, inverted for a descending sort. */
template <class K> constexpr bool radix_key_v = std::is_integral_v<K> || std::is_floating_point_v<K>;

template <class K> auto radix_bits(K k, int begin_bit, int end_bit, bool descending)
{
	using U = std::conditional_t<sizeof(K) == 1, uint8_t,
	          std::conditional_t<sizeof(K) == 2, uint16_t,
	          std::conditional_t<sizeof(K) == 4, uint32_t, uint64_t>>>;
	constexpr int nbits = 8 * sizeof(K);
	constexpr U sign = U(1) << (nbits - 1);
	if constexpr (std::is_floating_point_v<K>)
		if (k == K(0))
			k = K(0);
	U u;
	std::memcpy(&u, &k, sizeof u);
	if constexpr (std::is_floating_point_v<K>)
		u = (u & sign) ? U(~u) : U(u ^ sign);
	else if constexpr (std::is_signed_v<K>)
		u ^= sign;
	if (descending)
		u = U(~u);
	if (begin_bit < 0)
		begin_bit = 0;
	if (end_bit > nbits)
		end_bit = nbits;
	if (end_bit <= begin_bit)
		return U(0);
	int width = end_bit - begin_bit;
	U mask = width >= nbits ? U(~U(0)) : U((U(1) << width) - 1);
	return U((u >> begin_bit) & mask);
}

} // namespace cuda2hlo_cub
