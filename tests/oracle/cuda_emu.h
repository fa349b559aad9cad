/* cuda_emu.h: CUDA emulated on the CPU, the test oracle of cuda2hlo.
 *
 * A corpus .cu file, after tests/oracle/prep.py has rewritten its launches
 * (`k<<<g, b, s>>>(a...)` -> `::cuemu::launch(...)`) and its `extern __shared__`
 * arrays, compiles as C++17 with this header force-included. Every CUDA thread
 * is a fiber (ucontext); the threads of one block run on one OS thread, round
 * robin, each until it reaches a synchronisation point: __syncthreads (and
 * _count/_and/_or), __syncwarp, warp shuffles and votes. A thread that waits
 * publishes its value and yields; when no thread of the block can run, the
 * scheduler completes every warp collective whose named, non-exited lanes have
 * all arrived, else releases the block barrier when every live thread waits
 * there (an exited thread counts as arrived), else reports a deadlock. Blocks
 * run one after another, so `__shared__` is `static` and atomics need no
 * hardware atomicity.
 *
 * This file shares no code with the translator in src/: it is an independent
 * reading of the CUDA Programming Guide (sections "Built-in Variables",
 * "Synchronization Functions", "Warp Shuffle Functions", "Warp Vote Functions",
 * "Atomic Functions", "Mathematical Functions", "Intrinsic Functions"). */
#ifndef CUDA_EMU_H
#define CUDA_EMU_H

#include <algorithm>
#include <chrono>
#include <climits>
#include <cfloat>
#include <cfenv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include <math.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>

/* ---- qualifiers ---------------------------------------------------------- */
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __shared__ static
#define __forceinline__ inline
#define __noinline__
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__
#define __CUDACC__ 1
#define CUDART_VERSION 13000
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
/* Reaching __builtin_unreachable, or a __builtin_assume whose condition is false, is
 * undefined behaviour: the oracle stops there rather than guess (g++ has no
 * __builtin_assume; clang's never evaluates its argument, so a test's has no effects). */
#define __builtin_unreachable() ::abort()
#define __builtin_assume(e) ((e) ? (void)0 : ::abort())

/* ---- vector types -------------------------------------------------------- */
#define CUEMU_VEC(T, N, A2, A4)                                                   \
  struct __attribute__((aligned(sizeof(T)))) N##1 { T x; };                      \
  struct __attribute__((aligned(A2))) N##2 { T x, y; };                          \
  struct N##3 { T x, y, z; };                                                    \
  struct __attribute__((aligned(A4))) N##4 { T x, y, z, w; };                    \
  static inline N##1 make_##N##1(T x) { return N##1{x}; }                        \
  static inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; }                \
  static inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }        \
  static inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
CUEMU_VEC(signed char, char, 2, 4)
CUEMU_VEC(unsigned char, uchar, 2, 4)
CUEMU_VEC(short, short, 4, 8)
CUEMU_VEC(unsigned short, ushort, 4, 8)
CUEMU_VEC(int, int, 8, 16)
CUEMU_VEC(unsigned int, uint, 8, 16)
CUEMU_VEC(long, long, 16, 16)
CUEMU_VEC(unsigned long, ulong, 16, 16)
CUEMU_VEC(long long, longlong, 16, 16)
CUEMU_VEC(unsigned long long, ulonglong, 16, 16)
CUEMU_VEC(float, float, 8, 16)
CUEMU_VEC(double, double, 16, 16)
#undef CUEMU_VEC

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

/* ---- built-in variables (set by the scheduler on every fiber switch) ----- */
#ifdef CUEMU_OMP
/* The native benchmark build (bench/ocean.sh): CUEMU_SERIAL threads, blocks spread over
 * OpenMP threads, so each OpenMP thread has its own thread and block index. */
inline thread_local uint3 threadIdx, blockIdx;
#else
inline uint3 threadIdx, blockIdx;
#endif
inline dim3 blockDim, gridDim;
static constexpr int warpSize = 32;

/* ---- host API types ------------------------------------------------------ */
enum cudaError_t {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevice = 101,
  cudaErrorLaunchFailure = 719,
};
typedef cudaError_t cudaError;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};
struct CUevent_st { std::chrono::steady_clock::time_point t; };
struct CUstream_st { int unused; };
typedef CUevent_st *cudaEvent_t;
typedef CUstream_st *cudaStream_t;

