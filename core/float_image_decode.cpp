#include "core/float_image_decode.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/image_file_checks.hpp"

namespace fl {

bool IsPfm(const unsigned char* b, std::size_t n) {
  return n >= 3 && b[0] == 'P' && (b[1] == 'f' || b[1] == 'F') && std::isspace(b[2]);
}

Image DecodePfm(const unsigned char* b, std::size_t n, const std::string& name, std::size_t max_pixels) {
  const std::string bad = "cannot decode '" + name + "': malformed PFM header";
  const int channels = b[1] == 'F' ? 3 : 1;
  std::size_t i = 2;
  auto token = [&]() -> std::string {
    while (i < n && std::isspace(b[i])) ++i;
    std::string t;
    while (i < n && !std::isspace(b[i]) && t.size() < 32) t += static_cast<char>(b[i++]);
    if (t.empty()) throw InputError(bad);
    return t;
  };
  auto side = [&]() -> long long {
    const std::string t = token();
    if (t.size() > 10 ||
        !std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      throw InputError(bad);
    return std::stoll(t);
  };
  const long long w = side(), h = side();
  const std::string scale_text = token();
  char* end = nullptr;
  const double scale = std::strtod(scale_text.c_str(), &end);
  if (*end != '\0' || !std::isfinite(scale) || scale == 0.0 || i >= n || !std::isspace(b[i]))
    throw InputError(bad);
  const std::size_t data = i + 1;
  CheckHeaderShape(w, h, name, max_pixels);
  const std::size_t row_bytes = static_cast<std::size_t>(w) * channels * sizeof(float);
  const std::size_t need = row_bytes * static_cast<std::size_t>(h);
  if (n - data < need)
    throw InputError("cannot decode '" + name + "': the PFM data is truncated (" + std::to_string(n - data) +
                     " of " + std::to_string(need) + " bytes)");
  // Rows top first, in this machine's byte order: a grey file straight into its image, a colour one into
  // floats that ImageFromRgbFloats then converts.
  const int iw = static_cast<int>(w), ih = static_cast<int>(h);
  Image grey = channels == 1 ? Image(iw, ih, PixelFormat::Gray32f) : Image();
  std::vector<float> rgb(channels == 3 ? static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3 : 0);
  unsigned char* const rows = channels == 1 ? grey.data() : reinterpret_cast<unsigned char*>(rgb.data());
  const bool swap = (scale < 0) != (std::endian::native == std::endian::little);
  for (long long y = 0; y < h; ++y) {
    const unsigned char* src = b + data + row_bytes * static_cast<std::size_t>(h - 1 - y);
    unsigned char* dst = rows + row_bytes * static_cast<std::size_t>(y);
    std::memcpy(dst, src, row_bytes);
    if (swap)
      for (std::size_t k = 0; k < row_bytes; k += 4) std::reverse(dst + k, dst + k + 4);
  }
  return channels == 3 ? ImageFromRgbFloats(rgb.data(), iw, ih) : grey;
}

Image ImageFromRgbFloats(const float* src, int w, int h) {
  const std::size_t pixels = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  bool grey = true;
  for (std::size_t i = 0; i < pixels && grey; ++i)
    grey = src[3 * i] == src[3 * i + 1] && src[3 * i] == src[3 * i + 2];
  if (grey) {
    Image img(w, h, PixelFormat::Gray32f);
    float* out = img.Row<float>(0);
    for (std::size_t i = 0; i < pixels; ++i) out[i] = src[3 * i];
    return img;
  }
  Image img(w, h, PixelFormat::Rgba8);
  std::uint8_t* out = img.data();
  for (std::size_t i = 0; i < pixels; ++i) {
    for (int c = 0; c < 3; ++c) {
      const float v = src[3 * i + c];  // a PFM may hold NaN, which has no place in 0..1: shown as 0
      out[4 * i + c] =
          static_cast<std::uint8_t>(std::lround(std::isnan(v) ? 0.0f : std::clamp(v, 0.0f, 1.0f) * 255.0f));
    }
    out[4 * i + 3] = 255;
  }
  return img;
}

}  // namespace fl
