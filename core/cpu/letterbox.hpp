#pragma once
#include "core/filter_spec.hpp"

namespace fl::cpu {

// letterbox: the input scaled by s = min(W/w, H/h) (aspect ratio kept), centred in a `width` x `height`
// output with `fill` around it; bilinear with the half-pixel centre alignment (see LetterboxForward).
void LetterboxReference(const CpuCall& call);
void LetterboxOpenmp(const CpuCall& call);

// The output shape: `width` x `height` in the input's format; throws InputError when that is no valid image.
ImageShape LetterboxOutput(const ImageShape& in, const ParamValues& params);

}  // namespace fl::cpu
