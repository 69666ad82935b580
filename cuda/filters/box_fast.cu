// `fast` box (gray8, radius 1..16): running column sums in registers, a sliding horizontal sum, no
// intermediate in memory, and a cost per pixel that does not grow with the radius in the vertical direction.
//
// Each thread owns 16 columns (one 16-byte chunk) of a strip of rows and keeps their column sums over the 2r
// + 1 rows around the current output row, two columns per 32-bit word in 16-bit lanes (a sum is at most 33 x
// 255). Moving one row along the strip (down it, or up it for odd strips) adds the row entering the window and
// subtracts the one leaving it. Rows arrive by cp.async, a few rows ahead, in shared memory (row_pipe.cuh). Up
// to radius 7 every row of the window stays in a ring of shared-memory slots until it leaves (RetainedStrip):
// one 16-byte fetch per output row. Larger
// radii fetch the leaving row again (mostly an L2 hit) through a second ring. The horizontal sum over 2r + 1
// columns needs column sums of each neighbouring chunk: they come from the neighbouring lanes by warp
// shuffle. Up to radius 7 it slides two outputs per add over 16-bit lanes (HorizontalPacked); larger radii
// slide one 32-bit sum by column differences taken two at a time in 16-bit lanes (HorizontalWide). A warp's
// two end lanes have no neighbour in the warp, so they only serve as the apron: a warp writes the 30 chunks
// of its middle lanes, and neighbouring warps overlap by two chunks (6% more loads, no divergent special
// cases). Division by (2r + 1)^2 is a multiplication (cpu::BoxReciprocal, exact for every sum here).
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
  return strip::RowAt(a.in, ClampInt(y, 0, a.h - 1), a.in_pitch);
}

// AddRow adds a row (a chunk of bytes) to the column sums; SlideRow adds the entering row and takes the leaving
// one out (add first: a lane never goes negative, so no borrow crosses into the next lane).
__device__ __forceinline__ void AddRow(ColumnSums& s, const unsigned (&enter)[4]) {
#pragma unroll
  for (int i = 0; i < 4; ++i) s.even[i] += strip::Even(enter[i]), s.odd[i] += strip::Odd(enter[i]);
}
__device__ __forceinline__ void SlideRow(ColumnSums& s, const unsigned (&enter)[4], const unsigned (&leave)[4]) {
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    s.even[i] = s.even[i] + strip::Even(enter[i]) - strip::Even(leave[i]);
    s.odd[i] = s.odd[i] + strip::Odd(enter[i]) - strip::Odd(leave[i]);
  }
}

// The 16 means (each below 256) of a chunk as its bytes.
__device__ __forceinline__ Chunk PackMeans(const unsigned (&q)[16]) {
  Chunk out;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    out.w[i] = __byte_perm(__byte_perm(q[4 * i], q[4 * i + 1], 0x0040u),
                           __byte_perm(q[4 * i + 2], q[4 * i + 3], 0x0040u), 0x5410u);
  return out;
}

// W(c), the column sums (c, c + 2) as (low, high) lanes, from words k = c >> 2 of a row of chunks' sums at
// e[k + kN] and o[k + kN]: for c % 4 == 0 or 1 a word as it stands, for 2 or 3 the upper lane of one and the
// lower lane of the next (one byte permute). c >> 2 and c & 3 floor negative c as intended.
template <int kN, int kLen>
__device__ __forceinline__ unsigned PairWord(const unsigned (&e)[kLen], const unsigned (&o)[kLen], int c) {
  const int k = (c >> 2) + kN;
  switch (c & 3) {
    case 0: return e[k];
    case 1: return o[k];
    case 2: return strip::LaneShift(e[k], e[k + 1]);
    default: return strip::LaneShift(o[k], o[k + 1]);
  }
}

// The 16 box means of the own chunk, packed as bytes, from the column sums of it and of its neighbours (left:
// lane - 1, right: lane + 1, by shuffle), for R <= 7: two outputs per add. Pair word W(c) holds the column
// sums (c, c + 2): for c % 4 == 0 or 1 that is a chunk word of `even` or `odd` as it stands, for 2 or 3 the
// upper lane of one and the lower lane of the next (one byte permute). T(x) = the sum of W(c) over c = x - R
// .. x + R holds the box sums of outputs x and x + 2, so sliding T from x to x + 1 is one three-operand add
// for two outputs, where extracting each 16-bit column would cost about eight instructions per output. A lane
// of T stays below 2^16 while (2R + 1)^2 * 255.5 does, hence R <= 7 (a sum transiently holds one more column,
// also below 2^16), and the modular 32-bit add leaves each lane exact because no lane of any T over- or
// underflows.
constexpr int kPackedMaxRadius = 7;

