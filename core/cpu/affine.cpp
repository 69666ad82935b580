#include "core/cpu/affine.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.hpp"

namespace fl::cpu {

Affine RotationMatrix2D(double cx, double cy, double angle_deg, double scale) {
  const double rad = angle_deg * std::numbers::pi / 180.0;
  const double alpha = std::cos(rad) * scale;
  const double beta = std::sin(rad) * scale;
  return Affine{{alpha, beta, (1 - alpha) * cx - beta * cy,  //
                 -beta, alpha, beta * cx + (1 - alpha) * cy}};
}

Affine Invert(const Affine& a) {
  const double det = a.m[0] * a.m[4] - a.m[1] * a.m[3];
  if (det == 0 || !std::isfinite(det)) throw InputError("affine matrix is singular: it has no inverse");
  const double r = 1.0 / det;
  const double i00 = a.m[4] * r, i01 = -a.m[1] * r;
  const double i10 = -a.m[3] * r, i11 = a.m[0] * r;
  // The inverse translation maps the forward one back to the origin: -(I * t).
  return Affine{{i00, i01, -(i00 * a.m[2] + i01 * a.m[5]),  //
                 i10, i11, -(i10 * a.m[2] + i11 * a.m[5])}};
}

AffineF ToFloat(const Affine& a) {
  AffineF f;
  for (int i = 0; i < 6; ++i) f.m[i] = static_cast<float>(a.m[i]);
  return f;
}

Affine WarpAffineForward(const ParamValues& p, int width, int height) {
  Affine a = RotationMatrix2D(width / 2.0, height / 2.0, p.Number("angle"), p.Number("scale"));
  a.m[2] += p.Number("tx");
  a.m[5] += p.Number("ty");
  return a;
}

Affine LetterboxForward(int in_width, int in_height, int out_width, int out_height) {
  const double s =
      std::min(static_cast<double>(out_width) / in_width, static_cast<double>(out_height) / in_height);
  // Pixel centres: (x + 0.5) s + pad = x' + 0.5 with pad = (W - s w) / 2, hence the (s - 1) / 2 term.
  const double tx = (out_width - s * in_width) / 2 + (s - 1) / 2;
  const double ty = (out_height - s * in_height) / 2 + (s - 1) / 2;
  return Affine{{s, 0, tx, 0, s, ty}};
}

// The declared range is 0..255; clamping keeps an unchecked value from wrapping around.
static std::uint8_t Fill(const ParamValues& p) {
  return static_cast<std::uint8_t>(std::clamp(p.Int("fill"), 0, 255));
}

WarpSetup WarpAffineSetup(const ParamValues& p, const ImageShape& in) {
  return {ToFloat(Invert(WarpAffineForward(p, in.width, in.height))), Fill(p)};
}

WarpSetup LetterboxSetup(const ParamValues& p, const ImageShape& in) {
  return {ToFloat(Invert(LetterboxForward(in.width, in.height, p.Int("width"), p.Int("height")))), Fill(p)};
}

}  // namespace fl::cpu
