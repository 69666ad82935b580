#include "core/labs/lab_input.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/test_patterns.hpp"

namespace fl::labs {

std::vector<ParamSpec> GeneratedImageParams() {
  ParamSpec pattern;
  pattern.name = "pattern";
  pattern.type = ParamType::Choice;
  pattern.choices = {"natural", "noise", "constant"};
  pattern.def_choice = "natural";
  pattern.help =
      "Generated input (without --input): natural = a smooth zone plate, neighbouring pixels share values as "
      "in a "
      "photo; noise = uniform random bytes, spread over every bin; constant = every pixel 128, so every "
      "thread "
      "hits the same bin (the worst case for atomics)";
  ParamSpec format;
  format.name = "format";
  format.type = ParamType::Choice;
  format.choices = {"gray8", "rgba8"};
  format.def_choice = "gray8";
  format.help = "Format of the generated input (without --input)";
  return {pattern, format};
}

static Image GenerateLabImage(const LabRequest& r) {
  const PixelFormat format = r.params.Text("format") == "rgba8" ? PixelFormat::Rgba8 : PixelFormat::Gray8;
  const std::string& pattern = r.params.Text("pattern");
  if (pattern == "constant") {
    Image img(r.size, r.size, format);
    std::fill(img.data(), img.data() + img.bytes(), std::uint8_t{128});
    return img;
  }
  PatternRequest p;
  p.pattern = pattern == "noise" ? TestPattern::Noise : TestPattern::ZonePlate;
  p.width = r.size;
  p.height = r.size;
  p.format = format;
  return GeneratePattern(p, r.cancel);
}

const Image& LabInputImage(const LabRequest& r, const std::string& lab_id, Image& storage) {
  if (r.input) {
    if (r.input->format() != PixelFormat::Gray8 && r.input->format() != PixelFormat::Rgba8)
      throw InputError("lab '" + lab_id + "' reads gray8 or rgba8 images, not " +
                       std::string(ToString(r.input->format())));
    return *r.input;
  }
  storage = GenerateLabImage(r);
  return storage;
}

std::string LabInputLabel(const LabRequest& r) { return r.input ? "input" : r.params.Text("pattern"); }

std::vector<std::string> ChannelNames(PixelFormat f) {
  if (f == PixelFormat::Rgba8) return {"r", "g", "b", "a"};
  return {"gray"};
}

}  // namespace fl::labs
