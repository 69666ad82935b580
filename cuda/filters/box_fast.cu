// `fast` box (gray8, radius 1..16): running column sums in registers, a sliding horizontal sum, no
// intermediate in memory, and a cost per pixel that does not grow with the radius in the vertical direction.
//
// Each thread owns 16 columns (one 16-byte chunk) of a strip of rows and keeps their column sums over the 2r
// + 1 rows around the current output row, two columns per 32-bit word in 16-bit lanes (a sum is at most 33 x
// 255). Moving down one row adds the row entering the window and subtracts the one leaving it: two 16-byte
// loads per output row whatever the radius (the second mostly an L2 hit), both prefetched a few rows ahead by
// cp.async into shared-memory rings (row_pipe.cuh). The horizontal sum over 2r + 1 columns needs up to 16
// column sums of each neighbouring chunk: they come from the neighbouring lanes by warp shuffle. A warp's two
// end lanes have no neighbour in the warp, so they only serve as the apron: a warp writes the 30 chunks of
// its middle lanes, and neighbouring warps overlap by two chunks (6% more loads, no divergent special cases).
// Division by (2r + 1)^2 is a multiplication (cpu::BoxReciprocal, exact for every sum here).
#include <utility>

#include "core/cpu/box.hpp"
#include "cuda/filters/box_fast.hpp"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

using strip::Chunk;

// Column sums of a chunk: even[i] holds columns 4i and 4i + 2 in its low and high lanes, odd[i] columns 4i +
// 1 and 4i + 3.
struct ColumnSums {
  unsigned even[4], odd[4];
};

__device__ __forceinline__ const std::uint8_t* RowPtr(const strip::StripArgs& a, int y) {
  return a.in + static_cast<std::size_t>(ClampInt(y, 0, a.h - 1)) * a.in_pitch;
}

// Column c (0..15) of a chunk's sums.
__device__ __forceinline__ unsigned Column(const ColumnSums& s, int c) {
  const unsigned word = (c & 1) ? s.odd[c >> 2] : s.even[c >> 2];
  return (c & 2) ? word >> 16 : word & 0xffffu;
}

// The 16 box means of the own chunk from the column sums of it and its neighbours (left: lane - 1, right:
// lane + 1), packed as bytes. R is a template parameter so that every index below is a compile-time constant.
template <int R>
__device__ __forceinline__ Chunk Horizontal(const ColumnSums& own, unsigned reciprocal) {
  ColumnSums left, right;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    left.even[i] = __shfl_up_sync(strip::kFullMask, own.even[i], 1);
    left.odd[i] = __shfl_up_sync(strip::kFullMask, own.odd[i], 1);
    right.even[i] = __shfl_down_sync(strip::kFullMask, own.even[i], 1);
    right.odd[i] = __shfl_down_sync(strip::kFullMask, own.odd[i], 1);
  }
  // col(c) for c in -R .. 15 + R.
  auto col = [&](int c) {
    return c < 0 ? Column(left, c + 16) : c < 16 ? Column(own, c) : Column(right, c - 16);
  };
  constexpr unsigned kHalf = (2 * R + 1) * (2 * R + 1) / 2;  // cpu::BoxTaps(R) / 2
  unsigned sum = kHalf;
#pragma unroll
  for (int c = -R; c <= R; ++c) sum += col(c);
  Chunk out{{0, 0, 0, 0}};
#pragma unroll
  for (int x = 0; x < 16; ++x) {
    if (x > 0) sum += col(x + R) - col(x - R - 1);
    out.w[x >> 2] |= __umulhi(sum, reciprocal) << (8 * (x & 3));
  }
  return out;
}

