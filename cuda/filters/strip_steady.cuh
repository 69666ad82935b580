#pragma once
// The strip kernel's steady path (strip_kernel.cuh, with the prefetch ring). A block whose strips' input rows all lie
// inside the image and whose chunks all lie inside the row (every block of a large image but its first and last
// bands, and a last column that ends inside a chunk or is wider than the row) needs no clamp, range test or branch
// per row:
// - rows come at 32-bit byte offsets that step one pitch a row (both images are smaller than 4 GiB);
// - the loop is unrolled over one turn of the ring, so that every ring slot is known at compile time;
// - a warp's end lanes fetch the chunk beyond it with two predicated cp.async at -16 and +16 bytes and read back
//   only the words they need;
// - past a strip's last row the fetches are predicated off.
// The general path (strip_kernel.cuh) serves the other blocks. Why: ncu on an H200 counted 147 instructions per
// warp and row in gray8 dilate5, half of them addresses, clamps, range tests and branches; with this path the kernel
// executes 17.1 M instructions at 8192x8192 instead of 24.1 M (about 104 per warp and row).
#include <cstdint>

#include "cuda/filters/chunk_strip.cuh"
#include "cuda/filters/row_pipe.cuh"

namespace fl::cuda::strip {

// Slots of the steady ring (S::kSteadyDepth where a stencil measured better with its own): for a ring window a
// multiple of its 2R + 1 rows, at least kPipeDepth, so that one turn of the loop is one turn of both; kPipeDepth
// for a window shifted through registers.
template <typename S>
constexpr int SteadyDepth() {
  constexpr int kRows = 2 * S::kRadius + 1;
  if constexpr (requires { S::kSteadyDepth; })
    return S::kSteadyDepth;
  else if constexpr (S::kRingWindow)
    return kRows * ((kPipeDepth + kRows - 1) / kRows);
  else
    return kPipeDepth;
}

// The block's first chunk column: blockIdx.x blockDim.x, except in a last column of blocks that the row ends inside
// of on a chunk boundary (a 3840-byte row ends half way through its eighth 512-byte block), which moves left so as to
// end with the row. Its first lanes then redo chunks of the column before and do not store them (stores_from), and
// no lane lies past the row: such lanes fetched their chunk of clamped bytes with a load the warp waited for on every
// row, and in a grid of one wave those blocks set the kernel's time (H200, gray8 3840x2160, ncu: the busiest SM
// 14295 active cycles against 10661 on average). Rows narrower than a block, or ending inside a chunk, keep their
// blocks in place. Box fast's own warps (box_fast.cu) place their chunks the same way.
struct BlockColumn {
  int first;        // chunk index of lane 0 of the block's first warp
  int stores_from;  // chunk index from which the block stores (the column before stores the chunks left of it)
};
__device__ __forceinline__ BlockColumn BlockColumnOf(const StripArgs& a) {
  const int bx = static_cast<int>(blockDim.x), first = static_cast<int>(blockIdx.x) * bx;
  const int row_chunks = a.row_bytes / kChunkBytes;
  const bool moved = first + bx > row_chunks && a.row_bytes % kChunkBytes == 0 && row_chunks >= bx &&
                     a.out_row_bytes == a.row_bytes;
  return {moved ? row_chunks - bx : first, first};
}

// The output rows [first, end) of this block's band (PlaceStrip). They depend on block indices only.
struct SteadyBandRows {
  int first, end;
};
__device__ __forceinline__ SteadyBandRows SteadyBandOf(const StripArgs& a) {
  const int band = static_cast<int>(blockIdx.y), by = static_cast<int>(blockDim.y);
  const bool tail = band >= a.tail_band;
  const int rows = tail ? a.tail_rows : a.rows;
  const int first = (tail ? a.tail_base : 0) + band * by * rows;
  return {first, first + by * rows};
}
// Whether both images are below 4 GiB, as SteadyRows' 32-bit offsets need.
__device__ __forceinline__ bool SteadyOffsetsFit(const StripArgs& a) {
  const unsigned long long pitch = a.in_pitch > a.out_pitch ? a.in_pitch : a.out_pitch;
  return static_cast<unsigned long long>(a.h) * pitch <= 0xFFFFFFFFull;
}

// Whether this block of a stencil of radius R, whose first chunk column is `first_chunk` (BlockColumnOf), takes
// the steady path: the same answer for all its threads (it depends on block indices only). Box fast's own warps
// (box_fast.cu) ask it too.
template <int R>
__device__ __forceinline__ bool SteadyBlockFor(const StripArgs& a, int first_chunk) {
  const SteadyBandRows band = SteadyBandOf(a);
  const int right = (first_chunk + static_cast<int>(blockDim.x)) * kChunkBytes;
  // The chunk right of the block must lie wholly inside the row or wholly beyond it: a chunk the row ends in needs
  // clamped bytes, which cp.async cannot fetch.
  const bool right_whole = right == a.row_bytes || right + kChunkBytes <= a.row_bytes;
  return band.first >= R && band.end + R <= a.h && right <= a.row_bytes && right <= a.out_row_bytes && right_whole &&
         SteadyOffsetsFit(a);
}

// The same for a warp that overlaps its neighbours (PlaceApronWarp: box fast's, gray8 from radius 8, rgba8 from 5),
// whose lane 0 owns the chunk at byte warp_x: all 32 of its chunks inside both rows. No chunk beyond the warp is
// fetched, so a chunk the row ends in right of it does not matter. The same for the whole warp (it depends on block
// and warp indices only).
template <int R>
__device__ __forceinline__ bool SteadyApronWarpFor(const StripArgs& a, int warp_x) {
  const SteadyBandRows band = SteadyBandOf(a);
  const int right = warp_x + 32 * kChunkBytes;
  return band.first >= R && band.end + R <= a.h && warp_x >= 0 && right <= a.row_bytes && right <= a.out_row_bytes &&
         SteadyOffsetsFit(a);
}
template <typename S>
__device__ __forceinline__ bool SteadyBlock(const StripArgs& a, int first) {
  return SteadyBlockFor<S::kRadius>(a, first);
}

// The rows of a strip in a steady block, walked in order: byte offsets from the images' starts at byte x of the row
// (32 bits: SteadyBlockFor keeps both images below 4 GiB), each stepping one pitch a row; a step up the image is the
// pitch's two's complement, which wraps to the right offset. Box fast's own warps (box_fast.cu) walk them too.
struct SteadyRows {
  unsigned src, dst, in_step, out_step;
  __device__ SteadyRows(const StripArgs& a, const StripWalk& walk, int x)
      : src(static_cast<unsigned>(walk.in_first) * a.in_pitch + static_cast<unsigned>(x)),
        dst(static_cast<unsigned>(walk.out_first) * a.out_pitch + static_cast<unsigned>(x)),
        in_step(static_cast<unsigned>(walk.step) * a.in_pitch),
        out_step(static_cast<unsigned>(walk.step) * a.out_pitch) {}
  // The current input row's chunk and output row's, and the steps to the next. The callers step after the row's
  // cp.async or store: that order gives the PTX of the kernels measured before this struct existed.
  __device__ const std::uint8_t* In(const StripArgs& a) const { return a.in + src; }
  __device__ std::uint8_t* Out(const StripArgs& a) const { return a.out + dst; }
  __device__ void StepIn() { src += in_step; }
  __device__ void StepOut() { dst += out_step; }
};

// One strip of a steady block: output rows walk.out_first + walk.step j, j in [0, end). In a moved last column
// (BlockColumnOf) the first lanes store what the column before stores there too: the same bytes, from the same input
// rows by the same arithmetic, so either store leaves the right value. A predicate on the store instead took 2 to 6
// more instructions a turn of the ring, and gauss3 and dilate3 spilled in the loop (ptxas, sm_90).
template <typename S>
__device__ __forceinline__ void SteadyStrip(const StripArgs& a, uint4* smem, int x, const StripWalk& walk, int end) {
  constexpr int R = S::kRadius, P = 2 * R + 1, D = SteadyDepth<S>(), kNbr = S::kNbrWords;
  constexpr unsigned kSlot = kChunkBytes;
  static_assert(2 * R < D, "the window's first rows are taken before the ring turns once");
  static_assert(kNbr == 1 || kNbr == 2 || kNbr == 4, "edge words are read with one shared load");
  // Slot s of thread t at [s threads + t] (a warp's 32 fetches of a row land side by side: with a thread's slots
  // side by side instead, every cp.async took 8 shared-memory wavefronts instead of 1), then each warp's two edge
  // rings of D slots and D spare ones: within PipeBytes(threads, true) (strip_launch.hpp), 8 slots a thread, for
  // every block of whole warps.
  static_assert(D * (kChunkBytes + 1) + (D * kChunkBytes + 31) / 32 <= 2 * kPipeDepth * kChunkBytes,
                "the steady ring fits the pipe's");
  const unsigned threads = blockDim.x * blockDim.y, t = threadIdx.y * blockDim.x + threadIdx.x;
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const bool left = lane == 0, right = lane == 31;
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  const unsigned own = base + t * kSlot, own_step = threads * kSlot;
  const unsigned edge = base + threads * D * kSlot + ((t / 32) * 2 + (right ? 1u : 0u)) * D * kSlot;
  // The words the end lanes read beside their chunk: the last kNbr of the chunk on the left, the first of the one on
  // the right. The other lanes read (and drop) D slots past the edge rings that nothing writes: one address for the
  // warp, and no race with a slot another thread is filling.
  const unsigned spare = base + threads * D * kSlot + (threads / 32) * 2 * D * kSlot;
  const unsigned edge_words = left || right ? edge + (left ? 4u * (4 - kNbr) : 0u) : spare;
  const bool fetch_left = left && x > 0, fetch_right = right && x + kChunkBytes < a.row_bytes;
  const bool edge_made = EdgeChunkOutside(x, a.row_bytes);  // at the image's sides (EdgePixelChunk)
  SteadyRows rows(a, walk, x);
  const int in_rows = end + 2 * R;

  auto issue = [&](int slot, int i) {  // input row i of the walk into `slot`: one group, empty past the strip
    const bool inside = i < in_rows;
    const std::uint8_t* row = rows.In(a);
    CpAsync16ToIf(own + slot * own_step, row, inside);
    CpAsync16ToIf(edge + slot * kSlot, row - kChunkBytes, inside && fetch_left);
    CpAsync16ToIf(edge + slot * kSlot, row + kChunkBytes, inside && fetch_right);
    CpAsyncCommit();
    rows.StepIn();
  };
  auto row_at = [&](int slot, int i) {  // row i from `slot` (issued D - 1 rows ago), then row i + D - 1
    CpAsyncWait<D - 2>();
    Chunk m;
    unsigned nbr[kNbr];
    ReadShared(own + slot * own_step, m.w);
    ReadShared(edge_words + slot * kSlot, nbr);
    issue((slot + D - 1) % D, i + D - 1);
    // The chunk beyond the warp as Extend reads it: the words it takes on the left and on the right both hold nbr.
    Chunk edge{};
#pragma unroll
    for (int k = 0; k < kNbr; ++k) edge.w[k] = edge.w[4 - kNbr + k] = nbr[k];
    if (edge_made) edge = EdgePixelChunk<S::kBpp>(m, left);
    unsigned ext[4 + 2 * kNbr];
    Extend<kNbr>(m, edge, ext);
    return S::Horizontal(ext);
  };
  auto put = [&](const Chunk& c) {
    *reinterpret_cast<uint4*>(rows.Out(a)) = make_uint4(c.w[0], c.w[1], c.w[2], c.w[3]);
    rows.StepOut();
  };

#pragma unroll
  for (int i = 0; i < D - 1; ++i) issue(i, i);
  typename S::Row win[P];
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = row_at(i, i);
  // Output row j takes input row j + 2R from slot (j + 2R) % D; the loop turns D rows at a time, so that is
  // (k + 2R) % D, a constant, and for a ring window (D a multiple of 2R + 1) so is its window slot.
#pragma unroll 1
  for (int j0 = 0; j0 < end; j0 += D) {
#pragma unroll
    for (int k = 0; k < D; ++k) {
      if (j0 + k >= end) break;
      if constexpr (S::kRingWindow) {
        win[(k + 2 * R) % P] = row_at((k + 2 * R) % D, j0 + k + 2 * R);
        typename S::Row turned[P];  // the window from its top row: only names change
#pragma unroll
        for (int r = 0; r < P; ++r) turned[r] = win[(k + r) % P];
        put(S::Vertical(turned));
      } else {
        win[2 * R] = row_at((k + 2 * R) % D, j0 + k + 2 * R);
        put(S::Vertical(win));
#pragma unroll
        for (int r = 0; r < 2 * R; ++r) win[r] = win[r + 1];
      }
    }
  }
}

}  // namespace fl::cuda::strip