template <int R>
__device__ __forceinline__ Chunk HorizontalPacked(const ColumnSums& own, unsigned reciprocal) {
  static_assert(R >= 1 && R <= kPackedMaxRadius);
  constexpr int kN = (R + 3) / 4;  // words needed of each neighbouring chunk
  unsigned e[4 + 2 * kN], o[4 + 2 * kN];  // words k = -kN .. 3 + kN (at k + kN), the neighbours' by shuffle
#pragma unroll
  for (int i = 0; i < 4; ++i) e[kN + i] = own.even[i], o[kN + i] = own.odd[i];
#pragma unroll
  for (int i = 0; i < kN; ++i) {
    e[i] = __shfl_up_sync(strip::kFullMask, own.even[4 - kN + i], 1);
    o[i] = __shfl_up_sync(strip::kFullMask, own.odd[4 - kN + i], 1);
    e[4 + kN + i] = __shfl_down_sync(strip::kFullMask, own.even[i], 1);
    o[4 + kN + i] = __shfl_down_sync(strip::kFullMask, own.odd[i], 1);
  }
  auto pair = [&](int c) { return PairWord<kN>(e, o, c); };  // c = -R .. 13 + R
  constexpr unsigned kHalf = (2 * R + 1) * (2 * R + 1) / 2;  // cpu::BoxTaps(R) / 2, in both lanes
  unsigned t = kHalf * 0x00010001u;
#pragma unroll
  for (int c = -R; c <= R; ++c) t += pair(c);
  unsigned q[16];  // the means, output x at q[x]
#pragma unroll
  for (int x = 0; x < 14; ++x) {
    if (x > 0) t = t + pair(x + R) - pair(x - R - 1);
    if ((x & 2) == 0) {  // T(x) for x % 4 == 0, 1 holds outputs x and x + 2
      q[x] = __umulhi(t & 0xffffu, reciprocal);
      q[x + 2] = __umulhi(t >> 16, reciprocal);
    }
  }
  return PackMeans(q);
}

// The same 16 means for R = 8 .. 16, where a box sum (up to 33^2 x 255) no longer fits a 16-bit lane but a
// column sum (up to 33 x 255) and the difference of two still do. Sliding from output x - 1 to x adds
// D(x) = col(x + R) - col(x - R - 1); one three-operand add of pair words gives two such differences,
// D(x) and D(x + 2), each biased by 0x8000 so that no lane borrows from the next. So an output costs a lane
// extraction and one add instead of two column extractions and two adds, and the first output's sum
// adds whole words of four columns (at most 7 per accumulator, so that a lane stays below 2^16) instead of
// 2R + 1 single columns.
template <int R>
__device__ __forceinline__ Chunk HorizontalWide(const ColumnSums& own, unsigned reciprocal) {
  static_assert(R > kPackedMaxRadius && R <= kBoxFastMaxRadius);
  constexpr int kN = 4;                           // every word of both neighbouring chunks
  unsigned e[4 + 2 * kN + 1], o[4 + 2 * kN + 1];  // words k = -4 .. 7 at k + kN, and a zero word past them
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    e[kN + i] = own.even[i], o[kN + i] = own.odd[i];
    e[i] = __shfl_up_sync(strip::kFullMask, own.even[i], 1);
    o[i] = __shfl_up_sync(strip::kFullMask, own.odd[i], 1);
    e[4 + kN + i] = __shfl_down_sync(strip::kFullMask, own.even[i], 1);
    o[4 + kN + i] = __shfl_down_sync(strip::kFullMask, own.odd[i], 1);
  }
  e[4 + 2 * kN] = o[4 + 2 * kN] = 0u;  // only ever the unused upper lane of the last pair below
  auto pair = [&](int c) { return PairWord<kN>(e, o, c); };  // c = -16 .. 30
  auto col = [&](int c) {  // column c, c = -16 .. 16
    const unsigned w = pair(c & ~2);
    return (c & 2) ? w >> 16 : w & 0xffffu;
  };
  // The first output's sum: groups of four columns wholly inside -R .. R as their two words, the rest alone.
  constexpr int kFirstGroup = -(R / 4), kLastGroup = (R - 3) >> 2;  // floor((R - 3) / 4)
  unsigned acc[3] = {0u, 0u, 0u};
  unsigned sum = (2 * R + 1) * (2 * R + 1) / 2;  // cpu::BoxTaps(R) / 2
