#include "core/image.hpp"

#include <string>

#include "core/error.hpp"

namespace fl {

void CheckImageShape(const ImageShape& s) {
  if (s.width <= 0 || s.height <= 0)
    throw InputError("image size " + std::to_string(s.width) + "x" + std::to_string(s.height) + " is empty");
  if (s.width > kMaxImageSide || s.height > kMaxImageSide)
    throw InputError("image size " + std::to_string(s.width) + "x" + std::to_string(s.height) +
                     " exceeds the limit of " + std::to_string(kMaxImageSide) + " pixels per side");
  if (s.Pixels() > kMaxImagePixels)
    throw InputError("image size " + std::to_string(s.width) + "x" + std::to_string(s.height) +
                     " exceeds the limit of " + std::to_string(kMaxImagePixels) + " pixels in total");
}

Image::Image(int width, int height, PixelFormat format) : shape_{width, height, format} {
  CheckImageShape(shape_);
  pixels_.assign(shape_.Bytes(), 0);
}

}  // namespace fl
