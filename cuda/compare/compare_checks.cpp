#include "cuda/compare/compare_checks.hpp"

#include "core/error.hpp"

namespace fl::cuda {
namespace {

void CheckUsable(const DeviceView& v, const char* name) {
  if (v.shape.width <= 0 || v.shape.height <= 0)
    throw InputError(std::string("cannot compare: image ") + name + " is empty (" + ShapeText(v.shape) + ")");
  if (v.data == nullptr)
    throw InputError(std::string("cannot compare: image ") + name + " has no device memory");
  if (v.pitch < v.shape.RowBytes())
    throw InputError(std::string("cannot compare: image ") + name + " has a pitch of " +
                     std::to_string(v.pitch) + " bytes, shorter than its rows (" +
                     std::to_string(v.shape.RowBytes()) + ")");
}

}  // namespace

std::string ShapeText(const ImageShape& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height) + " " + std::string(ToString(s.format));
}

void CheckComparable(const DeviceView& a, const DeviceView& b) {
  if (a.shape != b.shape)
    throw InputError("cannot compare " + ShapeText(a.shape) + " with " + ShapeText(b.shape));
  CheckUsable(a, "A");
  CheckUsable(b, "B");
}

}  // namespace fl::cuda
