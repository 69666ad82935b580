#include "core/test_patterns.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "core/error.hpp"
#include "core/size_text.hpp"

namespace fl {

std::vector<TestPattern> AllTestPatterns() {
  return {TestPattern::ZonePlate, TestPattern::Checkerboard, TestPattern::GradientRamp, TestPattern::Noise};
}

std::string_view ToString(TestPattern p) {
  switch (p) {
    case TestPattern::ZonePlate: return "zoneplate";
    case TestPattern::Checkerboard: return "checkerboard";
    case TestPattern::GradientRamp: return "gradient";
    case TestPattern::Noise: return "noise";
  }
  return "?";
}

std::optional<TestPattern> ParseTestPattern(std::string_view s) {
  for (TestPattern p : AllTestPatterns())
    if (ToString(p) == s) return p;
  return std::nullopt;
}

std::string_view Describe(TestPattern p) {
  switch (p) {
    case TestPattern::ZonePlate:
      return "Rings whose frequency rises to the Nyquist limit at the inscribed circle: blur and aliasing at a glance.";
    case TestPattern::Checkerboard: return "Hard edges in a regular grid: ringing, halo and border handling.";
    case TestPattern::GradientRamp: return "A smooth ramp: banding and rounding errors show as steps.";
    case TestPattern::Noise: return "Uniform white noise (fixed seed): every pixel differs, nothing compresses.";
  }
  return "";
}

namespace {

// A stateless per-pixel hash (splitmix64 finaliser), so rows can be generated in any order on any thread and the
// result never depends on the thread count.
std::uint64_t Mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// The pattern's value at a pixel, per channel, in 0..1.
struct Rgb {
  float r, g, b;
};

Rgb Sample(const PatternRequest& q, int x, int y) {
  switch (q.pattern) {
    case TestPattern::ZonePlate: {
      // Phase k*r^2 has local frequency k*r/pi cycles per pixel; k = pi / (2 * r_max) reaches 0.5 at r_max.
      const double cx = 0.5 * (q.width - 1), cy = 0.5 * (q.height - 1);
      const double r_max = 0.5 * std::min(q.width, q.height);
      const double dx = x - cx, dy = y - cy;
      const double k = std::numbers::pi / (2.0 * std::max(r_max, 1.0));
      const float v = static_cast<float>(0.5 + 0.5 * std::cos(k * (dx * dx + dy * dy)));
      return {v, v, v};
    }
    case TestPattern::Checkerboard: {
      const int cell = std::max(q.cell, 1);
      const bool on = ((x / cell) + (y / cell)) % 2 == 0;
      return on ? Rgb{0.95f, 0.92f, 0.85f} : Rgb{0.08f, 0.12f, 0.22f};
    }
    case TestPattern::GradientRamp: {
      const float u = q.width > 1 ? static_cast<float>(x) / static_cast<float>(q.width - 1) : 0.0f;
      const float v = q.height > 1 ? static_cast<float>(y) / static_cast<float>(q.height - 1) : 0.0f;
      return {u, v, 1.0f - u};
    }
    case TestPattern::Noise: {
      const std::uint64_t h =
          Mix((static_cast<std::uint64_t>(q.seed) << 40) ^ (static_cast<std::uint64_t>(y) * q.width + x));
      const float r = static_cast<float>(h & 0xffff) / 65535.0f;
      const float g = static_cast<float>((h >> 16) & 0xffff) / 65535.0f;
      const float b = static_cast<float>((h >> 32) & 0xffff) / 65535.0f;
      return {r, g, b};
    }
  }
  return {0, 0, 0};
}

std::uint8_t ToByte(float v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }

void FillRow(const PatternRequest& q, Image& img, int y) {
  for (int x = 0; x < q.width; ++x) {
    const Rgb c = Sample(q, x, y);
    switch (q.format) {
      case PixelFormat::Gray8:
        // The ramp is a plain horizontal grey ramp in one channel; the others use their first channel.
        img.Row<std::uint8_t>(y)[x] = ToByte(c.r);
        break;
      case PixelFormat::Gray32f: img.Row<float>(y)[x] = c.r; break;
      case PixelFormat::Rgba8: {
        std::uint8_t* p = img.Row<std::uint8_t>(y) + 4 * static_cast<std::size_t>(x);
        p[0] = ToByte(c.r);
        p[1] = ToByte(c.g);
        p[2] = ToByte(c.b);
        p[3] = 255;
        break;
      }
    }
  }
}

}  // namespace

Image GeneratePattern(const PatternRequest& r, const std::atomic<bool>* cancel, std::atomic<float>* progress) {
  if (r.width < 1 || r.height < 1 || r.width > kMaxPatternSide || r.height > kMaxPatternSide)
    throw InputError("pattern size " + std::to_string(r.width) + "x" + std::to_string(r.height) + " is outside 1.." +
                     std::to_string(kMaxPatternSide) + " per side");
  Image img(r.width, r.height, r.format);
  std::atomic<int> rows_done{0};
#pragma omp parallel for schedule(dynamic, 16)
  for (int y = 0; y < r.height; ++y) {
    if (cancel && cancel->load(std::memory_order_relaxed)) continue;  // no throwing out of an OpenMP loop
    FillRow(r, img, y);
    const int done = rows_done.fetch_add(1, std::memory_order_relaxed) + 1;
    if (progress && done % 64 == 0)
      progress->store(static_cast<float>(done) / static_cast<float>(r.height), std::memory_order_relaxed);
  }
  if (cancel && cancel->load()) throw InputError("cancelled");
  if (progress) progress->store(1.0f);
  return img;
}

std::string PatternLabel(const PatternRequest& r) {
  return std::string(ToString(r.pattern)) + " " + std::to_string(r.width) + "x" + std::to_string(r.height) + " " +
         std::string(ToString(r.format));
}

std::string FormatPatternSpec(const PatternRequest& r) {
  return "pattern:" + std::string(ToString(r.pattern)) + ":" + std::to_string(r.width) + "x" +
         std::to_string(r.height) + ":" + std::string(ToString(r.format));
}

std::optional<PatternRequest> ParsePatternSpec(std::string_view text) {
  constexpr std::string_view kPrefix = "pattern:";
  if (!text.starts_with(kPrefix)) return std::nullopt;
  std::vector<std::string_view> parts;
  std::string_view rest = text.substr(kPrefix.size());
  while (true) {
    const auto colon = rest.find(':');
    parts.push_back(rest.substr(0, colon));
    if (colon == std::string_view::npos) break;
    rest = rest.substr(colon + 1);
  }
  if (parts.size() < 2 || parts.size() > 3)
    throw InputError("'" + std::string(text) + "': expected pattern:NAME:WxH[:FORMAT]");
  PatternRequest r;
  const auto p = ParseTestPattern(parts[0]);
  if (!p)
    throw InputError("'" + std::string(text) + "': unknown pattern '" + std::string(parts[0]) +
                     "' (known: zoneplate, checkerboard, gradient, noise)");
  r.pattern = *p;
  const auto wh = ParseWxH(parts[1]);
  if (!wh) throw InputError("'" + std::string(text) + "': size must be WxH, e.g. 1024x768");
  r.width = (*wh)[0];
  r.height = (*wh)[1];
  if (parts.size() == 3) {
    const auto f = ParsePixelFormat(parts[2]);
    if (!f) throw InputError("'" + std::string(text) + "': unknown format '" + std::string(parts[2]) + "'");
    r.format = *f;
  }
  if (r.width < 1 || r.height < 1 || r.width > kMaxPatternSide || r.height > kMaxPatternSide)
    throw InputError("'" + std::string(text) + "': each side must be 1.." + std::to_string(kMaxPatternSide));
  return r;
}

}  // namespace fl
