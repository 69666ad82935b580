#pragma once
// Per-format arithmetic of the `gauss` kernels: pixels widen to a float accumulator (float4 for rgba8, so
// alpha is blurred like the other channels), taps accumulate as acc += w * p, and 8-bit outputs round half up
// and clamp exactly as the CPU reference does.
#include <cuda_runtime.h>

#include <cstdint>

#include "core/pixel_format.hpp"

namespace fl::cuda::gauss {

template <typename In>
struct AccOf {
  using Type = float;
};
template <>
struct AccOf<uchar4> {
  using Type = float4;
};
template <typename In>
using Acc = typename AccOf<In>::Type;

__device__ __forceinline__ float ToAcc(std::uint8_t v) { return static_cast<float>(v); }
__device__ __forceinline__ float ToAcc(float v) { return v; }
__device__ __forceinline__ float4 ToAcc(uchar4 v) { return make_float4(v.x, v.y, v.z, v.w); }

template <typename A>
__device__ __forceinline__ A Zero();
template <>
__device__ __forceinline__ float Zero<float>() {
  return 0.0f;
}
template <>
__device__ __forceinline__ float4 Zero<float4>() {
  return make_float4(0.0f, 0.0f, 0.0f, 0.0f);
}

__device__ __forceinline__ void MulAdd(float& acc, float w, float v) { acc += w * v; }
__device__ __forceinline__ void MulAdd(float4& acc, float w, float4 v) {
  acc.x += w * v.x;
  acc.y += w * v.y;
  acc.z += w * v.z;
  acc.w += w * v.w;
}

// floor(v + 0.5) clamped to 0..255, as the reference, without the quarter-rate floor and float-to-int
// conversion: clamping before the floor gives the same result (the bounds are integers), and adding 2^23 with
// round-toward-zero leaves floor(t) in the low mantissa bits of t + 2^23 for 0 <= t < 2^23.
__device__ __forceinline__ std::uint8_t RoundU8(float v) {
  const float t = fminf(fmaxf(v + 0.5f, 0.0f), 255.0f);
  return static_cast<std::uint8_t>(__float_as_uint(__fadd_rz(t, 8388608.0f)));
}
__device__ __forceinline__ void Store(std::uint8_t& out, float v) { out = RoundU8(v); }
__device__ __forceinline__ void Store(float& out, float v) { out = v; }
__device__ __forceinline__ void Store(uchar4& out, float4 v) {
  out = make_uchar4(RoundU8(v.x), RoundU8(v.y), RoundU8(v.z), RoundU8(v.w));
}

// Calls fn(T{}) with the pixel type of the format, so launchers and kernel look-ups are written once.
template <typename Fn>
void DispatchFormat(PixelFormat f, Fn&& fn) {
  switch (f) {
    case PixelFormat::Gray8:
      fn(std::uint8_t{});
      return;
    case PixelFormat::Rgba8:
      fn(uchar4{});
      return;
    case PixelFormat::Gray32f:
      fn(float{});
      return;
  }
}

// The arguments every gauss kernel takes.
struct Planes {
  const std::uint8_t* in;
  std::size_t in_pitch;
  std::uint8_t* out;
  std::size_t out_pitch;
  int w, h, r;
};

}  // namespace fl::cuda::gauss