namespace cuemu {

/* ---- fibers and the block scheduler -------------------------------------- */
enum State { RUNNABLE, WAIT_BLOCK, WAIT_WARP, DONE };
enum BarOp { BAR_SYNC, BAR_COUNT, BAR_AND, BAR_OR };
enum WarpOp { W_SYNC, W_IDX, W_UP, W_DOWN, W_XOR, W_BALLOT, W_ANY, W_ALL,
              W_MATCH_ANY, W_ACTIVE, W_ADD, W_MIN, W_MAX, W_UMIN, W_UMAX, W_AND, W_OR, W_XORR };

struct Fiber {
  ucontext_t ctx;
  char *stack;
  uint3 tid;
  State state;
  int bar_op, bar_pred, bar_result;
  int op, arg, width;
  unsigned mask;
  uint64_t val, result;
};

struct Sched {
  std::vector<Fiber> fibers;
  std::vector<char *> stacks;
  ucontext_t main_ctx;
  Fiber *cur = nullptr;
  int nthreads = 0, ndone = 0, nwait_block = 0;
  void (*body)(void *) = nullptr;
  void *body_arg = nullptr;
  cudaError_t last_error = cudaSuccess;
  bool in_kernel = false;
};
inline Sched S;

inline size_t stack_size() {
  static size_t sz = [] {
    const char *e = getenv("CUEMU_STACK_KB");
    return (size_t)(e ? atoi(e) : 64) * 1024;
  }();
  return sz;
}

/* Stacks are mapped once, each with a guard page below it, and reused by
 * every later block and launch. */
inline void ensure_stacks(int n) {
  size_t page = 4096, sz = stack_size();
  while ((int)S.stacks.size() < n) {
    void *m = mmap(nullptr, sz + page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) { perror("cuemu: mmap"); exit(70); }
    mprotect(m, page, PROT_NONE);
    S.stacks.push_back((char *)m + page);
  }
}

[[noreturn]] inline void fatal(const char *msg) {
  fprintf(stderr, "cuemu: %s (block %u,%u,%u)\n", msg, blockIdx.x, blockIdx.y, blockIdx.z);
  exit(70);
}

inline void fiber_entry() {
  S.body(S.body_arg);
  S.cur->state = DONE;
  S.ndone++;
  swapcontext(&S.cur->ctx, &S.main_ctx);
  fatal("resumed a finished thread");
}

/* Called from a fiber: give control back to the scheduler. */
__attribute__((noinline)) inline void yield() {
  Fiber *f = S.cur;
  if (!S.in_kernel) fatal("synchronisation function called outside a kernel");
#ifdef CUEMU_SERIAL
  (void)f;
  fatal("a kernel reached a synchronisation point, but this build (CUEMU_SERIAL) runs "
        "threads one after another: build without -DCUEMU_SERIAL");
#else
  swapcontext(&f->ctx, &S.main_ctx);
#endif
}

inline int lane_of(int linear) { return linear & 31; }

inline int linear_of(const Fiber &f) {
  return (int)(f.tid.x + blockDim.x * (f.tid.y + blockDim.y * f.tid.z));
}

/* Source lane of a shuffle, or -1 when the lane keeps its own value
 * (Programming Guide, "Warp Shuffle Functions": width segments). */
inline int shfl_src(int op, int lane, int arg, int width) {
  int base = lane / width * width;
  switch (op) {
  case W_IDX: return base + (((arg % width) + width) % width);
  case W_UP: return (lane - base) - arg >= 0 ? lane - arg : -1;
  case W_DOWN: return (lane - base) + arg < width ? lane + arg : -1;
  case W_XOR: { int s = lane ^ arg; return s >= 0 && s < base + width ? s : -1; }
  }
  return -1;
}

inline uint64_t warp_reduce(int op, const Fiber *w[32], unsigned part) {
  uint64_t acc = 0;
  bool first = true;
  for (int j = 0; j < 32; j++) {
    if (!(part >> j & 1)) continue;
    uint64_t v = w[j]->val;
    int32_t sv = (int32_t)(uint32_t)v, sa = (int32_t)(uint32_t)acc;
    if (first) { acc = v; first = false; continue; }
    switch (op) {
    case W_ADD: acc = (uint32_t)(acc + v); break;
    case W_MIN: acc = (uint32_t)std::min(sa, sv); break;
    case W_MAX: acc = (uint32_t)std::max(sa, sv); break;
    case W_UMIN: acc = std::min((uint32_t)acc, (uint32_t)v); break;
    case W_UMAX: acc = std::max((uint32_t)acc, (uint32_t)v); break;
    case W_AND: acc &= v; break;
    case W_OR: acc |= v; break;
    case W_XORR: acc ^= v; break;
    }
  }
  return acc;
}

inline uint64_t warp_result(const Fiber &f, int lane, const Fiber *w[32], unsigned part) {
  switch (f.op) {
  case W_SYNC: return 0;
  case W_IDX: case W_UP: case W_DOWN: case W_XOR: {
    int s = shfl_src(f.op, lane, f.arg, f.width);
    /* A source lane that is not taking part gives an undefined value: we
     * return the lane's own. */
    return s >= 0 && s < 32 && (part >> s & 1) ? w[s]->val : f.val;
  }
  case W_BALLOT: case W_ANY: case W_ALL: {
    unsigned b = 0;
    for (int j = 0; j < 32; j++)
      if ((part >> j & 1) && w[j]->val) b |= 1u << j;
    return f.op == W_BALLOT ? b : f.op == W_ANY ? b != 0 : b == part;
  }
  case W_MATCH_ANY: {
    unsigned b = 0;
    for (int j = 0; j < 32; j++)
      if ((part >> j & 1) && w[j]->val == f.val) b |= 1u << j;
    return b;
  }
  default: return warp_reduce(f.op, w, part);
  }
}

/* Complete every warp collective whose named lanes have all arrived. */
inline bool resolve_warps() {
  bool progress = false;
  int n = S.nthreads;
  for (int base = 0; base < n; base += 32) {
    const Fiber *w[32] = {};
    unsigned live = 0, waiting = 0;
    for (int j = 0; j < 32 && base + j < n; j++) {
      const Fiber &f = S.fibers[base + j];
      w[j] = &f;
      if (f.state != DONE) live |= 1u << j;
      if (f.state == WAIT_WARP) waiting |= 1u << j;
    }
    unsigned done_now = 0;
    for (int j = 0; j < 32; j++) {
      if (!(waiting >> j & 1) || (done_now >> j & 1)) continue;
      if (w[j]->op == W_ACTIVE) {
        /* Nothing can run: the lanes at this same __activemask call site are the
         * converged ones. */
        unsigned part = 0;
        for (int k = 0; k < 32; k++)
          if ((waiting >> k & 1) && w[k]->op == W_ACTIVE && w[k]->val == w[j]->val) part |= 1u << k;
        for (int k = 0; k < 32; k++)
          if (part >> k & 1) { S.fibers[base + k].result = part; S.fibers[base + k].state = RUNNABLE; }
        done_now |= part;
        progress = true;
        continue;
      }
      unsigned m = w[j]->mask | 1u << j;
      if ((m & live & ~waiting) != 0) continue; /* someone named has not arrived */
      unsigned part = m & waiting;
      uint64_t res[32];
      for (int k = 0; k < 32; k++)
        if (part >> k & 1) res[k] = warp_result(*w[k], k, w, part);
      for (int k = 0; k < 32; k++) {
        if (!(part >> k & 1) || (done_now >> k & 1)) continue;
        Fiber &f = S.fibers[base + k];
        f.result = res[k];
        f.state = RUNNABLE;
      }
      done_now |= part;
      progress = true;
    }
  }
  return progress;
}

inline void release_block() {
  int count = 0, waiting = 0;
  for (Fiber &f : S.fibers)
    if (f.state == WAIT_BLOCK) { waiting++; count += f.bar_pred != 0; }
  for (Fiber &f : S.fibers) {
    if (f.state != WAIT_BLOCK) continue;
    f.bar_result = f.bar_op == BAR_COUNT ? count
                 : f.bar_op == BAR_AND   ? count == waiting
                 : f.bar_op == BAR_OR    ? count > 0 : 0;
    f.state = RUNNABLE;
  }
  S.nwait_block = 0;
}

inline void run_block() {
  int n = S.nthreads;
#ifdef CUEMU_SERIAL
  /* Kernels without barriers, shuffles or votes (a model's stencils): every thread
   * runs to completion on the scheduler's stack, one after another, which is one of the
   * schedules CUDA allows; any synchronisation point stops the program (yield). */
  for (int i = 0; i < n; i++) {
    Fiber &f = S.fibers[i];
    f.tid = uint3{(unsigned)i % blockDim.x, (unsigned)i / blockDim.x % blockDim.y,
                  (unsigned)i / (blockDim.x * blockDim.y)};
    f.state = RUNNABLE;
    S.cur = &f;
    threadIdx = f.tid;
    S.body(S.body_arg);
  }
  return;
#endif
  for (int i = 0; i < n; i++) {
    Fiber &f = S.fibers[i];
    f.state = RUNNABLE;
    f.stack = S.stacks[i];
    f.tid = uint3{(unsigned)i % blockDim.x, (unsigned)i / blockDim.x % blockDim.y,
                  (unsigned)i / (blockDim.x * blockDim.y)};
    getcontext(&f.ctx);
    f.ctx.uc_stack.ss_sp = f.stack;
    f.ctx.uc_stack.ss_size = stack_size();
    f.ctx.uc_link = nullptr;
    makecontext(&f.ctx, fiber_entry, 0);
  }
  S.ndone = 0;
  S.nwait_block = 0;
  for (;;) {
    for (int i = 0; i < n; i++) {
      Fiber &f = S.fibers[i];
      if (f.state != RUNNABLE) continue;
      S.cur = &f;
      threadIdx = f.tid;
      swapcontext(&S.main_ctx, &f.ctx);
    }
    if (S.ndone == n) return;
    if (resolve_warps()) continue;
    if (S.nwait_block + S.ndone == n) { release_block(); continue; }
    fatal("deadlock: threads wait at different barriers or at a warp "
          "collective whose lanes never arrive");
  }
}

inline void set_error(cudaError_t e) { S.last_error = e; }

inline void run_grid(dim3 g, dim3 b, size_t shmem, void (*body)(void *), void *arg);

/* Dynamic shared memory: one static buffer, so that `extern __shared__`
 * arrays (rewritten to pointers into it by prep.py) have a constant address. */
static constexpr size_t DYN_SMEM_MAX = 256 * 1024;
alignas(16) inline unsigned char dyn_smem[DYN_SMEM_MAX];

struct Cfg {
  dim3 grid, block;
  size_t shmem;
  Cfg(dim3 g, dim3 b, size_t s = 0, cudaStream_t = nullptr) : grid(g), block(b), shmem(s) {}
};

inline void run_grid(dim3 g, dim3 b, size_t shmem, void (*body)(void *), void *arg) {
  unsigned long long nt = (unsigned long long)b.x * b.y * b.z;
  if (nt == 0 || nt > 1024 || b.z > 64 || g.x == 0 || g.y == 0 || g.z == 0 ||
      g.y > 65535 || g.z > 65535 || shmem > DYN_SMEM_MAX) {
    set_error(cudaErrorInvalidConfiguration);
    return;
  }
  if (S.in_kernel) fatal("dynamic parallelism (a launch inside a kernel) is not emulated");
  gridDim = g;
  blockDim = b;
  S.nthreads = (int)nt;
  S.fibers.resize(nt);
  ensure_stacks((int)nt);
  S.body = body;
  S.body_arg = arg;
  S.in_kernel = true;
#if defined(CUEMU_OMP) && defined(CUEMU_SERIAL)
  /* Blocks of a barrier-free kernel on OpenMP threads; within a block, its threads one
   * after another (one of the schedules CUDA allows). */
#pragma omp parallel for collapse(3) schedule(static)
  for (unsigned z = 0; z < g.z; z++)
    for (unsigned y = 0; y < g.y; y++)
      for (unsigned x = 0; x < g.x; x++) {
        blockIdx = uint3{x, y, z};
        for (unsigned i = 0; i < (unsigned)nt; i++) {
          threadIdx = uint3{i % b.x, i / b.x % b.y, i / (b.x * b.y)};
          body(arg);
        }
      }
#else
  for (unsigned z = 0; z < g.z; z++)
    for (unsigned y = 0; y < g.y; y++)
      for (unsigned x = 0; x < g.x; x++) {
        blockIdx = uint3{x, y, z};
        run_block();
      }
#endif
  S.in_kernel = false;
  threadIdx = uint3{0, 0, 0};
  blockIdx = uint3{0, 0, 0};
}

/* k<<<cfg>>>(args...) becomes launch(Cfg(cfg), [&](auto&&... a) { k(a...); }, args...):
 * the arguments are evaluated once, on the host; every thread calls the
 * kernel with its own copies of the parameters. */
template <class F, class... A>
void launch(Cfg c, F &&f, A &&...a) {
  auto args = std::make_tuple(std::forward<A>(a)...);
  struct Ctx { F *f; decltype(args) *a; } ctx{&f, &args};
  run_grid(c.grid, c.block, c.shmem,
           [](void *p) { Ctx *k = (Ctx *)p; std::apply(*k->f, *k->a); }, &ctx);
}

/* ---- device-side synchronisation ------------------------------------------ */
inline int block_barrier(int op, int pred) {
  Fiber *f = S.cur;
  f->bar_op = op;
  f->bar_pred = pred;
  f->state = WAIT_BLOCK;
  S.nwait_block++;
  yield();
  return f->bar_result;
}

inline uint64_t warp_collective(int op, unsigned mask, uint64_t val, int arg, int width) {
  if (!S.in_kernel) fatal("warp function called outside a kernel");
  Fiber *f = S.cur;
  if (width <= 0 || width > 32 || (width & (width - 1)))
    fatal("warp shuffle width must be a power of two in [1, 32]");
  f->op = op;
  f->mask = mask;
  f->val = val;
  f->arg = arg;
  f->width = width;
  f->state = WAIT_WARP;
  yield();
  return f->result;
}

template <class T> inline uint64_t to_bits(T v) {
  static_assert(sizeof(T) <= 8, "warp shuffles move at most 8 bytes");
  uint64_t b = 0;
  memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T> inline T from_bits(uint64_t b) {
  T v;
  memcpy(&v, &b, sizeof(T));
  return v;
}

inline unsigned lane_id() { return (unsigned)linear_of(*S.cur) & 31; }

} /* namespace cuemu */

inline void __syncthreads() { cuemu::block_barrier(cuemu::BAR_SYNC, 0); }
inline int __syncthreads_count(int p) { return cuemu::block_barrier(cuemu::BAR_COUNT, p); }
inline int __syncthreads_and(int p) { return cuemu::block_barrier(cuemu::BAR_AND, p); }
inline int __syncthreads_or(int p) { return cuemu::block_barrier(cuemu::BAR_OR, p); }
inline void __syncwarp(unsigned mask = 0xffffffffu) {
  cuemu::warp_collective(cuemu::W_SYNC, mask, 0, 0, 32);
}
inline void __threadfence() {}
inline void __threadfence_block() {}
inline void __threadfence_system() {}
inline void __nanosleep(unsigned) {}
[[noreturn]] inline void __trap() { cuemu::fatal("__trap()"); }
inline long long clock64() { static long long c = 0; return c += 1000; }

template <class T> inline T __shfl_sync(unsigned m, T v, int src, int w = 32) {
  return cuemu::from_bits<T>(cuemu::warp_collective(cuemu::W_IDX, m, cuemu::to_bits(v), src, w));
}
template <class T> inline T __shfl_up_sync(unsigned m, T v, unsigned d, int w = 32) {
  return cuemu::from_bits<T>(cuemu::warp_collective(cuemu::W_UP, m, cuemu::to_bits(v), (int)d, w));
}
template <class T> inline T __shfl_down_sync(unsigned m, T v, unsigned d, int w = 32) {
  return cuemu::from_bits<T>(cuemu::warp_collective(cuemu::W_DOWN, m, cuemu::to_bits(v), (int)d, w));
}
template <class T> inline T __shfl_xor_sync(unsigned m, T v, int lm, int w = 32) {
  return cuemu::from_bits<T>(cuemu::warp_collective(cuemu::W_XOR, m, cuemu::to_bits(v), lm, w));
}
inline unsigned __ballot_sync(unsigned m, int p) {
  return (unsigned)cuemu::warp_collective(cuemu::W_BALLOT, m, p != 0, 0, 32);
}
inline int __any_sync(unsigned m, int p) {
  return (int)cuemu::warp_collective(cuemu::W_ANY, m, p != 0, 0, 32);
}
inline int __all_sync(unsigned m, int p) {
  return (int)cuemu::warp_collective(cuemu::W_ALL, m, p != 0, 0, 32);
}
template <class T> inline unsigned __match_any_sync(unsigned m, T v) {
  return (unsigned)cuemu::warp_collective(cuemu::W_MATCH_ANY, m, cuemu::to_bits(v), 0, 32);
}
#define CUEMU_WREDUCE(name, T, op)                                                  \
  inline T name(unsigned m, T v) {                                                \
    return (T)(uint32_t)cuemu::warp_collective(cuemu::op, m, (uint32_t)v, 0, 32); \
  }
CUEMU_WREDUCE(__reduce_add_sync, int, W_ADD)
CUEMU_WREDUCE(__reduce_add_sync, unsigned, W_ADD)
CUEMU_WREDUCE(__reduce_min_sync, int, W_MIN)
CUEMU_WREDUCE(__reduce_min_sync, unsigned, W_UMIN)
CUEMU_WREDUCE(__reduce_max_sync, int, W_MAX)
CUEMU_WREDUCE(__reduce_max_sync, unsigned, W_UMAX)
CUEMU_WREDUCE(__reduce_and_sync, unsigned, W_AND)
CUEMU_WREDUCE(__reduce_or_sync, unsigned, W_OR)
CUEMU_WREDUCE(__reduce_xor_sync, unsigned, W_XORR)
#undef CUEMU_WREDUCE
/* __activemask: a synchronisation point here. Once no thread of the block can
 * run, the lanes of the warp waiting at the same call site form the mask (our
 * model of "the lanes converged at this point"). */
__attribute__((noinline)) inline unsigned __activemask() {
  uint64_t site = (uint64_t)(uintptr_t)__builtin_return_address(0);
  return (unsigned)cuemu::warp_collective(cuemu::W_ACTIVE, 0, site, 0, 32);
}
/* Pre-Volta spellings (full warp). */
template <class T> inline T __shfl(T v, int s, int w = 32) { return __shfl_sync(0xffffffffu, v, s, w); }
template <class T> inline T __shfl_up(T v, unsigned d, int w = 32) { return __shfl_up_sync(0xffffffffu, v, d, w); }
template <class T> inline T __shfl_down(T v, unsigned d, int w = 32) { return __shfl_down_sync(0xffffffffu, v, d, w); }
template <class T> inline T __shfl_xor(T v, int l, int w = 32) { return __shfl_xor_sync(0xffffffffu, v, l, w); }
inline unsigned __ballot(int p) { return __ballot_sync(0xffffffffu, p); }
inline int __any(int p) { return __any_sync(0xffffffffu, p); }
inline int __all(int p) { return __all_sync(0xffffffffu, p); }

/* ---- atomics --------------------------------------------------------------- */
/* Blocks run one at a time and fibers switch only at synchronisation points,
 * so a plain read-modify-write is atomic here. */
#define CUEMU_ATOMIC(name, T, expr)                                \
  inline T name(T *p, T v) { T old = *p; *p = (expr); return old; } \
  inline T name##_block(T *p, T v) { return name(p, v); }           \
  inline T name##_system(T *p, T v) { return name(p, v); }
#define CUEMU_ATOMIC_ALL_INT(name, expr)                 \
  CUEMU_ATOMIC(name, int, expr)                          \
  CUEMU_ATOMIC(name, unsigned int, expr)                 \
  CUEMU_ATOMIC(name, unsigned long long, expr)           \
  CUEMU_ATOMIC(name, long long, expr)
CUEMU_ATOMIC_ALL_INT(atomicAdd, (decltype(v))(old + v))
CUEMU_ATOMIC(atomicAdd, float, old + v)
CUEMU_ATOMIC(atomicAdd, double, old + v)
/* float2/float4 (sm_90): atomic per float, as the programming guide states */
inline float2 atomicAdd(float2 *p, float2 v) { float2 o = *p; p->x += v.x; p->y += v.y; return o; }
inline float4 atomicAdd(float4 *p, float4 v) {
  float4 o = *p; p->x += v.x; p->y += v.y; p->z += v.z; p->w += v.w; return o;
}
CUEMU_ATOMIC_ALL_INT(atomicSub, (decltype(v))(old - v))
CUEMU_ATOMIC(atomicSub, float, old - v)
CUEMU_ATOMIC_ALL_INT(atomicExch, v)
CUEMU_ATOMIC(atomicExch, float, v)
CUEMU_ATOMIC_ALL_INT(atomicMax, old < v ? v : old)
CUEMU_ATOMIC_ALL_INT(atomicMin, v < old ? v : old)
CUEMU_ATOMIC(atomicMax, float, std::fmax(old, v))
CUEMU_ATOMIC(atomicMin, float, std::fmin(old, v))
CUEMU_ATOMIC(atomicMax, double, std::fmax(old, v))
CUEMU_ATOMIC(atomicMin, double, std::fmin(old, v))
CUEMU_ATOMIC_ALL_INT(atomicAnd, old & v)
CUEMU_ATOMIC_ALL_INT(atomicOr, old | v)
CUEMU_ATOMIC_ALL_INT(atomicXor, old ^ v)
/* atomicInc/atomicDec wrap at v (Programming Guide, "atomicInc()"). */
CUEMU_ATOMIC(atomicInc, unsigned int, old >= v ? 0u : old + 1u)
CUEMU_ATOMIC(atomicDec, unsigned int, (old == 0u || old > v) ? v : old - 1u)
#undef CUEMU_ATOMIC_ALL_INT
#undef CUEMU_ATOMIC
#define CUEMU_CAS(T)                                                           \
  inline T atomicCAS(T *p, T cmp, T v) { T old = *p; if (old == cmp) *p = v; return old; } \
  inline T atomicCAS_block(T *p, T cmp, T v) { return atomicCAS(p, cmp, v); } \
  inline T atomicCAS_system(T *p, T cmp, T v) { return atomicCAS(p, cmp, v); }
CUEMU_CAS(int)
CUEMU_CAS(unsigned int)
CUEMU_CAS(unsigned long long)
CUEMU_CAS(unsigned short)
#undef CUEMU_CAS

/* nvcc's built-in atomics (Programming Guide, "Built-in Atomic Functions", CUDA 12.8):
 * the C++ atomics' operations with a memory order and a thread scope. The fibers of a
 * block run one at a time, so every order holds; the operation is what the name says. */
enum { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELEASE,
       __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST };
enum { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER,
       __NV_THREAD_SCOPE_DEVICE, __NV_THREAD_SCOPE_SYSTEM };
template <class T> inline T __nv_atomic_load_n(const T *p, int, int = 4) { return *p; }
template <class T> inline void __nv_atomic_load(const T *p, T *r, int, int = 4) { *r = *p; }
template <class T> inline void __nv_atomic_store_n(T *p, T v, int, int = 4) { *p = v; }
template <class T> inline void __nv_atomic_store(T *p, T *v, int, int = 4) { *p = *v; }
template <class T> inline T __nv_atomic_exchange_n(T *p, T v, int, int = 4) { T o = *p; *p = v; return o; }
template <class T> inline T __nv_atomic_fetch_add(T *p, T v, int, int = 4) { T o = *p; *p = (T)(o + v); return o; }
template <class T> inline T __nv_atomic_fetch_sub(T *p, T v, int, int = 4) { T o = *p; *p = (T)(o - v); return o; }
template <class T> inline T __nv_atomic_fetch_min(T *p, T v, int, int = 4) { T o = *p; *p = v < o ? v : o; return o; }
template <class T> inline T __nv_atomic_fetch_max(T *p, T v, int, int = 4) { T o = *p; *p = o < v ? v : o; return o; }
template <class T> inline T __nv_atomic_fetch_and(T *p, T v, int, int = 4) { T o = *p; *p = o & v; return o; }
template <class T> inline T __nv_atomic_fetch_or(T *p, T v, int, int = 4) { T o = *p; *p = o | v; return o; }
template <class T> inline T __nv_atomic_fetch_xor(T *p, T v, int, int = 4) { T o = *p; *p = o ^ v; return o; }
template <class T> inline bool __nv_atomic_compare_exchange_n(T *p, T *e, T d, bool, int, int, int = 4) {
  if (*p == *e) { *p = d; return true; }
  *e = *p;
  return false;
}
inline void __nv_atomic_thread_fence(int, int = 4) {}

/* ---- integer min/max and intrinsics --------------------------------------- */
#define CUEMU_MINMAX(T)                                  \
  inline T min(T a, T b) { return b < a ? b : a; }       \
  inline T max(T a, T b) { return a < b ? b : a; }
CUEMU_MINMAX(int)
CUEMU_MINMAX(unsigned int)
CUEMU_MINMAX(long)
CUEMU_MINMAX(unsigned long)
CUEMU_MINMAX(long long)
CUEMU_MINMAX(unsigned long long)
#undef CUEMU_MINMAX
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
/* Mixed operands: the usual arithmetic conversions, like CUDA's overloads. */
template <class A, class B, class = std::enable_if_t<!std::is_same<A, B>::value &&
                                                     std::is_arithmetic<A>::value &&
                                                     std::is_arithmetic<B>::value>>
inline std::common_type_t<A, B> min(A a, B b) {
  using C = std::common_type_t<A, B>;
  return ::min((C)a, (C)b);
}
template <class A, class B, class = std::enable_if_t<!std::is_same<A, B>::value &&
                                                     std::is_arithmetic<A>::value &&
                                                     std::is_arithmetic<B>::value>>
inline std::common_type_t<A, B> max(A a, B b) {
  using C = std::common_type_t<A, B>;
  return ::max((C)a, (C)b);
}
inline unsigned umin(unsigned a, unsigned b) { return b < a ? b : a; }
inline unsigned umax(unsigned a, unsigned b) { return a < b ? b : a; }
inline long long llmin(long long a, long long b) { return b < a ? b : a; }
inline long long llmax(long long a, long long b) { return a < b ? b : a; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return b < a ? b : a; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a < b ? b : a; }

inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; i++) r |= (x >> i & 1u) << (31 - i);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  return (unsigned long long)__brev((unsigned)x) << 32 | __brev((unsigned)(x >> 32));
}
inline int __mul24(int a, int b) {
  return (int)((int64_t)((int32_t)((uint32_t)a << 8) >> 8) * ((int32_t)((uint32_t)b << 8) >> 8));
}
inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffffu) * (b & 0xffffffu); }
inline int __mulhi(int a, int b) { return (int)(((int64_t)a * b) >> 32); }
inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((uint64_t)a * b) >> 32); }
inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
inline int __hadd(int a, int b) { return (int)(((int64_t)a + b) >> 1); }
inline int __rhadd(int a, int b) { return (int)(((int64_t)a + b + 1) >> 1); }
inline unsigned __uhadd(unsigned a, unsigned b) { return (unsigned)(((uint64_t)a + b) >> 1); }
inline unsigned __urhadd(unsigned a, unsigned b) { return (unsigned)(((uint64_t)a + b + 1) >> 1); }
inline unsigned __sad(int a, int b, unsigned c) { return c + (unsigned)(a > b ? (int64_t)a - b : (int64_t)b - a); }
inline unsigned __usad(unsigned a, unsigned b, unsigned c) { return c + (a > b ? a - b : b - a); }
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  uint64_t v = (uint64_t)y << 32 | x;
  unsigned r = 0;
  for (int i = 0; i < 4; i++) r |= (unsigned)(v >> (8 * (s >> (4 * i) & 7)) & 0xff) << (8 * i);
  return r;
}
/* __dp4a, __dp2a_lo/hi: the lanes through memcpy (little-endian, as the GPU), summed in 64 bits */
template <class L, class W> inline W cuemu_dp(W a, W b, W c, int first) {
  L la[4 / sizeof(L)];
  std::conditional_t<std::is_signed_v<L>, int8_t, uint8_t> lb[4];
  memcpy(la, &a, 4);
  memcpy(lb, &b, 4);
  int64_t s = (int64_t)c;
  for (int i = 0; i < (int)(4 / sizeof(L)); i++) s += (int64_t)la[i] * lb[first + i];
  return (W)(uint32_t)s;
}
inline int __dp4a(int a, int b, int c) { return cuemu_dp<int8_t>(a, b, c, 0); }
inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) { return cuemu_dp<uint8_t>(a, b, c, 0); }
inline int __dp2a_lo(int a, int b, int c) { return cuemu_dp<int16_t>(a, b, c, 0); }
inline unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) { return cuemu_dp<uint16_t>(a, b, c, 0); }
inline int __dp2a_hi(int a, int b, int c) { return cuemu_dp<int16_t>(a, b, c, 2); }
inline unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) { return cuemu_dp<uint16_t>(a, b, c, 2); }
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  return (unsigned)((((uint64_t)hi << 32 | lo) << (s & 31)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
  return (unsigned)(((uint64_t)hi << 32 | lo) >> (s & 31));
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned s) {
  return (unsigned)((((uint64_t)hi << 32 | lo) << std::min(s, 32u)) >> 32);
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) {
  return (unsigned)(((uint64_t)hi << 32 | lo) >> std::min(s, 32u));
}
/* SIMD intrinsics (CUDA Math API, "SIMD Intrinsics"): the lanes of W bits of a and b,
 * as signed or unsigned numbers, combined by f, the low W bits of each result kept. */
namespace cuemu {
template <int W, bool S, class F> inline unsigned simd(unsigned a, unsigned b, F f) {
  const uint64_t m = (1ull << W) - 1;
  unsigned r = 0;
  for (int i = 0; i < 32 / W; i++) {
    int64_t x = (a >> (W * i)) & m, y = (b >> (W * i)) & m;
    if (S && x >= (1ll << (W - 1))) x -= 1ll << W;
    if (S && y >= (1ll << (W - 1))) y -= 1ll << W;
    r |= (unsigned)(((uint64_t)f(x, y) & m) << (W * i));
  }
  return r;
}
template <int W, bool S> inline int64_t sat(int64_t v) {
  int64_t lo = S ? -(1ll << (W - 1)) : 0, hi = S ? (1ll << (W - 1)) - 1 : (1ll << W) - 1;
  return std::min(std::max(v, lo), hi);
}
template <int W, bool S> inline unsigned sad(unsigned a, unsigned b) {
  unsigned t = 0;
  simd<W, S>(a, b, [&](int64_t x, int64_t y) { t += (unsigned)std::llabs(x - y); return 0; });
  return t;
}
} /* namespace cuemu */
#define CUEMU_SIMD(name, W, S, expr)                                                   \
  inline unsigned name(unsigned a, unsigned b) {                                     \
    return cuemu::simd<W, S>(a, b, [](int64_t x, int64_t y) -> int64_t { return expr; }); \
  }
#define CUEMU_SIMD_24(n, S, expr) CUEMU_SIMD(n##4, 8, S, expr) CUEMU_SIMD(n##2, 16, S, expr)
CUEMU_SIMD_24(__vadd, false, x + y)
CUEMU_SIMD_24(__vsub, false, x - y)
CUEMU_SIMD(__vaddss4, 8, true, (cuemu::sat<8, true>(x + y)))
CUEMU_SIMD(__vaddss2, 16, true, (cuemu::sat<16, true>(x + y)))
CUEMU_SIMD(__vsubss4, 8, true, (cuemu::sat<8, true>(x - y)))
CUEMU_SIMD(__vsubss2, 16, true, (cuemu::sat<16, true>(x - y)))
CUEMU_SIMD(__vaddus4, 8, false, (cuemu::sat<8, false>(x + y)))
CUEMU_SIMD(__vaddus2, 16, false, (cuemu::sat<16, false>(x + y)))
CUEMU_SIMD(__vsubus4, 8, false, (cuemu::sat<8, false>(x - y)))
CUEMU_SIMD(__vsubus2, 16, false, (cuemu::sat<16, false>(x - y)))
CUEMU_SIMD_24(__vabsdiffu, false, std::llabs(x - y))
CUEMU_SIMD_24(__vabsdiffs, true, std::llabs(x - y))
CUEMU_SIMD_24(__vmaxu, false, std::max(x, y))
CUEMU_SIMD_24(__vmaxs, true, std::max(x, y))
CUEMU_SIMD_24(__vminu, false, std::min(x, y))
CUEMU_SIMD_24(__vmins, true, std::min(x, y))
CUEMU_SIMD_24(__vhaddu, false, (x + y) / 2)
CUEMU_SIMD_24(__vavgu, false, (x + y + 1) / 2)
/* signed rounded average: halves rounded away from zero */
CUEMU_SIMD_24(__vavgs, true, x + y < 0 ? -((-(x + y) + 1) / 2) : (x + y + 1) / 2)
CUEMU_SIMD_24(__vcmpeq, false, x == y ? -1 : 0)
CUEMU_SIMD_24(__vcmpne, false, x != y ? -1 : 0)
CUEMU_SIMD_24(__vcmpgeu, false, x >= y ? -1 : 0)
CUEMU_SIMD_24(__vcmpges, true, x >= y ? -1 : 0)
CUEMU_SIMD_24(__vcmpgtu, false, x > y ? -1 : 0)
CUEMU_SIMD_24(__vcmpgts, true, x > y ? -1 : 0)
CUEMU_SIMD_24(__vcmpleu, false, x <= y ? -1 : 0)
CUEMU_SIMD_24(__vcmples, true, x <= y ? -1 : 0)
CUEMU_SIMD_24(__vcmpltu, false, x < y ? -1 : 0)
CUEMU_SIMD_24(__vcmplts, true, x < y ? -1 : 0)
CUEMU_SIMD_24(__vseteq, false, x == y)
CUEMU_SIMD_24(__vsetne, false, x != y)
CUEMU_SIMD_24(__vsetgeu, false, x >= y)
CUEMU_SIMD_24(__vsetges, true, x >= y)
CUEMU_SIMD_24(__vsetgtu, false, x > y)
CUEMU_SIMD_24(__vsetgts, true, x > y)
CUEMU_SIMD_24(__vsetleu, false, x <= y)
CUEMU_SIMD_24(__vsetles, true, x <= y)
CUEMU_SIMD_24(__vsetltu, false, x < y)
CUEMU_SIMD_24(__vsetlts, true, x < y)
#undef CUEMU_SIMD_24
#undef CUEMU_SIMD
inline unsigned __vsadu4(unsigned a, unsigned b) { return cuemu::sad<8, false>(a, b); }
inline unsigned __vsads4(unsigned a, unsigned b) { return cuemu::sad<8, true>(a, b); }
inline unsigned __vsadu2(unsigned a, unsigned b) { return cuemu::sad<16, false>(a, b); }
inline unsigned __vsads2(unsigned a, unsigned b) { return cuemu::sad<16, true>(a, b); }
inline unsigned __vabs4(unsigned a) { return cuemu::simd<8, true>(a, 0, [](int64_t x, int64_t) { return std::llabs(x); }); }
inline unsigned __vabs2(unsigned a) { return cuemu::simd<16, true>(a, 0, [](int64_t x, int64_t) { return std::llabs(x); }); }
inline unsigned __vabsss4(unsigned a) { return cuemu::simd<8, true>(a, 0, [](int64_t x, int64_t) { return cuemu::sat<8, true>(std::llabs(x)); }); }
inline unsigned __vabsss2(unsigned a) { return cuemu::simd<16, true>(a, 0, [](int64_t x, int64_t) { return cuemu::sat<16, true>(std::llabs(x)); }); }
inline unsigned __vneg4(unsigned a) { return cuemu::simd<8, true>(a, 0, [](int64_t x, int64_t) { return -x; }); }
inline unsigned __vneg2(unsigned a) { return cuemu::simd<16, true>(a, 0, [](int64_t x, int64_t) { return -x; }); }
inline unsigned __vnegss4(unsigned a) { return cuemu::simd<8, true>(a, 0, [](int64_t x, int64_t) { return cuemu::sat<8, true>(-x); }); }
inline unsigned __vnegss2(unsigned a) { return cuemu::simd<16, true>(a, 0, [](int64_t x, int64_t) { return cuemu::sat<16, true>(-x); }); }
/* DPX (CUDA 12): each 16-bit lane as int16_t / uint16_t, sums wrapped to the lane */
namespace cuemu {
template <class L, class F> inline unsigned dpx2(unsigned a, unsigned b, unsigned c, F f) {
  unsigned r = 0;
  for (int i = 0; i < 2; i++) {
    L x = (L)(uint16_t)(a >> (16 * i)), y = (L)(uint16_t)(b >> (16 * i)), z = (L)(uint16_t)(c >> (16 * i));
    r |= (unsigned)(uint16_t)f(x, y, z) << (16 * i);
  }
  return r;
}
template <class T> inline T relu(T v) { return v < 0 ? 0 : v; }
template <class L> inline L wrap(L x, L y) { return (L)(uint16_t)((uint32_t)(uint16_t)x + (uint32_t)(uint16_t)y); }
} /* namespace cuemu */
inline int __vimax3_s32(int a, int b, int c) { return std::max({a, b, c}); }
inline unsigned __vimax3_u32(unsigned a, unsigned b, unsigned c) { return std::max({a, b, c}); }
inline int __vimax3_s32_relu(int a, int b, int c) { return std::max({a, b, c, 0}); }
inline int __vimin3_s32(int a, int b, int c) { return std::min({a, b, c}); }
inline unsigned __vimin3_u32(unsigned a, unsigned b, unsigned c) { return std::min({a, b, c}); }
inline int __vimin3_s32_relu(int a, int b, int c) { return cuemu::relu(std::min({a, b, c})); }
inline int __viaddmax_s32(int a, int b, int c) { return std::max((int)(uint32_t)((int64_t)a + b), c); }
inline unsigned __viaddmax_u32(unsigned a, unsigned b, unsigned c) { return std::max(a + b, c); }
inline int __viaddmax_s32_relu(int a, int b, int c) { return cuemu::relu(__viaddmax_s32(a, b, c)); }
inline int __viaddmin_s32(int a, int b, int c) { return std::min((int)(uint32_t)((int64_t)a + b), c); }
inline unsigned __viaddmin_u32(unsigned a, unsigned b, unsigned c) { return std::min(a + b, c); }
inline int __viaddmin_s32_relu(int a, int b, int c) { return cuemu::relu(__viaddmin_s32(a, b, c)); }
inline int __vimax_s32_relu(int a, int b) { return std::max({a, b, 0}); }
inline int __vimin_s32_relu(int a, int b) { return cuemu::relu(std::min(a, b)); }
#define CUEMU_DPX(name, L, expr) \
  inline unsigned name(unsigned a, unsigned b, unsigned c) { return cuemu::dpx2<L>(a, b, c, [](L x, L y, L z) -> L { return expr; }); }
CUEMU_DPX(__vimax3_s16x2, int16_t, std::max({x, y, z}))
CUEMU_DPX(__vimax3_u16x2, uint16_t, std::max({x, y, z}))
CUEMU_DPX(__vimax3_s16x2_relu, int16_t, cuemu::relu(std::max({x, y, z})))
CUEMU_DPX(__vimin3_s16x2, int16_t, std::min({x, y, z}))
CUEMU_DPX(__vimin3_u16x2, uint16_t, std::min({x, y, z}))
CUEMU_DPX(__vimin3_s16x2_relu, int16_t, cuemu::relu(std::min({x, y, z})))
CUEMU_DPX(__viaddmax_s16x2, int16_t, std::max(cuemu::wrap(x, y), z))
CUEMU_DPX(__viaddmax_u16x2, uint16_t, std::max(cuemu::wrap(x, y), z))
CUEMU_DPX(__viaddmax_s16x2_relu, int16_t, cuemu::relu(std::max(cuemu::wrap(x, y), z)))
CUEMU_DPX(__viaddmin_s16x2, int16_t, std::min(cuemu::wrap(x, y), z))
CUEMU_DPX(__viaddmin_u16x2, uint16_t, std::min(cuemu::wrap(x, y), z))
CUEMU_DPX(__viaddmin_s16x2_relu, int16_t, cuemu::relu(std::min(cuemu::wrap(x, y), z)))
#undef CUEMU_DPX
inline unsigned __vimax_s16x2_relu(unsigned a, unsigned b) { return __vimax3_s16x2_relu(a, b, b); }
inline unsigned __vimin_s16x2_relu(unsigned a, unsigned b) {
  return cuemu::dpx2<int16_t>(a, b, 0, [](int16_t x, int16_t y, int16_t) -> int16_t { return cuemu::relu(std::min(x, y)); });
}
inline int __vibmax_s32(int a, int b, bool *p) { *p = a >= b; return std::max(a, b); }
inline unsigned __vibmax_u32(unsigned a, unsigned b, bool *p) { *p = a >= b; return std::max(a, b); }
inline int __vibmin_s32(int a, int b, bool *p) { *p = a <= b; return std::min(a, b); }
inline unsigned __vibmin_u32(unsigned a, unsigned b, bool *p) { *p = a <= b; return std::min(a, b); }
#define CUEMU_VIB(name, L, pick, cmp) \
  inline unsigned name(unsigned a, unsigned b, bool *hi, bool *lo) { \
    L ah = (L)(uint16_t)(a >> 16), bh = (L)(uint16_t)(b >> 16), al = (L)(uint16_t)a, bl = (L)(uint16_t)b; \
    *hi = ah cmp bh; *lo = al cmp bl; \
    return (unsigned)(uint16_t)pick(ah, bh) << 16 | (uint16_t)pick(al, bl); }
CUEMU_VIB(__vibmax_s16x2, int16_t, std::max<int16_t>, >=)
CUEMU_VIB(__vibmax_u16x2, uint16_t, std::max<uint16_t>, >=)
CUEMU_VIB(__vibmin_s16x2, int16_t, std::min<int16_t>, <=)
CUEMU_VIB(__vibmin_u16x2, uint16_t, std::min<uint16_t>, <=)
#undef CUEMU_VIB
template <class T> inline T __ldg(const T *p) { return *p; }
template <class T> inline T __ldca(const T *p) { return *p; }
template <class T> inline T __ldcs(const T *p) { return *p; }
template <class T> inline T __ldcg(const T *p) { return *p; }
template <class T> inline void __stcs(T *p, T v) { *p = v; }
template <class T> inline void __stcg(T *p, T v) { *p = v; }
template <class T> inline void __stwt(T *p, T v) { *p = v; }
template <class T> inline T __ldlu(const T *p) { return *p; }
template <class T> inline T __ldcv(const T *p) { return *p; }
template <class T> inline void __stwb(T *p, T v) { *p = v; }

/* ---- floating point: bit casts and conversions ----------------------------- */
template <class To, class From> inline To cuemu_bitcast(From f) {
  static_assert(sizeof(To) == sizeof(From), "size");
  To t;
  memcpy(&t, &f, sizeof t);
  return t;
}
inline int __float_as_int(float x) { return cuemu_bitcast<int>(x); }
inline unsigned __float_as_uint(float x) { return cuemu_bitcast<unsigned>(x); }
inline float __int_as_float(int x) { return cuemu_bitcast<float>(x); }
inline float __uint_as_float(unsigned x) { return cuemu_bitcast<float>(x); }
inline long long __double_as_longlong(double x) { return cuemu_bitcast<long long>(x); }
inline double __longlong_as_double(long long x) { return cuemu_bitcast<double>(x); }
inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return (int)__double_as_longlong(x); }
inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)((uint64_t)(uint32_t)hi << 32 | (uint32_t)lo));
}

