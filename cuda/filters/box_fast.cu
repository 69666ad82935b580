// `fast` box (gray8 and rgba8, radius 1..16): running column sums in registers, a sliding horizontal sum,
// no intermediate in memory, and a cost per pixel that does not grow with the radius in the vertical direction.
// The column sums are per byte, whatever the format; rgba8 differs only in its horizontal sums (box_sums.cuh).
//
// Each thread owns 16 columns (one 16-byte chunk) of a strip of rows and keeps their column sums over the 2r
// + 1 rows around the current output row, two columns per 32-bit word in 16-bit lanes (a sum is at most 33 x
// 255). Moving one row along the strip (down it, or up it for odd strips) adds the row entering the window and
// subtracts the one leaving it. Rows arrive by cp.async, a few rows ahead, in shared memory (row_pipe.cuh), and
// every row of the window stays in a ring of shared-memory slots until it leaves (RetainedStrip): one 16-byte
// fetch per output row. The horizontal sum over 2r + 1 columns needs column sums of each neighbouring chunk:
// they come from the neighbouring lanes by warp shuffle. Up to radius 7 it slides two outputs per add over 16-bit
// lanes (HorizontalPacked); larger radii slide one 32-bit sum by column differences taken two at a time in 16-bit
// lanes (HorizontalWide); rgba8 slides over whole words (HorizontalRgbaPacked, and from radius 5
// HorizontalRgbaWide in box_rgba_wide.cuh). A warp's two end lanes have no neighbour in the warp. Up to radius 7
// (gray8; rgba8 4) they fetch the chunks beyond the warp and keep running sums of the words of them they need, so
// that a warp's 32 chunks are all its own. Beyond, the end lanes only serve as the apron: a gray8 warp writes the 30
// chunks of its middle lanes and neighbouring warps overlap by two chunks (box_fast.hpp, BoxFastEdgeMaxRadius, says
// why); an rgba8 warp has ceil(r / 4) apron lanes on each side (BoxFastApronChunks). Division by (2r + 1)^2 is a
// multiplication (cpu::BoxReciprocal, exact for every sum here).
#include <utility>

#include "core/cpu/box.hpp"
#include "cuda/filters/box_fast.hpp"
#include "cuda/filters/box_rgba_wide.cuh"
#include "cuda/filters/box_sums.cuh"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_steady.cuh"
#include "cuda/filters/strip_words.cuh"
#include "cuda/kernel_info.hpp"

