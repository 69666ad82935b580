#pragma once
// The skeleton of the `fast` stencil variants: each thread owns one 16-byte chunk of a row (16 gray8 pixels
// or 4 rgba8 pixels) for a strip of `rows` consecutive output rows (a quarter or half of them in the grid's tail
// bands, core/strip_tiers.hpp), and slides a window of 2R + 1 row results
// along the strip in registers (down it, or up it for odd strips: StripWalk).
//
// Why this shape reaches the copy bandwidth: every row is read with one 16-byte load per thread (a warp reads
// 512 contiguous bytes), every output is written with one 16-byte store, and each input row is loaded once
// per strip (plus 2R apron rows per strip, mostly L2 hits). The bytes a stencil needs beyond the chunk come
// from the neighbouring lanes' registers through warp shuffles; only the two lanes at a warp's ends load
// them. No shared memory, no barriers, no integer division.
//
// This file holds the chunk operations; strip_kernel.cuh the kernel, row_pipe.cuh its prefetch ring.
// A stencil is a policy type with:
//   kRadius, kBpp (bytes per pixel), kNbrWords (32-bit words needed beyond the chunk on each side),
//   Row (what one input row contributes), Row Horizontal(const unsigned* ext) where ext[kNbrWords + i] is
//   word i of the chunk and the kNbrWords words before and after lie at ext[0..] and ext[kNbrWords + 4..];
//   Chunk Vertical(const Row (&win)[2R + 1]) giving the output chunk of the middle row, the same for the window
//   turned upside down (odd strips walk up: StripWalk), unless the stencil declares kWalkDown = true (its window
//   is not symmetric top to bottom, as box2x2's: every strip then walks down, WalksDown in strip_kernel.cuh);
//   kMinBlocks, the blocks of 256 threads an SM must hold (__launch_bounds__): 4 caps registers at 64, which
//   leaves 32 warps per SM, each with a row or two of 16-byte loads in flight, plenty to cover memory
//   latency;
//   kTestFirstRow, kRingWindow and kLeanPipe, three choices of how the loop is written that ptxas allocates
//   registers for differently (measured per stencil; strip_kernel.cuh and row_pipe.cuh say what each does), and
//   optionally kSteadyDepth, the slots of the steady path's ring (strip_steady.cuh, SteadyDepth).
// Border: replicate. Words and chunks reaching past a row's ends are made of clamped pixels, so a row
// is the image row extended by its edge pixels, and the rows above and below are clamped to the image.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "cuda/filters/strip_launch.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda::strip {

constexpr int kChunkBytes = 16;
constexpr unsigned kFullMask = 0xffffffffu;

struct Chunk {
  unsigned w[4];
};

// What a strip kernel reads and writes: rows of `row_bytes` input bytes and `out_row_bytes` output bytes.
// The pitches are 32-bit (strip::RequireChunkRows refuses larger ones): with 32-bit operands a row's offset
// is one wide multiply, where a size_t of an int row index cost a sign extension and two more multiplies.
struct StripArgs {
  const std::uint8_t* in;
  unsigned in_pitch;
  std::uint8_t* out;
  unsigned out_pitch;
  int h;
  int row_bytes;      // input bytes per row (width x bytes per pixel)
  int out_row_bytes;  // output bytes per row
  int rows;           // output rows per thread (the launch's ppt)
  // The grid's last, shorter strips (StripTiers): from band (blockIdx.y) tail_band on, strip s has tail_rows
  // rows from row tail_base + s tail_rows (tail_base = tail_y - tail_band blockDim.y tail_rows).
  int tail_band, tail_base, tail_rows;
};

// Where a thread's strip lies: its index in the column (its parity picks the walk) and its first row and row
// count (end <= 0: past the image).
struct StripPlace {
  int strip, y0, end;
};
__device__ __forceinline__ StripPlace PlaceStrip(const StripArgs& a) {
  const int band = static_cast<int>(blockIdx.y), by = static_cast<int>(blockDim.y), ty = static_cast<int>(threadIdx.y);
  const int strip = band * by + ty;
  const bool tail = band >= a.tail_band;
  const int rows = tail ? a.tail_rows : a.rows;
  const int y0 = (tail ? a.tail_base : 0) + strip * rows;
  return {strip, y0, min(rows, a.h - y0)};
}

