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
  static constexpr bool kTestFirstRow = true;  // rgba8: no spill (strip_kernel.cuh, the early return)
  static constexpr bool kRingWindow = false;   // slower as a ring (strip_kernel.cuh)
  static constexpr bool kLeanPipe = false;  // slower with the lean ring (row_pipe.cuh, LeanEdgePipe)
  static constexpr int kRadius = 1;
  static constexpr int kBpp = Bpp;
  static constexpr int kNbrWords = 1;
  struct Row {
    unsigned even[4], odd[4];  // [1 2 1] row sums of the even and odd bytes of each word, in 16-bit lanes
  };

  __device__ static Row Horizontal(const unsigned (&ext)[6]) {
    Row r;
    if constexpr (Bpp == 1) {
      // Even pixels: odd_left + 2 even + odd; odd pixels: even + 2 odd + even_right; both share even + odd.
      strip::GrayLanes g[4];
      strip::SplitGrayWords<1>(ext, g);
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const unsigned both = g[i].even + g[i].odd;
        r.even[i] = g[i].odd_left + g[i].even + both;
        r.odd[i] = both + g[i].odd + g[i].even_right;
      }
    } else {  // rgba8: a word is a pixel, its neighbours the words beside it
      unsigned e[6], o[6];
#pragma unroll
      for (int k = 0; k < 6; ++k) e[k] = strip::Even(ext[k]), o[k] = strip::Odd(ext[k]);
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        r.even[i] = e[i] + e[i + 2] + 2 * e[i + 1];
        r.odd[i] = o[i] + o[i + 2] + 2 * o[i + 1];
      }
    }
    return r;
  }

  __device__ static strip::Chunk Vertical(const Row (&win)[3]) {
    constexpr unsigned kHalf = 0x00080008u;  // + 8 in each lane: round half up
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const unsigned e = win[0].even[i] + win[2].even[i] + kHalf + 2 * win[1].even[i];
      const unsigned o = win[0].odd[i] + win[2].odd[i] + kHalf + 2 * win[1].odd[i];
      out.w[i] = strip::InterleaveShifted<4>(e, o);  // each lane's sum / 16
    }
    return out;
  }
};

}  // namespace

const void* Gauss3FastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&) {
  return reinterpret_cast<const void*>(strip::StripKernelForFormat<Gauss3Stencil>(f, c));
}

void LaunchGauss3Fast(const CudaCall& c) { strip::LaunchStripForFormat<Gauss3Stencil>(c, "Gauss3Fast"); }

}  // namespace fl::cuda
