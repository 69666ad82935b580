#pragma once
// Word forms of point operations: four bytes of a 32-bit word through an operation at once, for the vec4 kernel
// (point_ops.cu), where that takes fewer or faster instructions than four calls of the operation's byte operator
// (core/cpu/point_ops_math.hpp). A word form gives the same bytes as those four calls; where it holds only for some
// parameters, Applies() says so on the host and the launcher keeps the byte operator otherwise.
#include <cstdint>

#include "core/cpu/point_ops_math.hpp"

namespace fl::cuda::point_words {

template <typename Op>
struct WordForm {
  static constexpr bool kDeclared = false;
};

// Brightness and contrast without a float conversion and without a float clamp. The byte operator spends, per byte,
// a byte-to-float conversion (in sm_90's SASS half of them I2F, 16 lanes a clock per SM), the fused multiply-add,
// two float clamps and the rounding addition. Here, per byte:
//  - a byte permute puts the byte under the exponent of 2^23 (0x4B0000bb is the float 2^23 + b), and subtracting
//    2^23 leaves exactly the float b: the multiply-add then sees the reference's operands and rounds as it does;
//  - adding 1.5 x 2^23 to u = fmaf(alpha, b, beta) rounds u to an integer (half to even, as the reference's 2^23
//    addition does), since for |u| < 2^22 the sum lies in [2^23, 2^24), where floats are the integers; the sum's
//    bits are then 0x4B400000 + rint(u), so their low 16 bits are rint(u) as a 16-bit integer while |u| < 2^15;
//  - the clamp to [0, 255] comes after the rounding, on the integers: the bounds are integers and rounding is
//    monotonic, so clamping first (the reference) or last gives the same byte. Two pixels' 16-bit lanes are
//    clamped by one instruction (sm_90's min-and-relu on 16-bit lanes).
// Holds while |u| < 2^15; Applies() asks for 255 |alpha| + |beta| < 2^14, a margin that the parameters' ranges
// ([0, 8], [-255, 255]: at most 2295) keep many times over. Measured (ncu, H100, 8192x8192 gray8): 21.1 M warp
// instructions before, 16.5 M with it; the time is level there, where the kernel waits on DRAM either way.
template <>
struct WordForm<point::BrightnessContrast> {
  static constexpr bool kDeclared = true;
  static bool Applies(const point::BrightnessContrast& op) {
    return 255.0f * fabsf(op.alpha) + fabsf(op.beta) < 16384.0f;
  }
#ifdef __CUDACC__
  __device__ static __forceinline__ std::uint32_t Apply(const point::BrightnessContrast& op, std::uint32_t w,
                                                       std::uint32_t) {
    std::uint32_t sum[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const float b = __uint_as_float(__byte_perm(w, 0x4B000000u, 0x7440u + k)) - 8388608.0f;  // 2^23
      sum[k] = __float_as_uint(fmaf(op.alpha, b, op.beta) + 12582912.0f);  // 1.5 x 2^23
    }
    // Bytes 0, 1 and 2, 3 as 16-bit lanes, each clamped to [0, 255], then their low bytes in order.
    const std::uint32_t lo = __vimin_s16x2_relu(__byte_perm(sum[0], sum[1], 0x5410u), 0x00FF00FFu);
    const std::uint32_t hi = __vimin_s16x2_relu(__byte_perm(sum[2], sum[3], 0x5410u), 0x00FF00FFu);
    return __byte_perm(lo, hi, 0x6420u);
  }
#endif
};

// Threshold, add, sub and absdiff are byte-wise integer operations that the packed byte intrinsics (sm_90 has some
// as instructions and emulates the rest in a few) do on a whole word, each exactly as the byte operator does on
// each byte. The vec4 kernel's path from its loads to its store (SASS, sm_90) falls from 107 to 61 instructions for
// threshold, and from 145 / 121 / 172 to 73 / 73 / 51 for add / sub / absdiff; brightness's from 160 to 125, none
// of them a conversion. Invert needs none: the compiler already turns 255 - a into one inversion of the word.
template <>
struct WordForm<point::Threshold> {  // a > t: an unsigned byte compare that sets 0xFF, for t a byte value
  static constexpr bool kDeclared = true;
  static bool Applies(const point::Threshold& op) { return op.t >= 0 && op.t <= 255; }
#ifdef __CUDACC__
  __device__ static __forceinline__ std::uint32_t Apply(const point::Threshold& op, std::uint32_t a, std::uint32_t) {
    return __vcmpgtu4(a, 0x01010101u * static_cast<std::uint32_t>(op.t));
  }
#endif
};

template <>
struct WordForm<point::Add> {  // min(a + b, 255): an unsigned saturating add
  static constexpr bool kDeclared = true;
  static bool Applies(const point::Add&) { return true; }
#ifdef __CUDACC__
  __device__ static __forceinline__ std::uint32_t Apply(const point::Add&, std::uint32_t a, std::uint32_t b) {
    return __vaddus4(a, b);
  }
#endif
};

template <>
struct WordForm<point::Sub> {  // max(a - b, 0): an unsigned saturating subtraction
  static constexpr bool kDeclared = true;
  static bool Applies(const point::Sub&) { return true; }
#ifdef __CUDACC__
  __device__ static __forceinline__ std::uint32_t Apply(const point::Sub&, std::uint32_t a, std::uint32_t b) {
    return __vsubus4(a, b);
  }
#endif
};

template <>
struct WordForm<point::Absdiff> {
  static constexpr bool kDeclared = true;
  static bool Applies(const point::Absdiff&) { return true; }
#ifdef __CUDACC__
  __device__ static __forceinline__ std::uint32_t Apply(const point::Absdiff&, std::uint32_t a, std::uint32_t b) {
    return __vabsdiffu4(a, b);
  }
#endif
};

}  // namespace fl::cuda::point_words
