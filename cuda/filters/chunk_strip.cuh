#pragma once
// The skeleton of the `fast` stencil variants: each thread owns one 16-byte chunk of a row (16 gray8 pixels or 4
// rgba8 pixels) for a strip of `rows` consecutive output rows, and slides a window of 2R + 1 row results down
// the strip in registers.
//
// Why this shape reaches the copy bandwidth: every row is read with one 16-byte load per thread (a warp reads 512
// contiguous bytes), every output is written with one 16-byte store, and each input row is loaded once per strip
// (plus 2R apron rows per strip, mostly L2 hits). The bytes a stencil needs beyond the chunk come from the
// neighbouring lanes' registers through warp shuffles; only the two lanes at a warp's ends load them. No shared
// memory, no barriers, no integer division.
//
// A stencil is a policy type with:
//   kRadius, kBpp (bytes per pixel), kNbrWords (32-bit words needed beyond the chunk on each side),
//   Row (what one input row contributes), Row Horizontal(const unsigned* ext) where ext[kNbrWords + i] is word
//   i of the chunk and the kNbrWords words before and after lie at ext[0..] and ext[kNbrWords + 4..];
//   Chunk Vertical(const Row (&win)[2R + 1]) giving the output chunk of the middle row;
//   kMinBlocks, the blocks of 256 threads an SM must hold (__launch_bounds__): 4 caps registers at 64, which
//   leaves 32 warps per SM, each with a row or two of 16-byte loads in flight, plenty to cover memory latency.
// Border: replicate. Words and chunks reaching past a row's ends are assembled from clamped pixels, so a row is
// the image row extended by its edge pixels, and the rows above and below are clamped to the image.
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
struct StripArgs {
  const std::uint8_t* in;
  std::size_t in_pitch;
  std::uint8_t* out;
  std::size_t out_pitch;
  int h;
  int row_bytes;      // input bytes per row (width x bytes per pixel)
  int out_row_bytes;  // output bytes per row
  int rows;           // output rows per thread (the launch's ppt)
};

// The byte at offset x of a row (x may lie outside [0, row_bytes)): replicate border per channel. Bpp is 1 or 4,
// so the channel of a negative offset is still x & (Bpp - 1).
template <int Bpp>
__device__ __forceinline__ unsigned ClampedByte(const std::uint8_t* row, int x, int row_bytes) {
  const int channel = x & (Bpp - 1);
  const int at = x < 0 ? channel : (x >= row_bytes ? row_bytes - Bpp + channel : x);
  return __ldg(row + at);
}

// The word at byte offset x (a multiple of 4): one load inside the row, byte by byte at its ends.
template <int Bpp>
__device__ __forceinline__ unsigned WordAt(const std::uint8_t* row, int x, int row_bytes) {
  if (x >= 0 && x + 4 <= row_bytes) return __ldg(reinterpret_cast<const unsigned*>(row + x));
  unsigned v = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) v |= ClampedByte<Bpp>(row, x + j, row_bytes) << (8 * j);
  return v;
}

// The chunk at byte offset x (a multiple of 16, possibly outside the row): one 16-byte load when it lies inside.
template <int Bpp>
__device__ __forceinline__ Chunk LoadChunk(const std::uint8_t* row, int x, int row_bytes) {
  if (x >= 0 && x + kChunkBytes <= row_bytes) {
    const uint4 v = __ldg(reinterpret_cast<const uint4*>(row + x));
    return {{v.x, v.y, v.z, v.w}};
  }
  Chunk c;
#pragma unroll
  for (int i = 0; i < 4; ++i) c.w[i] = WordAt<Bpp>(row, x + 4 * i, row_bytes);
  return c;
}

// Stores the chunk at byte offset x; a chunk reaching past the row stores only the bytes inside it.
__device__ __forceinline__ void StoreChunk(std::uint8_t* row, int x, int row_bytes, const Chunk& c) {
  if (x + kChunkBytes <= row_bytes) {
    *reinterpret_cast<uint4*>(row + x) = make_uint4(c.w[0], c.w[1], c.w[2], c.w[3]);
    return;
  }
  for (int i = 0; x + i < row_bytes; ++i) row[x + i] = static_cast<std::uint8_t>(c.w[i / 4] >> (8 * (i % 4)));
}

