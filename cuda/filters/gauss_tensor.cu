// `tensor` gauss (gray8, radius 1..8): both separable passes as matrix products on the tensor cores
// (mma.sync m16n8k16, half inputs, float accumulators), so a pixel costs a few instructions instead of 2(2r+1)
// fused multiply-adds.
//
// A warp owns a strip 16 pixels wide and ppt rows tall and walks down it 16 output rows at a time.
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
//    The block's threads also build the band fragments once, in shared memory, instead of each warp building
//    its own (64 taps per lane from the weights). Measured on an H100 (8192x8192, block 32x8, 128 rows per warp):
//    radius 4 0.076 ms against 0.088 ms off, radius 8 0.079 against 0.097. What limits it now (ncu): the fixed
//    latency of each warp's chain of dependent mma, the barrier and the shared-memory reads, at 50% occupancy
//    (62 registers); 0.69 issued warps per scheduler, L2 65% busy. Tried and slower: two strips per warp (fewer
//    instructions, but 78 registers), 8 or 16 slots at one barrier per step (no change), 48 registers (spills).
#include <cuda_fp16.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "cuda/filters/gauss_tensor.cuh"
#include "cuda/filters/gauss_tensor.hpp"
#include "cuda/filters/row_pipe.cuh"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {

namespace tensor {

// The staged row's 16 (warps + 2) bytes rounded up to 32 mod 64, so that rows g = 0..3 of a half-warp's 8-byte
// reads start 32 bytes apart modulo the 128 bytes of the banks: 96 up to 4 warps, 160 up to 8.
int StagedRowStride(int warps) { return warps <= 4 ? kStagedNarrowStride : kStagedWideStride; }

std::size_t StagedSmemBytes(int warps) {
  return static_cast<std::size_t>(kStagedSlots) * kStepRows * static_cast<std::size_t>(StagedRowStride(warps));
}

}  // namespace tensor

namespace {

using namespace tensor;

// 8 bytes of `row` from x, each clamped to the row (the strips at the image's left and right edges).
__device__ __noinline__ uint2 LoadClampedWindow(const std::uint8_t* row, int x, int w) {
  unsigned v[2] = {0, 0};
#pragma unroll
  for (int i = 0; i < 8; ++i) v[i / 4] |= unsigned(__ldg(row + ClampInt(x + i, 0, w - 1))) << (8 * (i % 4));
  return make_uint2(v[0], v[1]);
}

__global__ void __launch_bounds__(256) GaussTensor(const __grid_constant__ HalfWeights wt, const TensorArgs a) {
  const int lane = static_cast<int>(threadIdx.x) & 31, g = lane >> 2, t = lane & 3;
  const int x0 = static_cast<int>(blockIdx.x * blockDim.y + threadIdx.y) * kStripWidth;
  const int ys = static_cast<int>(blockIdx.y) * a.rows;
  if (x0 >= a.w || ys >= a.h) return;  // the same for the whole warp
  const int yend = min(ys + a.rows, a.h);
  const BandMatrices band = MakeBands(wt);

  // Tile j holds rows ys - 8 + 8j .. +7; thread (g, t) loads row g's bytes xl .. xl + 7. Tiles past the last
  // one the strip needs are not loaded.
  const int xl = x0 - 8 + 8 * t;
  const bool wide = a.wide_loads && xl >= 0 && xl + 8 <= a.w;
  const int last_tile = (yend - ys + 15) / 16 * 2 + 1;
  auto load = [&](int j) {
    if (j > last_tile) return make_uint2(0, 0);
    const std::uint8_t* row = a.in + static_cast<std::size_t>(ClampInt(ys - 8 + kTileRows * j + g, 0, a.h - 1)) *
                                         a.in_pitch;
    return wide ? __ldg(reinterpret_cast<const uint2*>(row + xl)) : LoadClampedWindow(row, xl, a.w);
  };
  StripStores out(a, x0, ys, g, t);

  TileRows above = RowPass(band.row, wt.row_bias, load(0)), top = RowPass(band.row, wt.row_bias, load(1));
  uint2 next[2] = {load(2), load(3)}, after[2] = {load(4), load(5)};  // two steps in flight
  for (int y0 = ys, j = 6; y0 < yend; y0 += kStepRows, j += 2) {
    const TileRows bottom = RowPass(band.row, wt.row_bias, next[0]);
    const TileRows below = RowPass(band.row, wt.row_bias, next[1]);
    next[0] = after[0], next[1] = after[1];
    after[0] = load(j), after[1] = load(j + 1);
    out.Step(band.col, above, top, bottom, below, y0, yend);  // rows y0 - 8 .. y0 + 23: above, top | bottom, below
    above = bottom, top = below;
  }
}

// A thread's share of filling a slot: one chunk (with at least 2 warps a block has 32 warps >= 16 (warps + 2)
// chunks per slot), at a fixed row of the slot and byte of the row, so that a step only moves the row.
class SlotFetch {
 public:
  __device__ SlotFetch(const TensorArgs& a, int tid, int chunks, int stride, int xb) {
    const int r = tid / chunks, c = tid - r * chunks;
    used_ = tid < kStepRows * chunks;
    row_ = r;
    x_ = xb - 16 + 16 * c;
    inside_ = x_ >= 0 && x_ + 16 <= a.w;
    at_ = static_cast<unsigned>(r * stride + 16 * c);
  }
  // Fills this thread's chunk of the slot at `slot` from row y_first + row (clamped to the image).
  __device__ void Issue(std::uint8_t* slot, const TensorArgs& a, int y_first) const {
    if (!used_) return;
    const unsigned y = static_cast<unsigned>(ClampInt(y_first + row_, 0, a.h - 1));
    const std::uint8_t* row = a.in + static_cast<std::uint64_t>(y) * a.in_pitch32;  // one wide multiply-add
    if (inside_)
      strip::CpAsync16(slot + at_, row + x_);
    else
      strip::FetchChunk<1>(reinterpret_cast<uint4*>(slot + at_), row, x_, a.w);
  }

