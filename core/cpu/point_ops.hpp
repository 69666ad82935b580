#pragma once
// CPU variants of the point operations (brightness_contrast, invert, threshold, add, sub, absdiff), one template
// for all of them: Op is a functor from core/cpu/point_ops_math.hpp. Instantiated in point_ops.cpp for each op.
#include "core/cpu/point_ops_math.hpp"
#include "core/filter_spec.hpp"

namespace fl::cpu {

// Applies Op to every channel of every pixel (gray8 and rgba8; alpha included). Two-input ops read the matching
// channel of CpuCall::second and throw InputError when it is missing or shaped differently.
template <typename Op>
void PointOpReference(const CpuCall& call);
template <typename Op>
void PointOpOpenmp(const CpuCall& call);

}  // namespace fl::cpu
