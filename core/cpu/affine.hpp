#pragma once
// Affine maps for the geometry filters (warp_affine, letterbox): building the forward matrix from a filter's
// parameters, inverting it (in double, once, on the host), and the per-pixel bilinear sampler that the CPU
// variants and the CUDA `naive` kernels both call.
//
// The sampler is the one piece of per-pixel arithmetic shared with device code, so it is written for both
// compilers: FL_HOST_DEVICE marks it __host__ __device__ under nvcc and nothing under a plain C++ compiler
// (no CUDA runtime is used). Its float arithmetic is spelled out with fmaf and plain + - only, never a bare a
// * b + c, so neither compiler can contract it differently: CPU and GPU give bit-identical results.
#include <math.h>

#include <cstddef>
#include <cstdint>

#include "core/image.hpp"
#include "core/params.hpp"

#include "core/host_device.hpp"

namespace fl::cpu {

// x' = m[0] x + m[1] y + m[2];  y' = m[3] x + m[4] y + m[5]. Pixel (x, y) means the pixel centre, as in
// OpenCV.
struct Affine {
  double m[6] = {1, 0, 0, 0, 1, 0};
};

// The same map in float, the form the per-pixel code evaluates.
struct AffineF {
  float m[6] = {1, 0, 0, 0, 1, 0};
};

// OpenCV's getRotationMatrix2D: rotation by `angle_deg` (counter-clockwise on screen, y down) and uniform
// `scale` about (cx, cy).
Affine RotationMatrix2D(double cx, double cy, double angle_deg, double scale);
// The inverse map; throws InputError when the matrix is singular (cannot happen with the declared ranges).
Affine Invert(const Affine& a);
AffineF ToFloat(const Affine& a);

// warp_affine's forward map: RotationMatrix2D((w/2, h/2), angle, scale) with (tx, ty) added to its last
// column.
Affine WarpAffineForward(const ParamValues& p, int width, int height);
// letterbox's forward map [[s, 0, tx], [0, s, ty]] with s = min(W/w, H/h) and the half-pixel centre alignment
// tx = (W - s w) / 2 + (s - 1) / 2 (ty alike): the image, scaled, sits centred in the W x H output.
Affine LetterboxForward(int in_width, int in_height, int out_width, int out_height);

// What both geometry filters' kernels receive: the inverse map (output pixel -> input position) and the fill.
struct WarpSetup {
  AffineF inverse;
  std::uint8_t fill = 0;
};
WarpSetup WarpAffineSetup(const ParamValues& p, const ImageShape& in);
// Output size from the parameters `width` and `height`.
WarpSetup LetterboxSetup(const ParamValues& p, const ImageShape& in);

// ---- per-pixel code, shared with the CUDA kernels
// -------------------------------------------------------------

// The input position that output pixel (x, y) samples.
FL_HOST_DEVICE inline void MapPoint(const AffineF& a, int x, int y, float& sx, float& sy) {
  const float fx = static_cast<float>(x);
  const float fy = static_cast<float>(y);
  sx = fmaf(a.m[0], fx, fmaf(a.m[1], fy, a.m[2]));
  sy = fmaf(a.m[3], fx, fmaf(a.m[4], fy, a.m[5]));
}

// floor(v + 0.5) clamped to 0..255.
FL_HOST_DEVICE inline std::uint8_t RoundToU8(float v) {
  const float r = floorf(v + 0.5f);
  return r <= 0.0f ? std::uint8_t{0} : r >= 255.0f ? std::uint8_t{255} : static_cast<std::uint8_t>(r);
}

// Bilinear sample of a C-channel 8-bit image at (sx, sy), writing C bytes to `out`. Taps outside the image
// read `fill` (OpenCV's BORDER_CONSTANT): a position whose four taps are all outside yields `fill`, a
// position on the one-pixel rim blends the image with `fill`. The interpolation is two lerps along x and one
// along y, each one fmaf, so a constant neighbourhood and an integer position return the tap value exactly.
template <int C>
FL_HOST_DEVICE inline void SampleBilinear(const std::uint8_t* src, std::size_t pitch, int w, int h, float sx,
                                          float sy, std::uint8_t fill, std::uint8_t* out) {
  // Also catches NaN, and keeps the float -> int conversions below in range.
  if (!(sx >= -1.0f && sx < static_cast<float>(w) && sy >= -1.0f && sy < static_cast<float>(h))) {
    for (int c = 0; c < C; ++c) out[c] = fill;
    return;
  }
  const float x0f = floorf(sx);
  const float y0f = floorf(sy);
  const float ax = sx - x0f;
  const float ay = sy - y0f;
  const int x0 = static_cast<int>(x0f);
  const int y0 = static_cast<int>(y0f);
  const bool has_x0 = x0 >= 0, has_x1 = x0 + 1 < w;
  const bool has_y0 = y0 >= 0, has_y1 = y0 + 1 < h;
  const std::uint8_t* row0 = src + static_cast<std::size_t>(has_y0 ? y0 : 0) * pitch;
  const std::uint8_t* row1 = src + static_cast<std::size_t>(has_y1 ? y0 + 1 : 0) * pitch;
  const float f = static_cast<float>(fill);
  for (int c = 0; c < C; ++c) {
    const float v00 = has_y0 && has_x0 ? static_cast<float>(row0[x0 * C + c]) : f;
    const float v01 = has_y0 && has_x1 ? static_cast<float>(row0[(x0 + 1) * C + c]) : f;
    const float v10 = has_y1 && has_x0 ? static_cast<float>(row1[x0 * C + c]) : f;
    const float v11 = has_y1 && has_x1 ? static_cast<float>(row1[(x0 + 1) * C + c]) : f;
    const float top = fmaf(ax, v01 - v00, v00);
    const float bottom = fmaf(ax, v11 - v10, v10);
    out[c] = RoundToU8(fmaf(ay, bottom - top, top));
  }
}

}  // namespace fl::cpu
