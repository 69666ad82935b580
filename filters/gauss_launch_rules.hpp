#pragma once
// gauss's launch rules by radius and format (gauss_launch_rules.cpp says what measured each).
#include <cstddef>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::filters {

LaunchConfig GaussFastLaunch(const LaunchConfig& d, const ParamValues& p, const ImageShape& in);
LaunchConfig GaussTensorLaunch(const LaunchConfig& d, const ParamValues& p, const ImageShape& in);
LaunchConfig GaussHalf2Launch(const LaunchConfig& d, const ParamValues& p, const ImageShape& in);
LaunchConfig GaussColumnsLaunch(const LaunchConfig& d, const ParamValues& p, const ImageShape&);
// Gray8 images below these many pixels run gauss `tensor` in blocks of 4 warps (32x4) instead of 8, up to radius 8.
constexpr std::size_t kGaussTensorNarrowBelowPixels = std::size_t{4} << 20;
constexpr int kGaussTensorNarrowMaxRadius = 8;
// Images from these many pixels run gray32f gauss `fast` instead of `columns` (up to radius 2, and at 3..4).
constexpr std::size_t kGaussFastFromPixelsR2 = std::size_t{12} << 20;
constexpr std::size_t kGaussFastFromPixelsR4 = std::size_t{48} << 20;
// tensor's fallback: on gray32f, which has no tensor or half2 code, columns up to radius 8, or fast on large images
// up to radius 4 (above); beyond those and beyond tensor's radius on rgba8 (8), separable_fused.
std::string GaussTensorFallback(const ParamValues& p, const ImageShape& in);
// tensor's tail strips and short grids (core/strip_tiers.hpp).
TailRule GaussTensorTail(const ParamValues&, PixelFormat);
// columns' tail strips and short grids.
TailRule GaussColumnsTail(const ParamValues&, PixelFormat);

}  // namespace fl::filters
