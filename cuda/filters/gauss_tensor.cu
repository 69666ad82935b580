// `tensor` gauss (gray8 radius 1..32, rgba8 radius 1..8): both separable passes as matrix products on the tensor
// cores (mma.sync m16n8k16, half inputs, float accumulators), so a pixel costs a few instructions instead of 2(2r+1)
// fused multiply-adds. From gray8 radius 9 both band matrices grow by a k block every 8 radii (to 16 x 80 at 25..32):
// the row pass reads more bytes around the strip, the column pass more rows above and below each step
// (RowShape::kColumnBlocks), and a step reads kColumnBlocks staged slots, the first kColumnBlocks - 1 of them
// row-passed by earlier steps.
//
// A warp owns a strip 16 bytes wide and ppt rows tall and walks down it 16 output rows at a time. What follows
// is gray8's case; rgba8 differs in the row pass only (RowShape): its band links bytes 4 apart (one channel),
// so the window around the strip's 16 bytes holds 16 + 16 ceil(r / 2) of them, 3 k blocks at radius 3..4 and 5
// at 7..8, each one more mma per tile and 4 more window bytes per thread. Measured on an H100 (8192x8192 rgba8,
// block 32x8, ppt 128): radius 4 0.271 ms (fast 0.823), radius 8 0.347 ms (fast 1.865); with 5 blocks a
// 5..8-warp block's slot has 16 x 12 chunks, one per thread (two per thread cost 0.375 ms at radius 8).
// Row pass, per tile of 8 rows: H (16 x-positions x 8 rows) = T (16 x 32) * P (32 input x-positions x 8 rows),
// T the band (Toeplitz) matrix of the 1D weights, P the 32 input pixels from x0 - 8: two mma of k = 16.
// Column pass, per 16 output rows: O (16 rows x 8 x-positions) = W (16 x 32) * H (32 rows x 8 x-positions), the
// 32 rows being four row-pass tiles from 8 rows above to 8 below: two mma per 8 x-positions, 4 per step.
// The summation index of a product can be numbered in any order as long as both factors agree. Numbering the
// row pass's k so that each thread's part of P is 8 contiguous bytes (one 8-byte load), and its m (the output
// x) so that each thread's part of O is 4 contiguous bytes of a row (one 4-byte store), makes the row pass's
// result fragment exactly the column pass's operand fragment: no shuffle.
//
// Numbers: a byte q becomes the half 1024 + q with one byte permute (0x64 is the high byte of 1024.0 in half), and
// the row pass's accumulator starts at -1024 * sum(weights), which removes the offset again. Error bound: half
// weights (relative error <= 2^-11) in both passes and half row results (<= 1/16 grey level) move an output by
// at most 0.32 grey levels before rounding, so it rounds within 1 of the float reference (the filter's tolerance).
//
// Two ways to feed the row pass (the launch's shared memory switch):
//  - off (GaussTensor): each warp loads its own 8-byte windows. A window of 32 bytes from x0 - 8 straddles two
//    32-byte sectors, so a load of 8 rows asks the L2 for 16 sectors to deliver 128 output bytes' worth of
//    input: 4 sectors per output sector. ncu on an H100 found a leaner version of this loop bound by that L2
//    traffic (66% busy).
//  - on (GaussTensorStaged): the block's warps (strips side by side) share one copy of each row, 16 (warps + 2)
//    bytes from xb - 16 fetched in aligned 16-byte chunks by cp.async (1.25 sectors per output sector with 8
//    warps) into a ring of kStagedSlots slots of 16 rows. Each warp reads its 8-byte windows from shared
//    memory; a row's stride is 32 mod 64 bytes, so the 4 rows of a half-warp's reads fall in distinct banks. One
//    barrier per kBarrierSteps steps of 16 output rows keeps a slot from being refilled while it is read (one
//    per step: radius 4 1% and radius 8 3% slower, ncu's barrier stall 1.55 against 1.34 cycles per issue;
//    one per four steps: no faster than one per step, 43.6 M instructions against 39.3 M).
//    The block also builds the band fragments once, in shared memory, instead of each warp building its own (64
//    taps per lane from the weights): warp f builds fragment f, each lane finding a tap's weight by a shuffle
//    (LaneWeights), while the first slots are fetched. Built word by word by all threads, with the weights read
//    at lane-dependent indices, the table cost 14% of gray8 radius 4's instructions; by shuffles, gray8 radius
//    1..8 ran 0.8 to 2.7 points of the copy faster, rgba8 level (H100, 2026-11-27j_session10, call 1).
//    Measured on an H100 (8192x8192, block 32x8, 128 rows per warp): radius 4 0.076 ms against 0.088 ms off,
//    radius 8 0.079 against 0.097. Gray8 up to radius 16 stores through a shared tile (TileStores): ncu with the
//    clocks left alone (1.79 GHz; locked at base, 1.43, it hides this) had the L2 at 85% of its peak, every sector
//    of the loads and stores asked for in two 16-byte halves; with whole-sector stores the L2 fell to 75% and
//    issue rose from 0.66 to 0.73 per scheduler, for 10% more instructions (2026-12-06_session20, call 3). Before
//    that (earlier sessions, ncu at base clocks): the fixed latency of each warp's chain of dependent
//    mma, the barrier and the shared-memory reads, at 50% occupancy
//    (62 registers); 0.69 issued warps per scheduler, L2 65% busy. Tried and slower: two strips per warp (fewer
//    instructions, but 78 registers), 8 or 16 slots at one barrier per step (no change), 48 registers (spills).
//    rgba8 trials on the H100 (ms at radius 4 / 8, ppt 128, each against the kept kernel in the same call): the
//    row pass in two accumulator chains 0.301 / 0.377 against 0.269 / 0.374 (before one-fetch slots); 4 blocks
//    per SM forced by __launch_bounds__ (radius 8 spills 20 bytes) 0.270 / 0.356 against 0.270 / 0.345; the band
//    fragments built on the host and read from the kernel parameter, each lane its own words, 0.483 / 0.709
//    against 0.271 / 0.347 (gray8 0.118 against 0.073): lanes reading different constant addresses serialize,
//    the lesson of gauss's constant_divergent.
//    Where a gray8 warp's instructions go (ncu source counters, radius 4, ppt 128: 39.9 M in all): the 8 steps
//    49%, the refills between barriers 12%, and once per warp 35% (set-up, the band table, the first seven
//    slots' fetches, the first row pass). Fewer, longer blocks would spread that once-per-warp part, yet run
//    slower (gray8 radius 8, ppt 256 / 512 / 1024: 0.086 / 0.106 / 0.136 ms against 0.075 at 128): DRAM
//    throughput falls (41% -> 26% of peak at 1024) while stalls at the barrier and on the slots' arrival grow
//    (1.5 -> 2.8 and 0.4 -> 2.1 cycles per issue). Tried and not kept (H100, each against the kept kernel in
//    the same call, ms at radius 4 / 8): the weights copied to shared memory before the band table (gray8
//    0.073 / 0.073, rgba8 0.273 / 0.349 against 0.073 / 0.075 and 0.269 / 0.345: more instructions, not
//    fewer); a fetch path without the row clamp for blocks inside the image (gray8 0.073 / 0.074, rgba8 0.264 /
//    0.342 against 0.072 / 0.073 and 0.268 / 0.339); blocks of 16 and 32 warps, slot rows of 288 and 544 bytes
//    against 160 (gray8 0.075 / 0.077 and 0.084 / 0.085: more barrier stall); a ring of 16 slots, one barrier
//    per 2 or per 4 steps (gray8 at ppt 128 0.073 / 0.075 and 0.078 / 0.082; rgba8 radius 4 at ppt 256 0.256,
//    the best rgba8 figure, but radius 8 and ppt 128 slower).
#include <cuda_fp16.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "core/strip_tiers.hpp"
#include "cuda/filters/gauss_tensor.cuh"
#include "cuda/filters/gauss_tensor_staged.cuh"
#include "cuda/filters/gauss_tensor.hpp"
#include "cuda/filters/row_pipe.cuh"
#include "cuda/kernel_info.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {

