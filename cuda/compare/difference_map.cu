#include <cmath>
#include <string>

#include "core/error.hpp"
#include "cuda/compare/compare_checks.hpp"
#include "cuda/compare/difference_map.hpp"
#include "cuda/kernel_util.cuh"

namespace fl::cuda {
namespace {

// The largest channel difference of one pixel in double, NaN as infinity: DifferenceHeatMap's
// PixelDifference. For bytes the double is an exact integer, so heat maps of 8-bit images depend only on the
// rounding below.
template <PixelFormat F>
__device__ inline double PixelDifference(const std::uint8_t* a, std::size_t a_pitch, const std::uint8_t* b,
                                         std::size_t b_pitch, int x, int y) {
  if constexpr (F == PixelFormat::Gray8) {
    const int d =
        static_cast<int>(RowPtr<std::uint8_t>(a, a_pitch, y)[x]) - RowPtr<std::uint8_t>(b, b_pitch, y)[x];
    return static_cast<double>(d < 0 ? -d : d);
  } else if constexpr (F == PixelFormat::Rgba8) {
    const uchar4 pa = RowPtr<uchar4>(a, a_pitch, y)[x], pb = RowPtr<uchar4>(b, b_pitch, y)[x];
    const int dx = abs(pa.x - pb.x), dy = abs(pa.y - pb.y), dz = abs(pa.z - pb.z), dw = abs(pa.w - pb.w);
    return static_cast<double>(max(max(dx, dy), max(dz, dw)));
  } else {
    const double d = fabs(static_cast<double>(RowPtr<float>(a, a_pitch, y)[x]) -
                          static_cast<double>(RowPtr<float>(b, b_pitch, y)[x]));
    return isnan(d) ? INFINITY : d;
  }
}

// std::clamp(v, 0.0, 1.0), NaN passing through as it does there.
__device__ inline double Clamp01(double v) { return v < 0.0 ? 0.0 : (1.0 < v ? 1.0 : v); }

// std::lround(v * 255) for v in [0, 1]: the product rounded once (__dmul_rn: never fused with anything), then
// rounded half away from zero as lround does. NaN (only from a gain of 0 times an infinite difference) gives
// 0, as the CPU's out-of-range lround does once cast to a byte on x86.
__device__ inline std::uint8_t HeatByte(double v) {
  const double scaled = __dmul_rn(v, 255.0);
  return isnan(scaled) ? std::uint8_t{0} : static_cast<std::uint8_t>(round(scaled));
}

// DifferenceHeatMap's arithmetic, operation for operation and in double: t = clamp(d * gain / peak), then
// red, green and blue ramps from t * 3. The explicit _rn operations keep nvcc from contracting t * 3.0 - 1.0
// into an fma, whose single rounding would differ from the CPU's two in the last bit and, at a .5 boundary,
// in a byte.
template <PixelFormat F>
__global__ void HeatMap(const std::uint8_t* a, std::size_t a_pitch, const std::uint8_t* b,
                        std::size_t b_pitch, std::uint8_t* out, std::size_t out_pitch, int w, int h,
                        double gain, double peak) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const double d = PixelDifference<F>(a, a_pitch, b, b_pitch, x, y);
  const double t = Clamp01(__ddiv_rn(__dmul_rn(d, gain), peak));
  const double t3 = __dmul_rn(t, 3.0);
  RowPtr<uchar4>(out, out_pitch, y)[x] =
      make_uchar4(HeatByte(Clamp01(t3)), HeatByte(Clamp01(__dsub_rn(t3, 1.0))),
                  HeatByte(Clamp01(__dsub_rn(t3, 2.0))), 255);
}

// A's grey level, 0..255 (see DimmedGrey in the header).
template <PixelFormat F>
__device__ inline std::uint8_t GreyOfA(const std::uint8_t* a, std::size_t a_pitch, int x, int y, float lo,
                                       float scale) {
  if constexpr (F == PixelFormat::Gray8) {
    return RowPtr<std::uint8_t>(a, a_pitch, y)[x];
  } else if constexpr (F == PixelFormat::Rgba8) {
    const uchar4 p = RowPtr<uchar4>(a, a_pitch, y)[x];
    return static_cast<std::uint8_t>((77 * p.x + 150 * p.y + 29 * p.z + 128) >>
                                     8);  // the `gray` filter's luma
  } else {
    const float f = RowPtr<float>(a, a_pitch, y)[x];
    if (!isfinite(f)) return 0;
    return static_cast<std::uint8_t>(fminf(fmaxf(floorf((f - lo) * scale + 0.5f), 0.0f), 255.0f));
  }
}

// Any channel above the tolerance, by the same rule CompareImages counts a mismatch (NaN is above
// everything).
template <PixelFormat F>
__device__ inline bool AboveTolerance(const std::uint8_t* a, std::size_t a_pitch, const std::uint8_t* b,
                                      std::size_t b_pitch, int x, int y, double tolerance) {
  return PixelDifference<F>(a, a_pitch, b, b_pitch, x, y) > tolerance;
}

template <PixelFormat F>
__global__ void MismatchMask(const std::uint8_t* a, std::size_t a_pitch, const std::uint8_t* b,
                             std::size_t b_pitch, std::uint8_t* out, std::size_t out_pitch, int w, int h,
                             double tolerance, float lo, float scale, uchar4 mark) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  uchar4 colour;
  if (AboveTolerance<F>(a, a_pitch, b, b_pitch, x, y, tolerance)) {
    colour = mark;
  } else {
    const std::uint8_t g = DimmedGrey(GreyOfA<F>(a, a_pitch, x, y, lo, scale));
    colour = make_uchar4(g, g, g, 255);
  }
  RowPtr<uchar4>(out, out_pitch, y)[x] = colour;
}

