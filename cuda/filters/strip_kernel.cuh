#pragma once
// The strip kernel (see chunk_strip.cuh for its shape and its stencil policies) and how it is launched.
#include <cuda_runtime.h>

#include <string>

#include "cuda/filters/chunk_strip.cuh"
#include "cuda/filters/row_pipe.cuh"
#include "cuda/filters/strip_steady.cuh"
#include "cuda/kernel_info.hpp"

namespace fl::cuda::strip {

// Whether a stencil's strips all walk down (S::kWalkDown, where its window is not symmetric top to bottom); the
// others alternate (WalkOf).
template <typename S>
constexpr bool WalksDown() {
  if constexpr (requires { S::kWalkDown; })
    return S::kWalkDown;
  else
    return false;
}

// The strip kernel's general path: one strip (output rows walk.out_first + walk.step j, j in [0, end)) of any block.
// Input rows are clamped to the image, and chunks reaching past the row are made of clamped pixels. With kPipe
// (launch smem on) input rows arrive through a cp.async prefetch ring in shared memory (row_pipe.cuh), D - 1
// rows ahead of use (RowPipe, or LeanEdgePipe and a store address worked out once for S::kLeanPipe); without it
// each row is loaded into registers when it is needed.
template <typename S, bool kPipe>
__device__ __forceinline__ void GeneralStrip(const StripArgs& a, uint4* strip_rings, int x, const StripWalk& walk,
                                             int end, bool stores) {
  constexpr int R = S::kRadius;
  const int in_rows = end + 2 * R;  // input rows walk.in_first + walk.step i, i in [0, in_rows)
  constexpr bool kLean = kPipe && S::kLeanPipe;
  RowPipe<true> pipe(strip_rings);
  LeanEdgePipe lean(strip_rings, a.in, x, a.row_bytes);  // one of the two is used
  auto row_y = [&](int i) { return ClampInt(walk.in_first + walk.step * i, 0, a.h - 1); };
  auto row_ptr = [&](int i) { return RowAt(a.in, row_y(i), a.in_pitch); };
  auto issue = [&](int i) {
    if constexpr (kLean) {
      if (i < in_rows) lean.Issue<S::kBpp>(static_cast<unsigned>(row_y(i)), a.in_pitch, i, a.row_bytes);
      lean.Commit();
    } else if constexpr (kPipe) {
      if (i < in_rows) pipe.Issue<S::kBpp>(row_ptr(i), x, a.row_bytes, i);
      pipe.Commit();
    }
  };
  const bool edge_outside = EdgeChunkOutside(x, a.row_bytes);  // at the image's sides: made, not fetched
  auto row_at = [&](int i) {
    Chunk m, edge;
    if constexpr (kLean) {
      m = lean.Take(i, &edge);
      issue(i + kPipeDepth - 1);
    } else if constexpr (kPipe) {
      m = pipe.Take(i, &edge);
      issue(i + kPipeDepth - 1);
    } else {
      const std::uint8_t* row = row_ptr(i);
      const int lane = static_cast<int>(threadIdx.x) & 31;
      m = LoadChunk<S::kBpp>(row, x, a.row_bytes);
      if ((lane == 0 || lane == 31) && !edge_outside)
        edge = LoadChunk<S::kBpp>(row, lane == 0 ? x - kChunkBytes : x + kChunkBytes, a.row_bytes);
    }
    if (edge_outside) edge = EdgePixelChunk<S::kBpp>(m, (threadIdx.x & 31) == 0);
    unsigned ext[4 + 2 * S::kNbrWords];
    Extend<S::kNbrWords>(m, edge, ext);
    return S::Horizontal(ext);
  };
  if constexpr (kPipe) {
#pragma unroll
    for (int i = 0; i < kPipeDepth - 1; ++i) issue(i);
  }
  constexpr int P = 2 * R + 1;  // rows in the window
  typename S::Row win[P];
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = row_at(i);
  std::uint8_t* const out_column = a.out + x;  // kLean: the store's column, and whether its chunk is whole
  const bool out_whole = stores && x + kChunkBytes <= a.out_row_bytes;
  auto put = [&](int j, const Chunk& out) {
    if constexpr (kLean) {
      std::uint8_t* dst = RowAt(out_column, walk.out_first + walk.step * j, a.out_pitch);
      if (out_whole)
        *reinterpret_cast<uint4*>(dst) = make_uint4(out.w[0], out.w[1], out.w[2], out.w[3]);
      else if (stores && x < a.out_row_bytes)
        StorePartialChunk(dst, a.out_row_bytes - x, out.w[0], out.w[1], out.w[2], out.w[3]);
      return;
    }
    if (stores && x < a.out_row_bytes)
      StoreChunk(RowAt(a.out, walk.out_first + walk.step * j, a.out_pitch), x, a.out_row_bytes, out);
  };
  // The window of 2R + 1 rows as a ring (S::kRingWindow: row r in slot r % (2R + 1), the loop unrolled over one
  // turn of it, so that no register moves) or shifted by one row after each output, the loop unrolled twice.
  // Shifting costs a register move per word of a row, yet gauss3 and dilate3 / erode3 ran faster that way. H100,
  // 8192x8192, same process, three runs (bench/results/2026-11-27e_sobel, call 2): gray8 dilate5 / erode5 79.0 /
  // 78.8% of a copy shifting (80 registers, 84 bytes spilled) against 82.6 / 81.4 as a ring (80, no spill), rgba8
  // dilate5 88.9 against 91.6; gauss3 and dilate3 / erode3 0.3 to 1.3 points slower as a ring. Sobel gains from
  // the ring only with its exponent word in a register as well (sobel_fast.cu).
  if constexpr (S::kRingWindow) {
#pragma unroll 1
    for (int j0 = 0; j0 < end; j0 += P) {
#pragma unroll
      for (int k = 0; k < P; ++k) {  // output row j = j0 + k: input rows j .. j + 2R sit in slots k, k + 1, ...
        const int j = j0 + k;
        if (j >= end) break;
        win[(k + 2 * R) % P] = row_at(j + 2 * R);
        typename S::Row turned[P];  // the window from its top row: only names change, no register moves
#pragma unroll
        for (int t = 0; t < P; ++t) turned[t] = win[(k + t) % P];
        put(j, S::Vertical(turned));
      }
    }
  } else {
#pragma unroll 2
    for (int j = 0; j < end; ++j) {
      win[2 * R] = row_at(j + 2 * R);
      put(j, S::Vertical(win));
#pragma unroll
      for (int i = 0; i < 2 * R; ++i) win[i] = win[i + 1];
    }
  }
}

// The strip kernel. Block bx x by (bx a multiple of 32, so that a warp is 32 consecutive chunks of one
// strip); thread (tx, ty) of block (bx_i, by_i) owns chunk bx_i * bx + tx (in a last column that the row ends inside
// of, moved to end with the row: BlockColumnOf) and the output rows PlaceStrip gives strip by_i * by + ty (`rows` of
// them, fewer in the grid's last tail bands: StripTiers), odd strips bottom-up (StripWalk) unless WalksDown<S>. Lanes
// past the row's end (rows narrower than a block, or ending inside a chunk) still run (their chunks are clamped copies
// of the edge) so that every shuffle has its partners; they only skip the store. With the prefetch ring, a block
// inside the image takes the steady path (strip_steady.cuh), the others the general one.
template <typename S, bool kPipe>
__global__ void __launch_bounds__(256, S::kMinBlocks) StripKernel(const StripArgs a) {
  constexpr int R = S::kRadius;
  extern __shared__ uint4 strip_rings[];
  const BlockColumn column = BlockColumnOf(a);
  const int x = (column.first + static_cast<int>(threadIdx.x)) * kChunkBytes;
  const bool stores = x >= column.stores_from * kChunkBytes;
  const StripPlace place = PlaceStrip(a);
  // A strip past the image: testing its first row (S::kTestFirstRow) or its row count is the same condition, for
  // the whole warp (its lanes share threadIdx.y), but ptxas allocates registers differently after each. H100,
  // 8192x8192, same process, three runs each (bench/results/2026-11-27d_strip_tail, call 10): rgba8 gauss3 96.3% of
  // a copy testing the first row (64 registers, no spill) against 94.3 (32 bytes spilled); sobel 70.4 against
  // 71.6; the others within 0.5.
  if (S::kTestFirstRow ? place.y0 >= a.h : place.end <= 0) return;
  const StripWalk walk = WalkOf<R, !WalksDown<S>()>(place.strip, place.y0, place.end);
  if constexpr (kPipe) {
    if (SteadyBlock<S>(a, column.first))  // the same for the whole block
      return SteadyStrip<S>(a, strip_rings, x, walk, place.end);
  }
  GeneralStrip<S, kPipe>(a, strip_rings, x, walk, place.end, stores);
}

// The arguments of a strip kernel from a call (input and output of the same width), and its grid: the plan's
// columns of blocks, and its bands of strips, with the last wave's rows in shorter strips (StripTiers) when the
// stage takes tail strips (PlannedStage::tail; gauss half2, measured no faster with them, keeps equal
// strips; box fast's rule by radius is in filters/box.cpp).
inline StripArgs StripArgsOf(const CudaCall& c, const void* kernel, std::size_t smem, dim3* grid) {
  *grid = GridOf(c);
  const StripTiers t = LaunchTiers(c, kernel, smem, c.launch.block_y, grid->x);
  grid->y = static_cast<unsigned>(t.grid_y);
  return {c.in.data,
          static_cast<unsigned>(c.in.pitch),
          c.out.data,
          static_cast<unsigned>(c.out.pitch),
          c.in.shape.height,
          c.in.shape.width * static_cast<int>(BytesPerPixel(c.in.shape.format)),
          c.out.shape.width * static_cast<int>(BytesPerPixel(c.out.shape.format)),
          t.rows,
          t.tail_band,
          t.tail_y - t.tail_band * c.launch.block_y * t.tail_rows,
          t.tail_rows};
}

// Strip kernels load and store 16-byte chunks: rows must start on 16-byte boundaries (DeviceImage rows always
// do: their pitch is a multiple of 512). A view that does not is refused rather than faulting, and so is a
// pitch of 4 GiB or more (StripArgs keeps 32-bit pitches).
inline void RequireChunkRows(const CudaCall& c, const char* kernel) {
  auto aligned = [](const DeviceView& v) {
    return reinterpret_cast<std::uintptr_t>(v.data) % kChunkBytes == 0 && v.pitch % kChunkBytes == 0;
  };
  if (!aligned(c.in) || !aligned(c.out))
    throw RuntimeError(std::string(kernel) + " needs rows that start on 16-byte boundaries (data and pitch)");
  if (c.in.pitch > 0xFFFFFFFFu || c.out.pitch > 0xFFFFFFFFu)
    throw RuntimeError(std::string(kernel) + " needs row pitches below 4 GiB");
}

using KernelPtr = void (*)(StripArgs);

// The kernel of stencil S for the launch: with the prefetch ring when shared memory is on.
template <typename S>
KernelPtr StripKernelFor(const LaunchConfig& c) {
  return c.smem ? StripKernel<S, true> : StripKernel<S, false>;
}

// The kernel of a stencil made for gray8 (S<1>) and rgba8 (S<4>), for the input's format.
template <template <int> class S>
KernelPtr StripKernelForFormat(PixelFormat f, const LaunchConfig& c) {
  return f == PixelFormat::Rgba8 ? StripKernelFor<S<4>>(c) : StripKernelFor<S<1>>(c);
}

// Launches a strip kernel on the columns of blocks the plan computed from the variant's footprint, after checking
// its rows, with `smem` bytes of prefetch rings (opted in above the 48 KiB every block gets: the plan kept it
// within the device's limit). When the stage takes tail strips (CudaCall::tail, the plan's decision), the
// last wave's rows go in shorter strips (StripTiers); a kernel of a variant without them may place its strips by
// a.rows alone (gray fast).
inline void LaunchStrip(KernelPtr kernel, const CudaCall& c, const char* name, std::size_t smem) {
  RequireChunkRows(c, name);
  if (smem > 48 * 1024)
    Check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)),
          name, __FILE__, __LINE__);
  dim3 grid;
  const StripArgs args = StripArgsOf(c, reinterpret_cast<const void*>(kernel), smem, &grid);
  kernel<<<grid, BlockOf(c.launch), smem, StreamOf(c)>>>(args);
  Check(cudaGetLastError(), name, __FILE__, __LINE__);
}

// LaunchStrip for a stencil made for gray8 and rgba8 (StripKernelForFormat), with its prefetch rings' shared memory.
template <template <int> class S>
void LaunchStripForFormat(const CudaCall& c, const char* name) {
  LaunchStrip(StripKernelForFormat<S>(c.in.shape.format, c.launch), c, name,
              SmemBytes(c.launch, c.params, c.in.shape.format));
}

}  // namespace fl::cuda::strip