namespace {

using namespace tensor;

// Blocks of 5..8 warps: the wide staged stride (GaussTensorStagedStride) and one chunk per thread (SlotFetch).
bool Wide(const LaunchConfig& c) { return c.block_y > 4; }

std::size_t StagedSmemBytes(int blocks, const LaunchConfig& c) {
  return static_cast<std::size_t>(kStagedSlots) * kStepRows *
         static_cast<std::size_t>(GaussTensorStagedStride(blocks, Wide(c)));
}

// A thread's window of `row` from byte x, each pixel clamped to the row (the strips at the image's ends).
template <class S>
__device__ __forceinline__ Window<S::kBlocks> LoadClampedWindow(const std::uint8_t* row, int x, int row_bytes) {
  Window<S::kBlocks> v;
#pragma unroll
  for (int i = 0; i < S::kBlocks; ++i) v.w[i] = strip::ClampedWord<S::kChannels>(row, x + 4 * i, row_bytes);
  return v;
}

template <class S>
__global__ void __launch_bounds__(256) GaussTensor(const __grid_constant__ HalfWeights wt, const TensorArgs a) {
  const int lane = static_cast<int>(threadIdx.x) & 31, g = lane >> 2, t = lane & 3;
  const int x0 = static_cast<int>(blockIdx.x * blockDim.y + threadIdx.y) * kStripWidth;
  const BlockRows rows = RowsOfBlock(a);
  const int ys = rows.y0;
  if (x0 >= a.row_bytes || ys >= a.h) return;  // the same for the whole warp
  const int yend = min(rows.end, a.h);
  const BandMatrices<S> band = MakeBands<S>(wt);

  // Tile j holds rows ys - kApronRows + 8j .. +7; thread (g, t) loads row g's window bytes xl .. xl + kThreadBytes
  // - 1. Tiles past the last one the strip needs are not loaded.
  constexpr int kTiles = 2 * S::kColumnBlocks;  // a step's tiles: the last two are new, the others carried
  const int xl = x0 - S::kLeft + S::kThreadBytes * t;
  const bool wide = a.wide_loads && xl >= 0 && xl + S::kThreadBytes <= a.row_bytes;
  const int last_tile = (yend - ys + 15) / 16 * 2 + kTiles - 3;
  auto load = [&](int j) {
    if (j > last_tile) return Window<S::kBlocks>{};
    const int y = ys - S::kApronRows + kTileRows * j + g;
    const std::uint8_t* row = a.in + static_cast<std::size_t>(ClampInt(y, 0, a.h - 1)) * a.in_pitch;
    return wide ? LoadWindow<S::kBlocks, true>(row + xl) : LoadClampedWindow<S>(row, xl, a.row_bytes);
  };
  StripStores out(a, x0, ys, g, t);

  // The tiles carried from step to step (TileRows): t0, t1, and two more for each column block beyond 2.
  constexpr int kC = S::kColumnBlocks;
  TileRows t0 = RowPass(band.row, wt.row_bias, load(0)), t1 = RowPass(band.row, wt.row_bias, load(1));
  TileRows t2{}, t3{}, t4{}, t5{}, t6{}, t7{};
  if constexpr (kC >= 3) t2 = RowPass(band.row, wt.row_bias, load(2)), t3 = RowPass(band.row, wt.row_bias, load(3));
  if constexpr (kC >= 4) t4 = RowPass(band.row, wt.row_bias, load(4)), t5 = RowPass(band.row, wt.row_bias, load(5));
  if constexpr (kC >= 5) t6 = RowPass(band.row, wt.row_bias, load(6)), t7 = RowPass(band.row, wt.row_bias, load(7));
  Window<S::kBlocks> next[2] = {load(kTiles - 2), load(kTiles - 1)};  // two steps in flight
  Window<S::kBlocks> after[2] = {load(kTiles), load(kTiles + 1)};
  for (int y0 = ys, j = kTiles + 2; y0 < yend; y0 += kStepRows, j += 2) {
    const TileRows bottom = RowPass(band.row, wt.row_bias, next[0]);
    const TileRows below = RowPass(band.row, wt.row_bias, next[1]);
    next[0] = after[0], next[1] = after[1];
    after[0] = load(j), after[1] = load(j + 1);
    out.Step(band.col, t0, t1, t2, t3, t4, t5, t6, t7, bottom, below, y0, yend);  // rows y0 - kApronRows ..
    // The next step carries this one's tiles from t2 on, bottom and below last.
    if constexpr (kC == 2) t0 = bottom, t1 = below;
    if constexpr (kC == 3) t0 = t2, t1 = t3, t2 = bottom, t3 = below;
    if constexpr (kC == 4) t0 = t2, t1 = t3, t2 = t4, t3 = t5, t4 = bottom, t5 = below;
    if constexpr (kC == 5) t0 = t2, t1 = t3, t2 = t4, t3 = t5, t4 = t6, t5 = t7, t6 = bottom, t7 = below;
  }
}

// Blocks per SM the staged kernel is compiled for (0: ptxas's own choice). rgba8 radius 5..6 (4 k blocks) runs 4
// blocks of 256 threads at 64 registers (a 4-byte spill) where ptxas otherwise chose 64 with a 12-byte one: 63.4 ->
// 66.9% of a copy at radius 6 (bench/results/2026-11-27j_session10, call 13). The same cap on radius 3..4 (72
// registers since the band table is built by shuffles, 3 blocks) ran slower, 71.0 -> 69.9 at radius 4, and a minimum
// of 1 gave every shape more registers (gray8 70). Gray8's 4-block shape (radius 17..24), which holds two more
// column fragments and four more carried tiles, is left to ptxas. Gray8 radius 1..8 with TileStores takes 4 blocks
// too: left to ptxas it took 72 registers (3 blocks per SM); capped, 64 without a spill, as before TileStores.
template <class S>
constexpr int StagedMinBlocks() {
  return (S::kChannels == 4 && S::kBlocks == 4) || (S::kChannels == 1 && S::kBlocks == 2) ? 4 : 0;
}

// kWide: a block of 5..8 warps. kStride: GaussTensorStagedStride for it, a constant so that the second tile's
// read is an immediate offset.
template <class S, bool kWide, int kStride = GaussTensorStagedStride(S::kBlocks, kWide)>
__global__ void __launch_bounds__(256, StagedMinBlocks<S>())
    GaussTensorStaged(const __grid_constant__ HalfWeights wt, const TensorArgs a) {
  extern __shared__ uint4 ring[];
  auto* staged = reinterpret_cast<std::uint8_t*>(ring);
  constexpr int kSlotBytes = kStepRows * kStride;
  const int lane = static_cast<int>(threadIdx.x) & 31, g = lane >> 2, t = lane & 3;
  const int warps = static_cast<int>(blockDim.y);
  const int xb = static_cast<int>(blockIdx.x) * warps * kStripWidth;
  const int x0 = xb + static_cast<int>(threadIdx.y) * kStripWidth;
  const BlockRows rows = RowsOfBlock(a);
  const int ys = rows.y0;
  if (ys >= a.h) return;  // the same for the whole block
  const int yend = min(rows.end, a.h);
  const int steps = (yend - ys + kStepRows - 1) / kStepRows;
  const int tid = static_cast<int>(threadIdx.y) * 32 + lane;

  // Slot k % kStagedSlots holds rows ys - kApronRows + 16k .. +15 (row-pass tiles 2k and 2k + 1), chunks from
  // xb - kMargin. Step s reads slots s .. s + kPre, kPre = kColumnBlocks - 1 (the first kPre of them row-passed
  // by earlier steps, or before the first). Every call commits one group, also past the last slot the block
  // needs, so that the waits below count slots.
  constexpr int kPre = S::kColumnBlocks - 1;
  const SlotFetch<S, kWide> fetch(a, tid, 32 * warps, warps + 2 * S::kMargin / 16, kStride, xb);
  auto issue = [&](int k) {
    if (k <= steps + (kPre - 1))
      fetch.Issue(staged + (k % kStagedSlots) * kSlotBytes, a, ys - S::kApronRows + kStepRows * k);
    strip::CpAsyncCommit();
  };
  // Thread (g, t) reads row g of a tile from x0 - kLeft + kThreadBytes t: staged byte
  // 16 warp + kMargin - kLeft + kThreadBytes t.
  const std::uint8_t* reads = staged + g * kStride + kStripWidth * static_cast<int>(threadIdx.y) + S::kMargin -
                              S::kLeft + S::kThreadBytes * t;
  // Warps whose strip lies past the row's end (the block's last ones) still fetch and wait with the others.
  const bool active = x0 < a.row_bytes;
  // Gray8 up to radius 16: each step's outputs go to tiles[period % 2], stored after the next barrier (TileStores);
  // the others store their own words (StripStores). Measured on an H100 against StripStores (three rounds, % of a
  // copy at 8192x8192, bench/results/2026-12-06_session20, call 3): gray8 radius 2 / 4 / 8 / 12 65.3 / 65.2 / 64.8 /
  // 51.5 -> 66.7 / 66.5 / 65.9 / 51.8; rgba8 radius 2 / 4 / 6 / 8 74.3 / 71.6 / 68.2 / 63.8 -> 73.4 / 70.6 / 59.9 /
  // 60.5 (spills at radius 5..8), so rgba8 keeps StripStores, and gray8 past radius 16 (not measured) too.
  constexpr bool kTiles = S::kChannels == 1 && S::kColumnBlocks <= 3;
  __shared__ alignas(16) OutTile tiles[2];  // unused, and so not allocated, in the kernels without TileStores
  auto make_stores = [&] {
    if constexpr (kTiles)
      return TileStores(a, xb, ys, yend, tid, warps, g, t);
    else
      return StripStores(a, x0, ys, g, t);
  };
  auto out = make_stores();

  // Groups: slots 0 .. kStagedSlots - kBarrierSteps before the first barrier, then kBarrierSteps per barrier.
  for (int k = 0; k <= kStagedSlots - kBarrierSteps; ++k) issue(k);
  // The band table is built while those rows are on their way, and read after the barrier.
  __shared__ BandTable<S> band_table;
  WriteBands<S>(wt, band_table, static_cast<int>(threadIdx.y), warps);
  // Slots 0 .. kPre - 1 have arrived for this thread; the barrier, for all.
  strip::CpAsyncWait<kStagedSlots - kBarrierSteps + 1 - kPre>();
  __syncthreads();
  const BandMatrices<S> band = ReadBands<S>(band_table);
  auto row_pass = [&](int k, int tile) {
    const std::uint8_t* p = reads + (k % kStagedSlots) * kSlotBytes + tile * kTileRows * kStride;
    return RowPass(band.row, wt.row_bias, LoadWindow<S::kBlocks, false>(p));
  };
  TileRows t0{}, t1{}, t2{}, t3{}, t4{}, t5{}, t6{}, t7{};  // the tiles carried from step to step (TileRows)
  if (active) {
    t0 = row_pass(0, 0), t1 = row_pass(0, 1);
    if constexpr (kPre >= 2) t2 = row_pass(1, 0), t3 = row_pass(1, 1);
    if constexpr (kPre >= 3) t4 = row_pass(2, 0), t5 = row_pass(2, 1);
    if constexpr (kPre >= 4) t6 = row_pass(3, 0), t7 = row_pass(3, 1);
  }
  for (int s = 0; s < steps; s += kBarrierSteps) {
    strip::CpAsyncWait<kStagedSlots - 2 * kBarrierSteps + 1 - kPre>();
    // Slots s + kPre .. s + kPre + kBarrierSteps - 1 have arrived, and every warp has read the slots of the previous
    // steps (up to s + kPre - 1), of which the two the ring refills next (s - 1 and s) are no longer needed.
    __syncthreads();
#pragma unroll
    for (int b = 1; b <= kBarrierSteps; ++b) issue(s + kStagedSlots - kBarrierSteps + b);
    if constexpr (kTiles)
      if (s > 0) out.Store(tiles[(s / kBarrierSteps - 1) % 2], a);
    if (!active) continue;
#pragma unroll 1  // unrolled, the two steps need more than 64 registers
    for (int b = 0; b < kBarrierSteps; ++b) {
      if (s + b >= steps) break;
      const TileRows bottom = row_pass(s + b + kPre, 0), below = row_pass(s + b + kPre, 1);
      if constexpr (kTiles)
        out.Step(band.col, t0, t1, t2, t3, t4, t5, t6, t7, bottom, below, tiles[(s / kBarrierSteps) % 2], b);
      else  // rows y0 - kApronRows ..
        out.Step(band.col, t0, t1, t2, t3, t4, t5, t6, t7, bottom, below, ys + (s + b) * kStepRows, yend);
      // The next step carries this one's tiles from t2 on, bottom and below last.
      if constexpr (kPre == 1) t0 = bottom, t1 = below;
      if constexpr (kPre == 2) t0 = t2, t1 = t3, t2 = bottom, t3 = below;
      if constexpr (kPre == 3) t0 = t2, t1 = t3, t2 = t4, t3 = t5, t4 = bottom, t5 = below;
      if constexpr (kPre == 4) t0 = t2, t1 = t3, t2 = t4, t3 = t5, t4 = t6, t5 = t7, t6 = bottom, t7 = below;
    }
  }
  if constexpr (kTiles) {
    __syncthreads();  // the last tile's steps are done
    out.Store(tiles[(steps - 1) / kBarrierSteps % 2], a);
  }
}

using TensorKernel = void (*)(HalfWeights, TensorArgs);

// Shared memory on stages the rows of blocks of 2..8 warps (a bad block size is refused by GaussTensorProblem,
// which may run after this is asked).
bool Staged(const LaunchConfig& c) { return c.smem && c.block_y >= 2 && c.block_y <= 8; }

template <class S>
TensorKernel KernelFor(const LaunchConfig& c) {
  if (!Staged(c)) return GaussTensor<S>;
  return Wide(c) ? GaussTensorStaged<S, true> : GaussTensorStaged<S, false>;
}

int RowBlocks(PixelFormat f, int radius) {
  return GaussTensorRowBlocks(static_cast<int>(BytesPerPixel(f)), std::clamp(radius, 1, kGaussTensorMaxRadius));
}

// The kernel of this format, radius and launch: gray8 takes 2 k blocks in both passes up to radius 8 and one more
// every 8 radii beyond, rgba8 2..5 in its row pass (RowBlocks) and 2 in its column pass.
TensorKernel KernelFor(PixelFormat f, int radius, const LaunchConfig& c) {
  if (f == PixelFormat::Gray8) {
    switch (GaussTensorColumnBlocks(std::clamp(radius, 1, kGaussTensorMaxRadiusGray8))) {
      case 2: return KernelFor<RowShape<1, 2>>(c);
      case 3: return KernelFor<RowShape<1, 3, 3>>(c);
      case 4: return KernelFor<RowShape<1, 4, 4>>(c);
      default: return KernelFor<RowShape<1, 5, 5>>(c);
    }
  }
  switch (RowBlocks(f, radius)) {
    case 2: return KernelFor<RowShape<4, 2>>(c);
    case 3: return KernelFor<RowShape<4, 3>>(c);
    case 4: return KernelFor<RowShape<4, 4>>(c);
    default: return KernelFor<RowShape<4, 5>>(c);
  }
}
static_assert(GaussTensorRowBlocks(1, kGaussTensorMaxRadiusGray8) == 5 &&
                  GaussTensorColumnBlocks(kGaussTensorMaxRadiusGray8) == 5 &&
                  GaussTensorRowBlocks(4, kGaussTensorMaxRadiusRgba8) == kGaussTensorMaxRowBlocks,
              "KernelFor instantiates every shape the radii need");

bool Aligned(const void* p, std::size_t pitch, std::size_t n) {
  return reinterpret_cast<std::uintptr_t>(p) % n == 0 && pitch % n == 0;
}

}  // namespace

