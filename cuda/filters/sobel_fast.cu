// `fast` sobel (gray8 in, gray8 magnitude out): a strip kernel (chunk_strip.cuh). Per input row and word it
// forms the two horizontal terms of the 4 pixels two at a time in packed half precision (HADD2, HFMA2): the
// [-1 0 1] difference and the [1 2 1] sum. Per output row it combines three rows into gx and gy the same way,
// then takes each pixel's magnitude in float with a shortcut (sobel_magnitude.cuh) that is bit-identical to the
// reference's arithmetic. Every value on the way is an integer of magnitude at most 2048, which a half holds
// exactly, so the half sums are exact.
#include <cuda_fp16.h>

#include "cuda/filters/fast.hpp"
#include "cuda/filters/sobel_magnitude.cuh"
#include "cuda/filters/strip_kernel.cuh"
#include "cuda/filters/strip_words.cuh"

namespace fl::cuda {
namespace {

__device__ __forceinline__ __half2 AsHalf2(unsigned bits) { return *reinterpret_cast<const __half2*>(&bits); }
__device__ __forceinline__ unsigned Bits(__half2 h) { return *reinterpret_cast<const unsigned*>(&h); }

struct SobelStencil {
  static constexpr int kMinBlocks = 3;  // 80 registers: 6 blocks per SM (93 registers: 5), 1.5% faster
  // A ring of rows (strip_kernel.cuh). With the integer lanes this kernel used before the halves it gained, with the
  // float's exponent word in a register (H100, 8192x8192, same process, two runs, bench/results/2026-11-27e_sobel,
  // call 2: 71.5% of a copy before, 72.5 with both, 70.4 with the ring alone). With the halves, off is level
  // though it spills nothing (32 bytes on): 80.0 -> 80.4 at 8192x8192, 69.2 -> 70.1 at 4096x4096 (three rounds,
  // bench/results/2026-11-27i_session9, call 14).
  static constexpr bool kRingWindow = true;
  // The lean prefetch ring (row_pipe.cuh, LeanEdgePipe): H100, 8192x8192, same process, means of three runs in each
  // of three calls (bench/results/2026-11-27f_box_edges, calls 1, 2 and 4): 72.2 / 72.6 / 72.2% of a copy without,
  // 74.1 / 73.6 / 73.5 with; as committed, the builds alternated, 72.3 -> 73.5 (2026-11-27g_session7, call 3). The
  // other strip stencils ran 0.5 to 4.1 points slower with it there. With the halves, off: 80.0 -> 73.9 (call 14 of
  // 2026-11-27i_session9).
  static constexpr bool kLeanPipe = true;
  // The steady path's ring (strip_steady.cuh) of 3 slots, not 6: level at 8192x8192 (75.6 / 75.1% of a copy against
  // 75.7 / 75.3), 58.2 against 54.8 at 3840x2160 and 77.7 against 71.6 at 1920x1080, with 80 bytes spilled instead
  // of 88 (H200, bench/results/2026-11-28p_session16, call 4).
  static constexpr int kSteadyDepth = 3;
  static constexpr bool kTestFirstRow = false;  // 1.2 points faster than testing the first row (strip_kernel.cuh)
  static constexpr int kRadius = 1;
  static constexpr int kBpp = 1;
  static constexpr int kNbrWords = 1;
  struct Row {
    __half2 diff_even[4], diff_odd[4];      // right - left
    __half2 smooth_even[4], smooth_odd[4];  // left + 2 centre + right + 1024
  };

  // Bytes 0 and 2 (selector 0x4240) or 1 and 3 (0x4341) of a word as the halves 1024 + byte: 0x64 is the high
  // byte of 1024.0 in half, and a half from 1024 to 2047 has a step of 1.
  __device__ static __half2 Biased(unsigned w, unsigned selector) {
    return AsHalf2(__byte_perm(w, 0x64646464u, selector));
  }
  // left + 2 centre + right + 1024 from halves biased by 1024: 2 centre - 1024, then + left, then + right, each
  // step exact (an integer from -1024 to 2044).
  __device__ static __half2 Smooth(__half2 centre, __half2 left, __half2 right) {
    return __hadd2(__hadd2(__hfma2(centre, __float2half2_rn(2.0f), __float2half2_rn(-3072.0f)), left), right);
  }

  __device__ static Row Horizontal(const unsigned (&ext)[6]) {
    __half2 e[6], o[6];  // words -1 .. 4: even pixels (0, 2) and odd pixels (1, 3), each + 1024
#pragma unroll
    for (int k = 0; k < 6; ++k) {
      if (k > 0) e[k] = Biased(ext[k], 0x4240u);
      if (k < 5) o[k] = Biased(ext[k], 0x4341u);
    }
    Row r;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      // The left neighbours of the even pixels are odd pixels -1 and 1, the right ones of the odd pixels even
      // pixels 2 and 4 (strip::GrayLanes): one half of each of two words.
      const __half2 even = e[i + 1], odd = o[i + 1];
      const __half2 odd_left = AsHalf2(strip::LaneShift(Bits(o[i]), Bits(odd)));
      const __half2 even_right = AsHalf2(strip::LaneShift(Bits(even), Bits(e[i + 2])));
      r.diff_even[i] = __hsub2(odd, odd_left);  // the biases cancel
      r.diff_odd[i] = __hsub2(even_right, even);
      r.smooth_even[i] = Smooth(even, odd_left, odd);
      r.smooth_odd[i] = Smooth(odd, even, even_right);
    }
    return r;
  }

  // The gray8 magnitudes of the pixels in the low and high halves of gx and gy, as 16-bit lanes. A half becomes a
  // float in one instruction (where a 16-bit integer lane took a byte permute and a subtraction).
  __device__ static unsigned Magnitudes(__half2 gx, __half2 gy) {
    const unsigned m0 = sobel_fast::MagnitudeBits(__low2float(gx), __low2float(gy));
    const unsigned m1 = sobel_fast::MagnitudeBits(__high2float(gx), __high2float(gy));
    return sobel_fast::Gray8Lanes(m0, m1);
  }

  __device__ static strip::Chunk Vertical(const Row (&w)[3]) {
    const __half2 two = __float2half2_rn(2.0f);
    strip::Chunk out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      // gx = up.diff + 2 mid.diff + down.diff (at most 1020 either way); gy = down.smooth - up.smooth (the
      // biases cancel; its sign flips for a window turned upside down, which the magnitude does not see).
      const __half2 gx_even = __hadd2(__hfma2(w[1].diff_even[i], two, w[0].diff_even[i]), w[2].diff_even[i]);
      const __half2 gx_odd = __hadd2(__hfma2(w[1].diff_odd[i], two, w[0].diff_odd[i]), w[2].diff_odd[i]);
      const __half2 gy_even = __hsub2(w[2].smooth_even[i], w[0].smooth_even[i]);
      const __half2 gy_odd = __hsub2(w[2].smooth_odd[i], w[0].smooth_odd[i]);
      // Pixels 0, 2 and 1, 3 in 16-bit lanes, interleaved into bytes 0 1 2 3 by one byte permute.
      out.w[i] = __byte_perm(Magnitudes(gx_even, gy_even), Magnitudes(gx_odd, gy_odd), 0x6240u);
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