namespace fl::cuda {
namespace {

using strip::Chunk;
// The column and horizontal sums (box_sums.cuh).
using box::AddRow;
using box::ColumnSums;
using box::EdgeSums;
using box::HorizontalPacked;
using box::HorizontalRgbaWide;
using box::HorizontalWide;
using box::kPackedMaxRadius;
using box::kPackedNbrWords;
using box::SlideRow;

// rgba8's end lanes need R words of the chunk beyond the warp, read 1, 2 or 4 at a time.
constexpr int RgbaEdgeWords(int r) { return r <= 2 ? r : 4; }

// The strip, walked down or up (strip::StripWalk): input row i of the walk goes to slot i % S of a ring of S = 2R
// + 1 + kAhead slots, kAhead rows ahead of use. Row i is still there when it leaves the window, 2R + 1 rows later,
// and its slot is refilled (with row i + S) only after that: one fetch per row instead of two, and no second pass
// of the input through L2. The window's first 2R + 1 rows come through the ring too, all S slots' rows fetched at
// once (priming, box_fast.hpp). With warps of their own (BoxFastOwnWarps), lanes 0 and 31
// also fetch the chunks beyond the warp into the warp's two edge rings and keep running sums of the words of them
// they need. Every other lane reads its own ring in their place (a sum it does not use): the reads need no
// branch, only the fetches, and each lane reads only what it fetched itself. Bpp is 1 (gray8) or 4 (rgba8): the
// column sums do not see the format, only the horizontal sums and the clamped chunks at the image's sides do.
template <int R, int Bpp, bool kSteady = false>
__device__ __forceinline__ void RetainedStrip(const strip::StripArgs& a, unsigned reciprocal, uint4* rings, int x,
                                              const strip::StripWalk& walk, int end, bool writes) {
  constexpr int kAhead = strip::kPipeDepth - 1;
  constexpr int S = BoxFastRetainSlots(R);
  // Words of each edge chunk the end lanes sum (own warps only; beyond radius 7 the type just needs a valid count).
  constexpr int kN = Bpp == 4 ? RgbaEdgeWords(R <= 4 ? R : 4)
                              : kPackedNbrWords<(R < kPackedMaxRadius ? R : kPackedMaxRadius)>;
  constexpr bool kEdges = BoxFastOwnWarps(R, Bpp);
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  const int t = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x);
  const int lane = static_cast<int>(threadIdx.x) & 31;
  uint4* const ring = rings + t;  // slot s at ring[s * threads]
  const int rows = end + 2 * R;
  // With the edge rings (after the threads' own: slot s of warp w's left (right) ring at [S threads + s 2 warps +
  // 2 w (+ 1)]) slots are addressed by 32-bit shared address, as own + 16 s threads and edge + 16 s edge_step:
  // radius 1 and 2 then fit 54 and 68 registers (ptxas -v, sm_90). A first version with generic pointers (89 at
  // radius 3, 64 and 72 at radius 1 and 2) ran 85.6 and 79.2% of a copy at radius 1 and 2
  // (bench/results/2026-11-27f_box_edges, call 5) against 86.8 and 80.6 for this one (call 7), the overlapping
  // warps at 82.6 / 78.1 and 82.9 / 78.3 in the two calls. Overlapping warps (radius 5 to 16 since 0e32657) keep
  // the generic pointers, as they were measured (addressed the other way, radius 4 took 85 registers instead of 75
  // when it still overlapped).
  const bool edge_left = kEdges && lane == 0, edge_right = kEdges && lane == 31;
  const bool edge_lane = edge_left || edge_right;
  const unsigned own = static_cast<unsigned>(__cvta_generic_to_shared(ring));
  const unsigned edge = own + 16u * static_cast<unsigned>(S * threads + 2 * (t / 32) + (edge_right ? 1 : 0) - t);
  // Lanes 0 and 31 read their edge ring; every other lane reads its own ring instead.
  const unsigned edge_step = 16u * static_cast<unsigned>(edge_lane ? 2 * ((threads + 31) / 32) : threads);
  const unsigned edge_words = (edge_lane ? edge : own) + (edge_left ? 4u * (4 - kN) : 0u);
  const int edge_x = edge_left ? x - strip::kChunkBytes : x + strip::kChunkBytes;
  // At the image's sides the edge chunk is the row's edge pixel repeated: made from the own chunk
  // (strip::EdgePixelChunk), not fetched.
  const bool edge_outside = kEdges && strip::EdgeChunkOutside(x, a.row_bytes);
  // Overlapping warps: chunks wholly outside the row are made by shuffle, not fetched (strip::OutsideChunk).
  const strip::OutsideChunk outside(x, a.row_bytes, !kEdges && !kSteady);
  // Own warps: a lane whose chunks all lie inside the row (or, at the image's sides, are made) fetches a row by
  // its address alone, the end lanes' edge chunk by a predicated cp.async: no range test and no branch per row.
  const bool edge_inside = edge_lane && edge_x >= 0 && edge_x + strip::kChunkBytes <= a.row_bytes;
  const bool lean = x + strip::kChunkBytes <= a.row_bytes && (!edge_lane || edge_inside || edge_outside);
  const std::uint8_t* const column = a.in + x;  // byte x of row 0
  // kSteady (own warps in a block inside the image, strip::SteadyBlockFor; overlapping warps whose 32 chunks and
  // rows all lie inside it, strip::SteadyApronWarpFor): every lane is lean, and rows come by strip::SteadyRows
  // (issue is called for rows 0, 1, 2, ... in order).
  strip::SteadyRows steady(a, walk, x);
  auto issue = [&](int i, int slot) {  // one group per row, empty past the last
    if constexpr (kSteady) {
      const bool inside = i < rows;
      const std::uint8_t* p = steady.In(a);
      strip::CpAsync16ToIf(own + 16u * static_cast<unsigned>(slot * threads), p, inside);
      if constexpr (kEdges)
        strip::CpAsync16ToIf(edge + static_cast<unsigned>(slot) * edge_step, p + (edge_x - x), inside && edge_inside);
      strip::CpAsyncCommit();
      steady.StepIn();
      return;
    }
    if (i < rows) {
      const int y = ClampInt(walk.in_first + walk.step * i, 0, a.h - 1);
      const std::uint8_t* row = strip::RowAt(a.in, y, a.in_pitch);
      if constexpr (kEdges) {
        const unsigned own_slot = own + 16u * static_cast<unsigned>(slot * threads);
        const unsigned edge_slot = edge + static_cast<unsigned>(slot) * edge_step;
        if (lean) {
          const std::uint8_t* p = strip::RowAt(column, y, a.in_pitch);
          strip::CpAsync16To(own_slot, p);
          strip::CpAsync16ToIf(edge_slot, p + (edge_x - x), edge_inside);
        } else {
          strip::FetchChunkTo<Bpp>(own_slot, row, x, a.row_bytes);
          if (edge_lane && !edge_outside) strip::FetchChunkTo<Bpp>(edge_slot, row, edge_x, a.row_bytes);
        }
      } else if (!outside.own_outside) {
        strip::FetchChunk<Bpp>(ring + slot * threads, row, x, a.row_bytes);
      }
    }
    strip::CpAsyncCommit();
  };
  auto chunk_at = [&](int slot, unsigned (&w)[4]) {
    if constexpr (kEdges || kSteady) {  // a steady overlapping warp has no chunk outside the row
      strip::ReadShared(own + 16u * static_cast<unsigned>(slot * threads), w);
    } else {
      const uint4 v = ring[slot * threads];
      const Chunk c = outside.Make<Bpp>({{v.x, v.y, v.z, v.w}}, x);
      w[0] = c.w[0], w[1] = c.w[1], w[2] = c.w[2], w[3] = c.w[3];
    }
  };
  // The edge chunk's words of a row, given the row's own chunk `v` (the source of a made edge chunk).
  auto edge_words_at = [&](int slot, const unsigned (&v)[4], unsigned (&w)[kN]) {
    strip::ReadShared(edge_words + static_cast<unsigned>(slot) * edge_step, w);
    if (edge_outside) {
      const strip::Chunk made = strip::EdgePixelChunk<Bpp>({{v[0], v[1], v[2], v[3]}}, edge_left);
#pragma unroll
      for (int k = 0; k < kN; ++k) w[k] = made.w[k];
    }
  };
  auto next = [](int s) { return s + 1 == S ? 0 : s + 1; };
#pragma unroll
  for (int i = 0; i < S; ++i) issue(i, i);  // every slot's row in flight before the window's first is added
  int take = 0, refill = kAhead;  // the slots of input row i and of row i + kAhead (row i - 2R - 1 once i > 2R)

