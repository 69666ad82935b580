#pragma once
// Generated test images: patterns whose look makes filter behaviour obvious (aliasing, edges, banding, noise).
// Plain C++ so that the UI can run them on a worker thread with progress and cancel.
#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/image.hpp"

namespace fl {

enum class TestPattern {
  ZonePlate,     // concentric rings whose frequency grows with the radius: shows aliasing and blur at a glance
  Checkerboard,  // hard edges at every scale of the cells: shows ringing and edge handling
  GradientRamp,  // a smooth horizontal ramp (hue across for rgba8): shows banding and rounding errors
  Noise,         // uniform white noise, fixed by a seed: the worst case for caches and compression
};

std::vector<TestPattern> AllTestPatterns();
std::string_view ToString(TestPattern p);                   // "zoneplate"
std::optional<TestPattern> ParseTestPattern(std::string_view s);
std::string_view Describe(TestPattern p);                   // one line for people

struct PatternRequest {
  TestPattern pattern = TestPattern::ZonePlate;
  int width = 1024;
  int height = 1024;
  PixelFormat format = PixelFormat::Gray8;
  int cell = 32;              // checkerboard cell side in pixels
  unsigned seed = 1;          // noise
};

// The largest side the UI offers; CheckImageShape still has the final word.
constexpr int kMaxPatternSide = 8192;

// Generates the pattern. `progress` (0..1) is updated per row band when given; when `cancel` becomes true the
// generation stops and throws InputError("cancelled"). Throws InputError for a bad size or format.
Image GeneratePattern(const PatternRequest& r, const std::atomic<bool>* cancel = nullptr,
                      std::atomic<float>* progress = nullptr);

// "zoneplate 1024x1024 gray8": how the UI and saved sessions name a generated image.
std::string PatternLabel(const PatternRequest& r);
// Parses "pattern:zoneplate:1024x1024[:gray8|rgba8|gray32f]"; nullopt when `text` is not of that form, InputError
// when it is but something in it is wrong.
std::optional<PatternRequest> ParsePatternSpec(std::string_view text);
std::string FormatPatternSpec(const PatternRequest& r);

}  // namespace fl
