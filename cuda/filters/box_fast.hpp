#pragma once
// The `fast` box variant (box_fast.cu): gray8, radius 1..16, running column sums in registers. Plain C++ so
// that the declaration (filters/box.cpp) reads the same facts as the kernel.
#include <optional>
#include <string>

#include "core/filter_spec.hpp"
#include "cuda/filters/strip_launch.hpp"

namespace fl::cuda {

constexpr int kBoxFastMaxRadius = 16;      // the apron is one 16-byte chunk on each side
constexpr int kBoxFastDefaultRadius = 3;   // the kernel reported for a radius it does not serve

void LaunchBoxFast(const CudaCall& call);
const void* BoxFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
std::optional<std::string> BoxFastProblem(const LaunchConfig& c, const ParamValues& p);

// Up to this radius a thread keeps every row of its window in a ring of shared-memory slots, so that the row
// leaving the window is read back from there; larger radii fetch it again (a ring of 2r + 4 slots would cut the
// blocks per SM).
constexpr int kBoxFastRetainMaxRadius = 7;
// Slots of that ring: the 2r + 1 rows of the window and the rows in flight.
constexpr int BoxFastRetainSlots(int radius) { return 2 * radius + 1 + (strip::kPipeDepth - 1); }

// Shared memory of its rings: the retained window, or two prefetch rings (the rows entering and leaving it).
inline std::size_t BoxFastSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  if (c.block_x <= 0 || c.block_y <= 0) return 0;
  const long threads = static_cast<long>(c.block_x) * c.block_y;
  const int r = p.Int("radius");
  return r <= kBoxFastRetainMaxRadius ? static_cast<std::size_t>(threads) * BoxFastRetainSlots(r) * 16
                                      : strip::PipeBytes(threads, false, 2);
}

// Its warps overlap (a warp's two end lanes are apron only): strip::ApronWarpFootprint.
inline BlockFootprint BoxFastFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  return strip::ApronWarpFootprint(c, p.Int("radius"), in);
}

}  // namespace fl::cuda
