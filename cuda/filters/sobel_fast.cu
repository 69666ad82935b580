// `fast` sobel (gray8 in, gray8 magnitude out): a strip kernel (chunk_strip.cuh). Per input row and word it
// forms the two horizontal terms of the 4 pixels two at a time in 16-bit lanes: the [-1 0 1] difference
// (biased by 256 so it stays positive) and the [1 2 1] sum. Per output row it combines three rows into gx and
// gy (biased by 1024, at most 2044: still one lane each), then takes each pixel's magnitude in float, read
// from the lanes without a conversion, with a shortcut (sobel_magnitude.cuh) that is bit-identical to the
// reference's arithmetic.
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
  static constexpr int kMinBlocks = 3;  // 80 registers: 6 blocks per SM (93 registers: 5), 1.5% faster
  // With OpaqueExponentWord (below) only a ring of rows (strip_kernel.cuh) gains (both: 48 bytes spilled):
  // H100, 8192x8192, same process, two runs (bench/results/2026-11-27e_sobel, call 2): 71.5% of a copy before,
  // 72.5 with both, 69.2 with the word alone, 70.4 with the ring alone.
  static constexpr bool kRingWindow = true;
  // The lean prefetch ring (row_pipe.cuh, LeanEdgePipe): H100, 8192x8192, same process, means of three runs in each
  // of three calls (bench/results/2026-11-27f_box_edges, calls 1, 2 and 4): 72.2 / 72.6 / 72.2% of a copy without,
  // 74.1 / 73.6 / 73.5 with; as committed, the builds alternated, 72.3 -> 73.5 (2026-11-27g_session7, call 3). The
  // other strip stencils ran 0.5 to 4.1 points slower with it there.
  static constexpr bool kLeanPipe = true;
  static constexpr bool kTestFirstRow = false;  // 1.2 points faster than testing the first row (strip_kernel.cuh)
  static constexpr int kRadius = 1;
  static constexpr int kBpp = 1;
  static constexpr int kNbrWords = 1;
  struct Row {
    unsigned diff_even[4], diff_odd[4];      // right - left + 256
    unsigned smooth_even[4], smooth_odd[4];  // left + 2 centre + right
  };

  __device__ static Row Horizontal(const unsigned (&ext)[6]) {
    // Left and right neighbours from one lane split per word (strip::SplitGrayWords): for the even pixels they
    // are odd_left and odd, for the odd pixels even and even_right.
    strip::GrayLanes g[4];
    strip::SplitGrayWords<1>(ext, g);
    Row r;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const unsigned both = g[i].even + g[i].odd;
      r.diff_even[i] = g[i].odd + kDiffBias - g[i].odd_left;
      r.diff_odd[i] = g[i].even_right + kDiffBias - g[i].even;
      r.smooth_even[i] = g[i].odd_left + g[i].even + both;
      r.smooth_odd[i] = both + g[i].odd + g[i].even_right;
    }
    return r;
  }

  // The gray8 magnitudes of the pixels in the low and high lanes of biased gx and gy words, as 16-bit lanes.
  // `e` is sobel_fast::kExponentWord.
  __device__ static unsigned Magnitudes(unsigned gx, unsigned gy, unsigned e) {
    using sobel_fast::LaneValue;
    const unsigned m0 = sobel_fast::MagnitudeBits(LaneValue<false, kGBias>(gx, e), LaneValue<false, kGBias>(gy, e));
    const unsigned m1 = sobel_fast::MagnitudeBits(LaneValue<true, kGBias>(gx, e), LaneValue<true, kGBias>(gy, e));
    return sobel_fast::Gray8Lanes(m0, m1);
  }

  __device__ static strip::Chunk Vertical(const Row (&w)[3]) {
    strip::Chunk out;
    const unsigned e = sobel_fast::OpaqueExponentWord();
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      // gx = up.diff + 2 mid.diff + down.diff (each + 256: + 1024 in all); gy = down.smooth - up.smooth +
      // 1024.
      const unsigned gx_even = w[0].diff_even[i] + w[2].diff_even[i] + 2 * w[1].diff_even[i];
      const unsigned gx_odd = w[0].diff_odd[i] + w[2].diff_odd[i] + 2 * w[1].diff_odd[i];
      const unsigned gy_even = w[2].smooth_even[i] + kGyBias - w[0].smooth_even[i];
      const unsigned gy_odd = w[2].smooth_odd[i] + kGyBias - w[0].smooth_odd[i];
      // Pixels 0, 2 and 1, 3 in 16-bit lanes, interleaved into bytes 0 1 2 3 by one byte permute.
      out.w[i] = __byte_perm(Magnitudes(gx_even, gy_even, e), Magnitudes(gx_odd, gy_odd, e), 0x6240u);
    }
    return out;
  }
};

}  // namespace

const void* SobelFastKernel(PixelFormat, const LaunchConfig& c, const ParamValues&) {
  return reinterpret_cast<const void*>(strip::StripKernelFor<SobelStencil>(c));
}

void LaunchSobelFast(const CudaCall& c) {
  strip::LaunchStrip(strip::StripKernelFor<SobelStencil>(c.launch), c, "SobelFast",
                     strip::SmemBytes(c.launch, c.params, c.in.shape.format));
}

}  // namespace fl::cuda