// Row y (>= 0) of an image with a 32-bit pitch; Byte is std::uint8_t or const std::uint8_t.
template <typename Byte>
__device__ __forceinline__ Byte* RowAt(Byte* base, int y, unsigned pitch) {
  return base + static_cast<std::size_t>(static_cast<unsigned>(y)) * pitch;
}

// Where a thread of a kernel with overlapping warps (kApronWarpChunks, strip_launch.hpp) works: the chunk at byte
// x (with one apron lane: lane 0 takes the chunk before the warp's 30, lane 31 the one after), strip `strip` of its
// column (output rows y0 .. y0 + end), and whether it writes them (its middle lanes, inside the row). `end` <= 0:
// the strip lies below the image; that holds for the whole warp, whose lanes share threadIdx.y.
struct ApronWarpPlace {
  int x, strip, y0, end;
  bool writes;
};
// Which way a strip walks. Odd strips (in a column) walk bottom-up, so that the 2R rows two neighbouring
// strips both read are read by both at about the same time: an even strip and the odd one below it reach
// their shared rows at the end of both, an odd strip and the even one below it at the start of both. Walking
// all down, a strip read its last rows, its lower neighbour's first, a whole strip's time after that
// neighbour had, and at 8 rows or more per thread they had often left the L2: DRAM reads of 8192x8192 gray8
// dilate5 68.4 MB at ppt 8 but 78.7 MB at ppt 16 (64 MiB is the image; ncu on an H100). Measured (H100, same
// process, % of a copy, bench/results/2026-11-27c_strip_walk): dilate5 gray8 ppt 8 75.2 -> 78.5, box r3 71.1
// -> 72.0 and at ppt 12 67.5 -> 72.0, dilate3 ppt 4 90.5 -> 91.9, gauss3 89.7 -> 91.6. Input row i of the
// walk (i = 0 .. end + 2R - 1) is in_first + step i, output row j is out_first + step j.
struct StripWalk {
  int in_first, out_first, step;
};
// kAlternate false: every strip walks down, for a stencil whose window is not symmetric top to bottom (box2x2 reads
// the row below, which an upward walk would hand it as the row above).
template <int R, bool kAlternate = true>
__device__ __forceinline__ StripWalk WalkOf(int strip, int y0, int end) {
  if (kAlternate && R > 0 && (strip & 1)) return {y0 + end - 1 + R, y0 + end - 1, -1};
  return {y0 - R, y0, 1};
}

// kApron lanes on each side are apron (1, or up to 4 for rgba8 box from radius 5): the warp writes 32 - 2 kApron.
template <int kApron = 1>
__device__ __forceinline__ ApronWarpPlace PlaceApronWarp(const StripArgs& a) {
  constexpr int kWrites = ApronWarpChunks(kApron);
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const int warp_x = static_cast<int>(blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32);
  const int x = (warp_x * kWrites + lane - kApron) * kChunkBytes;
  const StripPlace s = PlaceStrip(a);
  return {x, s.strip, s.y0, s.end, lane >= kApron && lane < kApron + kWrites && x < a.out_row_bytes};
}

// The byte at offset x of a row (x may lie outside [0, row_bytes)): replicate border per channel. Bpp is 1 or
// 4, so the channel of a negative offset is still x & (Bpp - 1).
template <int Bpp>
__device__ __forceinline__ unsigned ClampedByte(const std::uint8_t* row, int x, int row_bytes) {
  const int channel = x & (Bpp - 1);
  const int at = x < 0 ? channel : (x >= row_bytes ? row_bytes - Bpp + channel : x);
  return __ldg(row + at);
}

// The pixel at a row's left end (left) or right end repeated over a word: what every word wholly beyond that
// end holds (row_bytes is a multiple of Bpp). An rgba8 pixel comes as four byte loads, since the tensor
// gauss's direct kernel also takes views whose rows are not 4-byte aligned.
template <int Bpp>
__device__ __forceinline__ unsigned EdgeWord(const std::uint8_t* row, bool left, int row_bytes) {
  static_assert(Bpp == 1 || Bpp == 4, "gray8 or rgba8 rows");
  if constexpr (Bpp == 1) return __ldg(row + (left ? 0 : row_bytes - 1)) * 0x01010101u;
  const std::uint8_t* px = row + (left ? 0 : row_bytes - 4);
  return __ldg(px) | __ldg(px + 1) << 8 | __ldg(px + 2) << 16 | static_cast<unsigned>(__ldg(px + 3)) << 24;
}

