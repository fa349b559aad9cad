// A key with a __device__-only operator< in a header of the test's own (read by
// cuda2hlo-cc for its #includes: cudart/hostdev.c), as HeCBench gerbil's _Key.h.
#pragma once
#include <cstdint>
struct Key {
  uint32_t hi, lo;
  __device__ bool operator<(const Key &o) const { return hi < o.hi || (hi == o.hi && lo < o.lo); }
};