#pragma unroll
  for (int c = -R; c <= R; ++c) {
    const int k = c >> 2;
    if (k >= kFirstGroup && k <= kLastGroup) {
      if ((c & 3) == 0) {
        const int j = 2 * (k - kFirstGroup);  // the word's index among those added, 7 per accumulator
        acc[j / 7] += e[k + kN];
        acc[(j + 1) / 7] += o[k + kN];
      }
    } else {
      sum += col(c);
    }
  }
#pragma unroll
  for (int i = 0; i < 3; ++i) sum += (acc[i] & 0xffffu) + (acc[i] >> 16);

  unsigned d[17];  // d[x] = 0x8000 + D(x), x = 1 .. 15 (d[16] unused)
#pragma unroll
  for (int x = 1; x <= 14; ++x) {
    if ((x & 3) == 1 || (x & 3) == 2) {
      const unsigned dp = pair(x + R) + 0x80008000u - pair(x - R - 1);
      d[x] = dp & 0xffffu;
      d[x + 2] = dp >> 16;
    }
  }
  unsigned q[16];
  q[0] = __umulhi(sum, reciprocal);
#pragma unroll
  for (int x = 1; x < 16; ++x) {
    sum = sum + d[x] - 0x8000u;
    q[x] = __umulhi(sum, reciprocal);
  }
  return PackMeans(q);
}

// The strip for R <= kBoxFastRetainMaxRadius, walked down or up (strip::StripWalk): input row i of the walk
// goes to slot i % S of a ring of S = 2R + 1 + kAhead slots, kAhead rows ahead of use. Row i is still there
// when it leaves the window, 2R + 1 rows later, and its slot is refilled (with row i + S) only after that: one
// fetch per row instead of two, and no second pass of the input through L2. The window's first 2R + 1 rows
// come through the ring too.
template <int R>
__device__ __forceinline__ void RetainedStrip(const strip::StripArgs& a, unsigned reciprocal, uint4* rings, int x,
                                              const strip::StripWalk& walk, int end, bool writes) {
  constexpr int kAhead = strip::kPipeDepth - 1;
  constexpr int S = BoxFastRetainSlots(R);
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  uint4* const ring = rings + threadIdx.y * blockDim.x + threadIdx.x;  // slot s at ring[s * threads]
  const int rows = end + 2 * R;
  auto issue = [&](int i, int slot) {  // one group per row, empty past the last
    if (i < rows)
      strip::FetchChunk<1>(ring + slot * threads, RowPtr(a, walk.in_first + walk.step * i), x, a.row_bytes);
    strip::CpAsyncCommit();
  };
  auto next = [](int s) { return s + 1 == S ? 0 : s + 1; };
#pragma unroll
  for (int i = 0; i < kAhead; ++i) issue(i, i);
  int take = 0, refill = kAhead;  // the slots of row t and of row t + kAhead (row t - 2R - 1 once t > 2R)

  ColumnSums sums{{0, 0, 0, 0}, {0, 0, 0, 0}};
  // Unrolled, so that the slots are constants: each of these rows cost about 65 instructions as a loop, a third of
  // the kernel's at radius 3 (ncu). H100, 8192x8192, same process, four runs (bench/results/2026-11-27e_sobel,
  // call 3): radius 3 72.1 -> 73.1% of a copy, radius 4 69.3 -> 70.3, at 72 registers instead of 56.
#pragma unroll
  for (int t = 0; t <= 2 * R; ++t) {
    strip::CpAsyncWait<kAhead - 1>();
    const uint4 v = ring[take * threads];
    AddRow(sums, {v.x, v.y, v.z, v.w});
    issue(t + kAhead, refill);
    take = next(take), refill = next(refill);
  }
  for (int j = 0;; ++j) {
    const Chunk out = HorizontalPacked<R>(sums, reciprocal);
    if (writes)
      strip::StoreChunk(strip::RowAt(a.out, walk.out_first + walk.step * j, a.out_pitch), x, a.out_row_bytes,
                        out);
    if (j + 1 == end) return;
    // Row t = j + 2R + 1 enters; row j, in the slot about to be refilled, leaves.
    strip::CpAsyncWait<kAhead - 1>();
    const uint4 ve = ring[take * threads], vl = ring[refill * threads];
    SlideRow(sums, {ve.x, ve.y, ve.z, ve.w}, {vl.x, vl.y, vl.z, vl.w});
    issue(j + 2 * R + 1 + kAhead, refill);
    take = next(take), refill = next(refill);
  }
}