// The word at byte offset x (a multiple of 4) assembled from clamped bytes: the slow path at a row's ends,
// kept out of line so that its registers do not weigh on the fast path. A word wholly beyond either end is
// the edge pixel repeated; any other (one straddling the right end, or one inside the row when a caller wants
// a clamped window) is assembled byte by byte.
template <int Bpp>
__device__ __noinline__ unsigned ClampedWord(const std::uint8_t* row, int x, int row_bytes) {
  if (x + 4 <= 0 || x >= row_bytes) return EdgeWord<Bpp>(row, x < 0, row_bytes);
  unsigned v = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) v |= ClampedByte<Bpp>(row, x + j, row_bytes) << (8 * j);
  return v;
}

// The chunk at byte offset x (a multiple of 16, possibly outside the row): one 16-byte load when it lies
// inside, one load of the edge pixel when it lies wholly beyond an end (the chunks of a warp's end lanes at
// the image's sides, every row: word by word through ClampedWord they cost a box r16 strip kernel 21% of its
// instructions, ncu on an H100), word by word only when it straddles the right end.
template <int Bpp>
__device__ __forceinline__ Chunk LoadChunk(const std::uint8_t* row, int x, int row_bytes) {
  if (x >= 0 && x + kChunkBytes <= row_bytes) {
    const uint4 v = __ldg(reinterpret_cast<const uint4*>(row + x));
    return {{v.x, v.y, v.z, v.w}};
  }
  if (x + kChunkBytes <= 0 || x >= row_bytes) {
    const unsigned e = EdgeWord<Bpp>(row, x < 0, row_bytes);
    return {{e, e, e, e}};
  }
  Chunk c;
#pragma unroll
  for (int i = 0; i < 4; ++i) c.w[i] = ClampedWord<Bpp>(row, x + 4 * i, row_bytes);
  return c;
}

// The first n (< 16) bytes of a chunk's words w0..w3, stored byte by byte: the slow path at a row's right end.
// The words come by value and every index is a constant, so the chunk stays in registers: indexing c.w with a
// loop variable made the compiler spill every output chunk to local memory on the fast path too (two local
// stores per output row, measured 10-15% of a strip kernel's time on an H100).
__device__ __noinline__ inline void StorePartialChunk(std::uint8_t* dst, int n, unsigned w0, unsigned w1, unsigned w2,
                                                      unsigned w3) {
  const unsigned w[4] = {w0, w1, w2, w3};
#pragma unroll
  for (int i = 0; i < kChunkBytes; ++i)
    if (i < n) dst[i] = static_cast<std::uint8_t>(w[i / 4] >> (8 * (i % 4)));
}

// Stores the chunk at byte offset x; a chunk reaching past the row stores only the bytes inside it.
__device__ __forceinline__ void StoreChunk(std::uint8_t* row, int x, int row_bytes, const Chunk& c) {
  if (x + kChunkBytes <= row_bytes) {
    *reinterpret_cast<uint4*>(row + x) = make_uint4(c.w[0], c.w[1], c.w[2], c.w[3]);
    return;
  }
  StorePartialChunk(row + x, row_bytes - x, c.w[0], c.w[1], c.w[2], c.w[3]);
}

