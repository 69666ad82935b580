// `half2` gauss (gray8 and rgba8, radius 1..4): a strip kernel (chunk_strip.cuh) whose row and column passes
// run on pairs of half-precision values, two pixels (gray8) or two channels (rgba8) per instruction.
//
// Why half2: the separable passes cost 2(2r + 1) multiply-adds per pixel (18 at radius 4). In fp32 that is
// about as many instructions as a device-to-device copy leaves time for; HFMA2 does two at once.
// Why it stays within the filter's tolerance of 1 grey level: every value is centred (byte - 128, exact in
// half), so the partial sums stay within about 128 in size, where a rounding moves a sum by half an ulp: 1/32
// below 128 (1/16 in the rare sum just past it). The taps are summed from the outermost (smallest weights) in, so
// the early sums, and their roundings, are smaller still. A half weight is within 2^-12 of the float one,
// relatively (absolutely within 2^-25 for the tiny weights that are subnormal in half), which moves a sum by at
// most 128 x 2^-12 = 1/32. So a pass errs by at most (2r + 3) / 32 (0.34 at radius 4, counting one sum past
// 128), the column pass carries the row pass's error through weights that sum to 1, and both passes together
// stay below 0.7 of a level before the final rounding: the result is the reference's or next to it (the GPU tests compare every output with it).
#include <cuda_fp16.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/error.hpp"
#include "cuda/filters/gauss_half2.hpp"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

// The 1D weights as half2 (each weight in both halves), outermost first: w[0] is tap -r, w[2r] tap +r.
struct Half2Weights {
  __half2_raw w[2 * kGaussHalf2MaxRadius + 1];
};

__device__ __forceinline__ __half2 AsHalf2(unsigned bits) {
  __half2 h;
  static_assert(sizeof(h) == sizeof(bits));
  memcpy(&h, &bits, sizeof(bits));
  return h;
}
__device__ __forceinline__ unsigned AsBits(__half2 h) {
  unsigned bits;
  memcpy(&bits, &h, sizeof(bits));
  return bits;
}

// Bytes 0, 1 (high = false) or 2, 3 of a word as the half2 (b - 128, b' - 128), exactly: the permute puts each
// byte under a 0x64 byte, which reads as the half 1024 + b, and one subtraction of 1152 centres it.
__device__ __forceinline__ __half2 CentredPair(unsigned word, bool high) {
  constexpr unsigned kHalf1024 = 0x64646464u;
  return __hsub2(AsHalf2(__byte_perm(word, kHalf1024, high ? 0x7362u : 0x5140u)), AsHalf2(0x64806480u));
}

// Two centred pairs back to four bytes: + 1152 rounds each to an integer (halves in [1024, 2048) are exactly
// the integers), the clamp keeps it within 1024 + [0, 255], and the low bytes of those halves are the results.
__device__ __forceinline__ unsigned PackPairs(__half2 a, __half2 b) {
  const __half2 bias = AsHalf2(0x64806480u), lo = AsHalf2(0x64006400u), hi = AsHalf2(0x64FF64FFu);
  a = __hmin2(__hmax2(__hadd2(a, bias), lo), hi);
  b = __hmin2(__hmax2(__hadd2(b, bias), lo), hi);
  return __byte_perm(AsBits(a), AsBits(b), 0x6420u);
}

// Sum of w[t] * v(t) over the taps t = 0 .. 2R (t = R the centre), the outermost pair of taps first.
template <int R, typename Tap>
__device__ __forceinline__ __half2 TapSum(const Half2Weights& w, Tap v) {
  __half2 acc = __hmul2(__half2(w.w[0]), v(0));
  acc = __hfma2(__half2(w.w[2 * R]), v(2 * R), acc);
#pragma unroll
  for (int d = R - 1; d >= 1; --d) {
    acc = __hfma2(__half2(w.w[R - d]), v(R - d), acc);
    acc = __hfma2(__half2(w.w[R + d]), v(R + d), acc);
  }
  return __hfma2(__half2(w.w[R]), v(R), acc);
}

template <int Bpp, int R>
struct GaussHalf2Stencil {
  static_assert(R >= 1 && R <= kGaussHalf2MaxRadius);
  // 72 registers of row results at radius 4: two blocks of 256 threads per SM leave each thread 128.
  static constexpr int kMinBlocks = 2;
  static constexpr int kRadius = R;
  static constexpr int kBpp = Bpp;
  static constexpr int kNbrWords = strip::NbrWords(R, Bpp);
  using Params = Half2Weights;
  struct Row {
    __half2 h[8];  // gray8: pixels 2i, 2i + 1 of the chunk; rgba8: pixel i / 2's (r, g) or (b, a)
  };