std::optional<std::string> GaussTensorRadiusProblem(const ParamValues& p, PixelFormat f) {
  const int max = GaussTensorMaxRadius(static_cast<int>(BytesPerPixel(f)));
  if (p.Int("radius") > max)
    return "tensor serves radius 1.." + std::to_string(max) + " on " + std::string(ToString(f)) +
           " (its band matrices span at most 80 bytes of a row), not " + std::to_string(p.Int("radius"));
  return std::nullopt;
}

std::optional<std::string> GaussTensorProblem(const LaunchConfig& c, const ParamValues&) {
  if (c.block_x != 32) return "tensor needs block x = 32 (one warp across; each warp owns a 16-byte strip)";
  if (c.block_y < 1 || c.block_y > 8) return "tensor takes block y 1..8 (warps side by side)";
  if (c.ppt < 16 || c.ppt % 16 != 0) return "tensor needs ppt (rows per warp) a multiple of 16";
  return std::nullopt;
}

const void* GaussTensorKernel(PixelFormat f, const LaunchConfig& c, const ParamValues& p) {
  return reinterpret_cast<const void*>(KernelFor(f, p.Int("radius"), c));
}

std::size_t GaussTensorSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f) {
  return Staged(c) ? StagedSmemBytes(RowBlocks(f, p.Int("radius")), c) : 0;
}