// Whether this lane's edge chunk (lane 0: the chunk left of x; lane 31: the one right of it) lies wholly outside
// the row: at the image's sides, where it is the row's edge pixel repeated.
__device__ __forceinline__ bool EdgeChunkOutside(int x, int row_bytes) {
  const int lane = static_cast<int>(threadIdx.x) & 31;
  return (lane == 0 && x <= 0) || (lane == 31 && x + kChunkBytes >= row_bytes);
}
// That chunk, made from the lane's own chunk, which holds the edge pixel: its first pixel (left) or its last
// (right; bytes past the row's end are clamped copies of the last pixel). Fetched, it was a load the warp waited
// for on every row, since clamped bytes cannot come by cp.async: those waits were 16% of gray8 dilate5's
// warp-stall samples (ncu), and the warps at the image's sides ran behind the rest. Made instead: H100,
// 8192x8192, three rounds (bench/results/2026-11-27h_session8, call 15), % of a copy: dilate5 83.0 -> 90.5,
// erode5 83.8 -> 91.4, gauss3 92.6 -> 97.8, dilate3 92.4 -> 97.3, sobel 73.3 -> 76.4, rgba8 dilate5 91.6 -> 93.6.
template <int Bpp>
__device__ __forceinline__ Chunk EdgePixelChunk(const Chunk& own, bool left) {
  static_assert(Bpp == 1 || Bpp == 4, "gray8 or rgba8 rows");
  unsigned e;
  if constexpr (Bpp == 1)
    e = left ? __byte_perm(own.w[0], 0u, 0x0000u) : __byte_perm(own.w[3], 0u, 0x3333u);
  else
    e = left ? own.w[0] : own.w[3];
  return {{e, e, e, e}};
}

// Overlapping warps (PlaceApronWarp): a lane whose own chunk lies wholly outside the row (the apron lanes of a row's
// first warp, the lanes past its end) holds the edge pixel repeated. It does not fetch it (a load the warp would
// wait for on every row); Make takes the pixel from the lane whose chunk holds it (the first lane inside, or the
// lane over the row's last byte) by shuffle, in the warps that have such lanes. Construct it where every lane of the
// warp is active; `used` false (a compile-time constant) leaves it inert.
struct OutsideChunk {
  bool own_outside, warp_outside;
  int pixel_lane;
  __device__ OutsideChunk(int x, int row_bytes, bool used = true) {
    const int lane = static_cast<int>(threadIdx.x) & 31;
    own_outside = used && (x + kChunkBytes <= 0 || x >= row_bytes);
    warp_outside = used && __any_sync(kFullMask, own_outside);
    pixel_lane = x < 0 ? lane - x / kChunkBytes : lane - (x - row_bytes + kChunkBytes) / kChunkBytes;
  }
  // The row's chunk `c` as this lane holds it: itself, or made from the edge pixel (x < 0: the first pixel).
  template <int Bpp>
  __device__ __forceinline__ Chunk Make(const Chunk& c, int x) const {
    if (!warp_outside) return c;  // the same for the whole warp
    const unsigned first = __shfl_sync(kFullMask, c.w[0], pixel_lane);
    const unsigned last = __shfl_sync(kFullMask, c.w[3], pixel_lane);
    return own_outside ? EdgePixelChunk<Bpp>({{first, 0u, 0u, last}}, x < 0) : c;
  }
};

// The chunk's words with kNbr (<= 4) words of each neighbour: ext[kNbr + i] = m.w[i]. The neighbouring
// chunks' words come by shuffle from the adjacent lanes; a warp's first and last lanes, whose neighbours
// belong to another warp, take them from `edge`, the chunk beyond their end that they fetched themselves
// (row_pipe.cuh) or, at the image's sides, made (EdgePixelChunk).
template <int kNbr>
__device__ __forceinline__ void Extend(const Chunk& m, const Chunk& edge, unsigned (&ext)[4 + 2 * kNbr]) {
  static_assert(kNbr >= 1 && kNbr <= 4, "the apron must lie within the neighbouring chunks");
  const int lane = static_cast<int>(threadIdx.x) & 31;
#pragma unroll
  for (int i = 0; i < 4; ++i) ext[kNbr + i] = m.w[i];
#pragma unroll
  for (int j = 0; j < kNbr; ++j) {
    // Left word j is word 4 - kNbr + j of the chunk to the left; right word j is word j of the chunk to the
    // right.
    const unsigned from_left = __shfl_up_sync(kFullMask, m.w[4 - kNbr + j], 1);
    const unsigned from_right = __shfl_down_sync(kFullMask, m.w[j], 1);
    ext[j] = lane == 0 ? edge.w[4 - kNbr + j] : from_left;
    ext[kNbr + 4 + j] = lane == 31 ? edge.w[j] : from_right;
  }
}

}  // namespace fl::cuda::strip
