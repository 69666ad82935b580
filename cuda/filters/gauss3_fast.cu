// `fast` gauss3: a strip kernel (chunk_strip.cuh) with the [1 2 1] x [1 2 1] / 16 stencil done two channels
// per 32-bit add. Each word is split into its even and odd bytes as 16-bit lanes; a row's [1 2 1] sum is at
// most 1020 and the column's at most 4080 + 8, so lanes never carry into each other and plain integer adds
// and shifts compute the exact reference, (sum + 8) >> 4, for two channels at once.
#include "cuda/filters/fast.hpp"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

template <int Bpp>
struct Gauss3Stencil {
  static constexpr int kMinBlocks = 4;
  static constexpr int kRadius = 1;
  static constexpr int kBpp = Bpp;
  static constexpr int kNbrWords = 1;
  struct Row {
    unsigned even[4], odd[4];  // [1 2 1] row sums of the even and odd bytes of each word, in 16-bit lanes
  };

  __device__ static Row Horizontal(const unsigned (&ext)[6]) {
    Row r;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const unsigned l = strip::PixelsLeft<Bpp, 1, 1>(ext, i), m = ext[1 + i],
                     rt = strip::PixelsRight<Bpp, 1, 1>(ext, i);
      r.even[i] = strip::Even(l) + 2 * strip::Even(m) + strip::Even(rt);
      r.odd[i] = strip::Odd(l) + 2 * strip::Odd(m) + strip::Odd(rt);
    }
    return r;
  }

  __device__ static strip::Chunk Vertical(const Row (&win)[3]) {
    constexpr unsigned kHalf = 0x00080008u;  // + 8 in each lane: round half up
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const unsigned e = win[0].even[i] + 2 * win[1].even[i] + win[2].even[i] + kHalf;
      const unsigned o = win[0].odd[i] + 2 * win[1].odd[i] + win[2].odd[i] + kHalf;
      out.w[i] = strip::Interleave((e >> 4) & strip::kLanes, (o >> 4) & strip::kLanes);
    }
    return out;
  }
};

strip::KernelPtr KernelFor(PixelFormat f, const LaunchConfig& c) {
  return f == PixelFormat::Rgba8 ? strip::StripKernelFor<Gauss3Stencil<4>>(c)
                                 : strip::StripKernelFor<Gauss3Stencil<1>>(c);
}

}  // namespace

const void* Gauss3FastKernel(PixelFormat f, const LaunchConfig& c) {
  return reinterpret_cast<const void*>(KernelFor(f, c));
}

void LaunchGauss3Fast(const CudaCall& c) {
  strip::LaunchStrip(KernelFor(c.in.shape.format, c.launch), c, "Gauss3Fast",
                     strip::SmemBytes(c.launch, c.params, c.in.shape.format));
}

}  // namespace fl::cuda
