#include "hostile_corpus.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/test_images.hpp"

namespace fl::test {

std::string HostilePath(const std::string& file) { return TestDataPath("hostile/" + file); }

// "WxH format", e.g. "12x10 rgba8".
static ImageShape ParseShape(const std::string& text) {
  std::istringstream is(text);
  ImageShape s;
  char x = 0;
  std::string format;
  is >> s.width >> x >> s.height >> format;
  for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f})
    if (ToString(f) == format) {
      s.format = f;
      return s;
    }
  throw std::runtime_error("manifest.tsv: bad shape '" + text + "'");
}

std::vector<HostileCase> HostileCases() {
  std::ifstream f(HostilePath("manifest.tsv"));
  if (!f) throw std::runtime_error("cannot read " + HostilePath("manifest.tsv"));
  std::vector<HostileCase> cases;
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    HostileCase c;
    std::string expect;
    std::getline(is, c.file, '\t');
    std::getline(is, expect, '\t');
    std::getline(is, c.detail);
    c.ok = expect == "ok";
    if (c.ok) c.shape = ParseShape(c.detail);
    cases.push_back(c);
  }
  return cases;
}

}  // namespace fl::test