  ColumnSums sums{{0, 0, 0, 0}, {0, 0, 0, 0}};
  EdgeSums<kN> edge_sums{};
  // Unrolled, so that the slots are constants: each of these rows cost about 65 instructions as a loop, a third of
  // the kernel's at radius 3 (ncu). H100, 8192x8192, same process, four runs (bench/results/2026-11-27e_sobel,
  // call 3): radius 3 72.1 -> 73.1% of a copy, radius 4 69.3 -> 70.3, at 72 registers instead of 56.
#pragma unroll
  for (int r = 0; r <= 2 * R; ++r) {
    // Row r has arrived once at most S - 1 - r groups (one per row) are pending.
    strip::CpAsyncWaitAtMost<S - 1>(S - 1 - r);
    unsigned v[4];
    chunk_at(take, v);
    AddRow(sums, v);
    if constexpr (kEdges) {
      unsigned w[kN];
      edge_words_at(take, v, w);
#pragma unroll
      for (int k = 0; k < kN; ++k) edge_sums.even[k] += strip::Even(w[k]), edge_sums.odd[k] += strip::Odd(w[k]);
    }
    take = next(take), refill = next(refill);
  }
  for (int j = 0;; ++j) {
    Chunk out;
    if constexpr (Bpp == 4 && !kEdges)
      out = HorizontalRgbaWide<R>(sums, reciprocal);
    else if constexpr (Bpp == 4)
      out = HorizontalRgbaPacked<R, kN>(sums, edge_sums, edge_left, edge_right, reciprocal);
    else if constexpr (R <= kPackedMaxRadius)
      out = HorizontalPacked<R>(sums, edge_sums, edge_left, edge_right, reciprocal);
    else
      out = HorizontalWide<R>(sums, reciprocal);
    if constexpr (kSteady) {
      strip::Store16If(steady.Out(a), out.w, writes);
      steady.StepOut();
    } else if (writes) {
      strip::StoreChunk(strip::RowAt(a.out, walk.out_first + walk.step * j, a.out_pitch), x, a.out_row_bytes,
                        out);
    }
    if (j + 1 == end) return;
    // Input row j + 2R + 1 enters; row j, in the slot about to be refilled, leaves.
    strip::CpAsyncWait<kAhead - 1>();
    unsigned enter[4], leave[4];
    chunk_at(take, enter);
    chunk_at(refill, leave);
    SlideRow(sums, enter, leave);
    if constexpr (kEdges) {
      unsigned we[kN], wl[kN];
      edge_words_at(take, enter, we);
      edge_words_at(refill, leave, wl);
#pragma unroll
      for (int k = 0; k < kN; ++k) {
        edge_sums.even[k] = edge_sums.even[k] + strip::Even(we[k]) - strip::Even(wl[k]);
        edge_sums.odd[k] = edge_sums.odd[k] + strip::Odd(we[k]) - strip::Odd(wl[k]);
      }
    }
    issue(j + 2 * R + 1 + kAhead, refill);
    take = next(take), refill = next(refill);
  }
}

// Blocks of 256 threads an SM must hold. Own warps (radius 1 to 4) are held to 64 registers: 8 blocks of 128
// threads per SM, as many as their rings' shared memory allows. The lean fetch (RetainedStrip) took 58 to 71
// registers without the cap (7 blocks at radius 3 and 4), 58 to 62 with it and no spill; with the cap against
// without both it and the lean fetch, H100, 8192x8192, builds alternated, three rounds, % of a copy
// (bench/results/2026-11-27i_session9, call 2): r1 93.3 -> 94.4, r2 88.6 -> 88.5, r3 86.7 -> 87.4, r4 84.4 -> 85.0.
// Own warps from radius 5 (gray8) take 64 to 67 registers at 2 blocks (ptxas, sm_90): measured so (call 8 of
// bench/results/2026-12-06_session18).
template <int R>
constexpr int kBoxFastMinBlocks = R <= 4 ? 4 : 2;

// Overlapping warps have a steady path (kApronSteady) in a kernel of its own, launched for grids of more than one wave
// of resident blocks; inside it a warp takes that path if its chunks and rows lie inside the image. H100, three
// rounds against the kernel without it, % of a copy (bench/results/2026-12-06_session18, calls 2 to 5): grids of
// many waves gained (8192x8192 gray8 radius 5 / 8 / 12 / 16 75.8 / 68.5 / 64.1 / 59.8 -> 76.2 / 69.2 / 65.3 / 61.0,
// rgba8 radius 16 67.2 -> 69.6; 3840x2160 rgba8 radius 5 / 8 / 12 / 16 67.1 / 59.8 / 47.8 / 43.6 -> 71.4 / 62.8 /
// 50.4 / 48.8; gray8 radius 5 to 7 have since taken own warps, box_fast.hpp) and ran 13 to 18% fewer instructions
// (ncu), but grids within one wave lost, whatever their strips' rows (gray8 1920x1080 radius 16, 8-row strips, 65.6
// -> 61.8; 3840x2160 radius 12, 24 rows, 45.8 -> 43.2, radius 5, 12 rows, 63.1 -> 61.3): there one strip's latency
// sets the time, and the steady kernel's took longer (1920x1080 radius 16: 14.4 us against 12.7, with 1.49 M
// instructions against 1.71 M). Those keep the kernel they had.

template <int R, int Bpp, bool kApronSteady = true>
__global__ void __launch_bounds__(256, kBoxFastMinBlocks<R>) BoxFast(const strip::StripArgs a, unsigned reciprocal) {
  extern __shared__ uint4 box_rings[];
  if constexpr (BoxFastOwnWarps(R, Bpp)) {
    const strip::BlockColumn column = strip::BlockColumnOf(a);  // a last column moved to end with the row
    const int x = (column.first + static_cast<int>(threadIdx.x)) * strip::kChunkBytes;
    const bool stores = x >= column.stores_from * strip::kChunkBytes;
    const strip::StripPlace place = strip::PlaceStrip(a);
    if (place.end <= 0) return;
    const strip::StripWalk walk = strip::WalkOf<R>(place.strip, place.y0, place.end);
    if (strip::SteadyBlockFor<R>(a, column.first))  // the same for the whole block
      RetainedStrip<R, Bpp, true>(a, reciprocal, box_rings, x, walk, place.end, stores);
    else
      RetainedStrip<R, Bpp>(a, reciprocal, box_rings, x, walk, place.end, stores && x < a.out_row_bytes);
    return;
  } else {
    const strip::ApronWarpPlace at = strip::PlaceApronWarp<BoxFastApronChunks(R, Bpp)>(a);
    if (at.end <= 0) return;
    const strip::StripWalk walk = strip::WalkOf<R>(at.strip, at.y0, at.end);
    const int lane = static_cast<int>(threadIdx.x) & 31;
    if (kApronSteady && strip::SteadyApronWarpFor<R>(a, at.x - lane * strip::kChunkBytes))  // the same for the warp
      RetainedStrip<R, Bpp, kApronSteady>(a, reciprocal, box_rings, at.x, walk, at.end, at.writes);
    else
      RetainedStrip<R, Bpp>(a, reciprocal, box_rings, at.x, walk, at.end, at.writes);
  }
}

using Kernel = void (*)(strip::StripArgs, unsigned);

// steady: overlapping warps with their steady path (own warps always have theirs: one kernel).
template <int R, int Bpp>
Kernel KernelOf(bool steady) {
  if constexpr (BoxFastOwnWarps(R, Bpp))
    return BoxFast<R, Bpp>;
  else
    return steady ? BoxFast<R, Bpp> : BoxFast<R, Bpp, false>;
}
template <int Bpp, int... Rs>
Kernel KernelFor(int r, bool steady, std::integer_sequence<int, Rs...>) {
  Kernel k = nullptr;
  ((r == Rs + 1 ? (k = KernelOf<Rs + 1, Bpp>(steady), true) : false) || ...);
  return k;
}
// Null past the radii the kernels serve (BoxFastRadiusProblem refuses them: a pipeline runs separable).
Kernel KernelFor(int r, PixelFormat f, bool steady) {
  if (f == PixelFormat::Rgba8) return KernelFor<4>(r, steady, std::make_integer_sequence<int, kBoxFastMaxRadius>{});
  return KernelFor<1>(r, steady, std::make_integer_sequence<int, kBoxFastMaxRadius>{});
}

}  // namespace

