#pragma once
// The `fast` box variant (box_fast.cu): gray8 and rgba8, radius 1..16, running column sums in registers.
// Plain C++ so that the declaration (filters/box.cpp) reads the same facts as the kernel.
#include <optional>
#include <string>

#include "core/filter_spec.hpp"
#include "cuda/filters/strip_launch.hpp"

namespace fl::cuda {

constexpr int kBoxFastMaxRadius = 16;      // gray8's apron is one 16-byte chunk on each side, rgba8's up to 4
constexpr int kBoxFastDefaultRadius = 3;   // the kernel reported for a radius it does not serve

void LaunchBoxFast(const CudaCall& call);
const void* BoxFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
std::optional<std::string> BoxFastProblem(const LaunchConfig& c, const ParamValues& p);
// Radii it has no code for (beyond kBoxFastMaxRadius): in a pipeline `separable` runs (VariantSpec::format_limit).
std::optional<std::string> BoxFastRadiusProblem(const ParamValues& p, PixelFormat in);

// Every radius keeps each row of its window in a ring of shared-memory slots until it leaves, so that the row
// leaving the window is read back from there: one fetch per row. Radius 8 to 16 used to fetch it again through
// L2 instead, since a ring of 2r + 4 slots cuts the blocks per SM (at radius 16, 576 bytes a thread: 12 warps
// per SM instead of 20). With the window primed with every slot in flight (priming, below) the ring won at
// every radius from 8 at its best rows: H100, 8192x8192, three runs, % of a copy, refetch -> ring
// (bench/results/2026-11-27h_session8, calls 4 and 5): r8 57.9 -> 64.5, r10 53.5 -> 59.9, r12 54.2 -> 57.7,
// r14 49.5 -> 51.7, r16 50.2 -> 50.3.
// Slots of that ring: the 2r + 1 rows of the window and the rows in flight.
constexpr int BoxFastRetainSlots(int radius) { return 2 * radius + 1 + (strip::kPipeDepth - 1); }

// Up to this radius a warp's 32 chunks are all its own (its loads cover whole 512-byte spans of a row) and
// its two end lanes fetch the chunks beyond them; beyond it, neighbouring warps overlap by two chunks (gray8; rgba8
// by 2 ceil(r / 4), BoxFastApronChunks) and the end lanes are apron only. Overlapping warps cost box ~13 points of
// a copy in an upper-bound trial (aligned warps without the edge work, H100, 8192x8192: radius 3 74.9 -> 88.2%;
// bench/results/2026-11-27f_box_edges, call 4).
// With the window's first rows fetched as they were (kPipeDepth - 1 ahead), the edge fetches and sums cost as much
// as that at radius 3 and more from 4 (call 7 there, three runs: radius 1 82.9 -> 86.8, 2 78.3 -> 80.6, 3 75.0 ->
// 75.6, 4 69.9 -> 67.4, 5 68.2 -> 60.3). Primed with every slot in flight (priming, below), own warps win up
// to radius 4 (bench/results/2026-11-27h_session8, call 9, three runs, overlapping -> own, tails as
// BoxFastTail, ppt 16): radius 3 74.6 -> 78.4, 4 69.3 -> 75.0 (69.8 at its old 8 rows); 5 67.8 -> 67.6 and 6 and
// 7 2 to 4 points slower at their best rows, so from radius 5 the warps overlapped. Since own warps took the steady
// blocks (strip::SteadyBlockFor) gray8 radius 5 to 7 gain with them too (H100, overlapping -> own, three rounds, %
// of a copy, bench/results/2026-12-06_session18, call 8): 8192x8192 r5 / r6 / r7 76.8 / 74.9 / 73.7 -> 79.6 / 77.9
// / 76.2, 2560x1440 61.2 / 56.7 / 56.2 -> 64.3 / 60.5 / 60.5, 1920x1080 98.8 / 95.5 / 90.0 -> 104.0 / 100.0 /
// 93.6, 3840x2160 +0.2 to +2.0. One chunk beyond the warp holds 16 gray8 pixels, the apron up to radius 16, but
// HorizontalPacked (box_sums.cuh), which sums the edge words, serves radius 7 at most; it holds only 4 rgba8 pixels.
constexpr int BoxFastEdgeMaxRadius(int bytes_per_pixel) { return bytes_per_pixel == 1 ? 7 : 4; }
constexpr bool BoxFastOwnWarps(int radius, int bytes_per_pixel) {
  return radius <= BoxFastEdgeMaxRadius(bytes_per_pixel);
}

// Apron lanes on each side of an overlapping warp: one 16-byte chunk holds gray8's 16 pixels of apron, but only 4
// of rgba8's (its taps lie 4 bytes apart), so rgba8 needs ceil(r / 4) chunks (box_rgba_wide.cuh).
constexpr int BoxFastApronChunks(int radius, int bytes_per_pixel) {
  return bytes_per_pixel == 4 ? (radius + 3) / 4 : 1;
}

// Priming: every strip fetches the first rows of its window with a fetch in flight for every slot of the ring at once
// (RetainedStrip), rather than strip::kPipeDepth - 1 rows ahead as in the rest of the strip: the window's first 2r + 1
// rows then arrive at the memory's pace instead of one row's latency each. Measured by radius (same calls, three runs,
// % of a copy at the default rows (radius 5: 12), rows ahead -> all slots): r1 86.9 -> 87.9, r2 79.7 -> 82.1, r6 63.6
// -> 64.8, r7 62.0 -> 63.5, and the ring from radius 8 above. Overlapping warps at radius 3 to 5 were level or slower
// with it (r3 74.4 -> 73.8, r4 69.6 -> 69.3, r5 66.9 -> 67.0), own warps at 3 and 4 faster (above): the warps of their
// own take it, and from radius 6. Radius 5 too since its strips are 24 rows long with tails (filters/box.cpp): unprimed
// at 24 rows it lost 3.6 points at 2048x2048 and 4.1 at 1920x1080 against its old 10 rows, primed 1.3 and none
// (bench/results/2026-11-27i_session9, calls 10 and 11). Every radius primes so since.

// Shared memory of its ring (the window's rows and the rows in flight).
inline std::size_t BoxFastSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  if (c.block_x <= 0 || c.block_y <= 0) return 0;
  const long threads = static_cast<long>(c.block_x) * c.block_y;
  // Beyond kBoxFastMaxRadius no kernel runs (BoxFastRadiusProblem: a pipeline runs separable), so it asks no more.
  const int r = p.Int("radius") < kBoxFastMaxRadius ? p.Int("radius") : kBoxFastMaxRadius;
  // With warps of their own, each slot also holds each warp's two edge chunks.
  const long edges = BoxFastOwnWarps(r, static_cast<int>(BytesPerPixel(in))) ? 2 * ((threads + 31) / 32) : 0;
  return static_cast<std::size_t>(threads + edges) * BoxFastRetainSlots(r) * 16;
}

// Warps of their own write all their 32 chunks: strip::Footprint. Overlapping warps write 30 (gray8) or 32 - 2
// ceil(r / 4) (rgba8): strip::ApronWarpFootprint.
inline BlockFootprint BoxFastFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  const int r = p.Int("radius");
  if (BoxFastOwnWarps(r, static_cast<int>(BytesPerPixel(in)))) return strip::Footprint(c, r, in);
  return strip::ApronWarpFootprint(c, r, in, BoxFastApronChunks(r, static_cast<int>(BytesPerPixel(in))));
}

}  // namespace fl::cuda
