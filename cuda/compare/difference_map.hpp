#pragma once
// The A/B difference as an rgba8 device image, for the viewer to turn into its texture; nothing goes to the
// host.
//
//   HeatMap       |A - B| (largest channel) through black -> red -> yellow -> white, exactly as
//   DifferenceHeatMap
//                 (core/metrics.hpp) computes it, bit for bit: the device repeats the CPU's double arithmetic
//                 with explicitly rounded operations (no fused multiply-add) and rounds half away from zero.
//   MismatchMask  pixels where any channel differs by more than the tolerance (as CompareImages counts them)
//   in
//                 kMismatchColour; every other pixel a dimmed grey copy of A, so the marks stand out.
#include <cuda_runtime.h>

#include <array>
#include <cstdint>

#include "core/filter_spec.hpp"
#include "cuda/compare/value_span.hpp"

namespace fl::cuda {

enum class DiffMode { HeatMap, MismatchMask };

struct DiffMapSettings {
  DiffMode mode = DiffMode::HeatMap;
  double gain = 1.0;       // HeatMap: multiplies |A - B| before mapping; finite and >= 0
  double tolerance = 0.0;  // MismatchMask: a pixel is marked when a channel differs by more than this
  ValueSpan span_of_a;     // gray32f: DeviceComparer::span_of_a() of the same A. Ignored for 8-bit (0..255)
};

inline constexpr std::array<std::uint8_t, 4> kMismatchColour = {255, 0, 255, 255};  // magenta

// The grey of a matching pixel in the mask: 40% of A's grey level (at most 102, so never mistaken for a
// mark). A's grey level is the byte itself (gray8), the `gray` filter's luma (rgba8) or the value scaled by
// the span to 0..255 (gray32f; non-finite values are 0).
constexpr std::uint8_t DimmedGrey(std::uint8_t grey) { return static_cast<std::uint8_t>(grey * 2 / 5); }

// Writes the map of A against B into `out_rgba8` (rgba8, the same width and height as A). Asynchronous on
// `stream`. InputError when the shapes differ, an image is empty, `out_rgba8` is not rgba8 of A's size, or
// the gain is negative or not finite.
void WriteDifferenceMap(const DeviceView& a, const DeviceView& b, const DeviceView& out_rgba8,
                        const DiffMapSettings& settings, cudaStream_t stream);

}  // namespace fl::cuda