template <int R>
__global__ void __launch_bounds__(256, 2) BoxFastGray(const strip::StripArgs a, unsigned reciprocal) {
  extern __shared__ uint4 box_rings[];
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const int warp_x = static_cast<int>(blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32);
  const int x = (warp_x * kBoxFastChunksPerWarp + lane - 1) * strip::kChunkBytes;  // lane 0: the chunk before
  const int y0 = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y) * a.rows;
  if (y0 >= a.h) return;  // the same for the whole warp: its lanes share threadIdx.y
  const bool writes = lane >= 1 && lane <= kBoxFastChunksPerWarp && x < a.out_row_bytes;
  const int end = min(a.rows, a.h - y0);

  // Two prefetch rings: the row entering the window and the row leaving it, for output rows ahead.
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  strip::RowPipe<false> entering(box_rings), leaving(box_rings + threads * strip::kPipeDepth);
  auto issue = [&](int j) {
    if (j < end) {
      entering.Issue<1>(RowPtr(a, y0 + j + R + 1), x, a.row_bytes, j);
      leaving.Issue<1>(RowPtr(a, y0 + j - R), x, a.row_bytes, j);
    }
    strip::RowPipe<false>::Commit();
  };
#pragma unroll
  for (int j = 0; j < strip::kPipeDepth - 1; ++j) issue(j);

  ColumnSums sums{{0, 0, 0, 0}, {0, 0, 0, 0}};
#pragma unroll 4
  for (int dy = -R; dy <= R; ++dy) {
    const Chunk c = strip::LoadChunk<1>(RowPtr(a, y0 + dy), x, a.row_bytes);
#pragma unroll
    for (int i = 0; i < 4; ++i) sums.even[i] += strip::Even(c.w[i]), sums.odd[i] += strip::Odd(c.w[i]);
  }
  for (int j = 0; j < end; ++j) {
    const Chunk out = Horizontal<R>(sums, reciprocal);
    if (writes)
      strip::StoreChunk(a.out + static_cast<std::size_t>(y0 + j) * a.out_pitch, x, a.out_row_bytes, out);
    const Chunk enter = entering.Take(j), leave = leaving.Take(j);
    issue(j + strip::kPipeDepth - 1);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      // Add first: a lane never goes negative, so no borrow crosses into the next lane.
      sums.even[i] = sums.even[i] + strip::Even(enter.w[i]) - strip::Even(leave.w[i]);
      sums.odd[i] = sums.odd[i] + strip::Odd(enter.w[i]) - strip::Odd(leave.w[i]);
    }
  }
}

using Kernel = void (*)(strip::StripArgs, unsigned);

template <int... Rs>
Kernel KernelFor(int r, std::integer_sequence<int, Rs...>) {
  Kernel k = nullptr;
  ((r == Rs + 1 ? (k = BoxFastGray<Rs + 1>, true) : false) || ...);
  return k;
}
Kernel KernelFor(int r) { return KernelFor(r, std::make_integer_sequence<int, kBoxFastMaxRadius>{}); }

}  // namespace

std::optional<std::string> BoxFastProblem(const LaunchConfig& c, const ParamValues& p) {
  const int r = p.Int("radius");
  if (r > kBoxFastMaxRadius)
    return "fast serves radius 1.." + std::to_string(kBoxFastMaxRadius) +
           " (its apron is one 16-byte chunk on each "
           "side), not " +
           std::to_string(r) + ": pick separable or running_sum";
  return strip::BlockProblem(c, p);
}

const void* BoxFastKernel(PixelFormat, const LaunchConfig&) {
  return reinterpret_cast<const void*>(BoxFastGray<kBoxFastDefaultRadius>);
}

void LaunchBoxFast(const CudaCall& c) {
  strip::RequireChunkRows(c, "BoxFast");
  const int r = c.params.Int("radius");
  const Kernel kernel = KernelFor(r);
  if (!kernel)
    throw InputError("box fast: radius " + std::to_string(r) + " is outside 1.." +
                     std::to_string(kBoxFastMaxRadius));
  const std::size_t smem = BoxFastSmemBytes(c.launch, c.params, c.in.shape.format);
  if (smem > 48 * 1024)  // the plan kept it within the device's opt-in limit
    FL_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  kernel<<<GridOf(c), BlockOf(c.launch), smem, StreamOf(c)>>>(strip::StripArgsOf(c),
                                                              cpu::BoxReciprocal(cpu::BoxTaps(r)));
  FL_CUDA_CHECK_LAUNCH("BoxFastGray");
}

}  // namespace fl::cuda