// The strip for larger radii, walked down or up: the row leaving the window is fetched again (mostly an L2 hit)
// through a second prefetch ring, and the window's first rows are loaded directly.
template <int R>
__device__ __forceinline__ void RefetchStrip(const strip::StripArgs& a, unsigned reciprocal, uint4* rings, int x,
                                             const strip::StripWalk& walk, int end, bool writes) {
  // Two prefetch rings: the row entering the window and the row leaving it, for output rows ahead.
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  auto row = [&](int i) { return RowPtr(a, walk.in_first + walk.step * i); };  // input row i of the walk
  strip::RowPipe<false> entering(rings), leaving(rings + threads * strip::kPipeDepth);
  auto issue = [&](int j) {
    if (j < end) {
      entering.Issue<1>(row(j + 2 * R + 1), x, a.row_bytes, j);
      leaving.Issue<1>(row(j), x, a.row_bytes, j);
    }
    strip::RowPipe<false>::Commit();
  };
#pragma unroll
  for (int j = 0; j < strip::kPipeDepth - 1; ++j) issue(j);

  // The window's first 2R + 1 rows: kBatch loads are issued before any of them is added. Added as each
  // arrived, the loads (each behind its own edge branch) went out one at a time: these rows took a third of
  // the kernel's instructions, and each load waited for the one before (ncu, radius 16 on an H100). Batches
  // of 8 beat 4, 11 and 16 there (r16 0.098 ms against 0.100, 0.103 and 0.102; 0.110 unbatched).
  ColumnSums sums{{0, 0, 0, 0}, {0, 0, 0, 0}};
  constexpr int kBatch = 8;
  int dy = -R;
  for (; dy + kBatch - 1 <= R; dy += kBatch) {
    Chunk c[kBatch];
#pragma unroll
    for (int k = 0; k < kBatch; ++k) c[k] = strip::LoadChunk<1>(row(dy + R + k), x, a.row_bytes);
#pragma unroll
    for (int k = 0; k < kBatch; ++k) AddRow(sums, c[k].w);
  }
  for (; dy <= R; ++dy) AddRow(sums, strip::LoadChunk<1>(row(dy + R), x, a.row_bytes).w);
  for (int j = 0; j < end; ++j) {
    const Chunk out = HorizontalWide<R>(sums, reciprocal);
    if (writes)
      strip::StoreChunk(strip::RowAt(a.out, walk.out_first + walk.step * j, a.out_pitch), x, a.out_row_bytes,
                        out);
    const Chunk enter = entering.Take(j), leave = leaving.Take(j);
    issue(j + strip::kPipeDepth - 1);
    SlideRow(sums, enter.w, leave.w);
  }
}

static_assert(kBoxFastRetainMaxRadius == kPackedMaxRadius,
              "RetainedStrip's horizontal sum is HorizontalPacked, RefetchStrip's HorizontalWide");

template <int R>
__global__ void __launch_bounds__(256, 2) BoxFastGray(const strip::StripArgs a, unsigned reciprocal) {
  extern __shared__ uint4 box_rings[];
  const strip::ApronWarpPlace at = strip::PlaceApronWarp(a);
  if (at.end <= 0) return;
  const strip::StripWalk walk = strip::WalkOf<R>(at.strip, at.y0, at.end);
  if constexpr (R <= kBoxFastRetainMaxRadius)
    RetainedStrip<R>(a, reciprocal, box_rings, at.x, walk, at.end, at.writes);
  else
    RefetchStrip<R>(a, reciprocal, box_rings, at.x, walk, at.end, at.writes);
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

const void* BoxFastKernel(PixelFormat, const LaunchConfig&, const ParamValues& p) {
  const Kernel k = KernelFor(p.Int("radius"));  // null past the radii it serves (BoxFastProblem refuses them)
  return reinterpret_cast<const void*>(k ? k : BoxFastGray<kBoxFastDefaultRadius>);
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
  dim3 grid;
  const strip::StripArgs args = strip::StripArgsOf(c, reinterpret_cast<const void*>(kernel), smem, &grid);
  kernel<<<grid, BlockOf(c.launch), smem, StreamOf(c)>>>(args, cpu::BoxReciprocal(cpu::BoxTaps(r)));
  FL_CUDA_CHECK_LAUNCH("BoxFastGray");
}

}  // namespace fl::cuda
