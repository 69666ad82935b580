#pragma once
// The exact bilinear sampling pieces both `fast` geometry kernels share (warp_fast.cu reads its taps through
// L1, warp_tile.cu from a shared-memory copy of the block's footprint): core/cpu/affine.hpp's MapPoint and
// SampleBilinear with the same float operations in the same order, without a conversion instruction.
// warp_fast.cu's header says why each replacement is exact.
#include <cstdint>
#include <string>

#include "core/cpu/affine.hpp"
#include "core/error.hpp"
#include "core/filter_spec.hpp"

namespace fl::cuda::warp {

constexpr float kFloorMagic = 12582912.0f;  // 1.5 * 2^23: ulp 1 for sums in [2^23, 2^24)
constexpr int kFloorMagicBits = 0x4B400000;
constexpr float kByteBias = 8388608.0f;
constexpr int kMagicRange = 1 << 22;  // floor trick exact for |s| < 2^22

// What a kernel needs to read taps straight from the input, for pixels whose four taps are inside it.
struct DirectInput {
  const unsigned* in;   // the input as 32-bit words (rows are 4-byte aligned)
  const unsigned* in1;  // in + one row: row y0 + 1 at the same word index
  unsigned pitch_words;  // in_pitch / 4; word indices fit 32 bits (images are at most 2^30 pixels)
  // x0 < x_limit (unsigned) means taps x0 and x0 + 1 are both in the row: min(w - 1, 2^22), likewise y.
  unsigned x_limit, y_limit;
};

inline unsigned InteriorLimit(int size) {
  return static_cast<unsigned>(size - 1 < kMagicRange ? size - 1 : kMagicRange);
}

inline DirectInput DirectInputOf(const DeviceView& in) {
  return {reinterpret_cast<const unsigned*>(in.data), reinterpret_cast<const unsigned*>(in.data + in.pitch),
          static_cast<unsigned>(in.pitch / 4), InteriorLimit(in.shape.width), InteriorLimit(in.shape.height)};
}

// The kernels' word (and chunk) accesses need rows aligned to `bytes`. Every device image is pitched (512-byte
// rows, cuda/owners.cpp); a view that is not would be a bug.
inline void CheckRowAlignment(const CudaCall& c, std::size_t bytes, const char* kernel) {
  for (const DeviceView* v : {&c.in, &c.out})
    if (reinterpret_cast<std::uintptr_t>(v->data) % bytes != 0 || v->pitch % bytes != 0)
      throw RuntimeError(std::string(kernel) + " needs " + std::to_string(bytes) + "-byte aligned rows");
}

// floorf(s) split into the fraction s - floorf(s) (exactly the reference's) and the int floor. The one
// difference: s = -0 gives the fraction -0 instead of +0, and an fmaf by a zero weight gives the same value.
struct Split {
  float frac;
  int index;
};
__device__ __forceinline__ Split SplitCoord(float s) {
  const float r = __fadd_rd(s, kFloorMagic);
  const float whole = r - kFloorMagic;  // floorf(s), exact
  return {s - whole, __float_as_int(r) - kFloorMagicBits};
}

__device__ __forceinline__ bool TapsInside(const DirectInput& d, Split hx, Split hy) {
  return static_cast<unsigned>(hx.index) < d.x_limit && static_cast<unsigned>(hy.index) < d.y_limit;
}

// Byte k of `word` as the float 2^23 + byte. One constant serves as both the permute's selector (its low
// half: byte k of word, then its own bytes 2, 2, 3) and the bytes selected (0, 0, 0x4B), so that no second
// constant needs a register (rgba8 0.302 -> 0.294 ms at 8192x8192 on an H100; gray8 unchanged).
__device__ __forceinline__ float Biased(unsigned word, unsigned k) {
  const unsigned selector_and_bias = 0x4B003224u + k;
  return __uint_as_float(__byte_perm(selector_and_bias, word, selector_and_bias));
}

// SampleBilinear's two lerps along x and one along y, and RoundToU8, from each row's first tap v0 and its
// difference d = v1 - v0 (exact for byte taps, however they were made floats): the result is the low byte.
__device__ __forceinline__ unsigned LerpAndRound(float v00, float d0, float v10, float d1, float ax, float ay) {
  const float top = fmaf(ax, d0, v00);
  const float bottom = fmaf(ax, d1, v10);
  const float v = fmaf(ay, bottom - top, top);
  return __float_as_uint(__fadd_rd(v + 0.5f, kByteBias));  // 2^23 + floor(v + 0.5)
}

// The same on biased taps (2^23 + byte): differences are exact in that form, the first taps lose the bias.
__device__ __forceinline__ unsigned Interpolate(float b00, float b01, float b10, float b11, float ax,
                                                float ay) {
  return LerpAndRound(b00 - kByteBias, b01 - b00, b10 - kByteBias, b11 - b10, ax, ay);
}

// rgba8: the four channels of the taps' words interpolated and packed into one 32-bit word.
__device__ __forceinline__ unsigned InterpolateRgba(unsigned q00, unsigned q01, unsigned q10, unsigned q11,
                                                    float ax, float ay) {
  unsigned c[4];
#pragma unroll
  for (unsigned k = 0; k < 4; ++k)
    c[k] = Interpolate(Biased(q00, k), Biased(q01, k), Biased(q10, k), Biased(q11, k), ax, ay);
  return __byte_perm(__byte_perm(c[0], c[1], 0x0040), __byte_perm(c[2], c[3], 0x0040), 0x5410);
}

// gray8: both taps of a row from one aligned 32-bit word, or two when x0 is a word's last byte. Rows are
// 4-byte aligned (checked by the launcher), so the word and the byte within it follow from x0 alone; a 32-bit
// word index into the input makes each row's address one IMAD.WIDE.
__device__ __forceinline__ unsigned InteriorGray(const DirectInput& a, Split hx, Split hy) {
  const unsigned x0 = static_cast<unsigned>(hx.index), y0 = static_cast<unsigned>(hy.index);
  const unsigned word = y0 * a.pitch_words + x0 / 4;
  const unsigned* row0 = a.in + word;
  const unsigned* row1 = a.in1 + word;
  const unsigned lo0 = __ldg(row0), lo1 = __ldg(row1);
  unsigned hi0 = 0, hi1 = 0;
  if (x0 % 4 == 3) {
    hi0 = __ldg(row0 + 1);
    hi1 = __ldg(row1 + 1);
  }
  const unsigned shift = x0 * 8;  // the funnel shift takes it mod 32: 8 * (x0 % 4)
  const unsigned pair0 = __funnelshift_r(lo0, hi0, shift), pair1 = __funnelshift_r(lo1, hi1, shift);
  return Interpolate(Biased(pair0, 0), Biased(pair0, 1), Biased(pair1, 0), Biased(pair1, 1), hx.frac,
                     hy.frac);
}

// rgba8: each tap is one aligned word.
__device__ __forceinline__ unsigned InteriorRgba(const DirectInput& a, Split hx, Split hy) {
  const unsigned word = static_cast<unsigned>(hy.index) * a.pitch_words + static_cast<unsigned>(hx.index);
  const unsigned* row0 = a.in + word;
  const unsigned* row1 = a.in1 + word;
  return InterpolateRgba(__ldg(row0), __ldg(row0 + 1), __ldg(row1), __ldg(row1 + 1), hx.frac, hy.frac);
}

template <int C>
__device__ __forceinline__ unsigned Interior(const DirectInput& a, Split hx, Split hy) {
  if constexpr (C == 1)
    return InteriorGray(a, hx, hy);
  else
    return InteriorRgba(a, hx, hy);
}

// One output pixel: a byte, or a word of 4 channels (rows are 4-byte aligned).
template <int C>
__device__ __forceinline__ void Store(std::uint8_t* dst, unsigned v) {
  if constexpr (C == 1)
    *dst = static_cast<std::uint8_t>(v);
  else
    *reinterpret_cast<unsigned*>(dst) = v;
}

}  // namespace fl::cuda::warp
