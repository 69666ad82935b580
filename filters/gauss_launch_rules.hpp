#pragma once
// gauss's launch rules by radius and format (gauss_launch_rules.cpp says what measured each).
#include <string>

#include "core/filter_spec.hpp"

namespace fl::filters {

LaunchConfig GaussFastLaunch(const LaunchConfig& d, const ParamValues& p, PixelFormat in);
LaunchConfig GaussTensorLaunch(const LaunchConfig& d, const ParamValues& p, PixelFormat in);
LaunchConfig GaussHalf2Launch(const LaunchConfig& d, const ParamValues& p, PixelFormat in);
LaunchConfig GaussColumnsLaunch(const LaunchConfig& d, const ParamValues& p, PixelFormat);
// tensor's fallback: on gray32f, which has no tensor or half2 code, fast up to radius 2 and columns to 8; beyond
// those and beyond tensor's radius on rgba8 (8), separable_fused.
std::string GaussTensorFallback(const ParamValues& p, PixelFormat);
// tensor's tail strips and short grids (core/strip_tiers.hpp).
TailRule GaussTensorTail(const ParamValues&, PixelFormat);
// columns' tail strips and short grids.
TailRule GaussColumnsTail(const ParamValues&, PixelFormat);

}  // namespace fl::filters
