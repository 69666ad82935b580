#pragma once
// The host side of the display conversion (CPU backend, and the reference the tests compare the screen with).
// Same rules and arithmetic as cuda/display/display_convert.cu: gray -> grey RGBA, rgba -> RGB with alpha 255,
// gray32f -> normalised by [lo, hi], every `step`-th pixel when the image is larger than the texture limit.
#include "core/image.hpp"

namespace fl::ui {

struct HostRange {
  float lo = 0, hi = 1;
  bool finite = true;
};

// Min and max of the finite values of a gray32f image; {0, 255} for the others.
HostRange HostMinMax(const Image& img);
Image HostToRgba8(const Image& img, int step, HostRange range);

// The smallest step that fits `side` into `max_texture` pixels.
int DisplayStep(int width, int height, int max_texture);

}  // namespace fl::ui
