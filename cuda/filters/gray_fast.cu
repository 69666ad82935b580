// `fast` gray: one thread owns 16 output pixels of a row (one 16-byte store) for a strip of rows, and reads
// their 64 rgba8 bytes as four 16-byte loads, all in flight together. Each luma is two integer multiply-adds:
// the red and blue bytes of a pixel, as two 16-bit lanes, times (29 + 77 * 2^16) leave 77 R + 29 B (+ 128 for
// rounding) in the product's upper half; green adds 150 G. Bit-identical to the reference's (77 R + 150 G +
// 29 B + 128) >> 8.
#include "cuda/filters/fast.hpp"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

__device__ __forceinline__ unsigned Luma(unsigned rgba) {
  const unsigned red_blue = (rgba & strip::kLanes) * 0x004D001Du + 0x00800000u;  // (77 R + 29 B + 128) << 16
  const unsigned green = (rgba >> 8) & 0xffu;
  return ((red_blue >> 16) + 150u * green) >> 8;
}

// Four rgba8 pixels (one 16-byte word group) to four gray bytes in one word.
__device__ __forceinline__ unsigned LumaWord(uint4 q) {
  return Luma(q.x) | (Luma(q.y) << 8) | (Luma(q.z) << 16) | (Luma(q.w) << 24);
}

// The four words of pixels x .. x + 3 of an rgba8 row, clamped at the row's end (the pixels past it are not
// stored, but must not be read from outside the row).
__device__ __forceinline__ uint4 Rgba4(const std::uint8_t* row, int x, int w) {
  if (x + 4 <= w) return __ldg(reinterpret_cast<const uint4*>(row + 4 * x));
  const unsigned* px = reinterpret_cast<const unsigned*>(row);
  return make_uint4(px[min(x, w - 1)], px[min(x + 1, w - 1)], px[min(x + 2, w - 1)], px[min(x + 3, w - 1)]);
}

__global__ void GrayFromRgba(const strip::StripArgs a) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x) * strip::kChunkBytes;  // first pixel
  const int y0 = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y) * a.rows;
  const int w = a.out_row_bytes;
  if (x >= w) return;
  const int end = min(a.rows, a.h - y0);
#pragma unroll 2
  for (int j = 0; j < end; ++j) {
    const std::uint8_t* row = strip::RowAt(a.in, y0 + j, a.in_pitch);
    const uint4 q0 = Rgba4(row, x, w), q1 = Rgba4(row, x + 4, w), q2 = Rgba4(row, x + 8, w),
                q3 = Rgba4(row, x + 12, w);
    const strip::Chunk out{{LumaWord(q0), LumaWord(q1), LumaWord(q2), LumaWord(q3)}};
    strip::StoreChunk(strip::RowAt(a.out, y0 + j, a.out_pitch), x, w, out);
  }
}

// gray8 input: the output is the input, 16 bytes at a time.
__global__ void GrayFromGray(const strip::StripArgs a) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x) * strip::kChunkBytes;
  const int y0 = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y) * a.rows;
  if (x >= a.out_row_bytes) return;
  const int end = min(a.rows, a.h - y0);
#pragma unroll 4
  for (int j = 0; j < end; ++j) {
    const std::uint8_t* row = strip::RowAt(a.in, y0 + j, a.in_pitch);
    strip::StoreChunk(strip::RowAt(a.out, y0 + j, a.out_pitch), x, a.out_row_bytes,
                      strip::LoadChunk<1>(row, x, a.row_bytes));
  }
}

strip::KernelPtr KernelFor(PixelFormat f) { return f == PixelFormat::Rgba8 ? GrayFromRgba : GrayFromGray; }

}  // namespace

const void* GrayFastKernel(PixelFormat f, const LaunchConfig&, const ParamValues&) {
  return reinterpret_cast<const void*>(KernelFor(f));
}

void LaunchGrayFast(const CudaCall& c) { strip::LaunchStrip(KernelFor(c.in.shape.format), c, "GrayFast", 0); }

}  // namespace fl::cuda