 private:
  bool used_, inside_;
  int row_, x_;
  unsigned at_;
};

// kStride: StagedRowStride(blockDim.y), a constant so that the second tile's read is an immediate offset.
template <int kStride>
__global__ void __launch_bounds__(256) GaussTensorStaged(const __grid_constant__ HalfWeights wt, const TensorArgs a) {
  extern __shared__ uint4 ring[];
  auto* staged = reinterpret_cast<std::uint8_t*>(ring);
  constexpr int kSlotBytes = kStepRows * kStride;
  const int lane = static_cast<int>(threadIdx.x) & 31, g = lane >> 2, t = lane & 3;
  const int warps = static_cast<int>(blockDim.y);
  const int xb = static_cast<int>(blockIdx.x) * warps * kStripWidth;
  const int x0 = xb + static_cast<int>(threadIdx.y) * kStripWidth;
  const int ys = static_cast<int>(blockIdx.y) * a.rows;
  if (ys >= a.h) return;  // the same for the whole block
  const int yend = min(ys + a.rows, a.h);
  const int steps = (yend - ys + kStepRows - 1) / kStepRows;

  // Slot k % kStagedSlots holds rows ys - 8 + 16k .. +15 (row-pass tiles 2k and 2k + 1), chunks from xb - 16.
  // Every call commits one group, also past the last slot the block needs, so that the wait below counts slots.
  const SlotFetch fetch(a, static_cast<int>(threadIdx.y) * 32 + lane, warps + 2, kStride, xb);
  auto issue = [&](int k) {
    if (k <= steps) fetch.Issue(staged + (k % kStagedSlots) * kSlotBytes, a, ys - kTileRows + kStepRows * k);
    strip::CpAsyncCommit();
  };
  __shared__ uint4 band_table[4][32];
  WriteBands(wt, band_table, static_cast<int>(threadIdx.y) * 32 + lane, 32 * warps);  // read after the barrier
  // Thread (g, t) reads row g of a tile from x0 - 8 + 8t: byte 16 warp + 8 + 8t of the staged row.
  const std::uint8_t* reads = staged + g * kStride + kStripWidth * static_cast<int>(threadIdx.y) + 8 + 8 * t;
  // Warps whose strip lies past the row's end (the block's last ones) still fetch and wait with the others.
  const bool active = x0 < a.w;
  StripStores out(a, x0, ys, g, t);

  // Groups: slots 0 .. kStagedSlots - kBarrierSteps before the first barrier, then kBarrierSteps per barrier.
  for (int k = 0; k <= kStagedSlots - kBarrierSteps; ++k) issue(k);
  strip::CpAsyncWait<kStagedSlots - kBarrierSteps>();  // slot 0 has arrived for this thread; the barrier, for all
  __syncthreads();
  const BandMatrices band = ReadBands(band_table);
  auto row_pass = [&](int k, int tile) {
    const std::uint8_t* p = reads + (k % kStagedSlots) * kSlotBytes + tile * kTileRows * kStride;
    return RowPass(band.row, wt.row_bias, *reinterpret_cast<const uint2*>(p));
  };
  TileRows above{}, top{};
  if (active) above = row_pass(0, 0), top = row_pass(0, 1);
  for (int s = 0; s < steps; s += kBarrierSteps) {
    strip::CpAsyncWait<kStagedSlots - 2 * kBarrierSteps>();
    // Slots s + 1 .. s + kBarrierSteps have arrived, and every warp has read the slots of the previous steps
    // (s + 1 - kBarrierSteps .. s), which are refilled next.
    __syncthreads();
#pragma unroll
    for (int b = 1; b <= kBarrierSteps; ++b) issue(s + kStagedSlots - kBarrierSteps + b);
    if (!active) continue;
#pragma unroll 1  // unrolled, the two steps need more than 64 registers
    for (int b = 0; b < kBarrierSteps; ++b) {
      if (s + b >= steps) break;
      const int y0 = ys + (s + b) * kStepRows;
      const TileRows bottom = row_pass(s + b + 1, 0), below = row_pass(s + b + 1, 1);
      out.Step(band.col, above, top, bottom, below, y0, yend);  // rows y0 - 8 .. y0 + 23: above, top | bottom, below
      above = bottom, top = below;
    }
  }
}

using TensorKernel = void (*)(HalfWeights, TensorArgs);

TensorKernel StagedKernelFor(int warps) {
  return StagedRowStride(warps) == kStagedNarrowStride ? GaussTensorStaged<kStagedNarrowStride>
                                                       : GaussTensorStaged<kStagedWideStride>;
}

// Shared memory on stages the rows of blocks of 2..8 warps (a bad block size is refused by GaussTensorProblem,
// which may run after this is asked).
bool Staged(const LaunchConfig& c) { return c.smem && c.block_y >= 2 && c.block_y <= 8; }

bool Aligned(const void* p, std::size_t pitch, std::size_t n) {
  return reinterpret_cast<std::uintptr_t>(p) % n == 0 && pitch % n == 0;
}

}  // namespace

