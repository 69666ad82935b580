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

// Up to this radius a warp's 32 chunks are all its own (its loads cover whole 512-byte spans of a row) and
// its two end lanes fetch the chunks beyond them; beyond it, neighbouring warps overlap by two chunks and the end
// lanes are apron only. Overlapping warps cost box ~13 points of a copy in an upper-bound trial (aligned warps
// without the edge work, H100, 8192x8192: radius 3 74.9 -> 88.2%; bench/results/2026-11-27f_box_edges, call 4),
// but the edge fetches and sums cost as much as that at radius 3 and more from 4: same process, three runs each
// (call 7 there), radius 1 82.9 -> 86.8, 2 78.3 -> 80.6, 3 75.0 -> 75.6, 4 69.9 -> 67.4, 5 68.2 -> 60.3 (more
// registers, fewer blocks).
constexpr int kBoxFastEdgeMaxRadius = 2;
constexpr bool BoxFastOwnWarps(int radius) { return radius <= kBoxFastEdgeMaxRadius; }

// Shared memory of its rings: the retained window, or two prefetch rings (the rows entering and leaving it).
inline std::size_t BoxFastSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  if (c.block_x <= 0 || c.block_y <= 0) return 0;
  const long threads = static_cast<long>(c.block_x) * c.block_y;
  const int r = p.Int("radius");
  if (r > kBoxFastRetainMaxRadius) return strip::PipeBytes(threads, false, 2);
  // With warps of their own, each slot also holds each warp's two edge chunks.
  const long edges = BoxFastOwnWarps(r) ? 2 * ((threads + 31) / 32) : 0;
  return static_cast<std::size_t>(threads + edges) * BoxFastRetainSlots(r) * 16;
}

// Warps of their own write all their 32 chunks: strip::Footprint. Overlapping warps write 30:
// strip::ApronWarpFootprint.
inline BlockFootprint BoxFastFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  const int r = p.Int("radius");
  return BoxFastOwnWarps(r) ? strip::Footprint(c, r, in) : strip::ApronWarpFootprint(c, r, in);
}

}  // namespace fl::cuda
