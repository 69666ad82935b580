#pragma once
// The per-channel arithmetic of the point operations, shared verbatim by the CPU variants (core/cpu/point_ops.cpp)
// and the CUDA kernels (cuda/filters/point_ops.cu). One formula compiled for both sides is what makes them
// bit-identical. Plain C++: under nvcc the operators are also compiled for the device.
//
// Each operation is a small functor: kInputs (1 or 2), kId (the filter id, for messages), From(params) (built on
// the host from a stage's parameters) and operator() on one 8-bit channel value.
#include <math.h>  // ::fmaf and ::rintf, the names nvcc also provides on the device

#include <cstdint>

#include "core/params.hpp"

#include "core/host_device.hpp"

namespace fl::point {

FL_HOST_DEVICE inline std::uint8_t SaturateU8(int v) {
  return static_cast<std::uint8_t>(v < 0 ? 0 : (v > 255 ? 255 : v));
}

// out = clamp(rint(alpha * in + beta), 0, 255). fmaf rounds once on both sides (an IEEE fused multiply-add is
// exact up to its one rounding), so neither compiler's choice to contract a*x+b can change a result. rintf rounds
// halves to even (the default rounding mode on the host, the definition on the device).
struct BrightnessContrast {
  static constexpr int kInputs = 1;
  static constexpr const char* kId = "brightness_contrast";
  float alpha = 1.0f;
  float beta = 0.0f;
  static BrightnessContrast From(const ParamValues& p) { return {p.Float("alpha"), p.Float("beta")}; }
  FL_HOST_DEVICE std::uint8_t operator()(std::uint8_t a) const {
    const float v = rintf(fmaf(alpha, static_cast<float>(a), beta));
    // Clamp in float: v may be far outside [0, 255] (alpha up to 8, beta down to -255).
    return static_cast<std::uint8_t>(v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v));
  }
};

struct Invert {
  static constexpr int kInputs = 1;
  static constexpr const char* kId = "invert";
  static Invert From(const ParamValues&) { return {}; }
  FL_HOST_DEVICE std::uint8_t operator()(std::uint8_t a) const { return static_cast<std::uint8_t>(255 - a); }
};

struct Threshold {
  static constexpr int kInputs = 1;
  static constexpr const char* kId = "threshold";
  int t = 128;
  static Threshold From(const ParamValues& p) { return {p.Int("t")}; }
  FL_HOST_DEVICE std::uint8_t operator()(std::uint8_t a) const { return a > t ? 255 : 0; }
};

// Two-input operations: `b` is the matching channel of the second image (param `with`).
struct Add {
  static constexpr int kInputs = 2;
  static constexpr const char* kId = "add";
  static Add From(const ParamValues&) { return {}; }
  FL_HOST_DEVICE std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const { return SaturateU8(a + b); }
};

struct Sub {
  static constexpr int kInputs = 2;
  static constexpr const char* kId = "sub";
  static Sub From(const ParamValues&) { return {}; }
  FL_HOST_DEVICE std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const { return SaturateU8(a - b); }
};

struct Absdiff {
  static constexpr int kInputs = 2;
  static constexpr const char* kId = "absdiff";
  static Absdiff From(const ParamValues&) { return {}; }
  FL_HOST_DEVICE std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const {
    return static_cast<std::uint8_t>(a > b ? a - b : b - a);
  }
};

}  // namespace fl::point