std::optional<std::string> GaussTensorProblem(const LaunchConfig& c, const ParamValues& p) {
  if (p.Int("radius") > kGaussTensorMaxRadius)
    return "tensor serves radius 1.." + std::to_string(kGaussTensorMaxRadius) +
           " (its band matrices span 32 pixels), not " + std::to_string(p.Int("radius")) +
           ": pick separable_fused";
  if (c.block_x != 32) return "tensor needs block x = 32 (one warp across; each warp owns a 16-pixel strip)";
  if (c.block_y < 1 || c.block_y > 8) return "tensor takes block y 1..8 (warps side by side)";
  if (c.ppt < 16 || c.ppt % 16 != 0) return "tensor needs ppt (rows per warp) a multiple of 16";
  return std::nullopt;
}

const void* GaussTensorKernel(PixelFormat, const LaunchConfig& c, const ParamValues&) {
  return Staged(c) ? reinterpret_cast<const void*>(StagedKernelFor(c.block_y))
                : reinterpret_cast<const void*>(GaussTensor);
}

std::size_t GaussTensorSmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat) {
  return Staged(c) ? StagedSmemBytes(c.block_y) : 0;
}

void LaunchGaussTensor(const CudaCall& c) {
  const int r = c.params.Int("radius");
  if (r < 1 || r > kGaussTensorMaxRadius)
    throw InputError("gauss tensor: radius " + std::to_string(r) + " is outside 1.." +
                     std::to_string(kGaussTensorMaxRadius));
  if (c.in.shape.format != PixelFormat::Gray8) throw InputError("gauss tensor: gray8 only");
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
  const TensorArgs a{c.in.data,
                     c.in.pitch,
                     c.out.data,
                     c.out.pitch,
                     c.in.shape.width,
                     c.in.shape.height,
                     c.launch.ppt,
                     Aligned(c.in.data, c.in.pitch, 8),
                     Aligned(c.out.data, c.out.pitch, 4),
                     static_cast<unsigned>(c.in.pitch)};
  // The staged kernel's cp.async needs 16-byte aligned rows (every DeviceImage has them: its pitch is a
  // multiple of 512); a view without them takes the direct loads, and so does a block of one warp, which has
  // no neighbour to share its rows with.
  if (Staged(c.launch) && Aligned(c.in.data, c.in.pitch, 16) && c.in.pitch <= UINT32_MAX) {
    StagedKernelFor(c.launch.block_y)<<<GridOf(c), BlockOf(c.launch), StagedSmemBytes(c.launch.block_y),
                                        StreamOf(c)>>>(wt, a);
    FL_CUDA_CHECK_LAUNCH("GaussTensorStaged");
    return;
  }
  GaussTensor<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(wt, a);
  FL_CUDA_CHECK_LAUNCH("GaussTensor");
}

}  // namespace fl::cuda