/* Float -> integer conversions saturate, NaN gives 0 (PTX cvt.rni/rzi/...). */
template <class I> inline I cuemu_f2i(double x) {
  if (std::isnan(x)) return 0;
  if (x <= (double)std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
  if (x >= (double)std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
  return (I)x;
}
#define CUEMU_F2I(F, FT, I, IT)                                                     \
  inline IT __##F##2##I##_rn(FT x) { return cuemu_f2i<IT>(std::nearbyint((double)x)); } \
  inline IT __##F##2##I##_rz(FT x) { return cuemu_f2i<IT>(std::trunc((double)x)); }     \
  inline IT __##F##2##I##_ru(FT x) { return cuemu_f2i<IT>(std::ceil((double)x)); }      \
  inline IT __##F##2##I##_rd(FT x) { return cuemu_f2i<IT>(std::floor((double)x)); }
CUEMU_F2I(float, float, int, int)
CUEMU_F2I(float, float, uint, unsigned)
CUEMU_F2I(float, float, ll, long long)
CUEMU_F2I(float, float, ull, unsigned long long)
CUEMU_F2I(double, double, int, int)
CUEMU_F2I(double, double, uint, unsigned)
CUEMU_F2I(double, double, ll, long long)
CUEMU_F2I(double, double, ull, unsigned long long)
#undef CUEMU_F2I
inline float __int2float_rn(int x) { return (float)x; }
inline float __uint2float_rn(unsigned x) { return (float)x; }
inline float __ll2float_rn(long long x) { return (float)x; }
inline float __ull2float_rn(unsigned long long x) { return (float)x; }
inline double __int2double_rn(int x) { return (double)x; }
inline double __ll2double_rn(long long x) { return (double)x; }
inline float __double2float_rn(double x) { return (float)x; }
inline int float2int(float x) { return (int)x; }
/* Directed roundings of a conversion: the host's own conversion under fesetround (the
 * volatile copies keep it between the two mode changes). */
template <class To, class From> __attribute__((noinline)) To cuemu_cvt_mode(From x, int mode) {
  volatile From v = x;
  int old = fegetround();
  fesetround(mode);
  volatile To r = (To)v;
  fesetround(old);
  return r;
}
#define CUEMU_CVT_DIR(F, FT, T, TT)                                                      \
  inline TT __##F##2##T##_rz(FT x) { return cuemu_cvt_mode<TT>(x, FE_TOWARDZERO); }  \
  inline TT __##F##2##T##_ru(FT x) { return cuemu_cvt_mode<TT>(x, FE_UPWARD); }      \
  inline TT __##F##2##T##_rd(FT x) { return cuemu_cvt_mode<TT>(x, FE_DOWNWARD); }
CUEMU_CVT_DIR(int, int, float, float)
CUEMU_CVT_DIR(uint, unsigned, float, float)
CUEMU_CVT_DIR(ll, long long, float, float)
CUEMU_CVT_DIR(ull, unsigned long long, float, float)
CUEMU_CVT_DIR(ll, long long, double, double)
CUEMU_CVT_DIR(ull, unsigned long long, double, double)
CUEMU_CVT_DIR(double, double, float, float)
#undef CUEMU_CVT_DIR
inline double __uint2double_rn(unsigned x) { return (double)x; }
inline double __ull2double_rn(unsigned long long x) { return (double)x; }

/* ---- floating point: math API and intrinsics ------------------------------- */
/* The fast intrinsics (__expf, __sinf, ...) are computed exactly here; the
 * corpus tolerances cover the difference from the hardware approximations. */
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline double rcbrt(double x) { return 1.0 / cbrt(x); }
inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return exp10f(x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __powf(float x, float y) { return powf(x, y); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
inline float __fdividef(float x, float y) { return x / y; }
inline float fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return std::isnan(x) ? 0.0f : fminf(fmaxf(x, 0.0f), 1.0f); }
inline float sinpif(float x) { return sinf((float)M_PI * x); }
inline float cospif(float x) { return cosf((float)M_PI * x); }
inline double sinpi(double x) { return sin(M_PI * x); }
inline double cospi(double x) { return cos(M_PI * x); }
inline void sincospif(float x, float *s, float *c) { *s = sinpif(x); *c = cospif(x); }
inline float normcdff(float x) { return 0.5f * erfcf(-x / sqrtf(2.0f)); }
inline double normcdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }
#define CUEMU_ROUNDED(name, T, expr)                       \
  inline T name##_rn(T x, T y) { return expr; }           \
  inline T name##_rz(T x, T y) { return expr; }           \
  inline T name##_ru(T x, T y) { return expr; }           \
  inline T name##_rd(T x, T y) { return expr; }
CUEMU_ROUNDED(__fadd, float, x + y)
CUEMU_ROUNDED(__fsub, float, x - y)
CUEMU_ROUNDED(__fmul, float, x * y)
CUEMU_ROUNDED(__fdiv, float, x / y)
CUEMU_ROUNDED(__dadd, double, x + y)
CUEMU_ROUNDED(__dsub, double, x - y)
CUEMU_ROUNDED(__dmul, double, x * y)
CUEMU_ROUNDED(__ddiv, double, x / y)
#undef CUEMU_ROUNDED
inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
inline float __fmaf_rz(float a, float b, float c) { return fmaf(a, b, c); }
inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline double __drcp_rn(double x) { return 1.0 / x; }
inline float __fsqrt_rn(float x) { return sqrtf(x); }
inline double __dsqrt_rn(double x) { return sqrt(x); }
inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }

/* ---- half precision: __half, __nv_bfloat16 (half_emu.h) ------------------ */
#include "half_emu.h"

/* ---- cooperative groups (block and warp tiles only) ------------------------ */
namespace cooperative_groups {
struct thread_group {
  unsigned mask_ = 0xffffffffu;
};
struct thread_block {
  void sync() const { __syncthreads(); }
  unsigned thread_rank() const {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  unsigned num_threads() const { return size(); }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};
inline thread_block this_thread_block() { return thread_block(); }
struct grid_group {
  void sync() const { cuemu::fatal("grid-wide sync (cooperative launch) is not emulated"); }
  unsigned long long thread_rank() const {
    unsigned long long b = blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
    return b * (blockDim.x * blockDim.y * blockDim.z) + thread_block().thread_rank();
  }
  unsigned long long size() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y * blockDim.z;
  }
};
inline grid_group this_grid() { return grid_group(); }
template <unsigned N> struct thread_block_tile {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "tile size");
  unsigned mask() const {
    unsigned lane = cuemu::lane_id(), base = lane / N * N;
    return N == 32 ? 0xffffffffu : ((1u << N) - 1) << base;
  }
  void sync() const { __syncwarp(mask()); }
  unsigned thread_rank() const { return cuemu::lane_id() % N; }
  unsigned size() const { return N; }
  unsigned num_threads() const { return N; }
  unsigned meta_group_rank() const { return thread_block().thread_rank() / N; }
  unsigned meta_group_size() const { return (thread_block().size() + N - 1) / N; }
  template <class T> T shfl(T v, int src) const { return __shfl_sync(mask(), v, src, N); }
  template <class T> T shfl_down(T v, unsigned d) const { return __shfl_down_sync(mask(), v, d, N); }
  template <class T> T shfl_up(T v, unsigned d) const { return __shfl_up_sync(mask(), v, d, N); }
  template <class T> T shfl_xor(T v, int m) const { return __shfl_xor_sync(mask(), v, m, N); }
  int any(int p) const { return __any_sync(mask(), p); }
  int all(int p) const { return __all_sync(mask(), p); }
  unsigned ballot(int p) const {
    return __ballot_sync(mask(), p) >> (cuemu::lane_id() / N * N % 32);
  }
};
template <unsigned N, class P> inline thread_block_tile<N> tiled_partition(const P &) {
  return thread_block_tile<N>();
}
template <class G> inline void sync(const G &g) { g.sync(); }
template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };
template <unsigned N, class T, class Op>
inline T reduce(const thread_block_tile<N> &g, T v, Op op) {
  for (unsigned o = N / 2; o > 0; o /= 2) v = op(v, g.shfl_xor(v, (int)o));
  return v;
}
} /* namespace cooperative_groups */

