#pragma once
#include "core/cpu/affine.hpp"
#include "core/filter_spec.hpp"

namespace fl::cpu {

// Bilinear resampling of a gray8 or rgba8 image through an inverse affine map: every output pixel samples the
// input at setup.inverse * (x, y) with SampleBilinear (taps outside the image read setup.fill). Shared by
// warp_affine and letterbox; `parallel` shares the rows among OpenMP threads (same per-pixel code).
void WarpBilinear(const ImageView& in, const MutableImageView& out, const WarpSetup& setup, bool parallel);

// warp_affine: rotation by `angle` and `scale` about the image centre, then a shift by (tx, ty); output the
// size of the input. See WarpAffineForward.
void WarpAffineReference(const CpuCall& call);
void WarpAffineOpenmp(const CpuCall& call);

}  // namespace fl::cpu
