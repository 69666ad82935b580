#pragma once
// Host images. Rows are tightly packed (pitch = width * bytes per pixel); views carry a pitch so that the same
// filter code can read device-style pitched rows.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/pixel_format.hpp"

namespace fl {

constexpr int kMaxImageSide = 32768;
// A total that fits in memory comfortably on a desktop: 1 Gi pixels (4 GiB as rgba8).
constexpr std::size_t kMaxImagePixels = std::size_t{1} << 30;

struct ImageShape {
  int width = 0;
  int height = 0;
  PixelFormat format = PixelFormat::Gray8;
  std::size_t RowBytes() const { return static_cast<std::size_t>(width) * BytesPerPixel(format); }
  std::size_t Bytes() const { return RowBytes() * static_cast<std::size_t>(height); }
  std::size_t Pixels() const { return static_cast<std::size_t>(width) * static_cast<std::size_t>(height); }
  // For rules by size (launch defaults): a shape of no pixels is an image not loaded yet, of unknown size, which
  // takes the large-image choice (the variant's declared defaults, those the docs list), not the small one.
  bool SmallerThan(std::size_t pixels) const { return Pixels() > 0 && Pixels() < pixels; }
  bool operator==(const ImageShape&) const = default;
};

// Throws InputError naming the limit when a shape is empty or too large to allocate.
void CheckImageShape(const ImageShape& shape);

template <typename Byte>
struct BasicImageView {
  Byte* data = nullptr;
  ImageShape shape;
  std::size_t pitch = 0;  // bytes between rows

  int width() const { return shape.width; }
  int height() const { return shape.height; }
  PixelFormat format() const { return shape.format; }
  // A const view hands out const rows whatever T says.
  template <typename T>
  std::conditional_t<std::is_const_v<Byte>, const T, T>* Row(int y) const {
    using Out = std::conditional_t<std::is_const_v<Byte>, const T, T>;
    return reinterpret_cast<Out*>(data + static_cast<std::size_t>(y) * pitch);
  }
};
using ImageView = BasicImageView<const std::uint8_t>;
using MutableImageView = BasicImageView<std::uint8_t>;

class Image {
 public:
  Image() = default;
  Image(int width, int height, PixelFormat format);  // zero-filled; checks the shape

  const ImageShape& shape() const { return shape_; }
  int width() const { return shape_.width; }
  int height() const { return shape_.height; }
  PixelFormat format() const { return shape_.format; }
  bool empty() const { return pixels_.empty(); }
  std::size_t pitch() const { return shape_.RowBytes(); }
  std::uint8_t* data() { return pixels_.data(); }
  const std::uint8_t* data() const { return pixels_.data(); }
  std::size_t bytes() const { return pixels_.size(); }

  template <typename T>
  T* Row(int y) { return reinterpret_cast<T*>(pixels_.data() + static_cast<std::size_t>(y) * pitch()); }
  template <typename T>
  const T* Row(int y) const {
    return reinterpret_cast<const T*>(pixels_.data() + static_cast<std::size_t>(y) * pitch());
  }

  ImageView View() const { return {pixels_.data(), shape_, pitch()}; }
  MutableImageView MutableView() { return {pixels_.data(), shape_, pitch()}; }

  bool operator==(const Image& o) const { return shape_ == o.shape_ && pixels_ == o.pixels_; }

 private:
  ImageShape shape_;
  std::vector<std::uint8_t> pixels_;
};

}  // namespace fl
