// `fast` dilate / erode: a strip kernel (chunk_strip.cuh). Each thread owns 16 bytes of a row (16 gray8 or 4
// rgba8 pixels); per input row it takes the (2R + 1)-wide max / min of each of its 4 words with byte shifts
// (__byte_perm) and per-byte SIMD (__vmaxu4 / __vminu4), and each output row is the max / min of the window
// of 2R + 1 such row results it keeps in registers.
#include "cuda/filters/fast.hpp"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

// Max / min of 16-bit lanes: one instruction on compute capability 9.0 (max.u16x2), where the per-byte __vmaxu4 is
// emulated by a dozen (the first version of this kernel spent most of its time there).
template <bool kMax>
__device__ __forceinline__ unsigned Pick2(unsigned a, unsigned b) {
  return kMax ? __vmaxu2(a, b) : __vminu2(a, b);
}
template <bool kMax>
__device__ __forceinline__ unsigned Pick3(unsigned a, unsigned b, unsigned c) {
  return kMax ? __vimax3_u16x2(a, b, c) : __vimin3_u16x2(a, b, c);
}

// Rows are kept as the even and the odd bytes of each word in 16-bit lanes (pixels 0 and 2, 1 and 3 of a gray8
// word; red and blue, green and alpha of an rgba8 pixel) and interleaved again only for the output.
template <MorphOp Op, int R, int Bpp>
struct MorphStencil {
  static_assert(R == 1 || R == 2, "fast morphology serves radius 1 and 2");
  static constexpr bool kMax = Op == MorphOp::Dilate;
  // Gray8 3x3 fits 64 registers without spilling: 8 blocks per SM instead of 7 (2.5% faster on the H100).
  // Gray8 5x5 at 80 registers runs 6 blocks of 128 threads per SM instead of 5 (at 96): 0.0598 -> 0.0568 ms at
  // 8192x8192 on the H100, then with 16 to 84 bytes spilled, none since its window is a ring.
  static constexpr int kMinBlocks = (R == 1 && Bpp == 1) ? 4 : (Bpp == 1 ? 3 : 2);
  static constexpr bool kTestFirstRow = false;
  static constexpr bool kRingWindow = R == 2;  // 5x5: no spill at 80 registers; 3x3 slower as a ring (strip_kernel.cuh)
  static constexpr bool kLeanPipe = false;  // slower with the lean ring (row_pipe.cuh, LeanEdgePipe)
  static constexpr int kRadius = R;
  static constexpr int kBpp = Bpp;
  // The steady path's ring (strip_steady.cuh): rgba8 3x3 with 6 slots, 95.0% of a copy at 8192x8192 against 92.5
  // with 4 (H200, three rounds, bench/results/2026-11-28p_session16, call 5); gray8 keeps 4, 5x5 its ring's 5.
  static constexpr int kSteadyDepth = R == 2 ? 5 : (Bpp == 4 ? 6 : 4);
  static constexpr int kNbrWords = strip::NbrWords(R, Bpp);
  static constexpr int kWords = 4 + 2 * kNbrWords;
  struct Row {
    unsigned even[4], odd[4];
  };

  __device__ static Row Horizontal(const unsigned (&ext)[kWords]) {
    unsigned e[kWords], o[kWords];
#pragma unroll
    for (int k = 0; k < kWords; ++k) e[k] = strip::Even(ext[k]), o[k] = strip::Odd(ext[k]);
    Row r;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int c = kNbrWords + i;
      if constexpr (Bpp == 4) {  // a word is a pixel: its neighbours are the words around it
        unsigned ve = e[c], vo = o[c];
#pragma unroll
        for (int d = 1; d <= R; ++d) ve = Pick3<kMax>(ve, e[c - d], e[c + d]), vo = Pick3<kMax>(vo, o[c - d], o[c + d]);
        r.even[i] = ve, r.odd[i] = vo;
      } else {
        // gray8: the even pixels' neighbours at distance 1 are odd pixels, at distance 2 even ones.
        const unsigned odd_left = strip::LaneShift(o[c - 1], o[c]), even_right = strip::LaneShift(e[c], e[c + 1]);
        if constexpr (R == 1) {
          r.even[i] = Pick3<kMax>(odd_left, e[c], o[c]);
          r.odd[i] = Pick3<kMax>(e[c], o[c], even_right);
        } else {
          const unsigned even_left = strip::LaneShift(e[c - 1], e[c]), odd_right = strip::LaneShift(o[c], o[c + 1]);
          r.even[i] = Pick3<kMax>(Pick3<kMax>(even_left, odd_left, e[c]), o[c], even_right);
          r.odd[i] = Pick3<kMax>(Pick3<kMax>(odd_left, e[c], o[c]), even_right, odd_right);
        }
      }
    }
    return r;
  }

  __device__ static strip::Chunk Vertical(const Row (&win)[2 * R + 1]) {
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      unsigned ve = Pick3<kMax>(win[0].even[i], win[1].even[i], win[2].even[i]);
      unsigned vo = Pick3<kMax>(win[0].odd[i], win[1].odd[i], win[2].odd[i]);
      if constexpr (R == 2) ve = Pick3<kMax>(ve, win[3].even[i], win[4].even[i]), vo = Pick3<kMax>(vo, win[3].odd[i], win[4].odd[i]);
      out.w[i] = strip::Interleave(ve, vo);
    }
    return out;
  }
};

template <MorphOp Op, int R>
strip::KernelPtr KernelFor(PixelFormat f, const LaunchConfig& c) {
  return f == PixelFormat::Rgba8 ? strip::StripKernelFor<MorphStencil<Op, R, 4>>(c)
                                 : strip::StripKernelFor<MorphStencil<Op, R, 1>>(c);
}

}  // namespace

template <MorphOp Op, int R>
const void* MorphFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&) {
  return reinterpret_cast<const void*>(KernelFor<Op, R>(f, c));
}

template <MorphOp Op, int R>
void LaunchMorphFast(const CudaCall& c) {
  strip::LaunchStrip(KernelFor<Op, R>(c.in.shape.format, c.launch), c, "MorphFast",
                     strip::SmemBytes(c.launch, c.params, c.in.shape.format));
}

#define FL_MORPH_FAST_INSTANTIATE(Op, R)                 \
  template void LaunchMorphFast<Op, R>(const CudaCall&); \
  template const void* MorphFastKernel<Op, R>(PixelFormat, const LaunchConfig&, const ParamValues&);
FL_MORPH_FAST_INSTANTIATE(MorphOp::Dilate, 1)
FL_MORPH_FAST_INSTANTIATE(MorphOp::Erode, 1)
FL_MORPH_FAST_INSTANTIATE(MorphOp::Dilate, 2)
FL_MORPH_FAST_INSTANTIATE(MorphOp::Erode, 2)
#undef FL_MORPH_FAST_INSTANTIATE

}  // namespace fl::cuda