std::optional<std::string> BoxFastRadiusProblem(const ParamValues& p, PixelFormat) {
  const int r = p.Int("radius");
  if (r > kBoxFastMaxRadius)
    return "fast serves radius 1.." + std::to_string(kBoxFastMaxRadius) +
           " (gray8's apron is one 16-byte chunk on each side), not " + std::to_string(r);
  return std::nullopt;
}

std::optional<std::string> BoxFastProblem(const LaunchConfig& c, const ParamValues& p) {
  return strip::BlockProblem(c, p);
}

// The kernel of large images (overlapping warps: grids of more than one wave, kApronSteady).
const void* BoxFastKernel(PixelFormat f, const LaunchConfig&, const ParamValues& p) {
  const Kernel k = KernelFor(p.Int("radius"), f, true);  // null past the radii it serves (BoxFastRadiusProblem)
  return reinterpret_cast<const void*>(k ? k : BoxFast<kBoxFastDefaultRadius, 1>);
}

void LaunchBoxFast(const CudaCall& c) {
  strip::RequireChunkRows(c, "BoxFast");
  const int r = c.params.Int("radius");
  const PixelFormat f = c.in.shape.format;
  const Kernel general = KernelFor(r, f, false), steady = KernelFor(r, f, true);
  if (!general)
    throw InputError("box fast: radius " + std::to_string(r) + " is outside 1.." +
                     std::to_string(kBoxFastMaxRadius) + " for " + std::string(ToString(f)));
  const std::size_t smem = BoxFastSmemBytes(c.launch, c.params, c.in.shape.format);
  if (smem > 48 * 1024)  // the plan kept it within the device's opt-in limit
    FL_CUDA_CHECK(cudaFuncSetAttribute(general, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  dim3 grid;
  const strip::StripArgs args = strip::StripArgsOf(c, reinterpret_cast<const void*>(general), smem, &grid);
  // Overlapping warps' steady kernel for a grid of more than one wave (kApronSteady says why).
  const int threads = c.launch.block_x * c.launch.block_y;
  const bool waves = steady != general && static_cast<long>(grid.x) * grid.y >
                                              ResidentBlocks(reinterpret_cast<const void*>(steady), threads, smem);
  const Kernel kernel = waves ? steady : general;
  if (waves && smem > 48 * 1024)
    FL_CUDA_CHECK(cudaFuncSetAttribute(steady, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  kernel<<<grid, BlockOf(c.launch), smem, StreamOf(c)>>>(args, cpu::BoxReciprocal(cpu::BoxTaps(r)));
  FL_CUDA_CHECK_LAUNCH("BoxFast");
}

}  // namespace fl::cuda
