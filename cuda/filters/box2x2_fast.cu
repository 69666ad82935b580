// `fast` box2x2: a strip kernel (chunk_strip.cuh) with the 2x2 mean done two channels per 32-bit add. Each row's
// pair sums, in(x) + in(x + 1), are formed once as 16-bit lanes of the even and odd bytes (at most 510); an output
// row adds two of them, the row itself and the one below (at most 1020 + 2), so lanes never carry and shifts give
// the reference's (sum + 2) >> 2 for two channels at once. The window is the strip kernels' three rows; the row
// above is fetched but not used (the stencil reaches right and down only), and every strip walks down.
#include "cuda/filters/fast.hpp"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

template <int Bpp>
struct Box2x2Stencil {
  static constexpr int kMinBlocks = 4;
  static constexpr bool kTestFirstRow = true;
  static constexpr bool kRingWindow = false;
  static constexpr bool kLeanPipe = false;
  static constexpr int kRadius = 1;
  static constexpr int kBpp = Bpp;
  // The steady path's ring (strip_steady.cuh): rgba8 with 6 slots, 95.8% of a copy at 8192x8192 against 90.7 with
  // 4 (H200, three rounds, bench/results/2026-11-28p_session16, call 5).
  static constexpr int kSteadyDepth = Bpp == 4 ? 6 : 4;
  static constexpr int kNbrWords = 1;
  // Every strip walks down, so that win[2] is the row below: walked up (odd strips, WalkOf), the window comes
  // turned over and an output would take the row above (the GPU tests caught that).
  static constexpr bool kWalkDown = true;
  struct Row {
    unsigned even[4], odd[4];  // in(x) + in(x + 1) at the even and odd bytes of each word, in 16-bit lanes
  };

  __device__ static Row Horizontal(const unsigned (&ext)[6]) {
    Row r;
    if constexpr (Bpp == 1) {
      // Even pixels pair with the odd ones beside them, odd pixels with the next even ones (even_right).
      strip::GrayLanes g[4];
      strip::SplitGrayWords<1>(ext, g);
#pragma unroll
      for (int i = 0; i < 4; ++i) r.even[i] = g[i].even + g[i].odd, r.odd[i] = g[i].odd + g[i].even_right;
    } else {  // rgba8: a word is a pixel, its right neighbour the next word
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        r.even[i] = strip::Even(ext[i + 1]) + strip::Even(ext[i + 2]);
        r.odd[i] = strip::Odd(ext[i + 1]) + strip::Odd(ext[i + 2]);
      }
    }
    return r;
  }

  // win[1] is the output's own row, win[2] the one below.
  __device__ static strip::Chunk Vertical(const Row (&win)[3]) {
    constexpr unsigned kHalf = 0x00020002u;  // + 2 in each lane: round half up
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const unsigned e = win[1].even[i] + win[2].even[i] + kHalf;
      const unsigned o = win[1].odd[i] + win[2].odd[i] + kHalf;
      out.w[i] = strip::InterleaveShifted<2>(e, o);  // each lane's sum / 4
    }
    return out;
  }
};

}  // namespace

const void* Box2x2FastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&) {
  return reinterpret_cast<const void*>(strip::StripKernelForFormat<Box2x2Stencil>(f, c));
}

void LaunchBox2x2Fast(const CudaCall& c) { strip::LaunchStripForFormat<Box2x2Stencil>(c, "Box2x2Fast"); }

}  // namespace fl::cuda