// The chunk's words with kNbr words of each neighbour: ext[kNbr + i] = m.w[i]. Words of the chunks `q` lanes
// away come by shuffle; the first (last) q lanes of the warp, whose neighbours belong to another warp, load them.
template <int Bpp, int kNbr>
__device__ __forceinline__ void Extend(const Chunk& m, const std::uint8_t* row, int x, int row_bytes,
                                       unsigned (&ext)[4 + 2 * kNbr]) {
  const int lane = static_cast<int>(threadIdx.x) & 31;
#pragma unroll
  for (int i = 0; i < 4; ++i) ext[kNbr + i] = m.w[i];
#pragma unroll
  for (int j = 0; j < kNbr; ++j) {
    // Left word j lies `back` words before the chunk: word 4q - back of the chunk q lanes to the left.
    const int back = kNbr - j;
    const int q = (back + 3) / 4;
    const unsigned from_left = __shfl_up_sync(kFullMask, m.w[4 * q - back], q);
    ext[j] = lane < q ? WordAt<Bpp>(row, x - 4 * back, row_bytes) : from_left;
    // Right word j lies j words after the chunk: word j % 4 of the chunk j / 4 + 1 lanes to the right.
    const int qr = j / 4 + 1;
    const unsigned from_right = __shfl_down_sync(kFullMask, m.w[j % 4], qr);
    ext[kNbr + 4 + j] = lane >= 32 - qr ? WordAt<Bpp>(row, x + kChunkBytes + 4 * j, row_bytes) : from_right;
  }
}

// One input row's contribution at clamped row y.
template <typename S>
__device__ __forceinline__ typename S::Row RowAt(const StripArgs& a, int x, int y) {
  const std::uint8_t* row = a.in + static_cast<std::size_t>(ClampInt(y, 0, a.h - 1)) * a.in_pitch;
  const Chunk m = LoadChunk<S::kBpp>(row, x, a.row_bytes);
  unsigned ext[4 + 2 * S::kNbrWords];
  Extend<S::kBpp, S::kNbrWords>(m, row, x, a.row_bytes, ext);
  return S::Horizontal(ext);
}

// The strip kernel. Block bx x by (bx a multiple of 32, so that a warp is 32 consecutive chunks of one strip);
// thread (tx, ty) of block (bx_i, by_i) owns chunk bx_i * bx + tx and output rows
// [(by_i * by + ty) * rows, ... + rows). Lanes past the row's end still run (their chunks are clamped copies of
// the edge) so that every shuffle has its partners; they only skip the store.
template <typename S>
__global__ void __launch_bounds__(256, S::kMinBlocks) StripKernel(const StripArgs a) {
  constexpr int R = S::kRadius;
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x) * kChunkBytes;
  const int y0 = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y) * a.rows;
  if (y0 >= a.h) return;  // the same for the whole warp: its lanes share threadIdx.y
  typename S::Row win[2 * R + 1];
#pragma unroll
  for (int i = 0; i < 2 * R; ++i) win[i] = RowAt<S>(a, x, y0 - R + i);
  const int end = min(a.rows, a.h - y0);
#pragma unroll 2
  for (int j = 0; j < end; ++j) {
    win[2 * R] = RowAt<S>(a, x, y0 + j + R);
    const Chunk out = S::Vertical(win);
    if (x < a.out_row_bytes)
      StoreChunk(a.out + static_cast<std::size_t>(y0 + j) * a.out_pitch, x, a.out_row_bytes, out);
#pragma unroll
    for (int i = 0; i < 2 * R; ++i) win[i] = win[i + 1];
  }
}

// The arguments of a strip kernel from a call (input and output of the same width).
inline StripArgs StripArgsOf(const CudaCall& c) {
  return {c.in.data,
          c.in.pitch,
          c.out.data,
          c.out.pitch,
          c.in.shape.height,
          c.in.shape.width * static_cast<int>(BytesPerPixel(c.in.shape.format)),
          c.out.shape.width * static_cast<int>(BytesPerPixel(c.out.shape.format)),
          c.launch.ppt};
}

// Strip kernels load and store 16-byte chunks: rows must start on 16-byte boundaries (DeviceImage rows always
// do: their pitch is a multiple of 512). A view that does not is refused rather than faulting.
inline void RequireChunkRows(const CudaCall& c, const char* kernel) {
  auto aligned = [](const DeviceView& v) {
    return reinterpret_cast<std::uintptr_t>(v.data) % kChunkBytes == 0 && v.pitch % kChunkBytes == 0;
  };
  if (!aligned(c.in) || !aligned(c.out))
    throw RuntimeError(std::string(kernel) + " needs rows that start on 16-byte boundaries (data and pitch)");
}

using KernelPtr = void (*)(StripArgs);

// Launches a strip kernel on the grid the plan computed from the variant's footprint, after checking its rows.
inline void LaunchStrip(KernelPtr kernel, const CudaCall& c, const char* name) {
  RequireChunkRows(c, name);
  kernel<<<GridOf(c), BlockOf(c.launch), 0, StreamOf(c)>>>(StripArgsOf(c));
  Check(cudaGetLastError(), name, __FILE__, __LINE__);
}

}  // namespace fl::cuda::strip
