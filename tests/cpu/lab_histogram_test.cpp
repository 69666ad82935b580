// The histogram lab's CPU side: exact counts for hand-made images (gray8, rgba8, padded rows), the OpenMP
// twin, and the lab run (generated patterns, JSON shape) on the CPU backend.
#include <gtest/gtest.h>

#include <numeric>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/histogram_cpu.hpp"

namespace fl {
namespace {

using labs::HistogramOpenmp;
using labs::HistogramReference;
using Bins = std::vector<std::uint64_t>;

Image Gray(int w, int h, const std::vector<std::uint8_t>& bytes) {
  Image img(w, h, PixelFormat::Gray8);
  std::copy(bytes.begin(), bytes.end(), img.data());
  return img;
}

TEST(HistogramReference, CountsEveryGrayValue) {
  const Image img = Gray(3, 2, {0, 255, 7, 7, 7, 200});
  Bins want(256, 0);
  want[0] = 1;
  want[7] = 3;
  want[200] = 1;
  want[255] = 1;
  EXPECT_EQ(HistogramReference(img.View()), want);
  EXPECT_EQ(HistogramOpenmp(img.View()), want);
}

TEST(HistogramReference, CountsEachRgbaChannelSeparately) {
  Image img(2, 1, PixelFormat::Rgba8);
  const std::uint8_t px[] = {1, 2, 3, 4, 1, 9, 3, 255};
  std::copy(std::begin(px), std::end(px), img.data());
  Bins want(4 * 256, 0);
  want[0 * 256 + 1] = 2;
  want[1 * 256 + 2] = 1;
  want[1 * 256 + 9] = 1;
  want[2 * 256 + 3] = 2;
  want[3 * 256 + 4] = 1;
  want[3 * 256 + 255] = 1;
  const Bins got = HistogramReference(img.View());
  EXPECT_EQ(got, want);
  EXPECT_EQ(HistogramOpenmp(img.View()), want);
  Bins alpha(256, 0);
  alpha[4] = 1;
  alpha[255] = 1;
  EXPECT_EQ(labs::ChannelBins(got, 3), alpha);
  Bins all(256, 0);
  all[1] = 2, all[2] = 1, all[9] = 1, all[3] = 2, all[4] = 1, all[255] = 1;
  EXPECT_EQ(labs::AllChannelBins(got), all);
}

TEST(HistogramReference, IgnoresRowPadding) {
  // A view with 3 bytes of 99 after every 2-pixel row: the padding is not part of the image.
  const std::vector<std::uint8_t> rows = {5, 6, 99, 99, 99, 5, 8, 99, 99, 99};
  const ImageView view{rows.data(), {2, 2, PixelFormat::Gray8}, 5};
  Bins want(256, 0);
  want[5] = 2;
  want[6] = 1;
  want[8] = 1;
  EXPECT_EQ(HistogramReference(view), want);
  EXPECT_EQ(HistogramOpenmp(view), want);
}

TEST(HistogramReference, OpenmpEqualsReferenceOnRandomImages) {
  for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
    const Image img = test::RandomImage(137, 91, f, 7);
    const Bins ref = HistogramReference(img.View());
    EXPECT_EQ(HistogramOpenmp(img.View()), ref);
    EXPECT_EQ(std::accumulate(ref.begin(), ref.end(), std::uint64_t{0}), img.bytes());
  }
}

LabResult RunCpu(const std::string& lab, int size, const std::string& pattern, const std::string& format,
                 const Image* input = nullptr) {
  LabRequest r;
  r.size = size;
  r.repeat = 2;
  r.input = input;
  r.params.Set("pattern", pattern);
  r.params.Set("format", format);
  return RunLab(GetLab(lab), CheckedLabRequest(GetLab(lab), r));
}

TEST(HistogramLab, ConstantImageFillsOneBin) {
  const LabResult res = RunCpu("histogram", 16, "constant", "gray8");
  const auto& d = res.data;
  EXPECT_EQ(d.at("lab"), "histogram");
  EXPECT_EQ(d.at("backend"), "cpu");
  EXPECT_EQ(d.at("size"), 16);
  ASSERT_EQ(d.at("bins").size(), 256u);
  EXPECT_EQ(d["bins"][128], 256);
  ASSERT_EQ(d.at("channels").size(), 1u);
  EXPECT_EQ(d["channels"][0], d["bins"]);
  ASSERT_EQ(d.at("variants").size(), 2u);  // reference and openmp
  for (const auto& v : d["variants"]) {
    EXPECT_TRUE(v.at("matches_reference").get<bool>()) << v;
    EXPECT_GE(v.at("ms").get<double>(), 0.0);
  }
  EXPECT_FALSE(res.lines.empty());
  ASSERT_EQ(res.pictures.size(), 1u);
  EXPECT_EQ(res.pictures[0].image.width(), 256);
}

TEST(HistogramLab, RgbaReportsFourChannelsAndTheirSum) {
  const LabResult res = RunCpu("histogram", 20, "noise", "rgba8");
  const auto& d = res.data;
  ASSERT_EQ(d.at("channels").size(), 4u);
  EXPECT_EQ(d.at("channel_names"), nlohmann::json({"r", "g", "b", "a"}));
  for (int v = 0; v < 256; ++v) {
    std::uint64_t sum = 0;
    for (int c = 0; c < 4; ++c) sum += d["channels"][c][v].get<std::uint64_t>();
    EXPECT_EQ(d["bins"][v].get<std::uint64_t>(), sum);
  }
  std::uint64_t total = 0;
  for (const auto& n : d["bins"]) total += n.get<std::uint64_t>();
  EXPECT_EQ(total, 20u * 20u * 4u);
}

TEST(HistogramLab, CountsTheGivenInput) {
  const Image img = Gray(3, 2, {0, 255, 7, 7, 7, 200});
  const LabResult res = RunCpu("histogram", 0, "natural", "gray8", &img);
  EXPECT_EQ(res.data.at("input"), "input");
  EXPECT_EQ(res.data.at("width"), 3);
  EXPECT_EQ(res.data["bins"][7], 3);
}

TEST(HistogramLab, StopsWhenCancelled) {
  const std::atomic<bool> cancel{true};
  const Image img = Gray(3, 2, {0, 255, 7, 7, 7, 200});
  LabRequest r;
  r.input = &img;
  r.cancel = &cancel;
  const LabSpec& lab = GetLab("histogram");
  try {
    RunLab(lab, CheckedLabRequest(lab, r));
    ADD_FAILURE() << "a cancelled run finished";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "cancelled");
  }
}

TEST(HistogramLab, RefusesAGray32fInput) {
  const Image img(4, 4, PixelFormat::Gray32f);
  EXPECT_THROW(RunCpu("histogram", 0, "natural", "gray8", &img), InputError);
}

}  // namespace
}  // namespace fl