/* ---- host API --------------------------------------------------------------- */
/* The toolkit's header guards that helper headers test (the samples' helper_cuda.h
 * defines its check macros only under __DRIVER_TYPES_H__). */
#define __DRIVER_TYPES_H__
#define __CUDA_RUNTIME_API_H__
#define __VECTOR_TYPES_H__
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, totalConstMem, sharedMemPerMultiprocessor;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
  int clockRate, major, minor, multiProcessorCount, maxThreadsPerMultiProcessor;
  int memoryClockRate, memoryBusWidth, l2CacheSize, concurrentKernels;
  size_t memPitch, textureAlignment;
};
enum cudaDeviceAttr { cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMultiProcessorCount = 16,
                      cudaDevAttrWarpSize = 10, cudaDevAttrMaxSharedMemoryPerBlock = 8 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
                         cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
                     cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
#define cudaEventDefault 0
#define cudaEventBlockingSync 1
#define cudaEventDisableTiming 2
#define cudaStreamDefault 0
#define cudaStreamNonBlocking 1
#define cudaMemAttachGlobal 1
#define cudaHostAllocDefault 0

template <class T> inline cudaError_t cudaMalloc(T **p, size_t n) {
  *p = (T *)aligned_alloc(256, (n + 255) / 256 * 256 + 256);
  return *p ? cudaSuccess : (cuemu::set_error(cudaErrorMemoryAllocation), cudaErrorMemoryAllocation);
}
template <class T> inline cudaError_t cudaMallocManaged(T **p, size_t n, unsigned = 1) { return cudaMalloc(p, n); }
template <class T> inline cudaError_t cudaMallocHost(T **p, size_t n) { return cudaMalloc(p, n); }
template <class T> inline cudaError_t cudaHostAlloc(T **p, size_t n, unsigned) { return cudaMalloc(p, n); }
inline cudaError_t cudaFree(void *p) { free(p); return cudaSuccess; }
inline cudaError_t cudaFreeHost(void *p) { free(p); return cudaSuccess; }
inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) {
  if (n) memmove(d, s, n);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k, cudaStream_t = nullptr) {
  return cudaMemcpy(d, s, n, k);
}
inline cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp, size_t w, size_t h, cudaMemcpyKind) {
  for (size_t r = 0; r < h; r++) memmove((char *)d + r * dp, (const char *)s + r * sp, w);
  return cudaSuccess;
}
inline cudaError_t cudaMemset(void *d, int v, size_t n) { memset(d, v, n); return cudaSuccess; }
inline cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t = nullptr) { return cudaMemset(d, v, n); }
template <class T>
inline cudaError_t cudaMemcpyToSymbol(T &sym, const void *s, size_t n, size_t off = 0,
                                      cudaMemcpyKind = cudaMemcpyHostToDevice) {
  memcpy((char *)&sym + off, s, n);
  return cudaSuccess;
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbol(void *d, const T &sym, size_t n, size_t off = 0,
                                        cudaMemcpyKind = cudaMemcpyDeviceToHost) {
  memcpy(d, (const char *)&sym + off, n);
  return cudaSuccess;
}
template <class T> inline cudaError_t cudaGetSymbolAddress(void **p, T &sym) { *p = (void *)&sym; return cudaSuccess; }
template <class T> inline cudaError_t cudaGetSymbolSize(size_t *n, const T &) { *n = sizeof(T); return cudaSuccess; }
inline cudaError_t cudaMemPrefetchAsync(const void *, size_t, int, cudaStream_t = nullptr) { return cudaSuccess; }
inline cudaError_t cudaMemGetInfo(size_t *f, size_t *t) { *f = *t = (size_t)16 << 30; return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaThreadSynchronize() { return cudaSuccess; }
inline cudaError_t cudaProfilerStart() { return cudaSuccess; }
inline cudaError_t cudaProfilerStop() { return cudaSuccess; }
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int *d) { *d = 0; return cudaSuccess; }
inline cudaError_t cudaGetDeviceCount(int *n) { *n = 1; return cudaSuccess; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int) {
  memset(p, 0, sizeof *p);
  strcpy(p->name, "cuda2hlo CPU emulator");
  p->totalGlobalMem = (size_t)16 << 30;
  p->sharedMemPerBlock = 48 * 1024;
  p->sharedMemPerMultiprocessor = 228 * 1024;
  p->totalConstMem = 64 * 1024;
  p->regsPerBlock = 65536;
  p->warpSize = 32;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
  p->maxThreadsDim[2] = 64;
  p->maxGridSize[0] = 0x7fffffff;
  p->maxGridSize[1] = p->maxGridSize[2] = 65535;
  p->clockRate = 1500000;
  p->major = 8;
  p->minor = 0;
  p->multiProcessorCount = 1;
  p->maxThreadsPerMultiProcessor = 2048;
  p->concurrentKernels = 1;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr a, int) {
  *v = a == cudaDevAttrMaxThreadsPerBlock ? 1024 : a == cudaDevAttrWarpSize ? 32
     : a == cudaDevAttrMaxSharedMemoryPerBlock ? 48 * 1024 : 1;
  return cudaSuccess;
}
template <class F> inline cudaError_t cudaFuncSetAttribute(F, cudaFuncAttribute, int) { return cudaSuccess; }
template <class F> inline cudaError_t cudaFuncSetCacheConfig(F, cudaFuncCache) { return cudaSuccess; }
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }
inline cudaError_t cudaGetLastError() {
  cudaError_t e = cuemu::S.last_error;
  cuemu::S.last_error = cudaSuccess;
  return e;
}
inline cudaError_t cudaPeekAtLastError() { return cuemu::S.last_error; }
inline const char *cudaGetErrorString(cudaError_t e) {
  switch (e) {
  case cudaSuccess: return "no error";
  case cudaErrorInvalidValue: return "invalid argument";
  case cudaErrorMemoryAllocation: return "out of memory";
  case cudaErrorInvalidConfiguration: return "invalid configuration argument";
  default: return "unknown error";
  }
}
inline const char *cudaGetErrorName(cudaError_t e) {
  return e == cudaSuccess ? "cudaSuccess" : e == cudaErrorInvalidConfiguration
         ? "cudaErrorInvalidConfiguration" : "cudaErrorUnknown";
}
inline cudaError_t cudaEventCreate(cudaEvent_t *e) { *e = new CUevent_st(); return cudaSuccess; }
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned) { return cudaEventCreate(e); }
inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t = nullptr) {
  e->t = std::chrono::steady_clock::now();
  return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
  *ms = std::chrono::duration<float, std::milli>(b->t - a->t).count();
  return cudaSuccess;
}
inline cudaError_t cudaEventDestroy(cudaEvent_t e) { delete e; return cudaSuccess; }
inline cudaError_t cudaStreamCreate(cudaStream_t *s) { *s = new CUstream_st(); return cudaSuccess; }
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned) { return cudaStreamCreate(s); }
inline cudaError_t cudaStreamDestroy(cudaStream_t s) { delete s; return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned = 0) { return cudaSuccess; }

#endif /* CUDA_EMU_H */
