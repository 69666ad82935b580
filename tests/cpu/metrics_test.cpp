#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/metrics.hpp"

namespace fl {

static Image Gray(int w, int h, std::initializer_list<int> values) {
  Image img(w, h, PixelFormat::Gray8);
  int i = 0;
  for (int v : values) img.data()[i++] = static_cast<std::uint8_t>(v);
  return img;
}

TEST(Metrics, IdenticalImages) {
  const Image a = test::RandomImage(17, 13, PixelFormat::Rgba8, 1);
  const ImageMetrics m = CompareImages(a, a);
  EXPECT_EQ(m.max_abs, 0);
  EXPECT_EQ(m.mean_abs, 0);
  EXPECT_TRUE(std::isinf(m.psnr));
  EXPECT_EQ(m.mismatches, 0u);
  EXPECT_FALSE(m.first_mismatch);
}

TEST(Metrics, HandComputedGray) {
  // Differences 0, 2, 0, 4 -> max 4, mean 1.5, MSE (4 + 16) / 4 = 5, PSNR = 10 log10(255^2 / 5).
  const Image a = Gray(2, 2, {10, 20, 30, 40});
  const Image b = Gray(2, 2, {10, 22, 30, 36});
  const ImageMetrics m = CompareImages(a, b);
  EXPECT_EQ(m.max_abs, 4);
  EXPECT_DOUBLE_EQ(m.mean_abs, 1.5);
  EXPECT_NEAR(m.psnr, 10 * std::log10(255.0 * 255.0 / 5.0), 1e-9);
  EXPECT_EQ(m.mismatches, 2u);
  EXPECT_DOUBLE_EQ(m.mismatch_pct, 50.0);
  ASSERT_TRUE(m.first_mismatch);
  EXPECT_EQ(*m.first_mismatch, std::make_pair(1, 0));
}

TEST(Metrics, ToleranceAndRgbaPixelsCountOnce) {
  Image a(3, 1, PixelFormat::Rgba8), b(3, 1, PixelFormat::Rgba8);
  b.data()[4] = 1;  // pixel 1, red, off by 1
  b.data()[8] = 5;  // pixel 2, red, off by 5
  b.data()[9] = 5;  // pixel 2, green, off by 5: still one pixel
  EXPECT_EQ(CompareImages(a, b).mismatches, 2u);
  const ImageMetrics m = CompareImages(a, b, 1.0);
  EXPECT_EQ(m.mismatches, 1u);
  EXPECT_EQ(*m.first_mismatch, std::make_pair(2, 0));
}

TEST(Metrics, NanIsAMismatch) {
  Image a(2, 1, PixelFormat::Gray32f), b(2, 1, PixelFormat::Gray32f);
  b.Row<float>(0)[1] = NAN;
  const ImageMetrics m = CompareImages(a, b, 0.5);
  EXPECT_EQ(m.mismatches, 1u);
  EXPECT_TRUE(std::isinf(m.max_abs));
}

TEST(Metrics, DifferentShapesAreAnError) {
  EXPECT_THROW(CompareImages(Image(2, 2, PixelFormat::Gray8), Image(2, 3, PixelFormat::Gray8)), InputError);
  EXPECT_THROW(CompareImages(Image(2, 2, PixelFormat::Gray8), Image(2, 2, PixelFormat::Rgba8)), InputError);
}

TEST(Metrics, HeatMapIsBlackWhereEqualAndWhiteAtFullDifference) {
  const Image a = Gray(3, 1, {0, 0, 0});
  const Image b = Gray(3, 1, {0, 255, 85});
  const Image h = DifferenceHeatMap(a, b);
  ASSERT_EQ(h.format(), PixelFormat::Rgba8);
  const std::uint8_t* p = h.data();
  EXPECT_EQ(p[0] + p[1] + p[2], 0);                     // equal: black
  EXPECT_EQ(p[4] & p[5] & p[6], 255);                   // full difference: white
  EXPECT_EQ(p[8], 255);                                 // a third: full red ...
  EXPECT_EQ(p[9], 0);                                   // ... no green yet
  EXPECT_EQ(DifferenceHeatMap(a, b, 3.0).data()[9], 255);  // gain 3 takes a third to yellow
}

// `filterlab compare` end to end on the CPU backend.
static int RunFilterlab(const std::string& args) {
  const int rc = std::system((std::string(FILTERLAB_EXE) + " " + args + " >/dev/null 2>&1").c_str());
  return WEXITSTATUS(rc);
}

TEST(CompareCommand, WritesMetricsJsonAndHeatMap) {
  const std::string dir = testing::TempDir();
  const std::string json = dir + "/cmp.json", diff = dir + "/diff.png";
  std::remove(json.c_str());
  ASSERT_EQ(RunFilterlab("compare --input " + test::AssetPath("astronaut.png") +
                " --a gray --a gauss3:variant=reference --b gray --b dilate3:variant=reference --backend cpu --json " +
                json + " --diff " + diff),
            0);
  std::ifstream f(json);
  ASSERT_TRUE(f);
  const auto j = nlohmann::json::parse(f);
  for (const char* key : {"max_abs", "mean_abs", "psnr", "mismatches", "mismatch_pct", "a_ms", "b_ms"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_GT(j["mismatches"].get<double>(), 0);
  const Image heat = LoadImage(diff);
  EXPECT_EQ(heat.width(), 512);
  EXPECT_EQ(heat.format(), PixelFormat::Rgba8);
}

TEST(CompareCommand, IdenticalChainsHaveNoMismatch) {
  const std::string json = testing::TempDir() + "/same.json";
  ASSERT_EQ(RunFilterlab("compare --input " + test::AssetPath("camera.png") +
                " --a gray:variant=reference --b gray:variant=openmp --backend cpu --json " + json),
            0);
  std::ifstream f(json);
  const auto j = nlohmann::json::parse(f);
  EXPECT_EQ(j["mismatches"].get<int>(), 0);
  EXPECT_TRUE(j["psnr"].is_null());  // infinite
}

TEST(CompareCommand, ShapeMismatchIsAnInputError) {
  // gray8 against rgba8 output: exit 2 with a clear message.
  EXPECT_EQ(RunFilterlab("compare --input " + test::AssetPath("astronaut.png") +
                " --a gray --b gauss3:variant=reference --backend cpu"),
            2);
}

}  // namespace fl
