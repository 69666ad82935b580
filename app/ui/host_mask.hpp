#pragma once
// The mismatch mask on the host (CPU backend): the same picture as cuda::WriteDifferenceMap's MismatchMask, so
// both backends show the same thing: kMismatchColour where any channel of A and B differs by more than the
// tolerance, elsewhere a dimmed grey copy of A.
#include "core/image.hpp"

namespace fl::ui {

// InputError when the shapes differ.
Image HostMismatchMask(const Image& a, const Image& b, double tolerance);

}  // namespace fl::ui
