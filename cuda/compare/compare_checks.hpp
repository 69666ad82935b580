#pragma once
// Argument checks shared by the device metrics and the difference map: both images must be real device images
// of one shape, as CompareImages demands of host images.
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda {

// "17x13 rgba8": how the messages name a shape (the same words CompareImages uses).
std::string ShapeText(const ImageShape& s);

// InputError naming both shapes when they differ, or naming the image that is empty or has no memory or a
// pitch shorter than its rows.
void CheckComparable(const DeviceView& a, const DeviceView& b);

}  // namespace fl::cuda