  __device__ static Row Horizontal(const unsigned (&ext)[4 + 2 * kNbrWords], const Params& w) {
    constexpr int kWords = 4 + 2 * kNbrWords;
    __half2 pair[2 * kWords];  // gray8: pixels (2i, 2i + 1) of ext; rgba8: word i / 2's (r, g) or (b, a)
#pragma unroll
    for (int i = 0; i < kWords; ++i) pair[2 * i] = CentredPair(ext[i], false), pair[2 * i + 1] = CentredPair(ext[i], true);
    Row r;
    if constexpr (Bpp == 1) {
      // Output pair j is pixels p, p + 1 of ext (p = 4 kNbrWords + 2j, even); its tap t reads pixels p + t - R and
      // the one after: a pair as converted when p + t - R is even, else the halves of two neighbouring pairs.
#pragma unroll
      for (int j = 0; j < 8; ++j) {
        const int p = 4 * kNbrWords + 2 * j;
        r.h[j] = TapSum<R>(w, [&](int t) {
          const int q = p + t - R;
          return q % 2 == 0 ? pair[q / 2] : AsHalf2(strip::LaneShift(AsBits(pair[q / 2]), AsBits(pair[q / 2 + 1])));
        });
      }
    } else {  // rgba8: the taps of pixel i are the words kNbrWords + i + t - R, channel pairs apart by 2 pairs
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int half = 0; half < 2; ++half)
          r.h[2 * i + half] = TapSum<R>(w, [&](int t) { return pair[2 * (kNbrWords + i + t - R) + half]; });
    }
    return r;
  }

  __device__ static strip::Chunk Vertical(const Row (&win)[2 * R + 1], const Params& w) {
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i)
      out.w[i] = PackPairs(TapSum<R>(w, [&](int t) { return win[t].h[2 * i]; }),
                           TapSum<R>(w, [&](int t) { return win[t].h[2 * i + 1]; }));
    return out;
  }
};

using Half2Kernel = void (*)(strip::StripArgs, Half2Weights);

template <int Bpp>
Half2Kernel KernelFor(int r, const LaunchConfig& c) {
  switch (r) {
    case 1: return strip::StripKernelWithParams<GaussHalf2Stencil<Bpp, 1>>(c);
    case 2: return strip::StripKernelWithParams<GaussHalf2Stencil<Bpp, 2>>(c);
    case 3: return strip::StripKernelWithParams<GaussHalf2Stencil<Bpp, 3>>(c);
    case 4: return strip::StripKernelWithParams<GaussHalf2Stencil<Bpp, 4>>(c);
    default: return nullptr;
  }
}

Half2Kernel KernelFor(PixelFormat f, int r, const LaunchConfig& c) {
  if (f == PixelFormat::Rgba8) return KernelFor<4>(r, c);
  if (f == PixelFormat::Gray8) return KernelFor<1>(r, c);
  return nullptr;
}

}  // namespace

std::optional<std::string> GaussHalf2Problem(const LaunchConfig& c, const ParamValues& p) {
  const int r = p.Int("radius");
  if (r > kGaussHalf2MaxRadius)
    return "half2 serves radius 1.." + std::to_string(kGaussHalf2MaxRadius) +
           " (its window of 2r+1 rows lives in registers), not " + std::to_string(r) + ": pick tensor or fast";
  return strip::BlockProblem(c, p);
}

const void* GaussHalf2Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues& p) {
  return reinterpret_cast<const void*>(KernelFor(f, std::clamp(p.Int("radius"), 1, kGaussHalf2MaxRadius), c));
}

void LaunchGaussHalf2(const CudaCall& c) {
  const int r = c.params.Int("radius");
  const Half2Kernel kernel = KernelFor(c.in.shape.format, r, c.launch);
  if (!kernel)
    throw InputError("gauss half2: no kernel for radius " + std::to_string(r) + " on " +
                     std::string(ToString(c.in.shape.format)));
  const std::vector<float> w1 = GaussWeights1D(r, c.params.Float("sigma"));
  Half2Weights w{};
  for (int t = 0; t < 2 * r + 1; ++t) {
    const __half_raw h = __float2half_rn(w1[static_cast<std::size_t>(t)]);
    w.w[t] = __half2_raw{h.x, h.x};
  }
  strip::LaunchStrip(kernel, c, "GaussHalf2", strip::SmemBytes(c.launch, c.params, c.in.shape.format), w);
}

}  // namespace fl::cuda