template <PixelFormat F>
void LaunchDifferenceMap(const DeviceView& a, const DeviceView& b, const DeviceView& out,
                         const DiffMapSettings& s, double peak, cudaStream_t stream) {
  const int w = a.shape.width, h = a.shape.height;
  const dim3 block(32, 8);
  const dim3 grid(DivUp(w, block.x), DivUp(h, block.y));
  if (s.mode == DiffMode::HeatMap) {
    HeatMap<F><<<grid, block, 0, stream>>>(a.data, a.pitch, b.data, b.pitch, out.data, out.pitch, w, h,
                                           s.gain, peak);
    FL_CUDA_CHECK_LAUNCH("HeatMap");
  } else {
    const float scale = static_cast<float>(255.0 / peak);
    const uchar4 mark =
        make_uchar4(kMismatchColour[0], kMismatchColour[1], kMismatchColour[2], kMismatchColour[3]);
    MismatchMask<F><<<grid, block, 0, stream>>>(a.data, a.pitch, b.data, b.pitch, out.data, out.pitch, w, h,
                                                s.tolerance, s.span_of_a.lo, scale, mark);
    FL_CUDA_CHECK_LAUNCH("MismatchMask");
  }
}

}  // namespace

void WriteDifferenceMap(const DeviceView& a, const DeviceView& b, const DeviceView& out_rgba8,
                        const DiffMapSettings& settings, cudaStream_t stream) {
  CheckComparable(a, b);
  const ImageShape want{a.shape.width, a.shape.height, PixelFormat::Rgba8};
  if (out_rgba8.shape != want || out_rgba8.data == nullptr || out_rgba8.pitch < want.RowBytes())
    throw InputError("difference map: the output must be a " + ShapeText(want) + " device image, not " +
                     ShapeText(out_rgba8.shape));
  if (!std::isfinite(settings.gain) || settings.gain < 0)
    throw InputError("difference map: gain " + std::to_string(settings.gain) + " must be finite and >= 0");
  // The full scale, as DifferenceHeatMap's ValueRange: 255 for bytes, the span of A's finite values for
  // floats.
  const double peak = IsInteger(a.shape.format) ? 255.0 : settings.span_of_a.Peak();
  switch (a.shape.format) {
    case PixelFormat::Gray8:
      LaunchDifferenceMap<PixelFormat::Gray8>(a, b, out_rgba8, settings, peak, stream);
      break;
    case PixelFormat::Rgba8:
      LaunchDifferenceMap<PixelFormat::Rgba8>(a, b, out_rgba8, settings, peak, stream);
      break;
    case PixelFormat::Gray32f:
      LaunchDifferenceMap<PixelFormat::Gray32f>(a, b, out_rgba8, settings, peak, stream);
      break;
  }
}

}  // namespace fl::cuda
