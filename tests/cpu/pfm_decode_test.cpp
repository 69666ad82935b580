// PFM decoding (core/float_image_decode.hpp): colour "PF" files by the rule Radiance HDR follows, in either
// byte order and bottom row first; grey "Pf" files are covered with saving in image_save_test.cpp.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/image_io.hpp"

namespace fl {
namespace {

// A PFM file: header, then the floats as given (rows bottom first), little or big endian.
std::vector<unsigned char> Pfm(const std::string& magic, int w, int h, const std::vector<float>& v,
                               bool little) {
  const std::string head =
      magic + "\n" + std::to_string(w) + " " + std::to_string(h) + "\n" + (little ? "-1" : "1") + "\n";
  std::vector<unsigned char> b(head.begin(), head.end());
  for (float f : v) {
    unsigned char q[4];
    std::memcpy(q, &f, 4);
    if ((std::endian::native == std::endian::little) != little) std::swap(q[0], q[3]), std::swap(q[1], q[2]);
    b.insert(b.end(), q, q + 4);
  }
  return b;
}

std::string DecodeError(const std::vector<unsigned char>& b) {
  try {
    DecodeImage(b.data(), b.size(), "c.pfm");
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

TEST(PfmDecode, ColourBecomesRgba8ClampedBottomRowFirst) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  // 2x2; the file's first row is the image's bottom row.
  const std::vector<float> bottom = {0.0f, 0.5f, 1.0f, 2.0f, -1.0f, nan};
  const std::vector<float> top = {0.25f, 0.75f, 0.1f, inf, -inf, 0.5f};
  std::vector<float> v = bottom;
  v.insert(v.end(), top.begin(), top.end());
  for (bool little : {true, false}) {
    const std::vector<unsigned char> b = Pfm("PF", 2, 2, v, little);
    const Image img = DecodeImage(b.data(), b.size(), "c.pfm");
    ASSERT_EQ(img.shape(), (ImageShape{2, 2, PixelFormat::Rgba8})) << (little ? "little" : "big");
    const std::uint8_t* t = img.Row<std::uint8_t>(0);
    const std::uint8_t* u = img.Row<std::uint8_t>(1);
    EXPECT_EQ(std::vector<int>(t, t + 8), (std::vector<int>{64, 191, 26, 255, 255, 0, 128, 255}));
    EXPECT_EQ(std::vector<int>(u, u + 8), (std::vector<int>{0, 128, 255, 255, 255, 0, 0, 255}))
        << "NaN shows as 0";
  }
}

TEST(PfmDecode, ColourWithEqualChannelsIsGreyAndKeepsItsRange) {
  const std::vector<unsigned char> b = Pfm("PF", 2, 1, {-3.5f, -3.5f, -3.5f, 40.0f, 40.0f, 40.0f}, true);
  const Image img = DecodeImage(b.data(), b.size(), "g.pfm");
  ASSERT_EQ(img.shape(), (ImageShape{2, 1, PixelFormat::Gray32f}));
  EXPECT_EQ(img.Row<float>(0)[0], -3.5f);
  EXPECT_EQ(img.Row<float>(0)[1], 40.0f);
}

TEST(PfmDecode, ColourFilesCutShortOrMalformedAreRefusedClearly) {
  std::vector<unsigned char> b = Pfm("PF", 2, 1, {0, 0, 0, 1, 1, 1}, true);
  b.pop_back();
  EXPECT_EQ(DecodeError(b), "cannot decode 'c.pfm': the PFM data is truncated (23 of 24 bytes)");
  const std::string bad = "PF\n2 x\n-1\n";
  EXPECT_EQ(DecodeError(std::vector<unsigned char>(bad.begin(), bad.end())),
            "cannot decode 'c.pfm': malformed PFM header");
  const std::string huge = "PF\n100000 100000\n-1\n";
  EXPECT_NE(DecodeError(std::vector<unsigned char>(huge.begin(), huge.end())).find("exceeds the limit"),
            std::string::npos);
}

}  // namespace
}  // namespace fl
