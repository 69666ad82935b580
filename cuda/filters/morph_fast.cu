// `fast` dilate / erode: a strip kernel (chunk_strip.cuh). Each thread owns 16 bytes of a row (16 gray8 or 4
// rgba8 pixels); per input row it takes the (2R + 1)-wide max / min of each of its 4 words with byte shifts
// (__byte_perm) and per-byte SIMD (__vmaxu4 / __vminu4), and each output row is the max / min of the window
// of 2R + 1 such row results it keeps in registers.
#include "cuda/filters/fast.hpp"
#include "cuda/filters/morph_words.cuh"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

template <MorphOp Op, int R, int Bpp>
struct MorphStencil {
  static constexpr bool kMax = Op == MorphOp::Dilate;
  static constexpr int kMinBlocks = 3;
  static constexpr int kRadius = R;
  static constexpr int kBpp = Bpp;
  static constexpr int kNbrWords = strip::NbrWords(R, Bpp);
  using Row = strip::Chunk;

  __device__ static Row Horizontal(const unsigned (&ext)[4 + 2 * kNbrWords]) {
    Row out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      unsigned v = ext[kNbrWords + i];
      v = morph::Pick<kMax>(v, strip::PixelsLeft<Bpp, kNbrWords, 1>(ext, i));
      v = morph::Pick<kMax>(v, strip::PixelsRight<Bpp, kNbrWords, 1>(ext, i));
      if constexpr (R >= 2) {
        v = morph::Pick<kMax>(v, strip::PixelsLeft<Bpp, kNbrWords, 2>(ext, i));
        v = morph::Pick<kMax>(v, strip::PixelsRight<Bpp, kNbrWords, 2>(ext, i));
      }
      out.w[i] = v;
    }
    return out;
  }

  __device__ static strip::Chunk Vertical(const Row (&win)[2 * R + 1]) {
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      unsigned v = win[0].w[i];
#pragma unroll
      for (int k = 1; k <= 2 * R; ++k) v = morph::Pick<kMax>(v, win[k].w[i]);
      out.w[i] = v;
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
const void* MorphFastKernel(PixelFormat f, const LaunchConfig& c) {
  return reinterpret_cast<const void*>(KernelFor<Op, R>(f, c));
}

template <MorphOp Op, int R>
void LaunchMorphFast(const CudaCall& c) {
  strip::LaunchStrip(KernelFor<Op, R>(c.in.shape.format, c.launch), c, "MorphFast",
                     strip::SmemBytes(c.launch, c.params, c.in.shape.format));
}

#define FL_MORPH_FAST_INSTANTIATE(Op, R)                 \
  template void LaunchMorphFast<Op, R>(const CudaCall&); \
  template const void* MorphFastKernel<Op, R>(PixelFormat, const LaunchConfig&);
FL_MORPH_FAST_INSTANTIATE(MorphOp::Dilate, 1)
FL_MORPH_FAST_INSTANTIATE(MorphOp::Erode, 1)
FL_MORPH_FAST_INSTANTIATE(MorphOp::Dilate, 2)
FL_MORPH_FAST_INSTANTIATE(MorphOp::Erode, 2)
#undef FL_MORPH_FAST_INSTANTIATE

}  // namespace fl::cuda
