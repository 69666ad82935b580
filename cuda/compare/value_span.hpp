#pragma once
// The values of image A that the A/B comparison scales by, as core/metrics.cpp defines them: 8-bit images use
// the byte range 0..255; gray32f uses the lowest and highest FINITE value of A. Plain C++ (no CUDA types), so
// the UI can keep one in its state.
namespace fl::cuda {

struct ValueSpan {
  float lo = 0.0f;
  float hi = 255.0f;

  // The PSNR peak and the heat map's full scale: hi - lo (in double, as the CPU computes it), or 1 when A is
  // flat or has no finite value at all (lo == hi == 0 then).
  double Peak() const { return hi > lo ? static_cast<double>(hi) - static_cast<double>(lo) : 1.0; }

  static ValueSpan Bytes() { return {0.0f, 255.0f}; }
  static ValueSpan NoFiniteValue() { return {0.0f, 0.0f}; }
};

}  // namespace fl::cuda
