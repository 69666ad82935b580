#include "common/test_images.hpp"

#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>

#include "core/error.hpp"

namespace fl::test {

Image RandomImage(int width, int height, PixelFormat format, std::uint32_t seed) {
  Image img(width, height, format);
  std::mt19937 rng(seed);
  if (format == PixelFormat::Gray32f) {
    std::uniform_real_distribution<float> d(-1.0f, 2.0f);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) img.Row<float>(y)[x] = d(rng);
  } else {
    std::uniform_int_distribution<int> d(0, 255);
    for (std::size_t i = 0; i < img.bytes(); ++i) img.data()[i] = static_cast<std::uint8_t>(d(rng));
  }
  return img;
}

std::string Difference::Describe() const {
  std::ostringstream os;
  os << count << " mismatching values, max |a-b| = " << max_abs;
  if (count) os << ", first at (" << first_x << ", " << first_y << ")";
  return os.str();
}

Difference Compare(const Image& a, const Image& b, double tolerance) {
  if (a.shape() != b.shape()) throw InputError("Compare: shapes differ");
  Difference d;
  const int ch = Channels(a.format());
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width() * ch; ++x) {
      double va, vb;
      if (a.format() == PixelFormat::Gray32f) {
        va = a.Row<float>(y)[x];
        vb = b.Row<float>(y)[x];
      } else {
        va = a.Row<std::uint8_t>(y)[x];
        vb = b.Row<std::uint8_t>(y)[x];
      }
      const double diff = std::fabs(va - vb);
      const bool bad = !(diff <= tolerance);  // NaN is bad
      if (!std::isnan(diff)) d.max_abs = std::max(d.max_abs, diff);
      if (bad) {
        if (d.count == 0) d.first_x = x / ch, d.first_y = y;
        ++d.count;
        if (std::isnan(diff)) d.max_abs = INFINITY;
      }
    }
  return d;
}

ParamValues ParamsFor(const FilterSpec& f, const std::string& overrides) {
  ParamValues p = DefaultParams(f.params);
  std::istringstream is(overrides);
  std::string kv;
  while (std::getline(is, kv, ':')) {
    if (kv.empty()) continue;
    const auto eq = kv.find('=');
    const std::string key = kv.substr(0, eq);
    const ParamSpec* ps = f.FindParam(key);
    if (!ps) throw InputError("test case of '" + f.id + "' names unknown parameter '" + key + "'");
    p.Set(key, ParseParam(*ps, kv.substr(eq + 1)));
  }
  return p;
}

// FILTERLAB_SOURCE_DIR in the environment wins over the compiled-in path: binaries built from a snapshot and run
// elsewhere (the GPU machine) find the assets of the checkout they run in.
static std::string SourceDir() {
  const char* env = std::getenv("FILTERLAB_SOURCE_DIR");
  return env && *env ? env : FILTERLAB_SOURCE_DIR;
}

std::string AssetPath(const std::string& name) { return SourceDir() + "/assets/" + name; }

std::string TestDataPath(const std::string& name) {
  return SourceDir() + "/tests/data/" + name;
}

}  // namespace fl::test
