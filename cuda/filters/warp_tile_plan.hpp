#pragma once
// How the `fast` warp_affine kernel with shared memory on (warp_tile.cu) lays out its block's input footprint:
// the size of the region one block reads, the shared-memory row stride that spreads a warp's tap loads over
// the 32 banks, and the thread -> pixel map that the kernel and the stride search share. Host code apart from
// the map and the region start (FL_HOST_DEVICE): testable without a GPU.
#include <math.h>

#include <cstddef>

#include "core/cpu/affine.hpp"
#include "core/host_device.hpp"

namespace fl::cuda::warp {

constexpr int kUnitPixels = 4;    // a thread's consecutive outputs in a row: one 32-bit (gray8) or 128-bit store
constexpr int kRegionMargin = 2;  // input pixels kept beyond the tile's mapped corners, on every side
constexpr int kChunkBytes = 16;   // the staging copies aligned 16-byte chunks

// A thread's first output of a block's tile: x in units of kUnitPixels, y in rows.
struct UnitOrigin {
  int x, y;
};

// Thread (tx, ty) of a bx x by block. When bx % 8 == 0 and by % 4 == 0, every warp is 8 x 4 threads (32
// pixels x 4 rows): one tap load of a warp then reads a compact patch of the input (few distinct words, so
// few bank conflicts) and one store writes whole 32-byte sectors. Otherwise thread (tx, ty) is unit (tx, ty).
// Every 4 thread rows hold bx / 8 whole warps (4 bx is a multiple of 32), so the warp's place needs no division.
FL_HOST_DEVICE inline UnitOrigin TileUnitOrigin(int tx, int ty, int bx, int by) {
  if (bx % 8 != 0 || by % 4 != 0) return {tx, ty};
  const int in_band = (ty & 3) * bx + tx;  // thread index within its band of 4 rows
  const int lane = in_band & 31;
  return {(in_band >> 5) * 8 + (lane & 7), (ty & ~3) + (lane >> 3)};
}

// The first input column (or row) of block (i, j)'s region: floor(o[0] + o[1] i + o[2] j), evaluated in float
// the same way on both sides. o[0] already includes the margin.
FL_HOST_DEVICE inline int RegionStart(const float o[3], int i, int j) {
  return static_cast<int>(
      floorf(fmaf(o[1], static_cast<float>(i), fmaf(o[2], static_cast<float>(j), o[0]))));
}

// The layout of one block's staged input. It depends on the inverse map's linear part only (not on its
// shift), so that the shared memory the plan reports before a launch is the one the launch uses.
struct TileLayout {
  bool staged = false;  // the region fits the budget; otherwise the kernel reads every tap from global memory
  int tile_w = 0, tile_h = 0;      // outputs per block: kUnitPixels bx x by rows
  int region_w = 0, region_h = 0;  // input pixels and rows one block reads, margins included
  int chunks = 0;                  // 16-byte chunks that cover region_w pixels at any alignment
  int stride = 0;                  // bytes per shared-memory row: a multiple of StrideStep, >= 16 chunks
  int fill_lane_shift = 0;         // log2 of the threads that copy one row's chunks
  std::size_t smem_bytes = 0;      // stride * region_h when staged, else 0
  long wavefronts = 0;             // shared-memory wavefronts of the sampled tap loads at `stride`
};

// bx x by threads, `rows` rows per thread, `channels` bytes per pixel; staged when stride * region_h <= budget.
TileLayout PlanTileLayout(const cpu::AffineF& inverse, int channels, int bx, int by, int rows,
                          std::size_t smem_budget);

// The stride's granularity. gray8: 16 bytes, so that every row is 16-byte aligned and the staging stores whole
// chunks (8 candidate strides cover the 32 banks). rgba8: 4 bytes (32 candidates), because its taps are whole
// words: 8 lanes of a warp row read every fourth word, and rows must be offset by a bank that is not a multiple
// of 4 for the 4 rows of a warp not to collide. The plan still takes a multiple of 16 when its conflicts are
// within 2 times the best (kAlignedStrideConflicts in the .cpp, which gives the figures), so that the staging
// copies whole chunks; with any other stride an rgba8 chunk is copied as four words.
constexpr int StrideStep(int channels) { return channels == 1 ? kChunkBytes : 4; }

// Shared-memory wavefronts (bank conflicts included) of the first tap's loads of the first warps of a block,
// for its four pixels per thread, at a given stride: what PlanTileLayout minimises over the strides.
long TapWavefronts(const cpu::AffineF& inverse, int channels, int bx, int by, int stride);

// The coefficients of RegionStart for this map and layout (x: origin_x, y: origin_y).
struct RegionOrigins {
  float x[3], y[3];
};
RegionOrigins PlanRegionOrigins(const cpu::AffineF& inverse, const TileLayout& layout);

}  // namespace fl::cuda::warp