void LaunchGaussTensor(const CudaCall& c) {
  const int r = c.params.Int("radius");
  const PixelFormat f = c.in.shape.format;
  if (f != PixelFormat::Gray8 && f != PixelFormat::Rgba8) throw InputError("gauss tensor: gray8 or rgba8 only");
  const int max = GaussTensorMaxRadius(static_cast<int>(BytesPerPixel(f)));
  if (r < 1 || r > max)
    throw InputError("gauss tensor: radius " + std::to_string(r) + " is outside 1.." + std::to_string(max) + " for " +
                     std::string(ToString(f)));
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  HalfWeights wt{};
  wt.radius = r;
  float sum = 0.0f;
  for (int i = 0; i <= 2 * r; ++i) {
    const __half h = __float2half_rn(w1[static_cast<std::size_t>(i)]);
    wt.bits[i] = __half_as_ushort(h);
    sum += __half2float(h);
  }
  wt.row_bias = -1024.0f * sum;
  // LaneWeights reads radius 16's last weight from lane 0, its first: GaussWeights1D makes them symmetric (i and -i,
  // one exponent).
  for (int i = 0; i < r; ++i)
    if (wt.bits[i] != wt.bits[2 * r - i]) throw RuntimeError("gauss tensor: the 1D weights are not symmetric");
  TensorArgs a{c.in.data,
               c.in.pitch,
               c.out.data,
               c.out.pitch,
               c.in.shape.height,
               c.in.shape.width * static_cast<int>(BytesPerPixel(f)),
               c.launch.ppt,
               Aligned(c.in.data, c.in.pitch, 8),
               Aligned(c.out.data, c.out.pitch, 4),
               static_cast<unsigned>(c.in.pitch),
               0,
               0,
               0};
  // The staged kernel's cp.async needs 16-byte aligned rows (every DeviceImage has them: its pitch is a
  // multiple of 512); a view without them takes the direct loads, and so does a block of one warp, which has
  // no neighbour to share its rows with.
  LaunchConfig launch = c.launch;
  launch.smem = Staged(c.launch) && Aligned(c.in.data, c.in.pitch, 16) && c.in.pitch <= UINT32_MAX;
  const TensorKernel kernel = KernelFor(f, r, launch);
  const std::size_t smem = launch.smem ? StagedSmemBytes(RowBlocks(f, r), launch) : 0;
  // The last wave's rows in shorter strips when the plan says so (PlannedStage::tail): one strip per row of blocks.
  dim3 grid = GridOf(c);
  const StripTiers t = LaunchTiers(c, reinterpret_cast<const void*>(kernel), smem, 1, grid.x);
  a.rows = t.rows;
  a.tail_band = t.tail_band;
  a.tail_offset = t.tail_y - t.tail_band * t.tail_rows;
  a.tail_rows = t.tail_rows;
  grid.y = static_cast<unsigned>(t.grid_y);
  kernel<<<grid, BlockOf(c.launch), smem, StreamOf(c)>>>(wt, a);
  FL_CUDA_CHECK_LAUNCH("GaussTensor or GaussTensorStaged");
}

}  // namespace fl::cuda
