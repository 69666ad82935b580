#include "app/cli/bench_input.hpp"

#include <cstdio>
#include <random>

#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/size_text.hpp"

namespace fl::cli {

Image BenchInput(const std::string& path, const std::string& size, const std::string& format) {
  if (path.empty() == size.empty()) throw InputError("give exactly one of --input PATH and --size WxH");
  if (!path.empty()) return LoadImage(path);
  const auto wh = ParseWxH(size);
  if (!wh) throw InputError("--size '" + size + "' is not of the form WxH (e.g. 8192x8192)");
  const auto [w, h] = *wh;
  const auto fmt = ParsePixelFormat(format);
  if (!fmt) throw InputError("--format '" + format + "' is not gray8, rgba8 or gray32f");
  Image img(w, h, *fmt);  // checks the size
  // Noise rather than a constant: filters whose speed depends on the data (none today) are not flattered.
  std::mt19937 rng(12345);
  if (*fmt == PixelFormat::Gray32f) {
    std::uniform_real_distribution<float> d(0.0f, 1.0f);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) img.Row<float>(y)[x] = d(rng);
  } else {
    for (std::size_t i = 0; i < img.bytes(); i += 4) {
      const std::uint32_t r = rng();
      for (std::size_t k = 0; k < 4 && i + k < img.bytes(); ++k) img.data()[i + k] = static_cast<std::uint8_t>(r >> (8 * k));
    }
  }
  return img;
}

}  // namespace fl::cli
