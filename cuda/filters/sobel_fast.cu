// `fast` sobel (gray8 in, gray8 magnitude out): a strip kernel (chunk_strip.cuh). Per input row and word it
// forms the two horizontal terms of the 4 pixels two at a time in 16-bit lanes: the [-1 0 1] difference
// (biased by 256 so it stays positive) and the [1 2 1] sum. Per output row it combines three rows into gx and
// gy (biased by 1024, at most 2044: still one lane each), then takes each pixel's magnitude with an
// integer-exact shortcut (sobel_magnitude.cuh) that is bit-identical to the reference's arithmetic.
#include "cuda/filters/fast.hpp"
#include "cuda/filters/sobel_magnitude.cuh"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

constexpr unsigned kDiffBias = 0x01000100u;  // + 256 in each lane
constexpr unsigned kGyBias = 0x04000400u;    // + 1024 in each lane
constexpr int kGBias = 1024;                 // gx and gy are stored + 1024

struct SobelStencil {
  static constexpr int kMinBlocks = 2;
  static constexpr int kRadius = 1;
  static constexpr int kBpp = 1;
  static constexpr int kNbrWords = 1;
  struct Row {
    unsigned diff_even[4], diff_odd[4];      // right - left + 256
    unsigned smooth_even[4], smooth_odd[4];  // left + 2 centre + right
  };

  __device__ static Row Horizontal(const unsigned (&ext)[6]) {
    Row r;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const unsigned l = strip::PixelsLeft<1, 1, 1>(ext, i), m = ext[1 + i],
                     rt = strip::PixelsRight<1, 1, 1>(ext, i);
      const unsigned le = strip::Even(l), lo = strip::Odd(l), re = strip::Even(rt), ro = strip::Odd(rt);
      r.diff_even[i] = re + kDiffBias - le;
      r.diff_odd[i] = ro + kDiffBias - lo;
      r.smooth_even[i] = le + 2 * strip::Even(m) + re;
      r.smooth_odd[i] = lo + 2 * strip::Odd(m) + ro;
    }
    return r;
  }

  // The gray8 magnitude of the pixels in the low and high lanes of biased gx and gy words, as two bytes.
  __device__ static unsigned Magnitudes(unsigned gx, unsigned gy) {
    const int gx0 = static_cast<int>(gx & 0xffffu) - kGBias, gx1 = static_cast<int>(gx >> 16) - kGBias;
    const int gy0 = static_cast<int>(gy & 0xffffu) - kGBias, gy1 = static_cast<int>(gy >> 16) - kGBias;
    const unsigned m0 = sobel_fast::MagnitudeByte(gx0 * gx0 + gy0 * gy0);
    const unsigned m1 = sobel_fast::MagnitudeByte(gx1 * gx1 + gy1 * gy1);
    return m0 | (m1 << 16);
  }

  __device__ static strip::Chunk Vertical(const Row (&w)[3]) {
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      // gx = up.diff + 2 mid.diff + down.diff (each + 256: + 1024 in all); gy = down.smooth - up.smooth +
      // 1024.
      const unsigned gx_even = w[0].diff_even[i] + 2 * w[1].diff_even[i] + w[2].diff_even[i];
      const unsigned gx_odd = w[0].diff_odd[i] + 2 * w[1].diff_odd[i] + w[2].diff_odd[i];
      const unsigned gy_even = w[2].smooth_even[i] + kGyBias - w[0].smooth_even[i];
      const unsigned gy_odd = w[2].smooth_odd[i] + kGyBias - w[0].smooth_odd[i];
      out.w[i] = strip::Interleave(Magnitudes(gx_even, gy_even), Magnitudes(gx_odd, gy_odd));
    }
    return out;
  }
};

}  // namespace

const void* SobelFastKernel(PixelFormat, const LaunchConfig& c) {
  return reinterpret_cast<const void*>(strip::StripKernelFor<SobelStencil>(c));
}

void LaunchSobelFast(const CudaCall& c) {
  strip::LaunchStrip(strip::StripKernelFor<SobelStencil>(c.launch), c, "SobelFast",
                     strip::SmemBytes(c.launch, c.params, c.in.shape.format));
}

}  // namespace fl::cuda
